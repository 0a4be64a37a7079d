"""charsets: which codecs a text file may be in, as one rule.

The manifest, the decoder, ``link --encoding`` and a stored forced encoding
all ask it.

Python knows codecs that are no character set of a text (``base64``,
``unicode_escape``); ftfy adds the ``sloppy-windows-125x`` ones a scraped
page is often really in. Standard library only: cheap to import anywhere.
"""

from __future__ import annotations

import codecs

__all__ = ["BOMS", "NOT_CHARSETS", "NotACharset", "bom_codec", "lookup_codec", "wide_bom"]


#: Codecs Python has that are no character set of a text file: they read escapes (``\\u``), host
#: names or 7-bit shifts, and give lone surrogates or fail on ordinary bytes (issue 22: each made every
#: command exit 3). Named as :func:`codecs.lookup` names them.
NOT_CHARSETS = frozenset({"unicode-escape", "raw-unicode-escape", "punycode", "idna", "undefined", "utf-7",
                          "unicode-internal"})


#: Byte order marks and the codec each names (UTF-8's; UTF-32's and UTF-16's in either byte order: UTF-32's first,
#: as its little-endian mark ``FF FE 00 00`` opens with UTF-16's ``FF FE``).
BOMS = ((codecs.BOM_UTF8, "utf-8-sig"), (codecs.BOM_UTF32_LE, "utf-32"), (codecs.BOM_UTF32_BE, "utf-32"),
        (codecs.BOM_UTF16_LE, "utf-16"), (codecs.BOM_UTF16_BE, "utf-16"))


def bom_codec(data: bytes) -> str | None:
    """The codec ``data``'s byte order mark names (``utf-8-sig``, ``utf-32``, ``utf-16``), else ``None``."""
    return next((codec for bom, codec in BOMS if data.startswith(bom)), None)


def wide_bom(data: bytes) -> str | None:
    """``utf-16`` or ``utf-32`` when ``data`` opens with that codec's byte order mark (text a byte-wise codec
    cannot read, to be named by its mark), else ``None``."""
    codec = bom_codec(data)
    return codec if codec in ("utf-16", "utf-32") else None


def lookup_codec(name: str) -> codecs.CodecInfo:
    """:func:`codecs.lookup` of a character set a text file may be in,
    knowing ftfy's ``sloppy-windows-125x`` codecs too (registered when such
    a name is first asked for). Raises :class:`LookupError` for a name no
    codec has, and for a codec that is not a text encoding (``base64``,
    ``zlib``) or is one of :data:`NOT_CHARSETS`."""
    try:
        info = codecs.lookup(name)
    except LookupError:
        if not name.lower().startswith("sloppy"):
            raise
        import ftfy.bad_codecs  # noqa: F401  (registers them)

        info = codecs.lookup(name)
    if not getattr(info, "_is_text_encoding", True) or info.name.replace("_", "-") in NOT_CHARSETS:
        raise NotACharset(name)
    return info


class NotACharset(LookupError):
    """A codec Python knows that is no character set of a text (:data:`NOT_CHARSETS`, ``base64``)."""
