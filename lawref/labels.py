"""labels: what people are shown for a node instead of its id — both sides use it.

A node with a cite is shown by its cite (``62B``); a fragment as «фрагмент,
стр. 59, после правила 30» (or «фрагмент правила 68, стр. 93» under an
inferred law; English documents: "fragment, p. 59, after Law 30"); a
footnote as «сноска (*) к 43B2»; a chapter by its heading. The build works
out the unique label of every node without a cite over the whole corpus
(:func:`unique_labels`) and the index stores them; the query side reads them
back and falls back to :func:`label` for a node the index has no label for.
The words are the source's, in the document's language (the labels are part
of what the index stores, not UI words).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping

from lawref.model import Document, Kind, Node

__all__ = ["label", "law_before", "law_of", "unique_labels"]


def law_of(node: Node, parent_of: Callable[[str], Node | None]) -> Node | None:
    """The law node above ``node`` (itself if it is a law); ``parent_of`` finds a node by id."""
    cur: Node | None = node
    while cur is not None and cur.kind != Kind.LAW:
        cur = parent_of(cur.parent) if cur.parent else None
    return cur


def law_before(nodes: Iterable[Node]) -> dict[str, str]:
    """For each node (in reading order) after a law of its document, the cite
    of the last law printed before it (a fragment's place)."""
    out: dict[str, str] = {}
    last: dict[str, str] = {}
    for n in nodes:
        if n.kind == Kind.LAW and n.cite:
            last[n.doc] = n.cite
        elif n.doc in last:
            out[n.id] = last[n.doc]
    return out


def label(node: Node, documents: Mapping[str, Document], node_of: Callable[[str], Node | None],
          before: Mapping[str, str]) -> str:
    """The label of ``node`` (see the module's docstring): ``documents`` by
    id, ``node_of`` finds a node by id, ``before`` is :func:`law_before`."""
    if node.cite:
        return node.cite
    en = (doc := documents.get(node.doc)) is not None and doc.lang == "en"
    if node.kind == Kind.FRAGMENT:
        page = (f", p. {node.page}" if en else f", стр. {node.page}") if node.page is not None else ""
        law = law_of(node, node_of)
        if law is not None and law.cite:
            return f"fragment of Law {law.cite}{page}" if en else f"фрагмент правила {law.cite}{page}"
        cite = before.get(node.id)
        after = (f", after Law {cite}" if en else f", после правила {cite}") if cite else ""
        return f"{'fragment' if en else 'фрагмент'}{page}{after}"
    parent = node_of(node.parent) if node.parent else None
    if node.kind == Kind.FOOTNOTE and parent is not None:
        whose = label(parent, documents, node_of, before)
        if not en and whose.startswith("фрагмент"):
            whose = "фрагменту" + whose[len("фрагмент"):]  # «сноска (*) к фрагменту, после правила 36»
        return f"{'footnote' if en else 'сноска'} {node.label or ''} {'to' if en else 'к'} {whose}"
    return " ".join(p for p in (node.label, node.title) if p) or node.kind


def unique_labels(documents: Iterable[Document], nodes: Iterable[Node]) -> dict[str, str]:
    """The unique label of every node without a cite, by id, over the whole
    corpus (``nodes`` in reading order): a label met again gets ``(2)``,
    ``(3)`` … — at build time; an index stores them."""
    nodes = list(nodes)
    docs = {d.id: d for d in documents}
    by_id = {n.id: n for n in nodes}
    before = law_before(nodes)
    out: dict[str, str] = {}
    seen: dict[str, int] = {}
    for n in nodes:
        if n.cite:
            continue
        base = label(n, docs, by_id.get, before)
        seen[base] = seen.get(base, 0) + 1
        out[n.id] = base if seen[base] == 1 else f"{base} ({seen[base]})"
    return out
