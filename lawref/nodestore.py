"""nodestore: the nodes of a built corpus, read one by one (stdlib ``sqlite3``).

A build writes ``nodes.sqlite`` into its generation (:func:`write`); a query
reads only what it asks for — a node by id, cite or label, a node's
children, the citations of a node — instead of the whole corpus
(issue 13: ``show 62B`` on a corpus 100× the seeds read 13 MB of JSON).

Tables (all text UTF-8):

* ``meta(key, value)`` — JSON values: ``documents``, ``corpus``, ``paths``,
  ``default_edition``, ``report`` (the build report, read only by
  ``build --report`` and ``show --source``), ``titles_en`` (``[[node id,
  title]]``: other editions' titles of the nodes' rules);
* ``nodes(seq, id, doc, kind, cite, parent, label, first, last, title_en, json)`` —
  one row per node in reading order (``seq`` from 0): ``label`` what people
  see for a node without a cite, ``first``/``last`` whether it opens/closes
  a printed page of its file (:func:`page_edges`), ``title_en`` a node's
  English title, a law's or a section's (English queries match it), ``json`` the whole node
  (:meth:`~lawref.model.Node.to_json` with ``full``);
* ``refs(source, ref, cite, target)`` — every citation: ``source``'s
  ``refs[ref]`` cites ``cite`` and resolved to node ``target`` (``NULL``
  when absent or invalid) — the backlinks, and the citations of a law the
  corpus lacks;
* ``forms(form, lemmas)`` — the query-time form → lemma table (the lemmas
  joined by tabs — a lemma is one word —
  the indexer's lemma first; see :func:`lawref.forms.forms_table`);
* ``asked(form, lemmas)`` — every form of the query-association table's
  Russian lemmas, read as them (:func:`lawref.forms.association_forms`;
  lemmas joined by tabs);
* ``association(key, held, nodes)`` — the query-association table's rows
  (:mod:`lawref.lang.associations`; its count of queries in the meta as
  ``association_queries``): a search reads its own keys' rows alone.

:class:`MemoryStore` answers the same questions over nodes in memory (a
corpus being built); :class:`SqliteStore` over a sealed generation, opened
read-only and immutable, one connection per thread.
"""

from __future__ import annotations

import json
import sqlite3
import threading
from collections.abc import Callable, Iterable, Mapping, Sequence
from functools import cached_property
from pathlib import Path
from typing import Any, NamedTuple
from urllib.parse import quote

from lawref.errors import IndexDamaged
from lawref.i18n import N_, revive_hook
from lawref.model import Document, Kind, Node

__all__ = ["NODES_FILE", "Carry", "MemoryStore", "SqliteStore", "page_edges", "write"]

NODES_FILE = "nodes.sqlite"
#: Rows fetched per ``IN (…)`` lookup (SQLite's default limit on variables is 999).
_BATCH = 500

#: Keys of the ``asked`` and ``association`` tables a store keeps once read, each (:meth:`SqliteStore._keyed`).
KEYED_KEPT = 50_000
_UNREAD = object()

_SCHEMA = """
CREATE TABLE meta(key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;
CREATE TABLE nodes(seq INTEGER PRIMARY KEY, id TEXT NOT NULL UNIQUE, doc TEXT NOT NULL, kind TEXT NOT NULL,
                   cite TEXT, parent TEXT, label TEXT, first INTEGER NOT NULL, last INTEGER NOT NULL,
                   title_en TEXT, json TEXT NOT NULL);
CREATE TABLE refs(source TEXT NOT NULL, ref INTEGER NOT NULL, cite TEXT NOT NULL, target TEXT);
CREATE TABLE forms(form TEXT PRIMARY KEY, lemmas TEXT NOT NULL) WITHOUT ROWID;
CREATE TABLE asked(form TEXT PRIMARY KEY, lemmas TEXT NOT NULL) WITHOUT ROWID;
CREATE TABLE association(key TEXT PRIMARY KEY, held INTEGER NOT NULL, nodes TEXT NOT NULL) WITHOUT ROWID;
"""
#: Made after the rows are in (one sort each, not an insert into a growing tree per row).
_INDEXES = """
CREATE INDEX nodes_cite ON nodes(cite) WHERE cite IS NOT NULL;
CREATE INDEX nodes_parent ON nodes(parent);
CREATE INDEX nodes_label ON nodes(label) WHERE label IS NOT NULL;
CREATE INDEX refs_target ON refs(target) WHERE target IS NOT NULL;
CREATE INDEX refs_cite ON refs(cite);
"""
#: A new file no reader sees before the generation is sealed: no journal, no syncs while it is
#: written (the seal checksums it; a build that dies leaves a generation that is swept).
_BULK = "PRAGMA journal_mode = OFF; PRAGMA synchronous = OFF;"


def page_edges(nodes: Sequence[Node]) -> dict[str, tuple[bool, bool]]:
    """``{id: (first, last)}``: whether each node opens or closes the text of
    a printed page of its raw file — where a scrape of every fourth page
    cuts sentences (the seeds' ``000_…`` ends page 89 in 62B). ``(False,
    False)`` for every node of a file with no printed page markers (nothing
    was lost between its pages); an empty inferred law and a footnote are
    not printed text and never open or close a page."""
    by_file: dict[str, list[Node]] = {}
    for n in sorted(nodes, key=lambda n: (n.source.file, n.source.line)):
        by_file.setdefault(n.source.file, []).append(n)
    out: dict[str, tuple[bool, bool]] = {}
    for same in by_file.values():
        out.update(_file_edges(same))
    return out


def _file_edges(same: list[Node]) -> dict[str, tuple[bool, bool]]:
    """:func:`page_edges` for the nodes of one file, in file order (two
    passes: the page of the printed node before each node, and after it)."""
    if all(n.page is None for n in same):
        return {n.id: (False, False) for n in same}
    printed = [n.kind != Kind.FOOTNOTE and bool(n.text or n.label) for n in same]
    before: list[object] = []
    last: object = _NONE
    for n, p in zip(same, printed, strict=True):
        before.append(last)
        last = n.page if p else last
    after: list[object] = []
    last = _NONE
    for n, p in zip(reversed(same), reversed(printed), strict=True):
        after.append(last)
        last = n.page if p else last
    after.reverse()
    return {n.id: (b is _NONE or b != n.page, a is _NONE or a != n.page)
            for n, b, a in zip(same, before, after, strict=True)}


_NONE = object()  # no printed node on that side


class MemoryStore:
    """The store of nodes held in memory (a corpus just built, tests)."""

    def __init__(self, documents: Iterable[Document], nodes: Iterable[Node], *,
                 meta: Mapping[str, Any] | None = None, labels: Mapping[str, str] | None = None) -> None:
        self.documents = tuple(documents)
        self._nodes = tuple(nodes)
        self._meta = dict(meta or {})
        self._labels = dict(labels or {})

    def all_nodes(self) -> tuple[Node, ...]:
        """Every node, in reading order."""
        return self._nodes

    def count(self) -> int:
        """How many nodes there are."""
        return len(self._nodes)

    def close(self) -> None:
        """Nothing to release."""

    def meta(self, key: str) -> Any:
        """The value stored under ``key`` (``None`` when there is none)."""
        return self._meta.get(key)

    @cached_property
    def _by_id(self) -> dict[str, Node]:
        return {n.id: n for n in self._nodes}

    @cached_property
    def _kids(self) -> dict[str | None, list[Node]]:
        kids: dict[str | None, list[Node]] = {}
        for n in self._nodes:
            kids.setdefault(n.parent, []).append(n)
        return kids

    @cached_property
    def _cited(self) -> dict[str, list[Node]]:
        out: dict[str, list[Node]] = {}
        for n in self._nodes:
            if n.cite is not None:
                out.setdefault(n.cite, []).append(n)
        return out

    @cached_property
    def _seq(self) -> dict[str, int]:
        return {n.id: i for i, n in enumerate(self._nodes)}

    @cached_property
    def _edges(self) -> dict[str, tuple[bool, bool]]:
        return page_edges(self._nodes)

    @cached_property
    def _incoming(self) -> dict[str, list[tuple[str, int]]]:
        out: dict[str, list[tuple[str, int]]] = {}
        for n in self._nodes:
            for i, ref in enumerate(n.refs):
                if ref.id is not None:
                    out.setdefault(ref.id, []).append((n.id, i))
        return out

    def node(self, node_id: str) -> Node | None:
        """The node ``node_id`` (``None`` when there is none)."""
        return self._by_id.get(node_id)

    def children(self, parent: str | None) -> list[Node]:
        """The children of ``parent`` (roots for ``None``), in reading order."""
        return self._kids.get(parent, [])

    def with_cite(self, cite: str) -> list[Node]:
        """Nodes whose canonical cite is ``cite``, every document, in reading order."""
        return self._cited.get(cite, [])

    def on_page(self, page: int, doc: str | None = None) -> list[Node]:
        """The nodes printed on page ``page`` (of ``doc``), in reading order."""
        return [n for n in self._nodes if n.page == page and doc in (None, n.doc)]

    def printed_near(self, doc: str, before: int, after: int, kind: str | None = None
                     ) -> tuple[Node | None, Node | None]:
        """The last node of ``doc`` before reading position ``before`` and
        the first after ``after`` (footnotes skipped; only ``kind`` when given)."""
        nodes = [n for n in self._nodes if n.doc == doc and n.kind != Kind.FOOTNOTE and kind in (None, n.kind)]
        prev = next((n for n in reversed(nodes) if self._seq[n.id] < before), None)
        nxt = next((n for n in nodes if self._seq[n.id] > after), None)
        return prev, nxt

    def cites_from(self, prefix: str, limit: int = 100) -> list[str]:
        """The cites that start with ``prefix`` (ASCII case ignored), each
        once, in reading order, at most ``limit``."""
        low = prefix.lower()
        return list(dict.fromkeys(c for c in self._cited if c.lower().startswith(low)))[:limit]

    def seq(self, node_id: str) -> int:
        """Reading-order position of ``node_id`` (``KeyError`` when unknown)."""
        return self._seq[node_id]

    def seqs(self, ids: Iterable[str]) -> dict[str, int]:
        """Reading-order positions of those of ``ids`` the store has."""
        return {i: self._seq[i] for i in ids if i in self._seq}

    def label(self, node_id: str) -> str | None:
        """The stored label of a node without a cite (``None``: not stored)."""
        return self._labels.get(node_id)

    def by_label(self, label: str) -> Node | None:
        """The node whose stored label is ``label``."""
        found = next((i for i, lab in self._labels.items() if lab == label), None)
        return self._by_id.get(found) if found else None

    def edges(self, node_id: str) -> tuple[bool, bool]:
        """:func:`page_edges` of ``node_id``."""
        return self._edges.get(node_id, (False, False))

    def incoming(self, node_id: str) -> list[tuple[str, int]]:
        """``[(citing node id, index in its refs)]`` resolved to ``node_id``."""
        return self._incoming.get(node_id, [])

    def variants(self, base: str) -> list[Node]:
        """The node ``base`` and its variants ``base~2``, … in reading order."""
        return [n for n in self._nodes if n.id == base or n.id.startswith(base + "~")]

    def citing(self, prefix: str) -> list[tuple[str, int]]:
        """``[(citing node id, index in its refs)]`` of every citation whose
        cite starts with ``prefix``, in reading order."""
        return [(n.id, i) for n in self._nodes for i, r in enumerate(n.refs) if r.cite.startswith(prefix)]

    def law_titles(self) -> list[tuple[str, str]]:
        """``[(node id, English title)]`` of every node with one (laws and sections), in reading order."""
        return [(n.id, n.title_en) for n in self._nodes if n.title_en]

    def other_titles(self) -> list[tuple[str, str]]:
        """``[(node id, English title)]`` other editions give the nodes' rules
        (:func:`lawref.corpus.other_titles`, kept in the meta at build)."""
        return [(i, t) for i, t in self.meta("titles_en") or []]

    @property
    def said_forms(self) -> dict[str, tuple[str, ...]] | None:
        """No synonym forms in memory: ``None`` (the query side asks pymorphy3)."""
        return None

    def lemmas(self, forms: Iterable[str]) -> dict[str, tuple[str, ...]]:
        """The forms table has no rows in memory: always ``{}``."""
        return {}

    def asked_lemmas(self, forms: Iterable[str]) -> dict[str, tuple[str, ...]] | None:
        """No query-association forms in memory: ``None`` (the query side asks pymorphy3)."""
        return None

    def association(self, keys: Iterable[str]) -> tuple[int, list[tuple[str, int, str]]] | None:
        """No query-association rows in memory: ``None`` (the query side reads the packaged table)."""
        return None

    def all_forms(self) -> dict[str, tuple[str, ...]]:
        """The whole forms table (none in memory)."""
        return {}


class SqliteStore:
    """The nodes of a sealed generation's ``nodes.sqlite``, read on demand.

    Thread-safe: each thread gets its own read-only connection. Read errors
    raise :class:`~lawref.errors.IndexDamaged` (the file's checksum was
    verified when the generation was opened)."""

    def __init__(self, path: Path) -> None:
        self.path = Path(path)
        self._local = threading.local()
        self._cache: dict[str, Node] = {}
        self._lock = threading.Lock()
        self._asked: dict[str, tuple[str, ...] | None] = {}  # each form's row of ``asked`` once read (None: absent)
        self._associated: dict[str, tuple[str, int, str] | None] = {}  # each key's row of ``association``, as well

    def _db(self) -> sqlite3.Connection:
        db = getattr(self._local, "db", None)
        if db is None:
            uri = f"file:{quote(str(self.path))}?mode=ro&immutable=1"
            db = self._local.db = sqlite3.connect(uri, uri=True, check_same_thread=True)
        return db

    def close(self) -> None:
        """Close this thread's connection (others close when their thread ends)."""
        db = getattr(self._local, "db", None)
        if db is not None:
            db.close()
            self._local.db = None

    def _rows(self, sql: str, args: Sequence[Any] = ()) -> list[tuple[Any, ...]]:
        try:
            return self._db().execute(sql, tuple(args)).fetchall()
        except sqlite3.Error as exc:
            raise IndexDamaged(N_("{file} cannot be read: {error}").format(file=NODES_FILE, error=exc)) from exc

    def meta(self, key: str, *, revive: bool = False) -> Any:
        """The JSON value stored under ``key`` (``None`` when there is none);
        ``revive``: its stored messages made :class:`~lawref.i18n.Message`
        again as it is parsed (:func:`lawref.i18n.revived`)."""
        rows = self._rows("SELECT value FROM meta WHERE key = ?", (key,))
        return _loads(rows[0][0], revive) if rows else None

    @cached_property
    def said_forms(self) -> dict[str, tuple[str, ...]] | None:
        """``{form: (said lemma, …)}`` of the synonyms' words (:func:`lawref.forms.said_forms`, kept in the
        meta at build; read once), ``None`` for a build that kept none."""
        found = self.meta("said_forms")
        return {f: tuple(lems) for f, lems in found.items()} if isinstance(found, dict) else None

    @cached_property
    def documents(self) -> tuple[Document, ...]:
        try:
            return tuple(Document.from_json(d) for d in self.meta("documents") or [])
        except (KeyError, TypeError, ValueError) as exc:
            raise IndexDamaged(N_("{file}: documents of an unknown shape: {error}").format(
                file=NODES_FILE, error=repr(exc))) from exc

    def _nodes(self, where: str, args: Sequence[Any] = ()) -> list[Node]:
        return [self._node(i, j) for i, j in self._rows(f"SELECT id, json FROM nodes {where}", args)]

    def _node(self, node_id: str, text: str) -> Node:
        found = self._cache.get(node_id)
        if found is None:
            try:
                found = Node.from_json(_loads(text))
            except (KeyError, TypeError, ValueError) as exc:
                raise IndexDamaged(N_("{file}: node {node} of an unknown shape: {error}").format(
                    file=NODES_FILE, node=repr(node_id), error=repr(exc))) from exc
            with self._lock:
                self._cache[node_id] = found
        return found

    def all_nodes(self) -> tuple[Node, ...]:
        """Every node, in reading order (reads the whole table)."""
        return tuple(self._nodes("ORDER BY seq"))

    def count(self) -> int:
        """How many nodes there are (one ``count(*)``)."""
        return int(self._rows("SELECT count(*) FROM nodes", ())[0][0])

    def node(self, node_id: str) -> Node | None:
        """The node ``node_id`` (``None`` when there is none)."""
        if node_id in self._cache:
            return self._cache[node_id]
        found = self._nodes("WHERE id = ?", (node_id,))
        return found[0] if found else None

    def children(self, parent: str | None) -> list[Node]:
        """The children of ``parent`` (roots for ``None``), in reading order."""
        if parent is None:
            return self._nodes("WHERE parent IS NULL ORDER BY seq")
        return self._nodes("WHERE parent = ? ORDER BY seq", (parent,))

    def with_cite(self, cite: str) -> list[Node]:
        """Nodes whose canonical cite is ``cite``, every document, in reading order."""
        return self._nodes("WHERE cite = ? ORDER BY seq", (cite,))

    def on_page(self, page: int, doc: str | None = None) -> list[Node]:
        """The nodes printed on page ``page`` (of ``doc``), in reading order:
        one query, the page read inside SQLite (no row is decoded otherwise)."""
        where = "WHERE json_extract(json, '$.page') = ?" + (" AND doc = ?" if doc is not None else "")
        return self._nodes(where + " ORDER BY seq", (page, doc) if doc is not None else (page,))

    def printed_near(self, doc: str, before: int, after: int, kind: str | None = None
                     ) -> tuple[Node | None, Node | None]:
        """The last node of ``doc`` before reading position ``before`` and
        the first after ``after`` (footnotes skipped; only ``kind`` when
        given): two indexed queries."""
        only = "AND kind = ?" if kind else ""
        extra = (kind,) if kind else ()
        prev = self._nodes(f"WHERE doc = ? AND seq < ? AND kind != 'footnote' {only} ORDER BY seq DESC LIMIT 1",
                           (doc, before, *extra))
        nxt = self._nodes(f"WHERE doc = ? AND seq > ? AND kind != 'footnote' {only} ORDER BY seq LIMIT 1",
                          (doc, after, *extra))
        return (prev[0] if prev else None), (nxt[0] if nxt else None)

    def cites_from(self, prefix: str, limit: int = 100) -> list[str]:
        """The cites that start with ``prefix`` (ASCII case ignored), each
        once, in reading order, at most ``limit`` (one query: shell completion)."""
        like = prefix.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_") + "%"
        rows = self._rows("SELECT cite, min(seq) FROM nodes WHERE cite LIKE ? ESCAPE '\\' GROUP BY cite "
                          "ORDER BY min(seq) LIMIT ?", (like, limit))
        return [str(r[0]) for r in rows]

    def seq(self, node_id: str) -> int:
        """Reading-order position of ``node_id`` (``KeyError`` when unknown)."""
        rows = self._rows("SELECT seq FROM nodes WHERE id = ?", (node_id,))
        if not rows:
            raise KeyError(node_id)
        return int(rows[0][0])

    def seqs(self, ids: Iterable[str]) -> dict[str, int]:
        """Reading-order positions of those of ``ids`` the store has (one lookup per 500)."""
        wanted = list(dict.fromkeys(ids))
        out: dict[str, int] = {}
        for i in range(0, len(wanted), _BATCH):
            part = wanted[i : i + _BATCH]
            marks = ",".join("?" * len(part))
            out.update((k, int(v)) for k, v in self._rows(f"SELECT id, seq FROM nodes WHERE id IN ({marks})", part))
        return out

    def label(self, node_id: str) -> str | None:
        """The stored label of a node without a cite (``None``: it has a cite)."""
        rows = self._rows("SELECT label FROM nodes WHERE id = ?", (node_id,))
        return rows[0][0] if rows else None

    def by_label(self, label: str) -> Node | None:
        """The node whose stored label is ``label``."""
        found = self._nodes("WHERE label = ?", (label,))
        return found[0] if found else None

    def edges(self, node_id: str) -> tuple[bool, bool]:
        """:func:`page_edges` of ``node_id``, as stored."""
        rows = self._rows("SELECT first, last FROM nodes WHERE id = ?", (node_id,))
        return (bool(rows[0][0]), bool(rows[0][1])) if rows else (False, False)

    def incoming(self, node_id: str) -> list[tuple[str, int]]:
        """``[(citing node id, index in its refs)]`` resolved to ``node_id``."""
        return [(s, int(r)) for s, r in self._rows("SELECT source, ref FROM refs WHERE target = ?", (node_id,))]

    def variants(self, base: str) -> list[Node]:
        """The node ``base`` and its variants ``base~2``, … in reading order."""
        return self._nodes("WHERE id = ? OR (id > ? AND id < ?) ORDER BY seq", (base, base + "~", base + "\x7f"))

    def citing(self, prefix: str) -> list[tuple[str, int]]:
        """``[(citing node id, index in its refs)]`` of every citation whose
        cite starts with ``prefix``, in reading order."""
        rows = self._rows("SELECT r.source, r.ref FROM refs r JOIN nodes n ON n.id = r.source "
                          "WHERE r.cite >= ? AND r.cite < ? ORDER BY n.seq, r.ref", (prefix, prefix + "\U0010ffff"))
        return [(src, int(i)) for src, i in rows]

    def law_titles(self) -> list[tuple[str, str]]:
        """``[(node id, English title)]`` of every node with one (laws and sections), in reading order
        (read once: every English search asks)."""
        return list(self._law_titles)

    @cached_property
    def _law_titles(self) -> tuple[tuple[str, str], ...]:
        return tuple((i, t) for i, t in self._rows("SELECT id, title_en FROM nodes WHERE title_en IS NOT NULL "
                                                   "ORDER BY seq"))

    def other_titles(self) -> list[tuple[str, str]]:
        """``[(node id, English title)]`` other editions give the nodes' rules
        (:func:`lawref.corpus.other_titles`, kept in the meta at build; read once)."""
        return list(self._other_titles)

    @cached_property
    def _other_titles(self) -> tuple[tuple[str, str], ...]:
        return tuple((i, t) for i, t in self.meta("titles_en") or [])

    def cite_map(self, doc: str) -> dict[str, str]:
        """``{cite: id}`` of document ``doc``: the first node of each cite, as citations resolve."""
        out: dict[str, str] = {}
        for cite, node_id in self._rows("SELECT cite, id FROM nodes WHERE doc = ? AND cite IS NOT NULL ORDER BY seq",
                                        (doc,)):
            out.setdefault(cite, node_id)
        return out

    def lemmas(self, forms: Iterable[str]) -> dict[str, tuple[str, ...]]:
        """``{form: (lemma, …)}`` for those of ``forms`` the corpus has."""
        wanted = list(dict.fromkeys(forms))
        out: dict[str, tuple[str, ...]] = {}
        for i in range(0, len(wanted), _BATCH):
            part = wanted[i : i + _BATCH]
            marks = ",".join("?" * len(part))
            rows = self._rows(f"SELECT form, lemmas FROM forms WHERE form IN ({marks})", part)
            out.update((f, tuple(v.split("\t"))) for f, v in rows)
        return out

    def asked_lemmas(self, forms: Iterable[str]) -> dict[str, tuple[str, ...]] | None:
        """``{form: (lemma, …)}`` for those of ``forms`` that are forms of the
        query-association table's lemmas (:func:`lawref.forms.association_forms`);
        ``None`` for a store written before it kept them."""
        if not self._has_asked:
            return None
        wanted = list(dict.fromkeys(forms))[:_BATCH]
        return self._keyed(self._asked, "SELECT form, lemmas FROM asked WHERE form IN ({marks})", wanted,
                           lambda row: tuple(row[1].split("\t")))

    @cached_property
    def _has_asked(self) -> bool:
        return bool(self._rows("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'asked'"))

    def association(self, keys: Iterable[str]) -> tuple[int, list[tuple[str, int, str]]] | None:
        """``(queries, rows)``: the query-association table's count of
        queries and its rows ``(key, held, nodes)`` for ``keys`` alone
        (:func:`lawref.lang.associations.from_rows` makes them a table);
        ``None`` for a store written before it kept them."""
        queries = self._association_queries
        if not isinstance(queries, int):
            return None
        found = self._keyed(self._associated, "SELECT key, held, nodes FROM association WHERE key IN ({marks})",
                            list(dict.fromkeys(keys)), tuple)
        return queries, list(found.values())

    def _keyed(self, kept: dict[str, Any], sql: str, keys: list[str], value: Callable[[Any], Any]) -> dict[str, Any]:
        """``{key: value(row)}`` of the rows of ``sql`` (``… IN ({marks})``, the key its first column) for
        ``keys``, each key read once and kept in ``kept`` (an absent one as ``None``): a held library's
        queries share most of their words. Past :data:`KEYED_KEPT` keys the kept ones are forgotten."""
        found = {key: kept.get(key, _UNREAD) for key in keys}  # in the order asked
        missing = [key for key, row in found.items() if row is _UNREAD]
        if missing and len(kept) > KEYED_KEPT:
            kept.clear()
        for i in range(0, len(missing), _BATCH):
            part = missing[i : i + _BATCH]
            rows = {row[0]: value(row) for row in self._rows(sql.format(marks=",".join("?" * len(part))), part)}
            for key in part:
                found[key] = kept[key] = rows.get(key)
        return {key: row for key, row in found.items() if row is not None}

    @cached_property
    def _association_queries(self) -> Any:
        return self.meta("association_queries") if self._has_association else None

    @cached_property
    def _has_association(self) -> bool:
        return bool(self._rows("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'association'"))

    def all_forms(self) -> dict[str, tuple[str, ...]]:
        """The whole forms table (typo correction and compounds need every form)."""
        return {f: tuple(v.split("\t")) for f, v in self._rows("SELECT form, lemmas FROM forms")}


def _loads(text: str, revive: bool = False) -> Any:
    """JSON ``text`` parsed (its messages revived when ``revive``); damage
    becomes :class:`~lawref.errors.IndexDamaged`."""
    try:
        if revive:
            return json.loads(text, object_hook=revive_hook)
        return json.loads(text)
    except ValueError as exc:
        raise IndexDamaged(N_("{file} holds a value that is not JSON: {error}").format(
            file=NODES_FILE, error=exc)) from exc


def write(path: Path, documents: Sequence[Document], nodes: Sequence[Node], *, meta: Mapping[str, Any],
          labels: Mapping[str, str], forms: Mapping[str, list[str]], carry: Carry | None = None,
          asked: Mapping[str, list[str]] | None = None,
          association: tuple[int, Iterable[tuple[str, int, str]]] | None = None) -> None:
    """Write a new ``nodes.sqlite`` at ``path`` (which must not exist): the
    ``documents``, ``nodes`` in reading order with their ``labels`` and page
    edges, the backlinks, ``meta`` (JSON values by key), the ``forms``
    table, the ``asked`` table (the query association's forms) and the
    ``association`` rows (``(queries, rows)``, :func:`lawref.lang.associations.file_rows`). With
    ``carry``, the rows of the documents it names are copied from the
    previous store instead (see :class:`Carry`). Raises
    ``ValueError`` for duplicate node ids, :class:`OSError` when the file
    cannot be written."""
    if Path(path).exists():
        raise FileExistsError(17, "the node store exists", str(path))
    kept = carry.documents if carry is not None else frozenset()
    fresh = [n for n in nodes if n.doc not in kept]
    edges = page_edges(fresh)
    db = sqlite3.connect(path)
    try:
        db.executescript(_BULK + _SCHEMA)
        if carry is not None:
            db.execute("ATTACH DATABASE ? AS old", (str(carry.path),))  # only read
        _fill(db, documents, nodes, meta, labels, edges, forms, kept, carry is not None and carry.forms)
        db.executemany("INSERT INTO asked VALUES (?, ?)", ((f, "\t".join(v)) for f, v in sorted((asked or {}).items())))
        if association is not None:
            db.execute("INSERT INTO meta VALUES ('association_queries', ?)", (str(association[0]),))
            db.executemany("INSERT INTO association VALUES (?, ?, ?)", association[1])
        db.executescript(_INDEXES)
        db.commit()
    except sqlite3.IntegrityError as exc:
        raise ValueError(f"node ids are not unique: {exc}") from exc
    except sqlite3.Error as exc:
        raise OSError(N_("cannot write {file}: {error}").format(file=NODES_FILE, error=exc)) from exc
    finally:
        db.close()


def _fill(db: sqlite3.Connection, documents: Sequence[Document], nodes: Sequence[Node], meta: Mapping[str, Any],
          labels: Mapping[str, str], edges: Mapping[str, tuple[bool, bool]], forms: Mapping[str, list[str]],
          kept: frozenset[str], copy_forms: bool = False) -> None:
    """The rows of :func:`write`: the nodes of the documents ``kept`` copied
    from the attached previous store (``old``), moved to their new reading
    positions, their labels set anew; the rest made here."""
    dump = _dumps
    rows = dict(meta, documents=[d.to_json() for d in documents])
    db.executemany("INSERT INTO meta VALUES (?, CAST(? AS TEXT))", (
        (k, _utf8_list(v) if isinstance(v, list) else dump(v)) for k, v in rows.items()))
    seq = 0
    starts: dict[str, int] = {}
    for doc, mine in _by_document(nodes):
        if doc in kept:
            starts[doc] = seq
        else:
            db.executemany("INSERT INTO nodes VALUES (?,?,?,?,?,?,?,?,?,?,?)", (
                (seq + i, n.id, n.doc, n.kind, n.cite, n.parent, None if n.cite else labels.get(n.id),
                 int(edges[n.id][0]), int(edges[n.id][1]), n.title_en,
                 dump(n.to_json(full=True))) for i, n in enumerate(mine)))
            db.executemany("INSERT INTO refs VALUES (?, ?, ?, ?)", (
                (n.id, i, r.cite, r.id) for n in mine for i, r in enumerate(n.refs)))
        seq += len(mine)
    if kept:
        _copy_documents(db, starts)
        _relabel(db, labels)
    if copy_forms:
        db.execute("INSERT INTO forms SELECT form, lemmas FROM old.forms")
    else:
        db.executemany("INSERT INTO forms VALUES (?, ?)", ((f, "\t".join(forms[f])) for f in sorted(forms)))


def _by_document(nodes: Sequence[Node]) -> list[tuple[str, list[Node]]]:
    """``nodes`` cut into runs of one document, in order (a corpus holds each
    document's nodes together)."""
    out: list[tuple[str, list[Node]]] = []
    for n in nodes:
        if not out or out[-1][0] != n.doc:
            out.append((n.doc, []))
        out[-1][1].append(n)
    return out


def _copy_documents(db: sqlite3.Connection, starts: Mapping[str, int]) -> None:
    """Copy the rows of the documents ``starts`` names from the previous
    store in one pass each (nodes, then citations), each document's first
    node moved to its new reading position."""
    db.execute("CREATE TEMP TABLE shift(doc TEXT PRIMARY KEY, by INTEGER NOT NULL)")
    firsts = dict(db.execute("SELECT doc, MIN(seq) FROM old.nodes GROUP BY doc"))
    db.executemany("INSERT INTO shift VALUES (?, ?)", ((d, start - firsts[d]) for d, start in starts.items()))
    db.execute("INSERT INTO nodes SELECT o.seq + s.by, o.id, o.doc, o.kind, o.cite, o.parent, o.label, o.first, "
               "o.last, o.title_en, o.json FROM old.nodes o JOIN shift s ON s.doc = o.doc")
    db.execute("INSERT INTO refs SELECT r.source, r.ref, r.cite, r.target FROM old.refs r "
               "JOIN old.nodes o ON o.id = r.source JOIN shift s ON s.doc = o.doc")


def _relabel(db: sqlite3.Connection, labels: Mapping[str, str]) -> None:
    """Set the label of every copied node without a cite to ``labels``' (a
    label's ``(2)`` counts over the whole corpus, so another document's
    change can move it)."""
    stale = [(labels.get(i), i) for i, lab in db.execute("SELECT id, label FROM nodes WHERE cite IS NULL")
             if labels.get(i) != lab]
    db.executemany("UPDATE nodes SET label = ? WHERE id = ?", stale)


class Carry(NamedTuple):
    """What a build may copy from the previous node store at ``path``: the
    rows of ``documents``, whose nodes are the same node for node (their
    files did not change, and no citation of theirs can resolve otherwise:
    see :func:`lawref.store`); with ``forms``, the forms table as well."""

    path: Path
    documents: frozenset[str]
    forms: bool = False  # the corpus has the same words: copy the forms table too


#: One encoder for every value (``json.dumps`` with options makes a new one per call).
_dumps = json.JSONEncoder(ensure_ascii=False, separators=(",", ":")).encode


def _utf8_list(value: list[Any]) -> bytes:
    """``_dumps(value)`` of a list as UTF-8, made a piece at a time into one
    buffer (stored as text by SQLite's ``CAST``): the same text, without the
    whole list's JSON alive as a Python string, its encoder's chunks and
    SQLite's UTF-8 copy at once — the build report at 100× the seeds is 4.5 MB
    of JSON, and that was the build's peak memory; 20,000 law headings in one
    file make one file's report of 8 MB, so a list's items are not encoded
    whole either, down to :data:`_PIECE_DEPTH` levels."""
    out = bytearray()
    _utf8_into(value, out, _PIECE_DEPTH)
    return bytes(out)


#: How many levels of lists and dicts :func:`_utf8_list` encodes a piece at a time (a report's files, their
#: keys, their dropped lines): deeper values are small, encoded whole.
_PIECE_DEPTH = 3


def _utf8_into(value: Any, out: bytearray, depth: int) -> None:
    """``_dumps(value)`` as UTF-8 appended to ``out``, lists and dicts with string keys ``depth`` levels
    deep a part at a time."""
    if depth and isinstance(value, list):
        out += b"["
        for k, item in enumerate(value):
            if k:
                out += b","
            _utf8_into(item, out, depth - 1)
        out += b"]"
    elif depth and isinstance(value, dict) and all(type(key) is str for key in value):
        out += b"{"
        for k, (key, item) in enumerate(value.items()):
            out += b"," if k else b""
            out += _dumps(key).encode("utf-8") + b":"
            _utf8_into(item, out, depth - 1)
        out += b"}"
    else:
        out += _dumps(value).encode("utf-8")
