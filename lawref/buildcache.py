"""buildcache: what a build worked out, kept so the next build redoes only what changed.

Issue 13: editing one file of a 400-file corpus rebuilt everything (17 s).
Each generation keeps ``build.sqlite`` beside its index (sealed with the
other files); the next build opens the live generation's (checksum
verified, same lawref code — else it is ignored and everything is redone)
and takes from it:

* ``files(key, value)`` — a file's ingest result (its report, its nodes
  before merging and resolution, first printed page, letters, title), by a
  key over the file's bytes, its manifest entry, a forced encoding and the
  per-file limit: a file whose key is known is not read, cleaned or parsed
  again;
* ``citations(key, value)`` — the citations found in a node's text, by a key
  over the text and how its document reads it (commentary, letters): the
  citations of unchanged text are not looked for again (resolving them —
  dictionary lookups — is redone for every node, since a changed document
  may hold or lose their targets);
* ``words(word, value)`` — a corpus word's index terms and the forms of its
  lexeme (pymorphy3's slowest work);
* ``filewords(key, value)`` — the words (as the index norms them) of a
  file's nodes, by the file's key: the forms table is made from them
  without reading every text again;
* ``frames(key, value)`` — the decoded start and end of a file, by its
  bytes' digest, forced encoding and limit: what the folder's chrome is
  learnt from (:func:`lawref.corpus.learn_chrome`) without decoding every
  file again;
* ``chrome(key, value)`` — a folder's chrome (the frame keys learnt), by a
  key over its files' digests, forced encoding and limit: a folder whose
  files are all unchanged is not learnt again;
* ``lexemes(word, value)`` — the forms of a query-association lemma the
  corpus lacks (its lexeme alone: :func:`lawref.forms.association_forms`);
* ``docs(doc, value)`` — each document's signature (its entry and its files'
  keys): the documents whose signature changed are the ones deleted from and
  added again to whoosh's index, which is otherwise carried over.

Values are JSON. Nothing here is ever read as code.
"""

from __future__ import annotations

import hashlib
import json
import sqlite3
from collections.abc import Callable, Mapping
from dataclasses import asdict
from pathlib import Path
from typing import Any
from urllib.parse import quote

from lawref.citations import Citation
from lawref.folder import Generation
from lawref.i18n import N_

__all__ = ["CACHE_FILE", "BuildCache", "citation_key", "file_key"]

CACHE_FILE = "build.sqlite"
#: One encoder for every value (``json.dumps`` with options makes a new one per call).
_ENCODE = json.JSONEncoder(ensure_ascii=False, separators=(",", ":")).encode
_TABLES = ("files", "citations", "words", "docs", "filewords", "frames", "chrome", "lexemes")


def file_key(name: str, digest: bytes, spec: Mapping[str, Any] | None, encoding: str | None, limit: int) -> str:
    """The cache key of one corpus file: SHA-256 over the SHA-256 ``digest``
    of its bytes, its shown ``name`` (the report, the document a file no
    manifest names and every node's source are named after it: two files
    with the same bytes are two results), its manifest entry (as JSON), a
    forced encoding and the per-file limit."""
    h = hashlib.sha256(digest)
    h.update(json.dumps([name, spec, encoding, limit], sort_keys=True, default=str).encode("utf-8", "surrogatepass"))
    return h.hexdigest()


def citation_key(text: str, commentary: bool, alphabet: bool) -> str:
    """The cache key of the citations of a node's ``text`` read as its
    document reads it (BLAKE2b, 128 bits)."""
    h = hashlib.blake2b(text.encode("utf-8", "surrogatepass"), digest_size=16)
    h.update(bytes([commentary, alphabet]))
    return h.hexdigest()


def citation_to_json(c: Citation) -> dict[str, Any]:
    """A :class:`~lawref.model.Citation` as a JSON dict."""
    return asdict(c)


def citation_from_json(d: Mapping[str, Any]) -> Citation:
    """The inverse of :func:`citation_to_json`."""
    return Citation(d["start"], d["end"], d["text"], tuple(d["cites"]), d["kind"], d["truncated"], d["reading"],
                    d["mixed"])


class BuildCache:
    """The cache a build reads from (the live generation's, opened
    read-only) and the one it writes (what this build used or worked out,
    as JSON text: an entry taken over is written back as it was read).
    ``hits`` and ``misses`` count files taken from the cache and files
    ingested."""

    def __init__(self, version: str) -> None:
        self.version = version
        self._old: sqlite3.Connection | None = None
        self._old_path: Path | None = None
        self._fresh: dict[str, set[str]] = {t: set() for t in _TABLES}  # keys this build worked out
        self._bulk: dict[str, dict[str, str]] = {}  # small tables read whole
        self.new: dict[str, dict[str, str]] = {t: {} for t in _TABLES}
        self.hits = self.misses = 0
        self.notes: dict[str, str] = {}  # small values kept beside the tables (meta), new
        self.digests: dict[str, bytes] = {}  # file name → SHA-256 of the bytes read (the stamp needs them too)
        self._old_notes: dict[str, str] = {}

    @classmethod
    def load(cls, gen: Generation | None, version: str, *, verified: bool = False) -> BuildCache:
        """The cache of generation ``gen`` when it has one made by lawref
        ``version`` and it is intact (checked against its checksum unless
        ``verified``: the caller has just checked it); else an empty cache
        (everything is built anew — never an error)."""
        cache = cls(version)
        if gen is None or CACHE_FILE not in gen.meta.get("files", {}):
            return cache
        try:
            if not verified:
                gen.verify([CACHE_FILE])
            cache._open(gen.path / CACHE_FILE)
        except Exception:  # noqa: BLE001 — a damaged or foreign cache only costs a full build
            cache.close()
        return cache

    def _open(self, path: Path) -> None:
        db = sqlite3.connect(f"file:{quote(str(path))}?mode=ro&immutable=1", uri=True, check_same_thread=False)
        self._old, self._old_path = db, path
        row = db.execute("SELECT value FROM meta WHERE key = 'version'").fetchone()
        if row is None or row[0] != self.version:
            self.close()
            return
        self._bulk = {t: dict(db.execute(f"SELECT key, value FROM {t}"))
                      for t in ("citations", "words", "docs", "lexemes")}
        self._old_notes = dict(db.execute("SELECT key, value FROM meta WHERE key != 'version'"))

    def close(self) -> None:
        """Let the old cache go (an empty old cache from then on)."""
        if self._old is not None:
            self._old.close()
        self._old, self._old_path, self._bulk, self._old_notes = None, None, {}, {}

    @property
    def old(self) -> dict[str, dict[str, Any]]:
        """Every table of the old cache, parsed (for tests and reports)."""
        if self._old is None:
            return {t: {} for t in _TABLES}
        files = dict(self._old.execute("SELECT key, value FROM files"))
        raw = {"files": files, **self._bulk}
        for table in ("filewords", "frames", "chrome"):
            raw[table] = dict(self._old.execute(f"SELECT key, value FROM {table}"))
        return {t: {k: json.loads(v) for k, v in raw.get(t, {}).items()} for t in _TABLES}

    def _old_text(self, table: str, key: str) -> str | None:
        if table in self._bulk:
            return self._bulk[table].get(key)
        if self._old is None:
            return None
        row = self._old.execute(f"SELECT value FROM {table} WHERE key = ?", (key,)).fetchone()
        return row[0] if row else None

    def get(self, table: str, key: str, hook: Callable[[dict[str, Any]], Any] | None = None) -> Any:
        """The value of ``key`` in ``table`` (new or old), kept for the new
        cache; ``None`` when unknown. ``hook`` is called on each JSON object
        as it is parsed (``json.loads``'s ``object_hook``)."""
        text = self.new[table].get(key)
        if text is None:
            text = self._old_text(table, key)
            if text is None:
                return None
            self.new[table][key] = text
        return json.loads(text, object_hook=hook)

    def has(self, table: str, key: str) -> bool:
        """Whether ``key`` of ``table`` is known (new or old): kept for the
        new cache, as :meth:`get` keeps it, its value not parsed."""
        if key in self.new[table]:
            return True
        text = self._old_text(table, key)
        if text is not None:
            self.new[table][key] = text
        return text is not None

    def put(self, table: str, key: str, value: Any) -> None:
        """Record ``value`` for ``key`` in the new cache."""
        text = _ENCODE(value)
        if self._old_text(table, key) != text:
            self._fresh[table].add(key)
        self.new[table][key] = text

    def note(self, key: str) -> str | None:
        """A small value the previous build kept (``words``: a digest of its word set)."""
        return self._old_notes.get(key)

    def previous_docs(self) -> dict[str, Any]:
        """Document signatures of the build this cache came from."""
        return {k: json.loads(v) for k, v in self._bulk.get("docs", {}).items()}

    def write(self, path: Path) -> None:
        """Write the new cache to ``path`` (a new file): the old one copied and
        brought up to date (entries this build did not use deleted, new ones
        added) when there is one, else made anew. Raises :class:`OSError`."""
        if self._old_path is not None:
            self._write_delta(path)
            return
        db = sqlite3.connect(path)
        try:
            db.executescript("PRAGMA journal_mode = OFF; PRAGMA synchronous = OFF;")  # a new file, sealed after
            db.execute("CREATE TABLE meta(key TEXT PRIMARY KEY, value TEXT NOT NULL)")
            db.execute("INSERT INTO meta VALUES ('version', ?)", (self.version,))
            db.executemany("INSERT INTO meta VALUES (?, ?)", self.notes.items())
            for table in _TABLES:
                db.execute(f"CREATE TABLE {table}(key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID")
                db.executemany(f"INSERT INTO {table} VALUES (?, ?)", self.new[table].items())
            db.commit()
        except sqlite3.Error as exc:
            raise OSError(N_("cannot write {file}: {error}").format(file=CACHE_FILE, error=exc)) from exc
        finally:
            db.close()

    def _write_delta(self, path: Path) -> None:
        """:meth:`write` from a copy of the old cache."""
        import shutil

        assert self._old_path is not None
        shutil.copyfile(self._old_path, path)
        db = sqlite3.connect(path)
        try:
            db.executescript("PRAGMA journal_mode = OFF; PRAGMA synchronous = OFF;")
            for table in _TABLES:
                keep = self.new[table]
                gone = [(k,) for (k,) in db.execute(f"SELECT key FROM {table}") if k not in keep]
                db.executemany(f"DELETE FROM {table} WHERE key = ?", gone)
                db.executemany(f"INSERT OR REPLACE INTO {table} VALUES (?, ?)",
                               ((k, keep[k]) for k in self._fresh[table]))
            db.execute("DELETE FROM meta WHERE key != 'version'")
            db.executemany("INSERT INTO meta VALUES (?, ?)", self.notes.items())
            db.commit()
        except sqlite3.Error as exc:
            raise OSError(N_("cannot write {file}: {error}").format(file=CACHE_FILE, error=exc)) from exc
        finally:
            db.close()
