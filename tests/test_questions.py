"""Search what directors ask (issue 27): whole questions, relaxation that
keeps the word naming the subject, and corrections that never replace a
real word. Each row is a query as a director types it, judged from the
seeds (corpus/000: Law 62; 001: Law 44; 003: Law 21)."""

from __future__ import annotations

import pytest

from lawref.library import Library


@pytest.mark.parametrize(("query", "first", "dropped"), [
    # question and function words carry no weight
    ("что делать если игрок не дал в масть", {"laws/44D"}, ()),
    ("после фальшренонса", {"laws/62A", "laws/62B"}, ()),  # «после» is no subject: the revoke laws, not 35D
    # Law 25's «Изменить заявку» (a fragment: its number was lost, 003:61), then 21B1, 21B2
    ("можно ли изменить заявку", {"laws/fragment@003_d6d1da8d5423a94e:61", "laws/21B1", "laws/21B2"}, ()),
    ("what happens when a revoke is corrected", {"laws/62A", "laws/62B"}, ("corrected",)),
    # an English query is relaxed as a Russian one is
    ("revoke corrected", {"laws/62A", "laws/62B"}, ("corrected",)),
])
def test_a_question_finds_its_subject(seed_library: Library, query: str, first: set[str],
                                      dropped: tuple[str, ...]) -> None:
    answer = seed_library.answer(query, limit=5)
    assert answer.hits and answer.hits[0].id in first, [h.id for h in answer.hits]
    assert answer.dropped == dropped


@pytest.mark.parametrize("query", [
    "игрок фальшренонс болван", "заявка ход вне очереди зрители", "масть карта взятка ренонс",
    "недостаточное назначение", "тасовка и раздача карт", "претензия болван уступка исправление",
])
def test_relaxation_never_leaves_out_the_rarest_word(seed_library: Library, query: str) -> None:
    searcher = seed_library.searcher()
    answer = seed_library.answer(query, limit=5)
    held = {w: n for w in searcher.words(query) if (n := searcher.frequency(w))}
    if not answer.relaxed:
        return
    rarest = min(held, key=lambda w: (held[w], searcher.words(query).index(w)))
    assert rarest not in answer.dropped  # the word that names the subject stays
    unheld = [w for w in searcher.words(query) if w not in held]
    assert set(unheld) <= set(answer.dropped) or not unheld  # a word no node holds goes first


@pytest.mark.parametrize(("query", "real"), [
    ("отказать", "отказать"),  # was searched as «наказать»
    ("закрытой карты", "закрытой"),  # was «забытой»
    ("контракт", "контракт"),  # was «контра», law 36
    ("передача", "передача"),  # was «передала»
])
def test_a_real_word_the_corpus_lacks_is_never_corrected(seed_library: Library, query: str, real: str) -> None:
    answer = seed_library.answer(query, limit=5)
    assert real not in answer.corrected and answer.unknown == (real,)
    assert any(real in note and "not taken for a typo" in note for note in answer.notes())


@pytest.mark.parametrize(("typo", "right"), [("фальшренос", "фальшренонс"), ("претензыя", "претензия")])
def test_a_typo_is_still_corrected(seed_library: Library, typo: str, right: str) -> None:
    answer = seed_library.answer(typo, limit=5)
    assert answer.corrected == {typo: right} and not answer.unknown
