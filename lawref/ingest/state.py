"""ingest.state: what clean's steps work on — lines, paragraphs and their shared context.

The context holds the report being written and the file's own lexicon.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field

from lawref import patterns as P
from lawref.i18n import N_
from lawref.lang import english, morph
from lawref.records import Dropped, Paragraph, PassRecord

__all__ = ["Ctx", "Ln", "Para", "example"]


@dataclass(frozen=True)
class Ln:
    """One line in flight. ``no`` is the 1-based raw line number; ``kind`` is
    ``text``, ``blank``, ``rule`` (underline / ``?`` run), ``marker`` (printed
    page, ``page`` set), ``reader`` (reader page), ``footnote`` or ``pend``
    (paragraph end, from a pilcrow)."""

    text: str
    no: int
    kind: str = "text"
    page: int | None = None


@dataclass
class Ctx:
    """State shared by the passes of one file: the record being written, the
    file's own vocabulary (for the lexicon), the layout style and metadata."""

    style: str = "wrapped"
    width: int = 80  # the file's wrap width: the length most full lines reach
    book_lines: bool = False  # one paragraph a line, but the lines a book's: most long ones cut mid-sentence
    vocab: Counter[str] = field(default_factory=Counter)
    lang: str = "ru"
    records: list[PassRecord] = field(default_factory=list)
    title: str | None = None
    repeat_origins: list[tuple[int, int]] = field(default_factory=list)
    step: str = ""
    dropped: list[Dropped] = field(default_factory=list)
    inserted: list[tuple[int, str]] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    chrome: frozenset[str] = frozenset()  # the corpus's chrome learnt by repetition (:mod:`lawref.ingest.frames`)
    page_heads: set[str] = field(default_factory=set)  # heads printed with their page's number, as words (pages.py)

    def drop(self, line: int, text: str, reason: str) -> None:
        """Record ``text`` (raw line ``line``) as taken out by the running step."""
        if text.strip():
            self.dropped.append(Dropped(line, text, self.step, reason))

    def note(self, message: str) -> None:
        """A warning for the build report (a suspect marker, an odd layout)."""
        self.notes.append(message)

    def record(self, description: str, count: int, examples: list[str], part: str = "") -> None:
        """Append the record of the running step (named by its function,
        ``name:part`` for a part of what it did); keeps two examples."""
        name = f"{self.step}:{part}" if part else self.step
        self.records.append(PassRecord(name, description, count, tuple(examples[:2])))

    def knows(self, word: str) -> bool:
        """True when the Russian lexicon or this file's own text knows ``word``."""
        w = morph.fold(word)
        if w in self.vocab:
            return True
        return english.is_known(w) if self.lang == "en" else morph.is_known(w)

    def is_heading(self, text: str) -> bool:
        """True when ``text`` starts with a heading label of this language, or with a section's label printed
        with its law's number (``45C. Card Deemed …``: :func:`~lawref.ingest.paragraphs.drop_section_law_numbers`
        reads it; as a line of text it took the ``1.`` after it into its paragraph)."""
        rx = P.HEADING_START_EN if self.lang == "en" else P.HEADING_START
        t = text.lstrip()
        return bool(rx.match(t) or P.CITED_SECTION.match(t))

    def law_heading(self, text: str) -> re.Match[str] | None:
        """``text`` read as a law heading of this language (``Правило 62. …``, ``LAW 62 - …``), else ``None``."""
        return (P.LAW_EN if self.lang == "en" else P.LAW).match(text)

    def continues(self, text: str) -> bool:
        """A labelled line whose paragraph goes on after it: a commentary
        paragraph (004:5 ``45.4. Заметьте, …``), an English item (``(a) the
        …``), an English subsection printed with its text (``1. The
        Director may …``) or a section whose title runs into its body
        (``B. The Deal The cards …``)."""
        if P.COMMENTARY.match(text):
            return True
        if self.lang != "en":
            return False
        section = P.SECTION_EN.match(text)
        if section and english.sentence_case_title(section.group("title")):
            return False  # ``C. Information from calls taken back.``: a title in sentence case, the whole line
        if section and english.title_end(section.group("title")) is not None:
            return True  # ``B. The Deal The cards must …``: the title runs into its body
        m = P.SUBSECTION_TEXT_EN.match(text)
        return bool(P.ITEM_EN.match(text) or (m and (not english.looks_like_title(m.group("title"))
                                                     or english.title_end(m.group("title")) is not None)))



def example(before: str, after: str = "") -> str:
    """``'before' → 'after'`` for a report (``→ (removed)`` without ``after``), cut to 80 characters."""
    before = before if len(before) <= 80 else before[:77] + "…"
    return f"{before!r} → {after!r}" if after else N_("{before} → (removed)").format(before=repr(before))


#: How much of a paragraph's end the joining rules look at (a word is shorter).
TAIL = 200


class Para:
    """A paragraph being built. Its text is kept as a list of chunks so that
    adding a line costs the line's length, not the paragraph's: a paragraph
    of 200,000 short lines is built in linear time."""

    def __init__(self, text: str, lines: list[int], page: int | None, page_seq: int, contiguous: bool,
                 role: str = "text", underlined: bool = False, reader_page: int | None = None,
                 starts: list[int] | None = None):
        self._chunks, self._len = [text], len(text)
        self.lines, self.page, self.page_seq, self.contiguous = lines, page, page_seq, contiguous
        self.role, self.underlined, self.reader_page = role, underlined, reader_page
        self.starts = starts if starts is not None else [0]
        self.maybe_contiguous = False  # the first printed page of the file: the page before it is unknown

    @property
    def text(self) -> str:
        """The whole text (joined once, then kept as one chunk)."""
        if len(self._chunks) > 1:
            self._chunks = ["".join(self._chunks)]
        return self._chunks[0]

    @text.setter
    def text(self, value: str) -> None:
        self._chunks, self._len = [value], len(value)

    def __len__(self) -> int:
        return self._len

    def tail(self, n: int = TAIL) -> str:
        """The last ``n`` characters (or fewer), read from the last chunks
        only: never a copy of the whole text."""
        parts, total = [], 0
        for chunk in reversed(self._chunks):
            parts.append(chunk[-(n - total):])
            total += len(parts[-1])
            if total >= n:
                break
        return "".join(reversed(parts))

    def append(self, text: str) -> None:
        """Add ``text`` at the end."""
        self._chunks.append(text)
        self._len += len(text)

    def replace_tail(self, old: str, new: str) -> None:
        """Replace the end ``old`` (as :meth:`tail` gave it) by ``new``."""
        cut = len(old)
        while cut and self._chunks:
            last = self._chunks.pop()
            if len(last) > cut:
                self._chunks.append(last[: len(last) - cut])
                cut = 0
            else:
                cut -= len(last)
        self._chunks.append(new)
        self._len += len(new) - len(old)

    def freeze(self) -> Paragraph:
        return Paragraph(
            text=self.text.strip(),
            lines=tuple(self.lines),
            starts=tuple(self.starts),
            page=self.page,
            page_seq=self.page_seq,
            contiguous=self.contiguous,
            role=self.role,
            underlined=self.underlined,
            reader_page=self.reader_page,
        )


