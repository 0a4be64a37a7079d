"""ingest.lines: clean's line steps, one small named function each.

Each is ``step(lines, ctx) -> lines`` over the raw lines of one file, in the order of
:data:`lawref.ingest.clean.DEFAULT_STEPS`. Each records what it did (count and
two examples) under its own name. Patterns: :mod:`lawref.patterns`, each with
its seed example.
"""

from __future__ import annotations

import re
from array import array
from dataclasses import replace

from lawref import patterns as P
from lawref.i18n import N_
from lawref.ingest import frames
from lawref.ingest.state import Ctx, Ln, example
from lawref.lang import morph


def drop_export_marks(lines: list[Ln], ctx: Ctx) -> list[Ln]:
    """Read a txt export of lawref back (``lawref export --format txt``):
    its first line, underlined with ``=``, is the document's title (kept as
    metadata), and its marks (``[фрагмент, стр. 59]``, lost pages, variants,
    :data:`lawref.patterns.EXPORT_MARK`) are lawref's words, not law text.
    Both are dropped and listed in the report; scraped text has neither. The
    gap mark (where one raw file of the document ended and the next began)
    becomes a page break of unknown number, as the file boundary was."""
    out: list[Ln] = []
    ex: list[str] = []
    head = export_title(lines)
    if head is not None:
        title, rule = head
        ctx.title = ctx.title or title.text.strip()
        ctx.drop(title.no, title.text, N_("document title of a lawref txt export (kept as the document's title)"))
        ctx.drop(rule.no, rule.text, N_("underline of that title"))
        ex.append(example(title.text))
        lines = [ln for ln in lines if ln is not title and ln is not rule]
    if head is not None:
        _second_titles(lines, ctx)
    for ln in lines:
        m = P.EXPORT_MARK.match(ln.text) if ln.kind == "text" else None
        if m is None:
            under = ctx.style == "export" and out and out[-1].kind == "text" and P.EXPORT_UNDERLINE.match(ln.text)
            out.append(replace(ln, kind="rule") if under else ln)  # the title of a law whose heading was lost
            continue
        ctx.drop(ln.no, ln.text, N_("lawref's own mark (a txt export), not law text"))
        ex.append(example(ln.text))
        if m["gap"] and ctx.style == "export":  # the files of a document were read apart: a page of unknown number
            out.append(Ln(ln.text, ln.no, "marker", None))
    ctx.record(N_("a lawref txt export's title and marks removed"), len(ex), ex[:2])
    return out


def _second_titles(lines: list[Ln], ctx: Ctx) -> None:
    """A txt export holds one document a file: a second title underlined
    with ``=`` (the export of several documents to one file) is named in
    the report, never read silently into the law before it."""
    for prev, ln in zip(lines, lines[1:], strict=False):
        if P.TITLE_UNDERLINE.match(ln.text) and prev.text.strip() and not P.TITLE_UNDERLINE.match(prev.text):
            ctx.note(N_("line {line}: a second document title «{title}»: a txt export is read as one document a "
                        "file, so what follows is filed under this one — export each document with --doc, or all "
                        "of them to a folder with -o DIR/").format(line=prev.no, title=prev.text.strip()[:60]))


def export_title(lines: list[Ln]) -> tuple[Ln, Ln] | None:
    """The title line of a lawref txt export and its ``=`` underline (its
    first two lines that are not blank), or ``None``: not an export."""
    texts = [ln for ln in lines[:50] if ln.text.strip()][:2]
    if len(texts) == 2 and P.TITLE_UNDERLINE.match(texts[1].text) and not P.TITLE_UNDERLINE.match(texts[0].text):
        return texts[0], texts[1]
    return None


def drop_chrome(lines: list[Ln], ctx: Ctx) -> list[Ln]:
    """Drop site chrome lines and take the book-title line (001:1) as
    metadata. Chrome is known by its shape, on any site
    (:func:`chrome_shape`): the seeds' (000:1 ``ТОП авторов и книг …``), an
    alphabet bar ``А Б В … Я AZ``, a link alone, a line naming a site by
    its domain, a navigation bar, a pager in words, a book's card
    (``Автор: …``, ``Жанр: …``), a reading page's line (``… - читать онлайн
    …``, ``… - Чтение (стр. 17)``). The book's name those lines give is
    learnt from the page, and a short line that is only that name is chrome
    too. A file name glued before the text (``144509.fb2 вправе …``) is cut
    off and the text kept."""
    out, ex = [], []
    names = _book_names(lines)
    verdict: dict[str, str | None] = {}  # once per distinct line: hostile files repeat lines

    def shape_of(text: str) -> str | None:
        if text not in verdict:
            verdict[text] = None if P.BOOK_TITLE.match(text) else chrome_shape(text, names)
        return verdict[text]

    shaped = {k: why for k, ln in enumerate(lines) if ln.kind == "text" and (why := shape_of(ln.text)) is not None}
    shaped.update(_learnt_chrome(lines, ctx.chrome))
    shaped.update(_page_frame(lines, shaped))
    for k, ln in enumerate(lines):
        m = P.BOOK_TITLE.match(ln.text)
        why = None if m or ln.kind != "text" else shaped.get(k)
        if m:  # the book title, also when repeated as a running head (колонтитул)
            ctx.title = ctx.title or m.group("title")
            ctx.drop(ln.no, ln.text, N_("book title (kept as the document's title)"))
        elif why is not None:
            ctx.drop(ln.no, ln.text, why)
        elif ln.kind == "text" and (f := P.FILE_NAME_PREFIX.match(ln.text)) and ln.text[f.end():].strip():
            ctx.drop(ln.no, f.group(), N_("site chrome: a file name before the text"))
            out.append(replace(ln, text=ln.text[f.end():]))
        else:
            out.append(ln)
            continue
        ex.append(example(ln.text))
    ctx.record(N_("site chrome and book-title lines removed"), len(ex), ex)
    return out


#: The longest line taken for chrome by its shape (a site's line is short; law text runs long).
MAX_CHROME_CHARS = 240
#: How far from a page's start or end a walk for its site header or footer goes at most (lines).
FRAME_WALK = 400
#: The longest line of a menu or a header between two chrome lines.
MAX_MENU_CHARS = 60
#: The most menu lines a header holds between two of its chrome lines.
MAX_MENU_LINES = 10
#: The longest line in lower case at a page's very edge, right over its chrome, taken with it (an advert's link).
MAX_EDGE_CHARS = 45


def _learnt_chrome(lines: list[Ln], chrome: frozenset[str]) -> dict[int, str]:
    """Lines in the page's frame that the corpus's pages repeat at the same
    place with other text after them (:mod:`lawref.ingest.frames`)."""
    if not chrome:
        return {}
    texts = [k for k, ln in enumerate(lines) if ln.kind == "text" and ln.text.strip()]
    frame = set(texts[: frames.FRAME_LINES]) | set(texts[-frames.FRAME_LINES:])
    return {k: N_("site chrome: the same line at the same place of the site's other pages") for k in frame
            if frames.key(lines[k].text) in chrome and not _labelled(lines[k].text.strip())}


def _page_frame(lines: list[Ln], shaped: dict[int, str]) -> dict[int, str]:
    """The rest of a site's header and footer: short lines with no shape of
    their own (menu items ``Поиск по сайту``, ``Фантастика. Фэнтези``,
    another book's name, ``сообщить о нарушении`` between two card lines).
    Walked from the page's start and from its end inward: a chrome line
    (:func:`chrome_shape`, or a pager) or a page marker goes on; a line a
    menu can be (:func:`_menu_like`) goes on when a chrome line follows
    within :data:`MAX_MENU_LINES` lines, all of them menu lines; the first
    other line — a law heading, text, a sentence — ends the frame, and
    nothing past it is taken. A line in lower case is taken only between two
    chrome lines."""
    texts = [k for k, ln in enumerate(lines) if ln.kind == "text" and ln.text.strip()]
    found: dict[int, str] = {}

    def chrome(k: int) -> bool:  # a pager holds two numbers or more (one is a page marker, ``- 89 -``)
        run = pager_numbers(lines[k].text) if k not in shaped else None
        return k in shaped or (run is not None and len(run) >= 2)

    def chrome_ahead(ahead: list[int], lower: bool) -> bool:
        """A chrome line comes before any line a menu cannot be."""
        for j in ahead:
            if chrome(j):
                return True
            text = lines[j].text
            if not (looks_like_marker(text) or P.READER_MARKER.match(text) or _menu_like(text, lower)):
                return False
        return False

    for order in (texts, texts[::-1]):
        after_chrome = False
        for i, k in enumerate(order[:FRAME_WALK]):
            text = lines[k].text
            if chrome(k) or looks_like_marker(text) or P.READER_MARKER.match(text):
                after_chrome = after_chrome or chrome(k)
                continue
            ahead = order[i + 1 : i + 1 + MAX_MENU_LINES]
            sandwiched = after_chrome and chrome_ahead(ahead[:2], lower=True)
            edge = i == 0 and len(text.strip()) <= MAX_EDGE_CHARS and bool(ahead) and chrome(ahead[0])  # an advert's
            if (_menu_like(text) and chrome_ahead(ahead, lower=False)) or (  # link over the header: ``душевой уголок``
                    (sandwiched or edge) and _menu_like(text, True)):
                found[k] = N_("site chrome: a menu line in the page's header or footer")
                continue
            break
    return found


def _menu_like(text: str, lower: bool = False) -> bool:
    """A line a site's menu or header can be: short, not starting in lower
    case (unless ``lower``), no law heading or label, no sentence of text (a
    word or two with a full stop is a menu item: ``Преферанс.``)."""
    t = text.strip()
    return (len(t) <= MAX_MENU_CHARS and (lower or not t[:1].islower()) and not P.LAW_HEADING_LINE.match(t)
            and not _labelled(t)
            and not P.COMMENTARY.match(t) and not (len(t.split()) >= 3 and re.search(r"[а-яёa-z]{2}[.!?;:]$", t)))


def chrome_shape(text: str, names: frozenset[str] = frozenset()) -> str | None:
    """Why ``text`` is a site's chrome by its shape, or ``None``. ``names``:
    book names the page's own reading lines gave (:func:`_book_names`). A
    law heading is never chrome."""
    t = text.strip()
    if not t or len(t) > MAX_CHROME_CHARS or P.LAW_HEADING_LINE.match(t) or P.CONTENTS_TITLE.match(t):
        return None  # a spaced ``П Р Е Д М Е Т Н Ы Й`` is an index's title (drop_leader_lists), not an alphabet bar
    if P.CHROME.match(t) or _alphabet_bar(t) or P.NAV_BAR.match(t) or P.PAGER_WORDS.match(t):
        return N_("site chrome")
    if P.URL_LINE.match(t) or P.FILE_NAME_PREFIX.fullmatch(t):
        return N_("site chrome: a link")
    if P.BOOK_CARD.match(t) or P.READING_LINE.search(t):
        return N_("site chrome: the book's card or reading line")
    if P.WEB_UI.search(t) and len(t) <= MAX_MENU_CHARS * 2:
        return N_("site chrome")
    if P.DOMAIN.search(t) and not P.SENTENCE_END.search(t):
        return N_("site chrome: a line naming a site")
    if morph.fold(" ".join(t.split())) in names:
        return N_("site chrome: the book's name")
    return None


def _alphabet_bar(text: str) -> bool:
    """An alphabet bar (``А Б В … Я AZ``): single letters in alphabet order —
    never a title printed letter-spaced (``П Р А В И Л А``)."""
    if not P.ALPHABET_BAR.match(text):
        return False
    letters = [t for t in re.split(r"[\s|·•,]+", text) if len(t) == 1 and t.isalpha()]
    rising = sum(1 for a, b in zip(letters, letters[1:], strict=False) if b > a)
    return rising >= 0.8 * max(1, len(letters) - 1)


def _book_names(lines: list[Ln]) -> frozenset[str]:
    """Book names the page's reading lines give (``Все о Бридже - читать
    онлайн`` → ``все о бридже``), folded, spaces collapsed."""
    found = set()
    for ln in lines[:400]:
        m = P.BOOK_NAME.search(ln.text) if ln.kind == "text" and len(ln.text) <= MAX_CHROME_CHARS else None
        name = m and (m.group("name") or m.group("quoted") or m.group("read"))
        if name:
            found.add(morph.fold(" ".join(name.split())))
    return frozenset(found)


#: The longest line taken for a pager (``1 2 3 … 999``, with fillers, is far shorter).
MAX_PAGER = 5000


def is_pager(line: str) -> bool:
    """A pager: the numbers 1, 2, 3 … N and nothing else but ``...``, ``…``,
    arrows and «Назад/Вперед»; consecutive except across an ellipsis, and at
    least 10 numbers (5 with an ellipsis), so a row of a scoring table
    (``1 2 3 4 5 6 7``) is never taken for one. 000:142 ``1 2 3 … 247``."""
    run = pager_numbers(line)
    return run is not None and run[0][0] == 1 and len(run) >= (4 if any(gap for _, gap in run) else 10)


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


def _repeated_word_runs(words: list[str]) -> list[tuple[int, int, int]]:
    """``(start, length, start of the earlier copy)`` of every run of
    ``words`` that repeats an earlier run word for word, found by shingles
    of :data:`SHINGLE` words and extended greedily: linear in the words."""
    first: dict[int, int] = {}  # hash of a shingle → where it first stands (checked word by word below)
    runs: list[tuple[int, int, int]] = []
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
        first.setdefault(key, i)
        i += 1
    return runs


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
    runs = _repeated_word_runs(words)
    if not runs:
        ctx.record(N_("lines dropped as a repeated copy"), 0, [])
        ctx.record(N_("paragraphs those lines held"), 0, [], part="paragraphs")
        return lines
    cut: dict[int, list[int]] = {}  # line → [words cut, where the first cut starts, where the last ends]
    whole: set[int] = set()
    for start, n, _ in runs:
        whole.update(range(ks[start], ks[start + n - 1] + 1))
        for i in range(start, start + n):
            c = cut.setdefault(ks[i], [0, starts[i], ends[i]])
            c[0], c[2] = c[0] + 1, ends[i]
    by_line: dict[int, tuple[int, int]] = {}  # line → (its number of words, where its first word starts)
    for k, a in zip(ks, starts, strict=True):
        n_words, first = by_line.get(k, (0, a))
        by_line[k] = (n_words + 1, first)
    out, dropped = [], 0
    for k, ln in enumerate(lines):
        if k not in whole:
            out.append(ln)
            continue
        n_cut, lo, hi = cut.get(k, (0, 0, 0))
        kept = _without_words(ln.text, n_cut, lo, hi, *by_line.get(k, (0, 0)))
        reason = N_("repeats earlier text")
        if kept.strip() and any(ch.isalnum() for ch in kept):
            ctx.drop(ln.no, ln.text[lo:hi] if n_cut else "", reason)
            out.append(replace(ln, text=kept))
        else:
            ctx.drop(ln.no, ln.text, reason)
            dropped += 1
    ex = [N_("lines {first}–{last} repeat lines {origin}–{origin_last}").format(
        first=lines[ks[s]].no, last=lines[ks[s + n - 1]].no, origin=lines[ks[o]].no,
        origin_last=lines[ks[o + n - 1]].no) for s, n, o in runs]
    ctx.record(N_("lines dropped as a repeated copy"), dropped, ex)
    ctx.repeat_origins = [(lines[ks[o]].no, lines[ks[o + n - 1]].no) for _, n, o in runs]
    ctx.record(N_("paragraphs those lines held"), 0, ex[:1], part="paragraphs")
    return out


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
    word folded (:func:`~lawref.patterns.latin_fold`; one string a distinct
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
            words.append(folded.setdefault(w, P.latin_fold(w)))
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
    under the law before it; the report says so."""
    pages, out, ex = _Pages(), [], []
    heads = _page_heads(lines)
    run = page_run(lines, heads)
    for k, ln in enumerate(lines):
        if ln.kind != "text":
            out.append(ln)
            continue
        if k not in run and P.BARE_NUMBER.match(ln.text):
            out.append(ln)  # a bare number off the file's run of pages: a table's or a list's number, a year
            continue
        pieces = _marker_pieces(ln, pages, ctx, k in heads)
        out.extend(pieces)
        if pieces != [ln]:
            ex.append(example(ln.text, " | ".join(p.text if p.kind == "text" else f"<{p.page}>" for p in pieces)))
    ctx.record(N_("page and reader markers taken out of the text"), len(ex), ex)
    return _footers_to_headers(out)


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


def _footers_to_headers(lines: list[Ln]) -> list[Ln]:
    """Page numbers printed at the foot of their page (a PDF extraction: the
    file ends with one and does not start with one) are moved to the top of
    the text they close, so every marker opens its own page as in the seeds
    (``- 89 -`` above page 89's text)."""
    filled = [ln for ln in lines if ln.kind not in ("blank", "rule")]
    if not filled or filled[-1].kind != "marker" or filled[0].kind == "marker":
        return lines
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


def _marker_pieces(ln: Ln, pages: _Pages, ctx: Ctx, head: bool = False) -> list[Ln]:
    """``ln`` as pieces: unchanged, or with its marker made a ``marker`` line
    (``head``: the line is a page head with its number, :func:`_page_heads`)."""
    text = ln.text
    if r := P.READER_MARKER.match(text):
        ctx.drop(ln.no, text, N_("reader page marker"))
        return [Ln(text, ln.no, "reader", int(r.group("page")))]
    whole = P.PAGE_MARKER.match(text) or P.BARE_NUMBER.match(text) or (P.HEAD_MARKER.match(text) if head else None)
    if whole:
        return [_marker(ln, text, _page_of(whole), pages, ctx)]
    if P.MARKER_LIKE.match(text) and not P.LABEL_ONLY.match(text):
        return [_marker(ln, text, None, pages, ctx)]
    glued = P.PAGE_MARKER_GLUED.match(text)
    if glued:
        n, rest = _page_of(glued), glued.group("rest")
        if pages.plausible(n) and (pages.fits(n) or not _counts_something(rest)):
            marker = _marker(ln, text[: glued.start("rest")].strip(), n, pages, ctx)
            return [marker, *_strip_line(Ln(rest, ln.no))]  # what follows starts a line: strip its rules too
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


def drop_running_heads(lines: list[Ln], ctx: Ctx) -> list[Ln]:
    """Drop running heads (колонтитулы): a line that stands next to a page
    marker (the first line after it, or the last before it) and stands so,
    in two copies at least, at two markers or more — the book's title, a chapter's name
    (``Глава VI. Розыгрыш``), which is not a chapter heading — or equals the
    book title found by :func:`drop_chrome`. A line that starts in lower case
    or ends a sentence is never a running head."""
    near = next_to_markers(lines)
    key = {k: " ".join(lines[k].text.split()).casefold() for k, _ in near}
    pages: dict[str, set[int]] = {}
    copies: dict[str, set[int]] = {}
    for k, marker in near:
        pages.setdefault(key[k], set()).add(marker)
        copies.setdefault(key[k], set()).add(k)
    title = " ".join((ctx.title or "").split()).casefold()
    heads = {k for k, _ in near if _may_be_head(lines[k].text)
             and ((len(pages[key[k]]) >= 2 and len(copies[key[k]]) >= 2) or (title and key[k] == title))}
    ex = []
    for k in sorted(heads):
        ex.append(example(lines[k].text))
        ctx.drop(lines[k].no, lines[k].text, N_("running head (колонтитул)"))
    ctx.record(N_("running heads next to page markers dropped"), len(ex), ex)
    return [ln for k, ln in enumerate(lines) if k not in heads]


def _may_be_head(text: str) -> bool:
    """A running head is a title: it neither starts in lower case nor ends a
    sentence or clause (the last line of a paragraph, ``Director at once and
    waits for the ruling.``, may stand at two page ends and is law text)."""
    text = text.strip()
    return not text[:1].islower() and not text.endswith((".", ",", ";", ":", "!", "?", "…")) and not _labelled(text)


def _labelled(text: str) -> bool:
    """A law, section, subsection or item heading (``B.Порядок исправления``,
    ``Правило 62. …``, ``LAW 62 …``): never a running head, even when its
    title recurs at page tops in two laws (a chapter's name is one:
    ``Глава VI. Розыгрыш``)."""
    return bool(P.LAW_HEADING_LINE.match(text) or P.SECTION.match(text) or P.SUBSECTION.match(text)
                or P.ITEM.match(text) or P.SPACED_LABEL.match(text) or P.SECTION_EN.match(text))


def next_to_markers(lines: list[Ln]) -> list[tuple[int, int]]:
    """``(index of a text line, index of its marker)`` for the text lines
    right after and right before each marker (blank lines and rules between
    them do not count)."""
    found = set()
    for k, ln in enumerate(lines):
        if ln.kind != "marker":
            continue
        for step in (1, -1):
            j = k + step
            while 0 <= j < len(lines) and lines[j].kind in ("blank", "rule"):
                j += step
            if 0 <= j < len(lines) and lines[j].kind == "text":
                found.add((j, k))
    return sorted(found)


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
    ctx.record(N_("pilcrows turned into paragraph ends"), len(ex), ex)
    return out


def split_glued_headings(lines: list[Ln], ctx: Ctx) -> list[Ln]:
    """A heading glued to the text before it starts a line of its own
    (:data:`~lawref.patterns.GLUED_HEADING`): ``ПРАВИЛО 7. КОНТРОЛЬ
    КОРОБКИA. Положение коробкиКоробка лежит ….B. Карты в кармане1. Перед
    игройИгрок …`` → the law heading, ``A. …``, ``B. …``, ``1. …`` each on
    a line (the title glued to its body is split by the parser:
    :func:`lawref.parse.title_end`). Only a Russian line that holds a
    heading label at its start or a glued law heading is split — a label
    glued into running prose of a file that has no such layout stays text."""
    out, ex = [], []
    for ln in lines:
        text = ln.text
        cuts = [m.start() for m in P.GLUED_HEADING.finditer(text)] if ln.kind == "text" and ctx.lang == "ru" else []
        labelled = ln.kind == "text" and ctx.lang == "ru" and bool(
            ctx.is_heading(text.lstrip()) or P.SPACED_LABEL.match(text.lstrip()))
        if labelled:
            cuts = sorted({*cuts, *_run_in_cuts(text)})
        if ln.kind == "text" and ctx.lang == "ru" and (P.CHAPTER.match(text.strip()) or P.PART.match(text.strip())):
            cuts = sorted({*cuts, *(m.start("head") for m in P.DIVISION_IN_LINE.finditer(text))})
            labelled = labelled or bool(cuts)
        if not cuts or not (labelled or any(text.startswith(("ПРАВИЛО", "Правило"), k) for k in cuts)):
            out.append(ln)
            continue
        bounds = [0, *cuts, len(text)]
        pieces = [text[a:b] for a, b in zip(bounds, bounds[1:], strict=False)]
        out.extend(Ln(piece, ln.no) for piece in pieces if piece.strip())
        ex.append(example(text, " | ".join(piece.strip()[:30] for piece in pieces)))
    ctx.record(N_("headings glued to the text before them put on lines of their own"), len(ex), ex)
    return out


_LATIN_ORDER = "ABCDEFGHJKLMN"
_CYRILLIC_ORDER = "АБВГДЕЖЗИКЛМН"


def _run_in_cuts(text: str) -> list[int]:
    """Where items run into one paragraph start, after a sentence mark and a
    space (``Б. НАРУШЕНИЕ УКАЗАНО ЗРИТЕЛЕМ. 1. Зритель, … стороны. 2. Зритель
    …``; :data:`~lawref.patterns.RUN_IN_LABEL`): a label is a cut only in
    sequence — ``1`` or ``A``/``А``, or the one after the last label the line
    opened or was cut at (``стр. 5. Это`` is no item: a single letter before
    the mark, and no sequence)."""
    first = P.SPACED_LABEL.match(text.lstrip()) or P.HEADING_START.match(text.lstrip())
    opened = text.lstrip().split(".", 1)[0] if first else ""
    last: dict[str, str] = {"digit": opened if opened.isdigit() else "", "letter": opened if len(opened) == 1 else ""}
    cuts = []
    for m in P.RUN_IN_LABEL.finditer(text):
        label = m.group("label")
        kind = "digit" if label.isdigit() else "letter"
        if _follows(label, last[kind]):
            cuts.append(m.start("label"))
            last[kind] = label
            if kind == "letter":
                last["digit"] = ""  # a new section: its subsections count from 1
    return cuts


def _follows(label: str, before: str) -> bool:
    """``label`` is the first of its kind or the one after ``before``."""
    if label.isdigit():
        return int(label) == 1 if not before.isdigit() else int(label) == int(before) + 1
    for order in (_LATIN_ORDER, _CYRILLIC_ORDER):
        if label in order:
            if before and before in order:
                return order.index(label) == order.index(before) + 1
            return label == order[0]
    return False


def _rule_pieces(text: str) -> list[str]:
    """``text`` split at its ``?`` runs and runs of lost box drawing (:data:`~lawref.patterns.BOX_RUN`)."""
    cuts = sorted([(m.start(), m.end()) for m in P.QMARK_RUN.finditer(text)]
                  + [(m.start(), m.end()) for m in P.BOX_RUN.finditer(text)])
    pieces, at = [], 0
    for a, b in cuts:
        if a >= at:
            pieces.append(text[at:a])
            at = b
    return [*pieces, text[at:]]


def _split_qmarks(ln: Ln) -> list[Ln]:
    pieces = [mark_lost_glyphs(piece)[0] for piece in _rule_pieces(ln.text)]  # a split leaves new edges
    out = [Ln(pieces[0].rstrip(), ln.no)] if pieces[0].strip() else []
    for piece in pieces[1:]:
        rest = piece.strip()
        if out and _is_title_tail(rest) and out[-1].kind == "text":
            out[-1] = Ln(out[-1].text.rstrip() + " " + rest, ln.no)
            out.append(Ln("", ln.no, "rule"))
            continue
        out.append(Ln("", ln.no, "rule"))
        if rest.strip("? \t"):  # a rest of ``?`` alone (``????? ??``) belongs to the rule
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
    if not P.QMARK_RUN.search(ln.text) and not P.BOX_RUN.search(ln.text):
        return [ln]
    out: list[Ln] = []
    for piece in _split_qmarks(ln):
        out.extend(_strip_line(piece, depth + 1) if piece.kind in ("text", "footnote") else [piece])
    return out


def mark_lost_glyphs(text: str) -> tuple[str, int]:
    """Keep characters the scrape lost inside a sentence visibly, as
    ``[?]``: a suit symbol before card ranks (``держит ?AK ?Q`` →
    ``держит [?]AK [?]Q``) and a short ``?`` run between words (``держит
    ???? ?AK`` → ``держит [????] [?]AK``, also at a line's end after a word).
    They are never a break, never a word of the index, never guessed. A run
    at a line's start is a lost rule (003:71 ``?????? Когда …``) unless it is
    glued to the word after it (``??1``: that word's lost letters). Returns
    the text and how many were marked."""
    count = 0
    # Where the line's first and last letter or digit and non-space stand: each run asks only these, so a
    # line of many runs is read once, not once a run (issue 22: every pass linear).
    alnum = [i for i, c in enumerate(text) if c.isalnum()] if P.LOST_RUN.search(text) else []
    first_alnum, last_alnum = (alnum[0], alnum[-1]) if alnum else (len(text), -1)
    first_ink = len(text) - len(text.lstrip())
    last_ink = len(text.rstrip()) - 1

    def run(m: re.Match[str]) -> str:
        nonlocal count
        start, end = m.start(), m.end()
        left_word, left_blank = first_alnum < start, first_ink >= start
        right_word, right_blank = last_alnum >= end, last_ink < end
        # after a word, and before one or at the line's end (where reflow may join the next line);
        # or a line of one or two ``?`` (too short for a rule)
        inside = left_word and (right_word or right_blank)
        inside = inside or (left_blank and right_blank and len(m.group()) <= 2)
        # glued to the word it starts (``??1``, ``??ода``): lost letters of that word, not a rule — a rule
        # stands apart (003:71 ``?????? Когда``); else joining lines would mark it only on a second clean
        inside = inside or (left_blank and text[end : end + 1].isalnum())
        after = _ink_from(text, end)
        opens = P.HEADING_START.match(after) or P.FOOTNOTE.match(after)
        if len(m.group()) > P.MAX_LOST_RUN or not inside or opens:
            return m.group()
        count += 1
        return f"[{m.group()}]"

    def suit(m: re.Match[str]) -> str:
        nonlocal count
        count += 1
        return "[?]"

    text = P.LOST_RUN.sub(run, text)
    return P.LOST_SUIT.sub(suit, text), count


#: How much of what follows a ``?`` run is enough to tell a heading or footnote opening there.
_OPENING_CHARS = 200
_INK = re.compile(r"\S")


def _ink_from(text: str, at: int) -> str:
    """``text[at:].lstrip()``, but only its first :data:`_OPENING_CHARS`
    characters copied (so a run's check costs its distance to the next word)."""
    m = _INK.search(text, at)
    return text[m.start() : m.start() + _OPENING_CHARS] if m else ""


#: Share of a file's lines that must open with a bar for it to be a box's left border.
BORDER_SHARE = 0.8
#: Fewest lines a box border runs down.
MIN_BORDER_LINES = 10
_BORDER = re.compile(r"^\s*[|│┃║]")


def strip_box_borders(lines: list[Ln], ctx: Ctx) -> list[Ln]:
    """A text-mode page drawn in a box (a 1990s text file: ``|`` or ``│``
    down its left edge on every line) loses the box's left border, decided
    for the file at once: when :data:`BORDER_SHARE` of its non-blank lines
    (and :data:`MIN_BORDER_LINES` at least) open with a bar, each loses that
    one bar (a line of only the bar becomes blank). The bars go to the
    report; a table's ``|`` inside a line stays."""
    filled = [ln for ln in lines if ln.kind == "text" and ln.text.strip()]
    opened = [ln for ln in filled if _BORDER.match(ln.text)]
    if len(opened) < MIN_BORDER_LINES or len(opened) < BORDER_SHARE * len(filled):
        ctx.record(N_("left borders of a text-mode box removed"), 0, [])
        return lines
    out: list[Ln] = []
    ex: list[str] = []
    for ln in lines:
        m = _BORDER.match(ln.text) if ln.kind == "text" else None
        if m is None:
            out.append(ln)
            continue
        rest = ln.text[m.end():]
        ctx.drop(ln.no, m.group().strip(), N_("a text-mode box's left border"))
        out.append(Ln(rest, ln.no, "text" if rest.strip() else "blank"))
        if len(ex) < 2:
            ex.append(example(ln.text, rest))
    ctx.record(N_("left borders of a text-mode box removed"), len(opened), ex)
    return out


def strip_rules(lines: list[Ln], ctx: Ctx) -> list[Ln]:
    """Underlines and ``?`` runs (lost box drawing) become ``rule`` separators.

    Characters lost inside a sentence are marked first and kept
    (:func:`mark_lost_glyphs`). Whole-line rules (``-----``, ``== == ==``,
    ``??????``) and rules glued before text (``---- относительно …``) are
    removed; a longer inline ``?`` run splits the line, except when a short
    lowercase tail of a title follows (``отменённой ???…??? заявки`` →
    ``отменённой заявки``). Text after a run that starts ``(*) -`` is a
    footnote."""
    out, ex, lost = [], [], []
    for ln in lines:
        if ln.kind == "text":
            marked, n = mark_lost_glyphs(ln.text)
            if n:
                lost.append(example(ln.text, marked))
                ln = replace(ln, text=marked)
        pieces = _strip_line(ln) if ln.kind == "text" else [ln]
        out.extend(pieces)
        if pieces != [ln]:
            ex.append(example(ln.text, " | ".join(p.text for p in pieces if p.text)))
            kept = "".join(p.text for p in pieces)
            if len(kept) < len(ln.text.strip()):
                ctx.drop(ln.no, _rule_chars(ln.text, kept), N_("underline or ?-run (lost box drawing)"))
    ctx.record(N_("underlines and ?-runs of lost box drawing removed"), len(ex), ex)
    qmarks = [e for e in ex if "??" in e]
    ctx.record(N_("of which lines with ?-runs (lost characters, never guessed)"), len(qmarks), qmarks, part="qmarks")
    ctx.record(N_("characters lost inside a sentence, kept as [?]"), len(lost), lost, part="lost")
    return out


def _rule_chars(text: str, kept: str) -> str:
    """What a rule removal took from ``text``: its non-space characters that
    ``kept`` does not hold (rule characters only, so no word)."""
    left = kept.replace(" ", "")
    at, taken = 0, []  # an index into ``left``, not pops from its front: linear in the line (issue 22)
    for ch in text.replace(" ", ""):
        if at < len(left) and ch == left[at]:
            at += 1
        else:
            taken.append(ch)
    return "".join(taken)


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
            drop.update(r for r in range(first, _list_end(lines, run[-1]) + 1) if lines[r].kind == "text"
                        and not looks_like_marker(lines[r].text))
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
        if k in taken or ln.kind != "text" or not P.CONTENTS_TITLE.match(ln.text):
            continue
        entries: list[int] = []
        after = None  # the first line that is no entry
        index = _is_index([ln.text])
        if index and not indexes:
            continue
        for j in range(k + 1, len(lines)):
            t = lines[j].text.strip()
            if lines[j].kind != "text" or not t or looks_like_marker(t):
                continue
            if index:  # an index's entries are terms: a law's or a section's heading is no entry of it
                entry = not _labelled(t) and bool(P.INDEX_ENTRY_ANY.match(t) or _index_term(t))
            else:
                entry = bool(P.CONTENTS_ENTRY_HEAD.match(t))
            if len(t) > MAX_ENTRY_CHARS or len(t.split()) > MAX_ENTRY_WORDS or not entry:
                after = j
                break
            entries.append(j)
        if after is not None and entries and not index:
            entries.pop()  # the last heading before text may be that text's own heading: it stays
        if len(entries) >= MIN_ENTRIES:
            found.update([k, *entries])
    return found


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
    list either (its title is in the report). Russian and English."""
    heads = [k for k, ln in enumerate(lines) if ln.kind == "text" and P.LAW_HEADING_LINE.match(ln.text.strip())]
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
    ex = [example(lines[k].text) for k in sorted(drop)]
    for k in sorted(drop):
        ctx.drop(lines[k].no, lines[k].text, N_("list of law titles (the laws' real headings come later)"))
    ctx.record(N_("lists of law titles printed before the bodies dropped"), len(ex), ex)
    return [ln for k, ln in enumerate(lines) if k not in drop]


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


def repair_lost_yo(lines: list[Ln], ctx: Ctx) -> list[Ln]:
    """``„`` where a lost ``ё`` stood (``вс„`` → ``всё``, ``сч„т`` → ``счёт``;
    :data:`~lawref.patterns.LOST_YO`) is repaired when the lexicon knows the
    word with ``ё`` — and never else: a ``„`` opening a quotation stays.
    Every ``ё`` put back is counted (the conservation check knows them as
    inserted, as a ligature an English edition's repair puts back)."""
    if ctx.lang != "ru":
        return lines
    out, ex = [], []
    for ln in lines:
        if ln.kind != "text" or "„" not in ln.text:
            out.append(ln)
            continue

        def fix(m: re.Match[str], ln: Ln = ln) -> str:
            word = m.group().replace("„", "ё")
            if not ctx.knows(word):
                return m.group()
            ctx.inserted.extend((ln.no, "ё") for _ in range(m.group().count("„")))
            ex.append(example(m.group(), word))
            return word

        out.append(replace(ln, text=P.LOST_YO.sub(fix, ln.text)))
    ctx.record(N_("a lost ё printed as „ put back (the lexicon knows the word)"), len(ex), ex)
    return out


def mark_footnotes(lines: list[Ln], ctx: Ctx) -> list[Ln]:
    """A text line starting ``(*) -`` is a footnote (``(*) - Во время …``);
    so is one starting with another site's mark (``<*>``, ``*``, ``*)``,
    ``[1]``, ``1)``, ``¹``: :data:`~lawref.patterns.FOOTNOTE_ANY`) when that
    mark's call stands earlier in a text line — glued to a word or after a
    space (``… игроком <*>``, ``правило 64²``); a number in brackets only
    glued (``заявка[1]``), and ``1)`` only after a rule line (a list item
    ``1) …`` is text)."""
    out, n, ex = [], 0, []
    calls: set[str] = set()  # footnote calls seen so far in the text (``<*>``, ``*``, ``¹``, ``[1]``, ``1)``)
    after_rule = False
    for ln in lines:
        stripped = ln.text.strip()
        if ln.kind == "text" and (P.FOOTNOTE.match(stripped) or (ctx.lang == "en" and P.FOOTNOTE_EN.match(stripped))
                                  or _other_footnote(stripped, calls, after_rule)):
            ln = replace(ln, kind="footnote")
        if ln.kind == "text":
            calls.update(_calls(ln.text))
        after_rule = ln.kind == "rule" or (after_rule and ln.kind in ("blank", "footnote"))
        if ln.kind == "footnote":
            n += 1
            ex.append(example(ln.text, ln.text))
        out.append(ln)
    ctx.record(N_("footnotes found"), n, ex)
    return out


def _calls(text: str) -> set[str]:
    """The footnote calls a line holds (:data:`~lawref.patterns.FOOTNOTE_CALL`): a mark after a
    word, glued or after a space (``игроком <*>``, ``правило 64²``, ``заявка[1]``, ``слово1)``); a
    number's call only glued."""
    return {m.group("call") or m.group("call2") for m in P.FOOTNOTE_CALL.finditer(text)}


def _other_footnote(text: str, calls: set[str], after_rule: bool) -> bool:
    """``text`` is a footnote in another site's marks whose call was seen (see :func:`mark_footnotes`)."""
    m = P.FOOTNOTE_ANY.match(text)
    if m is None:
        return False
    marker = m.group("marker")
    if marker[0].isdigit():
        return after_rule and marker in calls
    return marker.rstrip(")") in calls


def _lone_word(ln: Ln) -> re.Match[str] | None:
    return P.EMPHASIS_LINE.match(ln.text) if ln.kind == "text" else None


def _emphasis(lines: list[Ln], k: int, prev: Ln | None) -> int:
    """How many lines from ``k`` on are an emphasis duplicate (0, 1 or 2).

    004:17–18 ``случайно`` ⏎ ``случайно`` after ``… случайно обозначает …``:
    a lone word doubled that the line before holds → 2 (a phrase of two or
    three words likewise: ``(согласно Правилу)`` ⏎ ``согласно Правилу`` ⏎
    ``согласно Правилу``); 004:15 a lone
    ``Примечание:`` after a line starting ``Примечание:`` → 1. A single lone
    word is a wrapped line (``… и если карта`` ⏎ ``сыграна`` ⏎ ``в эту
    взятку``) and is kept."""
    m = _lone_word(lines[k])
    if m is None or prev is None or prev.kind != "text":
        return 0
    word = m.group("word")
    if m.group("colon"):
        return 1 if prev.text.lstrip().startswith(word + ":") else 0
    twin = _lone_word(lines[k + 1]) if k + 1 < len(lines) else None
    if twin is None or twin.group("word").split() != word.split() or twin.group("colon"):
        return 0
    phrase = r"\s+".join(map(re.escape, word.split()))  # ``согласно Правилу`` ⏎ ``согласно Правилу``
    return 2 if re.search(rf"(?<![\w-]){phrase}(?![\w-])", prev.text) else 0


def drop_emphasis_duplicates(lines: list[Ln], ctx: Ctx) -> list[Ln]:
    """Drop emphasis lines a scrape interleaved with the text they repeat
    (see :func:`_emphasis`): 004:15, 17–18, 21–22, 72–73. Only in wrapped
    Russian layout; plain wrapping never loses a word."""
    out, ex, prev, k = [], [], None, 0
    while k < len(lines):
        n = _emphasis(lines, k, prev) if ctx.style == "wrapped" and ctx.lang == "ru" else 0
        for ln in lines[k : k + n]:
            ex.append(example(ln.text))
            why = N_("emphasis duplicate of a word of line {line}").format(line=prev.no if prev else "?")
            ctx.drop(ln.no, ln.text, why)
        if n:
            k += n
            continue
        out.append(lines[k])
        prev = lines[k] if lines[k].kind == "text" else prev
        k += 1
    ctx.record(N_("duplicated emphasis lines dropped"), len(ex), ex)
    return out
