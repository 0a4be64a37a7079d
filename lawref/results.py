"""results: the values of a search — what it answers, one hit, a hit as it is printed.

Defined apart from :mod:`lawref.model`, which names them too (PEP 562):
a lookup (``show``) never builds their classes, a frozen dataclass's
methods being compiled when its class is made; a link's values are
:mod:`lawref.citations`', the contents' and an export's
:mod:`lawref.listings`'. The shapes are told in :mod:`lawref.model`'s
docstring.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass, field, fields
from typing import Any

from lawref.i18n import tr

__all__ = ["Answer", "Hit", "HitShown", "PendingHit"]


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
