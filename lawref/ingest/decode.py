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
import unicodedata
from dataclasses import dataclass

import chardet
import ftfy.bad_codecs  # noqa: F401  (registers sloppy-windows-125x)

from lawref import patterns as P
from lawref.errors import DecodeError
from lawref.lang import morph

#: Russian single-byte code pages tried when the bytes are not UTF-8.
CANDIDATES = ("cp1251", "koi8-r", "cp866", "mac-cyrillic")



@dataclass(frozen=True)
class Decoded:
    """Decoded text. ``encoding`` is the codec used; ``how`` says how it was
    decided (``"bom"``, ``"utf-8"``, ``"chardet+lexicon"``, ``"forced"``)."""

    text: str
    encoding: str
    how: str


#: Single-byte code pages decoded without losing a byte: their undefined bytes
#: (0x98 in cp1251) map to C1 controls instead of U+FFFD, so a file decoded
#: with the wrong codec can still be repaired exactly (lawref.ingest.mojibake).
SLOPPY = {"cp1251": "sloppy-windows-1251", "cp1252": "sloppy-windows-1252", "windows-1251": "sloppy-windows-1251",
          "windows-1252": "sloppy-windows-1252"}


def _bytes_to_text(data: bytes, codec: str) -> str:
    try:
        name = codecs.lookup(codec).name
    except LookupError:
        name = codec
    return data.decode(SLOPPY.get(name, codec), errors="replace")


def normalise(text: str) -> str:
    """NFC-normalise, drop soft hyphens, NBSP → space, CRLF/CR → LF."""
    text = unicodedata.normalize("NFC", text)
    text = text.replace("\u00ad", "").replace("\u00a0", " ")
    return text.replace("\r\n", "\n").replace("\r", "\n")


def russian_score(text: str, sample: int = 400) -> float:
    """Share (0..1) of the first ``sample`` non-ASCII tokens of ``text`` that
    are Russian words the lexicon knows (a token of box drawing or accented
    Latin letters counts against); 0.0 when there are none."""
    tokens = [t for t in P.TOKEN.findall(text[: sample * 12]) if not t.isascii()][:sample]
    if not tokens:
        return 0.0
    known = 0
    for token in tokens:
        core = P.RUSSIAN_CORE.fullmatch(token)
        if core and morph.is_known(core.group(1)):
            known += 1
    return known / len(tokens)


def _from_bom(data: bytes) -> Decoded | None:
    for bom, enc in (
        (codecs.BOM_UTF8, "utf-8-sig"),
        (codecs.BOM_UTF16_LE, "utf-16"),
        (codecs.BOM_UTF16_BE, "utf-16"),
    ):
        if data.startswith(bom):
            return Decoded(data.decode(enc, errors="replace"), enc, "bom")
    return None


def _codec_name(name: str) -> str:
    """chardet's name in Python's spelling (``IBM866`` → ``cp866``)."""
    try:
        return codecs.lookup(name).name
    except LookupError:
        return name.lower()


def _best_legacy(data: bytes) -> Decoded:
    guess = _codec_name(chardet.detect(data[:200_000]).get("encoding") or "")
    tried = [guess] if guess in CANDIDATES else []
    tried += [c for c in CANDIDATES if c not in tried]
    scored = [(russian_score(_bytes_to_text(data, c)), c) for c in tried]
    best_score, best = max(scored, key=lambda sc: sc[0])
    if best_score == 0.0 and guess and guess not in CANDIDATES:
        try:
            return Decoded(data.decode(guess, errors="replace"), guess, "chardet")
        except LookupError:
            pass
    return Decoded(_bytes_to_text(data, best), best, "chardet+lexicon")


def _utf16_without_bom(data: bytes) -> str | None:
    """``utf-16-le``/``utf-16-be`` when the high bytes of the code units are
    almost all 0x00 (ASCII) or 0x04 (Cyrillic), else ``None``."""
    if len(data) < 4 or len(data) % 2:
        return None
    for codec, high in (("utf-16-le", data[1::2]), ("utf-16-be", data[0::2])):
        if sum(b in (0, 4) for b in high) >= 0.9 * len(high) and high.count(0) < len(high):
            return codec
    return None


def _control_share(text: str) -> float:
    # C0 controls only: C1 controls (U+0080-U+009F) are typical of mojibake, which is repaired later.
    bad = sum(1 for ch in text if ch < " " and ch not in "\n\r\t\f")
    return bad / max(1, len(text))


def _utf8_or_legacy(data: bytes) -> Decoded:
    """Valid UTF-8; or UTF-8 with a few invalid bytes (kept as U+FFFD, counted
    as lost) when that reads as better Russian than any legacy code page."""
    try:
        return Decoded(data.decode("utf-8"), "utf-8", "utf-8")
    except UnicodeDecodeError:
        pass
    damaged = data.decode("utf-8", errors="replace")
    legacy = _best_legacy(data)
    lost = damaged.count("\ufffd")
    if lost <= max(2, len(damaged) // 100) and russian_score(damaged) >= russian_score(legacy.text):
        return Decoded(damaged, "utf-8", f"utf-8 with {lost} invalid byte sequence(s) replaced by U+FFFD")
    return legacy


def decode(data: bytes, encoding: str | None = None, *, normalised: bool = True) -> Decoded:
    """Decode ``data`` to normalised text (``normalised=False``: the text as
    decoded, for a caller that must repair mojibake before NBSP and soft
    hyphens are dropped, since those may be bytes of a wrongly read letter).

    ``encoding`` forces a codec (``--encoding`` on the CLI). Raises
    :class:`DecodeError` for binary data (NUL bytes outside UTF-16, or more than
    1% control characters) or an unknown forced codec. Undecodable bytes become
    U+FFFD and are counted later as lost data; they never raise.
    """
    if encoding:
        try:
            text = _bytes_to_text(data, encoding)
            return Decoded(normalise(text) if normalised else text, encoding, "forced")
        except LookupError as exc:
            raise DecodeError(f"unknown encoding {encoding!r}") from exc
    found = _from_bom(data)
    if found is None and b"\x00" in data:
        codec = _utf16_without_bom(data)
        if codec is None:
            raise DecodeError("binary data (NUL bytes), not text")
        found = Decoded(data.decode(codec, errors="replace"), codec, "utf-16 without BOM (byte pattern)")
    if found is None:
        found = _utf8_or_legacy(data)
    if _control_share(found.text) > 0.01:
        raise DecodeError(f"binary data ({_control_share(found.text):.0%} control characters), not text")
    return Decoded(normalise(found.text) if normalised else found.text, found.encoding, found.how)
