"""lang.concordance: what became of a law or section of one edition in another.

The rows are ``lawref/data/concordance.tsv``.

The file is data — cites, a relation, a source — made by ``scripts/concordance.py``
from the editions' catalogues and checked facts (its header says how). A
counterpart is never a section of the same number taken on trust: a row
names it, or the relation is ``unknown``.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass
from pathlib import Path

#: Where lawref's data files are (as :data:`lawref.lang.catalogue.DATA`, not imported: a ``show`` that pairs
#: no edition never loads the catalogue).
DATA = Path(__file__).resolve().parent.parent / "data"

__all__ = ["EDITIONS", "RELATIONS", "Comparison", "Counterpart", "Row", "counterparts", "fold_title", "rows"]

#: The editions the concordance knows, oldest first.
EDITIONS = ("1997", "2007", "2017")
#: The relations a row may name (``unknown``: the sources do not settle it).
RELATIONS = ("same", "reworded", "renumbered", "moved", "split", "merged", "new", "removed", "unknown")
#: The inverse of each relation, read from the newer edition back to the older.
_BACK = {"split": "merged", "merged": "split", "new": "removed", "removed": "new"}


@dataclass(frozen=True)
class Row:
    """One fact: ``cite`` of edition ``edition`` became ``to`` (``""``:
    unknown) of edition ``to_edition``, by ``relation``; ``sure`` when
    checked in ``source``."""

    edition: str
    cite: str
    to_edition: str
    to: str
    relation: str
    sure: bool
    source: str


@dataclass(frozen=True)
class Counterpart:
    """What a cite became in one edition, as ``compare`` prints it: ``cite``
    there (``None``: unknown), ``edition``, ``relation``, ``title_en`` (that
    edition's catalogue title, ``None`` when it has none), ``source``,
    ``sure``, and ``id`` of the node that holds it in the corpus (``None``
    when the corpus has no text of it)."""

    cite: str | None
    edition: str
    relation: str
    title_en: str | None
    source: str
    sure: bool
    id: str | None = None


@dataclass(frozen=True)
class Comparison:
    """``compare``'s answer: ``cite`` of ``edition`` (its catalogue title
    ``title_en``; ``id`` its node in the corpus, or ``None``), what the
    concordance was asked (``asked``: an ancestor for a cite it does not
    list, ``72A5`` → ``72A``) and the ``counterparts`` in each other edition
    asked for."""

    cite: str
    edition: str
    asked: str
    title_en: str | None
    id: str | None
    counterparts: tuple[Counterpart, ...]

    def to_json(self) -> dict[str, object]:
        """``{"cite", "edition", "asked", "title_en", "id", "counterparts": [{"cite", "edition", "relation",
        "title_en", "source", "sure", "id"}]}`` (docs/json.md)."""
        return {"cite": self.cite, "edition": self.edition, "asked": self.asked, "title_en": self.title_en,
                "id": self.id, "counterparts": [c.__dict__.copy() for c in self.counterparts]}


def fold_title(title: str) -> str:
    """``title`` as two headings are compared: lower case, hyphens and
    punctuation dropped, spaces single (``Re-deal`` and ``Redeal`` are one)."""
    return " ".join("".join(ch for ch in title.lower().replace("-", "") if ch.isalnum() or ch.isspace()).split())


@functools.cache
def rows() -> tuple[Row, ...]:
    """Every row of the file, as it orders them. Raises :class:`ValueError`
    for a row whose relation is not one of :data:`RELATIONS`."""
    import csv  # read once, when an edition is first paired

    text = (DATA / "concordance.tsv").read_text(encoding="utf-8")
    lines = [line for line in text.splitlines() if line and not line.startswith("#")]
    out = []
    for r in csv.DictReader(lines, delimiter="\t", quoting=csv.QUOTE_NONE):
        if r["relation"] not in RELATIONS:
            raise ValueError(f"concordance.tsv: unknown relation {r['relation']!r} for {r['from_edition']} {r['from']}")
        out.append(Row(r["from_edition"], r["from"], r["to_edition"], r["to"], r["relation"], r["sure"] == "yes",
                       r["source"]))
    return tuple(out)


def counterparts(cite: str, edition: str, to_edition: str) -> tuple[str, list[Row]]:
    """``(cite asked, rows)``: what ``cite`` of ``edition`` became in
    ``to_edition`` — the rows of that pair, read forwards (an older edition
    to a newer) or backwards (each row turned round). A cite the file does
    not list (a subsection, ``72A5``) is answered by its nearest listed
    ancestor (``72A``, then ``72``), whose cite is the first value.
    ``[]`` when no ancestor is listed either."""
    forwards, backwards = _paired()
    for asked in _ancestry(cite):
        found = forwards.get((edition, to_edition, asked), [])
        back = [Row(edition, r.to, to_edition, r.cite, _BACK.get(r.relation, r.relation), r.sure, r.source)
                for r in backwards.get((to_edition, edition, asked), [])]
        if found or back:
            return asked, found + back
    return cite, []


@functools.cache
def _paired() -> tuple[dict[tuple[str, str, str], list[Row]], dict[tuple[str, str, str], list[Row]]]:
    """The rows by ``(edition, to_edition, cite)`` and by ``(edition,
    to_edition, to)``, each list in the file's order: a build asks
    :func:`counterparts` for every law and section (5,000 asks at 100× the
    seeds), and a scan of every row per ask was a tenth of a one-file rebuild."""
    forwards: dict[tuple[str, str, str], list[Row]] = {}
    backwards: dict[tuple[str, str, str], list[Row]] = {}
    for r in rows():
        forwards.setdefault((r.edition, r.to_edition, r.cite), []).append(r)
        backwards.setdefault((r.edition, r.to_edition, r.to), []).append(r)
    return forwards, backwards


def _ancestry(cite: str) -> list[str]:
    """``cite`` and its ancestors, nearest first: ``43B2(a)`` → ``43B2(a)``, ``43B2``, ``43B``, ``43``."""
    out = [cite]
    if "." in cite:  # a commentary paragraph: no edition numbers it
        return out
    while True:
        shorter = re.sub(r"(\([a-z]+\)|\d+|[A-Z])$", "", out[-1]) if not re.fullmatch(r"\d+", out[-1]) else ""
        if not shorter or shorter == out[-1]:
            return out
        out.append(shorter)
