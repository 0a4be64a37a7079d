"""decode: raw bytes → text.

Order of decisions (issue 2, «decode»):

1. a BOM (UTF-8, UTF-16 LE/BE) decides;
2. bytes that are valid UTF-8 are UTF-8;
3. otherwise chardet proposes, and the Russian legacy code pages (cp1251,
   koi8-r, cp866, mac-cyrillic) are cross-checked by how many of the first words
   the Russian lexicon knows — chardet alone calls all-caps cp1251 text KOI8-R.

The text is then normalised: NFC, soft hyphens (U+00AD) dropped, NBSP → space,
CRLF/CR → LF.
"""

from __future__ import annotations

import codecs
import re
import unicodedata
from dataclasses import dataclass

import chardet

from lawref.lang import morph

#: Russian single-byte code pages tried when the bytes are not UTF-8.
CANDIDATES = ("cp1251", "koi8-r", "cp866", "mac-cyrillic")

_WORD = re.compile(r"[А-Яа-яЁё]{3,}")


class DecodeError(ValueError):
    """Raised when bytes cannot be read as text at all (e.g. binary data)."""


@dataclass(frozen=True)
class Decoded:
    """Decoded text. ``encoding`` is the codec used; ``how`` says how it was
    decided (``"bom"``, ``"utf-8"``, ``"chardet+lexicon"``, ``"forced"``)."""

    text: str
    encoding: str
    how: str


def normalise(text: str) -> str:
    """NFC-normalise, drop soft hyphens, NBSP → space, CRLF/CR → LF."""
    text = unicodedata.normalize("NFC", text)
    text = text.replace("\u00ad", "").replace("\u00a0", " ")
    return text.replace("\r\n", "\n").replace("\r", "\n")


def russian_score(text: str, sample: int = 400) -> float:
    """Share (0..1) of the first ``sample`` Cyrillic words of ``text`` that the
    Russian lexicon knows; 0.0 when there are none."""
    words = _WORD.findall(text[: sample * 12])[:sample]
    if not words:
        return 0.0
    return sum(morph.is_known(w) for w in words) / len(words)


def _from_bom(data: bytes) -> Decoded | None:
    for bom, enc in (
        (codecs.BOM_UTF8, "utf-8-sig"),
        (codecs.BOM_UTF16_LE, "utf-16"),
        (codecs.BOM_UTF16_BE, "utf-16"),
    ):
        if data.startswith(bom):
            return Decoded(data.decode(enc, errors="replace"), enc, "bom")
    return None


def _best_legacy(data: bytes) -> Decoded:
    guess = (chardet.detect(data[:200_000]).get("encoding") or "").lower()
    tried = [guess] if guess in CANDIDATES else []
    tried += [c for c in CANDIDATES if c not in tried]
    scored = [(russian_score(data.decode(c, errors="replace")), c) for c in tried]
    best_score, best = max(scored, key=lambda sc: sc[0])
    if best_score == 0.0 and guess and guess not in CANDIDATES:
        try:
            return Decoded(data.decode(guess, errors="replace"), guess, "chardet")
        except LookupError:
            pass
    return Decoded(data.decode(best, errors="replace"), best, "chardet+lexicon")


def decode(data: bytes, encoding: str | None = None) -> Decoded:
    """Decode ``data`` to normalised text.

    ``encoding`` forces a codec (``--encoding`` on the CLI). Raises
    :class:`DecodeError` for data with NUL bytes outside UTF-16 (binary files)
    or an unknown forced codec. Undecodable bytes become U+FFFD and are counted
    later as lost data; they never raise.
    """
    if encoding:
        try:
            return Decoded(normalise(data.decode(encoding, errors="replace")), encoding, "forced")
        except LookupError as exc:
            raise DecodeError(f"unknown encoding {encoding!r}") from exc
    found = _from_bom(data)
    if found is None:
        if b"\x00" in data:
            raise DecodeError("binary data (NUL bytes), not text")
        try:
            found = Decoded(data.decode("utf-8"), "utf-8", "utf-8")
        except UnicodeDecodeError:
            found = _best_legacy(data)
    return Decoded(normalise(found.text), found.encoding, found.how)
