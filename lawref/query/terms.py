"""query.terms: glossary entries and the laws that use each term.

Functions of an open :class:`~lawref.library.Library` (``lib``), which hands
its public methods on to them; each reads the node store of the generation
``lib`` answers from.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from lawref import patterns as P
from lawref.errors import NotFound, UsageError
from lawref.i18n import N_, tr

if TYPE_CHECKING:
    from lawref.lang import glossary
    from lawref.library import Library

def glossary_entries(word: str) -> list[glossary.Term]:
    """Glossary entries for ``word``: a Russian word in any form (its
    lemma, by pymorphy3) or an English term; no corpus needed. Raises
    :class:`~lawref.errors.UsageError` for an empty word and
    :class:`~lawref.errors.NotFound` when the glossary has none."""
    # the glossary and morphology (pymorphy3): only ``term`` loads them
    from lawref.lang import glossary, morph

    if not word.strip():
        raise UsageError(N_("term needs a word"))
    lemmas = tuple(morph.lemma(w) for w in word.split()) if P.CYRILLIC.search(word) else ()
    entries = glossary.lookup(word, lemmas)
    if not entries:
        shown = word if len(word) <= 80 else word[:79] + "…"
        raise NotFound(N_("{word} is not in the glossary").format(word=repr(shown)))
    return entries


def term_entries(lib: Library, word: str) -> list[tuple[glossary.Term, list[tuple[str, int]]]]:
    """Glossary entries for ``word`` (see :meth:`terms`) with the laws
    that use each most (see :meth:`term_laws`). Raises
    :class:`~lawref.errors.UsageError` for an empty word and
    :class:`~lawref.errors.NotFound` when the glossary has none."""
    return [(t, lib.term_laws(t)) for t in glossary_entries(word)]


def terms(lib: Library, word: str) -> list[glossary.Term]:
    """Glossary entries for ``word``: a Russian word in any form (its
    lemma, by pymorphy3) or an English term; ``[]`` when none."""
    try:
        return glossary_entries(word)
    except (NotFound, UsageError):
        return []


def term_laws(lib: Library, term: glossary.Term) -> list[tuple[str, int]]:
    """``[(law cite, number of its nodes that use the term)]``, most first."""
    query = f'"{term.ru}"' if " " in term.ru else term.ru
    counts: dict[str, int] = {}
    for hit in lib._state.searcher().search(query, limit=1000):
        node = lib.store.node(hit.id)
        law = lib.law_of(node) if node is not None else None
        if law is None:
            key = tr("fragments without a law number")
        else:
            key = f"{law.doc}/{law.cite}" if law.doc != "laws" else str(law.cite)
        counts[key] = counts.get(key, 0) + 1
    return sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))
