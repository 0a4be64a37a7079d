"""cite: what a cite is, in one place — canonical cites and the citation grammar.

A canonical cite names a node in any document: law ``62``, section ``62B``,
subsection ``72A5``, item ``43B2(a)``, sub-item ``25B2(b)(1)``, commentary
paragraph ``45.5``. Section letters are Latin capitals (a label printed with a
Cyrillic look-alike, 004:13 ``47Е``, gets the Latin cite ``47E``), item letters
Latin lowercase. Every other module asks this one: :func:`normalise_cite`
(a cite given alone), :func:`find_citations` (citations in text),
:func:`query_cites` (a query that is nothing but a citation), :func:`latin`
(a printed label), :func:`fold_token` (a cite-like word in the index). The
patterns are in :mod:`lawref.patterns`, each with its seed example.
"""

from __future__ import annotations

import re
from dataclasses import replace

from lawref import patterns as P
from lawref.errors import CiteError
from lawref.model import Citation

__all__ = ["MAX_MEMBERS", "MAX_RANGE_LAW", "Citation", "find_citations", "fold_token", "forced_cut", "latin",
           "law_of", "normalise_cite", "query_cites", "safe_cut"]

#: The highest law number a range may reach (the Laws have 93): ``правило 5 - 1997 года`` is no range.
MAX_RANGE_LAW = 100
#: Cites one run of a list may expand to; the rest is left unlinked and the
#: last citation is marked ``truncated``.
MAX_MEMBERS = 100


def latin(label: str) -> str:
    """Letters printed with Cyrillic look-alikes → Latin (``В`` → ``B``,
    ``47Е`` → ``47E``); other characters unchanged."""
    return label.translate(P.LOOKALIKES)


def fold_token(folded: str) -> str:
    """A lowercase word as the index keeps it: in a word with digits
    (a cite such as ``62в``) Cyrillic look-alikes become Latin (``62b``), so
    ``62В`` and ``62B`` are one term."""
    return latin(folded) if P.DIGIT.search(folded) else folded


def normalise_cite(text: str) -> str:
    """Canonical cite of ``text``.

    ``"62b"``, ``"62В"`` (Cyrillic), ``"правило 62B"``, ``"Law 62 B"`` →
    ``"62B"``; ``"43 B 2 (A)"`` → ``"43B2(a)"``; ``"п. 45.5."`` → ``"45.5"``.
    Raises :class:`~lawref.errors.CiteError` for anything else (``"abc"``,
    ``""``); its message shows at most 40 characters of ``text``."""
    s = P.CITE_PREFIX.sub("", text.strip())
    s = P.DIGIT_GAP.sub("#", s)  # ``72 5`` is not ``725``
    s = latin(P.SPACES.sub("", s))
    m = P.COMMENTARY_CITE.match(s)
    if m:
        return f"{int(m['law'])}.{int(m['num'])}"
    m = P.LAW_CITE.match(s)
    shown = text if len(text) <= 40 else text[:39] + "…"
    if not m:
        raise CiteError(f"not a law cite: {shown!r} (try 62, 62B, 72A5, 43B2(a) or 45.5)")
    section = (m["section"] or "").upper()
    if m["sub"] and not section:
        raise CiteError(f"not a law cite: {shown!r} (a subsection needs its section letter, e.g. 72A5)")
    return f"{int(m['law'])}{section}{m['sub'] or ''}{m['items'].lower()}"


def law_of(cite: str) -> int:
    """Law number of a canonical cite: ``"43B2(a)"`` → 43, ``"45.5"`` → 45.
    Raises :class:`~lawref.errors.CiteError` when it starts with no number."""
    m = P.LEADING_NUMBER.match(cite)
    if not m:
        raise CiteError(f"not a canonical cite: {cite!r}")
    return int(m.group())


def is_cite_like(query: str) -> bool:
    """True when a stripped ``query`` has the shape of a cite (``62B``,
    ``45.5``, ``43B2(a)``): a law number and cite characters only."""
    return bool(P.CITE_LIKE.fullmatch(query.strip()))


def query_cites(query: str) -> list[str]:
    """The canonical cites a query names when it is nothing but a cite or a
    citation (``62B``, ``(62B)``, ``правило 62B``, ``Law 62 B``, ``Laws 61 to
    64``): its punctuation ignored, or citations covering 80% of it. ``[]``
    for any other query. Never raises."""
    bare = query.strip().strip(".,;:!?()[]{}\"'«» ")
    if not bare:
        return []
    try:
        return [normalise_cite(bare)]
    except CiteError:
        pass
    found = find_citations(query, relative=False)
    covered = sum(c.end - c.start for c in found)
    if found and covered >= 0.8 * len(query.strip()):
        return list(dict.fromkeys(c for item in found for c in item.cites))
    return []


# -- cutting a long text into pieces that are searched apart --------------------------


def safe_cut(text: str, lo: int) -> int | None:
    """An offset in ``text`` at or after ``lo`` where it may be cut into two
    pieces searched apart without losing or changing a citation: after a
    blank line if there is one, else after a line break (or, in text without
    any, a space) that no citation can continue across
    (:data:`~lawref.patterns.OPEN_END`); ``None`` when there is none.
    Code-point offset."""
    blank = text.rfind("\n\n", lo)
    if blank >= 0:
        return blank + 2
    for sep in ("\n", " "):
        at = len(text)
        while (at := text.rfind(sep, lo, at)) >= 0:
            if not P.OPEN_END.search(text[max(0, at - 40) : at]):
                return at + 1
    return None


def forced_cut(text: str, lo: int) -> int:
    """Where to cut ``text`` (at or after ``lo``) when :func:`safe_cut` finds
    no safe place: before the last citation that starts a new run (a law
    word, ``п.``) so it is read whole in the next piece; else at the last
    space (inside an endless list, whose cites past :data:`MAX_MEMBERS` are
    not linked anyway); else at the end."""
    starts = [m.start() for rx in (P.LAW_CITATION, P.COMMENTARY_CITATION) for m in rx.finditer(text, lo)]
    if starts and max(starts) > lo:
        return max(starts)
    space = text.rfind(" ", lo)
    return space + 1 if space >= lo else len(text)


# -- the citation grammar ----------------------------------------------------------


def _token_cite(token: str, law: str | None) -> str | None:
    token = latin(token)
    if token[:1].isdigit():
        return normalise_cite(token)
    return normalise_cite(f"{law}{token}") if law else None


def _split_run(text: str, base: int, prefix_start: int) -> list[Citation]:
    """Split a run of cites into citations: one per listed cite, one per
    range; at most :data:`MAX_MEMBERS` cites in all (the last citation is
    then marked ``truncated``)."""
    m = P.CITE_RUN.match(text, base)
    assert m is not None
    first = m.group("first")
    law = str(law_of(first))
    head = text[prefix_start : m.end("first")]
    out = [Citation(prefix_start, m.end("first"), head, (normalise_cite(latin(first)),))]
    members = 1
    for piece in P.CITE_PIECE.finditer(text, m.end("first"), m.end()):
        tok = piece.group("tok")
        if tok.isalpha() and not P.HAS_SECTION.search(out[-1].cites[-1]):
            break  # ``правило 64 и B`` names no section B of 64
        cite = _token_cite(tok, law)
        if cite is None:
            break
        if P.RANGE_MARK.search(piece.group("sep")) and tok.isdigit() and out[-1].cites[-1].isdigit():
            lo, hi = int(out[-1].cites[-1]), int(tok)
            if not lo < hi <= MAX_RANGE_LAW:
                break
            prev = out.pop()
            more = tuple(str(n) for n in range(lo + 1, hi + 1))[: MAX_MEMBERS - members]
            members += len(more)
            out.append(Citation(prev.start, piece.end(), text[prev.start : piece.end()], prev.cites + more,
                                truncated=len(more) < hi - lo))
            if members >= MAX_MEMBERS:
                break
            continue
        if members >= MAX_MEMBERS:
            out[-1] = replace(out[-1], truncated=True)
            break
        law = str(law_of(cite))
        out.append(Citation(piece.start("tok"), piece.end("tok"), tok, (cite,)))
        members += 1
    return out


def find_citations(text: str, *, commentary: bool = False, relative: bool = True) -> list[Citation]:
    """Every citation in ``text``, in order of their start.

    ``commentary``: also take bare paragraph numbers (``45.3.``), as inside a
    commentary. ``relative``: also take relative references (``пункту 1``,
    ``(B1)``), which only make sense inside a node. Never raises; offsets are
    code-point offsets into ``text``, end-exclusive."""
    found: list[Citation] = []
    for m in P.LAW_CITATION.finditer(text):
        if P.CITE_RUN.match(text, m.end()):
            found.extend(_split_run(text, m.end(), m.start()))
    for m in P.COMMENTARY_CITATION.finditer(text):
        found.append(Citation(m.start(), m.end(), m.group(), (normalise_cite(m.group("c")),), "commentary"))
        end = m.end()
        while more := P.COMMENTARY_MORE.match(text, end):
            found.append(Citation(more.start("c"), more.end(), text[more.start("c") : more.end()],
                                  (normalise_cite(more.group("c")),), "commentary"))
            end = more.end()
    if commentary:
        for m in P.BARE_COMMENTARY.finditer(text):
            if m.start() > 0:
                found.append(Citation(m.start(), m.end(), m.group(), (normalise_cite(m.group("c")),), "commentary"))
    if relative:
        for m in P.RELATIVE_POINT.finditer(text):
            found.append(Citation(m.start(), m.end(), m.group(), (m.group("n"),), "relative"))
        for m in P.RELATIVE_ITEM.finditer(text):
            cites = (f"({m.group('item').lower()})", f"({m.group('n')})")
            found.append(Citation(m.start(), m.end(), m.group(), cites, "relative"))
    return _without_overlaps(found)


def _without_overlaps(found: list[Citation]) -> list[Citation]:
    out: list[Citation] = []
    for c in sorted(found, key=lambda c: (c.start, -(c.end - c.start))):
        if out and c.start < out[-1].end:
            continue
        out.append(c)
    return out


def cite_pattern(cite: str) -> re.Pattern[str]:
    """A pattern for ``cite`` and every part of it (``59`` → ``59``, ``59A``,
    ``59A1`` but not ``590``), matched at the start of a canonical cite."""
    return re.compile(rf"{re.escape(cite)}(?![0-9])")
