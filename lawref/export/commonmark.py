"""commonmark: text as CommonMark inline text, and a link.

What the Markdown export and linked text (``link --format markdown``) both write."""

from __future__ import annotations

import re

__all__ = ["escape", "link"]

_PUNCT = re.compile(r"([\\`*_\[\]<>&~|#])")
_LINE_START = re.compile(r"^(\s*)(?:([-+=])|(\d{1,9})([.)]))", re.M)


def escape(text: str, *, line_start: bool = True) -> str:
    """``text`` as CommonMark inline text that renders as ``text`` itself:
    ``\\ ` * _ [ ] < > & ~ | #`` backslash-escaped everywhere (no emphasis,
    link, HTML, entity or code can start), and at a line's start a ``-``,
    ``+`` or ``=`` and the ``.``/``)`` of ``1.`` (no list, no setext
    underline) — not in a heading (``line_start=False``), where nothing
    at the start makes a block. Leading spaces of a line are not kept by
    CommonMark."""
    text = _PUNCT.sub(r"\\\1", text)
    if not line_start:
        return text
    return _LINE_START.sub(lambda m: m[1] + (f"\\{m[2]}" if m[2] else f"{m[3]}\\{m[4]}"), text)


def _title(text: str) -> str:
    """A link title in double quotes, its quotes and backslashes escaped."""
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def link(text: str, href: str, title: str = "") -> str:
    """``[text](href "title")``: ``text`` escaped, spaces in ``href`` as ``%20``."""
    return f"[{escape(text)}]({href.replace(' ', '%20')}{' ' + _title(title) if title else ''})"
