"""A page the scrape printed twice (as 000 prints lines 3–141 again at 143–281), one of its two
printings damaged: a byte the decoder could not read (U+FFFD). The copy is still found whole and
dropped, and a damaged first printing — the text kept — is mended from the intact second, the mend
noted and its letters counted as put back. Before, the damage split the copy in two: the intact words
between went to the dropped list as «repeats earlier text», the damaged ones stayed in the law text,
and a damaged first or last word of the second printing was left glued to the text before it.

The page is our own words, wrapped as 000 is (a pager line between the printings)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lawref.conserve import balance
from lawref.ingest.clean import clean
from lawref.ingest.load import load
from lawref.parse import parse

PAGE = """\
Правило 90. Проверка карт перед розыгрышем
A. Пересчёт
Перед первым ходом каждый игрок пересчитывает
свои карты рубашкой вверх и убеждается, что их
ровно тринадцать; о недостаче он сообщает судье
сразу, не открывая карт ни партнёру, ни противникам.
B. Недостача, найденная позже
Если недостача найдена после первого хода, судья
восстанавливает сдачу по записям обеих линий и
решает, как продолжить игру, учитывая интересы
обеих сторон и то, что уже было сыграно за столом.
"""
PAGER = "1 2 3 4 5 6 7 8 9 10 11 12 13 14 15\n"
FIRST, SECOND = 0, 1


def printed(damage: list[tuple[int, str, int]] = ()) -> bytes:
    """The page twice with a pager between, as UTF-8 bytes; each ``(printing, word, letter)`` of
    ``damage`` puts one 0xFF byte in place of that letter of the word's first occurrence in that printing."""
    copies = [list(PAGE), list(PAGE)]
    for which, word, letter in damage:
        copies[which][PAGE.index(word) + letter] = "\x00"
    return ("".join(copies[FIRST]) + PAGER + "".join(copies[SECOND])).encode().replace(b"\x00", b"\xff")


def read(data: bytes) -> tuple[list[str], list[str], object]:
    """The paragraphs' texts, the notes and whether the file balances (an empty :class:`Balance`)."""
    loaded = load(data, "page.txt")
    cleaned = clean(loaded.text, loaded.line_numbers)
    nodes = parse(cleaned.paragraphs, doc="laws", doc_kind="laws", file="page.txt").nodes
    return [p.text for p in cleaned.paragraphs], list(cleaned.report.notes), balance(loaded.text, nodes, cleaned.report)


INTACT = read(printed())[0]

# (which printing, the damaged letters (word, letter number), a note must name this mend or None)
CASES = [
    (FIRST, [("пересчитывает", 3)], "«пер\ufffdсчитывает» mended to «пересчитывает»"),
    (FIRST, [("тринадцать", 0)], "«\ufffdринадцать;» mended to «тринадцать;»"),  # a word's first letter
    (FIRST, [("рубашкой", 2), ("недостаче", 4)], "mended to «недостаче»"),  # two lines, one gap
    (FIRST, [("восстанавливает", 5), ("восстанавливает", 9)], "mended to «восстанавливает»"),  # two in a word
    (SECOND, [("пересчитывает", 3)], None),
    (SECOND, [("рубашкой", 2), ("недостаче", 4)], None),
    (SECOND, [("учитывая", 0)], None),
    (FIRST, [("Правило", 0)], "«\ufffdравило» mended to «Правило»"),  # the first word of a printing
    (FIRST, [("столом", 2)], "«ст\ufffdлом.» mended to «столом.»"),  # its last
    (SECOND, [("Правило", 0)], None),
    (SECOND, [("столом", 2)], None),
]


@pytest.mark.parametrize(("which", "damage", "note"), CASES)
def test_a_damaged_printing_of_a_repeated_page_leaves_the_intact_text_once(which, damage, note) -> None:
    texts, notes, unbalanced = read(printed([(which, word, k) for word, k in damage]))
    assert texts == INTACT
    assert not any("\ufffd" in t for t in texts)
    assert not unbalanced, unbalanced.message()
    mends = [n for n in notes if "mended" in n]
    if note is None:
        assert mends == []
    else:
        assert any(note in n for n in mends), mends
        assert all("from the same text repeated on line" in n for n in mends)


def test_a_copy_that_differs_by_more_than_lost_characters_is_not_mended() -> None:
    # the second printing has another word where the first has a damaged one: nothing is taken from it
    first = PAGE.encode().replace("пересчитывает".encode(), "пер".encode() + b"\xff" + "считывает".encode())
    second = PAGE.encode().replace("пересчитывает".encode(), "перекладывает".encode())
    texts, notes, unbalanced = read(first + PAGER.encode() + second)
    assert not [n for n in notes if "mended" in n]
    assert any("пер\ufffdсчитывает" in t for t in texts)
    assert not any("перекладывает" in t for t in texts[:4])
    assert not unbalanced


def test_a_lost_character_never_stands_for_a_whole_word() -> None:
    from lawref.ingest.pages import _damaged_matches

    assert _damaged_matches("к\ufffdалифицируется", "квалифицируется")
    assert _damaged_matches("кв\ufffdалифицируется", "квалифицируется")  # an extra byte: stands for nothing
    assert not _damaged_matches("карты \ufffd как", "карты квалифицируется как")
    assert not _damaged_matches("к\ufffdлифицируется", "квалифицируется")  # two letters for one U+FFFD
    assert not _damaged_matches("к\ufffdалифицируется", "к\ufffdалифицируется")  # both damaged: nothing to mend from


WORDS = [w.strip(".,;") for w in PAGE.split() if len(w.strip(".,;")) > 3 and w.strip(".,;").isalpha()]
@settings(max_examples=60, deadline=None)
@given(st.sampled_from([FIRST, SECOND]), st.lists(st.sampled_from(WORDS), min_size=1, max_size=3, unique=True),
       st.data())
def test_any_damaged_letters_in_either_printing_read_as_the_intact_page(which, words, data) -> None:
    damage = [(which, w, data.draw(st.integers(0, len(w) - 1))) for w in words]
    texts, _, unbalanced = read(printed(damage))
    assert texts == INTACT
    assert not unbalanced
