"""cite: canonical cites, English style.

A canonical cite names a node in any document: law ``62``, section ``62B``,
subsection ``72A5``, item ``43B2(a)``, sub-item ``25B2(b)(1)``, commentary
paragraph ``45.5``. Section letters are Latin capitals (a label printed with a
Cyrillic look-alike, 004:13 ``47Е``, gets the Latin cite ``47E``), item letters
Latin lowercase.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from lawref.errors import CiteError
from lawref.ingest.patterns import LOOKALIKES

# ``правило 62B``, ``Правилом 62B``, ``Law 62 B``, ``L62B``, ``п. 45.5``.
_PREFIX = re.compile(
    r"^\s*(?:правил[а-яё]*|ст\.|статья|law[s]?|l(?=\d)|п\.|пункт[а-яё]*|§)\s*",
    re.IGNORECASE,
)
_LAW_CITE = re.compile(
    r"^(?P<law>\d{1,3})(?!\d)(?P<section>[A-Za-z])?(?P<sub>\d{1,2})?(?P<items>(?:\([A-Za-z0-9]{1,2}\)){0,4})$"
)
_COMMENTARY_CITE = re.compile(r"^(?P<law>\d{1,3})\.(?P<num>\d{1,3})\.?$")


def normalise_cite(text: str) -> str:
    """Canonical cite of ``text``.

    ``"62b"``, ``"62В"`` (Cyrillic), ``"правило 62B"``, ``"Law 62 B"`` →
    ``"62B"``; ``"43 B 2 (A)"`` → ``"43B2(a)"``; ``"п. 45.5."`` → ``"45.5"``.
    Raises :class:`CiteError` for anything else (``"abc"``, ``""``)."""
    s = _PREFIX.sub("", text.strip())
    s = re.sub(r"(?<=\d)\s+(?=\d)", "#", s)  # ``72 5`` is not ``725``
    s = re.sub(r"\s+", "", s).translate(LOOKALIKES)
    m = _COMMENTARY_CITE.match(s)
    if m:
        return f"{int(m['law'])}.{int(m['num'])}"
    m = _LAW_CITE.match(s)
    if not m:
        raise CiteError(f"not a law cite: {text!r} (try 62, 62B, 72A5, 43B2(a) or 45.5)")
    section = (m["section"] or "").upper()
    if m["sub"] and not section:
        raise CiteError(f"not a law cite: {text!r} (a subsection needs its section letter, e.g. 72A5)")
    return f"{int(m['law'])}{section}{m['sub'] or ''}{m['items'].lower()}"


def law_of(cite: str) -> int:
    """Law number of a canonical cite: ``"43B2(a)"`` → 43, ``"45.5"`` → 45."""
    m = re.match(r"\d+", cite)
    if not m:
        raise CiteError(f"not a canonical cite: {cite!r}")
    return int(m.group())


# -- the citation grammar ----------------------------------------------------------
#
# Every pattern below runs on clean text (a citation broken across a line end,
# 000:239-240 ``прави-`` ⏎ ``ла 70 или 71``, is whole there).

#: Russian «правило» in every case form, capitalised or not:
#: 000:6 ``правилом 44``, 000:11 ``правило 59``, 000:239 ``правила 70 или 71``,
#: 004:56 ``Правилу 45F``, 004:83 ``Правиле 46В``, 003:27 ``(о наказании см. правило 90)``.
RU_LAW_WORD = r"(?<![\w-])[Пп]равил(?:о|а|у|ом|е|ам|ами|ах)?(?![\w-])"
#: English: ``Law 62B``, ``Laws 61-64``, ``L61B``, ``L49C2``.
EN_LAW_WORD = r"(?<![\w-])(?:Laws?|LAWS?|laws?)(?![\w-])"
EN_L_PREFIX = r"(?<![\w-])L(?=\d)"
_SEC = "A-LАВСЕНК"
#: Item labels one cite may carry (``43B2(a)(1)``): a longer chain is not a cite.
MAX_ITEMS = 4
#: The highest law number a range may reach (the Laws have 93): ``правило 5 - 1997 года`` is no range.
MAX_RANGE_LAW = 100
#: Cites one run of a list may expand to; the rest is left unlinked and the
#: last citation is marked ``truncated``.
MAX_MEMBERS = 100
#: One law cite: ``62``, ``66C``, ``81C8``, ``43B2(b)``, ``47Е`` (Cyrillic, 004:13), ``10С2`` (004:90).
CITE_TOKEN = rf"\d{{1,3}}(?:[{_SEC}](?:\d{{1,2}})?(?:\([a-zA-Z0-9]\)){{0,{MAX_ITEMS}}})?(?![\w])"
#: A continuation naming a section of the same law: ``12C1 и C2`` → ``C2``;
#: ``64A и B`` → ``B`` (a bare letter: Latin only, and only after a cite with a section).
SECTION_TOKEN = rf"[{_SEC}]\d{{1,2}}(?:\([a-zA-Z0-9]\)){{0,{MAX_ITEMS}}}(?![\w])|[A-L](?![\w.])"
_LIST_SEP = r"\s*(?:,\s*|\s(?:и|или|либо|and|or)\s+)\s*"
_RANGE_SEP = r"\s*(?:[-–—]|\s(?:to|по)\s)\s*"

#: A run of cites after a law word: ``70 или 71``, ``61-64``, ``61 - 64``, ``12C1 и C2``.
CITE_RUN = re.compile(
    rf"(?P<first>{CITE_TOKEN})(?P<rest>(?:(?:{_RANGE_SEP}|{_LIST_SEP})(?:{CITE_TOKEN}|{SECTION_TOKEN}))*)"
)
LAW_CITATION = re.compile(rf"(?:{RU_LAW_WORD}|{EN_LAW_WORD})\s*(?={CITE_TOKEN})|{EN_L_PREFIX}")
_PIECE = re.compile(rf"(?P<sep>{_RANGE_SEP}|{_LIST_SEP})(?P<tok>{CITE_TOKEN}|{SECTION_TOKEN})")

#: Commentary paragraph: 004:92 ``см. п.45.5.``, also ``п. 45.5``.
COMMENTARY_CITATION = re.compile(r"(?<![\w])пп?\.\s?(?P<c>\d{1,3}\.\d{1,3})(?:\.(?!\d))?")
#: A further paragraph in a list: ``пп. 45.5 и 45.6`` → ``45.6``.
COMMENTARY_MORE = re.compile(r"\s*(?:,|и|или)\s*(?P<c>\d{1,3}\.\d{1,3})(?:\.(?!\d))?")
#: Bare commentary paragraph inside a commentary: 004:6 ``указанные в 45.3., …``.
BARE_COMMENTARY = re.compile(r"(?<![\w.])(?P<c>\d{1,3}\.\d{1,3})\.(?=[\s,;:)]|$)")
#: Relative: 003:49 ``согласно предыдущему пункту 1`` (in 21B2 → 21B1).
RELATIVE_POINT = re.compile(r"(?<![\w])(?:предыдущ\w+\s+)?пункт(?:у|а|ом|е)?\s+(?P<n>\d{1,2})(?![\w.])")
#: Relative: 003:67 ``В обоих случаях (B1) и (B2)`` → item (b), sub-item (1) of the same level.
RELATIVE_ITEM = re.compile(r"\((?P<item>[A-Za-z])(?P<n>\d{1,2})\)")


#: The end of a text that a citation may continue after a line break
#: (``правила 70 или`` ⏎ ``71``): a stream is never cut there.
OPEN_END = re.compile(r"(?:\d|[,(–—-]|(?<![\w-])(?:и|или|либо|and|or|to|по|с|[Пп]равил\w*|[Ll]aws?|LAWS?|пп?\.|L))\s*$")


def safe_cut(text: str, lo: int) -> int | None:
    """An offset in ``text`` at or after ``lo`` where it may be cut into two
    pieces searched apart without losing or changing a citation: after a
    blank line if there is one, else after a line break (or, in text without
    any, a space) that no citation can continue across (:data:`OPEN_END`);
    ``None`` when there is none. Code-point offset."""
    blank = text.rfind("\n\n", lo)
    if blank >= 0:
        return blank + 2
    for sep in ("\n", " "):
        at = len(text)
        while (at := text.rfind(sep, lo, at)) >= 0:
            if not OPEN_END.search(text[max(0, at - 40) : at]):
                return at + 1
    return None


def forced_cut(text: str, lo: int) -> int:
    """Where to cut ``text`` (at or after ``lo``) when :func:`safe_cut` finds
    no safe place: before the last citation that starts a new run (a law
    word, ``п.``) so it is read whole in the next piece; else at the last
    space (inside an endless list, whose cites past :data:`MAX_MEMBERS` are
    not linked anyway); else at the end."""
    starts = [m.start() for rx in (LAW_CITATION, COMMENTARY_CITATION) for m in rx.finditer(text, lo)]
    if starts and max(starts) > lo:
        return max(starts)
    space = text.rfind(" ", lo)
    return space + 1 if space >= lo else len(text)


@dataclass(frozen=True)
class Citation:
    """A citation found in text.

    ``start``/``end``: code-point offsets into the text searched,
    end-exclusive (``text[start:end] == self.text``). ``cites``: canonical
    targets (``("70",)``; a range gives every law in it, ``("61", "62", "63",
    "64")``). ``kind``: ``"law"``, ``"commentary"`` or ``"relative"``; a
    relative citation's ``cites`` are label paths to resolve against the node
    it stands in (``("1",)`` for ``пункту 1``, ``("(b)", "(1)")`` for ``(B1)``).
    """

    start: int
    end: int
    text: str
    cites: tuple[str, ...]
    kind: str = "law"
    truncated: bool = False


def _token_cite(token: str, law: str | None) -> str | None:
    token = token.translate(LOOKALIKES)
    if token[:1].isdigit():
        return normalise_cite(token)
    return normalise_cite(f"{law}{token}") if law else None


def _split_run(text: str, base: int, prefix_start: int) -> list[Citation]:
    """Split a run of cites into citations: one per listed cite, one per
    range; at most :data:`MAX_MEMBERS` cites in all (the last citation is
    then marked ``truncated``)."""
    m = CITE_RUN.match(text, base)
    assert m is not None
    first = m.group("first")
    law = re.match(r"\d+", first).group()
    out = [Citation(prefix_start, m.end("first"), text[prefix_start : m.end("first")], (_token_cite(first, None),))]
    members = 1
    for piece in _PIECE.finditer(text, m.end("first"), m.end()):
        tok = piece.group("tok")
        if tok.isalpha() and not re.search(r"\d[A-Z]", out[-1].cites[-1]):
            break  # ``правило 64 и B`` names no section B of 64
        cite = _token_cite(tok, law)
        if cite is None:
            break
        if re.search(r"[-–—]|\sto\s|\sпо\s", piece.group("sep")) and tok.isdigit() and out[-1].cites[-1].isdigit():
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
        law = re.match(r"\d+", cite).group()
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
    for m in LAW_CITATION.finditer(text):
        if CITE_RUN.match(text, m.end()):
            found.extend(_split_run(text, m.end(), m.start()))
    for m in COMMENTARY_CITATION.finditer(text):
        found.append(Citation(m.start(), m.end(), m.group(), (normalise_cite(m.group("c")),), "commentary"))
        end = m.end()
        while more := COMMENTARY_MORE.match(text, end):
            found.append(Citation(more.start("c"), more.end(), text[more.start("c") : more.end()],
                                  (normalise_cite(more.group("c")),), "commentary"))
            end = more.end()
    if commentary:
        for m in BARE_COMMENTARY.finditer(text):
            if m.start() > 0:
                found.append(Citation(m.start(), m.end(), m.group(), (normalise_cite(m.group("c")),), "commentary"))
    if relative:
        for m in RELATIVE_POINT.finditer(text):
            found.append(Citation(m.start(), m.end(), m.group(), (m.group("n"),), "relative"))
        for m in RELATIVE_ITEM.finditer(text):
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
