"""annotate: free text with its citations made links (Markdown, HTML) or a table.

HTML goes through Jinja2 with autoescape on: the input text is escaped, so a
``<script>`` in the input comes out as ``&lt;script&gt;``.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from typing import Any

from lawref.model import Linked

_HTML_SOURCE = (
    "{% for seg in segments %}{% if seg.link %}"
    '<a class="lawref-cite lawref-{{ seg.status }}" href="{{ seg.href }}" data-cites="{{ seg.cites }}"'
    ' data-status="{{ seg.status }}"{% if seg.title %} title="{{ seg.title }}"{% endif %}>{{ seg.text }}</a>'
    "{% else %}{{ seg.text }}{% endif %}{% endfor %}"
)


@cache
def _html() -> Any:
    """The HTML template (Jinja2, autoescape on), made on first use: only
    ``--format html`` loads Jinja2."""
    import jinja2

    return jinja2.Environment(autoescape=True).from_string(_HTML_SOURCE)


def _segments(text: str, linked: Sequence[Linked], base: str, offset: int = 0) -> list[dict[str, Any]]:
    """Split ``text`` into plain and linked segments (citations in order;
    their offsets count from ``offset``, where ``text`` starts in a longer
    input)."""
    out: list[dict[str, Any]] = []
    pos = 0
    for item in linked:
        c = item.citation
        start, end = c.start - offset, c.end - offset
        if start > pos:
            out.append({"link": False, "text": text[pos:start]})
        first = item.ids[0] if item.ids else None
        out.append({
            "link": True, "text": c.text, "status": item.status, "cites": " ".join(c.cites),
            "href": f"{base}{first}" if first else f"{base}cite/{c.cites[0]}",
            "title": ", ".join(f"{t.cite}: {t.status}" for t in item.targets) if len(item.targets) > 1 else "",
        })
        pos = end
    if pos < len(text):
        out.append({"link": False, "text": text[pos:]})
    return out


def to_html(text: str, linked: Sequence[Linked], base: str = "#", *, offset: int = 0) -> str:
    """``text`` HTML-escaped, each citation an ``<a href="{base}{id}">`` with
    ``data-cites`` and ``data-status`` (a range lists every cite). Citation
    offsets count from ``offset`` (``text`` is a piece of a longer input)."""
    return _html().render(segments=_segments(text, linked, base, offset))


def _md_escape(text: str) -> str:
    return text.replace("\\", "\\\\").replace("[", "\\[").replace("]", "\\]")


def to_markdown(text: str, linked: Sequence[Linked], base: str = "#", *, offset: int = 0) -> str:
    """``text`` with each citation a Markdown link ``[правило 62B](#laws/62B)``;
    a citation naming several laws carries them all in the link title.
    Citation offsets count from ``offset`` (see :func:`to_html`)."""
    parts = []
    for seg in _segments(text, linked, base, offset):
        if not seg["link"]:
            parts.append(seg["text"])
            continue
        title = f' "{seg["title"]}"' if seg["title"] else ""
        parts.append(f"[{_md_escape(seg['text'])}]({seg['href'].replace(' ', '%20')}{title})")
    return "".join(parts)


def table_rows(linked: Sequence[Linked]) -> list[str]:
    """One tab-separated line a resolved cite: ``start end text cite status id``."""
    rows = []
    for item in linked:
        c = item.citation
        for t in item.targets:
            rows.append(f"{c.start}\t{c.end}\t{c.text}\t{t.cite}\t{t.status}\t{t.id or '-'}")
    return rows


def to_table(linked: Sequence[Linked]) -> str:
    """A header line, then :func:`table_rows` of ``linked``."""
    return "\n".join(["start\tend\ttext\tcite\tstatus\tid", *table_rows(linked)])
