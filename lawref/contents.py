"""contents: what the corpus holds, as rows of a table of contents (``lawref toc``).

Query side: reads the library, writes nothing. Each chapter, part,
division, law, section, commentary paragraph and fragment is a row with its
English title, page and status (:data:`~lawref.model.TOC_STATUSES`); the
laws of the edition the corpus lacks are rows too, where their number puts
them (``absent``).
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from lawref.errors import NotFound
from lawref.i18n import N_
from lawref.listings import TocEntry, TocStatus
from lawref.model import Document, Kind, Node
from lawref.query.editions import catalogue
from lawref.query.pages import findings_by_law, may_go_on

if TYPE_CHECKING:
    from lawref.library import Library

__all__ = ["KINDS", "contents"]

#: The kinds of node a contents row is made for.
KINDS = ("chapter", "part", "division", "law", "section", "commentary", "fragment")


def contents(lib: Library, doc: str | None = None, law: str | None = None) -> list[TocEntry]:
    """The rows of every document (or ``doc``), in reading order; with
    ``law``, that node's subtree alone (a law the edition has and the
    corpus lacks: its one ``absent`` row). Raises as
    :meth:`Library.find` and :meth:`Library.check_doc` do."""
    lib.check_doc(doc)
    if law is not None:
        return _one(lib, law, doc)
    out: list[TocEntry] = []
    warned = _warned_laws(lib)
    for d in lib.documents:
        if doc is None or d.id == doc:
            rows = [_row(lib, n, depth, warned) for n, depth in _walk(lib, [n for n in lib.nodes if n.doc == d.id])]
            out += _with_absent(lib, d, rows)
    return out


def _one(lib: Library, law: str, doc: str | None) -> list[TocEntry]:
    try:
        top = lib.find(law, doc)[0]
    except NotFound:
        cite, edition, entry = lib.absent(law)
        if entry.id != cite:  # a section the catalogue does not list (62Z): no row to give it
            raise NotFound(N_("{cite} — not in this corpus, nor in lawref's catalogue of the edition (Law {law}, "
                              "{title})").format(cite=cite, law=entry.id,
                                                                    title=entry.title_en)) from None
        home = next((d.id for d in lib.documents if d.kind == "laws" and d.edition == edition), doc or "")
        return [TocEntry(None, home, "law", cite, cite, entry.title_ru or None, entry.title_en, None, "absent", 0)]
    warned = _warned_laws(lib)
    return [_row(lib, n, depth, warned) for n, depth in _walk(lib, [n for _, n in lib.subtree(top)])]


def _walk(lib: Library, nodes: list[Node]) -> list[tuple[Node, int]]:
    """The nodes of :data:`KINDS`, each with its depth: how many of its
    ancestors in ``nodes`` are rows too."""
    rows = {n.id for n in nodes if n.kind in KINDS}
    out = []
    for n in nodes:
        if n.id not in rows:
            continue
        depth, cur = 0, n.parent
        while cur is not None:
            depth += cur in rows
            parent = lib.by_id.get(cur)
            cur = parent.parent if parent is not None else None
        out.append((n, depth))
    return out


#: How much of an untitled commentary paragraph's text stands for its title, in code points.
OPENING = 60


def _row(lib: Library, n: Node, depth: int, warned: frozenset[str] = frozenset()) -> TocEntry:
    title_en = n.title_en or (lib.title_en(n) if n.kind == Kind.LAW else None)
    title = n.title
    if n.kind == Kind.COMMENTARY and not title and n.text:  # its opening words, as a contents shows them
        title = n.text if len(n.text) <= OPENING else n.text[: OPENING - 1].rsplit(" ", 1)[0] + "…"
    return TocEntry(n.id, n.doc, n.kind, n.cite, lib.label(n), title, title_en, n.page, _status(lib, n, warned),
                    depth)


def _status(lib: Library, n: Node, warned: frozenset[str]) -> str:
    if n.kind == Kind.FRAGMENT:
        return TocStatus.FRAGMENT
    if n.kind == Kind.LAW and n.id in warned:
        return TocStatus.STRUCTURE_WARNING  # whole only when no structure warning touches it (issue 23)
    if n.kind == Kind.LAW and (any(lib.lost_sections(n)) or (n.inferred and not n.label) or may_go_on(lib, n)):
        return TocStatus.LOST_PAGES
    cut = any(any(lib.cut_edges(x)) for _, x in lib.subtree(n))  # 26: its last item breaks off on a lost page
    return TocStatus.LOST_PAGES if cut else TocStatus.WHOLE


def _warned_laws(lib: Library) -> frozenset[str]:
    """The ids of the laws a structure warning of the build touches (the
    node it names, or the law that holds it)."""
    return frozenset(law for law, _ in findings_by_law(lib) if law is not None)


def _with_absent(lib: Library, doc: Document, rows: list[TocEntry]) -> list[TocEntry]:
    """``rows`` with a row for each law of ``doc``'s edition the document
    lacks, before the first law with a higher number (laws documents only)."""
    if doc.kind != "laws" or doc.lang == "en" or doc.edition is None:
        return rows
    have = {r.cite for r in rows if r.kind == Kind.LAW}
    missing = [e for e in catalogue(doc.edition).entries.values() if e.kind == Kind.LAW and e.id not in have]
    out = list(rows)
    for entry in sorted(missing, key=lambda e: int(e.id)):
        at = next((k for k, r in enumerate(out) if r.kind == Kind.LAW and r.cite and _number(r.cite) > int(entry.id)),
                  len(out))
        while at > 0 and out[at - 1].kind in (Kind.CHAPTER, Kind.PART, Kind.DIVISION):
            at -= 1  # before the headings that open the next law: the missing law is not under them
        out.insert(at, TocEntry(None, doc.id, "law", entry.id, entry.id, entry.title_ru or None, entry.title_en,
                                None, "absent", 0))
    return out


def _number(cite: str) -> int:
    m = re.match(r"\d+", cite)
    return int(m.group()) if m else 0
