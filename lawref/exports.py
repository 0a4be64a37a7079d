"""exports: what ``export`` writes, and the links ``link --format html|md`` makes.

Each works out the value a writer renders once — the
:class:`~lawref.export.book.Book` of the nodes chosen
(:meth:`lawref.library.Library.selection`), made of what the corpus holds
(:func:`lawref.query.shown.holdings`), or the JSON contract's documents and
nodes — and hands it to the format's writer
(:data:`lawref.export.formats.FORMATS`). The CLI's ``export`` and ``link``
and the API's reader call it; a query that prints no export never loads it,
and ``link`` loads no writer of a folder (the site's, a txt corpus's).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from lawref.export.book import Anchors, Book
from lawref.export.formats import FORMATS
from lawref.export.json import dumps, export_document
from lawref.query.shown import holdings

if TYPE_CHECKING:
    from lawref.library import Library

__all__ = ["book", "export_json", "export_text", "hrefs", "write_site", "write_txt_corpus"]

def book(lib: Library, doc: str | None = None, law: str | None = None, edition: str | None = None, *,
         single: bool = True, html: bool = False) -> Book:
    """The :class:`~lawref.export.book.Book` of ``lib.selection(doc, law,
    edition)`` (raises as it does), made of what the corpus holds
    (:func:`lawref.query.shown.holdings`); ``single=False`` for the HTML
    site's anchors, pages and offline search, ``html`` for one HTML page
    (both print each node's incoming references)."""
    documents, nodes = lib.selection(doc, law, edition)
    return Book(holdings(lib, nodes, html=html or not single, forms=not single), documents, nodes, single=single)


def export_json(lib: Library, doc: str | None = None, law: str | None = None,
                edition: str | None = None) -> dict[str, Any]:
    """The JSON contract (:func:`lawref.export.json.export_document`) of the
    corpus, or of what ``lib.selection`` keeps."""
    if doc is None and law is None and edition is None:
        return export_document(lib.documents, lib.nodes)
    return export_document(*lib.selection(doc, law, edition))


def export_text(lib: Library, fmt: str, doc: str | None = None, law: str | None = None,
                edition: str | None = None, *, width: int = 80, base_url: str | None = None) -> str:
    """The export of ``lib.selection(doc, law, edition)`` as one text in
    format ``fmt`` (:data:`lawref.export.formats.FORMATS`): txt wrapped at
    ``width`` columns; in md and html a citation of a node outside the
    export links to ``base_url`` + its site page when given. Raises as
    ``selection`` does, and ``ValueError`` for an unknown ``fmt``."""
    if fmt not in FORMATS:
        raise ValueError(f"unknown export format {fmt!r}; the formats are: {', '.join(FORMATS)}")
    if FORMATS[fmt].contract:
        return dumps(export_json(lib, doc, law, edition)) + "\n"
    return FORMATS[fmt].text(book(lib, doc, law, edition, html=fmt == "html"), width=width, base_url=base_url)


def write_site(lib: Library, out: Path, doc: str | None = None, law: str | None = None,
               edition: str | None = None) -> int:
    """Write the HTML site of the selection into folder ``out``
    (:func:`lawref.export.files.write_folder`: replaced whole; a folder that
    is not empty and not lawref's raises :class:`~lawref.errors.UsageError`);
    returns the number of files written."""
    return FORMATS["html"].write(book(lib, doc, law, edition, single=False), out)


def write_txt_corpus(lib: Library, out: Path, doc: str | None = None, law: str | None = None,
                     edition: str | None = None, *, width: int = 80) -> int:
    """Write the txt export of the selection as a corpus folder ``out`` —
    one file a document and a ``lawref.toml`` — that ``lawref build`` reads
    back into the same nodes (written as :func:`write_site` writes); returns
    the number of files written."""
    return FORMATS["txt"].write(book(lib, doc, law, edition), out, width=width)


def hrefs(lib: Library, base_url: str = "#") -> Callable[[str], str | None]:
    """node id → the link to it, as ``link --format html|md`` writes it:
    ``#law-62b`` (the anchors of ``export --format md`` of the whole corpus)
    for ``base_url`` ``"#"`` or ``""``; else ``base_url`` and the page in the
    site of ``export --format html`` (``{base_url}laws/62.html#law-62b``).
    ``None`` for an id the corpus lacks."""

    single = base_url in ("", "#")
    anchors = Anchors(holdings(lib, (), labels=False), lib.documents, single=single)

    def href(node_id: str) -> str | None:
        node = lib.store.node(node_id)
        return None if node is None else str(anchors.href(node, "#" if single else base_url))

    return href
