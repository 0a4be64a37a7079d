"""Sub-division cites in words (issue 27, item 4): ``правило 62 пункт B``,
``пункт 2 раздела B правила 43``, ``section B of Law 62``, ranges with an
ordinal or a horizontal bar. Each spelling gives one cite in ``link``,
``resolve``, ``show``, ``search`` and the API alike; a part that cannot be
read is kept as ``unread`` and the cite is never ``exact``."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import httpx
import pytest
from click.testing import CliRunner

from lawref.cite import find_citations, given_alone, normalise_cite, parse_cite, query_cites
from lawref.cli import cli
from lawref.errors import EXIT_NOT_FOUND, EXIT_OK, CiteError
from lawref.library import Library
from lawref.serve import create_app

CORPUS = Path(__file__).resolve().parents[1] / "corpus"

#: (text, the citation's text, its cites, its unread parts): spellings directors and rulings use
SPELLINGS = [
    ("правило 62 пункт B", "правило 62 пункт B", ("62B",), ""),
    ("ст. 69 ч. A", "ст. 69 ч. A", ("69A",), ""),  # «ч.», «часть»: a part (the dot ends no sentence)
    ("правило 21, часть A", "правило 21, часть A", ("21A",), ""),
    ("согласно правилу 62, пункт B", "правилу 62, пункт B", ("62B",), ""),
    ("правило 43, раздел B, пункт 2", "правило 43, раздел B, пункт 2", ("43B2",), ""),
    ("согласно разделу C правила 62", "разделу C правила 62", ("62C",), ""),
    ("пункт 2 раздела B правила 43", "пункт 2 раздела B правила 43", ("43B2",), ""),
    ("подпункт (b) пункта 2 раздела B правила 43", "подпункт (b) пункта 2 раздела B правила 43", ("43B2(b)",), ""),
    ("в пункте 3 правила 72A", "пункте 3 правила 72A", ("72A3",), ""),
    ("раздел Б правила 25", "раздел Б правила 25", ("25B",), ""),  # Б: alphabet order
    ("Law 62, section B", "Law 62, section B", ("62B",), ""),
    ("section B of Law 62", "section B of Law 62", ("62B",), ""),
    ("subsection 2 of section B of Law 43", "subsection 2 of section B of Law 43", ("43B2",), ""),
    ("правило 16 B 1", "правило 16 B 1", ("16B1",), ""),
    ("Law 25 B 2", "Law 25 B 2", ("25B2",), ""),
    ("Law 43 B 2 (b)", "Law 43 B 2 (b)", ("43B2(b)",), ""),
    ("см. правило 64² и далее", "правило 64", ("64",), ""),  # a footnote's call is not part of the cite
    ("правила 61―64", "правила 61―64", ("61", "62", "63", "64"), ""),  # U+2015
    ("правила с 61-го по 64-е", "правила с 61-го по 64-е", ("61", "62", "63", "64"), ""),
    ("п. 5 раздела B правила 46", "п. 5 раздела B правила 46", ("46B5",), ""),  # «п.», the abbreviation
    ("подп. (b) п. 2 разд. B правила 43", "подп. (b) п. 2 разд. B правила 43", ("43B2(b)",), ""),  # «разд. B»: no cut
    ("see Law 69(A)", "Law 69(A)", ("69A",), ""),  # a section letter in brackets, as some English texts print it
    ("Law 68(C)2", "Law 68(C)2", ("68C2",), ""),
    ("Law 65B(2)", "Law 65B(2)", ("65B2",), ""),  # a section's number in brackets is its subsection
    ("см. правило 62 (B)", "правило 62 (B)", ("62B",), ""),
    ("правило 26 А.1", "правило 26 А.1", ("26A1",), ""),  # a dot between the section and its subsection
    ("see Law 26A.1.", "Law 26A.1", ("26A1",), ""),
    # a part that cannot join the cite: kept, never dropped silently
    ("пункт 2 правила 43", "пункт 2 правила 43", ("43",), "пункт 2"),  # a subsection with no section
    ("правило 62, раздел B, раздел C", "правило 62, раздел B, раздел C", ("62B",), "раздел C"),  # two sections
    ("См. пп. 1,2 правила 68", "пп. 1,2 правила 68", ("68",), "пп. 1,2"),  # a list too (it was dropped unsaid)
    # a part naming a list: a cite each (they were «62B» alone, «62», «43B»: the other labels dropped unsaid)
    ("правило 62, пункты B и C", "правило 62, пункты B и C", ("62B", "62C"), ""),
    ("пункты B и C правила 62", "пункты B и C правила 62", ("62B", "62C"), ""),
    ("пункт 2 и 3 правила 43B", "пункт 2 и 3 правила 43B", ("43B2", "43B3"), ""),
    ("подпункты (a) и (b) пункта 2 раздела B правила 43", "подпункты (a) и (b) пункта 2 раздела B правила 43",
     ("43B2(a)", "43B2(b)"), ""),
    ("sections B and C of Law 62", "sections B and C of Law 62", ("62B", "62C"), ""),
]


@pytest.mark.parametrize(("text", "cited", "cites", "unread"), SPELLINGS, ids=[r[0] for r in SPELLINGS])
def test_a_sub_division_in_words_is_one_cite(text: str, cited: str, cites: tuple[str, ...], unread: str) -> None:
    found = find_citations(text, relative=False)
    assert [(c.text, c.cites, c.unread) for c in found] == [(cited, cites, unread)]
    assert text[found[0].start : found[0].end] == cited


@pytest.mark.parametrize("text", [
    "согласно этому разделу и правилу 62",  # «и» is the sentence's, not a label
    "раздел в правиле 62",
    "Law 62 section A player who revokes",  # no: a section word needs its label alone
])
def test_words_of_the_sentence_are_no_labels(text: str) -> None:
    assert all(not c.unread for c in find_citations(text, relative=False))
    assert [c.cites for c in find_citations(text, relative=False)][-1] in {("62",), ("62A",)}


@pytest.mark.parametrize(("text", "cites"), [
    ("61―64", ["61", "62", "63", "64"]), ("с 61-го по 64-е", ["61", "62", "63", "64"]),
    ("правило 62 пункт B", ["62B"]), ("раздел C правила 62", ["62C"]), ("62, 64", ["62", "64"]),
])
def test_a_cite_given_alone_reads_its_words(text: str, cites: list[str]) -> None:
    assert query_cites(text) == cites
    assert [c for item in given_alone(text) for c in item.cites] == cites


@pytest.mark.parametrize(("text", "cites"), [
    ("62B 62C", ["62B", "62C"]), ("62b 62c", ["62B", "62C"]), ("45.5 62B", ["45.5", "62B"]),
    ("72A 5", ["72A5"]), ("62 B 2 A", ["62B2(a)"]), ("62B фальшренонс", []),
])
def test_a_query_of_cites_side_by_side_is_each_of_them(text: str, cites: list[str]) -> None:
    # «62B 62C» was one cite, 62B62(c), that no law has: a search said it was not in the corpus
    assert query_cites(text) == cites


def test_show_takes_parts_in_words_and_refuses_an_unread_one() -> None:
    assert normalise_cite("правило 62 пункт B") == "62B"
    assert normalise_cite("section B of Law 62") == "62B"
    with pytest.raises(CiteError, match="пункт 2 cannot be read"):
        normalise_cite("пункт 2 правила 43")


def _api_link(lib: Library, text: str) -> dict[str, object]:
    async def asked() -> httpx.Response:
        transport = httpx.ASGITransport(app=create_app(lib))
        async with httpx.AsyncClient(transport=transport, base_url="http://lawref.test") as c:
            return await c.post("/api/v1/link", json={"text": text})

    response = asyncio.run(asked())
    assert response.status_code == 200
    data: dict[str, object] = response.json()
    return data


@pytest.mark.parametrize(("text", "cited", "cites", "unread"), SPELLINGS, ids=[r[0] for r in SPELLINGS])
def test_link_resolve_and_the_api_agree(seed_index: Path, seed_library: Library, text: str, cited: str,
                                        cites: tuple[str, ...], unread: str) -> None:
    base = ["--corpus", str(CORPUS), "--index", str(seed_index)]
    linked = CliRunner().invoke(cli, [*base, "link", "--format", "json"], input=text)
    assert linked.exit_code == EXIT_OK, linked.output
    (citation,) = json.loads(linked.output)["citations"]
    assert tuple(citation["cites"]) == cites and citation.get("unread", "") == unread
    assert _api_link(seed_library, text)["citations"] == [citation]
    resolved = CliRunner().invoke(cli, [*base, "resolve", "--json", text])
    targets = json.loads(resolved.output)["resolved"]
    assert tuple(t["cite"] for t in targets) == cites
    assert [t["status"] for t in targets] == [t["status"] for t in citation["targets"]]
    if unread:  # never exact when a part was not read
        assert all(t["status"] != "exact" and t["missing"] == unread for t in targets)
        assert resolved.exit_code == EXIT_NOT_FOUND


@pytest.mark.parametrize(("text", "cites"), [
    ("комм. 45.7–45.9", ("45.7", "45.8", "45.9")),  # a range of paragraphs: one citation, as a range of laws
    ("п. 45.7-9", ("45.7", "45.8", "45.9")),
    ("пп. 45.5, 45.6-45.8 и 46.1", ("45.5", "45.6", "45.7", "45.8", "46.1")),
    ("правила 70 или 71", ("70", "71")),
])
def test_link_and_resolve_agree_on_lists_and_ranges(seed_index: Path, text: str, cites: tuple[str, ...]) -> None:
    base = ["--corpus", str(CORPUS), "--index", str(seed_index)]
    linked = CliRunner().invoke(cli, [*base, "link", "--format", "json"], input=text)
    assert tuple(c for item in json.loads(linked.output)["citations"] for c in item["cites"]) == cites
    resolved = CliRunner().invoke(cli, [*base, "resolve", "--json", text])
    assert tuple(t["cite"] for t in json.loads(resolved.output)["resolved"]) == cites


@pytest.mark.parametrize(("text", "fmt", "said"), [
    ("Согласно Правилу 62В игрок исправляет.", "text", "\t-"),  # the look-alike reading is the default
    ("Судья применил правило 70Д.", "text", "read in alphabet order"),
    ("Согласно правилу 62B игрок исправляет.", "text", "\t-"),  # Latin: nothing was chosen
    ("Пункт 2 правила 43 говорит.", "text", "not read: Пункт 2"),
    ("Пункт 2 правила 43 говорит.", "md", "не прочитано: Пункт 2"),  # a tooltip speaks the citation's language
])
def test_the_text_formats_say_what_was_chosen(seed_index: Path, text: str, fmt: str, said: str) -> None:
    """Issue 27, item 8: a reading chosen, or a part not read, is told beside the citation."""
    base = ["--corpus", str(CORPUS), "--index", str(seed_index)]
    result = CliRunner().invoke(cli, [*base, "link", "--format", fmt], input=text)
    assert result.exit_code == EXIT_OK, result.output
    if fmt == "text":
        header, row = result.output.splitlines()[:2]
        assert header.endswith("\tnote") and said in row
    else:
        assert said in result.output


@pytest.mark.parametrize(("query", "first"), [
    # the part's heading survived on a fragment whose law's number was lost: its labels name it
    ("Law 46 B 4", "laws/fragment@001_6601c729f2304426:57"),  # «4. Обозначена карта, которой нет на столе» 001:57
    ("Law 46 B 3", "laws/fragment@001_6601c729f2304426:45"),  # «3. Обозначено старшинство, но не масть» 001:45
    ("правило 30 B 2 (b)", "laws/fragment@003_d6d1da8d5423a94e:97"),  # B. › 2. › (B). on page 59 (003:85-97)
    ("Law 30 B 2", "laws/fragment@003_d6d1da8d5423a94e:91"),  # B. › 2. «В очередь партнёра» 003:91
    ("Law 50 D 2", "laws/fragment@001_6601c729f2304426:75"),  # «2. Партнёр нарушителя при ходе» 001:75
    ("Law 43 B 2 (b)", "laws/fragment@001_6601c729f2304426:19"),
])
def test_a_lost_part_is_first_found_in_the_fragment_its_surviving_labels_name(seed_library: Library, query: str,
                                                                             first: str) -> None:
    hits = seed_library.answer(query, limit=5).hits
    assert hits[0].id == first, [h.id for h in hits]


@pytest.mark.parametrize(("text", "cite"), [
    ("комментарий к правилу 47, п. 2", "47.2"),  # as 004 numbers its paragraphs: 47.2 (004)
    ("Комментарий к Правилу 45 пункт 5", "45.5"),
    ("комментарии к статье 46, параграф 3", "46.3"),
    ("commentary on Law 47, paragraph 2", "47.2"),
    ("комментарий 45.5", "45.5"),
    ("п. 2 комментария к правилу 46", "46.2"),  # the paragraph first
    ("paragraph 2 of the commentary on Law 46", "46.2"),
    ("§ 5 комментария к правилу 45", "45.5"),
])
def test_a_commentary_paragraph_named_in_words_is_its_cite(seed_library: Library, text: str, cite: str) -> None:
    assert normalise_cite(text) == cite and query_cites(text) == [cite]
    assert seed_library.answer(text, limit=3).hits[0].id == f"commentary/{cite}"


def test_a_commentary_paragraph_named_in_words_in_a_text_is_one_citation() -> None:
    text = "См. комментарий к правилу 47, п. 2 и п. 2 комментария к правилу 46."
    found = find_citations(text, relative=False)
    assert [(c.text, c.cites, c.kind) for c in found] == [
        ("комментарий к правилу 47, п. 2", ("47.2",), "commentary"),
        ("п. 2 комментария к правилу 46", ("46.2",), "commentary")]


def test_a_commentary_word_without_a_paragraph_is_no_cite() -> None:
    assert query_cites("комментарий к правилу 47") == []  # searched as words: the commentary on 47 has them


@pytest.mark.parametrize(("text", "cite"), [
    ("Закон 62 пункт B", "62B"),  # «Закон», the word some translations use for a Law
    ("пункт B закона 62", "62B"),
    ("законы 61-64", "61"),
    ("законов 61 и 62", "61"),
])
def test_the_word_zakon_names_a_law_as_pravilo_does(seed_library: Library, text: str, cite: str) -> None:
    assert query_cites(text)[0] == cite and given_alone(text)[0].text == text.split(" и ")[0]
    assert not find_citations("игра закончилась 5 минут назад")  # «закончилась» is no law word
    assert not find_citations(f"см. {text}")  # in a text «закон» is a state's law (test_questions): alone only


def test_an_item_right_after_a_law_number_is_no_cite() -> None:
    assert parse_cite("62(b)") is None and query_cites("62(b)") == []  # an item is a section's or a subsection's


#: (query, the hits' cites in order, readings): a section letter Д or Г reads in alphabet order (Д = E, Г = D) as
#: everywhere in lawref, but a director may type it for the Latin letter it spells (Д = D, Г = G): search shows
#: that cite too when the corpus has it, after, or alone when the alphabet-order one is not in the corpus.
LATIN_READINGS = [
    ("правило 17Д", ["17E", "17D"], [["17E", "17D", True]]),  # both in the corpus (1997 17D, 17E)
    ("пр.65Д", ["65D"], [["65E", "65D", False]]),  # Law 65 has A–D: 65E is no section of it
    ("65 Д", ["65D"], [["65E", "65D", False]]),
    ("17Г", ["17D"], None),  # 17G: no such section, the alphabet order stands alone
    ("правило 62В", ["62B"], None),  # В: a look-alike, one reading
    ("правила 65Д и 17Д", ["65D", "17E", "17D"], [["65E", "65D", False], ["17E", "17D", True]]),
]


@pytest.mark.parametrize(("query", "cites", "readings"), LATIN_READINGS)
def test_search_shows_a_cyrillic_letters_latin_reading(seed_index: Path, query: str, cites: list[str],
                                                       readings: list[list[object]] | None) -> None:
    result = CliRunner().invoke(cli, ["--index", str(seed_index), "search", "--json", "--limit", "10", query])
    assert result.exit_code == EXIT_OK, result.output
    data = json.loads(result.stdout)
    assert [h["cite"] for h in data["results"]][: len(cites)] == cites
    assert [[r["alphabet"], r["latin"], r["alphabet_in_corpus"]] for r in data.get("readings", [])] == (readings or [])
    told = CliRunner().invoke(cli, ["--index", str(seed_index), "search", query])
    assert ("the letter as the Latin it spells" in told.stderr) == bool(readings)


#: A cite given alone as a phone types it: the section letter in lower case (Cyrillic or Latin), glued or
#: after a space; and what stays a word of the sentence or an ordinal's ending.
LOWER_CASE = [
    ("62б", ["62B"]), ("правило 62б", ["62B"]), ("62-б", ["62B"]), ("62 б", ["62B"]),
    ("43b2a", ["43B2(a)"]), ("43б2а", ["43B2(a)"]), ("правило 43 б 2 а", ["43B2(a)"]),
    ("закон 43б2", ["43B2"]), ("17д", ["17E"]),  # Д: alphabet order, as 17Д reads
    ("правило 43 б 2 А", ["43B2(a)"]), ("ПРАВИЛО 43 Б 2 А", ["43B2(a)"]), ("43B2A", ["43B2(a)"]),  # caps lock
    ("законов 61 и 62", ["61", "62"]),  # «и» joins two laws: no section I
    ("правило 36-е", ["36"]),  # an ordinal's ending, no section E
]


@pytest.mark.parametrize(("text", "cites"), LOWER_CASE, ids=[r[0] for r in LOWER_CASE])
def test_a_lower_case_section_letter_is_read_as_its_capital(text: str, cites: list[str]) -> None:
    assert query_cites(text) == cites


@pytest.mark.parametrize("text", ["62б", "правило 43 б 2 а", "ПРАВИЛО 43 Б 2 А", "правило 43 б 2 А"])
def test_show_search_and_resolve_read_a_cite_in_any_case(seed_index: Path, text: str) -> None:
    base = ["--corpus", str(CORPUS), "--index", str(seed_index)]
    capital = "62B" if text == "62б" else "43B2(a)"
    for command in ("show", "search", "resolve"):
        typed = CliRunner().invoke(cli, [*base, command, text])
        written = CliRunner().invoke(cli, [*base, command, capital])
        said = [out.stdout.split("→", 1)[-1] for out in (typed, written)]  # resolve echoes the text as given
        assert (typed.exit_code, said[0]) == (written.exit_code, said[1])


#: A citation in running text with its section letter typed in lower case, glued to the number (a post on
#: a club forum, a ruling typed on a phone): what ``link`` reads, and what stays a word or an ordinal.
RUNNING_LOWER = [
    ("см. правило 62б", [("правило 62б", ["62B"])]),
    ("по правилу 62в игрок обязан", [("правилу 62в", ["62B"])]),
    ("правила 12а и 12б", [("правила 12а", ["12A"]), ("12б", ["12B"])]),
    ("see Law 12a", [("Law 12a", ["12A"])]),
    ("правило 43б2 говорит", [("правило 43б2", ["43B2"])]),
    ("правило 62 в случае спора", [("правило 62", ["62"])]),  # «в» after a space: a word of the sentence
    ("по 62-му правилу", [("62-му правилу", ["62"])]),  # an ordinal before its law word (ORDINAL_LAW)
    ("на 62-м месте", []),  # an ordinal's ending: no cite without a law word
    ("правило 5х", []),  # not a section letter: the number is no cite either
]


@pytest.mark.parametrize(("text", "found"), RUNNING_LOWER, ids=[r[0] for r in RUNNING_LOWER])
def test_link_reads_a_lower_case_section_letter_in_running_text(text: str, found: list[tuple[str, list[str]]]
                                                               ) -> None:
    # before, «см. правило 62б» gave no citation at all: the letter kept the number from being one
    assert [(c.text, list(c.cites)) for c in find_citations(text)] == found


#: An item's letter typed in Cyrillic in running text: read as a cite given alone reads it (look-alikes,
#: or alphabet order when a letter has no look-alike). Before, the item was cut off: «43Б1(а)» → 43B1.
RUNNING_ITEMS = [
    ("см. правило 43Б1(а)", [("правило 43Б1(а)", ["43B1(a)"])]),
    ("пункт 43B2(б) гласит", [("пункт 43B2(б)", ["43B2(b)"])]),
    ("правило 43B2(а) и (б)", [("правило 43B2(а)", ["43B2(a)"]), ("(б)", ["43B2(b)"])]),
    ("правило 43В2(в)", [("правило 43В2(в)", ["43B2(b)"])]),  # look-alikes throughout: В = B, в = b
    ("правило 43Б2(в)", [("правило 43Б2(в)", ["43B2(c)"])]),  # Б has none: alphabet order, в = c
    ("правило 43B2(ф)", [("правило 43B2", ["43B2"])]),  # «ф» is no item letter: the cite stops before it
    ("правило 62 (в случае спора)", [("правило 62", ["62"])]),  # a bracketed phrase is no item
]


@pytest.mark.parametrize(("text", "found"), RUNNING_ITEMS, ids=[r[0] for r in RUNNING_ITEMS])
def test_link_reads_an_item_letter_typed_in_cyrillic(text: str, found: list[tuple[str, list[str]]]) -> None:
    assert [(c.text, list(c.cites)) for c in find_citations(text)] == found


#: A law cited by its ordinal before «правило» in any case form; an ordinal with no law word after it is none.
ORDINAL_LAWS = [
    ("согласно 12-му правилу", [("12-му правилу", ["12"])]),
    ("как сказано в 40-м правиле", [("40-м правиле", ["40"])]),
    ("62-е правило требует", [("62-е правило", ["62"])]),
    ("до 12-го правила и после", [("12-го правила", ["12"])]),
    ("в 2017-м правила изменились", []),  # a year: four digits are no law number
    ("62-му игроку", []),
    # a bare number before «правило» in a case no count takes (a new user's «По 12 правилу» found nothing)
    ("По 12 правилу судья назначает", [("12 правилу", ["12"])]),
    ("как сказано в 2 правиле", [("2 правиле", ["2"])]),
    ("с 40 правилом", [("40 правилом", ["40"])]),
    ("в своде 21 правило", []),  # «двадцать одно правило»: a count takes these cases
    ("2 правила изменились", []),
    ("в 5 правилах", []),
    ("к 3 правилам", []),
]


@pytest.mark.parametrize(("text", "found"), ORDINAL_LAWS, ids=[r[0] for r in ORDINAL_LAWS])
def test_link_reads_a_law_cited_by_its_ordinal(text: str, found: list[tuple[str, list[str]]]) -> None:
    assert [(c.text, list(c.cites)) for c in find_citations(text)] == found


#: How a citation's section letters were read, as ``link --format json`` reports it: a lower-case letter with
#: no Latin look-alike is read in alphabet order as its capital is (before, «62б» said ``lookalike``); an item's
#: letter is no section's: «43B2(б)» and «43B2(в)» say nothing.
READINGS = [
    ("правило 62б", "alphabet"), ("правило 62Б", "alphabet"), ("правило 43Б2(в)", "alphabet"),
    ("правило 62в", "lookalike"), ("правило 62В", "lookalike"), ("правило 43В2(б)", "lookalike"),
    ("правило 43B2(б)", ""), ("правило 43B2(в)", ""), ("правило 62B", ""), ("правило 62", ""),
]


@pytest.mark.parametrize(("text", "read"), READINGS, ids=[r[0] for r in READINGS])
def test_a_citation_says_how_its_letters_were_read(text: str, read: str) -> None:
    (citation,) = find_citations(text)
    assert citation.reading == read


#: An item's letter with no Latin look-alike is read in alphabet order (its one reading) and leaves the text's section
#: letters as they are: «47Е» beside «43B2(б)» stays 47E (a section letter «Б» would read the text in alphabet order).
ITEMS_AND_SECTIONS = [
    ("правило 43B2(б) и правило 47Е", [("правило 43B2(б)", ["43B2(b)"], False), ("правило 47Е", ["47E"], False)]),
    ("правило 43В2(б)", [("правило 43В2(б)", ["43B2(b)"], False)]),  # В a look-alike, б alphabet order
    ("правило 43Б2(б) и правило 47Е", [("правило 43Б2(б)", ["43B2(b)"], False), ("правило 47Е", ["47F"], True)]),
]


@pytest.mark.parametrize(("text", "found"), ITEMS_AND_SECTIONS, ids=[r[0] for r in ITEMS_AND_SECTIONS])
def test_an_item_letter_does_not_say_how_the_sections_read(text: str, found: list[tuple[str, list[str], bool]]
                                                            ) -> None:
    assert [(c.text, list(c.cites), c.mixed) for c in find_citations(text)] == found
    assert normalise_cite(found[0][0]) == found[0][1][0]  # given alone, the same cite


@pytest.mark.parametrize("cited", ["правило 62б", "правилу 62в", "Law 12a", "правило 43Б1(а)", "пункт 43B2(б)"])
def test_link_and_resolve_read_a_lower_case_section_letter_alike(seed_index: Path, cited: str) -> None:
    base = ["--corpus", str(CORPUS), "--index", str(seed_index)]
    linked = CliRunner().invoke(cli, [*base, "link", "--format", "json"], input=f"см. {cited} выше\n")
    resolved = CliRunner().invoke(cli, [*base, "resolve", cited, "--json"])
    assert linked.exit_code == 0, linked.output
    citation = json.loads(linked.stdout)["citations"][0]
    read = json.loads(resolved.stdout)["resolved"]
    assert citation["text"] == cited and citation["cites"] == [r["cite"] for r in read]
    assert citation["status"] == read[0]["status"] and citation["ids"] == [r["id"] for r in read if r["id"]]


@pytest.mark.parametrize(("text", "spans"), [
    # a new user's: «45.9» of «п. 45.7–45.9» was a citation of its own, cites 45.8 and 45.9, linked to 45.8
    ("см. п. 45.7–45.9 выше", [("п. 45.7–45.9", ("45.7", "45.8", "45.9"))]),
    ("п. 45.7-9", [("п. 45.7-9", ("45.7", "45.8", "45.9"))]),
    ("пп. 45.5, 45.6-45.8 и 46.1", [("пп. 45.5", ("45.5",)), ("45.6-45.8", ("45.6", "45.7", "45.8")),
                                   ("46.1", ("46.1",))]),
    ("п. 45.9–45.7", [("п. 45.9", ("45.9",)), ("45.7", ("45.7",))]),  # no range: its two ends
    ("правило 59, 45.5-45.7", [("правило 59", ("59",)), ("45.5-45.7", ("45.5", "45.6", "45.7"))]),
])
def test_a_range_of_paragraphs_is_one_citation(seed_library: Library, text: str,
                                               spans: list[tuple[str, tuple[str, ...]]]) -> None:
    found = [item.citation for item in seed_library.link(text)]
    assert [(c.text, c.cites) for c in found] == spans
    assert all(text[c.start:c.end] == c.text for c in found)


def test_show_of_a_cyrillic_letter_the_corpus_lacks_in_alphabet_order_names_its_latin_reading(seed_index: Path) -> None:
    # «show 65Д» said only «65E — not in this corpus» where search shows 65D (a new user's find)
    told = CliRunner().invoke(cli, ["--index", str(seed_index), "show", "65Д"])
    assert told.exit_code == 1 and told.stdout.startswith("65E — not in this corpus")
    assert told.stderr.strip().splitlines()[-1] == ("lawref: 65Д reads 65E (its letter in alphabet order); as the Latin "
                                                    "letter it spells, 65D is in this corpus: lawref show 65D")
    data = json.loads(CliRunner().invoke(cli, ["--index", str(seed_index), "show", "65Д", "--json"]).stdout)
    assert data["latin_in_corpus"] == "65D"
    plain = json.loads(CliRunner().invoke(cli, ["--index", str(seed_index), "show", "62Z", "--json"]).stdout)
    assert plain["latin_in_corpus"] is None and "reads" not in CliRunner().invoke(
        cli, ["--index", str(seed_index), "show", "62Z"]).stderr
