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


@functools.cache
def _words() -> frozenset[str]:
    """The word list itself (lowercased), for membership tests at set speed."""
    return frozenset(_checker().word_frequency.dictionary)


def is_known(word: str) -> bool:
    """True when the lowercased ``word`` is in the English word list
    (hyphenated words: when every part is)."""
    words, low = _words(), word.lower()
    if "-" not in low:
        return low in words
    return all(p and p in words for p in low.split("-"))


LIGATURES = ("ff", "fi", "fl", "ffi", "ffl")


@functools.cache
def ligature_parts() -> tuple[frozenset[str], frozenset[str]]:
    """``(heads, tails)``: what stands before and after a ligature (ff, fi,
    fl, ffi, ffl) in the words of the word list, lowercased (``o``/``ender``
    for *offender*) — a quick test before any lookup of a repaired word."""
    heads, tails = set(), set()
    for word in _words():
        if "ff" not in word and "fi" not in word and "fl" not in word:
            continue
        for i in range(len(word) - 1):
            for lig in LIGATURES:
                if word.startswith(lig, i):
                    heads.add(word[:i])
                    tails.add(word[i + len(lig) :])
    return frozenset(heads), frozenset(tails)


def looks_like_title(text: str) -> bool:
    """``text`` reads as a heading's title, not a sentence: at most 80
    characters, no full stop at its end, and most words of 4+ letters
    capitalised (``Dummy's Limitations`` — not ``The Director may award an
    adjusted score when``)."""
    words = [w for w in text.split() if sum(ch.isalpha() for ch in w) >= 4]
    capital = sum(1 for w in words if w[:1].isupper() or not w[:1].isalpha())
    return len(text) <= 80 and not text.rstrip().endswith((".", ";", ":", ",")) and capital >= 0.6 * len(words)
