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
from dataclasses import dataclass

from bs4 import BeautifulSoup, MarkupResemblesLocatorWarning, NavigableString, Tag, XMLParsedAsHTMLWarning
from bs4.element import PreformattedString

#: Tags whose content is never text of the page.
DROP_TAGS = frozenset(
    "script style noscript template nav header footer aside form select option button iframe "
    "svg canvas object embed head title menu input textarea label".split()
)
#: Class/id/role words that mark site chrome.
CHROME_WORDS = re.compile(
    r"(?:^|[\s_-])(?:nav|navbar|navigation|menu|header|footer|pager|pagination|pages|breadcrumbs?|"
    r"sidebar|side|comments?|social|share|banner|ads?|advert|top|toolbar|search|login|copyright|rating)(?:$|[\s_-])",
    re.IGNORECASE,
)
BLOCK_TAGS = frozenset(
    "address article blockquote body center dd details dialog dir div dl dt fieldset figcaption figure h1 h2 "
    "h3 h4 h5 h6 hr html li main ol p pre section summary table tbody td tfoot th thead tr ul".split()
)

_WS = re.compile(r"[ \t\r\n\f\u00a0]+")


def looks_like_html(text: str) -> bool:
    """True when ``text`` starts like an HTML document (``<!DOCTYPE``,
    ``<html``, ``<head>``, ``<body>``, or several block tags early on)."""
    head = text[:2000].lstrip().lower()
    if head.startswith(("<!doctype html", "<html", "<head", "<body", "<?xml")):
        return True
    return len(re.findall(r"<(?:p|div|br|table|td|h[1-6])\b", head)) >= 3


def _is_chrome(tag: Tag) -> bool:
    if tag.name in DROP_TAGS:
        return True
    words = " ".join([*tag.get("class", []), tag.get("id", ""), tag.get("role", "")])
    return bool(words.strip()) and bool(CHROME_WORDS.search(words))


@dataclass
class _Out:
    lines: list[tuple[str, int]]
    buf: str = ""
    line: int = 1

    def text(self, s: str, line: int) -> None:
        if not self.buf:
            self.line = line
            s = s.lstrip()
        self.buf += s

    def brk(self) -> None:
        if self.buf.strip():
            self.lines.append((_WS.sub(" ", self.buf).strip(), self.line))
        self.buf = ""

    def blank(self, line: int) -> None:
        self.brk()
        if self.lines and self.lines[-1][0] != "":
            self.lines.append(("", line))


def _walk(node: Tag, out: _Out, line: int) -> None:
    for child in node.children:
        if isinstance(child, PreformattedString):  # comments, doctype, CDATA, <?…?>
            continue
        if isinstance(child, NavigableString):
            out.text(_WS.sub(" ", str(child)), line)
            continue
        if not isinstance(child, Tag) or _is_chrome(child):
            continue
        here = child.sourceline or line
        if child.name == "br":
            out.brk()
        elif child.name in BLOCK_TAGS:
            out.blank(here) if child.name == "p" else out.brk()
            _walk(child, out, here)
            out.blank(here) if child.name == "p" else out.brk()
        else:
            _walk(child, out, here)


def html_lines(text: str) -> list[tuple[str, int]]:
    """Text lines of an HTML page, each with the 1-based line of the raw HTML
    where it starts. Paragraphs (``<p>``) are separated by a blank line. Never
    raises on any ``str``."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", MarkupResemblesLocatorWarning)
        warnings.simplefilter("ignore", XMLParsedAsHTMLWarning)
        soup = BeautifulSoup(text, "html.parser")
    out = _Out([])
    _walk(soup, out, 1)
    out.brk()
    return out.lines
