"""Tests for lawref.index (and the morphology it relies on)."""

from __future__ import annotations

import fcntl
import json
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lawref.errors import IndexFolderError, IndexUnavailable
from lawref.folder import open_generation, read_stamp
from lawref.index import Hit, Searcher, search
from lawref.lang import morph
from lawref.model import Node, Source
from lawref.store import build_index


def node(nid: str, text: str, *, title: str | None = None, cite: str | None = None,
         doc: str = "laws", page: int | None = None) -> Node:
    """A section node with the given text (other fields fixed)."""
    return Node(id=nid, doc=doc, kind="section", cite=cite, label="B.", title=title,
                text=text, parent=None, page=page, source=Source("f.txt", 1))


NODES = [
    node("laws/62B", "Игрок обязан исправить ренонс до того, как следующая карта сыграна.",
         title="Исправление ренонса", cite="62B", page=71),
    node("laws/A", "Разыгрывающий забирает взятку себе и кладёт карту рубашкой вверх."),
    node("laws/B", "Количество взяток определяет результат сдачи."),
    node("laws/C", "Судья руководствуется правилом о заявлениях."),
    node("laws/D", "Каждый игрок имеет право на вызов судьи."),
    node("laws/E", "Разыгрывающий даёт указание болвану."),
    node("laws/F", "Партнер дает объяснение торговли."),
    node("laws/T", "Порядок сбора и учёта по окончании сдачи.", title="Взятки", cite="66"),
    node("commentary/1", "Комментарий: взятка считается закрытой, когда карты перевёрнуты.",
         doc="commentary", cite="1"),
]


def ids(hits: list[Hit]) -> set[str]:
    """The node ids of ``hits``."""
    return {h.id for h in hits}


@pytest.fixture(scope="module")
def index_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """An index of NODES, built once for the module."""
    path = tmp_path_factory.mktemp("ix") / "index"
    build_index(NODES, path, stamp="stamp-1")
    return path


# ---------------------------------------------------------------- morphology


def test_morph_lemmas_separate_pravilo_from_pravo_and_unify_vzyatka_forms() -> None:
    assert morph.lemma("правило") != morph.lemma("право")
    assert {morph.lemma(w) for w in ("взятка", "взяток", "взятку", "взятки")} == {"взятка"}
    assert {morph.lemma(w) for w in ("правилом", "правила", "правилу")} == {"правило"}
    assert morph.lemma("Даёт") == morph.lemma("дает")
    assert morph.lemma("62B") == "62b"


def test_morph_tokens_keep_hyphenated_words_and_give_codepoint_offsets() -> None:
    text = "По-прежнему, взятка — ёж."
    toks = morph.tokens(text)
    assert [t[0] for t in toks] == ["По-прежнему", "взятка", "ёж"]
    assert all(text[s:e] == w for w, s, e in toks)


def test_morph_fold_lexeme_forms_and_is_known() -> None:
    assert morph.fold("ЁЖИК") == "ежик"
    assert {"правило", "правилом", "правил", "правилами"} <= morph.lexeme_forms("правилу")
    assert morph.is_known("взятка")


@pytest.mark.parametrize("word", ["скинуть", "отпасовать", "ренонс", "revoke"])
def test_a_lexeme_worked_out_once_is_the_same_and_not_kept(word: str) -> None:
    # a build's query-association lemmas are asked once: kept, they raised a 100× build's peak (session 15)
    before = morph._lexeme_forms.cache_info().currsize
    once = morph.lexeme_forms(word, remember=False)
    assert morph._lexeme_forms.cache_info().currsize == before
    assert once == morph.lexeme_forms(word) and word.replace("ё", "е") in once


# ---------------------------------------------------------------- morphology in search


@pytest.mark.parametrize("query", ["взятка", "взяток", "взятку", "взятки", "ВЗЯТКАМИ"])
def test_every_form_of_vzyatka_finds_nodes_written_with_the_other_forms(index_dir, query) -> None:
    found = ids(search(index_dir, query))
    assert {"laws/A", "laws/B", "laws/T", "commentary/1"} <= found


@pytest.mark.parametrize("query", ["правило", "правилом", "правила", "правилу"])
def test_every_form_of_pravilo_finds_the_node_with_pravilom_but_not_pravo(index_dir, query) -> None:
    found = ids(search(index_dir, query))
    assert "laws/C" in found
    assert "laws/D" not in found


def test_pravo_does_not_match_pravilo(index_dir) -> None:
    assert ids(search(index_dir, "право")) == {"laws/D"}


@pytest.mark.parametrize("query", ["даёт", "дает", "ДАЁТ"])
def test_yo_and_ye_are_folded_on_both_sides(index_dir, query) -> None:
    assert ids(search(index_dir, query)) == {"laws/E", "laws/F"}


def test_title_match_ranks_above_body_matches(index_dir) -> None:
    hits = search(index_dir, "взятки")
    assert hits[0].id == "laws/T"
    assert hits[0].score > hits[1].score


def test_words_are_anded(index_dir) -> None:
    assert ids(search(index_dir, "взятку рубашкой")) == {"laws/A"}
    assert search(index_dir, "взятку право") == []


def test_upper_case_or_gives_alternatives_and_upper_case_and_is_ignored(index_dir) -> None:
    assert ids(search(index_dir, "ренонс OR болвану")) == {"laws/62B", "laws/E"}
    assert ids(search(index_dir, "взятку AND рубашкой")) == {"laws/A"}


def test_function_words_are_dropped_unless_alone(index_dir) -> None:
    assert ids(search(index_dir, "о правилах")) == {"laws/C"}
    assert "laws/C" in ids(search(index_dir, "о"))


@pytest.mark.parametrize("word", ["него", "нему", "ним", "ними", "неё", "нее", "нею", "ею", "хотя", "хоть", "даже",
                                  "ведь", "чтобы"])
def test_a_pronoun_after_a_preposition_and_a_concession_are_function_words(word: str) -> None:
    # «the first lacks: игрок, хотя, него» named them as words the question needed (a new user's find)
    from lawref.index import STOPWORDS

    assert word in STOPWORDS


def test_quoted_phrase_requires_adjacent_words_in_any_form(index_dir) -> None:
    assert ids(search(index_dir, '"правом на вызов"')) == {"laws/D"}
    assert search(index_dir, '"вызов право"') == []


def test_cite_query_puts_the_cited_node_first_latin_or_cyrillic_letter(index_dir) -> None:
    """The search policy (lawref.search), not the index, puts a cited node first."""
    from lawref import search as policy
    from lawref.library import Library

    with Library.open(index_dir) as lib:
        for query, first in (("62B", "laws/62B"), (" 62в ", "laws/62B"), ("66", "laws/T")):  # Cyrillic в
            hits = policy.run(lib, lib.store, lib.searcher(), query, limit=10, doc=None, lang="any").hits
            assert hits[0].id == first and hits[0].score == policy.CITE_SCORE


def test_the_index_indexes_a_cite_like_word_with_latin_letters(tmp_path) -> None:
    build_index([node("laws/X", "см. правило 62В и 10С2")], tmp_path / "ix", stamp="s")  # Cyrillic В, С
    assert ids(search(tmp_path / "ix", "62B")) == {"laws/X"}
    assert ids(search(tmp_path / "ix", "10c2")) == {"laws/X"}


def test_hit_carries_node_fields_and_marked_snippet(index_dir) -> None:
    [hit] = search(index_dir, "ренонсы")
    assert (hit.id, hit.cite, hit.doc, hit.kind, hit.title, hit.page) == (
        "laws/62B", "62B", "laws", "section", "Исправление ренонса", 71)
    assert "⟦ренонс⟧" in hit.marked() and [hit.snippet[a:b] for a, b in hit.marks] == ["ренонс"]
    [hit] = search(index_dir, "взяток", doc="commentary")
    assert "⟦взятка⟧" in hit.marked() and hit.page is None


def test_snippet_is_short_and_centred_on_the_match(tmp_path) -> None:
    filler = "Слово " * 200
    build_index([node("laws/L", filler + "здесь взятка. " + filler)], tmp_path / "ix", stamp="s")
    [hit] = search(tmp_path / "ix", "взятки")
    assert "⟦взятка⟧" in hit.marked() and [hit.snippet[a:b] for a, b in hit.marks] == ["взятка"]
    assert len(hit.snippet) <= 210
    assert hit.snippet.startswith("…") and hit.snippet.endswith("…")


# ---------------------------------------------------------------- awkward queries


@pytest.mark.parametrize(
    "query", ['"', "(*)", "-", ":", "?", "*", "AND", "OR", "()", '""', " ", "", "\n\t", "—", "«»", "\\"]
)
def test_wordless_or_operator_only_queries_return_nothing(index_dir, query) -> None:
    assert search(index_dir, query) == []


@pytest.mark.parametrize(
    "query", ['"взятку', "взятку)", "(взятку", "-взятку", "взятку:", "взятку?", "взятку*",
              "*взятку*", "взятку AND", "OR взятку", '"взятку"', "[взятку]", "взятку,", "«взятку»"]
)
def test_punctuation_around_a_word_gives_the_plain_word_hits(index_dir, query) -> None:
    assert ids(search(index_dir, query)) == ids(search(index_dir, "взятку"))


@settings(deadline=None, max_examples=150)
@given(st.text(max_size=40))
def test_any_string_is_a_valid_query_and_wordless_ones_match_nothing(index_dir, query) -> None:
    hits = search(index_dir, query, limit=50)
    if not morph.tokens(query):
        assert hits == []
    assert len(hits) <= len(NODES)


def test_limit_below_one_is_rejected(index_dir) -> None:
    with pytest.raises(ValueError):
        search(index_dir, "взятка", limit=0)


def test_limit_caps_hits(index_dir) -> None:
    assert len(search(index_dir, "взятка", limit=2)) == 2


# ---------------------------------------------------------------- doc filter


def test_doc_filter_restricts_hits_to_that_document(index_dir) -> None:
    assert ids(search(index_dir, "взятка", doc="commentary")) == {"commentary/1"}
    laws = search(index_dir, "взятка", doc="laws")
    assert laws and all(h.doc == "laws" for h in laws)
    assert search(index_dir, "взятка", doc="nope") == []


# ---------------------------------------------------------------- build / swap / lock


def test_read_stamp_returns_build_stamp_and_none_without_index(index_dir, tmp_path) -> None:
    assert read_stamp(index_dir) == "stamp-1"
    assert read_stamp(tmp_path / "missing") is None


def test_rebuild_swaps_atomically_while_an_earlier_searcher_keeps_working(tmp_path) -> None:
    path = tmp_path / "index"
    build_index(NODES, path, stamp="old")
    with Searcher(path) as early:
        build_index([node("laws/Z", "Болван молчит.")], path, stamp="new")
        assert early.stamp == "old"
        assert {"laws/A", "laws/B"} <= ids(early.search("взятка"))
    assert read_stamp(path) == "new"
    assert search(path, "взятка") == []
    assert ids(search(path, "болвана")) == {"laws/Z"}
    assert sorted(p.name for p in tmp_path.iterdir()) == ["index"]  # nothing written beside the index folder


def test_readers_never_fail_during_repeated_rebuilds(tmp_path) -> None:
    path = tmp_path / "index"
    build_index(NODES, path, stamp="0")
    errors: list[BaseException] = []
    counts: list[int] = []
    stop = threading.Event()

    def reader() -> None:
        while not stop.is_set():
            try:
                counts.append(len(search(path, "взятка")))
            except BaseException as exc:  # noqa: BLE001 - recorded for the assert
                errors.append(exc)

    thread = threading.Thread(target=reader)
    thread.start()
    try:
        for i in range(1, 8):
            build_index(NODES, path, stamp=str(i))
    finally:
        stop.set()
        thread.join()
    assert errors == []
    assert counts and set(counts) == {4}
    assert read_stamp(path) == "7"


def test_build_waits_for_the_lock_held_by_another_builder(tmp_path) -> None:
    path = tmp_path / "index"
    build_index(NODES, path, stamp="first")
    with open(path / ".lock", "a") as lock:
        fcntl.flock(lock.fileno(), fcntl.LOCK_EX)
        builder = threading.Thread(target=build_index, args=(NODES, path), kwargs={"stamp": "second"})
        builder.start()
        time.sleep(0.5)
        assert builder.is_alive()
        assert read_stamp(path) == "first"
        fcntl.flock(lock.fileno(), fcntl.LOCK_UN)
    builder.join(timeout=30)
    assert not builder.is_alive()
    assert read_stamp(path) == "second"


def test_concurrent_builds_serialise_and_leave_one_complete_index(tmp_path) -> None:
    path = tmp_path / "index"
    builders = [threading.Thread(target=build_index, args=(NODES, path), kwargs={"stamp": f"s{i}"})
                for i in range(4)]
    for b in builders:
        b.start()
    for b in builders:
        b.join()
    assert read_stamp(path) in {"s0", "s1", "s2", "s3"}
    assert len(search(path, "взятка")) == 4
    assert sorted(p.name for p in tmp_path.iterdir()) == ["index"]
    live = open_generation(path).path.name
    gens = [p.name for p in path.iterdir() if p.name.startswith("gen-")]
    assert live in gens and len(gens) <= 2  # the live build and the one it replaced, no more


def test_index_dir_holds_stamp_and_forms_table(index_dir) -> None:
    from lawref.nodestore import NODES_FILE, SqliteStore

    gen = open_generation(index_dir)
    assert gen.stamp == "stamp-1"
    forms = SqliteStore(gen.path / NODES_FILE).all_forms()
    assert forms["взятками"][0] == "взятка"  # a form absent from the corpus
    assert forms["правилом"] == ("правило",)


def test_the_forms_table_is_held_in_rows_the_garbage_collector_need_not_walk(index_dir) -> None:
    """A searcher keeps every form's row for typos and compounds (46,757 at 100× the seeds): rows of
    strings in tuples are untracked by the collector after one collection, where lists were walked at
    every full one (issue 28: 70–140 ms a full collection in a server worker)."""
    import gc

    from lawref.nodestore import NODES_FILE, SqliteStore

    store = SqliteStore(open_generation(index_dir).path / NODES_FILE)
    rows = [*store.all_forms().values(), *store.lemmas(["взятками", "правилом", "нетслова"]).values()]
    assert rows and all(isinstance(r, tuple) for r in rows)
    gc.collect()
    assert not any(gc.is_tracked(r) for r in rows)


def test_build_refuses_to_replace_a_directory_that_is_not_an_index(tmp_path) -> None:
    (tmp_path / "data").mkdir()
    (tmp_path / "data" / "precious.txt").write_text("keep", encoding="utf-8")
    with pytest.raises(IndexFolderError):
        build_index(NODES, tmp_path / "data", stamp="s")
    assert (tmp_path / "data" / "precious.txt").read_text(encoding="utf-8") == "keep"


def test_build_rejects_duplicate_node_ids(tmp_path) -> None:
    with pytest.raises(ValueError):
        build_index([NODES[0], NODES[0]], tmp_path / "index", stamp="s")


def test_empty_corpus_builds_an_index_that_finds_nothing(tmp_path) -> None:
    build_index([], tmp_path / "index", stamp="empty")
    assert search(tmp_path / "index", "взятка") == []


# ---------------------------------------------------------------- unavailable


def test_search_on_missing_dir_raises_index_unavailable(tmp_path) -> None:
    with pytest.raises(IndexUnavailable):
        search(tmp_path / "missing", "взятка")


def test_search_on_empty_or_garbage_dir_raises_index_unavailable(tmp_path) -> None:
    (tmp_path / "empty").mkdir()
    with pytest.raises(IndexUnavailable):
        search(tmp_path / "empty", "взятка")
    (tmp_path / "junk").mkdir()
    (tmp_path / "junk" / "STAMP").write_text("x", encoding="utf-8")
    (tmp_path / "junk" / "forms.json").write_text("{not json", encoding="utf-8")
    with pytest.raises(IndexUnavailable):
        search(tmp_path / "junk", "взятка")


# ---------------------------------------------------------------- no pymorphy at query time


def test_search_does_not_load_pymorphy3(index_dir) -> None:
    code = (
        "import json, sys\n"
        "from lawref.index import search\n"
        f"hits = search({str(index_dir)!r}, 'взятками правило OR даёт')\n"
        "print(json.dumps({'n': len(hits), 'pymorphy3': 'pymorphy3' in sys.modules}))\n"
    )
    out = subprocess.run([sys.executable, "-W", "error", "-c", code],
                         capture_output=True, text=True, check=True, timeout=120)
    result = json.loads(out.stdout)
    assert result == {"n": 2, "pymorphy3": False}


def test_each_alternative_has_its_own_phrases(index_dir) -> None:
    # «"a b" OR "c d"»: either phrase, not both (a synonym's or the glossary's copy of a query is an alternative)
    one = {h.id for h in search(index_dir, '"исправить ренонс"')}
    other = {h.id for h in search(index_dir, '"рубашкой вверх"')}
    either = {h.id for h in search(index_dir, '"исправить ренонс" OR "рубашкой вверх"')}
    assert one == {"laws/62B"} and other == {"laws/A"} and either == one | other
    assert {h.id for h in search(index_dir, '"исправить ренонс" "OR следующая"')} <= one  # OR inside quotes is a word


def test_a_whole_question_searches_none_of_its_function_words(seed_library) -> None:
    question = "Что делать, если игрок не дал в масть, хотя у него была карта этой масти?"
    assert seed_library.searcher().words(question) == ["игрок", "дал", "масть", "карта", "масти"]


_JSON = st.recursive(st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=8),
                     lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=4), inner, max_size=4),
                     max_leaves=30)


@settings(max_examples=300, deadline=None)
@given(st.lists(_JSON, max_size=5))
def test_a_stored_list_is_encoded_a_piece_at_a_time_as_json_encodes_it_whole(value: list) -> None:
    # a 20,000-heading file's report is 8 MB of JSON in one item: made a piece at a time into one buffer
    # (the build's peak 327 → 316 MiB), the bytes must be those of the whole list's JSON
    from lawref import nodestore

    assert nodestore._utf8_list(value) == nodestore._dumps(value).encode("utf-8")


def test_the_verb_a_question_is_told_with_is_no_subject(seed_library) -> None:
    # «игрок сделал фальшренонс что теперь» ranked first a page-59 fragment holding «игрок сделал» and no
    # «фальшренонс» (the past «сделал» weighed as a rare word; «сделать» was a function word already)
    question = "игрок сделал фальшренонс что теперь"
    assert seed_library.searcher().words(question) == ["игрок", "фальшренонс"]
    assert seed_library.search(question)[0].cite == "62A"
