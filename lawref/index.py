"""index: the full-text index of law nodes (whoosh), written by a build and read by queries.

The only module of the project that imports whoosh.

Files of one generation of the index folder (layout: :mod:`lawref.folder`)::

    _MAIN_*.toc, MAIN_*.seg   whoosh's files (one segment)
    forms.json                {"format": 1, "forms": {form: [lemma, ...]}}

Morphology: titles and texts are indexed as lemmas (pymorphy3, via
:mod:`lawref.lang.morph`). Queries are *not* analysed with pymorphy3: each
query word is looked up in ``forms.json``, which maps every form of every
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
between words gives alternatives (phrases stay required); upper-case ``AND``
is ignored; common function words (``и``, ``в``, ``не`` ...) are dropped
unless nothing else is left; all other punctuation is ignored. A query
without words returns ``[]``. Which nodes a cite query puts first is the
search policy's to decide (:mod:`lawref.search`), not this module's.
"""

from __future__ import annotations

import gc
import json
import time
import warnings
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from whoosh import index as whoosh_index
from whoosh import query as Q
from whoosh.analysis import Filter, RegexTokenizer
from whoosh.fields import ID, STORED, TEXT, Schema
from whoosh.lang.porter import stem as porter_stem
from whoosh.searching import Searcher as _WhooshSearcher

from lawref import _safepickle, folder
from lawref import patterns as P
from lawref.cite import fold_token
from lawref.errors import IndexDamaged, IndexUnavailable
from lawref.folder import Generation
from lawref.lang import morph
from lawref.model import Hit, Node

FORMS_FILE = "forms.json"
FORMS_FORMAT = 1
TITLE_BOOST = 3.0
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



# --------------------------------------------------------------------------
# Analysis (shared by indexing and queries)


def _norm(word: str) -> str:
    """Folded ``word``; a cite-like word as :func:`lawref.cite.fold_token` keeps it."""
    return fold_token(morph.fold(word))



def _stem_latin(normed: str) -> str | None:
    """Porter stem of an all-Latin word (English editions), else ``None``."""
    return porter_stem(normed) if P.LATIN_WORD.fullmatch(normed) else None


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
    analyzer = RegexTokenizer(P.WORD.compiled()) | LemmaFilter()
    return Schema(
        id=ID(stored=True, unique=True),
        doc=ID(stored=True),
        kind=ID(stored=True),
        cite=ID(stored=True),
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
    words = sorted(  # streamed over the words: a 20 MB node never becomes a list of tokens
        {_norm(m.group()) for n in nodes for s in (n.title or "", n.text) for m in P.WORD.finditer(s)}
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
    if node.title is not None:
        fields["title"] = node.title
    if node.page is not None:
        fields["page"] = node.page
    return fields


def write_index(nodes: Sequence[Node], target: Path) -> None:
    """Write whoosh's files and ``forms.json`` for ``nodes`` into the new,
    empty generation folder ``target`` (see :mod:`lawref.store`). Loads
    pymorphy3. Raises ``ValueError`` when two nodes share an id."""
    ids = [n.id for n in nodes]
    if len(set(ids)) != len(ids):
        raise ValueError("write_index: node ids are not unique")
    ix = whoosh_index.create_in(str(target), _schema())
    writer = ix.writer()
    try:
        for node in nodes:
            writer.add_document(**_node_fields(node))
    except BaseException:
        writer.cancel()
        raise
    writer.commit()
    (target / "MAIN_WRITELOCK").unlink(missing_ok=True)
    payload = {"format": FORMS_FORMAT, "forms": _forms_table(nodes)}
    (target / FORMS_FILE).write_text(
        json.dumps(payload, ensure_ascii=False, separators=(",", ":")), encoding="utf-8"
    )


# --------------------------------------------------------------------------
# Opening


def _load_forms(gen: Generation) -> dict[str, list[str]]:
    """The form→lemmas table of generation ``gen`` (checksum verified)."""
    payload = gen.read_json(FORMS_FILE)
    if not isinstance(payload, dict) or payload.get("format") != FORMS_FORMAT or not isinstance(
        payload.get("forms"), dict
    ):
        raise IndexDamaged(f"{FORMS_FILE}: unknown format")
    return payload["forms"]


def _open_whoosh(gen: Generation) -> _WhooshSearcher:
    """Whoosh's searcher over generation ``gen``: its files are checked
    against their checksums first, the schema comes from this code (not
    from the pickled copy in the index) and whoosh's own pickles are read by
    a restricted unpickler (:mod:`lawref._safepickle`)."""
    gen.verify([name for name in gen.meta["files"] if name != FORMS_FILE and not name.endswith(".json")])
    with warnings.catch_warnings():  # whoosh leaves a file open when reading it fails: closed here, quietly
        warnings.simplefilter("ignore", ResourceWarning)
        try:
            return whoosh_index.open_dir(str(gen.path), readonly=True, schema=_schema()).searcher()
        except Exception as exc:  # whoosh raises many kinds on a damaged file
            message = f"the whoosh index cannot be read: {type(exc).__name__}: {exc}"
        gc.collect()  # outside the except block: the traceback that held the file is gone
    raise IndexDamaged(message)


def open_generation(index_dir_or_gen: Path | Generation) -> Generation:
    """The generation to read: ``index_dir``'s live one, retried briefly
    while a concurrent build swaps it in, or a given :class:`Generation`."""
    if isinstance(index_dir_or_gen, Generation):
        return index_dir_or_gen
    for attempt in range(_OPEN_TRIES):
        try:
            return folder.open_generation(Path(index_dir_or_gen))
        except IndexDamaged:
            raise
        except IndexUnavailable:
            if attempt == _OPEN_TRIES - 1 or not Path(index_dir_or_gen).is_dir():
                raise
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
    phrases = [ws for ws in map(_words, P.PHRASE.findall(query)) if ws]
    loose = [w for w in _words(P.PHRASE.sub(" ", query)) if w != "AND"]
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

    ``Searcher(index_dir)`` opens the live generation of ``index_dir`` (or a
    given :class:`~lawref.folder.Generation`): its forms table and whoosh
    files, checked against their checksums, and keeps them open — a later
    rebuild does not affect it. Raises
    :class:`~lawref.errors.IndexUnavailable` when there is no usable index
    and :class:`~lawref.errors.IndexDamaged` when a file is damaged. Never
    loads pymorphy3. ``stamp`` is the stamp of the build it opened.
    """

    def __init__(self, index: Path | Generation) -> None:
        gen = open_generation(index)
        _safepickle.install()
        self.generation, self.stamp = gen, gen.stamp
        self._forms = _load_forms(gen)
        self._searcher = _open_whoosh(gen)

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

    def _query(self, parsed: _Parsed) -> Q.Query | None:
        """The whoosh query for ``parsed`` (``None`` when it has no words)."""
        phrases = [self._phrase_query(p) for p in parsed.phrases]
        groups = [Q.And([self._word_query(w) for w in g] + phrases) for g in parsed.alternatives]
        return Q.Or(groups) if groups else (Q.And(phrases) if phrases else None)

    def search(self, query: str, *, limit: int = 10, doc: str | None = None) -> list[Hit]:
        """Up to ``limit`` (≥ 1, else ``ValueError``) hits for ``query``, best
        first; only nodes of document ``doc`` when given. Any string is a
        valid query (see the module docstring); no words → ``[]``."""
        if limit < 1:
            raise ValueError("limit must be >= 1")
        parsed = _parse_query(query)
        wq = self._query(parsed)
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


def search(index: Path | Generation, query: str, *, limit: int = 10, doc: str | None = None) -> list[Hit]:
    """Open ``index`` (a folder or a generation), run :meth:`Searcher.search`, close.

    Raises :class:`~lawref.errors.IndexUnavailable` when there is no usable index.
    """
    with Searcher(index) as searcher:
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
