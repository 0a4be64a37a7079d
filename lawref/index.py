"""index: the full-text index of law nodes (whoosh), written by a build and read by queries.

With :mod:`lawref.indexing` (which writes the files), the only module of the
project that imports whoosh. Whoosh reads the files; a query is scored by
:mod:`lawref.scoring` from the postings of its terms, read from whoosh's files
once per generation and kept (whoosh's own matchers rebuilt a tree for every
query and read every term anew: most of a search's time, issue 28).

Files of one generation of the index folder (layout: :mod:`lawref.folder`)::

    _MAIN_*.toc, MAIN_*.seg   whoosh's files
    nodes.sqlite              the node store, with the ``forms`` table (:mod:`lawref.nodestore`)

Morphology: titles and texts are indexed as lemmas (pymorphy3, via
:mod:`lawref.lang.morph`). Queries are *not* analysed with pymorphy3: each
query word is looked up in the node store's ``forms`` table (one indexed
lookup for a query's words, never the whole table unless a word is unknown
and typos or compounds are tried), which maps every form of every
lemma seen in the corpus to the lemma(s) it may stand for (the first one is
the lemma the indexer itself gives that form; other lemmas, from other
lexemes sharing the form, match with weight ×0.5). A word missing from the
table stays as its folded self. So opening an index and searching never loads the
morphological dictionaries.

Safety: every file is checked against the SHA-256 recorded when it was
written before whoosh opens it; the schema comes from this module, not from
the pickled copy in the index; whoosh's remaining pickles are read by a
restricted unpickler that builds whoosh's own classes only
(:mod:`lawref._safepickle`).

Query language (every string is valid, none raises, none matches
everything): words are ANDed, each word matches title or text in any form;
``"..."`` is a phrase (words adjacent, any forms); an upper-case ``OR``
gives alternatives, each with its own words and phrases; upper-case ``AND``
is ignored; common function words (``и``, ``в``, ``не`` ...) are dropped
unless nothing else is left; all other punctuation is ignored. A query
without words returns ``[]``. Which nodes a cite query puts first is the
search policy's to decide (:mod:`lawref.search`), not this module's.
"""

from __future__ import annotations

import bisect
import functools
import gc
import itertools
import warnings
from collections.abc import Callable, Collection, Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, NamedTuple, Protocol

# isort: off
import lawref._whoosh  # noqa: F401  first: it imports whoosh's modules lightly
# isort: on
from whoosh import index as whoosh_index  # noqa: E402
from whoosh import query as Q  # noqa: E402
from whoosh.analysis import Filter, RegexTokenizer  # noqa: E402
from whoosh.fields import ID, STORED, TEXT, Schema  # noqa: E402
from whoosh.searching import Searcher as _WhooshSearcher  # noqa: E402

from lawref import _safepickle, dense, folder, results, typos  # noqa: E402
from lawref import patterns as P  # noqa: E402
from lawref import scoring as S  # noqa: E402
from lawref.cite import fold_token  # noqa: E402
from lawref.errors import IndexDamaged  # noqa: E402
from lawref.folder import Generation  # noqa: E402
from lawref.i18n import N_  # noqa: E402
from lawref.lang import glossary, morph  # noqa: E402
from lawref.nodestore import NODES_FILE, SqliteStore  # noqa: E402
from lawref.results import Hit, PendingHit  # noqa: E402

#: What the search policy may give a query word instead of its own lemmas: ``(lemma, weight)``.
Expansions = dict[str, list[tuple[str, float]]]

TITLE_BOOST = 3.0
#: Weight of the words of a node's ancestors' titles (:mod:`lawref.context`) against its own text's.
CONTEXT_BOOST = 0.5
SECONDARY_BOOST = 0.5
#: Marks a forms-table lemma a query word searches for but a word of the text is not (a verb's action noun:
#: «исправить» asks for «исправление» too, :func:`lawref.forms.forms_table`): no snippet marks the verb for it.
ASKED_ONLY = "~"
#: Extra weight of a node where a query's words stand together and in order, or near each other.
PHRASE_BOOST = 2.0
NEAR_BOOST = 1.0
#: How far apart (in words) query words may stand and still be "near".
NEAR_SLOP = 5
#: Letters the other part of a compound holds (:meth:`Searcher.compounds`: ``фальш`` + ``ренонс``;
#: not ``снос`` + ``-ка``).
COMPOUND_REST = 3
#: Nodes whose words a generation's searchers keep read for snippets (:class:`lawref.results.Tokens`).
TOKENS_KEPT = 2048
_SEARCH_FIELDS = ("title", "text")  # phrases and nearness; a word also in its node's context
_WORD_FIELDS = (*_SEARCH_FIELDS, "context")
#: Distinct words (and phrases) a query keeps; the rest are ignored. Whoosh
#: nests its matchers, and a query of ~1,000 words overflows Python's stack.
MAX_QUERY_WORDS = 64

STOPWORDS = glossary.FUNCTION_WORDS  # dropped from queries when other words remain; kept in a "phrase"


# -- Analysis (shared by indexing and queries) ---------------------------------


@functools.lru_cache(maxsize=1 << 16)
def norm(word: str) -> str:
    """Folded ``word``; a cite-like word as :func:`lawref.cite.fold_token` keeps it; outline suit
    symbols as filled ones (``1♡`` → ``1♥``); stress marks dropped (``взя́тка`` → ``взятка``)."""
    return fold_token(morph.fold(word.translate(P.STRESS_FOLD))).translate(P.SUIT_FOLD)


def _stem_latin(normed: str) -> str | None:
    """:func:`lawref.lang.glossary.english_stem` of an all-Latin word (English editions), else ``None``."""
    return glossary.english_stem(normed) if P.LATIN_WORD.fullmatch(normed) else None


def index_terms(word: str) -> tuple[str, ...]:
    """The terms the indexer stores for ``word``, at one position: every lemma of its norm, the bridge reading first
    (:func:`lawref.lang.morph.lemmas`: ``черве`` → черва, червь), or its Porter stem for an all-Latin word."""
    normed = norm(word)
    stem = _stem_latin(normed)
    return (stem,) if stem else morph.lemmas(normed)


class LemmaFilter(Filter):
    """Whoosh filter replacing each token by its terms (:func:`index_terms`),
    all at the token's position.

    Used at index time only (it loads pymorphy3); it is pickled by reference
    into the index schema, so it must stay importable under this name.
    """

    def __call__(self, tokens: Iterator[Any]) -> Iterator[Any]:
        for token in tokens:
            for term in index_terms(token.text):
                token.text = term
                yield token


def _schema() -> Schema:
    """Index fields: ids/filters as ID, title/text as lemma TEXT."""
    analyzer = RegexTokenizer(P.INDEX_WORD.compiled()) | LemmaFilter()
    return Schema(id=ID(stored=True, unique=True), doc=ID(stored=True), kind=ID(stored=True), cite=ID(stored=True),
                  title=TEXT(analyzer=analyzer, stored=True, field_boost=TITLE_BOOST),
                  text=TEXT(analyzer=analyzer, stored=True),
                  context=TEXT(analyzer=analyzer, field_boost=CONTEXT_BOOST), page=STORED())


# -- Opening -------------------------------------------------------------------


def _open_whoosh(gen: Generation, verify: bool = True) -> _WhooshSearcher:
    """Whoosh's searcher over generation ``gen``: its files are checked against their checksums first (unless ``verify``
    is false: the caller has just proved them unchanged), the schema comes from this code (not from the pickled copy in
    the index) and whoosh's own pickles are read by a restricted unpickler (:mod:`lawref._safepickle`)."""
    if verify:
        gen.verify([name for name in gen.meta["files"] if name.endswith((".toc", ".seg"))])
    with warnings.catch_warnings():  # whoosh leaves a file open when reading it fails: closed here, quietly
        warnings.simplefilter("ignore", ResourceWarning)
        try:
            return whoosh_index.open_dir(str(gen.path), readonly=True, schema=_schema()).searcher()
        except Exception as exc:  # whoosh raises many kinds on a damaged file
            message = N_("the whoosh index cannot be read: {error}").format(error=f"{type(exc).__name__}: {exc}")
        gc.collect()  # outside the except block: the traceback that held the file is gone
    raise IndexDamaged(message)


# -- Queries -------------------------------------------------------------------


class _Parsed(NamedTuple):  # a named tuple: its class made in a tenth of a dataclass's time (a cold search)
    """A query split up: ``alternatives`` (OR of AND-groups of loose
    words) and ``phrases`` (the phrases of each group, each a list of
    words: ``"a b" c OR "d e"`` → groups ``[c]`` and ``[]``, phrases
    ``[[a, b]]`` and ``[[d, e]]``); words as written (loose ones normed)."""

    alternatives: list[list[str]]
    phrases: list[list[list[str]]]

    def phrase_words(self) -> list[str]:  # every word of every phrase, normed, in order
        return [norm(w) for group in self.phrases for p in group for w in p]


def _words(text: str) -> list[str]:
    """Word tokens of ``text`` as written (:data:`~lawref.patterns.INDEX_WORD`)."""
    return [m.group() for m in P.INDEX_WORD.finditer(text)]


def _or_parts(query: str) -> list[str]:
    """``query`` cut at each upper-case ``OR`` standing between words outside a phrase."""
    quoted = [m.span() for m in P.PHRASE.finditer(query)]
    cuts = [m.span() for m in P.QUERY_OR.finditer(query) if not any(s <= m.start() < e for s, e in quoted)]
    edges = [0] + [x for span in cuts for x in span] + [len(query)]
    return [query[a:b] for a, b in zip(edges[::2], edges[1::2], strict=True)]


@functools.lru_cache(maxsize=4096)
def _parse_query(query: str) -> _Parsed:
    """Split ``query`` into OR-alternatives, each of loose words and phrases (a policy asks
    for one query's parts several times: remembered)."""
    groups: list[list[str]] = []
    phrased: list[list[list[str]]] = []
    for part in _or_parts(query):
        phrases = [ws for ws in map(_words, P.PHRASE.findall(part)) if ws]
        loose = [w for w in _words(P.PHRASE.sub(" ", part)) if w not in ("AND", "OR")]
        loose += [ws[0] for ws in phrases if len(ws) == 1]
        groups.append(loose)
        phrased.append([p for p in phrases if len(p) > 1])
    keep_stop = not any(phrased) and all(norm(w) in STOPWORDS for g in groups for w in g)
    groups = [[w for w in g if keep_stop or norm(w) not in STOPWORDS] for g in groups]
    kept = [(g, p) for g, p in zip(groups, phrased, strict=True) if g or p]
    return _capped(_Parsed([g for g, _ in kept], [p for _, p in kept]))


def _capped(parsed: _Parsed) -> _Parsed:
    """At most :data:`MAX_QUERY_WORDS` distinct words over all groups and
    phrases, in query order (repeats of a word add nothing to an AND)."""
    budget = MAX_QUERY_WORDS
    groups, phrased = [], []
    for g, ps in zip(parsed.alternatives, parsed.phrases, strict=True):
        words = list(dict.fromkeys(norm(w) for w in g))[:budget]
        budget -= len(words)
        phrases = []
        for p in ps:
            if budget >= len(p):
                phrases.append(p)
                budget -= len(p)
        if words or phrases:
            groups.append(words)
            phrased.append(phrases)
    return _Parsed(groups, phrased)


class Forms(Protocol):
    """Where a searcher looks up the lemmas of query words (a node store, :mod:`lawref.nodestore`)."""

    def lemmas(self, forms: Iterable[str]) -> dict[str, tuple[str, ...]]: ...

    def all_forms(self) -> dict[str, tuple[str, ...]]: ...

    def seqs(self, ids: Iterable[str]) -> dict[str, int]: ...


#: Hits beyond ``limit`` fetched so that hits of equal score are cut in reading order.
TIE_MARGIN = 10
#: Whoosh's best hits a relaxed search (:meth:`Searcher.search_any`) ranks again.
CANDIDATES = 100
#: Entries whose stored fields and reading order a generation's searchers keep (past it they are read again).
ENTRIES_KEPT = 20_000


@dataclass
class Words:
    """What the searchers of one generation look up about words, shared: a word read once is read for every thread (dict
    and set operations are atomic, so a race repeats work, never spoils it)."""

    known: dict[str, tuple[str, ...] | None] = field(default_factory=dict)  # normed word → its forms-table row
    once: dict[str, Any] = field(default_factory=dict)  # the forms table, its lemma sizes, its haystack
    keys: dict[bool, typos.ByLength] = field(default_factory=dict)  # Cyrillic or not → forms by length
    vocab: dict[str, frozenset[str]] = field(default_factory=dict)  # field → its terms: :meth:`_vocabulary`
    memo: dict[tuple[str, str], Any] = field(default_factory=dict)  # (question, normed word) → typos, compounds
    readings: dict[str, frozenset[str]] = field(default_factory=dict)  # word as written → the lemmas it may be
    tokens: dict[str, results.Tokens] = field(default_factory=dict)  # node id → its words: :meth:`Searcher._tokens`
    postings: S.Postings = field(default_factory=S.Postings)  # the terms queries asked for, scored
    entries: dict[int, tuple[dict[str, Any], int]] = field(default_factory=dict)  # :meth:`Searcher._entries`
    first: S.FirstStage | None = None  # a large index's first stage in arrays: :mod:`lawref.dense`
    ran: int = 0  # searches run before it was made (:data:`lawref.dense.DENSE_AFTER`)


class Searcher:
    """An open index; use as a context manager or call :meth:`close`.

    ``Searcher(generation, forms=store)`` opens whoosh's files of a
    generation (checked against their checksums unless ``verify`` is
    false) and keeps them open — a later rebuild does not affect it; query
    words are looked up in ``forms`` (the generation's node store) as they
    come, and remembered. ``Searcher(index_dir)`` opens the folder's live
    generation and its node store itself. Raises :class:`~lawref.errors.IndexDamaged` when a
    file is damaged. Never loads pymorphy3. One searcher serves one thread
    at a time (:class:`~lawref.library.Library` lends them from a pool);
    the searchers of one generation share their word lookups (``words``,
    kept as :attr:`lookups`: :class:`Words`). ``stamp`` is the stamp of the build it opened.
    """

    def __init__(self, generation: Path | Generation, *, forms: Forms | None = None, verify: bool = True,
                 words: Words | None = None) -> None:
        generation = folder.open_live(generation)
        if forms is None:
            generation.verify([NODES_FILE])
            forms = SqliteStore(generation.path / NODES_FILE)
        _safepickle.install()
        self.generation, self.stamp = generation, generation.stamp
        self._table = forms
        self._searcher = _open_whoosh(generation, verify)
        self.lookups = words = words if words is not None else Words()
        self._known, self._once, self._keys, self._vocab = words.known, words.once, words.keys, words.vocab
        self._memo, self._readings, self._kept_tokens = words.memo, words.readings, words.tokens
        kept, self._kept_entries = words.postings, words.entries
        self._postings = S.Reader(kept, self._read_postings)  # its first stage: :meth:`_staged`

    def __enter__(self) -> Searcher:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    def close(self) -> None:
        """Release the index files."""
        self._searcher.close()

    def _look_up(self, normed: Iterable[str]) -> None:
        """Fetch the forms-table rows of the ``normed`` words not seen yet."""
        new = [w for w in normed if w not in self._known]
        if new:
            found = self._table.lemmas(new)
            if len(self._known) > 100_000:
                self._known.clear()
            self._known.update((w, found.get(w)) for w in new)

    def _row(self, normed: str) -> tuple[str, ...] | None:
        """The forms-table row of a normed word (``None``: not a corpus form)."""
        self._look_up([normed])
        if normed not in self._known:  # cleared by another thread meanwhile
            return self._table.lemmas([normed]).get(normed)
        return self._known.get(normed)

    def _reading(self, word: str) -> frozenset[str]:
        """The lemmas a word of a node's text may stand for (its forms-table row, else its norm; not a lemma it is read
        as only when asked, :data:`ASKED_ONLY`), remembered: a snippet asks about the same words query after query."""
        found = self._readings.get(word)
        if found is None:
            normed = norm(word)
            found = frozenset(lem for lem in self._row(normed) or [normed] if not lem.startswith(ASKED_ONLY))
            if len(self._readings) > 200_000:
                self._readings.clear()
            self._readings[word] = found
        return found

    def prepare(self) -> None:
        """Read now what searches read on first use, once per generation: the forms table (its forms by length in
        both scripts and the forms holding each letter, its lemma sizes, its haystack), each field's terms, a large
        index's first stage (:mod:`lawref.dense`) — as a server does before it answers
        (:func:`lawref.search.prepare`)."""
        self._lemma_sizes(), self._haystack(), self._form_keys(True).prepare(), self._form_keys(False).prepare()
        self._staged(now=True)
        for name in _WORD_FIELDS:
            self._vocabulary(name)

    def _forms(self) -> dict[str, tuple[str, ...]]:
        """The whole forms table (read once: typos and compounds need every form)."""
        if "forms" not in self._once:
            self._once["forms"] = self._table.all_forms()
        found: dict[str, tuple[str, ...]] = self._once["forms"]
        return found

    def _lemmas(self, word: str) -> list[str]:
        """Lemmas ``word`` may stand for, via the forms table (else its norm)."""
        normed = norm(word)
        if len(normed) == 1:  # ``ё`` is not «быть»: a lone letter stands for itself only
            return [normed]
        row = self._row(normed)
        return [lem.removeprefix(ASKED_ONLY) for lem in row] if row else [_stem_latin(normed) or normed]

    def _weighted(self, word: str, expand: Expansions) -> list[tuple[str, float]]:
        """``(lemma, weight)`` a query word searches for: an expansion given
        by the policy (a corrected typo, the compounds that hold it), else
        its lemmas (the first 1.0, other lexemes sharing the form
        :data:`SECONDARY_BOOST`)."""
        if expand:
            found = expand.get(norm(word))
            if found:
                return found
        weighted: list[tuple[str, float]] = self._remember("weighted", word, self._lemma_weights)
        return weighted

    def _lemma_weights(self, word: str) -> list[tuple[str, float]]:
        return [(lem, 1.0 if i == 0 else SECONDARY_BOOST) for i, lem in enumerate(self._lemmas(word))]

    def _vocabulary(self, field: str) -> frozenset[str]:
        """Every term of ``field`` in the index, read once: a term no node
        holds is never asked of whoosh (each costs a dictionary lookup)."""
        if field not in self._vocab:
            lexicon = self._searcher.reader().lexicon(field)
            self._vocab[field] = frozenset(t.decode() if isinstance(t, bytes) else t for t in lexicon)
        return self._vocab[field]

    def _word_query(self, word: str, expand: Expansions) -> S.AnyOf:
        """Any lemma of ``word`` in title, text or context (:meth:`_weighted`); once a generation if not expanded."""
        if expand and expand.get(norm(word)):
            return self._terms(word, _WORD_FIELDS, expand, True)
        return self._remember("word", word, lambda w: self._terms(w, _WORD_FIELDS, {}, True))

    def _in_field(self, word: str, field: str, expand: Expansions) -> S.AnyOf:
        """Any lemma of ``word`` in ``field`` (a part of a phrase or a nearness)."""
        if expand and expand.get(norm(word)):
            return self._terms(word, (field,), expand, False)
        return self._remember(field, word, lambda w: self._terms(w, (field,), {}, False))

    def _terms(self, word: str, fields: tuple[str, ...], expand: Expansions, weighted: bool) -> S.AnyOf:
        return S.AnyOf(tuple(S.Term(f, lem, w if weighted else 1.0) for lem, w in self._weighted(word, expand)
                             for f in fields if lem in self._vocabulary(f)))

    def _sequence(self, words: list[str], field: str, expand: Expansions, slop: int, boost: float) -> S.Near:
        return S.Near(tuple(self._in_field(w, field, expand) for w in words), slop, boost)

    def _phrase_query(self, words: list[str], expand: Expansions) -> S.Query:
        """``words`` adjacent (any forms) in title, or in text."""
        return S.AnyOf(tuple(self._sequence(words, f, expand, 1, 1.0) for f in _SEARCH_FIELDS))

    def _group_query(self, words: list[str], expand: Expansions) -> S.Query:
        """Every word of ``words``; a node where they stand together and in order (:data:`PHRASE_BOOST`), or near each
        other (:data:`NEAR_BOOST`, within :data:`NEAR_SLOP` words), ranks higher."""
        required = S.AllOf(tuple(self._word_query(w, expand) for w in words))
        if len(words) < 2:
            return required
        bonus = [self._sequence(words, f, expand, slop, boost) for f in _SEARCH_FIELDS
                 for slop, boost in ((1, PHRASE_BOOST), (NEAR_SLOP, NEAR_BOOST))]
        return S.Bonus(required, S.AnyOf(tuple(bonus)))

    def _query(self, parsed: _Parsed, expand: Expansions) -> S.Query | None:
        """The query tree for ``parsed`` (``None`` when it has no word)."""
        built: list[S.Query] = []
        for g, ps in zip(parsed.alternatives, parsed.phrases, strict=True):
            parts = ([self._group_query(g, expand)] if g else []) + [self._phrase_query(p, expand) for p in ps]
            if parts:
                built.append(parts[0] if len(parts) == 1 else S.AllOf(tuple(parts)))
        return (built[0] if len(built) == 1 else S.AnyOf(tuple(built))) if built else None

    def _read_postings(self, field: str, lemma: str) -> S.Scored:
        """``lemma``'s postings in ``field``, each scored as whoosh's BM25F
        scores it (:mod:`lawref.scoring`), with its positions (decoded when
        first asked) for the fields phrases read; deleted entries left out,
        as whoosh leaves them."""
        searcher = self._searcher
        idf = S.idf(searcher.doc_count_all(), searcher.doc_frequency(field, lemma))
        average = searcher.avg_field_length(field) or 1
        found: dict[int, float] = {}
        raw: dict[int, bytes] = {}
        keep = field in _SEARCH_FIELDS
        term = (field, lemma.encode("utf-8"))
        for leaf, offset in searcher.leaf_searchers():
            reader = leaf.reader()
            if term not in reader:
                continue
            lengths = self._lengths(offset, field)
            for local, weight, value in lawref._whoosh.postings(reader.postings(*term), keep):
                length = lengths.get(local)
                if length is None:
                    length = lengths[local] = reader.doc_field_length(local, field, 1)
                doc = offset + local
                found[doc] = S.bm25(idf, weight, length, average)
                if keep:
                    raw[doc] = value
        return found, S.Positions(raw, searcher.schema[field].format.decode_positions)

    def _lengths(self, offset: int, field: str) -> dict[int, int]:
        """The lengths of ``field`` read so far in the segment at ``offset`` (as whoosh stores them,
        in a byte: BM25's field length), by entry number in the segment: each read once per generation
        (by whichever searcher asks first: none keeps another's reader)."""
        key = f"lengths {offset} {field}"
        if key not in self._once:
            self._once[key] = {}
        found: dict[int, int] = self._once[key]
        return found

    def _doc_numbers(self, doc: str | None) -> set[int] | None:
        """The entries of document ``doc`` (``None``: every document)."""
        if doc is None:
            return None
        key = f"doc numbers {doc}"
        if key not in self._once:
            self._once[key] = set(self._searcher.docs_for_query(Q.Term("doc", doc)))
        found: set[int] = self._once[key]
        return found

    def words(self, query: str) -> list[str]:
        """The loose words of ``query`` as searched (normed, stopwords out, at
        most :data:`MAX_QUERY_WORDS`), in order; phrases aside."""
        return list(dict.fromkeys(w for g in _parse_query(query).alternatives for w in g))

    def all_words(self, query: str) -> list[str]:
        """:meth:`words`, then the words of ``query``'s phrases not among
        them (normed, in order): what a relaxed search weighs."""
        parsed = _parse_query(query)
        return list(dict.fromkeys([w for g in parsed.alternatives for w in g] + parsed.phrase_words()))

    def word_groups(self, query: str) -> list[list[str]]:
        """The words of each of ``query``'s OR alternatives (a synonym's copy, a translation's
        alternative), loose then its phrases', normed, in order."""
        parsed = _parse_query(query)
        return [list(dict.fromkeys(g + [norm(w) for p in ph for w in p]))
                for g, ph in zip(parsed.alternatives, parsed.phrases, strict=True)]

    def lemmas_of(self, form: str) -> list[str]:
        """The lemmas a corpus form stands for (:meth:`suggest`'s answer)."""
        return self._lemmas(form)

    def frequency(self, word: str, expand: Expansions | None = None) -> int:
        """How many nodes hold ``word`` (any lemma it searches for, in title
        text or context, each field counted): its document frequency, by which a
        relaxed search weighs it (:meth:`size` nodes in all)."""
        if expand and expand.get(norm(word)):  # a corrected word's or a compound's: asked of this query alone
            return self._frequency(word, expand)
        found: int = self._remember("frequency", word, self._frequency)  # a word's, once per generation
        return found

    def _frequency(self, word: str, expand: Expansions | None = None) -> int:
        reader = self._searcher.reader()
        weighted = self._weighted(word, expand or {})
        return sum(reader.doc_frequency(f, lem) for lem, _ in weighted for f in _WORD_FIELDS)

    def size(self) -> int:
        return int(self._searcher.reader().doc_count())

    def knows(self, word: str) -> bool:
        """True when ``word`` (normed) is a form of a word of the corpus."""
        return self._row(norm(word)) is not None

    def _remember(self, question: str, word: str, work: Callable[[str], Any]) -> Any:
        """``work(word)``, answered once per generation for each word (the
        corpus behind a searcher never changes)."""
        key = (question, word)
        try:
            return self._memo[key]
        except KeyError:  # not asked yet (or forgotten by another thread meanwhile)
            if len(self._memo) > 100_000:
                self._memo.clear()
            found = self._memo[key] = work(word)
            return found

    def suggest(self, word: str, *, short: bool = False) -> str | None:
        """The corpus form nearest to ``word``, a typo (``фальшренос`` → ``фальшренонс``), or ``None``:
        :func:`lawref.typos.nearest` over the corpus forms in its script (``short``: a Cyrillic word of 4–5
        letters too, as :data:`lawref.typos.MIN_TYPO_LENGTH` says). The caller keeps a real Russian word:
        ``вывод`` is not ``выгод``."""
        normed = norm(word)
        if short and len(normed) < typos.MIN_TYPO_LENGTH:  # a longer word's answer is the same: asked once
            return self._remember("suggest_short", normed, self._suggest_short)
        return self._remember("suggest", normed, self._suggest)

    def _suggest_short(self, normed: str) -> str | None:
        return self._suggest(normed, short=True)

    def _suggest(self, normed: str, *, short: bool = False) -> str | None:
        if not normed.isalpha() or len(normed) < typos.shortest(normed, short=short) or self._row(normed) is not None:
            return None
        return typos.nearest(normed, self._form_keys(morph.has_cyrillic(normed)), self._forms(), self._lemma_sizes())

    def compounds(self, word: str) -> list[str]:
        """Lemmas of the corpus forms that hold ``word`` inside a longer word (``ренонс`` → ``фальшренонс``; ``ренонса``
        is inside ``фальшренонса``, so it finds the lemma too), for a word of 4+ letters no corpus form is; at most 10,
        shortest first. The other part holds 3+ letters: before the word (``фальш`` + ``ренонс``), or after it in the
        lemma (``фальш`` + ``ренонс``) — ``снос`` is no part of ``сноска``, whose ``-ка`` is a suffix."""
        return self._remember("compounds", norm(word), self._compounds)

    def _compounds(self, normed: str) -> list[str]:
        if len(normed) < 4 or self._row(normed) is not None:
            return []
        text, starts, keys = self._haystack()
        forms, found, at = self._forms(), set(), text.find(normed)
        while at >= 0:  # each form holding it, found by C's substring search over all forms joined
            k = bisect.bisect_right(starts, at) - 1
            lemma, before = forms[keys[k]][0], at - starts[k]
            if before >= COMPOUND_REST or (before == 0 and len(lemma) - len(normed) >= COMPOUND_REST):
                found.add(lemma)
            at = text.find(normed, at + 1)
        return sorted(found, key=lambda lem: (len(lem), lem))[:10]

    def _haystack(self) -> tuple[str, list[int], list[str]]:
        """Every corpus form joined by newlines, where each starts, and the forms in that order."""
        if "joined" not in self._once:
            keys = list(self._forms())
            starts = list(itertools.accumulate((len(k) + 1 for k in keys[:-1]), initial=0))
            self._once["joined"] = ("\n".join(keys), starts, keys)
        joined: tuple[str, list[int], list[str]] = self._once["joined"]
        return joined

    def _form_keys(self, cyrillic: bool) -> typos.ByLength:
        """The corpus forms in one script (Cyrillic or not), all letters, by length."""
        if cyrillic not in self._keys:
            self._keys[cyrillic] = typos.ByLength(
                f for f in self._forms() if f.isalpha() and morph.has_cyrillic(f) == cyrillic)
        return self._keys[cyrillic]

    def _lemma_sizes(self) -> dict[str, int]:
        """How many corpus forms map first to each lemma (a lemma's weight among typo candidates)."""
        if "sizes" not in self._once:
            sizes: dict[str, int] = {}
            for lems in self._forms().values():
                sizes[lems[0]] = sizes.get(lems[0], 0) + 1
            self._once["sizes"] = sizes
        found: dict[str, int] = self._once["sizes"]
        return found

    def search(self, query: str, *, limit: int = 10, doc: str | None = None,
               expand: Expansions | None = None, snippets: int | None = None) -> list[Hit]:
        """Up to ``limit`` (≥ 1, else ``ValueError``) hits for ``query``, best
        first; only nodes of document ``doc`` when given. Any string is a
        valid query (see the module docstring); no words → ``[]``. The
        policy may give ``expand`` (a normed word → ``(lemma, weight)`` to
        search instead: a corrected typo, compounds). Hits after the first
        ``snippets`` (all when ``None``) are pending: cut when shown (:meth:`cut`)."""
        if limit < 1:
            raise ValueError("limit must be >= 1")
        expand = expand or {}
        parsed = _parse_query(query)
        if not self._may_match(parsed, expand):
            return []
        wq = self._query(parsed, expand)
        if wq is None:
            return []
        searched = [w for g in parsed.alternatives for w in g] + parsed.phrase_words()
        lemmas = {lem for w in searched for lem, _ in self._weighted(w, expand)}
        found = S.top(wq, self._staged(), limit + TIE_MARGIN, self._doc_numbers(doc))
        best = self._ranked(found, limit)
        cut = len(best) if snippets is None else snippets
        return [self._hit(fields, score, lemmas, k < cut) for k, (fields, score) in enumerate(best)]

    def _may_match(self, parsed: _Parsed, expand: Expansions) -> bool:
        """Whether some node holds every word of one of ``parsed``'s alternatives (a phrase's words
        loose, in any field): a query no node can match builds no tree of bonuses (issue 28: most
        whole-query searches of a question find nothing before a relaxed one)."""
        return any(S.held_together([self._word_query(w, expand) for w in (*group, *(w for p in phrases for w in p))],
                                   self._postings)
                   for group, phrases in zip(parsed.alternatives, parsed.phrases, strict=True))

    def search_any(self, query: str, *, limit: int, rank: Callable[[float, frozenset[str]], float],
                   doc: str | None = None, expand: Expansions | None = None,
                   only: Collection[str] | None = None, snippets: int | None = None
                   ) -> list[tuple[Hit, frozenset[str]]]:
        """The best ``limit`` of whoosh's :data:`CANDIDATES` nodes holding any of ``query``'s words (a
        phrase's as loose ones; those in ``only`` when given), with the normed words each holds,
        ``[(hit, words)]``, by ``rank(score, words)`` (the policy's: :func:`lawref.search._relaxed`;
        ties in reading order) as the hit's score; neighbours near each other score more, and a node
        holding one of ``query``'s "phrases" whole (a synonym's: «без масти» → "не обозначает масть")
        scores :data:`PHRASE_BOOST` times its words more; ``snippets`` as :meth:`search`'s."""
        expand = expand or {}
        words = [w for w in self.all_words(query) if only is None or w in only]
        if not words:
            return []
        asked = {w: self._word_query(w, expand) for w in words}
        near = [self._sequence(list(pair), f, expand, NEAR_SLOP, NEAR_BOOST) for pair in itertools.pairwise(words)
                for f in _SEARCH_FIELDS]
        phrases = [self._sequence(p, f, expand, 1, PHRASE_BOOST) for group in _parse_query(query).phrases
                   for p in group for f in _SEARCH_FIELDS]  # a synonym's "phrase" counts whole, not only its words
        found = S.top(S.AnyOf((*asked.values(), *near, *phrases)), self._staged(), max(CANDIDATES, limit),
                      self._doc_numbers(doc))
        lemmas = {w: {lem for lem, _ in self._weighted(w, expand)} for w in words}
        candidates = {d for d, _ in found}
        held_by = {w: S.holding(q, self._postings, candidates) for w, q in asked.items()}
        entries = self._entries(candidates)
        ranked = []
        for d, score in found:
            held = frozenset(w for w in words if d in held_by[w])
            ranked.append((entries[d], rank(score, held), held))
        ranked.sort(key=lambda t: (-round(t[1], 9), t[0][1]))
        cut = limit if snippets is None else snippets
        shown = ranked[:limit]
        marked = {held: {lem for w in held for lem in lemmas[w]} for held in {h for _, _, h in shown}}  # once a set
        return [(self._hit(fields, score, marked[held], k < cut), held)
                for k, ((fields, _), score, held) in enumerate(shown)]

    def _staged(self, now: bool = False) -> S.Reader:
        """The postings, with a large index's first stage in arrays (:data:`lawref.dense.DENSE_MIN` entries or more)
        once its generation has run :data:`lawref.dense.DENSE_AFTER` searches (or ``now``): a one-off search never loads
        numpy."""
        words = self.lookups
        if words.first is None:
            words.ran += 1
            if (now or words.ran > dense.DENSE_AFTER) and (n := self._searcher.doc_count_all()) >= dense.DENSE_MIN:
                words.first = dense.Dense(n)
        self._postings.first = words.first
        return self._postings

    def _entries(self, docs: Iterable[int]) -> dict[int, tuple[dict[str, Any], int]]:
        """``{entry number: (its stored fields, its node's place in reading order)}``, each read once
        per generation (at most :data:`ENTRIES_KEPT` kept)."""
        kept, docs = self._kept_entries, list(docs)
        out = {d: found for d in docs if (found := kept.get(d)) is not None}
        new = [d for d in docs if d not in out]
        if new:
            fields = {d: self._searcher.stored_fields(d) for d in new}
            seq = self._table.seqs(f["id"] for f in fields.values())
            if len(kept) > ENTRIES_KEPT:
                kept.clear()
            for d, f in fields.items():
                out[d] = kept[d] = (f, seq.get(f["id"], 1 << 62))
        return out

    def _tokens(self, fields: dict[str, Any]) -> results.Tokens:
        """The words of a node's text as its snippets read them (:class:`lawref.results.Tokens`), read once per
        generation: one forms-table lookup for all its words, then each word's lemmas."""
        kept = self._kept_tokens
        found = kept.get(fields["id"])
        if found is None:
            flat = " ".join(fields.get("text", "").split())
            words = [(m.group(), m.start(), m.end()) for m in P.INDEX_WORD.finditer(flat)]
            self._look_up(norm(w) for w, _, _ in words)
            found = results.Tokens.read(flat, words, self._reading)
            if len(kept) > TOKENS_KEPT:
                kept.clear()
            kept[fields["id"]] = found
        return found

    def query_lemmas(self, queries: Iterable[str]) -> set[str]:
        """The lemmas the words of ``queries`` search for (loose words and phrases': what a hit marks)."""
        return {lem for q in queries for w in self.all_words(q) for lem, _ in self._weighted(w, {})}

    def excerpt(self, node_id: str, text: str, lemmas: set[str]) -> tuple[str, tuple[tuple[int, int], ...]]:
        """``text`` (node ``node_id``'s) cut and marked for ``lemmas`` as a hit's snippet is
        (code-point offsets into the snippet, end-exclusive)."""
        return results.snippet(self._tokens({"id": node_id, "text": text}), lemmas)

    def _ranked(self, found: list[tuple[int, float]], limit: int) -> list[tuple[dict[str, Any], float]]:
        """The best ``limit`` of ``found`` (entry number, score) as (stored fields, score), equal scores
        in reading order (entry numbers, which break ties first, an incremental build reorders)."""
        entries = self._entries(d for d, _ in found)
        ranked = sorted(found, key=lambda pair: (-round(pair[1], 9), entries[pair[0]][1]))
        return [(entries[d][0], score) for d, score in ranked[:limit]]

    def cut(self, hit: Hit) -> Hit:
        """``hit`` with its snippet cut when it is a :class:`PendingHit` (a plain :class:`Hit` then), else itself."""
        if not isinstance(hit, PendingHit):
            return hit
        snippet, marks = results.snippet(self._tokens({"id": hit.id, "text": hit.text}), set(hit.lemmas))
        return Hit(hit.id, hit.cite, hit.doc, hit.kind, hit.title, hit.page, hit.score, snippet, marks)

    def _hit(self, fields: dict[str, Any], score: float | None, lemmas: set[str], cut: bool = True) -> Hit:
        """A :class:`Hit` from stored ``fields``, its snippet cut for ``lemmas`` (pending unless ``cut``)."""
        if not cut:
            return PendingHit.of(fields["id"], fields.get("cite"), fields["doc"], fields["kind"], fields.get("title"),
                                 fields.get("page"), float(score or 0.0), fields.get("text", ""), frozenset(lemmas))
        snippet, marks = results.snippet(self._tokens(fields), lemmas)
        return Hit(fields["id"], fields.get("cite"), fields["doc"], fields["kind"], fields.get("title"),
                   fields.get("page"), float(score or 0.0), snippet, marks)


def search(index: Path | Generation, query: str, *, limit: int = 10, doc: str | None = None) -> list[Hit]:
    """Open ``index`` (a folder or a generation), run :meth:`Searcher.search`, close; raises
    :class:`~lawref.errors.IndexUnavailable` when there is no usable index."""
    with Searcher(index) as searcher:
        return searcher.search(query, limit=limit, doc=doc)
