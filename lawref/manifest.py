"""manifest: ``lawref.toml`` read and checked against its schema (stdlib only).

The manifest names the documents of a corpus folder and its limits::

    default_edition = "1997"          # optional
    follow_outside_links = false      # optional: read links that leave the folder

    [limits]                          # optional; the defaults shown
    max_file_mb = 20                  # a bigger file is skipped and reported
    max_files = 20000                 # more files: the build stops with a message
    max_total_mb = 500                # more bytes in all: likewise

    [[document]]
    id = "laws"                       # letters, digits, _ . - ; unique
    kind = "laws"                     # laws | commentary
    lang = "ru"                       # ru | en
    edition = "1997"
    title = "…"
    files = ["000_*.txt"]             # globs inside the corpus folder
    encoding = "cp1251"               # optional: a codec for these files
    encodings = { "old/*.txt" = "cp866" }   # optional: per glob

Every key is checked: a wrong type, an unknown key, a duplicate id, a glob
that leaves the folder or an unknown codec is a
:class:`~lawref.errors.ManifestError` whose one-line message names the entry
and the key. The manifest is read only if it is a regular file of at most
:data:`MAX_MANIFEST_BYTES`.
"""

from __future__ import annotations

import fnmatch
import functools
import os
import re
import tomllib
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath
from typing import Any

from lawref.charsets import NotACharset, lookup_codec
from lawref.errors import ManifestError, UnsafeInput
from lawref.i18n import N_, said
from lawref.safeio import read_regular

__all__ = ["MANIFEST", "DocumentSpec", "Limits", "Manifest", "read_manifest"]

MANIFEST = "lawref.toml"
MAX_MANIFEST_BYTES = 1_000_000
DOC_KINDS = ("laws", "commentary")
LANGS = ("ru", "en")
_ID = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]{0,63}")
_MB = 1024 * 1024


@dataclass(frozen=True)
class Limits:
    """What a build reads at most: bytes per file (a bigger file is skipped
    and reported), files in the folder and bytes in all (past those the build
    stops with a message — a wrong ``--corpus`` such as ``/tmp``)."""

    max_file_bytes: int = 20 * _MB
    max_files: int = 20_000
    max_total_bytes: int = 500 * _MB


@functools.lru_cache(maxsize=4096)
def _globs_pattern(globs: tuple[str, ...]) -> re.Pattern[str]:
    """One pattern matching what any of ``globs`` matches (:func:`fnmatch.translate`)."""
    return re.compile(_globs_source(globs))


def _globs_source(globs: tuple[str, ...]) -> str:
    return "|".join(fnmatch.translate(os.path.normcase(g)) for g in globs)


@functools.lru_cache(maxsize=4096)
def _literal_starts(globs: tuple[str, ...]) -> tuple[str, ...]:
    """What a name must start with to match one of ``globs``: each glob's
    text before its first wildcard (``*``, ``?``, ``[``)."""
    return tuple(re.split(r"[*?\[]", os.path.normcase(g), maxsplit=1)[0] for g in globs)


@dataclass(frozen=True)
class DocumentSpec:
    """One ``[[document]]`` entry. ``globs`` are relative POSIX globs;
    ``encodings`` pairs ``(glob, codec)``, checked before ``encoding``."""

    id: str
    kind: str = "laws"
    lang: str = "ru"
    edition: str | None = None
    title: str | None = None
    globs: tuple[str, ...] = ()
    encoding: str | None = None
    encodings: tuple[tuple[str, str], ...] = ()

    def matches(self, rel: str) -> bool:
        """True when corpus-relative file name ``rel`` matches one of the globs
        (as :func:`fnmatch.fnmatch` says; the globs compiled once into one pattern)."""
        return bool(self.globs) and _globs_pattern(self.globs).match(os.path.normcase(rel)) is not None

    def file_encoding(self, rel: str) -> str | None:
        """The codec the manifest fixes for ``rel`` (per-glob first), or ``None``."""
        for pattern, enc in self.encodings:
            if fnmatch.fnmatch(rel, pattern):
                return enc
        return self.encoding


@dataclass(frozen=True)
class Manifest:
    """The whole manifest; an absent ``lawref.toml`` is ``Manifest()``."""

    documents: tuple[DocumentSpec, ...] = ()
    limits: Limits = field(default_factory=Limits)
    default_edition: str | None = None
    follow_outside_links: bool = False

    def spec_for(self, rel: str) -> DocumentSpec | None:
        """The first document whose globs match ``rel``, or ``None``. A
        glob's literal start (``copy-3/000_`` of ``copy-3/000_*.txt``) is
        compared first, so a manifest of 200 documents compiles and tries the
        patterns of the few that may match, not all."""
        name = os.path.normcase(rel)
        return next((s for s in self.documents if name.startswith(_literal_starts(s.globs)) and s.matches(rel)),
                    None)


def read_manifest(folder: Path) -> Manifest:
    """The manifest of corpus ``folder`` (``Manifest()`` when it has none).

    Raises :class:`~lawref.errors.ManifestError` for a manifest that is not a
    regular file, a link out of ``folder``, too big, not UTF-8 TOML, or
    breaks the schema."""
    path = Path(folder) / MANIFEST
    if not path.exists() and not path.is_symlink():
        return Manifest()
    if path.is_symlink() and not path.resolve().is_relative_to(Path(folder).resolve()):
        raise ManifestError(N_("{path}: a link out of the corpus folder: the manifest is never read from "
                               "elsewhere").format(path=path))
    try:
        raw = read_regular(path, MAX_MANIFEST_BYTES)
    except (UnsafeInput, OSError) as exc:
        raise ManifestError(N_("{path}: cannot read the manifest: {reason}").format(
            path=path, reason=_reason(exc))) from exc
    try:
        data = tomllib.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
        raise ManifestError(N_("{path}: not a valid TOML manifest: {error}").format(path=path, error=exc)) from exc
    except RecursionError as exc:  # tables or arrays nested thousands deep
        raise ManifestError(N_("{path}: not a TOML manifest lawref reads: nested too deep").format(path=path)) from exc
    return parse_manifest(data, str(path))


def _reason(exc: Exception) -> str:
    return said(exc)


def parse_manifest(data: dict[str, Any], where: str = MANIFEST) -> Manifest:
    """Check parsed TOML ``data`` against the schema (see the module doc).
    Raises :class:`~lawref.errors.ManifestError` naming entry and key."""
    _known(data, {"document", "limits", "default_edition", "follow_outside_links"}, where)
    entries = data.get("document", [])
    if not isinstance(entries, list) or not all(isinstance(e, dict) for e in entries):
        raise ManifestError(N_("{where}: 'document' must be an array of tables ([[document]])").format(where=where))
    specs = tuple(_document(e, f"{where}: [[document]] #{i + 1}") for i, e in enumerate(entries))
    seen: set[str] = set()
    for i, spec in enumerate(specs):
        if spec.id in seen:
            raise ManifestError(N_("{where}: [[document]] #{number}: key 'id': {id} is used by an earlier document")
                                .format(where=where, number=i + 1, id=repr(spec.id)))
        seen.add(spec.id)
    return Manifest(specs, _limits(data.get("limits", {}), f"{where}: [limits]"),
                    _edition(data, where, "default_edition"), _bool(data, "follow_outside_links", where))


def _known(table: dict[str, Any], keys: set[str], where: str) -> None:
    unknown = sorted(set(table) - keys)
    if unknown:
        raise ManifestError(N_("{where}: unknown key {key} (known: {known})").format(
            where=where, key=repr(unknown[0]), known=", ".join(sorted(keys))))


def _type_name(value: Any) -> str:
    return {str: N_("a string"), int: N_("an integer"), float: N_("a number"), bool: N_("a boolean"),
            list: N_("an array"), dict: N_("a table")}.get(type(value), type(value).__name__)


def _wrong(where: str, key: str, want: str, value: Any) -> ManifestError:
    shown = repr(value) if len(repr(value)) <= 40 else repr(value)[:37] + "…"
    return ManifestError(N_("{where}: key {key}: expected {want_msg}, got {type_msg}: {value}").format(
        where=where, key=repr(key), want_msg=want, type_msg=_type_name(value), value=shown))


def _opt_str(table: dict[str, Any], key: str, where: str) -> str | None:
    value = table.get(key)
    if value is not None and not isinstance(value, str):
        raise _wrong(where, key, N_("a string"), value)
    return value


def _bool(table: dict[str, Any], key: str, where: str) -> bool:
    value = table.get(key, False)
    if not isinstance(value, bool):
        raise _wrong(where, key, N_("true or false"), value)
    return value


def _choice(table: dict[str, Any], key: str, choices: tuple[str, ...], where: str) -> str:
    value = table.get(key, choices[0])
    if value not in choices:
        raise _wrong(where, key, N_("one of {choices}").format(choices=", ".join(repr(c) for c in choices)), value)
    return str(value)


def _document(entry: dict[str, Any], where: str) -> DocumentSpec:
    _known(entry, {"id", "kind", "lang", "edition", "title", "files", "encoding", "encodings"}, where)
    doc_id = entry.get("id")
    if not isinstance(doc_id, str) or not _ID.fullmatch(doc_id):
        raise _wrong(where, "id", N_("a name of letters, digits, '_', '.' or '-'"), doc_id)
    where = f"{where} (id {doc_id!r})"
    files = entry.get("files", [])
    if not isinstance(files, list) or not all(isinstance(g, str) for g in files):
        raise _wrong(where, "files", N_("an array of strings (globs)"), files)
    for glob in files:
        _inside(glob, where, "files")
    return DocumentSpec(doc_id, _choice(entry, "kind", DOC_KINDS, where), _choice(entry, "lang", LANGS, where),
                        _edition(entry, where), _opt_str(entry, "title", where), tuple(files),
                        _codec(entry.get("encoding"), where, "encoding"), _encodings(entry, where))


def _edition(entry: dict[str, Any], where: str, key: str = "edition") -> str | None:
    value = entry.get(key)
    if isinstance(value, int) and not isinstance(value, bool):
        return str(value)  # ``edition = 1997`` means the same as ``"1997"``
    return _opt_str(entry, key, where)


def _inside(glob: str, where: str, key: str) -> None:
    """A glob must stay inside the corpus folder: relative, no ``..``."""
    parts = PurePosixPath(glob.replace("\\", "/")).parts
    if not glob.strip() or glob.startswith(("/", "~")) or re.match(r"[A-Za-z]:", glob) or ".." in parts:
        raise ManifestError(N_("{where}: key {key}: {glob} leaves the corpus folder (use a relative glob)").format(
            where=where, key=repr(key), glob=repr(glob)))


def _codec(value: Any, where: str, key: str) -> str | None:
    if value is None:
        return None
    if not isinstance(value, str):
        raise _wrong(where, key, N_("a codec name such as 'cp1251'"), value)
    try:
        lookup_codec(value)
    except NotACharset:
        raise ManifestError(N_("{where}: key {key}: {codec} is a codec, but no character set of a text (e.g. "
                               "cp1251, koi8-r, utf-8)").format(where=where, key=repr(key), codec=repr(value))
                            ) from None
    except LookupError:
        raise ManifestError(N_("{where}: key {key}: unknown codec {codec}").format(
            where=where, key=repr(key), codec=repr(value))) from None
    return value


def _encodings(entry: dict[str, Any], where: str) -> tuple[tuple[str, str], ...]:
    table = entry.get("encodings", {})
    if not isinstance(table, dict):
        raise _wrong(where, "encodings", N_("a table of glob = codec"), table)
    out = []
    for glob, codec in table.items():
        _inside(glob, where, "encodings")
        out.append((glob, str(_codec(codec, where, f"encodings.{glob}"))))
    return tuple(out)


def _limits(table: Any, where: str) -> Limits:
    if not isinstance(table, dict):
        raise _wrong(where.rsplit(": ", 1)[0], "limits", N_("a table"), table)
    _known(table, {"max_file_mb", "max_files", "max_total_mb"}, where)
    base = Limits()
    return Limits(
        _positive(table, "max_file_mb", where, base.max_file_bytes / _MB, _MB),
        _positive(table, "max_files", where, base.max_files, 1),
        _positive(table, "max_total_mb", where, base.max_total_bytes / _MB, _MB),
    )


#: Above any limit a machine can reach (a petabyte, a billion files): ``inf`` and ``nan`` are no numbers here.
_HUGE = 1e9


def _positive(table: dict[str, Any], key: str, where: str, default: float, unit: int) -> int:
    value = table.get(key, default)
    if isinstance(value, bool) or not isinstance(value, int | float) or not 0 < value < _HUGE:  # nan, inf too
        raise _wrong(where, key, N_("a positive number under a billion"), value)
    return int(value * unit)
