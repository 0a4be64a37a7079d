"""A test edition of the Laws in English, laid out as a PDF extraction lays it
out, with all of its damage — every sentence written for lawref's tests.

:func:`edition` returns the raw bytes (cp1252, as such files are) and the
truth: every law with its title, sections and clean text. The law titles are
the 1997 catalogue's (facts, not law text); section titles and bodies are our
own. The damage: a title page, a table of contents (dotted leaders, one law
a line, several laws a line, chapter lines, roman page numbers), running
heads, page numbers at the foot of each page (``67 67`` doubled now and
then), ``LAW 12`` alone with its title in capitals on the next line or two
and the page number glued to it (``DIRECTOR'S DISCRETIONARY POWERS 15``),
ligatures dropped (``o ender``, ``shu e``, ``speci c``, ``e ective``),
footnote numbers glued to words (``CARDS2``, ``player19``) with the
footnotes at the page's foot, stray soft hyphens (0xAD), and an index.
"""

from __future__ import annotations

import random
import textwrap
from dataclasses import dataclass, field

from lawref.lang import catalogue

#: Words with a ligature, as a PDF drops it: (whole word, what the extraction leaves).
LIGATURE_WORDS = [
    ("offender", "o ender"), ("offending", "o ending"), ("shuffle", "shu e"), ("different", "di erent"),
    ("sufficient", "su cient"), ("affected", "a ected"), ("specific", "speci c"), ("effective", "e ective"),
    ("officially", "o cially"), ("flow", " ow"), ("final", " nal"), ("offered", "o ered"),
]

SENTENCES = [
    "In this test edition the {w} side may ask the Director to rule before play continues.",
    "A player who notices the irregularity calls the Director at once and waits for the ruling.",
    "The Director decides whether the {w} card is treated as played or is returned to the hand.",
    "When no damage results the score obtained at the table stands without any adjustment.",
    "The partner of the {w} player must pass whenever the Director so requires.",
    "Each contestant keeps a {w} record of the boards played and of any ruling given.",
    "If the auction has not begun, the board may be redealt after a fresh {w} of the cards.",
    "A claim made by declarer is examined as if play had continued in the most likely way.",
]

SECTION_TITLES = ["Scope of This Test Law", "Timing of the Call", "Procedure at the Table", "Score Adjustment",
                  "Rights of the Opponents", "Limits of the Rule", "Duties of the Director"]


@dataclass
class Law:
    """The truth about one law of the test edition."""

    number: int
    title: str
    sections: list[tuple[str, str, str]] = field(default_factory=list)  # (letter, title, clean text)
    text: str = ""


def _sentence(rng: random.Random) -> tuple[str, str]:
    """A sentence, clean and as the PDF leaves it (a ligature dropped)."""
    template = rng.choice(SENTENCES)
    clean_word, damaged = rng.choice(LIGATURE_WORDS)
    return template.format(w=clean_word), template.format(w=damaged)


def _body(rng: random.Random, n: int) -> tuple[str, str]:
    pairs = [_sentence(rng) for _ in range(n)]
    return " ".join(c for c, _ in pairs), " ".join(d for _, d in pairs)


def edition(seed: int = 7, dash: str = "–") -> tuple[bytes, list[Law]]:
    """The raw bytes of the test edition and the truth of its 93 laws.

    ``dash`` is what the headings' dashes became: ``"\xad"`` makes the file
    one whose only high bytes are soft hyphens (0xAD), as a PDF extraction
    that lost its dashes leaves it."""
    rng = random.Random(seed)
    cat = catalogue.load("1997")
    laws = [Law(e_id, e.title_en) for e_id, e in sorted((int(e.id), e) for e in cat.laws())]
    pages: list[list[str]] = []
    pages += _front_matter(laws)
    pages += _body_pages(laws, rng)
    pages += [["INDEX", "Adjusted score 12C, 86B", "Alert 40B", "Claim 68, 69, 70, 71",
               "Revoke 61, 62, 63, 64", "Lead out of turn 53, 54, 55, 56", "Penalty card 50, 51, 52",
               "Director, powers of 81, 82, 83, 84", "Dummy 42, 43, 45"]]
    lines: list[str] = []
    for k, page in enumerate(pages, start=1):
        number = str(k)
        if k % 9 == 0:
            number = f"{k} {k}"  # a page number doubled by the extraction
        elif k % 5 == 0 and k > 5:
            number = f"{k}  THE LAWS – A TEST EDITION"  # a running head on the page number's line
        lines += page + ["", number, ""]
    raw = "\n".join(lines) + "\n"
    raw = raw.replace("LAW 22 – ", "LAW 22 \xad ").replace("LAW 40 – ", "LAW 40 \xad ")  # stray soft hyphens
    if dash != "–":
        raw = raw.replace("–", dash).replace("’", "'")
    return raw.encode("cp1252"), laws


def _front_matter(laws: list[Law]) -> list[list[str]]:
    title = ["THE LAWS OF DUPLICATE BRIDGE", "A TEST EDITION WRITTEN FOR LAWREF", "",
             "Every sentence in this edition was written for lawref’s tests – it is not the text of any edition."]
    contents = ["CONTENTS", "CHAPTER I – DEFINITIONS ........ 1"]
    for law in laws[:30]:
        contents.append(f"LAW {law.number} – {law.title.upper()} ........ {10 + law.number // 3}")
    for law in laws[30:60]:
        contents.append(f"Law {law.number} {law.title} {10 + law.number // 3}")
    pairs = laws[60:]
    for k in range(0, len(pairs), 2):
        chunk = pairs[k : k + 2]
        contents.append("  ".join(f"Law {x.number} {x.title} {10 + x.number // 3}" for x in chunk))
    return [title, contents[:40], contents[40:]]


def _heading_lines(law: Law, page: int, note: int, first_on_page: bool) -> list[str]:
    title = law.title.upper()
    if law.number == 13:  # a footnote number glued to a title in capitals: ``CARDS3``
        return [f"LAW {law.number}", f"{title}{note}"]
    if law.number % 3 == 0 and len(title) > 24:  # a title wrapped over two lines
        cut = title.rfind(" ", 0, len(title) // 2 + 6)
        if cut > 0:
            return [f"LAW {law.number}", title[:cut], title[cut + 1 :]]
    if first_on_page and law.number % 4 == 1:
        return [f"LAW {law.number}", f"{title} {page}"]  # the page number glued to the title
    if law.number % 2:
        return [f"LAW {law.number}", title]
    return [f"LAW {law.number} – {title}"]


def _body_pages(laws: list[Law], rng: random.Random) -> list[list[str]]:
    """The laws' pages: each starts with the book's running head, and a page
    that starts inside a law repeats that law's number under it (``LAW 12``)."""
    pages: list[list[str]] = []
    page: list[str] = ["LAWS OF DUPLICATE BRIDGE"]
    footnotes: list[str] = []
    note = 1
    for law in laws:
        if law.number == 13:
            note += 1
            footnotes.append(f"{note} A footnote on the title of law 13, written for the test edition.")
        page += _heading_lines(law, len(pages) + 4, note, first_on_page=len(page) == 1)
        if law.number % 5 == 0:
            clean, damaged = _body(rng, 2)
            law.text = clean
            page += textwrap.wrap(damaged, 70)
        for s in range(law.number % 4):
            letter = "ABCD"[s]
            clean, damaged = _body(rng, 2)
            if law.number % 7 == 0 and s == 0:  # a footnote number glued to a word
                note += 1
                if law.number % 2:  # glued after the full stop: ``ruling.4``
                    clean, damaged = clean + f"[{note}]", damaged + f"{note}"
                else:  # glued to the last word: ``ruling4.``
                    clean, damaged = clean[:-1] + f"[{note}].", damaged[:-1] + f"{note}."
                footnotes.append(f"{note} A footnote of the test edition, number {note}.")
            section_title = SECTION_TITLES[(law.number + s) % len(SECTION_TITLES)]
            law.sections.append((letter, section_title, clean))
            page += [f"{letter}. {section_title}", *textwrap.wrap(damaged, 70)]
            if len(page) > 30 and s + 1 < law.number % 4:  # the page turns inside the law
                pages.append(page + footnotes)
                page, footnotes = ["LAWS OF DUPLICATE BRIDGE", f"LAW {law.number}"], []
        if len(page) > 30:
            pages.append(page + footnotes)
            page, footnotes = ["LAWS OF DUPLICATE BRIDGE"], []
    pages.append(page + footnotes)
    return pages
