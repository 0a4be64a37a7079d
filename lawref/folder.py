"""folder: the layout of an index folder, and reading it safely (stdlib only).

An index folder is created by lawref and marked as its own; lawref writes and
deletes only inside folders that carry the marker::

    <index>/
        LAWREF-INDEX.json    the marker: {"tool": "lawref", "format": 2}, written at creation
        CURRENT              the name of the live generation ("gen-…"), replaced by one rename
        .lock                flock'ed by builders
        gen-<time>-<rand>/   one complete build (the live one, and the one before it)
            META.json        written last: format, stamp, encoding, and the SHA-256
                             of every other file of the generation
            SEAL2            the keyed BLAKE2b of META.json under the user's key, which lives
                             outside the folder (:mod:`lawref.seal`)
            regex.bin        the patterns' compiled programs (:mod:`lawref.rx`)
            …                whoosh's files, the node store, the build cache

A build writes a new generation, then points ``CURRENT`` at it with one
atomic rename: a crash at any moment leaves either the old index or the new
one, never none. Readers resolve ``CURRENT`` once and read only that
generation; a damaged file (its checksum differs from ``META.json``) or a
``META.json`` whose seal does not match is :class:`~lawref.errors.IndexDamaged`,
never a traceback, a silently different answer or a file of it obeyed. A
folder without the marker is never opened as an index.
"""

from __future__ import annotations

import json
import re
import time
from pathlib import Path
from typing import Any, NamedTuple

from lawref import seal
from lawref.charsets import lookup_codec
from lawref.errors import IndexDamaged, IndexFolderError, IndexUnavailable, UnsafeInput
from lawref.i18n import N_
from lawref.safeio import display_name, read_regular

__all__ = ["FORMAT", "Generation", "is_marked", "open_generation", "read_stamp"]

FORMAT = 2
MARKER = "LAWREF-INDEX.json"
CURRENT = "CURRENT"
META = "META.json"
#: The seal of ``META.json`` (:mod:`lawref.seal`): written after it, checked before any file is opened.
SEAL = seal.SEAL
LOCK = ".lock"
#: lawref's own file in a generation: the export document, build report, backlinks.
CORPUS_JSON = "corpus.json"
GEN_PREFIX = "gen-"
GEN_NAME = re.compile(r"gen-[0-9a-z-]{1,64}")
#: The largest file of a generation lawref reads whole (JSON files).
MAX_INDEX_FILE = 4 * 1024**3
_SMALL = 1_000_000


def marker_payload() -> dict[str, Any]:
    """What the marker file holds."""
    return {"tool": "lawref", "format": FORMAT,
            "note": "an index folder made by lawref; lawref deletes only the gen-* folders inside it"}


def marker_format(index_dir: Path) -> int | None:
    """The format number of ``index_dir``'s marker, or ``None`` when the folder
    carries no (readable, well-formed) lawref marker."""
    try:
        data = json.loads(read_regular(Path(index_dir) / MARKER, _SMALL))
    except (OSError, ValueError):
        return None
    if not isinstance(data, dict) or data.get("tool") != "lawref" or not isinstance(data.get("format"), int):
        return None
    return int(data["format"])


#: Files of an index written by lawref 0.1 (one flat folder, no marker).
_LEGACY = re.compile(r"STAMP|ENCODING|forms\.json|corpus\.json|MAIN_WRITELOCK|_MAIN_\d+\.toc|MAIN_[0-9a-z]+\.seg")
#: What a folder may hold while another process claims it: its lock and the marker being written.
_CLAIMING = re.compile(rf"{re.escape(LOCK)}|\.{re.escape(MARKER)}\..*\.tmp")


def legacy_files(index_dir: Path) -> list[Path] | None:
    """The files of a lawref 0.1 index at ``index_dir`` (``STAMP``,
    ``corpus.json``, whoosh's files and nothing else), or ``None`` when the
    folder holds anything else — then it is not lawref's to touch."""
    entries = [p for p in Path(index_dir).iterdir() if not _CLAIMING.fullmatch(p.name)]
    names = {p.name for p in entries}
    ours = all(p.is_file() and not p.is_symlink() and _LEGACY.fullmatch(p.name) for p in entries)
    if ours and "STAMP" in names and "corpus.json" in names and any(n.startswith("_MAIN_") for n in names):
        return entries
    return None


def check_foreign(index_dir: Path) -> bool:
    """Whether lawref may use ``index_dir`` as its index folder: True when it
    is marked already, False when it may be marked (missing, empty, being
    marked by another process, or a lawref 0.1 index). Raises
    :class:`~lawref.errors.IndexFolderError` for a file, a folder of a newer
    lawref, or a folder holding anything else — lawref writes nothing there."""
    index_dir = Path(index_dir)
    if not index_dir.exists():
        return False
    if not index_dir.is_dir():
        raise IndexFolderError(N_("--index {folder} is a file, not a folder").format(
            folder=display_name(str(index_dir))))
    names = [p.name for p in index_dir.iterdir()]  # listed before the marker is read: a concurrent claimer
    found = marker_format(index_dir)  # marks the folder before it writes anything else
    if found == FORMAT:
        return True
    if found is not None and found > FORMAT:
        raise IndexFolderError(N_("{folder} was made by a newer lawref (index format {format})").format(
            folder=display_name(str(index_dir)), format=found))
    if found is None and legacy_files(index_dir) is None and not all(_CLAIMING.fullmatch(n) for n in names):
        raise IndexFolderError(N_("{folder} is not empty and is not a lawref index folder: refusing to write there "
                                  "(give --index a new or empty folder)").format(folder=display_name(str(index_dir))))
    return False


def is_marked(index_dir: Path) -> bool:
    """True when ``index_dir`` is a lawref index folder of a format this
    lawref reads."""
    return marker_format(index_dir) == FORMAT


class Generation(NamedTuple):
    """One complete build inside an index folder: ``path`` of its folder and
    ``meta`` (``stamp``, ``encoding``, ``files``: name → SHA-256)."""

    path: Path
    meta: dict[str, Any]

    @property
    def stamp(self) -> str:
        return str(self.meta.get("stamp", ""))

    @property
    def encoding(self) -> str | None:
        return self.meta.get("encoding") or None

    def recorded(self, name: str) -> Path | None:
        """The path of file ``name`` of this generation when ``META.json`` records it, else ``None``."""
        return self.path / name if name in self.meta.get("files", {}) else None

    def read_bytes(self, name: str) -> bytes:
        """The bytes of file ``name`` of this generation, checked against
        its recorded SHA-256. Raises :class:`~lawref.errors.IndexDamaged`
        when they differ or the file is not recorded, and
        :class:`~lawref.errors.IndexUnavailable` when it cannot be read."""
        want = self.meta["files"].get(name)
        if want is None:
            raise IndexDamaged(N_("index file {file} is not recorded in {meta}").format(file=name, meta=META))
        try:
            data = read_regular(self.path / name, MAX_INDEX_FILE)
        except FileNotFoundError as exc:
            if not self.path.is_dir():  # the whole generation went away (swept): not damage
                raise IndexUnavailable(N_("the build at {name} is gone").format(name=self.path.name)) from exc
            raise IndexDamaged(N_("index file {file} is missing").format(file=name)) from exc
        except OSError as exc:
            raise IndexUnavailable(N_("cannot read index file {file}: {error}").format(file=name, error=exc)) from exc
        import hashlib  # a fresh index is checked by stat (lawref.fresh): most queries never hash

        if hashlib.sha256(data).hexdigest() != want:
            raise IndexDamaged(N_("index file {file} is damaged (checksum mismatch)").format(file=name))
        return data

    def read_json(self, name: str) -> Any:
        """File ``name`` parsed as JSON, checksum verified (see :meth:`read_bytes`)."""
        try:
            return json.loads(self.read_bytes(name))
        except ValueError as exc:
            raise IndexDamaged(N_("index file {file} is not valid JSON: {error}").format(file=name, error=exc)) from exc

    def verify(self, names: list[str] | None = None) -> None:
        """Check files ``names`` (default: every recorded file) against their
        checksums; raises as :meth:`read_bytes` does."""
        for name in names if names is not None else sorted(self.meta["files"]):
            self.read_bytes(name)


def current_name(index_dir: Path) -> str:
    """The live generation's folder name. Raises
    :class:`~lawref.errors.IndexUnavailable` when the folder is not a marked
    lawref index or holds no complete build."""
    index_dir = Path(index_dir)
    if not index_dir.is_dir():
        raise IndexUnavailable(f"no index at {display_name(str(index_dir))}")
    if not is_marked(index_dir):
        raise IndexUnavailable(f"{display_name(str(index_dir))} is not a lawref index folder (no {MARKER})")
    try:
        name = read_regular(index_dir / CURRENT, 256).decode("ascii").strip()
    except (OSError, UnicodeDecodeError) as exc:
        raise IndexUnavailable(f"no complete build in {display_name(str(index_dir))}") from exc
    if not GEN_NAME.fullmatch(name):
        raise IndexDamaged(N_("{current} of {folder} names no generation").format(
            current=CURRENT, folder=display_name(str(index_dir))))
    return name


def open_generation(index_dir: Path) -> Generation:
    """The live generation of ``index_dir`` with its metadata read (its files
    are checked when read). Raises :class:`~lawref.errors.IndexUnavailable`
    (or :class:`~lawref.errors.IndexDamaged`) when there is none usable."""
    path = Path(index_dir) / current_name(index_dir)
    try:
        raw = read_regular(path / META, 64 * _SMALL)
        sealed = read_regular(path / SEAL, 256)
    except FileNotFoundError as exc:
        if exc.filename and Path(exc.filename).name == SEAL:
            raise IndexDamaged(N_("the live build has no {seal} (made by an older lawref, or not by lawref)").format(
                seal=SEAL)) from exc
        raise IndexUnavailable(f"the live build of {display_name(str(index_dir))} cannot be read: {exc}") from exc
    except (OSError, UnsafeInput) as exc:
        raise IndexUnavailable(f"the live build of {display_name(str(index_dir))} cannot be read: {exc}") from exc
    if not seal.check(sealed, "meta", path.name.encode("ascii"), raw):
        raise IndexDamaged(N_("the seal of the live build does not match: it was not written by your lawref"))
    try:
        meta = json.loads(raw)
    except ValueError as exc:
        raise IndexDamaged(N_("{meta} of the live build is damaged: {error}").format(meta=META, error=exc)) from exc
    if not isinstance(meta, dict) or meta.get("format") != FORMAT or not isinstance(meta.get("files"), dict):
        raise IndexDamaged(N_("{meta} of the live build has an unknown shape").format(meta=META))
    if not _known_codec(meta.get("encoding")):  # a build forced it; a rebuild forces nothing it cannot read
        raise IndexDamaged(N_("{meta} of the live build names no codec lawref reads").format(meta=META))
    return Generation(path, meta)


def _known_codec(name: Any) -> bool:
    """Whether ``name`` (a stored forced encoding) is empty or a codec a build may force."""
    if name in (None, ""):
        return True
    if not isinstance(name, str):
        return False
    try:
        lookup_codec(name)
    except LookupError:
        return False
    return True


#: Attempts to open a folder's live generation while a concurrent build swaps it, and the pause between.
OPEN_TRIES = 25
OPEN_PAUSE = 0.02


def open_live(index: Path | Generation) -> Generation:
    """The generation to read: ``index``'s live one, retried briefly while a
    concurrent build swaps it in (:data:`OPEN_TRIES`), or a given
    :class:`Generation`. Raises :class:`~lawref.errors.IndexUnavailable` /
    :class:`~lawref.errors.IndexDamaged`."""
    if isinstance(index, Generation):
        return index
    for attempt in range(OPEN_TRIES):
        try:
            return open_generation(Path(index))
        except IndexDamaged:
            raise
        except IndexUnavailable:
            if attempt == OPEN_TRIES - 1 or not Path(index).is_dir():
                raise
            time.sleep(OPEN_PAUSE)
    raise AssertionError("unreachable")


def read_stamp(index_dir: Path) -> str | None:
    """The stamp of the live build, or ``None`` when there is no usable one."""
    try:
        return open_generation(index_dir).stamp
    except IndexUnavailable:
        return None
