"""query.pages: printed pages, cut nodes, the laws around a fragment, the build's doubts.

Functions of an open :class:`~lawref.library.Library` (``lib``), which hands
its public methods on to them; each reads the node store of the generation
``lib`` answers from.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from lawref import patterns as P
from lawref.model import Kind, Node
from lawref.query.editions import catalogue

if TYPE_CHECKING:
    from lawref.library import Library

def page_edges(lib: Library, node: Node) -> tuple[bool, bool]:
    """``(first, last)``: whether ``node`` opens or closes the text of a
    printed page of its file — the places where a scrape of every fourth
    page cuts sentences. Always ``(False, False)`` in a file with no
    printed page markers (nothing was lost between its pages); see
    :func:`lawref.nodestore.page_edges`."""
    return lib.store.edges(node.id)


def cut_edges(lib: Library, node: Node) -> tuple[bool, bool]:
    """``(starts_after_gap, cut_at_end)``: ``node``'s text opens a
    scraped page mid-sentence (its start is on a page the scan lacks),
    or closes one unfinished — the marks ``show`` and the exports print
    beside it (:meth:`page_edges` and the text's own first and last
    characters)."""
    first, last = lib.page_edges(node)
    text = node.text
    return bool(first and text[:1].islower()), bool(last and text and not P.SENTENCE_END.search(text))


def on_page(lib: Library, page: int, doc: str | None = None) -> list[Node]:
    """The nodes printed on page ``page`` (of document ``doc``) whose
    parent is not on it too — each with its subtree, what ``show
    --page`` prints — in reading order; ``[]`` for a page the scrape lost."""
    nodes = lib.store.on_page(page, doc)
    ids = {n.id for n in nodes}
    return [n for n in nodes if n.parent not in ids]


def pages_kept(lib: Library, doc: str | None = None) -> str:
    """The printed pages the corpus holds (of ``doc``), as ``47, 51, 55 … 97``."""
    pages = sorted({n.page for n in lib.nodes if n.page is not None and (doc is None or n.doc == doc)})
    shown = ", ".join(map(str, pages[:12]))
    return shown + (f" … {pages[-1]}" if len(pages) > 12 else "") if pages else "none"


def neighbours(lib: Library, node: Node) -> tuple[Node | None, Node | None]:
    """The nodes printed right before and right after ``node`` and its
    subtree in its document (footnotes and ``node``'s own descendants
    skipped): where a fragment stands."""
    store = lib.store
    seqs = [store.seq(n.id) for _, n in lib.subtree(node)]
    return store.printed_near(node.doc, min(seqs), max(seqs))


def lost_sections(lib: Library, law: Node) -> tuple[list[str], list[str]]:
    """``(before, after)``: the sections of ``law`` the edition has and
    the corpus lacks because its text starts after, or ends at, a page the
    scrape lost (``62`` ends with 62B at the end of page 89 → after
    ``["62C", "62D"]``, page 90 lost; 68 starts mid-law on page 93 → before
    ``["68A"]``). A law that ends at a page whose next page the file holds
    lost nothing there: a section it lacks is not in the text.
    ``([], [])`` for a law whose text is whole or not on printed pages."""
    if law.cite is None:
        return [], []
    cite = law.cite
    present = [n.cite for _, n in lib.subtree(law) if n.kind == Kind.SECTION and n.cite]
    listed = catalogue(lib.edition()).outline(cite)  # every section, when a source showed the whole law
    known = [cite + x for x in listed] if listed is not None else [
        e.id for e in catalogue(lib.edition()).entries.values()
        if e.kind == Kind.SECTION and e.id[:-1] == cite and e.id[-1:].isalpha()]
    if not known:
        return [], []
    letters = sorted(c[len(cite)] for c in present)
    cut = _ends_before_a_lost_page(lib, lib.subtree(law)[-1][1])
    after = [c for c in known if not letters or c[-1] > letters[-1]] if cut else []  # the next page kept: none lost
    first = next((n for _, n in lib.subtree(law) if n is not law), None)
    starts_lost = law.inferred and first is not None and lib.page_edges(first)[0]
    before = [c for c in known if letters and c[-1] < letters[0]] if starts_lost else []
    return before, after


def _ends_before_a_lost_page(lib: Library, last: Node) -> bool:
    """Whether ``last`` closes the text of its printed page and the scrape
    lost the page after it (what followed it there is unknown)."""
    return lib.page_edges(last)[1] and (last.page is None or not lib.on_page(last.page + 1, last.doc))


def may_go_on(lib: Library, law: Node) -> bool:
    """Whether ``law``'s text may go on past what the corpus holds: it ends
    where a printed page ends and the scrape lost the next page — unless the
    edition's catalogue knows every section of the law and the last one is
    here (1997 Law 17 ends with 17E at the end of page 47, page 48 lost:
    whole; Law 44 ends with 44D there and lost E–G: it may go on)."""
    if law.cite is None or not _ends_before_a_lost_page(lib, lib.subtree(law)[-1][1]):
        return False
    listed = catalogue(lib.edition()).outline(law.cite)
    present = [n.cite for _, n in lib.subtree(law) if n.kind == Kind.SECTION and n.cite]
    return not (listed and present and present[-1] == law.cite + listed[-1])


def laws_around(lib: Library, node: Node) -> tuple[str | None, str | None]:
    """``(after, before)``: the cites of the laws printed right before and
    right after ``node`` in its document's reading order (``None`` at an end)."""
    seq = lib.store.seq(node.id)
    after, before = lib.store.printed_near(node.doc, seq, seq, kind="law")
    return (after.cite if after else None), (before.cite if before else None)


def findings_by_law(lib: Library) -> list[tuple[str | None, dict[str, Any]]]:
    """Each structure warning of the build (:mod:`lawref.treecheck`) with the
    id of the law that holds the node it names (``None``: no law holds it)."""
    out = []
    for f in lib.structure:
        node = lib.by_id.get(str(f.get("node")))
        while node is not None and node.kind != Kind.LAW:
            node = lib.by_id.get(node.parent) if node.parent else None
        out.append((node.id if node is not None else None, f))
    return out


def structure_warnings(lib: Library, nodes: list[Node]) -> list[dict[str, Any]]:
    """The structure warnings that touch the laws of ``nodes`` (or the nodes
    themselves), as the build stored them (``{"check", "line", "node",
    "message"}``): what ``show`` says beside a law the build doubted."""
    laws, ids = set(), {n.id for n in nodes}
    for n in nodes:
        node: Node | None = n
        while node is not None and node.kind != Kind.LAW:
            node = lib.by_id.get(node.parent) if node.parent else None
        if node is not None:
            laws.add(node.id)
    return [f for law, f in findings_by_law(lib) if law in laws or f.get("node") in ids]
