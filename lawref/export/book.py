"""export.book: the documents an export holds, read as a book (txt, md, html).

A :class:`Book` holds the nodes chosen (whole documents, or one law's
subtree), in reading order, each as an :class:`Entry` with its anchor, its
depth in the law (for indentation and heading levels), the lawref marks
``show`` prints beside it (lost pages, variants, fragments), and the law
page it stands on in the HTML site (:class:`Page`: a law and what follows it
up to the next law). Anchors are the one naming scheme of every format and
of ``link --format html|md``: see :func:`anchor`.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field, replace

from lawref.export.text import heading
from lawref.labels import law_of
from lawref.listings import Holdings
from lawref.model import Document, Kind, Node, Ref, Status
from lawref.words import words as told

__all__ = ["DIVISIONS", "Anchors", "Book", "Entry", "Page", "Segment", "anchor", "page_name", "segments", "slug"]

#: Node kinds above laws: printed as headings, never indented.
DIVISIONS = ("chapter", "part", "division")
#: How deep each kind stands under its law (indentation steps, heading levels below the law's).
DEPTH = {"chapter": 0, "part": 0, "division": 0, "law": 0, "section": 1, "subsection": 2, "item": 3,
         "subitem": 4, "commentary": 1, "footnote": 1, "fragment": 1}


def slug(text: str) -> str:
    """``text`` lower-cased with every run of other characters than ``a-z``,
    ``0-9`` and Cyrillic letters made one ``-`` (``43B2(a)`` → ``43b2-a``,
    ``45.5`` → ``45-5``, ``chapter-V/part-I`` → ``chapter-v-part-i``)."""
    return re.sub(r"[^0-9a-zа-яё]+", "-", text.casefold()).strip("-")


def anchor(node: Node, doc_kind: str = "laws") -> str:
    """The anchor of ``node`` in every export and in ``link``: ``law-62b`` for
    a law, section, subsection or item of a laws document (``law-43b2-a``),
    ``commentary-45-5`` for a commentary paragraph and ``commentary-46`` for
    the commentary's heading of law 46; a node without a cite by its id
    (``chapter-v``, ``fragment-003-d6d1da8d5423a94e-83``, prefixed
    ``commentary-`` in a commentary document). A second text of one cite
    (id ``62A~2``) gets ``-2``. Unique within a document."""
    tail = node.id.split("/", 1)[-1]
    variant = tail.split("~")[1] if "~" in tail else ""
    base = ("law-" + slug(node.cite) if doc_kind == "laws" else slug(node.cite)) if node.cite else slug(tail)
    if node.cite and variant:
        base += f"-{variant}"
    return f"commentary-{base}" if doc_kind == "commentary" else base


#: The tail of the name of a page of fragments no law holds (``26-fragments``: after Law 26's page).
ORPHANS_PAGE = "fragments"


def numbered_heading(node: Node, heading: str, words: dict[str, str]) -> str:
    """``heading`` of ``node`` as every writer prints it: a law whose own heading was lost (no label) is
    headed with its number, then what heading it kept (``Правило 61. Недавание в масть …``, ``Правило 68``);
    any other node's unchanged."""
    if node.kind != Kind.LAW or not node.cite or node.label:
        return heading
    return f"{words['law']} {node.cite}" + (f". {heading}" if heading else "")


def page_name(law: Node | None) -> str:
    """The HTML page a law stands on, without ``.html``: its cite (``62``;
    ``62-2`` for a second text), ``start`` for what comes before a
    document's first law."""
    if law is None:
        return "start"
    tail = law.id.split("/", 1)[-1]
    return slug(tail.replace("~", "-")) if law.cite is None else slug(law.cite) + (
        f"-{tail.split('~')[1]}" if "~" in tail else "")


@dataclass(frozen=True)
class Segment:
    """A piece of a node's text: plain (``ref`` is ``None``) or a citation."""

    text: str
    ref: Ref | None = None


def segments(node: Node) -> list[Segment]:
    """``node.text`` cut at its citations (``refs``, code-point offsets,
    end-exclusive), in order; an overlapping or out-of-range ref is left as
    plain text."""
    out, pos = [], 0
    for r in sorted(node.refs, key=lambda r: r.start):
        if r.start < pos or r.end > len(node.text) or r.start >= r.end:
            continue
        if r.start > pos:
            out.append(Segment(node.text[pos:r.start]))
        out.append(Segment(node.text[r.start:r.end], r))
        pos = r.end
    if pos < len(node.text):
        out.append(Segment(node.text[pos:]))
    return out


@dataclass(frozen=True)
class Entry:
    """One node as a book prints it: ``depth`` under its law (:data:`DEPTH`),
    ``anchor``, ``label`` (:meth:`Library.label`), ``heading`` (label and
    title as printed), and the marks around its text in the words of its
    document's language: ``before`` (lost start, fragment), ``after``
    (its text breaks off) and ``end`` (printed after the last node of its
    subtree: a law's sections that lost pages took, «дальше текст утрачен»);
    ``context`` for a heading shown above a one-node export (its text left out)."""

    node: Node
    depth: int
    anchor: str
    label: str
    heading: str
    before: tuple[str, ...] = ()
    after: tuple[str, ...] = ()
    end: tuple[str, ...] = ()
    context: bool = False


@dataclass
class Page:
    """A page of the HTML site: ``folder`` (the laws document it belongs
    to), ``name`` (:func:`page_name`), ``law`` (``None`` for ``start``, or a
    law only a commentary has), its ``entries`` (footnotes at the end of
    their law), the ``divisions`` (chapter, part, division headings) that
    open on it, and the ``commentary`` on its law."""

    folder: Document
    name: str
    law: Node | None = None
    entries: list[Entry] = field(default_factory=list)
    divisions: list[Entry] = field(default_factory=list)
    commentary: list[Entry] = field(default_factory=list)

    @property
    def path(self) -> str:
        """``laws/62.html``: where the page is, from the site's root."""
        return f"{self.folder.id}/{self.name}.html"


class Anchors:
    """Anchors and site paths of nodes: the one naming scheme of the txt,
    md and html exports and of ``link --format html|md``.

    ``single``: one file holds every document (txt, md): a document that is
    not the first of its kind gets its id before its anchors
    (``laws-en-law-62b``). Else the site: each laws document is a folder of
    pages, the commentary of a language stands on the pages of the first
    laws document of that language (its anchors ``commentary-…``; a second
    commentary document's anchors prefixed with its id)."""

    def __init__(self, held: Holdings, documents: Sequence[Document], *, single: bool):
        self.held = held
        self.documents = tuple(documents)
        self.single = single
        first: dict[tuple[str, str], str] = {}
        for d in self.documents:
            first.setdefault((d.kind, "" if single else d.lang), d.id)
        self.prefix = {d.id: "" if first[(d.kind, "" if single else d.lang)] == d.id or (
            not single and d.kind == "laws") else slug(d.id) + "-" for d in self.documents}
        self._after: dict[str, str | None] | None = None

    def anchor(self, node: Node) -> str:
        """:func:`anchor` of ``node``, prefixed as the class says."""
        doc = self.held.document(node.doc)
        return self.prefix.get(node.doc, "") + anchor(node, doc.kind if doc is not None else "laws")

    def folder(self, doc_id: str) -> Document | None:
        """The laws document whose folder holds ``doc_id``'s pages (itself
        for a laws document; for a commentary, the first laws document of
        its language and edition, else of its language, else itself)."""
        doc = self.held.document(doc_id)
        if doc is None or doc.kind == "laws":
            return doc
        hosts = [d for d in self.documents if d.kind == "laws" and d.lang == doc.lang]
        return next((d for d in hosts if d.edition == doc.edition), hosts[0] if hosts else doc)

    def page(self, node: Node) -> str:
        """``laws/62``: the site page ``node`` stands on (no ``.html``): its
        law's; a chapter, part or division's first law (in it, else after
        it); a node no law holds, a page of its own after the law printed
        before it (``laws/26-fragments``: never that law's page, where its
        text read as a part of the law) — ``start`` before a document's
        first law."""
        folder = self.folder(node.doc)
        law = law_of(node, self.held.by_id.get)
        if law is None and node.kind in DIVISIONS:
            law = next((n for n in self.held.subtree(node) if n.kind == Kind.LAW), None) or self._law_after(node)
        if law is None:
            cite = self.held.law_before.get(node.id)
            name = f"{slug(cite)}-{ORPHANS_PAGE}" if cite else "start"
        else:
            name = page_name(law)
        return f"{folder.id if folder else node.doc}/{name}"

    def _law_after(self, node: Node) -> Node | None:
        if self._after is None:
            self._after = {}
            pending: list[str] = []
            for n in self.held.nodes:
                if n.kind == Kind.LAW:
                    self._after.update((p, n.id) for p in pending)
                    pending = []
                elif n.kind in DIVISIONS:
                    pending.append(n.id)
        found = self._after.get(node.id)
        return self.held.by_id.get(found) if found else None

    def href(self, node: Node, base: str = "#", here: str | None = None) -> str:
        """Where a link to ``node`` points. Single file: ``#law-62b`` (``base``
        before the ``#`` when it is not ``"#"``). Site: ``{base}laws/62.html#law-62b``,
        or ``#law-62b`` from the same page ``here``, or relative
        (``../laws/62.html#…``) from a page ``here`` when ``base`` is ``""``."""
        frag = "#" + self.anchor(node)
        if self.single:
            return frag if base == "#" else base.rstrip("#") + frag
        page = self.page(node)
        if here is not None and page == here:
            return frag
        if here is not None and not base:
            return "../" + page + ".html" + frag
        return base + page + ".html" + frag


class Book:
    """The documents and nodes an export holds, read as a book.

    ``held`` what the corpus holds (:func:`lawref.query.shown.holdings`);
    ``documents`` the documents exported (in the
    corpus's order); ``nodes`` the nodes exported, in reading order (a whole
    document, or one law's subtree); ``single`` as :class:`Anchors` has it
    (``False`` for the HTML site). ``site`` names nodes as the site does,
    for links from a single file to the site (``--base-url``)."""

    def __init__(self, held: Holdings, documents: Sequence[Document], nodes: Sequence[Node], *, single: bool = True):
        self.held = held
        self.documents = tuple(documents)
        self.nodes = tuple(nodes)
        self.docs = {d.id: d for d in self.documents}
        self.anchors = Anchors(held, held.documents, single=single)
        self.site = self.anchors if not single else Anchors(held, held.documents, single=False)
        self._seq = {n.id: k for k, n in enumerate(self.nodes)}
        self.entries = [*self._context(), *(self._entry(n) for n in self.nodes if n.doc in self.docs)]
        self.by_id = {e.node.id: e for e in self.entries}

    # -- entries --------------------------------------------------------------------

    def anchor(self, node: Node) -> str:
        """:meth:`Anchors.anchor` of ``node``."""
        return self.anchors.anchor(node)

    def _entry(self, n: Node) -> Entry:
        words = told(self.docs[n.doc].lang)
        lost_start, lost_end = self.held.edges.get(n.id, (False, False))
        before, after, end = [], [], []
        if n.kind == Kind.LAW:
            lost_before, lost_after = self.held.lost.get(n.id, ((), ()))
            if lost_before:
                before.append(f"[{words['lost-start']} {', '.join(lost_before)}]")
            if lost_after:
                end.append(f"[{words['lost-end']} {', '.join(lost_after)}]")
        if n.kind == Kind.FRAGMENT:
            page = f", {words['page']} {n.page}" if n.page is not None else ""
            before.append(f"[{words['fragment']}{page}]")
        if (variant := self.held.variants.get(n.id)) is not None:
            what = words["variant"].format(k=variant[0], n=variant[1])
            before.append(f"[{what}: {n.source.file}:{n.source.line}]")
        if lost_start:
            before.append(words["lost-before"])
        if lost_end:
            after.append(words["lost-after"])
        return Entry(n, DEPTH.get(n.kind, 1), self.anchor(n), self.held.label(n), heading(n),
                     tuple(before), tuple(after), tuple(end))

    def _context(self) -> list[Entry]:
        """When the export is one node's subtree below its law (``--law
        62B``, ``--law 45.5``): the headings above it (``Правило 62. …``),
        their text left out, so the node reads in its place."""
        first = self.nodes[0] if self.nodes else None
        chain: list[Node] = []
        cur = self.held.by_id.get(first.parent) if first is not None and first.parent else None
        while cur is not None:
            chain.insert(0, cur)
            cur = self.held.by_id.get(cur.parent) if cur.parent else None
        out = []
        for n in chain:
            shell = replace(n, text="", refs=())
            out.append(Entry(shell, DEPTH.get(n.kind, 1), self.anchor(n), self.held.label(n), heading(n),
                             context=True))
            self._seq.setdefault(n.id, -1)
        return out

    def of(self, doc: str) -> list[Entry]:
        """The entries of document ``doc``, in reading order."""
        return [e for e in self.entries if e.node.doc == doc]

    def law_entries(self, doc: str, *, notes_last: bool = True) -> list[tuple[Entry, list[Entry]]]:
        """Document ``doc`` cut at its laws: ``[(first entry, entries)]``,
        each group a law and what follows it up to the next law or division
        (a group before the first law starts with whatever stands there);
        with ``notes_last``, footnotes moved to the end of their law, else
        where they were printed (the foot of their page)."""
        groups: list[list[Entry]] = []
        for e in self.of(doc):
            if e.node.kind in ("law", *DIVISIONS) or not groups or groups[-1][0].node.kind in DIVISIONS:
                groups.append([e])
            else:
                groups[-1].append(e)
        return [(g[0], self._notes_last(g) if notes_last else g) for g in groups]

    def with_ends(self, group: list[Entry]) -> list[tuple[Entry, list[str]]]:
        """Each entry of ``group`` with the ``end`` marks to print after it:
        a law's after the last entry of its subtree in the group."""
        out: list[tuple[Entry, list[str]]] = [(e, []) for e in group]
        for k, e in enumerate(group):
            if e.end:
                last = max((m for m, x in enumerate(group) if m >= k and self._owner(x.node) == e.node.id),
                           default=k)
                out[last][1].extend(e.end)
        return out

    def _notes_last(self, group: list[Entry]) -> list[Entry]:
        """``group`` with each footnote moved after the last entry of the
        subtree it notes (its law's; its parent's when no law holds it) —
        the end of its law, never into a fragment that follows the law."""
        body = [e for e in group if e.node.kind != Kind.FOOTNOTE]
        for note in (e for e in group if e.node.kind == Kind.FOOTNOTE):
            owner = self._owner(note.node)
            at = max((k for k, e in enumerate(body) if self._owner(e.node) == owner), default=len(body) - 1)
            body.insert(at + 1, note)
        return body

    def orphan(self, node: Node) -> bool:
        """Whether ``node`` is a fragment no law holds (its law's number was lost): each writer prints a
        run of them under a heading of its own (``words["orphans"]``), never as a part of the law before it."""
        return node.kind == Kind.FRAGMENT and law_of(node, self.held.by_id.get) is None

    def _owner(self, node: Node) -> str:
        """The id of the law above ``node`` (a footnote: of its parent), or
        of its topmost ancestor in this export when no law holds it."""
        cur = self.held.by_id.get(node.parent) if node.kind == Kind.FOOTNOTE and node.parent else node
        top = cur
        while cur is not None and cur.kind != Kind.LAW:
            top = cur
            cur = self.held.by_id.get(cur.parent) if cur.parent and cur.parent in self._seq else None
        return (cur or top or node).id

    # -- pages (the HTML site) --------------------------------------------------------

    def pages(self) -> list[Page]:
        """The site's pages (:meth:`Anchors.page` places every node), each
        law's entries in reading order with footnotes at the end of their
        law; pages of a folder in law order, ``start`` first."""
        pages: dict[str, Page] = {}
        for e in self.entries:
            key = self.anchors.page(e.node)
            folder, name = key.split("/", 1)
            page = pages.get(key)
            if page is None:
                host = self.held.document(folder) or self.docs[e.node.doc]
                page = pages[key] = Page(host, name)
            doc = self.docs[e.node.doc]
            if e.node.kind == Kind.LAW and doc.kind == "laws" and page.law is None:
                page.law = e.node
            if e.node.kind in DIVISIONS:
                page.divisions.append(e)
            elif doc.kind == Kind.COMMENTARY:
                page.commentary.append(e)
            else:
                page.entries.append(e)
        for page in pages.values():
            page.entries = self._notes_last(page.entries)
            if page.law is None and page.commentary and page.commentary[0].node.kind == Kind.LAW:
                page.law = page.commentary[0].node
        return sorted(pages.values(), key=self._page_order)

    def _page_order(self, page: Page) -> tuple[int, int, str]:
        docs = [d.id for d in self.held.documents]
        m = re.match(r"\d+", page.name)
        num = int(m.group()) if m else (-1 if page.name == "start" else 1 << 30)
        return (docs.index(page.folder.id) if page.folder.id in docs else len(docs)), num, page.name

    # -- links ----------------------------------------------------------------------

    def target(self, ref: Ref) -> Entry | None:
        """The entry a citation links to: the node it resolved to when that
        node is in this export (``exact``, or ``partial``: the part the corpus
        has), else ``None`` (the citation stays plain text)."""
        if ref.id is None or ref.status not in ("exact", "partial"):
            return None
        return self.by_id.get(ref.id)

    def status_note(self, ref: Ref, words: dict[str, str]) -> str:
        """What a citation's status means, in ``words`` (:func:`lawref.words.words` of the
        citing document's language): «нет в корпусе», «в корпусе только 47»,
        «нет такого правила»; ``""`` for ``exact``."""
        if ref.status == Status.PARTIAL and ref.id is not None:
            node = self.held.by_id.get(ref.id)
            return words["only"].format(cite=self.held.label(node) if node is not None else "?")
        if ref.status == Status.EXACT:
            return ""
        return words["absent"] if ref.status == Status.ABSENT else words["invalid"]
