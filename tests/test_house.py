"""The house rules, as tests: a query process never loads the build side;
every value round-trips through JSON; every pattern finds its example; clean
steps are a registry whose plan replays; every command and option has help;
every module says its one job."""

from __future__ import annotations

import ast
import json
import subprocess
import sys
from pathlib import Path

import click
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from seeds import seed_text

import lawref
from lawref import patterns as P
from lawref.cli import cli
from lawref.ingest.clean import DEFAULT_STEPS, STEPS, clean
from lawref.library import Library
from lawref.model import (
    Citation,
    Document,
    FileReport,
    Hit,
    Linked,
    Node,
    PassRecord,
    Ref,
    Source,
    Target,
    TocEntry,
)

PACKAGE = Path(lawref.__file__).resolve().parent
CORPUS = Path(__file__).resolve().parents[1] / "corpus"
BUILD_SIDE = ("bs4", "chardet", "ftfy", "soupsieve", "pymorphy3", "spellchecker", "lawref.ingest", "lawref.store",
              "lawref.corpus", "lawref.parse")


# ---------------------------------------------------------------- the query side stays light


@pytest.mark.parametrize("args", [["show", "62B"], ["search", "взятка"], ["search", "revoke"], ["link"],
                                  ["link", "--format", "html"], ["link", "--format", "md"],
                                  ["refs", "26", "--incoming"], ["check"], ["export"], ["export", "--format", "txt"],
                                  ["export", "--format", "md"], ["export", "--format", "html", "--law", "62"],
                                  ["export", "--format", "html", "-o", "{tmp}/site"]])
def test_a_query_process_imports_nothing_from_the_build_side(seed_index: Path, args: list[str],
                                                             tmp_path: Path) -> None:
    args = [a.replace("{tmp}", str(tmp_path)) for a in args]
    code = (
        "import sys\n"
        "from lawref.cli import cli\n"
        f"sys.argv = ['lawref', '--corpus', {str(CORPUS)!r}, '--index', {str(seed_index)!r}, *{args!r}]\n"
        "try:\n    cli(prog_name='lawref')\nexcept SystemExit:\n    pass\n"
        f"loaded = sorted(m for m in sys.modules if any(m == b or m.startswith(b + '.') for b in {BUILD_SIDE!r}))\n"
        "print(loaded, file=sys.stderr)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], input="см. правило 62B", capture_output=True, text=True,
                         timeout=120)
    assert out.stderr.strip().splitlines()[-1] == "[]", out.stderr


# ---------------------------------------------------------------- values round-trip


def test_every_seed_node_round_trips_through_its_full_json(seed_library: Library) -> None:
    for node in seed_library.nodes:
        back = Node.from_json(json.loads(json.dumps(node.to_json(full=True))))
        assert back == node
        assert (back.lines, back.line_map, back.refs, back.title_en) == (node.lines, node.line_map, node.refs,
                                                                          node.title_en)


def test_the_contract_form_leaves_out_only_lines_and_line_map(seed_library: Library) -> None:
    node = seed_library.by_id["laws/62B"]
    assert set(node.to_json(full=True)) - set(node.to_json()) == {"lines", "line_map"}


TEXT = st.text(max_size=20)
OPT_TEXT = st.none() | TEXT
INT = st.integers(min_value=0, max_value=10**6)
STATUS = st.sampled_from(["exact", "partial", "absent", "invalid"])
SOURCES = st.builds(Source, TEXT, INT, st.none() | INT, st.none() | st.tuples(INT, INT))
REFS = st.builds(Ref, INT, INT, TEXT, TEXT, STATUS, OPT_TEXT, INT)
NODES = st.builds(Node, TEXT, TEXT, st.sampled_from(["law", "section", "fragment"]), OPT_TEXT, OPT_TEXT, OPT_TEXT,
                  TEXT, OPT_TEXT, st.none() | INT, SOURCES, st.booleans(), st.tuples(INT, INT).map(tuple),
                  st.lists(st.tuples(INT, INT), max_size=3).map(tuple), st.lists(REFS, max_size=3).map(tuple),
                  OPT_TEXT)
TARGETS = st.builds(Target, TEXT, STATUS, OPT_TEXT, TEXT)
CITES = st.lists(st.from_regex(r"\d{1,2}[A-D]?", fullmatch=True), min_size=1, max_size=3).map(tuple)
LINKED = st.builds(Linked, st.builds(Citation, INT, INT, TEXT, CITES, st.just("law"), st.booleans()),
                   st.lists(TARGETS, max_size=3).map(tuple))
VALUES = st.one_of(
    SOURCES, REFS, NODES, TARGETS, LINKED,
    st.builds(TocEntry, OPT_TEXT, TEXT, TEXT, OPT_TEXT, TEXT, OPT_TEXT, OPT_TEXT, st.none() | INT,
              st.sampled_from(["whole", "lost pages", "fragment", "absent"]), INT),
    st.builds(Document, TEXT, st.sampled_from(["laws", "commentary"]), TEXT, OPT_TEXT, OPT_TEXT,
              st.lists(TEXT, max_size=3).map(tuple)),
    st.builds(Hit, TEXT, OPT_TEXT, TEXT, TEXT, OPT_TEXT, st.none() | INT,
              st.floats(allow_nan=False, allow_infinity=False), TEXT),
    st.builds(PassRecord, TEXT, TEXT, INT, st.lists(TEXT, max_size=2).map(tuple)),
    st.builds(FileReport, TEXT, OPT_TEXT, status=st.sampled_from(["ok", "skipped", "warning"]),
              warnings=st.lists(TEXT, max_size=2), pages=st.lists(INT, max_size=3)),
)


@settings(max_examples=300, deadline=None)
@given(VALUES)
def test_every_value_round_trips_through_json(value: object) -> None:
    data = json.loads(json.dumps(value.to_json(**({"full": True} if isinstance(value, Node) else {}))))  # type: ignore[attr-defined]
    back = type(value).from_json(data)  # type: ignore[attr-defined]
    assert back == value
    if isinstance(value, Node):
        assert (back.lines, back.line_map, back.refs, back.title_en) == (value.lines, value.line_map, value.refs,
                                                                          value.title_en)


# ---------------------------------------------------------------- patterns


@pytest.mark.parametrize(("name", "rx"), list(P.all_patterns()), ids=[n for n, _ in P.all_patterns()])
def test_every_pattern_finds_its_example(name: str, rx: P.Rx) -> None:
    assert rx.example, name
    assert rx.search(rx.example), f"{name} does not find its example {rx.example!r}"


def test_one_lookalike_table_maps_both_cases_and_cyrillic_k() -> None:
    assert "АВСЕНКМОРТХУ".translate(P.LOOKALIKES) == "ABCEHKMOPTXY"
    assert "авсенкмортху".translate(P.LOOKALIKES) == "abcehkmoptxy"


# ---------------------------------------------------------------- clean steps


def test_report_names_each_step_by_its_function_name() -> None:
    report = clean(seed_text("000")).report
    names = {p.name.split(":")[0] for p in report.passes}
    assert names <= set(STEPS) and {"drop_chrome", "drop_repeated_pages", "reflow", "count_lost"} <= names


def test_an_unknown_step_name_lists_the_valid_ones() -> None:
    with pytest.raises(ValueError, match="unknown clean step 'drop_chrom'.*drop_chrome"):
        clean("x", steps=["drop_chrom", "reflow"])
    with pytest.raises(ValueError, match="'reflow' exactly once"):
        clean("x", steps=["drop_chrome"])


@pytest.mark.parametrize("number", ["000", "001", "003", "004"])
def test_replaying_the_recorded_plan_reproduces_the_output(number: str) -> None:
    text = seed_text(number)
    first = clean(text)
    assert first.plan == DEFAULT_STEPS
    again = clean(text, steps=first.plan)
    assert (again.paragraphs, again.report) == (first.paragraphs, first.report)


def test_steps_may_be_left_out_or_added_as_callables() -> None:
    text = seed_text("004")
    without = clean(text, steps=[s for s in DEFAULT_STEPS if s != "drop_emphasis_duplicates"])
    assert "случайно случайно" in " ".join(p.text for p in without.paragraphs)  # 004:17-18 kept
    assert "случайно случайно" not in " ".join(p.text for p in clean(text).paragraphs)

    def shout(paras, ctx):  # type: ignore[no-untyped-def]
        ctx.record("paragraphs seen", len(paras), [])
        return paras

    custom = clean(text, steps=[*DEFAULT_STEPS, shout])
    assert custom.report.passes[-1].name == "shout" and custom.paragraphs == clean(text).paragraphs
    assert clean(text, steps=custom.plan).report == custom.report  # a callable replays too


# ---------------------------------------------------------------- help and docs


def _commands() -> list[click.Command]:
    return [cli, *(cli.get_command(click.Context(cli), n) for n in cli.list_commands(click.Context(cli)))]


@pytest.mark.parametrize("command", _commands(), ids=lambda c: c.name or "lawref")
def test_every_command_and_option_has_help(command: click.Command) -> None:
    assert (command.help or "").strip(), command.name
    for param in command.params:
        if isinstance(param, click.Option):
            assert (param.help or "").strip(), f"{command.name} {param.opts}"


MODULES = sorted(p for p in PACKAGE.rglob("*.py") if "corpus" not in p.relative_to(PACKAGE).parts)


@pytest.mark.parametrize("path", MODULES, ids=lambda p: str(p.relative_to(PACKAGE)))
def test_every_module_says_its_one_job_in_its_first_line(path: Path) -> None:
    doc = ast.get_docstring(ast.parse(path.read_text(encoding="utf-8")))
    assert doc, path
    first = doc.splitlines()[0]
    assert len(first) <= 100 and first.rstrip().endswith((".", "``")), f"{path}: {first!r}"


def test_the_package_has_a_small_public_surface() -> None:
    assert set(lawref.__all__) == {"link", "resolve", "open_library", "Library", "LawrefError", "__version__"}
    for name in lawref.__all__:
        assert getattr(lawref, name) is not None
