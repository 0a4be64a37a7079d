"""query.find: nodes by cite, id or label — what ``show``, ``refs`` and ``export --law`` look up first.

Functions of an open :class:`~lawref.library.Library` (``lib``), which hands
its public methods on to them; each reads the node store of the generation
``lib`` answers from.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from lawref import labels as labels_of
from lawref.cite import normalise_cite
from lawref.errors import CiteError, NotFound
from lawref.i18n import N_
from lawref.model import Document, Node
from lawref.query.editions import no_such_law

if TYPE_CHECKING:
    from lawref.library import Library

def find(lib: Library, cite_or_id: str, doc: str | None = None, edition: str | None = None) -> list[Node]:
    """Nodes named by a cite (any spelling :func:`normalise_cite` takes) or
    an exact id (``laws/fragment@…``), laws documents first.

    ``edition`` keeps the nodes of that edition's documents; without it,
    those of :meth:`default_edition` come first. Raises
    :class:`~lawref.cite.CiteError` for a malformed cite, :class:`UsageError`
    for an edition no document has, and :class:`NotFound` for a cite that
    names no node (of ``doc`` and ``edition``, if given)."""
    store = lib.store
    node = store.node(cite_or_id) or store.by_label(cite_or_id.strip())
    if node is not None:  # an id, or ``фрагмент, стр. 59, после правила 26`` as search prints it
        return [node]
    if "/" in cite_or_id:
        raise NotFound(N_("no node {cite} in this corpus").format(cite=repr(cite_or_id)))
    try:
        cite = normalise_cite(cite_or_id)
    except CiteError:
        pasted = _label_of_line(lib, cite_or_id)  # a search line pasted whole: only when it is no cite
        if pasted is None:
            raise
        return [pasted]
    docs = {d.id: d for d in lib.documents}
    chosen = lib.pick_edition(edition)
    found = [n for n in store.with_cite(cite) if (doc is None or n.doc == doc)
             and (edition is None or docs[n.doc].edition == chosen)]
    found.sort(key=lambda n: (docs[n.doc].edition != chosen, docs[n.doc].kind != "laws"))
    if not found:
        raise NotFound(_not_found(lib, cite, doc, chosen if edition else None))
    return found


def _label_of_line(lib: Library, text: str) -> Node | None:
    """The node whose label starts a line ``search`` printed, pasted
    whole (``фрагмент правила 43, стр. 69 (3) Спрашивает …``): the
    longest run of its first words (at most 12) that is a label; only
    for a line that starts with a word (tried only when it is no cite)."""
    words = text.split()
    if len(words) < 2 or not words[0][:1].isalpha():
        return None
    for k in range(min(len(words), 12) - 1, 0, -1):
        found = lib.store.by_label(" ".join(words[:k]))
        if found is not None:
            return found
    return None


def _not_found(lib: Library, cite: str, doc: str | None, edition: str | None) -> str:
    """Why :meth:`find` found nothing: not in the corpus (or ``doc``, or
    ``edition``), and, when the edition has no such law, that too."""
    ed, entry = lib.catalogue_entry(cite, edition)
    if entry is None and doc is None:
        return no_such_law(cite, ed)
    where = N_("document {doc}").format(doc=repr(doc)) if doc else N_("this corpus")
    if edition:
        return N_("{cite} is not in {where_msg} (edition {edition})").format(cite=cite, where_msg=where,
                                                                              edition=edition)
    return N_("{cite} is not in {where_msg}").format(cite=cite, where_msg=where)


def subtree(lib: Library, node: Node) -> list[tuple[int, Node]]:
    """``node`` and its descendants in reading order, with their depth."""
    out, stack, store = [], [(0, node)], lib.store
    while stack:
        depth, n = stack.pop()
        out.append((depth, n))
        stack.extend((depth + 1, c) for c in reversed(store.children(n.id)))
    return out


def label(lib: Library, node: Node) -> str:
    """What people are shown for ``node`` instead of its id: its cite, else
    the label the index stored (:func:`lawref.labels.unique_labels`: a
    second fragment of one page after one law gets `` (2)``), else
    :func:`lawref.labels.label`. ``show`` takes it as it takes an id."""
    if node.cite:
        return node.cite
    return lib.store.label(node.id) or lib.labels.get(node.id) or labels_of.label(
        node, lib.documents_by_id, lib.store.node, lib.law_before)


def labels(lib: Library) -> dict[str, str]:
    """The unique label of every node without a cite, by id
    (:func:`lawref.labels.unique_labels`; an index stores them)."""
    return labels_of.unique_labels(lib.documents, lib.nodes)


def law_before(lib: Library) -> dict[str, str]:
    """:func:`lawref.labels.law_before` over the corpus: the cite of the last
    law printed before each node, by id."""
    return labels_of.law_before(lib.nodes)


def law_of(lib: Library, node: Node) -> Node | None:
    """The law node above ``node`` (itself if it is a law)."""
    return labels_of.law_of(node, lib.store.node)


def documents_by_id(lib: Library) -> dict[str, Document]:
    """The corpus's documents by id."""
    return {d.id: d for d in lib.documents}
