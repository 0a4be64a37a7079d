"""ingest.pdf: clean's steps for English editions copied out of a PDF.

A PDF extraction of the English Laws has its own damage, none of it in the
Russian seeds: a table of contents and an index, lone page numbers (``67 67``
when printed twice), a page number glued to a title in capitals, ligatures
(ff, fi, fl, ffi, ffl) dropped with a space or with nothing, footnote
numbers glued to words. Each step here does nothing unless the document is
English (``ctx.lang == "en"``); each drops only into the build report
(:meth:`~lawref.ingest.state.Ctx.drop`) and records what it re-inserted
(:attr:`~lawref.ingest.state.Ctx.inserted`), so the conservation check
(:mod:`lawref.conserve`) balances.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import replace

from lawref import patterns as P
from lawref.i18n import N_
from lawref.ingest import lines as L
from lawref.ingest.state import Ctx, Ln, example
from lawref.lang import english

__all__ = ["drop_contents", "drop_index", "drop_repeated_law_heads", "mark_glued_footnotes", "mark_page_numbers",
           "repair_ligatures", "split_numbered_heads"]

#: How many distinct words a file may have tried for a ligature lost with no gap (``oender``).
MAX_UNKNOWN_WORDS = 20_000
#: The one-letter English words (``a ected`` is a gap after ``a``; ``o ender`` is one after no word).
ONE_LETTER_WORDS = frozenset({"a", "i"})


# -- contents and index ----------------------------------------------------------


def _toc_run(lines: list[Ln], i: int) -> int:
    """How many lines from ``lines[i]`` make one contents entry: 1 (``LAW 12
    - … ..... 15``), 2 (wrapped: ``LAW 12 - DIRECTOR'S`` ⏎ ``POWERS ... 15``)
    or 0 (not an entry)."""
    text = lines[i].text
    if P.TOC_LINE.match(text) or P.TOC_TITLE.match(text):
        return 1
    nxt = lines[i + 1] if i + 1 < len(lines) else None
    if nxt is not None and nxt.kind == "text" and P.TOC_START.match(text) and P.TOC_LINE.match(f"{text} {nxt.text}"):
        return 2
    return 0


def drop_contents(lines: list[Ln], ctx: Ctx) -> list[Ln]:
    """English editions: drop a table of contents — a ``CONTENTS`` line and
    runs of 3+ entries (``LAW 12 - DIRECTOR'S DISCRETIONARY POWERS ..... 15``,
    ``Law 31 Bid Out of Rotation 20``, several laws on one line, an entry
    wrapped over two lines); blank lines and lone page numbers inside a run
    belong to it. The entries are listed in the report as contents."""
    if ctx.lang != "en":
        return lines
    drop: set[int] = set()
    run: list[int] = []
    i = 0
    while i <= len(lines):
        ln = lines[i] if i < len(lines) else Ln("", 0)
        n = _toc_run(lines, i) if ln.kind == "text" and i < len(lines) else 0
        if n or (run and (ln.kind == "blank" or (ln.kind == "text" and P.PAGE_NUMBER_EN.match(ln.text)))):
            run.extend(range(i, i + max(n, 1)))
            i += max(n, 1)
            continue
        entries = sum(1 for k in run if lines[k].kind == "text" and not P.PAGE_NUMBER_EN.match(lines[k].text))
        if entries >= 3:
            drop.update(run)
        run = []
        i += 1
    return _drop(lines, drop, ctx, N_("table of contents"), N_("table-of-contents lines removed (English editions)"))


def _drop(lines: list[Ln], drop: set[int], ctx: Ctx, reason: str, description: str) -> list[Ln]:
    """``lines`` without those at ``drop``, each recorded as dropped for ``reason``."""
    ex = []
    for k in sorted(drop):
        ctx.drop(lines[k].no, lines[k].text, reason)
        if lines[k].kind == "text":
            ex.append(example(lines[k].text))
    ctx.record(description, len(ex), ex)
    return [ln for k, ln in enumerate(lines) if k not in drop]


def drop_index(lines: list[Ln], ctx: Ctx) -> list[Ln]:
    """English editions: drop the book's index — an ``INDEX`` line followed
    by entries (``Revoke 61, 62, 63, 64``) and short terms (``Director``,
    ``see also Claim``) up to the first line that is neither. Its law
    numbers are not citations. Only an ``INDEX`` line that 3+ entries follow
    starts one (a law that says "Index" stays text)."""
    if ctx.lang != "en":
        return lines
    drop: set[int] = set()
    for k, ln in enumerate(lines):
        if ln.kind == "text" and P.INDEX_TITLE.match(ln.text) and k not in drop:
            run, entries = _index_run(lines, k + 1)
            if entries >= 3:
                drop.update([k, *run])
    return _drop(lines, drop, ctx, N_("index of the book"), N_("index lines removed (English editions)"))


def _index_run(lines: list[Ln], start: int) -> tuple[list[int], int]:
    """The lines of an index from ``start`` (entries, terms, page breaks,
    blanks) and how many are entries with law numbers."""
    run: list[int] = []
    entries = 0
    for k in range(start, len(lines)):
        ln = lines[k]
        if ln.kind == "text" and P.INDEX_ENTRY.match(ln.text):
            entries += 1
        elif not (ln.kind in ("blank", "marker", "rule") or (ln.kind == "text" and P.INDEX_TERM.match(ln.text))):
            break
        run.append(k)
    while run and lines[run[-1]].kind != "text":
        run.pop()  # a page break after the index belongs to what follows
    return run, entries


# -- running heads -------------------------------------------------------------


def _numbered_head(ln: Ln) -> tuple[str, int, str] | None:
    """``(key, page, head)`` of a line that may be a running head printed
    with its page number — never a heading (``LAW 12``, ``A. Title``)."""
    m = P.NUMBERED_HEAD.match(ln.text) if ln.kind == "text" else None
    if m is None or P.HEADING_START_EN.match(ln.text.strip()) or P.LAW_EN.match(ln.text.strip()):
        return None
    head = (m.group("head") or m.group("head2")).strip()
    if len(P.WORD.findall(head)) < 2:
        return None
    return " ".join(head.split()).casefold(), int(m.group("num") or m.group("num2")), head


def split_numbered_heads(lines: list[Ln], ctx: Ctx) -> list[Ln]:
    """English editions: a running head printed on one line with the page
    number (``12  THE LAWS – A TEST EDITION``) — the same words on three
    lines or more, their numbers rising — becomes the lone page number (a
    page marker for :func:`~lawref.ingest.lines.mark_pages`) and the head is
    dropped into the report."""
    if ctx.lang != "en":
        return lines
    found = {k: h for k, ln in enumerate(lines) if (h := _numbered_head(ln))}
    groups: dict[str, list[int]] = {}
    for k, (key, _, _) in found.items():
        groups.setdefault(key, []).append(k)
    heads = {k for ks in groups.values() if len(ks) >= 3
             and all(found[a][1] < found[b][1] for a, b in zip(ks, ks[1:], strict=False)) for k in ks}
    out, ex = [], []
    for k, ln in enumerate(lines):
        if k in heads:
            _, num, head = found[k]
            ctx.drop(ln.no, head, N_("running head (колонтитул) printed with the page number"))
            ex.append(example(ln.text, str(num)))
            ln = replace(ln, text=str(num))
        out.append(ln)
    ctx.record(N_("running heads printed with the page number split off (English editions)"), len(ex), ex)
    return out


def drop_repeated_law_heads(lines: list[Ln], ctx: Ctx) -> list[Ln]:
    """English editions: a running head that repeats the law a page belongs
    to (``LAW 12``, or its whole heading again) at the edge of a page — next
    to a page marker, while law 12 is the last law whose heading was read —
    is dropped as a running head: it is neither a second heading of the law
    nor a citation of it. A law's first heading is never dropped."""
    if ctx.lang != "en":
        return lines
    near = {k for k, _ in L.next_to_markers(lines)}
    heads: dict[int, str] = {}
    last: int | None = None
    drop: set[int] = set()
    for k, ln in enumerate(lines):
        m = P.LAW_EN.match(ln.text.strip()) if ln.kind == "text" else None
        if m is None:
            continue
        num, key = int(m.group("num")), " ".join(ln.text.split()).casefold()
        if num == last and k in near and (not m.group("title") or key == heads.get(num)):
            drop.add(k)
            continue
        heads.setdefault(num, key)
        last = num
    return _drop(lines, drop, ctx, N_("running head (колонтитул): the law's heading again at a page edge"),
                 N_("law headings repeated at page edges dropped (English editions)"))


# -- page numbers ----------------------------------------------------------------


def mark_page_numbers(lines: list[Ln], ctx: Ctx) -> list[Ln]:
    """English editions: a lone page number (``58``, ``67 67``, ``xii``) left
    by PDF extraction ends the paragraph and is removed; a page number glued
    to a law's title in capitals (``LAW 12`` ⏎ ``DIRECTOR'S DISCRETIONARY
    POWERS 15``) is cut off it when it is the page's own number (the page
    marker before it, or the next one)."""
    if ctx.lang != "en":
        return lines
    out: list[Ln] = []
    ex: list[str] = []
    page: int | None = None
    prev: Ln | None = None
    for ln in lines:
        if ln.kind == "marker":
            page = ln.page if ln.page is not None else page
        if ln.kind == "text" and P.PAGE_NUMBER_EN.match(ln.text):
            ex.append(example(ln.text))
            ctx.drop(ln.no, ln.text, N_("page number"))
            out.append(Ln("", ln.no, "pend"))
            continue
        if ln.kind == "text":
            ln = _unglue_title(ln, prev, page, ctx, ex)
            prev = ln
        out.append(ln)
    ctx.record(N_("lone page numbers and page numbers glued to titles removed (English editions)"), len(ex), ex)
    return out


def _unglue_title(ln: Ln, prev: Ln | None, page: int | None, ctx: Ctx, ex: list[str]) -> Ln:
    """``ln`` without a page number glued to its end, when it is a law's
    title in capitals (on a ``LAW 12 - …`` line, or the line after a bare
    ``LAW 12``) and the number is this page's or the next."""
    text = ln.text.rstrip()
    own = P.LAW_EN.match(text)
    after = prev is not None and (m := P.LAW_EN.match(prev.text.strip())) is not None and not m.group("title")
    title: str = (own.group("title") or "") if own else (text if after else "")
    m = P.TITLE_PAGE_NUMBER.match(title) if title else None
    if m is None or not m.group("title").isupper() or page is None or not page <= int(m.group("num")) <= page + 1:
        return ln
    ctx.drop(ln.no, m.group("num"), N_("page number glued to a law title"))
    kept = text[: len(text) - len(title)] + m.group("title")
    ex.append(example(ln.text, kept))
    return replace(ln, text=kept)


# -- ligatures -------------------------------------------------------------------


def _is_word(part: str) -> bool:
    """``part`` stands as a word: in the word list, and one letter only if ``a`` or ``I``."""
    return english.is_known(part) and (len(part) > 1 or part.lower() in ONE_LETTER_WORDS)


def _only_ligature(head: str, tail: str) -> str | None:
    """The one ligature that joins ``head`` and ``tail`` into a known word
    (``o`` + ``ender`` → ``ff``), or ``None`` when none or several do."""
    heads, tails = english.ligature_parts()
    if head.lower() not in heads or tail.lower() not in tails:
        return None
    found = {lig for lig in P.LIGATURES if english.is_known(head + lig + tail)}
    return _cased(found.pop(), tail) if len(found) == 1 else None


def _cased(lig: str, tail: str) -> str:
    """The ligature in the case of the word it goes in (``O ENDER`` → ``FF``)."""
    return lig.upper() if tail.isupper() and len(tail) > 1 else lig


def _gap(head: str, tail: str) -> str | None:
    """The ligature to put in ``head tail`` — unless both halves are words
    (``in ate`` stays: *inflate* is a guess there)."""
    if _is_word(head) and _is_word(tail):
        return None
    if head.isupper() != tail.isupper() and not (head[:1].isupper() and tail.islower()):
        return None
    return _only_ligature(head, tail)


def _repair_line(text: str, no: int, ctx: Ctx, ex: list[str], starts: Counter[str],
                 tried: dict[str, tuple[int, str | None]]) -> str:
    """``text`` with every dropped ligature put back: in a gap (``speci c``),
    at a word's start after two spaces (``the  nal``), or with no gap at all
    (``oender``); each insertion is recorded on raw line ``no``. ``starts``
    counts each word of the file after two spaces: a word (``ow``) is taken
    for a cut one there only when it stands nowhere else in the file;
    ``tried`` remembers each word's no-gap answer (at most
    :data:`MAX_UNKNOWN_WORDS` words a file are tried: time stays bounded)."""
    def put(before: str, lig: str | None, head: str, tail: str) -> str | None:
        if lig is None:
            return None
        ctx.inserted.append((no, lig))
        ex.append(example(before, head + lig + tail))
        return head + lig

    def gap(m: re.Match[str]) -> str:
        head, tail = m.group("head"), m.group("tail")
        return put(f"{head} {tail}", _gap(head, tail), head, tail) or m.group()

    def start(m: re.Match[str]) -> str:
        tail = m.group("tail")
        elsewhere = ctx.vocab[tail] > starts[tail]
        lig = None if _is_word(tail) and elsewhere else _only_ligature("", tail)
        return f"{put(f' {tail}', lig, '', tail)}{tail}" if lig else m.group()

    def glued(m: re.Match[str]) -> str:
        word = m.group()
        k, lig = tried.get(word, (0, None)) if word in tried or len(tried) >= MAX_UNKNOWN_WORDS else (0, None)
        if word not in tried and len(tried) < MAX_UNKNOWN_WORDS:
            k, lig = tried[word] = _no_gap(word) if not english.is_known(word) else (0, None)
        return (put(word, lig, word[:k], word[k:]) or word[:k]) + word[k:]

    text = P.LIGATURE_GAP.sub(gap, text)
    text = P.LIGATURE_START.sub(start, text)
    return P.LOWER_WORD.sub(glued, text)


def _across_lines(lines: list[Ln], ctx: Ctx, ex: list[str]) -> list[Ln]:
    """``lines`` with each gap a line break made at a dropped ligature joined:
    ``a fresh o`` ⏎ ``ender of the cards`` → ``a fresh offender`` ⏎ ``of the
    cards`` (the word goes to the line it starts on, as with перенос)."""
    for k in range(len(lines) - 1):
        a, b = lines[k], lines[k + 1]
        h = P.LINE_END_WORD.search(a.text.rstrip()) if a.kind == "text" and b.kind == "text" else None
        t = P.LINE_START_WORD.match(b.text.lstrip()) if h else None
        lig = _gap(h.group("head"), t.group("tail")) if h and t else None
        rest = b.text.lstrip()[t.end() :].lstrip() if t else ""
        if h is None or t is None or lig is None or not rest:
            continue
        word = h.group("head") + lig + t.group("tail")
        lines[k], lines[k + 1] = replace(a, text=a.text.rstrip() + lig + t.group("tail")), replace(b, text=rest)
        ctx.inserted.append((a.no, lig))
        ex.append(example(f"{h.group('head')} ⏎ {t.group('tail')}", word))
    return lines


def _no_gap(word: str) -> tuple[int, str | None]:
    """Where in ``word`` (a code-point offset) the one ligature that makes it
    a known word goes, and that ligature (``oender`` → ``(1, "ff")``, ``nal``
    at a line start → ``(0, "fi")``);
    ``(0, None)`` unless exactly one place and ligature do."""
    heads, tails = english.ligature_parts()
    found = {(k, lig) for k in range(len(word)) if word[:k] in heads and word[k:] in tails
             for lig in P.LIGATURES if english.is_known(word[:k] + lig + word[k:])}
    return found.pop() if len(found) == 1 else (0, None)


def repair_ligatures(lines: list[Ln], ctx: Ctx) -> list[Ln]:
    """English editions: put back a ligature (ff, fi, fl, ffi, ffl) a PDF
    extraction dropped, where exactly one of them makes a word the English
    word list knows and the two halves are not both words: ``o ender`` →
    ``offender``, ``shu e`` → ``shuffle``, ``speci c`` → ``specific``,
    ``E ective`` → ``Effective``, ``the  nal`` → ``the final``, ``oender`` →
    ``offender``. ``in ate`` stays (two words), and so does ``the  at``
    when ``at`` stands elsewhere in the file. Every insertion is counted."""
    if ctx.lang != "en":
        return lines
    ex: list[str] = []
    lines = _across_lines(list(lines), ctx, ex)
    out = []
    starts = Counter(m.group("tail") for ln in lines if ln.kind == "text" for m in P.LIGATURE_START.finditer(ln.text))
    tried: dict[str, tuple[int, str | None]] = {}
    for ln in lines:
        out.append(replace(ln, text=_repair_line(ln.text, ln.no, ctx, ex, starts, tried)) if ln.kind == "text" else ln)
    if len(tried) >= MAX_UNKNOWN_WORDS:
        ctx.note(N_("ligatures lost with no gap were looked for in the first {count} distinct words only").format(
            count=MAX_UNKNOWN_WORDS))
    ctx.record(N_("dropped ligatures re-inserted (English editions)"), len(ex), ex)
    return out


# -- footnotes -------------------------------------------------------------------


def mark_glued_footnotes(lines: list[Ln], ctx: Ctx) -> list[Ln]:
    """English editions: a footnote number glued to a word (``player19``,
    ``CARDS2``, ``ruling.4``) becomes a marker ``player[19]``; a later line
    ``19 A player …`` becomes the footnote ``[19] A player …``. A number is a
    footnote only when such a line follows somewhere; each footnote line
    starts a footnote of its own (two are never merged)."""
    if ctx.lang != "en":
        return lines
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
    ctx.record(N_("footnote numbers glued to words marked (English editions)"), len(ex), ex)
    return out
