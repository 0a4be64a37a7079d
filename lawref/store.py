"""store: write an index folder — claim it, build a generation, swap it in.

The build side's end: a built :class:`~lawref.corpus.Corpus` is written as a
new generation of the index folder (layout in :mod:`lawref.folder`), and
``CURRENT`` is pointed at it with one rename. Builders serialise on a
``flock`` of the folder's ``.lock``; a builder that waited re-checks the
stamp first, so twenty queries that find the index stale cause one rebuild,
not twenty.

Safety: lawref writes only into a folder it created or found empty, marks it
at once (``LAWREF-INDEX.json``) and afterwards deletes nothing but ``gen-*``
folders inside a marked folder. A non-empty folder without the marker is
refused (:class:`~lawref.errors.IndexFolderError`) — except the exact file
set of an index written by lawref 0.1 (``STAMP``, ``corpus.json``, whoosh's
``_MAIN_*.toc`` …, nothing else), which is converted in place.
"""

from __future__ import annotations

import contextlib
import fcntl
import hashlib
import json
import os
import shutil
import time
import uuid
from collections.abc import Callable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any

from lawref import folder as F
from lawref import index as idx
from lawref import nodestore
from lawref.corpus import Corpus, build_corpus
from lawref.errors import CorpusError, IndexUnavailable
from lawref.model import Document, Node
from lawref.nodestore import MemoryStore
from lawref.safeio import atomic_write, display_name
from lawref.scan import code_version, scan, stamp

__all__ = ["build", "build_index", "claim", "commit", "ensure", "locked", "new_generation", "sweep"]


def claim(index_dir: Path) -> None:
    """Make ``index_dir`` a marked lawref index folder, creating it (and its
    parents) when missing. Raises :class:`~lawref.errors.IndexFolderError`
    when it is a file, a folder of a newer lawref, or a non-empty folder
    lawref did not mark — then nothing is written there at all;
    :class:`OSError` when it cannot be created. Safe to call concurrently."""
    index_dir = Path(index_dir)
    F.check_foreign(index_dir)
    index_dir.mkdir(parents=True, exist_ok=True)
    if F.check_foreign(index_dir):
        return
    with locked(index_dir):  # one claimer marks the folder; the others find it marked
        if F.check_foreign(index_dir):
            return
        for path in F.legacy_files(index_dir) or []:
            path.unlink()
        atomic_write(index_dir / F.MARKER, json.dumps(F.marker_payload(), indent=2) + "\n")


@contextlib.contextmanager
def locked(index_dir: Path) -> Iterator[None]:
    """Hold an exclusive ``flock`` on ``<index_dir>/.lock`` (waits until free).
    ``index_dir`` must be claimed."""
    with open(Path(index_dir) / F.LOCK, "a", encoding="utf-8") as handle:
        fcntl.flock(handle.fileno(), fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle.fileno(), fcntl.LOCK_UN)


def new_generation(index_dir: Path) -> Path:
    """A new, empty generation folder inside claimed ``index_dir``."""
    path = Path(index_dir) / f"{F.GEN_PREFIX}{time.time_ns():x}-{uuid.uuid4().hex[:8]}"
    path.mkdir()
    return path


def _digest(path: Path) -> str:
    h = hashlib.sha256()
    with open(path, "rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def _fsync_dir(path: Path) -> None:
    fd = os.open(path, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def commit(index_dir: Path, gen: Path, *, stamp: str, encoding: str | None) -> None:
    """Seal generation ``gen`` (checksums of its files into ``META.json``,
    synced to disk) and make it the live one by replacing ``CURRENT`` in one
    rename; then delete generations older than the one it replaces. Call
    under :func:`locked`."""
    previous = _current_or_none(index_dir)
    files = {p.name: _digest(p) for p in sorted(gen.iterdir()) if p.is_file() and p.name != F.META}
    meta = {"format": F.FORMAT, "stamp": stamp, "encoding": encoding or "", "files": files,
            "built": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()), "replaces": previous}
    atomic_write(gen / F.META, json.dumps(meta, indent=1) + "\n")
    _fsync_dir(gen)
    atomic_write(Path(index_dir) / F.CURRENT, gen.name + "\n")
    sweep(index_dir, keep={gen.name, previous or ""})


def _current_or_none(index_dir: Path) -> str | None:
    try:
        return F.current_name(index_dir)
    except IndexUnavailable:
        return None


def sweep(index_dir: Path, keep: set[str]) -> None:
    """Delete the ``gen-*`` folders of marked ``index_dir`` not in ``keep``
    (left by crashed builds, or two builds old). Touches nothing else."""
    if not F.is_marked(index_dir):
        return
    for path in Path(index_dir).iterdir():
        if path.name not in keep and F.GEN_NAME.fullmatch(path.name) and path.is_dir() and not path.is_symlink():
            shutil.rmtree(path, ignore_errors=True)


def build_index(nodes: Sequence[Node], index_dir: Path, *, stamp: str, encoding: str | None = None,
                documents: Sequence[Document] | None = None, meta: Mapping[str, Any] | None = None) -> None:
    """Make an index of ``nodes`` the live one of ``index_dir`` (claimed
    first): whoosh's files and the node store (:mod:`lawref.nodestore`: the
    nodes, ``documents`` — by default one ``laws`` document per ``doc`` the
    nodes name — ``meta`` and the forms table), sealed with ``stamp``.
    Loads pymorphy3. Raises ``ValueError`` for duplicate node ids, what
    :func:`claim` raises, and :class:`OSError` (the live index stays as it
    was)."""
    docs = documents if documents is not None else [Document(d, "laws") for d in dict.fromkeys(n.doc for n in nodes)]
    claim(index_dir)
    with locked(index_dir):
        _write_locked(nodes, docs, Path(index_dir), stamp, encoding, meta or {})


def _write_locked(nodes: Sequence[Node], documents: Sequence[Document], index_dir: Path, stamp: str,
                  encoding: str | None, meta: Mapping[str, Any]) -> None:
    gen = new_generation(index_dir)
    try:
        idx.write_index(nodes, gen)
        _write_store(gen, documents, nodes, meta)
        commit(index_dir, gen, stamp=stamp, encoding=encoding)
    except BaseException:
        shutil.rmtree(gen, ignore_errors=True)
        raise


def _write_store(gen: Path, documents: Sequence[Document], nodes: Sequence[Node], meta: Mapping[str, Any]) -> None:
    """The node store of a new generation, with the labels people see for
    nodes without a cite (worked out over the whole corpus, as the query
    side shows them) and the forms table."""
    from lawref.library import Library

    labels = Library(MemoryStore(documents, nodes)).labels
    nodestore.write(gen / nodestore.NODES_FILE, documents, nodes, meta=meta, labels=labels,
                    forms=idx.forms_table(nodes))


Progress = Callable[[str, int, int], None]


def _meta(corpus: Corpus, corpus_dir: Path) -> dict[str, Any]:
    """What the node store keeps beside the nodes: the build report, the
    corpus folder, the real names of renamed files, the default edition."""
    return {
        "report": [r.to_json() for r in corpus.reports],
        "corpus": os.fsdecode(os.path.abspath(corpus_dir)).encode("utf-8", "backslashreplace").decode(),
        "paths": corpus.paths,
        "default_edition": corpus.default_edition,
    }


def build(corpus_dir: Path, index_dir: Path, *, encoding: str | None = None,
          progress: Progress | None = None) -> Corpus:
    """Build the corpus of ``corpus_dir`` and make it the live index of
    ``index_dir`` (claimed first; see :func:`claim`).

    Returns the corpus. When nothing usable was built (``corpus.usable()``
    is false) the live index is left as it was. Raises
    :class:`~lawref.errors.CorpusError` (the folder, manifest or limits),
    :class:`~lawref.errors.IndexFolderError` (a folder that is not ours) and
    :class:`OSError` (the index cannot be written; the old one stays)."""
    claim(index_dir)
    with locked(index_dir):
        return _build_locked(Path(corpus_dir), Path(index_dir), encoding, progress)


def _build_locked(corpus_dir: Path, index_dir: Path, encoding: str | None, progress: Progress | None) -> Corpus:
    corpus = build_corpus(corpus_dir, version=code_version(), encoding=encoding, progress=progress)
    if not corpus.usable():
        return corpus
    _write_locked(corpus.nodes, corpus.documents, index_dir, corpus.stamp, encoding, _meta(corpus, corpus_dir))
    return corpus


def ensure(corpus_dir: Path, index_dir: Path, *, progress: Progress | None = None) -> bool:
    """Rebuild the index of ``corpus_dir`` unless it is up to date (or
    another process brought it up to date while this one waited for the
    lock); True when this call rebuilt it. An index built with a forced
    ``--encoding`` keeps it. Raises :class:`~lawref.errors.CorpusError` when
    nothing usable is left in the corpus, and what :func:`build` raises."""
    claim(index_dir)
    with locked(index_dir):
        encoding = _live_encoding(index_dir)
        if _is_fresh(index_dir, stamp(scan(corpus_dir), code_version(), encoding)):
            return False
        corpus = _build_locked(Path(corpus_dir), Path(index_dir), encoding, progress)
    if not corpus.usable():
        raise CorpusError(f"nothing usable in the corpus {display_name(str(corpus_dir))} "
                          "(see 'lawref build --report')")
    return True


def _live_encoding(index_dir: Path) -> str | None:
    try:
        return F.open_generation(index_dir).encoding
    except IndexUnavailable:
        return None


def _is_fresh(index_dir: Path, want: str) -> bool:
    """The live build has stamp ``want`` and all its files are intact."""
    try:
        gen = F.open_generation(index_dir)
        if gen.stamp != want:
            return False
        gen.verify()
    except IndexUnavailable:
        return False
    return True
