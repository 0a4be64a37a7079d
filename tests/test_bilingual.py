"""Bilingual reference: the edition catalogue, the glossary, English queries on
the Russian seeds, an English edition (a sample written for these tests)
parsed into the same cite tree, and side-by-side display."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st
from seeds import CORPUS

from lawref.cli import cli
from lawref.corpus import build_corpus, detect_lang
from lawref.lang import catalogue, glossary, morph
from lawref.library import Library
from lawref.store import build

SAMPLE = Path(__file__).parent / "data" / "english-sample.txt"
ROMAN = ["I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X", "XI"]


# -- catalogue ----------------------------------------------------------------------


def test_catalogue_has_93_laws_and_11_chapters() -> None:
    cat = catalogue.load("1997")
    assert [int(e.id) for e in cat.laws()] == list(range(1, 94))
    assert [e.id for e in cat.chapters()] == ROMAN
    assert all(e.title_en and e.chapter in ROMAN[1:] for e in cat.laws())
    # chapters run in order: a law never sits in an earlier chapter than the law before it
    order = [ROMAN.index(e.chapter) for e in cat.laws()]
    assert order == sorted(order)


def test_catalogue_file_format() -> None:
    lines = [ln for ln in (catalogue.DATA / "laws-1997.tsv").read_text(encoding="utf-8").splitlines()
             if ln and not ln.startswith("#")]
    assert lines[0].split("\t") == ["kind", "id", "chapter", "title_en", "title_ru", "unsure", "source", "sections"]
    for line in lines[1:]:
        kind, ident, chapter, en, ru, unsure, source, *sections = line.split("\t")
        assert not sections or kind == "law"  # a law's outline, when a source showed it whole
        assert kind in ("chapter", "law", "section") and en
        assert unsure in ("", "en", "ru", "en ru")
        assert source or "en" in unsure  # a verified title names where it was checked
        if kind == "section":
            assert re.fullmatch(r"\d+[A-Z]\d*", ident)


@pytest.mark.parametrize(("cite", "title"), [("62", "Correction of a Revoke"), ("62B", "Correcting a Revoke"),
                                              ("59", "Inability to Lead or Play as Required"),
                                              ("72A5", "Offenders' Options")])
def test_catalogue_titles(cite: str, title: str) -> None:
    assert catalogue.load().title_en(cite) == title


def test_catalogue_russian_titles_are_those_the_seeds_print() -> None:
    corpus = build_corpus(CORPUS, version="t")
    printed = {n.cite: n.title for n in corpus.nodes if n.doc == "laws" and n.cite and n.title}
    for entry in catalogue.load().entries.values():
        if entry.kind in ("law", "section") and entry.title_ru and entry.id in printed:
            assert printed[entry.id] == entry.title_ru, entry.id


# -- glossary -----------------------------------------------------------------------

REQUIRED = [("фальшренонс", "revoke"), ("болван", "dummy"), ("разыгрывающий", "declarer"),
            ("вистующий", "defender"), ("взятка", "trick"), ("претензия", "claim"), ("уступка", "concession"),
            ("штрафная карта", "penalty card"), ("судья", "Director"), ("торговля", "auction"), ("заявка", "call"),
            ("назначение", "bid"), ("контра", "double"), ("нелегальная информация", "unauthorised information"),
            ("присуждённый результат", "adjusted score"), ("S.O.", "sponsoring organisation"),
            ("LHO", "left-hand opponent"), ("RHO", "right-hand opponent")]


def test_glossary_has_80_terms_with_the_required_pairs() -> None:
    terms = glossary.load()
    assert len(terms) >= 80
    assert len({t.ru for t in terms}) == len(terms)
    by_ru = {t.ru: t for t in terms}
    for ru, en in REQUIRED:
        assert en in by_ru[ru].en, ru
    assert sum(1 for t in terms if " " in t.ru) >= 20  # multi-word terms


def test_glossary_lemmas_are_what_the_morphology_gives() -> None:
    for t in glossary.load():
        if re.search("[а-яё]", t.ru):
            assert list(t.lemmas) == [morph.lemma(w) for w in t.ru.split()], t.ru


def test_glossary_sources_point_at_seed_lines_with_the_term() -> None:
    for t in glossary.load():
        number, line = t.source.split(":")
        (path,) = CORPUS.glob(f"{number}_*.txt")
        raw = path.read_text(encoding="utf-8").split("\n")[int(line) - 1].lower().replace("ё", "е")
        first = t.ru.split()[0].lower().replace("ё", "е").rstrip(".")
        assert first[: max(3, min(6, len(first) - 3))] in raw, (t.ru, t.source)


@pytest.mark.parametrize(("en", "ru"), [("revoke", "фальшренонс"), ("revokes", "фальшренонс"),
                                         ("dummy", "болван"), ("adjusted score", '"присуждённый результат"'),
                                         ("penalty card", '"штрафная карта"'), ("declarer", "разыгрывающий")])
def test_glossary_round_trip_english_to_russian_query(en: str, ru: str) -> None:
    assert glossary.to_russian(en).split(" OR ")[0] == ru
    assert any(en.rstrip("s") in e for t in glossary.lookup(ru.strip('"')) for e in t.en)


def test_glossary_has_nothing_for_an_unknown_word() -> None:
    assert glossary.to_russian("zebra") is None


# -- English queries on the Russian seeds -------------------------------------------


@pytest.fixture(scope="module")
def lib(seed_library: Library) -> Library:
    return seed_library


def _laws(lib: Library, hits) -> list[str | None]:
    return [lib.law_of(lib.by_id[h.id]).cite if lib.law_of(lib.by_id[h.id]) else None for h in hits]


def test_english_revoke_lists_sections_of_laws_61_62_first(lib: Library) -> None:
    hits = lib.search("revoke", limit=10)
    assert [h.cite for h in hits[:4]] == ["62B", "62A", "61A", "61B"]


@pytest.mark.parametrize(("query", "law"), [("dummy", "46"), ("claim", "68"), ("adjusted score", "64"),
                                             ("concession", "68"), ("auction", "17")])
def test_english_queries_hit_the_right_russian_laws(lib: Library, query: str, law: str) -> None:
    assert law in _laws(lib, lib.search(query, limit=5))


@pytest.mark.parametrize(("query", "first"), [
    ("passed-out hand", "laws/17E"),  # «когда все игроки спасовали»
    ("void in the suit led", "laws/44D"),  # «не в состоянии дать в масть»
    ("barred from the auction", "laws/fragment@003_d6d1da8d5423a94e:109"),  # «должен пасовать»
    ("after an 8-level bid is replaced by a pass", "laws/35C"),  # «назначение выше семи»: a number is a word
])
def test_english_phrases_of_the_glossary_find_the_text(lib: Library, query: str, first: str) -> None:
    hits = lib.search(query, limit=5)
    assert hits and hits[0].id == first, [h.id for h in hits]


def test_numbers_in_an_english_query_are_kept() -> None:
    assert glossary.to_russian("5 cards in a trick") == "5 карта взятка"  # 45.7 writes «5 карт»
    assert glossary.to_russian("revoke 62B") == "фальшренонс 62B"


def test_a_pass_out_of_turn_is_no_passed_out_deal() -> None:
    assert "спасовали" not in (glossary.to_russian("someone passes out of turn") or "")
    assert "спасовали" not in (glossary.to_russian("he passed out of turn") or "")


def test_english_cite_query(lib: Library) -> None:
    assert lib.search("Law 62B")[0].id == "laws/62B"


def test_lang_ru_does_not_translate(lib: Library) -> None:
    assert lib.search("revoke", lang="ru") == []
    assert lib.search("revoke", lang="en")[0].cite == "62B"


def test_title_en_on_every_node_and_lang_on_documents(lib: Library, tmp_path: Path) -> None:
    out = tmp_path / "e.json"
    CliRunner().invoke(cli, ["--corpus", str(CORPUS), "--index", str(lib.index_dir), "export", "-o", str(out)])
    data = json.loads(out.read_text(encoding="utf-8"))
    assert all("title_en" in n for n in data["nodes"]) and all(d["lang"] == "ru" for d in data["documents"])
    by_id = {n["id"]: n for n in data["nodes"]}
    assert by_id["laws/62B"]["title_en"] == "Correcting a Revoke"
    assert by_id["laws/chapter-V"]["title_en"] == "The Auction"
    assert by_id["commentary/46"]["title_en"] == "Incomplete or Erroneous Call of Card from Dummy"


def run(index: Path, corpus: Path, *args: str):
    return CliRunner().invoke(cli, ["--corpus", str(corpus), "--index", str(index), *args])


def test_show_a_law_not_in_the_corpus_names_it(lib: Library) -> None:
    result = run(lib.index_dir, CORPUS, "show", "59")
    assert result.exit_code == 1
    first, second = result.stdout.strip().splitlines()
    assert first == "Law 59 — Inability to Lead or Play as Required — text not in this corpus"
    assert second.startswith("[only fragments, p. 77 (between laws 47 and 61)")  # 001's page 77 may hold it
    assert run(lib.index_dir, CORPUS, "show", "95").exit_code == 1
    russian = run(lib.index_dir, CORPUS, "--ui", "ru", "show", "59").stdout.strip().splitlines()
    assert russian == ["Правило 59 — Inability to Lead or Play as Required — текста нет в корпусе",
                       "[только фрагменты, стр. 77 (между правилами 47 и 61) — может быть, его текст: "
                       "фрагмент, стр. 77, после правила 47; фрагмент, стр. 77, после правила 47 (2)]"]


@pytest.mark.parametrize("cite", ["25B2", "Law 25 B 2", "25B"])
def test_show_a_part_of_a_law_held_only_in_fragments_offers_them(lib: Library, cite: str) -> None:
    # 003 p. 55 keeps Law 25 as fragments whose heading was lost: a part of it is «not in this corpus»
    # as a node, but its text may be there — show names those fragments, as search finds them
    result = run(lib.index_dir, CORPUS, "show", cite)
    assert result.exit_code == 1
    first, second = result.stdout.strip().splitlines()
    assert first.endswith("— text not in this corpus")
    assert second.startswith("[only fragments, p. 55 (fragments of law 25) — perhaps its text: фрагмент правила 25")
    shown = json.loads(run(lib.index_dir, CORPUS, "show", cite, "--json").stdout)
    assert shown["fragments_where"] == {"law": "25"}
    assert shown["law_title_en"] == "Legal and Illegal Changes of Call"  # its law's title, not its own
    assert shown["fragments"][0].startswith("laws/fragment@003_")
    assert run(lib.index_dir, CORPUS, "show", "62C").stdout.strip().count("\n") == 0  # 62's pages: no fragments


def test_search_shows_russian_and_english_titles(lib: Library) -> None:
    out = run(lib.index_dir, CORPUS, "search", "revoke", "--limit", "1").stdout
    assert out.startswith("62B        Исправление фальшренонса | Correcting a Revoke")


def test_term_shows_the_entry_and_the_laws_using_it(lib: Library) -> None:
    result = run(lib.index_dir, CORPUS, "term", "фальшренонса", "--json")
    data = json.loads(result.stdout)
    first = data["terms"][0]
    assert first["ru"] == "фальшренонс" and "revoke" in first["en"]
    assert {law["cite"] for law in first["laws"][:2]} == {"61", "62"}
    assert run(lib.index_dir, CORPUS, "term", "zebra").exit_code == 1


# -- an English edition --------------------------------------------------------------


@pytest.fixture(scope="module")
def bilingual(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    folder = tmp_path_factory.mktemp("corpus")
    for path in CORPUS.iterdir():
        (folder / path.name).write_bytes(path.read_bytes())
    (folder / "english").mkdir()
    (folder / "english" / "sample.txt").write_bytes(SAMPLE.read_bytes())
    manifest = (CORPUS / "lawref.toml").read_text(encoding="utf-8") + (
        '\n[[document]]\nid = "en-sample"\nkind = "laws"\nlang = "en"\nedition = "sample"\n'
        'title = "English sample written for lawref tests"\nfiles = ["english/*.txt"]\n')
    (folder / "lawref.toml").write_text(manifest, encoding="utf-8")
    return folder, tmp_path_factory.mktemp("bi-index") / "index"


def test_english_sample_parses_into_the_same_cite_tree(bilingual) -> None:
    corpus = build_corpus(bilingual[0], version="t")
    en = {n.cite: n for n in corpus.nodes if n.doc == "en-sample" and n.cite}
    assert sorted(en) == sorted(["44", "44A", "44C", "61", "61A", "61B", "62", "62A", "62B", "62B(a)", "62B(b)",
                                 "62C"])
    assert en["62C"].text.endswith("by the same player who led.[1]")
    notes = {n.label: n.parent for n in corpus.nodes if n.doc == "en-sample" and n.kind == "footnote"}
    assert notes == {"[19]": "en-sample/61A", "[1]": "en-sample/62C"}
    assert en["61"].title == "FAILURE TO FOLLOW SUIT - INQUIRIES CONCERNING A REVOKE"
    assert en["62"].title == "Correction of a Revoke" and en["62"].label == "Law 62."
    assert en["62A"].text.endswith("as soon as he notices it, before it is established (an Effective correction).")
    assert "the Offender is not yet known" in en["61B"].text
    assert en["61A"].text.endswith("has revoked[19] (see Law 62B).")
    assert [r.cite for r in en["61A"].refs] == ["62B"]
    # the Russian laws and their cites are untouched by the English document
    ru = [n for n in corpus.nodes if n.doc == "laws"]
    assert ru == [n for n in build_corpus(CORPUS, version="t").nodes if n.doc == "laws"]
    report = next(r for r in corpus.reports if r.file == "english/sample.txt")
    counts = {p["name"]: p["count"] for p in report.passes}
    assert counts["drop_contents"] == 5 and counts["repair_ligatures"] == 2
    assert counts["mark_pages"] + counts.get("mark_page_numbers", 0) == 3  # lone page numbers: markers in sequence
    assert counts["mark_glued_footnotes"] == 4  # two markers (revoked19, led.1) and their two footnote lines


def test_english_words_are_stemmed_in_english_documents(bilingual) -> None:
    folder, index = bilingual
    build(folder, index)
    lib = Library.open(index)
    # «revoking» stands nowhere in the sample: only its stem «revok» finds «revoked», «revoke»
    assert "revoking" not in SAMPLE.read_text(encoding="utf-8")
    hits = lib.search("revoking", lang="ru", doc="en-sample")
    assert "en-sample/61A" in [h.id for h in hits]


def test_show_side_by_side(bilingual) -> None:
    folder, index = bilingual
    result = run(index, folder, "show", "62B", "--lang", "both")
    assert result.exit_code == 0
    out = result.stdout
    ru_at, en_at = out.index("Для исправления фальшренонса"), out.index("In this sample the offender withdraws")
    assert ru_at < en_at
    assert "[no English text of the 1997 edition in this corpus: this is the sample edition's text" in out
    data = json.loads(run(index, folder, "show", "62B", "--lang", "both", "--json").stdout)
    assert data["id"] == "laws/62B" and data["counterpart"]["id"] == "en-sample/62B"


def test_show_both_without_an_english_text_gives_the_catalogue_title(lib: Library) -> None:
    out = run(lib.index_dir, CORPUS, "show", "17E", "--lang", "both").stdout
    assert "Law 17E — End of Auction Period [English: catalogue title only" in out


def test_detect_lang() -> None:
    assert detect_lang(SAMPLE.read_text(encoding="utf-8")) == "en"
    assert detect_lang((CORPUS / "000_392cb21f471fdf05.txt").read_text(encoding="utf-8")) == "ru"


def test_show_prints_each_english_twin_once_and_english_only_nodes_plainly(bilingual) -> None:
    folder, index = bilingual
    out = run(index, folder, "show", "62B", "--lang", "en").stdout
    assert out.count("In this sample the offender withdraws") == 1
    assert "Для исправления фальшренонса" not in out
    only_en = run(index, folder, "show", "62C", "--lang", "both").stdout
    assert "In this sample cards played after the revoke" in only_en
    assert "[62C: no Russian text in the corpus]" in only_en
    assert "catalogue title only" not in only_en


def test_english_and_russian_hits_are_ranked_together(bilingual) -> None:
    folder, index = bilingual
    build(folder, index)
    hits = Library.open(index).search("revoke", limit=20)
    scores = [h.score for h in hits if h.score != 1.0]  # catalogue matches (score 1.0) come last
    assert scores == sorted(scores, reverse=True)
    assert any(h.doc == "en-sample" for h in hits[:6]) and any(h.doc == "laws" for h in hits[:6])


def test_no_lost_page_marks_in_a_document_without_page_markers(bilingual) -> None:
    folder, index = bilingual
    out = run(index, folder, "show", "en-sample/62B").stdout
    assert "(b) leaves the withdrawn card" in out or "leaves the withdrawn card" in out
    assert "на странице, которой нет в скане" not in out


def test_a_word_of_an_english_text_is_never_taken_for_a_typo(bilingual, monkeypatch: pytest.MonkeyPatch) -> None:
    # «withdraws» stands in the English sample (62B): were the glossary to call it a typo of another word, the
    # search still reads it as written — the corpus's own words are never corrected, as for Russian
    folder, index = bilingual
    build(folder, index)
    said = {"withdraws": "withdrawn", "xcard": "card"}
    monkeypatch.setattr(glossary, "english_typos", lambda query: {k: v for k, v in said.items() if k in query})
    answer = Library.open(index).answer("offender withdraws xcard", limit=5)
    assert answer.corrected == {"xcard": "card"}


@settings(max_examples=200, deadline=None)
@given(st.text(alphabet="aZЖжё1 .?é", max_size=300), st.integers(1, 40))
def test_latin_share_read_a_chunk_at_a_time_is_the_share_of_the_whole(text: str, chunk: int) -> None:
    # a 17 MB line's letters listed at once were 700 MiB (the reliability bench's 845 MiB build): now read in
    # chunks, the same share whatever the chunk's size
    from lawref.ingest import bilingual

    letters = [c for c in text if c.isalpha()]
    whole = sum(c.isascii() for c in letters) / len(letters) if letters else 0.0
    saved = bilingual._CHUNK
    try:
        bilingual._CHUNK = chunk
        assert bilingual.latin_share(text) == pytest.approx(whole)
    finally:
        bilingual._CHUNK = saved


# An English page of a law's sections printed without the law's heading line (a federation's page a law, its
# number only in the address), and English that is not the Laws — in our own words.
SECTIONS_ALONE = """\
A. Calls Out of Rotation

1. A call made when it was an opponent's turn is cancelled if the Director is summoned before the
next player calls; the auction reverts to the player whose turn it was.

2. The offender's partner must pass whenever it is his turn, and the lead penalties of Law 26 may apply.

B. Cards Exposed During the Play

A defender's card held so that his partner could see its face is a penalty card, and declarer may
require or forbid the lead of its suit.
"""
NOT_THE_LAWS = """\
Installation

Download the archive, unpack it in a folder of your choice and run the setup program. The program
asks where to put its files and whether to make a shortcut on the desktop. Updates are downloaded
automatically once a week when the computer is connected to the network.
"""


@pytest.mark.parametrize(("text", "lang", "nodes"), [(SECTIONS_ALONE, "en", True), (NOT_THE_LAWS, "ru", False)])
def test_an_english_page_without_a_law_heading_is_kept_as_fragments_when_its_words_are_the_laws(
        tmp_path: Path, text: str, lang: str, nodes: bool) -> None:
    # found on a real federation's page (issue 28's session: a real-page trial): its sections were skipped
    # whole as «not Russian law text: 0% of words known to the Russian lexicon»
    assert detect_lang(text) == lang
    (tmp_path / "page.txt").write_text(text, encoding="utf-8")
    corpus = build_corpus(tmp_path, version="t")
    report = corpus.reports[0]
    if nodes:
        assert report.status == "warning" and report.lang == "en"
        kept = " ".join(n.text for n in corpus.nodes)
        assert "penalty card" in kept and "reverts to the player" in kept
        assert all(n.kind == "fragment" for n in corpus.nodes)
    else:  # English all the same: the reason says so, not «0% of words known to the Russian lexicon»
        assert report.status == "skipped" and not corpus.nodes
        assert any("its words are in Latin letters" in w for w in report.warnings), report.warnings


def test_a_page_in_latin_letters_read_as_russian_has_no_english_column() -> None:
    # a club's minutes in English with few words of the Laws fall back to Russian (detect_lang); their «PART II»
    # block went to the report as «the English column of a bilingual page (not this Russian document's text)»,
    # where the file's own verdict says its words are in Latin letters (a re-reader's find, real34)
    from lawref.ingest.clean import clean

    text = ("Minutes of the committee\n\nItem 12: the new card tables were bought.\n\n"
            "PART II - Finances\n" + "The treasurer reported on the year's accounts and the hall rent. " * 8 + "\n")
    assert detect_lang(text) == "ru"
    cleaned = clean(text, lang="ru")
    assert not any("English column" in d.reason for d in cleaned.report.dropped)
    bilingual = "Правило 1. Колода\nИгра ведётся колодой из 52 карт, и каждая сдача играется ею. " * 6 + "\n" + text
    assert any("English column" in d.reason for d in clean(bilingual, lang="ru").report.dropped)
