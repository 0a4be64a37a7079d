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
from lawref.ingest.heads import next_to_markers
from lawref.ingest.state import Ctx, Ln, example
from lawref.lang import english

__all__ = ["drop_contents", "drop_index", "drop_repeated_law_heads", "fold_ligature_forms", "mark_glued_footnotes",
           "mark_lost_suits", "mark_page_numbers", "repair_ligatures", "split_law_heads", "split_numbered_heads"]

#: How many distinct words a file may have tried for a ligature lost with no gap (``oender``).
MAX_UNKNOWN_WORDS = 20_000
#: The one-letter English words (``a ected`` is a gap after ``a``; ``o ender`` is one after no word).
ONE_LETTER_WORDS = frozenset({"a", "i"})
#: The two-letter words English prose uses (any other two letters before or after a gap are a word's piece).
TWO_LETTER_WORDS = frozenset("am an as at be by do go he if in is it me my no of oh on or so to up us we".split())


# -- contents and index ----------------------------------------------------------


def _toc_run(lines: list[Ln], i: int) -> int:
    """How many lines from ``lines[i]`` make one contents entry: 1 (``LAW 12
    - … ..... 15``), 2 (wrapped: ``LAW 12 - DIRECTOR'S`` ⏎ ``POWERS ... 15``)
    or 0 (not an entry)."""
    text = lines[i].text
    if sum(c.isalpha() for c in text) < 2:
        return 0  # ``20 40 80``: a table's row of numbers names nothing
    if P.TOC_LINE.match(text) or P.TOC_TITLE.match(text):
        return 1
    if P.TOC_START.match(text) and _number_next(lines, i):
        return 1  # ``LAW 12 - DIRECTOR'S DISCRETIONARY POWERS`` ⏎⏎ ``4``: the page number on a line of its own
    nxt = lines[i + 1] if i + 1 < len(lines) else None
    if nxt is not None and nxt.kind == "text" and P.TOC_START.match(text) and P.TOC_LINE.match(f"{text} {nxt.text}"):
        return 2
    return 0


def _number_next(lines: list[Ln], i: int) -> bool:
    """The next line after ``lines[i]`` that is not blank is a lone page number."""
    for ln in lines[i + 1 : i + 4]:
        if ln.kind == "blank":
            continue
        return ln.kind == "text" and P.PAGE_NUMBER_EN.match(ln.text) is not None
    return False


def _entry_under(lines: list[Ln], i: int) -> bool:
    """A law's section entry inside a contents run: ``A. Rank of Cards and
    Suits`` — a section label and a title alone, no body."""
    m = P.SECTION_EN.match(lines[i].text.strip()) if lines[i].kind == "text" else None
    return m is not None and english.title_end(m.group("title")) is None and english.looks_like_title(m.group("title"))


def drop_contents(lines: list[Ln], ctx: Ctx) -> list[Ln]:
    """English editions: drop a table of contents — a ``CONTENTS`` line and
    runs of 3+ entries (``LAW 12 - DIRECTOR'S DISCRETIONARY POWERS ..... 15``,
    ``Law 31 Bid Out of Rotation 20``, several laws on one line, an entry
    wrapped over two lines, ``LAW 12 - …`` with its page number on a line of
    its own); blank lines, lone page numbers and the laws' section entries
    (``A. Rank of Cards and Suits``) inside a run belong to it. The entries are listed in the report as contents."""
    if ctx.lang != "en":
        return lines
    drop: set[int] = set()
    run: list[int] = []
    i = 0
    while i <= len(lines):
        ln = lines[i] if i < len(lines) else Ln("", 0)
        n = _toc_run(lines, i) if ln.kind == "text" and i < len(lines) else 0
        if n or (run and i < len(lines) and (ln.kind == "blank" or (ln.kind == "text" and (
                P.PAGE_NUMBER_EN.match(ln.text) or _entry_under(lines, i))))):
            run.extend(range(i, i + max(n, 1)))
            i += max(n, 1)
            continue
        while run and (lines[run[-1]].kind == "blank" or _entry_under(lines, run[-1])):
            run.pop()  # a law's first section after the last entry is the law's own
        entries = sum(1 for k in run if lines[k].kind == "text" and not P.PAGE_NUMBER_EN.match(lines[k].text)
                      and not _entry_under(lines, k))
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


# -- headings -------------------------------------------------------------------


def split_law_heads(lines: list[Ln], ctx: Ctx) -> list[Ln]:
    """English editions: a law's first section printed on the law's heading
    line goes to a line of its own — ``LAW 27 – INSUFFICIENT BID A.
    Acceptance of Insufficient Bid 1. Any …`` → ``LAW 27 – INSUFFICIENT
    BID`` ⏎ ``A. Acceptance …`` (:data:`~lawref.patterns.SECTION_AFTER_LAW_EN`:
    only after a title in capitals, only section A)."""
    if ctx.lang != "en":
        return lines
    out, ex = [], []
    for ln in lines:
        m = P.SECTION_AFTER_LAW_EN.match(ln.text) if ln.kind == "text" else None
        if m is None:
            out.append(ln)
            continue
        k = m.start("section")
        out += [replace(ln, text=ln.text[:k].rstrip()), Ln(ln.text[k:], ln.no)]
        ex.append(example(ln.text, f"{ln.text[:k].strip()} | {ln.text[k:k + 30]}"))
    ctx.record(N_("a law's first section on its heading line put on a line of its own (English editions)"),
               len(ex), ex)
    return out


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
    page marker for :func:`~lawref.ingest.pages.mark_pages`) and the head is
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
    near = {k for k, _ in next_to_markers(lines)}
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
    """``part`` stands as a word: in the word list, one letter only if ``a``
    or ``I``, two letters only if a word prose uses (:data:`TWO_LETTER_WORDS`:
    the list knows ``di`` and ``er``, so ``di er`` would stay unrepaired)."""
    low = part.lower()
    if len(low) <= 2:
        return low in ONE_LETTER_WORDS or low in TWO_LETTER_WORDS
    return english.is_known(part)


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
    and the word they would make is rarer than either (``in ate`` stays:
    *inflate* is a guess there; ``di cult`` is *difficult*, far commoner
    than *di* or *cult*), or ``head`` is a word and the ligature at the
    start of ``tail`` makes a commoner word (``a  nal`` is *a final*)."""
    if head.isupper() != tail.isupper() and not (head[:1].isupper() and tail.islower()):
        return None
    lig = _only_ligature(head, tail)
    if lig is None or not _is_word(head):
        return lig
    joined = english.frequency(head + lig.lower() + tail)
    if _is_word(tail):
        return lig if joined > max(english.frequency(head), english.frequency(tail)) else None
    start = _only_ligature("", tail)  # ``a  nal``: *a final*, not the rare *affinal*
    return None if start is not None and english.frequency(start.lower() + tail) > joined else lig


def _repair_line(text: str, no: int, ctx: Ctx, ex: list[str], starts: Counter[str],
                 tried: dict[str, tuple[int, str | None]], unsure: list[str]) -> str:
    """``text`` with every dropped ligature put back: in a gap (``speci c``),
    at a word's start after two spaces (``the  nal``), or with no gap at all
    (``oender``); each insertion is recorded on raw line ``no``. ``starts``
    counts each word of the file after two spaces: a word (``ow``) is taken
    for a cut one there only when it stands nowhere else in the file;
    ``tried`` holds each word's no-gap answer, decided for the file
    (:func:`_glued_words`)."""
    def put(before: str, lig: str | None, head: str, tail: str) -> str | None:
        if lig is None:
            return None
        ctx.inserted.append((no, lig))
        ex.append(example(before, head + lig + tail))
        return head + lig

    def gap(m: re.Match[str]) -> str:
        head, tail = m.group("head"), m.group("tail")
        lig = _gap(head, tail)
        if lig is None and _only_ligature(head, tail) is not None:
            unsure.append(f"{no}: {head} {tail}")  # one ligature fits, but a commoner reading stands: flagged
        return put(f"{head} {tail}", lig, head, tail) or m.group()

    def start(m: re.Match[str]) -> str:
        tail = m.group("tail")
        elsewhere = ctx.vocab[tail] > starts[tail]
        lig = None if _is_word(tail) and elsewhere else _only_ligature("", tail)
        return f"{put(f' {tail}', lig, '', tail)}{tail}" if lig else m.group()

    def glued(m: re.Match[str]) -> str:
        word = m.group()
        k, lig = tried.get(word, (0, None))
        return (put(word, lig, word[:k], word[k:]) or word[:k]) + word[k:]

    text = P.LIGATURE_GAP.sub(gap, text)
    text = P.LIGATURE_START.sub(start, text)
    return P.LOWER_WORD.sub(glued, text)


#: What stands between two lines of one paragraph when its page turns: blank lines, a page's end, its marker.
_PAGE_BREAK = frozenset({"blank", "pend", "marker"})


def _across_lines(lines: list[Ln], ctx: Ctx, ex: list[str]) -> list[Ln]:
    """``lines`` with each gap a line break made at a dropped ligature joined:
    ``a fresh o`` ⏎ ``ender of the cards`` → ``a fresh offender`` ⏎ ``of the
    cards`` (the word goes to the line it starts on, as with перенос), also
    when the page turns between them (``a e`` ⏎⏎ ``39`` ⏎⏎ ``ective …``)."""
    for k in range(len(lines) - 1):
        nxt = next((j for j in range(k + 1, min(k + 6, len(lines))) if lines[j].kind not in _PAGE_BREAK), k + 1)
        a, b = lines[k], lines[nxt]
        h = P.LINE_END_WORD.search(a.text.rstrip()) if a.kind == "text" and b.kind == "text" else None
        t = P.LINE_START_WORD.match(b.text.lstrip()) if h else None
        spaced = b.text[:1].isspace() and _is_word(h.group("head")) if h else False  # `` nal``: the start rule's
        lig = _gap(h.group("head"), t.group("tail")) if h and t and not spaced else None
        rest = b.text.lstrip()[t.end() :].lstrip() if t else ""
        if h is None or t is None or lig is None or not rest:
            continue
        word = h.group("head") + lig + t.group("tail")
        lines[k], lines[nxt] = replace(a, text=a.text.rstrip() + lig + t.group("tail")), replace(b, text=rest)
        ctx.inserted.append((a.no, lig))
        ex.append(example(f"{h.group('head')} ⏎ {t.group('tail')}", word))
    return lines


#: The fewest distinct words a file must have lost a ligature in, with no gap, before any is put back: one alone
#: (``and...ack!`` on a web page, *flack*) is an English word the list lacks, not an extraction's loss.
MIN_GLUED_LOSSES = 2


def _glued_words(lines: list[Ln]) -> dict[str, tuple[int, str | None]]:
    """``{word: (offset, ligature)}`` (:func:`_no_gap`) for the words of ``lines`` the English word list lacks and
    one ligature makes known — decided for the file: none unless it lost one in a gap too (``speci c``) or with no
    gap in :data:`MIN_GLUED_LOSSES` distinct words or more (a PDF that drops ligatures drops them in every *offender*
    and *final*). At most :data:`MAX_UNKNOWN_WORDS` distinct words are tried: time stays bounded."""
    tried: dict[str, tuple[int, str | None]] = {}
    gaps = False
    for ln in lines:
        if ln.kind != "text":
            continue
        gaps = gaps or any(_gap(m.group("head"), m.group("tail")) for m in P.LIGATURE_GAP.finditer(ln.text))
        for m in P.LOWER_WORD.finditer(ln.text):
            word = m.group()
            if word not in tried and len(tried) < MAX_UNKNOWN_WORDS:
                tried[word] = _no_gap(word) if not english.is_known(word) else (0, None)
    lost = sum(1 for _, lig in tried.values() if lig is not None)
    return tried if gaps or lost >= MIN_GLUED_LOSSES else {}


def _no_gap(word: str) -> tuple[int, str | None]:
    """Where in ``word`` (a code-point offset) the one ligature that makes it
    a known word goes, and that ligature (``oender`` → ``(1, "ff")``, ``nal``
    at a line start → ``(0, "fi")``);
    ``(0, None)`` unless exactly one place and ligature do."""
    heads, tails = english.ligature_parts()
    found = {(k, lig) for k in range(len(word)) if word[:k] in heads and word[k:] in tails
             for lig in P.LIGATURES if english.is_known(word[:k] + lig + word[k:])}
    return found.pop() if len(found) == 1 else (0, None)


def fold_ligature_forms(lines: list[Ln], ctx: Ctx) -> list[Ln]:
    """Any document: a ligature printed as a presentation form (U+FB00–U+FB06,
    ``ﬁnal``, ``oﬀending``) is spelt out in its letters (NFKC of those code
    points only: ``final``, ``offending``). Each line changed is counted, with
    examples; the conservation check counts a form as its letters."""
    out, ex = [], []
    for ln in lines:
        text = ln.text.translate(P.LIGATURE_FORMS) if ln.kind == "text" else ln.text
        if text != ln.text:
            word = next(w for w in ln.text.split() if w.translate(P.LIGATURE_FORMS) != w)
            ex.append(example(word, word.translate(P.LIGATURE_FORMS)))
            ln = replace(ln, text=text)
        out.append(ln)
    ctx.record(N_("ligatures printed as presentation forms spelt out"), len(ex), ex)
    return out


def repair_ligatures(lines: list[Ln], ctx: Ctx) -> list[Ln]:
    """English editions: put back a ligature (ff, fi, fl, ffi, ffl) a PDF
    extraction dropped, where exactly one of them makes a word the English
    word list knows and the two halves are not both words: ``o ender`` →
    ``offender``, ``shu e`` → ``shuffle``, ``speci c`` → ``specific``,
    ``E ective`` → ``Effective``, ``the  nal`` → ``the final``, ``oender`` →
    ``offender`` (in a file that lost them so more than once:
    :func:`_glued_words`). ``in ate`` stays (two words), and so does ``the  at``
    when ``at`` stands elsewhere in the file. Every insertion is counted."""
    if ctx.lang != "en":
        return lines
    ex: list[str] = []
    lines = _across_lines(list(lines), ctx, ex)
    out = []
    starts = Counter(m.group("tail") for ln in lines if ln.kind == "text" for m in P.LIGATURE_START.finditer(ln.text))
    tried = _glued_words(lines)
    unsure: list[str] = []
    for ln in lines:
        out.append(replace(ln, text=_repair_line(ln.text, ln.no, ctx, ex, starts, tried, unsure))
                   if ln.kind == "text" else ln)
    ctx.record(N_("gaps where a ligature may be lost, left as printed (a commoner reading stands)"), len(unsure),
               unsure, part="unsure")
    if len(tried) >= MAX_UNKNOWN_WORDS:
        ctx.note(N_("ligatures lost with no gap were looked for in the first {count} distinct words only").format(
            count=MAX_UNKNOWN_WORDS))
    ctx.record(N_("dropped ligatures re-inserted (English editions)"), len(ex), ex)
    return out


# -- lost suit symbols ------------------------------------------------------------


def mark_lost_suits(lines: list[Ln], ctx: Ctx) -> list[Ln]:
    """English editions: a suit symbol the extraction lost inside
    parentheses after the suit's name (``spades ()``) is marked as a lost
    glyph, ``spades ([?])`` — never guessed; each is counted."""
    if ctx.lang != "en":
        return lines
    out, ex = [], []
    for ln in lines:
        text = P.LOST_SUIT_EN.sub(lambda m: f"{m.group('suit')} ([?])", ln.text) if ln.kind == "text" else ln.text
        if text != ln.text:
            ex.append(example(ln.text, text))
            ln = replace(ln, text=text)
        out.append(ln)
    ctx.record(N_("suit symbols lost inside parentheses marked [?] (English editions)"), len(ex), ex)
    return out


# -- footnotes -------------------------------------------------------------------


def _at_foot(lines: list[Ln], k: int) -> bool:
    """``lines[k]`` stands at a page's foot: only blank lines, footnote
    lines or a page number or marker come between it and the page's end."""
    for ln in lines[k + 1 : k + 6]:
        if ln.kind in ("marker", "pend") or (ln.kind == "text" and P.PAGE_NUMBER_EN.match(ln.text)):
            return True
        if ln.kind == "text" and not (P.FOOTNOTE_LINE_EN.match(ln.text.strip())
                                      or P.FOOTNOTE_LINE_LOWER_EN.match(ln.text.strip())):
            return False
    return False


def _note_line(lines: list[Ln], k: int, seen: set[str]) -> re.Match[str] | None:
    """The footnote ``lines[k]`` opens (``19 When a revoke …``), when its
    number was called before; a note in lower case only at the page's foot."""
    text = lines[k].text.strip()
    m = P.FOOTNOTE_LINE_EN.match(text)
    if m is None and (low := P.FOOTNOTE_LINE_LOWER_EN.match(text)) and low.group("num") in seen and _at_foot(lines, k):
        m = low
    return m if m is not None and m.group("num") in seen else None


def _split_notes(num: str, text: str, called: set[str]) -> list[tuple[str, str]]:
    """The notes of one footnote line: ``13 … ruling. 14 when …`` → notes 13
    and 14 — a later number cuts only when it is the next one and called."""
    notes, at, cur = [], 0, int(num)
    for m in P.NEXT_NOTE_EN.finditer(text):
        if int(m.group("num")) == cur + 1 and m.group("num") in called:
            notes.append((str(cur), text[at : m.start()].strip()))
            cur, at = cur + 1, m.end()
    notes.append((str(cur), text[at:].strip()))
    return notes


def mark_glued_footnotes(lines: list[Ln], ctx: Ctx) -> list[Ln]:
    """English editions: a footnote number glued to a word (``player19``,
    ``CARDS2``, ``ruling.4``) becomes a marker ``player[19]``; a later line
    ``19 A player …`` becomes the footnote ``[19] A player …``. A number is a
    footnote only when such a line follows somewhere; each footnote line
    starts a footnote of its own (two are never merged), two notes printed
    on one line (``13 … 14 …``) are two, and a note that opens in lower
    case is read at a page's foot. A call already in brackets
    (``CARDS[2]``) calls its note too."""
    if ctx.lang != "en":
        return lines
    noted = {m.group("num") for ln in lines if ln.kind == "text"
             for m in (P.FOOTNOTE_LINE_EN.match(ln.text.strip()), P.FOOTNOTE_LINE_LOWER_EN.match(ln.text.strip()),
                       *P.NEXT_NOTE_EN.finditer(ln.text)) if m}
    seen: set[str] = set()
    out, ex = [], []

    def mark(g: re.Match[str]) -> str:
        if g.group("num") not in noted:
            return g.group()
        seen.add(g.group("num"))
        return f"[{g.group('num')}]"

    for k, ln in enumerate(lines):
        if ln.kind != "text":
            out.append(ln)
            continue
        m = _note_line(lines, k, seen)
        if m:
            for num, text in _split_notes(m.group("num"), m.group("text"), seen):
                out.append(Ln(f"[{num}] {text}", ln.no, "footnote"))
                ex.append(example(ln.text, out[-1].text))
            continue
        seen.update(c.group("num") for c in P.BRACKET_CALL_EN.finditer(ln.text))
        text = P.GLUED_FOOTNOTE.sub(mark, ln.text)
        if text != ln.text:
            ex.append(example(ln.text, text))
        out.append(replace(ln, text=text))
    ctx.record(N_("footnote numbers glued to words marked (English editions)"), len(ex), ex)
    return out
