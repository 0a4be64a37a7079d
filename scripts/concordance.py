"""Make lawref/data/concordance.tsv: what became of each section of one edition in the next.

Usage: ``python scripts/concordance.py`` (writes the file) or ``--check`` (exit 1 when the file is not
what this script makes of the catalogues and the facts below). Needs rapidfuzz (``pip install rapidfuzz``):
a dev tool, not a dependency of lawref.

How a row is made, for each section of the older edition's catalogue (``lawref/data/laws-E.tsv``):

1. A fact in :data:`FACTS` (a change list or an edition's own text, named in its source) decides it.
2. Else the newer catalogue's section titles are compared with its title (rapidfuzz's ``token_sort_ratio``
   on titles folded to lower case, hyphens and punctuation dropped). The best title at 95 or more, under the
   same cite, is ``same`` (sure when both titles were checked against published copies); under another
   cite of the same law ``renumbered``, of another law ``moved`` when the title has three words or more
   (both unsure: short titles recur — 1997 40C and 2017 84D are both «Director's Option» — so a move is
   sure only as a fact). A title at 75–95 under the same cite is ``reworded`` (the heading changed; sure
   when both titles were checked). A law whose title changed but whose sections stay is ``reworded``.
3. Else the counterpart is ``unknown``: the newer catalogue has no heading like it (the 2007 Laws dropped
   many 1997 headings, and a provision may live on under another), so lawref says so rather than pair by
   number. Never a pairing by number alone.
"""

from __future__ import annotations

import argparse
import csv
import io
import re
import sys
from pathlib import Path

from rapidfuzz import fuzz, process

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from lawref.lang.catalogue import Entry, load  # noqa: E402
from lawref.lang.concordance import fold_title as _fold  # noqa: E402  (one rule of alike titles, lawref's own)

OUT = ROOT / "lawref" / "data" / "concordance.tsv"
#: The pairs of editions the file answers, older first.
PAIRS = (("1997", "2017"), ("1997", "2007"), ("2007", "2017"))
SAME, NEAR = 95.0, 75.0
#: The fewest words a title must have for a like title under another law to be read as a move: short
#: headings recur with other rules under them (1997 40C and 2017 84D «Director's Option», 2007 87A and
#: 2017 23A «Definition»).
MOVED_WORDS = 3

_L17_1997 = "bridge.dk/laws/laws97e/laws97nj/node8.html (1997 Law 17: A-E, E End of Auction Period)"
_L17_2007 = ("pzbs.pl/sedziowie/mpb/2007/ang/law17.htm (2007 Law 17: A-E, D Cards from Wrong Board, E End of Auction "
             "Period)")
_L17_2017 = "www.pzbs.pl/sedziowie/mpb/2017/en/l17.html (2017 Law 17: four sections, the last End of Auction Period)"
_L15_2017 = ("docslib.org/download/9675860/2017-laws-of-duplicate-bridge (2017 summary of changes: Law 15 Wrong board "
             "or hand, A. Cards from Wrong Board); www.pzbs.pl/sedziowie/mpb/2017/en/l15.html")

#: Facts checked in a source: (from edition, cite) → (to edition, cite or "", relation, source).
FACTS: dict[tuple[str, str], tuple[str, str, str, str]] = {
    ("1997", "17E"): ("2017", "17D", "renumbered", f"{_L17_1997}; {_L17_2017}"),
    ("2007", "17E"): ("2017", "17D", "renumbered", f"{_L17_2007}; {_L17_2017}"),
    ("1997", "17D"): ("2017", "15A", "moved", _L15_2017),
    ("2007", "17D"): ("2017", "15A", "moved", f"{_L17_2007}; {_L15_2017}"),
}




def _law(cite: str) -> str:
    return re.match(r"\d+", cite).group()  # type: ignore[union-attr]


def _sections(edition: str) -> dict[str, Entry]:
    return {e.id: e for e in load(edition).entries.values() if e.kind == "section"}


def _laws(edition: str) -> dict[str, Entry]:
    return {e.id: e for e in load(edition).entries.values() if e.kind == "law"}


def rows() -> list[dict[str, str]]:
    """Every row of the file, in the order of :data:`PAIRS`: the laws (each compared with the law of its
    number only: the editions keep 93 laws, not always the same ones), then the older catalogue's sections."""
    out = []
    for old_ed, new_ed in PAIRS:
        old, new = _sections(old_ed), _sections(new_ed)
        titles = {cite: _fold(e.title_en) for cite, e in new.items()}
        sections = [_row(old_ed, cite, entry, new_ed, new, titles) for cite, entry in old.items()]
        old, new = _laws(old_ed), _laws(new_ed)
        for cite, entry in old.items():
            row = _row(old_ed, cite, entry, new_ed, new, {cite: _fold(new[cite].title_en)} if cite in new else {})
            out.append(_kept_law(row, sections) if row["relation"] == "unknown" and cite in new else row)
        out += sections
    return out


def _kept_law(row: dict[str, str], sections: list[dict[str, str]]) -> dict[str, str]:
    """A law whose title changed but whose sections stay under its number in
    both contents (1997 Law 17 *Duration of the Auction*, 2017 *The Auction
    Period*: its A-C are the same) is ``reworded``, unsure; else ``row``."""
    law = row["from"]
    kept = [r["from"] for r in sections if _law(r["from"]) == law and r["relation"] in ("same", "reworded")
            and _law(r["to"]) == law]
    if not kept:
        return row
    return {**row, "to": law, "relation": "reworded", "sure": "no",
            "source": f"another title in laws-{row['to_edition']}.tsv, but its sections {', '.join(kept)} are "
                      "the same in both contents"}


def _row(old_ed: str, cite: str, entry: Entry, new_ed: str, new: dict[str, Entry],
         titles: dict[str, str]) -> dict[str, str]:
    base = {"from_edition": old_ed, "from": cite, "to_edition": new_ed}
    fact = FACTS.get((old_ed, cite))
    if fact is not None and fact[0] == new_ed:
        return {**base, "to": fact[1], "relation": fact[2], "sure": "yes", "source": fact[3]}
    found = process.extractOne(_fold(entry.title_en), titles, scorer=fuzz.token_sort_ratio) if titles else None
    checked = "en" not in entry.unsure
    if found is not None:
        _, score, to = found
        what = "law" if entry.kind == "law" else "section"
        contents = f"contents: laws-{old_ed}.tsv and laws-{new_ed}.tsv {what} titles ({score:.0f}/100)"
        both = checked and "en" not in new[to].unsure
        if score >= SAME and to == cite:
            return {**base, "to": to, "relation": "same", "sure": "yes" if both else "no", "source": contents}
        if score >= SAME and (_law(to) == _law(cite) or len(entry.title_en.split()) >= MOVED_WORDS):
            relation = "renumbered" if _law(to) == _law(cite) else "moved"
            return {**base, "to": to, "relation": relation, "sure": "no", "source": contents}
        if score >= NEAR and to == cite:
            return {**base, "to": to, "relation": "reworded", "sure": "yes" if both else "no", "source": contents}
    if entry.kind == "law":
        return {**base, "to": "", "relation": "unknown", "sure": "no",
                "source": f"law {cite} of laws-{new_ed}.tsv has another title: the law of that number may hold "
                          "other rules"}
    return {**base, "to": "", "relation": "unknown", "sure": "no",
            "source": f"no section of a like title in laws-{new_ed}.tsv; many headings were dropped in 2007 "
                      "(server.bridgehands.com/Laws/ACBL/Duplicate/Introductions_2008_Laws.htm)"}


HEADER = """\
# lawref concordance: what became of each law and section of one edition of the Laws in the next -- FACTS ONLY
# (cites, a relation, a source); no law text, no titles (those are in laws-E.tsv).
#
# Made by scripts/concordance.py (python scripts/concordance.py --check keeps it so); how a row is made is
# that script's docstring: a checked fact first, else the two editions' contents compared (section titles,
# rapidfuzz token_sort_ratio >= 95 same cite: same; another cite: renumbered / moved (3+ words), unsure; 75-95 same
# cite: reworded), else unknown -- never a pairing by number alone.
#
# Columns:
#   from_edition, from   a law or section of the older edition (its catalogue's cite); a law is compared with
#                        the law of its number only
#   to_edition, to       its counterpart in the newer edition ("" when unknown)
#   relation   same | reworded (the heading changed) | renumbered (another cite, same law) | moved (another
#              law) | unknown (the sources do not settle it); split, merged, new, removed when a source says so
#   sure       yes = checked in the source named; no = read from titles alone, or unknown
#   source     where it was checked (addresses without https://), or how it was read
"""


def render() -> str:
    buf = io.StringIO()
    writer = csv.DictWriter(buf, ["from_edition", "from", "to_edition", "to", "relation", "sure", "source"],
                            delimiter="\t", lineterminator="\n")
    writer.writeheader()
    writer.writerows(rows())
    return HEADER + buf.getvalue()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="exit 1 when the file is out of date")
    args = parser.parse_args()
    text = render()
    if args.check:
        if OUT.read_text(encoding="utf-8") != text:
            sys.exit("lawref/data/concordance.tsv is out of date: run python scripts/concordance.py")
        return
    OUT.write_text(text, encoding="utf-8")
    print(f"wrote {OUT.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
