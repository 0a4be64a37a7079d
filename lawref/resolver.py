"""resolver: citations → nodes of the corpus, with a status; the reference graph.

Statuses (issue 3):

* ``exact`` — the cited node exists;
* ``partial`` — the law is here but not that section: resolved to the nearest
  ancestor that exists, the missing part named (``66C`` → ``laws/66``, ``C``);
* ``absent`` — a real law of the edition (1–93 for 1997) whose text is not in
  this corpus;
* ``invalid`` — no such law (``правило 95``), or no such section of a law
  whose every section the edition's catalogue knows (1997 ``17F``: Law 17
  has A–E; ``lawref/data/laws-E.tsv``'s ``sections``).

Law cites resolve in a laws document (the citing one first), commentary cites
(``п.45.5``) in a commentary document — and never across editions (issue 11):
a citation inside a document resolves within that document's edition (the
citing document first, then the documents of its language, then the other
language's), and one in free text within the edition asked for (documents
of the citation's language first). Relative references (``пункту 1``,
``(B1)``) resolve against the node they stand in, by label, among its siblings
and its ancestors' siblings.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import TYPE_CHECKING

from lawref import model
from lawref import patterns as P
from lawref.cite import ancestors, find_citations, latin, law_of
from lawref.model import STATUSES, Document, Kind, Node, Ref, overall

if TYPE_CHECKING:
    from lawref.citations import Citation, Target

__all__ = ["EDITION_LAWS", "STATUSES", "Resolver", "overall"]

#: Laws in each edition of the Laws of Duplicate Contract Bridge.
EDITION_LAWS = {"1997": 93, "1987": 93, "2007": 93, "2017": 93}
DEFAULT_LAWS = 93


def _first_by_cite(nodes: Iterable[Node]) -> dict[tuple[str, str], Node]:
    """``(doc, cite)`` → the first node of that document with that cite."""
    out: dict[tuple[str, str], Node] = {}
    for n in nodes:
        if n.cite is not None:
            out.setdefault((n.doc, n.cite), n)
    return out


def _children(nodes: Iterable[Node]) -> dict[str | None, list[Node]]:
    """Parent id → children, in reading order."""
    out: dict[str | None, list[Node]] = {}
    for n in nodes:
        out.setdefault(n.parent, []).append(n)
    return out


def _norm_label(label: str | None) -> str:
    if not label:
        return ""
    core = label.strip().rstrip(".").strip("()")
    return latin(core).lower()


class Resolver:
    """Resolves citations against ``nodes`` of ``documents`` — or, on the
    query side, against mappings read from a node store on demand:
    ``by_cite`` (``(doc, cite)`` → the first such node), ``children``
    (parent id → nodes) and ``by_id``."""

    def __init__(self, documents: Iterable[Document], nodes: Iterable[Node] = (), *,
                 by_cite: Mapping[tuple[str, str], Node] | None = None,
                 children: Mapping[str | None, list[Node]] | None = None,
                 by_id: Mapping[str, Node] | None = None,
                 lacks: Callable[[str | None, str], bool] | None = None):
        self.documents = {d.id: d for d in documents}
        self._lacks = lacks  # (edition, cite) → the edition has no such section (its catalogue's outline)
        nodes = list(nodes)
        self.by_id = by_id if by_id is not None else {n.id: n for n in nodes}
        self.by_cite = by_cite if by_cite is not None else _first_by_cite(nodes)
        self._holders: dict[str, set[str]] | None = None
        if isinstance(self.by_cite, dict):
            self._holders = {}
            for doc, cite in self.by_cite:
                self._holders.setdefault(cite, set()).add(doc)
        self.children = children if children is not None else _children(nodes)
        self._cache: dict[tuple[str, str, str | None, str | None, str | None], Target] = {}
        self._doc_orders: dict[tuple[str, str | None, str | None, str | None], list[str]] = {}
        self._limits: dict[tuple[tuple[str, ...], str | None], int] = {}

    def _docs(self, kind: str, prefer: str | None, edition: str | None = None, lang: str | None = None) -> list[str]:
        """Documents of ``kind`` a cite may resolve in, in the order tried:
        ``prefer`` (the citing document) first and only its edition; else
        only ``edition`` when given; then those in ``lang`` (the citing
        document's language, or the citation's) before the others.
        Worked out once per question (a corpus of 200 documents asks it
        for every citation)."""
        key = (kind, prefer, edition, lang)
        found = self._doc_orders.get(key)
        if found is None:
            found = self._doc_orders[key] = self._order_docs(kind, prefer, edition, lang)
        return found

    def _order_docs(self, kind: str, prefer: str | None, edition: str | None, lang: str | None) -> list[str]:
        mine = self.documents.get(prefer) if prefer else None
        if mine is not None:
            edition, lang = mine.edition, lang or mine.lang
        docs = [d for d in self.documents.values() if d.kind == kind
                and (mine is None and edition is None or d.edition == edition)]
        return [d.id for d in sorted(docs, key=lambda d: (d.id != prefer, d.lang != lang))]

    def _limit(self, docs: list[str], edition: str | None = None) -> int:
        key = (tuple(docs), edition)
        if key not in self._limits:
            self._limits[key] = self._count_laws(docs, edition)
        return self._limits[key]

    def _count_laws(self, docs: list[str], edition: str | None) -> int:
        editions = [self.documents[d].edition for d in docs if d in self.documents] or [edition]
        return max((EDITION_LAWS.get(e or "", DEFAULT_LAWS) for e in editions), default=DEFAULT_LAWS)

    def resolve_cite(self, cite: str, kind: str = "law", prefer: str | None = None, *,
                     edition: str | None = None, lang: str | None = None) -> Target:
        """Resolve a canonical ``cite`` (``kind`` ``"law"`` or ``"commentary"``)
        from the document ``prefer`` (within its edition), or — for free text —
        within ``edition``, documents in ``lang`` first (see :meth:`_docs`).
        The target names the edition. Answers are remembered (a text that
        cites ``Laws 1 to 31`` 80,000 times resolves each cite once)."""
        key = (cite, kind, prefer, edition, lang)
        found = self._cache.get(key)
        if found is None:
            if len(self._cache) >= 100_000:
                self._cache.clear()
            found = self._cache[key] = self._resolve_cite(cite, kind, prefer, edition, lang)
        return found

    def _resolve_cite(self, cite: str, kind: str, prefer: str | None, edition: str | None,
                      lang: str | None) -> Target:
        docs = self._docs("commentary" if kind == Kind.COMMENTARY else "laws", prefer, edition, lang)
        mine = self.documents.get(prefer) if prefer else None
        edition = mine.edition if mine is not None else edition
        for doc in self._holding(cite, docs):
            node = self.by_cite.get((doc, cite))
            if node is not None:
                return model.Target(cite, "exact", node.id, edition=self.documents[doc].edition)
        if kind != Kind.COMMENTARY and self._lacks is not None and self._lacks(edition, cite):  # 1997 17F: A-E only
            return model.Target(cite, "invalid", edition=edition)
        for up in ancestors(cite):
            for doc in self._holding(up, docs):
                node = self.by_cite.get((doc, up))
                if node is not None:
                    return model.Target(cite, "partial", node.id, cite[len(up):].lstrip("."),
                                        self.documents[doc].edition)
        if 1 <= law_of(cite) <= self._limit(docs, edition):
            return model.Target(cite, "absent", edition=edition)
        return model.Target(cite, "invalid", edition=edition)

    def _holding(self, cite: str, docs: list[str]) -> list[str]:
        """Those of ``docs`` that may hold ``cite``, in order: with the nodes
        in memory, only the documents that do (a corpus of 200 documents
        would otherwise be asked 200 times for each law it lacks)."""
        if self._holders is None:
            return docs
        have = self._holders.get(cite)
        return [d for d in docs if d in have] if have else []

    def resolve_relative(self, path: tuple[str, ...], node: Node) -> Target:
        """Resolve a label path (``("1",)``, ``("(b)", "(1)")``) from ``node``:
        the first sibling of ``node`` or of an ancestor whose label matches
        ``path[0]``, then down its children."""
        labels = [_norm_label(p) for p in path]
        text = "".join(path)
        cur: Node | None = node
        while cur is not None:
            for sib in self.children.get(cur.parent, []):
                if _norm_label(sib.label) == labels[0]:
                    return self._down(sib, labels[1:], text)
            cur = self.by_id.get(cur.parent) if cur.parent else None
        near = self._nearest_cited(node)
        return model.Target(text, "partial", near.id if near else None, text) if near else model.Target(text, "absent")

    def _down(self, start: Node, labels: list[str], text: str) -> Target:
        cur = start
        for i, lab in enumerate(labels):
            nxt = next((c for c in self.children.get(cur.id, []) if _norm_label(c.label) == lab), None)
            if nxt is None:
                return model.Target(cur.cite or text, "partial", cur.id, "".join(labels[i:]))
            cur = nxt
        return model.Target(cur.cite or text, "exact", cur.id)

    def _nearest_cited(self, node: Node) -> Node | None:
        cur: Node | None = node
        while cur is not None and cur.cite is None:
            cur = self.by_id.get(cur.parent) if cur.parent else None
        return cur

    def targets(self, citation: Citation, node: Node | None = None, prefer: str | None = None, *,
                edition: str | None = None, lang: str | None = None) -> list[Target]:
        """Resolve every cite of ``citation`` (relative ones need ``node``):
        from the document ``prefer``, or within ``edition`` with documents in
        ``lang`` — by default the citation's own language (``правило`` → ru,
        ``Law`` → en) — first."""
        if citation.kind == "relative":
            return [self.resolve_relative(citation.cites, node)] if node is not None else []
        lang = lang or ("ru" if P.CYRILLIC.search(citation.text) else "en")
        found = [self.resolve_cite(c, citation.kind, prefer, edition=edition, lang=lang) for c in citation.cites]
        return [_unread(t, citation.unread) for t in found] if citation.unread else found

    def refs_of(self, node: Node, line_map: tuple[tuple[int, int], ...] = (),
                citations: Iterable[Citation] | None = None) -> tuple[Ref, ...]:
        """Outgoing references of ``node`` (``citations`` in its text, found
        here when not given), resolved. ``line_map`` gives ``(offset, raw
        line)`` pairs to set each ref's line."""
        doc = self.documents.get(node.doc)
        commentary = doc is not None and doc.kind == Kind.COMMENTARY
        alphabet = doc is not None and doc.letters == "alphabet"
        if citations is None:
            citations = find_citations(node.text, commentary=commentary, alphabet=alphabet)
        refs = []
        for c in citations:
            for t in self.targets(c, node, node.doc):
                line = max((ln for off, ln in line_map if off <= c.start), default=node.source.line)
                refs.append(Ref(c.start, c.end, c.text, t.cite, t.status, t.id, line))
        return tuple(refs)


def _unread(target: Target, unread: str) -> Target:
    """``target`` of a citation whose parts ``unread`` were not read
    (:attr:`~lawref.citations.Citation.unread`): never ``exact`` — ``partial``,
    the unread parts named as missing (``пункт 2 правила 43`` → law 43,
    missing ``пункт 2``)."""
    if target.status != "exact":
        return target
    return model.Target(target.cite, "partial", target.id, unread, target.edition)
