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
from types import ModuleType
from typing import Any

from lawref import folder as F
from lawref import nodestore, seal
from lawref.errors import CorpusError, IndexUnavailable
from lawref.folder import Generation
from lawref.i18n import N_
from lawref.model import Document, Node
from lawref.records import Corpus, FileReport
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


def _digests(gen: Path, previous: Generation | None) -> dict[str, str]:
    """SHA-256 of every file of ``gen``; a file that is a hard link of the
    previous (sealed) generation's file of the same name keeps its recorded
    digest (whoosh's carried-over segments are not read again)."""
    known: dict[str, str] = dict(previous.meta["files"]) if previous is not None else {}
    out = {}
    for p in sorted(gen.iterdir()):
        if not p.is_file() or p.name in (F.META, F.SEAL):
            continue
        same = previous is not None and p.name in known and _same_file(p, previous.path / p.name)
        out[p.name] = known[p.name] if same else _digest(p)
    return out


def _same_file(a: Path, b: Path) -> bool:
    try:
        return os.path.samefile(a, b)
    except OSError:
        return False


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
    previous = _sealed_live(index_dir)
    files = _digests(gen, previous)
    meta = {"format": F.FORMAT, "stamp": stamp, "encoding": encoding or "", "files": files,
            "built": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
            "replaces": previous.path.name if previous else None}
    raw = (json.dumps(meta, indent=1) + "\n").encode("utf-8")
    atomic_write(gen / F.META, raw)
    atomic_write(gen / F.SEAL, seal.sign("meta", gen.name.encode("ascii"), raw) + "\n")
    _fsync_dir(gen)
    atomic_write(Path(index_dir) / F.CURRENT, gen.name + "\n")
    sweep(index_dir, keep={gen.name, previous.path.name if previous else ""})


def _sealed_live(index_dir: Path) -> Generation | None:
    """The live generation when its seal holds (its recorded digests may be
    carried over, its forced encoding kept), else ``None``."""
    try:
        return F.open_generation(index_dir)
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


def _writing() -> ModuleType:
    """:mod:`lawref.writing`, loaded when a generation is written: a build
    that finds nothing changed never loads the cleaning, the parser or
    whoosh's writer (issue 28: it costs ≤ 2% of a full build)."""
    from lawref import writing  # the build proper: only to write a generation

    return writing


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
        _writing().write_locked(nodes, docs, Path(index_dir), stamp, encoding, meta or {})


def meta_path(corpus_dir: Path) -> str:
    """The corpus folder as the node store keeps it (absolute, undecodable bytes escaped)."""
    return os.fsdecode(os.path.abspath(corpus_dir)).encode("utf-8", "backslashreplace").decode()


Progress = Callable[[str, int, int], None]


#: The fields of a file's report a build that finds nothing changed reads back when asked only what it says.
SAID = ("file", "doc", "status", "warnings", "structure")


def build(corpus_dir: Path, index_dir: Path, *, encoding: str | None = None,
          progress: Progress | None = None, full: bool = False, said_only: bool = False) -> Corpus:
    """Build the corpus of ``corpus_dir`` and make it the live index of
    ``index_dir`` (claimed first; see :func:`claim`).

    Returns the corpus. When nothing usable was built (``corpus.usable()``
    is false) the live index is left as it was. Raises
    :class:`~lawref.errors.CorpusError` (the folder, manifest or limits),
    :class:`~lawref.errors.IndexFolderError` (a folder that is not ours) and
    :class:`OSError` (the index cannot be written; the old one stays).

    When nothing changed since the live build (:func:`_unchanged`), it is
    kept as it is and returned (``corpus.unchanged``). Files, texts and
    words the live generation's build cache knows are taken from it, and
    whoosh's index is carried over with only the changed documents
    re-indexed; ``full`` builds everything anew. ``said_only``: a build
    that finds nothing changed reads back only the report fields
    :data:`SAID` of each file (what ``lawref build`` prints without
    ``--report``), not the whole report. Raises
    :class:`~lawref.errors.KeyUnavailable` before any work when the key
    that seals the index (:mod:`lawref.seal`) cannot be had."""
    seal.require()
    claim(index_dir)
    with locked(index_dir):
        kept = None if full else _unchanged(Path(corpus_dir), Path(index_dir), encoding, said_only)
        return kept if kept is not None else _writing().build_locked(Path(corpus_dir), Path(index_dir), encoding,
                                                                       progress, full)


def _unchanged(corpus_dir: Path, index_dir: Path, encoding: str | None, said_only: bool = False) -> Corpus | None:
    """The live build, when nothing it was made from changed — the stamp of
    the corpus files, lawref's code and data and the forced encoding is the
    live generation's, its files are intact and it was built from this
    folder: a build would write the same index again (issue 28). Its nodes
    are counted, read only when asked for; its report, warnings and paths are
    those the build stored (``said_only``: only their :data:`SAID` fields,
    when the build stored them apart). ``None`` when anything differs."""
    if not _is_fresh(index_dir, stamp(scan(corpus_dir), code_version(), encoding)):
        return None
    gen = F.open_generation(index_dir)
    store = nodestore.SqliteStore(gen.path / nodestore.NODES_FILE)
    try:
        warnings = store.meta("warnings", revive=True)  # None: stored by a build before it kept them
        if store.meta("corpus") != meta_path(corpus_dir) or warnings is None:
            return None
        said = store.meta("said", revive=True) if said_only else None
        rows = said if said is not None else store.meta("report", revive=True) or []
        reports = tuple(FileReport.from_json(r) for r in rows)
        return Corpus(documents=store.documents, nodes=_StoredNodes(store.path, store.count()), reports=reports,
                      stamp=gen.stamp, warnings=tuple(warnings),
                      paths=store.meta("paths") or {}, default_edition=store.meta("default_edition"),
                      reused=sum(1 for r in reports if r.status != "skipped"), unchanged=True)
    finally:
        store.close()


class _StoredNodes(Sequence[Node]):
    """The nodes of a live build, read from its node store the first time
    one is asked for (a build that found nothing changed counts them only)."""

    def __init__(self, path: Path, count: int) -> None:
        self._path, self._count = path, count
        self._nodes: tuple[Node, ...] | None = None

    def _all(self) -> tuple[Node, ...]:
        if self._nodes is None:
            store = nodestore.SqliteStore(self._path)
            try:
                self._nodes = store.all_nodes()
            finally:
                store.close()
        return self._nodes

    def __len__(self) -> int:
        return self._count

    def __getitem__(self, i: Any) -> Any:
        return self._all()[i]


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
        corpus = _writing().build_locked(Path(corpus_dir), Path(index_dir), encoding, progress)
    if not corpus.usable():
        raise CorpusError(N_("nothing usable in the corpus {folder} (see 'lawref build --report')").format(
            folder=display_name(str(corpus_dir))))
    return True


def _live_encoding(index_dir: Path) -> str | None:
    live = _sealed_live(index_dir)
    return live.encoding if live is not None else None


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
