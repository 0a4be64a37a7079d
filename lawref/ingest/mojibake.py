"""Mojibake repair, line by line, only where a round trip proves it and the
Russian lexicon agrees (issue 4).

Forms repaired:

* UTF-8 read as cp1251 (``РџСЂР°РІРёР»Рѕ``), as latin-1 or cp1252
  (``ÐŸÑ€Ð°Ð²Ð¸Ð»Ð¾``) — ftfy's ``fix_encoding``, which knows the UTF-8 family;
* cp1251 read as latin-1/cp1252 (``Ïðàâèëî``), cp1251 read as koi8-r
  (``оПЮБХКН``) and koi8-r read as cp1251 (``рТБЧЙМП``) — a strict re-encode
  and re-decode, since ftfy does not cover the cp1251 family.

A line is only tried when it looks wrong (Latin-1 letters, or Cyrillic the
lexicon mostly does not know), and a repair is kept only when the result is
Russian the lexicon knows (share of known words ≥ :data:`MIN_SCORE`) and
clearly better than the line was. Valid Russian text is never changed. U+FFFD
(bytes lost before lawref saw them) is never guessed.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field

import ftfy
import ftfy.bad_codecs  # noqa: F401  (registers the sloppy-windows-125x codecs)

from lawref.ingest.decode import russian_score

MIN_SCORE = 0.6
#: (codec the text was wrongly read with, codec it really was) for the cp1251 family.
CP1251_FAMILY = (
    ("sloppy-windows-1252", "cp1251"),
    ("latin-1", "cp1251"),
    ("koi8-r", "cp1251"),
    ("sloppy-windows-1251", "koi8-r"),
    ("cp866", "cp1251"),
)
_LATIN1_LETTERS = re.compile(r"[\u00c0-\u00ff\u0152\u0153\u0160\u0161\u0178\u017d\u017e\u02dc\u2018-\u201e\u2020-\u2122]")
_CYRILLIC = re.compile(r"[А-Яа-яЁё]")


@dataclass(frozen=True)
class Repaired:
    """``text`` after repair; ``lines`` the 1-based line numbers repaired;
    ``how`` counts repairs by form (``"utf-8 read as cp1251"`` …)."""

    text: str
    lines: tuple[int, ...] = ()
    how: Counter[str] = field(default_factory=Counter)
    examples: tuple[str, ...] = ()


def _suspicious(line: str) -> bool:
    if _LATIN1_LETTERS.search(line):
        return True
    return bool(_CYRILLIC.search(line)) and russian_score(line) < 0.5


def _candidates(line: str) -> list[tuple[str, str]]:
    out = []
    fixed = ftfy.fix_encoding(line)
    if fixed != line:
        out.append((fixed, "utf-8 read as a single-byte code page (ftfy)"))
    for wrong, right in CP1251_FAMILY:
        try:
            out.append((line.encode(wrong).decode(right), f"{right} read as {wrong.replace('sloppy-', '')}"))
        except (UnicodeEncodeError, UnicodeDecodeError):
            continue
    return out


def repair_line(line: str) -> tuple[str, str | None]:
    """``(line, None)`` when nothing is proven wrong, else ``(repaired, how)``."""
    if not _suspicious(line):
        return line, None
    before = russian_score(line)
    best = max(((russian_score(t), t, how) for t, how in _candidates(line)), default=None)
    if best is None or best[0] < MIN_SCORE or best[0] < before + 0.3:
        return line, None
    return best[1], best[2]


def repair(text: str) -> Repaired:
    """Repair mojibake in ``text`` line by line (see the module doc). Never
    raises; returns the text unchanged when no line is proven wrong."""
    out, fixed, how, examples = [], [], Counter(), []
    for no, line in enumerate(text.split("\n"), start=1):
        new, form = repair_line(line)
        if form is not None:
            fixed.append(no)
            how[form] += 1
            if len(examples) < 2:
                examples.append(f"{line[:40]!r} → {new[:40]!r}")
        out.append(new)
    return Repaired("\n".join(out), tuple(fixed), how, tuple(examples))
