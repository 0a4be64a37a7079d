"""model: every value that crosses a module boundary — frozen dataclasses, no I/O.

Shapes:

* :class:`Paragraph`, :class:`PassRecord`, :class:`Dropped`,
  :class:`CleanReport`, :class:`FileReport` — the build's values (a
  paragraph of clean text, what a pass did, a dropped line, what a build
  did with a file), defined in :mod:`lawref.records` and named here too;
  only the build side loads them, so a query does not pay for their classes.
* :class:`Document` — one manifest entry (laws or commentary).
* :class:`Node` (with :class:`Source`, :class:`Ref`) — one unit of the law
  tree (chapter, part, division, law, section, subsection, item, commentary,
  footnote, fragment).
* :class:`Citation`, :class:`Target`, :class:`Linked` — a citation found in
  text, one resolved cite, a citation with its targets.
* :class:`Hit` — one search result.
* :class:`TocEntry` — one row of the contents.
* :class:`References` — what ``refs`` answers.
* :class:`Shown`, :class:`View`, :class:`RefShown`, :class:`Twin`,
  :class:`HitShown`, :class:`Holdings` — what a writer is handed: each
  shown node worked out once on the query side (:mod:`lawref.query.shown`),
  rendered by :mod:`lawref.export`, which asks no library.

Every value with a JSON form has ``to_json`` and ``from_json``, and
``X.from_json(x.to_json()) == x`` holds for every field (a property test).
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import asdict, dataclass, field, fields
from enum import StrEnum
from typing import TYPE_CHECKING, Any

from lawref.i18n import tr

if TYPE_CHECKING:
    from lawref.records import CleanReport as CleanReport
    from lawref.records import Dropped as Dropped
    from lawref.records import FileReport as FileReport
    from lawref.records import Paragraph as Paragraph
    from lawref.records import PassRecord as PassRecord

_RECORDS = ("Paragraph", "PassRecord", "Dropped", "CleanReport", "FileReport")


def __getattr__(name: str) -> Any:
    """The build's values of :mod:`lawref.records`, loaded on first use (PEP 562)."""
    if name in _RECORDS:
        # the build's values: a query process never loads their classes (PEP 562)
        from lawref import records

        return getattr(records, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


class Kind(StrEnum):
    """Node kinds, in the field's terms (a member is its string: ``Kind.LAW == "law"``)."""

    CHAPTER = "chapter"
    PART = "part"
    DIVISION = "division"
    LAW = "law"
    SECTION = "section"
    SUBSECTION = "subsection"
    ITEM = "item"
    COMMENTARY = "commentary"
    FOOTNOTE = "footnote"
    FRAGMENT = "fragment"


#: Node kinds, in the field's terms, as plain strings (:class:`Kind`).
KINDS = tuple(k.value for k in Kind)

#: Document kinds a manifest may name.
DOC_KINDS = ("laws", "commentary")


@dataclass(frozen=True)
class Source:
    """Where a node's text starts in the raw input.

    ``file`` is the file name relative to the corpus folder; ``line`` the
    1-based line number of the node's first line in that raw file, ``end_line``
    its last; ``bytes`` the ``(start, end)`` byte range of those lines in the
    raw file (end-exclusive), whatever its encoding.
    """

    file: str
    line: int
    end_line: int | None = None
    bytes: tuple[int, int] | None = None

    def to_json(self) -> dict[str, Any]:
        """``{"file", "line", "end_line", "bytes"}`` (``bytes`` a list or null)."""
        return {"file": self.file, "line": self.line, "end_line": self.end_line,
                "bytes": list(self.bytes) if self.bytes else None}

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> Source:
        """The inverse of :meth:`to_json`."""
        span = d.get("bytes")
        return cls(d["file"], d["line"], d.get("end_line"), (span[0], span[1]) if span else None)


@dataclass(frozen=True)
class Document:
    """One document of the corpus (a manifest entry, or a detected one).

    ``kind`` is ``"laws"`` or ``"commentary"``; ``files`` the corpus-relative
    file names read for it, in reading order; ``letters`` how its Cyrillic
    section letters read: ``"lookalike"`` (``В.`` is B, the seeds) or
    ``"alphabet"`` (its labels include Б, Г, Д …: ``В.`` is C).
    """

    id: str
    kind: str
    lang: str = "ru"
    edition: str | None = None
    title: str | None = None
    files: tuple[str, ...] = ()
    letters: str = "lookalike"

    def to_json(self) -> dict[str, Any]:
        """The JSON-contract dict: ``id, kind, lang, edition, title, files``,
        and ``letters: "alphabet"`` for a document whose section labels are
        in Russian alphabet order (А, Б, В = C, Г = D …)."""
        d = asdict(self)
        d["files"] = list(self.files)
        if self.letters == "lookalike":
            del d["letters"]
        return d

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> Document:
        """The inverse of :meth:`to_json`."""
        return cls(d["id"], d["kind"], d["lang"], d["edition"], d["title"], tuple(d["files"]),
                   d.get("letters", "lookalike"))


@dataclass(frozen=True)
class Ref:
    """An outgoing reference of a node: a citation in its ``text``.

    ``start``/``end`` are code-point offsets into the node's ``text``,
    end-exclusive; ``text`` the citation as printed; ``cite`` the canonical
    target; ``status`` ``exact`` | ``partial`` | ``absent`` | ``invalid``; ``id``
    the node it resolved to (``None`` when absent or invalid); ``line`` the raw
    source line the citation starts on."""

    start: int
    end: int
    text: str
    cite: str
    status: str
    id: str | None
    line: int

    def to_json(self) -> dict[str, Any]:
        """``{"start", "end", "text", "cite", "status", "id", "line"}``."""
        return {"start": self.start, "end": self.end, "text": self.text, "cite": self.cite, "status": self.status,
                "id": self.id, "line": self.line}

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> Ref:
        """The inverse of :meth:`to_json`."""
        return cls(**{f.name: d[f.name] for f in fields(cls)})


@dataclass(frozen=True)
class Node:
    """One node of the law tree.

    ``id`` is unique in the corpus (``"laws/62B"``, ``"commentary/45.5"``,
    ``"laws/fragment@003_d6d1da8d5423a94e:83"``); ``cite`` the canonical cite in
    English style (``"62"``, ``"62B"``, ``"72A5"``, ``"43B2(a)"``, ``"45.5"``)
    or ``None`` for chapters, fragments and footnotes; ``label`` the label as
    printed (``"B."``, ``"(A)."``, ``"Правило 62."``); ``text`` the clean text of
    this node alone (paragraphs joined by ``"\\n"``), not its children;
    ``parent`` the parent's id or ``None``; ``page`` the printed page;
    ``inferred`` is true when the node's law number was inferred from a law
    heading later on the same page rather than printed above it; ``refs`` the
    citations in ``text``, resolved; ``title_en`` the English title (from the
    edition catalogue, or the node's own title in an English document);
    ``line_map`` pairs ``(offset in text, raw
    line)`` for each raw line the text was made from; ``marks`` the source
    marks a commentary prints after a heading or paragraph (``DC4``: the
    source it follows), kept apart from the title and text.
    """

    id: str
    doc: str
    kind: str
    cite: str | None
    label: str | None
    title: str | None
    text: str
    parent: str | None
    page: int | None
    source: Source
    inferred: bool = False
    lines: tuple[int, ...] = field(default=(), compare=False)
    line_map: tuple[tuple[int, int], ...] = field(default=(), compare=False)
    refs: tuple[Ref, ...] = field(default=(), compare=False)
    title_en: str | None = field(default=None, compare=False)
    marks: tuple[str, ...] = ()

    def to_json(self, *, full: bool = False) -> dict[str, Any]:
        """The JSON-contract dict (docs/json.md, «lawref/1»); with ``full``,
        also ``lines`` and ``line_map`` (what the index keeps, so that a
        node read back is the node that was built)."""
        out: dict[str, Any] = {
            "id": self.id,
            "doc": self.doc,
            "cite": self.cite,
            "kind": self.kind,
            "label": self.label,
            "title": self.title,
            "title_en": self.title_en,
            "text": self.text,
            "parent": self.parent,
            "page": self.page,
            "source": self.source.to_json(),
            "inferred": self.inferred,
            "refs": [r.to_json() for r in self.refs],
        }
        if self.marks:
            out["marks"] = list(self.marks)
        if full:
            out["lines"] = list(self.lines)
            out["line_map"] = [list(pair) for pair in self.line_map]
        return out

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> Node:
        """The inverse of :meth:`to_json` (``lines``/``line_map`` empty
        when the dict has none)."""
        return cls(d["id"], d["doc"], d["kind"], d["cite"], d["label"], d["title"], d["text"], d["parent"],
                   d["page"], Source.from_json(d["source"]), d["inferred"], tuple(d.get("lines", ())),
                   tuple((a, b) for a, b in d.get("line_map", ())), tuple(Ref.from_json(r) for r in d["refs"]),
                   d.get("title_en"), tuple(d.get("marks", ())))


# -- citations ------------------------------------------------------------------------

class Status(StrEnum):
    """How a citation resolved, best first: ``exact`` (the node it names),
    ``partial`` (an ancestor: the text of the part cited is lost), ``absent``
    (the edition has it, the corpus does not), ``invalid`` (no such law)."""

    EXACT = "exact"
    PARTIAL = "partial"
    ABSENT = "absent"
    INVALID = "invalid"


#: Resolution statuses, best first, as plain strings (:class:`Status`).
STATUSES = tuple(s.value for s in Status)


class Reading(StrEnum):
    """How a citation's Cyrillic section letters were read (:attr:`Citation.reading`)."""

    NONE = ""
    LOOKALIKE = "lookalike"
    ALPHABET = "alphabet"


def overall(statuses: Iterable[str]) -> str:
    """The worst of several statuses (``exact`` < ``partial`` < ``absent`` <
    ``invalid``); ``invalid`` for none."""
    ranked = [STATUSES.index(s) for s in statuses]
    return STATUSES[max(ranked)] if ranked else "invalid"


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
    reads differently in the two (В, Е, К, М, Н) is in doubt.
    """

    start: int
    end: int
    text: str
    cites: tuple[str, ...]
    kind: str = "law"
    truncated: bool = False
    reading: str = ""
    mixed: bool = False


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
        :data:`lawref.cite.MAX_MEMBERS` cites. (Free text has law and
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
        return out

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> Linked:
        """The inverse of :meth:`to_json`."""
        kind = "commentary" if d["cites"] and all("." in c for c in d["cites"]) else "law"
        citation = Citation(d["start"], d["end"], d["text"], tuple(d["cites"]), kind, d.get("truncated", False),
                            d.get("reading", ""), d.get("mixed_readings", False))
        return cls(citation, tuple(Target.from_json(t) for t in d["targets"]))


# -- search ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Answer:
    """What a search answers (:func:`lawref.search.run`): ``hits`` best
    first, and what the policy did to find them — ``relaxed`` (no node held
    every word: these hold most of them; ``dropped`` the words left out),
    ``corrected`` (a typed word not in the corpus → the corpus form searched
    instead, "did you mean"), ``compounds`` (a typed word found only inside
    longer words → those lemmas; such hits rank after exact ones)."""

    hits: list[Hit]
    relaxed: bool = False
    dropped: tuple[str, ...] = ()
    corrected: dict[str, str] = field(default_factory=dict)
    compounds: dict[str, list[str]] = field(default_factory=dict)

    def notes(self) -> list[str]:
        """One line for people per thing the policy did (for stderr)."""

        out = [tr("did you mean «{right}»? (searched instead of «{typed}»)").format(right=right, typed=typed)
               for typed, right in self.corrected.items()]
        out += [tr("«{typed}» found only as part of: {lemmas}").format(typed=typed, lemmas=", ".join(lems))
                for typed, lems in self.compounds.items()]
        if self.relaxed:
            out.append(tr("no node has every word; nodes with most of them (left out: {words})").format(
                words=", ".join(self.dropped)))
        return out


@dataclass(frozen=True)
class Hit:
    """One search result.

    ``id``, ``cite``, ``doc``, ``kind``, ``title``, ``page`` are the node's
    (see :class:`Node`); ``score`` the ranking score (higher is better, only
    comparable within one result list; a cite query's own nodes score 100);
    ``snippet`` up to ~200 characters of the node's text (whitespace
    collapsed, ``…`` at cut ends) with every word matching a query word
    wrapped as ``[слово]``.
    """

    id: str
    cite: str | None
    doc: str
    kind: str
    title: str | None
    page: int | None
    score: float
    snippet: str

    def to_json(self) -> dict[str, Any]:
        """``{"id", "cite", "doc", "kind", "title", "page", "score", "snippet"}``."""
        return asdict(self)

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> Hit:
        """The inverse of :meth:`to_json`."""
        return cls(**{f.name: d[f.name] for f in fields(cls)})


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


# -- what a writer is handed (issue 25): worked out once on the query side, rendered in export/ ------------


@dataclass(frozen=True)
class Shown:
    """One node as lawref prints it, with its subtree: the writers in
    :mod:`lawref.export` render it and ask no library (it is built by
    :mod:`lawref.query.shown`).

    ``label`` is what people are shown (``62B``; a fragment by its page,
    «фрагмент, стр. 59, после правила 26»); ``lang`` its document's
    language; ``lost_start`` / ``lost_end``: its text opens after, or breaks
    off at, a page the scrape lost; ``variant`` ``(k, n)`` when ``n`` files
    hold the node with different texts and this is the ``k``-th;
    ``incoming`` the references made to this node itself (citing node,
    reference); ``likely_law`` for a fragment ``(cite, after, before)``: the
    law it is filed under (or ``None``) and the laws printed around it;
    ``children`` its children, in reading order."""

    node: Node
    label: str
    lang: str = "ru"
    lost_start: bool = False
    lost_end: bool = False
    variant: tuple[int, int] | None = None
    incoming: tuple[tuple[Node, Ref], ...] = ()
    likely_law: tuple[str | None, str | None, str | None] | None = None
    children: tuple[Shown, ...] = ()

    def walk(self) -> Iterable[Shown]:
        """This node and every node under it, in reading order (pre-order)."""
        yield self
        for c in self.children:
            yield from c.walk()


@dataclass(frozen=True)
class RefShown:
    """A reference as ``show`` lists it: its ``cite`` and ``status``, and the
    ``label`` of the node it resolved to (``None`` when it resolved to none)."""

    cite: str
    status: str
    label: str | None


@dataclass(frozen=True)
class View:
    """A node shown whole (``show``, ``GET /api/v1/nodes/{cite}``): the
    :class:`Shown` tree and what stands around it.

    ``document`` its document; ``law`` its law (``None`` for a fragment or a
    division) and ``law_lang`` the language of the law's document;
    ``law_title`` the law's title as shown (an English title printed in
    capitals in the catalogue's letter case); ``title_en`` the English title
    of its law in lawref's catalogue; ``context`` the headings between the
    law and the node (``show 6B1`` prints ``B. Сдача`` above it); ``lost``
    the catalogue's sections of a law that lost pages took, before and after
    its text; ``see_also`` / ``cited_by`` its references out (to nodes
    outside what is printed) and the labels of the nodes citing it;
    ``nearby`` for a fragment the nodes printed before and after it, each
    ``(label, page)``."""

    shown: Shown
    document: Document | None
    law: Node | None
    law_lang: str = "ru"
    law_title: str | None = None
    title_en: str | None = None
    context: tuple[Node, ...] = ()
    lost: tuple[tuple[str, ...], tuple[str, ...]] = ((), ())
    see_also: tuple[RefShown, ...] = ()
    cited_by: tuple[str, ...] = ()
    nearby: tuple[tuple[str, int | None] | None, tuple[str, int | None] | None] = (None, None)

    @property
    def node(self) -> Node:
        """The node shown."""
        return self.shown.node


@dataclass(frozen=True)
class Twin:
    """The English counterpart of a Russian node as ``show --lang en|both``
    prints it: ``view`` the counterpart's :class:`View`, or ``None`` when the
    corpus has no English text of it (then ``title_en`` the catalogue's
    title of the node itself — ``None`` for a part the catalogue does not
    title — and ``law_cite`` / ``law_title_en`` its law's);
    ``editions`` ``(mine, theirs)``, the two documents' editions, ``named``
    whether the English document names its edition at all, and ``compared``
    whether both documents are known (only then is a difference said);
    for a counterpart of another edition, ``relation`` what the concordance
    says became of the node there (``renumbered``: 1997 17E is 2017 17D),
    ``cite_there`` its cite in that edition and ``sure`` whether a source
    checked it (``lawref/data/concordance.tsv``)."""

    node: Node
    label: str
    view: View | None
    title_en: str | None = None
    law_cite: str | None = None
    law_title_en: str | None = None
    editions: tuple[str | None, str | None] = (None, None)
    named: bool = True
    compared: bool = True
    relation: str | None = None
    cite_there: str | None = None
    sure: bool = True


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
    lemmas) only for the HTML site, which alone prints them."""

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
