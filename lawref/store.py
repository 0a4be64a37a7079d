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
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from lawref import folder as F
from lawref import indexing, nodestore, seal
from lawref.buildcache import CACHE_FILE, BuildCache
from lawref.corpus import Corpus, build_corpus, other_titles
from lawref.errors import CorpusError, IndexUnavailable
from lawref.folder import Generation
from lawref.forms import corpus_words, forms_table, said_forms
from lawref.i18n import N_, stored
from lawref.labels import unique_labels
from lawref.model import Document, Node
from lawref.records import FileReport
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
                  encoding: str | None, meta: Mapping[str, Any], plan: _Plan | None = None) -> None:
    gen = new_generation(index_dir)
    try:
        carried = plan is not None and plan.previous is not None and indexing.update_index(
            [n for n in nodes if n.doc in plan.changed], plan.changed | plan.removed, gen, plan.previous,
            verified=True)  # _live_or_none verified every file of it
        if not carried:
            indexing.write_index(nodes, gen)
        _write_store(gen, documents, nodes, meta, plan)
        if plan is not None:
            plan.cache.write(gen / CACHE_FILE)
        commit(index_dir, gen, stamp=stamp, encoding=encoding)
    except BaseException:
        shutil.rmtree(gen, ignore_errors=True)
        raise
    finally:
        if plan is not None:
            plan.cache.close()


def _write_store(gen: Path, documents: Sequence[Document], nodes: Sequence[Node], meta: Mapping[str, Any],
                 plan: _Plan | None) -> None:
    """The node store of a new generation, with the labels people see for
    nodes without a cite (worked out over the whole corpus, as the query
    side shows them) and the forms table; the rows of unchanged documents
    copied from the live generation when nothing of theirs can differ
    (:func:`_carry`)."""
    labels = unique_labels(documents, nodes)
    cache = plan.cache if plan else None
    words = _words(nodes, cache, plan.keys) if plan is not None and cache is not None else corpus_words(nodes)
    digest = hashlib.sha256("\n".join(sorted(words)).encode("utf-8", "surrogatepass")).hexdigest()
    carry = _carry(plan, documents, nodes)
    if carry is not None and cache is not None and cache.note("words") == digest:
        carry = replace(carry, forms=True)  # the same words: the same forms table
    if cache is not None:
        cache.notes["words"] = digest
    forms = {} if carry is not None and carry.forms else forms_table(nodes, cache, words)
    meta = {**meta, "titles_en": other_titles(documents, nodes),  # the other editions' titles, searched too
            "said_forms": said_forms(cache)}  # synonyms matched in words the corpus lacks, without pymorphy3
    nodestore.write(gen / nodestore.NODES_FILE, documents, nodes, meta=meta, labels=labels, forms=forms, carry=carry)


def _carry(plan: _Plan | None, documents: Sequence[Document], nodes: Sequence[Node]) -> nodestore.Carry | None:
    """The unchanged documents whose node-store rows can be copied from the
    live generation: when the documents are the same, in the same order,
    and every changed document holds the same cites at the same node ids —
    then no citation of an unchanged document resolves otherwise (a
    citation resolves in its own document first, then in the others by
    their cites), and its nodes are the same node for node."""
    if plan is None or plan.previous is None or plan.removed:
        return None
    if nodestore.NODES_FILE not in plan.previous.meta.get("files", {}):
        return None
    old = nodestore.SqliteStore(plan.previous.path / nodestore.NODES_FILE)
    try:
        before = {d.id: d.to_json() for d in old.documents}
        if list(before) != [d.id for d in documents]:
            return None
        if any(before[d.id] != d.to_json() for d in documents if d.id not in plan.changed):
            return None
        for doc in plan.changed:
            mine: dict[str, str] = {}
            for n in nodes:
                if n.doc == doc and n.cite is not None:
                    mine.setdefault(n.cite, n.id)
            if old.cite_map(doc) != mine:
                return None
    except IndexUnavailable:  # IndexDamaged too: then nothing is copied
        return None
    finally:
        old.close()
    return nodestore.Carry(old.path, frozenset(d.id for d in documents) - plan.changed)


def _words(nodes: Sequence[Node], cache: BuildCache, keys: Mapping[str, str]) -> set[str]:
    """The corpus words, file by file: a file whose key the cache knows
    gives its words without its texts being read again."""
    by_file: dict[str, list[Node]] = {}
    for n in nodes:
        by_file.setdefault(n.source.file, []).append(n)
    out: set[str] = set()
    for name, mine in by_file.items():
        key = keys.get(name)
        found = cache.get("filewords", key) if key else None
        if found is None:
            found = sorted(corpus_words(mine))
            if key:
                cache.put("filewords", key, found)
        out.update(found)
    return out


@dataclass
class _Plan:
    """How a build writes its generation: the cache it used, and — when the
    live generation can be carried over — that generation and the documents
    to re-index (``changed``: new or different; ``removed``: gone)."""

    cache: BuildCache
    keys: dict[str, str] = field(default_factory=dict)  # file name → build-cache key
    previous: Generation | None = None
    changed: set[str] = field(default_factory=set)
    removed: set[str] = field(default_factory=set)


#: Past this share of changed documents a build re-indexes everything (as fast, and no old segments kept).
INCREMENTAL_SHARE = 0.5


def _plan(cache: BuildCache, corpus: Corpus, previous: Generation | None) -> _Plan:
    """Carry the live generation over when it was built by this code from a
    cache and fewer than :data:`INCREMENTAL_SHARE` of the documents changed."""
    old = cache.previous_docs()
    changed = {d for d, sig in corpus.signatures.items() if old.get(d) != sig}
    removed = set(old) - set(corpus.signatures)
    for doc, sig in corpus.signatures.items():
        cache.put("docs", doc, sig)
    if previous is None or not old or len(changed | removed) > INCREMENTAL_SHARE * max(len(old), 1):
        return _Plan(cache, corpus.file_keys)
    return _Plan(cache, corpus.file_keys, previous, changed, removed)


Progress = Callable[[str, int, int], None]


def _meta(corpus: Corpus, corpus_dir: Path) -> dict[str, Any]:
    """What the node store keeps beside the nodes: the build report, its
    structure warnings alone (:mod:`lawref.treecheck`), the corpus folder,
    the real names of renamed files, the default edition."""
    return {
        "report": stored([r.to_json() for r in corpus.reports]),  # each message as its template and fields
        "structure": stored([f for r in corpus.reports for f in r.structure]),  # read by every show: apart, small
        "corpus": _meta_path(corpus_dir),
        "warnings": stored(list(corpus.warnings)),  # said again by a build that finds nothing changed
        "paths": corpus.paths,
        "default_edition": corpus.default_edition,
    }


def _meta_path(corpus_dir: Path) -> str:
    """The corpus folder as the node store keeps it (absolute, undecodable bytes escaped)."""
    return os.fsdecode(os.path.abspath(corpus_dir)).encode("utf-8", "backslashreplace").decode()


def build(corpus_dir: Path, index_dir: Path, *, encoding: str | None = None,
          progress: Progress | None = None, full: bool = False) -> Corpus:
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
    re-indexed; ``full`` builds everything anew. Raises
    :class:`~lawref.errors.KeyUnavailable` before any work when the key
    that seals the index (:mod:`lawref.seal`) cannot be had."""
    seal.require()
    claim(index_dir)
    with locked(index_dir):
        kept = None if full else _unchanged(Path(corpus_dir), Path(index_dir), encoding)
        return kept if kept is not None else _build_locked(Path(corpus_dir), Path(index_dir), encoding, progress, full)


def _unchanged(corpus_dir: Path, index_dir: Path, encoding: str | None) -> Corpus | None:
    """The live build, when nothing it was made from changed — the stamp of
    the corpus files, lawref's code and data and the forced encoding is the
    live generation's, its files are intact and it was built from this
    folder: a build would write the same index again (issue 28). Its nodes
    are counted, read only when asked for; its report, warnings and paths are
    those the build stored. ``None`` when anything differs."""
    if not _is_fresh(index_dir, stamp(scan(corpus_dir), code_version(), encoding)):
        return None
    gen = F.open_generation(index_dir)
    store = nodestore.SqliteStore(gen.path / nodestore.NODES_FILE)
    try:
        warnings = store.meta("warnings", revive=True)  # None: stored by a build before it kept them
        if store.meta("corpus") != _meta_path(corpus_dir) or warnings is None:
            return None
        reports = tuple(FileReport.from_json(r) for r in store.meta("report", revive=True) or [])
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


def _build_locked(corpus_dir: Path, index_dir: Path, encoding: str | None, progress: Progress | None,
                  full: bool = False) -> Corpus:
    """Build into a new generation, taking from the live one what did not
    change (:mod:`lawref.buildcache`; whoosh's index by document) unless ``full``."""
    version = code_version()
    previous = None if full else _live_or_none(index_dir, encoding)
    cache = BuildCache.load(previous, version)
    corpus = build_corpus(corpus_dir, version=version, encoding=encoding, progress=progress, cache=cache)
    if not corpus.usable():
        return corpus
    plan = _plan(cache, corpus, previous)
    _write_locked(corpus.nodes, corpus.documents, index_dir, corpus.stamp, encoding, _meta(corpus, corpus_dir), plan)
    return corpus


def _live_or_none(index_dir: Path, encoding: str | None) -> Generation | None:
    """The live generation, when one built with the same forced encoding is
    there and every file of it is intact."""
    try:
        gen = F.open_generation(index_dir)
        if gen.encoding != (encoding or None):
            return None
        gen.verify()  # a damaged generation is never carried over
    except IndexUnavailable:  # IndexDamaged too
        return None
    return gen


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
