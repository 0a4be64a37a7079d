"""lawref.scoring (issue 28): the term-at-a-time scorer gives whoosh's scores.

The proof is a property: any query tree of the shapes lawref builds, over
the seed corpus's own lemmas, matches the same nodes with the same scores
(to 1e-9) as whoosh's matchers give the same tree over the same files. The
span rule is pinned by a table of positions.
"""

from __future__ import annotations

import itertools
from typing import Any

import pytest
from conftest import seed_index_path
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from lawref import scoring as S

# Lemmas of the seed corpus: common ones (so trees match), a rare one, the two readings of «черве»,
# a word in titles, and one no node holds.
LEMMAS = ["игрок", "карта", "взятка", "разыгрывающий", "заявка", "правило", "масть", "партнёр", "болван",
          "фальшренонс", "ход", "очередь", "вне", "сторона", "судья", "претензия", "штрафной", "нет-такого"]
FIELDS = ("title", "text", "context")


@pytest.fixture(scope="module")
def searcher() -> Any:
    from lawref.index import Searcher

    with Searcher(seed_index_path()) as found:
        yield found


def _whoosh(query: S.Query) -> Any:
    """The same tree as whoosh's queries (what lawref.index built before issue 28)."""
    from whoosh import query as Q

    if isinstance(query, S.Term):
        return Q.Term(query.field, query.lemma, boost=query.boost)
    if isinstance(query, S.AnyOf):
        return Q.Or([_whoosh(p) for p in query.parts], boost=query.boost)
    if isinstance(query, S.AllOf):
        return Q.And([_whoosh(p) for p in query.parts])
    if isinstance(query, S.Bonus):
        return Q.AndMaybe(_whoosh(query.required), _whoosh(query.bonus))
    return Q.Sequence([_whoosh(p) for p in query.parts], slop=query.slop, boost=query.boost)


def _terms(field: str) -> st.SearchStrategy[S.AnyOf]:
    return st.lists(st.sampled_from(LEMMAS), min_size=1, max_size=2, unique=True).map(
        lambda lemmas: S.AnyOf(tuple(S.Term(field, lem) for lem in lemmas)))


def _near() -> st.SearchStrategy[S.Near]:
    return st.sampled_from(("title", "text")).flatmap(lambda f: st.builds(
        S.Near, st.lists(_terms(f), min_size=2, max_size=4).map(tuple), st.sampled_from((1, 5)),
        st.sampled_from((1.0, 2.0))))


def _word() -> st.SearchStrategy[S.AnyOf]:
    term = st.builds(S.Term, st.sampled_from(FIELDS), st.sampled_from(LEMMAS), st.sampled_from((1.0, 0.5)))
    return st.lists(term, min_size=1, max_size=4).map(lambda ts: S.AnyOf(tuple(ts)))


def _tree() -> st.SearchStrategy[S.Query]:
    words = st.lists(_word(), min_size=1, max_size=3).map(lambda ws: S.AllOf(tuple(ws)))
    group = st.one_of(words, st.builds(S.Bonus, words, st.lists(_near(), min_size=1, max_size=4).map(
        lambda ns: S.AnyOf(tuple(ns)))))
    return st.one_of(group, _near(), st.lists(group, min_size=2, max_size=3).map(lambda gs: S.AnyOf(tuple(gs))))


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(query=_tree())
def test_a_tree_scores_as_whoosh_scores_it(searcher: Any, query: S.Query) -> None:
    whoosh_searcher = searcher._searcher
    expected = {r.docnum: r.score for r in whoosh_searcher.search(_whoosh(query), limit=None)}
    found = S.scores(query, searcher._postings)
    assert found.keys() == expected.keys()
    for docnum, score in expected.items():
        assert found[docnum] == pytest.approx(score, rel=1e-9)


def test_a_tree_within_some_nodes_scores_only_those(searcher: Any) -> None:
    query = S.AllOf((S.AnyOf((S.Term("text", "игрок"),)), S.AnyOf((S.Term("text", "карта"),))))
    everywhere = S.scores(query, searcher._postings)
    some = set(sorted(everywhere)[::2])
    assert S.scores(query, searcher._postings, some) == {d: everywhere[d] for d in some}


@pytest.mark.parametrize(("a", "b", "slop", "joined"), [
    ([(3, 3)], [(4, 4)], 1, [(3, 4)]),           # adjacent, in order
    ([(4, 4)], [(3, 3)], 1, []),                 # adjacent, out of order
    ([(3, 3)], [(3, 3)], 1, []),                 # the same position: distance 0
    ([(3, 3)], [(5, 5)], 1, []),                 # one word between: beyond a phrase's slop
    ([(3, 3)], [(8, 8)], 5, [(3, 8)]),           # four words between: near
    ([(3, 3)], [(9, 9)], 5, []),                 # five between: not near
    ([(1, 2)], [(3, 3), (4, 4)], 1, [(1, 3)]),   # a joined span followed by the next word
    ([(1, 1), (6, 6)], [(2, 2), (7, 7)], 1, [(1, 2), (6, 7)]),
])
def test_spans_join_as_whoosh_span_near_joins_them(a: list[tuple[int, int]], b: list[tuple[int, int]], slop: int,
                                                  joined: list[tuple[int, int]]) -> None:
    assert S._span_near(a, b, slop) == joined


def test_three_words_join_as_whoosh_tree_of_two() -> None:
    # whoosh cuts [a, b, c] into a and (b, c): (b, c) must join first, then follow a
    assert S._tree_spans([[(1, 1)], [(2, 2)], [(3, 3)]], 1) == [(1, 3)]
    assert S._tree_spans([[(1, 1)], [(2, 2)], [(4, 4)]], 1) == []


_POSITIONS = st.lists(st.integers(0, 40), max_size=6).map(lambda ps: tuple(sorted(set(ps))))


@given(st.lists(st.lists(_POSITIONS, min_size=1, max_size=2), min_size=2, max_size=2), st.integers(1, 6))
def test_two_parts_in_order_as_whoosh_tree_finds_them(parts: list[list[tuple[int, ...]]], slop: int) -> None:
    # the shortcut for a pair (a position of the second 1..slop after the first's) is whoosh's span rule
    terms = [[{7: ps} if ps else {} for ps in part] for part in parts]
    spans = [sorted({(p, p) for ps in part for p in ps}) for part in parts]
    assert S._in_order(terms, 7, slop) == bool(S._tree_spans(spans, slop))


@settings(max_examples=500)
@given(st.lists(st.lists(_POSITIONS, min_size=1, max_size=2), min_size=3, max_size=5), st.integers(1, 6))
def test_parts_in_order_have_each_two_next_to_each_other_within_the_slop(parts: list[list[tuple[int, ...]]],
                                                                           slop: int) -> None:
    # what Postings.held_near asks of a phrase of 3+ words before it reads its spans: whoosh's tree joins
    # the last position of one side with the first of the next, so each two neighbours stand within the slop
    spans = [sorted({(p, p) for ps in part for p in ps}) for part in parts]
    if S._tree_spans(spans, slop):
        for first, second in itertools.pairwise(parts):
            gaps = [q - p for p in itertools.chain(*first) for q in itertools.chain(*second) if q > p]
            assert min(gaps, default=slop + 1) <= slop


@given(st.lists(st.lists(_POSITIONS, min_size=1, max_size=2), min_size=2, max_size=2), st.integers(1, 6))
def test_a_pairs_least_gap_answers_every_slop(parts: list[list[tuple[int, ...]]], slop: int) -> None:
    # a phrase (slop 1) and a nearness (slop 5) of the same pair are answered by one gap (lawref.dense)
    terms = [[{7: ps} if ps else {} for ps in part] for part in parts]
    postings = {("text", f"{k}.{j}"): ({7: 1.0} if ps else {}, terms[k][j]) for k, part in enumerate(parts)
                for j, ps in enumerate(part)}
    near = S.Near(tuple(S.AnyOf(tuple(S.Term("text", f"{k}.{j}") for j in range(len(part))))
                        for k, part in enumerate(parts)), slop)
    gap = S.least_gap(near, lambda field, lemma: postings[(field, lemma)])(7)
    assert (gap is not None and gap <= slop) == S._in_order(terms, 7, slop)
    gaps = [q - p for p in itertools.chain(*parts[0]) for q in itertools.chain(*parts[1]) if q > p]
    assert gap == min(gaps, default=None)  # the least, found by brute force


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(word=_word())
def test_a_words_kept_sums_are_its_terms_summed(searcher: Any, word: S.AnyOf) -> None:
    plain = lambda f, lemma: searcher._postings(f, lemma)  # noqa: E731 — a reader that keeps no sums
    kept = S.Reader(S.Postings(limit=50), searcher._read_postings)  # a small bound: sums forgotten as they grow
    first = S.scores(word, kept)
    assert first == S.scores(word, plain)
    first.clear()  # a caller may change what it was given: the kept sums are not its
    assert S.scores(word, kept) == S.scores(word, plain)
    roomy = S.Postings()
    S.scores(word, S.Reader(roomy, searcher._read_postings))
    assert roomy.summed(word, lambda: pytest.fail("summed again")) == S.scores(word, plain)  # kept, not redone


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(query=_tree(), step=st.integers(min_value=1, max_value=7))
def test_a_tree_within_some_nodes_reads_the_kept_sums_as_its_terms_scored(searcher: Any, query: S.Query,
                                                                          step: int) -> None:
    plain = lambda f, lemma: searcher._postings(f, lemma)  # noqa: E731 — a reader that keeps no sums
    kept = S.Reader(S.Postings(), searcher._read_postings)
    some = set(sorted(S.scores(query, plain, spans=False))[::step]) | {10**9}  # and a node no term holds
    assert S.scores(query, kept, some) == S.scores(query, plain, some)  # the same floats, not approximately


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(query=_near(), limit=st.sampled_from((5, 500_000)))
def test_a_nearness_kept_for_the_generation_is_its_words_order(searcher: Any, query: S.Near, limit: int) -> None:
    plain = lambda f, lemma: searcher._postings(f, lemma)  # noqa: E731 — a reader that keeps nothing
    docs = sorted(S.scores(query, plain, spans=False))  # every node holding its words, in order or not
    holds = S.in_order(query, plain)
    expected = [holds(d) for d in docs]
    kept = S.Reader(S.Postings(limit=limit), searcher._read_postings)  # 5: forgotten as it grows
    assert kept.held_near(query, docs) == expected
    assert kept.held_near(query, docs[::-1]) == expected[::-1]  # asked again: what was kept, in the order asked
    if limit > len(docs) * len(query.parts):  # room for every answer: none is worked out again
        least, order = S.least_gap, S.in_order
        S.least_gap = S.in_order = lambda *_: pytest.fail("worked out again")  # type: ignore[assignment]
        try:
            assert kept.held_near(query, docs) == expected
        finally:
            S.least_gap, S.in_order = least, order


def test_kept_postings_are_bounded_and_read_again_when_forgotten() -> None:
    reads: list[tuple[str, str]] = []

    def read(field: str, lemma: str) -> S.Scored:
        reads.append((field, lemma))
        return {i: 1.0 for i in range(3)}, {}

    kept = S.Postings(limit=5)
    kept.get("text", "a", read)
    kept.get("text", "a", read)
    assert reads == [("text", "a")]
    kept.get("text", "b", read)  # 6 postings: the kept ones are forgotten first
    kept.get("text", "a", read)
    assert reads == [("text", "a"), ("text", "b"), ("text", "a")]


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(query=_tree(), count=st.integers(min_value=1, max_value=30))
def test_the_best_few_are_the_best_of_every_score(searcher: Any, query: S.Query, count: int) -> None:
    # top() checks spans only for nodes whose bound can still rank: the same nodes, scores and order as
    # scoring every node, equal scores by entry number
    every = S.scores(query, searcher._postings)
    assert S.top(query, searcher._postings, count) == sorted(every.items(), key=lambda t: (-t[1], t[0]))[:count]


def test_a_bound_is_never_below_the_score(searcher: Any) -> None:
    phrase = S.Near((S.AnyOf((S.Term("text", "ход"),)), S.AnyOf((S.Term("text", "вне"),))), 1, 2.0)
    bounds, found = S.scores(phrase, searcher._postings, spans=False), S.scores(phrase, searcher._postings)
    assert found and set(found) < set(bounds)  # some nodes hold both words apart
    assert all(bounds[d] >= s for d, s in found.items())


def test_a_searcher_answers_after_another_of_its_generation_closed() -> None:
    # the searchers of a generation share what they read (postings, lengths, stored fields), never a reader
    from lawref.index import Searcher, Words

    words = Words()
    first = Searcher(seed_index_path(), words=words)
    expected = [h.id for h in first.search("фальшренонс взятка")]
    first.search("игрок")
    first.close()
    with Searcher(seed_index_path(), words=words) as second:
        assert [h.id for h in second.search("фальшренонс взятка")] == expected
        assert second.search("болван карта")  # terms, lengths and entries the first never read


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(lemmas=st.lists(st.sampled_from(LEMMAS), min_size=1, max_size=4), fields=st.lists(st.sampled_from(FIELDS),
       min_size=1, max_size=3), step=st.integers(min_value=1, max_value=4))
def test_holding_is_which_nodes_a_words_terms_score(searcher: Any, lemmas: list[str], fields: list[str],
                                                    step: int) -> None:
    # a relaxed search reads which words each candidate holds by set operations: the nodes scores() would give
    query = S.AnyOf(tuple(S.Term(f, lem) for lem in lemmas for f in fields))
    within = set(sorted(S.scores(S.AnyOf(tuple(S.Term(f, lem) for lem in LEMMAS for f in FIELDS)),
                                 searcher._postings))[::step])
    assert S.holding(query, searcher._postings, within) == set(S.scores(query, searcher._postings, within))


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(words=st.lists(_word(), min_size=1, max_size=4))
def test_held_together_is_whether_every_word_matches_in_one_node(searcher: Any, words: list[S.AnyOf]) -> None:
    # a whole-query search first asks whether any node holds every word: never False where the words match together
    assert S.held_together(words, searcher._postings) == bool(S.scores(S.AllOf(tuple(words)), searcher._postings))


def test_a_query_no_node_holds_whole_finds_nothing_and_builds_no_tree(searcher: Any, monkeypatch: Any) -> None:
    built: list[object] = []
    monkeypatch.setattr(type(searcher), "_query", lambda self, *a: built.append(a))
    assert searcher.search("фальшренонс трефы пас") == [] and built == []
    assert searcher.search("фальшренонс масть") == [] and len(built) == 1  # (the tree asked for: none, so no hit)
