"""scoring: lawref's query tree scored term at a time over postings held in memory.

Whoosh builds a tree of matchers for every query, reading each term's
postings again, and most of a search went into building that tree (issue 28,
cProfile: ``set_subsearcher`` two thirds of the judged set's time). This
module scores the same queries from postings read once per generation
(:class:`Postings`, filled by :mod:`lawref.index`, which alone reads
whoosh's files) and gives the same scores whoosh's BM25F gives the same
tree:

* a :class:`Term` scores ``bm25(idf, weight, length) × boost`` in each node
  holding it (whoosh's ``BM25FScorer``: ``idf = log(N / (df + 1)) + 1`` over
  every entry, deleted ones too; ``weight`` the term's frequency times its
  field's boost; ``length`` the field's length as whoosh stores it);
* :class:`AnyOf` sums its parts that match (whoosh's ``Or``), times its boost;
* :class:`AllOf` matches where every part does and sums them (``And``);
* :class:`Bonus` is its required part, plus its bonus part where that
  matches too (``AndMaybe``);
* :class:`Near` matches where its parts stand in order, each within
  ``slop`` positions of the one before (whoosh's ``Sequence``: a binary tree
  of ``SpanNear`` matchers, ordered, at least one position apart), and
  scores the sum of its parts times its boost.

Scores are summed in another order than whoosh's matcher tree sums them,
so they can differ in the last bits of a float; the index rounds scores to
nine decimals before it breaks ties in reading order. Every node of the
tree is a named tuple (immutable and hashed as a tuple is, in C; its class is
made at import in a tenth of a frozen dataclass's time, a cold search's
milliseconds: issue 28) and a node compares only with nodes of its own
kind (a word's sums are kept by its :class:`AnyOf`); :func:`scores` evaluates one to ``{document
number: score}``, only within ``within`` document numbers when given (the
nodes a bonus can still add to); :func:`top` gives the best few of them,
checking the order of a phrase's words only in the nodes that can still rank.
"""

from __future__ import annotations

import heapq
import itertools
from bisect import bisect_right
from collections.abc import Callable, Collection, Iterable, Iterator, Mapping
from math import log
from typing import Any, NamedTuple, Protocol

__all__ = ["AllOf", "AnyOf", "Bonus", "FirstStage", "Near", "Positions", "Postings", "Ranked", "Reader", "Scored",
           "Term", "Terms", "bm25", "has_near", "held_together", "idf", "in_order", "least_gap", "scores", "top"]

_UNKNOWN = object()

#: Whoosh's BM25F defaults (``whoosh.scoring.BM25F``), which the index was always scored with.
B, K1 = 0.75, 1.2

#: One term's postings: ``(document number → score, document number → positions)``; positions are
#: kept only for the fields phrases and nearness read.
Scored = tuple[dict[int, float], Mapping[int, tuple[int, ...]]]


class Positions(Mapping[int, tuple[int, ...]]):
    """A term's positions in each node holding it, each decoded by
    ``decode`` from its stored value when first asked: a query reads the
    positions of the few nodes that hold every word of a phrase, not of every
    node holding one of them."""

    def __init__(self, raw: dict[int, bytes], decode: Callable[[bytes], list[int]]) -> None:
        self._raw, self._decode = raw, decode
        self._done: dict[int, tuple[int, ...]] = {}

    def __getitem__(self, doc: int) -> tuple[int, ...]:
        found = self._done.get(doc)
        if found is None:
            found = self._done[doc] = tuple(self._decode(self._raw[doc]))
        return found

    def __contains__(self, doc: object) -> bool:
        return doc in self._raw

    def get(self, doc: int, default: Any = None) -> Any:  # one call, not ``in`` then ``[]`` (a span check's)
        found = self._done.get(doc)
        if found is None:
            raw = self._raw.get(doc)
            if raw is None:
                return default
            found = self._done[doc] = tuple(self._decode(raw))
        return found

    def __iter__(self) -> Iterator[int]:
        return iter(self._raw)

    def __len__(self) -> int:
        return len(self._raw)


def idf(entries: int, holding: int) -> float:
    """Whoosh's inverse document frequency: ``log(entries / (holding + 1)) + 1``
    (``entries`` every entry of the index, deleted ones too, as whoosh counts them)."""
    return log(entries / (holding + 1)) + 1


def bm25(idf_: float, weight: float, length: float, average: float) -> float:
    """Whoosh's ``bm25``: a term of ``weight`` (its frequency times the field's boost) in a field of
    ``length`` words, where fields average ``average`` words."""
    return idf_ * ((weight * (K1 + 1)) / (weight + K1 * ((1 - B) + B * length / average)))


class Term(NamedTuple):
    """``lemma`` in ``field``, its score times ``boost``."""

    field: str
    lemma: str
    boost: float = 1.0


class AnyOf(NamedTuple):
    """Any of ``parts``: the sum of those that match, times ``boost``."""

    parts: tuple[Query, ...]
    boost: float = 1.0


class AllOf(NamedTuple):
    """Every one of ``parts``: the sum of their scores."""

    parts: tuple[Query, ...]


class Bonus(NamedTuple):
    """``required``, plus ``bonus``'s score where that matches too."""

    required: Query
    bonus: Query


class Near(NamedTuple):
    """``parts`` (each an :class:`AnyOf` of terms of one field) in order,
    each within ``slop`` positions of the one before; the sum of their
    scores times ``boost``."""

    parts: tuple[AnyOf, ...]
    slop: int
    boost: float = 1.0


Query = Term | AnyOf | AllOf | Bonus | Near


class _Bounded:
    """Values by key, at most ``limit`` entries in all (each value counts
    ``size(value)``); past that the kept ones are all forgotten first."""

    def __init__(self, limit: int, size: Callable[[Any], int]) -> None:
        self._limit, self._measure = limit, size
        self.kept: dict[Any, Any] = {}
        self._size = 0

    def keep(self, key: Any, value: Any) -> None:
        n = self._measure(value)
        if self._size + n > self._limit:
            self.kept.clear()
            self._size = 0
        self.kept[key] = value
        self._size += n


class Postings:
    """The postings of the terms queries ask for, each read once by the
    ``read(field, lemma)`` a searcher gives (:mod:`lawref.index`, which alone
    reads whoosh's files) and kept: ``(score of each node holding it, its
    positions there)``; and the sums of a word's terms (:meth:`Reader.kept_sums`).
    At most ``limit`` postings, and as many summed entries, are kept; past
    that the kept ones are forgotten and read again as asked (a searcher's
    memory stays bounded at any corpus size). Dict operations are atomic, so
    the searchers of one generation share one (a race reads a term twice,
    never spoils it)."""

    def __init__(self, limit: int = 500_000) -> None:
        self._terms = _Bounded(limit, lambda scored: len(scored[0]))
        self._sums = _Bounded(limit, len)
        self._limit = limit
        self._near: dict[Any, dict[int, Any]] = {}  # a nearness's parts (and slop) → node → least gap (in order)
        self._near_kept = 0  # about as many (threads may miss one another's counts)

    def get(self, field: str, lemma: str, read: Callable[[str, str], Scored]) -> Scored:
        """``lemma``'s postings in ``field``, read by ``read`` the first time."""
        found: Scored | None = self._terms.kept.get((field, lemma))
        if found is None:
            found = read(field, lemma)
            self._terms.keep((field, lemma), found)
        return found

    def held_near(self, query: Near, docs: Iterable[int], terms: Terms) -> list[bool]:
        """Whether each of ``docs`` holds ``query``'s parts in order within its slop, each node's
        answer worked out by ``terms`` the first time: a pair by its least gap (:func:`least_gap`, kept by
        the pair's parts: a phrase and a nearness of the same words share it); more parts first by the
        least gap of each two next to each other (in whoosh's tree of ``SpanNear`` the last position of
        one part's side and the first of the next one's are joined: each such gap is at most the slop, or
        the parts do not stand in order), then by :func:`in_order`, kept by the parts and the slop. Past
        ``limit`` answers kept, the kept ones are forgotten."""
        docs = list(docs)
        slop = query.slop
        if len(query.parts) == 2:
            return [gap is not None and gap <= slop for gap in self._gaps(query, docs, terms)]
        kept = self._kept_near((query.parts, query.slop))
        out: list[bool] = [kept.get(doc, _UNKNOWN) for doc in docs]
        unknown = [k for k, found in enumerate(out) if found is _UNKNOWN]
        if not unknown:
            return out
        asked = [docs[k] for k in unknown]
        possible = [True] * len(asked)
        for a, b in itertools.pairwise(query.parts):  # a pair not within the slop: not in order, no spans read
            gaps = self._gaps(Near((a, b), slop), asked, terms)
            possible = [ok and gap is not None and gap <= slop for ok, gap in zip(possible, gaps, strict=True)]
        holds = in_order(query, terms)
        for k, doc, ok in zip(unknown, asked, possible, strict=True):
            out[k] = kept[doc] = ok and holds(doc)
            self._near_kept += 1
        return out

    def _gaps(self, pair: Near, docs: list[int], terms: Terms) -> list[int | None]:
        """The least gap of ``pair``'s two parts in each of ``docs``, kept by the parts."""
        kept = self._kept_near(pair.parts)
        least: Callable[[int], int | None] | None = None
        out: list[int | None] = []
        for doc in docs:
            gap = kept.get(doc, _UNKNOWN)
            if gap is _UNKNOWN:
                least = least or least_gap(pair, terms)
                gap = kept[doc] = least(doc)
                self._near_kept += 1
            out.append(gap)
        return out

    def _kept_near(self, key: Any) -> dict[int, Any]:
        kept = self._near.get(key)
        if kept is None:
            if self._near_kept > self._limit:
                self._near.clear()
                self._near_kept = 0
            kept = self._near[key] = {}
        return kept

    def summed(self, query: AnyOf, work: Callable[[], dict[int, float]]) -> dict[int, float]:
        """``query``'s sums, worked out by ``work`` the first time."""
        found: dict[int, float] | None = self._sums.kept.get(query)
        if found is None:
            found = work()
            self._sums.keep(query, found)
        return found


#: What scores a query: a term's postings by field and lemma (:meth:`Postings.get` with its reader).
Terms = Callable[[str, str], Scored]


class Ranked(Protocol):
    """Nodes ordered best bound first, equal bounds by document number (what :func:`top` reads)."""

    def __len__(self) -> int: ...

    def head(self, start: int, stop: int) -> list[tuple[int, float]]:
        """``(document number, bound)`` of the nodes ranked ``start`` to ``stop`` (end-exclusive)."""
        ...

    def exact(self, docs: list[int]) -> dict[int, float]:
        """:func:`scores` of the query ranked, spans checked, within ``docs`` (some of those ranked)."""
        ...


class FirstStage(Protocol):
    """What ranks every node by its bound at once (:class:`lawref.dense.Dense`, for a large index)."""

    def ranked(self, query: Query, terms: Terms, within: Collection[int] | None) -> Ranked: ...


class _Ordered:
    """A :class:`Ranked` of ``query``'s bounds in a dict: ``order`` their keys ranked."""

    __slots__ = ("_bounds", "_order", "_postings", "_query")

    def __init__(self, order: list[int], bounds: dict[int, float], query: Query, postings: Terms) -> None:
        self._order, self._bounds, self._query, self._postings = order, bounds, query, postings

    def __len__(self) -> int:
        return len(self._order)

    def head(self, start: int, stop: int) -> list[tuple[int, float]]:
        return [(d, self._bounds[d]) for d in self._order[start:stop]]

    def exact(self, docs: list[int]) -> dict[int, float]:
        return scores(self._query, self._postings, set(docs))


class Reader:
    """A searcher's :data:`Terms`: ``reader(field, lemma)`` is ``kept``'s
    postings, each read by ``read`` the first time; and the sums of any-of
    queries of terms alone (a word's lemmas in its fields), kept by
    ``kept`` (:meth:`Postings.summed`) — a word asked again is not summed
    again. Dict operations are atomic: a searcher's threads share them."""

    __slots__ = ("_kept", "_read", "first")

    def __init__(self, kept: Postings, read: Callable[[str, str], Scored], first: FirstStage | None = None) -> None:
        self._kept, self._read, self.first = kept, read, first

    def __call__(self, field: str, lemma: str) -> Scored:
        return self._kept.get(field, lemma, self._read)

    def held_near(self, query: Near, docs: list[int]) -> list[bool]:
        """Whether each of ``docs`` holds ``query``'s parts in order within its slop, kept for the
        generation (:meth:`Postings.held_near`)."""
        return self._kept.held_near(query, docs, self)

    def kept_sums(self, query: AnyOf) -> dict[int, float]:
        """:func:`scores` of ``query`` (an :class:`AnyOf` of :class:`Term` alone) over every node, as kept
        for the generation (:meth:`Postings.summed`), not a copy: read it, never change it."""
        return self._kept.summed(query, lambda: _sum_terms(query, self))


def scores(query: Query, postings: Terms, within: Collection[int] | None = None, *,
           spans: bool = True) -> dict[int, float]:
    """``{document number: score}`` of every node ``query`` matches (only
    those in ``within`` when given), scored as the module doc says. With
    ``spans`` false, a :class:`Near` is not checked for its order and slop:
    each score is then a bound, never less than the true one, for a superset
    of the nodes (:func:`top` checks the spans of the nodes that can still
    rank)."""
    if isinstance(query, Term):
        found = postings(query.field, query.lemma)[0]
        boost = query.boost
        if within is None:
            return dict(found) if boost == 1.0 else {d: s * boost for d, s in found.items()}
        if len(within) < len(found):
            return {d: found[d] * boost for d in within if d in found}
        return {d: s * boost for d, s in found.items() if d in within}
    if isinstance(query, AnyOf):
        return _any(query, postings, within, spans)
    if isinstance(query, AllOf):
        return _all(query.parts, postings, within, spans)
    if isinstance(query, Bonus):
        required = scores(query.required, postings, within, spans=spans)
        if required:
            for d, s in scores(query.bonus, postings, required, spans=spans).items():
                required[d] += s
        return required
    return _near(query, postings, within, spans)


def holding(query: AnyOf, postings: Terms, within: set[int]) -> set[int]:
    """The nodes of ``within`` holding any term of ``query``, an :class:`AnyOf` of :class:`Term`
    (a word's lemmas by field) — :func:`scores`' keys, by set operations alone."""
    found: set[int] = set()
    for part in query.parts:
        if not isinstance(part, Term):
            return found | set(scores(query, postings, within))
        found |= within & postings(part.field, part.lemma)[0].keys()
    return found


def held_together(words: Iterable[AnyOf], postings: Terms) -> bool:
    """Whether some node holds a term of each of ``words`` (each an :class:`AnyOf` of :class:`Term`: a
    word's lemmas by field), by set operations alone, the word held by the fewest first: what an
    :class:`AllOf` of them needs to match anywhere. True (not known) when a part is no :class:`Term`."""
    held: list[list[dict[int, float]]] = []
    for word in words:
        if not all(type(part) is Term for part in word.parts):
            return True
        held.append([postings(t.field, t.lemma)[0] for t in word.parts])  # type: ignore[union-attr]
    held.sort(key=lambda found: sum(map(len, found)))
    together: set[int] | None = None
    for found in held:
        if together is None:
            together = set().union(*found)
        else:
            together = set().union(*(together & d.keys() for d in found))
        if not together:
            return False
    return True


def _word_sums(query: Query, postings: Terms) -> dict[int, float] | None:
    """A word's sums as kept (:meth:`Reader.kept_sums`: read them, never change them) when ``query`` is
    an :class:`AnyOf` of :class:`Term` alone and ``postings`` a :class:`Reader`; else ``None``."""
    if type(query) is AnyOf and isinstance(postings, Reader) and all(type(p) is Term for p in query.parts):
        return postings.kept_sums(query)
    return None


def _any(query: AnyOf, postings: Terms, within: Collection[int] | None, spans: bool) -> dict[int, float]:
    summed = _word_sums(query, postings)  # a word's terms: summed once per generation, and read
    if summed is None:  # within a few nodes from those sums (the same floats)
        return _sum_terms(query, postings, within, spans)
    if within is None:
        return dict(summed)
    if len(within) < len(summed):
        return {d: summed[d] for d in within if d in summed}
    return {d: s for d, s in summed.items() if d in within}


def _sum_terms(query: AnyOf, postings: Terms, within: Collection[int] | None = None,
               spans: bool = True) -> dict[int, float]:
    """Every part of ``query`` that matches, summed, times its boost."""
    total: dict[int, float] = {}
    get = total.get
    for part in query.parts:
        if type(part) is Term and within is None:  # a term's postings added as they are: no copy made
            boost = part.boost
            for d, s in postings(part.field, part.lemma)[0].items():
                total[d] = get(d, 0.0) + s * boost
            continue
        if within is None and (summed := _word_sums(part, postings)) is not None:  # a word's kept sums, as well
            for d, s in summed.items():
                total[d] = get(d, 0.0) + s
            continue
        for d, s in scores(part, postings, within, spans=spans).items():
            total[d] = get(d, 0.0) + s
    if query.boost != 1.0:
        return {d: s * query.boost for d, s in total.items()}
    return total


def _all(parts: tuple[Query, ...], postings: Terms, within: Collection[int] | None,
         spans: bool = True) -> dict[int, float]:
    """Every part, each evaluated only within the nodes every part before it matched."""
    total: dict[int, float] | None = None
    for part in parts:
        found = scores(part, postings, within if total is None else total, spans=spans)
        if total is None:
            total = found
        else:
            total = {d: s + found[d] for d, s in total.items() if d in found}
        if not total:
            return {}
    return total or {}


def _near(query: Near, postings: Terms, within: Collection[int] | None, spans: bool) -> dict[int, float]:
    """Where ``query``'s parts stand in order within its slop (:func:`_tree_spans`); with ``spans``
    false, wherever they all stand. Two words (most nearnesses) are read from their kept sums in one
    pass over the fewer nodes (the floats :func:`_all` gives)."""
    if len(query.parts) == 2:
        a, b = (_word_sums(part, postings) for part in query.parts)
        if a is not None and b is not None:
            boost, both = query.boost, [d for d in _fewest(a, b, within) if d in a and d in b]
            if not spans:
                return {d: (a[d] + b[d]) * boost for d in both}
            assert isinstance(postings, Reader)  # (word sums are a reader's)
            near = postings.held_near(query, both)
            return {d: (a[d] + b[d]) * boost for d, ok in zip(both, near, strict=True) if ok}
    held = _all(query.parts, postings, within, spans)
    if not held or not spans:
        return {d: s * query.boost for d, s in held.items()}
    if isinstance(postings, Reader):  # each node's order kept for the generation
        docs = list(held)
        near = postings.held_near(query, docs)
        return {d: held[d] * query.boost for d, ok in zip(docs, near, strict=True) if ok}
    holds = in_order(query, postings)
    return {d: s * query.boost for d, s in held.items() if holds(d)}


def _fewest(a: dict[int, float], b: dict[int, float], within: Collection[int] | None) -> Collection[int]:
    """The fewest nodes to look at for those in ``a``, ``b`` and ``within`` (every node when ``None``)."""
    small = a if len(a) <= len(b) else b
    if within is None:
        return small
    return within if len(within) < len(small) else [d for d in small if d in within]


def in_order(query: Near, postings: Terms) -> Callable[[int], bool]:
    """Whether a node (by document number) holds ``query``'s parts in order, each within its slop of
    the one before (:func:`_in_order`)."""
    terms = _part_positions(query, postings)
    return lambda doc: _in_order(terms, doc, query.slop)


def _part_positions(query: Near, postings: Terms) -> list[list[Mapping[int, tuple[int, ...]]]]:
    """Each part of ``query``: its terms' positions, by document number."""
    return [[postings(t.field, t.lemma)[1] for t in part.parts if isinstance(t, Term)] for part in query.parts]


def least_gap(query: Near, postings: Terms) -> Callable[[int], int | None]:
    """For ``query`` of two parts: in a node (by document number), the least distance from a position
    of its first part to a later one of its second, or ``None`` when there is none. The pair stands in
    order within a slop exactly when the gap is at most it (:func:`_in_order`), so a phrase and a
    nearness of the same words are answered by one gap."""
    first, second = _part_positions(query, postings)
    return lambda doc: _least_gap(first, second, doc)


def _least_gap(first: list[Mapping[int, tuple[int, ...]]], second: list[Mapping[int, tuple[int, ...]]],
               doc: int) -> int | None:
    # one term a part (most pairs): its positions are sorted already; a gap of 1 is the least there is
    later = second[0].get(doc, ()) if len(second) == 1 else sorted({p for ps in second for p in ps.get(doc, ())})
    if not later:
        return None
    best, end = None, len(later)
    for positions in first:
        for p in positions.get(doc, ()):
            k = bisect_right(later, p)
            if k < end and (best is None or later[k] - p < best):
                best = later[k] - p
                if best == 1:
                    return 1
    return best


def _in_order(terms: list[list[Mapping[int, tuple[int, ...]]]], doc: int, slop: int) -> bool:
    """Whether node ``doc`` holds a part of each of ``terms`` (each part's terms' positions) in order,
    each within ``slop`` of the one before (:func:`_tree_spans`)."""
    if len(terms) == 2:  # two parts (a pair, most phrases): a position of the second 1 to ``slop`` after the first's
        later: set[int] = set()
        for positions in terms[1]:
            later.update(positions.get(doc, ()))
        steps = range(1, slop + 1)
        return bool(later) and any(p + k in later for positions in terms[0] for p in positions.get(doc, ())
                                   for k in steps)
    spans = [sorted({(p, p) for positions in part for p in positions.get(doc, ())}) for part in terms]
    return bool(_tree_spans(spans, slop))


def top(query: Query, postings: Terms, count: int, within: Collection[int] | None = None) -> list[tuple[int, float]]:
    """The best ``count`` ``(document number, score)`` of :func:`scores`, equal
    scores by document number (as whoosh's collector keeps them). Every
    node's bound comes first (its score with no span checked: summed in
    arrays by a :class:`Reader`'s ``first`` stage when it has one, the same
    floats); then the nodes are scored exactly, best bound first, in
    batches that double, until no bound left can reach the worst score
    kept: the spans of a phrase or nearness bonus are read for the nodes
    that can still rank, not for every node holding the words."""
    first = postings.first if isinstance(postings, Reader) else None
    near = has_near(query)
    if first is not None:
        ranked = first.ranked(query, postings, within)
        return _exact(count, ranked) if near else ranked.head(0, count)
    bounds = scores(query, postings, within, spans=False)
    if not near:  # no span to check: the bounds are the scores
        return heapq.nsmallest(count, bounds.items(), key=lambda t: (-t[1], t[0]))
    order = sorted(sorted(bounds), key=bounds.__getitem__, reverse=True)  # best bound first, ties by number
    return _exact(count, _Ordered(order, bounds, query, postings))


def _exact(count: int, ranked: Ranked) -> list[tuple[int, float]]:
    """:func:`top`'s second stage: the exact scores of ``ranked``'s nodes, best bound first, in batches."""
    kept: list[tuple[float, int]] = []  # (score, -document number): the worst kept first
    start, batch = 0, max(count, 8)
    while start < len(ranked):
        chunk = ranked.head(start, start + batch)
        # a node ranks only if its bound, ties by number, beats the worst kept: past the first that cannot, none can
        if len(kept) >= count and (chunk[0][1], -chunk[0][0]) <= kept[0]:
            break
        for d, score in ranked.exact([d for d, _ in chunk]).items():
            if len(kept) < count:
                heapq.heappush(kept, (score, -d))
            elif (score, -d) > kept[0]:
                heapq.heapreplace(kept, (score, -d))
        start, batch = start + batch, batch * 2
    return [(-d, score) for score, d in sorted(kept, reverse=True)]


def has_near(query: Query) -> bool:
    """Whether ``query`` holds a :class:`Near` (a score :func:`top` must check spans for)."""
    if isinstance(query, Near):
        return True
    if isinstance(query, Bonus):
        return has_near(query.required) or has_near(query.bonus)
    return isinstance(query, AnyOf | AllOf) and any(has_near(p) for p in query.parts)


def _tree_spans(spans: list[list[tuple[int, int]]], slop: int) -> list[tuple[int, int]]:
    """The spans of whoosh's binary tree of ``SpanNear`` matchers over
    ``spans`` (one list a part, sorted): the list cut in halves, each half's
    spans joined where the right one follows the left within ``slop``."""
    if len(spans) == 1:
        return spans[0]
    half = len(spans) // 2
    left = _tree_spans(spans[:half], slop)
    if not left:
        return []
    return _span_near(left, _tree_spans(spans[half:], slop), slop)


def _span_near(a_spans: list[tuple[int, int]], b_spans: list[tuple[int, int]], slop: int) -> list[tuple[int, int]]:
    """Whoosh's ``SpanNear.SpanNearMatcher._get_spans`` (ordered, least distance 1) over
    ``(start, end)`` spans."""
    out = set()
    for a_start, a_end in a_spans:
        for b_start, b_end in b_spans:
            if b_end < a_start - slop or a_start > b_start:
                continue
            if b_start > a_end + slop:
                break
            if a_start <= b_end and b_start <= a_end:  # they overlap
                continue  # distance 0
            dist = b_start - a_end if a_end < b_start else a_start - b_end
            if 1 <= dist <= slop:
                out.add((min(a_start, b_start), max(a_end, b_end)))
    return sorted(out)
