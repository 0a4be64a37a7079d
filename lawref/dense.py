"""dense: a query's first stage over every entry at once, summed in arrays (numpy), for a large index.

:func:`lawref.scoring.top` ranks a query in two stages: every node's bound
(its score with no phrase's order checked), then the exact score of the
nodes that can still rank. Summed in dicts, the first stage costs a Python
step for every posting of every word; at 100 copies of the seeds that was
most of a search (issue 28: ``_sum_terms`` and its dict comprehensions,
60% of cProfile's time). Here each term's postings are two arrays (entry
numbers, scores) and a query's bounds are summed over one array of every
entry, in C.

The sums are the ones :func:`lawref.scoring.scores` makes, done in the same
order for each node (``((0 + s₁·b₁) + s₂·b₂) + …``; IEEE doubles, one
rounding per operation, as Python's floats), so every bound is the same
float to the last bit (a Hypothesis property compares them). A node outside
a part's matches adds ``0.0``, which changes no sum; whether a node matches
is kept in a mask beside the scores, never read from a score.

The exact stage (:meth:`Ranked.exact`, asked for the nodes whose bound can
still rank) reuses the first stage's sums: only the parts of the tree that
hold a :class:`~lawref.scoring.Near` are summed again, over those nodes
alone, each Near's order checked there — a phrase and a nearness of one pair
of words by one least gap a node (:func:`lawref.scoring.least_gap`).

The one importer of numpy; only a searcher of an index of
:data:`DENSE_MIN` entries or more loads it, once its generation has run
:data:`DENSE_AFTER` searches (a cold search never pays its import).
"""

from __future__ import annotations

from collections.abc import Collection
from typing import TYPE_CHECKING, Any

from lawref import scoring as S

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

    Floats = npt.NDArray[np.float64]
    Mask = npt.NDArray[np.bool_]

__all__ = ["DENSE_AFTER", "DENSE_MIN", "Dense", "Ranked"]

#: Entries from which a search's first stage is summed in arrays. Below it a dict's step per posting costs no more
#: than numpy's per call (~1 µs) and its import (~50 ms, paid by a cold search): at 10× the seeds (1,133 entries)
#: the two were even (judged queries held: dicts 510, 516, 328 q/s; arrays 525, 490, 370), at 100× arrays won.
DENSE_MIN = 2_000
#: Searches a generation scores in dicts before it makes its arrays (one no node can match whole is no such search:
#: :meth:`lawref.index.Searcher.search` answers it by set operations): numpy's import (~50 ms) is paid back by about as
#: many searches at 100× the seeds (1–2 ms saved each), so a one-off search (the CLI's: a cold ``search`` at 100× was
#: 1.66× the floor in dicts, 2.25–2.94× with the import) never pays it; a held library or a server does, once.
DENSE_AFTER = 32
#: Postings kept as arrays, in all (16 bytes each); past it the kept ones are forgotten and made again.
ARRAYS_KEPT = 2_000_000


class Ranked:
    """One query's nodes ordered best bound first, equal bounds by entry number, with their bounds
    (:class:`lawref.scoring.Ranked`); ``len()`` is the number of nodes matched. Its :meth:`exact`
    scores reuse the arrays the bounds were summed from (``evaluated``): only the parts that hold a
    :class:`~lawref.scoring.Near` are summed again, over the batch's nodes alone."""

    __slots__ = ("_bounds", "_docs", "_evaluated", "_query")

    def __init__(self, docs: Any, bounds: Any, query: S.Query, evaluated: _Evaluated) -> None:
        self._docs, self._bounds, self._query, self._evaluated = docs, bounds, query, evaluated

    def __len__(self) -> int:
        return len(self._docs)

    def head(self, start: int, stop: int) -> list[tuple[int, float]]:
        """``(entry number, bound)`` of the nodes ranked ``start`` to ``stop`` (end-exclusive)."""
        return list(zip(self._docs[start:stop].tolist(), self._bounds[start:stop].tolist(), strict=True))

    def exact(self, docs: list[int]) -> dict[int, float]:
        """The exact score of each of ``docs`` that the query matches with its spans checked."""
        return self._evaluated.exact(self._query, docs)


class Dense:
    """The first stage of one generation's searches: ``entries`` entries
    (whoosh's entry count, deleted ones too: every entry number is below
    it); each term's postings as arrays, made from its dict the first time
    asked and kept (at most :data:`ARRAYS_KEPT` postings in all). Dict
    operations are atomic: the searchers of a generation share one."""

    def __init__(self, entries: int) -> None:
        import numpy  # a large index's held searches only (this module's doc)

        self._np, self.entries = numpy, entries
        self._arrays: dict[tuple[str, str], tuple[Any, Any]] = {}
        self._size = 0

    def ranked(self, query: S.Query, terms: S.Terms, within: Collection[int] | None) -> Ranked:
        """Every node ``query`` matches (only those in ``within`` when given), ordered as
        :class:`Ranked` says, by :func:`lawref.scoring.scores`' bound (``spans`` false)."""
        np = self._np
        evaluated = _Evaluated(self, terms, S.has_near(query))
        score, mask = evaluated.full(query)
        if within is not None:
            mask = mask & self._mask_of(within)
        docs = np.flatnonzero(mask)
        bounds = score[docs]
        order = np.argsort(-bounds, kind="stable")  # ``docs`` ascend: a stable sort keeps equal bounds by number
        return Ranked(docs[order], bounds[order], query, evaluated)

    def _mask_of(self, docs: Collection[int]) -> Mask:
        """Which entries are in ``docs`` (a number that is no entry's is none: it matches nothing, as in a dict)."""
        np = self._np
        numbers = np.fromiter(docs, dtype=np.intp, count=len(docs))
        mask = np.zeros(self.entries, dtype=bool)
        mask[numbers[(numbers >= 0) & (numbers < self.entries)]] = True
        return mask

    def term(self, field: str, lemma: str, terms: S.Terms) -> tuple[Any, Any]:
        """``lemma``'s postings in ``field`` as ``(entry numbers, scores)`` arrays."""
        found = self._arrays.get((field, lemma))
        if found is None:
            np, scored = self._np, terms(field, lemma)[0]
            found = (np.fromiter(scored.keys(), dtype=np.intp, count=len(scored)),
                     np.fromiter(scored.values(), dtype=np.float64, count=len(scored)))
            if self._size + len(scored) > ARRAYS_KEPT:
                self._arrays.clear()
                self._size = 0
            self._arrays[(field, lemma)] = found
            self._size += len(scored)
        return found


class _Evaluated:
    """One query's sums. :meth:`full`: ``(score of every entry, whether it matches)``, a score
    ``0.0`` where it does not, each node of the tree kept (``keep``: the query holds a
    :class:`~lawref.scoring.Near`, so its exact scores will be asked). :meth:`exact`: the same sums over
    some entries, with each :class:`~lawref.scoring.Near`'s spans checked. No array a node was
    given is changed: a kept one may be read again."""

    def __init__(self, dense: Dense, terms: S.Terms, keep: bool) -> None:
        self._dense, self._np, self._terms, self._n = dense, dense._np, terms, dense.entries
        self._kept: dict[int, tuple[Floats, Mask]] | None = {} if keep else None
        self._near: dict[int, bool] = {}  # node → whether it holds a Near (asked at every level of the tree)
        self._pairs: dict[int, tuple[Any, Floats]] = {}  # a Near → (entries holding every word, bounds there)

    def _holds_near(self, query: S.Query) -> bool:
        found = self._near.get(id(query))
        if found is None:
            found = self._near[id(query)] = S.has_near(query)
        return found

    def full(self, query: S.Query) -> tuple[Floats, Mask]:
        if self._kept is None:
            return self._full(query)
        found = self._kept.get(id(query))  # a word's part of two pairs' nearness is summed once
        if found is None:
            found = self._kept[id(query)] = self._full(query)
        return found

    def _full(self, query: S.Query) -> tuple[Floats, Mask]:
        np = self._np
        if isinstance(query, S.Term):
            ids, scores = self._dense.term(query.field, query.lemma, self._terms)
            score, mask = np.zeros(self._n), np.zeros(self._n, dtype=bool)
            score[ids] = scores * query.boost
            mask[ids] = True
            return score, mask
        if isinstance(query, S.AnyOf):
            return self._any(query)
        if isinstance(query, S.Bonus):
            required, held = self.full(query.required)
            if held.any():
                bonus, also = self.full(query.bonus)
                required = required + np.where(held & also, bonus, 0.0)
            return required, held
        return self._all(query.parts, 1.0 if isinstance(query, S.AllOf) else query.boost)  # a Near: order unchecked

    def _any(self, query: S.AnyOf) -> tuple[Floats, Mask]:
        """The sum of the parts that match, in order (``scoring._sum_terms``), times the boost."""
        np = self._np
        total, mask = np.zeros(self._n), np.zeros(self._n, dtype=bool)
        alone = self._kept is None or not self._holds_near(query)  # exact sums read this whole, never its terms
        for part in query.parts:
            if type(part) is S.Term and alone:  # added at its entries as they are: no array of every entry made
                ids, scores = self._dense.term(part.field, part.lemma, self._terms)
                total[ids] += scores * part.boost
                mask[ids] = True
                continue
            if type(part) is S.Near:  # its bounds at the few entries holding every word
                ids, scores = self._near_bounds(part)
                total[ids] += scores
                mask[ids] = True
                continue
            score, held = self.full(part)
            total += score
            mask |= held
        if query.boost != 1.0:
            total *= query.boost
        return total, mask

    def _near_bounds(self, query: S.Near) -> tuple[Any, Floats]:
        """A :class:`~lawref.scoring.Near`'s bounds where all its words stand, ``(entries, bounds)``:
        ``((a + b) + …) × boost``, the floats :meth:`_all` gives there (elsewhere it gives ``0.0``, which
        adds nothing), with no array of every entry summed, masked and scaled for it."""
        found = self._pairs.get(id(query))
        if found is None:
            np = self._np
            parts = [self.full(part) for part in query.parts]
            held = parts[0][1]
            for _, also in parts[1:]:
                held = held & also
            ids = np.flatnonzero(held)
            scores = parts[0][0][ids]
            for score, _ in parts[1:]:
                scores = scores + score[ids]
            if query.boost != 1.0:
                scores *= query.boost
            found = self._pairs[id(query)] = (ids, scores)
        return found

    def _all(self, parts: tuple[S.Query, ...], boost: float) -> tuple[Floats, Mask]:
        """Every part held: their sum in order (``scoring._all``), times ``boost``."""
        total, mask = self.full(parts[0])
        for part in parts[1:]:
            if not mask.any():
                break
            score, held = self.full(part)
            total, mask = total + score, mask & held
        total = self._np.where(mask, total, 0.0)
        if boost != 1.0:
            total *= boost
        return total, mask

    def exact(self, query: S.Query, docs: list[int]) -> dict[int, float]:
        """:func:`lawref.scoring.scores` of ``query`` (:meth:`full` summed it) within ``docs``, spans checked."""
        np = self._np
        at = np.fromiter(docs, dtype=np.intp, count=len(docs))
        score, mask = self._exact(query, at)
        return dict(zip(at[mask].tolist(), score[mask].tolist(), strict=True))

    def _checked(self, query: S.Near, docs: list[int]) -> list[bool]:
        """Whether each of ``docs`` holds ``query``'s parts in order within its slop: a pair by its least
        gap a node (:func:`lawref.scoring.least_gap`), kept for the generation by the reader
        (:meth:`lawref.scoring.Reader.held_near`: a phrase and a nearness of it, and later queries, share it)."""
        if isinstance(self._terms, S.Reader):
            return self._terms.held_near(query, docs)
        holds = S.in_order(query, self._terms)
        return [holds(doc) for doc in docs]

    def _exact(self, query: S.Query, at: Any) -> tuple[Floats, Mask]:
        """``query``'s sums at entries ``at``: a part with no :class:`~lawref.scoring.Near` as kept."""
        np = self._np
        assert self._kept is not None
        if not self._holds_near(query):
            score, mask = self._kept[id(query)]
            return score[at], mask[at]
        if isinstance(query, S.Near):
            if id(query) in self._pairs:  # its bounds kept at the entries holding every word (sorted)
                ids, scores = self._pairs[id(query)]
                if not len(ids):
                    return np.zeros(len(at)), np.zeros(len(at), dtype=bool)
                k = np.minimum(np.searchsorted(ids, at), len(ids) - 1)
                checked, bound = ids[k] == at, scores[k]
            else:
                score, mask = self._kept[id(query)]
                checked, bound = mask[at], score[at]
            held = np.flatnonzero(checked)
            checked[held] = self._checked(query, at[held].tolist())
            return np.where(checked, bound, 0.0), checked
        if isinstance(query, S.AnyOf):
            total, held = np.zeros(len(at)), np.zeros(len(at), dtype=bool)
            for part in query.parts:
                score, mask = self._exact(part, at)
                total += score
                held |= mask
            return (total * query.boost if query.boost != 1.0 else total), held
        if isinstance(query, S.Bonus):
            required, held = self._exact(query.required, at)
            if held.any():
                bonus, also = self._exact(query.bonus, at)
                required = required + np.where(held & also, bonus, 0.0)
            return required, held
        assert isinstance(query, S.AllOf)
        total, held = self._exact(query.parts[0], at)
        for part in query.parts[1:]:
            if not held.any():  # where :meth:`full` stopped too (spans only take nodes away): its parts unsummed
                break
            score, mask = self._exact(part, at)
            total, held = total + score, held & mask
        return np.where(held, total, 0.0), held
