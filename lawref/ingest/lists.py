"""ingest.lists: clean's list steps — contents, subject indexes and lists of law titles.

Recognised by their shape (dot leaders, ``title … page`` lines, headings
with page numbers and no bodies, titles such as ``Оглавление``, alphabetical
entries with page lists) and dropped into the report as what they are.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from lawref import patterns as P
from lawref.i18n import N_
from lawref.ingest.heads import is_labelled
from lawref.ingest.pages import looks_like_marker
from lawref.ingest.state import Ctx, Ln, example

#: A contents page or an index is this many entries or more (fewer is a law that points at a page).
MIN_ENTRIES = 3
#: Lines that may stand between two entries of one list: an entry wrapped over lines, a term of an
#: index with no number (``Болван - см.также Игра со стола;``), a letter's heading.
MAX_BETWEEN = 3
#: The longest line that goes between entries (a wrapped entry's first line is short).
MAX_BETWEEN_CHARS = 100
def drop_leader_lists(lines: list[Ln], ctx: Ctx) -> list[Ln]:
    """Drop a table of contents or a subject index, found by its shape and
    decided for the file at once: a run of :data:`MIN_ENTRIES` or more
    entries — lines holding a dot leader and numbers
    (:data:`~lawref.patterns.LEADER_ENTRY`: ``Определение претензии.....96``,
    ``Аннулирование = ......6,17,86``, several entries glued on one line) or
    heading-shaped lines ending in a page number
    (:data:`~lawref.patterns.CONTENTS_HEADING_LINE`) — with at most
    :data:`MAX_BETWEEN` short lines between two of them (an entry wrapped
    over two lines, an index term with no number), blank lines and page
    markers, and its title (``Содержание``, ``П Р Е Д М Е Т Н Ы Й
    У К А З А Т Е Л Ь``, ``INDEX``) with the short lines under it. Each line
    is listed in the report as ``table of contents`` or ``subject index``
    (an index's title, or entries pointing at several numbers or with
    ``=``); page markers inside stay page markers. Its numbers never become
    pages, headings or citations. Russian and English."""
    entry = [ln.kind == "text" and _is_entry(ln.text) for ln in lines]
    drop: set[int] = set()
    k = 0
    while k < len(lines):
        if not entry[k]:
            k += 1
            continue
        run, j, between = [k], k + 1, 0
        while j < len(lines) and between <= MAX_BETWEEN:
            if entry[j]:
                run.append(j)
                between = 0
            elif lines[j].kind == "text" and not looks_like_marker(lines[j].text):
                between += 1
                if len(lines[j].text.strip()) > MAX_BETWEEN_CHARS or _ends_prose(lines[j].text):
                    break
            j += 1
        if sum(1 for r in run if entry[r]) >= MIN_ENTRIES:
            first = _list_start(lines, run[0])
            end = _list_end(lines, run[-1])
            drop.update(r for r in range(first, end + 1) if lines[r].kind == "text"
                        and not looks_like_marker(lines[r].text))
            drop.update(_cut_number(lines, end))
        k = run[-1] + 1
    drop.update(_titled_lists(lines, drop, indexes=ctx.lang != "en"))  # an English index: ``pdf.drop_index``
    if not drop:
        ctx.record(N_("tables of contents and subject indexes dropped"), 0, [])
        return lines
    index = _is_index([lines[k].text for k in sorted(drop)])
    reason = N_("subject index") if index else N_("table of contents")
    for k in sorted(drop):
        ctx.drop(lines[k].no, lines[k].text, reason)
    ctx.record(N_("tables of contents and subject indexes dropped"), len(drop),
               [example(lines[k].text) for k in sorted(drop)][:2])
    return [ln for k, ln in enumerate(lines) if k not in drop]
#: The most words and characters of an entry of a contents page printed with no page numbers (a
#: heading's: ``Глава 11. Претензии и уступки. Претензии на «потери»; необходимость …``).
MAX_ENTRY_WORDS = 20
MAX_ENTRY_CHARS = 160
def _titled_lists(lines: list[Ln], taken: set[int], indexes: bool = True) -> set[int]:
    """A contents page printed with no page numbers: its title
    (``Оглавление``, ``CONTENTS``) and the short heading lines under it
    (:data:`~lawref.patterns.CONTENTS_ENTRY_HEAD`: ``Введение.``, ``Глава 1.
    Функции комитета.``, ``ПРАВИЛО 1. Колода``, ``CHAPTER II``) — under an
    index's title, its entries with no leader (``Ренонс 61, 62, 63``) and
    terms — at least :data:`MIN_ENTRIES`, up to the first line that is none;
    the last of them, when text follows, stays (it may be that text's own
    heading)."""
    found: set[int] = set()
    for k, ln in enumerate(lines):
        if k in taken or ln.kind != "text" or not _contents_title(ln.text):
            continue
        entries: list[int] = []
        rules: list[int] = []  # a table's rule rows (``---|---|``) between the entries
        after = None  # the first line that is no entry
        index = _is_index(_cells(ln.text))
        if index and not indexes:
            continue
        for j in range(k + 1, len(lines)):
            t = lines[j].text.strip()
            if lines[j].kind != "text" or not t or looks_like_marker(t):
                continue
            if TABLE_RULE.match(t):
                rules.append(j)
                continue
            if not all(_titled_entry(c, index, table="|" in t) for c in _cells(t)):
                after = j
                break
            entries.append(j)
        if after is not None and entries and not index:
            entries.pop()  # the last heading before text may be that text's own heading: it stays
        if len(entries) >= MIN_ENTRIES:
            found.update([k, *entries, *(r for r in rules if r < (entries[-1]))])
    return found
#: A table's rule row, as a page's table is printed in text (``---|---|``, ``|:--|--:|``).
TABLE_RULE = re.compile(r"^\|?(?:\s*:?-{3,}:?\s*\|)+\s*(?::?-{3,}:?)?\s*$")
def _cells(text: str) -> list[str]:
    """The cells of a table row as a page prints it in text (``ПРАВИЛО 1.
    Колода | LAW 1 - THE PACK |``): the text between the bars, empty cells
    left out; a line with no bar is one cell."""
    if "|" not in text:
        return [text.strip()]
    return [c.strip() for c in text.split("|") if c.strip()]
def _contents_title(text: str) -> bool:
    """A contents or index title, alone or in every cell of a table row
    (``СОДЕРЖАНИЕ | TABLE OF CONTENTS |``)."""
    cells = _cells(text)
    return bool(cells) and all(P.CONTENTS_TITLE.match(c) for c in cells)
def _titled_entry(cell: str, index: bool, table: bool) -> bool:
    """An entry (or a table cell of one) under a contents or index title: a
    heading (:data:`~lawref.patterns.CONTENTS_ENTRY_HEAD`), or an index's
    term; in a table, also a cell of a few titles with no sentence end
    (``Предисловие к русскому изданию Представляющий орган …``), as a
    table of contents prints its front matter. Never longer than
    :data:`MAX_ENTRY_CHARS` or :data:`MAX_ENTRY_WORDS`."""
    if len(cell) > MAX_ENTRY_CHARS or len(cell.split()) > MAX_ENTRY_WORDS:
        return False
    if index:  # an index's entries are terms: a law's or a section's heading is no entry of it
        return not is_labelled(cell) and bool(P.INDEX_ENTRY_ANY.match(cell) or _index_term(cell))
    if P.CONTENTS_ENTRY_HEAD.match(cell):
        return True
    return table and not P.SENTENCE_END.search(cell)
def _index_term(text: str) -> bool:
    """A subject index's term with no number (``Болван``, ``см. также Ренонс``): a few words, no sentence."""
    return len(text.split()) <= 6 and not P.SENTENCE_END.search(text.rstrip(";,"))
def _is_entry(text: str) -> bool:
    """A line that is (or holds) an entry of a contents page or an index:
    also one whose page number the file lost (``Выслушивание
    возражений.......``) and one with a short leader at its end
    (``сыграны..78``)."""
    return bool(P.LEADER_ENTRY.search(text) or P.CONTENTS_HEADING_LINE.match(text) or P.LEADER_END.search(text))
def _list_end(lines: list[Ln], last: int) -> int:
    """Where a list whose last entry is at ``last`` ends: with the file, when
    only an entry cut by the file's end follows — at most :data:`MAX_BETWEEN`
    short lines with no sentence mark (``3.Услов``, ``= неприемле``) and
    nothing after them; else at ``last``."""
    rest = [k for k in range(last + 1, len(lines)) if lines[k].kind == "text" and not looks_like_marker(lines[k].text)]
    if rest and len(rest) <= MAX_BETWEEN and all(
            len(lines[k].text.strip()) <= MAX_BETWEEN_CHARS and not P.SENTENCE_END.search(lines[k].text)
            and not P.LAW_HEADING_LINE.match(lines[k].text.strip()) for k in rest):
        return rest[-1]
    return last
def _cut_number(lines: list[Ln], last: int) -> list[int]:
    """A bare number alone after a list's last entry, and then the file's end
    (``… …..45`` ⏎ ``3``): the next entry's number, the rest of it cut off."""
    after = [k for k in range(last + 1, len(lines)) if lines[k].kind == "text"]
    return after if len(after) == 1 and P.BARE_NUMBER.match(lines[after[0]].text) else []


def _ends_prose(text: str) -> bool:
    """A line of running text: it ends a sentence with a word before the mark (not ``корректный.........83``)."""
    t = text.rstrip()
    return len(t) > 40 and bool(re.search(r"[а-яёa-z]{2}[.!?]$", t))
def _list_start(lines: list[Ln], first: int) -> int:
    """Where a list whose first entry is at ``first`` starts: its title
    (``Содержание``) and the short lines between it and the entry, or a
    wrapped first entry's first line."""
    k = first - 1
    seen = 0
    while k >= 0 and seen < MAX_BETWEEN + 1:
        ln = lines[k]
        if ln.kind == "text" and P.CONTENTS_TITLE.match(ln.text):
            return k
        if ln.kind == "text" and not looks_like_marker(ln.text):
            if len(ln.text.strip()) > MAX_BETWEEN_CHARS or _ends_prose(ln.text):
                break
            seen += 1
        k -= 1
    # no title: only a wrapped first entry's first line goes with the list — the entry's line starts in
    # lower case (``A.Ход вне очереди, трактуемый как`` ⏎ ``корректный.........83``), blank lines between
    before = first - 1
    while before >= 0 and lines[before].kind == "blank":
        before -= 1
    head = lines[before] if before >= 0 else None
    if head is not None and head.kind == "text" and len(head.text.strip()) <= MAX_BETWEEN_CHARS and not (
            P.SENTENCE_END.search(head.text)) and lines[first].text.lstrip()[:1].islower():
        return before
    return first
def _is_index(texts: list[str]) -> bool:
    """A subject index, not contents: its title says so, or most entries
    point at several numbers or hold ``=`` / ``см.`` (``Аннулирование =
    ......6,17,86``)."""
    if any((m := P.CONTENTS_TITLE.match(t)) and re.search(r"(?i)у\s?к|index", m.group("what")) for t in texts):
        return True
    entries = [t for t in texts if P.LEADER_ENTRY.search(t)]
    marked = sum(1 for t in entries if "=" in t or "см." in t or re.search(r"\d\s*[,;]\s*\d", t))
    return bool(entries) and marked >= 0.5 * len(entries)
def drop_title_lists(lines: list[Ln], ctx: Ctx) -> list[Ln]:
    """A list of law titles printed before the bodies — two or more law
    headings side by side, with no text between them (blank lines and page
    markers aside), at least one of which comes again later in the file with
    its text (``ПРАВИЛО 23. …`` ⏎ ``ПРАВИЛО 24. …`` ⏎⏎ ``ПРАВИЛО 23. …`` ⏎
    ``Судья сначала …``) — is dropped and listed as a list of law titles:
    the real headings stand later, and the list never shifts which law the
    text after it is filed under (issue 23). Decided for the whole file:
    a heading that is never printed again with text keeps nothing from a
    list either (its title is in the report). Russian and English. A law's
    list of its sections' titles over their bodies (a club's page: ``A.
    Proper Attitude`` ⏎ ``B. Etiquette`` ⏎ ``C. Violations …`` ⏎⏎ ``A. Proper
    Attitude`` ⏎ ``1. A player should …``) is dropped the same way."""
    drop = _listed(lines, lambda t: bool(P.LAW_HEADING_LINE.match(t))) | _listed(lines, _section_line)
    ex = [example(lines[k].text) for k in sorted(drop)]
    for k in sorted(drop):
        ctx.drop(lines[k].no, lines[k].text, N_("list of law titles (the laws' real headings come later)"))
    ctx.record(N_("lists of law titles printed before the bodies dropped"), len(ex), ex)
    return [ln for k, ln in enumerate(lines) if k not in drop]
def _listed(lines: list[Ln], is_head: Callable[[str], bool]) -> set[int]:
    """The lines of :func:`drop_title_lists`' lists among the headings ``is_head`` tells (every other line of text,
    a law heading among sections too, is text between them)."""
    heads = [k for k, ln in enumerate(lines) if ln.kind == "text" and is_head(ln.text.strip())]
    bodied: dict[str, list[int]] = {}
    runs: list[list[int]] = []
    for i, k in enumerate(heads):
        nxt = heads[i + 1] if i + 1 < len(heads) else len(lines)
        has_text = any(lines[j].kind == "text" and not _division_line(lines[j].text) for j in range(k + 1, nxt))
        if has_text:
            bodied.setdefault(_heading_key(lines[k].text), []).append(k)
        if not has_text and runs and runs[-1][-1] == heads[i - 1] and _only_spacing(lines, heads[i - 1], k):
            runs[-1].append(k)
        elif not has_text:
            runs.append([k])
    drop: set[int] = set()
    for run in runs:
        if len(run) >= 2 and any(k > run[-1] for h in run for k in bodied.get(_heading_key(lines[h].text), [])):
            drop.update(run)
            drop.update(_list_division(lines, run))
    return drop


#: A section heading as long as a list's line can be (a title, no body after it).
MAX_LISTED_SECTION = 80


def _section_line(text: str) -> bool:
    """A section heading short enough to be a list's line (``A. Proper Attitude``)."""
    return len(text) <= MAX_LISTED_SECTION and bool(P.SECTION_EN.match(text) or P.SECTION.match(text))


def _list_division(lines: list[Ln], run: list[int]) -> list[int]:
    """The chapter heading printed over a list of law titles when the same
    heading is printed again after the list, over the bodies (``Глава XI.
    Апелляции`` ⏎ ``ПРАВИЛО 92. …`` ⏎ ``ПРАВИЛО 93. …`` ⏎ ``Глава XI.
    Апелляции`` ⏎ ``ПРАВИЛО 92. …`` ⏎ text): the first copy goes with the list."""
    before = next((j for j in range(run[0] - 1, -1, -1) if lines[j].kind == "text"), None)
    after = next((j for j in range(run[-1] + 1, len(lines)) if lines[j].kind == "text"), None)
    if before is None or after is None or not _division_line(lines[before].text):
        return []
    return [before] if _heading_key(lines[before].text) == _heading_key(lines[after].text) else []
def _division_line(text: str) -> bool:
    """A chapter, part or division heading (``Глава XI. Апелляции``): between a list of law titles and
    the bodies a site prints it again, so it is no law's text there."""
    t = text.strip()
    return bool(P.CHAPTER.match(t) or P.PART.match(t) or P.DIVISION.match(t))
def _heading_key(text: str) -> str:
    """A law heading as compared with its repeats: spaces, case and a trailing page number or leader aside."""
    return re.sub(r"[\s.…_·]*\d{0,3}\s*$", "", " ".join(text.split())).casefold()
def _only_spacing(lines: list[Ln], a: int, b: int) -> bool:
    """Nothing but blank lines, page markers and chapter headings stands between lines ``a`` and ``b``."""
    return all(lines[j].kind != "text" or _division_line(lines[j].text) for j in range(a + 1, b))
