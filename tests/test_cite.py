"""normalise_cite: every spelling a user types → the canonical English-style cite."""

from __future__ import annotations

import pytest

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
    ],
)
def test_typed_cite_normalises(typed: str, canonical: str) -> None:
    assert normalise_cite(typed) == canonical


@pytest.mark.parametrize("bad", ["", "xyz", "правило", "62BB", "1234", "72 5", "()"])
def test_malformed_cite_raises(bad: str) -> None:
    with pytest.raises(CiteError):
        normalise_cite(bad)


def test_law_of_a_cite() -> None:
    assert (law_of("43B2(a)"), law_of("45.5"), law_of("62")) == (43, 45, 62)
