"""seal: an index folder's files authenticated with a key that lives outside it.

Checksums kept inside an index folder prove nothing against whoever can write
that folder (a shared cache, a copied index, an unpacked archive): they can
rewrite the checksums too (issue 22). So every generation's ``META.json`` —
which holds the SHA-256 of every other file of the generation — is *sealed*:
a keyed BLAKE2b (RFC 7693 §2.5: BLAKE2's own MAC, no HMAC needed) of its bytes
and the generation's name, 32 bytes, under a key only this user can read,
stored beside it as ``SEAL2``. The fast freshness record
``FRESH.json`` is sealed the same way. A reader checks the seal before any
file of the generation is opened, so a folder someone else wrote is rebuilt,
never obeyed (:class:`~lawref.errors.IndexDamaged`); an index made by an
older lawref, which has no seal, is rebuilt once.

The key: 32 random bytes as 64 hex digits in ``index.key`` of the user's
config folder (:func:`lawref.userdirs.config_path`: ``~/.config/lawref/`` on Linux), or the file
named by ``LAWREF_KEY_FILE``; made on first use with mode 0600 in a folder
of mode 0700. A key file that is a link, not a regular file, not the user's,
readable by others or malformed is refused (:class:`~lawref.errors.KeyUnavailable`,
exit 2), as is a key that cannot be made. Stdlib only: CPython's own BLAKE2
(``_blake2``, which :mod:`hashlib` hands out as ``hashlib.blake2b``) imported
as it is — :mod:`hashlib` and :mod:`hmac` load OpenSSL first, ~4 ms of CPU of
every cold command (issue 28) — and :mod:`secrets` for the key.
"""

from __future__ import annotations

import functools
import os
import stat
from _operator import _compare_digest  # hmac.compare_digest without OpenSSL's module
from pathlib import Path

try:
    from _blake2 import blake2b
except ImportError:  # a Python without CPython's own BLAKE2 module
    from hashlib import blake2b

from lawref import userdirs
from lawref.errors import KeyUnavailable
from lawref.i18n import N_, said
from lawref.safeio import display_name

__all__ = ["KEY_ENV", "SEAL", "check", "key_path", "require", "sign"]

#: The seal's file; ``SEAL`` held lawref 0.2's HMAC-SHA256 seal, which this lawref does not read:
#: a build sealed so is rebuilt, saying it was made by an older lawref.
SEAL = "SEAL2"
KEY_ENV = "LAWREF_KEY_FILE"
KEY_NAME = "index.key"
_KEY_BYTES = 32
#: What a seal is taken over: a purpose, then the parts, each ended by NUL (no two inputs share bytes).
_DOMAIN = b"lawref-seal-2\0"
_OPEN_FLAGS = os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0)


def key_path() -> Path:
    """Where the key is: ``$LAWREF_KEY_FILE``, else ``index.key`` in the
    user's config folder."""
    named = os.environ.get(KEY_ENV)
    if named:
        return Path(named)
    return userdirs.config_path() / KEY_NAME


def require() -> None:
    """Make sure there is a usable key (made now when missing), before any
    work that would need it. Raises :class:`~lawref.errors.KeyUnavailable`."""
    _key(str(key_path()))


def sign(purpose: str, *parts: bytes) -> str:
    """The seal (64 hex digits) of ``parts`` for ``purpose`` (``"meta"``,
    ``"fresh"``) under the user's key, made on first use. Raises
    :class:`~lawref.errors.KeyUnavailable` when there is no usable key."""
    mac = blake2b(_DOMAIN + purpose.encode("ascii") + b"\0", key=_key(str(key_path())), digest_size=32)
    for part in parts:
        mac.update(len(part).to_bytes(8, "big"))
        mac.update(part)
    return mac.hexdigest()


def check(seal: str | bytes, purpose: str, *parts: bytes) -> bool:
    """Whether ``seal`` is the seal of ``parts`` for ``purpose`` (compared
    in constant time). Raises as :func:`sign` does."""
    given = seal.decode("ascii", "replace") if isinstance(seal, bytes) else seal
    return _compare_digest(given.strip().encode("ascii", "replace"), sign(purpose, *parts).encode("ascii"))


@functools.lru_cache(maxsize=4)
def _key(path: str) -> bytes:
    """The key at ``path``, made when missing (cached per process and path)."""
    try:
        return _read_key(Path(path))
    except FileNotFoundError:
        pass
    try:
        _make_key(Path(path))
        return _read_key(Path(path))
    except OSError as exc:
        raise KeyUnavailable(N_("cannot make lawref's index key {file}: {error} (set {env} to a file lawref may "
                                "create)").format(file=display_name(path), error=exc.strerror or exc, env=KEY_ENV)
                             ) from exc


def _read_key(path: Path) -> bytes:
    """The key in ``path``: a regular file of this user's, not a link, mode
    0600 or stricter, 64 hex digits. Raises :class:`FileNotFoundError` when
    missing, :class:`~lawref.errors.KeyUnavailable` when unusable."""
    try:
        fd = os.open(path, _OPEN_FLAGS)
    except (FileNotFoundError, NotADirectoryError) as exc:
        raise FileNotFoundError(exc.errno, exc.strerror, str(path)) from exc
    except OSError as exc:  # ELOOP: a link
        raise _refused(path, said(exc)) from exc
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise _refused(path, N_("not a regular file"))
        if info.st_uid != os.geteuid():
            raise _refused(path, N_("it belongs to another user"))
        if info.st_mode & 0o077:
            raise _refused(path, N_("others may read it (chmod 600)"))
        data = os.read(fd, 4 * _KEY_BYTES)
    finally:
        os.close(fd)
    try:
        key = bytes.fromhex(data.decode("ascii").strip())
    except ValueError:
        key = b""
    if len(key) != _KEY_BYTES:
        raise _refused(path, N_("not a lawref key"))
    return key


def _refused(path: Path, why: str) -> KeyUnavailable:
    return KeyUnavailable(N_("lawref's index key {file} is refused: {reason}").format(
        file=display_name(str(path)), reason=why))


def _make_key(path: Path) -> None:
    """Write a new random key at ``path`` unless one is there (made whole in
    a temporary file, then linked in: two processes making it at once agree
    on one key). Raises :class:`OSError`."""
    import secrets

    path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
    tmp = path.with_name(f".{path.name}.{os.getpid()}.{secrets.token_hex(4)}.tmp")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0), 0o600)
    try:
        with os.fdopen(fd, "w", encoding="ascii") as handle:
            handle.write(secrets.token_hex(_KEY_BYTES) + "\n")
            handle.flush()
            os.fsync(handle.fileno())
        try:
            os.link(tmp, path)
        except FileExistsError:
            pass  # another process made it first: its key is the key
    finally:
        tmp.unlink(missing_ok=True)
