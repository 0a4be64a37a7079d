"""catalogue: the laws, chapters and sections of an edition with their titles.

Every law of an edition with its English title and chapter, and the
sections whose English titles are known (``lawref/data/laws-<edition>.tsv``,
a plain file a federation can correct).

Lets lawref say what a law is even when the corpus lacks its text
(``lawref show 59`` → «Law 59 — Inability to Lead or Play as Required — text
not in this corpus»).
"""

from __future__ import annotations

import csv
import functools
from dataclasses import dataclass
from pathlib import Path

from lawref import patterns as P
from lawref.lang import DEFAULT_EDITION

DATA = Path(__file__).resolve().parent.parent / "data"


class CatalogueError(ValueError):
    """A catalogue file is missing or malformed."""


@dataclass(frozen=True)
class Entry:
    """One catalogue row: ``kind`` (chapter | law | section), ``id`` (``VI``,
    ``62``, ``62B``), ``chapter`` (roman), ``title_en``, ``title_ru`` (may be
    empty), ``unsure`` (``""``, ``"en"``, ``"ru"`` or ``"en ru"``)."""

    kind: str
    id: str
    chapter: str
    title_en: str
    title_ru: str
    unsure: str = ""


@dataclass(frozen=True)
class Catalogue:
    """All entries of one edition, by id."""

    edition: str
    entries: dict[str, Entry]

    def law(self, number: int) -> Entry | None:
        """The law ``number`` (``None`` when the edition has no such law)."""
        return self.entries.get(f"law:{number}")

    def chapter(self, roman: str) -> Entry | None:
        return self.entries.get(f"chapter:{roman}")

    def laws(self) -> list[Entry]:
        return [e for e in self.entries.values() if e.kind == "law"]

    def chapters(self) -> list[Entry]:
        return [e for e in self.entries.values() if e.kind == "chapter"]

    def title_en(self, cite: str | None) -> str | None:
        """English title of the node a canonical ``cite`` names, when known:
        a section's own title, or a law's (``"62"``); ``None`` otherwise."""
        if not cite or "." in cite:
            return None
        entry = self.entries.get(f"section:{cite}") or self.entries.get(f"law:{cite}")
        return entry.title_en if entry else None

    def law_title_en(self, cite: str | None) -> str | None:
        """English title of the law a cite belongs to (``"62B"`` → law 62's)."""
        m = P.LEADING_NUMBER.match(cite or "")
        entry = self.law(int(m.group())) if m else None
        return entry.title_en if entry else None


@functools.cache
def has(edition: str) -> bool:
    """lawref keeps a catalogue of ``edition`` itself (no fallback)."""
    return (DATA / f"laws-{edition}.tsv").is_file()


@functools.cache
def load(edition: str = DEFAULT_EDITION) -> Catalogue:
    """The catalogue of ``edition`` (falls back to the 1997 one when lawref has
    none for it). Raises :class:`CatalogueError` for a malformed file."""
    path = DATA / f"laws-{edition}.tsv"
    if not path.is_file():
        path = DATA / f"laws-{DEFAULT_EDITION}.tsv"
    rows = [line for line in path.read_text(encoding="utf-8").splitlines() if line and not line.startswith("#")]
    entries: dict[str, Entry] = {}
    for row in csv.DictReader(rows, delimiter="\t"):
        try:
            entry = Entry(row["kind"], row["id"], row["chapter"], row["title_en"], row["title_ru"] or "",
                          row.get("unsure") or "")
        except (KeyError, TypeError) as exc:
            raise CatalogueError(f"{path}: bad row {row!r}") from exc
        entries[f"{entry.kind}:{entry.id}"] = entry
    return Catalogue(edition, entries)
