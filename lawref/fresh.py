"""fresh: whether the live index is still the corpus's, told without reading a file.

A query must not hash every corpus file and index file to learn that
nothing changed (issue 13: the check is most of a cold query on a large
corpus). After a full check found the index fresh (content hashes:
:func:`lawref.query.opening._stale`), :func:`record` stores a *fingerprint*: the
``stat`` of every entry under the corpus folder, of every file of the live
generation and of lawref's own source files (size, modification and
change times in ns, inode). :func:`unchanged` recomputes it — one ``stat``
per file — and the full check runs again only when it differs, as git does
for its index. Writing a file changes its change time (``ctime``), which no
tool sets back, so an edited, added, removed or damaged file always sends
the query to the full check; ``touch`` alone costs one full check, never a
rebuild. A file changed within :data:`RACY_SECONDS` of the check is not
trusted to its times: no fingerprint is recorded then.

The fingerprint lives in the index folder (``FRESH.json``), sealed with the
user's key (:mod:`lawref.seal`): whoever can write the folder cannot forge a
record that skips the check. A folder lawref cannot write to simply gets the
full check every time.
"""

from __future__ import annotations

import json
import os
import time
from pathlib import Path

from lawref import folder, seal
from lawref.errors import IndexUnavailable, LawrefError
from lawref.safeio import atomic_write

__all__ = ["FRESH", "fingerprint", "record", "unchanged"]

FRESH = "FRESH.json"
#: A file whose times are this close to the check may still be written in the same clock tick.
RACY_SECONDS = 2.0
#: More entries than this under the corpus folder: no fast path (the scan's own limits apply).
MAX_ENTRIES = 20_000
#: The largest ``FRESH.json`` read (about 100 bytes a file).
MAX_FRESH_BYTES = 4 * 1024 * 1024
_CODE = Path(__file__).resolve().parent


def _stats(root: Path, limit: int, suffix: str = "") -> list[tuple[str, int, int, int, int]] | None:
    """``(relative path, size, mtime_ns, ctime_ns, inode)`` of every entry
    under ``root`` whose name ends with ``suffix`` (links to files followed
    for their times, folders not entered through links, nor a lawref index
    folder inside the corpus), sorted; ``None`` past ``limit`` entries. An
    iterative walk: a tree a thousand folders deep is walked like any other
    (``os.walk`` recurses)."""
    out: list[tuple[str, int, int, int, int]] = []
    stack, top = [str(root)], str(root) + os.sep  # an entry's path is ``top`` + its relative path
    while stack:
        top = stack.pop()
        try:
            entries = sorted(os.scandir(top), key=lambda e: e.name)
        except OSError:
            continue
        for entry in entries:
            try:
                is_dir = entry.is_dir(follow_symlinks=False)
            except OSError:
                is_dir = False
            if is_dir:
                if os.path.isfile(os.path.join(entry.path, folder.MARKER)):
                    continue  # --index inside --corpus: its own writes are no change of the corpus
                stack.append(entry.path)
            if entry.name.endswith(suffix):
                out.append(_stat_row(entry.path, root, top))
                if len(out) > limit:
                    return None
    return sorted(out)


def _stat_row(path: str, root: Path, top: str) -> tuple[str, int, int, int, int]:
    rel = path[len(top):] if path.startswith(top) else os.path.relpath(path, root)  # relpath: 30 µs an entry
    try:
        st = os.stat(path)
    except OSError:
        return (rel, -1, 0, 0, 0)
    return (rel, st.st_size, st.st_mtime_ns, st.st_ctime_ns, st.st_ino)


def fingerprint(corpus_dir: Path, index_dir: Path) -> tuple[str, float] | None:
    """``(fingerprint, newest time)`` of the corpus folder, the live
    generation of ``index_dir`` and lawref's source files: their entries'
    ``stat`` as JSON text (see the module doc; compared whole, so no hash
    is needed), and the newest change time (``ctime``, which the kernel
    sets: a file dated in the future by its mtime does not keep the fast
    path off) among them (seconds since the epoch). ``None`` when there is no live generation or
    too many entries."""
    try:
        name = folder.current_name(index_dir)
    except (IndexUnavailable, LawrefError):
        return None
    corpus = Path(os.path.abspath(corpus_dir))
    parts = [_stats(corpus, MAX_ENTRIES), _stats(Path(index_dir) / name, MAX_ENTRIES), _stats(_CODE, 2000, ".py")]
    if any(p is None for p in parts):
        return None
    text = json.dumps([name, os.fsencode(corpus).hex(), parts])
    newest = max((e[3] for p in parts if p for e in p), default=0) / 1e9  # ctime: a future mtime says nothing
    return text, newest


def unchanged(corpus_dir: Path, index_dir: Path) -> bool:
    """True when the fingerprint recorded in ``index_dir`` is the current one:
    nothing changed since a full check found the index fresh."""
    try:
        recorded = json.loads((Path(index_dir) / FRESH).read_bytes()[:MAX_FRESH_BYTES])
    except (OSError, ValueError):
        return False
    found = fingerprint(corpus_dir, index_dir)
    if found is None or not isinstance(recorded, dict) or recorded.get("fingerprint") != found[0]:
        return False
    return isinstance(recorded.get("seal"), str) and seal.check(recorded["seal"], "fresh", found[0].encode("utf-8"))


def record(corpus_dir: Path, index_dir: Path) -> bool:
    """Record the current fingerprint after a full check found the index
    fresh; True when recorded. Nothing is recorded for a folder that is not
    writable, or when a file changed less than :data:`RACY_SECONDS` ago."""
    found = fingerprint(corpus_dir, index_dir)
    if found is None or found[1] > time.time() - RACY_SECONDS:
        return False
    try:
        atomic_write(Path(index_dir) / FRESH, json.dumps(
            {"fingerprint": found[0], "seal": seal.sign("fresh", found[0].encode("utf-8"))}) + "\n")
    except OSError:
        return False
    return True
