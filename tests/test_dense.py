"""lawref.dense (issue 28): a large index's first stage, summed in arrays, gives the dicts' floats.

The proof is a property over the seed index's own postings: for any query
tree of the shapes lawref builds, every node's bound summed in arrays is the
same float (``==``, not approximately) as :func:`lawref.scoring.scores`
sums in dicts, ranked in the same order; and :func:`lawref.scoring.top`
answers the same with either first stage. Then what loads it: only an index
of :data:`~lawref.dense.DENSE_MIN` entries or more.
"""

from __future__ import annotations

import subprocess
import sys
from typing import Any

import pytest
from conftest import seed_index_path
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_scoring import _tree

from lawref import dense
from lawref import scoring as S

FIXTURE = [HealthCheck.function_scoped_fixture]


@pytest.fixture(scope="module")
def searcher() -> Any:
    from lawref.index import Searcher

    with Searcher(seed_index_path()) as found:
        yield found


def _readers(searcher: Any) -> tuple[S.Reader, S.Reader, dense.Dense]:
    """The seed index's postings read by dicts alone, and with a first stage in arrays."""
    first = dense.Dense(searcher._searcher.doc_count_all())
    kept = S.Postings()
    return S.Reader(kept, searcher._read_postings), S.Reader(kept, searcher._read_postings, first), first


@settings(max_examples=300, deadline=None, suppress_health_check=FIXTURE)
@given(query=_tree(), within=st.none() | st.sets(st.integers(0, 120), max_size=60))
def test_every_bound_is_the_dicts_float_in_the_dicts_order(searcher: Any, query: S.Query,
                                                           within: set[int] | None) -> None:
    plain, _, first = _readers(searcher)
    bounds = S.scores(query, plain, within, spans=False)
    ranked = first.ranked(query, plain, within)
    assert ranked.head(0, len(ranked)) == sorted(bounds.items(), key=lambda t: (-t[1], t[0]))


@settings(max_examples=300, deadline=None, suppress_health_check=FIXTURE)
@given(query=_tree(), count=st.integers(min_value=1, max_value=30))
def test_the_best_few_are_the_same_with_either_first_stage(searcher: Any, query: S.Query, count: int) -> None:
    plain, arrays, _ = _readers(searcher)
    assert S.top(query, arrays, count) == S.top(query, plain, count)


def test_a_node_that_matches_with_no_score_is_still_matched() -> None:
    # whether a node matches is kept beside its score, never read from it: a term of boost 0 still matches
    postings = {("text", "a"): {0: 1.5, 2: 0.25}, ("text", "b"): {2: 1.0}}

    def terms(field: str, lemma: str) -> S.Scored:
        return postings.get((field, lemma), {}), {}

    query = S.AllOf((S.AnyOf((S.Term("text", "a", 0.0),)), S.Term("text", "b")))
    assert dense.Dense(3).ranked(query, terms, None).head(0, 3) == [(2, 1.0)]
    assert S.scores(query, terms) == {2: 1.0}


def test_kept_arrays_are_bounded_and_made_again_when_forgotten(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(dense, "ARRAYS_KEPT", 3)
    reads: list[str] = []

    def terms(field: str, lemma: str) -> S.Scored:
        reads.append(lemma)
        return {0: 1.0, 1: 2.0}, {}

    first = dense.Dense(2)
    for lemma in ("a", "a", "b", "a"):  # «b» does not fit beside «a»: «a» is forgotten, then made again
        first.ranked(S.Term("text", lemma), terms, None)
    assert reads == ["a", "b", "a"]


AFTER = dense.DENSE_AFTER


@pytest.mark.parametrize(("least", "searches", "made"), [
    (10**9, AFTER + 1, False),  # a small index: never
    (1, AFTER, False),  # a large one's first searches: in dicts (a one-off search never loads numpy)
    (1, AFTER + 1, True),  # then in arrays: numpy's import is paid back by the searches to come
])
def test_only_a_large_index_held_for_many_searches_sums_in_arrays(monkeypatch: pytest.MonkeyPatch, least: int,
                                                                 searches: int, made: bool) -> None:
    from lawref.index import Searcher

    monkeypatch.setattr(dense, "DENSE_MIN", least)  # the seeds' index (114 entries) as large, or not
    with Searcher(seed_index_path()) as searcher:
        for k in range(searches):
            searcher.search(f"взятка OR {k}")  # each scored (one no node holds whole is answered by set operations)
        assert isinstance(searcher.lookups.first, dense.Dense) is made
        assert searcher._postings.first is searcher.lookups.first


def test_a_search_of_the_seeds_does_not_load_numpy() -> None:
    # the seeds have far fewer entries than DENSE_MIN: a cold search there pays no numpy import
    code = ("import sys\nfrom lawref.index import Searcher\n"
            f"with Searcher({str(seed_index_path())!r}) as s:\n    assert s.search('взятка фальшренонс')\n"
            "assert 'numpy' not in sys.modules, 'numpy loaded'")
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr


class _Spy:
    """A first stage that counts what :func:`lawref.scoring.top` asks of it (and answers as ``Dense``)."""

    def __init__(self, first: dense.Dense) -> None:
        self.first, self.asked = first, {"ranked": 0, "exact": 0}

    def ranked(self, query: S.Query, terms: S.Terms, within: Any) -> Any:
        self.asked["ranked"] += 1
        ranked, spy = self.first.ranked(query, terms, within), self

        class Counted:
            def __len__(self) -> int:
                return len(ranked)

            def head(self, start: int, stop: int) -> list[tuple[int, float]]:
                return ranked.head(start, stop)

            def exact(self, docs: list[int]) -> dict[int, float]:
                spy.asked["exact"] += 1
                return ranked.exact(docs)

        return Counted()


def test_top_takes_its_bounds_and_exact_scores_from_the_first_stage(searcher: Any) -> None:
    # the properties above would pass if top ignored its first stage: this one counts that it is asked
    plain, _, first = _readers(searcher)
    spy = _Spy(first)
    staged = S.Reader(S.Postings(), searcher._read_postings, spy)
    phrase = S.Bonus(S.AllOf((S.AnyOf((S.Term("text", "ход"),)), S.AnyOf((S.Term("text", "вне"),)))),
                     S.Near((S.AnyOf((S.Term("text", "ход"),)), S.AnyOf((S.Term("text", "вне"),))), 1, 2.0))
    assert S.top(phrase, staged, 5) == S.top(phrase, plain, 5)
    assert spy.asked["ranked"] == 1 and spy.asked["exact"] >= 1
