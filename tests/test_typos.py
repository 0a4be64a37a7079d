"""lawref.typos: the corpus form a mistyped word most likely meant (issue 27, item 5).

A table of forms at the same edit distance, and which one a typist most
likely meant: the same consonants in order (a vowel slipped) or a key struck
for its neighbour, then a lemma itself, then the same length, then the lemma
with most forms.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lawref import typos

#: form → its lemmas (the first is the one that counts), as the index's forms table gives them.
LEMMAS = {
    "взяток": ["взятка"], "взятая": ["взять"], "масть": ["масть"], "даст": ["дать"], "мест": ["место"],
    "штрафной": ["штрафной"], "штрафней": ["штрафной"], "болван": ["болван"], "болванам": ["болван"],
    "фальшренонс": ["фальшренонс"], "фальшренонса": ["фальшренонс"], "взятка": ["взятка"],
    "разыгрывающий": ["разыгрывать"], "разыгрывавший": ["разыгрывать"],
}
SIZES = {"разыгрывать": 8, "взять": 9, "взятка": 4, "дать": 7, "масть": 5, "место": 3, "штрафной": 6, "болван": 5, "фальшренонс": 6}


def _by_length() -> typos.ByLength:
    return typos.ByLength(LEMMAS)


@pytest.mark.parametrize(("typed", "meant"), [
    ("взятак", "взятка"),         # в з т к kept (not «взятая», к → я); «ак» swapped, or а for о: the lemma wins
    ("взятаа", "взятая"),         # a vowel for a consonant: the form whose consonants it keeps
    ("маст", "масть"),            # the consonants kept, and a lemma (not «даст», not «мест»)
    ("штрафнй", "штрафной"),      # both keep the consonants: the lemma itself (not «штрафней»)
    ("болвн", "болван"),          # one letter left out
    ("масьт", "масть"),           # two letters swapped: one edit (optimal string alignment), not two
    ("взтяка", "взятка"),
    ("фальшренос", "фальшренонс"),  # 10 letters: two edits allowed
    ("штраф", None),              # no form one edit away
    # one letter each from both forms of one lemma, no consonants kept: the key beside it (ш for щ on ЙЦУКЕН),
    # not the first in order (a new user was asked «did you mean разыгрывавший?»)
    ("разыгрываюший", "разыгрывающий"),
])
def test_the_likeliest_form_is_the_one_a_vowel_slip_explains(typed: str, meant: str | None) -> None:
    assert typos.nearest(typed, _by_length(), LEMMAS, SIZES) == meant


@pytest.mark.parametrize(("typed", "form", "beside"), [
    ("разыгрываюший", "разыгрывающий", True),   # ш, щ: neighbours in ЙЦУКЕН's top row
    ("разыгрываюший", "разыгрывавший", False),  # ю for в: far apart
    ("масьт", "масть", False),                   # two letters swapped: no key struck for another
    ("вцятка", "взятка", False),                 # ц, з: the same row, not neighbours
    ("dunmy", "dummy", True),                    # n, m: neighbours in QWERTY's bottom row
    ("взяткa", "взятка", False),                 # a Latin a for a Cyrillic а: no row holds both
])
def test_a_key_struck_for_its_neighbour(typed: str, form: str, beside: bool) -> None:
    assert typos.next_key(typed, form) is beside


@pytest.mark.parametrize(("word", "short", "fewest"), [
    ("болвн", False, 6), ("болвн", True, 4),  # a short Cyrillic word only when asked
    ("dumy", True, 6),                        # a Latin one not here: glossary.english_typos, with its dictionary
])
def test_a_short_word_is_a_typo_only_when_asked_and_only_in_cyrillic(word: str, short: bool, fewest: int) -> None:
    assert typos.shortest(word, short=short) == fewest


@pytest.mark.parametrize(("word", "short", "plain"), [("фальшренос", "фальшренонс", "фальшренонс"),
                                                      ("психическая", None, None), ("болвн", "болван", None)])
def test_a_word_is_looked_up_once_short_or_not(monkeypatch: pytest.MonkeyPatch, word: str, short: str | None,
                                               plain: str | None) -> None:
    # ``short`` changes only the fewest letters (4 for a Cyrillic word, not 6): a word of 6+ letters has one answer,
    # so the search that retries short words after finding nothing does not look it up again (issue 28)
    from conftest import seed_index_path

    from lawref.index import Searcher

    calls: list[str] = []
    nearest = typos.nearest
    monkeypatch.setattr(typos, "nearest", lambda word, *a, **k: calls.append(word) or nearest(word, *a, **k))
    with Searcher(seed_index_path()) as searcher:
        assert (searcher.suggest(word), searcher.suggest(word, short=True), searcher.suggest(word)) == (
            plain, short, plain)
    assert calls == [word]


_LETTERS = "абвгдеёжзийклмнопрстуфхцчшщъыьэюяabcz"


@settings(max_examples=300, deadline=None)
@given(st.lists(st.text(_LETTERS, min_size=1, max_size=14), min_size=1, max_size=60, unique=True),
       st.text(_LETTERS, min_size=1, max_size=14), st.integers(1, 2))
def test_narrowing_by_letters_keeps_every_form_within_the_edits(forms: list[str], word: str, edits: int) -> None:
    # a large table's candidates are narrowed by the letters they hold (100 copies of the seeds: 27,000 forms of
    # 8–12 letters for a 10-letter typo, 2.3 ms of distances); exact — every form rapidfuzz puts within the edits
    # is kept, in the same order, so the answer is the same
    from rapidfuzz.distance import OSA

    table = typos.ByLength(forms)
    table.prepare()  # its letters worked out, as a server's or a held library's are
    near = table.near(word, edits, narrowed_from=0)
    window = table.within(len(word) - edits, len(word) + edits)
    assert near == [f for f in window if f in set(near)]  # a subsequence of the window, in its order
    assert [f for f in window if OSA.distance(word, f) <= edits] == [f for f in near if OSA.distance(word, f) <= edits]


class _Whole(typos.ByLength):
    """A table that never narrows: every form of the lengths is a candidate."""

    def near(self, word: str, edits: int, *, narrowed_from: int = 0) -> list[str]:
        return self.within(len(word) - edits, len(word) + edits)


def test_a_large_table_narrows_and_finds_what_the_whole_window_finds() -> None:
    import random

    draw = random.Random(0)
    forms = list(LEMMAS) + ["".join(draw.choice(_LETTERS[:33]) for _ in range(draw.randint(6, 13))) for _ in range(9000)]
    lemmas = {f: LEMMAS.get(f, [f]) for f in forms}
    table = typos.ByLength(forms)
    assert len(table.near("фальшренос", 2)) == len(table.within(8, 12))  # a command's one lookup: no letters read
    table.prepare()  # a held library's, a server's: the letters read once
    for typed in ("фальшренос", "взятак", "штрафнйо", "разыгрываюший", "болвна"):
        edits = 1 if len(typed) < 8 else typos.MAX_TYPO_DISTANCE
        assert len(table.within(len(typed) - edits, len(typed) + edits)) >= typos.NARROWED_FROM  # narrowed
        assert len(table.near(typed, edits)) < len(table.within(len(typed) - edits, len(typed) + edits)) / 10
        found = typos.nearest(typed, table, lemmas, SIZES)
        assert found is not None and found == typos.nearest(typed, _Whole(forms), lemmas, SIZES)
