"""A law's outline — every section of it, when a source showed the whole law
(``sections`` in ``lawref/data/laws-E.tsv``) — and what it decides: a cite of
a section the law does not have is ``invalid`` (issue 26, item 5), and a law
that ends where a printed page ends, the next page lost, is whole only when
the outline says its last section is here."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from lawref.cli import cli
from lawref.lang import catalogue
from lawref.lang.catalogue import CatalogueError, _outline
from lawref.library import Library

CORPUS = Path(__file__).resolve().parents[1] / "corpus"


@pytest.mark.parametrize(("cell", "want"), [
    ("A B C", ("A", "B", "C")),
    ("-", ()),
    ("", None),
    (None, None),
    ("  A B ", ("A", "B")),
])
def test_a_sections_cell_reads_as_letters_none_or_unknown(cell: str | None, want: tuple[str, ...] | None) -> None:
    assert _outline(cell) == want


@pytest.mark.parametrize("cell", ["B A", "AB", "a b", "A A", "A 1"])
def test_a_sections_cell_that_is_not_capital_letters_in_order_is_refused(cell: str) -> None:
    with pytest.raises(CatalogueError, match="capital letters in order"):
        _outline(cell)


@pytest.mark.parametrize("edition", ["1997", "2007", "2017"])
def test_every_outline_holds_its_law_s_catalogued_sections_and_names_its_source(edition: str) -> None:
    cat = catalogue.load(edition)
    outlined = [e for e in cat.laws() if e.sections is not None]
    for law in outlined:
        listed = {m.group(1) for e in cat.entries.values() if e.kind == "section"
                  and (m := re.fullmatch(rf"{law.id}([A-Z])\w*", e.id))}  # 75D1 is of section D
        assert listed <= set(law.sections), (edition, law.id, listed)
    rows = [line.split("\t") for line in (catalogue.DATA / f"laws-{edition}.tsv").read_text(encoding="utf-8")
            .splitlines() if line.startswith("law\t")]
    for row in rows:
        if len(row) > 7 and row[7].strip():
            assert "sections: " in row[6], row[:2]  # where the whole law was seen
    if edition in ("1997", "2007"):
        assert outlined  # the ones a source showed whole (17 in both)


@pytest.mark.parametrize(("cite", "edition", "answer"), [
    ("17F", "1997", True),    # 1997 Law 17 has A-E (a source shows E, its footnote, then Law 18)
    ("17F2", "1997", True),
    ("17E", "1997", False),
    ("17", "1997", False),    # the law itself
    ("16D", "1997", False),   # Law 16's sections are not all known: never called invalid
    ("1A", "1997", True),     # Law 1 has no sections at all
    ("45.5", "1997", False),  # a commentary paragraph
    ("9D", "2007", True),
    ("9C", "2007", False),
])
def test_has_no_is_true_only_for_a_letter_outside_a_known_outline(cite: str, edition: str, answer: bool) -> None:
    assert catalogue.load(edition).has_no(cite) is answer


@pytest.mark.parametrize(("text", "line"), [
    ("Law 17F", "17F invalid"),
    ("правило 17Ж", "17G invalid"),   # Ж has no Latin look-alike: the seventh letter
    ("Law 6G3", "6G3 invalid"),
    ("Law 17E", "17E exact laws/17E"),
    ("Law 16D", "16D absent"),        # the catalogue does not know all of Law 16's sections
    ("62Z", "62Z partial laws/62"),   # nor of Law 62's: the law is here, that section is not
])
def test_resolve_calls_a_section_outside_the_outline_invalid(seed_index: Path, text: str, line: str) -> None:
    result = CliRunner().invoke(cli, ["--corpus", str(CORPUS), "--index", str(seed_index), "resolve", text,
                                      "--edition", "1997"])
    assert line in result.stdout
    assert result.exit_code == (0 if "exact" in line else 1)


def test_link_and_the_api_agree_with_resolve_on_an_invalid_section(seed_index: Path, seed_library: Library) -> None:
    linked = CliRunner().invoke(cli, ["--corpus", str(CORPUS), "--index", str(seed_index), "link"],
                                input="См. правило 17F и правило 17E.")
    statuses = [(c["cites"], c["status"]) for c in json.loads(linked.stdout)["citations"]]
    assert statuses == [(["17F"], "invalid"), (["17E"], "exact")]
    assert seed_library.resolve_target("правило 17F").status == "invalid"  # the facade the API answers from


def test_toc_calls_a_law_whole_only_where_nothing_after_it_may_be_lost(seed_library: Library) -> None:
    status = {e.cite: e.status for e in seed_library.contents("laws") if e.kind == "law"}
    assert status["17"] == "whole"        # ends with 17E at a page's end, page lost: the outline says E is last
    assert status["44"] == "lost pages"   # ends with 44D at a page's end, page lost, its sections not all known
    assert status["26"] == "lost pages"   # its last item breaks off on a lost page
