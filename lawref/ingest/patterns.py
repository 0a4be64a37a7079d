"""Every pattern the clean and parse stages use, each with a seed example.

Seed files are named by their number: ``000`` is
``corpus/000_392cb21f471fdf05.txt`` and so on; line numbers are raw lines.
"""

from __future__ import annotations

import re

#: Site chrome, dropped. 000:1 ``ТОП авторов и книг ИСКАТЬ КНИГУ В БИБЛИОТЕКЕ``.
CHROME = re.compile(
    r"^\s*(?:ТОП авторов и книг|ИСКАТЬ КНИГУ В БИБЛИОТЕКЕ|Читать онлайн|Скачать книгу"
    r"|Читать книгу|Все книги автора|Назад\s*\|\s*Вперед)(?:\s+(?:ТОП авторов и книг"
    r"|ИСКАТЬ КНИГУ В БИБЛИОТЕКЕ))*\s*$",
    re.IGNORECASE,
)

#: Book-title line (metadata, not body). 001:1 ``неизвестен Автор - Все о Бридже``,
#: 003:1 ``Неизвестен Автор - Все о Бридже``.
BOOK_TITLE = re.compile(r"^\s*[Нн]еизвестен\s+[Аа]втор\s+-\s+(?P<title>\S.*?)\s*$")

#: Pager line: 000:142 ``1 2 3 4 … 247``; 004:114 ``1 2 3 … 46``.
PAGER = re.compile(r"^\s*1(?:\s+\d+){9,}\s*$")


def is_pager(line: str) -> bool:
    """A pager: the numbers 1, 2, 3 … N (N ≥ 10) and nothing else, so a row of
    a scoring table (``1 2 3 4 5 6 7``) is never taken for one."""
    if not PAGER.match(line):
        return False
    numbers = [int(n) for n in line.split()]
    return numbers == list(range(1, len(numbers) + 1))

#: Page marker on its own line: 000:30 ``- 89 -``; 001:11 ``- 69``.
PAGE_MARKER = re.compile(r"^\s*[-–—]\s*(?P<page>\d{1,4})\s*(?:[-–—]\s*)?$")

#: Page marker glued to the text that follows: 001:73 ``- 77 при первой …``,
#: 003:83 ``- 59 A.До того, как …``, 003:109 ``- 63 ли, то он …``.
PAGE_MARKER_GLUED = re.compile(r"^\s*[-–—]\s(?P<page>\d{1,4})(?:\s[-–—])?\s+(?P<rest>\S.*)$")

#: Reader page marker: 004:75 ``..page4``.
READER_MARKER = re.compile(r"^\s*\.\.page(?P<page>\d+)\s*$")

#: Whole-line underline or lost box drawing: 000:22 ``-----``, 003:15 ``====``,
#: 000:37 ``== == ==``, 003:7 ``??????``, 003:11 ``?? ?? ??``.
RULE_LINE = re.compile(r"^\s*(?=(?:\s*[-=_*~?]){3})[-=_*~?]+(?:\s+[-=_*~?]+)*\s*$")

#: Underline glued before text: 000:3 ``--------------- относительно фальшренонса``.
RULE_PREFIX = re.compile(r"^\s*[-=_]{3,}\s+(?=\S)")

#: Inline run of ``?`` where box-drawing characters were lost:
#: 001:29 ``игры ???…??? A.Ход во взятку``, 003:81 ``в специ???…??? (*) - …``.
QMARK_RUN = re.compile(r"\?{3,}|\?\?(?:[ \t]+\?\?)+")

#: Pilcrow (paragraph end): 004:4 ``… апелляция.¶``.
PILCROW = "¶"

#: Footnote start: 001:9 ``(*) - Во время торговли …``.
FOOTNOTE = re.compile(r"^\((?P<marker>\*{1,3})\)\s*[-–—]\s*(?P<text>\S.*)$", re.S)


#: Lone emphasis word (004:17 ``случайно``) or note label (004:15 ``Примечание:``).
EMPHASIS_LINE = re.compile(r"^\s*(?P<word>[А-Яа-яЁёA-Za-z]+)(?P<colon>:?)\s*$")

#: Line-end hyphen after a letter (перенос): 000:6 ``прави-``.
LINE_END_HYPHEN = re.compile(r"(?P<head>[А-Яа-яЁёA-Za-z]+)-$")

#: A word at the start / end of a string.
LEADING_WORD = re.compile(r"^(?P<word>[а-яёa-z]+)")
TRAILING_WORD = re.compile(r"(?P<word>[А-Яа-яЁёA-Za-z]+)$")

#: Letters Latin labels are printed with in Cyrillic (А В С Е …) → Latin.
LOOKALIKES = str.maketrans("АВСЕНКМОРТХавсеkмортх", "ABCEHKMOPTXabcekmoptx")

# -- headings (parse) ----------------------------------------------------------

_ROMAN = r"[IVXLC]+"
#: Chapter: 003:5 ``Глава V - ТОРГОВЛЯ``; 000:110 ``Глава VII - ПРИЛИЧИЯ (*)``.
CHAPTER = re.compile(rf"^(?:Глава|ГЛАВА)\s+(?P<num>{_ROMAN})\s*[-–—.]\s*(?P<title>\S.*)$")
#: Part: 003:9 ``Часть I - КОРРЕКТНАЯ ПРОЦЕДУРА``; 000:36 ``Часть IV - ВЗЯТКИ``.
PART = re.compile(rf"^(?:Часть|ЧАСТЬ)\s+(?P<num>{_ROMAN})\s*[-–—.]\s*(?P<title>\S.*)$")
#: Division: 003:13 ``Раздел I - Период торговли``.
DIVISION = re.compile(rf"^(?:Раздел|РАЗДЕЛ)\s+(?P<num>{_ROMAN})\s*[-–—.]\s*(?P<title>\S.*)$")
#: Law heading: 000:21 ``Правило 62. Исправление фальшренонса``;
#: 003:69 ``Правило 26.Ограничения на ход …``; 004:76 ``Правило 46. НЕПОЛНОЕ/…``.
#: Also, from other sites: ``ПРАВИЛО 62. …``, ``Правило 62 - Исправление …``, ``Правило 62: …``.
LAW = re.compile(
    r"^(?:Правило|ПРАВИЛО)\s+(?P<num>\d{1,3})(?:\s*[.:]\s*|\s+[-–—]\s+)(?P<title>[А-ЯЁA-Z«\"].*)?$", re.S
)

_SECTION_LETTERS = "A-HJ-NАВСЕНК"
#: Section: 000:5 ``A.Определение фальшренонса``.
SECTION = re.compile(rf"^(?P<label>[{_SECTION_LETTERS}])\.\s*(?P<title>[А-ЯЁ].*)$", re.S)
#: Subsection: 000:46 ``1.Выигранные взятки``.
SUBSECTION = re.compile(r"^(?P<label>\d{1,2})\.\s*(?P<title>[А-ЯЁ].*)$", re.S)
#: Item: 001:13 ``(A).Привлекает внимание …``; sub-item 003:57 ``(1).Оставить …``.
ITEM = re.compile(r"^\((?P<label>[A-Za-zА-Яа-я]|\d{1,2})\)\.\s*(?P<title>[А-ЯЁ].*)$", re.S)
#: Commentary paragraph: 004:5 ``45.4. Заметьте, …``.
COMMENTARY = re.compile(r"^(?P<law>\d{1,3})\.(?P<num>\d{1,3})\.\s+(?P<text>\S.*)$", re.S)

#: Any label that starts a heading line inside wrapped text (000), used by reflow.
HEADING_START = re.compile(
    rf"^(?:(?:Правило|ПРАВИЛО)\s+\d{{1,3}}(?:\s*[.:]\s*|\s+[-–—]\s+)[А-ЯЁA-Z«\"]"
    rf"|(?:Глава|ГЛАВА|Часть|ЧАСТЬ|Раздел|РАЗДЕЛ)\s+{_ROMAN}\s*[-–—.]|[{_SECTION_LETTERS}]\.[А-ЯЁ]|\d{{1,2}}\.[А-ЯЁ]"
    r"|\((?:[A-Za-zА-Яа-я]|\d{1,2})\)\.\s*[А-ЯЁ])"
)

#: A heading glued at the end of a paragraph after a sentence end:
#: 001:31 ``… стороной). B.Последующая игра во взятку``;
#: 003:71 ``… вистующим: A.Заявка касалась определённой масти``.
INLINE_HEADING = re.compile(
    rf"(?<=[.:;)])\s+(?P<heading>(?:[{_SECTION_LETTERS}]|\d{{1,2}})\.[А-ЯЁ][^.!?;:()]{{2,100}})$"
)

#: Sentence end, used to tell a cut paragraph from a finished one.
SENTENCE_END = re.compile(r"[.!?:;»\"')\]…]\s*$")

# -- English editions (manifest ``lang = "en"``); examples are lawref's own test inputs --------

#: ``LAW 62 - CORRECTION OF A REVOKE``, ``Law 62. Correction of a Revoke``, ``LAW 61`` (title on the next line).
LAW_EN = re.compile(
    r"^(?:LAW|Law)\s+(?P<num>\d{1,3})(?:(?:\s*[-–—.:]\s*|\s+(?=[A-Z]{2}))(?P<title>[A-Z\"'“].*))?$", re.S
)
#: ``CHAPTER VI - THE PLAY``; ``PART IV - REVOKE``.
CHAPTER_EN = re.compile(rf"^(?:CHAPTER|Chapter)\s+(?P<num>{_ROMAN})\b\s*[-–—.:]?\s*(?P<title>\S.*)?$", re.S)
PART_EN = re.compile(rf"^(?:PART|Part)\s+(?P<num>{_ROMAN})\b\s*[-–—.:]?\s*(?P<title>\S.*)?$", re.S)
#: ``A. Revoke Must Be Corrected`` (a title: no full stop at its end).
SECTION_EN = re.compile(r"^(?P<label>[A-HJ-N])\.\s+(?P<title>[A-Z][^.]*)$", re.S)
#: ``1. Dummy's Limitations``.
SUBSECTION_EN = re.compile(r"^(?P<label>\d{1,2})\.\s+(?P<title>[A-Z][^.]*)$", re.S)
#: ``(a) the offender …`` — an item has text, no title.
ITEM_EN = re.compile(r"^\((?P<label>[a-z]|\d{1,2})\)\s*(?P<title>\S.*)$", re.S)

HEADING_START_EN = re.compile(
    rf"^(?:(?:LAW|Law)\s+\d{{1,3}}(?:\s*[-–—.:]\s*[A-Z\"'“]|\s*$)|(?:CHAPTER|Chapter|PART|Part)\s+{_ROMAN}\b"
    r"|[A-HJ-N]\.\s+[A-Z][^.]*$|\d{1,2}\.\s+[A-Z][^.]*$|\([a-z]\)\s)"
)

#: A lone page number (``58``) or roman one (``xii``) left by PDF extraction.
PAGE_NUMBER_EN = re.compile(r"^\s*(?:\d{1,3}|[ivxlc]{1,7})\s*$")
#: A table-of-contents line: ``Law 62 - Correction of a Revoke ........ 58``.
TOC_LINE = re.compile(
    r"^\s*(?:LAW|Law|CHAPTER|Chapter|PART|Part|Definitions|DEFINITIONS|Introduction|INTRODUCTION|Foreword|FOREWORD"
    r"|Appendix|APPENDIX|Index|INDEX|Scope|SCOPE|\d{1,3}\.?)\b.*?\S(?:\s*\.{2,}\s*|\s+)(?:\d{1,3}|[ivxlc]{1,7})\s*$"
)
TOC_TITLE = re.compile(r"^\s*(?:TABLE OF CONTENTS|CONTENTS|Contents|Table of Contents)\s*$")
#: A footnote number glued to a word: ``player19`` → marker 19.
GLUED_FOOTNOTE = re.compile(r"(?:(?<=[a-z]{2})|(?<=[a-z][.,;:!?)]))(?P<num>\d{1,2})\b(?![.,]\d)")
#: A footnote line: ``19 A player is …`` (only when marker 19 was seen before it).
FOOTNOTE_LINE_EN = re.compile(r"^(?P<num>\d{1,2})\s+(?P<text>[A-Z].*)$", re.S)
#: Footnote start once marked: ``[19] A player is …``.
FOOTNOTE_EN = re.compile(r"^\[(?P<marker>\d{1,2})\]\s*(?P<text>\S.*)$", re.S)
#: A word split where a PDF dropped a ligature: ``E ective``, ``O ender``, ``signi cant``.
LIGATURE_GAP = re.compile(r"\b(?P<head>[A-Za-z]{1,12}) (?P<tail>[a-z]{2,16})\b")
LIGATURES = ("ff", "fi", "fl", "ffi", "ffl")
