"""ingest.lines: clean's line steps, one small named function each.

Each is ``step(lines, ctx) -> lines`` over the raw lines of one file, in the order of
:data:`lawref.ingest.clean.DEFAULT_STEPS`. Each records what it did (count and
two examples) under its own name. Patterns: :mod:`lawref.patterns`, each with
its seed example.
"""

from __future__ import annotations

import re
from dataclasses import replace

from lawref import patterns as P
from lawref.i18n import N_
from lawref.ingest.state import Ctx, Ln, example


def drop_export_marks(lines: list[Ln], ctx: Ctx) -> list[Ln]:
    """Read a txt export of lawref back (``lawref export --format txt``):
    its first line, underlined with ``=``, is the document's title (kept as
    metadata), and its marks (``[фрагмент, стр. 59]``, lost pages, variants,
    :data:`lawref.patterns.EXPORT_MARK`) are lawref's words, not law text.
    Both are dropped and listed in the report; scraped text has neither. The
    gap mark (where one raw file of the document ended and the next began)
    becomes a page break of unknown number, as the file boundary was."""
    out: list[Ln] = []
    ex: list[str] = []
    head = export_title(lines)
    if head is not None:
        title, rule = head
        ctx.title = ctx.title or title.text.strip()
        ctx.drop(title.no, title.text, N_("document title of a lawref txt export (kept as the document's title)"))
        ctx.drop(rule.no, rule.text, N_("underline of that title"))
        ex.append(example(title.text))
        lines = [ln for ln in lines if ln is not title and ln is not rule]
    if head is not None:
        _second_titles(lines, ctx)
    for ln in lines:
        m = P.EXPORT_MARK.match(ln.text) if ln.kind == "text" else None
        if m is None:
            under = ctx.style == "export" and out and out[-1].kind == "text" and P.EXPORT_UNDERLINE.match(ln.text)
            out.append(replace(ln, kind="rule") if under else ln)  # the title of a law whose heading was lost
            continue
        ctx.drop(ln.no, ln.text, N_("lawref's own mark (a txt export), not law text"))
        ex.append(example(ln.text))
        if m["gap"] and ctx.style == "export":  # the files of a document were read apart: a page of unknown number
            out.append(Ln(ln.text, ln.no, "marker", None))
    ctx.record(N_("a lawref txt export's title and marks removed"), len(ex), ex[:2])
    return out


def _second_titles(lines: list[Ln], ctx: Ctx) -> None:
    """A txt export holds one document a file: a second title underlined
    with ``=`` (the export of several documents to one file) is named in
    the report, never read silently into the law before it."""
    for prev, ln in zip(lines, lines[1:], strict=False):
        if P.TITLE_UNDERLINE.match(ln.text) and prev.text.strip() and not P.TITLE_UNDERLINE.match(prev.text):
            ctx.note(N_("line {line}: a second document title «{title}»: a txt export is read as one document a "
                        "file, so what follows is filed under this one — export each document with --doc, or all "
                        "of them to a folder with -o DIR/").format(line=prev.no, title=prev.text.strip()[:60]))


def export_title(lines: list[Ln]) -> tuple[Ln, Ln] | None:
    """The title line of a lawref txt export and its ``=`` underline (its
    first two lines that are not blank), or ``None``: not an export."""
    texts = [ln for ln in lines[:50] if ln.text.strip()][:2]
    if len(texts) == 2 and P.TITLE_UNDERLINE.match(texts[1].text) and not P.TITLE_UNDERLINE.match(texts[0].text):
        return texts[0], texts[1]
    return None


def split_pilcrows(lines: list[Ln], ctx: Ctx) -> list[Ln]:
    """A pilcrow ``¶`` ends a paragraph: remove it and insert a paragraph end."""
    out, ex = [], []
    for ln in lines:
        if ln.kind != "text" or P.PILCROW not in ln.text:
            out.append(ln)
            continue
        parts = ln.text.split(P.PILCROW)
        for k, part in enumerate(parts):
            if part.strip():
                out.append(Ln(part, ln.no))
            if k < len(parts) - 1:
                out.append(Ln("", ln.no, "pend"))
        ex.append(example(ln.text, " | ".join(p.strip() for p in parts if p.strip())))
    ctx.record(N_("pilcrows turned into paragraph ends"), len(ex), ex)
    return out


def split_glued_headings(lines: list[Ln], ctx: Ctx) -> list[Ln]:
    """A heading glued to the text before it starts a line of its own
    (:data:`~lawref.patterns.GLUED_HEADING`): ``ПРАВИЛО 7. КОНТРОЛЬ
    КОРОБКИA. Положение коробкиКоробка лежит ….B. Карты в кармане1. Перед
    игройИгрок …`` → the law heading, ``A. …``, ``B. …``, ``1. …`` each on
    a line (the title glued to its body is split by the parser:
    :func:`lawref.titles.title_end`). Only a Russian line that holds a
    heading label at its start or a glued law heading is split — a label
    glued into running prose of a file that has no such layout stays text."""
    out, ex = [], []
    for ln in lines:
        text = ln.text
        cuts = [m.start() for m in P.GLUED_HEADING.finditer(text)] if ln.kind == "text" and ctx.lang == "ru" else []
        labelled = ln.kind == "text" and ctx.lang == "ru" and bool(
            ctx.is_heading(text.lstrip()) or P.SPACED_LABEL.match(text.lstrip()))
        if labelled:
            cuts = sorted({*cuts, *_run_in_cuts(text, cuts)})
        if ln.kind == "text" and ctx.lang == "ru" and (P.CHAPTER.match(text.strip()) or P.PART.match(text.strip())):
            cuts = sorted({*cuts, *(m.start("head") for m in P.DIVISION_IN_LINE.finditer(text))})
            labelled = labelled or bool(cuts)
        if not cuts or not (labelled or any(text.startswith(("ПРАВИЛО", "Правило"), k) for k in cuts)):
            out.append(ln)
            continue
        bounds = [0, *cuts, len(text)]
        pieces = [text[a:b] for a, b in zip(bounds, bounds[1:], strict=False)]
        out.extend(Ln(piece, ln.no) for piece in pieces if piece.strip())
        ex.append(example(text, " | ".join(piece.strip()[:30] for piece in pieces)))
    ctx.record(N_("headings glued to the text before them put on lines of their own"), len(ex), ex)
    return out


_LATIN_ORDER = "ABCDEFGHJKLMN"
_CYRILLIC_ORDER = "АБВГДЕЖЗИКЛМН"


def _run_in_cuts(text: str, glued: list[int] | None = None) -> list[int]:
    """Where items run into one paragraph start, after a sentence mark and a
    space (``Б. НАРУШЕНИЕ УКАЗАНО ЗРИТЕЛЕМ. 1. Зритель, … стороны. 2. Зритель
    …``; :data:`~lawref.patterns.RUN_IN_LABEL`): a label is a cut only in
    sequence — ``1`` or ``A``/``А``, or the one after the last label the line
    opened or was cut at (``стр. 5. Это`` is no item: a single letter before
    the mark, and no sequence). The labels at ``glued`` (where headings glued
    to the text before them start: ``КОРОБКИA. …``, ``…вниз.B. …``) count in
    the sequence too (``…B. Сдача… стрелке. C. Присутствие …``)."""
    first = P.SPACED_LABEL.match(text.lstrip()) or P.HEADING_START.match(text.lstrip())
    opened = text.lstrip().split(".", 1)[0] if first else ""
    last: dict[str, str] = {"digit": opened if opened.isdigit() else "", "letter": opened if len(opened) == 1 else ""}
    cuts = []
    events = sorted([(k, None) for k in glued or ()] + [(m.start("label"), m) for m in P.RUN_IN_LABEL.finditer(text)],
                    key=lambda e: e[0])
    for at, m in events:
        label = m.group("label") if m is not None else text[at:].split(".", 1)[0]
        if m is None and len(label) > 2:  # a glued law heading: its sections count from ``A``
            last = {"digit": "", "letter": ""}
            continue
        kind = "digit" if label.isdigit() else "letter"
        if m is None or _follows(label, last[kind]):
            if m is not None:
                cuts.append(at)
            last[kind] = label
            if kind == "letter":
                last["digit"] = ""  # a new section: its subsections count from 1
    return cuts


def _follows(label: str, before: str) -> bool:
    """``label`` is the first of its kind or the one after ``before``."""
    if label.isdigit():
        return int(label) == 1 if not before.isdigit() else int(label) == int(before) + 1
    for order in (_LATIN_ORDER, _CYRILLIC_ORDER):
        if label in order:
            if before and before in order:
                return order.index(label) == order.index(before) + 1
            return label == order[0]
    return False


def _rule_pieces(text: str) -> list[str]:
    """``text`` split at its ``?`` runs and runs of lost box drawing (:data:`~lawref.patterns.BOX_RUN`)."""
    cuts = sorted([(m.start(), m.end()) for m in P.QMARK_RUN.finditer(text)]
                  + [(m.start(), m.end()) for m in P.BOX_RUN.finditer(text)])
    pieces, at = [], 0
    for a, b in cuts:
        if a >= at:
            pieces.append(text[at:a])
            at = b
    return [*pieces, text[at:]]


def _split_qmarks(ln: Ln) -> list[Ln]:
    pieces = [mark_lost_glyphs(piece)[0] for piece in _rule_pieces(ln.text)]  # a split leaves new edges
    out = [Ln(pieces[0].rstrip(), ln.no)] if pieces[0].strip() else []
    for piece in pieces[1:]:
        rest = piece.strip()
        if out and _is_title_tail(rest) and out[-1].kind == "text":
            out[-1] = Ln(out[-1].text.rstrip() + " " + rest, ln.no)
            out.append(Ln("", ln.no, "rule"))
            continue
        out.append(Ln("", ln.no, "rule"))
        if rest.strip("? \t"):  # a rest of ``?`` alone (``????? ??``) belongs to the rule
            out.append(Ln(rest, ln.no, "footnote" if P.FOOTNOTE.match(rest) else "text"))
    return out


def _is_title_tail(rest: str) -> bool:
    """``заявки`` after ``отменённой ???…???`` (003:69): a short lowercase tail."""
    return bool(rest) and rest[0].islower() and len(rest) <= 40 and not P.CLAUSE_MARK.search(rest)


def strip_line(ln: Ln, depth: int = 0) -> list[Ln]:
    """One text line without its rules: ``[ln]`` when it has none, else the
    pieces (text, ``rule`` separators, footnotes), each cleaned again so that
    what a split leaves (``???----== ==`` → ``----== ==``) is treated too."""
    if depth > 8:
        return [ln]
    if P.RULE_LINE.match(ln.text):
        return [Ln("", ln.no, "rule")]
    if P.RULE_PREFIX.match(ln.text):
        return strip_line(Ln(P.RULE_PREFIX.sub("", ln.text), ln.no, ln.kind), depth + 1)
    if not P.QMARK_RUN.search(ln.text) and not P.BOX_RUN.search(ln.text):
        return [ln]
    out: list[Ln] = []
    for piece in _split_qmarks(ln):
        out.extend(strip_line(piece, depth + 1) if piece.kind in ("text", "footnote") else [piece])
    return out


def mark_lost_glyphs(text: str) -> tuple[str, int]:
    """Keep characters the scrape lost inside a sentence visibly, as
    ``[?]``: a suit symbol before card ranks (``держит ?AK ?Q`` →
    ``держит [?]AK [?]Q``) and a short ``?`` run between words (``держит
    ???? ?AK`` → ``держит [????] [?]AK``, also at a line's end after a word).
    They are never a break, never a word of the index, never guessed. A run
    at a line's start is a lost rule (003:71 ``?????? Когда …``) unless it is
    glued to the word after it (``??1``: that word's lost letters). Returns
    the text and how many were marked."""
    count = 0
    # Where the line's first and last letter or digit and non-space stand: each run asks only these, so a
    # line of many runs is read once, not once a run (issue 22: every pass linear).
    alnum = [i for i, c in enumerate(text) if c.isalnum()] if P.LOST_RUN.search(text) else []
    first_alnum, last_alnum = (alnum[0], alnum[-1]) if alnum else (len(text), -1)
    first_ink = len(text) - len(text.lstrip())
    last_ink = len(text.rstrip()) - 1

    def run(m: re.Match[str]) -> str:
        nonlocal count
        start, end = m.start(), m.end()
        left_word, left_blank = first_alnum < start, first_ink >= start
        right_word, right_blank = last_alnum >= end, last_ink < end
        # after a word, and before one or at the line's end (where reflow may join the next line);
        # or a line of one or two ``?`` (too short for a rule)
        inside = left_word and (right_word or right_blank)
        inside = inside or (left_blank and right_blank and len(m.group()) <= 2)
        # glued to the word it starts (``??1``, ``??ода``): lost letters of that word, not a rule — a rule
        # stands apart (003:71 ``?????? Когда``); else joining lines would mark it only on a second clean
        inside = inside or (left_blank and text[end : end + 1].isalnum())
        after = _ink_from(text, end)
        opens = P.HEADING_START.match(after) or P.FOOTNOTE.match(after)
        if len(m.group()) > P.MAX_LOST_RUN or not inside or opens:
            return m.group()
        count += 1
        return f"[{m.group()}]"

    def suit(m: re.Match[str]) -> str:
        nonlocal count
        count += 1
        return "[?]"

    text = P.LOST_RUN.sub(run, text)
    return P.LOST_SUIT.sub(suit, text), count


#: How much of what follows a ``?`` run is enough to tell a heading or footnote opening there.
_OPENING_CHARS = 200
_INK = re.compile(r"\S")


def _ink_from(text: str, at: int) -> str:
    """``text[at:].lstrip()``, but only its first :data:`_OPENING_CHARS`
    characters copied (so a run's check costs its distance to the next word)."""
    m = _INK.search(text, at)
    return text[m.start() : m.start() + _OPENING_CHARS] if m else ""


#: Fewest cells a line must hold to be a whole page's lines flattened into one table row.
MIN_FLAT_CELLS = 8
#: The longest cell of such a row (a line of the page).
MAX_FLAT_CELL = 100


def split_flat_rows(lines: list[Ln], ctx: Ctx) -> list[Ln]:
    """A page whose lines came out as the cells of one table row, on one
    line (``|      | П Р А В И Л А      |      | … | Правило 12. Полномочия
    судьи.......43      | A.Право на …``): when a line holds
    :data:`MIN_FLAT_CELLS` bars or more and every cell is a line's length
    (:data:`MAX_FLAT_CELL`), most of several words, each cell becomes a
    line of its own and the bars go to the report. A table of a few cells,
    and an alphabet bar (``А | Б | В …``), stay as they are."""
    out: list[Ln] = []
    ex: list[str] = []
    for ln in lines:
        cells = ln.text.split("|") if ln.kind == "text" else []
        filled = [c for c in cells if c.strip()]
        if len(cells) <= MIN_FLAT_CELLS or any(len(c.strip()) > MAX_FLAT_CELL for c in cells) or (
                sum(len(c.split()) >= 2 for c in filled) < len(filled) / 2):  # ``А | Б | В …``: a bar, not lines
            out.append(ln)
            continue
        ctx.drop(ln.no, "|" * (len(cells) - 1), N_("a table's cell borders (a page's lines flattened into one row)"))
        out.extend(Ln(c.strip(), ln.no, "text") for c in cells if c.strip())
        if len(ex) < 2:
            ex.append(example(ln.text, " / ".join(c.strip() for c in cells if c.strip())))
    ctx.record(N_("a page's lines flattened into one table row put back on lines of their own"), len(ex), ex)
    return out


#: Fewest headings a list bullet must stand before for a file's bullets to be a list's markup.
MIN_BULLETED_HEADINGS = 3
_BULLET = re.compile(r"^(?P<mark>\s*[-–—•·▪◦]\s+)(?=\S)")


def _bullet(ln: Ln) -> re.Match[str] | None:
    """The list bullet ``ln`` opens with, or ``None`` — never a page marker's dash (``- 89 -``, ``- 77 при …``)."""
    if ln.kind != "text" or P.PAGE_MARKER.match(ln.text) or P.PAGE_MARKER_GLUED.match(ln.text):
        return None
    return _BULLET.match(ln.text)


def opens_heading(text: str) -> bool:
    """``text`` opens with a law, chapter, part, section, subsection or item
    label, Russian or English, in any of the layouts lawref reads
    (``Правило 62. …``, ``B.Исправление …``, ``A. Информация …``, ``LAW 61``,
    ``B. The Deal …``, ``(a) the …``, ``Глава VI. …``)."""
    t = text.strip()
    return bool(P.HEADING_START.match(t) or P.HEADING_START_EN.match(t) or P.SECTION_EN.match(t)
                or P.LAW_HEADING_LINE.match(t) or P.SPACED_LABEL.match(t) or P.CHAPTER.match(t))


def _heading_shaped(text: str) -> bool:
    """A line that opens with a heading's label (:func:`opens_heading`), or is a title in capitals."""
    t = text.strip()
    return (len(t) >= 6 and t.upper() == t and any(c.isalpha() for c in t)) or opens_heading(t)


def strip_list_bullets(lines: list[Ln], ctx: Ctx) -> list[Ln]:
    """A page whose HTML list items came out with a bullet before each
    (``- A. Revoke Becomes Established`` ⏎ ``- A revoke becomes
    established:`` ⏎ ``- 1. Offending Side …``) loses the bullets, decided
    for the file at once: when one bullet character stands before
    :data:`MIN_BULLETED_HEADINGS` headings or more, and before most of the
    file's heading-shaped lines, it is the list's markup, and every line
    opening with it loses it (listed in the report) and starts a paragraph,
    as its list item did (``1.Общая обязанность участников`` ⏎
    ``соревнования`` ⏎ ``- турниры по …``: the heading's tail has no bullet,
    the body has). A dash before running text only (a dialogue, a list
    inside a section) stays."""
    marks: dict[str, list[int]] = {}
    plain_heads = 0
    for k, ln in enumerate(lines):
        if ln.kind != "text":
            continue
        m = _bullet(ln)
        if m is None:
            plain_heads += _heading_shaped(ln.text)
        elif _heading_shaped(ln.text[m.end():]):
            marks.setdefault(m.group("mark").strip(), []).append(k)
    mark, heads = max(marks.items(), key=lambda kv: len(kv[1]), default=("", []))
    if len(heads) < MIN_BULLETED_HEADINGS or len(heads) <= plain_heads:
        ctx.record(N_("list bullets before headings and items removed"), 0, [])
        return lines
    out: list[Ln] = []
    ex: list[str] = []
    stripped = 0
    for ln in lines:
        m = _bullet(ln)
        if m is None or m.group("mark").strip() != mark:
            out.append(ln)
            continue
        ctx.drop(ln.no, mark, N_("a list item's bullet"))
        out += [Ln("", ln.no, "pend"), Ln(ln.text[m.end():], ln.no, "text")]  # a list item starts a paragraph
        stripped += 1
        if len(ex) < 2:
            ex.append(example(ln.text, ln.text[m.end():]))
    ctx.record(N_("list bullets before headings and items removed"), stripped, ex)
    return out


#: Share of a file's lines that must open with a bar for it to be a box's left border.
BORDER_SHARE = 0.8
#: Fewest lines a box border runs down.
MIN_BORDER_LINES = 10
_BORDER = re.compile(r"^\s*[|│┃║]")


def strip_box_borders(lines: list[Ln], ctx: Ctx) -> list[Ln]:
    """A text-mode page drawn in a box (a 1990s text file: ``|`` or ``│``
    down its left edge on every line) loses the box's left border, decided
    for the file at once: when :data:`BORDER_SHARE` of its non-blank lines
    (and :data:`MIN_BORDER_LINES` at least) open with a bar, each loses that
    one bar (a line of only the bar becomes blank). The bars go to the
    report; a table's ``|`` inside a line stays."""
    filled = [ln for ln in lines if ln.kind == "text" and ln.text.strip()]
    opened = [ln for ln in filled if _BORDER.match(ln.text)]
    if len(opened) < MIN_BORDER_LINES or len(opened) < BORDER_SHARE * len(filled):
        ctx.record(N_("left borders of a text-mode box removed"), 0, [])
        return lines
    out, ex = _strip_openings(lines, _BORDER, N_("a text-mode box's left border"), ctx)
    ctx.record(N_("left borders of a text-mode box removed"), len(opened), ex)
    return out


def _strip_openings(lines: list[Ln], opening: re.Pattern[str], reason: str, ctx: Ctx) -> tuple[list[Ln], list[str]]:
    """``lines`` with what ``opening`` matches at a text line's start taken off and dropped with ``reason`` (a line
    left with nothing becomes blank), and two examples of a line with text left."""
    out: list[Ln] = []
    ex: list[str] = []
    for ln in lines:
        m = opening.match(ln.text) if ln.kind == "text" else None
        if m is None:
            out.append(ln)
            continue
        rest = ln.text[m.end():]
        ctx.drop(ln.no, m.group().strip(), reason)
        out.append(Ln(rest, ln.no, "text" if rest.strip() else "blank"))
        if len(ex) < 2 and rest.strip():
            ex.append(example(ln.text, rest))
    return out, ex


#: Fewest lines opening with an e-mail quote mark that make a file's quoting (a mailing list's archive).
MIN_QUOTED_LINES = 5
_QUOTE = re.compile(r"^[ \t]*(?:>[ \t]?)+")


def strip_mail_quotes(lines: list[Ln], ctx: Ctx) -> list[Ln]:
    """An e-mail's quoted lines (a mailing list's archive: ``> Law 27 – INSUFFICIENT BID``, ``>> …``) lose their
    quote marks, decided for the file at once: when :data:`MIN_QUOTED_LINES` lines or more open with ``>``, each
    loses its marks (a line of only marks becomes blank), so that a quoted law's headings are read as headings.
    The marks go to the report; a ``>`` inside a line stays."""
    quoted = [ln for ln in lines if ln.kind == "text" and _QUOTE.match(ln.text)]
    if len(quoted) < MIN_QUOTED_LINES:
        ctx.record(N_("e-mail quote marks removed"), 0, [])
        return lines
    out, ex = _strip_openings(lines, _QUOTE, N_("an e-mail's quote marks"), ctx)
    ctx.record(N_("e-mail quote marks removed"), len(quoted), ex)
    return out


def strip_rules(lines: list[Ln], ctx: Ctx) -> list[Ln]:
    """Underlines and ``?`` runs (lost box drawing) become ``rule`` separators.

    Characters lost inside a sentence are marked first and kept
    (:func:`mark_lost_glyphs`). Whole-line rules (``-----``, ``== == ==``,
    ``??????``) and rules glued before text (``---- относительно …``) are
    removed; a longer inline ``?`` run splits the line, except when a short
    lowercase tail of a title follows (``отменённой ???…??? заявки`` →
    ``отменённой заявки``). Text after a run that starts ``(*) -`` is a
    footnote."""
    out, ex, lost = [], [], []
    for ln in lines:
        if ln.kind == "text":
            marked, n = mark_lost_glyphs(ln.text)
            if n:
                lost.append(example(ln.text, marked))
                ln = replace(ln, text=marked)
        pieces = strip_line(ln) if ln.kind == "text" else [ln]
        out.extend(pieces)
        if pieces != [ln]:
            ex.append(example(ln.text, " | ".join(p.text for p in pieces if p.text)))
            kept = "".join(p.text for p in pieces)
            if len(kept) < len(ln.text.strip()):
                ctx.drop(ln.no, _rule_chars(ln.text, kept), N_("underline or ?-run (lost box drawing)"))
    ctx.record(N_("underlines and ?-runs of lost box drawing removed"), len(ex), ex)
    qmarks = [e for e in ex if "??" in e]
    ctx.record(N_("of which lines with ?-runs (lost characters, never guessed)"), len(qmarks), qmarks, part="qmarks")
    ctx.record(N_("characters lost inside a sentence, kept as [?]"), len(lost), lost, part="lost")
    return out


def _rule_chars(text: str, kept: str) -> str:
    """What a rule removal took from ``text``: its non-space characters that
    ``kept`` does not hold (rule characters only, so no word)."""
    left = kept.replace(" ", "")
    at, taken = 0, []  # an index into ``left``, not pops from its front: linear in the line (issue 22)
    for ch in text.replace(" ", ""):
        if at < len(left) and ch == left[at]:
            at += 1
        else:
            taken.append(ch)
    return "".join(taken)


def repair_lost_yo(lines: list[Ln], ctx: Ctx) -> list[Ln]:
    """``„`` where a lost ``ё`` stood (``вс„`` → ``всё``, ``сч„т`` → ``счёт``;
    :data:`~lawref.patterns.LOST_YO`) is repaired when the lexicon knows the
    word with ``ё`` — and never else: a ``„`` opening a quotation stays.
    Every ``ё`` put back is counted (the conservation check knows them as
    inserted, as a ligature an English edition's repair puts back)."""
    if ctx.lang != "ru":
        return lines
    out, ex = [], []
    for ln in lines:
        if ln.kind != "text" or "„" not in ln.text:
            out.append(ln)
            continue

        def fix(m: re.Match[str], ln: Ln = ln) -> str:
            word = m.group().replace("„", "ё")
            if not ctx.knows(word):
                return m.group()
            ctx.inserted.extend((ln.no, "ё") for _ in range(m.group().count("„")))
            ex.append(example(m.group(), word))
            return word

        out.append(replace(ln, text=P.LOST_YO.sub(fix, ln.text)))
    ctx.record(N_("a lost ё printed as „ put back (the lexicon knows the word)"), len(ex), ex)
    return out


def mark_footnotes(lines: list[Ln], ctx: Ctx) -> list[Ln]:
    """A text line starting ``(*) -`` is a footnote (``(*) - Во время …``);
    so is one starting with another site's mark (``<*>``, ``*``, ``*)``,
    ``[1]``, ``1)``, ``¹``: :data:`~lawref.patterns.FOOTNOTE_ANY`) when that
    mark's call stands earlier in a text line — glued to a word or after a
    space (``… игроком <*>``, ``правило 64²``); a number in brackets only
    glued (``заявка[1]``), and ``1)`` only after a rule line (a list item
    ``1) …`` is text)."""
    out, n, ex = [], 0, []
    calls: set[str] = set()  # footnote calls seen so far in the text (``<*>``, ``*``, ``¹``, ``[1]``, ``1)``)
    after_rule = False
    for ln in lines:
        stripped = ln.text.strip()
        if ln.kind == "text" and (P.FOOTNOTE.match(stripped) or (ctx.lang == "en" and P.FOOTNOTE_EN.match(stripped))
                                  or _other_footnote(stripped, calls, after_rule)):
            ln = replace(ln, kind="footnote")
        if ln.kind == "text":
            calls.update(footnote_calls(ln.text))
        after_rule = ln.kind == "rule" or (after_rule and ln.kind in ("blank", "footnote"))
        if ln.kind == "footnote":
            n += 1
            ex.append(example(ln.text, ln.text))
        out.append(ln)
    ctx.record(N_("footnotes found"), n, ex)
    return out


def footnote_calls(text: str) -> set[str]:
    """The footnote calls a line holds (:data:`~lawref.patterns.FOOTNOTE_CALL`): a mark after a
    word, glued or after a space (``игроком <*>``, ``правило 64²``, ``заявка[1]``, ``слово1)``); a
    number's call only glued."""
    return {m.group("call") or m.group("call2") for m in P.FOOTNOTE_CALL.finditer(text)}


def _other_footnote(text: str, calls: set[str], after_rule: bool) -> bool:
    """``text`` is a footnote in another site's marks whose call was seen (see :func:`mark_footnotes`)."""
    m = P.FOOTNOTE_ANY.match(text)
    if m is None:
        return False
    marker = m.group("marker")
    if marker[0].isdigit():
        return after_rule and marker in calls
    return marker.rstrip(")") in calls


def _lone_word(ln: Ln) -> re.Match[str] | None:
    return P.EMPHASIS_LINE.match(ln.text) if ln.kind == "text" else None


def _emphasis(lines: list[Ln], k: int, prev: Ln | None) -> int:
    """How many lines from ``k`` on are an emphasis duplicate (0, 1 or 2).

    004:17–18 ``случайно`` ⏎ ``случайно`` after ``… случайно обозначает …``:
    a lone word doubled that the line before holds → 2, and the blank lines
    between them when the page prints a line a paragraph (a phrase of two or
    three words likewise: ``(согласно Правилу)`` ⏎ ``согласно Правилу`` ⏎
    ``согласно Правилу``); 004:15 a lone
    ``Примечание:`` after a line starting ``Примечание:`` → 1. A single lone
    word is a wrapped line (``… и если карта`` ⏎ ``сыграна`` ⏎ ``в эту
    взятку``) and is kept."""
    m = _lone_word(lines[k])
    if m is None or prev is None or prev.kind != "text":
        return 0
    word = m.group("word")
    if m.group("colon"):
        return 1 if prev.text.lstrip().startswith(word + ":") else 0
    j = k + 1
    while j < len(lines) and lines[j].kind == "blank":  # one line a paragraph: ``претензию`` ⏎⏎ ``претензию``
        j += 1
    twin = _lone_word(lines[j]) if j < len(lines) else None
    if twin is None or twin.group("word").split() != word.split() or twin.group("colon"):
        return 0
    phrase = r"\s+".join(map(re.escape, word.split()))  # ``согласно Правилу`` ⏎ ``согласно Правилу``
    return j - k + 1 if re.search(rf"(?<![\w-]){phrase}(?![\w-])", prev.text) else 0


def drop_emphasis_duplicates(lines: list[Ln], ctx: Ctx) -> list[Ln]:
    """Drop emphasis lines a scrape interleaved with the text they repeat
    (see :func:`_emphasis`): 004:15, 17–18, 21–22, 72–73; in a copy printing
    a blank line after each line of the book too. Only in Russian text."""
    out, ex, prev, k = [], [], None, 0
    while k < len(lines):
        n = _emphasis(lines, k, prev) if ctx.lang == "ru" else 0
        for ln in lines[k : k + n]:
            if ln.kind == "blank":
                continue  # the blank line between two twins is no duplicate: it goes with them, uncounted
            ex.append(example(ln.text))
            why = N_("emphasis duplicate of a word of line {line}").format(line=prev.no if prev else "?")
            ctx.drop(ln.no, ln.text, why)
        if n:
            k += n
            continue
        out.append(lines[k])
        prev = lines[k] if lines[k].kind == "text" else prev
        k += 1
    ctx.record(N_("duplicated emphasis lines dropped"), len(ex), ex)
    return out
