"""clean: decoded text → paragraphs of clean text, with a record of every change.

Each fix is a small named function — a *step* — in the registry
:data:`STEPS`: line steps (:mod:`lawref.ingest.lines`, and :mod:`lawref.ingest.pdf` for
English editions) over the raw lines,
then the one ``reflow`` step (:mod:`lawref.ingest.reflow`) that makes
paragraphs, then paragraph steps (:mod:`lawref.ingest.paragraphs`), and
``count_lost`` last. :func:`clean` runs :data:`DEFAULT_STEPS`, or any list of
names and callables; every step records what it did under its own function
name, and :attr:`Cleaned.plan` is the list it ran, so
``clean(text, steps=cleaned.plan)`` replays it exactly. Lines keep their raw
line number throughout, so every paragraph knows the raw lines it came from.

Artifacts handled (all present in the seeds, see :mod:`lawref.patterns`):
site chrome and the book-title line, pager lines, whole pages repeated, page
markers (standalone and glued), reader markers, pilcrows, underlines and ``?``
runs where box-drawing characters were lost, footnotes after a ``?`` separator,
duplicated emphasis lines, line-end hyphenation (перенос), words cut at a page
or line break with no hyphen, hard-wrapped lines, headings glued to the end of
the paragraph before them.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any

from lawref import patterns as P
from lawref.i18n import N_
from lawref.ingest import bilingual as BL
from lawref.ingest import chrome as CH
from lawref.ingest import heads as HD
from lawref.ingest import lines as L
from lawref.ingest import lists as LS
from lawref.ingest import pages as PG
from lawref.ingest import paragraphs as G
from lawref.ingest import pdf
from lawref.ingest.reflow import join_words, reflow
from lawref.ingest.state import Ctx, Ln, Para
from lawref.lang import morph
from lawref.records import CleanReport, Paragraph

__all__ = ["DEFAULT_STEPS", "EXPORT_STEPS", "STEPS", "Cleaned", "clean", "detect_style", "join_words", "render"]

Step = Callable[[Any, Ctx], Any]


def count_lost(paras: list[Para], ctx: Ctx) -> list[Para]:
    """Count U+FFFD characters (text lost before lawref saw it, kept as is and
    never guessed)."""
    lost = sum(p.text.count("\ufffd") for p in paras)
    ctx.record(N_("U+FFFD replacement characters (text lost, kept as is)"), lost, [])
    return paras


#: Every step, by its function name.
STEPS: dict[str, Step] = {f.__name__: f for f in (
    L.drop_export_marks, L.split_pilcrows, L.split_glued_headings, pdf.split_law_heads, L.strip_box_borders,
    L.strip_mail_quotes, L.split_flat_rows, BL.drop_other_language, BL.drop_other_script,
    L.strip_list_bullets,
    L.strip_rules, CH.drop_chrome, pdf.drop_contents,
    LS.drop_leader_lists,    PG.drop_pagers,
    PG.drop_repeated_pages, pdf.split_numbered_heads,
    PG.mark_pages, HD.drop_running_heads, pdf.drop_repeated_law_heads, LS.drop_title_lists, pdf.drop_index,
    pdf.mark_page_numbers,
    pdf.fold_ligature_forms, pdf.repair_ligatures, pdf.mark_lost_suits, L.repair_lost_yo, pdf.mark_glued_footnotes,
    L.mark_footnotes, L.drop_emphasis_duplicates, reflow, G.drop_noise_paragraphs, G.join_cut_paragraphs,
    G.split_inline_headings, G.split_run_in_items, G.drop_doubled_law_headings, G.drop_section_law_numbers,
    G.mark_heading_roles, count_lost,
)}
#: The steps :func:`clean` runs, in order (``split_pilcrows`` and
#: ``strip_rules`` make new line starts, so they come first, before every
#: step that reads a whole line; the English-edition steps do nothing in
#: Russian text).
DEFAULT_STEPS: tuple[str, ...] = tuple(STEPS)
#: The steps that read a txt export of lawref (``export --format txt``) back:
#: its title and marks, page markers, footnotes, paragraphs. It holds no
#: scrape artifacts, so no repair step runs on it (a repair could only
#: change law text that is already clean).
EXPORT_STEPS: tuple[str, ...] = ("drop_export_marks", "mark_pages", "mark_footnotes", "reflow",
                                 "mark_heading_roles", "count_lost")


@dataclass(frozen=True)
class Cleaned:
    """Result of :func:`clean`: ``paragraphs`` in reading order, the ``report``
    (one record a step, by its function name), the layout ``style`` detected
    (``wrapped`` or ``blank-separated``) and the ``plan``: the steps run, to
    replay with ``clean(text, steps=plan)``."""

    paragraphs: tuple[Paragraph, ...]
    report: CleanReport
    style: str
    plan: tuple[str | Step, ...] = DEFAULT_STEPS


def _resolve(steps: Sequence[str | Step]) -> list[tuple[str, Step]]:
    """``(name, function)`` of each step. Raises ``ValueError`` for an
    unknown name (listing the valid ones) or a list without exactly one
    ``reflow``."""
    out = []
    for step in steps:
        if isinstance(step, str):
            if step not in STEPS:
                raise ValueError(f"unknown clean step {step!r}; the steps are: {', '.join(STEPS)}")
            out.append((step, STEPS[step]))
        else:
            out.append((getattr(step, "__name__", repr(step)), step))
    if [name for name, _ in out].count("reflow") != 1:
        raise ValueError("the steps must hold 'reflow' exactly once: line steps before it, paragraph steps after")
    return out


#: The longest wrap width a hard-wrapped file has (code points): longer lines are paragraphs, one a line.
MAX_WRAP_WIDTH = 200


def detect_style(text: str) -> str:
    """``"blank-separated"`` when most text lines are followed by a blank line
    (001, 003: one paragraph a line), or when the longer lines reach past
    :data:`MAX_WRAP_WIDTH` (:func:`wrap_width`: a page printing a paragraph a
    line with no blank line between — a club's page of Law 16, whose 16B2
    was read into 16B1 as a wrapped line), else ``"wrapped"`` (000, 004)."""
    raw = text.split("\n")
    filled = [i for i, line in enumerate(raw) if line.strip()]
    if not filled:
        return "wrapped"
    followed = sum(1 for i in filled if i + 1 < len(raw) and not raw[i + 1].strip())
    if followed >= 0.6 * len(filled) or wrap_width(text) > MAX_WRAP_WIDTH:
        return "blank-separated"
    return "blank-separated" if _sentence_lines(raw) else "wrapped"


#: A line this long (code points) or longer is a full line of hard-wrapped text or a paragraph of its own.
LONG_LINE = 40
#: The fewest long lines, and the share of them ending a sentence, that make a file one paragraph a line.
MIN_SENTENCE_LINES, SENTENCE_LINE_SHARE = 4, 0.7


def _sentence_lines(raw: list[str]) -> bool:
    """Whether :data:`SENTENCE_LINE_SHARE` of the file's long lines (at least :data:`MIN_SENTENCE_LINES`) end a
    sentence: a page printing one paragraph a line of any length, no blank line between (a club's handbook page
    of Law 27, its «Acceptance», «Correction» run into the prose as wrapped text). Hard-wrapped text ends a line
    mid-sentence: the seeds' 000 and 004 end 8% of their long lines with a sentence mark."""
    long, ended = _long_lines(raw)
    return long >= MIN_SENTENCE_LINES and ended >= SENTENCE_LINE_SHARE * long


def _long_lines(raw: list[str]) -> tuple[int, int]:
    """How many of the file's first 20,000 lines are :data:`LONG_LINE` long or longer, and how many of those
    end a sentence."""
    long = [line.strip() for line in raw[:20_000] if len(line.strip()) >= LONG_LINE]
    return len(long), sum(1 for line in long if P.SENTENCE_END.search(line))


#: The fewest long lines, and the largest share of them ending a sentence, of a page printing a book's lines.
MIN_BOOK_LINES, BOOK_LINE_ENDED = 10, 0.5


def book_lines(raw: list[str]) -> bool:
    """Whether the file's long lines (at least :data:`MIN_BOOK_LINES`) are a book's lines: at most
    :data:`BOOK_LINE_ENDED` of them end a sentence (a library printing each printed line as a paragraph),
    where a page printing paragraphs ends most of its lines with one (:func:`_sentence_lines`)."""
    long, ended = _long_lines(raw)
    return long >= MIN_BOOK_LINES and ended <= BOOK_LINE_ENDED * long


def wrap_width(text: str) -> int:
    """The length the longer lines of ``text`` reach (the 80th percentile of
    its non-blank line lengths): its wrap width when hard-wrapped."""
    lengths = sorted(len(line.strip()) for line in text.split("\n", 20_000) if line.strip())
    return lengths[int(0.8 * (len(lengths) - 1))] if lengths else 80


def vocabulary(text: str) -> Counter[str]:
    """Folded words (2+ letters) of ``text`` with their counts: the file's own
    lexicon (streamed: never a list of all its words)."""
    return Counter(morph.fold(m.group()) for m in P.VOCABULARY_WORD.finditer(text))


def perenos_words(text: str, ctx: Ctx) -> Counter[str]:
    """The words ``text``'s line-end перенос make as reflow joins them
    (``прави-`` ⏎ ``лом`` → ``правилом``; not ``одно-`` ⏎ ``и``, not
    ``по-`` ⏎ ``прежнему``): the clean text holds them, so they belong to
    the file's lexicon — a second clean then knows no word the first did
    not, and cleaning stays idempotent."""
    found: Counter[str] = Counter()
    decided: dict[tuple[str, str], bool] = {}  # one decision per distinct pair: hostile files repeat lines
    for m in P.LINE_PERENOS.finditer(text):
        start = end = m.start()
        while start > end - 64 and start > 0 and text[start - 1].isalpha():
            start -= 1  # the word before the hyphen (the pattern saw a letter there)
        head = text[start:end]
        key = (head, m["tail"] + m["rest"][:40])
        if key not in decided:
            decided[key] = join_words(head + "-", key[1], ctx, hyphen=True)[1] == "word"
        if decided[key]:
            found[morph.fold(head + m["tail"])] += 1
    return found


def clean(text: str, line_numbers: Sequence[int] | None = None, lang: str = "ru",
          steps: Sequence[str | Step] = DEFAULT_STEPS, on_step: Callable[[int, int], None] | None = None,
          chrome: frozenset[str] = frozenset()) -> Cleaned:
    """Clean decoded ``text`` (LF line ends) into paragraphs.

    ``line_numbers`` gives the raw 1-based line of each line of ``text`` when
    the text was extracted from something else (an HTML page); by default line
    ``i`` of ``text`` is raw line ``i``. ``lang`` is the document's language
    (``"en"``: the English-edition steps act, the English lexicon is used).
    ``steps`` are names from :data:`STEPS` or callables ``step(items, ctx)``
    (line steps before ``reflow``, paragraph steps after). Returns a
    :class:`Cleaned` whose paragraphs carry the raw line numbers they came
    from and their printed page. Raises ``ValueError`` for a bad ``steps``;
    never raises for any ``str``. Running :func:`clean` on :func:`render` of
    its own output gives the same paragraphs' text (idempotent).
    ``on_step(k, n)`` is called after step ``k`` of ``n`` (a build's progress).
    ``chrome``: keys of the lines the corpus's pages repeat in their frames
    (:func:`lawref.ingest.frames.learn`), dropped as a site's chrome."""
    raw = text.split("\n")
    ctx = Ctx(style=detect_style(text), width=wrap_width(text), vocab=vocabulary(text), lang=lang, chrome=chrome)
    ctx.book_lines = ctx.style == "blank-separated" and book_lines(raw)
    ctx.vocab.update(perenos_words(text, ctx))
    numbers = list(line_numbers) if line_numbers is not None and len(line_numbers) == len(raw) else None
    items: Any = [Ln(t, numbers[i] if numbers else i + 1, "text" if t.strip() else "blank") for i, t in enumerate(raw)]
    if steps is DEFAULT_STEPS and L.export_title(items) is not None:
        steps, ctx.style = EXPORT_STEPS, "export"  # lawref's own txt: nothing to repair, only its layout to read
    plan = _resolve(steps)
    for k, (name, step) in enumerate(plan, start=1):
        ctx.step = name
        items = step(items, ctx)
        if on_step is not None:
            on_step(k, len(plan))
    _count_repeated_paragraphs(items, ctx)
    report = CleanReport(tuple(ctx.records), ctx.title, tuple(ctx.dropped), tuple(ctx.inserted), tuple(ctx.notes))
    return Cleaned(tuple(p.freeze() for p in items if p.text.strip()), report, ctx.style, tuple(steps))


def _count_repeated_paragraphs(paras: list[Para], ctx: Ctx) -> None:
    """Fill in ``drop_repeated_pages:paragraphs``: the paragraphs of the
    copies the dropped runs repeated (the same text, so the same paragraphs)."""
    held = sum(1 for p in paras if any(lo <= ln <= hi for lo, hi in ctx.repeat_origins for ln in p.lines))
    name = "drop_repeated_pages:paragraphs"
    ctx.records = [replace(r, count=held) if r.name == name else r for r in ctx.records]


def render(cleaned: Cleaned) -> str:
    """Clean text for people and for re-cleaning: paragraphs separated by a
    blank line, a ``- N -`` line where the printed page changes, a ``..pageN``
    line for reader-page breaks without a printed number."""
    out: list[str] = []
    seq = 0
    for p in cleaned.paragraphs:
        if p.page_seq != seq:
            seq = p.page_seq
            out.append(f"- {p.page} -" if p.page is not None else f"..page{p.reader_page or seq}")
        out.append(p.text)
    return "\n\n".join(out) + ("\n" if out else "")
