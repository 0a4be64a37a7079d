"""usecases: what ``show`` answers and what an export writes, worked out once for the CLI and the API.

Each use case returns an outcome value; :data:`OUTCOMES` maps every outcome
to the CLI's exit code and the API's HTTP status in one table (the CLI and
the API then only parse, call and print). The words of an answer are made
by the writers (:mod:`lawref.export.text`, :mod:`lawref.export.json`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from enum import StrEnum
from pathlib import Path
from typing import TYPE_CHECKING, Any

from lawref.errors import EXIT_NOT_FOUND, EXIT_OK, NotFound
from lawref.model import Node

if TYPE_CHECKING:
    from lawref.export.book import Book
    from lawref.lang.catalogue import Entry
    from lawref.library import Library

__all__ = ["OUTCOMES", "Absent", "Outcome", "Shown", "book", "export_json", "export_text", "hrefs", "show",
           "write_site", "write_txt_corpus"]


class Outcome(StrEnum):
    """What a use case found: the nodes; no English text of them (``--lang
    en``); a law the edition has and the corpus lacks (or no such law in
    the catalogue either: :class:`Absent` says which)."""

    FOUND = "found"
    NO_ENGLISH = "no English text"
    ABSENT = "absent"


#: Every outcome → ``(exit code, HTTP status)``.
OUTCOMES: dict[Outcome, tuple[int, int]] = {
    Outcome.FOUND: (EXIT_OK, 200),
    Outcome.NO_ENGLISH: (EXIT_NOT_FOUND, 404),
    Outcome.ABSENT: (EXIT_NOT_FOUND, 404),
}


@dataclass(frozen=True)
class Absent:
    """A cite the corpus lacks: its ``canonical`` form, the ``edition``
    asked, the catalogue's ``entry`` for it (another law's when the
    catalogue lacks it too: ``entry.id != canonical``), and the
    ``fragments`` that may hold its text with ``why`` they may."""

    canonical: str
    edition: str
    entry: Entry
    fragments: list[Node] = field(default_factory=list)
    why: dict[str, Any] = field(default_factory=dict)

    @property
    def unlisted(self) -> bool:
        """Neither the corpus nor the catalogue has it (``62Z``)."""
        return self.entry.id != self.canonical and "." not in self.canonical


@dataclass(frozen=True)
class Shown:
    """The answer of :func:`show`: its ``outcome``, the ``nodes`` found (in
    reading order; for ``NO_ENGLISH`` the nodes with no English text), or
    ``absent``."""

    outcome: Outcome
    nodes: list[Node] = field(default_factory=list)
    absent: Absent | None = None

    @property
    def exit_code(self) -> int:
        """The CLI's exit code (:data:`OUTCOMES`)."""
        return OUTCOMES[self.outcome][0]

    @property
    def http_status(self) -> int:
        """The API's HTTP status (:data:`OUTCOMES`)."""
        return OUTCOMES[self.outcome][1]


def show(lib: Library, cite: str, *, doc: str | None = None, edition: str | None = None,
         lang: str = "ru") -> Shown:
    """The nodes ``cite`` names in document ``doc`` (any) and ``edition``
    (picked as :meth:`~lawref.library.Library.pick_edition` does), or what
    the edition calls the law the corpus lacks. Raises
    :class:`~lawref.errors.NotFound` when the edition has no such law,
    :class:`~lawref.cite.CiteError` for a cite that is malformed,
    :class:`~lawref.errors.UsageError` for an unknown document or edition."""
    lib.check_doc(doc)
    chosen = lib.pick_edition(edition) if edition else None
    try:
        nodes = lib.find(cite, doc, chosen)
    except NotFound:
        canonical, ed, entry = lib.absent(cite, chosen or lib.edition_of(doc))
        fragments, why = lib.fragments_for(canonical)
        return Shown(Outcome.ABSENT, absent=Absent(canonical, ed, entry, fragments, why))
    if lang == "en" and not lib.english_of(nodes):
        return Shown(Outcome.NO_ENGLISH, nodes)
    return Shown(Outcome.FOUND, nodes)


# -- exports: the value each writer renders, worked out once -----------------------------


def book(lib: Library, doc: str | None = None, law: str | None = None, edition: str | None = None, *,
         single: bool = True) -> Book:
    """The :class:`~lawref.export.book.Book` of ``lib.selection(doc, law,
    edition)`` (raises as it does), made of what the corpus holds
    (:func:`lawref.query.shown.holdings`); ``single=False`` for the HTML
    site's anchors, pages and offline search."""
    from lawref.export.book import Book
    from lawref.query.shown import holdings

    documents, nodes = lib.selection(doc, law, edition)
    return Book(holdings(lib, nodes, forms=not single), documents, nodes, single=single)


def export_json(lib: Library, doc: str | None = None, law: str | None = None,
                edition: str | None = None) -> dict[str, Any]:
    """The JSON contract (:func:`lawref.export.json.export_document`) of the
    corpus, or of what ``lib.selection`` keeps."""
    from lawref.export.json import export_document

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
    from lawref.export.formats import FORMATS
    from lawref.export.json import dumps

    if fmt not in FORMATS:
        raise ValueError(f"unknown export format {fmt!r}; the formats are: {', '.join(FORMATS)}")
    if FORMATS[fmt].contract:
        return dumps(export_json(lib, doc, law, edition)) + "\n"
    return FORMATS[fmt].text(book(lib, doc, law, edition), width=width, base_url=base_url)


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
    from lawref.query.shown import holdings

    single = base_url in ("", "#")
    anchors = Anchors(holdings(lib, (), labels=False), lib.documents, single=single)

    def href(node_id: str) -> str | None:
        node = lib.store.node(node_id)
        return None if node is None else str(anchors.href(node, "#" if single else base_url))

    return href
