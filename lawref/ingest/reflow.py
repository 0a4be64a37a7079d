"""ingest.reflow: clean's one step that turns lines into paragraphs.

Page-aware: it joins wrapped lines, resolves перенос and keeps each line's
raw number and offset.
"""

from __future__ import annotations

from lawref import patterns as P
from lawref.i18n import N_
from lawref.ingest.state import Ctx, Ln, Para, example
from lawref.lang import catalogue, english, morph


def join_words(head: str, tail: str, ctx: Ctx, hyphen: bool) -> tuple[str, str]:
    """Join ``head`` (ending a line or paragraph) with ``tail`` (starting the next).

    Returns ``(joined, how)`` with ``how`` one of ``"hyphen-kept"``,
    ``"word"`` (the cut word re-joined), ``"space"``. With ``hyphen`` (``head``
    ends in ``-``, перенос): a hyphenated word the lexicon knows keeps its hyphen
    (``по-прежнему``, ``из-за``), otherwise the parts are joined (``прави-`` +
    ``лом`` → ``правилом``), but a compound whose parts are words and whose
    joined form is none keeps it (``красно-`` + ``чёрная``), and so does
    ``какой-`` + ``либо`` (a known compound: never a suspended hyphen); in capitals too (``ПРАВИ-`` + ``ЛОМ``); a number
    keeps its hyphen (``61-`` + ``64`` → ``61-64``) and so does a suspended
    hyphen (``одно-`` + ``и двухмастных`` → ``одно- и двухмастных``). Without a hyphen (a word cut at a page break,
    003:39–41 ``со сто`` ⏎ ``роны``): the parts are joined only when the lexicon
    knows the joined word and not both parts stand as words elsewhere in this
    file, and the first is no preposition, conjunction or article before a word (``a`` ⏎ ``lone``: not «alone»);
    otherwise they are kept apart with a space."""
    tail = tail.lstrip()
    if hyphen and P.NUMBER_HYPHEN.search(head) and tail[:1].isdigit():
        return head + tail, "hyphen-kept"  # ``правила 61-`` ⏎ ``64`` → ``61-64``
    hw = P.TRAILING_WORD.search(head.rstrip("-"))
    tw = P.LEADING_WORD.match(tail)
    compound = bool(hw and tw and ctx.knows(f"{hw['word']}-{tw['word']}"))  # ``какой-либо``, ``по-прежнему``
    if hyphen and P.SUSPENDED.match(tail) and not compound and not (hw and ctx.knows(hw["word"] + tail.split()[0])):
        return head + " " + tail, "hyphen-kept"  # ``одно-`` ⏎ ``и двухмастных``: a suspended hyphen
    if hyphen and hw and hw["word"].isupper() and (caps := P.LEADING_CAPS.match(tail)):
        joined = hw["word"] + caps["word"]  # all caps: the lexicon decides (``ПРАВИ-`` ⏎ ``ЛОМ``)
        kept = ctx.knows(f"{hw['word']}-{caps['word']}") and not ctx.knows(joined)
        return (head + tail, "hyphen-kept") if kept else (head[:-1] + tail, "word")
    if hyphen:
        if tail[:1].isupper() or compound or (hw and tw and _compound_adjective(hw["word"], tw["word"], ctx)):
            return head + tail, "hyphen-kept"
        return head[:-1] + tail, "word"
    if hw and tw and _cut_word(hw["word"], tw["word"], ctx):
        return head + tail, "word"
    return head.rstrip() + " " + tail, "space"


def _compound_adjective(a: str, b: str, ctx: Ctx) -> bool:
    """``a-`` ⏎ ``b`` is a compound such as ``красно-чёрная``, whose hyphen
    stays: both parts are words, the first ends in the linking ``о``/``е``,
    and the parts joined are no word (the dictionary lists few such
    compounds, so it cannot know them whole)."""
    return (len(a) >= 3 and a[-1] in "оеОЕ" and ctx.knows(a) and ctx.knows(b) and not ctx.knows(a + b))


def _cut_word(a: str, b: str, ctx: Ctx) -> bool:
    """``a`` ⏎ ``b`` is one word cut with no hyphen (``со сто`` ⏎ ``роны``): the lexicon knows them joined, not
    both parts stand as words elsewhere in this file, and ``a`` is no small word before a word (a preposition,
    a conjunction, an article: ``in the case of a`` ⏎ ``lone hand`` is not «alone hand», ``в`` ⏎ ``месте`` not
    «вместе») — two words glued would change the text."""
    if not ctx.knows(a + b) or (_small_word(a) and ctx.knows(b)):
        return False
    # Each part occurs once at the cut itself: a real word occurs elsewhere too.
    both_words = ctx.vocab[morph.fold(a)] >= 2 and ctx.vocab[morph.fold(b)] >= 2
    return not both_words


def _small_word(word: str) -> bool:
    """A preposition, conjunction or article of either language (``a``, ``in``, ``в``, ``и``): a word of its own."""
    return word.lower() in english.SMALL_WORDS or morph.is_function_word(word)


#: The longest line taken as the tail of a title.
TITLE_TAIL = 80
#: A line this share of the file's wrap width or longer is full: its paragraph may go on on the next line.
FULL_LINE = 0.85


def _caps_title_tail(para: Para, text: str, ctx: Ctx) -> bool:
    """A short all-caps line goes on an all-caps law heading, or on a bare
    one: 004:76–77 ``Правило 46. … КАРТЫ`` ⏎ ``БОЛВАНА``; ``LAW 61`` ⏎
    ``FAILURE TO FOLLOW SUIT …``. Never a heading of its own (``A.УСТУПКА``)
    nor a sentence (an all-caps body)."""
    return (para.role == "heading" and text.isupper() and _caps_title(para.text) and not ctx.is_heading(text)
            and len(text) <= TITLE_TAIL and not P.CLAUSE_MARK.search(text))


def _bare_law_title(para: Para, text: str, ctx: Ctx) -> bool:
    """English, one paragraph a line: the title line after a law heading printed bare (``Law 16`` ⏎
    ``Authorised and Unauthorised Information``) goes on it, as a wrapped file's does — a short line, no
    sentence mark at its end, no heading of its own (``Law 16 Authorised …`` is a heading; a Russian
    ``Правило 16 Сведения`` would be none, so a Russian title line stays where the parser reads it)."""
    law = P.LAW_EN.match(para.text) if para.role == "heading" and ctx.lang == "en" else None
    return (ctx.style == "blank-separated" and law is not None and not law.group("title") and not ctx.is_heading(text)
            and len(text) <= TITLE_TAIL and not P.SENTENCE_END.search(text))


def title_tail(text: str, following: str | None, ctx: Ctx) -> bool:
    """``text`` (the line after a heading) ends the heading's title: it starts
    in lower case, is short, holds no clause mark, and what follows starts a
    new sentence or ends the paragraph (``B.Право спрашивать о возможном`` ⏎
    ``фальшренонсе`` ⏎ ``Разыгрывающий может …``). A line that ends with
    ``;`` or runs on in lower case is the body (``1.Ход нарушителя`` ⏎
    ``когда нарушитель … взятку;``). A line well short of the file's wrap
    width that more text follows is a tail too — a wrapped paragraph's lines
    are full but its last (``1.Общая обязанность участников`` ⏎
    ``соревнования`` ⏎ ``турниры по спортивному бриджу …``) — and in
    capitals, where case says nothing, only such a line."""
    if len(text) > TITLE_TAIL or P.CLAUSE_MARK.search(text) or text.endswith((",", "-")) or ctx.is_heading(text):
        return False
    short_then_more = (following is not None and not ctx.is_heading(following)
                       and len(text) < 0.6 * ctx.width and len(following) >= 0.6 * ctx.width)
    if text.isupper():  # no sentence mark, so no body; and a heading, the end or a page turn after it
        page_turn = following == "…" and len(text) < 0.6 * ctx.width  # a short line: not a body cut by the page
        spaced = following is not None and P.SPACED_LABEL.match(following) is not None  # ``1. ВЫИГРАННЫЕ ВЗЯТКИ``
        return short_then_more or following is None or ctx.is_heading(following) or page_turn or spaced
    if not text[:1].islower():
        return False
    if ctx.lang == "en" and text.split()[0].strip("(,;:").lower() not in english.SMALL_WORDS:
        return False  # title case: a title's words in lower case are its small words (``… Trick`` ⏎ ``when the …``)
    return following is None or not following[:1].islower() or short_then_more


class _Reflow:
    """Builds paragraphs from lines; see :func:`reflow`."""

    def __init__(self, ctx: Ctx):
        self.ctx = ctx
        self.paras: list[Para] = []
        self.cur: Para | None = None
        self.page: int | None = None
        self.reader: int | None = None
        self.seq = 0
        self.contiguous = False
        self.open_heading = False  # a heading line that may continue (перенос)
        self.last_commentary: tuple[int, int] | None = None
        self.joins: dict[str, list[str]] = {"word": [], "hyphen-kept": [], "space": []}
        self.after_heading = False  # the paragraph just closed is a one-line heading
        self.maybe_contiguous = False  # the first marker of the file: the page before it is unknown

    def close(self) -> None:
        if self.cur is not None and self.cur.text.strip():
            self.paras.append(self.cur)
        self.cur = None
        self.open_heading = False
        self.after_heading = False

    def start(self, ln: Ln, role: str = "text") -> None:
        self.close()
        self.cur = Para(
            ln.text.strip(), [ln.no], self.page, self.seq, self.contiguous, role, reader_page=self.reader
        )
        self.cur.maybe_contiguous = self.maybe_contiguous

    def new_page(self, ln: Ln) -> None:
        self.close()
        prev = self.page
        self.page = ln.page if ln.kind == "marker" else None
        self.reader = ln.page if ln.kind == "reader" else None
        # an English edition is a whole book copied out of a PDF: the text before its first page number is the
        # page before it (a scrape of every fourth page marks its pages, and its first page stands alone)
        first_of_book = self.ctx.lang == "en" and self.seq == 0 and bool(self.paras or self.cur)
        self.contiguous = ln.kind == "marker" and ((prev is not None and ln.page == prev + 1) or first_of_book)
        self.maybe_contiguous = ln.kind == "marker" and self.seq == 0 and ln.page is not None
        self.seq += 1

    def extend(self, ln: Ln) -> None:
        cur = self.cur
        assert cur is not None
        text = ln.text.strip()
        tail = cur.tail()
        if tail.endswith("-") and (P.LINE_END_HYPHEN.search(tail) and text[:1].isalpha()
                               or P.NUMBER_HYPHEN.search(tail) and text[:1].isdigit()):
            joined, how = join_words(tail, text, self.ctx, hyphen=True)
            at = len(joined) - len(text)
            self.joins[how].append(example(tail[-30:] + "⏎" + text[:20], joined[max(0, at - 30) : at + 20]))
            cur.replace_tail(tail, joined[: len(joined) - len(text)])
        else:
            cur.append(" ")
        cur.append(text)
        cur.lines.append(ln.no)
        cur.starts.append(len(cur) - len(text))

    def feed(self, ln: Ln, following: Ln | None = None) -> None:
        if ln.kind in ("marker", "reader"):
            self.new_page(ln)
        elif ln.kind in ("blank", "pend"):
            self.close()
        elif ln.kind == "rule":
            if self.cur is not None:
                self.cur.underlined = True
            elif self.paras and self.paras[-1].page_seq == self.seq:
                self.paras[-1].underlined = True
            self.close()
        elif ln.kind == "footnote":
            self.start(ln, "footnote")
        elif following is not None and following.kind in ("marker", "reader"):
            self.feed_text(ln, "…")  # the page turns: what follows is unknown, so no title ends here
        else:
            self.feed_text(ln, following.text.strip() if following is not None and following.kind == "text" else None)
        if ln.kind == "text" and self.ctx.style == "wrapped" and self.cur is not None and self.cur.role == "text" \
                and P.SOURCE_MARK.search(self.cur.tail()):
            self.close()  # ``… информации);(DC4)``: a source mark ends its paragraph (it follows one, never inside)

    def commentary_start(self, text: str) -> bool:
        """004:7 ``45.5. Изменение …`` starts a paragraph when it follows the
        numbering (a later number of the same law, or a later law)."""
        m = P.COMMENTARY.match(text)
        if not m:
            return False
        num = (int(m.group("law")), int(m.group("num")))
        last = self.last_commentary
        if last is not None and num <= last and num[1] != 1:
            return False
        self.last_commentary = num
        return True

    def feed_text(self, ln: Ln, following: str | None = None) -> None:
        text = ln.text.strip()
        if self.ctx.style == "export":  # lawref's own txt: a blank line ends a paragraph, lines join with a space
            if self.cur is None:
                self.start(ln, "heading" if self.ctx.is_heading(text) else "text")
            else:
                self.cur.append(" " + text)
                self.cur.lines.append(ln.no)
                self.cur.starts.append(len(self.cur) - len(text))
            return
        if self.after_heading and self.cur is None and title_tail(text, following, self.ctx):
            self.cur = self.paras.pop()  # reopen the heading for the tail of its title
            self.extend(ln)
            self.close()
            return
        after_heading, self.after_heading = self.after_heading, False
        cur = self.cur
        if cur is not None and self.open_heading:
            self.extend(ln)
            self.open_heading = bool(P.LINE_END_HYPHEN.search(cur.tail()))
            if not self.open_heading:
                self.close()
            return
        if self.commentary_start(text):
            self.start(ln)
            return
        if (self.ctx.style == "wrapped" and self.ctx.lang == "ru" and (cur is None or cur.role != "heading")
                and not after_heading and self.sentence_ended() and _caps_line(text, following, self.ctx)):
            self.start(ln)  # ``ОПРЕДЕЛЕНИЯ`` ⏎ ``Определения, содержащиеся …``: a heading with no label
            self.close()
            return
        if cur is not None and self.ctx.lang == "ru" and _lower_member(text) and (
                cur.tail().rstrip().endswith((":", ";")) or _lower_member(cur.text)):
            self.start(ln)  # ``Когда фальшренонс установлен:`` ⏎ ``1. и взятка …``, ``судья:`` ⏎ ``(a) …``
            return
        heading = self.ctx.is_heading(text) or (P.SPACED_LABEL.match(text) is not None and self.sentence_ended()) or (
            self.ctx.lang == "en" and P.SUBSECTION_TEXT_EN.match(text) is not None and self.sentence_ended())
        if heading or cur is None or self.ctx.style == "blank-separated":
            if cur is not None and (_caps_title_tail(cur, text, self.ctx) or _bare_law_title(cur, text, self.ctx)):
                self.extend(ln)
                return
            self.start(ln, "heading" if heading else "text")
            if heading and self.ctx.style == "wrapped" and not self.ctx.continues(text) and not _title_runs_on(
                    text, following, self.ctx) and not _wrapped_on(text, following, self.ctx):
                self.open_heading = bool(P.LINE_END_HYPHEN.search(text))
                if not self.open_heading and not _caps_title(text):
                    self.close()
                    self.after_heading = True
            return
        if cur.role == "heading" and _caps_title(cur.text) and not _title_line(cur.text, text, self.ctx):
            self.start(ln)  # ``LAW 12`` ⏎ ``DIRECTOR'S … POWERS`` ⏎ ``The Director …``: the body starts
            if _bare_russian(cur.text) and russian_title_line(text):
                self.close()  # ``Правило 16`` ⏎ ``Сведения`` ⏎ ``A. …``: its title, a paragraph of its own
            return
        self.extend(ln)

    def sentence_ended(self) -> bool:
        """No paragraph is open, or the open one ends a sentence (a label with
        a space after it starts a heading only there)."""
        return self.cur is None or self.cur.role == "heading" or bool(P.SENTENCE_END.search(self.cur.tail()))


def _lower_member(text: str) -> bool:
    """A list's member opening in lower case: ``1. и взятка …``, ``(a) определяет …``."""
    return bool(P.SUBSECTION_LOWER.match(text) or P.ITEM_LOWER.match(text))


def _wrapped_on(text: str, following: str | None, ctx: Ctx) -> bool:
    """Russian, hard-wrapped: a section's, subsection's or item's line as long as the file's full lines
    (:data:`FULL_LINE` of its wrap width), the next line in lower case, the text after its label holding a
    comma or a clause mark (a title holds none: :func:`title_tail`'s rule), is its paragraph wrapped there
    (``1. Игрок может использовать сведения, полученные от партнёра законным`` ⏎ ``путём, …``), not a
    title over its body: a narrow page's title reaches its width too (``A.Фальшренонс должен быть
    исправлен`` ⏎ ``игрок должен …``). The seeds' titles are short lines (``1.Ход нарушителя`` ⏎
    ``когда …``); their one full one ends in a перенос (000:44 ``B.Сохранение … взя-`` ⏎ ``ток``).
    A subsection's or item's line of any length whose words hold a predicate (:func:`lawref.lang.morph.has_predicate`:
    ``судья вправе снять``) before a line in lower case is its sentence wrapped too: the seeds' subsections'
    titles are noun phrases (``Ход нарушителя``), and the one of 62 real pages' ten that holds a verb (``Не было
    тасования или сдачи``) has its body open with a capital."""
    if ctx.lang == "en" or following is None or not following[:1].islower() or ctx.is_heading(following):
        return False
    if clause_label(text):
        return True  # ``1. При повторном опоздании судья вправе снять с пары`` ⏎ ``очко …``: a clause goes on
    m = P.SECTION.match(text) or P.SUBSECTION.match(text) or P.ITEM.match(text)
    return m is not None and len(text) >= FULL_LINE * ctx.width and any(c in m.group("title") for c in ",;:.!?")


def clause_label(text: str) -> bool:
    """Russian: ``text`` is a subsection's or item's line whose words after the label hold a predicate
    (:func:`lawref.lang.morph.has_predicate`: ``1. Фальшренонс считается установленным, как только``): a
    clause, not a title (the seeds' subsection titles are noun phrases: ``1.Ход нарушителя``)."""
    sub = P.SUBSECTION.match(text) or P.ITEM.match(text)
    return sub is not None and morph.has_predicate(sub.group("title"))


def _title_runs_on(text: str, following: str | None, ctx: Ctx) -> bool:
    """English editions: a section's line that holds only title words before
    a line in lower case — the title ran into its body and the line broke
    inside the body's first words (``C. Play by Offending Side before
    Assessment of Rectification When the`` ⏎ ``auction …``, ``A. Cards
    Exposed by a Player The`` ⏎ ``Director acts …``), or before a line
    that ends the title and opens the body (``A. Call Not Clearly`` ⏎
    ``Recognized The Director acts …``) — unless the line's title is a whole
    one of a catalogue's (:func:`lawref.lang.catalogue.known_section_title`:
    ``A. Rank of Cards and Suits`` ⏎ ``Duplicate Bridge is …``)."""
    section = P.SECTION_EN.match(text)
    if ctx.lang != "en" or following is None or section is None:
        return False
    last = text.split()[-1].strip("“\"'(").lower()
    if following[:1].islower() or last in english.SMALL_WORDS:  # a title never ends in ``The``
        return True
    if catalogue.known_section_title(section["title"]):  # ``A. Rank of Cards and Suits`` is whole:
        return False  # ``Duplicate Bridge is played …`` after it is the body, though its first words are capitalised
    k = english.title_end(following) if not ctx.is_heading(following) else None
    # ``A. Call Not Clearly`` ⏎ ``Recognized The Director …``: the title's end, then the body
    return bool(k) and following[:k].rstrip()[-1:] not in ".:;,"


def _caps_line(text: str, following: str | None, ctx: Ctx) -> bool:
    """A heading in capitals with no label on a line of its own in wrapped
    text: a short line all in capitals, no clause mark, not a labelled
    heading, before a line that starts a sentence in mixed case (an
    all-caps file's lines are all in capitals: there it says nothing)."""
    return (text.isupper() and sum(c.isalpha() for c in text) >= 3 and len(text) <= TITLE_TAIL
            and not P.CLAUSE_MARK.search(text) and not ctx.is_heading(text) and following is not None
            and following[:1].isupper() and following[1:2].islower())


def _caps_title(text: str) -> bool:
    """A law heading whose title is all caps, or missing (``LAW 61``)."""
    m = P.LAW.match(text) or P.LAW_EN.match(text)
    return bool(m and (not m.group("title") or m.group("title").isupper()))


def _bare_russian(heading: str) -> bool:
    """A Russian law heading with no title (``Правило 16``)."""
    m = P.LAW.match(heading)
    return m is not None and not m.group("title")


#: The most words a title line after a bare law heading holds (:func:`russian_title_line`).
TITLE_LINE_WORDS = 12


def russian_title_line(text: str) -> bool:
    """The line after a bare Russian law heading is its title (``Правило 16`` ⏎ ``Сведения``: a page
    printing the number and the title on lines of their own; :mod:`lawref.parse` takes it): at most
    :data:`TITLE_LINE_WORDS` words, opening with a capital, ending no sentence nor a lead-in."""
    t = text.strip()
    return (0 < len(t.split()) <= TITLE_LINE_WORDS and t[:1].isupper() and not P.SENTENCE_END.search(t)
            and not t.endswith((":", ";", ",")))


def _title_line(heading: str, text: str, ctx: Ctx) -> bool:
    """``text`` goes on an open law heading whose title is in capitals or
    missing: a line in capitals (``DIRECTOR'S DISCRETIONARY``), or — after a
    bare ``LAW 12`` — a short line in title case with no full stop
    (``Director's Discretionary Powers``). Anything else is the body, and
    any line after a bare Russian heading (the parser takes its title line:
    :func:`russian_title_line`)."""
    if _bare_russian(heading):
        return False  # ``Правило 16`` ⏎ ``Сведения``: joined, no heading (a Russian one needs its «.»); parse reads it
    if text.isupper():
        return not ctx.is_heading(text) and not P.CLAUSE_MARK.search(text)
    m = P.LAW_EN.match(heading) or P.LAW.match(heading)
    words = [w for w in text.split() if len(w) > 3]
    return bool(m and not m.group("title") and len(text) <= TITLE_TAIL and words
                and all(w[:1].isupper() for w in words) and not P.SENTENCE_END.search(text))


def reflow(lines: list[Ln], ctx: Ctx) -> list[Para]:
    """Lines → paragraphs (page-aware).

    Paragraphs end at blank lines (blank-separated style, 001/003), pilcrows,
    rules, page markers and footnotes. In wrapped text (000, 004), lines join
    with a space, line-end hyphens are resolved by :func:`join_words`, and a
    line that starts with a label (``A.Title``, ``1.Title``, ``(a).Title``,
    ``Правило 62. …``) is a heading paragraph of its own (continued on the next
    line only after a перенос, or by an all-caps tail of an all-caps title)."""
    rf = _Reflow(ctx)
    for k, ln in enumerate(lines):
        rf.feed(ln, lines[k + 1] if k + 1 < len(lines) else None)
    rf.close()
    for how, desc in (
        ("word", N_("line-end hyphenation joined (перенос)")),
        ("hyphen-kept", N_("line-end hyphen kept (a hyphenated word)")),
    ):
        ctx.record(desc, len(rf.joins[how]), rf.joins[how], part=how)
    return rf.paras
