"""citations: the values of a link — a citation found in text, a resolved cite, both together.

Defined apart from :mod:`lawref.model`, which names them too (PEP 562),
and from the other commands' values (:mod:`lawref.results`,
:mod:`lawref.listings`): a frozen dataclass's methods are compiled when its
class is made, so a command makes only the classes it uses (a cold ``show``
none of these, a ``link`` these three; issue 28). The shapes are told in
:mod:`lawref.model`'s docstring.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any

from lawref.model import overall

__all__ = ["Citation", "Linked", "Target"]


@dataclass(frozen=True)
class Citation:
    """A citation found in text.

    ``start``/``end``: code-point offsets into the text searched,
    end-exclusive (``text[start:end] == self.text``). ``cites``: canonical
    targets (``("70",)``; a range gives every law in it, ``("61", "62", "63",
    "64")``). ``kind``: ``"law"``, ``"commentary"`` or ``"relative"``; a
    relative citation's ``cites`` are label paths to resolve against the node
    it stands in (``("1",)`` for ``пункту 1``, ``("(b)", "(1)")`` for
    ``(B1)``). ``truncated``: a list longer than
    :data:`lawref.cite.MAX_MEMBERS` cites was cut here. ``reading``: how
    Cyrillic section letters were read — ``""`` (none printed),
    ``"lookalike"`` (``62В`` = 62B) or ``"alphabet"`` (``62Г`` = 62D, in
    alphabet order); ``mixed``: the text holds both kinds, so a letter that
    reads differently in the two (В, Е, К, М, Н) is in doubt. ``unread``:
    the parts a citation names in words that could not be made a cite
    (``пункт 2`` of ``пункт 2 правила 43``, a subsection with no section):
    its cite stops before them, and it never resolves ``exact``.
    """

    start: int
    end: int
    text: str
    cites: tuple[str, ...]
    kind: str = "law"
    truncated: bool = False
    reading: str = ""
    mixed: bool = False
    unread: str = ""


@dataclass(frozen=True)
class Target:
    """One resolved cite: ``cite`` asked for, ``status``, ``id`` of the node it
    resolved to (``None`` when absent or invalid), ``missing`` the part of the
    cite not found (``"C"`` for ``66C`` resolved to law 66), ``edition`` the
    edition it was resolved in (``None``: the documents name none)."""

    cite: str
    status: str
    id: str | None = None
    missing: str = ""
    edition: str | None = None

    def to_json(self) -> dict[str, Any]:
        """``{"cite", "status", "id", "missing", "edition"}``."""
        return asdict(self)

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> Target:
        """The inverse of :meth:`to_json`."""
        return cls(d["cite"], d["status"], d["id"], d["missing"], d.get("edition"))


@dataclass(frozen=True)
class Linked:
    """A citation found in free text, resolved: ``citation`` (offsets into the
    input), ``targets`` (one per cite), ``status`` (the worst of theirs) and
    ``ids`` (the nodes they resolved to)."""

    citation: Citation
    targets: tuple[Target, ...]

    @property
    def status(self) -> str:
        return overall(t.status for t in self.targets)

    @property
    def ids(self) -> list[str]:
        return [t.id for t in self.targets if t.id is not None]

    def to_json(self) -> dict[str, Any]:
        """``{"start", "end", "text", "cites", "status", "ids", "targets"}``,
        plus ``"truncated": true`` when the citation's list was cut at
        :data:`lawref.cite.MAX_MEMBERS` cites, ``"reading"``,
        ``"mixed_readings"`` and ``"unread"`` (:class:`Citation`) when set. (Free text has law and
        commentary citations only; a commentary cite is the one with a dot.)"""
        c = self.citation
        out: dict[str, Any] = {"start": c.start, "end": c.end, "text": c.text, "cites": list(c.cites),
                               "status": self.status, "ids": self.ids, "targets": [t.to_json() for t in self.targets]}
        if c.truncated:
            out["truncated"] = True
        if c.reading:
            out["reading"] = c.reading
        if c.mixed:
            out["mixed_readings"] = True
        if c.unread:
            out["unread"] = c.unread
        return out

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> Linked:
        """The inverse of :meth:`to_json`."""
        kind = "commentary" if d["cites"] and all("." in c for c in d["cites"]) else "law"
        citation = Citation(d["start"], d["end"], d["text"], tuple(d["cites"]), kind, d.get("truncated", False),
                            d.get("reading", ""), d.get("mixed_readings", False), d.get("unread", ""))
        return cls(citation, tuple(Target.from_json(t) for t in d["targets"]))
