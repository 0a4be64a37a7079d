"""heads: running heads (колонтитулы) — the lines a printed page repeats beside its number.

Decided for the file by repetition: a line next to two page markers or more,
in two copies at least, is a head (the book's title, a chapter's name); so is
one naming the page it stands on, and the copy, printed without the number,
of a head :mod:`lawref.ingest.pages` read with its number (``Порядок турнира
· стр. 32`` ⏎ … ``ПОРЯДОК ТУРНИРА``).
"""

from __future__ import annotations

import re
from collections import Counter

from lawref import patterns as P
from lawref.i18n import N_
from lawref.ingest.state import Ctx, Ln, example


def heads_at_markers(filled: list[Ln]) -> set[str]:
    """The text lines (:func:`head_key`: the page they name aside) printed right after two page markers or
    more, or right before two or more: a running head (``THE LAWS OF DUPLICATE BRIDGE`` after ``57``, ``58``,
    ``59``; ``Федерация … · стр. 2`` over ``- 2 -``)."""
    pairs = list(zip(filled, filled[1:], strict=False))
    after = Counter(head_key(b.text) for a, b in pairs if a.kind == "marker" and b.kind == "text")
    before = Counter(head_key(a.text) for a, b in pairs if b.kind == "marker" and a.kind == "text")
    return {t for t in after | before if after[t] >= 2 or before[t] >= 2}


def head_words(text: str) -> str:
    """A page head's words, its number, page word and separators aside, spaces folded, any case (``Порядок турнира
    · стр. 32`` → ``порядок турнира``): what its copy printed without the number shares with it."""
    return " ".join(_HEAD_NOISE.sub(" ", text).split()).strip(" -–—").casefold()


_HEAD_NOISE = re.compile(r"[\d|│·•]+|(?i:страница|стр\.?|page|p\.)")


def head_key(text: str) -> str:
    """A running head's text as its copies share it: the page it names taken off, spaces folded, any case."""
    return " ".join(_PAGE_NAMED.sub("", text).split()).casefold()


def drop_running_heads(lines: list[Ln], ctx: Ctx) -> list[Ln]:
    """Drop running heads (колонтитулы): a line that stands next to a page
    marker (the first line after it, or the last before it) and stands so,
    in two copies at least, at two markers or more — the book's title, a chapter's name
    (``Глава VI. Розыгрыш``), which is not a chapter heading — or equals the
    book title found by :func:`drop_chrome`, or names the page it heads or
    ends (:func:`_names_page`). A line that starts in lower case
    or ends a sentence is never a running head."""
    near = next_to_markers(lines)
    key = {k: head_key(lines[k].text) for k, _ in near}  # its page aside
    pages: dict[str, set[int]] = {}
    copies: dict[str, set[int]] = {}
    for k, marker in near:
        pages.setdefault(key[k], set()).add(marker)
        copies.setdefault(key[k], set()).add(k)
    title = " ".join((ctx.title or "").split()).casefold()
    current = _pages_at(lines)
    heads = {k for k, m in near if _may_be_head(lines[k].text)
             and ((len(pages[key[k]]) >= 2 and len(copies[key[k]]) >= 2) or (title and key[k] == title)
                  or _names_page(lines[k].text, {lines[m].page, current[k]})
                  or head_words(lines[k].text) in ctx.page_heads)}
    ex = []
    for k in sorted(heads):
        ex.append(example(lines[k].text))
        ctx.drop(lines[k].no, lines[k].text, N_("running head (колонтитул)"))
    ctx.record(N_("running heads next to page markers dropped"), len(ex), ex)
    return [ln for k, ln in enumerate(lines) if k not in heads]


_PAGE_NAMED = re.compile(r"(?i)(?:страница|стр\.|page|p\.)\s*(\d{1,4})\s*$")


def _names_page(text: str, pages: set[int | None]) -> bool:
    """``text`` ends naming one of ``pages`` — the page of the marker it stands by, or the page it is printed on:
    a head or foot of that page (``Правила турнира      стр. 32`` by ``- 32 -``), even printed once."""
    m = _PAGE_NAMED.search(text)
    return m is not None and int(m.group(1)) in pages and bool(text[: m.start()].strip())


def _pages_at(lines: list[Ln]) -> list[int | None]:
    """The page each line is printed on: the last believed marker's before it (``None`` before any)."""
    out: list[int | None] = []
    page = None
    for ln in lines:
        if ln.kind == "marker":
            page = ln.page
        out.append(page)
    return out


def _may_be_head(text: str) -> bool:
    """A running head is a title: it neither starts in lower case nor ends a
    sentence or clause (the last line of a paragraph, ``Director at once and
    waits for the ruling.``, may stand at two page ends and is law text)."""
    text = text.strip()
    return not text[:1].islower() and not text.endswith((".", ",", ";", ":", "!", "?", "…")) and not is_labelled(text)


def is_labelled(text: str) -> bool:
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
