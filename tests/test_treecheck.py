"""The build checks the tree it made (issue 23, item 1).

Word conservation says no word was lost; these checks say when the tree
built from the words has a shape a right tree never has — a contents page
parsed as laws, a body taken for a title, a heading taken for text and what
follows it misfiled — so a layout lawref does not understand is reported,
never ``ok``. The inputs are written here, in the layouts other libraries'
pages use; the seeds and every layout of the zoo give no warning.
"""

from __future__ import annotations

import json
from collections import defaultdict
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_layouts import LAYOUT_PARTS, LAYOUTS, nodes_of, parse_layout, seed_trees
from zoo import OWN_TREES, Layout, render, shape

from lawref.cli import cli
from lawref.corpus import build_corpus
from lawref.ingest.clean import clean
from lawref.ingest.load import load
from lawref.parse import parse
from lawref.treecheck import CHECKS, check_tree

CORPUS = Path(__file__).resolve().parents[1] / "corpus"

#: A subject index as another site prints it: the clean drops it (``drop_leader_lists``); the check is its backstop.
SUBJECT_INDEX = ("ПРЕДМЕТНЫЙ УКАЗАТЕЛЬ\n(номера правил)\n\nВзятка, отказ от = ..........63\nВзятка, спор о = ............79\n"
                 "Карта, показанная = .........49, 50\nКонтракт, уровень = ..........19\n")

#: A fault as another site prints it, and the check that must name it.
FAULTS = [
    ("a law number that goes back: its text filed under the law before",
     "Правило 40. Соглашения\nТекст о соглашениях пар.\n\nПравило 12. Права судьи\nТекст о правах судьи.\n",
     "embedded_heading"),
    ("two contents lines with dot leaders (too few for the clean to take for a contents page)",
     "Правило 61. Обязанность следовать масти ........ 81\nПравило 62. Исправление ошибки ........ 82\n\n"
     "Правило 63. Когда ошибка установлена\nТекст правила о том, когда ошибка установлена.\n",
     "contents_title"),
    ("four law headings side by side with no text between them",
     "Правило 1. Колода\nПравило 2. Доски\nПравило 3. Столы\nПравило 4. Пары\n\nДалее идёт текст без заголовка.\n",
     "heading_run"),
    ("a whole body taken for the law's title (no line break after the heading)",
     "Правило 7. Контроль коробки и карт, когда игрок вынимает свои карты из кармана, пересчитывает их лицом "
     "вниз и только потом смотрит на их лица, а коробка всё это время лежит в центре стола\n"
     "A. Положение коробки\nКоробка лежит в центре стола.\n",
     "long_title"),
    ("a section label the source lost: its items under the section before, met twice",
     "Правило 64. После ренонса\nA. Исправление\n1. и взятка выиграна нарушителем, ему передают взятку.\n"
     "2. и взятка не выиграна им, передают одну.\nНет исправления в таких случаях:\n"
     "1. если сторона не выиграла ни одной взятки.\n",
     "label_order"),
    ("a section printed with its text and no title: the text taken for the title",
     "Правило 12. Права судьи\nA. Судья может назначить компенсацию по своей инициативе.\n",
     "sentence_title"),
    ("words glued at a case change: the tags between a heading and the text before it dropped",
     "Правило 6. Тасовка и сдача\nA. Тасовка\nКарты тасуют в присутствии обеих парПредставитель каждой пары "
     "снимает колоду.\n",
     "glued_words"),
    ("a page with no heading at all: a blog's text, a preface or a continuation — none of it checked",
     "Мы продолжаем разговор о правилах. " * 12 + "\n",
     "no_heading"),
    ("a site's line left in the text of every page",
     "".join(f"- {p} -\nПравило {i}. Заголовок номер {i}\nТекст правила {i} о взятках, которые сыграны.\n"
             f"Библиотека клуба «Робер»\n\n" for i, p in zip(range(1, 8), range(40, 47), strict=True)),
     "chrome_left"),
    ("a footnote with the lead-in of the next, unlabelled section glued on (the source lost its label)",
     "Правило 64. После ренонса\nA. Исправление\n1. и взятка выиграна нарушителем <*>, ему передают взятку.\n"
     "<*> Взятка болвана здесь не взятка разыгрывающего.\nНет исправления в таких случаях:\n",
     "note_runs_on"),
    ("a course's text with its next section run in after a sentence, label and title in capitals",
     "Правило 11. Потеря права на наказание\nA. Право может быть потеряно, если сторона действовала\n\n"
     "сама, до вызова судьи. B. НАКАЗАНИЕ ПОСЛЕ ПОТЕРИ ПРАВА. Судья может назначить процедурное наказание.\n",
     "run_in_heading"),
    ("a blog's copy of a law that numbers its sections as a list: 1., 1., 1. — headings with no place in the tree",
     "Правило 45. Сыгранная карта\n\n1. Игра картой с руки\n\nИгрок кладёт карту лицом вверх на стол перед "
     "собой.\n\n1. Игра картой болвана\n\nРазыгрывающий называет карту болвана, и болван кладёт её на стол.\n\n"
     "1. Карта, считающаяся сыгранной\n\nКарта защитника, которую партнёр мог видеть, считается сыгранной.\n",
     "fragment_share"),
]


@pytest.mark.parametrize(("what", "text", "check"), FAULTS, ids=[f[0][:40] for f in FAULTS])
def test_each_fault_is_named_by_its_check(what: str, text: str, check: str) -> None:
    found = check_tree(*_built(text))
    assert check in {f.check for f in found}, (what, found)
    assert all(f.node and f.line for f in found)  # every finding names its node and line


def test_every_item_after_a_restart_of_its_numbering_is_named() -> None:
    # the source lost a section's label: 1, 2 come again under 64A, and 3 after them belongs there too
    text = ("Правило 64. После ренонса\nA. Исправление\n1. и взятка выиграна нарушителем, ему передают взятку.\n"
            "2. и взятка не выиграна им, передают одну.\nНет исправления в таких случаях:\n"
            "1. если сторона не выиграла ни одной взятки.\n2. если это второй ренонс в той же масти.\n"
            "3. если ренонс сделан картой открытой руки.\n")
    named = [f.node for f in check_tree(*_built(text)) if f.check == "label_order"]
    assert named == ["f/64A1~2", "f/64A2~2", "f/64A3"]


def test_a_subject_index_the_clean_missed_is_named_by_the_check() -> None:
    """The check is the backstop of ``drop_leader_lists``: run without that step, the index is named."""
    from lawref.ingest.clean import DEFAULT_STEPS, clean
    from lawref.parse import parse

    text = SUBJECT_INDEX
    cleaned = clean(text, steps=[s for s in DEFAULT_STEPS if s != "drop_leader_lists"])
    nodes = list(parse(cleaned.paragraphs, doc="d", doc_kind="laws", file="f.txt").nodes)
    assert "contents_text" in {f.check for f in check_tree(nodes)}
    assert check_tree(*_built(text)) == []  # with it, the index is dropped (and listed in the report)


def _built(text: str) -> tuple[list, list]:
    """The nodes of ``text`` as one file, and what its clean dropped."""
    import tempfile

    with tempfile.TemporaryDirectory() as name:
        (Path(name) / "f.txt").write_text(text, encoding="utf-8")
        built = build_corpus(Path(name), version="t")
    return list(built.nodes), built.reports[0].dropped


def test_a_section_skipped_where_the_pages_run_on() -> None:
    text = ("- 82 -\nПравило 62. Исправление\nA. Первый раздел\nТекст раздела A.\nC. Третий раздел\n"
            "Текст раздела C без раздела B.\n")
    assert "label_order" in {f.check for f in check_tree(nodes_of(text))}


def test_the_seeds_give_no_structure_warning() -> None:
    built = build_corpus(CORPUS, version="t")
    assert [r.structure for r in built.reports] == [[], [], [], []]
    by_file = defaultdict(list)
    for n in built.nodes:
        by_file[n.source.file].append(n)
    assert all(check_tree(nodes) == [] for nodes in by_file.values())


@pytest.mark.parametrize("name", list(LAYOUTS))
def test_no_layout_of_the_zoo_gives_a_warning(name: str) -> None:
    layout = LAYOUTS[name]
    for tree in [*seed_trees(), *OWN_TREES]:
        assert check_tree(parse_layout(render(tree, layout), layout)) == [], name


#: A contents block another library prints before the law text: titles, dot leaders, pages.
CONTENTS = "Правило 61. Обязанность ........ 81\nПравило 62. Исправление ........ 82\nПравило 63. Наказание ........ 84\n\n"


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(range(4)), LAYOUT_PARTS)
def test_any_layout_is_quiet_and_an_injected_contents_block_is_named(which: int, layout: Layout) -> None:
    if layout.caps and layout.lower_body:
        layout = Layout(**{**layout.__dict__, "lower_body": False})
    tree = [*seed_trees(), OWN_TREES[0]][which]
    assert check_tree(parse_layout(render(tree, layout), layout)) == []
    plain = Layout(**{**layout.__dict__, "html": None})
    faulty = parse_layout(CONTENTS + render(tree, plain), plain)
    # the contents block is dropped by the clean (the tree is the plain one) or named — never silently a law
    dropped = shape(faulty) == shape(parse_layout(render(tree, plain), plain))
    assert dropped or {f.check for f in check_tree(faulty)} & {"contents_title", "heading_run"}


def test_every_check_is_in_the_registry_with_a_docstring() -> None:
    assert list(CHECKS) == ["long_title", "contents_title", "contents_text", "heading_run", "label_order", "embedded_heading",
                            "unread_label", "chrome_left", "fragment_share", "sentence_title", "no_heading", "glued_words",
                            "title_in_body", "retold_law", "untitled_law", "first_person", "note_in_law",
                            "bracketed_note", "left_out", "text_after_chrome", "cells_in_title",
                            "note_runs_on", "run_in_heading", "unlabelled_heading", "text_after_quote"]
    assert all(fn.__doc__ for fn in CHECKS.values())


@pytest.mark.parametrize(("text", "found"), [
    # an article quoting a law's items, then its own sections (a real federation's page, in our words): its advice
    # was filed in the last item with no warning
    ("LAW 45 - CARD PLAYED\n\nC. Card Deemed to be Played\n\n1. A defender's card held so that partner can see "
     "it is played.\n\nWhen to forgive\n\nA kind player lets declarer take a dropped card back.\n", True),
    # a law's text whose lines end sentences, or a last short line, is no such heading
    ("LAW 45 - CARD PLAYED\n\nC. Card Deemed to be Played\n\n1. A defender's card held so that partner can see "
     "it is played.\n\nSee also Law 49.\n", False),
])
def test_a_heading_with_no_label_inside_a_part_s_text_is_found(text: str, found: bool) -> None:
    assert ("unlabelled_heading" in _checks_en(text)) == found


@pytest.mark.parametrize(("text", "found"), [
    # a mailing list's post quoting a law, then the poster's own words with no blank line: filed in the last part
    ("Someone wrote:\n> LAW 16 - UNAUTHORISED INFORMATION\n>\n> A. Players' Authorised Information\n>\n"
     "> 1. A player may use information from the legal calls.\n> 2. A player may use his own hand.\n"
     "I think the second sentence says it all.\n", True),
    ("Someone wrote:\n> LAW 16 - UNAUTHORISED INFORMATION\n>\n> A. Players' Authorised Information\n>\n"
     "> 1. A player may use information from the legal calls.\n> 2. A player may use his own hand.\n", False),
])
def test_a_law_s_text_running_on_past_its_quote_is_found(text: str, found: bool) -> None:
    assert ("text_after_quote" in _checks_en(text)) == found


def _checks_en(text: str) -> list[str]:
    """The checks that find something in one English file's tree, built as a build does."""
    loaded = load(text.encode(), "a.txt")
    cleaned = clean(loaded.text, loaded.line_numbers, lang="en")
    nodes = parse(cleaned.paragraphs, doc="d", doc_kind="laws", file="a.txt", lang="en").nodes
    return [f.check for f in check_tree(nodes, [d.to_json() for d in cleaned.report.dropped])]


def _corpus_with(tmp_path: Path, text: str) -> Path:
    folder = tmp_path / "c"
    folder.mkdir()
    (folder / "site.txt").write_text(text, encoding="utf-8")
    return folder


def test_build_says_it_in_one_line_and_strict_exits_1(tmp_path: Path) -> None:
    corpus = _corpus_with(tmp_path, FAULTS[0][1])
    base = ["--corpus", str(corpus), "--index", str(tmp_path / "ix"), "build"]
    result = CliRunner().invoke(cli, base)
    assert result.exit_code == 0
    assert [x for x in result.stderr.splitlines() if "structure warning" in x] == [
        "lawref: 1 structure warning in 1 file: the tree may hold misfiled text ('lawref build --report' lists them)"]
    assert CliRunner().invoke(cli, [*base, "--strict"]).exit_code == 1
    report = CliRunner().invoke(cli, [*base, "--report"]).stdout
    assert "structure: line 4, site/40: the text of 40 holds the law heading" in report
    data = json.loads(CliRunner().invoke(cli, [*base, "--json"]).stdout)
    [record] = data["files"][0]["structure"]
    assert record == {"check": "embedded_heading", "line": 4, "node": "site/40", "message": record["message"]}


def test_a_stored_warning_is_told_in_russian_when_shown_from_the_index(tmp_path: Path) -> None:
    # the index keeps the message as its template and fields (issue 25): ``show``, a later process that reads
    # it back from the node store, tells it in the user's language with its own values, none lost
    corpus = _corpus_with(tmp_path, FAULTS[0][1])
    base = ["--corpus", str(corpus), "--index", str(tmp_path / "ix")]
    assert CliRunner().invoke(cli, [*base, "build"]).exit_code == 0
    english = [x for x in CliRunner().invoke(cli, [*base, "show", "40"]).stderr.splitlines() if "line 4" in x]
    russian = [x for x in CliRunner().invoke(cli, [*base, "--ui", "ru", "show", "40"]).stderr.splitlines()
               if "строка 4" in x]
    assert len(english) == len(russian) == 1
    assert english[0].startswith("lawref: structure warning, line 4 (site/40): the text of 40 holds the law heading")
    assert russian[0].startswith("lawref: предупреждение о структуре, строка 4 (site/40): ")
    assert "the text of" not in russian[0] and "40" in russian[0].split("): ", 1)[1]


def test_the_seeds_build_strict(tmp_path: Path) -> None:
    result = CliRunner().invoke(cli, ["--corpus", str(CORPUS), "--index", str(tmp_path / "ix"), "build", "--strict"])
    assert result.exit_code == 0 and "structure" not in result.stderr


def test_toc_calls_a_law_whole_only_when_no_warning_touches_it(tmp_path: Path) -> None:
    corpus = _corpus_with(tmp_path, FAULTS[0][1])
    base = ["--corpus", str(corpus), "--index", str(tmp_path / "ix")]
    rows = json.loads(CliRunner().invoke(cli, [*base, "toc", "--json"]).stdout)
    status = {r["cite"]: r["status"] for r in rows["contents"] if r.get("id")}
    assert status["40"] == "structure warning"


# ------------------------------------------------------------ issue 23, item 3: lists of titles


@pytest.mark.parametrize("text", [
    # the layout: a chapter's titles, then the bodies
    "ПРАВИЛО 23. ПЕРВОЕ НАРУШЕНИЕ В ТОРГОВЛЕ\nПРАВИЛО 24. ВТОРОЕ НАРУШЕНИЕ В ТОРГОВЛЕ\n\n"
    "ПРАВИЛО 23. ПЕРВОЕ НАРУШЕНИЕ В ТОРГОВЛЕ\nСудья сначала выясняет, кто из игроков нарушил порядок.\n",
    # blank lines between the entries, a page marker before the bodies, spaced title case
    "Правило 23. Первое нарушение\n\nПравило 24. Второе нарушение\n\nПравило 25. Третье нарушение\n- 31 -\n"
    "Правило 23. Первое нарушение\nСудья сначала выясняет, кто из игроков нарушил порядок.\n",
    # a contents page with page numbers and no leaders, before the bodies
    "Правило 23. Первое нарушение 81\nПравило 24. Второе нарушение 82\nПравило 25. Третье 84\n\n"
    "Правило 23. Первое нарушение\nСудья сначала выясняет, кто из игроков нарушил порядок.\n",
])
def test_a_list_of_law_titles_before_the_bodies_never_beats_the_real_headings(text: str) -> None:
    nodes, dropped = _built(text)
    laws = [(n.cite, n.text) for n in nodes if n.kind == "law"]
    assert laws == [("23", "Судья сначала выясняет, кто из игроков нарушил порядок.")]
    listed = [d for d in dropped if d["step"] in ("drop_title_lists", "drop_leader_lists")]
    assert len(listed) >= 2 and all(d["reason"] in ("list of law titles (the laws' real headings come later)",
                                                    "table of contents") for d in listed)
    assert check_tree(nodes, dropped) == []


def test_headings_that_never_come_again_are_kept() -> None:
    """Two law headings side by side whose laws are never printed again are
    not a list of titles (nothing later to beat): they stay, and the tree
    check names the pair for a reader to look at."""
    nodes, dropped = _built("Правило 1. Колода\nПравило 2. Доски\n\nПравило 3. Столы\nТекст о столах.\n")
    assert [n.cite for n in nodes if n.kind == "law"] == ["1", "2", "3"]
    assert not [d for d in dropped if d["step"] == "drop_title_lists"]


def test_show_says_beside_a_doubted_law_what_the_build_doubted(tmp_path: Path) -> None:
    """``toc`` marks such a law; ``show`` says why on stderr, its text on
    stdout unchanged (a new user's trial: show never mentioned it)."""
    corpus = _corpus_with(tmp_path, [f for f in FAULTS if f[2] == "embedded_heading"][0][1])
    base = ["--corpus", str(corpus), "--index", str(tmp_path / "ix")]
    assert CliRunner().invoke(cli, [*base, "build"]).exit_code == 0
    shown = CliRunner().invoke(cli, [*base, "show", "40"])
    assert shown.exit_code == 0 and "Текст о соглашениях пар." in shown.stdout
    assert shown.stderr.splitlines() == [
        "lawref: structure warning, line 4 (site/40): the text of 40 holds the law heading 'Правило 12. Права судьи': "
        "text filed under the wrong law?"]


def test_show_of_the_seeds_says_nothing_more(seed_index: Path) -> None:
    shown = CliRunner().invoke(cli, ["--corpus", str(CORPUS), "--index", str(seed_index), "show", "62"])
    assert shown.exit_code == 0 and shown.stderr == ""
