"""rx: :class:`Rx`, a regular expression compiled on first use that carries an example it must find.

Every pattern of :mod:`lawref.patterns` is one; a test checks each finds its
example. Compiling on first use means a command pays only for the patterns it runs.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

__all__ = ["Rx"]


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
        """The compiled pattern (compiled now if it was not yet)."""
        if self._compiled is None:
            rx = self._compiled = re.compile(self.pattern, self.flags)
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
