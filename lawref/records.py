"""records: the build's values — paragraphs of clean text and what each step did.

Frozen dataclasses, no I/O, as in :mod:`lawref.model` (which names them too);
kept apart so that a query process, which never builds, does not create
their classes (issue 13: each dataclass costs a cold start ~1.5 ms).

* :class:`Paragraph` — one paragraph of clean text with its provenance (the raw
  file's 1-based line numbers) and the printed page it stands on.
* :class:`PassRecord` / :class:`Dropped` / :class:`CleanReport` — what each
  clean pass did, the lines it dropped and why.
* :class:`FileReport` — what a build did with one file.
* :class:`Corpus` — a built corpus (:func:`lawref.corpus.build_corpus`, or the
  live build kept when nothing changed: :func:`lawref.store.build`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, fields
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from lawref.model import Document, Node

__all__ = ["CleanReport", "Corpus", "Dropped", "FileReport", "Paragraph", "PassRecord"]


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

    def to_json(self) -> dict[str, Any]:
        """``{"name", "description", "count", "examples"}``."""
        return {"name": self.name, "description": self.description, "count": self.count,
                "examples": list(self.examples)}

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> PassRecord:
        """The inverse of :meth:`to_json`."""
        return cls(d["name"], d["description"], d["count"], tuple(d["examples"]))


@dataclass(frozen=True, slots=True)  # one a dropped line: 200,000 repeated lines make as many
class Dropped:
    """Text a clean step took out of a file: raw ``line`` (1-based), the
    ``text`` dropped (a whole line or the part of one), the ``step`` (its
    function name) and the ``reason``. Every word of the input is in a node
    or in one of these (the conservation check)."""

    line: int
    text: str
    step: str
    reason: str

    def to_json(self) -> dict[str, Any]:
        """``{"line", "text", "step", "reason"}``."""
        return {"line": self.line, "text": self.text, "step": self.step, "reason": self.reason}

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> Dropped:
        """The inverse of :meth:`to_json`."""
        return cls(d["line"], d["text"], d["step"], d["reason"])


@dataclass(frozen=True)
class CleanReport:
    """The ordered record of clean passes for one file, plus metadata found
    (``title``: the book-title line, e.g. ``неизвестен Автор - Все о Бридже``),
    every piece of text dropped (``dropped``) and every piece inserted by a
    repair (``inserted``: ``(line, text)``, e.g. a ligature ``ff``) and
    ``notes`` for the build report (a suspect page marker …)."""

    passes: tuple[PassRecord, ...]
    title: str | None = None
    dropped: tuple[Dropped, ...] = ()
    inserted: tuple[tuple[int, str], ...] = ()
    notes: tuple[str, ...] = ()

    def count(self, name: str) -> int:
        """Count recorded by pass ``name`` (0 if the pass did not run)."""
        return sum(p.count for p in self.passes if p.name == name)


# -- build reports ------------------------------------------------------------------


@dataclass
class FileReport:
    """What a build did with one file. ``status`` is ``"ok"``, ``"skipped"``
    (nothing usable; ``warnings`` says why) or ``"warning"``. Filled in by
    the build as it goes (not frozen); ``pages`` are printed page numbers,
    ``passes`` the clean passes as :meth:`PassRecord.to_json` dicts."""

    file: str
    doc: str | None = None
    kind: str | None = None
    kind_how: str | None = None
    lang: str | None = None
    title: str | None = None
    format: str | None = None
    mojibake: dict[str, Any] = field(default_factory=dict)
    lost_chars: int = 0
    qmark_runs: int = 0
    rejoined_words: int = 0
    encoding: str | None = None
    encoding_how: str | None = None
    style: str | None = None
    pages: list[int] = field(default_factory=list)
    paragraphs: int = 0
    nodes: int = 0
    fragments: int = 0
    inferred: int = 0
    duplicates_dropped: int = 0
    passes: list[dict[str, Any]] = field(default_factory=list)
    dropped: list[dict[str, Any]] = field(default_factory=list)
    #: Every piece a repair put in (a lost ligature ``ff``, a lost ``ё``), as ``{"line", "text"}``: the raw
    #: line (1-based) it went in and what it put there — listed like ``dropped``.
    inserted: list[dict[str, Any]] = field(default_factory=list)
    status: str = "ok"
    warnings: list[str] = field(default_factory=list)
    #: The structure warnings of the tree built from the file (:mod:`lawref.treecheck`), as
    #: ``{"check", "line", "node", "message"}`` records.
    structure: list[dict[str, Any]] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        """Plain-dict form for ``build --report --json``."""
        return dict(self.__dict__)

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> FileReport:
        """The inverse of :meth:`to_json` (unknown keys are ignored)."""
        return cls(**{f.name: d[f.name] for f in fields(cls) if f.name in d})


@dataclass(frozen=True)
class Corpus:
    """A built corpus: ``documents``, ``nodes`` in reading order, per-file
    ``reports``, ``stamp`` (content hash of the inputs and lawref version),
    ``warnings`` (manifest entries that match no file) and ``paths``: the
    real relative path, as hex of its bytes, of each file whose shown name
    differs (a name that is not UTF-8, shown with ``\\xNN`` escapes)."""

    documents: tuple[Document, ...]
    nodes: Sequence[Node]
    reports: tuple[FileReport, ...]
    stamp: str
    warnings: tuple[str, ...] = ()
    paths: dict[str, str] = field(default_factory=dict)
    default_edition: str | None = None  # the manifest's ``default_edition``
    signatures: dict[str, str] = field(default_factory=dict)  # document id → its entry and files' cache keys
    file_keys: dict[str, str] = field(default_factory=dict)  # file name → its build-cache key
    reused: int = 0  # files taken from the last build's cache (unchanged), not read and parsed again
    unchanged: bool = False  # nothing changed since the live build: it was kept, nothing built

    def usable(self) -> bool:
        """True when at least one node was built."""
        return bool(self.nodes)
