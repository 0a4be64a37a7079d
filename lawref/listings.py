"""listings: the values of the contents, ``refs`` and an export's holdings.

Defined apart from :mod:`lawref.model`, which names them too (PEP 562),
so that a search or a link does not build their classes (issue 28). The
shapes are told in :mod:`lawref.model`'s docstring.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass, field, fields
from enum import StrEnum
from typing import Any

from lawref.model import Document, Node, Ref

__all__ = ["TOC_STATUSES", "Holdings", "References", "TocEntry", "TocStatus"]


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
