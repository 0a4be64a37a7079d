"""Full-text index of law nodes: build, swap in atomically, search.

This is the only module of the project that imports whoosh.

On-disk layout of ``index_dir`` (built whole in a sibling directory, then
swapped in by renames under a lock)::

    index_dir/
        _MAIN_*.toc, *.seg ...   whoosh files (one segment)
        forms.json               {"format": 1, "forms": {form: [lemma, ...]}}
        STAMP                    the caller's opaque stamp, written last
    index_dir.parent/<index_dir.name>.lock     flock'ed by builders

Morphology: titles and texts are indexed as lemmas (pymorphy3, via
:mod:`lawref.lang.morph`). Queries are *not* analysed with pymorphy3: each
query word is looked up in ``forms.json``, which maps every form of every
lemma seen in the corpus to the lemma(s) it may stand for (the first one is
the lemma the indexer itself gives that form; other lemmas, from other
lexemes sharing the form, match with weight ×0.5). A word missing from the
table stays as its folded self. So opening an index and searching never loads the
morphological dictionaries.

Query language (every string is valid, none raises, none matches
everything): words are ANDed, each word matches title or text in any form;
``"..."`` is a phrase (words adjacent, any forms); an upper-case ``OR``
between words gives alternatives (phrases stay required); upper-case ``AND``
is ignored; common function words (``и``, ``в``, ``не`` ...) are dropped
unless nothing else is left; all other punctuation is ignored. A query
without words returns ``[]``. A query that is a cite (``62B``, ``45.5``,
``43B2(a)``) also matches the node with that cite, boosted ×10.
"""

from __future__ import annotations

import contextlib
import fcntl
import json
import os
import re
import shutil
import time
import uuid
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from whoosh import index as whoosh_index
from whoosh import query as Q
from whoosh.analysis import Filter, RegexTokenizer
from whoosh.fields import ID, STORED, TEXT, Schema
from whoosh.lang.porter import stem as porter_stem
from whoosh.searching import Searcher as _WhooshSearcher

from lawref.lang import morph
from lawref.model import Node

STAMP_FILE = "STAMP"
FORMS_FILE = "forms.json"
FORMS_FORMAT = 1
TITLE_BOOST = 3.0
CITE_BOOST = 10.0
SECONDARY_BOOST = 0.5
SNIPPET_CHARS = 200
_SNIPPET_LEAD = 60
_OPEN_TRIES = 25
_OPEN_PAUSE = 0.02  # seconds between open attempts while a swap is in progress
_SEARCH_FIELDS = ("title", "text")
#: Distinct words (and phrases) a query keeps; the rest are ignored. Whoosh
#: nests its matchers, and a query of ~1,000 words overflows Python's stack.
MAX_QUERY_WORDS = 64

#: Folded function words dropped from queries when other words remain.
STOPWORDS = frozenset(
    "а без бы в во же для до за и из или к ко ли либо на над не ни но о об обо "
    "от по под при с со то у что как это".split()
)

# Cyrillic letters that look like Latin ones; folded inside tokens with digits
# so that "62В" (Cyrillic В, common in scraped text) equals "62B".
_LOOKALIKES = str.maketrans("авсекмнортху", "abcekmhoptxy")
_DIGIT_RE = re.compile(r"\d")
_CITE_QUERY_RE = re.compile(r"\d{1,3}(?:\.\d+)?[0-9A-Za-zА-Яа-яЁё()]*")
_PHRASE_RE = re.compile(r'"([^"]*)"')


class IndexUnavailable(Exception):
    """The index directory is missing, incomplete or unreadable."""


@dataclass(frozen=True)
class Hit:
    """One search result.

    ``id``, ``cite``, ``doc``, ``kind``, ``title``, ``page`` are the node's
    (see :class:`lawref.model.Node`); ``score`` the whoosh BM25F score
    (higher is better, only comparable within one result list); ``snippet``
    up to ~200 characters of the node's text (whitespace collapsed, ``…`` at
    cut ends) with every word matching a query word wrapped as ``[слово]``.
    """

    id: str
    cite: str | None
    doc: str
    kind: str
    title: str | None
    page: int | None
    score: float
    snippet: str


# --------------------------------------------------------------------------
# Analysis (shared by indexing and queries)


def _norm(word: str) -> str:
    """Folded ``word``; in tokens with digits, Cyrillic look-alikes → Latin."""
    folded = morph.fold(word)
    return folded.translate(_LOOKALIKES) if _DIGIT_RE.search(folded) else folded


_LATIN_WORD_RE = re.compile(r"[a-z]+(?:-[a-z]+)*")


def _stem_latin(normed: str) -> str | None:
    """Porter stem of an all-Latin word (English editions), else ``None``."""
    return porter_stem(normed) if _LATIN_WORD_RE.fullmatch(normed) else None


def _index_term(word: str) -> str:
    """The term the indexer stores for ``word``: the lemma of its norm
    (Russian, pymorphy3), or its Porter stem for an all-Latin word."""
    normed = _norm(word)
    return _stem_latin(normed) or morph.lemma(normed)


class LemmaFilter(Filter):
    """Whoosh filter replacing each token's text by :func:`_index_term`.

    Used at index time only (it loads pymorphy3); it is pickled by reference
    into the index schema, so it must stay importable under this name.
    """

    def __call__(self, tokens: Iterator[Any]) -> Iterator[Any]:
        for token in tokens:
            token.text = _index_term(token.text)
            yield token


def _schema() -> Schema:
    """Index fields: ids/filters as ID, title/text as lemma TEXT."""
    analyzer = RegexTokenizer(morph.WORD_RE) | LemmaFilter()
    return Schema(
        id=ID(stored=True, unique=True),
        doc=ID(stored=True),
        kind=ID(stored=True),
        cite=ID(stored=True),
        citekey=ID(),
        title=TEXT(analyzer=analyzer, stored=True, field_boost=TITLE_BOOST),
        text=TEXT(analyzer=analyzer, stored=True),
        page=STORED(),
    )


# --------------------------------------------------------------------------
# Building


def _forms_table(nodes: Sequence[Node]) -> dict[str, list[str]]:
    """``{form: [lemma, ...]}`` for every form of every corpus lemma.

    Every corpus word (normed) maps first to its own index term; then every
    form of its lexeme gets that lemma appended (a form shared by several
    lexemes, e.g. ``сыгранная`` → ``сыграть``/``сыгранный``, lists them all).
    """
    words = sorted(
        {_norm(w) for n in nodes for s in (n.title or "", n.text) for w, _, _ in morph.tokens(s)}
    )
    table: dict[str, list[str]] = {w: [_index_term(w)] for w in words}
    for word in words:
        lem = table[word][0]
        for form in sorted(morph.lexeme_forms(word)) if morph.has_cyrillic(word) else ():
            lemmas = table.setdefault(form, [])
            if lem not in lemmas:
                lemmas.append(lem)
    return table


def _node_fields(node: Node) -> dict[str, Any]:
    """The whoosh document for ``node`` (``None`` values left out)."""
    fields: dict[str, Any] = {"id": node.id, "doc": node.doc, "kind": node.kind, "text": node.text}
    if node.cite is not None:
        fields["cite"] = node.cite
        fields["citekey"] = _norm("".join(node.cite.split()))
    if node.title is not None:
        fields["title"] = node.title
    if node.page is not None:
        fields["page"] = node.page
    return fields


def _write_index(nodes: Sequence[Node], target: Path, stamp: str, extra: Mapping[str, str]) -> None:
    """Write a complete index (whoosh files, forms.json, ``extra`` files, then
    STAMP) into ``target``."""
    ix = whoosh_index.create_in(str(target), _schema())
    writer = ix.writer()
    try:
        for node in nodes:
            writer.add_document(**_node_fields(node))
    except BaseException:
        writer.cancel()
        raise
    writer.commit()
    payload = {"format": FORMS_FORMAT, "forms": _forms_table(nodes)}
    (target / FORMS_FILE).write_text(
        json.dumps(payload, ensure_ascii=False, separators=(",", ":")), encoding="utf-8"
    )
    for name, content in extra.items():
        (target / name).write_text(content, encoding="utf-8")
    (target / STAMP_FILE).write_text(stamp, encoding="utf-8")


@contextlib.contextmanager
def _build_lock(index_dir: Path) -> Iterator[None]:
    """Hold an exclusive ``flock`` on ``<index_dir>.lock`` (blocks until free)."""
    lock_path = index_dir.parent / (index_dir.name + ".lock")
    with open(lock_path, "a", encoding="utf-8") as handle:
        fcntl.flock(handle.fileno(), fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle.fileno(), fcntl.LOCK_UN)


def _sibling(index_dir: Path, role: str) -> Path:
    """A fresh hidden sibling path ``.<name>.<role>-<pid>-<random>``."""
    return index_dir.parent / f".{index_dir.name}.{role}-{os.getpid()}-{uuid.uuid4().hex[:8]}"


def _sweep_leftovers(index_dir: Path) -> None:
    """Delete temp/old siblings left by crashed builds (call under the lock)."""
    for role in ("new", "old"):
        for path in index_dir.parent.glob(f".{index_dir.name}.{role}-*"):
            shutil.rmtree(path, ignore_errors=True)


def _looks_like_index(path: Path) -> bool:
    """True when ``path`` is empty or holds one of our index files."""
    names = {p.name for p in path.iterdir()}
    return not names or STAMP_FILE in names or FORMS_FILE in names or any(
        n.startswith("_MAIN_") for n in names
    )


def _swap_in(new: Path, index_dir: Path) -> None:
    """Replace ``index_dir`` by ``new``: rename old away, new in, delete old."""
    if not index_dir.exists():
        os.rename(new, index_dir)
        return
    old = _sibling(index_dir, "old")
    os.rename(index_dir, old)
    os.rename(new, index_dir)
    shutil.rmtree(old, ignore_errors=True)


def build_index(
    nodes: Sequence[Node], index_dir: Path, *, stamp: str, extra: Mapping[str, str] | None = None
) -> None:
    """Build a searchable index of ``nodes`` at ``index_dir``.

    The index is written whole into a new hidden sibling directory, ``stamp``
    (any string, e.g. a hash of corpus + version; see :func:`read_stamp`) is
    written last, and the directory is swapped in by renames. Builders
    serialise on an ``flock`` of ``index_dir.parent / (index_dir.name +
    ".lock")``; a concurrent build waits. Searchers opened earlier keep
    working on the old files. ``extra`` maps file names to text written into
    the index folder with it (the caller's own data, e.g. ``corpus.json``), so
    they are swapped in together. Loads pymorphy3.

    Raises ``ValueError`` when two nodes share an id, ``FileExistsError``
    when ``index_dir`` exists but is neither empty nor an index (it is never
    deleted then), ``OSError`` on I/O failure (the old index stays).
    """
    index_dir = Path(index_dir)
    ids = [n.id for n in nodes]
    if len(set(ids)) != len(ids):
        raise ValueError("build_index: node ids are not unique")
    index_dir.parent.mkdir(parents=True, exist_ok=True)
    with _build_lock(index_dir):
        if index_dir.exists() and not (index_dir.is_dir() and _looks_like_index(index_dir)):
            raise FileExistsError(f"{index_dir} exists and is not a lawref index")
        _sweep_leftovers(index_dir)
        new = _sibling(index_dir, "new")
        new.mkdir()
        try:
            _write_index(nodes, new, stamp, extra or {})
            _swap_in(new, index_dir)
        finally:
            shutil.rmtree(new, ignore_errors=True)


def read_stamp(index_dir: Path) -> str | None:
    """The stamp given to the last complete :func:`build_index`, or ``None``
    when ``index_dir`` holds no (readable) index."""
    try:
        return (Path(index_dir) / STAMP_FILE).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return None


# --------------------------------------------------------------------------
# Opening


def _load_forms(index_dir: Path) -> dict[str, list[str]]:
    """The form→lemmas table of ``index_dir`` (``ValueError`` if malformed)."""
    payload = json.loads((index_dir / FORMS_FILE).read_text(encoding="utf-8"))
    if not isinstance(payload, dict) or payload.get("format") != FORMS_FORMAT:
        raise ValueError(f"{FORMS_FILE}: unknown format")
    return payload["forms"]


def _open_once(index_dir: Path) -> tuple[str, dict[str, list[str]], _WhooshSearcher]:
    """Open stamp, forms and whoosh searcher; fail if a swap happened meanwhile."""
    stamp = (index_dir / STAMP_FILE).read_text(encoding="utf-8")
    forms = _load_forms(index_dir)
    searcher = whoosh_index.open_dir(str(index_dir), readonly=True).searcher()
    if (index_dir / STAMP_FILE).read_text(encoding="utf-8") != stamp:
        searcher.close()
        raise OSError("index swapped while opening")
    return stamp, forms, searcher


def _swap_in_progress(index_dir: Path) -> bool:
    """True when a builder may be between its two renames."""
    return any(index_dir.parent.glob(f".{index_dir.name}.old-*"))


def _open(index_dir: Path) -> tuple[str, dict[str, list[str]], _WhooshSearcher]:
    """:func:`_open_once`, retried briefly across a concurrent swap."""
    for attempt in range(_OPEN_TRIES):
        try:
            return _open_once(index_dir)
        except Exception as exc:  # any failure to read means "unavailable"
            gone = not index_dir.exists() and not _swap_in_progress(index_dir)
            if gone or attempt == _OPEN_TRIES - 1:
                raise IndexUnavailable(f"no usable index at {index_dir}: {exc}") from exc
            time.sleep(_OPEN_PAUSE)
    raise AssertionError("unreachable")


# --------------------------------------------------------------------------
# Queries


@dataclass(frozen=True)
class _Parsed:
    """A query split up: ``alternatives`` (OR of AND-groups of words) and
    ``phrases`` (each a list of words); words as written."""

    alternatives: list[list[str]]
    phrases: list[list[str]]


def _words(text: str) -> list[str]:
    """Word tokens of ``text`` as written."""
    return [w for w, _, _ in morph.tokens(text)]


def _parse_query(query: str) -> _Parsed:
    """Split ``query`` into phrases and OR-alternatives of loose words."""
    phrases = [ws for ws in map(_words, _PHRASE_RE.findall(query)) if ws]
    loose = [w for w in _words(_PHRASE_RE.sub(" ", query)) if w != "AND"]
    for ws in [p for p in phrases if len(p) == 1]:
        phrases.remove(ws)
        loose.append(ws[0])
    groups: list[list[str]] = [[]]
    for word in loose:
        if word == "OR":
            groups.append([])
        else:
            groups[-1].append(word)
    keep_stop = not phrases and all(_norm(w) in STOPWORDS for g in groups for w in g)
    groups = [[w for w in g if keep_stop or _norm(w) not in STOPWORDS] for g in groups]
    return _capped(_Parsed([g for g in groups if g], phrases))


def _capped(parsed: _Parsed) -> _Parsed:
    """At most :data:`MAX_QUERY_WORDS` distinct words over all groups and
    phrases, in query order (repeats of a word add nothing to an AND)."""
    budget = MAX_QUERY_WORDS
    groups = []
    for g in parsed.alternatives:
        words = list(dict.fromkeys(_norm(w) for w in g))[:budget]
        budget -= len(words)
        if words:
            groups.append(words)
    phrases = []
    for p in parsed.phrases:
        if budget >= len(p):
            phrases.append(p)
            budget -= len(p)
    return _Parsed(groups, phrases)


class Searcher:
    """An open index; use as a context manager or call :meth:`close`.

    ``Searcher(index_dir)`` reads ``STAMP``, ``forms.json`` and the whoosh
    files of one consistent build (retrying briefly across a concurrent
    swap) and keeps them open: a later rebuild does not affect it. Raises
    :class:`IndexUnavailable` when ``index_dir`` is missing or unreadable.
    Never loads pymorphy3. ``stamp`` is the stamp of the build it opened.
    """

    def __init__(self, index_dir: Path) -> None:
        self.index_dir = Path(index_dir)
        self.stamp, self._forms, self._searcher = _open(self.index_dir)

    def __enter__(self) -> Searcher:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    def close(self) -> None:
        """Release the index files."""
        self._searcher.close()

    def _lemmas(self, word: str) -> list[str]:
        """Lemmas ``word`` may stand for, via the forms table (else its norm)."""
        normed = _norm(word)
        return self._forms.get(normed) or [_stem_latin(normed) or normed]

    def _word_query(self, word: str) -> Q.Query:
        """Any lemma of ``word`` in title or text; lemmas after the first
        (other lexemes sharing this form) weigh ``SECONDARY_BOOST``."""
        return Q.Or(
            [
                Q.Term(f, lem, boost=1.0 if i == 0 else SECONDARY_BOOST)
                for i, lem in enumerate(self._lemmas(word))
                for f in _SEARCH_FIELDS
            ]
        )

    def _phrase_query(self, words: list[str]) -> Q.Query:
        """``words`` adjacent (any forms) in title, or in text."""
        return Q.Or(
            [
                Q.Sequence([Q.Or([Q.Term(f, lem) for lem in self._lemmas(w)]) for w in words])
                for f in _SEARCH_FIELDS
            ]
        )

    def _query(self, query: str, parsed: _Parsed) -> Q.Query | None:
        """The whoosh query for ``parsed`` (``None`` when it has no words)."""
        phrases = [self._phrase_query(p) for p in parsed.phrases]
        groups = [Q.And([self._word_query(w) for w in g] + phrases) for g in parsed.alternatives]
        main = Q.Or(groups) if groups else (Q.And(phrases) if phrases else None)
        cite = query.strip()
        if main is not None and _CITE_QUERY_RE.fullmatch(cite):
            main = Q.Or([main, Q.Term("citekey", _norm(cite), boost=CITE_BOOST)])
        return main

    def search(self, query: str, *, limit: int = 10, doc: str | None = None) -> list[Hit]:
        """Up to ``limit`` (≥ 1, else ``ValueError``) hits for ``query``, best
        first; only nodes of document ``doc`` when given. Any string is a
        valid query (see the module docstring); no words → ``[]``."""
        if limit < 1:
            raise ValueError("limit must be >= 1")
        parsed = _parse_query(query)
        wq = self._query(query, parsed)
        if wq is None:
            return []
        lemmas = {
            lem
            for w in [w for g in parsed.alternatives for w in g] + [w for p in parsed.phrases for w in p]
            for lem in self._lemmas(w)
        }
        flt = Q.Term("doc", doc) if doc is not None else None
        results = self._searcher.search(wq, limit=limit, filter=flt)
        return [self._hit(r.fields(), r.score, lemmas) for r in results]

    def _hit(self, fields: dict[str, Any], score: float | None, lemmas: set[str]) -> Hit:
        """A :class:`Hit` from stored ``fields``."""
        return Hit(
            id=fields["id"],
            cite=fields.get("cite"),
            doc=fields["doc"],
            kind=fields["kind"],
            title=fields.get("title"),
            page=fields.get("page"),
            score=float(score or 0.0),
            snippet=_snippet(fields.get("text", ""), lemmas, self._forms),
        )


def search(index_dir: Path, query: str, *, limit: int = 10, doc: str | None = None) -> list[Hit]:
    """Open ``index_dir``, run :meth:`Searcher.search`, close.

    Raises :class:`IndexUnavailable` when there is no usable index.
    """
    with Searcher(index_dir) as searcher:
        return searcher.search(query, limit=limit, doc=doc)


# --------------------------------------------------------------------------
# Snippets


def _snippet(text: str, lemmas: set[str], forms: dict[str, list[str]]) -> str:
    """~``SNIPPET_CHARS`` of ``text`` around the first match, matches in ``[]``.

    A word matches when the lemma the indexer gave it (first entry of its
    forms-table row) is one of ``lemmas``.
    """
    flat = " ".join(text.split())
    toks = morph.tokens(flat)
    marks = [(s, e) for w, s, e in toks if (forms.get(_norm(w)) or [_norm(w)])[0] in lemmas]
    start = max(0, marks[0][0] - _SNIPPET_LEAD) if marks else 0
    if start:
        start = next(s for _, s, e in toks if e > start)
    end = min(len(flat), start + SNIPPET_CHARS)
    if end < len(flat):
        end = max([e for _, s, e in toks if start <= s and e <= end] or [end])
    out, pos = [], start
    for s, e in (m for m in marks if start <= m[0] and m[1] <= end):
        out += [flat[pos:s], "[", flat[s:e], "]"]
        pos = e
    out.append(flat[pos:end])
    return ("…" if start else "") + "".join(out).strip() + ("…" if end < len(flat) else "")
