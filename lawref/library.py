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
import threading
from collections.abc import Callable, Iterator
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from lawref import labels
from lawref.errors import IndexDamaged, IndexUnavailable, UsageError
from lawref.folder import Generation
from lawref.folder import open_live as open_generation
from lawref.i18n import N_, tr
from lawref.model import Answer, Document, Hit, Linked, Node, Ref, References, Source, Target, TocEntry
from lawref.query import editions as q_editions
from lawref.query import find as q_find
from lawref.query import link as q_link
from lawref.query import pages as q_pages
from lawref.query import refs as q_refs
from lawref.query import source as q_source
from lawref.query import terms as q_terms
from lawref.query.views import ByCite, ById, ByLabel, Children, NodeStore, live_key, open_store
from lawref.resolver import Resolver

if TYPE_CHECKING:
    from lawref.index import Searcher
    from lawref.lang import glossary
    from lawref.lang.catalogue import Entry

#: Search answers a library keeps per generation (see :meth:`Library.answer`).
ANSWERS_KEPT = 1024


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
        self._current = _State(store, generation, live_key(self._index_dir), verified)
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
        key = live_key(self._index_dir)
        if key is None or key == state.key:
            return state
        with self._swap:
            if self._current is state:
                try:
                    gen = open_generation(self._index_dir)
                    self._current = _State(open_store(gen, True), gen, key, False)
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
    def by_id(self) -> ById:
        """Nodes by id (a mapping read from the store)."""
        return ById(self.store)

    @property
    def children(self) -> Children:
        """Children by parent id (``None``: the roots), in reading order."""
        return Children(self.store)

    @_answers
    def find(self, cite_or_id: str, doc: str | None = None, edition: str | None = None) -> list[Node]:
        """Nodes named by a cite (any spelling :func:`normalise_cite` takes) or an exact id (``laws/fragment@…``), laws
        documents first (:func:`lawref.query.find.find`)."""
        return q_find.find(self, cite_or_id, doc, edition)

    def subtree(self, node: Node) -> list[tuple[int, Node]]:
        """``node`` and its descendants in reading order, with their depth (:func:`lawref.query.find.subtree`)."""
        return q_find.subtree(self, node)

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
    def by_label(self) -> ByLabel:
        """Nodes without a cite by their label (as :meth:`label` prints it)."""
        return ByLabel(self.store)

    def _label(self, node: Node) -> str:
        """:func:`lawref.labels.label` of ``node`` in this corpus."""
        return labels.label(node, self._documents_by_id, self.store.node, self.law_before)

    @_cached
    def _documents_by_id(self) -> dict[str, Document]:
        """The documents by id, once per generation."""
        return {d.id: d for d in self.documents}

    @_cached
    def law_before(self) -> dict[str, str]:
        """:func:`lawref.labels.law_before` over the corpus."""
        return labels.law_before(self.nodes)

    def law_of(self, node: Node) -> Node | None:
        """The law node above ``node`` (itself if it is a law)."""
        return labels.law_of(node, self.store.node)

    def raw_source(self, node: Node | Source) -> list[tuple[int, str]]:
        """The raw lines ``node`` (or a :class:`Source` span) came from, ``[(line number, text)]``: its byte range in
        the raw file, decoded with the encoding the build used (:func:`lawref.query.source.raw_source`)."""
        return q_source.raw_source(self, node)

    def source_spans(self, node: Node) -> list[Source]:
        """Where ``node`` and everything under it came from: one span a raw file, from the first line to the last of
        its nodes there (the lines between included: the raw text as it stands), in reading order
        (:func:`lawref.query.source.source_spans`)."""
        return q_source.source_spans(self, node)

    @_cached
    def resolver(self) -> Resolver:
        """Citations → nodes of this generation (reads nodes by cite, on demand)."""
        store = self.store
        return Resolver(self.documents, by_cite=ByCite(store), children=Children(store), by_id=ById(store))

    def page_edges(self, node: Node) -> tuple[bool, bool]:
        """``(first, last)``: whether ``node`` opens or closes the text of a printed page of its file — the places
        where a scrape of every fourth page cuts sentences (:func:`lawref.query.pages.page_edges`)."""
        return q_pages.page_edges(self, node)

    def cut_edges(self, node: Node) -> tuple[bool, bool]:
        """``(starts_after_gap, cut_at_end)`` (:func:`lawref.query.pages.cut_edges`)."""
        return q_pages.cut_edges(self, node)

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
        """References made by a node and its descendants, or (``incoming``) made to them; for a law the corpus lacks
        and its edition has, ``incoming`` still lists the citations of it (``правило 59``)
        (:func:`lawref.query.refs.references`)."""
        return q_refs.references(self, cite_or_id, incoming=incoming, doc=doc)

    @_answers
    def absent(self, cite_or_id: str, edition: str | None = None) -> tuple[str, str, Entry]:
        """For a cite the corpus lacks (:func:`lawref.query.editions.absent`)."""
        return q_editions.absent(self, cite_or_id, edition)

    def edition_of(self, doc: str | None) -> str | None:
        """The edition document ``doc`` names (``None`` for no document or none named)
        (:func:`lawref.query.editions.edition_of`)."""
        return q_editions.edition_of(self, doc)

    @_answers
    def term_entries(self, word: str) -> list[tuple[glossary.Term, list[tuple[str, int]]]]:
        """Glossary entries for ``word`` (see :meth:`terms`) with the laws that use each most (see :meth:`term_laws`)
        (:func:`lawref.query.terms.term_entries`)."""
        return q_terms.term_entries(self, word)

    @_answers
    def citing(self, cite: str) -> list[tuple[Node, Ref]]:
        """Every citation of ``cite`` or of a part of it (``59`` → ``59``, ``59A`` …), whether or not the corpus holds
        its text — for a law that is ``absent`` there are no backlinks to follow (:func:`lawref.query.refs.citing`)."""
        return q_refs.citing(self, cite)

    def outgoing(self, node: Node) -> list[tuple[Node, Ref]]:
        """References made by ``node`` and its descendants, in reading order (:func:`lawref.query.refs.outgoing`)."""
        return q_refs.outgoing(self, node)

    @_answers
    def on_page(self, page: int, doc: str | None = None) -> list[Node]:
        """The nodes printed on page ``page`` (of document ``doc``) whose parent is not on it too — each with its
        subtree, what ``show --page`` prints — in reading order; ``[]`` for a page the scrape lost
        (:func:`lawref.query.pages.on_page`)."""
        return q_pages.on_page(self, page, doc)

    def pages_kept(self, doc: str | None = None) -> str:
        """The printed pages the corpus holds (of ``doc``), as ``47, 51, 55 … 97``
        (:func:`lawref.query.pages.pages_kept`)."""
        return q_pages.pages_kept(self, doc)

    def neighbours(self, node: Node) -> tuple[Node | None, Node | None]:
        """The nodes printed right before and right after ``node`` and its subtree in its document (footnotes and
        ``node``'s own descendants skipped): where a fragment stands (:func:`lawref.query.pages.neighbours`)."""
        return q_pages.neighbours(self, node)

    @_answers
    def contents(self, doc: str | None = None, law: str | None = None) -> list[TocEntry]:
        """The table of contents (:func:`lawref.contents.contents`): a row
        for each chapter, law, section, commentary paragraph and fragment,
        and for each law of the edition the corpus lacks."""
        from lawref.contents import contents

        return contents(self, doc, law)

    def incoming_to(self, node: Node) -> list[tuple[Node, Ref]]:
        """References to ``node`` itself (not its descendants), in reading order of the citing nodes
        (:func:`lawref.query.refs.incoming_to`)."""
        return q_refs.incoming_to(self, node)

    def laws_around(self, node: Node) -> tuple[str | None, str | None]:
        """``(after, before)``: the cites of the laws printed right before and right after ``node`` in its document's
        reading order (``None`` at an end) (:func:`lawref.query.pages.laws_around`)."""
        return q_pages.laws_around(self, node)

    def incoming(self, node: Node) -> list[tuple[Node, Ref]]:
        """References to ``node`` or any of its descendants (the backlinks stored at build time), in reading order of
        the citing nodes (:func:`lawref.query.refs.incoming`)."""
        return q_refs.incoming(self, node)

    def selection(self, doc: str | None = None, law: str | None = None, edition: str | None = None
                  ) -> tuple[tuple[Document, ...], list[Node]]:
        """``(documents, nodes)`` an export holds, nodes in reading order: every document, or document ``doc``, or the
        documents of ``edition``; with ``law`` (any cite :meth:`find` takes), the subtree of the node it names (in a
        laws document first) and its document — and, for a law and no ``doc``, the commentary on it
        (:meth:`_commentary_on`) (:func:`lawref.query.editions.selection`)."""
        return q_editions.selection(self, doc, law, edition)


    @_answers
    def dangling(self) -> dict[str, list[tuple[Node, Ref]]]:
        """Every citation of the corpus that is not ``exact``, by status (:func:`lawref.query.refs.dangling`)."""
        return q_refs.dangling(self)

    @_answers
    def link(self, text: str, edition: str | None = None) -> list[Linked]:
        """Citations in free ``text`` (any language of the grammar), resolved against this corpus within one edition
        (``edition``, else :meth:`default_edition`; documents in the citation's language first), each target naming
        it (:func:`lawref.query.link.link`)."""
        return q_link.link(self, text, edition)


    def link_stream(self, read: Callable[[int], str], *, block: int = 1 << 16, edition: str | None = None
                    ) -> Iterator[tuple[int, str, list[Linked]]]:
        """Citations in a text read piece by piece with ``read(n)`` (a text stream's ``read``), resolved: yields
        ``(offset, piece, linked)`` in order, where ``piece`` is the next stretch of the input, ``offset`` its code-
        point offset in the whole input and ``linked`` its citations with offsets into the whole input
        (:func:`lawref.query.link.link_stream`)."""
        return q_link.link_stream(self, read, block=block, edition=edition)


    @_answers
    def resolve(self, text: str, edition: str | None = None) -> Node | None:
        """The node a citation or cite names when it resolves ``exact`` (``"правило 62B"``, ``"Law 62B"``, ``"62В"``,
        ``"п. 45.5"``) in ``edition`` (default: :meth:`default_edition`), else None
        (:func:`lawref.query.link.resolve`)."""
        return q_link.resolve(self, text, edition)

    @_answers
    def resolve_target(self, text: str, edition: str | None = None) -> Target | None:
        """The first of :meth:`resolve_targets` (``None``: no citation) (:func:`lawref.query.link.resolve_target`)."""
        return q_link.resolve_target(self, text, edition)

    @_answers
    def resolve_targets(self, text: str, edition: str | None = None) -> list[Target]:
        """The targets of a cite, or of every cite of the first citation in ``text`` (``правила 70 или 71`` → 70 and
        71; ``62A–C`` → three), resolved within ``edition`` (default: :meth:`default_edition`; documents in the
        language the citation is written in first); ``[]`` when ``text`` holds no citation
        (:func:`lawref.query.link.resolve_targets`)."""
        return q_link.resolve_targets(self, text, edition)

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
        """``(cite, English title)`` when ``query`` is only a law's cite (``59``, ``правило 59``) that the edition has
        and the corpus lacks — what ``search`` says beside the hits that cite it — else ``None``
        (:func:`lawref.query.editions.absent_law`)."""
        return q_editions.absent_law(self, query)

    @_answers
    def holders(self, cite: str) -> list[Node]:
        """Nodes that may hold the text of ``cite``, which the corpus lacks: the fragments no law holds between the
        laws around it (:meth:`fragments_for`), or, when its law is here, that law's fragments (``43B2(b)`` → the
        fragments of law 43), in reading order (:func:`lawref.query.editions.holders`)."""
        return q_editions.holders(self, cite)

    def document(self, doc_id: str) -> Document | None:
        """The document ``doc_id`` (``None`` if there is none) (:func:`lawref.query.editions.document`)."""
        return q_editions.document(self, doc_id)

    def edition(self) -> str:
        """The edition whose catalogue names what the corpus lacks: the default edition, else the catalogue's default
        (1997) (:func:`lawref.query.editions.edition`)."""
        return q_editions.edition(self)

    def editions(self) -> list[str]:
        """The editions the documents name, oldest first (by year) (:func:`lawref.query.editions.editions`)."""
        return q_editions.editions(self)


    def default_edition(self) -> str | None:
        """The edition answers come from when none is asked for: the manifest's ``default_edition`` when a document has
        it, else the only edition, else the newest; ``None`` when no document names one
        (:func:`lawref.query.editions.default_edition`)."""
        return q_editions.default_edition(self)

    def pick_edition(self, edition: str | None) -> str | None:
        """``edition`` when a document has it (``None``: the default one):
        :func:`lawref.query.editions.pick_edition`."""
        return q_editions.pick_edition(self, edition)

    def catalogue_entry(self, cite: str, edition: str | None = None) -> tuple[str, Entry | None]:
        """``(edition, entry)`` for the law or section a canonical ``cite`` names in the catalogue of ``edition``
        (default: :meth:`edition`; the law's entry when the section has none); ``entry`` is ``None`` when the
        edition has no such law (:func:`lawref.query.editions.catalogue_entry`)."""
        return q_editions.catalogue_entry(self, cite, edition)

    def variants(self, node: Node) -> list[Node]:
        """``node`` and the other texts of it kept beside it (``62A``, ``62A~2``: two files of a document held
        different texts), in order (:func:`lawref.query.editions.variants`)."""
        return q_editions.variants(self, node)

    def lost_sections(self, law: Node) -> tuple[list[str], list[str]]:
        """``(before, after)``: the sections of ``law`` the edition has and the corpus lacks because its text starts
        after, or ends at, a page the scrape lost (``62`` ends with 62B at the end of page 89 → after ``["62C",
        "62D"]``; 68 starts mid-law on page 93 → before ``["68A"]``) (:func:`lawref.query.pages.lost_sections`)."""
        return q_pages.lost_sections(self, law)

    def fragments_for(self, cite: str) -> tuple[list[Node], dict[str, Any]]:
        """Fragments that may hold the text of ``cite``, which the corpus lacks, and why: for a law, the fragments no
        law holds that stand between the laws before and after it (003 page 59, between laws 26 and 35, for law 30);
        for a commentary paragraph ``45.3``, the fragments of the commentary on law 45 right before ``45.4``
        (:func:`lawref.query.editions.fragments_for`)."""
        return q_editions.fragments_for(self, cite)


    def english_of(self, nodes: list[Node]) -> list[Node]:
        """The English texts among ``nodes`` and their counterparts (what ``show --lang en`` can print beyond a
        catalogue title) (:func:`lawref.query.editions.english_of`)."""
        return q_editions.english_of(self, nodes)

    def counterpart(self, node: Node) -> Node | None:
        """The node with the same cite in a document of the other language and the same kind (Russian ↔ English), of
        the same edition when the corpus has one, else of another edition; ``None`` if there is none
        (:func:`lawref.query.editions.counterpart`)."""
        return q_editions.counterpart(self, node)

    def terms(self, word: str) -> list[glossary.Term]:
        """Glossary entries for ``word``: a Russian word in any form (its lemma, by pymorphy3) or an English term;
        ``[]`` when none (:func:`lawref.query.terms.terms`)."""
        return q_terms.terms(self, word)

    def term_laws(self, term: glossary.Term) -> list[tuple[str, int]]:
        """``[(law cite, number of its nodes that use the term)]``, most first:
        :func:`lawref.query.terms.term_laws`."""
        return q_terms.term_laws(self, term)

    def title_en(self, node: Node) -> str | None:
        """English title of the law ``node`` belongs to (catalogue), for display
        (:func:`lawref.query.editions.title_en`)."""
        return q_editions.title_en(self, node)


__all__ = ["Library", "References"]


def __getattr__(name: str) -> Any:
    """``open_library``, ``default_corpus`` and ``default_index`` from
    :mod:`lawref.query.opening`, on first use (PEP 562): opening a library
    may rebuild, and that module holds the one arrow back up to the build."""
    if name in ("open_library", "default_corpus", "default_index"):
        from lawref.query import opening

        return getattr(opening, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
