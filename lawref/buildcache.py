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
* ``docs(doc, value)`` — each document's signature (its entry and its files'
  keys): the documents whose signature changed are the ones deleted from and
  added again to whoosh's index, which is otherwise carried over.

Values are JSON. Nothing here is ever read as code.
"""

from __future__ import annotations

import hashlib
import json
import sqlite3
from collections.abc import Iterable, Mapping
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import quote

from lawref.folder import Generation
from lawref.model import Citation

__all__ = ["CACHE_FILE", "BuildCache", "citation_key", "file_key"]

CACHE_FILE = "build.sqlite"
_TABLES = ("files", "citations", "words", "docs")


def file_key(data: bytes, spec: Mapping[str, Any] | None, encoding: str | None, limit: int) -> str:
    """The cache key of one corpus file: SHA-256 over its bytes, its manifest
    entry (as JSON), a forced encoding and the per-file limit."""
    h = hashlib.sha256(data)
    h.update(json.dumps([spec, encoding, limit], sort_keys=True, default=str).encode())
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


@dataclass
class BuildCache:
    """The cache a build reads from (``old``: the live generation's) and the
    one it writes (``new``: what this build used or worked out). ``hits``
    and ``misses`` count files taken from the cache and files ingested."""

    version: str
    old: dict[str, dict[str, Any]] = field(default_factory=lambda: {t: {} for t in _TABLES})
    new: dict[str, dict[str, Any]] = field(default_factory=lambda: {t: {} for t in _TABLES})
    hits: int = 0
    misses: int = 0

    @classmethod
    def load(cls, gen: Generation | None, version: str) -> BuildCache:
        """The cache of generation ``gen`` when it has one made by lawref
        ``version`` and it is intact; else an empty cache (everything is
        built anew — never an error)."""
        cache = cls(version)
        if gen is None or CACHE_FILE not in gen.meta.get("files", {}):
            return cache
        try:
            gen.verify([CACHE_FILE])
            cache.old = _read(gen.path / CACHE_FILE, version)
        except Exception:  # noqa: BLE001 — a damaged or foreign cache only costs a full build
            cache.old = {t: {} for t in _TABLES}
        return cache

    def get(self, table: str, key: str) -> Any:
        """The value of ``key`` in ``table`` (old or new), kept for the new
        cache; ``None`` when unknown."""
        found = self.new[table].get(key)
        if found is None:
            found = self.old[table].get(key)
            if found is not None:
                self.new[table][key] = found
        return found

    def put(self, table: str, key: str, value: Any) -> None:
        """Record ``value`` for ``key`` in the new cache."""
        self.new[table][key] = value

    def previous_docs(self) -> dict[str, Any]:
        """Document signatures of the build this cache came from."""
        return dict(self.old["docs"])

    def write(self, path: Path) -> None:
        """Write the new cache to ``path`` (a new file). Raises :class:`OSError`."""
        db = sqlite3.connect(path)
        try:
            db.execute("CREATE TABLE meta(key TEXT PRIMARY KEY, value TEXT NOT NULL)")
            db.execute("INSERT INTO meta VALUES ('version', ?)", (self.version,))
            for table in _TABLES:
                db.execute(f"CREATE TABLE {table}(key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID")
                db.executemany(f"INSERT INTO {table} VALUES (?, ?)", _rows(self.new[table].items()))
            db.commit()
        except sqlite3.Error as exc:
            raise OSError(f"cannot write {CACHE_FILE}: {exc}") from exc
        finally:
            db.close()


def _rows(items: Iterable[tuple[str, Any]]) -> Iterable[tuple[str, str]]:
    return ((k, json.dumps(v, ensure_ascii=False, separators=(",", ":"))) for k, v in items)


def _read(path: Path, version: str) -> dict[str, dict[str, Any]]:
    """Every table of the cache at ``path``; empty tables when it was made by another version."""
    db = sqlite3.connect(f"file:{quote(str(path))}?mode=ro&immutable=1", uri=True)
    try:
        row = db.execute("SELECT value FROM meta WHERE key = 'version'").fetchone()
        if row is None or row[0] != version:
            return {t: {} for t in _TABLES}
        return {t: {k: json.loads(v) for k, v in db.execute(f"SELECT key, value FROM {t}")} for t in _TABLES}
    finally:
        db.close()
