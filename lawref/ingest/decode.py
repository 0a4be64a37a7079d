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

from lawref import patterns as P
from lawref.charsets import bom_codec, lookup_codec
from lawref.errors import DecodeError
from lawref.i18n import N_
from lawref.lang import morph

#: Russian single-byte code pages tried when the bytes are not UTF-8.
CANDIDATES = ("cp1251", "koi8-r", "cp866", "mac-cyrillic")



@dataclass(frozen=True)
class Decoded:
    """Decoded text. ``encoding`` is the codec used; ``how`` says how it was
    decided (``"bom"``, ``"utf-8"``, ``"chardet+lexicon"``, ``"forced"``);
    ``replaced``, how many of the text's U+FFFD the decoding put in for bytes
    not in its codec (the others were in the file: :func:`made_here`)."""

    text: str
    encoding: str
    how: str
    replaced: int = 0


def made_here(data: bytes, text: str, encoding: str) -> int:
    """How many of ``text``'s U+FFFD decoding ``data`` with ``encoding`` put in: all of them for a codec that
    cannot hold U+FFFD (a code page: the file cannot have had one), those beyond the file's own ``EF BF BD``
    for UTF-8; ``0`` for another codec (UTF-16, UTF-32: not told apart, said as the file's)."""
    made = text.count("\ufffd")
    if not made:
        return 0
    name = codecs.lookup(encoding).name
    if name.startswith("utf-8"):
        return max(0, made - data.count(b"\xef\xbf\xbd"))
    try:
        "\ufffd".encode(name)
    except UnicodeEncodeError:
        return made
    return 0


#: Single-byte code pages decoded without losing a byte: their undefined bytes
#: (0x98 in cp1251) map to C1 controls instead of U+FFFD, so a file decoded
#: with the wrong codec can still be repaired exactly (lawref.ingest.mojibake).
SLOPPY = {"cp1251": "sloppy-windows-1251", "cp1252": "sloppy-windows-1252", "windows-1251": "sloppy-windows-1251",
          "windows-1252": "sloppy-windows-1252"}


def register_sloppy() -> None:
    """Register ftfy's ``sloppy-windows-125x`` codecs (cp1251/cp1252 that
    decode every byte), on first use: importing ftfy costs a process ~70 ms,
    and text that is UTF-8 never needs them."""
    import ftfy.bad_codecs  # noqa: F401  (registers them)


def _bytes_to_text(data: bytes, codec: str) -> str:
    """``data`` decoded with a codec asked for by name (``--encoding``, the
    manifest). Raises :class:`LookupError` for a name that is no character
    set (:func:`lawref.charsets.lookup_codec`: never ``unicode_escape`` or
    ``idna``)."""
    name = lookup_codec(codec).name
    if name in SLOPPY:
        register_sloppy()
    return data.decode(SLOPPY.get(name, codec), errors="replace")


INVISIBLE, SPACES = P.INVISIBLE, P.SPACE_CHARS  # shared with queries (lawref.search)


def normalise_line(text: str) -> str:
    """NFC; a soft hyphen before a line break is a перенос (``нару\u00ad`` ⏎
    ``шение`` → ``нару-`` ⏎ ``шение``), one between digits is the dash a
    cp1252 reading left (``170\u00ad210`` → ``170–210``), elsewhere invisible characters are
    dropped (:data:`INVISIBLE`) and other spaces become a space
    (:data:`SPACES`). Keeps every line break."""
    text = unicodedata.normalize("NFC", text)
    text = text.replace("\u00ad\n", "-\n").replace("\u00ad\r", "-\r").replace(" \u00ad ", " - ")  # a dash
    text = P.DIGIT_DASH.sub("–", text) if "\u00ad" in text else text  # ``170\xad210``: a range, cp1252's lost dash
    return text.translate(INVISIBLE).translate(SPACES)


def normalise(text: str) -> str:
    """:func:`normalise_line`, and CRLF/CR → LF."""
    return normalise_line(text).replace("\r\n", "\n").replace("\r", "\n")


def russian_score(text: str, sample: int = 400) -> float:
    """Share (0..1) of the first ``sample`` non-ASCII tokens of ``text`` that
    are Russian words the lexicon knows (a token of box drawing or accented
    Latin letters counts against); 0.0 when there are none. Tokens of
    punctuation alone (``—``, ``«``) and one-letter words (``в``, or ``Ч``
    that a mis-read dash became) prove nothing and are not counted."""
    tokens = [t for t in P.TOKEN.findall(text[: sample * 12]) if not t.isascii() and not _weak(t)][:sample]
    if not tokens:
        return 0.0
    known = 0
    for token in tokens:
        core = P.RUSSIAN_CORE.fullmatch(token)
        if core and morph.is_known(core.group(1)):
            known += 1
    return known / len(tokens)


def _weak(token: str) -> bool:
    """A token that proves nothing about the language: no letter, or one letter."""
    return sum(ch.isalpha() for ch in token) <= 1


def _from_bom(data: bytes) -> Decoded | None:
    enc = bom_codec(data)
    return Decoded(data.decode(enc, errors="replace"), enc, N_("bom")) if enc else None


def _codec_name(name: str) -> str:
    """chardet's name in Python's spelling (``IBM866`` → ``cp866``)."""
    try:
        return codecs.lookup(name).name
    except LookupError:
        return name.lower()


def _best_legacy(data: bytes) -> Decoded:
    import chardet  # only for bytes that are not UTF-8

    guess = _codec_name(chardet.detect(data[:200_000]).get("encoding") or "")
    tried = [guess] if guess in CANDIDATES else []
    tried += [c for c in CANDIDATES if c not in tried]
    scored = [(russian_score(_bytes_to_text(data, c)), c) for c in tried]
    best_score, best = max(scored, key=lambda sc: sc[0])
    if best_score == 0.0 and guess and guess not in CANDIDATES:
        try:
            return Decoded(data.decode(guess, errors="replace"), guess, N_("chardet"))
        except LookupError:
            pass
    return Decoded(_bytes_to_text(data, best), best, N_("chardet+lexicon"))


def _utf16_without_bom(data: bytes) -> str | None:
    """``utf-16-le``/``utf-16-be`` when the high bytes of the code units are
    almost all 0x00 (ASCII) or 0x04 (Cyrillic) and the low bytes are almost
    never 0x00 — a regular NUL-every-other-byte pattern, whatever the script
    (an all-ASCII English file included); else ``None``."""
    if len(data) < 4 or len(data) % 2:
        return None
    for codec, high, low in (("utf-16-le", data[1::2], data[0::2]), ("utf-16-be", data[0::2], data[1::2])):
        if sum(b in (0, 4) for b in high) >= 0.9 * len(high) and low.count(0) <= 0.05 * len(low):
            return codec
    return None


def _control_share(text: str) -> float:
    # C0 controls only: C1 controls (U+0080-U+009F) are typical of mojibake, which is repaired later.
    bad = sum(1 for ch in text if ch < " " and ch not in "\n\r\t\f")
    return bad / max(1, len(text))


#: Non-ASCII characters a Western (English) text plausibly holds.
TYPOGRAPHIC = frozenset("–—‘’‚“”„…•·©®™°§¶€£¥¢×÷±«»¼½¾¹²³\u00a0\u00ad") | frozenset(map(chr, range(0xC0, 0x100)))
#: Code pages tried for a text that is not Russian.
WESTERN = ("cp1252", "latin-1")


def latin_sanity(text: str) -> float:
    """Share (0..1) of the non-ASCII characters of ``text`` that a Western
    text plausibly holds (dashes, quotes, ©, accented Latin letters); a
    Cyrillic letter between Latin ones, a C1 control, U+FFFD or box drawing
    counts against. 1.0 for plain ASCII."""
    odd = [ch for ch in text if not ch.isascii()]
    return sum(ch in TYPOGRAPHIC for ch in odd) / len(odd) if odd else 1.0


def _latin_letters(data: bytes) -> float:
    """Share of the bytes that are ASCII letters among ASCII letters and high
    bytes (a Russian text in any single-byte code page has as many high bytes
    as letters; an English one a few dashes and quotes)."""
    letters = sum(1 for b in data[:200_000] if 65 <= b <= 90 or 97 <= b <= 122)
    high = sum(1 for b in data[:200_000] if b >= 0x80)
    return letters / max(1, letters + high)


def _western(data: bytes, damaged: str, legacy: Decoded) -> Decoded | None:
    """For a file that is Latin text (mostly ASCII letters) and reads as no
    Russian: the decoding whose text is sanest (:func:`latin_sanity`) —
    cp1252 for ``Law 62B – see Laws 61–64. © WBF “Duplicate”`` rather than
    cp852 (``61ľ64``), cp866 (a soft hyphen 0xAD as «н») or UTF-8 with U+FFFD."""
    if _latin_letters(data) < 0.8:
        return None
    sanest = N_("western text, sanest")
    options = [(latin_sanity(_bytes_to_text(data, c)), i, Decoded(_bytes_to_text(data, c), c, sanest))
               for i, c in enumerate(WESTERN)]
    options.append((latin_sanity(damaged), len(options), Decoded(damaged, "utf-8", N_("utf-8 with U+FFFD"))))
    options.append((latin_sanity(legacy.text), len(options), legacy))
    return max(options, key=lambda o: (o[0], -o[1]))[2]


def _utf8_or_legacy(data: bytes) -> Decoded:
    """Valid UTF-8; or, for a Latin text, the sanest Western reading
    (:func:`_western`); or UTF-8 with a few invalid bytes (kept as U+FFFD,
    counted as lost) when that reads as better Russian than any legacy code
    page."""
    try:
        return Decoded(data.decode("utf-8"), "utf-8", N_("utf-8"))
    except UnicodeDecodeError:
        pass
    damaged = data.decode("utf-8", errors="replace")
    legacy = _best_legacy(data)
    western = _western(data, damaged, legacy)
    if western is not None:
        return western
    lost = damaged.count("\ufffd")
    if lost <= max(2, len(damaged) // 100) and russian_score(damaged) >= russian_score(legacy.text):
        how = N_("utf-8 with {count} invalid byte sequence(s) replaced by U+FFFD").format(count=lost)
        return Decoded(damaged, "utf-8", how)
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
            text = normalise(text) if normalised else text
            return Decoded(text, encoding, N_("forced"), made_here(data, text, encoding))
        except LookupError as exc:
            raise DecodeError(N_("unknown encoding {encoding!r}").format(encoding=encoding)) from exc
    found = _from_bom(data)
    if found is None and b"\x00" in data:
        codec = _utf16_without_bom(data)
        if codec is None:
            raise DecodeError(N_("binary data (NUL bytes), not text"))
        found = Decoded(data.decode(codec, errors="replace"), codec, N_("utf-16 without BOM (byte pattern)"))
    if found is None:
        found = _utf8_or_legacy(data)
    if _control_share(found.text) > 0.01:
        raise DecodeError(N_("binary data ({share:.0%} control characters), not text").format(
            share=_control_share(found.text)))
    text = normalise(found.text) if normalised else found.text
    return Decoded(text, found.encoding, found.how, made_here(data, text, found.encoding))
