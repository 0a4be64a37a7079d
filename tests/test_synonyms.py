"""Synonyms a director uses (issue 27, item 3): each row of
``lawref/data/synonyms.tsv`` is checked against the seeds it cites, and
each query below — a director's word for the text's — is judged from the
seeds (000: Laws 61–62; 001: 44–47; 003: 17–36)."""

from __future__ import annotations

import pytest
from seeds import seed_lines

from lawref import patterns as P
from lawref.lang import glossary, morph
from lawref.library import Library


def _seed_line(source: str) -> str:
    stem, line = source.split(":")
    return seed_lines(stem)[int(line) - 1]


@pytest.mark.parametrize("row", glossary.synonyms(), ids=lambda r: r.said)
def test_each_row_is_said_as_its_lemmas_and_its_source_uses_the_text_word(row: glossary.Synonym) -> None:
    words = [m.group() for m in P.INDEX_WORD.finditer(row.said)]  # as a query is read: «пенальти-карта» is one
    assert len(words) == len(row.lemmas)
    if row.lang == "ru":
        assert all(lemma in morph.lemmas(w) for w, lemma in zip(words, row.lemmas, strict=True))
        stems = {m.strip('"').split()[0].lower()[:5] for m in row.means}  # a "phrase" means the text's words too
        assert any(stem in _seed_line(row.source).lower() for stem in stems), row.source
    assert row.reason and all(m and m != row.said for m in row.means)


def test_no_two_rows_are_said_alike() -> None:
    said = [r.lemmas for r in glossary.synonyms()]
    assert len(said) == len(set(said))


@pytest.mark.parametrize(("query", "first", "typed"), [
    ("штраф за ход вне очереди", {"laws/fragment@003_d6d1da8d5423a94e:87", "commentary/47.3"}, "штраф"),
    ("что делать если игрок не дал в масть", {"laws/62A", "laws/62B", "laws/61A"}, "не дал в масть"),
    ("игрок передумал", {"laws/21B1", "laws/21B2"}, "передумал"),
    # 21B, or its 21B1: the change of a call made on misinformation
    ("объяснил неправильно", {"laws/21B", "laws/21B1"}, "объяснил неправильно"),
    ("неправильное объяснение", {"laws/21B", "laws/21B1"}, "неправильное объяснение"),
    ("поменять заявку", {"laws/fragment@003_d6d1da8d5423a94e:61", "laws/21B1"}, "поменять заявку"),
    ("оштрафовать", {"laws/47A", "laws/72A3"}, "оштрафовать"),
    ("шпаргалка", {"laws/footnote@001_6601c729f2304426:9"}, "шпаргалка"),  # «помощь своей памяти» (40E2)
    ("разыгрывающий вскрылся", {"laws/fragment@000_392cb21f471fdf05:70"}, "вскрылся"),  # 68A: a claim
    ("ревок", {"laws/62A", "laws/62B", "laws/61A"}, "ревок"),  # "revoke" in Cyrillic letters
    ("снос", {"laws/44D"}, "снос"),  # a discard: «не в состоянии дать в масть»
    ("отвечать в масть", {"laws/44C", "laws/44D"}, "отвечать в масть"),  # said «ответить»: its aspect partner
    ("пенальти-карта", {"laws/fragment@001_6601c729f2304426:73"}, "пенальти-карта"),  # one hyphenated word
    ("мисинфо", {"laws/21B1", "laws/21B"}, "мисинфо"),
    ("вынужденный пас", {"laws/fragment@003_d6d1da8d5423a94e:109"}, "вынужденный пас"),  # «должен пасовать»
    ("ренонснул", {"laws/62A", "laws/62B", "laws/61A"}, "ренонснул"),  # a revoke made a verb
    ("ограничения дамми", {"laws/43", "laws/fragment@001_6601c729f2304426:13"}, "дамми"),  # Dummy's Limitations
    ("можно ли держать перед собой памятку", {"laws/footnote@001_6601c729f2304426:9"}, "памятку"),
    # a verb and its noun with no suffix between them (замена, выбор, отмена): rows, as no rule derives them
    ("отменить сыгранную карту", {"laws/47"}, "отменить"),  # Law 47 «Отмена сыгранной карты»
    ("замена карты болвана", {"commentary/45.6"}, "замена"),  # 45.6 «можно потребовать замену», 47.2 «заменить»
    # a row whose means is a "phrase": its function words carry it (45.6 «не той картой», 45.5 «не ту карту»)
    ("не ту карту", {"commentary/45.6", "commentary/45.5"}, "не ту карту"),
])
def test_a_directors_word_finds_the_texts(seed_library: Library, query: str, first: set[str], typed: str) -> None:
    answer = seed_library.answer(query, limit=5)
    assert answer.hits and answer.hits[0].id in first, [h.id for h in answer.hits]
    assert typed in dict(answer.synonyms)
    assert not set(answer.unknown) & set(typed.split())  # a word a synonym covers is not «in no node»


@pytest.mark.parametrize(("query", "alts"), [
    ('"ход вне очереди" штраф', ['"ход вне очереди" штраф', '"ход вне очереди" наказание']),  # around a phrase
    ('"штраф" за ход', ['"штраф" за ход']),  # a phrase itself is left as it is
    ('левый "и" противник', ['левый "и" противник', 'левый "и" оппонент']),  # «левый противник» (→ LHO)
    # never spans a phrase; «противник» alone is outside it
])
def test_a_phrase_keeps_its_words_and_the_words_around_it_take_synonyms(query: str, alts: list[str]) -> None:
    assert glossary.alternatives(query, lambda w: {w})[0] == alts


def test_a_query_without_synonyms_is_searched_as_it_is() -> None:
    assert glossary.alternatives("фальшренонс болвана", lambda w: {w}) == (["фальшренонс болвана"], [])
    alts, used = glossary.alternatives("штраф за пас", lambda w: {w})
    assert alts == ["штраф за пас", "наказание за пас"] and used[0].typed == "штраф"


def test_a_field_that_opens_with_a_quote_is_read_as_written() -> None:
    # the data files are read with no CSV quoting: a reason opening «"adjusted score": …» was cut to «adjusted score: …»
    # and a "phrase" means lost its quotes
    rows = {r.said: r for r in glossary.synonyms()}
    assert rows["скорректированный результат"].reason.startswith('"adjusted score":')
    assert rows["не ту карту"].means == ('"не той картой"',)


@pytest.mark.parametrize(("query", "typed"), [
    ("кто-то в торговле объявил 8 пик, никто не заметил", "8 пик"),  # 35C «назначение выше семи»
    ("ставка 9 бк что делать", "9 бк"),
    ("заявил восемь червей", "восемь червей"),
    ("opponent bid 8 hearts", "8 hearts"),
    ("8♠ in the auction", "8♠"),
])
def test_a_bid_above_seven_finds_35c(seed_library: Library, query: str, typed: str) -> None:
    answer = seed_library.answer(query, limit=5)
    assert "laws/35C" in [h.id for h in answer.hits[:2]], [h.id for h in answer.hits]
    means = glossary.BID_ABOVE_SEVEN_EN if query.isascii() or "♠" in query else glossary.BID_ABOVE_SEVEN
    assert dict(answer.synonyms)[typed] == (means,)


@pytest.mark.parametrize("query", ["у него 8 карт", "7 пик", "правило 8", "1.8 пик", '"8 пик"'])
def test_no_bid_above_seven_is_read_where_there_is_none(query: str) -> None:
    assert glossary.alternatives(query, lambda w: {w}) == ([query], [])


@pytest.mark.parametrize("word", ["никто", "ничего", "кто-то", "что-нибудь", "просто", "теперь"])
def test_a_spoken_questions_padding_is_no_word_to_search(seed_library: Library, word: str) -> None:
    answer = seed_library.answer(f"{word} не дал в масть", limit=5)
    assert word not in answer.unknown and word not in answer.dropped


@pytest.mark.parametrize(("query", "first", "typed"), [
    ("пас вне очереди когда никто ещё не открылся", {"laws/fragment@003_d6d1da8d5423a94e:83"}, "никто ещё не открылся"),
    ("я сказал пас когда никто ещё ничего не назначил", {"laws/fragment@003_d6d1da8d5423a94e:83"}, "ничего не назначил"),
])
def test_a_filler_inside_a_directors_phrase_is_skipped(seed_library: Library, query: str, first: set[str],
                                                       typed: str) -> None:
    # «ещё», «уже», «ведь» … pad a spoken phrase: the synonym «никто не открылся» is found around them (30A)
    answer = seed_library.answer(query, limit=5)
    assert answer.hits and answer.hits[0].id in first, [h.id for h in answer.hits]
    assert typed in dict(answer.synonyms)


def test_a_possessive_a_synonym_is_not_said_with_is_skipped_and_one_said_with_it_kept() -> None:
    # «сам забыл свою систему» holds «забыл систему» (21A «непонимания»); «не в свою очередь» is said with «свою»
    known = {"забыл": {"забыть"}, "систему": {"система"}, "свою": {"свой"}}

    def lemmas(word: str) -> set[str]:
        return known.get(word.lower(), {word.lower()})

    _, used = glossary.alternatives("сам забыл свою систему", lemmas)
    assert [u.typed for u in used] == ["забыл свою систему"]
    _, used = glossary.alternatives("пас не в свою очередь", lemmas)
    assert [u.typed for u in used] == ["не в свою очередь"]  # once, though «не в очередь» matches it too
