"""ingest.paragraphs: clean's paragraph steps, one small named function each.

Each is ``step(paragraphs, ctx) -> paragraphs``, run after
:func:`lawref.ingest.reflow.reflow`.
"""

from __future__ import annotations

import re

from lawref import patterns as P
from lawref.i18n import N_
from lawref.ingest.pages import is_pager, looks_like_marker
from lawref.ingest.reflow import FULL_LINE, TITLE_TAIL, clause_label, join_words
from lawref.ingest.state import Ctx, Para, example
from lawref.lang import english, morph


def join_cut_paragraphs(paras: list[Para], ctx: Ctx) -> list[Para]:
    """Re-join a paragraph cut at a line or page break with no hyphen.

    The next paragraph on the same scraped page (or at the top of the page
    that directly follows it) that starts with a lowercase letter continues
    one that has no sentence end: 003:39–41 ``… со сто`` ⏎⏎
    ``роны оппонента`` → ``… со стороны оппонента``; 001:13–15 ``… нарушению
    со`` ⏎⏎ ``стороны вистующего`` → ``… со стороны вистующего``."""
    ex: dict[str, list[str]] = {"word": [], "space": []}
    for into_headings in (False, True):  # a heading's tail is judged whole, with its own continuations
        first_of_page = {id(p) for i, p in enumerate(paras) if i == 0 or paras[i - 1].page_seq != p.page_seq}
        out: list[Para] = []
        for p in paras:
            into = _taker(out, p, id(p) in first_of_page, ctx)
            if into is not None and (into.role == "heading") == into_headings:
                _absorb(into, p, ctx, ex)
                continue
            out.append(p)
        paras = out
    ctx.record(N_("words cut by a break re-joined"), len(ex["word"]), ex["word"], part="word")
    ctx.record(N_("paragraphs cut between words re-joined"), len(ex["space"]), ex["space"], part="space")
    return paras


def _taker(out: list[Para], p: Para, first_of_page: bool, ctx: Ctx) -> Para | None:
    """The paragraph of ``out`` that ``p`` goes on (:func:`_continues`), or
    ``None``: the last one; or, after a footnote, the footnote
    (:func:`_ends_footnote`) or else the text the footnote interrupted
    (``… его очередь`` ⏎ ``(*) - …`` ⏎ ``- 90 -`` ⏎ ``пропускается …``)."""
    prev = out[-1] if out else None
    if prev is None or prev.role != "footnote":
        return prev if prev is not None and _continues(prev, p, first_of_page, ctx) else None
    text = _text_before(out)
    if _continues(prev, p, first_of_page, ctx) and _ends_footnote(prev, p, text, ctx):
        return prev
    return text if text is not None and _continues(text, p, first_of_page, ctx) else None


def _absorb(prev: Para, p: Para, ctx: Ctx, ex: dict[str, list[str]]) -> None:
    """Append ``p`` to ``prev``, the words at the cut joined by :func:`join_words`."""
    tail = prev.tail()
    hyphen = bool(P.LINE_END_HYPHEN.search(tail))  # a перенос needs a word before the hyphen
    joined, how = join_words(tail, p.text, ctx, hyphen=hyphen)
    at = len(joined) - len(p.text)
    ex.setdefault(how, []).append(example(tail[-20:] + "⏎⏎" + p.text[:20], joined[max(0, at - 20) : at + 20]))
    prev.replace_tail(tail, joined[:at])
    base = len(prev)
    prev.append(p.text)
    prev.lines.extend(p.lines)
    prev.starts.extend(base + s for s in p.starts)
    prev.underlined = prev.underlined or p.underlined


def _continues(prev: Para, p: Para, first_of_page: bool, ctx: Ctx) -> bool:
    """``p`` goes on ``prev``: it starts in lower case, ``prev`` ends no
    sentence, both stand on one scraped page or on pages that follow each
    other (``взя-`` ⏎ ``- 90 -`` ⏎ ``ток``; at the file's first marker, whose
    page before is unknown, only a перенос the lexicon knows:
    ``исправле-`` ⏎ ``- 89 -`` ⏎ ``ния``); into a heading only a short tail
    of its title, never a body that starts in lower case (``1.Ход
    нарушителя`` ⏎⏎ ``когда нарушитель … взятку;``)."""
    tail = prev.tail()
    if p.role != "text" or not (p.text[:1].islower() or _caps_perenos(tail, p.text, ctx) or _runs_on_en(tail, ctx)
                                or _runs_on_ru(tail, ctx) or _full_line_cut(prev, tail, ctx)):
        return False
    if _ends_sentence(tail) and not (p.text[:1].islower() and _QUOTE_END.search(tail) and not _CLOSED.search(tail)
                                     and not P.SOURCE_MARK.search(tail)) and not _clause_cut(prev, tail, p, ctx):
        return False  # a quote or a bracket closed before lower case ends no sentence: ``"исчезать"`` ⏎ ``в …``
    if prev.role == "heading" and not ctx.continues(prev.text) and not _clause_heading(prev, tail, ctx) and (
            len(p) > TITLE_TAIL or P.CLAUSE_MARK.search(p.text) or p.text.endswith((",", "-"))):
        return False  # a body, not the tail of the title: too long, a sentence, or it runs on (unless the heading
        # holds its body: ``A. Option The side may accept a e`` ⏎ ``39`` ⏎ ``ective explanation …``)
    if prev.page_seq == p.page_seq:
        return True
    next_page = first_of_page and p.page_seq == prev.page_seq + 1
    if next_page and p.contiguous:
        return True
    return next_page and p.maybe_contiguous and _known_join(tail, p.text, ctx)


def _clause_heading(prev: Para, tail: str, ctx: Ctx) -> bool:
    """Russian: a subsection's or item's line that is a clause cut by the line's end, not a title — it ends on a
    preposition or a conjunction (``2. … когда нарушитель или`` ⏎⏎ ``его партнёр …``), or its words hold a
    predicate (``1. Фальшренонс считается установленным, как только`` ⏎⏎ ``нарушитель …``; :func:`lawref.ingest.
    reflow.clause_label`, the rule wrapped lines go by too): the paragraph in lower case after it goes on.
    The seeds' titles are noun phrases ending on a noun (``1.Ход нарушителя`` ⏎⏎ ``когда нарушитель …``)."""
    if ctx.lang != "ru" or not (P.SUBSECTION.match(prev.text) or P.ITEM.match(prev.text)):
        return False
    return _runs_on_ru(tail, ctx) or clause_label(prev.text)


def _runs_on_en(tail: str, ctx: Ctx) -> bool:
    """English editions: a paragraph cut by a page break goes on even before
    a capitalised word when it stopped where no paragraph ends — after a
    small word or a comma (``… after an irregularity, the`` ⏎ ``3`` ⏎
    ``Director is empowered …``)."""
    if ctx.lang != "en":
        return False
    words = tail.split()
    return bool(words) and (words[-1].lower() in english.SMALL_WORDS or words[-1].endswith(","))


def _runs_on_ru(tail: str, ctx: Ctx) -> bool:
    """Russian: a paragraph that stopped on a preposition or a conjunction goes on even before a capitalised word
    (a page printing each line as a paragraph: ``… в соответствии с`` ⏎⏎ ``Правилом 86В, …``): no paragraph ends so."""
    words = tail.split()  # in lower case: a letter-spaced title's ``П Р А В И Л А`` ends on no conjunction «а»
    return ctx.lang == "ru" and bool(words) and words[-1].islower() and morph.is_function_word(words[-1])


def _full_line_cut(prev: Para, tail: str, ctx: Ctx) -> bool:
    """Russian, a book's lines printed each as a paragraph (:func:`lawref.ingest.clean.book_lines`):
    ``prev`` is text whose last line is full (:func:`_full_line`) and ends on a word in lower or title case (not
    a title in capitals, nor a letter-spaced ``П Р А В И Л А``), so the line was cut by the page's width, not by a
    paragraph's end (``… Правилами Дубликатного`` ⏎⏎ ``Контрактного Бриджа.``): it goes on even before a capital."""
    word = tail.split()[-1] if tail.split() else ""
    return _full_line(prev, ctx) and len(word) >= 2 and word.isalpha() and not word.isupper()


def _clause_cut(prev: Para, tail: str, p: Para, ctx: Ctx) -> bool:
    """A book's full line ending a clause with ``;`` (a comma ends no sentence: it goes on already), before a line in
    lower case, on a page
    printing the book's lines each as a paragraph: ``… перейдут к следующей сдаче;`` ⏎⏎ ``мы считаем, что …``
    goes on. A list's items stand on short lines (``розыгрыш правильной сдачи;`` ⏎⏎ ``розыгрыш сдачи …``), so a
    line shorter than the full width ends its item."""
    return tail.rstrip().endswith(";") and p.text[:1].islower() and _full_line(prev, ctx)


def _full_line(prev: Para, ctx: Ctx) -> bool:
    """``prev``'s last line is as long as the file's full lines (:data:`~lawref.ingest.reflow.FULL_LINE` of its wrap
    width, a book's line width, at most :data:`MAX_BOOK_LINE`). A commentary paragraph's labelled first line
    (``78.4. Само по себе … обязанность`` ⏎⏎ ``Спонсорской …``) is set in by the book's indent: :data:`FIRST_LINE`
    of the width is full for it (a commentary paragraph has no title to end there)."""
    if ctx.lang != "ru" or not ctx.book_lines or prev.role != "text" or ctx.width > MAX_BOOK_LINE:
        return False
    last = len(prev) - (prev.starts[-1] if prev.starts else 0)
    indented = len(prev.starts) <= 1 and P.COMMENTARY.match(prev.text) is not None  # a paragraph's first line
    return last >= (FIRST_LINE if indented else FULL_LINE) * ctx.width


#: A labelled first line's share of the width that is full (the book's paragraph indent, about a tenth of a line,
#: and a label's breaks: modernlib's 52 of 67 code points).
FIRST_LINE = 0.75
#: The widest line a book's page prints (code points): a file whose lines reach further prints paragraphs, not lines.
MAX_BOOK_LINE = 90


def _caps_perenos(tail: str, text: str, ctx: Ctx) -> bool:
    """An all-caps перенос the lexicon knows, cut between paragraphs (a page
    printing each line as a paragraph): ``ОТМЕ-`` ⏎⏎ ``НЯЕТ КАРТУ``."""
    hw, tw = P.LINE_END_HYPHEN.search(tail), P.LEADING_CAPS.match(text)
    return bool(hw and tw and hw["head"].isupper() and ctx.knows(hw["head"] + tw["word"]))


#: A sentence's own end mark, closing quotes or brackets after it allowed: what ends a sentence before lower case.
_CLOSED = re.compile(r"[.!?…:;][»\"'”)\]]*\s*$")
#: A closing quote or bracket at a paragraph's end (not a square one: a tag, ``[SEC=UNOFFICIAL]``, or a mark).
_QUOTE_END = re.compile(r"[»\"'”)]\s*$")


def _ends_sentence(tail: str) -> bool:
    """``tail`` ends a sentence; a footnote's call (``заявку(*)``) ends none."""
    return bool(P.SENTENCE_END.search(tail)) and not P.FOOTNOTE_CALL_END.search(tail)


def _text_before(out: list[Para]) -> Para | None:
    """The last paragraph of ``out`` that is not a footnote (the text a footnote interrupts)."""
    return next((q for q in reversed(out) if q.role != "footnote"), None)


def _ends_footnote(note: Para, p: Para, text: Para | None, ctx: Ctx) -> bool:
    """``p`` (lower case, after footnote ``note`` ended no sentence) is the
    footnote's next line — a page that prints each line as a paragraph
    (``<p>(*) - Если заявка была повторена, но с суще-</p>``
    ``<p>ственно иным значением …</p>``) — when it stands on the footnote's
    page and the text the footnote interrupts cannot take it: that text ends
    a sentence, or the footnote's перенос makes a word the lexicon knows. A
    footnote at a page's foot is followed on the next page by the text it
    interrupted, never by its own end; when both could take ``p`` the text
    does (as on a printed page), and the report says so."""
    if note.page_seq != p.page_seq:
        return False
    if text is None or _ends_sentence(text.tail()) or _known_join(note.tail(), p.text, ctx):
        return True
    ctx.note(N_("line {line}: a lower-case paragraph after a footnote could end the footnote or the text before "
                "it: joined to the text").format(line=p.lines[0]))
    return False


def _known_join(tail: str, text: str, ctx: Ctx) -> bool:
    """``tail`` ends with a перенос and joined with ``text`` makes a word the lexicon knows."""
    hw, tw = P.LINE_END_HYPHEN.search(tail), P.LEADING_WORD.match(text)
    return bool(hw and tw and ctx.knows(hw["head"] + tw["word"]))


def split_inline_headings(paras: list[Para], ctx: Ctx) -> list[Para]:
    """Split a heading glued at the end of a paragraph into its own paragraph.

    001:31 ``… стороной). B.Последующая игра во взятку`` → ``… стороной).`` +
    ``B.Последующая игра во взятку``. Only a label with a title that runs to the
    paragraph end (no sentence inside it) is split."""
    out, ex = [], []
    for p in paras:
        m = P.INLINE_HEADING.search(p.text) if p.role != "footnote" else None
        if not m:
            out.append(p)
            continue
        body = p.text[: m.start()].rstrip()
        head, k = m.group("heading").strip(), m.start("heading")
        ex.append(example(p.text[-60:], f"{body[-30:]} | {head}"))
        i = max(j for j, s in enumerate(p.starts) if s <= k)
        if body:
            n = sum(1 for s in p.starts if s < len(body))
            out.append(Para(body, p.lines[:n], p.page, p.page_seq, p.contiguous, p.role, starts=p.starts[:n]))
        out.append(
            Para(
                head, p.lines[i:], p.page, p.page_seq, p.contiguous, "heading", p.underlined,
                starts=[max(0, s - k) for s in p.starts[i:]],
            )
        )
    ctx.record(N_("headings glued to a paragraph split off"), len(ex), ex)
    return out


def drop_doubled_law_headings(paras: list[Para], ctx: Ctx) -> list[Para]:
    """A law heading printed twice with nothing between (a page's title ``Law 45 Card played`` over the
    law's own ``LAW 45 – CARD PLAYED``): the first goes to the report, the second is the heading. Before,
    the first was a heading off the file's run of laws, kept as text before the law, and that text made
    up a law before it («44 [lost pages]»). Only the same number with the same title (letters, any case)
    or none."""
    out: list[Para] = []
    ex: list[str] = []
    for k, p in enumerate(paras):
        m = ctx.law_heading(p.text) if p.role != "footnote" else None
        nxt = ctx.law_heading(paras[k + 1].text) if m is not None and k + 1 < len(paras) else None
        if m is not None and nxt is not None and _same_law_heading(m, nxt):
            ctx.drop(p.lines[0], p.text, N_("the same law heading printed twice in a row (a page's title)"))
            ex.append(example(p.text, paras[k + 1].text))
            continue
        out.append(p)
    ctx.record(N_("law headings printed twice in a row: the first dropped"), len(ex), ex)
    return out


def _same_law_heading(first: re.Match[str], second: re.Match[str]) -> bool:
    """Two law headings of one law: the same number, and the first's title none or the second's (letters, any case)."""
    def letters(m: re.Match[str]) -> str:
        return "".join(ch for ch in (m.group("title") or "").casefold() if ch.isalpha())

    return first.group("num").lstrip("0") == second.group("num").lstrip("0") and letters(first) in ("", letters(second))


def drop_section_law_numbers(paras: list[Para], ctx: Ctx) -> list[Para]:
    """A section heading printed with its law's number (``45C. Card Deemed to be Played`` on a page quoting
    Law 45, ``62В. Исправление …`` under ``Правило 62``) is read as that law's section: the number goes to
    the report, the heading stays (``C. Card Deemed …``). Before, it was text, and its subsections were filed
    under the section before it (45C1 as 45A1). Only the number of the law headed last before it: another
    number is left as it is (which law's section it is, the page does not say)."""
    law: str | None = None
    ex: list[str] = []
    for p in paras:
        if (head := ctx.law_heading(p.text)) is not None:
            law = head.group("num").lstrip("0")
            continue
        m = P.CITED_SECTION.match(p.text) if p.role != "footnote" else None
        if m is None or m.group("law").lstrip("0") != law:
            continue
        ctx.drop(p.lines[0], m.group("law"), N_("the law's number printed before its section's letter (45C.): "
                                                "the law's heading says it"))
        ex.append(example(p.text, p.text[m.end("law"):]))
        p.text = p.text[m.end("law"):]
    ctx.record(N_("law numbers printed before a section's letter taken off"), len(ex), ex)
    return paras


def mark_heading_roles(paras: list[Para], ctx: Ctx) -> list[Para]:
    """Give the ``heading`` role to paragraphs that start with a label."""
    for p in paras:
        if p.role == "text" and ctx.is_heading(p.text):
            p.role = "heading"
    heads = [p.text for p in paras if p.role == "heading"]
    ctx.record(N_("paragraphs that are headings (label and title)"), len(heads), [example(h, h) for h in heads])
    return paras


def drop_noise_paragraphs(paras: list[Para], ctx: Ctx) -> list[Para]:
    """Drop a paragraph that joining lines made into the shape of a page
    marker, pager or rule (``-`` ⏎ ``1`` → ``- 1``): it holds no text, and
    left in place it would be read as a marker when the output is cleaned
    again."""
    out, ex = [], []
    for p in paras:
        t = p.text.strip()
        if looks_like_marker(t) or is_pager(t) or P.RULE_LINE.match(t) or P.READER_MARKER.match(t):
            ex.append(example(t))
            ctx.drop(p.lines[0], t, N_("a paragraph shaped like a page marker or rule"))
            continue
        out.append(p)
    ctx.record(N_("paragraphs shaped like a marker or rule after joining lines"), len(ex), ex)
    return out


def _next_item(label: str, last: str | None) -> bool:
    """``(b)`` follows ``(a)``; ``(a)`` and ``(i)`` open a list; ``(ii)`` follows ``(i)``."""
    roman = P.ROMAN_ITEM
    if last is None:
        return label in ("a", "i")
    if label in roman and last in roman and roman.index(label) == roman.index(last) + 1:
        return True
    return len(label) == 1 and len(last) == 1 and ord(label) == ord(last) + 1


def _run_in_cuts_en(text: str, state: dict[str, int | str | None]) -> list[int]:
    """Where English subsections and items run into ``text`` start
    (:data:`~lawref.patterns.RUN_IN_EN`), in sequence with the labels met
    before (``state``: the last number and item label, kept across the
    paragraphs of a section and updated here)."""
    head = P.LAW_EN.match(text) or P.SECTION_EN.match(text)
    if head is not None and not text.startswith(("(",)) and not text[:3].rstrip(".").isdigit():
        state["num"], state["item"] = 0, None
    lead = re.match(r"^(?P<num>\d{1,2})\.(?=\s|\()|^\((?P<item>[a-z]{1,4})\)", text)  # ``1. (a) …``, ``(b) …``
    if lead and lead.group("num"):
        state["num"], state["item"] = int(lead.group("num")), None
    elif lead and lead.group("item"):
        state["item"] = lead.group("item")
    cuts, pos = [], 0
    section = P.SECTION_EN.match(text)
    if section is not None:  # ``A. Acceptance of Insufficient Bid 1. Any …``: the body opens with item 1
        k = english.title_end(section.group("title"))
        at = section.start("title") + k if k else None
        if at is not None and (first := re.match(r"1\.(?=\s|\()", text[at:])):
            cuts.append(at)
            state["num"], state["item"] = 1, None
            pos = at + first.end()  # the label is taken: look past it
    for m in P.RUN_IN_EN.compiled().finditer(text, pos):
        if m.group("num"):
            n = int(m.group("num"))
            last = state["num"]
            if isinstance(last, int) and (n == last + 1 or (n == 1 and last == 0)):
                cuts.append(m.start("num"))
                state["num"], state["item"] = n, None
        else:
            label = m.group("item").strip("()")  # ``(b)``, or ``b)`` that lost its bracket
            if _next_item(label, state["item"] if isinstance(state["item"], str) else None) and (
                    label != "a" or m.start("item") == 0 or _after_cut_number(text, m.start("item"), cuts, lead)
                    or re.search(r"(?<!\b\d)(?<!\b\d\d)[.:;]$", text[: m.start("item")].rstrip())):
                if m.start("item") > 0 and m.start("item") not in cuts:
                    cuts.append(m.start("item"))
                state["item"] = label
    return cuts


_SECTION_ORDER = "ABCDEFGHJKLMN"


def _run_in_sections(text: str, state: dict[str, int | str | None]) -> list[int]:
    """Where sections run into ``text`` start (:data:`~lawref.patterns.RUN_IN_SECTION_EN`):
    only the letter after the last section met (``state["sec"]``, kept across
    paragraphs and reset by a law's heading)."""
    if P.LAW_EN.match(text):
        state["sec"] = None
    opened = P.SECTION_EN.match(text)
    if opened:
        state["sec"] = opened.group("label")
    cuts = []
    for m in P.RUN_IN_SECTION_EN.finditer(text):
        last = state.get("sec")
        want = "A" if not isinstance(last, str) else (
            _SECTION_ORDER[_SECTION_ORDER.index(last) + 1] if last in _SECTION_ORDER[:-1] else "")
        if m.group("sec") == want and isinstance(last, str):
            cuts.append(m.start("sec"))
            state["sec"] = want
    return cuts


def _after_cut_number(text: str, at: int, cuts: list[int], lead: re.Match[str] | None) -> bool:
    """``(a)`` at ``at`` stands right after a number label that opens an
    item of the list (``1.(a)``, ``1. (a)``): the paragraph's own label, or
    one cut here — never a number out of sequence (``… 2. … Then: 1. (a)``)."""
    m = re.search(r"(\d{1,2})\.\s*$", text[:at])
    return m is not None and (m.start() in cuts or (m.start() == 0 and lead is not None and bool(lead.group("num"))))


def _cut(p: Para, cuts: list[int]) -> list[Para]:
    """``p`` cut at the code-point offsets ``cuts`` (ascending, inside the text): each piece keeps its lines."""
    text = p.text
    bounds = [0, *cuts, len(text)]
    out: list[Para] = []
    for a, b in zip(bounds, bounds[1:], strict=False):
        piece = text[a:b].strip()
        if not piece:
            continue
        a += len(text[a:b]) - len(text[a:b].lstrip())
        first = max(j for j, s in enumerate(p.starts) if s <= a)
        last = max(j for j, s in enumerate(p.starts) if s < a + len(piece))
        starts = [0, *(s - a for s in p.starts[first + 1 : last + 1])]
        role = "heading" if out or p.role == "heading" else p.role
        out.append(Para(piece, p.lines[first : last + 1], p.page, p.page_seq, p.contiguous, role, starts=starts))
    return out


def split_run_in_items(paras: list[Para], ctx: Ctx) -> list[Para]:
    """English editions: sections, subsections and items run into a
    paragraph start paragraphs of their own — a whole law on one line (``A.
    The Shuffle … requests. B. The Deal …``), ``A. Acceptance of Insufficient Bid 1. Any
    insufficient bid … 2. …`` → the section, ``1. …``, ``2. …``;
    ``1.(a) When … (b) The …`` → ``1.``, ``(a) …``, ``(b) …``. A label is
    cut only in sequence with the labels before it in the section (a
    ``2.`` after ``1.``, a ``(b)`` after ``(a)``), so a cite (``Law 12C1(a)``)
    or a number in a sentence stays text."""
    if ctx.lang != "en":
        return paras
    out: list[Para] = []
    ex: list[str] = []
    state: dict[str, int | str | None] = {"num": 0, "item": None, "sec": None}
    for p in paras:
        if p.role == "footnote":
            out.append(p)
            continue
        sections = _run_in_sections(p.text, state)
        pieces = _cut(p, sections) if sections else [p]
        cut = []
        for q in pieces:
            cuts = _run_in_cuts_en(q.text, state)
            cut.extend(_cut(q, cuts) if cuts else [q])
        if len(cut) > 1:
            ex.append(example(p.text, " | ".join(q.text[:20] for q in cut)))
        out.extend(cut)
    ctx.record(N_("subsections and items run into a paragraph split off (English editions)"), len(ex), ex)
    return out
