"""An act named by its noun finds the verb the Laws use, and back (lawref.lang.nominal); counts in words.

17D and 35 say «аннулировать», «аннулируются» (003:25, 003:63): a director
asks about «аннулирование»; 62's heading is «Исправление фальшренонса»
(000:21), he types «исправить». pymorphy3 gives a verb and its noun
different lemmas; the pairs are derived by rule and checked against its
dictionary.
"""

from __future__ import annotations

import pytest

from lawref.forms import forms_table
from lawref.lang.nominal import counterparts
from lawref.library import Library
from lawref.model import Node, Source


@pytest.mark.parametrize(("word", "pair"), [
    ("аннулировать", ("аннулирование", "аннуляция")), ("аннулируются", ("аннулирование", "аннуляция")),  # both
    ("аннулирование", ("аннулировать",)), ("требовать", ("требование",)), ("признать", ("признание",)),  # -ание
    ("опоздал", ("опоздание",)), ("влиять", ("влияние",)),  # -ять → -яние
    ("нарушил", ("нарушение",)), ("нарушение", ("нарушить",)), ("изменить", ("изменение",)),  # -ить → -ение
    ("исправить", ("исправление",)), ("исправления", ("исправить",)),  # a labial takes л
    ("возразить", ("возражение",)), ("предупредить", ("предупреждение",)), ("сократить", ("сокращение",)),
    ("рассмотреть", ("рассмотрение",)), ("объявить", ("объявление",)), ("извиниться", ("извинение",)),  # by stem
    ("возражает", ("возражение",)),  # an imperfective with no noun of its own: its partner's (возразить)
    ("реконструировать", ("реконструкция",)), ("реконструкцию", ("реконструировать",)),  # loanwords: -кция
    ("дисквалифицировать", ("дисквалификация",)), ("апелляция", ("апеллировать",)),  # -фикация, -яция
    ("организовать", ("организация",)), ("компенсация", ("компенсировать",)),  # -овать → -ация
])
def test_a_verb_has_its_action_noun_and_back(word: str, pair: tuple[str, ...]) -> None:
    assert counterparts(word) == pair


@pytest.mark.parametrize("word", [
    "отменить", "заменить", "ответить",  # «отмена», «замена», «ответ»: not made by a suffix
    "взять", "сыграть",  # no noun of the rules that the dictionary knows
    "карта", "заявка", "передача", "штраф",  # a noun not in -ние
    "после", "неправильно",  # neither
])
def test_no_counterpart_is_made_up(word: str) -> None:
    assert counterparts(word) == ()


def _node(text: str) -> Node:
    return Node(id="laws/1", doc="laws", kind="law", cite="1", label=None, title=None, text=text, parent=None,
                page=None, source=Source(file="x.txt", line=1))


def test_a_noun_form_is_read_as_the_corpus_verb_and_a_corpus_form_keeps_its_reading() -> None:
    table = forms_table([_node("Сдача аннулируется.")])
    assert table["аннулирования"] == [table["аннулируется"][0], "аннулирование"]  # the corpus verb's, then its own
    both = forms_table([_node("Сдача аннулируется. Аннулирование сдачи.")])
    assert both["аннулирования"] == ["аннулирование"]  # a form of a corpus lexeme keeps that reading alone


@pytest.mark.parametrize(("query", "relevant"), [
    ("аннулирование", {"laws/17D", "laws/35C", "laws/35D", "laws/36"}),  # «аннулировать», «аннулируются»
    ("аннулирование сдачи", {"laws/17D"}),  # 17D: «судья может аннулировать сдачу»
    ("возражение", {"laws/68B", "laws/69A"}),  # «возражает»: the noun of its partner «возразить»
    ("реконструкцию", {"commentary/45.10"}),  # «реконструировать события»
])
def test_the_noun_of_an_act_finds_the_verb(seed_library: Library, query: str, relevant: set[str]) -> None:
    hits = seed_library.search(query, limit=5)
    assert hits and hits[0].id in relevant, [h.id for h in hits]


def test_a_number_word_reads_also_as_the_digits_the_text_writes() -> None:
    table = forms_table([_node("После любой заявки последовало 3 паса.")])
    assert table["трех"] == ["3"] and table["три"] == ["3"]  # «после трёх пасов» finds «3 паса»
    assert "пяти" not in forms_table([_node("После любой заявки последовало 3 паса.")])  # no «5» in the text
    both = forms_table([_node("Три паса. Было 3 паса.")])
    assert both["три"][0] == "три" and both["три"][-1] == "3"  # a corpus word keeps its own readings first
