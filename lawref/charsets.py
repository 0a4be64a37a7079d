"""charsets: which codecs a text file may be in, as one rule.

The manifest, the decoder, ``link --encoding`` and a stored forced encoding
all ask it.

Python knows codecs that are no character set of a text (``base64``,
``unicode_escape``); ftfy adds the ``sloppy-windows-125x`` ones a scraped
page is often really in. Standard library only: cheap to import anywhere.
"""

from __future__ import annotations

import codecs

__all__ = ["NOT_CHARSETS", "NotACharset", "lookup_codec"]


#: Codecs Python has that are no character set of a text file: they read escapes (``\\u``), host
#: names or 7-bit shifts, and give lone surrogates or fail on ordinary bytes (issue 22: each made every
#: command exit 3). Named as :func:`codecs.lookup` names them.
NOT_CHARSETS = frozenset({"unicode-escape", "raw-unicode-escape", "punycode", "idna", "undefined", "utf-7",
                          "unicode-internal"})


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
