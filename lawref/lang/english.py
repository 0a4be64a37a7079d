"""english: the English lexicon for English editions (pyspellchecker's word list).

Loaded lazily once. Used to decide line-end hyphenation and to repair
ligatures a PDF extraction dropped (``E ective`` → ``Effective``)."""

from __future__ import annotations

import functools
from typing import Any


@functools.cache
def _checker() -> Any:
    from spellchecker import SpellChecker  # lazy: Russian-only builds never load it

    return SpellChecker(language="en")


@functools.lru_cache(maxsize=100_000)
def is_known(word: str) -> bool:
    """True when the lowercased ``word`` is in the English word list
    (hyphenated words: when every part is)."""
    parts = word.lower().split("-")
    return all(p and p in _checker() for p in parts)
