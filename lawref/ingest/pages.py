"""ingest.pages: clean's page steps — pagers, repeated pages, page markers, running heads.

Each step is ``step(lines, ctx) -> lines`` (see :mod:`lawref.ingest.lines`);
page numbers are decided by the run they form for the whole file
(:func:`page_run`), running heads by recurring at page tops.
"""

from __future__ import annotations

import bisect
import re
from array import array
from collections import Counter
from dataclasses import replace

from lawref import patterns as P
from lawref.i18n import N_
from lawref.ingest.heads import head_key, head_words, heads_at_markers
from lawref.ingest.lines import footnote_calls, strip_line
from lawref.ingest.state import Ctx, Ln, example
from lawref.lang import morph

#: The longest line taken for a pager (``1 2 3 … 999``, with fillers, is far shorter).
MAX_PAGER = 5000
def is_pager(line: str) -> bool:
    """A pager: the numbers 1, 2, 3 … N and nothing else but ``...``, ``…``,
    arrows and «Назад/Вперед»; consecutive except across an ellipsis, and at
    least 10 numbers (5 with an ellipsis), so a row of a scoring table
    (``1 2 3 4 5 6 7``) is never taken for one; a pager that says it is one
    (``Страницы: 1 2 3 4 5``, ``Pages: 1 2 3``) needs 3. 000:142 ``1 2 3 … 247``."""
    run = pager_numbers(line)
    if run is None or run[0][0] != 1:
        return False
    return len(run) >= (MIN_LABELLED_PAGER if _PAGER_LABEL.match(line) else 4 if any(gap for _, gap in run) else 10)


#: The fewest numbers of a pager with its label word (``Страницы: 1 2 3``).
MIN_LABELLED_PAGER = 3
_PAGER_LABEL = re.compile(r"^\s*(?i:страницы|pages)\s*:?\s")
def pager_numbers(line: str) -> list[tuple[int, bool]] | None:
    """The numbers of a line that holds only numbers going up and pager
    fillers, each with whether an ellipsis gap came before it; ``None`` for
    any other line (or one longer than :data:`MAX_PAGER`)."""
    if len(line) > MAX_PAGER:
        return None  # a pager is a short line: never split a 17 MB line into tokens to find out
    numbers: list[tuple[int, bool]] = []
    gap_ok = False
    for token in line.split():
        if token.isascii() and token.isdigit():
            n = int(token)
            if numbers and n != numbers[-1][0] + 1 and not (gap_ok and n > numbers[-1][0]):
                return None
            numbers.append((n, bool(numbers) and n != numbers[-1][0] + 1))
            gap_ok = False
        elif P.PAGER_FILLER.match(token):
            gap_ok = gap_ok or token.startswith((".", "…"))
        else:
            return None
    return numbers or None
#: A run of this many numbers, one a line and nothing between, is a pager printed down the page.
MIN_VERTICAL_PAGER = 5
def drop_pagers(lines: list[Ln], ctx: Ctx) -> list[Ln]:
    """Drop pager lines (``1 2 3 … 247``, ``« 1 2 3 ... 46 »``, ``Страницы: 1
    2 3 …``; see :func:`is_pager`; a pager wrapped over lines, each going on
    from the last: ``Страницы: - 1 - 2 … - 16 -`` ⏎ ``17 - 18 …``) and pagers printed down the page: a run
    of :data:`MIN_VERTICAL_PAGER` or more lines that are each one number
    (``- 1`` ⏎ ``- 2`` ⏎ … ``- 100``), going up by one with only blank lines
    between — a page's pages are never that, so they are chrome, not as
    many page markers."""
    pager = _vertical_pagers(lines) | _wrapped_pagers(lines)
    out, ex = [], []
    for k, ln in enumerate(lines):
        if k in pager or is_pager(ln.text):
            ex.append(example(ln.text))
            ctx.drop(ln.no, ln.text, N_("pager"))
        else:
            out.append(ln)
    ctx.record(N_("pager lines removed"), len(ex), ex)
    return out
def _wrapped_pagers(lines: list[Ln]) -> set[int]:
    """Indexes of the lines of a pager wrapped over lines: lines of numbers
    and fillers (:func:`pager_numbers`), the first from 1, each going on from
    the last number of the one before, blank lines between, that together
    make a pager (:func:`is_pager`'s counts)."""
    found: set[int] = set()
    chain: list[int] = []
    numbers: list[tuple[int, bool]] = []
    for k, ln in enumerate([*lines, Ln("end", 0)]):
        if ln.kind == "blank":
            continue
        run = pager_numbers(ln.text) if ln.kind == "text" else None
        if run is not None and numbers and run[0][0] == numbers[-1][0] + 1:
            chain.append(k)
            numbers += run
            continue
        if len(chain) >= 2 and len(numbers) >= (4 if any(gap for _, gap in numbers) else 10):
            found.update(chain)
        chain, numbers = ([k], list(run)) if run is not None and run[0][0] == 1 else ([], [])
    return found
def _vertical_pagers(lines: list[Ln]) -> set[int]:
    """Indexes of the lines of pagers printed one number a line (see :func:`drop_pagers`)."""
    found: set[int] = set()
    run: list[tuple[int, int]] = []
    for k, ln in enumerate([*lines, Ln("end", 0)]):
        if ln.kind == "blank":
            continue
        m = P.PAGE_MARKER.match(ln.text) or P.BARE_NUMBER.match(ln.text) if ln.kind == "text" else None
        n = _page_of(m) if m else None
        if n is not None and run and n == run[-1][1] + 1:
            run.append((k, n))
            continue
        if len(run) >= MIN_VERTICAL_PAGER:
            found.update(i for i, _ in run)
        run = [(k, n)] if n is not None else []
    return found
#: A repeated run must hold this many letters and digits to count as a copy.
MIN_REPEAT_LETTERS = 200
#: Words a repeated run is anchored on (a shingle).
SHINGLE = 6
def _repeated_word_runs(words: list[str], shorts: bool = False) -> list[tuple[int, int, int]]:
    """``(start, length, start of the earlier copy)`` of every run of
    ``words`` that repeats an earlier run word for word and holds
    :data:`MIN_REPEAT_LETTERS` letters and digits or more, found by shingles
    of :data:`SHINGLE` words and extended greedily: linear in the words. With
    ``shorts``, also the shorter runs of :data:`SHINGLE` words or more that
    overlap no run kept before them (pieces of a copy lost characters broke:
    :func:`_joined_over_damage`); they change nothing of how the others are found."""
    first: dict[int, int] = {}  # hash of a shingle → where it first stands (checked word by word below)
    runs: list[tuple[int, int, int]] = []
    short: list[tuple[int, int, int]] = []
    i = 0
    while i + SHINGLE <= len(words):
        key = hash(tuple(words[i : i + SHINGLE]))
        j = first.get(key)
        if j is not None and j < i:
            n = 0
            while i + n < len(words) and j + n < i and words[i + n] == words[j + n]:
                n += 1
            if n >= SHINGLE and sum(len(w) for w in words[i : i + n]) >= MIN_REPEAT_LETTERS:
                runs.append((i, n, j))
                i += n
                continue
            if shorts and n >= SHINGLE and (not short or short[-1][0] + short[-1][1] <= i):
                short.append((i, n, j))
        first.setdefault(key, i)
        i += 1
    if not short:
        return runs
    ends = [start + n for start, n, _ in runs]
    kept = [r for r in short if not _overlaps(r, runs, ends)]
    return sorted(runs + kept)


def _overlaps(run: tuple[int, int, int], runs: list[tuple[int, int, int]], ends: list[int]) -> bool:
    """Whether ``run``'s words overlap those of one of ``runs`` (sorted; ``ends`` their ends)."""
    k = bisect.bisect_right(ends, run[0])  # the first run ending after this one starts
    return k < len(runs) and runs[k][0] < run[0] + run[1]


def drop_repeated_pages(lines: list[Ln], ctx: Ctx) -> list[Ln]:
    """Drop a later copy of text already seen — whole pages repeated, as in
    000 where lines 143–281 repeat lines 3–141, also when the copy was
    wrapped at other places.

    The text is compared word by word (letters and digits), so line breaks
    do not matter; a run counts as a copy when it holds at least
    :data:`MIN_REPEAT_LETTERS` letters and digits (shorter repeats are kept:
    law text may repeat a phrase). A line wholly inside a copy is dropped; a
    line the copy only begins or ends in keeps its other words. Lines without
    a word (``-----``) inside a copy go with it. Every dropped line is listed;
    how many paragraphs they held is counted at the end of :func:`clean`.
    A short page repeated (:func:`_same_page_again`) is dropped first."""
    lines = _same_page_again(lines, ctx)
    ks, starts, ends, words = _word_spans(lines)
    damaged = any("\ufffd" in ln.text for ln in lines)
    runs, lines = _joined_over_damage(lines, _repeated_word_runs(words, shorts=damaged), (ks, starts, ends), ctx)
    runs = [r for r in runs if sum(len(w) for w in words[r[0] : r[0] + r[1]]) >= MIN_REPEAT_LETTERS]
    if not runs:
        ctx.record(N_("lines dropped as a repeated copy"), 0, [])
        ctx.record(N_("paragraphs those lines held"), 0, [], part="paragraphs")
        return lines
    cut: dict[int, list[int]] = {}  # line → [words cut, where the first cut starts, where the last ends]
    whole: set[int] = set()
    for start, n, _, _ in runs:
        whole.update(range(ks[start], ks[start + n - 1] + 1))
        for i in range(start, start + n):
            c = cut.setdefault(ks[i], [0, starts[i], ends[i]])
            c[0], c[2] = c[0] + 1, ends[i]
    by_line: dict[int, tuple[int, int]] = {}  # line → (its number of words, where its first word starts)
    for k, a in zip(ks, starts, strict=True):
        n_words, first = by_line.get(k, (0, a))
        by_line[k] = (n_words + 1, first)
    out, dropped = [], 0
    reason = N_("repeats earlier text")
    for k, ln in enumerate(lines):
        if k not in whole:
            out.append(ln)
            continue
        n_cut, lo, hi = cut.get(k, (0, 0, 0))
        kept = _without_words(ln.text, n_cut, lo, hi, *by_line.get(k, (0, 0)))
        if kept.strip() and any(ch.isalnum() for ch in kept):
            ctx.drop(ln.no, ln.text[lo:hi] if n_cut else "", reason)
            out.append(replace(ln, text=kept))
        else:
            ctx.drop(ln.no, ln.text, reason)
            dropped += 1
    ex = [N_("lines {first}–{last} repeat lines {origin}–{origin_last}").format(
        first=lines[ks[s]].no, last=lines[ks[s + n - 1]].no, origin=lines[ks[o]].no,
        origin_last=lines[ks[o + m - 1]].no) for s, n, o, m in runs]
    ctx.record(N_("lines dropped as a repeated copy"), dropped, ex)
    ctx.repeat_origins = [(lines[ks[o]].no, lines[ks[o + m - 1]].no) for _, _, o, m in runs]
    ctx.record(N_("paragraphs those lines held"), 0, ex[:1], part="paragraphs")
    return out
#: The most words a damaged stretch between two repeated runs may hold on either side to be mended or passed over.
MAX_DAMAGED_WORDS = 16

_Spans = tuple[array, array, array]  # each word's line index, start and end (:func:`_word_spans`)
_Piece = tuple[int, int, int]  # a line index, a start and an end in it (code points, end-exclusive)


class _Mending:
    """The mends of the earlier printing found so far: ``edits`` (line index → [(start, end, the intact
    text)]) and the lines no mend may touch (the later copies', which are cut by word offsets)."""

    def __init__(self, copies: set[int]) -> None:
        self.edits: dict[int, list[tuple[int, int, str]]] = {}
        self.copies = copies

    def applied(self, lines: list[Ln]) -> list[Ln]:
        """``lines`` with every edit made, right to left in each line."""
        out = list(lines)
        for k, edits in self.edits.items():
            text = out[k].text
            for lo, hi, intact in sorted(edits, reverse=True):
                text = text[:lo] + intact + text[hi:]
            out[k] = replace(out[k], text=text)
        return out


def _joined_over_damage(lines: list[Ln], runs: list[tuple[int, int, int]], spans: _Spans, ctx: Ctx
                        ) -> tuple[list[tuple[int, int, int, int]], list[Ln]]:
    """``runs`` as ``(start, length, start of the earlier copy, its length)``, mended over lost
    characters (U+FFFD) in one of the two printings of a copy:

    * two runs are joined into one when the words between them (at most :data:`MAX_DAMAGED_WORDS` a
      side) are the same but for the U+FFFD, each standing for at most one character
      (:func:`_damaged_matches`);
    * a run takes in the rest of the line it begins or ends in when that is the same on both sides
      but for the U+FFFD (a damaged first or last word of a copy).

    A damaged later copy is then dropped whole with the rest of the copy; a damaged earlier one, the
    text kept, is mended, line for line, from the later's words: the same file printed them, so nothing
    is guessed; the characters put back are counted as inserted (the conservation check) and each mend
    is noted with both lines. Any other difference between the copies splits the run as before.
    Returns the runs and the lines."""
    ks, starts, ends = spans[:3]
    mending = _Mending({k for start, n, _ in runs for k in range(ks[start], ks[start + n - 1] + 1)})
    out: list[tuple[int, int, int, int]] = []
    for start, n, origin in runs:
        if out:
            s1, n1, o1, m1 = out[-1]
            gap, origin_gap = (s1 + n1, start), (o1 + m1, origin)
            if (0 <= gap[1] - gap[0] <= MAX_DAMAGED_WORDS and 0 <= origin_gap[1] - origin_gap[0] <= MAX_DAMAGED_WORDS
                    and o1 + m1 <= s1 and _mend(lines, _between(lines, gap, spans[:3]),
                                                _between(lines, origin_gap, spans[:3]), mending, ctx)):
                out[-1] = (s1, start + n - s1, o1, origin + n - o1)
                continue
        out.append((start, n, origin, n))
    out = [_widened(lines, k, out, spans[:3], mending, ctx) for k in range(len(out))]
    return out, mending.applied(lines) if mending.edits else lines


def _widened(lines: list[Ln], r: int, runs: list[tuple[int, int, int, int]], spans: _Spans, mending: _Mending,
             ctx: Ctx) -> tuple[int, int, int, int]:
    """Run ``r`` of ``runs`` taking in, on each side, the lines next to it (the rest of the line it begins
    or ends in, then whole lines; at most :data:`SHINGLE` + :data:`MAX_DAMAGED_WORDS` words) that are
    the same in both printings but for U+FFFD: a copy whose first or last words are damaged (see
    :func:`_joined_over_damage`). Never past the run before or after, nor into the other printing."""
    ks, starts, ends = spans
    s, n, o, m = runs[r]
    before = ks[runs[r - 1][0] + runs[r - 1][1] - 1] if r else -1  # the line the run before ends in
    # the later printing's words before the run, back to the end of the run before or of the earlier printing
    lo = max([ends[w] for w in (runs[r - 1][0] + runs[r - 1][1] - 1 if r else -1, o + m - 1)
              if w >= 0 and ks[w] == ks[s]], default=0)
    later = _walk(lines, (ks[s], lo, starts[s]), -1, max(before, ks[o + m - 1]) if lo == 0 else ks[s])
    origin = _walk(lines, (ks[o], 0, starts[o]), -1, -1)
    taken = _alike(lines, later, origin, spans)
    if taken and _mend(lines, later[:taken], origin[:taken], mending, ctx):
        back, origin_back = _words_in(later[:taken], s, -1, spans), _words_in(origin[:taken], o, -1, spans)
        s, n, o, m = s - back, n + back, o - origin_back, m + origin_back
    last, origin_last = s + n - 1, o + m - 1
    after = ks[runs[r + 1][0]] if r + 1 < len(runs) else len(lines)  # the line the run after begins in
    hi = starts[runs[r + 1][0]] if after == ks[last] else len(lines[ks[last]].text)
    later = _walk(lines, (ks[last], ends[last], hi), 1, after if hi == len(lines[ks[last]].text) else ks[last])
    origin_hi = starts[s] if ks[origin_last] == ks[s] else len(lines[ks[origin_last]].text)  # not into the later
    origin = _walk(lines, (ks[origin_last], ends[origin_last], origin_hi), 1, ks[s])
    taken = _alike(lines, later, origin, spans)
    if taken and _mend(lines, later[:taken], origin[:taken], mending, ctx):
        n, m = n + _words_in(later[:taken], last, 1, spans), m + _words_in(origin[:taken], origin_last, 1, spans)
    return s, n, o, m


def _walk(lines: list[Ln], first: _Piece, step: int, stop: int) -> list[_Piece]:
    """``first``, then the whole text and footnote lines one by one in direction ``step`` (±1) up to line
    ``stop`` (exclusive), as pieces; at most :data:`SHINGLE` + :data:`MAX_DAMAGED_WORDS` lines."""
    out = [first]
    k = first[0] + step
    while (k - stop) * step < 0 and len(out) <= SHINGLE + MAX_DAMAGED_WORDS:
        if lines[k].kind in ("text", "footnote"):
            out.append((k, 0, len(lines[k].text)))
        k += step
    return out


def _alike(lines: list[Ln], later: list[_Piece], origin: list[_Piece], spans: _Spans) -> int:
    """How many of the pieces, one for one, read the same in both printings but for U+FFFD
    (:func:`_damaged_matches` either way), up to :data:`SHINGLE` + :data:`MAX_DAMAGED_WORDS` words (a
    piece longer than :data:`MAX_DAMAGED_CHARS` ends them);
    0 when none of those holds a U+FFFD (nothing to mend: the copy's edge is where the run found it)."""
    taken = words = 0
    for a, b in zip(later, origin, strict=False):
        if max(a[2] - a[1], b[2] - b[1]) > MAX_DAMAGED_CHARS:
            break
        x, y = _joined(lines, [a]), _joined(lines, [b])
        if not (_alike_text(x, y) or _alike_text(y, x)):
            break
        words += len(x.split())
        if words > SHINGLE + MAX_DAMAGED_WORDS:
            break
        taken += 1
    damaged = [k for k in range(taken) if "\ufffd" in _joined(lines, [later[k]]) + _joined(lines, [origin[k]])]
    return damaged[-1] + 1 if damaged else 0


def _words_in(pieces: list[_Piece], word: int, step: int, spans: _Spans) -> int:
    """How many words, going from word ``word`` (not counted) in direction ``step`` (±1), lie in
    ``pieces`` (:func:`_walk`'s, in that direction): counted until the first word outside them."""
    ks, starts, _ = spans
    count, i = 0, word + step
    while 0 <= i < len(ks) and any(k == ks[i] and lo <= starts[i] < hi for k, lo, hi in pieces):
        count, i = count + 1, i + step
    return count


def _mend(lines: list[Ln], pieces: list[_Piece], origin_pieces: list[_Piece], mending: _Mending, ctx: Ctx) -> bool:
    """Whether the text of ``pieces`` (in the later printing) and of ``origin_pieces`` (in the earlier)
    differs only by U+FFFD in one of them; when the earlier is the damaged one, its pieces are mended
    line for line (a piece of a later copy's line never is), else it is not taken (see
    :func:`_joined_over_damage`)."""
    text, origin_text = _joined(lines, pieces), _joined(lines, origin_pieces)
    if "\ufffd" in text:
        return _damaged_matches(text, origin_text)
    if "\ufffd" not in origin_text or len(pieces) != len(origin_pieces) or any(
            k in mending.copies for k, _, _ in origin_pieces):
        return False
    pairs = [(_joined(lines, [o]), _joined(lines, [p]), o, lines[p[0]].no)
             for o, p in zip(origin_pieces, pieces, strict=True)]
    if not all(_alike_text(damaged, intact) for damaged, intact, _, _ in pairs):
        return False
    for damaged, intact, (k, lo, hi), copy in pairs:
        if "\ufffd" not in damaged:
            continue  # a line alike in both printings, taken in with a damaged one
        mending.edits.setdefault(k, []).append((lo, hi, intact))
        put_back = Counter(_alnum(intact)) - Counter(_alnum(damaged))
        ctx.inserted.extend((lines[k].no, ch) for ch in put_back.elements())
        ctx.note(N_("line {line}: «{damaged}» mended to «{intact}» from the same text repeated on line {copy} "
                    "(lost characters, U+FFFD)").format(line=lines[k].no, damaged=damaged.strip(),
                                                        intact=intact.strip(), copy=copy))
    return True


def _between(lines: list[Ln], gap: tuple[int, int], spans: _Spans) -> list[_Piece]:
    """The text from the end of word ``gap[0] - 1`` to the start of word ``gap[1]``, as pieces of its
    lines ``(line index, start, end)`` (code-point offsets, end-exclusive): the rest of the first line,
    every text and footnote line between (the lines words are read from), the start of the last."""
    ks, starts, ends = spans
    first, last = gap[0] - 1, gap[1]
    k1, k2 = ks[first], ks[last]
    if k1 == k2:
        return [(k1, ends[first], starts[last])]
    inner = [(k, 0, len(lines[k].text)) for k in range(k1 + 1, k2) if lines[k].kind in ("text", "footnote")]
    return [(k1, ends[first], len(lines[k1].text)), *inner, (k2, 0, starts[last])]


def _joined(lines: list[Ln], pieces: list[tuple[int, int, int]]) -> str:
    """The text of ``pieces`` (:func:`_between`), joined by spaces."""
    return " ".join(lines[k].text[lo:hi] for k, lo, hi in pieces)


def _alnum(text: str) -> str:
    return "".join(ch for ch in text if ch.isalnum())


def _alike_text(damaged: str, intact: str) -> bool:
    """Whether ``intact`` reads as ``damaged``: the same words, or :func:`_damaged_matches`."""
    return damaged.split() == intact.split() or _damaged_matches(damaged, intact)


#: The longest stretch (code points) compared as damaged: a gap of a few words, a few lines.
MAX_DAMAGED_CHARS = 4000


def _damaged_matches(damaged: str, intact: str) -> bool:
    """Whether ``intact`` (holding no U+FFFD) reads as ``damaged`` with each U+FFFD standing for at
    most one character (a byte sequence a decoder could not read is one U+FFFD, and held at most one
    character; an extra byte is a U+FFFD standing for none), white space compared as single spaces:
    «к\ufffdалифицируется» matches «квалифицируется»; «\ufffd» does not match a whole word. Stretches
    longer than :data:`MAX_DAMAGED_CHARS` never match (the pattern's time stays linear in the text)."""
    if "\ufffd" in intact or "\ufffd" not in damaged or max(len(damaged), len(intact)) > MAX_DAMAGED_CHARS:
        return False
    pattern = "".join(f".{{0,{len(m.group())}}}" if m.group()[0] == "\ufffd" else re.escape(m.group())
                      for m in _FFFD_OR_NOT.finditer(" ".join(damaged.split())))
    return re.fullmatch(pattern, " ".join(intact.split())) is not None


_FFFD_OR_NOT = re.compile("\ufffd+|[^\ufffd]+")


def _same_page_again(lines: list[Ln], ctx: Ctx) -> list[Ln]:
    """A page printed twice in a row — the same page marker again, the same
    words after it (a site that shows a page twice), however short — keeps
    its first copy; the second marker and its words are dropped as a
    repeated page. The same number over other text is left to the page run
    (a marker off it)."""
    marks = [k for k, ln in enumerate(lines) if ln.kind == "text" and (P.PAGE_MARKER.match(ln.text)
                                                                       or P.BARE_NUMBER.match(ln.text))]
    drop: set[int] = set()
    for a, b, c in zip(marks, marks[1:], [*marks[2:], len(lines)], strict=False):
        if a in drop or _marker_number(lines[a].text) != _marker_number(lines[b].text):
            continue
        first, second = _page_words(lines, a + 1, b), _page_words(lines, b + 1, c)
        if first and first == second:
            drop.update(k for k in range(b, c) if lines[k].kind == "text")
    for k in sorted(drop):
        ctx.drop(lines[k].no, lines[k].text, N_("repeats earlier text"))
    return [ln for k, ln in enumerate(lines) if k not in drop]
def _marker_number(text: str) -> int | None:
    m = P.PAGE_MARKER.match(text) or P.BARE_NUMBER.match(text)
    return _page_of(m) if m else None
def _page_words(lines: list[Ln], a: int, b: int) -> list[str]:
    """The words of lines ``a`` to ``b`` (end-exclusive), as a page is compared with its copy."""
    return [w for ln in lines[a:b] if ln.kind == "text" for w in P.VOCABULARY_WORD.findall(ln.text)]
def _word_spans(lines: list[Ln]) -> tuple[array, array, array, list[str]]:
    """Every word of the text and footnote lines: its line index, start and
    end (code-point offsets, end-exclusive) in three compact arrays, and the
    word folded (lower case, ``ё`` as ``е``; one string a distinct
    word) — a 17 MB line costs tens of MiB, not hundreds."""
    ks, starts, ends, words = array("l"), array("l"), array("l"), []
    folded: dict[str, str] = {}
    for k, ln in enumerate(lines):
        if ln.kind not in ("text", "footnote"):
            continue
        for m in P.WORD.finditer(ln.text):
            ks.append(k)
            starts.append(m.start())
            ends.append(m.end())
            w = m.group()
            words.append(folded.setdefault(w, w.lower().replace("ё", "е")))
    return ks, starts, ends, words
def _without_words(text: str, n_cut: int, lo: int, hi: int, n_words: int, first: int) -> str:
    """``text`` without its ``n_cut`` words from offset ``lo`` to ``hi`` (the
    line has ``n_words`` words, the first at ``first``); all cut → ``""``."""
    if n_cut >= n_words:
        return ""
    if n_cut and lo == first:  # the copy ends in this line: keep what follows it
        return text[hi:].strip()
    if n_cut:  # the copy begins in this line: keep what precedes it
        return text[:lo].strip()
    return text.strip()
class _Pages:
    """The printed pages seen so far in a file: the last one and the step
    between the last two (4 in the seeds, which hold every fourth page)."""

    def __init__(self) -> None:
        self.last: int | None = None
        self.step: int | None = None

    def plausible(self, n: int) -> bool:
        """``n`` may be the next printed page: above the last, not a wild jump."""
        return 1 <= n <= 3000 if self.last is None else self.last < n <= self.last + 200

    def fits(self, n: int) -> bool:
        """``n`` is the page expected next (the last + 1, or + the step)."""
        return self.last is not None and (n == self.last + 1 or (self.step is not None and n == self.last + self.step))

    def take(self, n: int) -> None:
        self.step = n - self.last if self.last is not None else None
        self.last = n
def _page_of(m: re.Match[str]) -> int:
    return int(next(v for k, v in m.groupdict().items() if k.startswith("page") and v))
def _counts_something(rest: str) -> bool:
    """``rest`` starts with a word a number would count (``2 карты``, ``13
    взяток``): then ``- 2 …`` is a list item, not a page marker."""
    m = P.LEADING_WORD.match(rest)
    return m is not None and morph.is_counted(m.group("word"))
def mark_pages(lines: list[Ln], ctx: Ctx) -> list[Ln]:
    """Turn page markers into ``marker`` lines; split glued and inline ones.

    Spellings: ``- 89 -``, ``- 69`` (000:30, 001:11), ``— 89 —``, ``Стр. 89``,
    ``[89]``, a bare ``89`` on its own line, glued ``- 77 при первой …``
    (001:73) and inside a line ``… масть. - 89 - Если …`` (there only the
    page expected next: the last + 1, or + the step); ``..page4``
    (004:75) is a reader page. A marker is believed only when plausible:
    its number follows the pages seen (above the last, not a wild jump); a
    glued one is not followed by a word the number counts (``- 2 карты``)
    unless it is the very page expected next. A line that looks like a marker
    but is not believed (``- 8 9 -``, a number out of sequence) still ends
    the page — as a page of unknown number — so text after it is never filed
    under the law before it; the report says so. ``[1] …`` at a line's start
    after a call ``заявок[1]`` glued to a word is that call's footnote, never
    a page."""
    pages, out, ex = _Pages(), [], []
    heads = _page_heads(lines)
    run = page_run(lines, heads)
    calls: set[str] = set()  # footnote calls seen so far (``заявок[1]``)
    for k, ln in enumerate(lines):
        if ln.kind != "text":
            out.append(ln)
            continue
        if k not in run and P.BARE_NUMBER.match(ln.text):
            out.append(ln)  # a bare number off the file's run of pages: a table's or a list's number, a year
            continue
        if "[" in ln.text:  # only a line with a bracket can hold a call ``заявок[1]`` or its note ``[1] …``
            note = P.FOOTNOTE_ANY.match(ln.text.strip())
            if note is not None and note.group("marker").startswith("[") and note.group("marker") in calls:
                out.append(ln)  # ``[1] Включая …`` after ``заявок[1]``: the call's footnote, not page 1
                continue
            calls.update(footnote_calls(ln.text))
        before = next((o for o in reversed(out) if o.kind not in ("blank", "rule")), None)
        opened = before.page if before is not None and before.kind == "marker" else None
        pieces = _marker_pieces(ln, pages, ctx, k in heads, opened)
        out.extend(pieces)
        if pieces != [ln]:
            ex.append(example(ln.text, " | ".join(p.text if p.kind == "text" else f"<{p.page}>" for p in pieces)))
    ctx.record(N_("page and reader markers taken out of the text"), len(ex), ex)
    return _footers_to_headers(out, ctx)
#: The widest step between two pages of a run (a scrape of every 4th page has gaps; a year has not).
MAX_PAGE_STEP = 200
def page_run(lines: list[Ln], heads: set[int] | None = None) -> set[int]:
    """Indexes of the whole-line page markers (``- 89 -``, ``Стр. 89``, a bare
    ``89``, a page head with its number) that form the file's run of pages,
    decided for the file at once: the longest sequence of them whose numbers
    go up (gaps allowed, none wider than :data:`MAX_PAGE_STEP`). A bare
    number joins only a run of two or more — a lone ``1997`` or a table's
    ``12`` is no page — and numbers off the run never shift it."""
    found = []
    for k, ln in enumerate(lines):
        m = (P.PAGE_MARKER.match(ln.text) or P.BARE_NUMBER.match(ln.text)
             or (P.HEAD_MARKER.match(ln.text) if heads and k in heads else None)) if ln.kind == "text" else None
        if m is not None:
            found.append((k, _page_of(m)))
    best = _longest_rising([n for _, n in found])
    chosen = [found[i][0] for i in best]
    return set(chosen) if len(chosen) >= 2 else {k for k in chosen if not P.BARE_NUMBER.match(lines[k].text)}
#: Up to this many candidates the run is chosen by its steps' regularity too (quadratic); past it, by length alone.
MAX_REGULAR_RUN = 400
def _longest_rising(numbers: list[int]) -> list[int]:
    """Indexes of the longest strictly rising subsequence of ``numbers`` with
    no step over :data:`MAX_PAGE_STEP`; of runs as long, the most regular one
    (fewest changes of step: ``89 93 97``, not ``30 93 97``)."""
    if len(numbers) > MAX_REGULAR_RUN:
        return _longest_rising_fast(numbers)
    size = [1] * len(numbers)
    irregular = [0] * len(numbers)
    prev = [-1] * len(numbers)
    for i, n in enumerate(numbers):
        for j in range(i):
            step = n - numbers[j]
            if not 0 < step <= MAX_PAGE_STEP:
                continue
            changes = irregular[j] + (prev[j] != -1 and step != numbers[j] - numbers[prev[j]])
            if (size[j] + 1, -changes) > (size[i], -irregular[i]):
                size[i], irregular[i], prev[i] = size[j] + 1, changes, j
    if not numbers:
        return []
    i = max(range(len(numbers)), key=lambda k: (size[k], -irregular[k]))
    chain: list[int] = []
    while i != -1:
        chain.append(i)
        i = prev[i]
    return chain[::-1]
def _longest_rising_fast(numbers: list[int]) -> list[int]:
    """:func:`_longest_rising` by length alone (patience sorting, then the
    chain cut at its first wild step: O(n log n)), for files with very many
    candidates."""
    tails: list[int] = []  # the index of the smallest tail of each length
    prev: list[int] = [-1] * len(numbers)
    for i, n in enumerate(numbers):
        j = _bisect_tails(numbers, tails, n)
        prev[i] = tails[j - 1] if j else -1
        if j == len(tails):
            tails.append(i)
        else:
            tails[j] = i
    chain: list[int] = []
    i = tails[-1] if tails else -1
    while i != -1:
        chain.append(i)
        i = prev[i]
    chain.reverse()
    kept: list[int] = []
    for i in chain:  # a wild step (``40 41 1997``) ends the run where it is
        if kept and numbers[i] - numbers[kept[-1]] > MAX_PAGE_STEP:
            break
        kept.append(i)
    return kept
def _bisect_tails(numbers: list[int], tails: list[int], n: int) -> int:
    """The first length whose smallest tail is not below ``n``."""
    lo, hi = 0, len(tails)
    while lo < hi:
        mid = (lo + hi) // 2
        if numbers[tails[mid]] < n:
            lo = mid + 1
        else:
            hi = mid
    return lo
def _footers_to_headers(lines: list[Ln], ctx: Ctx) -> list[Ln]:
    """Page numbers printed at the foot of their page (a PDF extraction: the
    file ends with one and does not start with one) are moved to the top of
    the text they close, so every marker opens its own page as in the seeds
    (``- 89 -`` above page 89's text). A running head the last number is
    followed by (the next page's, printed at each marker: ``59`` ⏎ ``THE
    LAWS OF DUPLICATE BRIDGE``) does not hide that the file ends with one:
    it heads a page the file does not hold, and goes to the report. Nor does a
    running head printed above the file's first marker hide that the file starts
    with one (``Федерация … · стр. 1`` ⏎ ``- 1 -`` … ``- 3 -`` at the end: a
    head over each marker, the last page empty): those numbers head their pages."""
    filled = [ln for ln in lines if ln.kind not in ("blank", "rule")]
    heads, trailing = heads_at_markers(filled), []
    while filled and filled[-1].kind == "text" and head_key(filled[-1].text) in heads:
        trailing.append(filled.pop())
    first = next((ln for ln in filled if ln.kind != "text" or head_key(ln.text) not in heads), None)
    if not filled or filled[-1].kind != "marker" or (first is not None and first.kind == "marker"):
        return lines
    for ln in trailing:
        ctx.drop(ln.no, ln.text, N_("running head of the page after the file's last (a page the file does not hold)"))
    gone = {id(ln) for ln in trailing}
    lines = [ln for ln in lines if id(ln) not in gone]
    out: list[Ln] = []
    start = 0  # where the current page's text begins in ``out``
    for ln in lines:
        if ln.kind == "marker":
            out.insert(start, ln)
            start = len(out)
        else:
            out.append(ln)
    return out
def looks_like_marker(text: str) -> bool:
    """A whole line that is (or looks like) a page marker: ``- 89 -``,
    ``Стр. 89``, ``[89]``, a bare ``89``, ``- 8 9 -`` — never a label ``1.``."""
    return bool(P.PAGE_MARKER.match(text) or P.BARE_NUMBER.match(text)
                or (P.MARKER_LIKE.match(text) and not P.LABEL_ONLY.match(text)))
def _page_heads(lines: list[Ln]) -> set[int]:
    """Indexes of the lines that are page heads or feet printed with their
    number (:data:`~lawref.patterns.HEAD_MARKER`), decided for the file: one
    that names its page (``страница 47``, ``Страница 91 из 247``), whose head
    recurs at another such line (``88 | Глава VI`` … ``Глава VI | 89``), or
    that is the file's first or last line of text. A table row in a law
    (``по червям | 30``) is none of these."""
    found = {k: m for k, ln in enumerate(lines) if ln.kind == "text" and (m := P.HEAD_MARKER.match(ln.text))}
    texts = [k for k, ln in enumerate(lines) if ln.kind == "text" and ln.text.strip()]
    ends = {texts[0], texts[-1]} if texts else set()
    keys = {k: re.sub(r"[\d|│]+|(?i:страница|стр\.?|page)", "", lines[k].text).strip().casefold() for k in found}
    count: dict[str, int] = {}
    for key in keys.values():
        count[key] = count.get(key, 0) + 1
    return {k for k, m in found.items() if m.group("page3") or re.search(r"(?i)страниц|стр\.|page", lines[k].text)
            or count[keys[k]] >= 2 or k in ends}
def _marker_pieces(ln: Ln, pages: _Pages, ctx: Ctx, head: bool = False, opened: int | None = None) -> list[Ln]:
    """``ln`` as pieces: unchanged, or with its marker made a ``marker`` line
    (``head``: the line is a page head with its number, :func:`_page_heads`;
    ``opened``: the page of the marker right before it, no text between)."""
    text = ln.text
    if r := P.READER_MARKER.match(text):
        ctx.drop(ln.no, text, N_("reader page marker"))
        return [Ln(text, ln.no, "reader", int(r.group("page")))]
    plain = P.PAGE_MARKER.match(text) or P.BARE_NUMBER.match(text)
    foot = P.HEAD_MARKER.match(text) if head and not plain else None
    if foot and _page_of(foot) == pages.last:  # ``- 32 -`` … ``Стр. 32 из 40``: the page's own foot, no new page
        ctx.drop(ln.no, text, N_("head or foot of the page it stands on (page {page})").format(page=pages.last))
        ctx.page_heads.add(head_words(text))  # its copy printed without the number is a head too
        return []
    if plain and opened is not None and _page_of(plain) == opened == pages.last:  # ``… | стр. 2`` ⏎ ``- 2 -``
        ctx.drop(ln.no, text, N_("the page's number again, right under its head (page {page})").format(page=opened))
        return []
    whole = plain or foot
    if whole:
        return [_marker(ln, text, _page_of(whole), pages, ctx)]
    if P.MARKER_LIKE.match(text) and not P.LABEL_ONLY.match(text):
        return [_marker(ln, text, None, pages, ctx)]
    glued = P.PAGE_MARKER_GLUED.match(text)
    if glued:
        n, rest = _page_of(glued), glued.group("rest")
        if pages.plausible(n) and (pages.fits(n) or not _counts_something(rest)):
            marker = _marker(ln, text[: glued.start("rest")].strip(), n, pages, ctx)
            return [marker, *strip_line(Ln(rest, ln.no))]  # what follows starts a line: strip its rules too
    for inline in P.PAGE_MARKER_INLINE.finditer(text):
        n = _page_of(inline)
        if pages.fits(n):  # inside a sentence only the page expected next is believed
            before, after = text[: inline.start()].rstrip(), text[inline.end() :].strip()
            first = _marker_pieces(Ln(before, ln.no), pages, ctx) if before else []  # a marker too, maybe
            marker = _marker(ln, inline.group().strip(), n, pages, ctx)
            return [*first, marker, *(_marker_pieces(Ln(after, ln.no), pages, ctx) if after else [])]
    return [ln]
def _marker(ln: Ln, text: str, n: int | None, pages: _Pages, ctx: Ctx) -> Ln:
    """A ``marker`` line for page ``n`` when it is plausible; else a marker of
    an unknown page (noted in the report)."""
    if n is not None and pages.plausible(n):
        pages.take(n)
        ctx.drop(ln.no, text, N_("page marker (page {page})").format(page=n))
        return Ln(text, ln.no, "marker", n)
    ctx.drop(ln.no, text, N_("page break of unknown number (a marker lawref does not believe)"))
    ctx.note(N_("line {line}: {text} looks like a page marker but does not follow the pages before it: taken as "
                "a page of unknown number").format(line=ln.no, text=repr(text.strip()[:30])))
    return Ln(text, ln.no, "marker", None)
