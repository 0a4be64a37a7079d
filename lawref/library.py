"""library: the query facade — open a built index, find, show, search, link.

The facade holds the open generation (:mod:`lawref.query.generation`) and
hands each question on to the query module of its job (:mod:`lawref.query`).
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
  (the folder platformdirs names, :mod:`lawref.userdirs`).
"""

from __future__ import annotations

import threading
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from lawref.errors import IndexDamaged, IndexUnavailable
from lawref.folder import Generation
from lawref.folder import open_live as open_generation
from lawref.i18n import N_, revived
from lawref.model import Document, Node
from lawref.query import editions as q_editions
from lawref.query import find as q_find
from lawref.query import link as q_link
from lawref.query import pages as q_pages
from lawref.query import refs as q_refs
from lawref.query import source as q_source
from lawref.query import terms as q_terms
from lawref.query.generation import On, State, answers, cached, live_key, open_store
from lawref.query.views import ByCite, ById, ByLabel, Children, NodeStore
from lawref.resolver import Resolver

if TYPE_CHECKING:
    from lawref.index import Searcher
    from lawref.model import Answer, Hit, TocEntry


class Library:
    """A built corpus to query: documents and nodes (read one by one from
    the generation's node store), the build report, the search index.

    A library opened from an index folder (:meth:`open`, :func:`open_library`)
    is meant to be held open by a program that asks many questions: it
    lends threads whoosh searchers from a pool (thread-safe; the searches a
    second are in BENCHMARKS.md, ``scripts/bench.py``), keeps the answers it
    worked out (:mod:`lawref.query.generation`), and before each answer checks in one
    ``stat`` whether a build swapped a new generation in; if so it reopens
    on it (:meth:`follow`). Each answer comes whole from one generation.
    Call :meth:`close` (or use ``with``) to release the files."""

    def __init__(self, store: NodeStore, generation: Generation | None = None, *,
                 index_dir: Path | None = None, verified: bool = False) -> None:
        self._index_dir = Path(index_dir) if index_dir is not None else None
        self._current = State(store, generation, live_key(self._index_dir), verified)
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
        return cls(open_store(gen, verify), gen, index_dir=None if isinstance(index, Generation) else Path(index),
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
    def _state(self) -> State:
        pinned = getattr(self._pin, "state", None)
        return pinned if pinned is not None else self._current

    def follow(self) -> State:
        """Reopen on the live generation when a build has swapped a new one
        into the index folder since (one ``stat`` of ``CURRENT``); the old
        generation's searchers are closed once no answer uses them. Returns
        the state answers now come from."""
        state = self._current
        if self._index_dir is None:
            return state
        key = live_key(self._index_dir)
        if key is None or key == state.key:
            return state
        with self._swap:
            if self._current is state:
                try:
                    gen = open_generation(self._index_dir)
                    self._current = State(open_store(gen, True), gen, key, False)
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

    @cached
    def nodes(self) -> tuple[Node, ...]:
        """Every node in reading order (reads the whole store: for whole-corpus answers)."""
        return self.store.all_nodes()

    @cached
    def report(self) -> tuple[dict[str, Any], ...]:
        """The build report, one dict per file."""
        return tuple(revived(self.store.meta("report") or []))

    @cached
    def structure(self) -> tuple[dict[str, Any], ...]:
        """The build's structure warnings (``{"check", "line", "node",
        "message"}``, :mod:`lawref.treecheck`), without reading the whole report."""
        return tuple(revived(self.store.meta("structure") or []))

    @cached
    def corpus_dir(self) -> Path | None:
        """The corpus folder the index was built from."""
        found = self.store.meta("corpus")
        return Path(found) if found else None

    @cached
    def paths(self) -> dict[str, str]:
        """Real names (hex bytes) of corpus files whose names are not UTF-8."""
        return dict(self.store.meta("paths") or {})

    @cached
    def manifest_edition(self) -> str | None:
        """The manifest's ``default_edition``, as given."""
        found = self.store.meta("default_edition")
        return str(found) if found else None

    @property
    def index_dir(self) -> Path:
        """The index folder this library was opened from."""
        return self.generation.path.parent

    @property
    def by_id(self) -> ById:
        """Nodes by id (a mapping read from the store)."""
        return ById(self.store)

    @property
    def children(self) -> Children:
        """Children by parent id (``None``: the roots), in reading order."""
        return Children(self.store)

    find = On(q_find.find, pinned=True)
    subtree = On(q_find.subtree)

    label = On(q_find.label)
    labels = cached(q_find.labels)

    @property
    def by_label(self) -> ByLabel:
        """Nodes without a cite by their label (as :meth:`label` prints it)."""
        return ByLabel(self.store)

    law_before = cached(q_find.law_before)
    law_of = On(q_find.law_of)
    documents_by_id = cached(q_find.documents_by_id)

    raw_source = On(q_source.raw_source)
    source_spans = On(q_source.source_spans)

    @cached
    def resolver(self) -> Resolver:
        """Citations → nodes of this generation (reads nodes by cite, on demand)."""
        s = self.store
        return Resolver(self.documents, by_cite=ByCite(s), children=Children(s), by_id=ById(s), lacks=q_editions.lacks)

    page_edges = On(q_pages.page_edges)
    cut_edges = On(q_pages.cut_edges)

    check_doc = On(q_editions.check_doc)
    references = On(q_refs.references, pinned=True)
    absent = On(q_editions.absent, pinned=True)
    edition_of = On(q_editions.edition_of)
    term_entries = On(q_terms.term_entries, pinned=True)
    citing = On(q_refs.citing, pinned=True)
    outgoing = On(q_refs.outgoing)
    on_page = On(q_pages.on_page, pinned=True)
    pages_kept = On(q_pages.pages_kept)
    neighbours = On(q_pages.neighbours)

    @answers
    def contents(self, doc: str | None = None, law: str | None = None) -> list[TocEntry]:
        """The table of contents (:func:`lawref.contents.contents`): a row
        for each chapter, law, section, commentary paragraph and fragment,
        and for each law of the edition the corpus lacks."""
        # the contents and its catalogue: only ``toc`` loads them
        from lawref.contents import contents

        return contents(self, doc, law)

    incoming_to = On(q_refs.incoming_to)
    laws_around = On(q_pages.laws_around)
    incoming = On(q_refs.incoming)
    selection = On(q_editions.selection)
    dangling = On(q_refs.dangling, pinned=True)
    link = On(q_link.link, pinned=True)
    link_stream = On(q_link.link_stream)
    resolve = On(q_link.resolve, pinned=True)
    resolve_target = On(q_link.resolve_target, pinned=True)
    resolve_targets = On(q_link.resolve_targets, pinned=True)

    @answers
    def search(self, query: str, *, limit: int = 10, doc: str | None = None, lang: str = "any") -> list[Hit]:
        """At most ``limit`` hits for ``query``, best first (the policy:
        :mod:`lawref.search`; the query language: :mod:`lawref.index`).

        ``doc`` keeps one document's nodes; ``lang`` is the language of the
        query (``ru``, ``en``, ``any``). Raises ``ValueError`` for another
        ``lang``; :class:`~lawref.errors.IndexDamaged` when an index file is
        damaged."""
        return self.answer(query, limit=limit, doc=doc, lang=lang).hits

    @answers
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

            found = search_policy.run(self, state.store, state.searcher(), query, limit=limit, doc=doc, lang=lang)
            state.remember(key, found)
        return replace(found, hits=list(found.hits), corrected=dict(found.corrected),
                       compounds={k: list(v) for k, v in found.compounds.items()})

    absent_laws = On(q_editions.absent_laws)
    holders = On(q_editions.holders, pinned=True)
    document = On(q_editions.document)
    edition = On(q_editions.edition)
    editions = On(q_editions.editions)
    default_edition = On(q_editions.default_edition)
    pick_edition = On(q_editions.pick_edition)
    catalogue_entry = On(q_editions.catalogue_entry)
    variants = On(q_editions.variants)
    lost_sections = On(q_pages.lost_sections)
    fragments_for = On(q_editions.fragments_for)
    english_of = On(q_editions.english_of)
    counterpart = On(q_editions.counterpart)
    compare = On(q_editions.compare, pinned=True)
    elsewhere = On(q_editions.elsewhere, pinned=True)
    terms = On(q_terms.terms)
    term_laws = On(q_terms.term_laws)
    title_en = On(q_editions.title_en)


__all__ = ["Library"]
