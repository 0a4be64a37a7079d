"""parse: clean paragraphs → a tree of :class:`~lawref.model.Node`.

Laws (files 000, 001, 003): chapter (``Глава V - ТОРГОВЛЯ``), part
(``Часть I - …``), division (``Раздел I - …``), law (``Правило 62. …``),
section (``A.``), subsection (``1.``), item (``(A).``) and sub-item
(``(1).``), footnote (``(*) - …``). Commentary (file 004): law heading over
numbered paragraphs (``46.1.``), with notes and enumerations inside them.

Continuity (issue 2): only every fourth page was scraped, so at a page that
does not follow the page before it (or whose number is unknown), nothing is
filed under the law printed before the gap. Text there becomes ``fragment``
nodes, unless a law heading later on the same page fixes its number: then the
text before it belongs to the law before (``inferred``: true), e.g. in 000 the
sections B–D before ``Правило 69`` on page 93 are 68B–68D. A node whose cite
cannot be completed (an item whose section was on a lost page) stays a
fragment, filed under the inferred law.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field

from lawref import patterns as P
from lawref.cite import latin
from lawref.i18n import N_
from lawref.ingest.reflow import russian_title_line
from lawref.lang import english
from lawref.model import Node, Source
from lawref.records import Paragraph
from lawref.titles import (
    PROSE_END,
    SURNAME,
    caps_title_line,
    division_title,
    english_subsection_title,
    front_heading,
    item_letter,
    numbered_sections,
    title_end,
    title_is_text,
    unlabelled_heading,
)

# Levels of the stack, outermost first. A headless fragment sits deepest.
LEVEL = {"chapter": 0, "part": 1, "division": 2, "law": 3, "section": 4, "subsection": 5, "item": 6, "subitem": 7}
TEXT_LEVEL = 99

#: The kinds whose text is the Laws' own (a commentary's may quote a law and go on in its own words).
_LAW_TEXT = frozenset({"law", "section", "subsection", "item"})
#: Quotation marks that open a quote, and the mark each closes with.
_QUOTE_PAIRS = {'"': '"', "“": "”", "«": "»", "„": "“"}
_OPENING_QUOTES = tuple(_QUOTE_PAIRS)
#: The most paragraphs a quoted law's text is looked at as one quotation (a section quoted whole is a few).
MAX_QUOTED_PARAS = 12


def wholly_quoted(text: str) -> bool:
    """Whether ``text`` is one quotation from its first character to its last (a closing mark, then at most
    ``.,:;``): ``"Each player … in front."``, «Если …»; not one closing earlier (``"Пас" означает …``) or never.

    >>> wholly_quoted('"Each player plays a card."'), wholly_quoted('"Pass" means no bid.')
    (True, False)
    """
    text = text.strip()
    if len(text) < 3 or text[0] not in _QUOTE_PAIRS:
        return False
    opening, closing = text[0], _QUOTE_PAIRS[text[0]]
    body = text[1:].rstrip(".,:;")
    if not body.endswith(closing):
        return False
    inside = body[:-1]
    if opening == closing:
        return closing not in inside
    depth = 0
    for ch in inside:  # nested pairs («… «Пас» …») are the quote's own; a close before the end ends it
        depth += ch == opening
        depth -= ch == closing
        if depth < 0:
            return False
    return depth == 0


@dataclass
class _B:
    """A node being built."""

    id: str
    kind: str
    level: int
    cite: str | None
    label: str | None
    title: str | None
    parent: _B | None
    page: int | None
    source: Source
    inferred: bool
    seq: int = 0
    paras: list[str] = field(default_factory=list)
    lines: list[int] = field(default_factory=list)
    line_map: list[tuple[int, int]] = field(default_factory=list)
    marks: list[str] = field(default_factory=list)

    def add_text(self, text: str, p: Paragraph, skip: int = 0) -> None:
        """Append a paragraph's ``text`` (``p.text`` minus its first ``skip``
        characters, e.g. a ``45.5.`` label), mapping offsets to raw lines;
        source marks at its end (``(DC4)``) go to :attr:`marks`."""
        text = take_marks(text, self.marks)
        base = sum(len(t) + 1 for t in self.paras)
        lead = len(p.text[skip:]) - len(p.text[skip:].lstrip())
        for start, line in zip(p.starts, p.lines, strict=False):
            self.line_map.append((base + max(0, start - skip - lead), line))
        self.paras.append(text)

    def freeze(self, doc: str) -> Node:
        return Node(
            id=self.id,
            doc=doc,
            kind=self.kind,
            cite=self.cite,
            label=self.label,
            title=self.title,
            text="\n".join(self.paras),
            parent=self.parent.id if self.parent else None,
            page=self.page,
            source=self.source,
            inferred=self.inferred,
            lines=tuple(self.lines),
            line_map=tuple(self.line_map),
            marks=tuple(self.marks),
        )


def take_marks(text: str, marks: list[str]) -> str:
    """``text`` without the source marks at its end (``ДЕФЕКТНАЯ
    ВЗЯТКА(DC4)`` → ``ДЕФЕКТНАЯ ВЗЯТКА``), which are added to ``marks`` in
    the order printed."""
    found: list[str] = []
    while m := P.SOURCE_MARK.search(text):
        found.insert(0, m.group("mark"))
        text = text[: m.start()]
    marks.extend(found)
    return text


@dataclass(frozen=True)
class Parsed:
    """Result of :func:`parse`: ``nodes`` in reading order and ``placement``,
    the id of the node each input paragraph went into (same length and order as
    the input paragraphs) — the nothing-lost record; ``notes`` for the build
    report (a law heading out of order); ``alphabet``: the file labels its
    sections with letters in alphabet order (a label with no Latin
    look-alike, ``Б.``, ``Г.``, was printed), so ``В.`` is C."""

    nodes: tuple[Node, ...]
    placement: tuple[str, ...]
    notes: tuple[str, ...] = ()
    alphabet: bool = False  # section labels in alphabet order (А, Б, В, Г …: В is C)


def classify(text: str, doc_kind: str, lang: str = "ru") -> tuple[str, re.Match[str]] | None:
    """Heading kind of a paragraph and its match, or ``None`` for body text.

    Laws: chapter, part, division, law, section, subsection, item, subitem;
    commentary: chapter, part, division, law (the commentary paragraphs
    ``45.5.`` are classified by :data:`~lawref.ingest.patterns.COMMENTARY`).
    ``lang="en"``: the English forms (``LAW 62 - …``, ``A. Title``, ``(a) …``)."""
    if lang == "en":
        table = [("chapter", P.CHAPTER_EN), ("part", P.PART_EN), ("division", P.DIVISION_EN), ("law", P.LAW_EN),
                 ("law", P.LAW_TITLE_FIRST)]
        if doc_kind == "laws":
            table += [("section", P.SECTION_EN), ("subsection", P.SUBSECTION_EN),
                      ("subsection", P.SUBSECTION_TEXT_EN), ("subsection", P.SUBSECTION_BARE_EN), ("item", P.ITEM_EN)]
    else:
        table = [("chapter", P.CHAPTER), ("part", P.PART), ("division", P.DIVISION), ("law", P.LAW),
                 ("law", P.LAW_TITLE_FIRST)]
        if doc_kind == "laws":
            table += [("section", P.SECTION), ("subsection", P.SUBSECTION), ("item", P.ITEM)]
    for kind, rx in table:
        m = rx.match(text)
        if m:
            if kind == "item" and (m.group("label").isdigit() or len(m.group("label")) > 1):
                kind = "subitem"  # ``(1)``, or a Roman ``(ii)`` in an English edition
            return kind, m
    return None


class _Parser:
    """One file's parse; see :func:`parse`."""

    def __init__(self, doc: str, doc_kind: str, file: str, lang: str = "ru",
                 titles: Mapping[str, str] | None = None):
        self.doc, self.doc_kind, self.file, self.lang = doc, doc_kind, file, lang
        self.titles = titles or {}
        self.last_law: int | None = None  # law number last seen on the current run of pages
        self.max_law: int | None = None  # the highest law heading of the file so far
        self.notes: list[str] = []
        self.stem = file.rsplit("/", 1)[-1].rsplit(".", 1)[0]
        self.nodes: list[_B] = []
        self.stack: list[_B] = []
        self.placement: list[str] = []
        self.ids: set[str] = set()
        self.suffix: dict[str, int] = {}
        self.page: int | None = None
        self.inferring = False  # before the first law heading of a page after a gap
        self.kept: set[int] = set()  # ids of the paragraphs whose law headings the order keeps
        self.numbered: set[int] = set()  # ids of sections a list printed as numbers (:func:`numbered_sections`)
        self.alphabet = False  # section labels in alphabet order (see :class:`Parsed`)

    # -- ids and node creation --------------------------------------------------

    def unique(self, base: str) -> str:
        """``base``, or ``base~2``, ``base~3`` … for its later copies (the
        next free suffix is remembered, so many copies cost linear time)."""
        uid, n = base, self.suffix.get(base, 1)
        while uid in self.ids:
            n += 1
            uid = f"{base}~{n}"
        self.suffix[base] = n
        self.ids.add(uid)
        return uid

    def make(self, kind: str, level: int, cite: str | None, label: str | None, title: str | None,
             para: Paragraph, parent: _B | None, *, fallback_id: str | None = None) -> _B:
        if cite is not None:
            base = f"{self.doc}/{cite}"
        else:
            base = fallback_id or f"{self.doc}/{kind}@{self.stem}:{para.lines[0]}"
        inferred = self.inferring and kind != "chapter" and (
            parent is not None and (parent.inferred or kind == "law")
        )
        marks: list[str] = []
        title = take_marks(title, marks) if title else title
        node = _B(self.unique(base), kind, level, cite, label, title, parent, para.page,
                  Source(self.file, para.lines[0]), inferred, para.page_seq, marks=marks)
        node.lines.extend(para.lines)
        self.nodes.append(node)
        return node

    def push(self, node: _B) -> None:
        while self.stack and self.stack[-1].level >= node.level:
            self.stack.pop()
        self.stack.append(node)

    def top(self, below: int) -> _B | None:
        """The innermost open node whose level is below ``below``."""
        for node in reversed(self.stack):
            if node.level < below:
                return node
        return None

    # -- pages ------------------------------------------------------------------

    def start_page(self, paras: list[Paragraph]) -> None:
        """Reset the context after a gap; infer the law from a later heading."""
        self.page = paras[0].page
        if paras[0].contiguous:
            self.inferring = False
            return
        self.stack.clear()
        self.last_law = None
        self.inferring = False
        target = self.first_law_on_page(paras)
        if target is None or target < 1 or (self.max_law is not None and target < self.max_law):
            return  # a heading out of order never renumbers the text before it
        self.inferring = True
        self.push(self.open_law(str(target), paras[0], self.leading_title(paras)))

    def open_law(self, cite: str, p: Paragraph, title: str | None = None) -> _B:
        """The law node ``cite`` of this file, re-opened if it exists, else a new
        inferred one (no heading was printed for it here)."""
        for node in self.nodes:
            if node.kind == "law" and node.cite == cite:
                return node
        law = self.make("law", LEVEL["law"], cite, None, title, p, None)
        law.inferred = True
        return law

    def first_law_on_page(self, paras: list[Paragraph]) -> int | None:
        """Number of the law whose text stands before the first heading on the
        page that fixes one (a law heading N → N-1; a commentary ``45.4.`` → 45).
        ``None`` when nothing precedes that heading or none is on the page."""
        for i, p in enumerate(paras):
            c = classify(p.text, self.doc_kind, self.lang)
            if c and c[0] == "law" and id(p) in self.kept:
                return int(c[1].group("num")) - 1 if i > 0 and self.has_body_before(paras[:i]) else None
            m = P.COMMENTARY.match(p.text) if self.doc_kind == "commentary" else None
            if m:
                return int(m.group("law")) if i > 0 else None
        return None

    def has_body_before(self, paras: list[Paragraph]) -> bool:
        """True when the paragraphs before a law heading open as the end of
        the law before it: with a labelled heading (000:5 ``A.Определение …``,
        001:13 ``(A).Привлекает …``) or with text that starts mid-sentence
        (000:31 ``включая случаи …``), after a chapter's heading or the lost
        law's title line (:meth:`leading_title`) — not a book title, a preface,
        or a forum post that quotes a section further down (``C. Returning
        Cards …`` after a post's words, then ``LAW 7``: no law 6 is made up)."""
        start = 1 if self.leading_title(paras) is not None else 0
        for p in paras[start:]:
            k = classify(p.text, self.doc_kind, self.lang)
            if k is not None and k[0] in ("chapter", "part", "division"):
                continue
            return k is not None or p.text[:1].islower()
        return False

    def leading_title(self, paras: list[Paragraph]) -> str | None:
        """000:2–4: an underlined short line at the top of a page, before the
        first section, is the title of the law whose heading was lost; so is
        a line in capitals there (other sites: ``ПОВТОРЕНИЕ И ОБЪЯСНЕНИЕ
        ЗАЯВОК`` ⏎ ``20.1. …``), before a section or a commentary paragraph."""
        p = paras[0]
        caps = p.text.isupper() and len(p.text.split()) >= 2
        if p.role == "text" and (p.underlined or caps) and len(p.text) <= 150 and not P.SENTENCE_END.search(p.text):
            nxt = paras[1].text if len(paras) > 1 else ""
            commentary = self.doc_kind == "commentary" and P.COMMENTARY.match(nxt) is not None
            if nxt and (classify(nxt, self.doc_kind, self.lang) or commentary):
                return p.text
        return None

    # -- paragraphs -------------------------------------------------------------

    def feed(self, p: Paragraph, title_taken: bool) -> None:
        if title_taken:
            self.placement.append(self.stack[-1].id)
            return
        if p.role == "footnote":
            self.footnote(p)
            return
        c = classify(p.text, self.doc_kind, self.lang)
        if c is not None and c[0] == "law" and (c[1].group("title") or "").rstrip().endswith(":"):
            c = None  # ``Law 62.D is first applied:`` — a sentence that names a law, not its heading
        if c is not None and not self.out_of_sequence(c, p):
            self.heading(c[0], c[1], p)
            return
        m = P.COMMENTARY.match(p.text) if self.doc_kind == "commentary" else None
        if m:
            self.commentary(m, p)
            return
        lower = P.SUBSECTION_LOWER.match(p.text) if self.doc_kind == "laws" and self.lang == "ru" else None
        if lower and self.list_goes_on(int(lower.group("label"))):
            self.labelled("subsection", lower, p, titled=False)
            return
        item = P.ITEM_LOWER.match(p.text) if self.doc_kind == "laws" and self.lang == "ru" else None
        if item and self.items_go_on(item.group("label")):
            self.labelled("item", item, p, titled=False, letter=item_letter(item.group("label")))
            return
        self.body(p)

    def items_go_on(self, label: str) -> bool:
        """An item starting in lower case (``(a) определяет …``) is an item with text when it is the first, ``(a)``,
        after a lead-in ending in a colon (``… судья:``), or the next letter after such an item (``(b)``)."""
        top = self.stack[-1] if self.stack else None
        if top is None or top.kind not in ("section", "subsection", "item"):
            return False
        letter = item_letter(label)
        if letter == "a":
            return top.kind != "item" and bool(top.paras) and top.paras[-1].rstrip().endswith(":")
        return (top.kind == "item" and top.title is None and top.label is not None
                and item_letter(top.label.strip("()")) == chr(ord(letter) - 1))

    def list_goes_on(self, number: int) -> bool:
        """An item starting in lower case (``1. и взятка …``) is a
        subsection with text when it is the first after a lead-in ending in
        a colon (``Когда фальшренонс установлен:``), or the next number
        after such an item."""
        top = self.stack[-1] if self.stack else None
        if top is None:
            return False
        if number == 1:  # after ``Когда фальшренонс установлен:``, or right under a section's heading
            return (bool(top.paras) and top.paras[-1].rstrip().endswith(":")) or (
                top.kind == "section" and not top.paras)
        return top.kind == "subsection" and top.title is None and top.label == f"{number - 1}."

    def out_of_sequence(self, c: tuple[str, re.Match[str]], p: Paragraph) -> bool:
        """A law heading the order of law numbers rejects is text, not a
        heading: one off the heaviest upward run (:func:`law_order`; a
        contents line, a running head, a wrapped line that happens to start
        ``Law 64 …``), or one whose number does not follow the law before it
        on the same run of pages."""
        if c[0] != "law":
            return False
        num = int(c[1].group("num"))
        if id(p) not in self.kept and title_first(c[1]):
            self.notes.append(N_("line {line}: {line_text} names law {law} after a title, and no labelled section "
                                 "follows: kept as text (a page about the law, not its text?)").format(
                line=p.lines[0], line_text=repr(p.text.strip()[:60]), law=num))
            return True
        if id(p) not in self.kept or (self.last_law is not None and num <= self.last_law):
            self.notes.append(self.order_note(num, p))
            return True
        return False

    def order_note(self, num: int, p: Paragraph) -> str:
        """The report's line for a law heading kept as text (the file is named where it is shown)."""
        if self.max_law is None:
            return N_("line {line}: a heading of law {law} off the upward run of the file's law headings: kept as "
                      "text, not as a heading").format(line=p.lines[0], law=num)
        return N_("line {line}: a heading of law {law} after law {last_law}: law numbers run upward, so it is kept "
                  "as text, not as a heading").format(line=p.lines[0], law=num, last_law=self.max_law)

    def missing_laws(self, paras: list[Paragraph]) -> list[str]:
        """English editions print every law: the gaps in the kept headings' numbers."""
        nums = sorted({int(c[1].group("num")) for p in paras if id(p) in self.kept
                       and (c := classify(p.text, self.doc_kind, self.lang)) is not None})
        gaps = [n for a, b in zip(nums, nums[1:], strict=False) for n in range(a + 1, b)]
        if not gaps:
            return []
        shown = ", ".join(map(str, gaps[:20])) + (" …" if len(gaps) > 20 else "")
        return [N_("no heading found for law(s) {laws} between law {first} and law {last}").format(
            laws=shown, first=nums[0], last=nums[-1])]

    def body(self, p: Paragraph) -> None:
        node = self.stack[-1] if self.stack else None
        if node is not None and node.kind in ("chapter", "part", "division") and node.title is None and (
                not node.paras and division_title(p.text)):
            node.title = p.text.strip()  # ``CHAPTER VI`` ⏎ ``The Play``: its title on the next line
            node.lines.extend(p.lines)
            self.placement.append(node.id)
            return
        if (node is not None and node.kind == "law" and node.title is None and not node.paras and not node.inferred
                and (caps_title_line(p.text) if self.lang == "en" else russian_title_line(p.text))):
            node.title = p.text.strip()  # ``LAW 61`` ⏎ ``6`` (a page) ⏎ ``FAILURE TO FOLLOW SUIT …``: its title
            node.lines.extend(p.lines)
            self.placement.append(node.id)
            return
        if node is not None and node.kind == "fragment" and node.cite is None and node.paras and (
                (unlabelled_heading(p.text) and not p.text.lstrip().startswith("(")
                 and any(PROSE_END.search(t) for t in node.paras)) or front_heading(p.text)):
            # a second unlabelled heading after prose (``ПРЕДИСЛОВИЕ`` after ``ОТ ПЕРЕВОДЧИКА`` and its
            # signature) opens a fragment of its own; among a title page's display lines it is one of them
            self.stack.pop()
            node = self.stack[-1] if self.stack else None
            title_node = self.make("fragment", TEXT_LEVEL, None, None, p.text, p, node)
            self.push(title_node)
            self.placement.append(title_node.id)
            return
        if (node is not None and node.kind in _LAW_TEXT and node.cite is not None
                and 0 < len(node.paras) <= MAX_QUOTED_PARAS and not p.text.lstrip().startswith(_OPENING_QUOTES)
                and wholly_quoted("\n".join(node.paras))):
            # an article quotes the law (``"Each player … in front."``) and goes on in its own words
            # (``Note: 'on the table' means …``): those are no law's text but a fragment after it
            self.notes.append(N_("line {line}: text after the quoted text of {cite} is the page's own: filed as a "
                                 "fragment, not as law text").format(line=p.lines[0], cite=node.cite))
            node = self.make("fragment", TEXT_LEVEL, None, None, None, p, None)
            self.push(node)
            node.add_text(p.text, p)
            self.placement.append(node.id)
            return
        if node is None or (node.kind == "law" and node.inferred and node.label is None):
            # 000:70 ``претензию, когда …`` after a gap: where in the law it stood is lost. A heading in
            # capitals with no label opening it (``ОПРЕДЕЛЕНИЯ`` ⏎ ``Определения, содержащиеся …``) is its title.
            title = p.text if unlabelled_heading(p.text) or front_heading(p.text) else None
            node = self.make("fragment", TEXT_LEVEL, None, None, title, p, node)
            self.push(node)
            if title is not None:
                self.placement.append(node.id)
                return
        else:
            node.lines.extend(p.lines)
        node.add_text(p.text, p)
        self.placement.append(node.id)

    def heading(self, kind: str, m: re.Match[str], p: Paragraph) -> None:
        if kind in ("chapter", "part", "division"):
            self.division(kind, m, p)
        elif kind == "law":
            self.law(m, p)
        else:
            self.labelled(kind, m, p)

    def division(self, kind: str, m: re.Match[str], p: Paragraph) -> None:
        level = LEVEL[kind]
        parent = self.top(level)
        while parent is not None and parent.kind not in ("chapter", "part", "division"):
            parent = parent.parent
        num = m.group("num")
        base = f"{parent.id}/{kind}-{num}" if parent else f"{self.doc}/{kind}-{num}"
        title = m.group("title")  # ``CHAPTER VI`` alone: its title on the next line, or none
        label = p.text[: m.start("title")].rstrip(" -–—.") if title else p.text.strip()
        title = title.strip().rstrip(" -–—").strip() if title else None  # ``Торговля -`` before a part cut off
        node = self.make(kind, level, None, label, title or None, p, parent, fallback_id=base)
        self.push(node)
        self.placement.append(node.id)

    def law(self, m: re.Match[str], p: Paragraph) -> None:
        self.inferring = False
        self.last_law = int(m.group("num"))
        self.max_law = max(self.max_law or 0, self.last_law)
        parent = self.top(LEVEL["law"])
        while parent is not None and parent.kind not in ("chapter", "part", "division"):
            parent = parent.parent
        if title_first(m):  # ``Conduct & Etiquette - Law 74``: all of it heading
            label, title, body = p.text[m.end("title"):].strip(" -–—"), m.group("title").strip(), None
        else:
            label = p.text[: m.start("title")].strip().rstrip(" -–—:") if m.group("title") else p.text.strip()
            title, body = self.title_and_body(m, p)
        node = self.make("law", LEVEL["law"], m.group("num"), label, title, p, parent)
        if body is not None:
            node.add_text(p.text[body:], p, body)
        self.push(node)
        self.placement.append(node.id)

    def title_and_body(self, m: re.Match[str], p: Paragraph, cite: str | None = None) -> tuple[str | None, int | None]:
        """A heading's title, and the offset in ``p.text`` where a body
        printed on its line begins (:func:`title_end`; English:
        :func:`lawref.lang.english.title_end`)."""
        raw = m.group("title")
        if not raw:
            return None, None
        k = title_end(raw.strip()) if self.lang == "ru" else (
            self.catalogue_end(raw.strip(), cite) or english.title_end(raw.strip()))
        if k == 0:  # English ``A. The Director may …``: no title, all body
            return None, m.start("title") + len(raw) - len(raw.lstrip())
        if k is None:
            return self.without_stop(raw.strip()), None
        start = m.start("title") + len(raw) - len(raw.lstrip())
        return self.without_stop(raw.strip()[:k].rstrip()), start + k

    def catalogue_end(self, text: str, cite: str | None) -> int | None:
        """Where the catalogue's title of ``cite`` ends in ``text`` (a
        code-point offset), when ``text`` opens with it and goes on after a
        space; else ``None``."""
        known = self.titles.get(cite or "")
        if not known:
            return None
        fold = text.replace("’", "'").casefold()
        want = known.replace("’", "'").casefold()
        end = len(want) + (1 if fold[len(want): len(want) + 1] == "." else 0)
        return end + 1 if fold.startswith(want) and fold[end:end + 1] == " " and text[end:].strip() else None

    def without_stop(self, title: str) -> str:
        """English: a title without the full stop that ends it (``Insufficient
        Bid not Accepted. If …``: the stop ends the title, is no part of it)."""
        return title[:-1] if self.lang == "en" and title.endswith(".") and not title.endswith("..") else title

    def labelled(self, kind: str, m: re.Match[str], p: Paragraph, titled: bool = True,
                 letter: str | None = None) -> None:
        """A heading node of ``kind`` for ``m``'s label (``letter``: an item's Latin letter, given)."""
        if self.lang == "en" and kind == "item" and self.roman_here(m.group("label")):
            kind = "subitem"
        level = LEVEL[kind]
        parent = self.top(level)
        raw = m.group("label")
        part = latin(raw, self.alphabet).upper() if kind == "section" else raw
        if kind in ("item", "subitem"):
            part = f"({letter or latin(raw, self.alphabet).lower()})"
        cite = self.child_cite(kind, parent, part)
        if id(p) in self.numbered:  # ``1. Call Not Clearly Recognized`` under Law 20: a list numbered the sections
            law = parent if parent is None or parent.kind == "law" else parent.parent
            if law is not None and law.kind == "law":
                parent, kind, level = law, "section", LEVEL["section"]
                cite = f"{law.cite}{chr(ord('A') + int(raw) - 1)}"
                self.notes.append(N_("line {line}: section {cite} printed as {label} (its title is the edition's "
                                     "{cite}; the page numbered its sections)").format(
                    line=p.lines[0], cite=cite, label=repr(raw + ".")))
        if cite is None and kind == "section" and self.signature(m):
            self.body(p)  # ``И.Петров`` under a preface's prose: its signer, not a section of no law
            return
        label = p.text[: m.start("title")].strip()
        node_kind = kind if cite is not None else "fragment"
        node_kind = "item" if node_kind == "subitem" else node_kind
        titled = titled and not (self.lang == "en" and (kind in ("item", "subitem") or (  # ``(a) the offender …``
            kind == "subsection" and not english_subsection_title(m.group("title")))))  # is text
        title, body = self.title_and_body(m, p, cite) if titled else (None, None)
        if self.lang == "ru" and title and title_is_text(kind, title):
            titled, title, body = False, None, None  # ``1. Если нарушившая сторона …, то …``: text, no title
        node = self.make(node_kind, level, cite, label, title, p, parent)
        if not titled:
            node.add_text(m.group("title").strip(), p, m.start("title"))
        elif body is not None:
            node.add_text(p.text[body:], p, body)
        self.push(node)
        self.placement.append(node.id)

    def signature(self, m: re.Match[str]) -> bool:
        """A section-shaped line that is a signature: an initial and a
        surname alone (``И.Петров``, ``А. Рыбников``), with no law above it,
        right after the prose of a fragment that is no orphan section (a
        preface signed by its author; ``B.`` ⏎ … ⏎ ``C. Наказание`` on a
        page of a law the file lacks stays a section)."""
        top = self.stack[-1] if self.stack else None
        title = m.group("title").strip()
        return (top is not None and top.kind == "fragment" and top.label is None and bool(top.paras)
                and bool(PROSE_END.search(top.paras[-1])) and bool(SURNAME.fullmatch(title)))

    def roman_here(self, label: str) -> bool:
        """English editions: ``(i)``, ``(v)``, ``(x)`` under an open item is a
        Roman sub-item (``12C1(e)(i)``) unless it is the letter after that
        item's (``(h)`` → ``(i)``)."""
        top = self.stack[-1] if self.stack else None
        item = top if top is not None and top.kind == "item" else None
        if label not in P.ROMAN_ITEM or item is None or not item.label:
            return False
        prev = item.label.strip("()").lower()
        return not (len(prev) == 1 and prev.isalpha() and ord(label) == ord(prev) + 1)

    @staticmethod
    def child_cite(kind: str, parent: _B | None, part: str) -> str | None:
        """Cite of a labelled node under ``parent``, or ``None`` when the chain
        of labels is broken (the parent is a fragment, or missing)."""
        if parent is None or parent.cite is None or parent.kind == "fragment":
            return None
        allowed = {
            "section": ("law",),
            "subsection": ("section",),
            "item": ("section", "subsection"),
            "subitem": ("item", "subsection", "section"),
        }[kind]
        return parent.cite + part if parent.kind in allowed else None

    def commentary(self, m: re.Match[str], p: Paragraph) -> None:
        law_num = m.group("law")
        law = self.top(LEVEL["law"] + 1)
        if law is None or law.kind != "law" or law.cite != law_num:
            law = self.open_law(law_num, p)
            self.push(law)
        cite = f"{law_num}.{m.group('num')}"
        label = p.text[: m.start("text")].strip()
        node = self.make("commentary", LEVEL["section"], cite, label, None, p, law)
        node.inferred = False  # its number is printed
        node.add_text(m.group("text").strip(), p, m.start("text"))
        self.push(node)
        self.placement.append(node.id)

    def footnote(self, p: Paragraph) -> None:
        m = P.FOOTNOTE.match(p.text)
        marker = f"({m.group('marker')})" if m else ""
        if m is None:
            m = P.FOOTNOTE_EN.match(p.text)
            marker = f"[{m.group('marker')}]" if m else ""
        if m is None:
            m = P.FOOTNOTE_ANY.match(p.text)  # another site's mark, as printed: ``<*>``, ``*)``, ``¹``
            marker = m.group("marker").rstrip(")") if m and not m.group("marker")[0].isdigit() else (
                m.group("marker") if m else "")
        if m is None:  # a footnote role without a marker: keep it as text
            self.body(p)
            return
        host = self.footnote_host(marker, p)
        base = f"{self.doc}/footnote@{self.stem}:{p.lines[0]}"
        own = f"{base}{marker}" if base in self.ids else None  # two notes printed on one line: ``13 … 14 …``
        node = self.make("footnote", TEXT_LEVEL + 1, None, marker, None, p, host, fallback_id=own)
        lead = m.groupdict().get("lead")  # ``New Footnote to Law 73A1 *…``: the words before the mark are its text
        node.add_text(p.text.strip() if lead else m.group("text").strip(), p, 0 if lead else m.start("text"))
        self.placement.append(node.id)

    def footnote_host(self, marker: str, p: Paragraph) -> _B | None:
        """The last node on the same page whose title or text holds ``marker``
        (001:9 ``своей(*)``), or on the page before (a note carried to the
        next page's foot); else the node the footnote follows."""
        for page in (p.page_seq, p.page_seq - 1):  # a note may be printed at the foot of the next page
            for node in reversed(self.nodes):
                if node.seq != page or node.kind == "footnote":
                    continue
                if marker in (node.title or "") or any(marker in t for t in node.paras):
                    return node
        return self.stack[-1] if self.stack else None

    def run(self, paras: list[Paragraph]) -> Parsed:
        self.kept = {id(paras[k]) for k in law_order(paras, self.doc_kind, self.lang)}
        classes = [classify(p.text, self.doc_kind, self.lang) for p in paras]
        self.numbered = {id(paras[k]) for k in numbered_sections(classes)}
        self.alphabet = any(c[0] == "section" and P.ALPHABET_LETTER.search(c[1].group("label"))
                            for c in classes if c is not None)
        if self.lang == "en":
            self.notes.extend(self.missing_laws(paras))
        seq = None
        pages: dict[int, list[Paragraph]] = {}
        for p in paras:
            pages.setdefault(p.page_seq, []).append(p)
        for i, p in enumerate(paras):
            title_taken = False
            if p.page_seq != seq or i == 0:
                seq = p.page_seq
                self.start_page(pages[seq])  # page_seq only grows: a page's paragraphs stand together
                law = self.stack[-1] if self.stack else None
                title_taken = law is not None and law.inferred and law.title is not None and law.title == p.text
                if title_taken and law is not None:
                    law.lines.extend(p.lines)
                    law.source = Source(self.file, p.lines[0])
            self.feed(p, title_taken)
        if self.lang == "en":
            self.sentence_case_titles()
        return Parsed(tuple(b.freeze(self.doc) for b in self.nodes), tuple(self.placement), tuple(self.notes),
                      self.alphabet)

    def sentence_case_titles(self) -> None:
        """English: a section with no title whose first paragraph is a
        whole title in sentence case (:func:`lawref.lang.english.sentence_case_title`)
        and which goes on — with subsections under it or a paragraph after
        it (``A. Players use of information.`` ⏎ ``1. A player may …``;
        ``C. Information from calls taken back.`` ⏎ ``The non-offending side
        …``) — has that paragraph for its title: a club's copy prints titles
        so, and a section of the Laws always has one. So has a numbered node
        (``3.``) whose siblings of its kind print titles on lines of their own,
        its first paragraph a title in sentence case with no full stop and more
        after it (``3. Unintended calls`` ⏎ ``The criterion …`` beside ``2.
        Explanations and Alerts``): decided by the list's own consistency."""
        parents = {id(b.parent) for b in self.nodes if b.parent is not None}
        titled = {(id(b.parent), b.kind) for b in self.nodes if b.title and (b.label or "")[:1].isdigit()}
        for b in self.nodes:
            if b.title is not None or not b.paras:
                continue
            section = b.kind == "section" and (len(b.paras) > 1 or id(b) in parents)
            sibling = ((b.label or "")[:1].isdigit() and (id(b.parent), b.kind) in titled and len(b.paras) > 1
                       and not b.paras[0].rstrip().endswith("."))
            if (section or sibling) and english.sentence_case_title(b.paras[0]):
                cut = len(b.paras[0]) + 1  # the offsets of the paragraphs after it move back by as much
                b.title = self.without_stop(b.paras.pop(0).strip())
                b.line_map = [(at - cut, line) for at, line in b.line_map if at >= cut]

def _law_candidates(paras: list[Paragraph], doc_kind: str, lang: str) -> list[tuple[int, int, int]]:
    """``(paragraph index, law number, weight)`` of every paragraph that reads
    as a law heading; the weight is one heading (10**6) plus the characters
    of text up to the next such paragraph (at most 10**6 - 1)."""
    found, kinds = [], []
    for k, p in enumerate(paras):
        c = classify(p.text, doc_kind, lang) if p.role != "footnote" else None
        kinds.append(c[0] if c is not None else None)
        if c is not None and c[0] == "law":
            found.append((k, int(c[1].group("num")), title_first(c[1])))
    bounds = [k for k, _, _ in found[1:]] + [len(paras)] * bool(found)
    return [(k, num, 10**6 + min(sum(len(q.text) for q in paras[k + 1 : end]), 10**6 - 1))
            for (k, num, first), end in zip(found, bounds, strict=True)
            if not first or any(kind in _PARTS for kind in kinds[k + 1 : end])]


#: The kinds of heading under a law: a title-first law heading is one only with some of them after it.
_PARTS = frozenset({"section", "subsection", "item", "subitem"})


def title_first(m: re.Match[str]) -> bool:
    """A law heading printed title first (``Conduct & Etiquette - Law 74``): a club's retelling is printed so too
    (``Insufficient Bid - Law 27`` ⏎ ``Each bid …``): one only with labelled parts after it (:func:`law_order`)."""
    return bool(m.group("title")) and m.start("title") < m.start("num")


def law_order(paras: list[Paragraph], doc_kind: str, lang: str = "ru") -> list[int]:
    """Indices of the paragraphs whose law headings are real: the heaviest
    run of law numbers that goes up (Laws 1…93 are printed in order),
    most headings first, then most text under them — so a table of contents,
    a running head or a line that starts ``Law 64`` in the body of Law 12
    is not a heading; of two headings of one law, the one with text under
    it. O(n log n) in the headings (a max Fenwick tree over the
    law numbers, which are at most 999)."""
    cands = _law_candidates(paras, doc_kind, lang)
    size = 1000
    tree: list[tuple[int, int]] = [(0, -1)] * (size + 1)  # (best weight, candidate) over numbers ≤ i
    best: list[int] = []
    prev: list[int] = []
    for i, (_, num, weight) in enumerate(cands):
        j, top = min(num, size - 1), (0, -1)  # numbers strictly below ``num``
        while j > 0:
            top, j = max(top, tree[j]), j - (j & -j)
        best.append(top[0] + weight)
        prev.append(top[1])
        j = min(num, size - 1) + 1
        while j <= size:
            tree[j], j = max(tree[j], (best[i], i)), j + (j & -j)
    chosen, i = [], max(range(len(cands)), key=lambda x: best[x], default=-1)
    while i >= 0:
        chosen.append(cands[i][0])
        i = prev[i]
    return chosen[::-1]


def parse(
    paragraphs: tuple[Paragraph, ...] | list[Paragraph], *, doc: str, doc_kind: str, file: str, lang: str = "ru",
    titles: Mapping[str, str] | None = None,
) -> Parsed:
    """Parse one file's clean paragraphs into nodes.

    ``doc`` is the document id (``"laws"``), ``doc_kind`` ``"laws"`` or
    ``"commentary"``, ``file`` the corpus-relative file name used in node
    sources and fragment ids. Never raises on any paragraphs (a property test
    feeds it arbitrary text). Ids are unique within the file; the corpus stage
    makes them unique across files. ``lang="en"`` reads English headings;
    ``titles`` (cite → title, the edition's catalogue) is evidence where a
    section's title run into its body ends (``Card Deemed to be Played The
    …``) — never the only way: a title it lacks is found by its shape."""
    return _Parser(doc, doc_kind, file, lang, titles).run(list(paragraphs))
