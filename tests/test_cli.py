"""Tests for the ``lawref`` command line (lawref.cli), on the real default corpus.

Every invocation passes ``--index`` (or ``LAWREF_INDEX``) pointing into a pytest
tmp folder, and ``XDG_CACHE_HOME`` is redirected for the whole module, so the
user's cache is never touched.
"""

from __future__ import annotations

import json
import re
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner, Result
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from lawref.cli import cli

CORPUS = Path(__file__).resolve().parents[1] / "corpus"
SEED_FILES = sorted(p.name for p in CORPUS.glob("*.txt"))
RAW_000 = CORPUS / "000_392cb21f471fdf05.txt"

HIT_KEYS = {"id", "cite", "doc", "kind", "title", "title_en", "law_title_en", "page", "score", "snippet",
            "highlights"}
DOC_KEYS = {"id", "kind", "lang", "edition", "title", "files"}
NODE_KEYS = {"id", "doc", "cite", "kind", "label", "title", "title_en", "text", "parent", "page", "source", "inferred",
             "refs"}

AWKWARD_QUERIES = ['"', "(", ")", "(*)", "-", ":", "?", "*", "AND", "OR", '""', "[]", "{}", "\\", "~", "^", " "]


# ---------------------------------------------------------------- fixtures and helpers


@pytest.fixture(scope="session")
def index_dir(seed_index: Path) -> Path:
    """The default corpus built once per session (tests/conftest.py)."""
    return seed_index


def test_build_command_builds_the_default_corpus(tmp_path: Path) -> None:
    result = CliRunner().invoke(cli, ["--corpus", str(CORPUS), "--index", str(tmp_path / "ix"), "build"])
    assert result.exit_code == 0, result.output
    assert result.stdout.startswith("built 114 nodes from 4 files (0 skipped)")


@pytest.fixture(scope="session")
def exported(index_dir: Path) -> dict[str, Any]:
    """``lawref export --format json`` of the default corpus."""
    result = CliRunner().invoke(cli, ["--corpus", str(CORPUS), "--index", str(index_dir),
                                      "export", "--format", "json"])
    assert result.exit_code == 0, result.stderr
    data: dict[str, Any] = json.loads(result.stdout)
    return data


@pytest.fixture(scope="session")
def node_count(exported: dict[str, Any]) -> int:
    n = len(exported["nodes"])
    assert n > 50  # else the "not everything" checks below would be vacuous
    return n


def run(index_dir: Path, *args: str, env: dict[str, str | None] | None = None) -> Result:
    """Invoke ``lawref --corpus CORPUS --index index_dir ARGS``."""
    return CliRunner().invoke(cli, ["--corpus", str(CORPUS), "--index", str(index_dir), *args], env=env)


def run_json(index_dir: Path, *args: str) -> tuple[Result, Any]:
    result = run(index_dir, *args)
    return result, json.loads(result.stdout)


def no_traceback(result: Result) -> bool:
    """True when the command ended normally or by sys.exit (no uncaught error)."""
    return (result.exception is None or isinstance(result.exception, SystemExit)) and (
        "Traceback" not in result.output
    )


def assert_one_line_error(result: Result, code: int) -> None:
    assert result.exit_code == code, (result.stdout, result.stderr)
    assert no_traceback(result), result.exception
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith("lawref: ")


def cites(results: Sequence[dict[str, Any]]) -> list[str | None]:
    return [r["cite"] for r in results]


def is_law(cite: str | None, *laws: int) -> bool:
    """True when ``cite`` is law ``laws`` itself or one of its sections."""
    m = re.match(r"(\d+)(?!\d|\.)", cite or "")
    return m is not None and int(m.group(1)) in laws


# ---------------------------------------------------------------- search


def test_search_falshrenons_ranks_law_61_and_62_sections_first(index_dir: Path) -> None:
    result, data = run_json(index_dir, "search", "фальшренонс", "--json")
    assert result.exit_code == 0
    top = cites(data["results"][:4])
    assert len(top) == 4
    assert all(is_law(c, 61, 62) and c not in ("61", "62") for c in top), top


def test_search_text_output_lists_cite_title_and_marked_snippet(index_dir: Path) -> None:
    result = run(index_dir, "search", "фальшренонс")
    assert result.exit_code == 0
    first, snippet = result.stdout.splitlines()[:2]
    assert first.split()[0] == "62B"
    assert "Исправление фальшренонса" in first
    assert "⟦фальшренонса⟧" in snippet


def test_search_json_has_the_contract_keys(index_dir: Path) -> None:
    result, data = run_json(index_dir, "search", "фальшренонс", "--json")
    assert result.exit_code == 0
    assert set(data) == {"query", "results"}
    assert data["query"] == "фальшренонс"
    assert data["results"]
    for hit in data["results"]:
        assert set(hit) == HIT_KEYS
        assert isinstance(hit["score"], float) and hit["score"] > 0
        assert hit["page"] is None or isinstance(hit["page"], int)
    scores = [h["score"] for h in data["results"]]
    assert scores == sorted(scores, reverse=True)


def highlighted(hit: dict) -> list[str]:
    """The words a JSON hit's ``highlights`` (code-point offsets into its snippet) mark."""
    return [hit["snippet"][start:end] for start, end in hit["highlights"]]


def test_search_highlights_are_offsets_of_the_matched_words(index_dir: Path) -> None:
    _, data = run_json(index_dir, "search", "фальшренонс", "--json")
    marked = [highlighted(h) for h in data["results"]]
    assert sum(1 for m in marked if m) >= 4
    assert all(w.lower().startswith("фальшренонс") for m in marked for w in m), marked
    assert re.fullmatch(r"фальшренонс\w*", marked[0][0])
    assert not any("[" in h["snippet"] for h in data["results"])  # the snippet is the text: no marks added


def test_search_limit_caps_the_number_of_results(index_dir: Path) -> None:
    _, unlimited = run_json(index_dir, "search", "фальшренонс", "--json")
    assert len(unlimited["results"]) > 2
    result, data = run_json(index_dir, "search", "фальшренонс", "--limit", "2", "--json")
    assert result.exit_code == 0
    assert cites(data["results"]) == cites(unlimited["results"][:2])


def test_search_doc_commentary_returns_only_commentary_hits(index_dir: Path) -> None:
    _, everywhere = run_json(index_dir, "search", "взятка", "--limit", "100", "--json")
    assert {h["doc"] for h in everywhere["results"]} == {"laws", "commentary"}
    result, data = run_json(index_dir, "search", "взятка", "--doc", "commentary", "--limit", "100", "--json")
    assert result.exit_code == 0
    assert data["results"]
    assert {h["doc"] for h in data["results"]} == {"commentary"}


def test_search_unknown_doc_is_bad_usage_not_nothing_found(index_dir: Path) -> None:
    assert_one_line_error(run(index_dir, "search", "взятка", "--doc", "comentary"), 2)


def test_search_word_in_no_node_exits_1_with_one_line_message(index_dir: Path) -> None:
    result = run(index_dir, "search", "зеленоглазый")
    assert_one_line_error(result, 1)
    assert "зеленоглазый" in result.stderr
    assert result.stdout == ""


def test_search_nothing_found_with_json_prints_empty_results_and_exits_1(index_dir: Path) -> None:
    result, data = run_json(index_dir, "search", "зеленоглазый", "--json")
    assert result.exit_code == 1
    assert data == {"query": "зеленоглазый", "results": []}


@pytest.mark.parametrize("query", ["взяток", "взятка"])
def test_search_finds_law_65_in_any_form_of_vzyatka(index_dir: Path, query: str) -> None:
    result, data = run_json(index_dir, "search", query, "--limit", "20", "--json")
    assert result.exit_code == 0
    law65 = [h for h in data["results"] if is_law(h["cite"], 65)]
    assert law65, cites(data["results"])
    # 65A/65B1/65B2 say «взятку»: found through morphology, not literal text.
    assert any("взятку" in highlighted(h) for h in law65)


@pytest.mark.parametrize("query", AWKWARD_QUERIES)
def test_search_awkward_query_never_crashes_nor_matches_everything(
    index_dir: Path, node_count: int, query: str
) -> None:
    result = run(index_dir, "search", query, "--limit", "1000", "--json")
    assert no_traceback(result), result.exception
    if not query.strip(' "'):  # nothing but quotes and spaces: a usage error, one line (exit 2)
        assert result.exit_code == 2 and "the query is empty" in result.stderr and not result.stdout
        return
    assert result.exit_code in (0, 1), (result.stdout, result.stderr)
    data = json.loads(result.stdout)
    n = len(data["results"])
    assert n < node_count // 4, n
    assert (n == 0) == (result.exit_code == 1)


def test_search_query_starting_with_dash_works_after_double_dash(index_dir: Path) -> None:
    result, data = run_json(index_dir, "search", "--json", "--", "-взятка")
    assert result.exit_code == 0
    assert data["query"] == "-взятка"
    assert any(is_law(h["cite"], 65) for h in data["results"])


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(query=st.lists(st.sampled_from([*'"()*-:?[]{}\\~^ !+|/.,', "AND", "OR", "NOT", "и", "взятка", "62B"]),
                      max_size=8).map(lambda parts: "".join(parts).lstrip("-")))
def test_search_any_punctuation_query_exits_0_or_1_without_traceback(
    index_dir: Path, node_count: int, query: str
) -> None:
    result = run(index_dir, "search", query, "--limit", "1000", "--json")
    assert no_traceback(result)
    if not query.strip(' \t\n"'):  # nothing but quotes and spaces: one usage error (exit 2)
        assert result.exit_code == 2 and "the query is empty" in result.stderr, (query, result.stderr)
        return
    assert result.exit_code in (0, 1), (query, result.stderr)
    assert len(json.loads(result.stdout)["results"]) < node_count // 2


# ---------------------------------------------------------------- show

SHOW_62B = ["62B", "62b", "62\u0412", "правило 62B", "Law 62 B"]


def test_show_62b_in_every_spelling_prints_the_same_section(index_dir: Path) -> None:
    outputs = []
    for spelling in SHOW_62B:
        result = run(index_dir, "show", spelling)
        assert result.exit_code == 0, (spelling, result.stderr)
        outputs.append(result.stdout)
    assert all(o == outputs[0] for o in outputs), dict(zip(SHOW_62B, outputs, strict=True))
    text = outputs[0]
    assert text.splitlines()[0] == "Правило 62. Исправление фальшренонса — Law 62: Correction of a Revoke"
    assert "Исправление фальшренонса" in text
    assert "Для исправления фальшренонса нарушитель отменяет карту" in text
    # only 62B, not its sibling 62A
    assert "Фальшренонс должен быть исправлен" not in text


def test_show_commentary_paragraph_45_5(index_dir: Path) -> None:
    result = run(index_dir, "show", "45.5")
    assert result.exit_code == 0
    assert "45.5" in result.stdout
    assert "паузы для раздумий" in result.stdout


@pytest.mark.parametrize(("cite", "said"), [
    ("45", True),     # the commentary's Law 45: the scrape lost the law's own pages (a new user read it as the law)
    ("Law 45", True),
    ("62", False),    # the laws document has it
    ("45.5", False),  # a paragraph: no law's text is claimed
])
def test_show_says_when_a_law_shown_is_a_commentary_s_and_the_law_s_own_text_is_not_here(
        index_dir: Path, cite: str, said: bool) -> None:
    result = run(index_dir, "--ui", "en", "show", cite)
    note = result.stdout.splitlines()[1]
    assert result.exit_code == 0 and note.startswith("[") and ("no text of this law in the corpus" in note) is said


def test_show_law_26_includes_its_footnote(index_dir: Path) -> None:
    result = run(index_dir, "show", "26")
    assert result.exit_code == 0
    assert result.stdout.startswith("Правило 26.")
    assert "Если заявка была повторена" in result.stdout


def test_show_subsection_72a5_with_its_law_heading(index_dir: Path) -> None:
    result = run(index_dir, "show", "72A5")
    assert result.exit_code == 0
    assert result.stdout.startswith("Правило 72.")
    assert "Выбор, осуществляемый нарушителем" in result.stdout


def test_show_law_with_children_prints_all_sections(index_dir: Path) -> None:
    result = run(index_dir, "show", "62")
    assert result.exit_code == 0
    assert "Фальшренонс должен быть исправлен" in result.stdout
    assert "Для исправления фальшренонса нарушитель отменяет карту" in result.stdout


@pytest.mark.parametrize("args", [
    ("export", "--format", "txt", "--doc", "laws", "--doc", "commentary"),  # wrote the commentary alone, exit 0
    ("search", "фальшренонс", "--doc", "laws", "--doc", "laws"),
    ("show", "62B", "--edition", "2017", "--edition", "1997"),
    ("resolve", "62B", "--edition", "2017", "--edition", "2007"),
])
def test_an_option_of_one_value_given_twice_is_refused_not_the_last_kept(index_dir: Path, args: tuple[str, ...]
                                                                         ) -> None:
    result = run(index_dir, *args)
    assert_one_line_error(result, 2)
    option = args[-2]
    assert f"{option} given 2 times" in result.stderr and result.stdout == ""


def test_an_option_of_one_value_given_once_is_that_value(index_dir: Path) -> None:
    once = run(index_dir, "export", "--format", "txt", "--doc", "commentary")
    assert once.exit_code == 0 and once.stdout == run(index_dir, "export", "--format", "txt", "--doc=commentary").stdout
    assert once.stdout != run(index_dir, "export", "--format", "txt").stdout  # the one document, not every one


def test_show_cite_not_in_corpus_exits_1_with_one_line(index_dir: Path) -> None:
    result = run(index_dir, "show", "99")
    assert_one_line_error(result, 1)
    assert "99" in result.stderr
    assert result.stdout == ""


@pytest.mark.parametrize("cite", ["xyz", "", "62(("])
def test_show_malformed_cite_exits_2_with_one_line(index_dir: Path, cite: str) -> None:
    result = run(index_dir, "show", cite)
    assert_one_line_error(result, 2)
    assert result.stdout == ""


def _why_lost(tree: dict) -> list[str]:
    """What ``show --json`` says of a law that lost pages: each reason it gives."""
    said = [f"lost {k}" for k, v in tree["lost"].items() if v] + (["may go on"] if tree["may_go_on"] else [])
    said += ["number inferred"] if tree["inferred"] else []
    stack = [tree]
    while stack:
        node = stack.pop()
        said += [f"{node['id']} {k}" for k in ("starts_after_gap", "cut_at_end") if node[k]]
        stack += node["children"]
    return said


def test_show_says_why_toc_marks_a_law_lost_pages(index_dir: Path) -> None:
    # a new user read toc's «lost pages» on a law whose show --json said nothing was cut: show gives a reason for each
    _, toc = run_json(index_dir, "toc", "--json")
    laws = [r for r in toc["contents"] if r["kind"] == "law" and r["id"] and r["status"] in ("whole", "lost pages")]
    assert {r["status"] for r in laws} == {"whole", "lost pages"}
    for row in laws:
        result, tree = run_json(index_dir, "show", row["cite"], "--doc", row["doc"], "--json")
        assert result.exit_code == 0, row
        assert bool(_why_lost(tree)) == (row["status"] == "lost pages"), (row, _why_lost(tree))
    told = run(index_dir, "show", "21")  # no section of 21 is known lost, and page 52 is not in the scan
    assert "\n[the law may go on: the page after its last line is one the scan lacks]\n" in told.stdout


def test_show_unknown_doc_is_bad_usage(index_dir: Path) -> None:
    assert_one_line_error(run(index_dir, "show", "62B", "--doc", "comentary"), 2)


def test_show_json_nests_children_62a_62b(index_dir: Path) -> None:
    result, data = run_json(index_dir, "show", "62", "--json")
    assert result.exit_code == 0
    context = {"starts_after_gap", "cut_at_end", "incoming"}  # what show knows of each node (issue 16)
    assert set(data) == NODE_KEYS | context | {"children", "others", "lost", "may_go_on", "edition"}
    assert data["cite"] == "62" and data["others"] == []
    assert [c["cite"] for c in data["children"]] == ["62A", "62B"]
    assert data["lost"] == {"before": [], "after": ["62C", "62D"]}  # page 89 ends with 62B; the next page is lost
    for child in data["children"]:
        assert set(child) == NODE_KEYS | context | {"children"}
        assert child["parent"] == data["id"]
    assert "Для исправления фальшренонса" in data["children"][1]["text"]


def test_show_json_of_a_cite_in_two_documents_is_one_node_naming_the_others(index_dir: Path) -> None:
    result, data = run_json(index_dir, "show", "47", "--json")
    assert result.exit_code == 0
    assert data["id"] == "laws/47" and data["others"] == ["commentary/47"]
    result, data = run_json(index_dir, "show", "47", "--doc", "commentary", "--json")
    assert data["id"] == "commentary/47" and data["others"] == []


# ---------------------------------------------------------------- export


def test_export_json_contract(exported: dict[str, Any]) -> None:
    assert set(exported) == {"format", "documents", "nodes"}
    assert exported["format"] == "lawref/1"
    docs = {d["id"]: d for d in exported["documents"]}
    assert {"laws", "commentary"} <= set(docs)
    assert docs["laws"]["kind"] == "laws" and docs["commentary"]["kind"] == "commentary"
    for d in exported["documents"]:
        assert set(d) == DOC_KEYS
        assert d["files"] and all(isinstance(f, str) for f in d["files"])
    ids = [n["id"] for n in exported["nodes"]]
    assert len(ids) == len(set(ids))
    known = set(ids)
    files = {f for d in exported["documents"] for f in d["files"]}
    for n in exported["nodes"]:
        assert set(n) == NODE_KEYS
        assert n["parent"] is None or n["parent"] in known, n["id"]
        assert n["doc"] in docs
        assert set(n["source"]) == {"file", "line", "end_line", "bytes"}
        assert n["source"]["line"] <= n["source"]["end_line"] and n["source"]["bytes"][0] < n["source"]["bytes"][1]
        assert isinstance(n["source"]["line"], int) and n["source"]["line"] >= 1
        assert n["source"]["file"] in files
        assert isinstance(n["inferred"], bool)
    assert "laws/62B" in known and "commentary/45.5" in known


def test_export_output_file_holds_the_same_json(index_dir: Path, exported: dict[str, Any], tmp_path: Path) -> None:
    out = tmp_path / "export.json"
    result = run(index_dir, "export", "--format", "json", "-o", str(out))
    assert result.exit_code == 0
    assert result.stdout == ""
    assert json.loads(out.read_text(encoding="utf-8")) == exported


def test_export_to_unwritable_path_exits_2(index_dir: Path, tmp_path: Path) -> None:
    result = run(index_dir, "export", "-o", str(tmp_path / "missing-dir" / "x.json"))
    assert_one_line_error(result, 2)


# ---------------------------------------------------------------- build


def test_build_report_names_every_seed_file_and_the_clean_passes(tmp_path: Path) -> None:
    assert len(SEED_FILES) == 4
    result = run(tmp_path / "ix", "build", "--report")
    assert result.exit_code == 0, result.stderr
    for name in SEED_FILES:
        assert name in result.stdout
    for pass_name in ("drop_repeated_pages", "mark_pages", "drop_chrome", "reflow:word"):
        assert pass_name in result.stdout
    # whether it built or kept the last build, on stderr (stdout is the report): it never said (a new user's find)
    assert result.stderr.strip().splitlines()[-1].startswith("lawref: built ") and "built " not in result.stdout
    again = run(tmp_path / "ix", "build", "--report")
    assert again.stderr.strip().splitlines()[-1].startswith("lawref: nothing changed since the last build: ")
    assert again.stdout == result.stdout  # the report the build stored


def test_build_report_json_parses(tmp_path: Path, node_count: int) -> None:
    result, data = run_json(tmp_path / "ix", "build", "--report", "--json")
    assert result.exit_code == 0 and data["unchanged"] is False and data["reused"] == 0
    assert run_json(tmp_path / "ix", "build", "--json")[1]["unchanged"] is True
    assert sorted(f["file"] for f in data["files"]) == SEED_FILES
    assert data["nodes"] == node_count
    assert all(f["status"] == "ok" for f in data["files"])
    passes = {p["name"] for f in data["files"] for p in f["passes"]}
    assert {"drop_repeated_pages", "mark_pages"} <= passes


def test_build_with_bad_encoding_exits_2_and_keeps_the_good_index(tmp_path: Path) -> None:
    ix = tmp_path / "ix"
    assert run(ix, "build").exit_code == 0
    result = run(ix, "build", "--encoding", "no-such-codec")
    assert result.exit_code == 2
    assert no_traceback(result)
    assert result.stderr == "lawref: unknown codec 'no-such-codec' (e.g. utf-8, cp1251, koi8-r)\n"  # one line
    after = run(ix, "search", "фальшренонс")
    assert after.exit_code == 0, after.stderr
    assert "62B" in after.stdout


def test_build_into_a_folder_that_is_not_an_index_exits_2_without_traceback(tmp_path: Path) -> None:
    ix = tmp_path / "not-an-index"
    ix.mkdir()
    (ix / "keep.txt").write_text("user data", encoding="utf-8")
    result = run(ix, "build")
    assert_one_line_error(result, 2)
    assert (ix / "keep.txt").read_text(encoding="utf-8") == "user data"


def test_search_on_a_damaged_index_says_so_in_one_line_and_rebuilds(tmp_path: Path) -> None:
    from lawref.folder import open_generation

    ix = tmp_path / "ix"
    assert run(ix, "build").exit_code == 0
    (open_generation(ix).path / "nodes.sqlite").unlink()
    result = run(ix, "search", "взятка")
    assert result.exit_code == 0 and "взятк" in result.stdout
    assert result.stderr.count("\n") == 1 and "damaged" in result.stderr and "Traceback" not in result.stderr
    assert (open_generation(ix).path / "nodes.sqlite").is_file()


# ---------------------------------------------------------------- clean


def test_clean_prints_clean_text_without_site_chrome() -> None:
    result = CliRunner().invoke(cli, ["clean", str(RAW_000)])
    assert result.exit_code == 0, result.stderr
    assert "правилом 44" in result.stdout  # «прави-⏎лом 44» re-joined
    assert "ТОП авторов" not in result.stdout
    assert result.stderr == ""


def test_clean_report_goes_to_stderr_with_pass_names() -> None:
    plain = CliRunner().invoke(cli, ["clean", str(RAW_000)])
    result = CliRunner().invoke(cli, ["clean", str(RAW_000), "--report"])
    assert result.exit_code == 0
    assert result.stdout == plain.stdout
    for pass_name in ("drop_repeated_pages", "mark_pages", "drop_chrome"):
        assert pass_name in result.stderr
        assert pass_name not in result.stdout


def test_clean_missing_file_exits_2_with_one_line(tmp_path: Path) -> None:
    assert_one_line_error(CliRunner().invoke(cli, ["clean", str(tmp_path / "missing.txt")]), 2)


def test_clean_binary_file_exits_2_with_one_line(tmp_path: Path) -> None:
    binary = tmp_path / "blob.bin"
    binary.write_bytes(b"\x7fELF\x00\x00\x01\x02abc\x00\xff\xfe\x00" * 20)
    result = CliRunner().invoke(cli, ["clean", str(binary)])
    assert_one_line_error(result, 2)
    assert result.stdout == ""


def test_clean_unknown_encoding_exits_2_with_one_line() -> None:
    assert_one_line_error(CliRunner().invoke(cli, ["clean", str(RAW_000), "--encoding", "no-such-codec"]), 2)


# ---------------------------------------------------------------- global options


@pytest.mark.parametrize("args", [["search", "взятка"], ["show", "62B"], ["export"], ["build"]])
def test_missing_corpus_folder_exits_2_with_one_line(tmp_path: Path, args: list[str]) -> None:
    missing = tmp_path / "no-such-corpus"
    result = CliRunner().invoke(cli, ["--corpus", str(missing), "--index", str(tmp_path / "ix"), *args])
    assert_one_line_error(result, 2)
    assert str(missing) in result.stderr


def test_env_lawref_index_is_where_the_index_is_built_and_read(tmp_path: Path, isolated_env: Path) -> None:
    ix = tmp_path / "env-index"
    result = CliRunner().invoke(cli, ["--corpus", str(CORPUS), "search", "фальшренонс"],
                                env={"LAWREF_INDEX": str(ix)})
    assert result.exit_code == 0, result.stderr
    assert (ix / "LAWREF-INDEX.json").is_file() and (ix / "CURRENT").is_file()
    assert not (isolated_env / "lawref").exists()  # the default cache was not used


def test_env_lawref_corpus_is_honoured(tmp_path: Path) -> None:
    missing = tmp_path / "env-corpus"
    result = CliRunner().invoke(cli, ["--index", str(tmp_path / "ix"), "search", "взятка"],
                                env={"LAWREF_CORPUS": str(missing)})
    assert_one_line_error(result, 2)
    assert str(missing) in result.stderr


# ---------------------------------------------------------------- usage errors are one line


@pytest.mark.parametrize(
    "args",
    [("search", "--limit", "0", "взятка"), ("nosuchcommand",), ("show",), ("search", "x", "--nosuchoption")],
)
def test_click_usage_errors_are_one_line_exit_2(index_dir: Path, args: tuple[str, ...]) -> None:
    assert_one_line_error(run(index_dir, *args), 2)


def test_failed_build_leaves_the_good_index_alone(tmp_path: Path, index_dir: Path) -> None:
    bad = tmp_path / "bad"
    bad.mkdir()
    (bad / "image.txt").write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR")
    result = CliRunner().invoke(cli, ["--corpus", str(bad), "--index", str(index_dir), "build"])
    assert result.exit_code == 2 and "nothing usable" in result.stderr
    assert run(index_dir, "search", "фальшренонс").exit_code == 0


# ---------------------------------------------------------------- found by a new-user trial


@pytest.mark.parametrize("query", ["правило 62B", "Law 62 B", "62В"])
def test_search_for_a_cite_puts_that_node_first(index_dir: Path, query: str) -> None:
    result, data = run_json(index_dir, "search", query, "--json")
    assert result.exit_code == 0 and data["results"][0]["id"] == "laws/62B"


def test_search_for_a_commentary_cite_puts_it_above_paragraphs_citing_it(index_dir: Path) -> None:
    _, data = run_json(index_dir, "search", "45.5", "--json")
    assert data["results"][0]["id"] == "commentary/45.5"


@pytest.mark.usefixtures("ru_ui")
def test_show_marks_text_cut_by_a_lost_page_outside_the_law_text(index_dir: Path) -> None:
    out = run(index_dir, "show", "26A2").stdout
    assert "хода в специ\n[текст обрывается: продолжение на странице, которой нет в скане]" in out
    out35 = run(index_dir, "show", "35").stdout
    assert "[начало — на странице, которой нет в скане]\nли, то он по-прежнему" in out35


def test_show_accepts_a_fragment_label_printed_by_search_and_its_id(index_dir: Path) -> None:
    out = run(index_dir, "search", "RHO").stdout
    found = re.match(r"фрагмент, стр\. 59, после правила 26(?: \(\d+\))?", out)  # never laws/fragment@003_…:87
    assert found is not None and "fragment@" not in out
    assert "В очередь RHO" in run(index_dir, "show", found.group()).stdout
    assert "В очередь RHO" in run(index_dir, "show", "laws/fragment@003_d6d1da8d5423a94e:87").stdout  # ids still work


def test_no_command_prints_help_exit_0(index_dir: Path) -> None:
    result = CliRunner().invoke(cli, [])
    assert result.exit_code == 0 and "Commands:" in result.stdout


def test_build_json_implies_report(tmp_path: Path) -> None:
    result = CliRunner().invoke(cli, ["--corpus", str(CORPUS), "--index", str(tmp_path / "i"), "build", "--json"])
    assert result.exit_code == 0
    files = json.loads(result.stdout)["files"]
    assert {f["file"][:3] for f in files} == {"000", "001", "003", "004"}
    assert next(f for f in files if f["file"].startswith("001"))["title"] == "Все о Бридже"


# ---------------------------------------------------------------- found by a second new-user trial


def test_a_very_long_query_is_cut_not_a_crash(index_dir: Path) -> None:
    result = run(index_dir, "search", "взятка " * 1000, "--limit", "1")
    assert result.exit_code == 0 and no_traceback(result)
    result = run(index_dir, "search", " ".join(f"слово{i}" for i in range(2000)))
    assert_one_line_error(result, 1)
    assert len(result.stderr) < 200


def test_search_for_a_law_not_in_the_corpus_finds_its_citations(index_dir: Path) -> None:
    _, data = run_json(index_dir, "search", "Law 59", "--json")
    assert [h["id"] for h in data["results"]][0] == "laws/61A"  # «см. правило 59»; then the fragments that may hold it
    _, data = run_json(index_dir, "search", "Laws 61 to 64", "--json")
    assert [h["id"] for h in data["results"][:3]] == ["laws/61", "laws/62", "laws/64"]


def test_show_a_missing_node_id_is_not_found_not_bad_usage(index_dir: Path) -> None:
    assert_one_line_error(run(index_dir, "show", "laws/62Z"), 1)
    assert run(index_dir, "show", "45.99").stdout.startswith("Commentary 45.99 (on Law 45: Card Played)")


def test_link_base_url_gets_a_separator(index_dir: Path) -> None:
    result = CliRunner().invoke(cli, ["--corpus", str(CORPUS), "--index", str(index_dir), "link", "--format", "md",
                                      "--base-url", "https://example.org/laws"], input="правило 62B")
    assert result.stdout == "[правило 62B](https://example.org/laws/laws/62.html#law-62b)"


@pytest.mark.parametrize("fmt", ["json", "jsonl", "text"])
def test_link_refuses_a_base_url_its_format_would_ignore_as_export_does(index_dir: Path, fmt: str) -> None:
    # ``link --format json --base-url …`` exited 0, the option ignored, where export refuses it (a new user's find)
    result = CliRunner().invoke(cli, ["--corpus", str(CORPUS), "--index", str(index_dir), "link", "--format", fmt,
                                      "--base-url", "https://example.org/"], input="правило 62B")
    assert result.exit_code == 2 and not result.stdout
    assert result.stderr == f"lawref: --base-url applies to --format md and html, not {fmt}\n"


def test_clean_reads_html_and_repairs_mojibake_like_build(tmp_path: Path) -> None:
    page = tmp_path / "page.html"
    page.write_bytes("<html><body><nav>Меню</nav><p>П<b>равило</b> 62. Исправление фальшренонса</p>"
                     "<script>x()</script></body></html>".encode("cp1251"))
    result = CliRunner().invoke(cli, ["clean", str(page), "--report"])
    assert result.stdout == "Правило 62. Исправление фальшренонса\n"
    assert "format html" in result.stderr
    garbled = tmp_path / "garbled.txt"
    text = (CORPUS / "003_d6d1da8d5423a94e.txt").read_text(encoding="utf-8")
    garbled.write_text(text.encode("cp1251").decode("latin-1"), encoding="utf-8")
    result = CliRunner().invoke(cli, ["clean", str(garbled)])
    assert "Правило 17. Продолжительность торговли" in result.stdout


def test_forced_single_byte_codec_loses_no_byte(tmp_path: Path) -> None:
    result = CliRunner().invoke(cli, ["--corpus", str(CORPUS), "--index", str(tmp_path / "i"), "build", "--json",
                                      "--encoding", "cp1251"])
    files = json.loads(result.stdout)["files"]
    assert all(f["lost_chars"] == 0 for f in files)
    assert all(f["mojibake"]["lines"] > 0 for f in files)  # UTF-8 read as cp1251, repaired


@pytest.mark.parametrize(("encoded", "codec", "warned"), [
    ("utf-8", "cp1251", True),     # UTF-8 forced to cp1251: mojibake, no citation found — said, not silent
    ("utf-8", "koi8-r", True),
    ("cp1251", "cp1251", False),   # the codec the text is in: no word of warning
    ("utf-8", "utf-8", False),
])
def test_link_warns_when_a_one_byte_codec_is_forced_on_utf8(index_dir: Path, tmp_path: Path, encoded: str,
                                                             codec: str, warned: bool) -> None:
    text = "Судья применяет правило 62B, а затем правило 64A к этой сдаче.\n"
    source = tmp_path / "in.txt"
    source.write_bytes(text.encode(encoded))
    for args, stdin in (([str(source)], None), ([], text.encode(encoded))):  # a file, and stdin
        result = CliRunner().invoke(cli, ["--corpus", str(CORPUS), "--index", str(index_dir), "link", "--encoding",
                                          codec, *args], input=stdin)
        assert result.exit_code == 0, result.stderr
        assert ("reads as UTF-8" in result.stderr) is warned, result.stderr
        assert ('"62B"' in result.stdout) is (encoded == codec or codec == "utf-8")


def test_report_counts_heading_paragraphs(index_dir: Path) -> None:
    _, data = run_json(index_dir, "build", "--json")
    heads = {f["file"][:3]: next(p["count"] for p in f["passes"] if p["name"] == "mark_heading_roles") for f in data["files"]}
    assert heads["000"] == 26 and heads["004"] == 2  # 000: 61A … 72A5, see tests/golden/seed_nodes.tsv


def test_query_commands_never_load_the_morphology_dictionary(index_dir: Path) -> None:
    import subprocess
    import sys

    code = (
        "import sys\n"
        "from click.testing import CliRunner\n"
        "from lawref.cli import cli\n"
        f"base = ['--corpus', {str(CORPUS)!r}, '--index', {str(index_dir)!r}]\n"
        "for args in (['search', 'взяток'], ['search', 'revoke'], ['show', '62B', '--lang', 'both'],\n"
        "             ['search', 'фальшренонс после вскрытия'], ['search', 'вскрылся'],\n"  # «вскр»: a synonym's head
        "             ['refs', '26', '--incoming'], ['link', '--format', 'json']):\n"
        "    assert CliRunner().invoke(cli, base + args, input='правило 62B').exit_code == 0, args\n"
        "print('pymorphy3' in sys.modules, 'spellchecker' in sys.modules)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False False"


def test_progress_bar_only_on_a_terminal_and_after_a_second(monkeypatch: pytest.MonkeyPatch) -> None:
    import io
    import time as time_module

    from lawref import clikit as cli_module

    class Tty(io.StringIO):
        def isatty(self) -> bool:
            return True

    tty = Tty()
    monkeypatch.setattr(sys, "stderr", tty)
    ticks = iter([0.0, 0.5])  # the build starts, the first file is quick: no bar yet

    def clock() -> float:  # then time runs on (rich reads the clock too)
        clock.now = next(ticks, clock.now + 1.0)
        return clock.now

    clock.now = 0.0
    monkeypatch.setattr(time_module, "monotonic", clock)
    with cli_module._progress() as update:
        update("a.txt", 0, 3)
        assert tty.getvalue() == ""
        update("b.txt", 1, 3)
        update("c.txt", 2, 3)
    assert "c.txt" in tty.getvalue() or "b.txt" in tty.getvalue()

    plain = io.StringIO()  # not a terminal: never a bar
    monkeypatch.setattr(sys, "stderr", plain)
    clock.now, ticks = 0.0, iter([0.0, 5.0])
    with cli_module._progress() as update:
        update("a.txt", 0, 1)
    assert plain.getvalue() == ""


def test_an_index_built_with_a_forced_encoding_keeps_it(tmp_path: Path) -> None:
    from lawref.folder import open_generation, read_stamp

    index = tmp_path / "i"
    base = ["--corpus", str(CORPUS), "--index", str(index)]
    assert CliRunner().invoke(cli, [*base, "build", "--encoding", "koi8-r"]).exit_code == 0
    stamp = read_stamp(index)
    assert CliRunner().invoke(cli, [*base, "search", "фальшренонс"]).exit_code == 0
    assert (read_stamp(index), open_generation(index).encoding) == (stamp, "koi8-r")  # not rebuilt without it
    assert CliRunner().invoke(cli, [*base, "build"]).exit_code == 0
    assert open_generation(index).encoding is None


def test_refs_incoming_of_a_law_the_corpus_lacks(index_dir: Path) -> None:
    _, data = run_json(index_dir, "refs", "59", "--incoming", "--json")
    assert [(r["from"], r["status"]) for r in data["refs"]] == [("laws/61A", "absent")]
    assert_one_line_error(run(index_dir, "refs", "59"), 1)


def test_term_in_an_inflected_multi_word_form(index_dir: Path) -> None:
    _, data = run_json(index_dir, "term", "присуждённого результата", "--json")
    assert data["terms"][0]["ru"] == "присуждённый результат"


@pytest.mark.parametrize("query", ["62B.", "(62B)", "62B,", "62B?"])
def test_a_cite_with_punctuation_is_still_a_cite(index_dir: Path, query: str) -> None:
    _, data = run_json(index_dir, "search", query, "--json")
    assert data["results"][0]["id"] == "laws/62B"


def test_an_unknown_english_word_is_left_out_as_a_russian_one_is(index_dir: Path) -> None:
    # issue 27: English queries are relaxed as Russian ones are, and the answer says which word went
    found = run(index_dir, "search", "dummy xyzzy")
    assert found.exit_code == 0 and "the first lacks: xyzzy" in found.stderr
    assert run(index_dir, "search", "xyzzy").exit_code == 1  # nothing else to search: nothing found
    assert run(index_dir, "search", "and").exit_code == 1  # a stopword matches no catalogue title


def test_show_a_chapter_prints_its_own_heading_once(index_dir: Path) -> None:
    out = run(index_dir, "show", "laws/chapter-V").stdout
    assert out.startswith("Глава V - ТОРГОВЛЯ\n") and out.count("ТОРГОВЛЯ") == 1


def test_export_json_of_the_seed_corpus_matches_the_golden_file(index_dir: Path) -> None:
    """``lawref export --format json`` byte for byte (tests/golden/export.json,
    reviewed): the lawref/1 contract does not drift when the code is reshaped."""
    result = run(index_dir, "export", "--format", "json")
    golden = Path(__file__).parent / "golden" / "export.json"
    assert result.stdout == golden.read_text(encoding="utf-8")


@pytest.mark.parametrize(("args", "said"), [
    (["62B", "64"], "show takes one CITE, not 2: 62B, 64"),  # a new user's: read as 62B64, «not in this corpus»
    (["62", "64"], "show takes one CITE, not 2: 62, 64"),
    (["62B", "--page", "89"], "show takes a CITE or --page N, not both"),  # it said «… (one of them)»
    ([], "show needs a CITE or --page N (one of them)"),
])
def test_show_refuses_two_cites_or_a_cite_and_a_page_in_one_line(index_dir: Path, args: list[str], said: str) -> None:
    result = run(index_dir, "show", *args)
    assert result.exit_code == 2 and result.stdout == ""
    assert result.stderr.splitlines() == [f"lawref: {said}" + (" (show each in turn; a subsection is written whole: "
                                                               "72A5)" if "one CITE" in said else "")]


@pytest.mark.parametrize("args", [["Law", "62", "B"], ["правило", "62B"], ["Law", "62B"], ["62", "B"]])
def test_show_reads_one_cite_written_in_several_words(index_dir: Path, args: list[str]) -> None:
    result = run(index_dir, "show", *args)
    assert result.exit_code == 0 and "Исправление фальшренонса" in result.stdout


@pytest.mark.parametrize(("args", "quoted"), [
    (["72A", "5"], "72A5"), (["Law", "72", "A", "5"], "Law 72 A 5"), (["43", "B", "2"], "43 B 2"),
])
def test_show_reads_a_spaced_subsection_as_it_reads_it_quoted(index_dir: Path, args: list[str], quoted: str) -> None:
    # a later helper's: «show Law 43 B 2» was refused as two cites (43, 2) once two cites were refused
    spaced, whole = run(index_dir, "show", *args), run(index_dir, "show", quoted)
    assert (spaced.exit_code, spaced.stdout) == (whole.exit_code, whole.stdout) and "two" not in spaced.stderr


@pytest.mark.parametrize(("args", "first"), [
    # a new user's: a commentary paragraph was headed «Правило 45 — Law 45: Card Played», as if it were the law
    (["show", "45.5"], "Commentary 45.5 — Правило 45 — Law 45: Card Played"),
    (["--ui", "ru", "show", "45.5"], "Комментарий 45.5 — Правило 45 — по-английски: Card Played"),
    (["show", "45.5", "--plain"], "Комментарий 45.5 — Правило 45"),  # the document's words: pasted into a ruling
    (["show", "62B"], "Правило 62. Исправление фальшренонса — Law 62: Correction of a Revoke"),  # a law: as it was
])
def test_a_commentary_paragraph_is_headed_as_commentary(index_dir: Path, args: list[str], first: str) -> None:
    result = CliRunner().invoke(cli, ["--corpus", str(CORPUS), "--index", str(index_dir), *args])
    assert result.exit_code == 0 and result.stdout.splitlines()[0] == first
