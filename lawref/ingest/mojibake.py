"""mojibake: repair text read with the wrong code page, line by line.

Only where a round trip proves it and the Russian lexicon agrees.

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

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field

from lawref import patterns as P
from lawref.i18n import N_
from lawref.ingest.decode import register_sloppy, russian_score

MIN_SCORE = 0.6
#: Non-ASCII tokens the suspicious lines must hold before any repair is tried.
MIN_EVIDENCE = 8
#: (codec the text was wrongly read with, codec it really was) for the cp1251 family.
CP1251_FAMILY = (
    ("sloppy-windows-1252", "cp1251"),
    ("latin-1", "cp1251"),
    ("koi8-r", "cp1251"),
    ("sloppy-windows-1251", "koi8-r"),
    ("cp866", "cp1251"),
    ("sloppy-windows-1251", "cp866"),
    ("mac-cyrillic", "cp1251"),
    # UTF-8 read with a Cyrillic code page (a wrong --encoding): ftfy does not try these
    ("koi8-r", "utf-8"),
    ("cp866", "utf-8"),
    ("mac-cyrillic", "utf-8"),
)


@dataclass(frozen=True)
class Repaired:
    """``text`` after repair; ``lines`` the 1-based line numbers repaired;
    ``how`` counts repairs by form (``"utf-8 read as cp1251"`` …)."""

    text: str
    lines: tuple[int, ...] = ()
    how: Counter[str] = field(default_factory=Counter)
    examples: tuple[str, ...] = ()


#: Typographic punctuation a good Russian line holds: never a sign of mojibake alone.
_PUNCTUATION = frozenset("–—‐‑‒―«»„“”‘’‚…№§•·\u00a0\u202f")


def _suspicious(line: str) -> bool:
    """Latin-1 letters, or a line with a non-ASCII character other than
    typographic punctuation (Cyrillic, box drawing …) that is not mostly
    Russian the lexicon knows."""
    if P.LATIN1_LETTERS.search(line):
        return True
    if all(ch.isascii() or ch in _PUNCTUATION or ch.isspace() for ch in line):
        return False  # dashes, quotes, NBSP and digits alone (``— 90 —``) are no evidence of anything
    return russian_score(line) < 0.8


def _fix_utf8(line: str) -> str | None:
    """ftfy's repair of UTF-8 read as a single-byte code page; where ftfy is
    too cautious (short lines such as ``РџСЂРё С…РѕРґРµ``), the strict re-coding
    from cp1251, cp1252 or latin-1 that gives valid UTF-8."""
    import ftfy  # only for a line that looks like mojibake

    register_sloppy()
    fixed = ftfy.fix_encoding(line)
    if fixed != line:
        return fixed
    for wrong in ("sloppy-windows-1251", "sloppy-windows-1252", "latin-1"):
        try:
            return line.encode(wrong).decode("utf-8")
        except (UnicodeEncodeError, UnicodeDecodeError):
            continue
    return None


def _recode(wrong: str, right: str) -> Callable[[str], str | None]:
    def fix(line: str) -> str | None:
        register_sloppy()
        try:
            return line.encode(wrong).decode(right)
        except (UnicodeEncodeError, UnicodeDecodeError):
            return None

    return fix


#: Named repairs: the UTF-8 family through ftfy, the cp1251 family by strict re-coding.
TRANSFORMS: tuple[tuple[str, Callable[[str], str | None]], ...] = (
    (N_("utf-8 read as a single-byte code page (ftfy)"), _fix_utf8),
    *((N_("{right} read as {wrong}").format(right=right, wrong=wrong.replace("sloppy-", "")), _recode(wrong, right))
      for wrong, right in CP1251_FAMILY),
)


def _apply(fix: Callable[[str], str | None], lines: list[str]) -> str:
    return "\n".join(f if (f := fix(line)) is not None else line for line in lines)


def _best_transform(sample: list[str]) -> tuple[str, Callable[[str], str | None]] | None:
    """The repair that turns the suspicious lines into Russian the lexicon
    knows, or ``None`` when none does clearly better than leaving them."""
    if sum(1 for t in "\n".join(sample).split() if not t.isascii()) < MIN_EVIDENCE:
        return None  # too little text to prove anything (000:129 ``ло 81C8).``)
    before = russian_score("\n".join(sample), sample=2000)
    scored = [(russian_score(_apply(fix, sample), sample=2000), name, fix) for name, fix in TRANSFORMS]
    score, name, fix = max(scored, key=lambda t: t[0])
    if score < MIN_SCORE or score < before + 0.3:
        return None
    return name, fix




def oddness(line: str) -> int:
    """Characters a Russian law text rarely has (box drawing, ``»`` inside a
    word, C1 controls …) plus case flips inside words (``оПЮБХКН``)."""
    return len(P.USUAL_CHARS.sub("", line)) + len(P.CASE_FLIP.findall(line))


def _better(new: str, old: str) -> bool:
    """``new`` reads as more Russian than ``old``; on a tie of the lexicon
    (a line of unknown words, 000:129 ``ло 81C8).``), as less odd."""
    a, b = russian_score(new), russian_score(old)
    return a > b or (a == b and oddness(new) < oddness(old))


def _proven(line: str) -> tuple[str, str] | None:
    """``(name, repaired)`` when one transform turns ``line`` — which reads
    as no Russian at all — into a line of at least two Cyrillic words the
    lexicon all knows, none of them mixed with Latin letters (a single
    garbled heading ``Ïðàâèëî 48. Îòêðûòèå êàðò`` in a good file; never
    ``lawref’s tests – it`` → ``lawrefТs tests Ц it``), or into a known heading of one word and its
    number (``Ïðàâèëî 47`` → ``Правило 47``, ``РџСЂР°РІРёР»Рѕ 47``), else ``None``. Strong evidence
    for one line."""
    if russian_score(line) > 0.0:
        return None
    for name, fix in TRANSFORMS:
        new = fix(line)
        if new is None or new == line:
            continue
        words = [t for t in new.split() if P.CYRILLIC.search(t)]
        mixed = any(P.LATIN_LETTER.search(t) for t in words)  # ``lawrefТs``: an English line, not mojibake
        heading = len(words) == 1 and P.HEADING_WORD_LINE.match(new) is not None  # ``Ïðàâèëî 47`` → ``Правило 47``
        if (len(words) >= 2 or heading) and not mixed and russian_score(new) == 1.0:
            return name, new
    return None


def repair(text: str) -> Repaired:
    """Repair mojibake in ``text`` (see the module doc). The form is decided
    for the file as a whole, on its suspicious lines; it is then applied to
    each suspicious line it makes better. Up to three rounds, for files
    garbled twice or in parts. A suspicious line left after that is repaired
    on its own only on strong evidence (:func:`_proven`): a one-line file, a
    single garbled heading. Never raises; returns the text unchanged when
    nothing is proven wrong."""
    lines = text.split("\n")
    fixed: set[int] = set()
    how: Counter[str] = Counter()
    examples: list[str] = []

    def apply(i: int, name: str, new: str) -> None:
        if len(examples) < 2:
            examples.append(f"{lines[i][:40]!r} → {new[:40]!r}")
        lines[i] = new
        fixed.add(i + 1)
        how[name] += 1

    seen: dict[str, bool] = {}  # a line's verdict, once per distinct line (hostile files repeat lines)

    def suspicious_line(line: str) -> bool:
        if line not in seen:
            seen[line] = _suspicious(line)
        return seen[line]

    for _ in range(3):
        suspicious = [i for i, line in enumerate(lines) if suspicious_line(line)]
        chosen = _best_transform([lines[i] for i in suspicious]) if suspicious else None
        if chosen is None:
            break
        name, fix = chosen
        for i in suspicious:
            new = fix(lines[i])
            if new is not None and new != lines[i] and _better(new, lines[i]):
                apply(i, name, new)
    for i, line in enumerate(lines):
        if i + 1 not in fixed and suspicious_line(line) and (found := _proven(line)):
            apply(i, *found)
    return Repaired("\n".join(lines), tuple(sorted(fixed)), how, tuple(examples))
