"""rx: :class:`Rx`, a regular expression compiled on first use that carries an example it must find.

Every pattern of :mod:`lawref.patterns` is one; a test checks each finds its
example. Compiling on first use means a command pays only for the patterns it runs.

Compiled programs kept by the build (issue 28). Python compiles a pattern in
Python code (``re._parser``, ``re._compiler``): the cite patterns a ``link``
runs take ~140M instructions to compile, a third of a cold ``link``. So a
build writes every pattern's compiled program into its generation
(:data:`PROGRAMS`, :func:`programs`), and a process that opens the
generation hands the exact program to the regex engine (``_sre.compile``,
as :func:`re.compile` itself ends) instead of compiling it again
(:func:`take_programs`). The program is what :func:`re.compile` makes of
the same pattern and flags — the engine checks it (``RuntimeError:
invalid SRE code``), and a test compares each with :func:`re.compile`'s (a
pattern object equals another only when their programs do). It is used only
where the Python that wrote it is this Python (``sys.version``, the
engine's ``MAGIC`` and code size, byte order), and any fault in reading it
compiles the pattern as before: the programs save time, never decide a
match.
"""

from __future__ import annotations

import json
import re
import sys
from array import array
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

__all__ = ["PROGRAMS", "Rx", "programs", "programs_again", "take_programs"]

#: A generation's file of compiled programs: one line of JSON (the Python that compiled them, and for
#: each pattern its key, place and groups), then the programs' code, 32-bit words in native order.
PROGRAMS = "regex.bin"
#: The most bytes a programs file is read to (the whole of lawref.patterns: ~0.3 MB).
MAX_PROGRAMS_BYTES = 8 << 20


class Rx:
    """A regular expression compiled on first use, with an ``example`` it
    must find. ``Rx(...).search(s)`` works as ``re.compile(...).search(s)``
    (``match``, ``fullmatch``, ``search``, ``finditer``, ``findall``,
    ``sub``, ``split`` likewise)."""

    __slots__ = ("pattern", "flags", "example", "_compiled", "match", "fullmatch", "search", "finditer", "findall",
                 "sub", "split")

    def __init__(self, pattern: str, flags: int = 0, *, example: str):
        self.pattern, self.flags, self.example = pattern, flags, example
        self._compiled: re.Pattern[str] | None = None

    def compiled(self) -> re.Pattern[str]:
        """The compiled pattern (compiled now if it was not yet: from the
        program a build kept, when :func:`take_programs` was given one)."""
        if self._compiled is None:
            rx = self._compiled = _kept(self.pattern, self.flags) or re.compile(self.pattern, self.flags)
            self.match, self.fullmatch, self.search = rx.match, rx.fullmatch, rx.search
            self.finditer, self.findall, self.sub, self.split = rx.finditer, rx.findall, rx.sub, rx.split
        return self._compiled

    def __getattr__(self, name: str) -> Callable[..., Any]:
        """First call of ``match``, ``search`` …: compile, then bind them."""
        if name in ("match", "fullmatch", "search", "finditer", "findall", "sub", "split"):
            self.compiled()
            return getattr(self, name)  # type: ignore[no-any-return,unused-ignore]
        raise AttributeError(name)

    def __repr__(self) -> str:
        return f"Rx({self.pattern!r})"


# ---------------------------------------------------------------- compiled programs kept by the build

#: The programs file :func:`take_programs` was given, and what was read of it (``None``: not yet).
_kept_at: Path | None = None
_loaded: dict[str, Any] | None = None


def _python() -> dict[str, Any]:
    """What a program depends on beside its pattern: this Python and its regex engine."""
    import _sre

    return {"python": sys.version, "magic": getattr(_sre, "MAGIC", None), "codesize": getattr(_sre, "CODESIZE", None),
            "byteorder": sys.byteorder}


def _key(pattern: str, flags: int) -> str:
    """A pattern's key in a programs file: its flags and its text (``"2:(?i:правил…"``)."""
    return f"{int(flags)}:{pattern}"


def programs(rxs: Iterable[Rx]) -> bytes:
    """The programs file of ``rxs`` (:data:`PROGRAMS`), as :func:`re.compile`
    of this Python compiles each; a pattern it cannot take apart so (another
    Python's ``re`` internals) is left out: it is compiled where it runs.
    Raises :class:`re.error` for a bad pattern."""
    table: dict[str, list[Any]] = {}
    words: array[int] = array("I")
    for rx in rxs:
        made = _program(rx.pattern, int(rx.flags))
        if made is not None:
            code, place = made
            table[_key(rx.pattern, rx.flags)] = [len(words), len(code), *place]
            words.extend(code)
    head = json.dumps({**_python(), "itemsize": words.itemsize, "programs": table}, ensure_ascii=False,
                      separators=(",", ":"))
    return head.encode("utf-8", "surrogatepass") + b"\n" + words.tobytes()


def _program(pattern: str, flags: int) -> tuple[list[int], list[Any]] | None:
    """``(code, [all flags, groups, groupindex, indexgroup])`` as ``re._compiler.compile`` hands them to
    ``_sre.compile``, or ``None`` where this Python's ``re`` is not taken apart so. Raises :class:`re.error`."""
    try:
        from re import _compiler, _parser  # type: ignore[attr-defined]

        parsed = _parser.parse(pattern, flags)
        code = [int(c) for c in _compiler._code(parsed, flags)]
        array("I", code)  # every word fits the file's
        groupindex = dict(parsed.state.groupdict)
        indexgroup: list[str | None] = [None] * parsed.state.groups
        for name, number in groupindex.items():
            indexgroup[number] = name
        return code, [flags | int(parsed.state.flags), parsed.state.groups - 1, groupindex, indexgroup]
    except (ImportError, AttributeError, TypeError, OverflowError):
        return None


def programs_again(path: Path, rxs: Iterable[Rx]) -> bytes | None:
    """The programs file at ``path`` as it is when it holds the programs of exactly ``rxs``, written by
    this Python (a build whose patterns did not change need not compile them again), else ``None`` (also
    when it cannot be read)."""
    try:
        data = _read(path)
        table = _parsed(data)["programs"]
    except (OSError, ValueError):
        return None
    return data if table and set(table) == {_key(rx.pattern, rx.flags) for rx in rxs} else None


def take_programs(path: Path | None) -> None:
    """Take compiled programs from the programs file at ``path`` (a
    generation's :data:`PROGRAMS`) from now on, for every pattern not yet
    compiled in this process; ``None``: take none. Nothing is read until a
    pattern is compiled."""
    global _kept_at, _loaded
    if path != _kept_at:
        _kept_at, _loaded = path, None


def _kept(pattern: str, flags: int) -> re.Pattern[str] | None:
    """``pattern`` made from the program the build kept, or ``None`` when
    there is none for it (no file taken, another Python's, a fault in it)."""
    global _kept_at, _loaded
    path, loaded = _kept_at, _loaded
    if path is None:
        return None
    try:
        if loaded is None:
            _loaded = loaded = _parsed(_read(path))
        place = loaded["programs"].get(_key(pattern, flags))
        if place is None:
            return None
        start, length, all_flags, groups, groupindex, indexgroup = place
        words: array[int] = array("I")
        words.frombytes(loaded["code"][4 * start: 4 * (start + length)])
        import _sre  # the engine re.compile hands its program to (loaded with re)

        compiled: re.Pattern[str] = _sre.compile(pattern, all_flags, words.tolist(), groups, groupindex,
                                                 tuple(indexgroup))
        return compiled
    except (OSError, ValueError, TypeError, KeyError, RuntimeError, OverflowError):
        _kept_at, _loaded = None, None  # a fault: every pattern is compiled as before
        return None


def _read(path: Path) -> bytes:
    """The bytes of the programs file at ``path``. Raises :class:`OSError`, and :class:`ValueError`
    past :data:`MAX_PROGRAMS_BYTES`."""
    with open(path, "rb") as handle:
        data = handle.read(MAX_PROGRAMS_BYTES + 1)
    if len(data) > MAX_PROGRAMS_BYTES:
        raise ValueError("programs file too large")
    return data


def _parsed(data: bytes) -> dict[str, Any]:
    """The head's programs and the code of a programs file's bytes; no programs when another Python wrote
    it. Raises :class:`ValueError`."""
    head_bytes, _, code = data.partition(b"\n")
    head = json.loads(head_bytes)
    if not isinstance(head, dict) or any(head.get(k) != v for k, v in _python().items()) or head.get(
            "itemsize") != array("I").itemsize or not isinstance(head.get("programs"), dict):
        return {"programs": {}, "code": b""}
    return {"programs": head["programs"], "code": code}
