"""library: the query facade — open a built index, find, show, search, link.

A built corpus lives in one index folder (layout: :mod:`lawref.folder`):
whoosh's files and the node store ``nodes.sqlite`` (nodes, citations,
backlinks, the form → lemma table, the build report:
:mod:`lawref.nodestore`), in one generation swapped in whole. A query
reads only the nodes it asks for. :func:`open_library` rebuilds the index
by itself when a corpus file, the manifest or lawref changed (content
hashes, not mtimes; unchanged since the last check is told by ``stat``
alone, :mod:`lawref.fresh`) or a file of it is damaged; only then does it
load the build side. Default places:

* corpus: ``$LAWREF_CORPUS`` or the default corpus shipped in the package;
* index: ``$LAWREF_INDEX`` or ``<user cache>/lawref/index-<hash of corpus path>``
  (platformdirs).
"""

from __future__ import annotations

import functools
import os
import re
import threading
from abc import abstractmethod
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from lawref import fresh, labels, seal
from lawref import patterns as P
from lawref.cite import (
    KEEP_BEFORE,
    cite_pattern,
    find_citations,
    find_in_contexts,
    law_of,
    next_cut,
    normalise_cite,
)
from lawref.errors import CiteError, IndexDamaged, IndexUnavailable, NotFound, UsageError
from lawref.folder import CURRENT, Generation, check_foreign
from lawref.folder import open_live as open_generation
from lawref.i18n import N_, tr
from lawref.model import STATUSES, Answer, Citation, Document, Hit, Linked, Node, Ref, Source, Target, TocEntry
from lawref.nodestore import NODES_FILE, MemoryStore, SqliteStore
from lawref.resolver import Resolver
from lawref.safeio import read_regular

if TYPE_CHECKING:
    from lawref.index import Searcher
    from lawref.lang import glossary
    from lawref.lang.catalogue import Entry

NodeStore = MemoryStore | SqliteStore

#: Search answers a library keeps per generation (see :meth:`Library.answer`).
ANSWERS_KEPT = 1024
#: The largest raw file ``show --source`` reads back.
MAX_SOURCE_BYTES = 64 * 1024 * 1024


def glossary_entries(word: str) -> list[glossary.Term]:
    """Glossary entries for ``word``: a Russian word in any form (its
    lemma, by pymorphy3) or an English term; no corpus needed. Raises
    :class:`~lawref.errors.UsageError` for an empty word and
    :class:`~lawref.errors.NotFound` when the glossary has none."""
    from lawref.lang import glossary, morph

    if not word.strip():
        raise UsageError(tr("term needs a word"))
    lemmas = tuple(morph.lemma(w) for w in word.split()) if P.CYRILLIC.search(word) else ()
    entries = glossary.lookup(word, lemmas)
    if not entries:
        shown = word if len(word) <= 80 else word[:79] + "…"
        raise NotFound(tr("{word} is not in the glossary").format(word=repr(shown)))
    return entries


def default_corpus() -> Path:
    """The corpus shipped inside the package (the four seed files)."""
    return Path(__file__).resolve().parent / "corpus"


def default_index(corpus_dir: Path) -> Path:
    """Per-user cache folder for the index of ``corpus_dir``."""
    import hashlib

    import platformdirs  # only when no index folder is given

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


class _State:
    """What a library answers from: one generation, its node store, the
    searchers open on it (one per thread) and answers worked out from it."""

    def __init__(self, store: NodeStore, generation: Generation | None, key: tuple[int, int] | None,
                 verified: bool) -> None:
        self.store, self.generation, self.key, self.verified = store, generation, key, verified
        self.cache: dict[str, Any] = {}
        self.local = threading.local()
        self.searchers: list[Any] = []
        self.lock = threading.Lock()
        self.answers: dict[tuple[Any, ...], Answer] = {}  # insertion order: the oldest first

    def remember(self, key: tuple[Any, ...], answer: Answer) -> None:
        """Keep ``answer`` to ``key``, forgetting the oldest past :data:`ANSWERS_KEPT`."""
        with self.lock:
            self.answers[key] = answer
            while len(self.answers) > ANSWERS_KEPT:
                del self.answers[next(iter(self.answers))]

    def searcher(self) -> Searcher:
        """This thread's searcher over the generation (opened on first use)."""
        found = getattr(self.local, "searcher", None)
        if found is None:
            from lawref import index as idx  # whoosh: only a search loads it

            if self.generation is None:
                raise IndexUnavailable(N_("this library has no index to search"))
            found = self.local.searcher = idx.Searcher(self.generation, forms=self.store, verify=not self.verified)
            with self.lock:
                self.searchers.append(found)
        return found

    def close(self) -> None:
        with self.lock:
            for s in self.searchers:
                s.close()
            self.searchers.clear()
        self.local = threading.local()


def _cached(method: Callable[[Library], Any]) -> Any:
    """A property computed once per generation (forgotten when the library
    follows a rebuild to a new one)."""
    name = method.__name__

    def get(self: Library) -> Any:
        cache = self._state.cache
        if name not in cache:
            cache[name] = method(self)
        return cache[name]

    get.__doc__ = method.__doc__
    return property(get)


def _answers(method: Callable[..., Any]) -> Callable[..., Any]:
    """Run a public query method on one generation from start to end: the
    outermost call in a thread first follows a rebuild (see
    :meth:`Library.follow`), then pins that generation for every call it
    makes, so an answer is never half old, half new."""

    @functools.wraps(method)
    def run(self: Library, *args: Any, **kwargs: Any) -> Any:
        if getattr(self._pin, "state", None) is not None:
            return method(self, *args, **kwargs)
        self._pin.state = self.follow()
        try:
            return method(self, *args, **kwargs)
        finally:
            self._pin.state = None

    return run


class Library:
    """A built corpus to query: documents and nodes (read one by one from
    the generation's node store), the build report, the search index.

    A library opened from an index folder (:meth:`open`, :func:`open_library`)
    is meant to be held open by a program that asks many questions: it
    keeps one whoosh searcher per thread (thread-safe; ≥ 2,000 searches/s on
    the seeds, ``scripts/bench.py``) and, before each answer, checks in one
    ``stat`` whether a build swapped a new generation in; if so it reopens
    on it (:meth:`follow`). Each answer comes whole from one generation.
    Call :meth:`close` (or use ``with``) to release the files."""

    def __init__(self, store: NodeStore, generation: Generation | None = None, *,
                 index_dir: Path | None = None, verified: bool = False) -> None:
        self._index_dir = Path(index_dir) if index_dir is not None else None
        self._current = _State(store, generation, _live_key(self._index_dir), verified)
        self._pin = threading.local()
        self._swap = threading.Lock()

    @classmethod
    def open(cls, index: Path | Generation, *, verify: bool = True) -> Library:
        """Open a built index (a folder's live generation, followed across
        rebuilds; or one given generation). ``verify`` checks the node
        store's checksum first (:func:`open_library` has done it already).
        Raises :class:`~lawref.errors.IndexUnavailable` when there is none,
        :class:`~lawref.errors.IndexDamaged` when it is damaged."""
        gen = open_generation(index)
        return cls(_open_store(gen, verify), gen, index_dir=None if isinstance(index, Generation) else Path(index),
                   verified=not verify)

    def __repr__(self) -> str:
        gen = self._state.generation
        return f"Library({str(gen.path) if gen else 'memory'!r})"

    def __enter__(self) -> Library:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    def close(self) -> None:
        """Close the searchers and this thread's connection to the node store."""
        self._current.close()
        self._current.store.close()

    @property
    def _state(self) -> _State:
        pinned = getattr(self._pin, "state", None)
        return pinned if pinned is not None else self._current

    def follow(self) -> _State:
        """Reopen on the live generation when a build has swapped a new one
        into the index folder since (one ``stat`` of ``CURRENT``); the old
        generation's searchers are closed once no answer uses them. Returns
        the state answers now come from."""
        state = self._current
        if self._index_dir is None:
            return state
        key = _live_key(self._index_dir)
        if key is None or key == state.key:
            return state
        with self._swap:
            if self._current is state:
                try:
                    gen = open_generation(self._index_dir)
                    self._current = _State(_open_store(gen, True), gen, key, False)
                except (IndexUnavailable, IndexDamaged):
                    return state  # mid-swap or damaged: answer from the old one
            return self._current

    def searcher(self) -> Searcher:
        """This thread's searcher over the generation answers come from
        (opened on first use, kept until :meth:`close` or a swap). Raises
        :class:`~lawref.errors.IndexDamaged` when whoosh's files are damaged."""
        return self._state.searcher()

    @property
    def generation(self) -> Generation:
        """The generation answers come from (``IndexUnavailable`` when in memory)."""
        gen = self._state.generation
        if gen is None:
            raise IndexUnavailable(N_("this library was not opened from an index"))
        return gen

    @property
    def store(self) -> NodeStore:
        """The node store of the generation answers come from."""
        return self._state.store

    @property
    def documents(self) -> tuple[Document, ...]:
        return self.store.documents

    @_cached
    def nodes(self) -> tuple[Node, ...]:
        """Every node in reading order (reads the whole store: for whole-corpus answers)."""
        return self.store.all_nodes()

    @_cached
    def report(self) -> tuple[dict[str, Any], ...]:
        """The build report, one dict per file."""
        return tuple(self.store.meta("report") or ())

    @_cached
    def structure(self) -> tuple[dict[str, Any], ...]:
        """The build's structure warnings (``{"check", "line", "node",
        "message"}``, :mod:`lawref.treecheck`), without reading the whole report."""
        return tuple(self.store.meta("structure") or ())

    @_cached
    def corpus_dir(self) -> Path | None:
        """The corpus folder the index was built from."""
        found = self.store.meta("corpus")
        return Path(found) if found else None

    @_cached
    def paths(self) -> dict[str, str]:
        """Real names (hex bytes) of corpus files whose names are not UTF-8."""
        return dict(self.store.meta("paths") or {})

    @_cached
    def manifest_edition(self) -> str | None:
        """The manifest's ``default_edition``, as given."""
        found = self.store.meta("default_edition")
        return str(found) if found else None

    @property
    def index_dir(self) -> Path:
        """The index folder this library was opened from."""
        return self.generation.path.parent

    @property
    def by_id(self) -> _ById:
        """Nodes by id (a mapping read from the store)."""
        return _ById(self.store)

    @property
    def children(self) -> _Children:
        """Children by parent id (``None``: the roots), in reading order."""
        return _Children(self.store)

    @_answers
    def find(self, cite_or_id: str, doc: str | None = None, edition: str | None = None) -> list[Node]:
        """Nodes named by a cite (any spelling :func:`normalise_cite` takes) or
        an exact id (``laws/fragment@…``), laws documents first.

        ``edition`` keeps the nodes of that edition's documents; without it,
        those of :meth:`default_edition` come first. Raises
        :class:`~lawref.cite.CiteError` for a malformed cite, :class:`UsageError`
        for an edition no document has, and :class:`NotFound` for a cite that
        names no node (of ``doc`` and ``edition``, if given)."""
        store = self.store
        node = store.node(cite_or_id) or store.by_label(cite_or_id.strip())
        if node is not None:  # an id, or ``фрагмент, стр. 59, после правила 26`` as search prints it
            return [node]
        if "/" in cite_or_id:
            raise NotFound(tr("no node {cite} in this corpus").format(cite=repr(cite_or_id)))
        try:
            cite = normalise_cite(cite_or_id)
        except CiteError:
            pasted = self._label_of_line(cite_or_id)  # a search line pasted whole: only when it is no cite
            if pasted is None:
                raise
            return [pasted]
        docs = {d.id: d for d in self.documents}
        chosen = self.pick_edition(edition)
        found = [n for n in store.with_cite(cite) if (doc is None or n.doc == doc)
                 and (edition is None or docs[n.doc].edition == chosen)]
        found.sort(key=lambda n: (docs[n.doc].edition != chosen, docs[n.doc].kind != "laws"))
        if not found:
            raise NotFound(self._not_found(cite, doc, chosen if edition else None))
        return found

    def _label_of_line(self, text: str) -> Node | None:
        """The node whose label starts a line ``search`` printed, pasted
        whole (``фрагмент правила 43, стр. 69 (3) Спрашивает …``): the
        longest run of its first words (at most 12) that is a label; only
        for a line that starts with a word (tried only when it is no cite)."""
        words = text.split()
        if len(words) < 2 or not words[0][:1].isalpha():
            return None
        for k in range(min(len(words), 12) - 1, 0, -1):
            found = self.store.by_label(" ".join(words[:k]))
            if found is not None:
                return found
        return None

    def _not_found(self, cite: str, doc: str | None, edition: str | None) -> str:
        """Why :meth:`find` found nothing: not in the corpus (or ``doc``, or
        ``edition``), and, when the edition has no such law, that too."""
        ed, entry = self.catalogue_entry(cite, edition)
        if entry is None and doc is None:
            return tr("{cite} is not in this corpus; the {edition} edition has no law {law}").format(
                cite=cite, edition=ed, law=cite.split(".")[0])
        where = tr("document {doc}").format(doc=repr(doc)) if doc else tr("this corpus")
        return tr("{cite} is not in {where_msg}").format(cite=cite, where_msg=where) + (
            tr(" (edition {edition})").format(edition=edition) if edition else "")

    def subtree(self, node: Node) -> list[tuple[int, Node]]:
        """``node`` and its descendants in reading order, with their depth."""
        out, stack = [], [(0, node)]
        while stack:
            depth, n = stack.pop()
            out.append((depth, n))
            stack.extend((depth + 1, c) for c in reversed(self.store.children(n.id)))
        return out

    def label(self, node: Node) -> str:
        """What people are shown for ``node`` instead of its id (see
        :meth:`_label`), made unique: a second fragment of one page after one
        law gets `` (2)``. ``show`` takes it as it takes an id."""
        if node.cite:
            return node.cite
        return self.store.label(node.id) or self.labels.get(node.id) or self._label(node)

    @_cached
    def labels(self) -> dict[str, str]:
        """The unique label of every node without a cite, by id
        (:func:`lawref.labels.unique_labels`; an index stores them)."""
        return labels.unique_labels(self.documents, self.nodes)

    @property
    def by_label(self) -> _ByLabel:
        """Nodes without a cite by their label (as :meth:`label` prints it)."""
        return _ByLabel(self.store)

    def _label(self, node: Node) -> str:
        """:func:`lawref.labels.label` of ``node`` in this corpus."""
        docs = {d.id: d for d in self.documents}
        return labels.label(node, docs, self.store.node, self.law_before)

    @_cached
    def law_before(self) -> dict[str, str]:
        """:func:`lawref.labels.law_before` over the corpus."""
        return labels.law_before(self.nodes)

    def law_of(self, node: Node) -> Node | None:
        """The law node above ``node`` (itself if it is a law)."""
        return labels.law_of(node, self.store.node)

    def raw_source(self, node: Node | Source) -> list[tuple[int, str]]:
        """The raw lines ``node`` (or a :class:`Source` span) came from,
        ``[(line number, text)]``: its byte range in the raw file, decoded
        with the encoding the build used. Raises :class:`OSError` when the
        file cannot be read any more."""
        src = node.source if isinstance(node, Node) else node
        corpus_dir = self.corpus_dir
        if corpus_dir is None or src.bytes is None:
            raise OSError(N_("no raw source recorded for {node}").format(
                node=node.id if isinstance(node, Node) else src.file))
        hexed = self.paths.get(src.file)
        real = os.fsdecode(bytes.fromhex(hexed)) if hexed else src.file
        data = read_regular(corpus_dir / real, MAX_SOURCE_BYTES)
        enc = next((r.get("encoding") for r in self.report if r.get("file") == src.file), None) or "utf-8"
        start, end = src.bytes
        text = data[start:end].decode(enc, errors="replace").replace("\r\n", "\n").replace("\r", "\n")
        return list(enumerate(text.split("\n"), start=src.line))

    def source_spans(self, node: Node) -> list[Source]:
        """Where ``node`` and everything under it came from: one span a raw
        file, from the first line to the last of its nodes there (the
        lines between included: the raw text as it stands), in reading
        order. ``show 62 --source`` prints the law and all its sections."""
        spans: dict[str, Source] = {}
        for _, n in self.subtree(node):
            src, cur = n.source, spans.get(n.source.file)
            if src.bytes is None:
                continue
            if cur is None or cur.bytes is None:
                spans[src.file] = src
                continue
            spans[src.file] = Source(src.file, min(cur.line, src.line), max(cur.end_line or cur.line,
                                     src.end_line or src.line), (min(cur.bytes[0], src.bytes[0]),
                                                                 max(cur.bytes[1], src.bytes[1])))
        return list(spans.values())

    @_cached
    def resolver(self) -> Resolver:
        """Citations → nodes of this generation (reads nodes by cite, on demand)."""
        store = self.store
        return Resolver(self.documents, by_cite=_ByCite(store), children=_Children(store), by_id=_ById(store))

    def page_edges(self, node: Node) -> tuple[bool, bool]:
        """``(first, last)``: whether ``node`` opens or closes the text of a
        printed page of its file — the places where a scrape of every fourth
        page cuts sentences. Always ``(False, False)`` in a file with no
        printed page markers (nothing was lost between its pages); see
        :func:`lawref.nodestore.page_edges`."""
        return self.store.edges(node.id)

    def cut_edges(self, node: Node) -> tuple[bool, bool]:
        """``(starts_after_gap, cut_at_end)``: ``node``'s text opens a
        scraped page mid-sentence (its start is on a page the scan lacks),
        or closes one unfinished — the marks ``show`` and the exports print
        beside it (:meth:`page_edges` and the text's own first and last
        characters)."""
        first, last = self.page_edges(node)
        text = node.text
        return bool(first and text[:1].islower()), bool(last and text and not P.SENTENCE_END.search(text))

    def check_doc(self, doc: str | None) -> None:
        """Raise :class:`~lawref.errors.UsageError` when ``doc`` is given and
        names no document of the corpus (a typo would otherwise look like
        "nothing found")."""
        known = [d.id for d in self.documents]
        if doc is not None and doc not in known:
            raise UsageError(tr("no document {doc} in this corpus (documents: {known})").format(
                doc=repr(doc), known=", ".join(known) or "-"))

    @_answers
    def references(self, cite_or_id: str, *, incoming: bool = False, doc: str | None = None) -> References:
        """References made by a node and its descendants, or (``incoming``)
        made to them; for a law the corpus lacks and its edition has,
        ``incoming`` still lists the citations of it (``правило 59``). Raises
        :class:`~lawref.errors.NotFound` (and :class:`~lawref.errors.CiteError`)
        as :meth:`find` does."""
        try:
            node = self.find(cite_or_id, doc)[0]
        except NotFound:
            if not incoming or "/" in cite_or_id:
                raise
            cite = normalise_cite(cite_or_id)
            self.absent(cite, self.edition_of(doc) if doc else None)  # no such law in the edition (95): NotFound
            return References(cite, None, cite, self.citing(cite))
        pairs = self.incoming(node) if incoming else self.outgoing(node)
        return References(node.cite or node.id, node.id, node.cite, pairs)

    @_answers
    def absent(self, cite_or_id: str, edition: str | None = None) -> tuple[str, str, Entry]:
        """For a cite the corpus lacks: ``(canonical cite, edition, catalogue
        entry)`` of what ``edition`` (default: :meth:`edition`) calls it.
        Raises :class:`~lawref.errors.NotFound` when ``cite_or_id`` is not a
        cite, is in the corpus (in another document), or the edition has no
        such law."""
        try:
            cite = normalise_cite(cite_or_id)
        except CiteError as exc:
            raise NotFound(tr("no node {cite} in this corpus").format(cite=repr(cite_or_id))) from exc
        docs = {d.id: d.edition for d in self.documents}
        if any(edition is None or docs[n.doc] == edition for n in self.store.with_cite(cite)):
            raise NotFound(tr("{cite} is in this corpus, not in the document asked for").format(cite=cite))
        edition, entry = self.catalogue_entry(cite, edition)
        if entry is None:
            raise NotFound(tr("{cite} is not in this corpus; the {edition} edition has no law {law}").format(
                cite=cite, edition=edition, law=cite.split(".")[0]))
        return cite, edition, entry

    def edition_of(self, doc: str | None) -> str | None:
        """The edition document ``doc`` names (``None`` for no document or none named)."""
        found = self.document(doc) if doc else None
        return found.edition if found else None

    @_answers
    def term_entries(self, word: str) -> list[tuple[glossary.Term, list[tuple[str, int]]]]:
        """Glossary entries for ``word`` (see :meth:`terms`) with the laws
        that use each most (see :meth:`term_laws`). Raises
        :class:`~lawref.errors.UsageError` for an empty word and
        :class:`~lawref.errors.NotFound` when the glossary has none."""
        return [(t, self.term_laws(t)) for t in glossary_entries(word)]

    @_answers
    def citing(self, cite: str) -> list[tuple[Node, Ref]]:
        """Every citation of ``cite`` or of a part of it (``59`` → ``59``,
        ``59A`` …), whether or not the corpus holds its text — for a law that
        is ``absent`` there are no backlinks to follow."""
        rx, store = cite_pattern(cite), self.store
        pairs = [(node, node.refs[i]) for sid, i in store.citing(cite) if (node := store.node(sid)) is not None]
        return [(n, r) for n, r in pairs if rx.match(r.cite)]

    def outgoing(self, node: Node) -> list[tuple[Node, Ref]]:
        """References made by ``node`` and its descendants, in reading order."""
        return [(n, r) for _, n in self.subtree(node) for r in n.refs]

    @_answers
    def on_page(self, page: int, doc: str | None = None) -> list[Node]:
        """The nodes printed on page ``page`` (of document ``doc``) whose
        parent is not on it too — each with its subtree, what ``show
        --page`` prints — in reading order; ``[]`` for a page the scrape lost."""
        nodes = self.store.on_page(page, doc)
        ids = {n.id for n in nodes}
        return [n for n in nodes if n.parent not in ids]

    def pages_kept(self, doc: str | None = None) -> str:
        """The printed pages the corpus holds (of ``doc``), as ``47, 51, 55 … 97``."""
        pages = sorted({n.page for n in self.nodes if n.page is not None and (doc is None or n.doc == doc)})
        shown = ", ".join(map(str, pages[:12]))
        return shown + (f" … {pages[-1]}" if len(pages) > 12 else "") if pages else "none"

    def neighbours(self, node: Node) -> tuple[Node | None, Node | None]:
        """The nodes printed right before and right after ``node`` and its
        subtree in its document (footnotes and ``node``'s own descendants
        skipped): where a fragment stands."""
        store = self.store
        seqs = [store.seq(n.id) for _, n in self.subtree(node)]
        return store.printed_near(node.doc, min(seqs), max(seqs))

    @_answers
    def contents(self, doc: str | None = None, law: str | None = None) -> list[TocEntry]:
        """The table of contents (:func:`lawref.contents.contents`): a row
        for each chapter, law, section, commentary paragraph and fragment,
        and for each law of the edition the corpus lacks."""
        from lawref.contents import contents

        return contents(self, doc, law)

    def incoming_to(self, node: Node) -> list[tuple[Node, Ref]]:
        """References to ``node`` itself (not its descendants), in reading
        order of the citing nodes."""
        store = self.store
        found = [(src, src.refs[i]) for sid, i in store.incoming(node.id) if (src := store.node(sid)) is not None]
        return sorted(found, key=lambda pair: (store.seq(pair[0].id), pair[1].start))

    def laws_around(self, node: Node) -> tuple[str | None, str | None]:
        """``(after, before)``: the cites of the laws printed right before and
        right after ``node`` in its document's reading order (``None`` at an end)."""
        seq = self.store.seq(node.id)
        after, before = self.store.printed_near(node.doc, seq, seq, kind="law")
        return (after.cite if after else None), (before.cite if before else None)

    def incoming(self, node: Node) -> list[tuple[Node, Ref]]:
        """References to ``node`` or any of its descendants (the backlinks
        stored at build time), in reading order of the citing nodes."""
        store = self.store
        found = [(src, src.refs[i]) for _, n in self.subtree(node) for sid, i in store.incoming(n.id)
                 if (src := store.node(sid)) is not None]
        return sorted(found, key=lambda pair: (store.seq(pair[0].id), pair[1].start))

    def selection(self, doc: str | None = None, law: str | None = None, edition: str | None = None
                  ) -> tuple[tuple[Document, ...], list[Node]]:
        """``(documents, nodes)`` an export holds, nodes in reading order:
        every document, or document ``doc``, or the documents of ``edition``;
        with ``law`` (any cite :meth:`find` takes), the subtree of the node it
        names (in a laws document first) and its document — and, for a law
        and no ``doc``, the commentary on it (:meth:`_commentary_on`). Raises
        :class:`UsageError` for an unknown ``doc`` or ``edition`` or when no
        document is left, :class:`NotFound` for a cite the corpus lacks,
        :class:`~lawref.cite.CiteError` for a malformed one."""
        self.check_doc(doc)
        chosen = self.pick_edition(edition) if edition else None
        docs = [d for d in self.documents if (doc is None or d.id == doc) and (chosen is None or d.edition == chosen)]
        if not docs:
            raise UsageError(N_("no document of edition {edition} is document {doc}").format(
                edition=chosen, doc=repr(doc)))
        if law is not None:
            top = self.find(law, doc, edition)[0]
            nodes = [n for _, n in self.subtree(top)]
            notes = self._commentary_on(top) if doc is None else []
            keep = {top.doc, *(n.doc for n in notes)}
            return tuple(d for d in docs if d.id in keep), nodes + notes
        ids = {d.id for d in docs}
        return tuple(docs), [n for n in self.nodes if n.doc in ids]

    def _commentary_on(self, law: Node) -> list[Node]:
        """The commentary on ``law`` (a law node of a laws document): the
        subtree of the same cite in each commentary document of its
        language and edition, in reading order."""
        mine = self.document(law.doc)
        if law.kind != "law" or law.cite is None or mine is None or mine.kind != "laws":
            return []
        out = []
        for node in self.store.with_cite(law.cite):
            theirs = self.document(node.doc)
            if theirs is not None and theirs.kind == "commentary" and (theirs.lang, theirs.edition) == (
                    mine.lang, mine.edition):
                out += [n for _, n in self.subtree(node)]
        return out

    @_answers
    def dangling(self) -> dict[str, list[tuple[Node, Ref]]]:
        """Every citation of the corpus that is not ``exact``, by status."""
        out: dict[str, list[tuple[Node, Ref]]] = {s: [] for s in STATUSES if s != "exact"}
        for n in self.nodes:
            for r in n.refs:
                if r.status != "exact":
                    out[r.status].append((n, r))
        return out

    @_answers
    def link(self, text: str, edition: str | None = None) -> list[Linked]:
        """Citations in free ``text`` (any language of the grammar), resolved
        against this corpus within one edition (``edition``, else
        :meth:`default_edition`; documents in the citation's language
        first), each target naming it. Offsets are code-point offsets into
        ``text``, end-exclusive; ``text[c.start:c.end] == c.text``. Raises
        :class:`UsageError` only for an edition no document has. Relative
        references (``пункту 1``) need a node and are not taken."""
        return self._resolved(find_citations(text, relative=False), edition)

    def _resolved(self, found: Iterable[Citation], edition: str | None) -> list[Linked]:
        """``found`` citations resolved within ``edition`` (as :meth:`link`)."""
        chosen = self.pick_edition(edition)
        return [Linked(c, tuple(self.resolver.targets(c, edition=chosen))) for c in found]

    def link_stream(self, read: Callable[[int], str], *, block: int = 1 << 16, edition: str | None = None
                    ) -> Iterator[tuple[int, str, list[Linked]]]:
        """Citations in a text read piece by piece with ``read(n)`` (a text
        stream's ``read``), resolved: yields ``(offset, piece, linked)`` in
        order, where ``piece`` is the next stretch of the input, ``offset``
        its code-point offset in the whole input and ``linked`` its
        citations with offsets into the whole input. Pieces end where the
        whole text's contexts end (:func:`lawref.cite.next_cut`: places that
        are the same whatever was read before, and that no citation
        crosses), and each piece's citations are read in those contexts, so
        the result is what :meth:`link` gives on the whole text for any
        ``block``; memory stays within a few ``block``s and
        :data:`~lawref.cite.HARD_CUT` code points whatever the input's size.
        Raises what ``read`` raises (``UnicodeDecodeError`` for bad input)."""
        self.pick_edition(edition)  # a bad edition fails before any input is read
        state = self.follow()  # the whole stream is linked against one generation
        offset, kept, carry, scanned = 0, "", "", 0
        while True:
            more = read(block)
            text, base = kept + carry + more, len(kept)
            spans: list[tuple[int, int]] = []
            start = base
            while True:
                cut, scanned = next_cut(text, start, final=not more, scanned=scanned)
                if cut is None:
                    break
                spans.append((start, cut))
                start = cut
            if spans:
                shift = offset - base
                cites = [replace(c, start=c.start + shift, end=c.end + shift)
                         for c in find_in_contexts(text, spans, relative=False)]
                yield offset, text[base:start], self._resolved_on(state, cites, edition)
                offset += start - base
                kept, carry = text[max(0, start - KEEP_BEFORE) : start], text[start:]
                scanned = max(0, scanned - (start - len(kept)))
            else:
                carry = text[base:]
            if not more:
                return

    def _resolved_on(self, state: _State, found: list[Citation], edition: str | None) -> list[Linked]:
        """:meth:`_resolved` answered from ``state`` (the generation a stream started on)."""
        self._pin.state = state
        try:
            return self._resolved(found, edition)
        finally:
            self._pin.state = None

    @_answers
    def resolve(self, text: str, edition: str | None = None) -> Node | None:
        """The node a citation or cite names when it resolves ``exact``
        (``"правило 62B"``, ``"Law 62B"``, ``"62В"``, ``"п. 45.5"``) in
        ``edition`` (default: :meth:`default_edition`), else None."""
        target = self.resolve_target(text, edition)
        return self.store.node(target.id) if target and target.status == "exact" and target.id else None

    @_answers
    def resolve_target(self, text: str, edition: str | None = None) -> Target | None:
        """The first of :meth:`resolve_targets` (``None``: no citation)."""
        found = self.resolve_targets(text, edition)
        return found[0] if found else None

    @_answers
    def resolve_targets(self, text: str, edition: str | None = None) -> list[Target]:
        """The targets of a cite, or of every cite of the first citation in
        ``text`` (``правила 70 или 71`` → 70 and 71; ``62A–C`` → three),
        resolved within ``edition`` (default: :meth:`default_edition`;
        documents in the language the citation is written in first); ``[]``
        when ``text`` holds no citation. Raises :class:`UsageError` for an
        edition no document has."""
        chosen = self.pick_edition(edition)
        try:
            cite = normalise_cite(text)
        except CiteError:
            return [t for item in _first_run(text, self.link(text, chosen)) for t in item.targets]
        lang = "ru" if P.CYRILLIC.search(text) else "en" if P.LATIN_LETTER.search(text) else None
        return [self.resolver.resolve_cite(cite, "commentary" if "." in cite else "law", edition=chosen, lang=lang)]

    @_answers
    def search(self, query: str, *, limit: int = 10, doc: str | None = None, lang: str = "any") -> list[Hit]:
        """At most ``limit`` hits for ``query``, best first (the policy:
        :mod:`lawref.search`; the query language: :mod:`lawref.index`).

        ``doc`` keeps one document's nodes; ``lang`` is the language of the
        query (``ru``, ``en``, ``any``). Raises ``ValueError`` for another
        ``lang``; :class:`~lawref.errors.IndexDamaged` when an index file is
        damaged."""
        return self.answer(query, limit=limit, doc=doc, lang=lang).hits

    @_answers
    def answer(self, query: str, *, limit: int = 10, doc: str | None = None, lang: str = "any") -> Answer:
        """:meth:`search`, with what the policy did to find the hits: words
        corrected (typos), found inside compounds, left out (a relaxed
        search) — see :class:`~lawref.model.Answer`. Raises as :meth:`search`.

        Answers are remembered per generation (the last :data:`ANSWERS_KEPT`
        questions): a program that asks the same question again gets it
        without a search; a rebuild forgets them all."""
        state = self._state
        key = (query, limit, doc, lang)
        found = state.answers.get(key)
        if found is None:
            from lawref import search as search_policy  # whoosh: only a search loads it

            found = search_policy.run(self, state.searcher(), query, limit=limit, doc=doc, lang=lang)
            state.remember(key, found)
        return replace(found, hits=list(found.hits), corrected=dict(found.corrected),
                       compounds={k: list(v) for k, v in found.compounds.items()})

    def absent_law(self, query: str) -> tuple[str, str] | None:
        """``(cite, English title)`` when ``query`` is only a law's cite
        (``59``, ``правило 59``) that the edition has and the corpus lacks —
        what ``search`` says beside the hits that cite it — else ``None``."""
        try:
            cite = normalise_cite(query)
        except CiteError:
            return None
        if "." in cite or not cite.isdigit() or self.store.with_cite(cite):
            return None
        _, entry = self.catalogue_entry(cite)
        return (cite, entry.title_en) if entry is not None and entry.id == cite else None

    @_answers
    def holders(self, cite: str) -> list[Node]:
        """Nodes that may hold the text of ``cite``, which the corpus lacks:
        the fragments no law holds between the laws around it
        (:meth:`fragments_for`), or, when its law is here, that law's
        fragments (``43B2(b)`` → the fragments of law 43), in reading order."""
        found, _ = self.fragments_for(cite)
        if found:
            return found
        law = next((n for n in self.store.with_cite(str(law_of(cite))) if n.kind == "law"), None)
        return [n for _, n in self.subtree(law) if n.kind == "fragment"] if law is not None else []

    def document(self, doc_id: str) -> Document | None:
        """The document ``doc_id`` (``None`` if there is none)."""
        return next((d for d in self.documents if d.id == doc_id), None)

    def edition(self) -> str:
        """The edition whose catalogue names what the corpus lacks: the
        default edition, else the catalogue's default (1997)."""
        from lawref.lang.catalogue import DEFAULT_EDITION

        return self.default_edition() or DEFAULT_EDITION

    def editions(self) -> list[str]:
        """The editions the documents name, oldest first (by year)."""
        return list(self._editions)

    @_cached
    def _editions(self) -> tuple[str, ...]:
        return tuple(sorted({d.edition for d in self.documents if d.edition}, key=_edition_key))

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
            raise UsageError(tr("no edition {edition} in this corpus (editions: {known})").format(
                edition=repr(edition), known=shown))
        return edition

    def catalogue_entry(self, cite: str, edition: str | None = None) -> tuple[str, Entry | None]:
        """``(edition, entry)`` for the law or section a canonical ``cite``
        names in the catalogue of ``edition`` (default: :meth:`edition`; the
        law's entry when the section has none); ``entry`` is ``None`` when
        the edition has no such law."""
        from lawref.lang.catalogue import load as load_catalogue

        cat = load_catalogue(edition or self.edition())
        entry = cat.entries.get(f"section:{cite}") or cat.law(law_of(cite))
        return cat.edition, entry

    def variants(self, node: Node) -> list[Node]:
        """``node`` and the other texts of it kept beside it (``62A``,
        ``62A~2``: two files of a document held different texts), in order."""
        return self.store.variants(node.id.split("~")[0])

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
        from lawref.lang.catalogue import load as load_catalogue

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
        for parent in self.store.with_cite(law):
            siblings = self.store.children(parent.id)
            for n in (x for x in siblings if x.kind == "fragment"):
                after = siblings[siblings.index(n) + 1 :]
                if after and after[0].cite == nxt:
                    out.append(n)
        return out, ({"before": nxt} if out else {})

    def english_of(self, nodes: list[Node]) -> list[Node]:
        """The English texts among ``nodes`` and their counterparts (what
        ``show --lang en`` can print beyond a catalogue title)."""
        out = [n for n in nodes if (d := self.document(n.doc)) is not None and d.lang == "en"]
        return out + [t for n in nodes if (t := self.counterpart(n)) is not None]

    def counterpart(self, node: Node) -> Node | None:
        """The node with the same cite in a document of the other language and
        the same kind (Russian ↔ English), of the same edition when the
        corpus has one, else of another edition; ``None`` if there is none."""
        mine = self.document(node.doc)
        if node.cite is None or mine is None:
            return None
        for doc in sorted(self.documents, key=lambda d: d.edition != mine.edition):
            if doc.lang != mine.lang and doc.kind == mine.kind:
                twin = next((n for n in self.store.with_cite(node.cite) if n.doc == doc.id), None)
                if twin is not None:
                    return twin
        return None

    def terms(self, word: str) -> list[glossary.Term]:
        """Glossary entries for ``word``: a Russian word in any form (its
        lemma, by pymorphy3) or an English term; ``[]`` when none."""
        try:
            return glossary_entries(word)
        except (NotFound, UsageError):
            return []

    def term_laws(self, term: glossary.Term) -> list[tuple[str, int]]:
        """``[(law cite, number of its nodes that use the term)]``, most first."""
        query = f'"{term.ru}"' if " " in term.ru else term.ru
        counts: dict[str, int] = {}
        for hit in self._state.searcher().search(query, limit=1000):
            node = self.store.node(hit.id)
            law = self.law_of(node) if node is not None else None
            if law is None:
                key = tr("fragments without a law number")
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


def _first_run(text: str, found: list[Linked]) -> list[Linked]:
    """The first citation of ``found`` and those listed on after it
    (``правила 70 или 71``: ``70`` and ``71``, only a list word between)."""
    run = found[:1]
    for item in found[1:]:
        if not re.fullmatch(P.LIST_SEP, text[run[-1].citation.end : item.citation.start]):
            break
        run.append(item)
    return run


def open_library(corpus_dir: Path | None = None, index_dir: Path | None = None, *,
                 on_rebuild: Callable[[str], None] | None = None,
                 progress: Callable[[str, int, int], None] | None = None,
                 on_stale: Callable[[str], None] | None = None) -> Library:
    """Open the index of ``corpus_dir``, rebuilding it first when it is
    missing, stale or damaged (``on_rebuild(reason)`` is called before a
    rebuild, e.g. to say so on stderr; ``progress(step, done, total)`` as
    it goes). Only the documents whose files changed are rebuilt.

    Fast path: when nothing in the corpus folder, the index's files or
    lawref's code changed since the last full check (:mod:`lawref.fresh`:
    one ``stat`` each), no file is read or hashed.

    An index folder lawref cannot write (a read-only cache, a full disk)
    whose live build is whole and sealed answers as it is: ``on_stale(why)``
    is called instead of rebuilding.

    Raises :class:`~lawref.errors.CorpusError` (also for nothing usable),
    :class:`~lawref.errors.IndexFolderError` (``index_dir`` is not ours) and
    :class:`OSError` when the index cannot be written and there is none to
    answer from."""
    corpus_dir = Path(corpus_dir) if corpus_dir else default_corpus()
    index_dir = Path(index_dir) if index_dir else default_index(corpus_dir)
    check_foreign(index_dir)  # a folder that is not ours: refused before any word of rebuilding
    seal.require()  # and a key that cannot be had
    if fresh.unchanged(corpus_dir, index_dir):
        try:
            return Library.open(index_dir, verify=False)
        except (IndexUnavailable, IndexDamaged):
            pass  # swapped or damaged since: the full check below says which
    reason = _stale(corpus_dir, index_dir)
    if reason is None:
        fresh.record(corpus_dir, index_dir)
        try:
            return Library.open(index_dir, verify=False)
        except IndexDamaged as exc:
            reason = str(exc)
    reason = reason or N_("the index is out of date")
    if not _writable(index_dir) and (as_it_is := _as_it_is(index_dir)) is not None:
        _stale_said(on_stale, reason, N_("the index folder is read-only"))
        return as_it_is
    if on_rebuild is not None:
        on_rebuild(reason)
    from lawref.store import ensure  # the build side, loaded only to rebuild

    try:
        ensure(corpus_dir, index_dir, progress=progress)
    except OSError as exc:
        if (as_it_is := _as_it_is(index_dir)) is None:
            raise
        _stale_said(on_stale, reason, exc.strerror or str(exc))
        return as_it_is
    fresh.record(corpus_dir, index_dir)
    return Library.open(index_dir, verify=False)


def _writable(index_dir: Path) -> bool:
    """Whether lawref may write ``index_dir`` (or make it in its nearest existing parent)."""
    path = Path(index_dir)
    while not path.exists() and path != path.parent:
        path = path.parent
    return os.access(path, os.W_OK)


def _as_it_is(index_dir: Path) -> Library | None:
    """The live build of ``index_dir`` when it is whole and sealed (every file
    checked), else ``None``."""
    try:
        return Library.open(index_dir, verify=True)
    except IndexUnavailable:
        return None


def _stale_said(on_stale: Callable[[str], None] | None, reason: str, why: str) -> None:
    if on_stale is not None:
        on_stale(N_("{reason_msg}, and it cannot be rebuilt ({why}): answering from the index as it is").format(
            reason_msg=reason, why=why))


def _stale(corpus_dir: Path, index_dir: Path) -> str | None:
    """Why the live index of ``index_dir`` cannot answer for ``corpus_dir``
    (missing, stale, damaged: every corpus file and index file hashed), or
    ``None`` when it can. Raises :class:`~lawref.errors.CorpusError` for a
    corpus folder that cannot be scanned."""
    from lawref.scan import code_version, scan, stamp  # the corpus scan: only when something changed

    found = scan(corpus_dir)
    try:
        gen = open_generation(index_dir)
        if gen.stamp != stamp(found, code_version(), gen.encoding):
            return N_("the corpus or lawref changed since the index was built")
        gen.verify()
    except IndexDamaged as exc:
        return N_("the index is damaged ({damage_msg})").format(damage_msg=exc)
    except IndexUnavailable:
        return N_("no index yet")
    return None


def _open_store(gen: Generation, verify: bool) -> SqliteStore:
    """The node store of ``gen`` (its checksum checked when ``verify``).
    Raises :class:`~lawref.errors.IndexDamaged` for a build without one (an
    older lawref's) or a damaged one."""
    if NODES_FILE not in gen.meta.get("files", {}):
        raise IndexDamaged(N_("the build has no {file} (made by an older lawref)").format(file=NODES_FILE))
    if verify:
        gen.verify([NODES_FILE])
    return SqliteStore(gen.path / NODES_FILE)


def _live_key(index_dir: Path | None) -> tuple[int, int] | None:
    """``(inode, mtime)`` of the folder's ``CURRENT`` — it changes when a
    build swaps a generation in (``CURRENT`` is replaced by a rename)."""
    if index_dir is None:
        return None
    try:
        st = os.stat(index_dir / CURRENT)
    except OSError:
        return None
    return st.st_ino, st.st_mtime_ns


class _StoreView(Mapping[Any, Any]):
    """A mapping read from a node store on demand: a subclass says how one
    key is found (:meth:`_find`, ``None`` for none) and which keys there are."""

    def __init__(self, store: NodeStore) -> None:
        self._store = store

    @abstractmethod
    def _find(self, key: Any) -> Any:
        """The value of ``key``, or ``None`` when the store has none."""

    def __getitem__(self, key: Any) -> Any:
        found = self._find(key)
        if found is None:
            raise KeyError(key)
        return found

    @abstractmethod
    def __iter__(self) -> Iterator[Any]:
        """The keys there are."""

    def __len__(self) -> int:
        return sum(1 for _ in self)


class _ById(_StoreView):
    """Nodes by id."""

    def _find(self, key: str) -> Node | None:
        return self._store.node(key)

    def __iter__(self) -> Iterator[str]:
        return (n.id for n in self._store.all_nodes())


class _Children(_StoreView):
    """Children by parent id (``None``: the roots); a node without children maps to ``[]``."""

    def _find(self, key: str | None) -> list[Node]:
        return self._store.children(key)

    def __iter__(self) -> Iterator[str | None]:
        return iter(dict.fromkeys(n.parent for n in self._store.all_nodes()))


class _ByLabel(_StoreView):
    """Nodes without a cite by their stored label."""

    def _find(self, key: str) -> Node | None:
        return self._store.by_label(key)

    def __iter__(self) -> Iterator[str]:
        return (lab for n in self._store.all_nodes() if not n.cite and (lab := self._store.label(n.id)))


class _ByCite(_StoreView):
    """The first node of a document with a cite: ``(doc, cite)`` → node."""

    def _find(self, key: tuple[str, str]) -> Node | None:
        doc, cite = key
        return next((n for n in self._store.with_cite(cite) if n.doc == doc), None)

    def __iter__(self) -> Iterator[tuple[str, str]]:
        return iter(dict.fromkeys((n.doc, n.cite) for n in self._store.all_nodes() if n.cite))


__all__ = ["Library", "References", "default_corpus", "default_index", "open_library"]
