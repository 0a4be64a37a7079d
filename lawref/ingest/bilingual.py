"""ingest.bilingual: the other language's column of a bilingual page (issue 23).

Federations' sites print a law in both languages on one page: the Russian
text, then the English text of the same law (``CHAPTER XI. APPEALS`` ⏎
``LAW 92 - RIGHT TO APPEAL`` ⏎ ``A. Contestant's Right`` …), or a
heading row of two cells (``Глава III. Подготовка … | CHAPTER III.
Preparation and Progression |``). A Russian document is read in Russian:
the English column is no part of its text, and read as text it lands in the
last Russian node (``92D`` holding all of English Law 92) or in a title.

The step here takes that column out, whole, into the report with its
reason — never a word of the Russian text. A block is the other language's
only when it opens with that language's law or division heading and runs
on, in that script, for :data:`MIN_BLOCK_LETTERS` letters or more; a cell
only when it is such a heading in a row of its own (a lone row, not a
table's: a table's rows are read by :mod:`lawref.ingest.lists`). English
quoted inside Russian text (``см. Law 16``) opens no block. The English
edition itself is read as a document of its own (``lang = "en"``), never
through this step.
"""

from __future__ import annotations

from lawref import patterns as P
from lawref.i18n import N_
from lawref.ingest.state import Ctx, Ln, example

__all__ = ["drop_other_language", "latin_share"]

#: Fewest Latin letters a block must hold to be the other language's column (a page's worth of a law, not a quote).
MIN_BLOCK_LETTERS = 300
#: Share of Latin letters above which a line is in the other (English) script.
LATIN_LINE = 0.9
_HEADINGS_EN = (P.LAW_EN, P.CHAPTER_EN, P.PART_EN, P.DIVISION_EN)


#: Code points read at a time by :func:`latin_share` (a Cyrillic letter is an object of its own: a 17 MB
#: line's letters in one list were 700 MiB).
_CHUNK = 1 << 16


def latin_share(text: str) -> float:
    """Share (0–1) of ``text``'s letters that are Latin; 0.0 for a line with no letters. Memory:
    one chunk of :data:`_CHUNK` code points at a time."""
    letters = latin = 0
    for i in range(0, len(text), _CHUNK):
        found = [c for c in text[i : i + _CHUNK] if c.isalpha()]
        letters, latin = letters + len(found), latin + sum(c.isascii() for c in found)
    return latin / letters if letters else 0.0


def _english_heading(text: str) -> bool:
    line = text.strip()
    return any(rx.match(line) for rx in _HEADINGS_EN) and latin_share(line) >= LATIN_LINE


def _block_end(lines: list[Ln], start: int) -> int:
    """Index after the run of Latin-script lines (blank lines and markers within it) from ``start``."""
    end = k = start
    while k < len(lines):
        ln = lines[k]
        if ln.kind == "text" and ln.text.strip():
            if latin_share(ln.text) < LATIN_LINE:
                break
            end = k + 1
        k += 1
    return end


def _lone_row(lines: list[Ln], k: int) -> bool:
    """``lines[k]`` holds a bar and neither text line next to it does (a heading row, not a table)."""
    def near(step: int) -> Ln | None:
        j = k + step
        while 0 <= j < len(lines) and not lines[j].text.strip():
            j += step
        return lines[j] if 0 <= j < len(lines) else None
    return "|" in lines[k].text and not any(n is not None and "|" in n.text for n in (near(-1), near(1)))


def drop_other_language(lines: list[Ln], ctx: Ctx) -> list[Ln]:
    """In a Russian file, the English column of a bilingual page goes to the
    report: a block that opens with an English law or division heading
    (:data:`~lawref.patterns.LAW_EN`, ``CHAPTER_EN``, ``PART_EN``,
    ``DIVISION_EN``) and runs on in Latin script for
    :data:`MIN_BLOCK_LETTERS` letters, and the English heading cell of a
    lone two-language heading row (``Глава III. … | CHAPTER III. … |``:
    the Russian cell stays, the line's other cells and bars go)."""
    if ctx.lang != "ru":
        return lines
    out: list[Ln] = []
    ex: list[str] = []
    k = 0
    while k < len(lines):
        ln = lines[k]
        if ln.kind == "text" and _english_heading(ln.text):
            end = _block_end(lines, k)
            block = [x for x in lines[k:end] if x.kind == "text"]
            if sum(c.isalpha() for x in block for c in x.text) >= MIN_BLOCK_LETTERS:
                for x in block:
                    ctx.drop(x.no, x.text, N_("the English column of a bilingual page (not this Russian "
                                              "document's text)"))
                out.extend(x for x in lines[k:end] if x.kind != "text" or not x.text.strip())
                ex.append(example(ln.text, f"{len(block)} lines"))
                k = end
                continue
        if ln.kind == "text" and _lone_row(lines, k):
            cells = ln.text.split("|")
            english = [c for c in cells if c.strip() and _english_heading(c)]
            russian = [c.strip() for c in cells if c.strip() and latin_share(c) < LATIN_LINE]
            if english and russian:
                ctx.drop(ln.no, " | ".join([*(c.strip() for c in english), "|" * (len(cells) - 1)]),
                         N_("the English cell of a two-language heading row (and its cell bars)"))
                out.append(Ln(" ".join(russian), ln.no, ln.kind, ln.page))
                ex.append(example(ln.text, " ".join(russian)))
                k += 1
                continue
        out.append(ln)
        k += 1
    ctx.record(N_("the English column of a bilingual page taken out of the Russian text"), len(ex), ex[:2])
    return out
