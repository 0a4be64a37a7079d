"""model: every value that crosses a module boundary — frozen dataclasses, no I/O.

Shapes:

* :class:`Paragraph`, :class:`PassRecord`, :class:`Dropped`,
  :class:`CleanReport`, :class:`FileReport` — the build's values (a
  paragraph of clean text, what a pass did, a dropped line, what a build
  did with a file), defined in :mod:`lawref.records` and named here too;
  only the build side loads them, so a query does not pay for their classes.
* :class:`Document` — one manifest entry (laws or commentary).
* :class:`Node` (with :class:`Source`, :class:`Ref`) — one unit of the law
  tree (chapter, part, division, law, section, subsection, item, commentary,
  footnote, fragment).
* :class:`Citation`, :class:`Target`, :class:`Linked` — a citation found in
  text, one resolved cite, a citation with its targets.
* :class:`Answer`, :class:`Hit` — what a search answers, one search result.
* :class:`TocEntry` — one row of the contents.
* :class:`References` — what ``refs`` answers.
* :class:`Shown`, :class:`View`, :class:`RefShown`, :class:`Twin`,
  :class:`HitShown`, :class:`Holdings` — what a writer is handed: each
  shown node worked out once on the query side (:mod:`lawref.query.shown`),
  rendered by :mod:`lawref.export`, which asks no library.

The values of a search, a link, the contents, ``refs`` and an export
(:class:`Citation` … :class:`References`, :class:`HitShown`,
:class:`Holdings`) are defined by command — a link's in
:mod:`lawref.citations`, a search's in :mod:`lawref.results`, the
contents', ``refs``' and an export's in :mod:`lawref.listings`, a shown
node's (:class:`Shown` … :class:`Twin`) in :mod:`lawref.printed` — and named
here too, loaded on first use: a command builds only the classes it uses,
a lookup only this module's and :mod:`lawref.printed`'s (a frozen
dataclass's six methods are compiled when its class is made,
about a millisecond a class; issue 28).

Every value with a JSON form has ``to_json`` and ``from_json``, and
``X.from_json(x.to_json()) == x`` holds for every field (a property test).
"""

from __future__ import annotations

import importlib
from collections.abc import Iterable
from dataclasses import asdict, field, fields
from enum import StrEnum
from typing import TYPE_CHECKING, Any

from lawref.values import frozen

if TYPE_CHECKING:
    from lawref.citations import Citation as Citation
    from lawref.citations import Linked as Linked
    from lawref.citations import Target as Target
    from lawref.listings import TOC_STATUSES as TOC_STATUSES
    from lawref.listings import Holdings as Holdings
    from lawref.listings import References as References
    from lawref.listings import TocEntry as TocEntry
    from lawref.listings import TocStatus as TocStatus
    from lawref.printed import RefShown as RefShown
    from lawref.printed import Shown as Shown
    from lawref.printed import Twin as Twin
    from lawref.printed import View as View
    from lawref.records import CleanReport as CleanReport
    from lawref.records import Dropped as Dropped
    from lawref.records import FileReport as FileReport
    from lawref.records import Paragraph as Paragraph
    from lawref.records import PassRecord as PassRecord
    from lawref.results import Answer as Answer
    from lawref.results import Hit as Hit
    from lawref.results import HitShown as HitShown

_set = object.__setattr__  # a frozen value's own __init__ sets its fields past its refusing __setattr__

#: The values defined in another module, named here too, each loaded on first use (PEP 562).
_ELSEWHERE = {
    **dict.fromkeys(("Paragraph", "PassRecord", "Dropped", "CleanReport", "FileReport"), "lawref.records"),
    **dict.fromkeys(("Citation", "Target", "Linked"), "lawref.citations"),
    **dict.fromkeys(("Answer", "Hit", "HitShown"), "lawref.results"),
    **dict.fromkeys(("TocStatus", "TOC_STATUSES", "TocEntry", "References", "Holdings"), "lawref.listings"),
    **dict.fromkeys(("Shown", "RefShown", "View", "Twin"), "lawref.printed"),
}


def __getattr__(name: str) -> Any:
    """A value of :mod:`lawref.records` (the build's: a query process never
    loads their classes) or of :mod:`lawref.citations`,
    :mod:`lawref.results` and :mod:`lawref.listings` (a link's, a search's,
    the contents': ``show`` never loads them), loaded on first use and kept (PEP 562)."""
    if name not in _ELSEWHERE:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(_ELSEWHERE[name]), name)
    globals()[name] = value  # asked again: found at once
    return value


class Kind(StrEnum):
    """Node kinds, in the field's terms (a member is its string: ``Kind.LAW == "law"``)."""

    CHAPTER = "chapter"
    PART = "part"
    DIVISION = "division"
    LAW = "law"
    SECTION = "section"
    SUBSECTION = "subsection"
    ITEM = "item"
    COMMENTARY = "commentary"
    FOOTNOTE = "footnote"
    FRAGMENT = "fragment"


#: Node kinds, in the field's terms, as plain strings (:class:`Kind`).
KINDS = tuple(k.value for k in Kind)

#: Document kinds a manifest may name.
DOC_KINDS = ("laws", "commentary")


@frozen
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

    def __init__(self, file: str, line: int, end_line: int | None = None, bytes: tuple[int, int] | None = None) -> None:
        _set(self, "file", file)
        _set(self, "line", line)
        _set(self, "end_line", end_line)
        _set(self, "bytes", bytes)

    def to_json(self) -> dict[str, Any]:
        """``{"file", "line", "end_line", "bytes"}`` (``bytes`` a list or null)."""
        return {"file": self.file, "line": self.line, "end_line": self.end_line,
                "bytes": list(self.bytes) if self.bytes else None}

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> Source:
        """The inverse of :meth:`to_json`."""
        span = d.get("bytes")
        return cls(d["file"], d["line"], d.get("end_line"), (span[0], span[1]) if span else None)


@frozen
class Document:
    """One document of the corpus (a manifest entry, or a detected one).

    ``kind`` is ``"laws"`` or ``"commentary"``; ``files`` the corpus-relative
    file names read for it, in reading order; ``letters`` how its Cyrillic
    section letters read: ``"lookalike"`` (``В.`` is B, the seeds) or
    ``"alphabet"`` (its labels include Б, Г, Д …: ``В.`` is C).
    """

    id: str
    kind: str
    lang: str = "ru"
    edition: str | None = None
    title: str | None = None
    files: tuple[str, ...] = ()
    letters: str = "lookalike"

    def __init__(self, id: str, kind: str, lang: str = "ru", edition: str | None = None, title: str | None = None,
                 files: tuple[str, ...] = (), letters: str = "lookalike") -> None:
        _set(self, "id", id)
        _set(self, "kind", kind)
        _set(self, "lang", lang)
        _set(self, "edition", edition)
        _set(self, "title", title)
        _set(self, "files", files)
        _set(self, "letters", letters)

    def to_json(self) -> dict[str, Any]:
        """The JSON-contract dict: ``id, kind, lang, edition, title, files``,
        and ``letters: "alphabet"`` for a document whose section labels are
        in Russian alphabet order (А, Б, В = C, Г = D …)."""
        d = asdict(self)
        d["files"] = list(self.files)
        if self.letters == "lookalike":
            del d["letters"]
        return d

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> Document:
        """The inverse of :meth:`to_json`."""
        return cls(d["id"], d["kind"], d["lang"], d["edition"], d["title"], tuple(d["files"]),
                   d.get("letters", "lookalike"))


@frozen
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

    def __init__(self, start: int, end: int, text: str, cite: str, status: str, id: str | None, line: int) -> None:
        _set(self, "start", start)
        _set(self, "end", end)
        _set(self, "text", text)
        _set(self, "cite", cite)
        _set(self, "status", status)
        _set(self, "id", id)
        _set(self, "line", line)

    def to_json(self) -> dict[str, Any]:
        """``{"start", "end", "text", "cite", "status", "id", "line"}``."""
        return {"start": self.start, "end": self.end, "text": self.text, "cite": self.cite, "status": self.status,
                "id": self.id, "line": self.line}

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> Ref:
        """The inverse of :meth:`to_json`."""
        return cls(**{f.name: d[f.name] for f in fields(cls)})


@frozen
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
    line)`` for each raw line the text was made from; ``marks`` the source
    marks a commentary prints after a heading or paragraph (``DC4``: the
    source it follows), kept apart from the title and text.
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
    marks: tuple[str, ...] = ()

    def __init__(self, id: str, doc: str, kind: str, cite: str | None, label: str | None, title: str | None,
                 text: str, parent: str | None, page: int | None, source: Source, inferred: bool = False,
                 lines: tuple[int, ...] = (), line_map: tuple[tuple[int, int], ...] = (), refs: tuple[Ref, ...] = (),
                 title_en: str | None = None, marks: tuple[str, ...] = ()) -> None:
        _set(self, "id", id)
        _set(self, "doc", doc)
        _set(self, "kind", kind)
        _set(self, "cite", cite)
        _set(self, "label", label)
        _set(self, "title", title)
        _set(self, "text", text)
        _set(self, "parent", parent)
        _set(self, "page", page)
        _set(self, "source", source)
        _set(self, "inferred", inferred)
        _set(self, "lines", lines)
        _set(self, "line_map", line_map)
        _set(self, "refs", refs)
        _set(self, "title_en", title_en)
        _set(self, "marks", marks)

    def to_json(self, *, full: bool = False) -> dict[str, Any]:
        """The JSON-contract dict (docs/json.md, «lawref/1»); with ``full``,
        also ``lines`` and ``line_map`` (what the index keeps, so that a
        node read back is the node that was built)."""
        out: dict[str, Any] = {
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
            "source": self.source.to_json(),
            "inferred": self.inferred,
            "refs": [r.to_json() for r in self.refs],
        }
        if self.marks:
            out["marks"] = list(self.marks)
        if full:
            out["lines"] = list(self.lines)
            out["line_map"] = [list(pair) for pair in self.line_map]
        return out

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> Node:
        """The inverse of :meth:`to_json` (``lines``/``line_map`` empty
        when the dict has none)."""
        return cls(d["id"], d["doc"], d["kind"], d["cite"], d["label"], d["title"], d["text"], d["parent"],
                   d["page"], Source.from_json(d["source"]), d["inferred"], tuple(d.get("lines", ())),
                   tuple((a, b) for a, b in d.get("line_map", ())), tuple(Ref.from_json(r) for r in d["refs"]),
                   d.get("title_en"), tuple(d.get("marks", ())))


# -- citations ------------------------------------------------------------------------

class Status(StrEnum):
    """How a citation resolved, best first: ``exact`` (the node it names),
    ``partial`` (an ancestor: the text of the part cited is lost), ``absent``
    (the edition has it, the corpus does not), ``invalid`` (no such law)."""

    EXACT = "exact"
    PARTIAL = "partial"
    ABSENT = "absent"
    INVALID = "invalid"


#: Resolution statuses, best first, as plain strings (:class:`Status`).
STATUSES = tuple(s.value for s in Status)


class Reading(StrEnum):
    """How a citation's Cyrillic section letters were read (:attr:`Citation.reading`)."""

    NONE = ""
    LOOKALIKE = "lookalike"
    ALPHABET = "alphabet"


def overall(statuses: Iterable[str]) -> str:
    """The worst of several statuses (``exact`` < ``partial`` < ``absent`` <
    ``invalid``); ``invalid`` for none."""
    ranked = [STATUSES.index(s) for s in statuses]
    return STATUSES[max(ranked)] if ranked else "invalid"
