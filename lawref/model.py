"""Values that flow through the pipeline: frozen dataclasses, no I/O.

Shapes:

* :class:`Paragraph` — one paragraph of clean text with its provenance (the raw
  file's 1-based line numbers) and the printed page it stands on.
* :class:`Document` — one manifest entry (laws or commentary).
* :class:`Node` — one unit of the law tree (chapter, part, division, law,
  section, subsection, item, commentary, footnote, fragment).
* :class:`PassRecord` / :class:`CleanReport` — what each clean pass did.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any

#: Node kinds, in the field's terms.
KINDS = (
    "chapter",
    "part",
    "division",
    "law",
    "section",
    "subsection",
    "item",
    "commentary",
    "footnote",
    "fragment",
)

#: Document kinds a manifest may name.
DOC_KINDS = ("laws", "commentary")


@dataclass(frozen=True)
class Source:
    """Where a node's text starts in the raw input.

    ``file`` is the file name relative to the corpus folder; ``line`` the
    1-based line number of the node's first line in that raw file, ``end_line``
    its last; ``bytes`` the ``(start, end)`` byte range of those lines in the
    raw file (end-exclusive), whatever its encoding.
    """

    file: str
    line: int
    end_line: int | None = None
    bytes: tuple[int, int] | None = None


@dataclass(frozen=True)
class Paragraph:
    """A paragraph of clean text.

    ``text`` is the reflowed paragraph (no newlines); ``lines`` the 1-based raw
    line numbers it was made from, in order, and ``starts`` the code-point
    offset in ``text`` where each of those lines begins (same length); ``page`` the printed page
    (``None`` when no page marker precedes it); ``page_seq`` counts page
    boundaries in the file (0 before the first marker), so two paragraphs with
    the same ``page_seq`` stand on the same scraped page; ``role`` is
    ``"text"``, ``"footnote"`` or ``"heading"`` (a line that stood alone and was
    underlined or labelled); ``underlined`` is true when an underline (``----``,
    ``====`` or a ``?`` run) followed it in the raw file.
    """

    text: str
    lines: tuple[int, ...]
    starts: tuple[int, ...] = (0,)
    page: int | None = None
    page_seq: int = 0
    contiguous: bool = False
    role: str = "text"
    underlined: bool = False
    reader_page: int | None = None


@dataclass(frozen=True)
class PassRecord:
    """What one clean pass did: ``count`` changes, up to two ``examples``
    (``before → after`` strings, before cut to 80 characters)."""

    name: str
    description: str
    count: int
    examples: tuple[str, ...] = ()


@dataclass(frozen=True)
class CleanReport:
    """The ordered record of clean passes for one file, plus metadata found
    (``title``: the book-title line, e.g. ``неизвестен Автор - Все о Бридже``)."""

    passes: tuple[PassRecord, ...]
    title: str | None = None

    def count(self, name: str) -> int:
        """Count recorded by pass ``name`` (0 if the pass did not run)."""
        return sum(p.count for p in self.passes if p.name == name)


@dataclass(frozen=True)
class Document:
    """One document of the corpus (a manifest entry, or a detected one).

    ``kind`` is ``"laws"`` or ``"commentary"``; ``files`` the corpus-relative
    file names read for it, in reading order.
    """

    id: str
    kind: str
    lang: str = "ru"
    edition: str | None = None
    title: str | None = None
    files: tuple[str, ...] = ()

    def to_json(self) -> dict[str, Any]:
        """The JSON-contract dict: ``id, kind, lang, edition, title, files``."""
        d = asdict(self)
        d["files"] = list(self.files)
        return d


@dataclass(frozen=True)
class Ref:
    """An outgoing reference of a node: a citation in its ``text``.

    ``start``/``end`` are code-point offsets into the node's ``text``,
    end-exclusive; ``text`` the citation as printed; ``cite`` the canonical
    target; ``status`` ``exact`` | ``partial`` | ``absent`` | ``invalid``; ``id``
    the node it resolved to (``None`` when absent or invalid); ``line`` the raw
    source line the citation starts on."""

    start: int
    end: int
    text: str
    cite: str
    status: str
    id: str | None
    line: int

    def to_json(self) -> dict[str, Any]:
        """``{"start", "end", "text", "cite", "status", "id", "line"}``."""
        return asdict(self)


@dataclass(frozen=True)
class Node:
    """One node of the law tree.

    ``id`` is unique in the corpus (``"laws/62B"``, ``"commentary/45.5"``,
    ``"laws/fragment@003_d6d1da8d5423a94e:83"``); ``cite`` the canonical cite in
    English style (``"62"``, ``"62B"``, ``"72A5"``, ``"43B2(a)"``, ``"45.5"``)
    or ``None`` for chapters, fragments and footnotes; ``label`` the label as
    printed (``"B."``, ``"(A)."``, ``"Правило 62."``); ``text`` the clean text of
    this node alone (paragraphs joined by ``"\\n"``), not its children;
    ``parent`` the parent's id or ``None``; ``page`` the printed page;
    ``inferred`` is true when the node's law number was inferred from a law
    heading later on the same page rather than printed above it; ``refs`` the
    citations in ``text``, resolved; ``title_en`` the English title (from the
    edition catalogue, or the node's own title in an English document);
    ``line_map`` pairs ``(offset in text, raw
    line)`` for each raw line the text was made from.
    """

    id: str
    doc: str
    kind: str
    cite: str | None
    label: str | None
    title: str | None
    text: str
    parent: str | None
    page: int | None
    source: Source
    inferred: bool = False
    lines: tuple[int, ...] = field(default=(), compare=False)
    line_map: tuple[tuple[int, int], ...] = field(default=(), compare=False)
    refs: tuple[Ref, ...] = field(default=(), compare=False)
    title_en: str | None = field(default=None, compare=False)

    def to_json(self) -> dict[str, Any]:
        """The JSON-contract dict (see README, «JSON contract»)."""
        return {
            "id": self.id,
            "doc": self.doc,
            "cite": self.cite,
            "kind": self.kind,
            "label": self.label,
            "title": self.title,
            "title_en": self.title_en,
            "text": self.text,
            "parent": self.parent,
            "page": self.page,
            "source": {"file": self.source.file, "line": self.source.line, "end_line": self.source.end_line,
                       "bytes": list(self.source.bytes) if self.source.bytes else None},
            "inferred": self.inferred,
            "refs": [r.to_json() for r in self.refs],
        }
