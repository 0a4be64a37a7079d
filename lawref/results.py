"""results: the values of a search, a link, the contents, ``refs`` and an export's holdings.

Defined apart from :mod:`lawref.model`, which names them too (PEP 562):
a lookup (``show``) never builds their classes, a frozen dataclass's
methods being compiled when its class is made. The shapes are told in
:mod:`lawref.model`'s docstring.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass, field, fields
from enum import StrEnum
from typing import Any

from lawref.i18n import tr
from lawref.model import Document, Node, Ref, overall

__all__ = ["TOC_STATUSES", "Answer", "Citation", "Hit", "HitShown", "Holdings", "Linked", "PendingHit", "References",
           "Target", "TocEntry", "TocStatus"]


@dataclass(frozen=True)
class Citation:
    """A citation found in text.

    ``start``/``end``: code-point offsets into the text searched,
    end-exclusive (``text[start:end] == self.text``). ``cites``: canonical
    targets (``("70",)``; a range gives every law in it, ``("61", "62", "63",
    "64")``). ``kind``: ``"law"``, ``"commentary"`` or ``"relative"``; a
    relative citation's ``cites`` are label paths to resolve against the node
    it stands in (``("1",)`` for ``пункту 1``, ``("(b)", "(1)")`` for
    ``(B1)``). ``truncated``: a list longer than
    :data:`lawref.cite.MAX_MEMBERS` cites was cut here. ``reading``: how
    Cyrillic section letters were read — ``""`` (none printed),
    ``"lookalike"`` (``62В`` = 62B) or ``"alphabet"`` (``62Г`` = 62D, in
    alphabet order); ``mixed``: the text holds both kinds, so a letter that
    reads differently in the two (В, Е, К, М, Н) is in doubt. ``unread``:
    the parts a citation names in words that could not be made a cite
    (``пункт 2`` of ``пункт 2 правила 43``, a subsection with no section):
    its cite stops before them, and it never resolves ``exact``.
    """

    start: int
    end: int
    text: str
    cites: tuple[str, ...]
    kind: str = "law"
    truncated: bool = False
    reading: str = ""
    mixed: bool = False
    unread: str = ""


@dataclass(frozen=True)
class Target:
    """One resolved cite: ``cite`` asked for, ``status``, ``id`` of the node it
    resolved to (``None`` when absent or invalid), ``missing`` the part of the
    cite not found (``"C"`` for ``66C`` resolved to law 66), ``edition`` the
    edition it was resolved in (``None``: the documents name none)."""

    cite: str
    status: str
    id: str | None = None
    missing: str = ""
    edition: str | None = None

    def to_json(self) -> dict[str, Any]:
        """``{"cite", "status", "id", "missing", "edition"}``."""
        return asdict(self)

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> Target:
        """The inverse of :meth:`to_json`."""
        return cls(d["cite"], d["status"], d["id"], d["missing"], d.get("edition"))


@dataclass(frozen=True)
class Linked:
    """A citation found in free text, resolved: ``citation`` (offsets into the
    input), ``targets`` (one per cite), ``status`` (the worst of theirs) and
    ``ids`` (the nodes they resolved to)."""

    citation: Citation
    targets: tuple[Target, ...]

    @property
    def status(self) -> str:
        return overall(t.status for t in self.targets)

    @property
    def ids(self) -> list[str]:
        return [t.id for t in self.targets if t.id is not None]

    def to_json(self) -> dict[str, Any]:
        """``{"start", "end", "text", "cites", "status", "ids", "targets"}``,
        plus ``"truncated": true`` when the citation's list was cut at
        :data:`lawref.cite.MAX_MEMBERS` cites, ``"reading"``,
        ``"mixed_readings"`` and ``"unread"`` (:class:`Citation`) when set. (Free text has law and
        commentary citations only; a commentary cite is the one with a dot.)"""
        c = self.citation
        out: dict[str, Any] = {"start": c.start, "end": c.end, "text": c.text, "cites": list(c.cites),
                               "status": self.status, "ids": self.ids, "targets": [t.to_json() for t in self.targets]}
        if c.truncated:
            out["truncated"] = True
        if c.reading:
            out["reading"] = c.reading
        if c.mixed:
            out["mixed_readings"] = True
        if c.unread:
            out["unread"] = c.unread
        return out

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> Linked:
        """The inverse of :meth:`to_json`."""
        kind = "commentary" if d["cites"] and all("." in c for c in d["cites"]) else "law"
        citation = Citation(d["start"], d["end"], d["text"], tuple(d["cites"]), kind, d.get("truncated", False),
                            d.get("reading", ""), d.get("mixed_readings", False), d.get("unread", ""))
        return cls(citation, tuple(Target.from_json(t) for t in d["targets"]))


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
class TocStatus(StrEnum):
    """A contents row's status (``lawref toc``, :class:`TocEntry`)."""

    WHOLE = "whole"
    LOST_PAGES = "lost pages"
    STRUCTURE_WARNING = "structure warning"
    FRAGMENT = "fragment"
    ABSENT = "absent"


TOC_STATUSES = tuple(s.value for s in TocStatus)


@dataclass(frozen=True)
class TocEntry:
    """One row of the contents (``lawref toc``): a node of the corpus, or a
    law of the edition the corpus lacks (``id`` ``None``).

    ``depth`` is the indentation (a division 0, a law under it 1 …);
    ``label`` what people are shown (``62``, «фрагмент, стр. 59, после
    правила 26»); ``status`` one of :data:`TOC_STATUSES`: ``whole``,
    ``lost pages`` (its text is cut by a page the scan lacks, or a law whose
    sections lost pages took), ``structure warning`` (a check of the
    build's tree names it or a node under it: :mod:`lawref.treecheck`),
    ``fragment`` (its law's number was lost), ``absent`` (the edition has
    it, the corpus does not)."""

    id: str | None
    doc: str
    kind: str
    cite: str | None
    label: str
    title: str | None
    title_en: str | None
    page: int | None
    status: str
    depth: int

    def to_json(self) -> dict[str, Any]:
        """``{"id", "doc", "kind", "cite", "label", "title", "title_en", "page", "status", "depth"}``."""
        return asdict(self)

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> TocEntry:
        """The inverse of :meth:`to_json`."""
        return cls(**{f.name: d[f.name] for f in fields(cls)})


@dataclass(frozen=True)
class References:
    """What ``refs`` answers: the node asked about (``name`` as shown, its
    ``id`` — ``None`` for a law the corpus lacks — and ``cite``) and the
    ``pairs`` ``(citing node, reference)`` in reading order."""

    name: str
    id: str | None
    cite: str | None
    pairs: list[tuple[Node, Ref]]


@dataclass(frozen=True)
class PendingHit(Hit):
    """A hit whose snippet is not cut yet: a candidate beyond the ones a
    search was asked to cut (``snippets``), which the policy may rank
    again; :meth:`lawref.index.Searcher.cut` cuts it from its ``text``
    for ``lemmas`` when it is shown. ``replace`` keeps it pending."""

    text: str = field(default="", repr=False, compare=False)
    lemmas: frozenset[str] = field(default=frozenset(), repr=False, compare=False)


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


@dataclass(frozen=True)
class Holdings:
    """What the writers of an export (txt, md, the HTML site, ``link
    --format html|md``) read of the corpus, worked out once on the query
    side (:func:`lawref.query.shown.holdings`) — they render it and ask no
    library.

    ``documents`` every document of the corpus, in order; ``nodes`` every
    node, in reading order; ``by_id`` and ``children`` the node store read
    as mappings (a node by id; a node's children by its id, in order);
    ``labels`` what people are shown of each node, by id; ``law_before``
    the cite of the last law printed before a node; and for the nodes
    exported only: ``edges`` (its text opens after, or breaks off at, a page
    the scrape lost), ``lost`` (a law's catalogue sections lost pages took,
    before and after its text), ``variants`` (``(k, n)`` for a node ``n``
    files hold with different texts), ``incoming`` (the references made to
    it), ``titles_en`` (its law's English title in lawref's catalogue);
    ``incoming`` and ``forms`` (every word form of the index and its
    lemmas) only for the HTML site, which alone prints them; and for the
    site, ``counterparts``: each exported node's counterpart in a document
    of the other language (:func:`lawref.query.editions.paired`), as ``(its
    id, the relation the concordance names or None)``, printed beside it."""

    documents: tuple[Document, ...]
    nodes: Sequence[Node]
    by_id: Mapping[str, Node]
    children: Mapping[str, Sequence[Node]]
    labels: Mapping[str, str]
    law_before: Mapping[str, str]
    edges: Mapping[str, tuple[bool, bool]] = field(default_factory=dict)
    lost: Mapping[str, tuple[tuple[str, ...], tuple[str, ...]]] = field(default_factory=dict)
    variants: Mapping[str, tuple[int, int]] = field(default_factory=dict)
    incoming: Mapping[str, tuple[tuple[Node, Ref], ...]] = field(default_factory=dict)
    titles_en: Mapping[str, str | None] = field(default_factory=dict)
    forms: Mapping[str, Sequence[str]] = field(default_factory=dict)
    counterparts: Mapping[str, tuple[str, str | None]] = field(default_factory=dict)

    def document(self, doc_id: str) -> Document | None:
        """The document ``doc_id`` (``None`` if there is none)."""
        return self._by_doc.get(doc_id)

    @functools.cached_property
    def _by_doc(self) -> dict[str, Document]:
        return {d.id: d for d in self.documents}  # asked for every node an export anchors

    def label(self, node: Node) -> str:
        """What people are shown of ``node`` (its cite, or its label)."""
        return self.labels.get(node.id) or node.cite or node.id

    def subtree(self, node: Node) -> list[Node]:
        """``node`` and its descendants, in reading order."""
        out, stack = [], [node]
        while stack:
            n = stack.pop()
            out.append(n)
            stack.extend(reversed(list(self.children.get(n.id, ()))))
        return out
