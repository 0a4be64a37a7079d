"""A verb asked in one aspect finds the text in the other (lawref.lang.aspect).

69A says «не возражает» (000:107): a director asks «может ли он возразить»;
68 says «показывает свои карты» (000:70): he asks whether declarer «показал
карты». pymorphy3 gives the two aspects different lemmas; the pairs are
derived by rule and checked against its dictionary.
"""

from __future__ import annotations

import pytest

from lawref.forms import forms_table
from lawref.lang.aspect import partner, unreflexive
from lawref.library import Library
from lawref.model import Node, Source


@pytest.mark.parametrize(("word", "pair"), [
    ("возразить", "возражать"), ("возражает", "возразить"),  # -зить / -жать
    ("ответил", "отвечать"), ("предупредить", "предупреждать"), ("сократить", "сокращать"),
    ("исправить", "исправлять"), ("исправляет", "исправить"),  # a labial takes л
    ("заменить", "заменять"), ("решить", "решать"),
    ("показал", "показывать"), ("спросить", "спрашивать"), ("спрашивает", "спросить"),  # о → а
    ("рассмотреть", "рассматривать"), ("сдал", "сдавать"), ("сдавать", "сдать"), ("вставать", "встать"),
    ("выбрать", "выбирать"), ("открыл", "открывать"), ("достигнуть", "достигать"),
    ("наложить", "накладывать"), ("заметить", "замечать"),  # not «заметать», «замещать»
    ("согласился", "соглашаться"), ("соглашается", "согласиться"),  # reflexive, by its stem
    ("предостерёг", "предостерегать"), ("предостерегает", "предостеречь"),  # -чь / -гать
    ("помочь", "помогать"), ("отвлекать", "отвлечь"),  # -чь / -кать
    ("началась", "начинаться"), ("начинается", "начаться"), ("начинать", "начать"),  # not «начинить»
    ("понять", "понимать"), ("принимает", "принять"), ("снять", "снимать"),  # -нять / -нимать
])
def test_a_verb_has_its_aspect_partner(word: str, pair: str) -> None:
    assert partner(word) == pair


@pytest.mark.parametrize("word", [
    "сыграл",  # a prefix pair (играть): not derived
    "считать",  # count (impf) and read off (perf): no one partner
    "перехаживать",  # take a card back: «переходить» is read in both aspects (cross, pass over): no partner
    "стоять",  # «стоить» is no perfective of it
    "искать", "толкать",  # no «ичь», «толчь» of them
    "взятка", "правило", "после",  # no verb
])
def test_no_partner_is_made_up(word: str) -> None:
    assert partner(word) is None


def _node(text: str) -> Node:
    return Node(id="laws/1", doc="laws", kind="law", cite="1", label=None, title=None, text=text, parent=None,
                page=None, source=Source(file="x.txt", line=1))


def test_a_partner_form_is_read_as_the_corpus_verb_and_a_corpus_form_keeps_its_reading_first() -> None:
    # only the other aspect has it: read as the corpus verb, then as its own lemma (unindexed: a synonym's said
    # lemma matches it)
    assert forms_table([_node("Он не возражает.")])["возразил"] == ["возражать", "возразить"]
    both = forms_table([_node("Он не возражает. Она возразила бы.")])
    assert both["возразил"] == ["возразить"]  # a form of a corpus lexeme keeps that reading alone


def test_a_verb_both_in_the_corpus_with_its_action_noun_reads_the_noun_second() -> None:
    # 62A «должен быть исправлен», 62B «Исправление фальшренонса»: «исправить ренонс» finds both; a noun keeps its
    # own reading (the Laws' «назначение» is a bid, «назначить» to assign a score: no noun reads the verb)
    table = forms_table([_node("Фальшренонс должен быть исправлен. Исправление фальшренонса.")])
    assert table["исправить"] == ["исправить", "~исправление"]  # asked only: the text's «исправить» is no hit of it
    assert table["исправление"] == ["исправление"]


@pytest.mark.parametrize(("query", "first"), [
    ("до какого момента можно возразить против претензии", {"laws/69A"}),  # 69A: «не возражает»
    ("показал свои карты", {"laws/fragment@000_392cb21f471fdf05:70"}),  # 68: «показывает свои карты»
    ("защитник возразил", {"laws/69A"}),  # 69A: «не возражает» (each row fails with no aspect pairs)
    ("предостерёг", {"laws/fragment@001_6601c729f2304426:19"}),  # 43B: «Предостерегает разыгрывающего»
    ("торговля уже началась", {"laws/17A"}),  # 17A: «Период торговли … начинается»
    ("как исправить ренонс", {"laws/62B"}),  # 62B «Исправление фальшренонса» (62A «должен быть исправлен» second)
])
def test_a_question_in_the_other_aspect_finds_the_text(seed_library: Library, query: str, first: set[str]) -> None:
    hits = seed_library.search(query, limit=5)
    assert hits and hits[0].id in first, [h.id for h in hits]


@pytest.mark.parametrize(("word", "verb"), [
    ("кладётся", "класть"), ("аннулируются", "аннулировать"), ("оспаривается", "оспаривать"),  # 65B1, 35, 68D
    ("начинается", "начинать"),
    ("кладёт", None), ("касалась", None),  # no «-ся»; «касать» is no verb
])
def test_a_reflexive_verb_has_the_verb_it_is_made_from(word: str, verb: str | None) -> None:
    assert unreflexive(word.replace("ё", "е")) == verb


def test_an_active_verb_asks_for_the_reflexive_the_text_words_a_rule_in() -> None:
    # 65B1 «карта кладётся так, чтобы…»; a director asks «кладёт вертикально»
    table = forms_table([_node("Карта кладётся так. Игрок кладёт карту.")])
    assert table["кладет"] == ["класть", "~класться"]
    assert table["кладется"] == ["класться"]  # the text's reflexive keeps its own reading
