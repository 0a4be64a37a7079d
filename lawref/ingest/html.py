"""html: a library reader page → text lines with their raw HTML line numbers.

BeautifulSoup4 with the stdlib ``html.parser``, on text lawref itself decoded
(a page's ``<meta charset>`` is only a hint, often wrong). Line breaks come
only from block elements and ``<br>``; inline tags add no spaces
(``П<b>равило</b> 47`` stays ``Правило 47``); entities and ``&nbsp;`` are
decoded; ``<script>``, ``<style>``, navigation, headers, footers, pagers and
similar chrome are dropped by structure (tag names, ``role``, and class/id
words); what is left goes through the same clean passes as a text export.
"""

from __future__ import annotations

import re
import warnings
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from lawref import patterns as P
from lawref.i18n import N_

if TYPE_CHECKING:
    from bs4 import Tag

#: Tags whose content is never text of the page.
DROP_TAGS = frozenset(
    "script style noscript template nav header footer aside form select option button iframe "
    "svg canvas object embed head title menu input textarea label".split()
)
BLOCK_TAGS = frozenset(
    "address article blockquote body center dd details dialog dir div dl dt fieldset figcaption figure h1 h2 "
    "h3 h4 h5 h6 hr html li main ol p pre section summary table tbody td tfoot th thead tr ul".split()
)



def looks_like_html(text: str) -> bool:
    """True when ``text`` starts like an HTML document (``<!DOCTYPE``,
    ``<html``, ``<head>``, ``<body>``, or several block tags early on)."""
    head = text[:2000].lstrip().lower()
    if head.startswith(("<!doctype html", "<html", "<head", "<body", "<?xml")):
        return True
    return len(P.HTML_BLOCK_TAG.findall(head)) >= 3


def _is_chrome(tag: Tag) -> bool:
    if tag.name in DROP_TAGS:
        return True
    classes: Any = tag.get("class") or []
    words = " ".join([*(classes if isinstance(classes, list) else [str(classes)]), str(tag.get("id") or ""),
                      str(tag.get("role") or "")])
    return bool(words.strip()) and bool(P.CHROME_WORDS.search(words))


#: Tags whose content no reader sees as words (code, drawings, embeds): not listed as dropped text.
UNSEEN_TAGS = frozenset("script style noscript template svg canvas object embed iframe".split())


@dataclass
class _Out:
    lines: list[tuple[str, int]]
    dropped: list[tuple[int, str, str]] = field(default_factory=list)  # (raw line, text, reason)
    buf: str = ""
    line: int = 1
    pre_line: int = 1  # inside <pre>: the raw line the next preformatted text starts on
    names: frozenset[str] = frozenset()  # the page's <title> and its parts, folded: an <h1> saying them is chrome

    def text(self, s: str, line: int) -> None:
        if not self.buf:
            self.line = line
            s = s.lstrip()
        self.buf += s

    def brk(self) -> None:
        if self.buf.strip():
            self.lines.append((P.HTML_SPACE.sub(" ", self.buf).strip(), self.line))
        self.buf = ""

    def blank(self, line: int) -> None:
        self.brk()
        if self.lines and self.lines[-1][0] != "":
            self.lines.append(("", line))

    def preformatted(self, s: str) -> None:
        """Text inside ``<pre>``: its newlines are line breaks, a blank line
        is a paragraph break (the usual layout of Russian online libraries)."""
        segments = s.split("\n")
        for k, segment in enumerate(segments):
            if k:
                self.pre_line += 1
                self.brk()
                if not segment.strip() and k < len(segments) - 1:
                    self.blank(self.pre_line)
            if segment.strip():
                self.text(segment, self.pre_line)


# A stack entry: (node, raw line, closing?, inside <pre>?)
_Entry = tuple[Any, int, bool, bool]


def _walk(root: Tag, out: _Out) -> None:
    """Write the text of ``root`` into ``out``, depth first, with an explicit
    stack: a page of 100,000 unclosed ``<font>`` or ``<p>`` tags (common in
    old pages, and nested by the parser) never meets Python's recursion
    limit. A block element opens and closes a line; ``<p>`` a paragraph;
    inside ``<pre>`` every newline is a line break."""
    from bs4 import NavigableString, Tag
    from bs4.element import PreformattedString

    stack: list[_Entry] = [(child, 1, False, False) for child in reversed(list(root.children))]
    while stack:
        node, line, closing, pre = stack.pop()
        if closing:
            out.blank(line) if node.name == "p" else out.brk()
        elif isinstance(node, PreformattedString):  # comments, doctype, CDATA, <?…?>
            continue
        elif isinstance(node, NavigableString):
            out.preformatted(str(node)) if pre else out.text(P.HTML_SPACE.sub(" ", str(node)), line)
        elif isinstance(node, Tag) and (_is_chrome(node) or _title_again(node, out.names)):
            _drop(node, node.sourceline or line, out)
        elif isinstance(node, Tag):
            _enter(node, node.sourceline or line, out, stack, pre)


#: Headings a page's own title may be printed again in.
_TITLE_TAGS = frozenset({"h1", "h2", "h3"})
_TITLE_PARTS = re.compile(r"\s+[-–—|:·/]\s+")


def _fold(text: str) -> str:
    return " ".join(text.split()).casefold()


def page_names(soup: Any) -> frozenset[str]:
    """The page's ``<title>`` and its parts (``Все о бридже — Электронная
    библиотека`` → itself, ``все о бридже``, ``электронная библиотека``),
    folded: the site's and the book's names."""
    title = soup.find("title") if hasattr(soup, "find") else None
    text = title.get_text(" ") if title is not None else ""
    parts = [text, *_TITLE_PARTS.split(text)]
    return frozenset(_fold(p) for p in parts if sum(c.isalpha() for c in p) >= 3)


def _title_again(tag: Tag, names: frozenset[str]) -> bool:
    """An ``<h1>``–``<h3>`` that only says the page's title or a part of it
    (the site's or the book's name), never a law's heading."""
    if tag.name not in _TITLE_TAGS or not names:
        return False
    words = _fold(tag.get_text(" "))
    return bool(words) and words in names and not P.LAW_HEADING_LINE.match(tag.get_text(" ").strip())


def _drop(tag: Tag, here: int, out: _Out) -> None:
    """Record the words of a chrome element (``<nav>``, ``<div class="menu">``,
    ``<title>``) the page shows and lawref leaves out, for the report."""
    if tag.name in UNSEEN_TAGS:
        return
    words = " ".join(tag.get_text(" ").split())
    if words:
        out.dropped.append((here, words, N_("site chrome (HTML <{tag}>)").format(tag=tag.name)))


def _enter(tag: Tag, here: int, out: _Out, stack: list[_Entry], pre: bool) -> None:
    """Open ``tag``: a line break for ``<br>``; for a block, a break now and
    one when its children are done (pushed below them)."""
    if tag.name == "br":
        out.brk()
        return
    if tag.name in BLOCK_TAGS:
        out.blank(here) if tag.name == "p" else out.brk()
        stack.append((tag, here, True, pre))
    if tag.name == "li" and (marker := list_marker(tag)) is not None:
        out.text(marker + " ", here)  # what a browser prints before the item: ``1.``, ``A.``
    if tag.name == "pre" and not pre:
        out.pre_line, pre = here, True
    stack.extend((child, here, False, pre) for child in reversed(list(tag.children)))


_OL_TYPES = {"1": "1", "a": "a", "A": "A", "i": "i", "I": "I"}
#: An item's own label at its start (``1. …``, ``A) …``, ``(a) …``): the page printed its number itself.
_LABELLED = re.compile(r"^(?:\d{1,3}[.)]|[^\W\d_][.)]|\([^\W_]{1,4}\))(?:\s|$)")
_ROMAN = ((10, "x"), (9, "ix"), (5, "v"), (4, "iv"), (1, "i"))


def list_marker(item: Tag) -> str | None:
    """The marker a browser prints before ``item``, an ``<li>`` of an ``<ol>`` (``1.``; ``A.`` for
    ``type="A"``, ``a.``, ``i.``, ``I.``; counted from ``start`` and the item's ``value``), or ``None``: an
    item of another list, one past what the type counts (26 letters, 39 in Roman numerals), or one whose
    text already opens with a label (``1. …``, ``(a) …``: the page printed it)."""
    parent = item.parent
    if parent is None or parent.name != "ol" or _LABELLED.match(item.get_text(" ").lstrip()):
        return None
    number = _count(parent, item)
    kind = _OL_TYPES.get(str(parent.get("type") or "1"), "1")
    if kind == "1":
        return f"{number}."
    if kind in "aA":
        return f"{chr(ord(kind) + number - 1)}." if 1 <= number <= 26 else None
    if not 1 <= number <= 39:
        return None
    roman, left = "", number
    for value, letters in _ROMAN:
        while left >= value:
            roman, left = roman + letters, left - value
    return f"{roman.upper() if kind == 'I' else roman}."


def _count(ol: Tag, item: Tag) -> int:
    """``item``'s number in ``ol``: ``start`` (1), one more for each ``<li>`` before it, or an item's ``value``."""
    number = _int(ol.get("start"), 1) - 1
    for li in ol.find_all("li", recursive=False):
        number = _int(li.get("value"), number + 1)
        if li is item:
            break
    return number


def _int(value: Any, default: int) -> int:
    text = str(value or "").strip()
    return int(text) if text.isdigit() and len(text) <= 4 else default


def html_lines(text: str) -> list[tuple[str, int]]:
    """Text lines of an HTML page (:func:`html_read`)."""
    return html_read(text)[0]


def html_read(text: str) -> tuple[list[tuple[str, int]], list[tuple[int, str, str]]]:
    """Text lines of an HTML page, each with the 1-based line of the raw HTML
    where it starts, and the chrome left out as ``(raw line, words,
    reason)``. Paragraphs (``<p>``) are separated by a blank line. Never
    raises on any ``str``. BeautifulSoup is loaded on the first page read (a
    corpus of text exports never loads it)."""
    from bs4 import BeautifulSoup, MarkupResemblesLocatorWarning, XMLParsedAsHTMLWarning

    with warnings.catch_warnings():
        warnings.simplefilter("ignore", MarkupResemblesLocatorWarning)
        warnings.simplefilter("ignore", XMLParsedAsHTMLWarning)
        soup = BeautifulSoup(text, "html.parser")
    out = _Out([], names=page_names(soup))
    _walk(soup, out)
    out.brk()
    return out.lines, out.dropped
