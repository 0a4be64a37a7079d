"""safeio: reading and writing files without surprises (stdlib only).

* :func:`read_regular` reads a regular file only — never a FIFO, a device or
  a socket, which could block or never end (``lawref.toml`` → ``/dev/zero``)
  — and never more than a cap;
* :func:`atomic_write` writes a file whole or not at all (a temporary file
  beside it, then one rename), so a full disk never truncates the old one;
* :func:`printable` and :func:`display_name` make text and file names safe
  to print: control characters and escape sequences a file may hold (which
  could retitle or clear a terminal) are shown as ``\\x1b``-style escapes,
  and bytes of a file name that are not UTF-8 as ``\\xcf``.
"""

from __future__ import annotations

import errno
import os
import re
import stat
from pathlib import Path
from typing import IO

from lawref.errors import UnsafeInput
from lawref.i18n import N_

__all__ = ["EXPORT_MARK", "atomic_write", "display_name", "json_safe", "printable", "read_capped", "read_pinned",
           "read_regular"]

#: The mark of a folder ``export -o DIR/`` wrote (:mod:`lawref.export.files`): what a later export may
#: replace, and what a corpus scan never reads as text (:mod:`lawref.scan`).
EXPORT_MARK = "LAWREF-EXPORT.json"

_READ_FLAGS = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0) | getattr(os, "O_CLOEXEC", 0)


def read_regular(path: Path | str, limit: int) -> bytes:
    """The bytes of the regular file at ``path`` (links followed).

    Raises :class:`~lawref.errors.UnsafeInput` when ``path`` is not a regular
    file (checked on the open descriptor, so a FIFO never blocks) or holds
    more than ``limit`` bytes, and :class:`OSError` when it cannot be opened.
    Reads at most ``limit + 1`` bytes whatever the file claims."""
    return _read_fd(os.open(path, _READ_FLAGS), limit)


def read_pinned(path: Path | str, limit: int, dev: int, ino: int) -> bytes:
    """The bytes of the regular file at ``path`` when it is still the file
    ``(dev, ino)`` a scan found: opened once, without following a link at
    its last step (``O_NOFOLLOW``), checked and read on that descriptor —
    so a file swapped for a link, or a folder on its path swapped for a
    link out, between the scan and the read is never read (issue 22).
    Raises :class:`~lawref.errors.UnsafeInput` for a link, another file,
    not a regular file or over ``limit``; :class:`OSError` otherwise."""
    try:
        fd = os.open(path, _READ_FLAGS | getattr(os, "O_NOFOLLOW", 0))
    except OSError as exc:
        if exc.errno == errno.ELOOP:
            raise UnsafeInput(N_("became a link after the corpus was scanned: not followed")) from exc
        raise
    return _read_fd(fd, limit, (dev, ino))


def _read_fd(fd: int, limit: int, pinned: tuple[int, int] | None = None) -> bytes:
    """Read the open ``fd`` (closed after): a regular file (the same as
    ``pinned`` ``(dev, ino)`` when given) of at most ``limit`` bytes."""
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise UnsafeInput(N_("not a regular file ({kind})").format(kind=_kind(info.st_mode)))
        if pinned is not None and (info.st_dev, info.st_ino) != pinned:
            raise UnsafeInput(N_("another file stands at its path since the corpus was scanned: not read"))
        if info.st_size > limit:
            raise UnsafeInput(N_("{size:,} bytes, over the {limit:,}-byte cap").format(size=info.st_size, limit=limit))
        with os.fdopen(fd, "rb", closefd=False) as handle:
            data = _read_upto(handle, limit + 1)
    finally:
        os.close(fd)
    if len(data) > limit:
        raise UnsafeInput(N_("over the {limit:,}-byte cap").format(limit=limit))
    return data


#: The most bytes asked of one read: a cap of terabytes must not allocate terabytes up front.
_CHUNK = 1 << 20


def _read_upto(handle: IO[bytes], most: int) -> bytes:
    """At most ``most`` bytes of ``handle``, read in chunks of
    :data:`_CHUNK` (``read(n)`` allocates ``n`` bytes before it reads one:
    a raised ``max_file_mb`` made every command fail with MemoryError)."""
    parts, size = [], 0
    while size < most:
        part = handle.read(min(_CHUNK, most - size))
        if not part:
            break
        parts.append(part)
        size += len(part)
    return b"".join(parts)


def read_capped(path: Path | str | None, limit: int) -> bytes:
    """What the user named as input — a file, a pipe, or stdin for ``None`` —
    read to its end but never past ``limit`` bytes (``/dev/zero`` ends in an
    error, not in all the memory). Raises :class:`~lawref.errors.UnsafeInput`
    past the cap or for a folder, :class:`OSError` when it cannot be read."""
    import sys

    if path is None:
        data = _read_upto(sys.stdin.buffer, limit + 1)
    else:
        if os.path.isdir(path):
            raise UnsafeInput(N_("a folder, not a file"))
        with open(path, "rb") as handle:
            data = _read_upto(handle, limit + 1)
    if len(data) > limit:
        raise UnsafeInput(N_("more than {limit:,} bytes").format(limit=limit))
    return data


def _kind(mode: int) -> str:
    """``a FIFO``, ``a folder`` … for a file mode that is not a regular file."""
    for test, name in ((stat.S_ISDIR, "a folder"), (stat.S_ISFIFO, "a FIFO"), (stat.S_ISCHR, "a character device"),
                       (stat.S_ISBLK, "a block device"), (stat.S_ISSOCK, "a socket")):
        if test(mode):
            return name
    return "a special file"


def atomic_write(path: Path, data: bytes | str) -> None:
    """Write ``data`` (``str`` as UTF-8) to ``path`` whole or not at all.

    The bytes go to a temporary file in the same folder, are flushed to disk,
    and the file is renamed over ``path`` in one step; on any failure the
    temporary file is removed and ``path`` keeps its old content. Raises
    :class:`OSError` (``IsADirectoryError`` when ``path`` is a folder; «not a
    regular file» for a device, a FIFO or a socket, which is never replaced; a
    symbolic link is written through, to the file it names; «its
    folder takes no new file» when a folder that exists cannot hold the
    temporary file: ``/proc``)."""
    path = Path(path)
    if path.is_symlink():  # written through to the file it names: the link stays a link
        path = path.resolve()
    if path.is_dir():
        raise IsADirectoryError(21, "is a folder", str(path))
    if path.exists() and not path.is_file():  # a device, a FIFO, a socket: never swapped for a file
        raise OSError(errno.EINVAL, N_("not a regular file: lawref replaces only a file"), str(path))
    payload = data.encode("utf-8") if isinstance(data, str) else data
    import tempfile  # only a write needs it

    try:
        fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    except FileNotFoundError as exc:  # the folder exists and takes no new file (/proc): not «no such file»
        if not path.parent.is_dir():
            raise
        raise OSError(exc.errno, N_("its folder takes no new file: {reason}").format(reason=exc.strerror),
                      str(path)) from exc
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(payload)
            handle.flush()
            os.fsync(handle.fileno())
        os.chmod(tmp, 0o644 & ~_umask())
        os.replace(tmp, path)
    except BaseException:
        with _quiet():
            os.unlink(tmp)
        raise


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


class _quiet:
    """``with _quiet(): …`` ignores an :class:`OSError` (cleanup on a failure path)."""

    def __enter__(self) -> None:
        return None

    def __exit__(self, kind: type | None, *_: object) -> bool:
        return kind is not None and issubclass(kind, OSError)


# C0 controls but tab, newline and a CR before a newline, DEL, C1 controls, and the bidi controls that
# reorder what a terminal shows (U+202A–U+202E, U+2066–U+2069).
_UNPRINTABLE = re.compile("\r(?!\n)|[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")  # CRLF kept
_SURROGATE = re.compile("[\ud800-\udfff]")


def _escape(ch: str) -> str:
    code = ord(ch)
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def printable(text: str) -> str:
    """``text`` safe to show on a terminal: every control character but tab,
    newline and a carriage return before a newline (a Windows line end: a
    ruling ``link`` writes back), so every escape sequence, C1 controls and bidi overrides
    become a visible escape (``\\x1b``), and lone surrogates (bytes that were
    not UTF-8, from argv or a file name) become ``\\xNN`` of the byte."""
    text = _SURROGATE.sub(_surrogate_byte, text)
    return _UNPRINTABLE.sub(lambda m: _escape(m.group()), text)


def _surrogate_byte(m: re.Match[str]) -> str:
    code = ord(m.group())
    return f"\\x{code - 0xDC00:02x}" if 0xDC80 <= code <= 0xDCFF else f"\\u{code:04x}"


def display_name(name: str) -> str:
    """A file name (as :func:`os.fsdecode` gives it, with surrogate escapes
    for bytes that are not UTF-8) as text: ``\\xcf\\xf0.txt`` for a cp1251
    name, control characters escaped — a newline or tab in a name too
    (``a\\nb.txt``), so a message naming it stays one line. Never raises."""
    return printable(name).replace("\n", "\\n").replace("\t", "\\t")


def json_safe(text: str) -> str:
    """JSON text (from :func:`json.dumps`, ``ensure_ascii=False``) with C1
    controls, bidi overrides and lone surrogates written as ``\\uXXXX``
    escapes, as JSON allows — so the output is valid UTF-8 and shows nothing
    odd on a terminal. Only valid inside JSON strings, where such characters
    are the only place they can stand."""
    return re.sub("[\x7f-\x9f\u202a-\u202e\u2066-\u2069\ud800-\udfff]", lambda m: f"\\u{ord(m.group()):04x}", text)
