"""annotate: free text with its citations made links (Markdown, HTML) or a table.

HTML goes through Jinja2 with autoescape on: the input text is escaped, so a
``<script>`` in the input comes out as ``&lt;script&gt;``.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from functools import cache
from typing import Any

from lawref.citations import Citation, Linked, Target
from lawref.cite import citing_lang
from lawref.export.commonmark import escape, link
from lawref.model import Status
from lawref.words import words as told

#: A node id → the link to it (``None``: no link), from :meth:`Library.hrefs`.
Href = Callable[[str], "str | None"]

_HTML_SOURCE = (
    "{% for seg in segments %}{% if seg.open %}<p>{% endif %}{% if seg.link and seg.href %}"
    '<a class="lawref-cite lawref-{{ seg.status }}" href="{{ seg.href }}" data-cites="{{ seg.cites }}"'
    ' data-status="{{ seg.status }}"{% if seg.title %} title="{{ seg.title }}"{% endif %}>{{ seg.text }}</a>'
    '{% elif seg.link %}<span class="lawref-cite lawref-{{ seg.status }}" data-cites="{{ seg.cites }}"'
    ' data-status="{{ seg.status }}" title="{{ seg.title }}">{{ seg.text }}</span>'
    "{% else %}{{ seg.text }}{% endif %}{% if seg.close %}</p>\n\n{% endif %}{% endfor %}"
)
#: The word (:mod:`lawref.words`) for what a citation's status means, told in the citation's language.
STATUS_WORDS = {"exact": "in-corpus", "partial": "part-in-corpus", "absent": "absent", "invalid": "invalid"}
#: A blank line: where a paragraph of the input ends.
_BLANK = re.compile(r"\n[ \t\r]*\n\s*")  # LF or CRLF line ends


@cache
def _html() -> Any:
    """The HTML template (Jinja2, autoescape on), made on first use: only
    ``--format html`` loads Jinja2."""
    import jinja2

    return jinja2.Environment(autoescape=True).from_string(_HTML_SOURCE)


def _segments(text: str, linked: Sequence[Linked], href: Href, offset: int = 0) -> list[dict[str, Any]]:
    """Split ``text`` into plain and linked segments (citations in order;
    their offsets count from ``offset``, where ``text`` starts in a longer
    input). A citation links to its first node (``href(id)``); one that
    resolved to no node, or whose node has no link, has ``href`` ``None``."""
    out: list[dict[str, Any]] = []
    pos = 0
    said = citing_lang(text) or "en"  # a bare cite first in the text: told in the text's language
    for item in linked:
        c = item.citation
        start, end = c.start - offset, c.end - offset
        if start > pos:
            out.append({"link": False, "text": text[pos:start]})
        first = item.ids[0] if item.ids else None
        said = citing_lang(c.text) or said  # a bare member (``(b)``, ``71``) is told as its list's head
        words = told(said)
        notes = [f"{run}: {_told(status, held, words)}" for run, status, held in _status_runs(item.targets)
                 if len(item.targets) > 1 or status != Status.EXACT] + reading_notes(c, words)
        out.append({"link": True, "text": c.text, "status": item.status, "cites": " ".join(c.cites),
                    "href": href(first) if first else None, "title": ", ".join(notes)})
        pos = end
    if pos < len(text):
        out.append({"link": False, "text": text[pos:]})
    return out


def reading_notes(c: Citation, words: dict[str, str]) -> list[str]:
    """What was chosen in reading citation ``c``, in ``words``' language:
    its Cyrillic section letters read in alphabet order (``70Д`` = 70E),
    or in doubt between the two readings (the look-alike reading, ``62В`` =
    62B, is the default and goes unsaid but in the JSON), and its parts not read
    (``not read: пункт 2``)."""
    notes = []
    if c.mixed or c.reading == "alphabet":  # the look-alike reading is the default: said only in the JSON
        notes.append(words["read-mixed"] if c.mixed else words["read-alphabet"])
    if c.unread:
        notes.append(f"{words['not-read']}: {c.unread}")
    return notes


def _told(status: str, held: str, words: dict[str, str]) -> str:
    """A citation's ``status`` in ``words``' language; a partial one names the part the corpus has
    (``held``: «в корпусе только 47» of 47E, as the exports say it: :meth:`lawref.export.book.Book.status_note`)."""
    return words["only"].format(cite=held) if status == Status.PARTIAL and held else words[STATUS_WORDS[status]]


def _status_runs(targets: Sequence[Target]) -> list[tuple[str, str, str]]:
    """``(cites, status, the part held)`` for each run of consecutive targets of one status:
    ``("1–16", "absent", "")``, ``("17", "exact", "")`` — a range of many laws is
    told in a few notes, not one a law; partial cites run together while the part the corpus has is
    the same (``("64A–64C", "partial", "64")``: a cite without its ``missing`` part)."""
    runs: list[list[Any]] = []
    for t in targets:
        held = t.cite[: len(t.cite) - len(t.missing)] if t.status == Status.PARTIAL and t.missing else ""
        if runs and runs[-1][2] == t.status and runs[-1][3] == held:
            runs[-1][1] = t.cite
        else:
            runs.append([t.cite, t.cite, t.status, held])
    return [(first if first == last else f"{first}–{last}", status, held) for first, last, status, held in runs]


class Paragraphs:
    """``link --format html``: the input's paragraphs (text between blank
    lines) as ``<p>`` elements, across the pieces it is read in — a piece
    may end inside a paragraph. Call :meth:`render` for each piece in
    order, then :meth:`close`."""

    def __init__(self) -> None:
        self.open = False
        self.held = ""  # white space read at the end of the open paragraph: written only if more text follows

    def render(self, text: str, linked: Sequence[Linked], href: Href, *, offset: int = 0) -> str:
        """The HTML of one piece: escaped, each citation a link (or a
        ``span`` titled with its status), ``<p>``/``</p>`` where paragraphs
        open and close (a paragraph's white space at its start and end left
        out, wherever the pieces end: every ``</p>`` follows its text)."""
        segs: list[dict[str, Any]] = []
        for seg in _segments(text, linked, href, offset):
            chunks = [seg["text"]] if seg["link"] else _BLANK.split(seg["text"])
            for k, chunk in enumerate(chunks):
                if k and self.open:
                    segs.append({"link": False, "text": "", "close": True})
                    self.open, self.held = False, ""
                opens = not self.open
                if opens:
                    chunk = chunk.lstrip()
                    if not chunk:
                        continue
                    self.open = True
                body = chunk if seg["link"] else chunk.rstrip()
                if not body:
                    self.held += chunk
                    continue
                if seg["link"] and self.held:  # the white space before a citation (never at a paragraph's start)
                    segs.append({"link": False, "text": self.held})
                segs.append({**seg, "text": body if seg["link"] else self.held + body, "open": opens})
                self.held = chunk[len(body):]
        return str(_html().render(segments=segs))

    def close(self) -> str:
        """``</p>`` when a paragraph is still open, else ``""``."""
        was, self.open, self.held = self.open, False, ""
        return "</p>\n" if was else ""


def to_html(text: str, linked: Sequence[Linked], href: Href, *, offset: int = 0) -> str:
    """``text`` HTML-escaped, its paragraphs ``<p>`` elements, each citation
    an ``<a href="{href(id)}">`` with ``data-cites`` and ``data-status`` (a
    range lists every cite; a citation with no node is a ``span`` titled
    with its status). Citation offsets count from ``offset`` (``text`` is a
    piece of a longer input)."""
    paras = Paragraphs()
    return paras.render(text, linked, href, offset=offset) + paras.close()


def to_markdown(text: str, linked: Sequence[Linked], href: Href, *, offset: int = 0) -> str:
    """``text`` escaped as CommonMark (:func:`lawref.export.markdown.escape`:
    nothing in it becomes markup; line breaks and blank lines kept), each
    citation a link ``[правило 62B](#law-62b)``; a citation naming several
    laws, or not resolved exactly, carries its statuses in the link title; a
    citation with no node stays plain text. Citation offsets count from
    ``offset`` (see :func:`to_html`)."""
    parts = []
    for seg in _segments(text, linked, href, offset):
        if seg["link"] and seg["href"]:
            parts.append(link(seg["text"], seg["href"], seg["title"]))
        else:
            parts.append(escape(seg["text"]))
    return "".join(parts)


def table_rows(linked: Sequence[Linked]) -> list[str]:
    """One tab-separated line a resolved cite: ``start end text cite status
    id note`` — ``note`` what was chosen in reading it
    (:func:`reading_notes`, in English: a table is read by programs), or ``-``."""
    rows = []
    english = told("en")
    for item in linked:
        c = item.citation
        note = "; ".join(reading_notes(c, english)) or "-"
        for t in item.targets:
            rows.append(f"{c.start}\t{c.end}\t{_field(c.text)}\t{t.cite}\t{t.status}\t{t.id or '-'}\t{note}")
    return rows


def _field(text: str) -> str:
    """``text`` as one field of a tab-separated line: a backslash, tab, line feed and carriage return
    written ``\\\\``, ``\\t``, ``\\n``, ``\\r`` (a citation broken over a line end stays one row;
    the escapes of PostgreSQL's and MySQL's tab-separated text)."""
    return text.translate(_FIELD_ESCAPES)


_FIELD_ESCAPES = str.maketrans({"\\": "\\\\", "\t": "\\t", "\n": "\\n", "\r": "\\r"})


def to_table(linked: Sequence[Linked]) -> str:
    """A header line, then :func:`table_rows` of ``linked``."""
    return "\n".join(["start\tend\ttext\tcite\tstatus\tid\tnote", *table_rows(linked)])
