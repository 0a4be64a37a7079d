"""query.refs: references a node makes and receives, and the citations that resolve to nothing.

Functions of an open :class:`~lawref.library.Library` (``lib``), which hands
its public methods on to them; each reads the node store of the generation
``lib`` answers from.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from lawref import model
from lawref.cite import cite_pattern, normalise_cite
from lawref.errors import NotFound
from lawref.model import STATUSES, Node, Ref, Status

if TYPE_CHECKING:
    from lawref.library import Library
    from lawref.listings import References


def references(lib: Library, cite_or_id: str, *, incoming: bool = False, doc: str | None = None) -> References:
    """References made by a node and its descendants, or (``incoming``)
    made to them; for a law the corpus lacks and its edition has,
    ``incoming`` still lists the citations of it (``правило 59``). Raises
    :class:`~lawref.errors.NotFound` (and :class:`~lawref.errors.CiteError`)
    as :meth:`find` does."""
    try:
        node = lib.find(cite_or_id, doc)[0]
    except NotFound:
        if not incoming or "/" in cite_or_id:
            raise
        cite = normalise_cite(cite_or_id)
        lib.absent(cite, lib.edition_of(doc) if doc else None)  # no such law in the edition (95): NotFound
        return model.References(cite, None, cite, lib.citing(cite))
    pairs = lib.incoming(node) if incoming else lib.outgoing(node)
    return model.References(node.cite or node.id, node.id, node.cite, pairs)


def citing(lib: Library, cite: str) -> list[tuple[Node, Ref]]:
    """Every citation of ``cite`` or of a part of it (``59`` → ``59``,
    ``59A`` …), whether or not the corpus holds its text — for a law that
    is ``absent`` there are no backlinks to follow."""
    rx, store = cite_pattern(cite), lib.store
    pairs = [(node, node.refs[i]) for sid, i in store.citing(cite) if (node := store.node(sid)) is not None]
    return [(n, r) for n, r in pairs if rx.match(r.cite)]


def outgoing(lib: Library, node: Node) -> list[tuple[Node, Ref]]:
    """References made by ``node`` and its descendants, in reading order."""
    return [(n, r) for _, n in lib.subtree(node) for r in n.refs]


def incoming_to(lib: Library, node: Node) -> list[tuple[Node, Ref]]:
    """References to ``node`` itself (not its descendants), in reading
    order of the citing nodes."""
    store = lib.store
    found = [(src, src.refs[i]) for sid, i in store.incoming(node.id) if (src := store.node(sid)) is not None]
    return sorted(found, key=lambda pair: (store.seq(pair[0].id), pair[1].start))


def incoming(lib: Library, node: Node) -> list[tuple[Node, Ref]]:
    """References to ``node`` or any of its descendants (the backlinks
    stored at build time), in reading order of the citing nodes."""
    store = lib.store
    found = [(src, src.refs[i]) for _, n in lib.subtree(node) for sid, i in store.incoming(n.id)
             if (src := store.node(sid)) is not None]
    return sorted(found, key=lambda pair: (store.seq(pair[0].id), pair[1].start))


def dangling(lib: Library) -> dict[str, list[tuple[Node, Ref]]]:
    """Every citation of the corpus that is not ``exact``, by status."""
    out: dict[str, list[tuple[Node, Ref]]] = {s: [] for s in STATUSES if s != "exact"}
    for n in lib.nodes:
        for r in n.refs:
            if r.status != Status.EXACT:
                out[r.status].append((n, r))
    return out
