"""Issue 10: every real layout of the Laws reads the same, and nothing is
ever lost silently. The layout zoo (tests/zoo.py) prints known law trees —
from the seeds and our own — in many layouts; parsing each must give the
same tree. Then the numbered items of the issue, each a table of input →
expected nodes or text, and the conservation check over seeds and
generated inputs."""

from __future__ import annotations

import functools
import textwrap

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from seeds import CORPUS
from zoo import OWN_TREES, Item, Layout, expected, render, shape, tree_of

from lawref.conserve import balance
from lawref.ingest.clean import clean
from lawref.ingest.load import load
from lawref.parse import parse


@functools.cache
def seed_trees() -> list[list[Item]]:
    """Laws 62, 65 and 72 of the seed corpus (000), as built."""
    from lawref.corpus import build_corpus

    nodes = list(build_corpus(CORPUS, version="t").nodes)
    return [tree_of(nodes, cite) for cite in ("62", "65", "72")]


def parse_layout(raw: str, layout: Layout) -> list:
    name = "page.html" if layout.html else "page.txt"
    loaded = load(raw.encode("utf-8"), name)
    cleaned = clean(loaded.text, loaded.line_numbers)
    nodes = parse(cleaned.paragraphs, doc="laws", doc_kind="laws", file=name).nodes
    assert not balance(loaded.text, nodes, cleaned.report), balance(loaded.text, nodes, cleaned.report).message()
    return list(nodes)


LAYOUTS = {
    "wrapped 80": Layout(width=80),
    "wrapped 60, перенос": Layout(width=60, hyphenate=True),
    "wrapped 40, перенос": Layout(width=40, hyphenate=True),
    "blank-separated": Layout(width=None),
    "spaced labels": Layout(width=60, spaced=True),
    "bodies in lower case": Layout(width=70, lower_body=True),
    "all caps": Layout(width=60, caps=True),
    "all caps, перенос": Layout(width=50, caps=True, hyphenate=True),
    "<pre> page": Layout(width=60, html="pre"),
    "<p> page": Layout(width=None, html="p"),
    "<p> a printed line": Layout(width=60, html="p"),
    "<p> a printed line, перенос": Layout(width=50, html="p", hyphenate=True),
    "markers - 89 -": Layout(width=60, markers="- {n} -"),
    "markers Стр. 89 with a running head": Layout(width=60, markers="Стр. {n}", running_head="Все о Бридже"),
    "markers [89] with a chapter running head": Layout(width=60, markers="[{n}]", running_head="Глава VI. Розыгрыш"),
    "bare page numbers": Layout(width=60, markers="{n}", running_head="Все о Бридже"),
    "CRLF": Layout(width=60, crlf=True),
    "invisible characters": Layout(width=60, invisible=True),
    "heading and body on one line": Layout(width=None, run_on="space", spaced=True),
    "heading and body on one line, wrapped file": Layout(width=60, run_on="space", spaced=True),
    "all caps law heading, body on its line": Layout(width=None, run_on="space"),
    "a page with its tags dropped: all glued": Layout(width=None, run_on="glued", spaced=True),
    "list bullets before every heading and body": Layout(width=60, bullets=True, spaced=True),
    "list bullets, one paragraph a line": Layout(width=None, bullets=True),
}


@pytest.mark.parametrize("name", list(LAYOUTS))
@pytest.mark.parametrize("which", ["62", "65", "72", "own"])
def test_every_layout_gives_the_same_tree(name: str, which: str) -> None:
    tree = OWN_TREES[0] if which == "own" else seed_trees()[["62", "65", "72"].index(which)]
    layout = LAYOUTS[name]
    got = shape(parse_layout(render(tree, layout), layout), caps=layout.caps)
    assert got == expected(tree, caps=layout.caps, lower_body=layout.lower_body)


LAYOUT_PARTS = st.builds(
    Layout,
    width=st.sampled_from([None, 40, 50, 60, 72, 80]),
    hyphenate=st.booleans(),
    spaced=st.booleans(),
    caps=st.booleans(),
    lower_body=st.booleans(),
    markers=st.sampled_from([None, "- {n} -", "- {n}", "Стр. {n}", "[{n}]", "{n}", "— {n} —"]),
    running_head=st.sampled_from([None, "Все о Бридже", "Глава VI. Розыгрыш"]),
    html=st.sampled_from([None, None, "pre", "p"]),
    crlf=st.booleans(),
    invisible=st.booleans(),
)


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(["62", "65", "72", "own"]), LAYOUT_PARTS)
def test_any_mix_of_layouts_gives_the_same_tree(which: str, layout: Layout) -> None:
    if layout.caps and layout.lower_body:
        layout = Layout(**{**layout.__dict__, "lower_body": False})
    tree = OWN_TREES[0] if which == "own" else seed_trees()[["62", "65", "72"].index(which)]
    got = shape(parse_layout(render(tree, layout), layout), caps=layout.caps)
    assert got == expected(tree, caps=layout.caps, lower_body=layout.lower_body)


BULLET_PARTS = st.builds(  # each heading and each body a list item printed with its bullet
    Layout,
    width=st.sampled_from([None, 50, 60, 80]),
    hyphenate=st.booleans(),
    spaced=st.booleans(),
    markers=st.sampled_from([None, "- {n} -", "Стр. {n}"]),
    crlf=st.booleans(),
    bullets=st.just(True),
)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(["62", "65", "72", "own"]), BULLET_PARTS)
def test_list_bullets_in_any_layout_give_the_same_tree(which: str, layout: Layout) -> None:
    tree = OWN_TREES[0] if which == "own" else seed_trees()[["62", "65", "72"].index(which)]
    got = shape(parse_layout(render(tree, layout), layout))
    assert got == expected(tree)


RUN_ON_PARTS = st.builds(  # a title run into its body: told apart by case, so never all caps nor lower-case bodies
    Layout,
    width=st.sampled_from([None, 60]),
    spaced=st.booleans(),
    html=st.sampled_from([None, "pre", "p"]),
    crlf=st.booleans(),
    invisible=st.booleans(),
    run_on=st.sampled_from(["space", "glued"]),
)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(["62", "65", "72", "own"]), RUN_ON_PARTS)
def test_headings_run_into_their_bodies_give_the_same_tree(which: str, layout: Layout) -> None:
    tree = OWN_TREES[0] if which == "own" else seed_trees()[["62", "65", "72"].index(which)]
    got = shape(parse_layout(render(tree, layout), layout))
    assert got == expected(tree)


# ---------------------------------------------------------------- the items, one table each


def nodes_of(text: str, *, kind: str = "laws", name: str = "f.txt", encoding: str | None = None) -> list:
    loaded = load(text.encode(encoding or "utf-8") if isinstance(text, str) else text, name)
    cleaned = clean(loaded.text, loaded.line_numbers)
    nodes = list(parse(cleaned.paragraphs, doc="d", doc_kind=kind, file=name).nodes)
    assert not balance(loaded.text, nodes, cleaned.report)
    return nodes


def texts(nodes: list) -> list[tuple[str | None, str | None, str]]:
    return [(n.cite, n.title, n.text) for n in nodes]


def all_text(nodes: list) -> str:
    return " ".join(" ".join(x for x in (n.label, n.title, n.text) if x) for n in nodes)


@pytest.mark.parametrize(("text", "kept"), [
    # 1. a one-word wrapped line is text, never an emphasis duplicate
    ("Правило 47. Отмена\n47.4. Судья должен решить, была ли карта сыграна, и если карта\nсыграна\n"
     "в эту взятку, он применяет наказание.¶\n", "и если карта сыграна в эту взятку"),
    # ... while a doubled lone word repeating the line before is one (004:16–18)
    ("Правило 45. Сыгранная карта\n45.5. Игрок собирается играть и случайно обозначает не ту карту,\nслучайно\n"
     "случайно\nсчитать достаточным.¶\n", "случайно обозначает не ту карту, считать достаточным."),
])
def test_item_1_plain_wrapping_never_loses_a_word(text: str, kept: str) -> None:
    assert kept in all_text(nodes_of(text, kind="commentary"))


@pytest.mark.parametrize(("text", "kept", "pages"), [
    ("Правило 62. Исправление\nA.Фальшренонс\nВозможны случаи, когда у вистующего\n- 2 карты остаются открытыми, или\n"
     "- 13 взяток уже сыграны.\n", "вистующего - 2 карты остаются открытыми, или - 13 взяток уже сыграны.", set()),
    ("- 69\nПравило 62. Исправление\nA.Фальшренонс\nтекст\n- 73\nещё\n- 77 при первой возможности.\n",
     "текст", {69, 73, 77}),  # the expected next page is believed even glued (001:73)
])
def test_item_2_a_dash_list_of_numbers_is_not_page_markers(text: str, kept: str, pages: set[int]) -> None:
    nodes = nodes_of(text)
    assert kept in all_text(nodes)
    assert {n.page for n in nodes if n.page} == pages


def test_item_3_lost_glyphs_are_kept_visibly_never_a_break_never_indexed() -> None:
    nodes = nodes_of("Правило 62. Исправление\nA.Фальшренонс\nРазыгрывающий держит ???? ?AK ?Q и ходит\nс руки.\n")
    [section] = [n for n in nodes if n.cite == "62A"]
    assert section.text == "Разыгрывающий держит [????] [?]AK [?]Q и ходит с руки."
    from lawref.patterns import WORD

    assert [w.group() for w in WORD.finditer(section.text)][2:5] == ["AK", "Q", "и"]  # no «?» in any word
    report = clean("держит ???? ?AK ?Q и ходит").report
    assert report.count("strip_rules:lost") == 1


def test_item_5_pre_pages_are_read_line_by_line() -> None:
    page = ("<html><body><div class='nav'>Главная</div><pre>Правило 62. Исправление фальшренонса\n"
            "A.Фальшренонс должен быть исправлен\nИгрок должен исправить фальшренонс.\n\nB.Исправление\n"
            "Нарушитель отменяет карту.</pre></body></html>")
    assert [n.cite for n in nodes_of(page, name="p.html")] == ["62", "62A", "62B"]


@pytest.mark.parametrize(("text", "want"), [
    ("Правило 61. Недача\nA.Определение\nНедавание есть фальшренонс.\nB.Право спрашивать о возможном\n"
     "фальшренонсе\nРазыгрывающий может спросить.\n",
     [("61B", "Право спрашивать о возможном фальшренонсе", "Разыгрывающий может спросить.")]),
    ("Правило 62. Исправление\nфальшренонса\nИгрок должен исправить фальшренонс.\n",
     [("62", "Исправление фальшренонса", "Игрок должен исправить фальшренонс.")]),
])
def test_item_6_a_heading_wrapped_at_a_space_keeps_its_body_apart(text: str, want: list) -> None:
    got = texts(nodes_of(text))
    for row in want:
        assert row in got


@pytest.mark.parametrize("layout", ["wrapped", "blank-separated"])
def test_item_7_a_body_in_lower_case_is_not_swallowed_by_the_title(layout: str) -> None:
    lines = ["Правило 44. Последовательность", "B.Наказания", "1.Ход нарушителя",
             "когда нарушитель или его партнёр делает ход в следующую взятку;", "2.Игра", "когда нарушитель играет."]
    text = "\n".join(lines) if layout == "wrapped" else "\n\n".join(lines)
    got = texts(nodes_of(text))
    assert ("44B1", "Ход нарушителя", "когда нарушитель или его партнёр делает ход в следующую взятку;") in got


@pytest.mark.parametrize("layout", ["wrapped", "blank-separated"])
def test_a_bare_russian_law_heading_takes_the_title_line_after_it(layout: str) -> None:
    # a page printing the law's number and its title on lines of their own: a one-word title looks like
    # English title case and was put on the heading («Правило 16 Сведения»), which no Russian heading is
    # (it needs its «.»), so 16A and 16B were filed under Law 15 with status ok
    laws = [("15", "Неправильная сдача"), ("16", "Сведения"), ("17", "ПРОДОЛЖИТЕЛЬНОСТЬ ТОРГОВЛИ")]
    lines: list[str] = []
    for num, title in laws:
        lines += [f"Правило {num}", title, "A. Первый раздел", f"Текст раздела A правила {num}.",
                  "B. Второй раздел", f"Текст раздела B правила {num}."]
    got = texts(nodes_of("\n".join(lines) if layout == "wrapped" else "\n\n".join(lines)))
    assert [(c, t) for c, t, _ in got if c in ("15", "16", "17")] == laws
    assert [c for c, _, _ in got] == ["15", "15A", "15B", "16", "16A", "16B", "17", "17A", "17B"]
    assert ("16B", "Второй раздел", "Текст раздела B правила 16.") in got


def test_a_labelled_line_wrapped_at_the_files_width_runs_on_into_its_paragraph() -> None:
    # hard-wrapped at ~60: a subsection with no title, its text starting on the label's line, is one
    # paragraph (its body, no title); a short title line over a body in lower case stays a title
    text = ("Правило 16. Сведения\n"
            "A. Использование сведений\n"
            "1. Игрок вправе учитывать сведения, полученные из законных\n"
            "заявок и ходов этой сдачи, а также из своих собственных карт\n"
            "и из объяснений, которые дали противники.\n"
            "2. Прочие сведения\n"
            "игрок учитывать не вправе, если это не разрешено правилами.\n")
    got = texts(nodes_of(text))
    assert ("16A1", None, "Игрок вправе учитывать сведения, полученные из законных заявок и ходов этой сдачи, а также "
            "из своих собственных карт и из объяснений, которые дали противники.") in got
    assert ("16A2", "Прочие сведения", "игрок учитывать не вправе, если это не разрешено правилами.") in got


def test_item_8_sections_with_a_space_after_the_label() -> None:
    text = ("Правило 16. Нелегальная информация\nA. Информация от партнёра\nИгрок не может основывать заявку\n"
            "на информации от партнёра.\nB. Прочая информация\nИгрок должен сообщить.\n")
    assert [(c, t) for c, t, _ in texts(nodes_of(text))] == [
        ("16", "Нелегальная информация"), ("16A", "Информация от партнёра"), ("16B", "Прочая информация")]


def test_item_9_all_caps_text_is_split_and_its_перенос_joined() -> None:
    text = ("ПРАВИЛО 71. ОТМЕНА УСТУПКИ\nA.УСТУПКА ВЗЯТКИ\nУСТУПКА ВЗЯТКИ МОЖЕТ БЫТЬ ОТМЕНЕНА СОГЛАСНО ПРАВИ-\n"
            "ЛОМ 69.\nB.ПРОЧЕЕ\nТЕКСТ.\n")
    got = texts(nodes_of(text))
    assert [c for c, _, _ in got] == ["71", "71A", "71B"]
    assert got[1][2] == "УСТУПКА ВЗЯТКИ МОЖЕТ БЫТЬ ОТМЕНЕНА СОГЛАСНО ПРАВИЛОМ 69."


@pytest.mark.parametrize("marker", ["- 73 -", "Стр. 73", "[73]", "73", "— 73 —", "СТР. 73", "Страница 73"])
def test_item_10_text_after_any_page_marker_spelling_is_not_filed_under_the_law_before(marker: str) -> None:
    later = marker.replace("73", "74")
    text = (f"Правило 44. Последовательность\nD.Невозможность\nИгрок может играть любой картой.\n{marker}\n"
            f"Все о Бридже\n2.Обозначена масть\nЕсли разыгрывающий обозначает масть.\n{later}\nВсе о Бридже\n"
            "3.Обозначено старшинство\nЕсли разыгрывающий обозначает старшинство.\n")
    nodes = nodes_of(text)
    tail = next(n for n in nodes if n.title == "Обозначена масть")
    assert tail.kind == "fragment" and tail.page == 73 and tail.cite is None
    assert "Бридже" not in all_text(nodes)  # the running head (the book's title) is dropped


def test_item_10_an_unbelievable_marker_still_ends_the_page() -> None:
    text = "- 89 -\nПравило 44. Последовательность\nD.Невозможность\nтекст.\n- 8 9 -\nи ещё текст.\n"
    nodes = nodes_of(text)
    assert next(n for n in nodes if "ещё" in n.text).kind == "fragment"


def test_item_10_a_chapter_running_head_is_no_chapter_and_pagers_shortened() -> None:
    text = ("- 89 -\nГлава VI. Розыгрыш\nПравило 44. Последовательность\nA.Ход\nигрок ходит,\n- 90 -\n"
            "Глава VI. Розыгрыш\nкогда может.\n1 2 3 ... 46\n")
    nodes = nodes_of(text)
    assert [n.kind for n in nodes] == ["law", "section"]
    assert nodes[1].text == "игрок ходит, когда может."


def test_item_11_a_word_cut_by_the_first_page_marker_is_joined() -> None:
    text = "Правило 62. Исправление\nA.Фальшренонс\nИгрок осознал своё исправле-\n- 89 -\nния до выявления.\n"
    assert texts(nodes_of(text))[1][2] == "Игрок осознал своё исправления до выявления."


def test_item_12_a_repeated_page_rewrapped_is_kept_once() -> None:
    body = ("Игрок должен исправить фальшренонс, если он осознал своё нарушение до его выявления, и сделать "
            "это до того, как он или его партнёр сделает ход в следующую взятку, иначе фальшренонс станет "
            "установленным и будет исправлен по правилу шестьдесят четыре.")
    first = "\n".join(textwrap.wrap(body, 50))
    copy = "\n".join(textwrap.wrap(body, 70))
    nodes = nodes_of(f"Правило 62. Исправление\nA.Фальшренонс\n{first}\n{copy}\n")
    assert all_text(nodes).count("должен исправить фальшренонс") == 1


@pytest.mark.parametrize("bar", ["А Б В Г Д Е Ж З И К Л М Н О П Р С Т У Ф Х Ц Ч Ш Щ Э Ю Я AZ",
                                 "А | Б | В | Г | Д | Е | Ж | З | И | К | Л | М"])
def test_item_12a_an_alphabet_bar_is_chrome(bar: str) -> None:
    assert [n.kind for n in nodes_of(f"{bar}\nПравило 62. Исправление\nA.Фальшренонс\nтекст.\n")] == ["law", "section"]


def test_item_12a_source_marks_are_kept_apart() -> None:
    nodes = nodes_of("Правило 67. ДЕФЕКТНАЯ ВЗЯТКА(DC4)¶\n67.1. Если взятка дефектна, судья решает.(DC5)¶\n",
                     kind="commentary")
    law, para = nodes
    assert (law.title, law.marks) == ("ДЕФЕКТНАЯ ВЗЯТКА", ("DC4",))
    assert (para.text, para.marks) == ("Если взятка дефектна, судья решает.", ("DC5",))
    assert para.to_json()["marks"] == ["DC5"]


@pytest.mark.parametrize(("raw", "want"), [
    ("Правило 62. Исправление\nA.Фальшренонс\nИгрок исправит нару\u00ad\nшение.\n", "Игрок исправит нарушение."),
    ("Правило 62. Исправление\nA.Фальшренонс\nСло\u200bво и сл\u2060ово в\u00a0тексте\u202fи\u2009здесь.\n",
     "Слово и слово в тексте и здесь."),
])
def test_item_13_invisible_characters(raw: str, want: str) -> None:
    assert texts(nodes_of(raw))[1][2] == want


def test_item_13_a_bom_in_mid_file_hides_no_heading_and_soft_hyphens_in_html() -> None:
    nodes = nodes_of("Правило 62. Исправление\nA.Фальшренонс\nтекст.\n\ufeffПравило 64. Процедура\nA.Текст\nещё.\n")
    assert [n.cite for n in nodes] == ["62", "62A", "64", "64A"]
    page = ("<html><body><p>Правило 62. Исправление</p><p>A.Фальшренонс</p>"
            "<p>Игрок исправит нару&shy;шение и сло&#8203;во.</p></body></html>")
    assert nodes_of(page, name="p.html")[1].text == "Игрок исправит нарушение и слово."


def test_item_14_ranges_and_suspended_hyphens_keep_their_hyphen() -> None:
    nodes = nodes_of("Правило 60. Игра\nA.Текст\nсм. правила 61-\n64 для одно-\nи двухмастных, по-\nпрежнему.\n")
    assert nodes[1].text == "см. правила 61-64 для одно- и двухмастных, по-прежнему."


def test_item_15_mojibake_in_one_line_one_line_file_and_two_forms() -> None:
    good = (CORPUS / "000_392cb21f471fdf05.txt").read_text(encoding="utf-8").split("\n")[:40]
    latin = "Правило 48. Открытие карт".encode("cp1251").decode("latin-1")
    koi = "Правило 49. Открытая карта вистующего".encode("koi8-r").decode("cp1251")
    text = "\n".join([*good[:20], latin, *good[20:30], koi, *good[30:]])
    loaded = load(text.encode("utf-8"), "f.txt")
    assert "Правило 48. Открытие карт" in loaded.text and "Правило 49. Открытая карта вистующего" in loaded.text
    assert load(latin.encode("utf-8"), "one.txt").text == "Правило 48. Открытие карт"
    seed = load((CORPUS / "000_392cb21f471fdf05.txt").read_bytes(), "000.txt")
    assert seed.mojibake.lines == () and seed.text.split("\n")[128] == "ло 81C8)."  # 000:129 is left alone


def test_item_16_utf16_without_bom_all_ascii() -> None:
    loaded = load("LAW 62 - CORRECTION OF A REVOKE\nA. Revoke Must Be Corrected\n".encode("utf-16-le"), "en.txt")
    assert loaded.decoded.encoding == "utf-16-le" and loaded.text.startswith("LAW 62")


@pytest.mark.parametrize("raw", [
    "Law 62B \u2013 see Laws 61\u201364. \u00a9 WBF \u201cDuplicate\u201d and the rest of it.\n".encode("cp1252"),
    b"LAW 22 \xad END OF AUCTION\nThe auction ends when all players pass.\n",
])
def test_item_17_a_western_page_is_read_as_cp1252(raw: bytes) -> None:
    loaded = load(raw, "en.txt")
    assert loaded.decoded.encoding == "cp1252"
    assert "\ufffd" not in loaded.text and "н" not in loaded.text and "ľ" not in loaded.text


def test_item_21_a_law_heading_out_of_order_is_text_and_reported() -> None:
    text = "Правило 62. Исправление\nA.Фальшренонс\nтекст.\n- 89 -\nПравило 12. Ошибка\nB.Часть\nещё.\n"
    loaded = load(text.encode(), "f.txt")
    cleaned = clean(loaded.text, loaded.line_numbers)
    parsed = parse(cleaned.paragraphs, doc="d", doc_kind="laws", file="f.txt")
    assert "12" not in [n.cite for n in parsed.nodes] and "11B" not in [n.cite for n in parsed.nodes]
    assert any("law 12 after law 62" in note for note in parsed.notes)


# ---------------------------------------------------------------- whole builds: items 18–22


@pytest.fixture(scope="module")
def variant_corpus(tmp_path_factory: pytest.TempPathFactory):
    """Two files of one document that hold two different texts of 62A."""
    folder = tmp_path_factory.mktemp("variants")
    (folder / "lawref.toml").write_text('[[document]]\nid = "laws"\nfiles = ["*.txt"]\n', encoding="utf-8")
    (folder / "a.txt").write_text("- 89 -\nПравило 62. Исправление\nA.Фальшренонс\nПервый текст.\n"
                                  "B.Исправление\nТекст B.\n", encoding="utf-8")
    (folder / "b.txt").write_text("- 93 -\nПравило 62. Исправление\nA.Фальшренонс\nВторой текст.\n",
                                  encoding="utf-8")
    from lawref.store import build

    build(folder, folder.parent / "ix")
    return folder


@pytest.mark.usefixtures("ru_ui")
def test_item_18_two_texts_of_one_section_are_warned_and_labelled(variant_corpus) -> None:
    from click.testing import CliRunner

    from lawref.cli import cli

    base = ["--corpus", str(variant_corpus), "--index", str(variant_corpus.parent / "ix")]
    report = CliRunner().invoke(cli, [*base, "build", "--report", "--json"])
    import json

    warnings = [w for f in json.loads(report.stdout)["files"] for w in f["warnings"]]
    assert any("two different texts" in w and "a.txt:3" in w and "b.txt:3" in w for w in warnings)
    shown = CliRunner().invoke(cli, [*base, "show", "62"]).stdout
    assert "[вариант 1 из 2: a.txt:3]" in shown and "[вариант 2 из 2: b.txt:3]" in shown


def test_pieces_of_one_run_on_line_are_not_called_two_texts_of_one_thing(tmp_path) -> None:
    # a page with no law heading whose sections and items run on in one line (a real library's page, in our words):
    # its fragments start on one raw line, so their ids share it (~2, ~3); the build said «two different texts — f:5
    # and f:5», a variant's warning, for what is one line cut at its labels
    import json

    from click.testing import CliRunner

    from lawref.cli import cli

    (tmp_path / "c").mkdir()
    (tmp_path / "c" / "page.txt").write_text(
        "ОБЩИЕ ПОЛОЖЕНИЯ О ЗАЯВКАХ\n\nОБЩИЕ ПОЛОЖЕНИЯ О ЗАЯВКАХ. Порядок торговли А. НАЧАЛО ТОРГОВЛИ. Первым "
        "заявляет сдающий.\n\nБ. ЗАМЕНА ЗАЯВКИ. 1. Оплошность. Игрок может заменить заявку, сделанную по "
        "оплошности. 2. Намерение. Заявку, сделанную намеренно, заменить нельзя.\n", encoding="utf-8")
    base = ["--corpus", str(tmp_path / "c"), "--index", str(tmp_path / "ix")]
    report = CliRunner().invoke(cli, [*base, "build", "--report", "--json"])
    files = json.loads(report.stdout)["files"]
    warnings = [w for f in files for w in f["warnings"]]
    assert not any("two different texts" in w for w in warnings), warnings
    assert any("no law, section or commentary heading" in w for w in warnings)  # still said loudly, once
    toc = json.loads(CliRunner().invoke(cli, [*base, "toc", "--json"]).stdout)
    ids = [e["id"] for e in toc["contents"] if e["kind"] == "fragment"]
    assert len(ids) == len(set(ids)) >= 3 and sum("~" in i for i in ids) >= 2  # one line's pieces, each its own id
    shown = CliRunner().invoke(cli, [*base, "export", "--format", "txt"]).stdout
    assert "[фрагмент" in shown and "вариант" not in shown  # pieces of a line are no variants of each other


@pytest.mark.usefixtures("ru_ui")
def test_items_19_20_show_says_what_was_lost_and_what_fragments_may_hold(seed_index) -> None:
    from click.testing import CliRunner

    from lawref.cli import cli

    base = ["--corpus", str(CORPUS), "--index", str(seed_index)]
    assert CliRunner().invoke(cli, [*base, "show", "62"]).stdout.rstrip().endswith(
        "[дальше текст утрачен: нет 62C, 62D]")
    assert "[начало текста утрачено: нет 68A]" in CliRunner().invoke(cli, [*base, "show", "68"]).stdout
    thirty = CliRunner().invoke(cli, [*base, "show", "30"])
    assert thirty.exit_code == 1 and "[только фрагменты, стр. 59 (между правилами 26 и 35)" in thirty.stdout
    commentary = CliRunner().invoke(cli, [*base, "show", "45.3"]).stdout
    assert "текст перед п. 45.4" in commentary and "может быть, его текст: фрагмент правила 45]" in commentary


@pytest.mark.parametrize(("name", "content", "reason"), [
    ("README.md", "Это описание проекта. Установите программу и запустите её командой.\n" * 5, "not law text"),
    ("poem.txt", "Мороз и солнце; день чудесный! Ещё ты дремлешь, друг прелестный.\n" * 5, "not law text"),
    ("tool.py", "print('Правило 62. Исправление')\n", "source code"),
    ("scan.png", "\x89PNG not really", "not text"),
    ("book.pdf", "%PDF-1.4", "PDF"),
])
def test_item_22_what_is_not_law_text_is_skipped_and_listed(tmp_path, name: str, content: str, reason: str) -> None:
    from lawref.corpus import build_corpus

    (tmp_path / "000.txt").write_text("Правило 62. Исправление\nA.Фальшренонс\nтекст.\n", encoding="utf-8")
    (tmp_path / name).write_text(content, encoding="utf-8")
    report = next(r for r in build_corpus(tmp_path, version="t").reports if r.file == name)
    assert report.status == "skipped" and reason in report.warnings[0]
    assert report.structure == []  # no structure warning names a node of a file the build did not keep


# ---------------------------------------------------------------- conservation (item 4)


@pytest.mark.parametrize("seed", sorted(p.name for p in CORPUS.glob("*.txt")))
def test_every_letter_of_every_seed_is_in_a_node_or_a_dropped_line(seed: str) -> None:
    from lawref.corpus import build_corpus

    corpus = build_corpus(CORPUS, version="t")
    report = next(r for r in corpus.reports if r.file == seed)
    assert report.status == "ok" and report.warnings == []  # the build's own check found nothing
    assert all({"line", "text", "step", "reason"} == set(d) for d in report.dropped)


def test_a_step_that_loses_a_word_silently_is_reported(monkeypatch: pytest.MonkeyPatch) -> None:
    from lawref.ingest import pages as PG

    real = PG.drop_pagers

    def careless(lines, ctx):  # type: ignore[no-untyped-def]
        return [ln for ln in real(lines, ctx) if "сыграна" not in ln.text]  # drops a line, records nothing

    monkeypatch.setattr(PG, "drop_pagers", careless)
    from lawref.ingest import clean as C

    monkeypatch.setitem(C.STEPS, "drop_pagers", careless)
    loaded = load("Правило 47. Отмена\nA.Текст\nкарта\nсыграна\nв эту взятку.\n".encode(), "f.txt")
    cleaned = clean(loaded.text)
    nodes = parse(cleaned.paragraphs, doc="d", doc_kind="laws", file="f.txt").nodes
    found = balance(loaded.text, nodes, cleaned.report)
    assert found and found.missing == "сыграна" and "сыграна" in found.message()


SOUP = st.lists(st.sampled_from([
    "Правило 62. Исправление", "A.Фальшренонс", "B. Право", "1.Подпункт", "(A).Пункт", "- 89 -", "Стр. 90", "[91]",
    "92", "- 2 карты", "текст", "Текст.", "прави-", "лом", "?AK", "????", "??????????????", "¶", "(*) - сноска",
    "ТОП авторов и книг", "1 2 3 4 5 6 7 8 9 10 11", "1 2 3 ... 46", "Все о Бридже", "45.4. Коммент",
    "случайно", "\n", "\n\n", " ", "-----", "А Б В Г Д Е Ж З И К Л М AZ", "(DC4)", "61-", "64", "<p>", "</p>",
]), max_size=40)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(SOUP, st.sampled_from(["laws", "commentary"]))
def test_conservation_holds_on_any_mix_of_artifacts(parts: list[str], kind: str) -> None:
    text = "\n".join(parts)
    loaded = load(text.encode("utf-8"), "f.txt")
    cleaned = clean(loaded.text, loaded.line_numbers)
    nodes = parse(cleaned.paragraphs, doc="d", doc_kind=kind, file="f.txt").nodes
    found = balance(loaded.text, nodes, cleaned.report)
    assert not found, found.message()


# ---------------------------------------------------------------- footnotes printed over several lines

FOOTNOTED = ["Правило 30. Пас вне очереди", "A.Когда вне очереди открывает торговлю",
             "Когда игрок пасует вне очереди до того, как", "любой игрок сделал заявку, его очередь пропу-",
             "скается(*), и наказания нет.", "(*) - Если заявка была повторена, но с суще-",
             "ственно иным значением, то её надлежит счи-", "тать другой заявкой.", "B.Когда торговля уже открыта",
             "Когда игрок пасует вне очереди после того,", "как кто-то сделал заявку, пас отменяется."]
FOOTNOTED_NODES = [
    ("30", "Пас вне очереди", ""),
    ("30A", "Когда вне очереди открывает торговлю",
     "Когда игрок пасует вне очереди до того, как любой игрок сделал заявку, его очередь пропускается(*), и "
     "наказания нет."),
    (None, None, "Если заявка была повторена, но с существенно иным значением, то её надлежит считать другой "
                 "заявкой."),
    ("30B", "Когда торговля уже открыта", "Когда игрок пасует вне очереди после того, как кто-то сделал заявку, "
                                          "пас отменяется.")]


@pytest.mark.parametrize(("name", "page"), [
    ("f.txt", "\n".join(FOOTNOTED)),
    ("f.txt", "\n\n".join(FOOTNOTED)),  # a blank line after every printed line
    ("p.html", "<html><body>" + "".join(f"<p>{line}</p>\n" for line in FOOTNOTED) + "</body></html>"),
    ("p.html", "<html><body><p>" + "<br>\n".join(FOOTNOTED) + "</p></body></html>"),
    ("p.html", "<html><body><pre>" + "\n".join(FOOTNOTED) + "</pre></body></html>"),
])
def test_a_footnote_over_several_printed_lines_stays_whole_in_every_layout(name: str, page: str) -> None:
    nodes = nodes_of(page, name=name)
    assert texts(nodes) == FOOTNOTED_NODES
    assert nodes[2].kind == "footnote" and nodes[2].parent == nodes[1].id


def test_text_after_a_footnote_at_a_page_s_foot_goes_on_the_text_it_interrupted() -> None:
    lines = ["- 89 -", "Правило 30. Пас вне очереди", "A.Когда вне очереди открывает торговлю",
             "Когда игрок пасует вне очереди до того, как", "любой игрок сделал заявку(*), его очередь",
             "(*) - Если заявка была повторена.", "- 90 -", "пропускается, и наказания нет."]
    for page in ("\n".join(lines), "\n\n".join(lines)):
        got = texts(nodes_of(page))
        assert got[1][2].endswith("заявку(*), его очередь пропускается, и наказания нет.")
        assert got[2] == (None, None, "Если заявка была повторена.")


def test_a_lower_case_line_either_text_could_take_goes_on_the_text_and_is_reported() -> None:
    lines = ["Правило 30. Пас вне очереди", "A.Когда вне очереди открывает торговлю",
             "Игрок пасует вне очереди, и его очередь(*)", "(*) - Если заявка была повторена с иным",
             "пропускается без наказания."]
    loaded = load("\n\n".join(lines).encode(), "f.txt")
    cleaned = clean(loaded.text, loaded.line_numbers)
    assert any("a lower-case paragraph after a footnote could end the footnote" in n for n in cleaned.report.notes)
    assert [p.text for p in cleaned.paragraphs][-2:] == [
        "Игрок пасует вне очереди, и его очередь(*) пропускается без наказания.",
        "(*) - Если заявка была повторена с иным"]


#: The English column a federation's page prints after the Russian text (our own words, over 300 letters).
ENGLISH_COLUMN = ("CHAPTER IX. MISTAKES AT THE TABLE\n\nLAW 90 - PUTTING A MISTAKE RIGHT\n\nA. Who Puts It Right\n\n"
                  "A player who notices his own mistake at the table puts it right before the next trick is turned, "
                  "and tells the other players what he has done.\n\nB. How It Is Put Right\n\n"
                  "The card played by mistake goes back to the hand it came from and another card of the same suit "
                  "is played in its place, unless the director rules otherwise for the whole table.\n")

COLUMN_PARTS = st.builds(  # plain text pages (a page's markup would close before the column)
    Layout,
    width=st.sampled_from([None, 40, 60, 80]),
    hyphenate=st.booleans(),
    spaced=st.booleans(),
    markers=st.sampled_from([None, "- {n} -", "Стр. {n}"]),
    running_head=st.sampled_from([None, "Все о Бридже"]),
    crlf=st.booleans(),
)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(["62", "65", "72", "own"]), COLUMN_PARTS, st.booleans())
def test_an_english_column_before_or_after_the_russian_text_leaves_the_russian_tree_as_it_is(
        which: str, layout: Layout, first: bool) -> None:
    tree = OWN_TREES[0] if which == "own" else seed_trees()[["62", "65", "72"].index(which)]
    russian = render(tree, layout)
    column = ENGLISH_COLUMN.replace("\n", "\r\n") if layout.crlf else ENGLISH_COLUMN
    gap = "\r\n\r\n" if layout.crlf else "\n\n"
    raw = column + gap + russian if first else russian + gap + column
    assert shape(parse_layout(raw, layout)) == expected(tree)
