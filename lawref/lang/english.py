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


def looks_like_title(text: str) -> bool:
    """``text`` reads as a heading's title, not a sentence: at most 80
    characters, no full stop at its end, and most words of 4+ letters
    capitalised (``Dummy's Limitations`` — not ``The Director may award an
    adjusted score when``)."""
    words = [w for w in text.split() if sum(ch.isalpha() for ch in w) >= 4]
    capital = sum(1 for w in words if w[:1].isupper() or not w[:1].isalpha())
    return len(text) <= 80 and not text.rstrip().endswith((".", ";", ":", ",")) and capital >= 0.6 * len(words)
