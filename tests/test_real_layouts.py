"""Layouts of other sites' copies, in our own words (issue 23, items 2–7).

Each table holds inputs written in the layouts real pages showed — a title
run into its body, headings glued together, items in lower case, contents
lists, subject indexes, site chrome, running heads, pagers — and what the
tree must be. Every input also keeps every letter (the conservation check
runs on each) and gives no structure warning unless the table says so.
"""

from __future__ import annotations

import pytest

from lawref.conserve import balance
from lawref.ingest.clean import clean
from lawref.ingest.load import load
from lawref.parse import parse, title_end
from lawref.treecheck import check_tree


def build(text: str | bytes, *, kind: str = "laws", name: str = "f.txt") -> tuple[list, list, object]:
    """``(nodes, findings, cleaned)`` of one raw file, the letters checked."""
    loaded = load(text.encode("utf-8") if isinstance(text, str) else text, name)
    cleaned = clean(loaded.text, loaded.line_numbers)
    nodes = list(parse(cleaned.paragraphs, doc="d", doc_kind=kind, file=name).nodes)
    assert not balance(loaded.text, nodes, cleaned.report)
    return nodes, check_tree(nodes, cleaned.report.dropped), cleaned


def tree(text: str | bytes, **kw: str) -> list[tuple[str | None, str | None, str]]:
    nodes, findings, _ = build(text, **kw)
    assert not findings, findings
    return [(n.cite or n.kind, n.title, n.text) for n in nodes]


# ---------------------------------------------------------------- item 5: headings in layouts the seeds don't show

@pytest.mark.parametrize(("title", "end"), [
    ("ПРАВА СУДЬИ Судья вправе назначить компенсацию, если правила её не дают.", "ПРАВА СУДЬИ"),
    ("Право назначить компенсацию Судья может назначить её по своей инициативе.", "Право назначить компенсацию"),
    ("Право назначить компенсацию. Судья может назначить её по своей инициативе.", "Право назначить компенсацию."),
    ("Положение коробкиКоробка лежит в центре стола до конца сдачи.", "Положение коробки"),
    ("Порядок Каждый игрок кладёт свои карты рядом перед собой.", "Порядок"),
    ("Отказ от наказаний В турнирах игрок не может отказаться от наказания.", "Отказ от наказаний"),
    # a title's own capitalised word is no body: too short, no sentence, or a genitive after one word
    ("Обязанность вызвать Судью", None),
    ("Ход партнёра Болвана в его руку", None),
    ("Ход Болвана после окончания торговли и выхода", None),
    ("ЗАЯВКА В ТОРГОВЛЕ ПОСЛЕ ПАСА ПАРТНЁРА", None),
    ("Заявки вне очереди", None),
])
def test_where_a_title_run_into_its_body_ends(title: str, end: str | None) -> None:
    k = title_end(title)
    assert (title[:k].rstrip() if k is not None else None) == end


def test_headings_glued_together_are_split_at_the_case_change_and_the_label() -> None:
    got = tree("ПРАВИЛО 7. КОНТРОЛЬ КОРОБКИA. Положение коробкиКоробка стоит посреди стола, пока идёт сдача."
               "B. Карты в кармане1. Перед игройИгрок достаёт свои карты из кармана, что смотрит на него.\n")
    assert got == [
        ("7", "КОНТРОЛЬ КОРОБКИ", ""),
        ("7A", "Положение коробки", "Коробка стоит посреди стола, пока идёт сдача."),
        ("7B", "Карты в кармане", ""),
        ("7B1", "Перед игрой", "Игрок достаёт свои карты из кармана, что смотрит на него."),
    ]


@pytest.mark.parametrize("sep", ["\n", "\n\n"])
def test_a_law_heading_and_a_section_title_run_into_their_first_sentence(sep: str) -> None:
    got = tree(f"ПРАВИЛО 12. ПРАВА СУДЬИ Судья вправе назначить компенсацию, если правила её не дают.{sep}"
               f"A. Право назначить компенсацию Судья может назначить её сам, без просьбы игроков.{sep}")
    assert got == [("12", "ПРАВА СУДЬИ", "Судья вправе назначить компенсацию, если правила её не дают."),
                   ("12A", "Право назначить компенсацию", "Судья может назначить её сам, без просьбы игроков.")]


@pytest.mark.parametrize("sep", ["\n", "\n\n"])
def test_numbered_items_in_lower_case_after_a_lead_in(sep: str) -> None:
    got = tree(f"ПРАВИЛО 64. ПОСЛЕ УСТАНОВЛЕНИЯ РЕНОНСА{sep}A. Передача взяток{sep}Когда ренонс установлен:{sep}"
               f"1. и взятку с ренонсом взял нарушитель, ему передаётся одна взятка;{sep}"
               f"2. и взятку взял его партнёр, передаётся одна взятка.{sep}")
    assert got == [("64", "ПОСЛЕ УСТАНОВЛЕНИЯ РЕНОНСА", ""), ("64A", "Передача взяток", "Когда ренонс установлен:"),
                   ("64A1", None, "и взятку с ренонсом взял нарушитель, ему передаётся одна взятка;"),
                   ("64A2", None, "и взятку взял его партнёр, передаётся одна взятка.")]


def test_a_number_in_lower_case_with_no_lead_in_stays_text() -> None:
    got = tree("ПРАВИЛО 64. ПОСЛЕ УСТАНОВЛЕНИЯ РЕНОНСА\n\nA. Передача взяток\n\nВзятки передаются так.\n\n"
               "2. и далее по тексту без вводной строки.\n")
    assert [c for c, _, _ in got] == ["64", "64A"]
