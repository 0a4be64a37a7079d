"""cli_read: the commands that read a built corpus (search, show, toc, refs, link, resolve, term)."""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Any

import click

from lawref import terminal, usecases
from lawref.cite import latin, law_of, parse_cite
from lawref.clikit import (
    _AS_JSON,
    _CITED_EDITION,
    _DOC,
    _EDITION,
    MORE_COUNTED,
    _command_at,
    _Ctx,
    _globals_first,
    _hit_lines,
    _json,
    _lines,
    _read,
    _say,
    _text,
    fail,
    more_line,
)
from lawref.errors import (
    EXIT_OK,
    LawrefError,
    NotFound,
    UsageError,
)
from lawref.export import json as J
from lawref.export import text as T
from lawref.i18n import retell, tr
from lawref.library import Library
from lawref.model import Node, Ref
from lawref.query import opening
from lawref.query import pages as q_pages
from lawref.query import shown as S
from lawref.query import source as q_source
from lawref.query import terms as q_terms
from lawref.usecases import OUTCOMES


@click.command()
@click.argument("words", metavar="QUERY", nargs=-1, required=True)
@click.option("--limit", type=click.IntRange(1, 1000), default=10, show_default=True, help="Most hits to print.")
@_DOC
@_AS_JSON
@click.option("--lang", type=click.Choice(["ru", "en", "any"]), default="any", show_default=True,
              help="Language of the query: en translates English bridge terms through the glossary.")
@click.pass_obj
def search(obj: _Ctx, words: tuple[str, ...], limit: int, doc: str | None, as_json: bool, lang: str) -> None:
    """Ranked search in any Russian word form, or in English bridge terms
    (revoke, dummy, adjusted score). Exit 1 when nothing is found.

    \b
    QUERY syntax:
      взятка фальшренонс   every word, in any form (AND); typos are corrected
      "ход вне очереди"    a phrase: the words together, in this order
      претензия OR уступка either word
      62B, правило 62B     a cite: that node first, then the nodes citing it
      62B фальшренонс      a cite and words: the cited node, then the words
      revoke, dummy        English bridge terms, through the glossary
                           (--lang en: as English first; --lang ru: as Russian only)"""

    query, lib = _text(" ".join(words)), obj.library()  # words need no quotes: взятка фальшренонс
    found = usecases.search(lib, query, limit=limit, doc=doc, lang=lang)
    for note in found.answer.notes():
        _say(f"lawref: {note}", err=True)
    if (gone := found.gone) is not None and found.outcome != usecases.Outcome.TITLE_ABSENT:
        _say(_gone_line(gone, found.by_title), err=True)
    titled = found.outcome == usecases.Outcome.TITLE_ABSENT and not as_json
    if titled and gone is not None:  # its line first, then the other laws its title names, then the hits
        fail_line = usecases.told(found.outcome, query=repr(query[:79]), cite=gone.cite, title=gone.title_en)
        _say(f"lawref: {retell(fail_line)}", err=True)
    for cite, title in found.also:  # «lead out of turn»: Laws 53, 54, 55, 56
        _say(tr("lawref: Law {cite} — {title} — not in this corpus").format(cite=cite, title=title), err=True)
    if as_json:
        _json(J.search_json(query, found.hits, found.answer, gone, found.also))
    else:
        _hit_lines(T.hit_lines(found.hits))
        if len(found.hits) == limit and sys.stdout.isatty():  # a person reads: say what the limit left out
            _say(more_line(usecases.counted(lib, query, MORE_COUNTED, doc=doc, lang=lang), limit))
    _ended(found.outcome, quiet=as_json or titled, query=repr(query[:79]), cite=gone.cite if gone else "",
           title=gone.title_en if gone else "")


def _gone_line(gone: usecases.Gone, by_title: bool) -> str:
    """What ``search`` says on stderr of the law or part of one it names that the corpus lacks."""
    if by_title:
        return tr("lawref: Law {cite} — {title} — not in this corpus").format(cite=gone.cite, title=gone.title_en)
    if gone.title_en is None:  # ``62Z``: the catalogue lists its law, not it
        said = tr("lawref: {cite} — not in this corpus, nor in lawref's catalogue of the edition (Law {law}, {title}); "
                  "the hits cite it, may hold its text (fragments), or are the nearest part of it the corpus has")
        return said.format(cite=gone.cite, law=law_of(gone.cite), title=gone.law_title_en)
    if gone.cite.isdigit():
        return tr("lawref: {cite} — not in this corpus: Law {cite}, {title}; the hits cite it, or are fragments "
                  "that may hold its text").format(cite=gone.cite, title=gone.title_en)
    return tr("lawref: {cite} — not in this corpus: Law {cite}, {title}; the hits cite it, may hold its text "
              "(fragments), or are the nearest part of it the corpus has").format(cite=gone.cite, title=gone.title_en)


def _ended(outcome: usecases.Outcome, *, quiet: bool = False, **fields: Any) -> None:
    """Exit as :data:`~lawref.usecases.OUTCOMES` says of ``outcome`` (nothing
    for ``FOUND``), its message on stderr first unless ``quiet`` (``--json``:
    the answer says it) or the answer itself says it."""
    rule = OUTCOMES[outcome]
    if rule.exit_code == EXIT_OK:
        return
    if rule.message and not quiet:
        fail(retell(usecases.told(outcome, **fields)), rule.exit_code)
    sys.exit(rule.exit_code)


def _complete_cite(ctx: click.Context, param: click.Parameter, incomplete: str) -> list[Any]:
    """Shell completion of a CITE (``lawref show 62<TAB>`` → 62, 62A, 62B):
    the cites of the built index that start with what was typed (``62в`` →
    ``62B``). It never builds: with no index there is nothing to offer."""
    from click.shell_completion import CompletionItem

    group, root = ctx.find_root().command, ctx.find_root().params
    if not isinstance(group, click.Group):
        return []
    try:
        corpus = root.get("corpus") or _completed_global("--corpus", group) or opening.default_corpus()
        index = root.get("index_dir") or _completed_global("--index", group) or opening.default_index(corpus)
        lib = Library.open(index, verify=False)
        try:
            found = lib.store.cites_from(latin(incomplete.strip()), limit=200)
        finally:
            lib.close()
    except (LawrefError, OSError, ValueError):
        return []
    return [CompletionItem(c) for c in found]


def _completed_global(option: str, group: click.Group) -> Path | None:
    """The value of a global ``option`` typed after the command in the line
    being completed (``lawref show 62 --index DIR``): click reads the
    group's options only before the command, and completion reads the
    shell's ``COMP_WORDS``, not the argv :func:`_globals_first` reorders."""
    from click.shell_completion import split_arg_string

    words = split_arg_string(os.environ.get("COMP_WORDS", ""))
    argv = _globals_first(words[1:], group)
    for k, word in enumerate(argv[: _command_at(argv, group) or 0]):
        if word == option and k + 1 < len(argv):
            return Path(argv[k + 1])
        if word.startswith(option + "="):
            return Path(word.split("=", 1)[1])
    return None


def _cites_alone(words: tuple[str, ...]) -> list[str]:
    """The words of ``show``'s command line that each read as a cite of their own (``62B 64``, ``62 64``),
    not as a part of the one before (``Law 43 B 2``, ``72A 5``: a subsection's one digit after a section)."""
    cites = []
    for k, word in enumerate(words):
        part = k > 0 and len(word) == 1 and word.isdigit() and words[k - 1][-1:].isalpha()
        if not part and (cite := parse_cite(word)) is not None:
            cites.append(cite)
    return cites


@click.command()
@click.argument("cite_words", metavar="[CITE]", nargs=-1, shell_complete=_complete_cite)
@_DOC
@click.option("--json", "as_json", is_flag=True, help="Print the node with nested children as JSON.")
@click.option("--source", "raw", is_flag=True, help="Print the raw lines the node came from instead.")
@click.option("--lang", type=click.Choice(["ru", "en", "both"]), default="ru", show_default=True,
              help="en: the English counterpart; both: side by side (same edition when there is one).")
@click.option("--page", type=click.IntRange(0, 99_999), help="Print the whole printed page N instead of a CITE.")
@click.option("--plain", is_flag=True, help="Only the law's own words and marks, for pasting into a ruling: no "
              "English titles, document line or reference lines.")
@click.option("--no-pager", is_flag=True, help="On a terminal, never page (by default text longer than the screen "
              "goes through $PAGER, else less -R).")
@_EDITION
@click.pass_obj
def show(obj: _Ctx, cite_words: tuple[str, ...], doc: str | None, as_json: bool, raw: bool, lang: str,
         page: int | None, plain: bool, no_pager: bool, edition: str | None) -> None:
    """Print a law, section or commentary paragraph with its children, or
    (--page N) every node the scrape kept of printed page N.

    CITE: 62, 62B, 62b, 62В, "правило 62B", "Law 62 B", 72A5, 43B2(a), 45.5,
    or a node id. A law the edition has but the corpus lacks prints its
    catalogue line (exit 1); so does --lang en for a node with no English
    text in the corpus, and --page for a page the scrape lost. A fragment
    ends with the nodes printed before and after it."""

    cite = " ".join(cite_words) or None  # «show Law 62 B» needs no quotes
    if cite is not None and page is not None:
        raise UsageError(tr("show takes a CITE or --page N, not both"))
    if cite is None and page is None:
        raise UsageError(tr("show needs a CITE or --page N (one of them)"))
    if len(alone := _cites_alone(cite_words)) > 1:  # «show 62B 64»: not 62B64
        raise UsageError(tr("show takes one CITE, not {count}: {cites} (show each in turn; a subsection is written "
                            "whole: 72A5)").format(count=len(alone), cites=", ".join(alone)))
    lib = obj.library()
    lib.check_doc(doc)
    if page is not None:
        on = lib.on_page(page, doc)
        if not on:
            raise NotFound(tr("page {page} is not in this corpus (the scrape kept pages {pages})").format(
                page=page, pages=lib.pages_kept(doc)))
        if raw:
            items = J.source_json(q_source.sources(lib, on))
            _json(items) if as_json else _lines(T.source_lines(items))
        else:
            if as_json:
                _json([J.tree_json(s) for s in S.page(lib, on, links=True)])
            else:
                _read(T.page_text(page, S.page(lib, on)), pager=not no_pager)
        return
    shown = usecases.show(lib, _text(str(cite)), doc=doc, edition=edition, lang=lang)
    if (gone := shown.absent) is not None:
        if as_json:
            _json(J.absent_json(gone.canonical, gone.edition, gone.entry, gone.fragments, gone.why, gone.law_title_en,
                                latin=gone.latin))
        else:
            _say(T.absent_line(gone.canonical, gone.entry, gone.fragments, gone.why,
                               [lib.label(f) for f in gone.fragments]))
        if gone.latin is not None:  # said where search shows it: 65D, not a bare «65E is not here»
            _say(tr("lawref: {typed} reads {cite} (its letter in alphabet order); as the Latin letter it spells, "
                    "{latin} is in this corpus: lawref show {latin}").format(typed=str(cite), cite=gone.canonical,
                                                                             latin=gone.latin), err=True)
        sys.exit(shown.outcome.exit_code)
    nodes = shown.nodes
    if raw:
        items = J.source_json(q_source.sources(lib, nodes))
        _json(items[0] if len(items) == 1 else items) if as_json else _lines(T.source_lines(items))
    elif as_json:
        _json(J.show_json(*S.first(lib, nodes, lang)))
    else:
        views, twins = S.show(lib, nodes, lang)
        pairs = T.both_pairs(views, twins, plain=plain) if lang == "both" and sys.stdout.isatty() else []
        width = terminal.screen()[0] if pairs else 0
        if pairs and width >= terminal.COLUMNS_FROM:  # a terminal wide enough: the two texts in two columns
            _read(terminal.columns(pairs, width), pager=not no_pager)
        else:
            _read(T.show_text(views, twins, lang, plain=plain), pager=not no_pager)
        _structure_said(lib, nodes)
    if not raw and shown.outcome.exit_code:
        sys.exit(shown.outcome.exit_code)  # no English text, only the catalogue title: as absent is


def _ref_ids(pairs: list[tuple[Node, Ref]]) -> list[str | None]:
    """The ids a list of references names: each citing node's and each target's."""
    return [i for n, r in pairs for i in (n.id, r.id)]


def _structure_said(lib: Library, nodes: list[Node]) -> None:
    """On stderr, a line for each structure warning of the build that touches
    what ``show`` printed (the text on stdout stays the law's)."""
    if not lib.structure:
        return
    for f in q_pages.structure_warnings(lib, nodes):
        _say(tr("lawref: structure warning, line {line} ({node}): {what}").format(
            line=f["line"], node=f["node"], what=retell(f["message"])), err=True)


@click.command()
@_DOC
@click.option("--law", metavar="CITE", help="Only this law (or section) and what it holds.")
@_AS_JSON
@click.pass_obj
def toc(obj: _Ctx, doc: str | None, law: str | None, as_json: bool) -> None:
    """What the corpus holds: chapters, laws, sections, commentary paragraphs
    and fragments, each with its English title, page and status (whole,
    lost pages, fragment), and the laws of the edition it lacks (absent;
    with --law, exit 1 as for show)."""

    lib = obj.library()
    listed = usecases.toc(lib, doc, _text(law) if law is not None else None)
    _json(J.toc_json(listed.entries)) if as_json else _lines(T.toc_lines(
        {d.id: d for d in lib.documents}, listed.entries))
    sys.exit(listed.outcome.exit_code)  # absent: the edition has it, the corpus does not, as show says it


@click.command()
@click.argument("cite", shell_complete=_complete_cite)
@click.option("--incoming", is_flag=True, help="Nodes that cite this one (backlinks) instead.")
@_DOC
@_AS_JSON
@click.pass_obj
def refs(obj: _Ctx, cite: str, incoming: bool, doc: str | None, as_json: bool) -> None:
    """References made by a node and its descendants, with their status;
    with --incoming, every node that cites it or its descendants."""

    cite, lib = _text(cite), obj.library()
    _, found = usecases.refs(lib, cite, incoming=incoming, doc=doc)
    if as_json:
        _json(J.refs_json(found, incoming))
    else:
        _lines(T.refs_lines(found, incoming, S.labels_of(lib, _ref_ids(found.pairs))))


@click.command()
@click.argument("citations", nargs=-1, required=True)
@_CITED_EDITION
@_AS_JSON
@click.pass_obj
def resolve(obj: _Ctx, citations: tuple[str, ...], edition: str | None, as_json: bool) -> None:
    """Resolve each CITATION ("Law 62B", "правило 81C8", 45.5) to the node it
    names in one edition: status, node id and edition (a line for each cite
    of a list or range: "правила 70 или 71"). Exit 1 when one does not
    resolve exactly."""

    found = usecases.resolve(obj.library(), [_text(c) for c in citations], edition)
    if as_json:
        _json(J.resolve_json(found.answers, found.elsewhere))
    else:
        _lines(T.resolve_lines(found.answers, found.elsewhere))
    sys.exit(found.outcome.exit_code)  # the lines say which did not resolve exactly


@click.command()
@click.argument("cite")
@click.option("--from", "from_edition", metavar="EDITION",
              help="The edition CITE is of (default: the corpus's default edition when its catalogue lists CITE, "
                   "else the newest edition of the corpus, then of any, whose catalogue does).")
@click.option("--to", "to_edition", metavar="EDITION", help="Only this edition (default: every other one).")
@_AS_JSON
@click.pass_obj
def compare(obj: _Ctx, cite: str, from_edition: str | None, to_edition: str | None, as_json: bool) -> None:
    """What became of CITE in the other editions (1997, 2007, 2017): each
    counterpart with its relation (same, reworded, renumbered, moved, …),
    whether a source checked it, and the source (lawref's concordance);
    both texts when the corpus holds them, and a word-by-word diff when
    they are in one language. Exit 1 when no counterpart is known."""
    lib = obj.library()
    outcome, found = usecases.compare(lib, _text(cite), from_edition, to_edition)
    if from_edition is None and found.edition != lib.edition() and not as_json:  # «compare 46B»: not the corpus's
        _say(tr("lawref: {cite} read as a {edition} cite: lawref's catalogue of {corpus} does not list it "
                "(--from {corpus} asks that edition)").format(cite=found.cite, edition=found.edition,
                                                                corpus=lib.edition()), err=True)
    if as_json:
        _json(J.compare_json(found))
    else:
        ids = [i for i in [found.id, *(k.id for k in found.counterparts)] if i is not None]
        nodes = {i: lib.by_id[i] for i in ids if i in lib.by_id}
        views = {i: S.view(lib, n) for i, n in nodes.items()}
        langs = {i: getattr(lib.document(n.doc), "lang", None) for i, n in nodes.items()}
        same = len({langs[i] for i in nodes}) == 1
        texts = {i: " ".join(x.text for _, x in lib.subtree(n)) for i, n in nodes.items()} if same else {}
        _lines(T.compare_lines(found, views, texts))
    sys.exit(outcome.exit_code)  # no counterpart: the lines say it


@click.command()
@_AS_JSON
@click.pass_obj
def check(obj: _Ctx, as_json: bool) -> None:
    """Dangling links: every citation in the corpus that does not resolve
    exactly, grouped by status (partial, absent, invalid)."""

    lib = obj.library()
    groups = lib.dangling()
    if as_json:
        _json(J.check_json(groups))
    else:
        _lines(T.check_lines(groups, S.labels_of(lib, [i for p in groups.values() for i in _ref_ids(p)])))


@click.command()
@click.argument("word")
@_AS_JSON
@click.pass_obj
def term(obj: _Ctx, word: str, as_json: bool) -> None:
    """A glossary entry (Russian in any form, or English) and the laws that use it most."""

    word = _text(word)
    try:
        lib = obj.library()
    except LawrefError as exc:  # the glossary needs no corpus: answer from it alone, and say why no counts
        _say(tr("lawref: {error}; the glossary alone answers (no laws counted)").format(error=exc), err=True)
        lib = None
    entries = lib.term_entries(word) if lib is not None else _glossary_only(word)
    _json(J.term_json(word, entries)) if as_json else _lines(T.term_lines(entries))


def _glossary_only(word: str) -> list[Any]:
    """:meth:`Library.term_entries` without a corpus: each entry, no laws."""
    return [(t, []) for t in q_terms.glossary_entries(word)]
