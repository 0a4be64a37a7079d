"""Every English title searchable (issue 27, item 2): a node's title, a
law's or a section's, by Snowball stems; a title of a law the corpus lacks
answered as ``show`` answers it. Each row is judged from the catalogue
(``lawref/data/laws-1997.tsv``) and the seeds (000: 61–62, 68–69; 001: 43;
003: 17)."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import httpx
import pytest
from click.testing import CliRunner

from lawref import usecases
from lawref.cli import cli
from lawref.errors import EXIT_NOT_FOUND, EXIT_OK
from lawref.lang import glossary
from lawref.library import Library
from lawref.search import normalise_query
from lawref.serve import create_app

CORPUS = Path(__file__).resolve().parents[1] / "corpus"


@pytest.mark.parametrize(("word", "stem"), [
    ("claims", "claim"), ("claim", "claim"), ("established", "establish"), ("establishment", "establish"),
    ("dummy's", "dummi"), ("dummies", "dummi"), ("corrected", "correct"), ("boards", "board"),
])
def test_english_words_are_stemmed_by_snowball(word: str, stem: str) -> None:
    assert glossary.english_stem(word) == stem


@pytest.mark.parametrize(("form", "base"), [
    ("misunderstood", "misunderstanding"), ("made", "make"), ("led", "lead"), ("withdrawn", "withdraw"),
    ("dealt", "deal"), ("mistaken", "mistake"), ("took", "taking"), ("shown", "show"),
])
def test_an_irregular_past_form_stems_as_its_verb(form: str, base: str) -> None:
    assert glossary.english_stem(form) == glossary.english_stem(base)


@pytest.mark.parametrize(("british", "american"), [
    ("unauthorised", "unauthorized"), ("penalised", "penalized"), ("organisation", "organization"),
    ("recognising", "recognizing"), ("authorise", "authorize"),
])
def test_a_british_spelling_stems_as_the_american(british: str, american: str) -> None:
    assert glossary.english_stem(british) == glossary.english_stem(american)


def test_a_british_spelling_reaches_the_glossary() -> None:
    assert glossary.to_russian("unauthorised information") == glossary.to_russian("unauthorized information")


@pytest.mark.parametrize("word", ["left", "found", "felt", "saw"])  # other words too: kept as they are
def test_an_ambiguous_form_is_not_read_as_a_verb(word: str) -> None:
    assert word not in glossary.irregular_forms()
    assert glossary.english_stem(word) == word


def test_a_question_in_the_past_tense_reaches_its_section(seed_library: Library) -> None:
    # 21A (003:51): Call Based on Caller's Misunderstanding; «misunderstood» reaches «непонимание» as
    # «misunderstanding» does, where its Snowball stem alone («misunderstood») reached nothing
    answer = seed_library.answer("he bid 3NT because he misunderstood his own system: is he given any help?", limit=5)
    assert [h.id for h in answer.hits][:1] == ["laws/21A"], [h.id for h in answer.hits]


def test_a_possessive_is_folded_in_a_query() -> None:
    assert normalise_query("dummy's rights") == "dummy rights"  # no stray «s» to match S.O.
    assert normalise_query("players’ use") == "players use"


@pytest.mark.parametrize(("query", "first"), [
    ("cards taken from the wrong board", {"laws/17D"}),  # Cards from Wrong Board: a section's title
    ("clarification required for claims", {"laws/68C"}),  # Clarification Required for Claim
    ("correction of a revoke", {"laws/62"}),
    ("dummy's limitations", {"laws/43"}),
    ("revoke corrected", {"laws/62", "laws/62A"}),  # Revoke Must Be Corrected
    # another edition's title of the same rule (lawref/data/concordance.tsv: reworded), as a 2017 reader types it
    ("the auction period", {"laws/17"}),  # 2017 Law 17; 1997: Duration of the Auction
    ("inadmissible calls", {"laws/35"}),  # 2017 Law 35; 1997: Inadmissible Call Condoned
    ("call withdrawn, lead restrictions", {"laws/26"}),  # 2017 Law 26; 1997: … Lead Penalties
])
def test_an_english_title_finds_its_node(seed_library: Library, query: str, first: set[str]) -> None:
    answer = seed_library.answer(query, limit=5)
    assert answer.hits and answer.hits[0].id in first, [h.id for h in answer.hits]


@pytest.mark.parametrize(("query", "cite", "title", "outcome"), [
    ("insufficient bid", "27", "Insufficient Bid", usecases.Outcome.TITLE_ABSENT),
    # 17E holds «первый ход» and «вне очереди» both (003:29): found, and the absent law said beside it
    ("Opening Lead Out of Turn", "54", "Opening Lead Out of Turn", usecases.Outcome.FOUND),
    # 68D holds both («оспаривается», and «претензия» in its law's title, Claim or Concession): found, 70 said absent
    ("contested claim", "70", "Contested Claim or Concession", usecases.Outcome.FOUND),
    ("established revoke", "63", "Establishment of a Revoke", usecases.Outcome.FOUND),  # 64 and 62 are here
    # a Russian name of it through the glossary (the catalogue's Russian titles are the seeds' own)
    ("недостаточное назначение", "27", "Insufficient Bid", usecases.Outcome.TITLE_ABSENT),
    ("недостаточная заявка", "27", "Insufficient Bid", usecases.Outcome.TITLE_ABSENT),  # as directors say it
])
def test_a_title_the_corpus_lacks_is_said(seed_library: Library, seed_index: Path, query: str, cite: str,
                                          title: str, outcome: usecases.Outcome) -> None:
    found = usecases.search(seed_library, query, limit=5)
    assert (found.gone and found.gone[:2], found.by_title, found.outcome) == ((cite, title), True, outcome)
    result = CliRunner().invoke(cli, ["--corpus", str(CORPUS), "--index", str(seed_index), "search", query])
    assert result.exit_code == (EXIT_OK if outcome == usecases.Outcome.FOUND else EXIT_NOT_FOUND)
    assert f"Law {cite} — {title} — not in this corpus" in result.stderr
    assert "nothing found" not in result.stderr

    async def asked() -> httpx.Response:
        transport = httpx.ASGITransport(app=create_app(seed_library))
        async with httpx.AsyncClient(transport=transport, base_url="http://lawref.test") as c:
            return await c.get("/api/v1/search", params={"q": query})

    response = asyncio.run(asked())
    assert response.status_code == 200 and response.json()["absent"].items() >= {"cite": cite, "title_en": title}.items()


@pytest.mark.parametrize("query", ["revoke", "dummy", "фальшренонс", "62B", "insufficient"])
def test_a_word_or_a_cite_is_no_absent_title(seed_library: Library, query: str) -> None:
    assert not usecases.search(seed_library, query, limit=5).by_title  # one word names no title alone


def test_json_says_the_absent_title(seed_index: Path) -> None:
    result = CliRunner().invoke(cli, ["--corpus", str(CORPUS), "--index", str(seed_index), "search", "--json",
                                      "insufficient bid"])
    assert result.exit_code == EXIT_NOT_FOUND
    assert json.loads(result.stdout)["absent"] == {"cite": "27", "title_en": "Insufficient Bid",
                                                  "law_title_en": "Insufficient Bid"}


def test_other_editions_titles_are_kept_where_the_concordance_says_the_rule_is_the_same(
        seed_library: Library) -> None:
    titles = dict(seed_library.store.other_titles())
    assert titles["laws/17"] == "The Auction Period" and titles["laws/21"] == "Misinformation"
    assert "laws/68D" not in titles  # 1997 68D → 2017: «unknown» in the concordance, so no title is borrowed
    own = {i: t for i, t in seed_library.store.law_titles()}
    assert all(own.get(i) != t for i, t in titles.items())  # only titles that differ from the node's own


@pytest.mark.parametrize(("query", "first"), [
    ("bid after final pass", "laws/35D"),  # bid → call (synonyms) → «Заявка после финального паса», a phrase of its own
    ("what if five cards are played to a trick", "commentary/45.7"),  # five → 5: «сыграно 5 карт» (004:45.7)
    # a ruling's verbs, any form by stem: object → возражать, accepting → принятие (69A «не возражает», 000:83)
    ("how long can a player object after accepting a claim", "laws/69A"),
])
def test_an_english_question_is_translated_whole(seed_library: Library, query: str, first: str) -> None:
    hits = [h.id for h in seed_library.answer(query, limit=5).hits]
    assert first in hits[:3], hits


def test_a_title_the_corpus_lacks_answers_first_as_its_cite_does(seed_library: Library) -> None:
    # «claim defined» is 68A, which the corpus lacks: its law's fragment (000:70, «… когда он показывает свои
    # карты») comes first, as `search 68A` puts it, then the words' hits
    found = usecases.search(seed_library, "claim defined", limit=5)
    by_cite = [h.id for h in seed_library.answer("68A", limit=5).hits]
    assert found.gone == ("68A", "Claim Defined", "Claim or Concession of Tricks") and [h.id for h in found.answer.hits][:2] == by_cite[:2]
    assert by_cite[0] == "laws/fragment@000_392cb21f471fdf05:70"


@pytest.mark.parametrize(("query", "gone", "first"), [
    # 45C5's title, held whole by Law 50's text (001:73, a fragment): the words answer it, not 45C5's cite
    ("penalty card", "45C5", "laws/fragment@001_6601c729f2304426:73"),
    ("штрафная карта", "45C5", "laws/fragment@001_6601c729f2304426:73"),
    # 72B1's title: «присуждённый результат» stands whole in 64C's fragment (000:31)
    ("adjusted score", "72B1", "laws/fragment@000_392cb21f471fdf05:31"),
])
def test_a_missing_sections_title_the_text_holds_whole_is_answered_by_its_words(
        seed_library: Library, query: str, gone: str, first: str) -> None:
    assert seed_library.absent_laws(query)[0][0] == gone  # the title is the missing section's …
    found = usecases.search(seed_library, query, limit=5)
    assert found.gone is None and not found.answer.relaxed  # … but the text holds it whole: no absence said
    assert found.answer.hits[0].id == first, [h.id for h in found.answer.hits]


def test_a_title_of_an_absent_law_does_not_put_the_fragments_its_place_suggests_first(seed_library: Library) -> None:
    # Law 27 lacks: the fragments between 26 and 35 (p. 59) are Law 30's text, not what «insufficient bid» asks
    found = usecases.search(seed_library, "insufficient bid", limit=5)
    assert found.gone == ("27", "Insufficient Bid", "Insufficient Bid") and found.outcome == usecases.Outcome.TITLE_ABSENT
    assert not any(h.page == 59 and h.kind == "fragment" for h in found.answer.hits[:1])


def test_a_title_shared_by_several_absent_laws_names_each(seed_library: Library, seed_index: Path) -> None:
    # «lead out of turn» is in the titles of Laws 53–56 (2017 catalogue), none of them in the seeds: each is
    # said, the closest first (all four share 3 of 4 words here, so in the catalogue's order) — not Law 53 alone
    found = usecases.search(seed_library, "lead out of turn", limit=5)
    assert found.gone == ("53", "Lead Out of Turn Accepted", "Lead Out of Turn Accepted")
    assert [c for c, _ in found.also] == ["54", "55", "56"]
    result = CliRunner().invoke(cli, ["--corpus", str(CORPUS), "--index", str(seed_index), "search",
                                      "lead out of turn"])
    said = [line for line in result.stderr.splitlines() if "not in this corpus" in line]
    assert [line.split(" — ")[0] for line in said] == ["lawref: Law 53", "lawref: Law 54", "lawref: Law 55",
                                                       "lawref: Law 56"]
    as_json = CliRunner().invoke(cli, ["--corpus", str(CORPUS), "--index", str(seed_index), "search", "--json",
                                       "lead out of turn"])
    absent = json.loads(as_json.stdout)["absent"]
    assert absent["cite"] == "53" and [a["cite"] for a in absent["also"]] == ["54", "55", "56"]


def test_a_title_said_only_by_absent_laws_says_the_first_then_the_others(seed_index: Path) -> None:
    # «insufficient bid» → Law 27 only: 18D «Insufficient Bid» is a section, not named beside the law
    result = CliRunner().invoke(cli, ["--corpus", str(CORPUS), "--index", str(seed_index), "search",
                                      "insufficient bid"])
    said = [line for line in result.stderr.splitlines() if "not in this corpus" in line]
    assert result.exit_code == EXIT_NOT_FOUND and said == ["lawref: Law 27 — Insufficient Bid — not in this corpus"]


@pytest.mark.parametrize(("query", "unglossed"), [
    ("xyzzy", ["xyzzy"]),             # no term, no word of the text, nothing one edit away: the user is told
    ("xyzzy qwzkj", ["xyzzy", "qwzkj"]),
])
def test_an_english_query_that_finds_nothing_names_the_words_nobody_knows(seed_index: Path, query: str,
                                                                         unglossed: list[str]) -> None:
    result = CliRunner().invoke(cli, ["--corpus", str(CORPUS), "--index", str(seed_index), "--ui", "en", "search",
                                      query])
    assert result.exit_code == EXIT_NOT_FOUND
    said = [line for line in result.stderr.splitlines() if "no English bridge term" in line]
    assert [line.split("«")[1].split("»")[0] for line in said] == unglossed
    as_json = CliRunner().invoke(cli, ["--corpus", str(CORPUS), "--index", str(seed_index), "search", "--json",
                                       query])
    assert json.loads(as_json.stdout)["not_in_glossary"] == unglossed


def test_an_english_query_that_finds_something_says_nothing_of_unglossed_words(seed_library: Library) -> None:
    assert not seed_library.answer("dummy xyzzy", limit=5).unglossed  # relaxed: «the first lacks: xyzzy» says it


def test_a_glossary_term_in_quotes_names_the_absent_laws_as_the_words_do(seed_library: Library) -> None:
    # «ход вне очереди» is the glossary's «lead out of turn»: quoted as a phrase it names Laws 53–56 too
    plain = usecases.search(seed_library, "ход вне очереди", limit=5)
    quoted = usecases.search(seed_library, '"ход вне очереди"', limit=5)
    # a director's words for it, through a synonym row («не в очередь» → «вне очереди»)
    said = usecases.search(seed_library, "ход не в очередь", limit=5)
    assert plain.gone == quoted.gone == said.gone == ("53", "Lead Out of Turn Accepted", "Lead Out of Turn Accepted")
    assert [c for c, _ in quoted.also] == [c for c, _ in said.also] == ["54", "55", "56"]


@pytest.mark.parametrize(("query", "named"), [
    # a question whose English (its words, its glossary terms) holds an absent law's whole title, in any order, names
    # it (a new user asked the first and was told nothing, where «ход вне очереди» alone names Laws 53–56)
    ("Защитник сделал ход вне очереди, как исправить?", ["56"]),  # Defender's Lead Out of Turn: that one
    ("defender led out of turn what now", ["56"]),
    ("игрок сделал недостаточную заявку что делать", ["27"]),
    # 54's and 53's words, not in a row: until session 19 not named; the question is theirs (and 55's words too)
    ("opening lead faced out of turn, can declarer accept it", ["53", "54", "55"]),
    # «вне очереди» (out of turn) is in the titles of 53–56, but a question of a pass or a bid names none of them:
    # the law of its own, through the glossary's other English for it (out of rotation)
    ("спасовал вне очереди", ["30"]),  # Pass Out of Rotation
    ("pass out of turn what now", ["30"]),
    ("bid out of turn", ["31"]),  # Bid Out of Rotation
    ("заявка вне очереди", []),  # a call: 29's title, Procedure after Call Out of Rotation, is more than it says
    ("фальшренонс после следующей взятки", []),
])
def test_a_question_holding_an_absent_laws_title_in_any_order_names_it(seed_library: Library, query: str,
                                                                        named: list[str]) -> None:
    assert [cite for cite, _ in seed_library.absent_laws(query)] == named


@pytest.mark.parametrize("query", ["", "  ", '""'])
def test_an_empty_query_is_a_usage_error_not_nothing_found(seed_index: Path, seed_library: Library,
                                                           query: str) -> None:
    result = CliRunner().invoke(cli, ["--corpus", str(CORPUS), "--index", str(seed_index), "--ui", "en", "search",
                                      query])
    assert result.exit_code == 2 and "the query is empty" in result.stderr and "nothing found" not in result.stderr

    async def asked() -> httpx.Response:
        transport = httpx.ASGITransport(app=create_app(seed_library))
        async with httpx.AsyncClient(transport=transport, base_url="http://lawref.test") as c:
            return await c.get("/api/v1/search", params={"q": query or " "})

    assert asyncio.run(asked()).status_code in (400, 422)  # "" fails the query's own min_length (422)


def test_wrong_card_is_the_phrase_the_text_says_it_with(seed_library: Library) -> None:
    # glossary «не той картой» = "wrong card": its function words carry it, so it is searched as the phrase (in a form
    # the text has: «та» is no corpus form, and a relaxed search left it out)
    # (45.6 «болван играет не той картой», 45.5 «обозначает не ту карту»); «неправильный» alone found neither
    found = [h.id for h in seed_library.answer("wrong card", limit=5).hits]  # 17D first: Cards from Wrong Board
    assert {"commentary/45.6", "commentary/45.5"} <= set(found[:3]), found
    assert "commentary/45.6" in [h.id for h in seed_library.answer("dummy plays wrong card", limit=3).hits]


@pytest.mark.parametrize(("query", "first"), [
    ("What if dummy plays a different card from the one declarer called?", "commentary/45.6"),  # "the one": no count
    ("dummy plays wrong card", "commentary/45.6"),
    ("repeated call with a different meaning", "laws/footnote@003_d6d1da8d5423a94e:81"),  # «повторена … иным значением»
    ("serious misconduct reported", "commentary/45.8"),
    # 46B2 «обозначает старшинство, но не обозначает масть», the glossary's phrase: found whole (46.3 came first)
    ("designates rank but not suit", "laws/fragment@001_6601c729f2304426:45"),
    # 68A (its text a fragment): «претензию … когда он показывает свои карты»; "rest are mine" is a claim (synonym)
    ("Declarer put his cards face up and said the rest are mine. Is that a claim?",
     "laws/fragment@000_392cb21f471fdf05:70"),  # «проступка против этики … должно быть доложено»
    ("can the organizer require both partners to play the same bidding system",
     "laws/fragment@001_6601c729f2304426:3"),  # 40: «Право предписывать»; organizer = S.O.
])
def test_an_english_question_reaches_the_russian_text_through_the_glossary(seed_library: Library, query: str,
                                                                           first: str) -> None:
    assert seed_library.answer(query, limit=5).hits[0].id == first


@pytest.mark.parametrize(("query", "cite"), [
    ("insufficient bid 1s over 1h what now", "27"),  # the title's words in a row, by stems
    ("недостаточная заявка 1п после 1ч оппонента что делать", "27"),  # a glossary term, by lemmas: «insufficient bid»
    ("недостаточную заявку сделал партнер", "27"),  # in another case than the glossary writes it
])
def test_a_question_holding_an_absent_laws_title_names_it(seed_library: Library, query: str, cite: str) -> None:
    found = usecases.search(seed_library, query)
    assert found.gone is not None and found.gone[0] == cite, (found.gone, found.also)


@pytest.mark.parametrize("query", [
    "what is a call after the final pass",  # 35D «Call after Final Pass» is here (1997's Law 39 has its title)
])
def test_a_question_names_no_absent_law_it_does_not_hold_whole(seed_library: Library, query: str) -> None:
    found = usecases.search(seed_library, query)
    assert found.gone is None, (found.gone, found.also)


@pytest.mark.parametrize(("query", "corrected"), [
    ("dumy", {"dumy": "dummy"}),  # a doubled letter dropped: the word the glossary uses most, not «duty»
    ("penalty crad", {"crad": "card"}),  # two letters swapped: one edit
    ("claimm", {"claimm": "claim"}),
    ("decalrer claimed", {"decalrer": "declarer"}),  # 8 letters: two edits
    ("contestd claim", {"contestd": "contested"}),  # a catalogued title's word (Law 70, Contested Claim)
    ("the cart", {}),  # an English word itself: never replaced
    ("LHO revok", {}),  # an abbreviation in capitals; «revok» holds a glossary term's stem (revoke)
])
def test_an_english_typo_is_read_as_the_glossarys_word(query: str, corrected: dict[str, str]) -> None:
    assert glossary.english_typos(query) == corrected


def test_a_mistyped_title_of_an_absent_law_names_it(seed_index: Path) -> None:
    result = CliRunner().invoke(cli, ["--corpus", str(CORPUS), "--index", str(seed_index), "--ui", "en", "search",
                                      "insuficient bid"])
    assert result.exit_code == EXIT_NOT_FOUND
    assert "did you mean «insufficient»? (searched instead of «insuficient»)" in result.stderr
    assert "Law 27 — Insufficient Bid — not in this corpus" in result.stderr
    found = CliRunner().invoke(cli, ["--corpus", str(CORPUS), "--index", str(seed_index), "search", "--json", "dumy"])
    assert json.loads(found.stdout)["did_you_mean"] == {"dumy": "dummy"} and json.loads(found.stdout)["results"]
