"""query.link: citations found in other tools' text and resolved within an edition.

Functions of an open :class:`~lawref.library.Library` (``lib``), which hands
its public methods on to them; each reads the node store of the generation
``lib`` answers from.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator
from dataclasses import replace
from typing import TYPE_CHECKING

from lawref import model
from lawref import patterns as P
from lawref.cite import (
    KEEP_BEFORE,
    citing_lang,
    find_citations,
    find_in_contexts,
    given_alone,
    next_cut,
    normalise_cite,
)
from lawref.errors import CiteError
from lawref.model import Node, Status
from lawref.query.editions import edition_in

if TYPE_CHECKING:
    from lawref.citations import Citation, Linked, Target
    from lawref.library import Library
    from lawref.query.generation import State

def _first_run(text: str, found: list[Linked]) -> list[Linked]:
    """The first citation of ``found`` and those listed on after it
    (``правила 70 или 71``: ``70`` and ``71``, only a list word between;
    ``п. 45.7–45.9``: a range's dash)."""
    run = found[:1]
    for item in found[1:]:
        between = text[run[-1].citation.end : item.citation.start]
        if not (re.fullmatch(P.LIST_SEP, between) or re.fullmatch(P.RANGE_SEP, between)):
            break
        run.append(item)
    return run


def link(lib: Library, text: str, edition: str | None = None) -> list[Linked]:
    """Citations in free ``text`` (any language of the grammar), resolved
    against this corpus within one edition (``edition``, else
    :meth:`default_edition`; documents in the citation's language
    first), each target naming it. Offsets are code-point offsets into
    ``text``, end-exclusive; ``text[c.start:c.end] == c.text``. Raises
    :class:`UsageError` for an edition no document has, and
    :class:`TypeError` for ``text`` that is not a ``str`` (bytes are
    decoded by the caller, who knows their codec). Relative references
    (``пункту 1``) need a node and are not taken."""
    if not isinstance(text, str):
        raise TypeError(f"link takes text (str), not {type(text).__name__}: decode it first, e.g. data.decode('utf-8')")
    return _resolved(lib, find_citations(text, relative=False), edition)


#: A letter of a citing word — not a section letter after a law's number (``17Е``, ``62B``) nor an item's (``(b)``).
def _resolved(lib: Library, found: Iterable[Citation], edition: str | None) -> list[Linked]:
    """``found`` citations resolved within ``edition`` (as :meth:`link`);
    with none asked, each within the edition of its citing word's language
    (:func:`lawref.query.editions.edition_in`), a list's bare member
    (``71`` of «правила 70 или 71») in its list's, a bare cite in the
    default edition."""
    chosen = lib.pick_edition(edition)
    out, lang = [], None
    by_lang: dict[str, str | None] = {}  # worked out once a piece: a stream asks it for every citation
    for c in found:
        lang = citing_lang(c.text) or lang
        if edition is None and lang is not None and lang not in by_lang:
            by_lang[lang] = edition_in(lib, lang)
        within = chosen if edition is not None or lang is None else by_lang[lang]
        out.append(model.Linked(c, tuple(lib.resolver.targets(c, edition=within, lang=lang))))
    return out


def link_stream(lib: Library, read: Callable[[int], str], *, block: int = 1 << 16, edition: str | None = None
                ) -> Iterator[tuple[int, str, list[Linked]]]:
    """Citations in a text read piece by piece with ``read(n)`` (a text
    stream's ``read``), resolved: yields ``(offset, piece, linked)`` in
    order, where ``piece`` is the next stretch of the input, ``offset``
    its code-point offset in the whole input and ``linked`` its
    citations with offsets into the whole input. Pieces end where the
    whole text's contexts end (:func:`lawref.cite.next_cut`: places that
    are the same whatever was read before, and that no citation
    crosses), and each piece's citations are read in those contexts, so
    the result is what :meth:`link` gives on the whole text for any
    ``block``; memory stays within a few ``block``s and
    :data:`~lawref.cite.HARD_CUT` code points whatever the input's size.
    Raises what ``read`` raises (``UnicodeDecodeError`` for bad input)."""
    lib.pick_edition(edition)  # a bad edition fails before any input is read
    state = lib.follow()  # the whole stream is linked against one generation
    offset, kept, carry, scanned = 0, "", "", 0
    while True:
        more = read(block)
        text, base = kept + carry + more, len(kept)
        spans: list[tuple[int, int]] = []
        start = base
        while True:
            cut, scanned = next_cut(text, start, final=not more, scanned=scanned)
            if cut is None:
                break
            spans.append((start, cut))
            start = cut
        if spans:
            shift = offset - base
            cites = [replace(c, start=c.start + shift, end=c.end + shift)
                     for c in find_in_contexts(text, spans, relative=False)]
            yield offset, text[base:start], _resolved_on(lib, state, cites, edition)
            offset += start - base
            kept, carry = text[max(0, start - KEEP_BEFORE) : start], text[start:]
            scanned = max(0, scanned - (start - len(kept)))
        else:
            carry = text[base:]
        if not more:
            return


def _resolved_on(lib: Library, state: State, found: list[Citation], edition: str | None) -> list[Linked]:
    """:meth:`_resolved` answered from ``state`` (the generation a stream started on)."""
    lib._pin.state = state
    try:
        return _resolved(lib, found, edition)
    finally:
        lib._pin.state = None


def resolve(lib: Library, text: str, edition: str | None = None) -> Node | None:
    """The node a citation or cite names when it resolves ``exact``
    (``"правило 62B"``, ``"Law 62B"``, ``"62В"``, ``"п. 45.5"``) in
    ``edition`` (default: :meth:`default_edition`), else None."""
    target = lib.resolve_target(text, edition)
    return lib.store.node(target.id) if target and target.status == Status.EXACT and target.id else None


def resolve_target(lib: Library, text: str, edition: str | None = None) -> Target | None:
    """The first of :meth:`resolve_targets` (``None``: no citation)."""
    found = lib.resolve_targets(text, edition)
    return found[0] if found else None


def resolve_targets(lib: Library, text: str, edition: str | None = None) -> list[Target]:
    """The targets of a cite, or of every cite of the first citation in
    ``text`` (``правила 70 или 71`` → 70 and 71; ``62A–C`` → three),
    resolved within ``edition`` (default: :meth:`default_edition`;
    documents in the language the citation is written in first); ``[]``
    when ``text`` holds no citation. Raises :class:`UsageError` for an
    edition no document has."""
    chosen = lib.pick_edition(edition)
    try:
        cite = normalise_cite(text)
    except CiteError:
        found = given_alone(text) or find_citations(text, relative=False)  # ``61―64``; ``см. правило 62B выше``
        return [t for item in _first_run(text, _resolved(lib, found, edition)) for t in item.targets]
    lang = "ru" if P.CYRILLIC.search(text) else "en" if P.LATIN_LETTER.search(text) else None
    said = citing_lang(text)
    within = chosen if edition is not None or said is None else edition_in(lib, said)
    return [lib.resolver.resolve_cite(cite, "commentary" if "." in cite else "law", edition=within, lang=lang)]
