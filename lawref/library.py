"""library: the query facade — open a built index, find, show, search, link.

A built corpus lives in one index folder (layout: :mod:`lawref.folder`):
whoosh's files, the form → lemma table and ``corpus.json`` (the export
document, the build report and the backlinks), in one generation swapped in
whole. :func:`open_library` rebuilds it by itself when a corpus file, the
manifest or lawref changed (content hashes, not mtimes) or a file of it is
damaged; only then does it load the build side. Default places:

* corpus: ``$LAWREF_CORPUS`` or the default corpus shipped in the package;
* index: ``$LAWREF_INDEX`` or ``<user cache>/lawref/index-<hash of corpus path>``
  (platformdirs).
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field, replace
from functools import cached_property
from pathlib import Path
from typing import Any

import platformdirs

from lawref import index as idx
from lawref import patterns as P
from lawref import search as search_policy
from lawref.cite import (
    cite_pattern,
    find_citations,
    forced_cut,
    law_of,
    normalise_cite,
    safe_cut,
)
from lawref.errors import CiteError, IndexDamaged, IndexUnavailable, NotFound, UsageError
from lawref.export.json import export_document
from lawref.folder import CORPUS_JSON, Generation, check_foreign
from lawref.lang import glossary
from lawref.lang.catalogue import DEFAULT_EDITION, Entry
from lawref.lang.catalogue import load as load_catalogue
from lawref.model import STATUSES, Answer, Document, Hit, Linked, Node, Ref, Target
from lawref.resolver import Resolver
from lawref.safeio import read_regular
from lawref.scan import code_version, scan, stamp

#: Code points ``link_stream`` reads on looking for a safe place to cut before it cuts anyway.
HARD_CUT = 1 << 16
#: The largest raw file ``show --source`` reads back.
MAX_SOURCE_BYTES = 64 * 1024 * 1024


def default_corpus() -> Path:
    """The corpus shipped inside the package (the four seed files)."""
    return Path(__file__).resolve().parent / "corpus"


def default_index(corpus_dir: Path) -> Path:
    """Per-user cache folder for the index of ``corpus_dir``."""
    key = hashlib.sha256(os.fsencode(Path(corpus_dir).resolve())).hexdigest()[:12]
    return platformdirs.user_cache_path("lawref") / f"index-{key}"


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
class Library:
    """A loaded corpus: documents, nodes in reading order, the build report."""

    generation: Generation
    documents: tuple[Document, ...]
    nodes: tuple[Node, ...]
    report: tuple[dict[str, Any], ...]
    incoming_map: dict[str, list[list[Any]]] = field(default_factory=dict, compare=False)
    corpus_dir: Path | None = None
    paths: dict[str, str] = field(default_factory=dict, compare=False)
    manifest_edition: str | None = None  # the manifest's ``default_edition``, as given

    @classmethod
    def open(cls, index: Path | Generation) -> Library:
        """Load ``corpus.json`` of a built index (a folder's live generation,
        or a given one). Raises :class:`~lawref.errors.IndexUnavailable` when
        there is none, :class:`~lawref.errors.IndexDamaged` when it is
        damaged."""
        gen = index if isinstance(index, Generation) else idx.open_generation(index)
        data = gen.read_json(CORPUS_JSON)
        try:
            docs = tuple(Document.from_json(d) for d in data["documents"])
            nodes = tuple(Node.from_json(n) for n in data["nodes"])
        except (KeyError, TypeError, ValueError) as exc:
            raise IndexDamaged(f"{CORPUS_JSON} has an unknown shape: {exc!r}") from exc
        corpus = Path(data["corpus"]) if data.get("corpus") else None
        return cls(gen, docs, nodes, tuple(data.get("report", [])), data.get("incoming", {}), corpus,
                   data.get("paths", {}), data.get("default_edition"))

    def __repr__(self) -> str:
        return f"Library({str(self.generation.path)!r}, {len(self.nodes)} nodes)"

    @property
    def index_dir(self) -> Path:
        """The index folder this library was opened from."""
        return self.generation.path.parent

    @cached_property
    def by_id(self) -> dict[str, Node]:
        return {n.id: n for n in self.nodes}

    @cached_property
    def children(self) -> dict[str | None, list[Node]]:
        kids: dict[str | None, list[Node]] = {}
        for n in self.nodes:
            kids.setdefault(n.parent, []).append(n)
        return kids

    def find(self, cite_or_id: str, doc: str | None = None, edition: str | None = None) -> list[Node]:
        """Nodes named by a cite (any spelling :func:`normalise_cite` takes) or
        an exact id (``laws/fragment@…``), laws documents first.

        ``edition`` keeps the nodes of that edition's documents; without it,
        those of :meth:`default_edition` come first. Raises
        :class:`~lawref.cite.CiteError` for a malformed cite, :class:`UsageError`
        for an edition no document has, and :class:`NotFound` for a cite that
        names no node (of ``doc`` and ``edition``, if given)."""
        if cite_or_id in self.by_id:
            return [self.by_id[cite_or_id]]
        if cite_or_id.strip() in self.by_label:  # ``фрагмент, стр. 59, после правила 26``, as search prints it
            return [self.by_label[cite_or_id.strip()]]
        if "/" in cite_or_id:
            raise NotFound(f"no node {cite_or_id!r} in this corpus")
        cite = normalise_cite(cite_or_id)
        docs = {d.id: d for d in self.documents}
        chosen = self.pick_edition(edition)
        found = [n for n in self.nodes if n.cite == cite and (doc is None or n.doc == doc)
                 and (edition is None or docs[n.doc].edition == chosen)]
        found.sort(key=lambda n: (docs[n.doc].edition != chosen, docs[n.doc].kind != "laws"))
        if not found:
            where = f"document {doc!r}" if doc else "this corpus"
            raise NotFound(f"{cite} is not in {where}" + (f" (edition {chosen})" if edition else ""))
        return found

    def subtree(self, node: Node) -> list[tuple[int, Node]]:
        """``node`` and its descendants in reading order, with their depth."""
        out, stack = [], [(0, node)]
        while stack:
            depth, n = stack.pop()
            out.append((depth, n))
            stack.extend((depth + 1, c) for c in reversed(self.children.get(n.id, [])))
        return out

    def label(self, node: Node) -> str:
        """What people are shown for ``node`` instead of its id (see
        :meth:`_label`), made unique: a second fragment of one page after one
        law gets `` (2)``. ``show`` takes it as it takes an id."""
        return self.labels.get(node.id) or self._label(node)

    @cached_property
    def labels(self) -> dict[str, str]:
        """The unique label of every node without a cite, by id."""
        out: dict[str, str] = {}
        seen: dict[str, int] = {}
        for n in self.nodes:
            if n.cite:
                continue
            base = self._label(n)
            seen[base] = seen.get(base, 0) + 1
            out[n.id] = base if seen[base] == 1 else f"{base} ({seen[base]})"
        return out

    @cached_property
    def by_label(self) -> dict[str, Node]:
        """Nodes without a cite by their label (as :meth:`label` prints it)."""
        return {label: self.by_id[i] for i, label in self.labels.items()}

    def _label(self, node: Node) -> str:
        """What people are shown for ``node`` instead of its id: its cite
        (``62B``); a fragment as «фрагмент, стр. 59, после правила 30» (or
        «фрагмент правила 68, стр. 93» under an inferred law; English
        documents: "fragment, p. 59, after Law 30"); a footnote as «сноска
        (*) к 43B2»; a chapter by its heading. Ids stay in ``--json``."""
        if node.cite:
            return node.cite
        en = (doc := self.document(node.doc)) is not None and doc.lang == "en"
        if node.kind == "fragment":
            page = (f", p. {node.page}" if en else f", стр. {node.page}") if node.page is not None else ""
            law = self.law_of(node)
            if law is not None and law.cite:
                return f"fragment of Law {law.cite}{page}" if en else f"фрагмент правила {law.cite}{page}"
            before = self.law_before.get(node.id)
            after = (f", after Law {before}" if en else f", после правила {before}") if before else ""
            return f"{'fragment' if en else 'фрагмент'}{page}{after}"
        parent = self.by_id.get(node.parent) if node.parent else None
        if node.kind == "footnote" and parent is not None:
            return f"{'footnote' if en else 'сноска'} {node.label or ''} {'to' if en else 'к'} {self._label(parent)}"
        return " ".join(p for p in (node.label, node.title) if p) or node.kind

    @cached_property
    def law_before(self) -> dict[str, str]:
        """For each node without a law above it, the last law printed before
        it in its document's reading order (a fragment's place)."""
        out: dict[str, str] = {}
        last: dict[str, str] = {}
        for n in self.nodes:
            if n.kind == "law" and n.cite:
                last[n.doc] = n.cite
            elif n.doc in last:
                out[n.id] = last[n.doc]
        return out

    def law_of(self, node: Node) -> Node | None:
        """The law node above ``node`` (itself if it is a law)."""
        cur: Node | None = node
        while cur is not None and cur.kind != "law":
            cur = self.by_id.get(cur.parent) if cur.parent else None
        return cur

    def raw_source(self, node: Node) -> list[tuple[int, str]]:
        """The raw lines ``node`` came from, ``[(line number, text)]``: its byte
        range in the raw file, decoded with the encoding the build used.
        Raises :class:`OSError` when the file cannot be read any more."""
        if self.corpus_dir is None or node.source.bytes is None:
            raise OSError(f"no raw source recorded for {node.id}")
        hexed = self.paths.get(node.source.file)
        real = os.fsdecode(bytes.fromhex(hexed)) if hexed else node.source.file
        data = read_regular(self.corpus_dir / real, MAX_SOURCE_BYTES)
        enc = next((r.get("encoding") for r in self.report if r.get("file") == node.source.file), None) or "utf-8"
        start, end = node.source.bytes
        text = data[start:end].decode(enc, errors="replace").replace("\r\n", "\n").replace("\r", "\n")
        return list(enumerate(text.split("\n"), start=node.source.line))

    @cached_property
    def resolver(self) -> Resolver:
        return Resolver(self.documents, self.nodes)

    def page_edges(self, node: Node) -> tuple[bool, bool]:
        """``(first, last)``: whether ``node`` opens or closes the text of a
        printed page of its file — the places where a scrape of every fourth
        page cuts sentences. Always ``(False, False)`` in a file with no
        printed page markers (nothing was lost between its pages)."""
        same = self.file_nodes.get(node.source.file, [])
        if node not in same or all(n.page is None for n in same):
            return False, False
        i = same.index(node)
        printed = [n.kind != "footnote" and bool(n.text or n.label) for n in same]  # not an inferred, empty law
        before = next((n for n, p in zip(reversed(same[:i]), reversed(printed[:i]), strict=True) if p), None)
        after = next((n for n, p in zip(same[i + 1 :], printed[i + 1 :], strict=True) if p), None)
        return (before is None or before.page != node.page, after is None or after.page != node.page)

    @cached_property
    def file_nodes(self) -> dict[str, list[Node]]:
        """Nodes of each raw file, in the order the file holds them."""
        out: dict[str, list[Node]] = {}
        for n in sorted(self.nodes, key=lambda n: (n.source.file, n.source.line)):
            out.setdefault(n.source.file, []).append(n)
        return out

    def check_doc(self, doc: str | None) -> None:
        """Raise :class:`~lawref.errors.UsageError` when ``doc`` is given and
        names no document of the corpus (a typo would otherwise look like
        "nothing found")."""
        known = [d.id for d in self.documents]
        if doc is not None and doc not in known:
            raise UsageError(f"no document {doc!r} in this corpus (documents: {', '.join(known) or 'none'})")

    def references(self, cite_or_id: str, *, incoming: bool = False, doc: str | None = None) -> References:
        """References made by a node and its descendants, or (``incoming``)
        made to them; for a law the corpus lacks, ``incoming`` still lists
        the citations of it (``правило 59``). Raises
        :class:`~lawref.errors.NotFound` (and :class:`~lawref.errors.CiteError`)
        as :meth:`find` does."""
        try:
            node = self.find(cite_or_id, doc)[0]
        except NotFound:
            if not incoming or "/" in cite_or_id:
                raise
            cite = normalise_cite(cite_or_id)
            return References(cite, None, cite, self.citing(cite))
        pairs = self.incoming(node) if incoming else self.outgoing(node)
        return References(node.cite or node.id, node.id, node.cite, pairs)

    def absent(self, cite_or_id: str, edition: str | None = None) -> tuple[str, str, Entry]:
        """For a cite the corpus lacks: ``(canonical cite, edition, catalogue
        entry)`` of what ``edition`` (default: :meth:`edition`) calls it.
        Raises :class:`~lawref.errors.NotFound` when ``cite_or_id`` is not a
        cite, is in the corpus (in another document), or the edition has no
        such law."""
        try:
            cite = normalise_cite(cite_or_id)
        except CiteError as exc:
            raise NotFound(f"no node {cite_or_id!r} in this corpus") from exc
        docs = {d.id: d.edition for d in self.documents}
        if any(n.cite == cite and (edition is None or docs[n.doc] == edition) for n in self.nodes):
            raise NotFound(f"{cite} is in this corpus, not in the document asked for")
        edition, entry = self.catalogue_entry(cite, edition)
        if entry is None:
            raise NotFound(f"{cite} is not in this corpus; the {edition} edition has no law {cite.split('.')[0]}")
        return cite, edition, entry

    def edition_of(self, doc: str | None) -> str | None:
        """The edition document ``doc`` names (``None`` for no document or none named)."""
        found = self.document(doc) if doc else None
        return found.edition if found else None

    def term_entries(self, word: str) -> list[tuple[glossary.Term, list[tuple[str, int]]]]:
        """Glossary entries for ``word`` (see :meth:`terms`) with the laws
        that use each most (see :meth:`term_laws`). Raises
        :class:`~lawref.errors.UsageError` for an empty word and
        :class:`~lawref.errors.NotFound` when the glossary has none."""
        if not word.strip():
            raise UsageError("term needs a word")
        entries = self.terms(word)
        if not entries:
            shown = word if len(word) <= 80 else word[:79] + "…"
            raise NotFound(f"{shown!r} is not in the glossary")
        return [(t, self.term_laws(t)) for t in entries]

    def citing(self, cite: str) -> list[tuple[Node, Ref]]:
        """Every citation of ``cite`` or of a part of it (``59`` → ``59``,
        ``59A`` …), whether or not the corpus holds its text — for a law that
        is ``absent`` there are no backlinks to follow."""
        rx = cite_pattern(cite)
        return [(n, r) for n in self.nodes for r in n.refs if rx.match(r.cite)]

    def outgoing(self, node: Node) -> list[tuple[Node, Ref]]:
        """References made by ``node`` and its descendants, in reading order."""
        return [(n, r) for _, n in self.subtree(node) for r in n.refs]

    def incoming(self, node: Node) -> list[tuple[Node, Ref]]:
        """References to ``node`` or any of its descendants (the backlinks
        stored at build time), in reading order of the citing nodes."""
        found = [(self.by_id[src], self.by_id[src].refs[i])
                 for _, n in self.subtree(node) for src, i in self.incoming_map.get(n.id, [])]
        return sorted(found, key=lambda pair: (self.order[pair[0].id], pair[1].start))

    @cached_property
    def order(self) -> dict[str, int]:
        """Reading-order position of every node id."""
        return {n.id: i for i, n in enumerate(self.nodes)}

    def export(self) -> dict[str, Any]:
        """The JSON contract of this corpus (see :func:`export_document`)."""
        return export_document(self.documents, self.nodes)

    def dangling(self) -> dict[str, list[tuple[Node, Ref]]]:
        """Every citation of the corpus that is not ``exact``, by status."""
        out: dict[str, list[tuple[Node, Ref]]] = {s: [] for s in STATUSES if s != "exact"}
        for n in self.nodes:
            for r in n.refs:
                if r.status != "exact":
                    out[r.status].append((n, r))
        return out

    def link(self, text: str, edition: str | None = None) -> list[Linked]:
        """Citations in free ``text`` (any language of the grammar), resolved
        against this corpus within one edition (``edition``, else
        :meth:`default_edition`; documents in the citation's language
        first), each target naming it. Offsets are code-point offsets into
        ``text``, end-exclusive; ``text[c.start:c.end] == c.text``. Raises
        :class:`UsageError` only for an edition no document has. Relative
        references (``пункту 1``) need a node and are not taken."""
        chosen = self.pick_edition(edition)
        return [Linked(c, tuple(self.resolver.targets(c, edition=chosen)))
                for c in find_citations(text, relative=False)]

    def link_stream(self, read: Callable[[int], str], *, block: int = 1 << 16, edition: str | None = None
                    ) -> Iterator[tuple[int, str, list[Linked]]]:
        """Citations in a text read piece by piece with ``read(n)`` (a text
        stream's ``read``), resolved: yields ``(offset, piece, linked)`` in
        order, where ``piece`` is the next stretch of the input, ``offset``
        its code-point offset in the whole input and ``linked`` its
        citations with offsets into the whole input. Pieces are cut where no
        citation can cross (:func:`lawref.cite.safe_cut`), so the result is
        what :meth:`link` gives on the whole text; memory stays within a few
        ``block``s (code points) whatever the input's size — a text with no
        safe place in :data:`HARD_CUT` code points is cut before its last
        citation (:func:`lawref.cite.forced_cut`). Raises what
        ``read`` raises (``UnicodeDecodeError`` for bad input)."""
        self.pick_edition(edition)  # a bad edition fails before any input is read
        offset, carry = 0, ""
        while True:
            more = read(block)
            text = carry + more
            cut = safe_cut(text, len(text) // 2) if more else len(text)
            if cut is None:  # no safe place yet: read on, up to a hard limit
                cut = 0 if len(text) < HARD_CUT else forced_cut(text, len(text) // 2)
            piece, carry = text[:cut], text[cut:]
            if piece:
                yield offset, piece, [_shifted(item, offset) for item in self.link(piece, edition)]
                offset += len(piece)
            if not more and not carry:
                return

    def resolve(self, text: str, edition: str | None = None) -> Node | None:
        """The node a citation or cite names when it resolves ``exact``
        (``"правило 62B"``, ``"Law 62B"``, ``"62В"``, ``"п. 45.5"``) in
        ``edition`` (default: :meth:`default_edition`), else None."""
        target = self.resolve_target(text, edition)
        return self.by_id[target.id] if target and target.status == "exact" and target.id else None

    def resolve_target(self, text: str, edition: str | None = None) -> Target | None:
        """The target of a cite or of the first citation in ``text``, resolved
        within ``edition`` (default: :meth:`default_edition`; documents in the
        language the citation is written in first); ``None`` when ``text``
        holds no citation. Raises :class:`UsageError` for an edition no
        document has."""
        chosen = self.pick_edition(edition)
        try:
            cite = normalise_cite(text)
        except CiteError:
            found = self.link(text, chosen)
            return found[0].targets[0] if found and found[0].targets else None
        lang = "ru" if P.CYRILLIC.search(text) else "en" if P.LATIN_LETTER.search(text) else None
        return self.resolver.resolve_cite(cite, "commentary" if "." in cite else "law", edition=chosen, lang=lang)

    def search(self, query: str, *, limit: int = 10, doc: str | None = None, lang: str = "any") -> list[Hit]:
        """At most ``limit`` hits for ``query``, best first (the policy:
        :mod:`lawref.search`; the query language: :mod:`lawref.index`).

        ``doc`` keeps one document's nodes; ``lang`` is the language of the
        query (``ru``, ``en``, ``any``). Raises ``ValueError`` for another
        ``lang``; :class:`~lawref.errors.IndexDamaged` when an index file is
        damaged."""
        return self.answer(query, limit=limit, doc=doc, lang=lang).hits

    def answer(self, query: str, *, limit: int = 10, doc: str | None = None, lang: str = "any") -> Answer:
        """:meth:`search`, with what the policy did to find the hits: words
        corrected (typos), found inside compounds, left out (a relaxed
        search) — see :class:`~lawref.model.Answer`. Raises as :meth:`search`."""
        with idx.Searcher(self.generation) as searcher:  # opened once for every sub-query
            return search_policy.run(self.nodes, searcher, query, limit=limit, doc=doc, lang=lang,
                                     holders=self.holders)

    def holders(self, cite: str) -> list[Node]:
        """Nodes that may hold the text of ``cite``, which the corpus lacks:
        the fragments no law holds between the laws around it
        (:meth:`fragments_for`), or, when its law is here, that law's
        fragments (``43B2(b)`` → the fragments of law 43), in reading order."""
        found, _ = self.fragments_for(cite)
        if found:
            return found
        law = next((n for n in self.nodes if n.kind == "law" and n.cite == str(law_of(cite))), None)
        return [n for _, n in self.subtree(law) if n.kind == "fragment"] if law is not None else []

    def document(self, doc_id: str) -> Document | None:
        """The document ``doc_id`` (``None`` if there is none)."""
        return next((d for d in self.documents if d.id == doc_id), None)

    def edition(self) -> str:
        """The edition whose catalogue names what the corpus lacks: the
        default edition, else the catalogue's default (1997)."""
        return self.default_edition() or DEFAULT_EDITION

    def editions(self) -> list[str]:
        """The editions the documents name, oldest first (by year)."""
        return sorted({d.edition for d in self.documents if d.edition}, key=_edition_key)

    def default_edition(self) -> str | None:
        """The edition answers come from when none is asked for: the
        manifest's ``default_edition`` when a document has it, else the only
        edition, else the newest; ``None`` when no document names one."""
        found = self.editions()
        if self.manifest_edition in found:
            return self.manifest_edition
        return found[-1] if found else None

    def pick_edition(self, edition: str | None) -> str | None:
        """``edition`` when a document has it (``None``: the default one).
        Raises :class:`UsageError` for an edition no document has."""
        if edition is None:
            return self.default_edition()
        if edition not in self.editions():
            shown = ", ".join(self.editions()) or "none named"
            raise UsageError(f"no edition {edition!r} in this corpus (editions: {shown})")
        return edition

    def catalogue_entry(self, cite: str, edition: str | None = None) -> tuple[str, Entry | None]:
        """``(edition, entry)`` for the law or section a canonical ``cite``
        names in the catalogue of ``edition`` (default: :meth:`edition`; the
        law's entry when the section has none); ``entry`` is ``None`` when
        the edition has no such law."""
        cat = load_catalogue(edition or self.edition())
        entry = cat.entries.get(f"section:{cite}") or cat.law(law_of(cite))
        return cat.edition, entry

    def variants(self, node: Node) -> list[Node]:
        """``node`` and the other texts of it kept beside it (``62A``,
        ``62A~2``: two files of a document held different texts), in order."""
        base = node.id.split("~")[0]
        return [n for n in self.nodes if n.id == base or n.id.startswith(base + "~")]

    def lost_sections(self, law: Node) -> tuple[list[str], list[str]]:
        """``(before, after)``: the sections of ``law`` the edition has and
        the corpus lacks because its text starts after, or ends at, a page the
        scrape lost (``62`` ends with 62B at the end of page 89 → after
        ``["62C", "62D"]``; 68 starts mid-law on page 93 → before ``["68A"]``).
        ``([], [])`` for a law whose text is whole or not on printed pages."""
        if law.cite is None:
            return [], []
        cite = law.cite
        present = [n.cite for _, n in self.subtree(law) if n.kind == "section" and n.cite]
        known = [e.id for e in load_catalogue(self.edition()).entries.values()
                 if e.kind == "section" and e.id[:-1] == cite and e.id[-1:].isalpha()]
        if not known:
            return [], []
        letters = sorted(c[len(cite)] for c in present)
        last = self.subtree(law)[-1][1]
        after = [c for c in known if not letters or c[-1] > letters[-1]] if self.page_edges(last)[1] else []
        first = next((n for _, n in self.subtree(law) if n is not law), None)
        starts_lost = law.inferred and first is not None and self.page_edges(first)[0]
        before = [c for c in known if letters and c[-1] < letters[0]] if starts_lost else []
        return before, after

    def fragments_for(self, cite: str) -> tuple[list[Node], dict[str, Any]]:
        """Fragments that may hold the text of ``cite``, which the corpus
        lacks, and why: for a law, the fragments no law holds that stand
        between the laws before and after it (003 page 59, between laws 26
        and 35, for law 30); for a commentary paragraph ``45.3``, the
        fragments of the commentary on law 45 right before ``45.4``. ``why``
        is ``{"between": [26, 35]}`` (``null`` for an open end) or
        ``{"before": "45.4"}``; ``{}`` when nothing is found."""
        if "." in cite:
            return self._commentary_fragments(cite)
        n, found, why = law_of(cite), [], {}
        for doc in self.documents:
            nodes = [x for x in self.nodes if x.doc == doc.id]  # reading order: files by their first page
            numbers = [int(x.cite) if x.kind == "law" and x.cite and x.cite.isdigit() else None for x in nodes]
            for k, node in enumerate(nodes):
                if node.kind != "fragment" or self.law_of(node) is not None:
                    continue
                before = max((v for v in numbers[:k] if v is not None), default=0)
                after = min((v for v in numbers[k:] if v is not None), default=1000)
                if before < n < after:
                    found.append(node)
                    why = {"between": [before or None, after if after < 1000 else None]}
        return found, why

    def _commentary_fragments(self, cite: str) -> tuple[list[Node], dict[str, Any]]:
        law, num = cite.split(".")
        nxt = f"{law}.{int(num) + 1}"
        out = []
        for n in self.nodes:
            parent = self.by_id.get(n.parent) if n.parent else None
            if n.kind == "fragment" and parent is not None and parent.cite == law:
                siblings = self.children.get(parent.id, [])
                after = siblings[siblings.index(n) + 1 :]
                if after and after[0].cite == nxt:
                    out.append(n)
        return out, ({"before": nxt} if out else {})

    def counterpart(self, node: Node) -> Node | None:
        """The node with the same cite in a document of the other language and
        the same kind (Russian ↔ English), of the same edition when the
        corpus has one, else of another edition; ``None`` if there is none."""
        mine = self.document(node.doc)
        if node.cite is None or mine is None:
            return None
        for doc in sorted(self.documents, key=lambda d: d.edition != mine.edition):
            if doc.lang != mine.lang and doc.kind == mine.kind:
                twin = next((n for n in self.nodes if n.doc == doc.id and n.cite == node.cite), None)
                if twin is not None:
                    return twin
        return None

    def terms(self, word: str) -> list[glossary.Term]:
        """Glossary entries for ``word``: a Russian word in any form (its
        lemma, by pymorphy3) or an English term."""
        from lawref.lang import morph

        lemmas = tuple(morph.lemma(w) for w in word.split()) if P.CYRILLIC.search(word) else ()
        return glossary.lookup(word, lemmas)

    def term_laws(self, term: glossary.Term) -> list[tuple[str, int]]:
        """``[(law cite, number of its nodes that use the term)]``, most first."""
        query = f'"{term.ru}"' if " " in term.ru else term.ru
        counts: dict[str, int] = {}
        for hit in idx.search(self.generation, query, limit=1000):
            law = self.law_of(self.by_id[hit.id]) if hit.id in self.by_id else None
            if law is None:
                key = "фрагменты без номера правила"
            else:
                key = f"{law.doc}/{law.cite}" if law.doc != "laws" else str(law.cite)
            counts[key] = counts.get(key, 0) + 1
        return sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))

    def title_en(self, node: Node) -> str | None:
        """English title of the law ``node`` belongs to (catalogue), for display."""
        law = self.law_of(node)
        return law.title_en if law is not None else None


def _edition_key(edition: str) -> tuple[int, str]:
    """Sort key of an edition label: its year first (``"2017"``), then the label."""
    digits = "".join(ch for ch in edition if ch.isdigit())[:4]
    return (int(digits) if digits else 0, edition)


def _shifted(item: Linked, offset: int) -> Linked:
    """``item`` with its citation's offsets moved by ``offset``."""
    c = item.citation
    return Linked(replace(c, start=c.start + offset, end=c.end + offset), item.targets)


def open_library(corpus_dir: Path | None = None, index_dir: Path | None = None, *,
                 on_rebuild: Callable[[str], None] | None = None) -> Library:
    """Open the index of ``corpus_dir``, rebuilding it first when it is
    missing, stale or damaged (``on_rebuild(reason)`` is called before a
    rebuild, e.g. to say so on stderr).

    Raises :class:`~lawref.errors.CorpusError` (also for nothing usable),
    :class:`~lawref.errors.IndexFolderError` (``index_dir`` is not ours) and
    :class:`OSError` when the index cannot be written."""
    corpus_dir = Path(corpus_dir) if corpus_dir else default_corpus()
    index_dir = Path(index_dir) if index_dir else default_index(corpus_dir)
    found = scan(corpus_dir)
    check_foreign(index_dir)  # a folder that is not ours: refused before any word of rebuilding
    reason = _stale(found, index_dir)
    if reason is None:
        try:
            return Library.open(index_dir)
        except IndexDamaged as exc:
            reason = str(exc)
    if on_rebuild is not None:
        on_rebuild(reason or "the index is out of date")
    from lawref.store import ensure  # the build side, loaded only to rebuild

    ensure(corpus_dir, index_dir)
    return Library.open(index_dir)


def _stale(found: Any, index_dir: Path) -> str | None:
    """Why the live index of ``index_dir`` cannot answer for the scanned
    corpus ``found`` (missing, stale, damaged), or ``None`` when it can."""
    try:
        gen = idx.open_generation(index_dir)
        if gen.stamp != stamp(found, code_version(), gen.encoding):
            return "the corpus or lawref changed since the index was built"
        gen.verify()
    except IndexDamaged as exc:
        return f"the index is damaged ({exc})"
    except IndexUnavailable:
        return "no index yet"
    return None


__all__ = ["Library", "References", "default_corpus", "default_index", "open_library"]
