"""clean: decoded text → paragraphs of clean text, with a record of every change.

Each fix is a small named pass in :data:`LINE_PASSES` or :data:`PARAGRAPH_PASSES`,
run in that fixed order; every pass records what it removed or changed (count
and two examples) in a :class:`~lawref.model.CleanReport`. Lines keep their raw
line number throughout, so every paragraph knows the raw lines it came from.

Artifacts handled (all present in the seeds, see :mod:`lawref.ingest.patterns`):
site chrome and the book-title line, pager lines, whole pages repeated, page
markers (standalone and glued), reader markers, pilcrows, underlines and ``?``
runs where box-drawing characters were lost, footnotes after a ``?`` separator,
duplicated emphasis lines, line-end hyphenation (перенос), words cut at a page
or line break with no hyphen, hard-wrapped lines, headings glued to the end of
the paragraph before them.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace

from lawref import patterns as P
from lawref.lang import english, morph
from lawref.model import CleanReport, Paragraph, PassRecord


@dataclass(frozen=True)
class Ln:
    """One line in flight. ``no`` is the 1-based raw line number; ``kind`` is
    ``text``, ``blank``, ``rule`` (underline / ``?`` run), ``marker`` (printed
    page, ``page`` set), ``reader`` (reader page), ``footnote`` or ``pend``
    (paragraph end, from a pilcrow)."""

    text: str
    no: int
    kind: str = "text"
    page: int | None = None


@dataclass
class Ctx:
    """State shared by the passes of one file: the record being written, the
    file's own vocabulary (for the lexicon), the layout style and metadata."""

    style: str = "wrapped"
    vocab: Counter[str] = field(default_factory=Counter)
    lang: str = "ru"
    records: list[PassRecord] = field(default_factory=list)
    title: str | None = None
    repeat_origins: list[tuple[int, int]] = field(default_factory=list)

    def record(self, name: str, description: str, count: int, examples: list[str]) -> None:
        """Append the record of one pass (keeps the first two examples)."""
        self.records.append(PassRecord(name, description, count, tuple(examples[:2])))

    def knows(self, word: str) -> bool:
        """True when the Russian lexicon or this file's own text knows ``word``."""
        w = morph.fold(word)
        if w in self.vocab:
            return True
        return english.is_known(w) if self.lang == "en" else morph.is_known(w)

    def is_heading(self, text: str) -> bool:
        """True when ``text`` starts with a heading label of this language."""
        rx = P.HEADING_START_EN if self.lang == "en" else P.HEADING_START
        return bool(rx.match(text.lstrip()))

    def continues(self, text: str) -> bool:
        """A labelled line whose paragraph goes on after it: a commentary
        paragraph (004:5 ``45.4. Заметьте, …``) or an English item (``(a) the …``)."""
        if P.COMMENTARY.match(text):
            return True
        return self.lang == "en" and bool(P.ITEM_EN.match(text))


@dataclass(frozen=True)
class Cleaned:
    """Result of :func:`clean`: ``paragraphs`` in reading order, the ``report``
    and the layout ``style`` detected (``wrapped`` or ``blank-separated``)."""

    paragraphs: tuple[Paragraph, ...]
    report: CleanReport
    style: str


def _ex(before: str, after: str = "") -> str:
    before = before if len(before) <= 80 else before[:77] + "…"
    return f"{before!r} → {after!r}" if after else f"{before!r} → (removed)"


# -- line passes ----------------------------------------------------------------


def drop_chrome(lines: list[Ln], ctx: Ctx) -> list[Ln]:
    """Drop site chrome lines and take the book-title line as metadata."""
    out, ex = [], []
    for ln in lines:
        m = P.BOOK_TITLE.match(ln.text)
        if m:  # the book title, also when repeated as a running head (колонтитул)
            ctx.title = ctx.title or m.group("title")
        elif not P.CHROME.match(ln.text):
            out.append(ln)
            continue
        ex.append(_ex(ln.text))
    ctx.record("chrome", "site chrome and book-title lines removed", len(ex), ex)
    return out


def drop_pagers(lines: list[Ln], ctx: Ctx) -> list[Ln]:
    """Drop pager lines (``1 2 3 … 247``)."""
    out = [ln for ln in lines if not P.is_pager(ln.text)]
    ex = [_ex(ln.text) for ln in lines if P.is_pager(ln.text)]
    ctx.record("pagers", "pager lines removed", len(ex), ex)
    return out


#: A repeated run must hold this many letters and digits to count as a copy.
MIN_REPEAT_LETTERS = 200


def _letters(ln: Ln) -> int:
    return sum(ch.isalnum() for ch in ln.text)


def _match_length(keys: list[str], i: int, j: int) -> int:
    n = 0
    while j + n < i and i + n < len(keys) and keys[i + n] == keys[j + n]:
        n += 1
    return n


def _repeated_runs(body: list[Ln]) -> list[tuple[int, int, int]]:
    """``(start, length, start of the earlier copy)`` of every run of ``body``
    lines that repeats an earlier run and holds :data:`MIN_REPEAT_LETTERS`.
    Every body line has a letter or digit, so a run too short to count is
    under that many lines: the scan is linear in the lines (× 50 candidates)."""
    keys = [ln.text.strip() for ln in body]
    seen: dict[str, list[int]] = {}
    runs: list[tuple[int, int, int]] = []
    i = 0
    while i < len(body):
        best, origin = max(((_match_length(keys, i, j), j) for j in seen.get(keys[i], [])[:50]), default=(0, 0))
        if best and sum(map(_letters, body[i : i + best])) >= MIN_REPEAT_LETTERS:
            runs.append((i, best, origin))
            i += best
            continue
        seen.setdefault(keys[i], []).append(i)
        i += 1
    return runs


def drop_repeated_pages(lines: list[Ln], ctx: Ctx) -> list[Ln]:
    """Drop a later copy of a run of lines already seen (whole pages repeated, as
    in 000 where lines 143–281 repeat lines 3–141).

    A run counts as a copy when it holds at least :data:`MIN_REPEAT_LETTERS`
    letters and digits (a measure that reflow and splitting do not change, so
    cleaning stays idempotent); shorter repeats are kept, since law text may
    repeat a phrase. Runs are matched on the lines that hold a letter or
    digit; lines without one (``-----``) inside a dropped run go with it.
    Every dropped line is counted in the report; how many paragraphs they
    held is counted at the end of :func:`clean`, on the copy they repeat."""
    body = [ln for ln in lines if any(ch.isalnum() for ch in ln.text)]
    runs = _repeated_runs(body)
    gone: set[int] = set()
    where = {id(ln): k for k, ln in enumerate(lines)}
    for start, n, _ in runs:
        first, last = where[id(body[start])], where[id(body[start + n - 1])]
        gone.update(id(ln) for ln in lines[first : last + 1])
    dropped = [ln for ln in lines if id(ln) in gone and ln.text.strip()]
    ex = [f"lines {body[s].no}–{body[s + n - 1].no} repeat lines {body[o].no}–{body[o + n - 1].no}"
          for s, n, o in runs]
    ctx.record("repeated_pages", "lines dropped as a repeated copy", len(dropped), ex)
    ctx.repeat_origins = [(body[o].no, body[o + n - 1].no) for _, n, o in runs]
    ctx.record("repeated_pages:paragraphs", "paragraphs those lines held", 0, ex[:1])
    return [ln for ln in lines if id(ln) not in gone]


def mark_pages(lines: list[Ln], ctx: Ctx) -> list[Ln]:
    """Turn page markers into ``marker`` lines; split glued ones (``- 77 при …``).

    A glued marker is taken only when its number is above the last page seen, so
    running text that starts with a dash and a number is left alone."""
    out, ex, last = [], [], 0
    for ln in lines:
        if ln.kind != "text":
            out.append(ln)
            continue
        m = P.PAGE_MARKER.match(ln.text)
        g = None if m else P.PAGE_MARKER_GLUED.match(ln.text)
        if g and int(g.group("page")) <= last:
            g = None
        if not (m or g):
            r = P.READER_MARKER.match(ln.text)
            out.append(replace(ln, kind="reader", page=int(r.group("page"))) if r else ln)
            if r:
                ex.append(_ex(ln.text))
            continue
        page = int((m or g).group("page"))
        last = max(last, page)
        out.append(Ln(ln.text, ln.no, "marker", page))
        if g:  # what follows a glued marker starts a line: strip its rules too
            out.extend(_strip_line(Ln(g.group("rest"), ln.no)))
        ex.append(_ex(ln.text, g.group("rest") if g else ""))
    ctx.record("page_markers", "page and reader markers taken out of the text", len(ex), ex)
    return out


def split_pilcrows(lines: list[Ln], ctx: Ctx) -> list[Ln]:
    """A pilcrow ``¶`` ends a paragraph: remove it and insert a paragraph end."""
    out, ex = [], []
    for ln in lines:
        if ln.kind != "text" or P.PILCROW not in ln.text:
            out.append(ln)
            continue
        parts = ln.text.split(P.PILCROW)
        for k, part in enumerate(parts):
            if part.strip():
                out.append(Ln(part, ln.no))
            if k < len(parts) - 1:
                out.append(Ln("", ln.no, "pend"))
        ex.append(_ex(ln.text, " | ".join(p.strip() for p in parts if p.strip())))
    ctx.record("pilcrows", "pilcrows turned into paragraph ends", len(ex), ex)
    return out


def _split_qmarks(ln: Ln) -> list[Ln]:
    pieces = P.QMARK_RUN.split(ln.text)
    out = [Ln(pieces[0].rstrip(), ln.no)] if pieces[0].strip() else []
    for piece in pieces[1:]:
        rest = piece.strip()
        if out and _is_title_tail(rest) and out[-1].kind == "text":
            out[-1] = Ln(out[-1].text.rstrip() + " " + rest, ln.no)
            out.append(Ln("", ln.no, "rule"))
            continue
        out.append(Ln("", ln.no, "rule"))
        if rest:
            out.append(Ln(rest, ln.no, "footnote" if P.FOOTNOTE.match(rest) else "text"))
    return out


def _is_title_tail(rest: str) -> bool:
    """``заявки`` after ``отменённой ???…???`` (003:69): a short lowercase tail."""
    return bool(rest) and rest[0].islower() and len(rest) <= 40 and not P.CLAUSE_MARK.search(rest)


def _strip_line(ln: Ln, depth: int = 0) -> list[Ln]:
    """One text line without its rules: ``[ln]`` when it has none, else the
    pieces (text, ``rule`` separators, footnotes), each cleaned again so that
    what a split leaves (``???----== ==`` → ``----== ==``) is treated too."""
    if depth > 8:
        return [ln]
    if P.RULE_LINE.match(ln.text):
        return [Ln("", ln.no, "rule")]
    if P.RULE_PREFIX.match(ln.text):
        return _strip_line(Ln(P.RULE_PREFIX.sub("", ln.text), ln.no, ln.kind), depth + 1)
    if not P.QMARK_RUN.search(ln.text):
        return [ln]
    out: list[Ln] = []
    for piece in _split_qmarks(ln):
        out.extend(_strip_line(piece, depth + 1) if piece.kind in ("text", "footnote") else [piece])
    return out


def strip_rules(lines: list[Ln], ctx: Ctx) -> list[Ln]:
    """Underlines and ``?`` runs (lost box drawing) become ``rule`` separators.

    Whole-line rules (``-----``, ``== == ==``, ``??????``) and rules glued
    before text (``---- относительно …``) are removed; an inline ``?`` run
    splits the line, except when a short lowercase tail of a title follows
    (``отменённой ???…??? заявки`` → ``отменённой заявки``). Text after a run
    that starts ``(*) -`` is a footnote."""
    out, ex = [], []
    for ln in lines:
        pieces = _strip_line(ln) if ln.kind == "text" else [ln]
        out.extend(pieces)
        if pieces != [ln]:
            ex.append(_ex(ln.text, " | ".join(p.text for p in pieces if p.text)))
    ctx.record("rules", "underlines and ?-runs of lost box drawing removed", len(ex), ex)
    qmarks = [e for e in ex if "??" in e]
    ctx.record("rules:qmarks", "of which lines with ?-runs (lost characters, never guessed)", len(qmarks), qmarks)
    return out


def mark_footnotes(lines: list[Ln], ctx: Ctx) -> list[Ln]:
    """A text line starting ``(*) -`` is a footnote (``(*) - Во время …``)."""
    out, n, ex = [], 0, []
    for ln in lines:
        if ln.kind == "text" and (P.FOOTNOTE.match(ln.text.strip()) or (ctx.lang == "en" and P.FOOTNOTE_EN.match(ln.text.strip()))):
            ln = replace(ln, kind="footnote")
        if ln.kind == "footnote":
            n += 1
            ex.append(_ex(ln.text, ln.text))
        out.append(ln)
    ctx.record("footnotes", "footnotes found", n, ex)
    return out


def _emphasis_of(prev: Ln | None, ln: Ln) -> bool:
    m = P.EMPHASIS_LINE.match(ln.text)
    if not m or prev is None or prev.kind != "text":
        return False
    word = m.group("word")
    if m.group("colon"):
        return prev.text.lstrip().startswith(word + ":")
    return re.search(rf"(?<![\w-]){re.escape(word)}(?![\w-])", prev.text) is not None


def drop_emphasis_duplicates(lines: list[Ln], ctx: Ctx) -> list[Ln]:
    """Drop lone emphasis lines repeating a word of the line before them.

    004:16–18: ``… случайно обозначает не ту карту,`` ⏎ ``случайно`` ⏎
    ``случайно`` → both lone lines dropped; 004:15 a lone ``Примечание:`` after
    a line starting ``Примечание:`` is dropped too. Only in wrapped layout,
    where these margin words were interleaved with the lines."""
    out, ex, prev = [], [], None
    for ln in lines:
        if ctx.style == "wrapped" and ctx.lang == "ru" and ln.kind == "text" and _emphasis_of(prev, ln):
            ex.append(_ex(ln.text))
            continue
        out.append(ln)
        if ln.kind == "text":
            prev = ln
    ctx.record("emphasis_duplicates", "duplicated emphasis lines dropped", len(ex), ex)
    return out


def drop_contents(lines: list[Ln], ctx: Ctx) -> list[Ln]:
    """English editions: drop a table of contents — a ``CONTENTS`` line and
    runs of 3+ lines like ``Law 62 - Correction of a Revoke ..... 58``."""
    if ctx.lang != "en":
        return lines
    drop: set[int] = set()
    run: list[int] = []
    for i, ln in enumerate([*lines, Ln("", 0)]):
        if ln.kind == "text" and (P.TOC_LINE.match(ln.text) or P.TOC_TITLE.match(ln.text)):
            run.append(i)
            continue
        if ln.kind == "blank" and run:
            continue
        if len(run) >= 3:
            drop.update(run)
        run = []
    ex = [_ex(lines[i].text) for i in sorted(drop)]
    ctx.record("contents", "table-of-contents lines removed (English editions)", len(ex), ex)
    return [ln for i, ln in enumerate(lines) if i not in drop]


def mark_page_numbers(lines: list[Ln], ctx: Ctx) -> list[Ln]:
    """English editions: a lone page number (``58``, ``xii``) left by PDF
    extraction ends the paragraph and is removed."""
    if ctx.lang != "en":
        return lines
    out, ex = [], []
    for ln in lines:
        if ln.kind == "text" and P.PAGE_NUMBER_EN.match(ln.text):
            ex.append(_ex(ln.text))
            out.append(Ln("", ln.no, "pend"))
        else:
            out.append(ln)
    ctx.record("page_numbers", "lone page numbers removed (English editions)", len(ex), ex)
    return out


def _ligature(head: str, tail: str, ctx: Ctx) -> str | None:
    if english.is_known(tail) or (english.is_known(head) and len(head) > 1):
        return None
    found = {head + lig + tail for lig in P.LIGATURES if english.is_known(head + lig + tail)}
    return found.pop() if len(found) == 1 else None


def repair_ligatures(lines: list[Ln], ctx: Ctx) -> list[Ln]:
    """English editions: re-insert a ligature a PDF extraction dropped, where
    exactly one of ff/fi/fl/ffi/ffl makes a word the lexicon knows and the tail
    alone is not one (``E ective`` → ``Effective``, ``O ender`` → ``Offender``)."""
    if ctx.lang != "en":
        return lines
    out, ex = [], []

    def fix(m: re.Match[str]) -> str:
        joined = _ligature(m.group("head"), m.group("tail"), ctx)
        if joined is None:
            return m.group()
        ex.append(_ex(m.group(), joined))
        return joined

    for ln in lines:
        out.append(replace(ln, text=P.LIGATURE_GAP.sub(fix, ln.text)) if ln.kind == "text" else ln)
    ctx.record("ligatures", "dropped ligatures re-inserted (English editions)", len(ex), ex)
    return out


def mark_glued_footnotes(lines: list[Ln], ctx: Ctx) -> list[Ln]:
    """English editions: a footnote number glued to a word (``player19``)
    becomes a marker ``player[19]``; a later line ``19 A player …`` becomes the
    footnote ``[19] A player …``."""
    if ctx.lang != "en":
        return lines
    # a number is a footnote only when a footnote line with it follows somewhere
    noted = {m.group("num") for ln in lines if ln.kind == "text" and (m := P.FOOTNOTE_LINE_EN.match(ln.text.strip()))}
    seen: set[str] = set()
    out, ex = [], []

    def mark(g: re.Match[str]) -> str:
        if g.group("num") not in noted:
            return g.group()
        seen.add(g.group("num"))
        return f"[{g.group('num')}]"

    for ln in lines:
        if ln.kind != "text":
            out.append(ln)
            continue
        m = P.FOOTNOTE_LINE_EN.match(ln.text.strip())
        if m and m.group("num") in seen:
            out.append(Ln(f"[{m.group('num')}] {m.group('text')}", ln.no, "footnote"))
            ex.append(_ex(ln.text, out[-1].text))
            continue
        text = P.GLUED_FOOTNOTE.sub(mark, ln.text)
        if text != ln.text:
            ex.append(_ex(ln.text, text))
        out.append(replace(ln, text=text))
    ctx.record("footnote_numbers", "footnote numbers glued to words marked (English editions)", len(ex), ex)
    return out


LinePass = Callable[[list[Ln], Ctx], list[Ln]]
#: Line passes, in order.
LINE_PASSES: tuple[LinePass, ...] = (
    drop_chrome,
    drop_contents,
    drop_pagers,
    drop_repeated_pages,
    split_pilcrows,  # these two make new line starts: before the passes that read them
    strip_rules,
    mark_pages,
    mark_page_numbers,
    repair_ligatures,
    mark_glued_footnotes,
    mark_footnotes,
    drop_emphasis_duplicates,
)


# -- paragraphs -----------------------------------------------------------------


#: How much of a paragraph's end the joining rules look at (a word is shorter).
TAIL = 200


class _Para:
    """A paragraph being built. Its text is kept as a list of chunks so that
    adding a line costs the line's length, not the paragraph's: a paragraph
    of 200,000 short lines is built in linear time."""

    def __init__(self, text: str, lines: list[int], page: int | None, page_seq: int, contiguous: bool,
                 role: str = "text", underlined: bool = False, reader_page: int | None = None,
                 starts: list[int] | None = None):
        self._chunks, self._len = [text], len(text)
        self.lines, self.page, self.page_seq, self.contiguous = lines, page, page_seq, contiguous
        self.role, self.underlined, self.reader_page = role, underlined, reader_page
        self.starts = starts if starts is not None else [0]

    @property
    def text(self) -> str:
        """The whole text (joined once, then kept as one chunk)."""
        if len(self._chunks) > 1:
            self._chunks = ["".join(self._chunks)]
        return self._chunks[0]

    @text.setter
    def text(self, value: str) -> None:
        self._chunks, self._len = [value], len(value)

    def __len__(self) -> int:
        return self._len

    def tail(self, n: int = TAIL) -> str:
        """The last ``n`` characters (or fewer), read from the last chunks
        only: never a copy of the whole text."""
        parts, total = [], 0
        for chunk in reversed(self._chunks):
            parts.append(chunk[-(n - total):])
            total += len(parts[-1])
            if total >= n:
                break
        return "".join(reversed(parts))

    def append(self, text: str) -> None:
        """Add ``text`` at the end."""
        self._chunks.append(text)
        self._len += len(text)

    def replace_tail(self, old: str, new: str) -> None:
        """Replace the end ``old`` (as :meth:`tail` gave it) by ``new``."""
        cut = len(old)
        while cut and self._chunks:
            last = self._chunks.pop()
            if len(last) > cut:
                self._chunks.append(last[: len(last) - cut])
                cut = 0
            else:
                cut -= len(last)
        self._chunks.append(new)
        self._len += len(new) - len(old)

    def freeze(self) -> Paragraph:
        return Paragraph(
            text=self.text.strip(),
            lines=tuple(self.lines),
            starts=tuple(self.starts),
            page=self.page,
            page_seq=self.page_seq,
            contiguous=self.contiguous,
            role=self.role,
            underlined=self.underlined,
            reader_page=self.reader_page,
        )


def join_words(head: str, tail: str, ctx: Ctx, hyphen: bool) -> tuple[str, str]:
    """Join ``head`` (ending a line or paragraph) with ``tail`` (starting the next).

    Returns ``(joined, how)`` with ``how`` one of ``"hyphen-kept"``,
    ``"word"`` (the cut word re-joined), ``"space"``. With ``hyphen`` (``head``
    ends in ``-``, перенос): a hyphenated word the lexicon knows keeps its hyphen
    (``по-прежнему``, ``из-за``), otherwise the parts are joined (``прави-`` +
    ``лом`` → ``правилом``). Without a hyphen (a word cut at a page break,
    003:39–41 ``со сто`` ⏎ ``роны``): the parts are joined only when the lexicon
    knows the joined word and not both parts stand as words elsewhere in this
    file; otherwise they are kept apart with a space."""
    tail = tail.lstrip()
    hw = P.TRAILING_WORD.search(head.rstrip("-"))
    tw = P.LEADING_WORD.match(tail)
    if hyphen:
        if tail[:1].isupper() or (hw and tw and ctx.knows(f"{hw['word']}-{tw['word']}")):
            return head + tail, "hyphen-kept"
        return head[:-1] + tail, "word"
    if hw and tw and _cut_word(hw["word"], tw["word"], ctx):
        return head + tail, "word"
    return head.rstrip() + " " + tail, "space"


def _cut_word(a: str, b: str, ctx: Ctx) -> bool:
    if not ctx.knows(a + b):
        return False
    # Each part occurs once at the cut itself: a real word occurs elsewhere too.
    both_words = ctx.vocab[morph.fold(a)] >= 2 and ctx.vocab[morph.fold(b)] >= 2
    return not both_words


def _caps_title_tail(para: _Para, text: str) -> bool:
    """An all-caps line goes on an all-caps law heading, or on a bare one:
    004:76–77 ``Правило 46. … КАРТЫ`` ⏎ ``БОЛВАНА``; ``LAW 61`` ⏎ ``FAILURE TO
    FOLLOW SUIT …`` (English editions)."""
    return para.role == "heading" and text.isupper() and _caps_title(para.text)


class _Reflow:
    """Builds paragraphs from lines; see :func:`reflow`."""

    def __init__(self, ctx: Ctx):
        self.ctx = ctx
        self.paras: list[_Para] = []
        self.cur: _Para | None = None
        self.page: int | None = None
        self.reader: int | None = None
        self.seq = 0
        self.contiguous = False
        self.open_heading = False  # a heading line that may continue (перенос)
        self.last_commentary: tuple[int, int] | None = None
        self.joins: dict[str, list[str]] = {"word": [], "hyphen-kept": [], "space": []}

    def close(self) -> None:
        if self.cur is not None and self.cur.text.strip():
            self.paras.append(self.cur)
        self.cur = None
        self.open_heading = False

    def start(self, ln: Ln, role: str = "text") -> None:
        self.close()
        self.cur = _Para(
            ln.text.strip(), [ln.no], self.page, self.seq, self.contiguous, role, reader_page=self.reader
        )

    def new_page(self, ln: Ln) -> None:
        self.close()
        prev = self.page
        self.page = ln.page if ln.kind == "marker" else None
        self.reader = ln.page if ln.kind == "reader" else None
        self.contiguous = ln.kind == "marker" and prev is not None and ln.page == prev + 1
        self.seq += 1

    def extend(self, ln: Ln) -> None:
        cur = self.cur
        assert cur is not None
        text = ln.text.strip()
        tail = cur.tail()
        if tail.endswith("-") and P.LINE_END_HYPHEN.search(tail) and text[:1].isalpha():
            joined, how = join_words(tail, text, self.ctx, hyphen=True)
            at = len(joined) - len(text)
            self.joins[how].append(_ex(tail[-30:] + "⏎" + text[:20], joined[max(0, at - 30) : at + 20]))
            cur.replace_tail(tail, joined[: len(joined) - len(text)])
        else:
            cur.append(" ")
        cur.append(text)
        cur.lines.append(ln.no)
        cur.starts.append(len(cur) - len(text))

    def feed(self, ln: Ln) -> None:
        if ln.kind in ("marker", "reader"):
            self.new_page(ln)
        elif ln.kind in ("blank", "pend"):
            self.close()
        elif ln.kind == "rule":
            if self.cur is not None:
                self.cur.underlined = True
            elif self.paras and self.paras[-1].page_seq == self.seq:
                self.paras[-1].underlined = True
            self.close()
        elif ln.kind == "footnote":
            self.start(ln, "footnote")
        else:
            self.feed_text(ln)

    def commentary_start(self, text: str) -> bool:
        """004:7 ``45.5. Изменение …`` starts a paragraph when it follows the
        numbering (a later number of the same law, or a later law)."""
        m = P.COMMENTARY.match(text)
        if not m:
            return False
        num = (int(m.group("law")), int(m.group("num")))
        last = self.last_commentary
        if last is not None and num <= last and num[1] != 1:
            return False
        self.last_commentary = num
        return True

    def feed_text(self, ln: Ln) -> None:
        text = ln.text.strip()
        cur = self.cur
        if cur is not None and self.open_heading:
            self.extend(ln)
            self.open_heading = bool(P.LINE_END_HYPHEN.search(cur.tail()))
            if not self.open_heading:
                self.close()
            return
        if self.commentary_start(text):
            self.start(ln)
            return
        if self.ctx.is_heading(text) or cur is None or self.ctx.style == "blank-separated":
            if cur is not None and _caps_title_tail(cur, text):
                self.extend(ln)
                return
            heading = self.ctx.is_heading(text)
            self.start(ln, "heading" if heading else "text")
            if heading and self.ctx.style == "wrapped" and not self.ctx.continues(text):
                self.open_heading = bool(P.LINE_END_HYPHEN.search(text))
                if not self.open_heading and not _caps_title(text):
                    self.close()
            return
        self.extend(ln)


def _caps_title(text: str) -> bool:
    """A law heading whose title is all caps, or missing (``LAW 61``)."""
    m = P.LAW.match(text) or P.LAW_EN.match(text)
    return bool(m and (not m.group("title") or m.group("title").isupper()))


def reflow(lines: list[Ln], ctx: Ctx) -> list[_Para]:
    """Lines → paragraphs (page-aware).

    Paragraphs end at blank lines (blank-separated style, 001/003), pilcrows,
    rules, page markers and footnotes. In wrapped text (000, 004), lines join
    with a space, line-end hyphens are resolved by :func:`join_words`, and a
    line that starts with a label (``A.Title``, ``1.Title``, ``(a).Title``,
    ``Правило 62. …``) is a heading paragraph of its own (continued on the next
    line only after a перенос, or by an all-caps tail of an all-caps title)."""
    rf = _Reflow(ctx)
    for ln in lines:
        rf.feed(ln)
    rf.close()
    for how, desc in (
        ("word", "line-end hyphenation joined (перенос)"),
        ("hyphen-kept", "line-end hyphen kept (a hyphenated word)"),
    ):
        ctx.record(f"hyphenation:{how}", desc, len(rf.joins[how]), rf.joins[how])
    return rf.paras


def join_cut_paragraphs(paras: list[_Para], ctx: Ctx) -> list[_Para]:
    """Re-join a paragraph cut at a line or page break with no hyphen.

    The next paragraph on the same scraped page (or at the top of the page
    that directly follows it) that starts with a lowercase letter continues
    one that has no sentence end: 003:39–41 ``… со сто`` ⏎⏎
    ``роны оппонента`` → ``… со стороны оппонента``; 001:13–15 ``… нарушению
    со`` ⏎⏎ ``стороны вистующего`` → ``… со стороны вистующего``."""
    out: list[_Para] = []
    ex: dict[str, list[str]] = {"word": [], "space": []}
    first_of_page = {id(p) for i, p in enumerate(paras) if i == 0 or paras[i - 1].page_seq != p.page_seq}
    for p in paras:
        prev = out[-1] if out else None
        # the same scraped page, or the top of the page that directly follows (``взя-`` ⏎ ``- 90 -`` ⏎ ``ток``)
        same_text = prev is not None and (
            prev.page_seq == p.page_seq or (p.contiguous and id(p) in first_of_page and p.page_seq == prev.page_seq + 1)
        )
        if (
            prev is not None
            and same_text
            and p.role == "text"
            and prev.role != "footnote"
            and p.text[:1].islower()
            and not P.SENTENCE_END.search(prev.tail())
        ):
            tail = prev.tail()
            hyphen = bool(P.LINE_END_HYPHEN.search(tail))  # a перенос needs a word before the hyphen
            joined, how = join_words(tail, p.text, ctx, hyphen=hyphen)
            at = len(joined) - len(p.text)
            ex.setdefault(how, []).append(_ex(tail[-20:] + "⏎⏎" + p.text[:20], joined[max(0, at - 20) : at + 20]))
            prev.replace_tail(tail, joined[:at])
            base = len(prev)
            prev.append(p.text)
            prev.lines.extend(p.lines)
            prev.starts.extend(base + s for s in p.starts)
            prev.underlined = prev.underlined or p.underlined
            continue
        out.append(p)
    ctx.record("cut_words:word", "words cut by a break re-joined", len(ex["word"]), ex["word"])
    ctx.record("cut_words:space", "paragraphs cut between words re-joined", len(ex["space"]), ex["space"])
    return out


def split_inline_headings(paras: list[_Para], ctx: Ctx) -> list[_Para]:
    """Split a heading glued at the end of a paragraph into its own paragraph.

    001:31 ``… стороной). B.Последующая игра во взятку`` → ``… стороной).`` +
    ``B.Последующая игра во взятку``. Only a label with a title that runs to the
    paragraph end (no sentence inside it) is split."""
    out, ex = [], []
    for p in paras:
        m = P.INLINE_HEADING.search(p.text) if p.role != "footnote" else None
        if not m:
            out.append(p)
            continue
        body = p.text[: m.start()].rstrip()
        head, k = m.group("heading").strip(), m.start("heading")
        ex.append(_ex(p.text[-60:], f"{body[-30:]} | {head}"))
        i = max(j for j, s in enumerate(p.starts) if s <= k)
        if body:
            n = sum(1 for s in p.starts if s < len(body))
            out.append(_Para(body, p.lines[:n], p.page, p.page_seq, p.contiguous, p.role, starts=p.starts[:n]))
        out.append(
            _Para(
                head, p.lines[i:], p.page, p.page_seq, p.contiguous, "heading", p.underlined,
                starts=[max(0, s - k) for s in p.starts[i:]],
            )
        )
    ctx.record("inline_headings", "headings glued to a paragraph split off", len(ex), ex)
    return out


def mark_heading_roles(paras: list[_Para], ctx: Ctx) -> list[_Para]:
    """Give the ``heading`` role to paragraphs that start with a label."""
    for p in paras:
        if p.role == "text" and ctx.is_heading(p.text):
            p.role = "heading"
    heads = [p.text for p in paras if p.role == "heading"]
    ctx.record("headings", "paragraphs that are headings (label and title)", len(heads), [_ex(h, h) for h in heads])
    return paras


def drop_noise_paragraphs(paras: list[_Para], ctx: Ctx) -> list[_Para]:
    """Drop a paragraph that joining lines made into the shape of a page
    marker, pager or rule (``-`` ⏎ ``1`` → ``- 1``): it holds no text, and
    left in place it would be read as a marker when the output is cleaned
    again."""
    out, ex = [], []
    for p in paras:
        t = p.text.strip()
        if P.PAGE_MARKER.match(t) or P.is_pager(t) or P.RULE_LINE.match(t) or P.READER_MARKER.match(t):
            ex.append(_ex(t))
            continue
        out.append(p)
    ctx.record("noise_paragraphs", "paragraphs shaped like a marker or rule after joining lines", len(ex), ex)
    return out


ParaPass = Callable[[list[_Para], Ctx], list[_Para]]
#: Paragraph passes, in order.
PARAGRAPH_PASSES: tuple[ParaPass, ...] = (
    drop_noise_paragraphs,
    join_cut_paragraphs,
    split_inline_headings,
    mark_heading_roles,
)


# -- driver ---------------------------------------------------------------------


def detect_style(text: str) -> str:
    """``"blank-separated"`` when most text lines are followed by a blank line
    (001, 003: one paragraph a line), else ``"wrapped"`` (000, 004)."""
    raw = text.split("\n")
    filled = [i for i, line in enumerate(raw) if line.strip()]
    if not filled:
        return "wrapped"
    followed = sum(1 for i in filled if i + 1 < len(raw) and not raw[i + 1].strip())
    return "blank-separated" if followed >= 0.6 * len(filled) else "wrapped"


def vocabulary(text: str) -> Counter[str]:
    """Folded words (2+ letters) of ``text`` with their counts: the file's own
    lexicon."""
    return Counter(morph.fold(m.group()) for m in P.VOCABULARY_WORD.finditer(text))  # streamed: no list of words


def count_lost(text: str) -> int:
    """Characters the scrape lost as U+FFFD replacement characters."""
    return text.count("\ufffd")


def clean(text: str, line_numbers: Sequence[int] | None = None, lang: str = "ru") -> Cleaned:
    """Clean decoded ``text`` (LF line ends) into paragraphs.

    ``line_numbers`` gives the raw 1-based line of each line of ``text`` when
    the text was extracted from something else (an HTML page); by default line
    ``i`` of ``text`` is raw line ``i``. ``lang`` is the document's language:
    ``"en"`` adds the passes for English editions (contents, page numbers,
    ligatures, glued footnote numbers) and uses the English lexicon. Returns a :class:`Cleaned` whose
    paragraphs carry the raw line numbers they came from and their printed
    page. Never raises on any ``str``. Running :func:`clean` on :func:`render`
    of its own output gives the same paragraphs' text (idempotent)."""
    ctx = Ctx(style=detect_style(text), vocab=vocabulary(text), lang=lang)
    raw = text.split("\n")
    numbers = list(line_numbers) if line_numbers is not None and len(line_numbers) == len(raw) else None
    lines = [Ln(t, numbers[i] if numbers else i + 1, "text" if t.strip() else "blank") for i, t in enumerate(raw)]
    for line_pass in LINE_PASSES:
        lines = line_pass(lines, ctx)
    paras = reflow(lines, ctx)
    for para_pass in PARAGRAPH_PASSES:
        paras = para_pass(paras, ctx)
    _count_repeated_paragraphs(paras, ctx)
    lost = count_lost(text)
    ctx.record("lost", "U+FFFD replacement characters (text lost, kept as is)", lost, [])
    report = CleanReport(tuple(ctx.records), ctx.title)
    return Cleaned(tuple(p.freeze() for p in paras if p.text.strip()), report, ctx.style)


def _count_repeated_paragraphs(paras: list[_Para], ctx: Ctx) -> None:
    """Fill in ``repeated_pages:paragraphs``: the paragraphs of the copies the
    dropped runs repeated (the same text, so the same paragraphs)."""
    held = sum(1 for p in paras if any(lo <= ln <= hi for lo, hi in ctx.repeat_origins for ln in p.lines))
    ctx.records = [replace(r, count=held) if r.name == "repeated_pages:paragraphs" else r for r in ctx.records]


def render(cleaned: Cleaned) -> str:
    """Clean text for people and for re-cleaning: paragraphs separated by a
    blank line, a ``- N -`` line where the printed page changes, a ``..pageN``
    line for reader-page breaks without a printed number."""
    out: list[str] = []
    seq = 0
    for p in cleaned.paragraphs:
        if p.page_seq != seq:
            seq = p.page_seq
            out.append(f"- {p.page} -" if p.page is not None else f"..page{p.reader_page or seq}")
        out.append(p.text)
    return "\n\n".join(out) + ("\n" if out else "")
