"""query.shown: what a writer is handed — each shown node worked out once (issue 25).

The writers in :mod:`lawref.export` render values and ask no library
(eyecite's ``annotate`` takes plain values; datasette's view works the data
out once and hands it to a renderer). This module is where that data is
worked out: a :class:`~lawref.model.Shown` tree for a node (labels, lost
page edges, variants, incoming references, a fragment's likely law), a
:class:`~lawref.model.View` for a node shown whole (its law, the headings
above it, lost sections, references out and in, neighbours), a
:class:`~lawref.model.Twin` for its English counterpart, and a
:class:`~lawref.model.HitShown` for a search hit. Functions of an open
:class:`~lawref.library.Library` (``lib``); each reads the node store of the
generation ``lib`` answers from.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from lawref import model
from lawref.lang import english
from lawref.model import Document, Kind, Node, Status
from lawref.query import editions as q_editions
from lawref.query.pages import may_go_on
from lawref.query.views import AllNodes

if TYPE_CHECKING:
    from lawref.library import Library
    from lawref.listings import Holdings
    from lawref.printed import RefShown, Shown, Twin, View
    from lawref.results import Hit, HitShown

__all__ = ["first", "hits", "holdings", "labels_of", "page", "show", "shown", "twin", "view", "views"]

_DIVISIONS = (Kind.CHAPTER, Kind.PART, Kind.DIVISION)


def _lang(lib: Library, node: Node) -> str:
    doc = lib.document(node.doc)
    return doc.lang if doc is not None else "ru"


def _variant(lib: Library, node: Node) -> tuple[int, int] | None:
    """``(k, n)`` when ``n`` files hold ``node`` with different texts and it is the ``k``-th, else ``None``."""
    copies = lib.variants(node)
    return (copies.index(node) + 1, len(copies)) if len(copies) >= 2 else None


def shown(lib: Library, node: Node, *, links: bool = False) -> Shown:
    """``node`` and its subtree as :class:`~lawref.model.Shown` values, in
    reading order; with ``links`` (the JSON shapes print them) each node's
    incoming references and a fragment's likely law too — a text ``show``
    prints neither, so it never reads them."""
    lost_start, lost_end = lib.cut_edges(node)
    likely = None
    if links and node.kind == Kind.FRAGMENT:
        law = lib.law_of(node)
        after, before = lib.laws_around(node)
        likely = (law.cite if law is not None else None, after, before)
    return model.Shown(node, lib.label(node), _lang(lib, node), lost_start, lost_end, _variant(lib, node),
                 tuple(lib.incoming_to(node)) if links else (), likely,
                 tuple(shown(lib, c, links=links) for c in lib.store.children(node.id)))


def _above(lib: Library, node: Node) -> list[Node]:
    """The nodes above ``node``, its parent first."""
    out = []
    cur = lib.by_id.get(node.parent) if node.parent else None
    while cur is not None:
        out.append(cur)
        cur = lib.by_id.get(cur.parent) if cur.parent else None
    return out


def _context(lib: Library, node: Node, law: Node | None) -> tuple[Node, ...]:
    """The nodes between ``node``'s law and ``node``, outermost first."""
    if law is None:
        return ()
    chain = []
    for n in _above(lib, node):
        if n.id == law.id:
            break
        chain.append(n)
    return tuple(reversed(chain))


def _law_title(lib: Library, law: Node) -> str | None:
    """An English law's title as shown: one printed in capitals in the
    catalogue's letter case when the catalogue of its edition has the same
    words (``CORRECTION OF A REVOKE`` → ``Correction of a Revoke``)."""
    title = law.title
    if not title or not title.isupper() or law.cite is None:
        return title
    entry = lib.catalogue_entry(law.cite, lib.edition_of(law.doc))[1]
    same = entry is not None and english.title_words(entry.title_en) == english.title_words(title)
    return entry.title_en if same and entry is not None else title


def _ref(lib: Library, cite: str, status: str, target_id: str | None) -> RefShown:
    target = lib.by_id.get(target_id) if target_id else None
    return model.RefShown(cite, status, lib.label(target) if target is not None and status in (
        Status.EXACT, Status.PARTIAL) else None)


def _near(lib: Library, node: Node | None) -> tuple[str, int | None] | None:
    return (lib.label(node), node.page) if node is not None else None


def view(lib: Library, node: Node, *, links: bool = False) -> View:
    """``node`` shown whole: its :class:`~lawref.model.Shown` tree, its
    document and law, the headings between them, a law's lost sections,
    its references out (to nodes outside what is printed: a reference
    within the printed subtree stands in its text) and in, and for a
    fragment the nodes printed before and after it (``links``: as :func:`shown`)."""
    tree = shown(lib, node, links=links)
    law = lib.law_of(node)
    inside = {s.node.id for s in tree.walk()}
    out = tuple(dict.fromkeys(_ref(lib, r.cite, r.status, r.id) for _, r in lib.outgoing(node) if r.id not in inside))
    cited = tuple(dict.fromkeys(lib.label(n) for n, _ in lib.incoming(node) if n.id not in inside))
    before, after = lib.lost_sections(node) if node.kind == Kind.LAW else ([], [])
    nearby = tuple(_near(lib, n) for n in lib.neighbours(node)) if node.kind == Kind.FRAGMENT else (None, None)
    doc = lib.document(node.doc)
    return model.View(tree, doc, law, _lang(lib, law) if law is not None else tree.lang,
                _law_title(lib, law) if law is not None else None, lib.title_en(node), _context(lib, node, law),
                (tuple(before), tuple(after)), out, cited, (nearby[0], nearby[1]),
                law is node and _law_text_absent(lib, node, doc), node.kind == Kind.LAW and may_go_on(lib, node))


def _law_text_absent(lib: Library, law: Node, doc: Document | None) -> bool:
    """Whether ``law``, a law of a document that is no laws document (a commentary's), has no text in any laws
    document of that document's edition."""
    if doc is None or doc.kind == "laws" or not law.cite:
        return False
    held = (lib.document(n.doc) for n in lib.store.with_cite(law.cite))
    return not any(d is not None and d.kind == "laws" and d.edition == doc.edition for d in held)


def views(lib: Library, nodes: Sequence[Node]) -> list[View]:
    """A :func:`view` of each of ``nodes``."""
    return [view(lib, n) for n in nodes]


def show(lib: Library, nodes: Sequence[Node], lang: str) -> tuple[list[View], dict[str, Twin]]:
    """What ``show`` prints of ``nodes`` in ``lang`` (``ru``, ``en``,
    ``both``): a :func:`view` of each, and for ``en`` and ``both`` the
    :func:`twin` of each Russian one, by its id — for ``both`` also of each
    English one (its Russian counterpart: 2017 17D's is 1997 17E)."""
    shown_views = views(lib, nodes)
    twins = {v.node.id: twin(lib, v.node) for v in shown_views
             if v.shown.lang != "en" or lang == "both"} if lang != "ru" else {}
    return shown_views, twins


def first(lib: Library, nodes: Sequence[Node], lang: str) -> tuple[View, list[str], Twin | None]:
    """What ``show --json`` and ``GET /api/v1/nodes/{cite}`` print of
    ``nodes`` (the nodes a cite names, the first shown): the first's
    :func:`view`, the other nodes' ids, and for ``lang`` ``en`` or ``both``
    the first's :func:`twin` (``None`` for ``ru``)."""
    return (view(lib, nodes[0], links=True), [n.id for n in nodes[1:]],
            twin(lib, nodes[0], links=True) if lang != "ru" else None)


def twin(lib: Library, node: Node, *, links: bool = False) -> Twin:
    """The English counterpart of ``node`` as ``show --lang en|both`` prints
    it: its view, or the catalogue's English titles when the corpus has no
    English text of it; and the editions of the two documents."""
    other, row = q_editions.paired(lib, node)
    law = lib.law_of(node)
    mine = lib.document(node.doc)
    theirs = lib.document(other.doc) if other is not None else None
    own = node.title_en or (lib.title_en(node) if node.kind == Kind.LAW else None)
    return model.Twin(node, lib.label(node), view(lib, other, links=links) if other is not None else None,
                own, law.cite if law is not None else None, lib.title_en(node),
                (mine.edition if mine else None, theirs.edition if theirs else None),
                named=theirs is None or theirs.edition is not None, compared=mine is not None and theirs is not None,
                relation=row.relation if row is not None and row.source != q_editions.OWN_TITLES else None,
                cite_there=other.cite if row is not None and other is not None else None,
                sure=row.sure if row is not None else True)


def page(lib: Library, nodes: Sequence[Node], *, links: bool = False) -> list[Shown]:
    """``show --page``: each node printed on the page, with its subtree (``links``: as :func:`shown`)."""
    return [shown(lib, n, links=links) for n in nodes]


def hits(lib: Library, found: Sequence[Hit]) -> list[HitShown]:
    """Each search hit with its node's label and English titles."""
    out = []
    for h in found:
        node = lib.by_id.get(h.id)
        if node is None:
            out.append(model.HitShown(h, h.cite or h.id))
            continue
        law = lib.law_of(node)
        out.append(model.HitShown(h, lib.label(node), node.title_en, law.cite if law is not None else None,
                            lib.title_en(node)))
    return out


def labels_of(lib: Library, ids: Sequence[str | None]) -> dict[str, tuple[str, str]]:
    """``{id: (doc, label)}`` for each id the store holds (a reference's
    target, a citing node), as ``refs`` and ``check`` print them."""
    out = {}
    for i in ids:
        node = lib.by_id.get(i) if i else None
        if node is not None and i is not None:
            out[i] = (node.doc, lib.label(node))
    return out


def holdings(lib: Library, nodes: Sequence[Node], *, html: bool = False, forms: bool = False,
             labels: bool = True) -> Holdings:
    """What the writers of an export of ``nodes`` read of the corpus
    (:class:`~lawref.model.Holdings`): the documents and nodes, the node
    store as mappings, every node's label (none with ``labels=False``: for
    anchors alone, as ``link`` and a search's links need), and for ``nodes``
    their lost page edges, a law's lost sections, variants and (with the
    laws above the first) their law's English title; for ``html`` also each
    node's incoming references («Ссылаются»), and with ``forms`` the index's
    word forms (the site's offline search), which no other format prints."""
    held = list(nodes)
    variants = {n.id: v for n in held if ("~" in n.id or n.cite) and (v := _variant(lib, n)) is not None}
    lost = {}
    for n in held:
        if n.kind == Kind.LAW:
            before, after = lib.lost_sections(n)
            lost[n.id] = (tuple(before), tuple(after))
    above = _above(lib, held[0]) if held else []  # the headings an export of one subtree prints above it
    return model.Holdings(lib.documents, AllNodes(lambda: lib.nodes), lib.by_id, lib.children,
                    {n.id: lib.label(n) for n in lib.nodes} if labels else {}, lib.law_before,
                    {n.id: lib.cut_edges(n) for n in held}, lost, variants,
                    {n.id: tuple(lib.incoming_to(n)) for n in held} if html else {},
                    {n.id: lib.title_en(n) for n in [*held, *above]},
                    lib.store.all_forms() if forms else {}, _counterparts(lib, held) if html else {})


def _counterparts(lib: Library, nodes: Sequence[Node]) -> dict[str, tuple[str, str | None]]:
    """Each of ``nodes``' counterpart in the other language's document, as
    :attr:`~lawref.model.Holdings.counterparts` holds it."""
    out = {}
    for n in nodes:
        other, row = q_editions.paired(lib, n) if n.cite else (None, None)
        if other is not None:
            out[n.id] = (other.id, row.relation if row is not None and row.source != q_editions.OWN_TITLES else None)
    return out
