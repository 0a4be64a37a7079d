"""results: the values of a search — what it answers, a hit, a hit as printed — and a hit's snippet.

Defined apart from :mod:`lawref.model`, which names them too (PEP 562):
a lookup (``show``) never builds their classes, a frozen dataclass's
methods being compiled when its class is made; a link's values are
:mod:`lawref.citations`', the contents' and an export's
:mod:`lawref.listings`'. The shapes are told in :mod:`lawref.model`'s
docstring.
"""

from __future__ import annotations

import bisect
from collections.abc import Callable, Mapping
from dataclasses import asdict, dataclass, field, fields
from typing import Any, NamedTuple

from lawref.i18n import tr

__all__ = ["LEAD", "SNIPPET_CHARS", "Answer", "Hit", "HitShown", "PendingHit", "Tokens", "snippet"]


@dataclass(frozen=True)
class Answer:
    """What a search answers (:func:`lawref.search.run`): ``hits`` best
    first, and what the policy did to find them — ``relaxed`` (no node held
    every word: these hold most of them; ``dropped`` the words the first
    hit lacks, ``lacks`` each hit's by its id),
    ``corrected`` (a typed word not in the corpus → the corpus form searched
    instead, "did you mean"), ``compounds`` (a typed word found only inside
    longer words → those lemmas; such hits rank after exact ones),
    ``unknown`` (a typed word no node holds that is a real Russian word —
    never replaced by a corpus word near it: ``отказать`` is not
    ``наказать``), ``synonyms`` (``(typed, (means, …))`` for each synonym of
    ``lawref/data/synonyms.tsv`` the query held: ``штраф`` searched also as
    ``наказание``), ``filled`` (fewer than the limit held every word: nodes holding most of
    the words are among the hits too; ``partial`` their ids), ``unglossed`` (an English
    query that found nothing: its words neither the glossary nor the text
    knows, nor one edit from a glossary or title word: ``xyzzy``; ``dumy``
    is corrected to dummy),
    ``readings`` (``(alphabet-order cite, Latin-letter cite, whether the
    first is in the corpus)`` for each cite whose Cyrillic letter reads
    both ways and the Latin reading is the corpus's: ``17Д`` is 17E and
    17D, ``65Д`` 65D alone)."""

    hits: list[Hit]
    relaxed: bool = False
    dropped: tuple[str, ...] = ()
    corrected: dict[str, str] = field(default_factory=dict)
    compounds: dict[str, list[str]] = field(default_factory=dict)
    unknown: tuple[str, ...] = ()
    synonyms: tuple[tuple[str, tuple[str, ...]], ...] = ()
    filled: bool = False
    unglossed: tuple[str, ...] = ()
    readings: tuple[tuple[str, str, bool], ...] = ()
    partial: tuple[str, ...] = ()
    lacks: Mapping[str, tuple[str, ...]] = field(default_factory=dict)

    def notes(self) -> list[str]:
        """One line for people per thing the policy did (for stderr)."""

        out = [tr("did you mean «{right}»? (searched instead of «{typed}»)").format(right=right, typed=typed)
               for typed, right in self.corrected.items()]
        out += [tr("«{typed}» found only as part of: {lemmas}").format(typed=typed, lemmas=", ".join(lems))
                for typed, lems in self.compounds.items()]
        out += [tr("«{word}» is in no node of the corpus (a dictionary word: not taken for a typo)").format(word=w)
                for w in self.unknown]
        out += [tr("«{typed}» searched also as: {means}").format(typed=typed, means=", ".join(f"«{m}»" for m in means))
                for typed, means in self.synonyms]
        if self.relaxed:
            out.append(tr("no node has every word; nodes with most of them (the first lacks: {words})").format(
                words=", ".join(self.dropped)))
        if self.filled:
            out.append(tr("few nodes have every word: nodes with most of them are shown too"))
        out += [tr("«{word}» is no English bridge term lawref knows, nor a word of the text, nor a typo of one").format(
            word=w) for w in self.unglossed]
        for alphabet, latin, both in self.readings:
            told = (tr("read as {alphabet} (its Cyrillic letter in alphabet order: А, Б, В, Г, Д = A–E) and as "
                       "{latin} (the letter as the Latin it spells): both shown") if both
                    else tr("read as {latin} (the letter as the Latin it spells): {alphabet}, its alphabet-order "
                            "reading, is not in the corpus"))
            out.append(told.format(alphabet=alphabet, latin=latin))
        return out


@dataclass(frozen=True)
class Hit:
    """One search result.

    ``id``, ``cite``, ``doc``, ``kind``, ``title``, ``page`` are the node's
    (see :class:`Node`); ``score`` the ranking score (higher is better, only
    comparable within one result list; a cite query's own nodes score 100);
    ``snippet`` up to ~200 characters of the node's text (whitespace
    collapsed, ``…`` at cut ends), the text as it is: no marks added;
    ``marks`` the spans of ``snippet`` that match a query word, as
    ``(start, end)`` code-point offsets into ``snippet``, end-exclusive,
    in order and disjoint (``[]`` for a hit found by its cite alone).
    """

    id: str
    cite: str | None
    doc: str
    kind: str
    title: str | None
    page: int | None
    score: float
    snippet: str
    marks: tuple[tuple[int, int], ...] = ()

    def to_json(self) -> dict[str, Any]:
        """``{"id", "cite", "doc", "kind", "title", "page", "score", "snippet", "marks": [[start, end]…]}``."""
        d = asdict(self)
        d["marks"] = [list(m) for m in self.marks]
        return d

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> Hit:
        """The inverse of :meth:`to_json`."""
        values = {f.name: d[f.name] for f in fields(cls) if f.name != "marks"}
        return cls(**values, marks=tuple((a, b) for a, b in d.get("marks", ())))

    def rescored(self, score: float) -> Hit:
        """This hit (a :class:`PendingHit` stays pending) with ``score``: the
        same as ``dataclasses.replace(hit, score=score)``, without its
        ``__init__`` (a search re-scores its 30 candidates every query)."""
        new = object.__new__(type(self))
        new.__dict__.update(self.__dict__)
        object.__setattr__(new, "score", score)
        return new

    def marked(self, before: str = "⟦", after: str = "⟧") -> str:
        """``snippet`` with each of ``marks`` between ``before`` and ``after``
        (``⟦взятку⟧``: brackets the law text never uses, so its own ``[?]``
        and ``[текст обрывается…]`` stay what they are)."""
        out, pos = [], 0
        for start, end in self.marks:
            out += [self.snippet[pos:start], before, self.snippet[start:end], after]
            pos = end
        out.append(self.snippet[pos:])
        return "".join(out)


#: What a contents row says of its node (``lawref toc``).


@dataclass(frozen=True)
class PendingHit(Hit):
    """A hit whose snippet is not cut yet: a candidate beyond the ones a
    search was asked to cut (``snippets``), which the policy may rank
    again; :meth:`lawref.index.Searcher.cut` cuts it from its ``text``
    for ``lemmas`` when it is shown. ``replace`` keeps it pending."""

    text: str = field(default="", repr=False, compare=False)
    lemmas: frozenset[str] = field(default=frozenset(), repr=False, compare=False)

    @classmethod
    def of(cls, id: str, cite: str | None, doc: str, kind: str, title: str | None, page: int | None,  # noqa: A002
           score: float, text: str, lemmas: frozenset[str]) -> PendingHit:
        """``PendingHit(id, cite, doc, kind, title, page, score, "", (), text, lemmas)`` without its
        ``__init__`` (a frozen dataclass's sets each field through ``object.__setattr__``; a search makes
        its 30 candidates every query), as :meth:`Hit.rescored` does."""
        new = object.__new__(cls)
        new.__dict__.update(id=id, cite=cite, doc=doc, kind=kind, title=title, page=page, score=score, snippet="",
                            marks=(), text=text, lemmas=lemmas)
        return new


@dataclass(frozen=True)
class HitShown:
    """A search hit as it is printed: the :class:`Hit`, the node's ``label``,
    its own English title, and its law's cite and English title in lawref's
    catalogue (``None`` when the node is not in the store any more)."""

    hit: Hit
    label: str
    title_en: str | None = None
    law_cite: str | None = None
    law_title_en: str | None = None


# -- Snippets: about SNIPPET_CHARS code points of a node's text around the first word standing for one of the
# query's lemmas, and the spans of it that match. A node's words are read once per generation (:class:`Tokens`,
# kept by :mod:`lawref.index`): each lemma's words by number, so a snippet looks up its query's lemmas and never
# tests the words of its window one by one (issue 28). Offsets are code points, end-exclusive.

#: About how many code points of a node's text a snippet shows.
SNIPPET_CHARS = 200
#: How many code points before its first match a snippet starts (at a word's start).
LEAD = 60


def _joined(spans: list[tuple[int, int]], text: str) -> list[tuple[int, int]]:
    """Matched word spans, those that only a ``.``, ``-`` or ``/`` parts
    made one span (``S.O.`` → ``⟦S.O⟧``, ``45.5`` → ``⟦45.5⟧``, not
    ``⟦S⟧.⟦O⟧``)."""
    out: list[tuple[int, int]] = []
    for s, e in spans:
        if out and s - out[-1][1] == 1 and text[out[-1][1]] in ".-/":
            out[-1] = (out[-1][0], e)
        else:
            out.append((s, e))
    return out


class Tokens(NamedTuple):
    """A node's text read for snippets: ``flat`` (its white space made single
    spaces), each word's start and end in it (code points, end-exclusive), and
    the words standing for each lemma (their numbers, ascending)."""

    flat: str
    starts: list[int]
    ends: list[int]
    where: dict[str, list[int]]

    @classmethod
    def read(cls, flat: str, words: list[tuple[str, int, int]],
             reading: Callable[[str], frozenset[str]]) -> Tokens:
        """``words`` of ``flat`` (as written, start, end), each read by ``reading``."""
        where: dict[str, list[int]] = {}
        for k, (word, _, _) in enumerate(words):
            for lemma in reading(word):
                found = where.get(lemma)
                if found is None:
                    where[lemma] = [k]
                else:
                    found.append(k)
        return cls(flat, [s for _, s, _ in words], [e for _, _, e in words], where)

    def matched(self, lemmas: set[str], start: int, stop: int) -> list[int]:
        """The numbers of the words from ``start`` to ``stop`` (end-exclusive) standing for one of ``lemmas``,
        ascending."""
        found: set[int] = set()
        for lemma in lemmas:
            ks = self.where.get(lemma)
            if ks:
                found.update(ks[bisect.bisect_left(ks, start):bisect.bisect_left(ks, stop)])
        return sorted(found)


def snippet(tokens: Tokens, lemmas: set[str]) -> tuple[str, tuple[tuple[int, int], ...]]:
    """~``SNIPPET_CHARS`` of a node's text around its first word standing for one of ``lemmas``, and
    the spans of it that match: ``(snippet, ((start, end), …))``, code-point offsets into the
    snippet, end-exclusive (see :class:`~lawref.results.Hit`). A word matches when one of the
    lemmas it may stand for (its forms-table row, else its norm) is one of ``lemmas``: the words
    were read once per generation (:class:`Tokens`), so a snippet looks up its lemmas' words only."""
    flat, starts, ends, where = tokens.flat, tokens.starts, tokens.ends, tokens.where
    first = min((where[lem][0] for lem in lemmas if lem in where), default=None)
    start = max(0, starts[first] - LEAD) if first is not None else 0
    if first is not None and start:
        start = starts[bisect.bisect_right(ends, start, 0, first + 1)]  # the first word ending after it
    end = min(len(flat), start + SNIPPET_CHARS)
    last = bisect.bisect_right(ends, end)  # the words ending inside the window, and the first match's
    lo, hi = bisect.bisect_left(starts, start), last if first is None else max(first + 1, last)
    if end < len(flat) and last > lo:  # cut after the window's last whole word (``ends`` ascend)
        end = ends[last - 1]
    body = flat[start:end]
    lead = len(body) - len(body.lstrip())
    shift = (1 if start else 0) - start - lead  # the "…" put before, the spaces taken off
    spans = _joined([(starts[k], ends[k]) for k in tokens.matched(lemmas, lo, hi) if ends[k] <= end], flat)
    snippet = ("…" if start else "") + body.strip() + ("…" if end < len(flat) else "")
    return snippet, tuple((s + shift, e + shift) for s, e in spans)
