"""frames: a site's chrome learnt from the corpus — the same line at the same place of many pages.

A library's page wraps the book's text in its own header and footer: the
site's name, the book's name and its page, a menu. Their shapes are many
(:func:`lawref.ingest.chrome.chrome_shape` knows the common ones); what they
all share is *repetition*: the same line at the same place — among the first
or the last :data:`FRAME_LINES` lines — of most pages of one site, with
other text after it on each page. :func:`learn` finds such lines among the
files of one folder of a corpus (a scrape keeps a site's pages together),
and ``drop_chrome`` drops them where they stand in a page's frame, listed
in the build report. No list of sites is used.

A line copied with its text — the same printed page held twice — is no
chrome: the line after it is the same on every copy (item 6 of issue 23 keeps
such repeats to ``drop_repeated_pages``). A law, section or item heading is
never chrome, nor a line in lower case (text going on from the page before).
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Iterable, Mapping

from lawref import patterns as P

__all__ = ["FRAME_LINES", "MIN_FILES", "frame_keys", "key", "learn", "sample_ends"]

#: How far from a page's start or end its frame reaches (non-blank lines).
FRAME_LINES = 12
#: A line is chrome when it stands in the frame of at least this many files of a folder …
MIN_FILES = 3
#: … and of at least this share of the folder's files.
MIN_SHARE = 0.5
#: The longest line taken for chrome (a site's line is short).
MAX_CHARS = 240
_DIGITS = re.compile(r"\d+")
_SPACE = re.compile(r"\s+")


def key(line: str) -> str:
    """How a line is compared across pages: spaces collapsed, case folded,
    every number one ``#`` (``Страница 23`` and ``Страница 180`` are one line)."""
    return _DIGITS.sub("#", _SPACE.sub(" ", line.strip())).casefold()


def _eligible(line: str) -> bool:
    """A line that may be chrome: short, three letters or more, not in lower
    case at its start, not a page marker, not a law heading or label."""
    t = line.strip()
    if not t or len(t) > MAX_CHARS or sum(c.isalpha() for c in t) < 3 or t[:1].islower():
        return False
    if P.READER_MARKER.match(t) or P.PAGE_MARKER.match(t) or P.HEAD_MARKER.match(t):
        return False  # a page marker repeats by nature: it is read as one, never dropped as chrome
    return not (P.LAW_HEADING_LINE.match(t) or P.SECTION.match(t) or P.SUBSECTION.match(t) or P.ITEM.match(t)
                or P.SPACED_LABEL.match(t) or P.COMMENTARY.match(t) or P.LAW.match(t) or P.LAW_EN.match(t))


def frame_keys(text: str) -> list[tuple[str, str, str, str]]:
    """``(place, key, key of the next line, the line)`` of each line in the
    frame of ``text``: ``place`` is ``top`` (the first :data:`FRAME_LINES`
    non-blank lines) or ``end`` (the last ones, whose next line is the one
    before). Only the frame's lines are keyed: the cost is the frame's, not
    the text's."""
    filled = [ln for ln in text.split("\n") if ln.strip()]
    if not filled:
        return []
    out = []
    for place, lines in (("top", filled[: FRAME_LINES + 1]), ("end", filled[::-1][: FRAME_LINES + 1])):
        keys = [key(ln) for ln in lines]
        out += [(place, keys[i], keys[i + 1] if i + 1 < len(keys) else "", lines[i])
                for i in range(min(FRAME_LINES, len(lines)))]
    return out


def learn(pages: Mapping[str, Iterable[str]]) -> dict[str, frozenset[str]]:
    """The chrome of each folder: ``pages`` maps a folder to the texts of its
    files (a sample of each: its start and its end); the answer maps it to the
    keys (:func:`key`) of the lines that stand in the frame of at least
    :data:`MIN_FILES` files and :data:`MIN_SHARE` of them, followed by other
    text on at least two of them."""
    found: dict[str, frozenset[str]] = {}
    for folder, texts in pages.items():
        files: dict[str, set[int]] = defaultdict(set)
        after: dict[str, set[str]] = defaultdict(set)
        raw: dict[str, str] = {}
        total = 0
        for n, text in enumerate(texts):
            total += 1
            for place, k, nxt, line in frame_keys(text):
                files[f"{place}\0{k}"].add(n)
                after[f"{place}\0{k}"].add(nxt)
                raw.setdefault(k, line)
        chrome = {pk.split("\0", 1)[1] for pk, seen in files.items()
                  if len(seen) >= max(MIN_FILES, MIN_SHARE * total) and len(after[pk]) >= 2
                  and _eligible(raw.get(pk.split("\0", 1)[1], ""))}
        if chrome:
            found[folder] = frozenset(chrome)
    return found


def sample_ends(data: bytes, size: int) -> list[bytes]:
    """The first and the last ``size`` bytes of ``data`` (the samples the chrome is learnt from),
    cut at a line end — or, in a line longer than that, between two UTF-8 characters: a cut through
    a character made the sample invalid UTF-8, decoded by guessing a code page (chardet and the
    lexicon, for a file the build reads as UTF-8), or with a U+FFFD. UTF-16 (NUL bytes) is cut where
    it was: its line end is two bytes."""
    head, tail = data[:size], data[-size:]
    if b"\x00" in head or b"\x00" in tail:
        return [head, tail]
    if (end := head.rfind(b"\n")) >= 0:
        head = head[: end + 1]
    else:
        head = head[: len(head) - _cut_character(head[-4:])]
    if (start := tail.find(b"\n")) >= 0:
        tail = tail[start + 1 :]
    else:
        tail = tail[next((k for k, b in enumerate(tail[:4]) if not 0x80 <= b < 0xC0), 0) :]
    return [head, tail]


def _cut_character(last: bytes) -> int:
    """How many bytes at the end of ``last`` (a sample's last four) begin a UTF-8 character they do not end."""
    for k in range(1, len(last) + 1):
        b = last[-k]
        if b < 0x80:
            return 0
        if b >= 0xC0:  # a lead byte: its character needs 2, 3 or 4 bytes
            need = 2 if b < 0xE0 else 3 if b < 0xF0 else 4
            return k if k < need else 0
    return 0
