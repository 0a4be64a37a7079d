"""export.formats: the export formats by name — a registry, as ftfy's ``FIXERS``.

Each :class:`Format` says what ``export --format NAME`` writes and how: one
text (``json``, ``txt``, ``md``, one ``html`` page) or a folder (the ``html``
site, a ``txt`` corpus). The CLI's choices and help come from
:data:`FORMATS`; adding a format is one writer module and one line here.

The export's nodes are chosen on the query side
(:meth:`lawref.library.Library.selection`); the value every text writer
renders is the :class:`~lawref.export.book.Book` made of them once. The
library never imports a writer: the writers are called from here.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from lawref.export.book import Book
    from lawref.library import Library

__all__ = ["FORMATS", "Format", "book", "export_json", "hrefs", "render", "write_site", "write_txt_corpus"]


@dataclass(frozen=True)
class Format:
    """One export format: its ``name``, the clause of ``export --help`` that
    says it (``help``), ``text`` — the export as one text — and ``folder``:
    ``"site"`` (writes an HTML site into a folder, always unless one law goes
    to stdout), ``"dir"`` (writes a corpus folder when ``-o`` names one) or
    ``None`` (one file only)."""

    name: str
    help: str
    text: Callable[..., str]
    folder: str | None = None


def book(lib: Library, doc: str | None = None, law: str | None = None, edition: str | None = None, *,
         single: bool = True) -> Book:
    """The :class:`~lawref.export.book.Book` of ``lib.selection(doc, law,
    edition)`` (raises as it does); ``single=False`` for the HTML site's
    anchors and pages."""
    from lawref.export.book import Book

    return Book(lib, *lib.selection(doc, law, edition), single=single)


def export_json(lib: Library, doc: str | None = None, law: str | None = None,
                edition: str | None = None) -> dict[str, Any]:
    """The JSON contract (:func:`lawref.export.json.export_document`) of the
    corpus, or of what ``lib.selection`` keeps."""
    from lawref.export.json import export_document

    if doc is None and law is None and edition is None:
        return export_document(lib.documents, lib.nodes)
    return export_document(*lib.selection(doc, law, edition))


def _json(lib: Library, doc: str | None, law: str | None, edition: str | None, *, width: int = 80,
          base_url: str | None = None) -> str:
    from lawref.export.json import dumps

    return dumps(export_json(lib, doc, law, edition)) + "\n"


def _txt(lib: Library, doc: str | None, law: str | None, edition: str | None, *, width: int = 80,
         base_url: str | None = None) -> str:
    from lawref.export.txt import to_txt

    return str(to_txt(book(lib, doc, law, edition), width))


def _md(lib: Library, doc: str | None, law: str | None, edition: str | None, *, width: int = 80,
        base_url: str | None = None) -> str:
    from lawref.export.markdown import to_markdown

    return str(to_markdown(book(lib, doc, law, edition), base_url))


def _html(lib: Library, doc: str | None, law: str | None, edition: str | None, *, width: int = 80,
          base_url: str | None = None) -> str:
    from lawref.export.site import render_page

    return str(render_page(book(lib, doc, law, edition), base_url))


#: Every export format, by name, in the order ``export --help`` lists them.
FORMATS: dict[str, Format] = {f.name: f for f in (
    Format("json", "the lawref/1 contract", _json),
    Format("txt", "the book as plain text (lawref build reads it back)", _txt, folder="dir"),
    Format("md", "CommonMark with linked citations", _md),
    Format("html", "a static site in folder -o (one page to stdout with --law)", _html, folder="site"),
)}


def render(lib: Library, fmt: str, doc: str | None = None, law: str | None = None, edition: str | None = None, *,
           width: int = 80, base_url: str | None = None) -> str:
    """The export of ``lib.selection(doc, law, edition)`` as one text in
    format ``fmt`` (:data:`FORMATS`): txt wrapped at ``width`` columns; in md
    and html a citation of a node outside the export links to ``base_url`` +
    its site page when given. Raises as ``selection`` does, and
    ``ValueError`` for an unknown ``fmt``."""
    if fmt not in FORMATS:
        raise ValueError(f"unknown export format {fmt!r}; the formats are: {', '.join(FORMATS)}")
    return FORMATS[fmt].text(lib, doc, law, edition, width=width, base_url=base_url)


def write_site(lib: Library, out: Path, doc: str | None = None, law: str | None = None,
               edition: str | None = None) -> int:
    """Write the HTML site of the selection into folder ``out``
    (:func:`lawref.export.files.write_folder`: replaced whole; a folder that
    is not empty and not lawref's raises :class:`~lawref.errors.UsageError`);
    returns the number of files written."""
    from lawref.export.site import write_site as site

    return int(site(book(lib, doc, law, edition, single=False), out))


def write_txt_corpus(lib: Library, out: Path, doc: str | None = None, law: str | None = None,
                     edition: str | None = None, *, width: int = 80) -> int:
    """Write the txt export of the selection as a corpus folder ``out`` —
    one file a document and a ``lawref.toml`` — that ``lawref build`` reads
    back into the same nodes (written as :func:`write_site` writes); returns
    the number of files written."""
    from lawref.export.files import write_folder
    from lawref.export.txt import corpus_files

    return int(write_folder(corpus_files(book(lib, doc, law, edition), width), out, "txt corpus"))


def hrefs(lib: Library, base_url: str = "#") -> Callable[[str], str | None]:
    """node id → the link to it, as ``link --format html|md`` writes it:
    ``#law-62b`` (the anchors of ``export --format md`` of the whole corpus)
    for ``base_url`` ``"#"`` or ``""``; else ``base_url`` and the page in the
    site of ``export --format html`` (``{base_url}laws/62.html#law-62b``).
    ``None`` for an id the corpus lacks."""
    from lawref.export.book import Anchors

    single = base_url in ("", "#")
    anchors = Anchors(lib, lib.documents, single=single)

    def href(node_id: str) -> str | None:
        node = lib.store.node(node_id)
        return None if node is None else str(anchors.href(node, "#" if single else base_url))

    return href
