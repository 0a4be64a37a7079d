"""english: the English lexicon for English editions (pyspellchecker's word list).

Loaded lazily once. Used to decide line-end hyphenation and to repair
ligatures a PDF extraction dropped (``E ective`` → ``Effective``)."""

from __future__ import annotations

import functools
import re
from typing import Any

from lawref import patterns as P


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


def frequency(word: str) -> int:
    """How often the lowercased ``word`` stands in the word list's corpus (0: unknown)."""
    return int(_checker().word_frequency[word.lower()])


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


#: Words title case prints in lower case (the 2017 book: ``Players' Use of Information``, ``Calls after the
#: Final Pass``) — one of them printed with a capital inside a heading opens the body (``… Score The Director``).
SMALL_WORDS = frozenset(
    "a about against among an and as at after be before between but by during for from in into nor not of off on"
    " onto or over per than the through to toward towards under until up upon via with within without".split())
#: Words that open a sentence and never end a title: printed with a capital right before the body's first word,
#: they start the body (``… Lead Restrictions This Law applies``).
OPENERS = frozenset("this these that those when where if unless whenever".split())
#: The most words a run-in title has (the 2017 book's longest: ``Wrong Board Discovered During Auction or Play
#: Period``, nine); past this the run is a sentence, not a title.
MAX_TITLE_WORDS = 14
#: The fewest words a body run on after a title has unless it ends a sentence (``… Alternative is Chosen`` is
#: the title's own end).
MIN_BODY_WORDS = 4
#: A body that opens with a number label: ``1.``, ``1.(a)``, ``(a)``.
_NUMBER_OPENER = re.compile(r"^(?:\d{1,2}\.(?:\([a-z]\))?|\([a-z]\))$|^\d{1,2}\.\(")


def _capital(word: str) -> bool:
    """The word's first letter is a capital (``Players'``, ``“Call``, ``North-South``)."""
    letters = [c for c in word if c.isalpha()]
    return bool(letters) and letters[0].isupper()


def _title_word(word: str) -> bool:
    """A word a heading in title case holds: capitalised, or a small word in lower case."""
    core = word.strip(",;:“”\"'()")
    return bool(core) and (_capital(core) or core in SMALL_WORDS or core in ("-", "–", "—", "&"))


#: The most words of a section's title printed in sentence case (a club's copy: ``Use of information by players.``).
SENTENCE_CASE_WORDS = 8
_CLAUSE = re.compile(r"[.!?;:]")


def sentence_case_title(text: str) -> bool:
    """``text`` (a section's line after its label) is a whole title printed
    in sentence case, as club pages print the Laws' titles (``Use of
    information by players.``, ``Hints from partner``): one to
    :data:`SENTENCE_CASE_WORDS` words opening with a capital, no clause mark
    but a final full stop, and no title-case title in it (:func:`title_end`
    finds none: ``The Deal The cards …`` is a title and its body)."""
    t = text.strip()
    words = t.split()
    return (0 < len(words) <= SENTENCE_CASE_WORDS and t[:1].isupper() and not _CLAUSE.search(t.rstrip("."))
            and title_end(t) == 0)


#: Words a law's number follows in a cite (``Law 16C2``): a title-case run that reaches one is a sentence's opening.
CITE_WORDS = frozenset({"law", "laws"})


def title_end(text: str) -> int | None:
    """Where a section's title run into its body ends (a code-point offset
    into ``text``, the body's first character), or ``None``: ``text`` is all
    title (printed on a line of its own), or no title at all.

    Real PDF extractions of the 2017 Laws print ``A. Title Body…`` on one
    line (issue 24): ``Rank of Cards and Suits The four suits …``,
    ``Acceptance of Insufficient Bid 1. Any insufficient bid …``. The title
    is the run of title-case words (:func:`_title_word`); the body starts at
    the first word that is not one — a number label, or a lower-case word,
    going back to the capitalised word that opens its sentence, and further
    over the capitalised small words title case would not capitalise
    (``… Score The Director may`` → ``The Director may``). A title in
    capitals ends at the first word that is not (``RANK OF CARDS The four
    …``). Returns ``0`` when the text opens with its body (``The Director
    may …``: no title)."""
    words = text.split(" ")
    starts, at = [], 0
    for w in words:
        starts.append(at)
        at += len(w) + 1
    nonempty = [j for j, w in enumerate(words) if w]
    if not nonempty:
        return None
    caps = [j for j in nonempty[:2] if sum(c.isalpha() for c in words[j]) >= 2 and words[j].upper() == words[j]]
    if len(caps) == 2:  # a title in capitals (two words: ``RHO Required to Pass`` is in title case)
        for j in nonempty[1:]:
            w = words[j]
            if any(c.isalpha() for c in w) and w.upper() != w:
                return starts[j]
            if _NUMBER_OPENER.match(w):
                return starts[j]
        return None
    brk = next((j for j in nonempty if _NUMBER_OPENER.match(words[j]) or not _title_word(words[j])
                or (j and words[j - 1].endswith(".") and len(words[j - 1].strip(".")) > 2)), None)
    if brk is not None and brk and words[brk - 1].endswith(".") and len(words[brk - 1].strip(".")) > 2:
        return starts[brk]  # ``Insufficient Bid not Accepted. If an insufficient bid …``: the title's full stop
    if brk is None:
        return None
    if brk > MAX_TITLE_WORDS:
        return 0
    if _NUMBER_OPENER.match(words[brk]):
        return starts[brk]
    j = brk - 1
    while j >= 0 and not _capital(words[j].strip("“\"'(")):
        j -= 1
    if j < 0:
        return 0
    while j > 0 and _capital(words[j - 1]) and words[j - 1].strip("“\"'(").lower() in SMALL_WORDS | OPENERS:
        j -= 1
    title = [w for w in words[:j] if w]
    if not title or title[-1].strip(",;:").lower() in SMALL_WORDS:
        return 0
    if title[-1].strip("“\"'(").lower() in CITE_WORDS and words[j][:1].isdigit():
        return 0  # ``Subject to Law 16C2, after …``: a cite in the run, so a sentence — no title ends in ``Law``
    body = [w for w in words[j:] if w]
    if len(body) < MIN_BODY_WORDS and not body[-1].endswith((".", ";", ":", "!", "?")):
        return None  # ``When Illegal Alternative is Chosen``: a title with a verb in it, no body
    return starts[j]


def title_words(title: str) -> list[str]:
    """A title's words, case and apostrophes folded: two printings of one
    title compare equal (``CORRECTION OF A REVOKE``, ``Correction of a Revoke``)."""
    return P.WORD.findall(title.casefold().replace("’", "'"))
