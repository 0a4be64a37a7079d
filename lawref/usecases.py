"""usecases: what ``show``, ``compare`` and ``resolve`` answer, once for the CLI and the API.

Each use case returns an outcome value; :data:`OUTCOMES` maps every outcome
to the CLI's exit code and the API's HTTP status in one table (the CLI and
the API then only parse, call and print). The words of an answer are made
by the writers (:mod:`lawref.export.text`, :mod:`lawref.export.json`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import TYPE_CHECKING, Any

from lawref.errors import EXIT_NOT_FOUND, EXIT_OK, NotFound
from lawref.model import Node

if TYPE_CHECKING:
    from collections.abc import Sequence

    from lawref.lang.catalogue import Entry
    from lawref.lang.concordance import Comparison, Counterpart
    from lawref.library import Library
    from lawref.model import Target

__all__ = ["OUTCOMES", "Absent", "Outcome", "Shown", "compare", "resolved", "show"]


class Outcome(StrEnum):
    """What a use case found: the nodes; no English text of them (``--lang
    en``); a law the edition has and the corpus lacks (or no such law in
    the catalogue either: :class:`Absent` says which)."""

    FOUND = "found"
    NO_ENGLISH = "no English text"
    ABSENT = "absent"
    UNKNOWN = "no counterpart known"


#: Every outcome → ``(exit code, HTTP status)``.
OUTCOMES: dict[Outcome, tuple[int, int]] = {
    Outcome.FOUND: (EXIT_OK, 200),
    Outcome.NO_ENGLISH: (EXIT_NOT_FOUND, 404),
    Outcome.ABSENT: (EXIT_NOT_FOUND, 404),
    Outcome.UNKNOWN: (EXIT_NOT_FOUND, 404),
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


def compare(lib: Library, cite: str, from_edition: str | None = None,
            to_edition: str | None = None) -> tuple[Outcome, Comparison]:
    """``compare``: :meth:`Library.compare`, ``FOUND`` when a counterpart
    is known in some edition, else ``UNKNOWN`` (exit 1, HTTP 404). Raises
    as :meth:`Library.compare` does."""
    found = lib.compare(cite, from_edition, to_edition)
    return (Outcome.FOUND if any(k.cite for k in found.counterparts) else Outcome.UNKNOWN), found


def resolved(lib: Library, targets: Sequence[Target | None]) -> dict[int, tuple[Counterpart, ...]]:
    """``resolve``: for each target (by index) that did not resolve exactly,
    what the concordance names of it in the corpus (:meth:`Library.elsewhere`)."""
    return {k: lib.elsewhere(t) for k, t in enumerate(targets) if t is not None}
