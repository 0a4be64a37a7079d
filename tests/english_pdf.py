"""A test edition of the 2017 Laws in English, laid out as a real PDF
extraction lays it out — every sentence written for lawref's tests.

The layout is the one real extractions of the 2017 book print (issue 24),
not the tidy one of :mod:`english_edition`:

- ``LAW 12`` on a line, its title in capitals on the next (a footnote call
  glued to it now and then: ``INCORRECT NUMBER OF CARDS[2]``), or ``LAW 20 -
  TITLE`` with the first section on the same line (``LAW 27 – INSUFFICIENT
  BID A. Acceptance of Insufficient Bid 1. Any …``), or a whole law on one
  line (``… so requests. B. The Deal The cards …``);
- a section on one line: ``A. Title Body…`` — the title in title case with
  its small words, run into a body that opens with a capitalised word or a
  number (``Acceptance of Insufficient Bid 1. Any …``); subsections and items run in (``1. … 2. …``, ``1.(a) … (b) …``,
  ``(c)it derives`` with no space);
- lone page numbers between blank lines, often in the middle of a
  paragraph, the text going on after them;
- contents: ``LAW 12 - DIRECTOR'S DISCRETIONARY POWERS``, a blank line and
  the page number on its own line, the law's section entries under it; an
  index at the end, ``Index to the Laws`` and entries ``Revoke 61, 62``;
- footnotes: the call glued to a word (``revoke19``), the note at the foot
  of the page (``19 When …``), two notes on one line, one starting in lower
  case;
- a scoring table (labels ``Undoubled``, ``Doubled``, ``Redoubled`` over rows
  of numbers), ligatures lost as a space (``o ending``) and as presentation
  forms (``ﬁnal``), the cp1252 dash byte 0xAD between digits (``170­210``).

``rewrap=True`` gives the same edition extracted another way: lines wrapped
at 70 columns with line-end hyphenation, a running head at each page top,
the page number at the page foot, and no contents.

Law titles and section titles are the 2017 catalogue's (facts, kept with
their sources in ``lawref/data/laws-2017.tsv``); a section the catalogue
lacks gets a title made up here, so the reader is tried on titles it cannot
look up. Bodies are our own words.
"""

from __future__ import annotations

import random
import textwrap
from dataclasses import dataclass, field

from lawref.lang import catalogue

#: Titles made up for the sections the catalogue lacks (title case with small words, as the book prints them).
MADE_UP_TITLES = ["Scope of the Test Law", "Timing of a Call after the Auction", "Procedure at the Table",
                  "Rights of the Opponents", "Limits of This Rule", "Duties of the Director in Team Play",
                  "Cards Exposed by a Player", "Information from a Withdrawn Call"]

#: The parts of the bodies' sentences (subject, verb, object; ``{w}`` takes a word with a ligature), drawn at
#: random so that no line of the edition recurs like a running head.
SUBJECTS = ["The {w} side", "A player who notices the irregularity", "The Director", "Each contestant",
            "The partner of the {w} player", "Declarer", "A defender", "The non-offending side", "Dummy"]
VERBS = ["may ask the Director to rule on", "calls the Director at once about", "keeps a {w} record of",
         "is told by the Director of", "must not comment on", "may accept", "decides nothing about"]
OBJECTS = ["the boards played", "the {w} card", "any ruling given", "the auction so far", "the cards of dummy",
           "a call made out of rotation", "the score obtained at the table", "a {w} explanation of the call",
           "the tricks quitted", "the lead out of turn"]
#: Openings of a body after a run-in section title (each a capitalised word or a number).
OPENERS = ["The Director", "A player", "When the auction", "If a card", "After the", "Any contestant",
           "Unless the", "Declarer", "No player", "In team play the"]
#: (clean word, as the PDF leaves it): a gap, or a presentation form.
LIGATURES = [("offending", "o ending"), ("shuffle", "shu e"), ("difficult", "di cult"), ("effective", "e ective"),
             ("final", "\ufb01nal"), ("offered", "o\ufb00ered")]


@dataclass
class Law:
    """The truth about one law: its title and sections ``(letter, title, clean body)``."""

    number: int
    title: str
    sections: list[tuple[str, str, str]] = field(default_factory=list)
    text: str = ""


def _body(rng: random.Random, n: int) -> tuple[str, str]:
    """``n`` sentences, clean and as printed (one ligature lost in each)."""
    clean, printed = [], []
    for _ in range(n):
        template = f"{rng.choice(SUBJECTS)} {rng.choice(VERBS)} {rng.choice(OBJECTS)}."
        word, lost = rng.choice(LIGATURES)
        clean.append(template.format(w=word))
        printed.append(template.format(w=lost))
    return " ".join(clean), " ".join(printed)


def _section_body(rng: random.Random, law: int, s: int, ref: str) -> tuple[str, str]:
    """A section's body: an opener citing ``ref`` (``Law 12C``) and sentences;
    every third section runs in numbered subsections, every fifth items
    ``1.(a) … (b) …``, every seventh opens with its subsection 1."""
    opener = OPENERS[(law + s) % len(OPENERS)]
    clean, printed = _body(rng, 2)
    lead = f"{opener} acts under test law {law}{'ABCDEFGHJKLMN'[s]} (see {ref})."
    if (law + s) % 7 == 0:  # the body opens with its first subsection: ``… Insufficient Bid 1. Any …``
        c2, p2 = _body(rng, 1)
        return f"1. {lead} {clean} 2. {c2}", f"1. {lead} {printed} 2. {p2}"
    if (law + s) % 3 == 0:
        c2, p2 = _body(rng, 1)
        return f"{lead} 1. {clean} 2. {c2}", f"{lead} 1. {printed} 2. {p2}"
    if (law + s) % 5 == 0:
        c2, p2 = _body(rng, 1)
        glue = "" if law % 2 else " "  # ``(b)it derives``: no space after the label
        return (f"{lead} 1.(a) {clean} (b){glue}{c2}", f"{lead} 1.(a) {printed} (b){glue}{p2}")
    return f"{lead} {clean}", f"{lead} {printed}"


def edition(seed: int = 17, rewrap: bool = False) -> tuple[bytes, list[Law]]:
    """The raw bytes of the edition and the truth of its 93 laws: UTF-8 with
    presentation forms, or (``rewrap=True``) cp1252 with every lost ligature a gap."""
    rng = random.Random(seed)
    cat = catalogue.load("2017")
    laws: list[Law] = []
    for e in sorted(cat.laws(), key=lambda e: int(e.id)):
        law = Law(int(e.id), e.title_en)
        letters = [x.id[len(e.id):] for x in cat.entries.values() if x.kind == "section"
                   and x.id[: len(e.id)] == e.id and x.id[len(e.id):].isalpha()]
        if not letters and law.number % 4:
            letters = list("ABCD"[: law.number % 4 + 1])
        if letters:  # every letter up to the last the catalogue has (a missing title is made up)
            letters = list("ABCDEFGHJKLMN"[: "ABCDEFGHJKLMN".index(max(letters)) + 1])
        for s, letter in enumerate(letters):
            entry = cat.entries.get(f"section:{e.id}{letter}")
            title = entry.title_en if entry else MADE_UP_TITLES[(law.number + s) % len(MADE_UP_TITLES)]
            law.sections.append((letter, title, ""))
        laws.append(law)
    pages = _body_pages(laws, rng)
    if not rewrap:
        pages = _contents(laws) + pages
    pages.append((["Index to the Laws of Duplicate Bridge", "", "Adjusted score 12, 86", "Claim 68, 69, 70, 71",
                   "Revoke 61, 62, 63, 64", "Penalty card 50, 51, 52", "Director, powers of 81, 82"], []))
    text = _print(pages, rewrap)
    if rewrap:  # the other extraction: cp1252, its ligatures lost as gaps
        return text.replace("\ufb01", " ").replace("\ufb00", " ").encode("cp1252"), laws
    return text.encode("utf-8"), laws


def _contents(laws: list[Law]) -> list[tuple[list[str], list[str]]]:
    """Contents pages: ``LAW 12 - TITLE``, a blank, the page number, the section entries."""
    pages, page = [], ["CONTENTS", ""]
    for law in laws:
        page += [f"LAW {law.number} - {law.title.upper()}", "", str(3 + law.number // 2), ""]
        page += [f"{letter}. {title}" for letter, title, _ in law.sections[:2]]
        if len(page) > 40:
            pages.append((page, []))
            page = []
    return [*pages, (page, [])] if page else pages


def _body_pages(laws: list[Law], rng: random.Random) -> list[tuple[list[str], list[str]]]:
    """The laws' pages, as lists of printed lines; a page breaks where it will, mid-paragraph too."""
    lines: list[str] = []
    notes: list[str] = []
    note = 0
    for law in laws:
        title = law.title.upper()
        if law.number == 13:
            note += 1
            title += f"[{note}]"
            notes.append(f"{note} A note on the title of law 13, written for this test edition.")
        lines += [f"LAW {law.number}", title] if law.number % 10 else [f"LAW {law.number} - {title}"]
        for s, (letter, stitle, _) in enumerate(law.sections):
            target = rng.choice([x for x in laws if x.sections])
            clean, printed = _section_body(rng, law.number, s, f"Law {target.number}{rng.choice(target.sections)[0]}")
            if law.number % 11 == 0 and s == 0:  # a call glued to a word, the note at the page foot
                note += 1
                clean, printed = clean.replace(" acts ", f" acts[{note}] ", 1), printed.replace(" acts ", f" acts{note} ", 1)
                text = f"{note} A note of the test edition, number {note}."
                if law.number % 2:
                    note += 1
                    text += f" {note} and a second note on the same line, in lower case, for law {law.number}."
                    clean += f" See the note[{note}]."
                    printed += f" See the note{note}."
                notes.append(text)
            law.sections[s] = (letter, stitle, clean)
            if (s == 0 and law.number % 10 == 0) or (s and law.number % 13 == 0):  # run on: one line a law
                lines[-1] += f" {letter}. {stitle} {printed}"
            else:
                lines.append(f"{letter}. {stitle} {printed}")
        if law.number == 77:
            lines += ["Undoubled Doubled Redoubled", "20 40 80", "30 60 120", "170\xad210 230 460"]
        lines.append(("NOTES", list(notes)))  # type: ignore[arg-type]  # the notes go to this page's foot
        notes = []
    pages, page, foot = [], [], []
    for item in lines:
        if isinstance(item, tuple):
            foot += item[1]
            continue
        page.append(item)
        if len(page) >= 14 and not item.startswith("LAW "):
            pages.append((page, foot))
            page, foot = [], []
    pages.append((page, foot))
    return pages


def _print(pages: list[tuple[list[str], list[str]]], rewrap: bool) -> str:
    """The pages as the extraction prints them: the body, the notes at its foot, the page number."""
    out: list[str] = []
    for k, (body, foot) in enumerate(pages, start=1):
        if rewrap:
            out += ["THE LAWS OF DUPLICATE BRIDGE 2017", ""]
            for line in body + foot:
                out += _hyphenated(line)
            out += ["", str(k), ""]
            continue
        last = body[-1] if body and not foot and len(body[-1]) > 60 and not body[-1].isupper() else ""
        cut = last.find(" ", len(last) // 2) if last else -1
        if cut > 0:  # the page breaks inside the last paragraph, which goes on after the page number
            out += [*body[:-1], last[:cut], "", str(k), "", last[cut + 1:]]
        else:
            out += [*body, *foot, "", str(k), ""]
    return "\n".join(out) + "\n"


def _hyphenated(line: str) -> list[str]:
    """``line`` wrapped at 70 columns; now and then a long word hyphenated at the line's end."""
    wrapped = textwrap.wrap(line, 70) or [""]
    out = []
    for k, part in enumerate(wrapped):
        words = part.split(" ")
        last = words[-1]
        if k + 1 < len(wrapped) and len(last) >= 9 and last.isalpha() and last.islower():
            head, tail = last[:4], last[4:]
            out.append(" ".join([*words[:-1], head + "-"]))
            wrapped[k + 1] = tail + " " + wrapped[k + 1]
        else:
            out.append(part)
    return out
