"""words: the words lawref prints around law text — one home, one rule (issue 25).

Every word here is an English message of the gettext catalogue
(``lawref/locale/ru/LC_MESSAGES/lawref.po`` tells it in Russian), under a
key the writers use: ``words(lang)["lost-after"]``. The rule of which
language speaks:

* what lawref says **to the user** — ``show``, ``toc``, the notes of a
  search — is told in the user's language (:func:`lawref.i18n.ui_language`,
  ``--ui``);
* words printed **inside a law document** — an export (txt, md, the HTML
  site, ``lawref serve``'s reader), ``show --plain`` (pasted into a ruling),
  a link's tooltip in the language of the citation — are told in the
  document's language.

Messages lawref stores in the build report are told by
:func:`lawref.i18n.retell`, in the user's language, as everything else it
says to the user.
"""

from __future__ import annotations

from functools import cache

from lawref.i18n import N_, tr_in

__all__ = ["WORDS", "relation", "words"]

#: Every word, by key, as the catalogue's English message.
WORDS: dict[str, str] = {
    # around a node's text (show, the exports)
    "law": N_("Law"),
    "fragment-head": N_("its law's number was lost"),
    "inferred": N_("law number inferred: its heading was lost"),
    "lost-start": N_("the beginning is lost: no"),
    "lost-end": N_("the rest is lost: no"),
    "variant": N_("variant {k} of {n}"),
    "fragment": N_("fragment"),
    "page": N_("p."),
    "lost-before": N_("[the beginning is on a page the scan lacks]"),
    "lost-after": N_("[the text breaks off: it goes on on a page the scan lacks]"),
    "goes-on": N_("[the law may go on: the page after its last line is one the scan lacks]"),
    "gap": N_("[gap: one file of the scan ends here and another begins]"),
    "see-also": N_("See also"),
    "cited-by": N_("Cited by"),
    "only": N_("only {cite} in the corpus"),
    "absent": N_("not in the corpus"),
    "invalid": N_("no such law"),
    "nearby": N_("Nearby"),
    "before-it": N_("before it"),
    "after-it": N_("after it"),
    "edition": N_("edition as labelled"),
    # the HTML site and the server's reader
    "contents": N_("Contents"),
    "search": N_("Search"),
    "search-hint": N_("word, phrase or law (62B)"),
    "prev": N_("Previous"),
    "next": N_("Next"),
    "commentary": N_("Commentary"),
    "footnotes": N_("Footnotes"),
    "no-text": N_("no text of this law in the corpus"),
    "nothing": N_("nothing found"),
    "start": N_("Start"),
    "orphans": N_("Fragments: their law's number was lost"),
    "only-export": N_("not in this export"),
    # what became of a law or section in another edition (lawref/data/concordance.tsv; --json keeps the term)
    "relation-same": N_("same"),
    "relation-reworded": N_("reworded"),
    "relation-renumbered": N_("renumbered"),
    "relation-moved": N_("moved"),
    "relation-split": N_("split"),
    "relation-merged": N_("merged"),
    "relation-new": N_("new"),
    "relation-removed": N_("removed"),
    "relation-unknown": N_("unknown"),
    # a citation's status, as a link's tooltip says it (link --format html|md)
    "in-corpus": N_("in the corpus"),
    "part-in-corpus": N_("only a part of it in the corpus"),
    # how a citation was read, as a link's tooltip and link --format text say it
    "read-alphabet": N_("Cyrillic letters read in alphabet order (А, Б, В, Г, Д = A, B, C, D, E …)"),
    "read-mixed": N_("both readings in this text: the letter is in doubt"),
    "not-read": N_("not read"),
}


def relation(word: str, lang: str) -> str:
    """A concordance relation (``renumbered``) told in ``lang``; a word
    lawref does not know as it is."""
    return words(lang).get(f"relation-{word}", word)


@cache
def words(lang: str) -> dict[str, str]:
    """Every word of :data:`WORDS` told in ``lang`` (``ru``; anything else: English)."""
    return {key: tr_in(lang, message) for key, message in WORDS.items()}
