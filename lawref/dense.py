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

The one importer of numpy; only a searcher of an index of
:data:`DENSE_MIN` entries or more loads it (a cold search of the seeds does
not pay its import).
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

__all__ = ["DENSE_MIN", "Dense", "Ranked", "first_stage"]

#: Entries from which a search's first stage is summed in arrays. Below it, a dict's step per posting costs
#: less than numpy's per call (~1 µs) and its import (~50 ms, paid by a cold search).
DENSE_MIN = 2_000
#: Postings kept as arrays, in all (16 bytes each); past it the kept ones are forgotten and made again.
ARRAYS_KEPT = 2_000_000


class Ranked:
    """Nodes ordered best bound first, equal bounds by entry number, with their bounds: what
    :func:`lawref.scoring.top` reads in batches. ``len()`` is the number of nodes matched."""

    __slots__ = ("_bounds", "_docs")

    def __init__(self, docs: Any, bounds: Any) -> None:
        self._docs, self._bounds = docs, bounds

    def __len__(self) -> int:
        return len(self._docs)

    def head(self, start: int, stop: int) -> list[tuple[int, float]]:
        """``(entry number, bound)`` of the nodes ranked ``start`` to ``stop`` (end-exclusive)."""
        return list(zip(self._docs[start:stop].tolist(), self._bounds[start:stop].tolist(), strict=True))


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
        score, mask = self._eval(query, terms)
        if within is not None:
            mask = mask & self._mask_of(within)
        docs = np.flatnonzero(mask)
        bounds = score[docs]
        order = np.argsort(-bounds, kind="stable")  # ``docs`` ascend: a stable sort keeps equal bounds by number
        return Ranked(docs[order], bounds[order])

    def _mask_of(self, docs: Collection[int]) -> Mask:
        """Which entries are in ``docs`` (a number that is no entry's is none: it matches nothing, as in a dict)."""
        np = self._np
        numbers = np.fromiter(docs, dtype=np.intp, count=len(docs))
        mask = np.zeros(self.entries, dtype=bool)
        mask[numbers[(numbers >= 0) & (numbers < self.entries)]] = True
        return mask

    def _term(self, field: str, lemma: str, terms: S.Terms) -> tuple[Any, Any]:
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

    def _eval(self, query: S.Query, terms: S.Terms) -> tuple[Floats, Mask]:
        """``(score of every entry, whether it matches)``; a score is ``0.0`` where it does not."""
        if isinstance(query, S.Term):
            return self._term_scores(query, terms)
        if isinstance(query, S.AnyOf):
            return self._any(query, terms)
        if isinstance(query, S.AllOf):
            return self._all(query.parts, terms, 1.0)
        if isinstance(query, S.Bonus):
            required, held = self._eval(query.required, terms)
            if held.any():
                bonus, also = self._eval(query.bonus, terms)
                required += self._np.where(held & also, bonus, 0.0)
            return required, held
        return self._all(query.parts, terms, query.boost)  # a Near: its parts all held, order unchecked

    def _term_scores(self, query: S.Term, terms: S.Terms) -> tuple[Floats, Mask]:
        np = self._np
        ids, scores = self._term(query.field, query.lemma, terms)
        score, mask = np.zeros(self.entries), np.zeros(self.entries, dtype=bool)
        score[ids] = scores * query.boost
        mask[ids] = True
        return score, mask

    def _any(self, query: S.AnyOf, terms: S.Terms) -> tuple[Floats, Mask]:
        """The sum of the parts that match, in order (``scoring._sum_terms``), times the boost."""
        np = self._np
        total, mask = np.zeros(self.entries), np.zeros(self.entries, dtype=bool)
        for part in query.parts:
            if type(part) is S.Term:  # added at its entries as they are: no array of every entry made
                ids, scores = self._term(part.field, part.lemma, terms)
                total[ids] += scores * part.boost
                mask[ids] = True
                continue
            score, held = self._eval(part, terms)
            total += score
            mask |= held
        if query.boost != 1.0:
            total *= query.boost
        return total, mask

    def _all(self, parts: tuple[S.Query, ...], terms: S.Terms, boost: float) -> tuple[Floats, Mask]:
        """Every part held: their sum in order (``scoring._all``), times ``boost``."""
        total, mask = self._eval(parts[0], terms)
        for part in parts[1:]:
            if not mask.any():
                break
            score, held = self._eval(part, terms)
            total += score
            mask &= held
        total = self._np.where(mask, total, 0.0)
        if boost != 1.0:
            total *= boost
        return total, mask


def first_stage(entries: int) -> Dense | None:
    """A :class:`Dense` for an index of ``entries`` entries, or ``None`` when it has fewer than :data:`DENSE_MIN`."""
    return Dense(entries) if entries >= DENSE_MIN else None
