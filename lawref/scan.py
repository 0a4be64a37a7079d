"""scan: a corpus folder → the files a build may read, and its content stamp.

Shared by the build side (what to read) and the query side (is the index
still fresh?), so it imports nothing heavy. Rules:

* hidden files and folders (``.git``) and the manifest itself are not corpus
  files; nested folders are walked;
* a link is followed only when it stays inside the corpus folder (or the
  manifest sets ``follow_outside_links = true``) and points at a regular
  file; links to folders are never followed (no loops, no escapes);
* FIFOs, devices and sockets are never opened; files over the per-file cap
  are not read;
* more files or bytes than the manifest's limits stop the scan with a
  :class:`~lawref.errors.CorpusError` (a ``--corpus`` pointed at ``/tmp``).

Everything not taken is listed in :attr:`Scan.skipped` with its reason, so
the build report names it.
"""

from __future__ import annotations

import hashlib
import os
import stat
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from lawref._version import __version__
from lawref.errors import CorpusError, UnsafeInput
from lawref.i18n import N_
from lawref.manifest import MANIFEST, Manifest, read_manifest
from lawref.safeio import EXPORT_MARK, display_name, read_pinned, read_regular

__all__ = ["EXPORT_MARK", "CorpusFile", "Scan", "code_version", "scan", "stamp"]

#: The marker of an index folder (:data:`lawref.folder.MARKER`): such a folder is never corpus text.
INDEX_MARKER = "LAWREF-INDEX.json"


@dataclass(frozen=True)
class CorpusFile:
    """One file a build reads: ``name`` the corpus-relative POSIX name as
    shown and stored (bytes that are not UTF-8 escaped as ``\\xcf``),
    ``path`` its path in the corpus folder, ``size`` in bytes."""

    name: str
    path: Path
    size: int
    #: The device and inode the scan found (the file a link names, for a link): a read checks them.
    dev: int = 0
    ino: int = 0
    #: For a link: the real path of the file it names, which is what is opened.
    target: str = ""


@dataclass(frozen=True)
class Scan:
    """A scanned corpus folder: ``files`` to read, in name order; ``skipped``
    as ``(name, reason)`` pairs; the checked ``manifest``."""

    folder: Path
    files: tuple[CorpusFile, ...]
    skipped: tuple[tuple[str, str], ...]
    manifest: Manifest


def scan(folder: Path) -> Scan:
    """Scan corpus ``folder`` (see the module doc for the rules).

    Raises :class:`~lawref.errors.CorpusError` when ``folder`` is not a
    folder or holds more than the manifest's limits allow, and
    :class:`~lawref.errors.ManifestError` for a bad manifest."""
    folder = Path(folder)
    if not folder.is_dir():
        raise CorpusError(N_("corpus folder not found: {folder}").format(folder=display_name(str(folder))))
    manifest = read_manifest(folder)
    walker = _Walker(folder, manifest)
    walker.walk()
    files = sorted(walker.files, key=lambda f: f.name)
    return Scan(folder, tuple(files), tuple(sorted(walker.skipped)), manifest)


class _Walker:
    """An iterative walk of the corpus folder that counts against the limits."""

    def __init__(self, folder: Path, manifest: Manifest):
        self.folder, self.manifest = folder, manifest
        self.root = os.path.realpath(folder)
        self.files: list[CorpusFile] = []
        self.skipped: list[tuple[str, str]] = []
        self.seen = 0
        self.total = 0

    def walk(self) -> None:
        stack = [""]
        while stack:
            rel_dir = stack.pop()
            try:
                entries = sorted(os.scandir(self.folder / rel_dir if rel_dir else self.folder), key=lambda e: e.name)
            except OSError as exc:
                self.skip(rel_dir, N_("unreadable folder: {error_msg}").format(error_msg=exc.strerror or exc))
                continue
            for entry in entries:
                rel = f"{rel_dir}/{entry.name}" if rel_dir else entry.name
                if entry.name.startswith(".") or rel in (MANIFEST, EXPORT_MARK):
                    continue  # hidden files, the manifest, the mark of a corpus lawref exported (export --format txt)
                self.count()
                if self.take(entry, rel):
                    stack.append(rel)

    def count(self) -> None:
        self.seen += 1
        limit = self.manifest.limits.max_files
        if self.seen > limit:
            raise CorpusError(N_("the corpus folder {folder} holds more than {limit:,} files: is it the right "
                                 "folder? (raise [limits] max_files in lawref.toml)").format(
                folder=display_name(str(self.folder)), limit=limit))

    def skip(self, rel: str, reason: str) -> None:
        self.skipped.append((display_name(rel), reason))

    def take(self, entry: os.DirEntry[str], rel: str) -> bool:
        """File ``entry`` into files or skipped; True when it is a folder to walk."""
        try:
            if entry.is_symlink():
                return self.take_link(entry, rel)
            info = entry.stat(follow_symlinks=False)
        except OSError as exc:
            self.skip(rel, N_("unreadable: {error_msg}").format(error_msg=exc.strerror or exc))
            return False
        if stat.S_ISDIR(info.st_mode):
            if os.path.isfile(os.path.join(entry.path, INDEX_MARKER)):  # --index inside --corpus: lawref's own
                return False  # output, no input: left out of the scan as the hidden files are
            return True
        self.take_file(rel, Path(entry.path), info)
        return False

    def take_link(self, entry: os.DirEntry[str], rel: str) -> bool:
        target = os.path.realpath(entry.path)
        inside = os.path.commonpath([self.root, target]) == self.root
        try:
            info = os.stat(target)
        except OSError:
            self.skip(rel, N_("broken link"))
            return False
        if not inside and not self.manifest.follow_outside_links:
            self.skip(rel, N_("link leaves the corpus folder (set follow_outside_links = true in lawref.toml to read "
                              "it)"))
        elif stat.S_ISDIR(info.st_mode):
            self.skip(rel, N_("link to a folder: not followed"))
        else:
            self.take_file(rel, Path(entry.path), info, target)
        return False

    def take_file(self, rel: str, path: Path, info: os.stat_result, target: str = "") -> None:
        limits = self.manifest.limits
        if not stat.S_ISREG(info.st_mode):
            self.skip(rel, N_("not a regular file (a FIFO, device or socket): never opened"))
            return
        reason = not_text(rel)
        if reason:
            self.skip(rel, reason)
            return
        if info.st_size > limits.max_file_bytes:
            self.skip(rel, N_("{size:,} bytes, over the per-file cap of {limit:,} (raise [limits] max_file_mb in "
                              "lawref.toml)").format(size=info.st_size, limit=limits.max_file_bytes))
            return
        self.total += info.st_size
        if self.total > limits.max_total_bytes:
            raise CorpusError(N_("the corpus folder {folder} holds more than {limit:,} bytes: is it the right "
                                 "folder? (raise [limits] max_total_mb in lawref.toml)").format(
                folder=display_name(str(self.folder)), limit=limits.max_total_bytes))
        self.files.append(CorpusFile(display_name(rel), path, info.st_size, info.st_dev, info.st_ino, target))


#: Suffixes of files that are not text at all: never read.
BINARY_SUFFIXES = frozenset(
    ".png .jpg .jpeg .gif .bmp .webp .ico .tif .tiff .pdf .zip .gz .tgz .bz2 .xz .7z .rar .tar .exe .dll .so "
    ".dylib .o .a .class .jar .pyc .whl .mp3 .mp4 .avi .mov .wav .ogg .woff .woff2 .ttf .otf .eot .sqlite .db "
    ".doc .docx .xls .xlsx .ppt .pptx .odt .ods .epub .djvu".split())
#: Suffixes of source code and data files: text, but never law text.
SOURCE_SUFFIXES = frozenset(
    ".py .js .ts .css .scss .sh .bat .ps1 .c .h .cpp .hpp .java .go .rs .rb .php .pl .json .yaml .yml .toml "
    ".ini .cfg .svg .csv .tsv .lock .mk .cmake".split())


def not_text(rel: str) -> str | None:
    """Why file ``rel`` is skipped unread by its suffix (``.png``, ``.zip``,
    ``.py`` …), or ``None``. A PDF is named: its text must be extracted
    first. HTML, FB2 and XML pages are read."""
    suffix = os.path.splitext(rel)[1].lower()
    if suffix == ".pdf":
        return N_("a PDF: extract its text first (pdftotext -layout), then add the text file")
    if suffix in BINARY_SUFFIXES:
        return N_("not text (a {suffix} file): never read").format(suffix=suffix)
    if suffix in SOURCE_SUFFIXES:
        return N_("source code or data (a {suffix} file), not law text: never read").format(suffix=suffix)
    return None


def read_file(file: CorpusFile, limit: int) -> bytes:
    """The bytes of a scanned ``file`` (regular files only, at most
    ``limit``): the very file the scan found, never a link put in its place
    (:func:`~lawref.safeio.read_pinned`). Raises :class:`OSError` or
    :class:`~lawref.errors.UnsafeInput`."""
    if file.ino:
        return read_pinned(file.target or file.path, limit, file.dev, file.ino)
    return read_regular(file.path, limit)


def stamp(result: Scan, version: str, encoding: str | None = None, digests: dict[str, bytes] | None = None) -> str:
    """SHA-256 (hex) over lawref ``version``, a forced ``encoding``, the
    manifest's bytes, every file's name and content and every skipped name
    with its reason: the index is rebuilt when it changes (content, not
    mtimes). Reads each file once, within the per-file cap; ``digests``
    (file name → SHA-256 of its bytes, as a build computed them) spares
    reading those again."""
    h = hashlib.sha256(f"{version}\0{encoding or ''}\0".encode())
    h.update(_manifest_digest(result.folder))
    for file in result.files:
        h.update(file.name.encode("utf-8", "backslashreplace") + b"\0")
        known = digests.get(file.name) if digests else None
        if known is not None:
            h.update(known)
            continue
        try:
            h.update(hashlib.sha256(read_file(file, result.manifest.limits.max_file_bytes)).digest())
        except (OSError, UnsafeInput) as exc:
            h.update(f"unreadable: {exc}".encode("utf-8", "backslashreplace"))
    for name, reason in result.skipped:
        h.update(f"{name}\0{reason}\0".encode("utf-8", "backslashreplace"))
    return h.hexdigest()


def _manifest_digest(folder: Path) -> bytes:
    try:
        return hashlib.sha256(read_regular(Path(folder) / MANIFEST, 1_000_000)).digest()
    except (OSError, UnsafeInput):
        return b"no manifest"


@cache
def code_version() -> str:
    """lawref's version plus a hash of its own source and data files, so that
    an index built by other code or data (a new release, an edited checkout,
    an edited catalogue or glossary: a node's English title and its search
    context come from them) is rebuilt."""
    h = hashlib.sha256(__version__.encode())
    root = Path(__file__).resolve().parent
    for path in sorted([*root.rglob("*.py"), *root.rglob("*.tsv")]):
        h.update(path.read_bytes())
    return f"{__version__}+{h.hexdigest()[:16]}"
