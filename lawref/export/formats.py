"""export.formats: the export formats by name — a registry, as ftfy's ``FIXERS``.

Each :class:`Format` says what ``export --format NAME`` writes and how: one
text (``json``, ``txt``, ``md``, one ``html`` page) or a folder (the ``html``
site, a ``txt`` corpus). The CLI's choices and help come from
:data:`FORMATS`; adding a format is one writer module and one line here.

The export's nodes are chosen on the query side
(:meth:`lawref.library.Library.selection`), and the value every text writer
renders — the :class:`~lawref.export.book.Book` of them, made once of what
the corpus holds (:func:`lawref.query.shown.holdings`) — is made by the use
case (:func:`lawref.usecases.export_text`); the writers here render it and
ask no library. The library never imports a writer.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from lawref.export.book import Book
    from lawref.model import Document, Node

__all__ = ["FORMATS", "Format"]


@dataclass(frozen=True)
class Format:
    """One export format: its ``name``, the clause of ``export --help`` that
    says it (``help``), ``text`` — the export as one text: ``text(book, *,
    width, base_url)`` of a :class:`~lawref.export.book.Book`, or for the
    JSON ``contract`` ``text(documents, nodes)`` — and ``folder``:
    ``"site"`` (writes an HTML site into a folder, always unless one law goes
    to stdout), ``"dir"`` (writes a corpus folder when ``-o`` names one) or
    ``None`` (one file only)."""

    name: str
    help: str
    text: Callable[..., str]
    folder: str | None = None
    contract: bool = False


def _json(documents: Sequence[Document], nodes: Sequence[Node]) -> str:
    # a format's writer: loaded when its format is asked (the CLI reads the registry on every command)
    from lawref.export.json import dumps, export_document

    return dumps(export_document(documents, nodes)) + "\n"


def _txt(book: Book, *, width: int = 80, base_url: str | None = None) -> str:
    # a format's writer: loaded when its format is asked
    from lawref.export.txt import to_txt

    return str(to_txt(book, width))


def _md(book: Book, *, width: int = 80, base_url: str | None = None) -> str:
    # a format's writer: loaded when its format is asked
    from lawref.export.markdown import to_markdown

    return str(to_markdown(book, base_url))


def _html(book: Book, *, width: int = 80, base_url: str | None = None) -> str:
    # a format's writer (Jinja2): loaded when its format is asked
    from lawref.export.site import render_page

    return str(render_page(book, base_url))


#: Every export format, by name, in the order ``export --help`` lists them.
FORMATS: dict[str, Format] = {f.name: f for f in (
    Format("json", "the lawref/1 contract", _json, contract=True),
    Format("txt", "the book as plain text (lawref build reads it back)", _txt, folder="dir"),
    Format("md", "CommonMark with linked citations", _md),
    Format("html", "a static site in folder -o (one page to stdout with --law)", _html, folder="site"),
)}
