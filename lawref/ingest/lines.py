"""ingest.lines: clean's line steps, one small named function each.

Each is ``step(lines, ctx) -> lines`` over the raw lines of one file, in the order of
:data:`lawref.ingest.clean.DEFAULT_STEPS`. Each records what it did (count and
two examples) under its own name. Patterns: :mod:`lawref.patterns`, each with
its seed example.
"""

from __future__ import annotations

import re
from dataclasses import replace

from lawref import patterns as P
from lawref.ingest.state import Ctx, Ln, example
from lawref.lang import english


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
        ex.append(example(ln.text))
    ctx.record("site chrome and book-title lines removed", len(ex), ex)
    return out


def drop_pagers(lines: list[Ln], ctx: Ctx) -> list[Ln]:
    """Drop pager lines (``1 2 3 … 247``)."""
    out = [ln for ln in lines if not P.is_pager(ln.text)]
    ex = [example(ln.text) for ln in lines if P.is_pager(ln.text)]
    ctx.record("pager lines removed", len(ex), ex)
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
    ctx.record("lines dropped as a repeated copy", len(dropped), ex)
    ctx.repeat_origins = [(body[o].no, body[o + n - 1].no) for _, n, o in runs]
    ctx.record("paragraphs those lines held", 0, ex[:1], part="paragraphs")
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
                ex.append(example(ln.text))
            continue
        found = m or g
        assert found is not None
        page = int(found.group("page"))
        last = max(last, page)
        out.append(Ln(ln.text, ln.no, "marker", page))
        if g:  # what follows a glued marker starts a line: strip its rules too
            out.extend(_strip_line(Ln(g.group("rest"), ln.no)))
        ex.append(example(ln.text, g.group("rest") if g else ""))
    ctx.record("page and reader markers taken out of the text", len(ex), ex)
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
        ex.append(example(ln.text, " | ".join(p.strip() for p in parts if p.strip())))
    ctx.record("pilcrows turned into paragraph ends", len(ex), ex)
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
            ex.append(example(ln.text, " | ".join(p.text for p in pieces if p.text)))
    ctx.record("underlines and ?-runs of lost box drawing removed", len(ex), ex)
    qmarks = [e for e in ex if "??" in e]
    ctx.record("of which lines with ?-runs (lost characters, never guessed)", len(qmarks), qmarks, part="qmarks")
    return out


def mark_footnotes(lines: list[Ln], ctx: Ctx) -> list[Ln]:
    """A text line starting ``(*) -`` is a footnote (``(*) - Во время …``)."""
    out, n, ex = [], 0, []
    for ln in lines:
        stripped = ln.text.strip()
        if ln.kind == "text" and (P.FOOTNOTE.match(stripped) or (ctx.lang == "en" and P.FOOTNOTE_EN.match(stripped))):
            ln = replace(ln, kind="footnote")
        if ln.kind == "footnote":
            n += 1
            ex.append(example(ln.text, ln.text))
        out.append(ln)
    ctx.record("footnotes found", n, ex)
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
            ex.append(example(ln.text))
            continue
        out.append(ln)
        if ln.kind == "text":
            prev = ln
    ctx.record("duplicated emphasis lines dropped", len(ex), ex)
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
    ex = [example(lines[i].text) for i in sorted(drop)]
    ctx.record("table-of-contents lines removed (English editions)", len(ex), ex)
    return [ln for i, ln in enumerate(lines) if i not in drop]


def mark_page_numbers(lines: list[Ln], ctx: Ctx) -> list[Ln]:
    """English editions: a lone page number (``58``, ``xii``) left by PDF
    extraction ends the paragraph and is removed."""
    if ctx.lang != "en":
        return lines
    out, ex = [], []
    for ln in lines:
        if ln.kind == "text" and P.PAGE_NUMBER_EN.match(ln.text):
            ex.append(example(ln.text))
            out.append(Ln("", ln.no, "pend"))
        else:
            out.append(ln)
    ctx.record("lone page numbers removed (English editions)", len(ex), ex)
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
        ex.append(example(m.group(), joined))
        return joined

    for ln in lines:
        out.append(replace(ln, text=P.LIGATURE_GAP.sub(fix, ln.text)) if ln.kind == "text" else ln)
    ctx.record("dropped ligatures re-inserted (English editions)", len(ex), ex)
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
            ex.append(example(ln.text, out[-1].text))
            continue
        text = P.GLUED_FOOTNOTE.sub(mark, ln.text)
        if text != ln.text:
            ex.append(example(ln.text, text))
        out.append(replace(ln, text=text))
    ctx.record("footnote numbers glued to words marked (English editions)", len(ex), ex)
    return out
