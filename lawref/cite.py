"""cite: canonical cites, English style.

A canonical cite names a node in any document: law ``62``, section ``62B``,
subsection ``72A5``, item ``43B2(a)``, sub-item ``25B2(b)(1)``, commentary
paragraph ``45.5``. Section letters are Latin capitals (a label printed with a
Cyrillic look-alike, 004:13 ``47Е``, gets the Latin cite ``47E``), item letters
Latin lowercase.
"""

from __future__ import annotations

import re

from lawref.ingest.patterns import LOOKALIKES

# ``правило 62B``, ``Правилом 62B``, ``Law 62 B``, ``L62B``, ``п. 45.5``.
_PREFIX = re.compile(
    r"^\s*(?:правил[а-яё]*|ст\.|статья|law[s]?|l(?=\d)|п\.|пункт[а-яё]*|§)\s*",
    re.IGNORECASE,
)
_LAW_CITE = re.compile(
    r"^(?P<law>\d{1,3})(?!\d)(?P<section>[A-Za-z])?(?P<sub>\d{1,2})?(?P<items>(?:\([A-Za-z0-9]{1,2}\))*)$"
)
_COMMENTARY_CITE = re.compile(r"^(?P<law>\d{1,3})\.(?P<num>\d{1,3})\.?$")


class CiteError(ValueError):
    """The string is not a cite lawref understands."""


def normalise_cite(text: str) -> str:
    """Canonical cite of ``text``.

    ``"62b"``, ``"62В"`` (Cyrillic), ``"правило 62B"``, ``"Law 62 B"`` →
    ``"62B"``; ``"43 B 2 (A)"`` → ``"43B2(a)"``; ``"п. 45.5."`` → ``"45.5"``.
    Raises :class:`CiteError` for anything else (``"abc"``, ``""``)."""
    s = _PREFIX.sub("", text.strip())
    s = re.sub(r"(?<=\d)\s+(?=\d)", "#", s)  # ``72 5`` is not ``725``
    s = re.sub(r"\s+", "", s).translate(LOOKALIKES)
    m = _COMMENTARY_CITE.match(s)
    if m:
        return f"{int(m['law'])}.{int(m['num'])}"
    m = _LAW_CITE.match(s)
    if not m:
        raise CiteError(f"not a law cite: {text!r} (try 62, 62B, 72A5, 43B2(a) or 45.5)")
    section = (m["section"] or "").upper()
    if m["sub"] and not section:
        raise CiteError(f"not a law cite: {text!r} (a subsection needs its section letter, e.g. 72A5)")
    return f"{int(m['law'])}{section}{m['sub'] or ''}{m['items'].lower()}"


def law_of(cite: str) -> int:
    """Law number of a canonical cite: ``"43B2(a)"`` → 43, ``"45.5"`` → 45."""
    m = re.match(r"\d+", cite)
    if not m:
        raise CiteError(f"not a canonical cite: {cite!r}")
    return int(m.group())
