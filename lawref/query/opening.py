"""query.opening: open the index of a corpus, rebuilding it first when it is missing, stale or damaged.

Default places: the corpus is ``$LAWREF_CORPUS`` or the one shipped in the
package; the index is ``$LAWREF_INDEX`` or ``<user cache>/lawref/index-<hash
of corpus path>`` (:mod:`lawref.userdirs`). The only arrow from the query side back to
the build side starts here: :func:`open_library` loads :mod:`lawref.store`
only to rebuild.
"""

from __future__ import annotations

import importlib
import os
from collections.abc import Callable
from pathlib import Path

from lawref import fresh, seal, userdirs
from lawref.errors import IndexDamaged, IndexUnavailable
from lawref.folder import check_foreign
from lawref.folder import open_live as open_generation
from lawref.i18n import N_, said
from lawref.library import Library

__all__ = ["default_corpus", "default_index", "open_library"]


def default_corpus() -> Path:
    """The corpus shipped inside the package (the four seed files)."""
    return Path(__file__).resolve().parent.parent / "corpus"


def default_index(corpus_dir: Path) -> Path:
    """Per-user cache folder for the index of ``corpus_dir``: ``index-`` and
    the first 12 hex digits of the SHA-256 of its resolved path."""
    key = _sha256(os.fsencode(Path(corpus_dir).resolve()))[:12]
    return userdirs.cache_path() / f"index-{key}"


def _sha256(data: bytes) -> str:
    """SHA-256 (64 hex digits) of ``data`` by CPython's own module (``_sha2``
    from Python 3.12, ``_sha256`` before): :mod:`hashlib` loads OpenSSL
    first, ~4 ms of CPU of a cold command (issue 28); hashlib's where neither is."""
    for name in ("_sha2", "_sha256", "hashlib"):
        try:
            return str(importlib.import_module(name).sha256(data).hexdigest())
        except ImportError:
            continue
    raise ImportError("no SHA-256")  # pragma: no cover - hashlib is always there



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
            reason = said(exc)
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
        _stale_said(on_stale, reason, said(exc))
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


