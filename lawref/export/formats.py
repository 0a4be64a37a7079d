"""export.formats: the export formats by name — a registry, as ftfy's ``FIXERS``.

Each :class:`Format` says what ``export --format NAME`` writes and which
writer module writes it: one text (``json``, ``txt``, ``md``, one ``html``
page: the module's ``render(book, *, width, base_url)``) or a folder (the
``html`` site, a ``txt`` corpus: its ``write(book, out, *, width)``). The
CLI's choices and help come from :data:`FORMATS`; adding a format is one
writer module and one line here. A writer module is imported when its
format is asked for (``link`` and a query load none).

The export's nodes are chosen on the query side
(:meth:`lawref.library.Library.selection`), and the value every text writer
renders — the :class:`~lawref.export.book.Book` of them, made once of what
the corpus holds (:func:`lawref.query.shown.holdings`) — is made by the use
case (:func:`lawref.exports.export_text`); the writers here render it and
ask no library. The library never imports a writer.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from lawref.export.book import Book

__all__ = ["FORMATS", "Format"]


@dataclass(frozen=True)
class Format:
    """One export format: its ``name``, the clause of ``export --help`` that
    says it (``help``), the ``writer`` module that writes it (``None`` for
    the JSON ``contract``, which :mod:`lawref.export.json` writes of the
    documents and nodes, not of a book) and ``folder``: ``"site"`` (writes
    an HTML site into a folder, always unless one law goes to stdout),
    ``"dir"`` (writes a corpus folder when ``-o`` names one) or ``None``
    (one file only)."""

    name: str
    help: str
    writer: str | None
    folder: str | None = None
    contract: bool = False

    def text(self, book: Book, *, width: int = 80, base_url: str | None = None) -> str:
        """The export of ``book`` as one text: txt wrapped at ``width``
        columns; in md and html a citation of a node outside ``book`` links
        to ``base_url`` + its site page when given. Raises
        :class:`ValueError` for the JSON contract (no book is rendered)."""
        return str(self._module().render(book, width=width, base_url=base_url))

    def write(self, book: Book, out: Path, *, width: int = 80) -> int:
        """``book`` written into folder ``out`` (:func:`lawref.export.files.write_folder`:
        replaced whole; a folder not empty and not lawref's raises
        :class:`~lawref.errors.UsageError`); the number of files written.
        Raises :class:`ValueError` for a format that writes no folder."""
        if self.folder is None:
            raise ValueError(f"export format {self.name!r} writes one file, not a folder")
        return int(self._module().write(book, out, width=width))

    def _module(self) -> ModuleType:
        """The writer module, imported when its format is first asked for."""
        if self.writer is None:
            raise ValueError(f"export format {self.name!r} is written of the documents and nodes, not of a book")
        return importlib.import_module(self.writer)


#: Every export format, by name, in the order ``export --help`` lists them.
FORMATS: dict[str, Format] = {f.name: f for f in (
    Format("json", "the lawref/1 contract", None, contract=True),
    Format("txt", "the book as plain text (lawref build reads it back)", "lawref.export.txt", folder="dir"),
    Format("md", "CommonMark with linked citations", "lawref.export.markdown"),
    Format("html", "a static site in folder -o (one page to stdout with --law)", "lawref.export.site", folder="site"),
)}
