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

:func:`drop_other_script` takes out, in a document of either language, the
lines written in a third script (a Greek federation's page printing its own
text before the English: ``ΝΟΜΟΣ 1 – Η ΤΡΑΠΟΥΛΑ`` ⏎ ``Α. Ιεραρχία …``):
lawref reads Russian and English, and such text read as law would be a
fragment no one can search, cited under the wrong law. It goes to the
report with its reason, and the build warns with the first line and script.
"""

from __future__ import annotations

import re
import unicodedata

from lawref import patterns as P
from lawref.i18n import N_
from lawref.ingest.state import Ctx, Ln, example

__all__ = ["drop_other_language", "drop_other_script", "latin_share", "other_script"]

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


#: The least share of a file's letters in Cyrillic for its English blocks to be a bilingual page's other column.
MIN_RUSSIAN_SHARE = 0.1
#: How many code points of a file :func:`_has_russian` reads (what :func:`lawref.corpus.detect_lang` reads).
RUSSIAN_SAMPLE = 200_000


def _has_russian(lines: list[Ln]) -> bool:
    """Whether :data:`MIN_RUSSIAN_SHARE` of the letters of ``lines``' first :data:`RUSSIAN_SAMPLE` code points (text
    lines; as much as :func:`lawref.corpus.detect_lang` reads) are Cyrillic. Counted, never listed: a 17 MB line
    costs no memory."""
    letters = cyrillic = seen = 0
    for ln in lines:
        if ln.kind != "text" or seen >= RUSSIAN_SAMPLE:
            continue
        text = ln.text[: RUSSIAN_SAMPLE - seen]
        seen += len(text)
        letters += sum(map(str.isalpha, text))
        cyrillic += sum(1 for _ in P.CYRILLIC.finditer(text))
    return cyrillic >= MIN_RUSSIAN_SHARE * letters > 0


def drop_other_language(lines: list[Ln], ctx: Ctx) -> list[Ln]:
    """In a Russian file, the English column of a bilingual page goes to the
    report: a block that opens with an English law or division heading
    (:data:`~lawref.patterns.LAW_EN`, ``CHAPTER_EN``, ``PART_EN``,
    ``DIVISION_EN``) and runs on in Latin script for
    :data:`MIN_BLOCK_LETTERS` letters, and the English heading cell of a
    lone two-language heading row (``Глава III. … | CHAPTER III. … |``:
    the Russian cell stays, the line's other cells and bars go). A file
    with next to no Cyrillic (under :data:`MIN_RUSSIAN_SHARE` of its letters:
    read as Russian only for want of English law words) has no Russian text
    beside which its English would be a column: it is left as it is."""
    if ctx.lang != "ru" or not _has_russian(lines):
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


#: A letter of neither script lawref reads: not Latin (ASCII, Latin-1, Latin Extended A/B and Additional, IPA,
#: the superscript letters, Roman numerals), not Cyrillic (the block, its supplement and extensions). Example: ``Ι``.
_OTHER_LETTER = re.compile(r"[^\W\d_A-Za-z\u00aa\u00b5\u00ba\u00c0-\u02af\u1d00-\u1dbf\u1e00-\u1eff\u2070-\u209f"
                           r"\u2150-\u218f\u2c60-\u2c7f\ua720-\ua7ff\u0400-\u052f\u1c80-\u1c8f\u2de0-\u2dff\ua640-\ua69f]")
#: Fewest letters of a third script a line holds to be in it (a lone ``π`` or ``µ`` in a law's text is not).
MIN_OTHER_LETTERS = 3
#: Share of a file's lines in a third script from which the build also names a wrong ``--encoding`` (a bilingual
#: page printing its own language's half holds about half).
MISREAD_SHARE = 0.8
#: Share of a line's letters in a third script from which the line is that script's.
OTHER_LINE = 0.5


def other_script(text: str) -> str | None:
    """The script ``text`` is written in when it is neither Latin nor Cyrillic (Unicode's name for it, in
    title case: ``Greek``, ``Armenian``; ``CJK``), else ``None``: at least :data:`MIN_OTHER_LETTERS` of
    its letters and :data:`OTHER_LINE` of them in that script. ``other_script("ΝΟΜΟΣ 1 – Η ΤΡΑΠΟΥΛΑ")``
    is ``"Greek"``; a Russian line quoting ``Δ`` is ``None``."""
    first = _OTHER_LETTER.search(text)
    if first is None:
        return None
    other = sum(1 for _ in _OTHER_LETTER.finditer(text, first.start()))
    letters = sum(1 for c in text if c.isalpha())
    if other < MIN_OTHER_LETTERS or other < OTHER_LINE * letters:
        return None
    name = unicodedata.name(first.group(), "OTHER").split()[0]
    return name if len(name) <= 3 else name.title()


def drop_other_script(lines: list[Ln], ctx: Ctx) -> list[Ln]:
    """Lines in a script lawref does not read (:func:`other_script`) go to
    the report, whatever the document's language, and each run of them is
    a warning naming its first line and its script — never a line of
    Russian or English text (a letter or symbol of another script inside
    it keeps it)."""
    out: list[Ln] = []
    ex: list[str] = []
    run_at: int | None = None
    for ln in lines:
        script = other_script(ln.text) if ln.kind == "text" else None
        if script is None:
            run_at = None if ln.kind == "text" and ln.text.strip() else run_at
            out.append(ln)
            continue
        ctx.drop(ln.no, ln.text, N_("text in another script (neither Latin nor Cyrillic): lawref reads Russian "
                                    "and English text"))
        if run_at is None:
            run_at = ln.no
            ctx.note(N_("line {line}: text in {script} script set aside, «{text}»: lawref reads Russian and English "
                        "text (the build report lists every line)").format(line=ln.no, script=script,
                                                                           text=ln.text.strip()[:60]))
            ex.append(example(ln.text))
    texts = sum(1 for ln in lines if ln.kind == "text" and ln.text.strip())
    gone = len(lines) - len(out)
    if gone >= MIN_OTHER_LETTERS and gone >= MISREAD_SHARE * texts:  # as a code page misread reads
        ctx.note(N_("{gone} of the file's {texts} lines are in another script: a wrong --encoding, or a page in "
                    "another language?").format(gone=gone, texts=texts))
    ctx.record(N_("text in another script taken out"), len(ex), ex[:2])
    return out
