"""normalise_cite: every spelling a user types → the canonical English-style cite."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lawref import cite
from lawref import patterns as P
from lawref.cite import CiteError, law_of, normalise_cite


@pytest.mark.parametrize(
    ("typed", "canonical"),
    [
        ("62", "62"),
        ("62B", "62B"),
        ("62b", "62B"),
        ("62В", "62B"),            # Cyrillic В
        ("правило 62B", "62B"),
        ("Правилом 62 B", "62B"),
        ("Law 62 B", "62B"),
        ("L62B", "62B"),
        ("72A5", "72A5"),
        ("43B2(a)", "43B2(a)"),
        ("43 B 2 (A)", "43B2(a)"),
        ("47Е", "47E"),            # Cyrillic Е, 004:13
        ("10С2", "10C2"),          # Cyrillic С, 004:90
        ("45.5", "45.5"),
        ("45.5.", "45.5"),
        ("п. 45.5", "45.5"),
        ("п.45.5.", "45.5"),
        ("25B2(b)(1)", "25B2(b)(1)"),
        # issue 12: every spelling search and link take, show takes too
        ("(62B)", "62B"),
        ("62B.", "62B"),
        ("62-B", "62B"),
        ("62.B", "62B"),
        ("правило № 62B", "62B"),
        ("правилу №62", "62"),
        ("ст. 40", "40"),
        ("пр. 72 А 1", "72A1"),    # «пр.», «прав.»: «правило» abbreviated; Cyrillic А
        ("прав.62B", "62B"),
        ("пр69А", "69A"),          # the abbreviation with no dot, glued or spaced: a director's shorthand
        ("пр 62", "62"),
        ("ст40", "40"),
        ("L.65B2", "65B2"),        # "L." for Law
        ("46B3a", "46B3(a)"),      # an item's letter glued to its subsection, or after dots
        ("43.B.2.c", "43B2(c)"),
        ("43 B 2 c", "43B2(c)"),
        ("46В3а", "46B3(a)"),      # Cyrillic look-alikes
        ("статья 40", "40"),
        ("п. 62B", "62B"),
        ("пункт 45.5", "45.5"),
        ("Law 25 B 2", "25B2"),
        ("правило 66\u00a0C", "66C"),
        ("«62B»", "62B"),
        ("25Б", "25B"),            # no Latin look-alike: alphabet order, Б = B
        ("62Г", "62D"),            # Г is the 4th letter: D
        ("правило 62Д", "62E"),
    ],
)
def test_typed_cite_normalises(typed: str, canonical: str) -> None:
    assert normalise_cite(typed) == canonical


# «62B 62C» is two cites side by side, never 62B62(c) (a subsection 62 with an item c: it was read so, and search
# said «62B62(c) — not in this corpus»); «72A 5», «62 B 2 A» stay one cite
@pytest.mark.parametrize("bad", ["", "xyz", "правило", "62BB", "1234", "72 5", "()", "62B 62C", "62b 62c", "62Б 62Д"])
def test_malformed_cite_raises(bad: str) -> None:
    with pytest.raises(CiteError):
        normalise_cite(bad)


def test_law_of_a_cite() -> None:
    assert (law_of("43B2(a)"), law_of("45.5"), law_of("62")) == (43, 45, 62)


# -- the citation grammar: every spelling a director types (issue 12) ---------------

from lawref.cite import find_citations  # noqa: E402

SPELLINGS = [
    ("согласно правилу № 62", ["62"]),
    ("правило №62B", ["62B"]),
    ("Правило62B", ["62B"]),
    ("ПРАВИЛО 62B", ["62B"]),
    ("ст. 40", ["40"]),
    ("ст.40", ["40"]),
    ("см. пр. 62 и пр. 64", ["62", "64"]),
    ("Пр.16B1", ["16B1"]),
    ("см. пр69А и ст 40", ["69A", "40"]),
    ("и пр. и т. д.", []),                         # «и пр.» (and so on) names no law
    ("простой пример", []),
    ("статья 40", ["40"]),
    ("по статье 40", ["40"]),
    ("п. 62B", ["62B"]),
    ("пункт 45.5", ["45.5"]),
    ("пункту 45.5", ["45.5"]),
    ("правило 16 B 1", ["16B1"]),
    ("Law 25 B 2", ["25B2"]),
    ("Law 43 B 2 (b)", ["43B2(b)"]),
    ("правило 66\u00a0C", ["66C"]),
    ("правило 66\u202fC", ["66C"]),
    ("правила 62А-В", ["62A", "62B"]),
    ("правила 62A–D", ["62A", "62B", "62C", "62D"]),
    ("правила 12C1-C3", ["12C1", "12C2", "12C3"]),
    ("правила 12C1-3", ["12C1", "12C2", "12C3"]),
    ("see Laws 61, 62, and 64", ["61", "62", "64"]),
    ("Laws 61, 62 or 64", ["61", "62", "64"]),
    ("правила с 61 по 64", ["61", "62", "63", "64"]),
    ("Laws 61 through 64", ["61", "62", "63", "64"]),
    ("Laws from 61 to 64", ["61", "62", "63", "64"]),
    ("правила 61\u221264", ["61", "62", "63", "64"]),
    ("правила 61\u201064", ["61", "62", "63", "64"]),
    ("правила 61 \u2012 64", ["61", "62", "63", "64"]),
    ("правила 61\u201364", ["61", "62", "63", "64"]),
    ("правила 61 \u2014 64", ["61", "62", "63", "64"]),
    ("см. пра-\nвило 66C", ["66C"]),
    ("см. прави-\r\n  ло 66C", ["66C"]),
    ("правило 43B2(a) и (b)", ["43B2(a)", "43B2(b)"]),
    ("правило 43B2(a), (b) или (c)", ["43B2(a)", "43B2(b)", "43B2(c)"]),
    ("правило 25Б", ["25B"]),
    ("правило 62Г", ["62D"]),
    # a range whose end names its law again, and a commentary paragraph listed after a law
    ("правила 65A–65C", ["65A", "65B", "65C"]),
    ("правила 62А-62В", ["62A", "62B"]),
    ("правила 12C1–12C3", ["12C1", "12C2", "12C3"]),
    ("правила 65A–66C", ["65A", "66C"]),            # two laws: not a range of sections
    ("правило 59, 45.5", ["59", "45.5"]),
    ("правило 59 и 45.5, 45.6", ["59", "45.5", "45.6"]),
    ("правило 45.5", []),                            # not law 45; a paragraph is cited as «п. 45.5»
    ("Комментарий к Правилу 45 (6)", ["45.6"]),      # the paragraph in brackets
    ("комм. к пр. 47, п. 3", ["47.3"]),               # «комм.», «пр.» abbreviated
    ("комм. К правилу 47 (3)", ["47.3"]),             # the dot of «комм.» ends no sentence
    ("комментарий к правилу 45 (см. выше)", ["45"]),  # no number in the brackets: the law alone
    ("комм. 45.7–45.9", ["45.7", "45.8", "45.9"]),  # «комм.»; a range of paragraphs
    # a commentary word with no dot, and a decimal comma after a commentary word (a director's «комм 45,7»)
    ("комм 45.7", ["45.7"]),
    ("комм 45,7", ["45.7"]),
    ("коммент. 46,3", ["46.3"]),
    ("комментарий 47,2", ["47.2"]),
    ("комментарий к правилу 45,6", ["45.6"]),
    ("пп. 1,2 и п. 45,7", []),                       # after «п.» a comma lists: items 1 and 2, not 1.2 or 45.7
    ("п. 45.7-9", ["45.7", "45.8", "45.9"]),        # its last end by number
    ("Пункты 45.5 и 45.6", ["45.5", "45.6"]),        # «пункт» in the plural and other cases (it found none)
    ("в пунктах 45.5 и 45.7", ["45.5", "45.7"]),
    ("пп. 45.5, 45.6-45.8 и 46.1", ["45.5", "45.6", "45.7", "45.8", "46.1"]),
    ("п. 45.9–45.7", ["45.9", "45.7"]),             # no range: its two ends, as «правила 64-61»
    ("п. 45.7–46.2", ["45.7", "46.2"]),             # two laws' paragraphs: no range
    ("п. 45.7 - 9 карт", ["45.7"]),                 # a bare number ends it only as a range of one law
    # what must stay as it is
    ("Law 62 A player must", ["62"]),               # ``A`` is an article
    ("правило 62 В случае", ["62"]),                # ``В`` is a preposition
    ("правило 64 и В случае", ["64"]),
    ("Law 62 I think", ["62"]),                     # ``I`` is a pronoun
    # a spaced letter that is no word, a word after it (a new user's: «See Law 62 B for the rule» linked Law 62)
    ("See Law 62 B for the rule", ["62B"]),
    ("Laws 61 B and 62 C apply", ["61B", "62C"]),
    ("правило 62 Б гласит", ["62B"]),                # Б read in alphabet order
    ("правило 64 Д применяется", ["64E"]),
    # another document's citations (a new user's: «Статья 5 регламента турнира» was read as Law 5)
    ("Статья 5 регламента турнира", []),
    ("согласно ст. 152 ГК РФ", []),
    ("по правилу 16 Положения о соревнованиях", []),
    ("статьи 5 и 6 регламента, и правило 62", ["62"]),  # the whole list is the regulation's
    ("правила 61–64 регламента", []),
    ("см. правило 62B и статью 5 регламента", ["62B"]),  # a citing word heads another citation
    ("правило 62 Кодекса", ["62"]),                     # «Международный кодекс»: the Laws' own name
    ("Правило 62B Законов", ["62B"]),
    ("правило 62А и В случае спора", ["62A"]),     # a one-letter word before a word is no section
    ("правила 61 и С ними", ["61"]),
    # a bare Cyrillic section letter listed (a new user's: «Правило 62 А и Б» gave 62A alone)
    ("Правило 62 А и Б", ["62A", "62B"]),             # Б is no word: read in alphabet order
    ("Правило 62 А и Б применяется", ["62A", "62B"]),
    ("правило 62А, Б и В", ["62A", "62B", "62C"]),    # the context reads its letters in alphabet order
    ("правило 64А и С", ["64A", "64C"]),              # «с» is a word, but no word follows it
    ("правило 62А и Е", ["62A", "62E"]),
    ("п. 1 А также", []),                            # a point number and «А также»: no law cite
    ("правило 5 - 1997 года", ["5"]),
    # a section letter listed last in a sentence (session 20's left find: «64A и B.» gave 64A alone)
    ("см. правила 64A и B.", ["64A", "64B"]),
    ("Правило 62 А и Б. Далее", ["62A", "62B"]),
    ("Laws 64A and B.", ["64A", "64B"]),
    ("правила 64A, B и C.", ["64A", "64B", "64C"]),
    ("правила 64A и B.2", ["64A", "64B2"]),           # a full stop before a digit: B2 of the same law
    ("правило 40 и А.Б. Иванов", ["40"]),             # initials: a full stop before a letter
    # sections listed with spaces alone, no comma (a forum's «правила 62B 62A»): after a section only, and never a
    # cite a number follows (``62A 2 раза``: the spaced subsection 62A2 or a count)
    ("см. правила 62B 62A", ["62B", "62A"]),
    ("see Laws 64A 64B.", ["64A", "64B"]),
    ("правила 12C1 12C2 и 12C3", ["12C1", "12C2", "12C3"]),
    ("Laws 40B2(a) 40C", ["40B2(a)", "40C"]),
    ("правило 62B 62A 2 раза", ["62B"]),
    ("правило 62 64A", ["62"]),
    ("правило 62B\n62A", ["62B"]),
    # a semicolon lists cites as a string cite does (a user's «правила 61; 62B и 64»: only 61 was linked), before a
    # section's cite only: a bare number after it may be a list's (``64; 2) …``) or a count (``62; 13 взяток``)
    ("См. правила 61; 62B и 64.", ["61", "62B", "64"]),
    ("Laws 16B1(a); 73C2; 75A.", ["16B1(a)", "73C2", "75A"]),
    ("see Law 64; 2) the Director", ["64"]),
    ("правило 62; 13 взяток", ["62"]),
]


@pytest.mark.parametrize(("text", "cites"), SPELLINGS)
def test_every_spelling_gives_its_cites(text: str, cites: list[str]) -> None:
    found = find_citations(text, relative=False)
    assert [c for item in found for c in item.cites] == cites
    assert all(text[c.start : c.end] == c.text for c in found)  # offsets into the text as given


def test_alphabet_order_and_mixed_readings_are_said() -> None:
    [one] = find_citations("правило 62Г", relative=False)
    assert (one.cites, one.reading, one.mixed) == (("62D",), "alphabet", False)
    [alone] = find_citations("правило 62В", relative=False)
    assert (alone.cites, alone.reading, alone.mixed) == (("62B",), "lookalike", False)  # the default reading
    both = find_citations("правило 25Б и правило 62В", relative=False)
    # В in doubt: said so, and its reading is the one its cite was given by (issue 27 item 8)
    assert [(c.cites, c.reading, c.mixed) for c in both] == [(("25B",), "alphabet", False), (("62C",), "alphabet", True)]
    assert find_citations("правило 62В", relative=False, alphabet=True)[0].cites == ("62C",)  # such a document


@pytest.mark.parametrize(("text", "read"), [
    # only a section letter the two readings read differently is in doubt: «правилу» holds a «в», «в правиле»
    # is one, and 64А reads 64A both ways (a new user was told «the letter is in doubt» of it)
    ("правило 62б, а также согласно правилу 64А", [("62B", False), ("64A", False)]),
    ("правило 62б; в правиле 64А", [("62B", False), ("64A", False)]),
    ("правило 62б, к правилу 64А", [("62B", False), ("64A", False)]),
    ("правило 62б и правило 64В", [("62B", False), ("64C", True)]),
    ("правило 25Б; пп. 2 и 3 правила 46В", [("25B", False), ("46C3", True)]),  # «правила» after the digits too
    ("правило 25Б и 43B2(в)", [("25B", False), ("43B2(c)", False)]),  # an item's letter is no section's
])
def test_a_letter_is_in_doubt_only_where_its_readings_differ(text: str, read: list[tuple[str, bool]]) -> None:
    assert [(c.cites[-1], c.mixed) for c in find_citations(text, relative=False)] == read


@pytest.mark.parametrize(("text", "cites"), [
    # a law's own letter with no Latin look-alike, its parts named in words after it: read in alphabet order,
    # its one reading (this was an internal error, exit 3, of ``link``)
    ("правило 25Б, пп. 2 и 3 правила 46В", [("25B",), ("46C2", "46C3")]),  # parts a law word follows: that law's
    ("правило 25Б, пункт 2", [("25B2",)]),
    ("пункт 2 правила 25Б", [("25B2",)]),
    ("правило 25Г, пп. 2", [("25D2",)]),
    ("правило 62В, пункт 2", [("62B2",)]),  # a look-alike: as before
])
def test_a_law_letter_with_no_look_alike_takes_its_parts_named_in_words(text: str, cites: list[tuple[str]]) -> None:
    assert [c.cites for c in find_citations(text, relative=False)] == cites


def test_one_stray_letter_never_turns_a_whole_text() -> None:
    """The reading of Cyrillic letters is decided per context (a sentence or
    paragraph): «правило 70Д» two paragraphs on leaves «Правилу 62В» 62B."""
    text = "По Правилу 62В игрок исправляет фальшренонс.\n\nДалее.\n\nСм. правило 70Д и правило 62В."
    found = find_citations(text, relative=False)
    assert [(c.cites, c.reading, c.mixed) for c in found] == [
        (("62B",), "lookalike", False), (("70E",), "alphabet", False), (("62C",), "alphabet", True)]


@settings(max_examples=400, deadline=None)
@given(st.from_regex(P.CANONICAL_CITE.pattern, fullmatch=True))
def test_a_cite_typed_canonically_is_read_as_the_repairing_patterns_read_it(typed: str) -> None:
    # the fast path of a cold ``show 62B`` (patterns.CANONICAL_CITE) answers what the fourteen patterns would
    assert cite._repaired(typed) == (typed, False)
    assert normalise_cite(typed) == typed


@pytest.mark.parametrize("typed", ["62B\n", "062B", "62B(A)", "65B(2)", "45.05", "62b", "0"])
def test_a_cite_not_typed_canonically_takes_the_repairing_patterns(typed: str) -> None:
    assert not P.CANONICAL_CITE.fullmatch(typed)


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet=st.characters(blacklist_categories=("Nd",)), max_size=40))
def test_a_text_without_a_number_is_no_cite_before_any_repairing_pattern_runs(text: str) -> None:
    # the quick refusal of a search's words (cite._canonical, normalise_cite) is what the patterns would answer
    assert cite._repaired(text) == (None, False)
    assert cite.given_alone(text) == []
    with pytest.raises(CiteError, match="try 62, 62B"):
        normalise_cite(text)


def test_a_canonical_cite_and_a_search_s_words_compile_no_repairing_pattern() -> None:
    # the properties above would pass without the quick paths; this proves they are taken (issue 28: a cold
    # ``show 62B`` compiled fourteen patterns, a search's words as many again)
    import subprocess
    import sys

    code = ("from lawref import cite, patterns as P\n"
            "assert cite.normalise_cite('62B') == '62B'\n"
            "try:\n    cite.normalise_cite('фальшренонс')\nexcept cite.CiteError:\n    pass\n"
            "print(sorted(n for n, v in vars(P).items() if isinstance(v, P.Rx) and v._compiled is not None))\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=True)
    assert out.stdout.split() == ["['ANY_DIGIT',", "'CANONICAL_CITE']"], out.stdout


@pytest.mark.parametrize(("typed", "cites"), [("62B 62C", "62B, 62C"), ("62, 64", "62, 64"),
                                               ("Laws 61 to 64", "61, 62, 63, 64")])
def test_several_cites_given_as_one_are_named_so(typed: str, cites: str) -> None:
    # «show '62B 62C'» said «not a law cite … (try 62, 62B …)» where «show 62B 62C» says it takes one (a new user's
    # find): each cite it names is said
    with pytest.raises(CiteError, match=r"names \d cites, not one: " + re.escape(cites)):
        normalise_cite(typed)
