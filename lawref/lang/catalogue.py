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
    empty), ``unsure`` (``""``, ``"en"``, ``"ru"`` or ``"en ru"``), and for
    a law whose whole text a source showed, ``sections``: the letters of
    all its sections in order (``("A", "B", "C")``; ``()`` for a law with
    none; ``None`` when they are not all known)."""

    kind: str
    id: str
    chapter: str
    title_en: str
    title_ru: str
    unsure: str = ""
    sections: tuple[str, ...] | None = None


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

    def outline(self, law: str) -> tuple[str, ...] | None:
        """The letters of every section of ``law`` (``"17"`` → ``("A", …,
        "E")``) when a source showed the whole law; ``None`` when not all are
        known (then a letter the catalogue lacks may still be the edition's)."""
        entry = self.entries.get(f"law:{law}")
        return entry.sections if entry is not None else None

    def has_no(self, cite: str) -> bool:
        """Whether ``cite`` names a section the edition does not have: its
        law's whole outline is known and lacks that letter (1997 ``17F``;
        ``17F2`` too). ``False`` when the outline is not known, or ``cite``
        names a law or a commentary paragraph."""
        m = P.LEADING_NUMBER.match(cite)
        rest = cite[m.end():] if m else ""
        if m is None or not rest[:1].isalpha():
            return False
        outline = self.outline(m.group())
        return outline is not None and rest[0] not in outline

    def law_title_en(self, cite: str | None) -> str | None:
        """English title of the law a cite belongs to (``"62B"`` → law 62's)."""
        m = P.LEADING_NUMBER.match(cite or "")
        entry = self.law(int(m.group())) if m else None
        return entry.title_en if entry else None


def _outline(cell: str | None) -> tuple[str, ...] | None:
    """A ``sections`` cell: ``"A B C"`` → ``("A", "B", "C")``, ``"-"`` → ``()``
    (no sections), empty → ``None`` (not all known). Raises
    :class:`CatalogueError` for anything but capital letters in order."""
    cell = (cell or "").strip()
    if not cell:
        return None
    letters = () if cell == "-" else tuple(cell.split())
    if any(len(x) != 1 or not x.isupper() for x in letters) or list(letters) != sorted(set(letters)):
        raise CatalogueError(f"sections {cell!r}: capital letters in order, or '-' for none")
    return letters


@functools.cache
def has(edition: str) -> bool:
    """lawref keeps a catalogue of ``edition`` itself (no fallback)."""
    return (DATA / f"laws-{edition}.tsv").is_file()


def lacks(edition: str | None, cite: str) -> bool:
    """Whether lawref's own catalogue of ``edition`` knows every section of
    ``cite``'s law and ``cite``'s is not one of them
    (:meth:`Catalogue.has_no`: 1997 ``17F``); ``False`` for an edition
    lawref keeps no catalogue of (no fallback to another's outline)."""
    return edition is not None and has(edition) and load(edition).has_no(cite)


@functools.cache
def load(edition: str = DEFAULT_EDITION) -> Catalogue:
    """The catalogue of ``edition``: empty for an edition lawref keeps none for
    (a federation's own rules, ``2024``): nothing is said of laws it may lack,
    never another edition's titles. Raises :class:`CatalogueError` for a
    malformed file."""
    path = DATA / f"laws-{edition}.tsv"
    if not (edition.isascii() and edition.isdigit()) or not path.is_file():  # a name, never a path
        return Catalogue(edition, {})
    rows = [line for line in path.read_text(encoding="utf-8").splitlines() if line and not line.startswith("#")]
    entries: dict[str, Entry] = {}
    for row in csv.DictReader(rows, delimiter="\t", quoting=csv.QUOTE_NONE):
        try:
            entry = Entry(row["kind"], row["id"], row["chapter"], row["title_en"], row["title_ru"] or "",
                          row.get("unsure") or "", _outline(row.get("sections")))
        except (KeyError, TypeError, CatalogueError) as exc:
            raise CatalogueError(f"{path}: bad row {row!r} ({exc})") from exc
        entries[f"{entry.kind}:{entry.id}"] = entry
    return Catalogue(edition, entries)


def _title_key(title: str) -> str:
    """A title as compared with the catalogue's: its words in lower case, ``’`` as ``'``, end marks aside."""
    return " ".join(title.replace("’", "'").casefold().rstrip(" .:").split())


@functools.cache
def _every_entry() -> tuple[Entry, ...]:
    """Every entry of every catalogue lawref keeps (``lawref/data/laws-*.tsv``), read once."""
    return tuple(e for path in sorted(DATA.glob("laws-*.tsv"))
                 for e in load(path.stem.removeprefix("laws-")).entries.values())


@functools.cache
def _section_titles() -> frozenset[str]:
    """Every English section title of every catalogue lawref keeps (:func:`_title_key`)."""
    return frozenset().union(*_titles_by_cite().values())


def known_section_title(title: str) -> bool:
    """Whether ``title`` is a section's English title in one of lawref's catalogues (letter case, ``’`` and a
    closing full stop aside): ``Rank of Cards and Suits`` (2017 1A) is; ``Call Not Clearly`` (a line of 20A's
    ``Call Not Clearly Recognized``) is not. The English reader's evidence that a title ended at its line's end."""
    return _title_key(title) in _section_titles()


@functools.cache
def _titles_by_cite() -> dict[str, frozenset[str]]:
    """Every section's English titles by its cite, over all of lawref's catalogues (:func:`_title_key`)."""
    found: dict[str, set[str]] = {}
    for e in _every_entry():
        if e.kind == "section" and e.title_en:
            found.setdefault(e.id, set()).add(_title_key(e.title_en))
    return {cite: frozenset(titles) for cite, titles in found.items()}



def section_letter(law: str, title: str) -> str | None:
    """The letter of law ``law``'s section that one of lawref's catalogues gives the English title ``title``
    (letter case, ``’`` and a closing full stop aside): ``("20", "Call Not Clearly Recognized")`` → ``A``;
    ``None`` when no catalogue has it."""
    return _letters().get((law, _title_key(title)))


@functools.cache
def _letters() -> dict[tuple[str, str], str]:
    """``{(law, title key): section letter}`` over every catalogue (the first letter in order when two differ)."""
    found: dict[tuple[str, str], str] = {}
    for cite, titles in sorted(_titles_by_cite().items()):
        law, letter = cite.rstrip("ABCDEFGHIJKLMNOPQRSTUVWXYZ"), cite.lstrip("0123456789")  # ``20A`` → 20, A
        if law.isdigit() and letter.isalpha():
            for key in titles:
                found.setdefault((law, key), letter)
    return found


@functools.cache
def _title_pairs() -> frozenset[tuple[str, str]]:
    """Every two words side by side in an English title of lawref's catalogues (laws and sections), in lower case."""
    pairs: set[tuple[str, str]] = set()
    for e in _every_entry():
        words = _title_key(e.title_en or "").split()
        pairs.update(zip(words, words[1:], strict=False))
    return frozenset(pairs)


def splits_term(text: str, at: int) -> bool:
    """Whether cutting ``text`` at ``at`` (a code-point offset, a word's start) parts two words an edition's
    titles print side by side (``Unless the Regulating | Authority decides …``: «The Regulating Authority»,
    2017 80A): a title never ends inside the Laws' own term."""
    before, after = text[:at].split(), text[at:].split()
    return bool(before and after) and (_title_key(before[-1]), _title_key(after[0])) in _title_pairs()
