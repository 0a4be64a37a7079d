"""ingest.chrome: clean's chrome step — a site's lines found by shape, place and repetition.

:func:`drop_chrome` takes out what a site prints around the text: links,
menus, the book's card, pagers in words, a page's frame walked from its
edges, and the lines learnt by repetition across a folder
(:mod:`lawref.ingest.frames`) — never by a list of sites.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import replace

from lawref import patterns as P
from lawref.i18n import N_
from lawref.ingest import frames
from lawref.ingest.heads import is_labelled
from lawref.ingest.lines import opens_heading
from lawref.ingest.pages import looks_like_marker, pager_numbers
from lawref.ingest.state import Ctx, Ln, example
from lawref.lang import morph


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
    shaped.update(_form_labels(lines))
    shaped.update(_law_footers(lines))
    shaped.update(_stamp_tails(lines, shaped))
    shaped.update(_page_frame(lines, shaped))
    shaped.update(_edge_advert(lines, shaped))
    shaped.update(_title_again(lines))  # after the frame walk: the first copy is the page's own title
    shaped.update(_title_page(lines, shaped))
    for k, ln in enumerate(lines):
        m = P.BOOK_TITLE.match(ln.text)
        m = None if m and m.group("laws") and _continued(lines, k) else m  # the Laws' name opening a sentence
        why = None if m or ln.kind != "text" else shaped.get(k)
        if m:  # the book title, also when repeated as a running head (колонтитул)
            ctx.title = ctx.title or m.group("title") or m.group("laws")
            ctx.drop(ln.no, ln.text, N_("book title (kept as the document's title)"))
        elif why is not None:
            ctx.title = ctx.title or (ln.text.strip() if why == PAGE_TITLE else None)
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
def _continued(lines: list[Ln], k: int) -> bool:
    """Whether the text line after line ``k`` goes on in lower case: ``Правила дубликатного бриджа`` ⏎ ``требуют …``
    is a sentence, not the book's name on a line of its own."""
    nxt = next((ln for ln in lines[k + 1:k + 3] if ln.text.strip()), None)
    return nxt is not None and nxt.kind == "text" and nxt.text.lstrip()[:1].islower()


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
            if frames.key(lines[k].text) in chrome and not is_labelled(lines[k].text.strip())}
#: How many of a page's first text lines :func:`_title_again` looks at.
HEAD_LINES = 5


def _title_again(lines: list[Ln]) -> dict[int, str]:
    """A page's title printed again right under itself at the page's top
    (its ``<title>`` and its ``<h1>``: ``Laws of On Line Bridge …`` ⏎ the
    same line): the second copy is chrome, and the first the page's title,
    kept as the document's title (:data:`PAGE_TITLE`) when it is printed just
    twice. Only among the first :data:`HEAD_LINES` text lines, before any
    heading, and a line of three words or more shaped as a title
    (:func:`_title_shaped`): a paragraph printed twice is no title."""
    texts = [k for k, ln in enumerate(lines) if ln.kind == "text" and ln.text.strip()][:HEAD_LINES]
    found, firsts = {}, []
    for a, b in zip(texts, texts[1:], strict=False):
        t = " ".join(lines[a].text.split())
        if is_labelled(t) or opens_heading(t):
            break
        if len(t.split()) >= 3 and _title_shaped(t) and t == " ".join(lines[b].text.split()):
            found[b] = N_("site chrome: the page's title printed again")
            firsts.append(a)
    if len(firsts) == 1:  # printed twice, no more: a line printed over and over names nothing
        found[firsts[0]] = PAGE_TITLE
    return found


#: The most words a page's title takes (:func:`_title_again`); a longer line is a paragraph printed twice.
TITLE_WORDS = 15


def _title_shaped(text: str) -> bool:
    """A title's shape: a capital first, :data:`TITLE_WORDS` words at most, no sentence mark at its end, no
    footnote's mark (a line of text printed twice — ``грала, так и уступку взяток, …`` — is none)."""
    t = text.strip()
    return (t[:1].isupper() and len(t.split()) <= TITLE_WORDS and not t.endswith((".", ";", ":", "!", "?", ")"))
            and "(*" not in t)


#: A line of a book's title page printed with its letters spaced apart (разрядка): ``П Р А В И Л А``, ``1 9 8 7``.
_SPACED_OUT = re.compile(r"^\s*(?:[^\W\d_] +){3,}[^\W\d_]\s*$|^\s*[12] [09] \d \d\s*$")  # letters, or a year
#: The longest line of a title page (code points): a title, a year, a translator's or a publisher's line.
TITLE_PAGE_CHARS = 60
#: The most lines a title page holds (dunmers' has 7).
TITLE_PAGE_LINES = 20


def _title_page(lines: list[Ln], shaped: dict[int, str]) -> dict[int, str]:
    """A book's title page at the file's top: the run of short lines (:data:`TITLE_PAGE_CHARS`, no sentence's
    end, no heading) before the first other line, holding a line with its letters spaced apart (``П Р А В И Л
    А`` ⏎ ``С П О Р Т И В Н О Г О Б Р И Д Ж А`` ⏎ ``1 9 8 7`` ⏎ ``Перевод …`` ⏎ ``Питер, 1991``): it names
    the book, it is no law's text. Lines already taken as chrome are stepped over. Never guessed into a title:
    the spaced letters lost their word breaks."""
    run: list[int] = []
    for k, ln in enumerate(lines):
        t = ln.text.strip()
        if ln.kind != "text" or not t or k in shaped:
            continue
        if (len(t) > TITLE_PAGE_CHARS or _any_heading(t) or t.endswith((".", ";", ":", "!", "?"))
                or P.CONTENTS_TITLE.match(t) or "...." in t or "…" in t):
            break  # a contents page's or an index's spaced title (``П Р Е Д М Е Т Н Ы Й …``) opens no title page
        run.append(k)
        if len(run) > TITLE_PAGE_LINES:
            return {}  # a title page is a few lines: a long run of short ones is a list, a table, a menu
    if not any(_SPACED_OUT.match(lines[k].text) for k in run):
        return {}
    return {k: N_("the book's title page (its title's letters spaced apart): not the law's text") for k in run}


#: Why the first of a page's title printed twice leaves the text (:func:`_title_again`): it names the document.
PAGE_TITLE = N_("the page's title (kept as the document's title)")


#: Fewest words of five letters or more an advert's line at a page's top holds (:func:`_edge_advert`).
MIN_ADVERT_WORDS = 2
_CONTENT_WORD = re.compile(r"[^\W\d_]{5,}")


def _edge_advert(lines: list[Ln], shaped: dict[int, str]) -> dict[int, str]:
    """An advert's words alone on a page's first line (``душевая кабина без
    силиконовая сборка``, the text of a link whose address was dropped): a
    line of at most :data:`MAX_EDGE_CHARS` characters with no capital letter
    and no sentence mark, set apart by a blank line, of
    :data:`MIN_ADVERT_WORDS` words of five letters or more none of which
    (by its first five letters) the rest of the page holds. A page that
    opens in the middle of a sentence of the Laws shares its words with the
    page, and stays. Lines in ``shaped`` (chrome already) are passed over."""
    texts = [k for k, ln in enumerate(lines) if ln.kind == "text" and ln.text.strip() and k not in shaped]
    if len(texts) < 2:
        return {}
    k, text = texts[0], lines[texts[0]].text.strip()
    words = {w[:5].lower() for w in _CONTENT_WORD.findall(text)}
    if (len(text) > MAX_EDGE_CHARS or any(c.isupper() for c in text) or P.CLAUSE_MARK.search(text)
            or len(words) < MIN_ADVERT_WORDS or texts[1] == k + 1):
        return {}
    rest = {w[:5].lower() for j in texts[1:] for w in _CONTENT_WORD.findall(lines[j].text)}
    return {} if words & rest else {k: N_("site chrome: an advert's words at the page's top (none of them the page's)")}


_YEAR = re.compile(r"^\s*(?:19|20)\d\d\s*$")


def _stamp_tails(lines: list[Ln], shaped: dict[int, str]) -> dict[int, str]:
    """The year of a page's date stamp wrapped onto a line of its own
    (``Last modified: Mon Oct 13 17:31:09`` ⏎ ``1997``): chrome with its stamp."""
    found = {}
    for k in shaped:
        if not P.PAGE_STAMP.match(lines[k].text):
            continue
        nxt = next((j for j in range(k + 1, len(lines)) if lines[j].kind == "text"), None)
        if nxt is not None and _YEAR.match(lines[nxt].text):
            found[nxt] = N_("site chrome")
    return found


#: A form's label alone on its line (``Шрифт:``, ``Перейти на страницу:``): a capital, at most three words, a colon.
_FIELD_LABEL = re.compile(r"^\s*[^\W\d_a-zа-яё][^\W\d_]*(?:[ -][^\W\d_]+){0,2}:\s*$")
#: What a reading page prints between its form's labels: the controls' ``-`` and ``+``.
_CONTROL = re.compile(r"^\s*\W{1,2}\s*$")
FORM_LABELS = N_("site chrome: the labels of a reading page's controls")


def _form_labels(lines: list[Ln]) -> dict[int, str]:
    """A reading page's controls: two labels or more one after another
    (``Шрифт:`` ⏎ ``Интервал:`` ⏎ ``Закладка:``, their ``-`` and ``+``
    between them) — the Laws never print a lead-in with nothing after it
    twice in a row."""
    found: dict[int, str] = {}
    run: list[int] = []
    labels = 0
    for k, ln in enumerate(lines):
        text = ln.text
        if ln.kind == "text" and _FIELD_LABEL.match(text):
            run.append(k)
            labels += 1
            continue
        if ln.kind != "text" or not text.strip():
            continue  # a blank line or a page marker between them
        if run and _CONTROL.match(text):
            run.append(k)
            continue
        if labels >= 2:
            found.update({j: FORM_LABELS for j in run})
        run, labels = [], 0
    if labels >= 2:
        found.update({j: FORM_LABELS for j in run})
    return found


#: How often a line must stand right before a law heading (or the file's end) to be a site's link after each law.
LAW_FOOTER_TIMES = 2


def _law_footers(lines: list[Ln]) -> dict[int, str]:
    """A site's line printed after every law (``See Duplicate Decisions``, a link to its rulings): the same
    short line of two words or more (a page number is none) with no sentence mark, :data:`LAW_FOOTER_TIMES`
    times or more, each time the last line of text before a law heading or the file's end — and nowhere else
    (a running head printed on every page is no such line). The Laws end a law's text with a sentence's mark."""
    texts = [k for k, ln in enumerate(lines) if ln.kind == "text" and ln.text.strip()]
    every = Counter(lines[k].text.strip() for k in texts)
    at: dict[str, list[int]] = {}
    for i, k in enumerate(texts):
        t = lines[k].text.strip()
        nxt = lines[texts[i + 1]].text.strip() if i + 1 < len(texts) else None
        if (len(t) <= MAX_EDGE_CHARS and len(_WORD.findall(t)) >= 2 and not P.SENTENCE_END.search(t)
                and not _any_heading(t) and (nxt is None or _law_heading(nxt))):
            at.setdefault(t, []).append(k)
    return {k: LAW_FOOTER for t, found in at.items() if LAW_FOOTER_TIMES <= len(found) == every[t] for k in found}


LAW_FOOTER = N_("site chrome: a line printed after every law (a link)")
_WORD = re.compile(r"[^\W\d_]{2,}")  # a link's words: a page number is none


def _law_heading(text: str) -> bool:
    """A law heading, bare (``LAW 3``) or with its title."""
    return bool(P.LAW.match(text) or P.LAW_EN.match(text))


def _any_heading(text: str) -> bool:
    """A heading of any level (``Часть IV - ВЗЯТКИ`` printed over two laws is one, not a site's link)."""
    return _law_heading(text) or opens_heading(text) or any(
        rx.match(text) for rx in (P.PART, P.DIVISION, P.CHAPTER_EN, P.PART_EN, P.DIVISION_EN))


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
            and not _law_heading(t)  # a bare ``LAW 3`` too
            and not is_labelled(t)
            and not P.COMMENTARY.match(t) and not (len(t.split()) >= 3 and re.search(r"[а-яёa-z]{2}[.!?;:]$", t)))
def chrome_shape(text: str, names: frozenset[str] = frozenset()) -> str | None:
    """Why ``text`` is a site's chrome by its shape, or ``None``. ``names``:
    book names the page's own reading lines gave (:func:`_book_names`). A
    law heading is never chrome, but a line linking to two other laws' pages
    is (:data:`~lawref.patterns.NAV_LAWS`)."""
    t = text.strip()
    if len(t) <= MAX_CHROME_CHARS and P.NAV_LAWS.match(t):  # law headings, but of the laws a page links to
        return N_("site chrome: links to other laws' pages")
    if not t or len(t) > MAX_CHROME_CHARS or P.LAW_HEADING_LINE.match(t) or P.CONTENTS_TITLE.match(t):
        return None  # a spaced ``П Р Е Д М Е Т Н Ы Й`` is an index's title (drop_leader_lists), not an alphabet bar
    labelled = P.HEADING_START.match(t) or P.HEADING_START_EN.match(t) or P.SPACED_LABEL.match(t)  # «1. … • a • b»
    bar = P.NAV_BAR.match(t) and not labelled
    if (P.CHROME.match(t) or _alphabet_bar(t) or bar or P.PAGER_WORDS.match(t) or P.NAV_LINK.match(t)
            or P.PAGE_STAMP.match(t) or P.BYLINE.match(t)):
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
