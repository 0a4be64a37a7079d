"""typos: the corpus form a mistyped word most likely meant ("did you mean"), whoosh-free.

:meth:`lawref.index.Searcher.suggest` asks :func:`nearest` for a word no
corpus form is; search (:mod:`lawref.search`) keeps a real Russian word the
corpus lacks as it is (pymorphy3's dictionary: ``отказать`` is not
``наказать``). The one importer of rapidfuzz.
"""

from __future__ import annotations

import bisect
from collections.abc import Iterable, Mapping, Sequence

#: The longest edit distance a typo is corrected over (a word of 8+ letters; 1 for a shorter one).
MAX_TYPO_DISTANCE = 2
#: A shorter word is taken for a typo only when asked (``short``): a Cyrillic one of 4–5 letters, when the search
#: finds nothing without it (``болвн`` → болван, ``маст`` → масть). Of the judged queries' short words the corpus
#: lacks, 22 of 23 with a form one edit away were real words (``нету``, ``темп``): looked up for every query, they
#: cost a quarter of the search time for one typo (``както``, itself no typo of ``како``). An English word is
#: corrected by :func:`lawref.lang.glossary.english_typos`, against the glossary's words and an English word list.
MIN_TYPO_LENGTH = 6
MIN_TYPO_LENGTH_CYRILLIC = 4
#: The consonants a vowel typo keeps (:func:`consonants`).
_CONSONANTS = frozenset("бвгджзйклмнпрстфхцчшщbcdfghjklmnpqrstvwxz")
#: The letter rows of the Russian (ЙЦУКЕН, GOST 6431) and English (QWERTY) keyboards: a key struck for its
#: neighbour in a row is the likeliest slip of a finger (``разыгрываюший``: ш for щ, beside it).
KEY_ROWS = ("йцукенгшщзхъ", "фывапролджэ", "ячсмитьбю", "qwertyuiop", "asdfghjkl", "zxcvbnm")
_NEIGHBOURS = frozenset((row[k], row[k + 1]) for row in KEY_ROWS for k in range(len(row) - 1))


def next_key(word: str, form: str) -> bool:
    """Whether ``form`` is ``word`` with one letter struck for the key beside it in its keyboard row
    (:data:`KEY_ROWS`; ``разыгрываюший`` → ``разыгрывающий``)."""
    if len(word) != len(form):
        return False
    slips = [(a, b) for a, b in zip(word, form, strict=True) if a != b]
    return len(slips) == 1 and (slips[0] in _NEIGHBOURS or slips[0][::-1] in _NEIGHBOURS)


def shortest(word: str, *, short: bool = False) -> int:
    """The fewest letters ``word`` needs to be taken for a typo: :data:`MIN_TYPO_LENGTH`,
    or with ``short`` :data:`MIN_TYPO_LENGTH_CYRILLIC` for a Cyrillic word."""
    cyrillic = any("а" <= c <= "я" or c == "ё" for c in word.lower())
    return MIN_TYPO_LENGTH_CYRILLIC if short and cyrillic else MIN_TYPO_LENGTH


def consonants(word: str) -> str:
    """``word``'s consonants in order (``взятак`` → ``взтк``): what a typo of a vowel keeps."""
    return "".join(c for c in word if c in _CONSONANTS)


#: The fewest candidates of a typo that :meth:`ByLength.near` narrows by their letters first (fewer: each
#: distance is cheaper than the narrowing; a corpus of the seeds' size never narrows, 100 copies of it do).
NARROWED_FROM = 2_000
#: The lookups of that many candidates a table answers whole before it works out which forms hold each letter
#: (0.2 s at 100 copies of the seeds, where a lookup saves ~2 ms): a command asking once never pays it, a held
#: library pays it once (a server at its start: :meth:`ByLength.prepare`).
NARROWED_AFTER = 50


class ByLength:
    """Forms sorted by length (stable: each length's in the order given), so that the forms of a range of
    lengths — a typo's candidates — are one slice of a list, not a list built for each word; and, for a
    large table, which forms hold each letter (bitsets over that order, made on first need), so that a
    typo's candidates are narrowed to the forms whose letters could be its letters within its edits."""

    def __init__(self, forms: Iterable[str]) -> None:
        self.forms = sorted(forms, key=len)
        self._lengths = [len(f) for f in self.forms]
        self._holders: dict[int, int] | None = None
        self._whole = 0  # large lookups answered whole, before the letters were worked out

    def within(self, shortest: int, longest: int) -> list[str]:
        """The forms of ``shortest`` to ``longest`` letters (both included), shortest first."""
        lengths = self._lengths
        return self.forms[bisect.bisect_left(lengths, shortest):bisect.bisect_right(lengths, longest)]

    def near(self, word: str, edits: int, *, narrowed_from: int = NARROWED_FROM) -> list[str]:
        """The forms that may be ``edits`` or fewer edits from ``word`` (insertions, deletions, substitutions,
        two letters swapped), in order: :meth:`within` the lengths ``edits`` away, less those whose letters
        rule it out — an edit takes at most one letter out of a word's set of letters and puts at most one
        in, so a form lacking more than ``edits`` of the word's letters, or holding more than ``edits``
        letters the word lacks, is further (exact: every form within ``edits`` is kept). Narrowed only from
        ``narrowed_from`` candidates, after :data:`NARROWED_AFTER` such lookups or :meth:`prepare`."""
        lo, hi = bisect.bisect_left(self._lengths, len(word) - edits), bisect.bisect_right(self._lengths,
                                                                                           len(word) + edits)
        if hi - lo < narrowed_from:
            return self.forms[lo:hi]
        if self._holders is None and self._whole < NARROWED_AFTER:  # a command's few lookups: not worth the bitsets
            self._whole += 1
            return self.forms[lo:hi]
        holders = self.prepare()
        window = (1 << hi) - (1 << lo)
        mine = {_letter(c) for c in word}
        lacked = [window & ~holders.get(b, 0) for b in mine]  # the forms lacking each of its letters
        added = [window & held for b, held in holders.items() if b not in mine]  # those holding a letter it lacks
        kept = window & ~_more_than(lacked, edits) & ~_more_than(added, edits)
        return [self.forms[i] for i in _set_bits(kept)]

    def prepare(self) -> dict[int, int]:
        """Which forms hold each letter (:func:`_letter`): ``{letter: bitset over the forms' order}``, made once."""
        if self._holders is None:
            rows: dict[int, bytearray] = {}
            size = (len(self.forms) + 7) // 8
            for i, form in enumerate(self.forms):
                for b in {_letter(c) for c in form}:
                    row = rows.get(b)
                    if row is None:
                        row = rows[b] = bytearray(size)
                    row[i >> 3] |= 1 << (i & 7)
            self._holders = {b: int.from_bytes(row, "little") for b, row in rows.items()}
        return self._holders


def _letter(c: str) -> int:
    """A letter as a number below 64: within one script each its own (Cyrillic а–я and ё; Latin a–z), across
    scripts or for another letter shared (``p`` and ``а``): a looser bound in :meth:`ByLength.near`, never a
    wrong one — and a table holds one script's forms (:meth:`lawref.index.Searcher._form_keys`)."""
    return ord(c) % 64


def _more_than(sets: Sequence[int], count: int) -> int:
    """The bits set in more than ``count`` of ``sets`` (bitsets): counters of 1 … ``count`` + 1, bit-sliced."""
    least = [0] * (count + 1)  # least[j]: the bits set in at least j + 1 of the sets so far
    for bits in sets:
        for j in range(count, 0, -1):
            least[j] |= least[j - 1] & bits
        least[0] |= bits
    return least[count]


def _set_bits(bits: int) -> list[int]:
    """The positions of the bits set in ``bits``, lowest first."""
    digits = bin(bits)[:1:-1]  # lowest bit first
    out, at = [], digits.find("1")
    while at >= 0:
        out.append(at)
        at = digits.find("1", at + 1)
    return out


def nearest(word: str, by_length: ByLength, lemmas: Mapping[str, Sequence[str]],
            sizes: Mapping[str, int], *, use_first: bool = False) -> str | None:
    """The form of ``by_length`` (:class:`ByLength`) nearest to
    ``word`` by edit distance, two letters swapped counting as one edit
    (rapidfuzz's optimal string alignment: ``масьт`` → ``масть``, ``взтяка``
    → ``взятка``; at most 1 for a word of fewer than 8 letters,
    :data:`MAX_TYPO_DISTANCE` from 8), or ``None``. Among
    the forms at that distance: those with the word's consonants in its
    order first (a vowel is what a Russian typist most often gets wrong,
    an unstressed one above all: ``взятак`` → ``взятка``, not ``взятая``;
    ``маст`` → ``масть``, not ``даст``) or one letter struck for the key
    beside it (:func:`next_key`: ``разыгрываюший`` → ``разыгрывающий``, not
    ``разыгрывавший``), then a lemma itself (``lemmas``:
    a form's, its first; ``штрафной``, not ``штрафней``; ``масть``, not
    ``мест``), then one of the word's length, then the lemma most corpus
    forms share (``sizes``), then the first in order; with ``use_first``,
    the most used (``sizes``) before one of the word's length (English:
    ``dumy`` is a dropped letter of ``dummy``, not ``duty``)."""
    from rapidfuzz import distance as rf_distance  # only for a word the corpus lacks
    from rapidfuzz import process as rf_process

    limit = 1 if len(word) < 8 else MAX_TYPO_DISTANCE
    found = rf_process.extract(word, by_length.near(word, limit), scorer=rf_distance.OSA.distance,
                               score_cutoff=limit, limit=50)
    if not found:
        return None
    best = min(d for _, d, _ in found)
    near = [form for form, d, _ in found if d == best]
    bones = consonants(word)

    def likelier(f: str) -> tuple[bool, bool, int | bool, int | bool, str]:
        used, length = -sizes.get(lemmas[f][0], 0), len(f) != len(word)
        return (consonants(f) != bones and not next_key(word, f), lemmas[f][0] != f,
                *((used, length) if use_first else (length, used)), f)

    return min(near, key=likelier)
