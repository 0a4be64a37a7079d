"""load: raw bytes of one file → the text clean gets, with provenance.

decode (BOM, UTF-8, legacy code pages) → mojibake repair → HTML to text when
the file is a page (by extension or sniffed). Keeps what is needed to find the
raw bytes of any line again: each raw line's byte range in the file.
"""

from __future__ import annotations

import codecs
import re
from dataclasses import dataclass

from lawref.ingest.decode import Decoded, decode, normalise, normalise_line
from lawref.ingest.html import html_read, looks_like_html
from lawref.ingest.mojibake import Repaired, repair

HTML_SUFFIXES = (".html", ".htm", ".xhtml", ".shtml")


@dataclass(frozen=True)
class Loaded:
    """A file ready for clean.

    ``text`` (LF lines) and ``line_numbers`` (the raw 1-based line of each line
    of ``text``; ``None`` when line ``i`` is raw line ``i``); ``format``
    ``"text"`` or ``"html"``; ``decoded`` how the bytes were read; ``mojibake``
    what was repaired; ``line_bytes`` the ``(start, end)`` byte range of each
    raw line in the file (end-exclusive, without the line break); ``chrome``
    the words of an HTML page's chrome left out, ``(raw line, words,
    reason)``, for the report's dropped text."""

    text: str
    line_numbers: tuple[int, ...] | None
    format: str
    decoded: Decoded
    mojibake: Repaired
    line_bytes: tuple[tuple[int, int], ...]
    chrome: tuple[tuple[int, str, str], ...] = ()


def line_byte_ranges(data: bytes, encoding: str) -> tuple[tuple[int, int], ...]:
    """Byte range of every raw line of ``data`` read with ``encoding``.

    Lines end at LF (CR LF and lone CR too, as :func:`~lawref.ingest.decode.normalise`
    treats them); UTF-16 line breaks are two bytes, a BOM is skipped."""
    start, width, be = 0, 1, False
    enc = codecs.lookup(encoding).name
    if enc.startswith("utf-16"):
        width = 2
        be = enc == "utf-16-be" or data.startswith(codecs.BOM_UTF16_BE)
        if data.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
            start = 2
    elif data.startswith(codecs.BOM_UTF8):
        start = 3
    return tuple(_ranges(data, start, width, be))


_BREAK_1 = re.compile(rb"\r\n|\r|\n")


def _ranges(data: bytes, start: int, width: int, be: bool) -> list[tuple[int, int]]:
    if width == 1:  # one-byte units: a regex over the bytes (linear, in C)
        out, line_start = [], start
        for m in _BREAK_1.finditer(data, start):
            out.append((line_start, m.start()))
            line_start = m.end()
        out.append((line_start, len(data)))
        return out
    def unit(i: int) -> int:
        return int.from_bytes(data[i : i + 2], "big" if be else "little")

    out, i, n = [], start, len(data) - width + 1
    line_start = start
    while i < n:
        c = unit(i)
        if c in (0x0A, 0x0D):
            out.append((line_start, i))
            if c == 0x0D and i + width < n and unit(i + width) == 0x0A:
                i += width
            line_start = i + width
        i += width
    out.append((line_start, len(data)))
    return out


def load(data: bytes, name: str, encoding: str | None = None) -> Loaded:
    """Read one raw file (``name`` is used for its extension only).

    Raises :class:`~lawref.ingest.decode.DecodeError` for binary data or an
    unknown forced codec; never raises for anything else."""
    decoded = decode(data, encoding, normalised=False)
    repaired = repair(decoded.text)  # before normalising: cp866 «я» (0xFF) read as cp1251 is NBSP
    text, numbers, fmt = normalise(repaired.text), None, "text"
    chrome: list[tuple[int, str, str]] = []
    if name.lower().endswith(HTML_SUFFIXES) or looks_like_html(text):
        lines, chrome = html_read(text)
        lines = lines or [("", 1)]
        text = "\n".join(normalise_line(t) for t, _ in lines)  # entities (``&shy;``, ``&#8203;``) are decoded now
        numbers, fmt = tuple(n for _, n in lines), "html"
    return Loaded(text, numbers, fmt, decoded, repaired, line_byte_ranges(data, decoded.encoding), tuple(chrome))
