"""patterns: every pattern lawref matches against text, each with an example.

Seed files are named by their number — ``000`` is ``corpus/000_392cb21f471fdf05.txt``
and so on — and line numbers are raw lines; examples of English editions are lawref's own test inputs. Every
:class:`Rx` carries its ``example`` and a test checks that the pattern finds
it. Patterns compile on first use, so a command pays only for those it runs.

Shared pieces (one definition each): :data:`LAW_NUMBER`, :data:`ROMAN`,
:data:`SECTION_LETTER` (Latin section letters and their Cyrillic
look-alikes), :data:`LOOKALIKES` (the one Cyrillic → Latin table),
:data:`SENTENCE_END`. Patterns over file names, manifest keys and terminal
output live with the code that owns them (:mod:`lawref.folder`,
:mod:`lawref.manifest`, :mod:`lawref.safeio`): they are not about text.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterator

from lawref.rx import Rx

__all__ = ["LOOKALIKES", "Rx", "all_patterns"]


def all_patterns() -> Iterator[tuple[str, Rx]]:
    """``(name, Rx)`` for every pattern of this module (for the example test)."""
    for name, value in globals().items():
        if isinstance(value, Rx):
            yield name, value


# ==============================================================================
# Shared pieces

#: A law number: 1 to 3 digits (the Laws have 93). 000:21 ``Правило 62.``
LAW_NUMBER = r"\d{1,3}"
#: A roman chapter/part number. 003:5 ``Глава V``.
ROMAN = r"[IVXLC]+"
#: Section letters as printed: Latin A–H, J–N (no I, which reads as a roman
#: one) and the Cyrillic letters that look like them (000:5 ``A.``; 004:83 ``46В`` with a Cyrillic В).
SECTION_LATIN = "A-HJ-N"
SECTION_CYRILLIC = "АВСЕНКМ"
SECTION_LETTER = f"[{SECTION_LATIN}{SECTION_CYRILLIC}]"
#: The one Cyrillic → Latin look-alike table (both cases): labels and cites
#: printed with Cyrillic letters get Latin ones (004:13 ``47Е`` → ``47E``; 004:90 ``10С2`` → ``10C2``).
LOOKALIKES = str.maketrans("АВСЕНКМОРТХУавсенкмортху", "ABCEHKMOPTXYabcehkmoptxy")
#: Cyrillic section letters with no Latin look-alike: a cite or a document
#: that uses one reads its Cyrillic letters in alphabet order (``25Б`` = 25B).
ALPHABET_ONLY = "БГДЖЗИЛ"
#: Section letters in Russian alphabet order (Й skipped): А = A, Б = B, В = C, Г = D …
ALPHABET = str.maketrans("АБВГДЕЖЗИКЛМНабвгдежзиклмн", "ABCDEFGHIJKLMabcdefghijklm")
#: Every letter a cite's section may be printed with: Latin, Cyrillic look-alikes, alphabet-only Cyrillic.
CITE_LETTER = f"[{SECTION_LATIN}{SECTION_CYRILLIC}{ALPHABET_ONLY}]"
#: Invisible characters dropped from texts and queries: soft hyphen (inside a line), zero-width space / joiners, word
#: joiner, a byte-order mark in mid-file (two files joined: it hid 000's ``Правило 64.`` heading).
INVISIBLE = dict.fromkeys(map(ord, "\u00ad\u200b\u200c\u200d\u2060\ufeff"))
#: A soft hyphen between digits: a dash lost to a cp1252 reading (``170\xad210``, a score range), never a перенос.
DIGIT_DASH = Rx(r"(?<=\d)\u00ad(?=\d)", example="170\u00ad210")
#: Spaces of other widths → a space; line and paragraph separators too (the
#: raw line numbering counts LF, CR LF and CR only).
SPACE_CHARS = dict.fromkeys(map(ord, "\u00a0\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a\u202f"
                                     "\u205f\u3000\u2028\u2029"), " ")
#: Letters of words: Latin, Cyrillic (with ё) and digits.
WORD_CHARS = "0-9A-Za-zА-Яа-яЁё"

#: Sentence end: tells a cut paragraph (003:81 ``… хода в специ``) from a finished one.
SENTENCE_END = Rx(r"[.!?:;»\"')\]…]\s*$", example="… и даёт любую карту в масть.")
#: A footnote's call at a paragraph's end (003:71 ``другую(*)``): it closes no sentence, so the text may go on.
FOOTNOTE_CALL_END = Rx(r"(?<=\w)\(\*{1,3}\)\s*$", example="… избрал другую(*)")

# ==============================================================================
# Scrape artifacts (lawref.ingest)

#: Site chrome, dropped. 000:1 ``ТОП авторов и книг ИСКАТЬ КНИГУ В БИБЛИОТЕКЕ``.
CHROME = Rx(r"^\s*(?:ТОП авторов и книг|ИСКАТЬ КНИГУ В БИБЛИОТЕКЕ|Читать онлайн|Скачать книгу|Читать книгу"
            r"|Все книги автора|Назад\s*\|\s*Вперед)(?:\s+(?:ТОП авторов и книг|ИСКАТЬ КНИГУ В БИБЛИОТЕКЕ))*\s*$",
            re.IGNORECASE, example="ТОП авторов и книг ИСКАТЬ КНИГУ В БИБЛИОТЕКЕ")
# Any site's chrome, by its shape (never by a list of sites): each a line a library's page wraps
# around the book's text, found on real pages of other libraries (issue 23, item 4).
#: A link alone on its line (an advert): ``https://example.ru/catalog/``.
URL_LINE = Rx(r"^\s*(?:https?://|www\.)\S+\s*$", example="https://example.ru/catalog/divany/")
#: A site's name by its domain in a short line: ``Современная электронная библиотека Example.Net``.
DOMAIN = Rx(r"(?<![\w.@])[A-Za-zА-Яа-я][\w-]*\s?\.(?i:ru|net|com|org|ua|by|kz|info|me|in|su|рф|орг\.уа|org\.ua)\b",
            example="библиотека Example.Net")
#: Links to two other laws' pages and «to the top» (pzbs: ``Law 82 - … top of page Law 84 - …``).
NAV_LAWS = Rx(r"^\W{0,3}(?i:law|правило)\s+\d{1,3}\s*[-–—.:](?=.*(?i:top of page|back to top|наверх))"
              r".*?\b(?i:law|правило)\s+\d{1,3}\s*[-–—.:]", example="Law 82 - ERRORS top of page Law 84 - FACTS")
#: A navigation bar: four or more short items between ``·``/``•``, or capitalised between pipes, no border pipe.
NAV_BAR = Rx(r"^\s*[^·•]{1,40}(?:\s[·•]\s[^·•]{1,40}){3,}\s*$"
             r"|^\s*[^\W\d_][^|\d.!?;:]{0,24}(?:\s{1,2}\|\s{1,2}[^\W\d_][^|\d.!?;:]{0,24}){3,}\s*$"
             r"|^\s*[^\W\d_][^»«]{0,40}(?:\s»\s[^»«]{1,60}){2,}\s*$",  # a breadcrumb: ``Форум » Раздел » Тема``
             example="Главная · Поиск книг · Форумы · Ссылки")
#: A pager in words: ``« Предыдущая``, ``- << Первая - « Предыдущая``, ``Следующая » - Последняя >>``.
PAGER_WORDS = Rx(r"^\s*(?:[-–—|«»<>\s]*(?i:первая|предыдущая|следующая|последняя|назад|вперед|вперёд|далее"
                 r"|в начало|в конец|перейти на страницу:?|previous|next|first|last|go to page:?)[-–—|«»<>\s]*)+$",
                 example="- << Первая - « Предыдущая")
#: A page's link to its neighbours in words, with where it leads: ``Next: Law 64 - PROCEDURE …``,
#: ``Previous: Law 62``, ``Следующая глава: …``.
NAV_LINK = Rx(r"^\s*(?i:next|previous|prev|up|back|следующ(?:ая|ее|ий)|предыдущ(?:ая|ее|ий)|назад|далее"
              r"|вперёд|вперед)(?:\s+(?i:page|chapter|section|law|topic|страница|глава|раздел|правило|статья))?"
              r"\s*:\s*\S.{0,100}$", example="Next: Law 64 - PROCEDURE AFTER ESTABLISHMENT OF A REVOKE")
#: A page's own date stamp: ``Last modified: Mon Oct 13 17:31:09``, ``Обновлено: 12.11.2009``.
PAGE_STAMP = Rx(r"^\s*(?i:last\s+(?:modified|updated|changed)|updated|обновлено|изменено"
                r"|дата\s+(?:изменения|обновления))\s*:\s*\S.{0,100}$", example="Last modified: Mon Oct 13 17:31:09")
#: A book's card: ``Автор: …``, ``Жанр: …``, ``Серия: …``, ``Текст книги "…"``, ``Текущая страница: 19``.
BOOK_CARD = Rx(r"^\s*(?:(?i:автор(?:\s+книги)?|жанр|серия|издательство|год(?:\s+издания)?|язык|рейтинг|размер"
               r"|формат|теги|добавлена|просмотров|текущая страница)\s*:|(?i:текст книги)\s*[\"«])",
               example="Жанр: Спорт")
#: A reading page's own line: ``… - читать онлайн бесплатно …``, ``… - Чтение (стр. 17)``, ``Читаем … полностью``,
#: ``Скачать книгу …``, ``… страница 19 (всего у книги 84 страниц)``.
READING_LINE = Rx(r"(?i)читать\s+онлайн|читать\s+(?:книгу\s+)?бесплатно|полн(?:ую|ая)\s+версия?ю?\s+книги"
                  r"|^\s*читаем\s.{1,80}\sполностью\s*$|[-–—]\s*чтение\s*\(стр\.\s*\d+\)|^\s*скачать\s"
                  r"|\(всего\s+у\s+книги\s+\d+", example="Все о Бридже - Чтение (стр. 17)")
#: The book's name in a reading line, learnt from the page: ``Все о Бридже - читать онлайн`` → ``Все о Бридже``.
BOOK_NAME = Rx(r"^(?:.*?/\s*)?(?P<name>[^/\"«»]{3,80}?)\s+[-–—]\s+(?i:читать|чтение)"
               r"|(?i:текст книги)\s*[\"«](?P<quoted>[^\"»]{3,80})[\"»]"
               r"|^\s*(?i:читаем)\s+(?P<read>.{3,80}?)\s+(?i:полностью)", example="Все о Бридже - читать онлайн")
#: A site's interface words in a short line, any site: ``Версия для печати``, ``Добро пожаловать на наш
#: сайт!``, ``Меню сайта``, ``Поиск по сайту``, ``Каталог библиотеки``, ``Прочитано: 0%``, a phone number,
#: ``You are here``, ``Click here``, «жмите здесь», ``Printer-friendly``, a line of © or rights; ``Link to comment``,
#: ``Цитировать | Ответить``, a poster's ``Сообщений: 152 | Зарегистрирован: 2019``, a quote's author ``[Peter Eidt]``.
WEB_UI = Rx(r"(?i)версия для печати|добро пожаловать на (?:наш )?сайт|меню сайта|поиск по сайту|каталог библиотеки"
            r"|прочитано\s*:|сообщить о нарушении|\+\d[\d ()-]{9,}\d|you are here|click here|printer[- ]friendly"
            r"|back to top|log ?in\b.*register|войти\s.*регистрация|^\s*©|^\s*copyright\b|все права защищены"
            r"|all rights reserved|link to (?:comment|post)|share on other sites|recommended posts|jump to content"
            r"|reply to this topic|ответить с цитатой|ссылка на сообщение|цитировать\s*\||\|\s*пожаловаться"
            r"|(?:зарегистрирован|registered|joined)\s*:|(?:сообщений|posts)\s*:\s*\d|loading\.\.\.|загрузка\.\.\."
            r"|^\s*(?:bottom|home|top)(?:\s+(?:bottom|home|top)){1,2}\s*$|^\s*(?-i:Join\s+(?:[A-Z]\w*\s*){1,4})$"
            r"|^\s*(?-i:\[[A-ZА-ЯЁ][a-zа-яё'’-]+(?:\s+[A-ZА-ЯЁ][a-zа-яё'’-]+){1,3}\])\s*$|(?:на)?жмите (?:здесь|сюда)",
            example="Поиск по сайту")
#: A post's byline, any site: ``By Ross P - Posted on 08 July 2017``, ``Posted by admin on …``,
#: ``Опубликовано: 12.03.2015``, ``Автор публикации: …``, a date and time and who (``» 9/06/2016, 12:02, Имя``), a
#: message's date alone (a list's archive: ``Wed Mar 5 10:56:46 CET 2008``, ``Mon, 3 Mar 2008 10:56:46 +0100``).
BYLINE = Rx(r"^\s*(?:(?i:by)\s+\S.{0,40}?\s+[-–—|]\s+)?(?i:posted\s+(?:on|by|in)|published\s+on)\s+\S.{0,60}$"
            r"|^\s*(?i:опубликовано|дата публикации|автор публикации)\s*:\s*\S.{0,60}$"
            r"|^\W{0,3}\d{1,2}[./]\d{1,2}[./](?:19|20)?\d\d,?\s+\d{1,2}:\d\d\b[\s,]*\S.{0,40}$"
            r"|^(?:Date:\s*)?(?:(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun)[a-z]*,?\s+)?(?:\d{1,2}\s+)?(?:Jan|Feb|Mar|Apr|May|Jun|Jul"
            r"|Aug|Sep|Oct|Nov|Dec)[a-z]*\.?\s+(?:\d{1,2},?\s+)?(?:\d{4}\s+)?\d{1,2}:\d\d(?::\d\d)?(?:\s*[AP]M)?"
            r"(?:\s+(?:[A-Z]{2,5}|[+-]\d{4}))?(?:\s+\d{4})?\s*$", example="By Ross P - Posted on 08 July 2017")
#: A file name glued before the text: ``144509.fb2 вправе просмотреть …`` (the name is chrome, the rest text).
FILE_NAME_PREFIX = Rx(r"^\s*[\w-]{1,40}\.(?:fb2|epub|txt|rtf|docx?|pdf|djvu)\b\s*", example="144509.fb2 вправе")
#: Book-title line (metadata, not body): 001:1, 003:1; the Laws' own name alone (a page's title, a running head).
BOOK_TITLE = Rx(r"^\s*(?:[Нн]еизвестен\s+[Аа]втор\s+-\s+(?P<title>\S.*?)|(?P<laws>(?:Международные\s+п|П)равила"
                r"(?:(?:\s+(?:спортивного|контрактного|дубликатного)){1,2}\s+бриджа|\s+игры\s+в\s+(?:спортивный|контрактный"
                r"|дубликатный)\s+бридж(?:\s+в\s+(?:версии|редакции)\s+(?:19|20)\d\d\s+года)?)))\s*$",
                example="неизвестен Автор - Все о Бридже")

#: A mark lawref prints beside law text in ``show`` and the txt export, on a line of its own (never law text:
#: ``drop_export_marks`` drops it when an export is built again). Every mark :mod:`lawref.export.text` has.
EXPORT_MARK = Rx(r"^\s*\[(?:фрагмент(?: правила \S+)?(?:, стр\. \d{1,4})?|fragment(?: of Law \S+)?(?:, p\. \d{1,4})?"
    r"|(?P<gap>пропуск: здесь кончается один файл скана и начинается другой"
    r"|gap: one file of the scan ends here and another begins)"
    r"|Фрагменты: номер их правила не сохранился|Fragments: their law's number was lost"
    r"|начало — на странице, которой нет в скане|текст обрывается: продолжение на странице, которой нет в скане"
    r"|the beginning is on a page the scan lacks|the text breaks off: it goes on on a page the scan lacks"
    r"|(?:начало текста утрачено|дальше текст утрачен|the (?:beginning|rest) is lost): (?:нет|no) "
    r"[0-9A-Za-z().]+(?:, [0-9A-Za-z().]+)*|(?:вариант \d+ из \d+|variant \d+ of \d+): \S+:\d+"
    r"|(?:Правило|Law) \S+ — (?:номер правила выведен: его заголовок не сохранился"
    r"|law number inferred: its heading was lost))\]\s*$", example="[фрагмент, стр. 59]")
#: The underline of a txt export's document title (its first line): ``=====``.
TITLE_UNDERLINE = Rx(r"^={3,}\s*$", example="==========")
#: The underline of a law title printed without its heading in a txt export (000:2–4 in the seeds).
EXPORT_UNDERLINE = Rx(r"^\s*-{3,}\s*$", example="  ----------")

#: Page marker on its own line: 000:30 ``- 89 -``; 001:11 ``- 69``; and the spellings of other libraries:
#: ``— 89 —``, ``Стр. 89``, ``Страница 89``, ``[89]``, ``(89)``, ``с. 89``.
PAGE_MARKER = Rx(r"^\s*(?:[-–—]\s*(?P<page>\d{1,4})\s*(?:[-–—]\s*)?"
                 r"|(?i:стр(?:аница)?\.?|с\.|page|p\.)\s*(?P<page2>\d{1,4})\.?"
                 r"|\[\s*(?P<page3>\d{1,4})\s*\]|\(\s*(?P<page4>\d{1,4})\s*\))\s*$", example="Стр. 89")
#: A page head or foot printed with its number (колонтитул): ``88 | Глава VI``, ``Глава VI | 89``, ``Все о бридже |
#: страница 47``, ``Федерация | Регламент | Page 7``, ``Регламент · стр. 2``, ``Regulations      Page 7`` (a PDF's
#: spaces), ``Страница 91 из 247`` — a page marker and its head; never a chapter or text.
HEAD_MARKER = Rx(r"^\s*(?:(?P<page>\d{1,4})\s*[|│]\s*[^\d|│]{3,100}"
                 r"|[^\d]{3,100}?\s*[|│]\s*(?:(?i:страница|стр\.?|page|p\.)\s*)?(?P<page2>\d{1,4})|[^\d|│]{3,100}?"
                 r"(?:\s*[·•]\s*|\s{3,}|\t\s*|\s+[-–—]{1,2}\s+)(?i:страница|стр\.?|page|p\.)\s*(?P<page4>\d{1,4})"
                 r"|(?i:страница|стр\.?|page)\s*(?P<page3>\d{1,4})\s+(?i:из|of)\s+\d{1,4})\s*$",
                 example="Все о бридже | страница 47")
#: A bare number on its own line: a page number when it fits the page sequence
#: (``89``); a PDF extraction may print it twice (``67 67``).
BARE_NUMBER = Rx(r"^\s*(?P<page>\d{1,4})(?:\s+(?P=page))?\s*$", example="67 67")
#: A line that looks like a page marker: digits and decoration, no letters (``- 8 9 -``, ``[ 89 ]``).
MARKER_LIKE = Rx(r"^(?=.*[-–—\[\](){}|*=~_.])\s*[-–—\[\](){}|*=~_.\s]*\d[\d\s]{0,6}[-–—\[\](){}|*=~_.\s]*$",
                 example="- 8 9 -")  # decorated: ``1 9 8 7`` (a year spaced on a title page) is text
#: A label alone on a line (``1.``, ``12.``): never a page marker.
LABEL_ONLY = Rx(r"^\s*\d{1,2}\.\s*$", example="1.")
#: A page marker inside a line: ``… в масть. - 89 - Если …``, ``… [89] …``.
PAGE_MARKER_INLINE = Rx(r"(?:(?<=\s)|^)(?:[-–—]\s?(?P<page>\d{1,4})\s?[-–—]|\[(?P<page2>\d{1,4})\])(?=\s|$)",
                        example="в масть. - 89 - Если")
#: Page marker glued to the text that follows: 001:73 ``- 77 при первой …``,
#: 003:83 ``- 59 A.До того, как …``; ``Стр. 89 Если …``, ``[89] Если …``.
PAGE_MARKER_GLUED = Rx(r"^\s*(?:[-–—]\s(?P<page>\d{1,4})(?:\s[-–—])?|(?i:стр(?:аница)?\.?)\s*(?P<page2>\d{1,4})\.?"
                       r"|\[(?P<page3>\d{1,4})\])\s+(?P<rest>\S.*)$",
                       example="- 77 при первой легальной возможности")
#: An alphabet navigation bar of a library page: ``А Б В Г … Я AZ``.
ALPHABET_BAR = Rx(r"^\s*(?:(?:[А-ЯЁA-Z]|AZ|A-Z|0-9|#)[\s|·•,]+){10,}(?:[А-ЯЁA-Z]|AZ|A-Z|0-9|#)?\s*$",
                  example="А Б В Г Д Е Ж З И К Л М Н О П Р С Т У Ф Х Ц Ч Ш Щ Э Ю Я AZ")
#: A pager token that is not a number: ``...``, ``…``, ``«``, ``»``, ``Назад``, ``Вперед``.
PAGER_FILLER = Rx(r"^(?:\.{2,}|…|[«»<>←→|]|[-–—]|[Нн]азад|[Вв]перед|[Сс]ледующая|[Пп]редыдущая|[Сс]тр\.?"
                  r"|[Сс]траницы:?|[Сс]тр\.:|[Pp]ages:?)$", example="…")
#: Card ranks after a lost suit symbol: ``?AK``, ``?Q``, ``?10`` (the ``?`` is a lost glyph).
LOST_SUIT = Rx(r"(?<![\w\[?])\?(?=(?:10|[AKQJTx2-9])(?:10|[AKQJTx2-9])*(?![\w]))", example="держит ?AK ?Q и ходит")
#: A run of 2+ lost glyphs inside a sentence: ``держит ???? ?AK``.
LOST_RUN = Rx(r"(?<![\[?])\?{2,}(?:[ \t]+\?{2,})*(?![\]?])", example="держит ???? ?AK")
#: Reader page marker: 004:75 ``..page4``.
READER_MARKER = Rx(r"^\s*\.\.page ?(?P<page>\d+)\s*$", example="..page4")
#: Whole-line underline or lost box drawing: 000:22 ``-----``, 000:37 ``== ==``, 003:7 ``??????``, 003:11 ``?? ??``.
RULE_LINE = Rx(r"^\s*(?=(?:\s*[-=_*~?]){3})[-=_*~?]+(?:\s+[-=_*~?]+)*\s*$", example="== == == == ==")
#: Underline glued before text: 000:3 ``--------------- относительно фальшренонса``.
RULE_PREFIX = Rx(r"^\s*[-=_]{3,}\s+(?=\S)", example="--------------- относительно фальшренонса")
#: Inline run of ``?`` where box drawing was lost: 001:29 ``игры ???…??? A.Ход во взятку``; 003:11 ``?? ?? ??``.
QMARK_RUN = Rx(r"(?<![\[?])(?:\?{3,}|\?\?(?:[ \t]+\?\?)+)(?![\]?])",  # a whole run, never one kept as [????]
               example="процедура игры ??????? A.Ход во взятку")
#: A run of one character a text never repeats so, left where box drawing was lost in another
#: code page (``њњњњњњ``, ``ЂЂЂЂЂ``, ``═════``): a rule, like a ``?`` run — never a title's word.
BOX_RUN = Rx(r"([^\sА-Яа-яЁёA-Za-z0-9.,;:!?()\[\]«»\"'\-–—*=_~?\ufffd])\1{4,}",  # U+FFFD: lost, kept as is
             example="торговли њњњњњњњњ Когда")
#: How long an inline ``?`` run may be and still be lost glyphs in a sentence
#: (``держит ???? ?AK``); a longer run is a lost rule (001:29 holds 47).
MAX_LOST_RUN = 7
#: The most words and characters a printed heading's title has (the Laws' longest are about 12 words):
#: more is a body taken for a title (:mod:`lawref.parse`, :mod:`lawref.treecheck`).
HEADING_MAX_WORDS = 20
HEADING_MAX_CHARS = 160
#: Pilcrow (paragraph end): 004:4 ``… апелляция.¶``.
PILCROW = "¶"
#: Footnote start: 001:9 ``(*) - Во время торговли …``.
FOOTNOTE = Rx(r"^\((?P<marker>\*{1,3})\)\s*[-–—]\s*(?P<text>\S.*)$", re.S,
              example="(*) - Во время торговли и розыгрыша игрок не имеет права")
#: A footnote in other sites' marks: ``<*> Для целей …``, ``* Примечание …``, ``*) …``, ``[1] …``,
#: ``1) …``, ``¹ …`` — a footnote only when its call stands earlier in the text
#: (:func:`lawref.ingest.lines.mark_footnotes`): ``… игроком <*>``, ``правило 64²``, ``заявка[1]``;
#: also after words that say what it is (``New Footnote to Law 73A1 *While …``: the words stay its text).
FOOTNOTE_ANY = Rx(r"^(?P<lead>(?:(?i:new|added|revised|amended)\s+)?(?i:footnote|сноска)"
                  r"(?:\s+(?i:to|к)\s+(?i:law|правилу)\s+\w{1,8})?\s*)?"
                  r"(?P<marker><\*{1,3}>|\*{1,3}\)?|\[\d{1,2}\]|\d{1,2}\)|[¹²³⁴⁵⁶⁷⁸⁹]{1,2})\s*(?P<text>\S.*)$", re.S,
                  example="<*> Для целей настоящего правила")
#: A footnote's call in the text: a mark after a word — glued, or after a space or a comma
#: (``игроком <*>``, ``взятку*``, ``правило 64²``) — or a number in brackets or with a bracket glued
#: to a word (``заявка[1]``, ``слово1)``); the mark as the call is written.
FOOTNOTE_CALL = Rx(r"(?:(?<=\w)|(?<=\w[ ,.;:]))(?P<call><\*{1,3}>|\*{1,3}(?![*>\w])|[¹²³⁴⁵⁶⁷⁸⁹]{1,2})"
                   r"|(?<=\w)(?P<call2>\[\d{1,2}\]|\d{1,2}\))", example="выиграна нарушившим игроком <*>, в конце")
#: A word with ``„`` where a lost ``ё`` stood (``вс„``, ``ещ„``, ``сч„т``): a Cyrillic word around it.
LOST_YO = Rx(r"(?<![А-Яа-яЁё])[А-Яа-яЁё]+„[А-Яа-яЁё]*", example="это вс„, что нужно")
#: Lone emphasis word (004:17 ``случайно``), or a phrase of two or three, or note label (004:15 ``Примечание:``).
EMPHASIS_LINE = Rx(r"^\s*(?P<word>[А-Яа-яЁёA-Za-z]+(?:[ \t]+[А-Яа-яЁёA-Za-z]+){0,2})(?P<colon>:?)\s*$",
                   example="Примечание:")  # a word, or two or three (``согласно Правилу``)
#: Line-end hyphen after a letter (перенос): 000:6 ``прави-``.
LINE_END_HYPHEN = Rx(r"(?P<head>[А-Яа-яЁёA-Za-z]+)-$", example="в соответствии с прави-")
#: A word at the start / end of a string (joining перенос and cut words).
LEADING_WORD = Rx(r"^(?P<word>[а-яёa-z]+)", example="лом 44, или неигра")
TRAILING_WORD = Rx(r"(?P<word>[А-Яа-яЁёA-Za-z]+)$", example="нарушению со")
#: Words of a file's own lexicon (2+ letters). 000:7 ``лом``.
VOCABULARY_WORD = Rx(r"[А-Яа-яЁёA-Za-z]{2,}", example="лом 44")
#: A перенос between two lines of one paragraph (000:6–7 ``прави-`` ⏎ ``лом``): the word reflow
#: joins there is a word of the file's own lexicon. It starts at the hyphen (a fast scan of a
#: long line); the word before it is :data:`TRAILING_WORD` of the text up to it.
LINE_PERENOS = Rx(r"-(?<=[А-Яа-яЁёA-Za-z]-)[ \t]*\n[ \t]*(?P<tail>[а-яёa-z]+)(?=(?P<rest>[^\n]*))",
                  example="прави-\nлом 44")
#: End-of-sentence or clause punctuation inside a short title tail (003:69 ``заявки``).
CLAUSE_MARK = Rx(r"[.!?;:]", example="заявки.")

# ==============================================================================
# Headings (lawref.parse)

#: Chapter: 003:5 ``Глава V - ТОРГОВЛЯ``; 000:110 ``Глава VII - ПРИЛИЧИЯ (*)``.
CHAPTER = Rx(rf"^(?:Глава|ГЛАВА)\s+(?P<num>{ROMAN})(?:\s*[-–—.]\s*|\s+(?=[А-ЯЁA-Z«]))(?P<title>\S.*)$",
             example="Глава V - ТОРГОВЛЯ")
#: Part: 003:9 ``Часть I - КОРРЕКТНАЯ ПРОЦЕДУРА``; 000:36 ``Часть IV - ВЗЯТКИ``; other sites
#: ``Часть II Отклонения …`` (no mark after the number: chapters and divisions too).
PART = Rx(rf"^(?:Часть|ЧАСТЬ)\s+(?P<num>{ROMAN})(?:\s*[-–—.]\s*|\s+(?=[А-ЯЁA-Z«]))(?P<title>\S.*)$",
          example="Часть IV - ВЗЯТКИ")
#: Division: 003:13 ``Раздел I - Период торговли``.
DIVISION = Rx(rf"^(?:Раздел|РАЗДЕЛ)\s+(?P<num>{ROMAN})(?:\s*[-–—.]\s*|\s+(?=[А-ЯЁA-Z«]))(?P<title>\S.*)$",
              example="Раздел I - Период торговли")
#: Law heading: 000:21 ``Правило 62. Исправление фальшренонса``, 003:69 ``Правило 26.Ограничения …``; other sites'
#: ``ПРАВИЛО 62. …``, ``Правило 62 - …``, ``Правило 62: …``; a bare ``Правило 47`` (its title next, or none).
LAW = Rx(rf"^(?:Правило|ПРАВИЛО)\s+(?P<num>{LAW_NUMBER})(?:(?:\s*[.:]\s*|\s+[-–—]\s+)"
         rf"(?P<title>(?![A-ZА-Я]\.?\d)[А-ЯЁA-Z«\"].*)?|\s*)$",
         re.S, example="Правило 62. Исправление фальшренонса")
#: A law heading with its title first (a club's page): ``Conduct & Etiquette - Law 74``, ``Этикет — Правило 74``.
LAW_TITLE_FIRST = Rx(r"^(?P<title>[A-ZА-ЯЁ][^.!?:;\d\n]{1,80}?)\s+[-–—]\s+(?:LAW|Law|ПРАВИЛО|Правило)\s+"
                     rf"(?P<num>{LAW_NUMBER})\s*$", example="Conduct & Etiquette - Law 74")
#: Section: 000:5 ``A.Определение фальшренонса`` (never a name's initials: ``В.Я. Бруштунов``).
SECTION = Rx(rf"^(?P<label>{CITE_LETTER})\.\s*(?P<title>(?![А-ЯЁ]\.)[А-ЯЁ].*)$", re.S, example="A.Определение")
#: A section heading printed with its law's number: ``45C. Card Deemed to be Played`` (a real page quoting Law 45).
CITED_SECTION = Rx(rf"^(?P<law>{LAW_NUMBER})(?P<label>{CITE_LETTER})\.\s+(?=[А-ЯЁA-Z\"'“«])", example="45C. Card")
#: Subsection: 000:46 ``1.Выигранные взятки``.
SUBSECTION = Rx(r"^(?P<label>\d{1,2})\.\s*(?P<title>[А-ЯЁ].*)$", re.S, example="1.Выигранные взятки")
#: Item: 001:13 ``(A).Привлекает внимание …``; sub-item 003:57 ``(1).Оставить …``.
ITEM = Rx(r"^\((?P<label>[A-Za-zА-Яа-я]|\d{1,2})\)\.\s*(?P<title>[А-ЯЁ].*)$", re.S,
          example="(A).Привлекает внимание к нарушению")
#: A heading's title glued to its body (tags between them dropped): a lower-case Cyrillic letter, then a capitalised
#: word — ``Положение коробкиКоробка лежит …`` (:func:`lawref.titles.title_end`).
TITLE_GLUED_BODY = Rx(r"(?<=[а-яё])(?=[А-ЯЁ][а-яё]|[ВСКОУИА] [а-яё])", example="Положение коробкиКоробка лежит")
#: A word that can start a body sentence after a title on one line: a capital, then lower case
#: (``Судья``), not a word in capitals (``ВФБ``) nor a label.
BODY_WORD = Rx(r"^[«\"(]?[А-ЯЁ][а-яё]", example="Судья")
#: An item that starts in lower case after a lead-in ending in a colon: ``1. и взятка с нарушением …``
#: (``Когда фальшренонс установлен:`` ⏎ ``1. и взятка …``); a subsection with text and no title.
SUBSECTION_LOWER = Rx(r"^(?P<label>\d{1,2})\.\s*(?P<title>[а-яё].*)$", re.S,
                      example="1. и взятка с нарушением выиграна")
#: The same of an item: ``судья:`` ⏎ ``(a) определяет, …``; ``(b) решает …`` (a Latin or Cyrillic letter).
ITEM_LOWER = Rx(r"^\((?P<label>[a-zа-е])\)\s*(?P<title>[а-яё].*)$", re.S, example="(a) определяет, у кого")
#: A heading label glued to the text before it, with no line break or space (a page whose tags were dropped with nothing
#: in their place): ``КОРОБКИA. Положение``, ``сдачи.B. Карты``, ``кармане1. Перед игрой``, ``… сдачи.ПРАВИЛО 8. …``. A
#: section letter after a letter or a sentence mark, a number after a Cyrillic letter or a word's sentence mark (never
#: after a space: ``стр. 5. Это`` is text), a law heading after anything but a space; each before a title word.
GLUED_HEADING = Rx(rf"(?:(?<=[А-ЯЁа-яё.;:!?)»])(?=[{SECTION_LATIN}]\.\s?[А-ЯЁ][а-яёА-ЯЁ])"
    rf"|(?:(?<=[А-ЯЁа-яё])|(?<=[А-ЯЁа-яёA-Za-z)»][.;:!?]))(?=\d{{1,2}}\.\s?[А-ЯЁ][а-яё])"
    rf"|(?<=\S)(?=(?:ПРАВИЛО|Правило)\s+{LAW_NUMBER}\.\s*[А-ЯЁ]))", example="КОНТРОЛЬ КОРОБКИA. Положение коробки")
#: A part or division heading run into a chapter's line after a dash: ``Глава V. Торговля - Часть II
#: Отклонения в процедуре`` (cut before ``Часть``: two headings).
DIVISION_IN_LINE = Rx(rf"(?<=\S)\s+[-–—]\s+(?P<head>(?:Часть|ЧАСТЬ|Раздел|РАЗДЕЛ)\s+{ROMAN}\b)",
                      example="Глава V. Торговля - Часть II Отклонения в процедуре")
#: A contents or index entry's end: a dot leader (dots, ellipses, underscores, middle dots, spaced
#: dots) and the page or law numbers it points to, anywhere in a line — an entry a line, several
#: glued on one (``Ход вне очереди принят..........83 Правило 54. …...84``) or a subject index's
#: (``Аннулирование = ......6,17,86``). Any language: the leader is the shape.
LEADER_ENTRY = Rx(r"(?:\.{3,}|…{2,}|_{4,}|·{3,}|(?:\s\.){3,})\s*\d{1,3}(?:[A-ZА-Я]\d{0,2})?"
                  r"(?:\s*[,;–-]\s*\d{1,3}(?:[A-ZА-Я]\d{0,2})?)*\b", example="Определение претензии......96")
#: A contents entry's end with a short leader or none left of its number: ``сыграны..78``,
#: ``Выслушивание возражений.......`` (the number lost) — only at a line's end.
LEADER_END = Rx(r"(?:[^\W\d]\.{2}\s?\d{1,3}|\.{5,})\s*$", example="Одна карта сыграна..78")
#: A heading-shaped contents line with no leader: a law, chapter, part or section heading ending in
#: a page number (``Правило 23. Первое нарушение в торговле 45``, ``Глава V - ТОРГОВЛЯ 31``).
CONTENTS_HEADING_LINE = Rx(rf"^\s*(?:(?:Правило|ПРАВИЛО|Глава|ГЛАВА|Часть|ЧАСТЬ|Раздел|РАЗДЕЛ)\s+"
                           rf"(?:{LAW_NUMBER}|{ROMAN})|{CITE_LETTER}\.|\d{{1,2}}\.)\s*\S.*\D\s(?P<page>\d{{1,3}})\s*$",
                           example="Правило 23. Первое нарушение в торговле 45")
#: A contents entry's first word when the page prints no numbers: a heading word and its number
#: (``Глава 1. Функции комитета.``, ``ПРАВИЛО 1. Колода``, ``CHAPTER II``), or a front or back part
#: (``Введение``, ``Предисловие``, ``Приложение``, ``Introduction``, ``Index``).
CONTENTS_ENTRY_HEAD = Rx(r"^(?:(?i:глава|правило|часть|раздел|приложение|chapter|law|part|section|appendix)\s+"
                         r"(?:\d{1,3}|[IVXLC]+)\b|(?i:введение|предисловие|приложени[ея]|послесловие|указатель"
                         r"|introduction|preface|foreword|appendix|index|definitions|определения)\b)",
                         example="Глава 1. Функции комитета.")
#: A subject index's entry with no leader, any language: a term and the laws or pages it is found at
#: (``Ренонс 61, 62, 63``, ``Карта штрафная 50-52``, ``Revoke 61, 62``).
INDEX_ENTRY_ANY = Rx(r"^\s*[«\"(]?[^\W\d_][^\d]{0,80}?[\s,]+\d{1,3}[A-ZА-Я]?\d{0,2}"
                     r"(?:\s*[,;–-]\s*\d{1,3}[A-ZА-Я]?\d{0,2})*\s*\.?$", example="Ренонс 61, 62, 63")
#: The title of a contents page or a subject index, any language, letters spaced or not:
#: ``Содержание``, ``ОГЛАВЛЕНИЕ``, ``П Р Е Д М Е Т Н Ы Й  У К А З А Т Е Л Ь``, ``CONTENTS``, ``INDEX``.
CONTENTS_TITLE = Rx(r"^\s*(?P<what>(?i:с\s?о\s?д\s?е\s?р\s?ж\s?а\s?н\s?и\s?е|о\s?г\s?л\s?а\s?в\s?л\s?е\s?н\s?и\s?е"
                    r"|contents|table of contents)"
                    r"|(?i:п\s?р\s?е\s?д\s?м\s?е\s?т\s?н\s?ы\s?й\s+у\s?к\s?а\s?з\s?а\s?т\s?е\s?л\s?ь"
                    r"|а\s?л\s?ф\s?а\s?в\s?и\s?т\s?н\s?ы\s?й\s+у\s?к\s?а\s?з\s?а\s?т\s?е\s?л\s?ь|index|general index))"
                    r"\s*[.:]?\s*$", example="П Р Е Д М Е Т Н Ы Й  У К А З А Т Е Л Ь")
#: A heading word and its number, a whole line: what a one-word garbled line must repair into to be
#: repaired alone (``Ïðàâèëî 47`` → ``Правило 47``; :func:`lawref.ingest.mojibake.repair`).
HEADING_WORD_LINE = Rx(rf"^\s*(?:Правило|ПРАВИЛО|Глава|ГЛАВА|Часть|ЧАСТЬ|Раздел|РАЗДЕЛ)\s+(?:{LAW_NUMBER}|{ROMAN})"
                       rf"(?:{CITE_LETTER}\d{{0,2}})?\.?\s*$", example="Правило 47")
#: An item run into a paragraph after a sentence mark and a space: ``… ЗРИТЕЛЕМ. 1. Зритель, …``,
#: ``… стороны. 2. Зритель …`` — two letters or a bracket before the mark (never ``стр. 5.``); a cut only
#: in the labels' sequence (:func:`lawref.ingest.lines._run_in_cuts`).
RUN_IN_LABEL = Rx(r"(?:(?<=[^\W\d_]{2}[.:;])|(?<=\)[.:;]))\s+(?P<label>\d{1,2}|[A-HJ-NА-ЕЖЗИК-Н])\.\s+(?=[А-ЯЁ])",
                  example="НАРУШЕНИЕ УКАЗАНО ЗРИТЕЛЕМ. 1. Зритель")
#: A document's opening as an appendix: ``ПРИЛОЖЕНИЕ 7``, ``Appendix 2`` — its numbered clauses
#: (``19.3.``) are its own, not commentary on a law (:func:`lawref.corpus.detect_kind`).
APPENDIX_TITLE = Rx(r"^\s*(?:ПРИЛОЖЕНИЕ|Приложение|APPENDIX|Appendix)\s+(?:\d{1,2}|[IVX]+|[A-ZА-Я])\b",
                    example="ПРИЛОЖЕНИЕ 7")
#: Commentary paragraph: 004:5 ``45.4. Заметьте, …``; other sites ``1.1.(a) Ни один …`` (its first item
#: after the label with no space) and ``74.2,3. …`` (one paragraph on two: its cite is the first).
COMMENTARY = Rx(rf"^(?P<law>{LAW_NUMBER})\.(?P<num>\d{{1,3}})(?:,\s?\d{{1,3}})*\.(?:\s+|(?=\([a-zа-я\d]{{1,3}}\)))"
                rf"(?P<text>\S.*)$", re.S, example="45.4. Заметьте, что Правила предполагают")
#: Any label that starts a heading line inside wrapped text (000), used by reflow (not initials, not a cite's tail).
HEADING_START = Rx(
    rf"^(?:(?:Правило|ПРАВИЛО)\s+{LAW_NUMBER}(?:\s*[.:]\s*|\s+[-–—]\s+)(?![A-ZА-Я]\.?\d)[А-ЯЁA-Z«\"]|(?:Правило|ПРАВИЛО)\s+{LAW_NUMBER}\s*$"
    rf"|(?:Глава|ГЛАВА|Часть|ЧАСТЬ|Раздел|РАЗДЕЛ)\s+{ROMAN}\s*[-–—.]|{CITE_LETTER}\.[А-ЯЁ](?!\.)|\d{{1,2}}\.[А-ЯЁ]"
    r"|\((?:[A-Za-zА-Яа-я]|\d{1,2})\)\.\s*[А-ЯЁ])", example="B.Исправление фальшренонса")
#: A front-matter heading of a book or a code, any case: ``Введение``, ``Предисловие к русскому изданию``, ``От
#: переводчика``, ``Preface``, ``Introduction``; and a part heading of teaching material before its numbered notes
#: (``Комментарии:``, ``Примечания``, ``Comments``) (:func:`lawref.titles.front_heading` bounds its length).
FRONT_HEADING = Rx(r"^(?i:введение|предисловие|вступление|послесловие|заключение|от переводчика|от редакции"
                   r"|от автора|благодарности|комментари[йи]|примечани[ея]|introduction|preface|foreword"
                   r"|acknowledg(?:e)?ments|comments?|notes)\b[^.!?;:]{0,60}[.:]?$",
                   example="Предисловие к русскому изданию")
#: A whole law heading at a line's start, Russian or English (:mod:`lawref.treecheck`: one inside a node's text
#: is a heading the parser took for text); never a cite's dotted tail (``Law 16.B.1.a. says``).
LAW_HEADING_LINE = Rx(rf"^(?:Правило|ПРАВИЛО|LAW|Law)\s+{LAW_NUMBER}(?:\s*[.:]\s*|\s+[-–—]\s+)(?![A-ZА-Я]\.?\d)"
                      r"[А-ЯЁA-Z«\"]", example="ПРАВИЛО 23. ПЕРВОЕ НАРУШЕНИЕ В ТОРГОВЛЕ")
#: A section or subsection label with a space before its title (other
#: libraries' layout): ``A. Информация от партнёра``, ``2. Изменение заявки``.
SPACED_LABEL = Rx(rf"^(?:{CITE_LETTER}|\d{{1,2}})\.\s+[А-ЯЁ]", example="A. Информация от партнёра")
#: A word in capitals at the start of a string (all-caps перенос: ``ПРАВИ-`` ⏎ ``ЛОМ``).
LEADING_CAPS = Rx(r"^(?P<word>[А-ЯЁA-Z]+)", example="ЛОМ 44")
#: Conjunctions after a suspended hyphen: ``одно-`` ⏎ ``и двухмастных``.
SUSPENDED = Rx(r"^(?:и|или|либо|а|and|or)\s", example="и двухмастных")
#: A number at the end of a line before a hyphen: ``правила 61-`` ⏎ ``64``.
NUMBER_HYPHEN = Rx(r"\d-$", example="правила 61-")
#: A commentary's source mark after a heading or paragraph: ``ДЕФЕКТНАЯ
#: ВЗЯТКА(DC4)`` — the source it follows; kept apart from title and text.
SOURCE_MARK = Rx(r"\s*\((?P<mark>[A-Z]{2,4}\d{1,3}[a-z]?)\)\s*$", example="ДЕФЕКТНАЯ ВЗЯТКА(DC4)")
#: A heading glued at the end of a paragraph after a sentence end: 001:31 ``… стороной). B.Последующая игра во взятку``.
INLINE_HEADING = Rx(rf"(?<=[.:;)])\s+(?P<heading>(?:{CITE_LETTER}|\d{{1,2}})\.[А-ЯЁ][^.!?;:()]{{2,100}})$",
                    example="совершённого его стороной). B.Последующая игра во взятку")

# -- English editions (manifest ``lang = "en"``) --------------------------------

#: ``LAW 62 - CORRECTION OF A REVOKE``, ``Law 62. Correction of a Revoke``, ``LAW 61`` (title on the next line),
#: ``Law 16 Authorised and Unauthorised Information`` (a title with no mark, no sentence after it); never a cite's
#: tail for a title (``Law 16.B.1.b says …``, ``Правило 16.B1 …``: a cite in a sentence).
LAW_EN = Rx(rf"^(?:LAW|Law)\s+(?P<num>{LAW_NUMBER})(?:(?:\s*[-–—.:]\s*|\s+(?=[A-Z]{{2}})"
            rf"|\s+(?=[A-Z][a-z][^.!?;:]{{0,120}}$))(?P<title>(?![A-Z]\.?\d)[A-Z\"'“].*))?$",
            re.S, example="LAW 62 - CORRECTION OF A REVOKE")
#: ``CHAPTER VI - THE PLAY``; ``PART IV - REVOKE``.
CHAPTER_EN = Rx(rf"^(?:CHAPTER|Chapter)\s+(?P<num>{ROMAN})\b\s*[-–—.:]?\s*(?P<title>\S.*)?$", re.S,
                example="CHAPTER VI - THE PLAY")
PART_EN = Rx(rf"^(?:PART|Part)\s+(?P<num>{ROMAN})\b\s*[-–—.:]?\s*(?P<title>\S.*)?$", re.S, example="PART IV - REVOKE")
#: The English words that number a part's divisions (the 1997 book: ``SECTION THREE`` ⏎ ``THE REVOKE``).
NUMBER_WORDS_EN = ("ONE", "TWO", "THREE", "FOUR", "FIVE", "SIX", "SEVEN", "EIGHT", "NINE", "TEN")
#: A division of a part, English (``SECTION THREE - THE REVOKE``, or its title on the next line).
DIVISION_EN = Rx(rf"^(?:SECTION|Section)\s+(?P<num>(?i:{'|'.join(NUMBER_WORDS_EN)}))\b"
                 r"\s*[-–—.:]?\s*(?P<title>\S.*)?$", re.S, example="SECTION THREE")
#: ``A. Revoke Must Be Corrected``, and a title run into its body as real extractions print it:
#: ``B. The Deal The cards must be dealt …`` (:func:`lawref.lang.english.title_end` finds where the title ends).
SECTION_EN = Rx(rf"^(?P<label>[{SECTION_LATIN}])\.\s+(?P<title>(?![A-Z]\.)[A-Z\"'“].*)$", re.S,
                example="B. The Deal The cards must be dealt face down")
#: ``1. Dummy's Limitations``.
SUBSECTION_EN = Rx(r"^(?P<label>\d{1,2})\.\s+(?P<title>[A-Z][^.]*)$", re.S, example="1. Dummy's Limitations")
#: ``1. The Director may award …``, ``2. except as provided in B1 above …`` — a subsection printed with its text and no
#: title (a title is short, in title case, without a full stop: see :func:`lawref.lang.english.looks_like_title`).
SUBSECTION_TEXT_EN = Rx(r"^(?P<label>\d{1,2})\.\s+(?P<title>[A-Za-z“\"'(].*)$", re.S,
                        example="1. The Director may award an adjusted score when")
#: A suit's symbol lost inside parentheses after its name: ``spades ()``, ``the trump suit ( )``.
LOST_SUIT_EN = Rx(r"\b(?P<suit>spades?|hearts?|diamonds?|clubs?|suit)\s*\(\s*\)", re.I, example="spades ()")
#: An English section label run into a paragraph after a sentence mark (a whole law printed on one line:
#: ``… if either opponent so requests. B. The Deal The cards …``); cut only in sequence.
RUN_IN_SECTION_EN = Rx(rf"(?<=[.:;)])\s+(?P<sec>[{SECTION_LATIN}])\.\s+(?=[A-Z“\"'])",
                       example="so requests. B. The Deal The cards")
#: ``1.`` alone: a subsection whose text opens with its first item (``1.(a) When …`` cut at the item).
SUBSECTION_BARE_EN = Rx(r"^(?P<label>\d{1,2})\.(?P<title>)$", example="1.")
#: ``(a) the offender …`` — an item has text, no title; a club's page prints a letter's item without its
#: opening bracket (``a) it derives …``).
ITEM_EN = Rx(r"^\(?(?P<label>[a-z]|(?<=\()(?:\d{1,2}|ii|iii|iv|vi|vii|viii|ix))\)\s*(?P<title>\S.*)$", re.S,
            example="(ii) the offender must")
#: Roman numbers of sub-items in English editions: ``12C1(e)(ii)``.
ROMAN_ITEM = ("i", "ii", "iii", "iv", "v", "vi", "vii", "viii", "ix", "x")
HEADING_START_EN = Rx(
    rf"^(?:(?:LAW|Law)\s+{LAW_NUMBER}(?:\s*[-–—.:]\s*(?![A-Z]\.?\d)[A-Z\"'“]|\s*$)|(?:CHAPTER|Chapter|PART|Part)\s+{ROMAN}\b"
    rf"|(?:SECTION|Section)\s+(?i:{'|'.join(NUMBER_WORDS_EN)})\b"
    rf"|[{SECTION_LATIN}]\.\s+(?![A-Z]\.)[A-Z\"'“]|\d{{1,2}}\.\s+[A-Z][^.]*$|\d{{1,2}}\.\s*$|\((?:[a-z]|ii|iii|iv|vi|vii|viii|ix)\)\s|[a-z]\)\s)",
    example="LAW 61",
)
#: A lone page number (``58``, ``67 67``) or roman one (``xii``) left by PDF extraction.
PAGE_NUMBER_EN = Rx(r"^\s*(?:(?P<num>\d{1,3})(?:\s+(?P=num))?|[ivxlc]{1,7})\s*$", example="67 67")
#: A table-of-contents line: ``Law 62 - Correction of a Revoke ........ 58``;
#: several laws on one line end with the last one's page.
TOC_LINE = Rx(
    r"^\s*(?:LAW|Law|CHAPTER|Chapter|PART|Part|Definitions|DEFINITIONS|Introduction|INTRODUCTION|Foreword|FOREWORD"
    r"|Appendix|APPENDIX|Index|INDEX|Scope|SCOPE|\d{1,3}\.?)\b.*?\S(?:\s*\.{2,}\s*|\s+)(?:\d{1,3}|[ivxlc]{1,7})\s*$",
    example="Law 62 - Correction of a Revoke ........ 58",
)
#: The start of a contents line, to join one wrapped over two lines (``LAW 12 - DIRECTOR'S`` ⏎ ``POWERS .... 15``).
TOC_START = Rx(r"^\s*(?:LAW|Law|CHAPTER|Chapter|PART|Part)\s+(?:\d{1,3}|[IVXLC]{1,7})\b", example="LAW 12 - DIRECTOR'S")
TOC_TITLE = Rx(r"^\s*(?:TABLE OF CONTENTS|CONTENTS|Contents|Table of Contents)\s*$", example="CONTENTS")
#: The title of a book's index: ``INDEX``, ``Index to the Laws …``.
INDEX_TITLE = Rx(r"^\s*(?:INDEX|Index|GENERAL INDEX|General Index)(?:\s+(?:TO|OF|to|of)\s+\S.{0,60})?\s*$",
                 example="Index to the Laws of Duplicate Bridge")
_INDEX_CITE = r"\d{1,3}[A-Z]?\d{0,2}(?:\([a-z0-9]{1,4}\))*(?:\s*[-–]\s*\d{1,3}[A-Z]?\d{0,2})?"
#: An index entry: a term and the laws it is found in (``Revoke 61, 62, 63, 64``, ``Adjusted score 12C, 86B``).
INDEX_ENTRY = Rx(rf"^\s*[A-Za-z\"'“(][^\d]{{0,80}}?[\s,]+{_INDEX_CITE}(?:\s*[,;]\s*(?:see\s+)?{_INDEX_CITE})*\s*\.?$",
                 example="Adjusted score 12C, 86B")
#: A short term of an index with no law after it (``Director``, ``see also Claim``).
INDEX_TERM = Rx(r"^\s*[A-Za-z\"'“(][^\d.!?]{0,50}$", example="see also Claim")
#: A running head printed with the page number on its line: ``12  THE LAWS – A TEST EDITION``,
#: ``Laws of Duplicate Bridge 12``.
NUMBERED_HEAD = Rx(r"^\s*(?:(?P<num>\d{1,3})\s+(?P<head>\D.*?)|(?P<head2>.*?\D)\s+(?P<num2>\d{1,3}))\s*$",
                   example="12  THE LAWS – A TEST EDITION")
#: A page number glued to a title in capitals: ``DIRECTOR'S DISCRETIONARY POWERS 15``.
TITLE_PAGE_NUMBER = Rx(r"^(?P<title>.*[A-Z'’)])\s+(?P<num>\d{1,3})\s*$", re.S,
                       example="DIRECTOR'S DISCRETIONARY POWERS 15")
#: A footnote number glued to a word: ``player19``, ``CARDS2``, ``ruling.4`` → marker 19.
GLUED_FOOTNOTE = Rx(r"(?:(?<=[A-Za-z]{2})|(?<=[a-z][.,;:!?)]))(?P<num>\d{1,2})\b(?![.,]\d)", example="the player19 may")
#: A footnote line: ``19 A player is …`` (only when marker 19 was seen before it).
FOOTNOTE_LINE_EN = Rx(r"^(?P<num>\d{1,2})\s+(?P<text>[A-Z“\"'‘].*)$", re.S, example="19 A player is")
#: A footnote line that opens in lower case (``14 when the …``): a footnote only at a page's foot.
FOOTNOTE_LINE_LOWER_EN = Rx(r"^(?P<num>\d{1,2})\s+(?P<text>[a-z].*)$", re.S, example="14 when the revoke")
#: The first section printed on its law's heading line, after the title in capitals: ``LAW 6 - THE SHUFFLE AND
#: DEAL A. The Shuffle Before play starts …`` (real PDF extractions of the 2017 Laws).
SECTION_AFTER_LAW_EN = Rx(r"^(?:LAW|Law)\s+\d{1,3}\b[^a-z]*?[A-Z]{2,}[^a-z]*?\s(?P<section>A\.\s+[A-Z])",
                          example="LAW 6 -THE SHUFFLE AND DEAL A. The Shuffle Before play starts")
#: A footnote call already in brackets: ``INCORRECT NUMBER OF CARDS[2]``.
BRACKET_CALL_EN = Rx(r"(?<=\S)\[(?P<num>\d{1,2})\]", example="CARDS[2]")
#: The next note printed on the same line as the one before it: ``… of the ruling. 14 When …``.
NEXT_NOTE_EN = Rx(r"(?<=[.;:!?)”\"'])\s+(?P<num>\d{1,2})\s+(?=[A-Za-z“\"'‘])", example="the ruling. 14 When")
#: Footnote start once marked: ``[19] A player is …``.
FOOTNOTE_EN = Rx(r"^\[(?P<marker>\d{1,2})\]\s*(?P<text>\S.*)$", re.S, example="[19] A player is")
#: The head of a word split where a PDF dropped a ligature (``E ective``, ``speci c``, ``O ENDER``):
#: the head and its space; the tail is looked ahead, so that ``the o ending`` tries ``o ending`` too.
LIGATURE_GAP = Rx(r"\b(?P<head>[A-Za-z]{1,12}) (?=(?P<tail>[a-z]{1,16}|[A-Z]{2,16})\b)", example="the o ending side")
#: A word whose first letters a PDF dropped with a ligature (``the  nal``, `` ow``): the
#: space the ligature left (after a word and its own space, or at a line start) and the tail.
LIGATURE_START = Rx(r"(?:(?<=[a-z,;] )|^) (?P<tail>[a-z]{2,16})\b", example="the  nal ruling")
#: The last word of a line and the first of the next, where a PDF broke the line at a
#: dropped ligature (``a fresh o`` ⏎ ``ender of the cards``).
LINE_END_WORD = Rx(r"(?<![\w'’-])(?P<head>[A-Za-z]{1,12})$", example="a fresh o")
LINE_START_WORD = Rx(r"^(?P<tail>[a-z]{1,16}|[A-Z]{2,16})\b", example="ender of the cards")
#: A lower-case word (where a ligature may have been dropped with no gap: ``oender``).
LOWER_WORD = Rx(r"(?<![\w'’-])(?P<word>[a-z]{3,20})(?![\w'’-])", example="the oender must")
LIGATURES = ("ff", "fi", "fl", "ffi", "ffl")
#: An English law heading anywhere in a file (language detection): ``LAW 62``.
LAW_EN_ANYWHERE = Rx(rf"(?m)^(?:[-–—•·▪◦]\s+)?(?:LAW|Law)\s+{LAW_NUMBER}\b", example="text\n- LAW 62 - CORRECTION")

# ==============================================================================
# Cites and the citation grammar (lawref.cite), on clean text (000:239–240 ``прави-`` ⏎ ``ла 70 или 71`` is whole).

#: Item labels one cite may carry (``43B2(a)(1)``): a longer chain is not a cite.
MAX_ITEMS = 4
#: A word that introduces a cite given alone (``show``, ``search``): ``правило``, ``пр.``, ``ст.``, ``статья``,
#: ``закон`` (some translations' word for a Law: ``Закон 62``), ``Law``, ``L``, ``п.``, ``пункт``, ``§``. Free text
#: keeps to «правило»: «Закон 152-ФЗ» is not the Laws'.
CITE_PREFIX = Rx(r"^\s*(?:(?:правил[а-яё]*|пр(?:ав)?\.|ст\.|стать[а-яё]*|закон[а-яё]*|law[s]?|l\.?(?=\d)|пп?\."
                 r"|пункт[а-яё]*|§)\s*)?(?:№\s*)?",
                 re.IGNORECASE, example="правило № 62B")
#: A section letter typed in lower case, glued to its law's number (``правило 62б``, ``Law 12a``): read
#: as its capital (:data:`LOWER_SECTION`, the same letters), as a cite given alone is.
_GLUED_LOWER = "[a-hj-nавсенкмбгджзил]"
#: A section letter typed in lower case right after a law's number, in a cite given alone (``62б``, ``43b2a``, ``43 б 2
#: а``, a phone's keyboard): read as its capital. Only the letters a section may be printed with (:data:`CITE_LETTER`),
#: not inside a word (``5th``, ``2х`` stay as they are), and after a space not a letter that is a Russian word of its
#: own (``61 и 62``, ``62 в …``, ``5 к 7``), after a dash not an ordinal's ending (``36-е``, ``2-м``).
LOWER_SECTION = Rx(r"^(?P<law>\d{1,3})(?:(?P<gap>[. ])(?P<spaced>[a-hj-nбгдежзлмн])|(?P<dash>-)(?P<dashed>"
                   rf"[a-hj-nбгджзлн])|(?P<glued>{_GLUED_LOWER}))(?![a-zа-яё])", example="62б")
#: A cite typed as it is printed canonically (``62``, ``62B``, ``72A5``, ``43B2(a)``, ``45.5``): the
#: canonical form of itself (a property test), read without the patterns that repair other spellings —
#: a cold ``show 62B`` compiles this one pattern, not fourteen (issue 28).
CANONICAL_CITE = Rx(r"[1-9][0-9]{0,2}(?:[A-Z](?:[1-9][0-9]?)?(?:\([a-z]{1,2}\)){0,4}|\.[1-9][0-9]{0,2})?",
                    example="43B2(a)")
#: A canonical law cite, spaces removed: ``62``, ``62B``, ``72A5``, ``43B2(a)``.
LAW_CITE = Rx(rf"^(?P<law>{LAW_NUMBER})(?!\d)(?P<section>[A-Za-z])?(?P<sub>\d{{1,2}})?"
              rf"(?P<items>(?:\([A-Za-z0-9]{{1,2}}\)){{0,{MAX_ITEMS}}})$", example="43B2(a)")
#: A commentary cite: ``45.5`` (``45.5.`` too).
COMMENTARY_CITE = Rx(rf"^(?P<law>{LAW_NUMBER})\.(?P<num>\d{{1,3}})\.?$", example="45.5.")
#: A capital section letter in brackets right after a law's number: ``69(A)``, ``68(C)2`` (as :data:`CITE_TOKEN` does).
PAREN_SECTION = Rx(rf"^(?P<law>\d{{1,3}}) ?\((?P<letter>{CITE_LETTER})\)", example="69(A)")
#: A subsection number in brackets right after a section letter: ``65B(2)`` is 65B2 (an item is a subsection's).
PAREN_SUBSECTION = Rx(rf"^(?P<head>\d{{1,3}}{CITE_LETTER})\((?P<sub>\d{{1,2}})\)", example="65B(2)")
#: A dot between a section letter and its subsection's number (``26A.1``, «26 А.1»): the number is the subsection.
SECTION_DOT = Rx(rf"(?<={CITE_LETTER})\.(?=\d)", example="26A.1")
#: What may stand between a law number and its section letter in a cite given alone (``62-B``, ``62.B``, ``62 B``).
CITE_LETTER_JOIN = Rx(rf"^(?P<law>\d{{1,3}})[-. ](?={CITE_LETTER})", example="62-B")
#: An item's letter glued to its subsection, or after a dot (``46B3a``, ``43.B.2.c``; caps lock's ``43B2A``): ``(a)``.
GLUED_ITEM = Rx(r"^(?P<head>\d{1,3}[A-Z]\d{1,2})\.?(?P<item>[A-Za-z])$", example="46B3a")
#: A section letter, a gap, then a law's number with a letter of its own (``62B 62C``): two cites, not 62B62(c).
TWO_CITES = Rx(rf"(?i:{CITE_LETTER})\s+\d{{1,3}}(?i:{CITE_LETTER})", example="62B 62C")
#: Digits separated by spaces inside a cite (``72 5`` is not ``725``).
DIGIT_GAP = Rx(r"(?<=\d)\s+(?=\d)", example="72 5")
#: A digit: every citation has one (a text without any is not searched for citations).
ANY_DIGIT = Rx(r"\d", example="правило 62B")
SPACES = Rx(r"\s+", example="62 B")  #: Any whitespace.
#: The law number at the start of a canonical cite: ``43B2(a)`` → ``43``.
LEADING_NUMBER = Rx(r"\d+", example="43B2(a)")
#: A canonical cite's parts: law, section, subsection, items (``43B2(b)``).
CITE_PARTS = Rx(r"(\d+)([A-Z]?)(\d*)((?:\([a-z0-9]+\))*)", example="43B2(b)")
#: One item label of a canonical cite: ``(b)``.
ITEM_LABEL = Rx(r"\([a-z0-9]+\)", example="43B2(b)")

#: Russian «правило» in every case form, any letter case, a number sign or none between it and the cite: 000:6
#: ``правилом 44``, 000:239 ``правила 70 или 71``, 004:56 ``Правилу 45F``; ``правилу № 62``, ``Правило62B``; abbreviated
#: ``пр. 62``, ``прав. 62``, and without the dot before a number (``пр69А``, ``пр 62``: a director's shorthand).
RU_LAW_WORD = r"(?<![\w-])(?i:правил(?:о|а|у|ом|е|ам|ами|ах)?|пр(?:ав)?(?:\.|(?=[ \u00a0]?\d)))(?![^\W\d_]|-)"
#: «статья» / ``ст.``: ``ст. 40``, ``статья 40``, ``статьи 40``; ``ст40``, ``ст 40``.
RU_ARTICLE_WORD = r"(?<![\w-])(?i:ст(?:\.|(?=[ \u00a0]?\d))|стать(?:я|и|е|ю|ёй|ей|ям|ями|ях))(?![^\W\d_]|-)"
#: «закон», the word some translations use for a Law, in a cite given alone (:func:`lawref.cite.given_alone`):
#: ``Закон 62 пункт B``, ``пункт B закона 62`` (never «закончился»); in a text, only before a section letter:
STATUTE_WORD = Rx(r"(?<![\w-])(?i:закон)(?P<end>(?i:ами|ам|ах|ов|ом|а|у|е|ы)?)(?![^\W\d_]|-)", example="Закон 62")
STATUTE_SECTION = Rx(rf"{STATUTE_WORD.pattern}(?=\s?№?\s*\d{{1,3}}(?i:{CITE_LETTER})(?![^\W\d_]))", example="Закону 6B")
#: English: ``Law 62B``, ``Laws 61-64``, ``LAWS``; and ``L61B``, ``L49C2``.
EN_LAW_WORD = r"(?<![\w-])(?:Laws?|LAWS?|laws?)(?![^\W\d_]|-)"
#: Any word a law is cited by in a text («Закон 152 о персональных данных» is a state's: :data:`STATUTE_SECTION`).
#: What follows a citation of another document than the Laws, in the genitive: «статья 5 регламента», «ст. 152 ГК».
OTHER_DOCUMENT = Rx(r"[^\S\n]*(?:(?i:регламент(?:а|ов)|положени[яй]|устава|конституции|постановлени[яй]|приказа"
                    r"|договора|соглашени[яй]|инструкции|сборника)|ГК|УК|ТК|НК|КоАП|ФЗ)(?![\w-])", example="ст. 5 ГК")
_ANY_LAW_WORD = rf"(?:{RU_LAW_WORD}|{RU_ARTICLE_WORD}|{EN_LAW_WORD})"
EN_L_PREFIX = r"(?<![\w-])L(?=\d)"
#: ``п.`` / ``пункт`` before a law cite with a section letter (``п. 62B``); before
#: a paragraph number it is a commentary citation, before a bare number a relative one.
POINT_WORD = r"(?<![\w-])(?:пп?\.|(?i:пункт(?:а|у|ом|е|ы|ов|ам|ами|ах)?))(?![^\W\d_]|-)"
NUMBER_SIGN = r"(?:№[^\S\n]*)?"
#: ``правила с 61 по 64``, ``Laws from 61 to 64``.
FROM_WORD = r"(?:(?:с|from)[^\S\n]+(?:\n[^\S\n]*)?(?=\d))?"
#: A section letter printed apart from its law (``Law 25 B 2``, ``правило 66 C``) is one where a subsection, an item,
#: punctuation, a list word or the end follows, or any word after a letter that is no word (``Law 62 B for``, ``62 Д
#: гласит``) — never after one that is (``Law 62 A player``, ``правило 62 В случае``).
_SPACED_LETTER = (rf"[ ](?:{CITE_LETTER}(?=[ ]?\d|[ ]?\(|[.,;:)\]»\"]|$|[ ]?[-–—]"
                  r"|[ ](?:и|или|либо|and|or|to|по|through)[ ])|[B-HБГДЕЖЗН](?=[ ][a-zа-яё]))")
_ORDINAL_ENDING = "го|ого|му|ому|м|ом|й|ый|ий|ой|е|ое|я|ая|ю|ую|х|ых"
_ORDINAL = rf"-(?:{_ORDINAL_ENDING})(?![\w-])"
#: An item's label in brackets in running text: ``(a)``, ``(ii)``, ``(1)``, or one lower-case Cyrillic letter
#: read as a cite given alone reads it (``43Б1(а)``, ``43B2(б)``: by look-alike or alphabet order).
_ITEM_LABEL = r"\((?:[a-zA-Z0-9]{1,2}|[абвгдежзиклмнс])\)"
#: One law cite in running text: ``62``, ``66C``, ``81C8``, ``43B2(b)``, ``47Е`` (004:13), ``10С2`` (004:90), ``25Б``,
#: ``62б`` (a letter typed in lower case); spaced: ``16 B 1``, ``43 B 2 (b)``. Never the law number of a commentary
#: paragraph's cite (``45`` of ``правило 59, 45.5``): that is not law 45.
CITE_TOKEN = (rf"{LAW_NUMBER}(?:(?:{CITE_LETTER}|{_GLUED_LOWER}|{_SPACED_LETTER}|[ ]?\({CITE_LETTER}\))"
              rf"(?:[ .]?\d{{1,2}})?(?:[ ]?{_ITEM_LABEL}){{0,{MAX_ITEMS}}}|{_ORDINAL})?(?![\w])(?!\.\d)")
#: A Russian ordinal ending glued to a law number by a hyphen (``с 61-го по 64-е``, ``62-му``): not the cite's.
ORDINAL = Rx(rf"-(?:{_ORDINAL_ENDING})$", example="61-го")
#: A continuation of a run: a section of the same law (``12C1 и C2`` → ``C2``; ``64A и B.`` → ``B``, a full stop
#: after it; ``62А-В`` → ``В``) or an item of the same subsection (``43B2(a) и (b)`` → ``(b)``).
SECTION_TOKEN = (rf"{CITE_LETTER}\.?\d{{1,2}}(?:{_ITEM_LABEL}){{0,{MAX_ITEMS}}}(?![\w])"
                 rf"|{CITE_LETTER}(?!\w|\.\w)|(?:{_ITEM_LABEL}){{1,{MAX_ITEMS}}}(?![\w])")
#: A space inside a citation: never one that starts a blank line (``правила 70 или 71`` ⏎⏎ ``-1`` is not ``1``).
_WS = r"(?:(?!\n[^\S\n]*\n)\s)"
#: Between listed cites: a comma, «и»/«or»; spaces or a ``;`` before a section's cite (``62B 62A``, ``61; 62B``).
LIST_SEP = rf"{_WS}*(?:,{_WS}*(?:(?:и|или|либо|and|or){_WS}+)?|{_WS}(?:и|или|либо|and|or){_WS}+){_WS}*"
RANGE_SEP = rf"{_WS}*(?:[-–—]|{_WS}(?:to|по|through|thru|до){_WS}){_WS}*"
_RUN_SEP = (rf"(?:{RANGE_SEP}|{LIST_SEP}|(?:[ \t]+|;[ \t]*)(?={LAW_NUMBER}{CITE_LETTER}\d{{0,2}}"
            rf"(?:{_ITEM_LABEL}){{0,{MAX_ITEMS}}}(?![\w(]|[ .]?\d)))")
#: A run of cites after a law word: ``70 или 71``, ``61-64``, ``61 - 64``, ``12C1 и C2``, ``61, 62, and 64``.
CITE_RUN = Rx(rf"(?P<first>{CITE_TOKEN})(?P<rest>(?:{_RUN_SEP}(?:{CITE_TOKEN}|{SECTION_TOKEN}))*)", example="70 или 71")
#: A law word before a cite (the cite itself is looked ahead): 000:11 ``правило 59``; ``ст. 40``,
#: ``правилу № 62``, ``правила с 61 по 64``, ``п. 62B``.
LAW_CITATION = Rx(rf"{_ANY_LAW_WORD}{_WS}*{NUMBER_SIGN}{FROM_WORD}(?={CITE_TOKEN})"
                  rf"|{EN_L_PREFIX}|{POINT_WORD}{_WS}*{NUMBER_SIGN}(?={LAW_NUMBER}{CITE_LETTER})",
                  example="см. правило 59")
#: A law by its ordinal before «правило» (62-му, 62-е); bare in cases no count takes: «по 12 правилу», «в 2 правиле».
ORDINAL_LAW = Rx(rf"(?<![\w.,-])(?P<law>{LAW_NUMBER})(?:-(?:{_ORDINAL_ENDING})[ \u00a0]+(?i:правил(?:о|а|у|ом|е))|"
                 r"[ \u00a0]+(?i:правил(?:у|е|ом)))(?![^\W\d_]|-)", example="по 62-му правилу, по 12 правилу")
#: A word naming a part of a law: «раздел», «пункт», «подпункт», «параграф», «абзац», «часть» in every case
#: form; ``section``, ``subsection``, ``paragraph``, ``subparagraph``, ``clause``, ``item``. Which part
#: it is, the label says (a capital letter a section, a number a subsection, ``(b)`` an item), not
#: the word: translations call a section «пункт» as often as «раздел».
_SUBDIVISION_WORD = (r"(?<![\w-])(?:(?i:(?:под)?пункт|раздел|параграф|абзац)(?:а|у|ом|е|ы|ов|ам|ами|ах)?"
              r"|(?i:част(?:ь|и|ью))|(?i:(?:sub)?(?:section|paragraph)|clause|item)s?|(?i:подп|пп?|разд|абз|ч)\.)"
              r"(?![^\W\d_]|-)")
#: A part's label after its word: a letter (Latin, or a Cyrillic capital: never «в», «и» of the
#: sentence), a number, or an item in brackets, and what may follow it in a cite (``B2(b)``).
_SUBDIVISION_LABEL = (r"(?:[A-Za-zА-ЯЁ]|\d{1,2}|\([A-Za-zА-Яа-яЁё0-9]{1,2}\))(?:[ ]?\d{1,2})?"
               r"(?:[ ]?\([A-Za-z0-9]{1,2}\)){0,4}(?![\w(])")
_SUBDIVISION_LABELS = rf"{_SUBDIVISION_LABEL}(?:{LIST_SEP}{_SUBDIVISION_LABEL})*"  # «пункты B и C»: a list of them
_SUBDIVISION = rf"{_SUBDIVISION_WORD}{_WS}*{NUMBER_SIGN}{_SUBDIVISION_LABELS}"
_SUBDIVIDED_LAW = (rf"{_ANY_LAW_WORD}{_WS}*{NUMBER_SIGN}(?P<law>{LAW_NUMBER})"
             rf"(?P<own>{CITE_LETTER}(?:\d{{1,2}})?)?(?![\w])(?!\.\d)")
#: A law cite with its parts named after it: ``правило 62 пункт B``, ``Law 62, section B``,
#: ``правило 43, раздел B, пункт 2``.
SUBDIVISIONS_AFTER = Rx(rf"{_SUBDIVIDED_LAW}(?P<parts>(?:{_WS}*,?{_WS}*{_SUBDIVISION}){{1,3}})",
                        example="Law 62, section B")
#: A law's parts named before it, the smallest first: ``раздел C правила 62``, ``согласно разделу C
#: правила 62``, ``пункт 2 раздела B правила 43``, ``section B of Law 62``.
SUBDIVISIONS_BEFORE = Rx(rf"(?P<parts>{_SUBDIVISION}(?:{_WS}*,?{_WS}*(?:of{_WS}+)?{_SUBDIVISION}){{0,2}}){_WS}*,?{_WS}*"
                  rf"(?:of{_WS}+(?:the{_WS}+)?)?{_SUBDIVIDED_LAW}", example="пункт 2 раздела B правила 43")
#: One part of :data:`SUBDIVISIONS_AFTER` or :data:`SUBDIVISIONS_BEFORE`: its word and its label (or a list of them,
#: split by :data:`LIST_SEPARATOR`: ``пункты B и C``).
SUBDIVISION = Rx(rf"(?P<word>{_SUBDIVISION_WORD}){_WS}*{NUMBER_SIGN}(?P<label>{_SUBDIVISION_LABELS})",
                 example="раздела B")
LIST_SEPARATOR = Rx(LIST_SEP, example="B и C")
_COMMENTED = (rf"(?i:комментари[а-яё]*|комм(?:ент)?\.?|commentary){_WS}+(?:(?i:к|на|on|to){_WS}+)?(?:the{_WS}+)?"
              rf"(?:(?:{RU_LAW_WORD}|{RU_ARTICLE_WORD}|{EN_LAW_WORD}){_WS}*)?{NUMBER_SIGN}(?P<lawN>{LAW_NUMBER})")
_PARAGRAPH_WORD = rf"(?:{_SUBDIVISION_WORD}|§|¶|(?i:para)\.?){_WS}*{NUMBER_SIGN}"
#: A commentary paragraph named in words (its number before or after the law's): «комментарий к правилу 47,
#: п. 2», «п. 2 комментария к правилу 46», "paragraph 2 of the commentary on Law 46", «комментарий 47.2» (47,2) → 47.2,
#: «комментарий к правилу 45 (6)» → 45.6.
_COMMENTED1, _COMMENTED2 = _COMMENTED.replace("lawN", "law1"), _COMMENTED.replace("lawN", "law2")
COMMENTARY_NAMED = Rx(rf"{_PARAGRAPH_WORD}(?P<num1>\d{{1,3}}){_WS}*,?{_WS}*(?:of{_WS}+(?:the{_WS}+)?)?"
                      rf"{_COMMENTED1}(?![\w])(?!\.\d)|{_COMMENTED2}(?:(?:{_WS}*[,;]?{_WS}*{_PARAGRAPH_WORD}|[.,](?=\d))"
                      rf"(?P<num2>\d{{1,3}})(?![\w(])(?!\.\d)|{_WS}*\((?P<num3>\d{{1,3}})\))",
                      example="п. 2 комментария к правилу 46; комментарий к правилу 45 (6)")
#: One further member of a run: ``, 64``, `` или 71``, ``-64``, `` и (b)``.
CITE_PIECE = Rx(rf"(?P<sep>{_RUN_SEP})(?P<tok>{CITE_TOKEN}|{SECTION_TOKEN})", example=" или 71")
#: A range separator inside a run: ``61-64``, ``61 – 64``, ``Laws 61 to 64``, ``с 61 по 64``, ``61 through 64``.
RANGE_MARK = Rx(r"[-–—]|\s(?:to|по|through|thru|до)\s", example="61 - 64")
#: An alphabet-only Cyrillic section letter (``25Б``): its text reads Cyrillic letters in alphabet order.
ALPHABET_LETTER = Rx(f"[{ALPHABET_ONLY}]", example="правило 25Б")
ALPHABET_LETTER_TYPED = Rx(rf"(?<=\d)[{ALPHABET_ONLY.lower()}]", example="правило 62б")  # glued: not «61 и 62»
ITEM_IN_BRACKETS = Rx(r"\([a-zа-яё0-9]{1,2}\)", example="43B2(б)")  # ``(a)``, ``(б)``: no section's evidence
#: An item's letter with no Latin look-alike (``(б)``): one reading only, alphabet order, whatever the sections'.
ALPHABET_ITEM = Rx(rf"\([{ALPHABET_ONLY.lower()}]\)", example="43B2(б)")
#: A bid above the seven level, as a director reports it (``8 пик``, ``восемь бк``, ``9 hearts``): Law 35C's
#: «назначение выше семи», whatever the denomination.
BID_ABOVE_SEVEN = Rx(r"(?<![\w.,])(?:[89]|1[0-3]|восемь|девять|десять|eight|nine|ten)[ -]?"
                     r"(?:пик\w*|черв\w*|бубн\w*|бубен|треф\w*|бк\b|б/к|nt\b|no[ -]?trumps?|spades?|hearts?|"
                     r"diamonds?|clubs?|[♠♥♦♣])", re.IGNORECASE, example="заявил 8 пик")
#: A section letter right after a law number that reads one way in alphabet order and another as the
#: Latin letter it transliterates (``17Д``: 17E, or 17D; ``17Г``: 17D, or 17G).
TRANSLITERATED_LETTER = Rx(r"(?<=\d)(?P<gap>\s?)(?P<letter>[ГДгд])(?![^\W\d_])", example="правило 17Д")
#: The Latin letter each of them transliterates.
TRANSLITERATION = {"Г": "G", "Д": "D", "г": "g", "д": "d"}
#: Characters read as others when citations are looked for (one for one, so offsets hold):
#: no-break and thin spaces as a space, hyphens, the minus sign and the horizontal bar (``61―64``)
#: as ``-``, a footnote's call in superscript as a space (``правиле 64²``: the call never hides the cite).
CITE_FOLD = str.maketrans({"\u00a0": " ", "\u202f": " ", "\u2009": " ", "\u2007": " ", "\u2010": "-",
                           "\u2011": "-", "\u2012": "-", "\u2015": "-", "\u2212": "-",
                           **dict.fromkeys("¹²³⁴⁵⁶⁷⁸⁹⁰", " ")})
#: A word hyphenated across a line break in outside text (``пра-`` ⏎ ``вило``): the hyphen,
#: the break and the spaces around it are not read.
CITE_HYPHEN_BREAK = Rx(r"(?<=[^\W\d_])-[ \t]*\r?\n[ \t]*(?=[^\W\d_])", example="см. пра-\nвило 66C")
#: Commentary paragraph: 004:92 ``см. п.45.5. выше`` (its dot when the sentence goes on; a full stop is no cite's),
#: ``п. 45.5``; after ``комм``/``коммент.`` a decimal comma too: ``комм 45,7`` (not after ``п.``: «пп. 1,2»).
COMMENTARY_CITATION = Rx(r"(?<![\w])(?:(?:пп?\.|(?i:пункт(?:ы|а|у|ом|е|ов|ам|ами|ах)?))\s?(?:№\s*)?"
                         r"(?P<c>\d{1,3}\.\d{1,3})"
                         r"|(?i:комм(?:ент)?\.?)\s?(?:№\s*)?(?P<cc>\d{1,3}[.,]\d{1,3}))(?!,\d)(?:\.(?=\s*[,;:)]|\s+[a-zа-яё]))?",
                         example="см. п.45.5. выше; комм. 45.7; комм 45,7")
#: A further paragraph in a list or the last of a range: ``пп. 45.5 и 45.6`` → ``45.6``; ``45.7–45.9``, ``45.7-9``.
COMMENTARY_MORE = Rx(r"\s*(?:(?:,|и|или)\s*(?P<c>\d{1,3}\.\d{1,3})|(?P<to>[-–—])\s*(?P<last>\d{1,3}\.\d{1,3}|\d{1,3}"
                     r"(?![\d.]\d)))(?:\.(?=\s*[,;:)]|\s+[a-zа-яё]))?", example=" и 45.6")
#: Bare commentary paragraph inside a commentary: 004:6 ``указанные в 45.3., …``.
BARE_COMMENTARY = Rx(r"(?<![\w.])(?P<c>\d{1,3}\.\d{1,3})\.(?=[\s,;:)]|$)", example="указанные в 45.3., должны")
#: Relative: 003:49 ``согласно предыдущему пункту 1`` (in 21B2 → 21B1).
RELATIVE_POINT = Rx(r"(?<![\w])(?:предыдущ\w+\s+)?пункт(?:у|а|ом|е)?\s+(?P<n>\d{1,2})(?![\w.])",
                    example="(согласно предыдущему пункту 1)")
#: Relative: 003:67 ``В обоих случаях (B1) и (B2)`` → item (b), sub-item (1) of the same level.
#: An English edition's reference to a part of the same law: ``see C below``, ``see D following``, ``under A
#: above``, ``in B1 above``, ``as in C2(a) below`` — a label path from the node it stands in.
RELATIVE_EN = Rx(rf"(?<![\w])(?:[Ss]ee|in|under|of|by)\s+(?P<sec>[{SECTION_LATIN}])(?P<n>\d{{1,2}})?"
                 r"(?P<items>(?:\([a-z0-9]{1,3}\))*)\s+(?:below|above|following|preceding)\b",
                 example="in team play see C below")
RELATIVE_ITEM = Rx(r"\((?P<item>[A-Za-z])(?P<n>\d{1,2})\)", example="В обоих случаях (B1) и (B2)")
#: Where a text is cut into *contexts* — the stretches whose citations are read together (whether Cyrillic section
#: letters read in alphabet order) and where ``link`` may cut a stream — a place that is one position whatever the text
#: around it: after a blank line, or after a sentence's end and one space or line break, before a capital (``… правило
#: 62B. Далее …``). Zero-width, so every place is found by any scan, from any start; :data:`OPEN_END` vetoes a
#: sentence's end a citation may cross. A blank line (``para``; LF or CRLF) ends every citation, needing nothing ahead.
CONTEXT_CUT = Rx(r"(?P<para>(?<=\n\n)|(?<=\n\r\n))|(?<=[.!?…;][ \t\r\n])(?=[«\"“„(]?[A-ZА-ЯЁ])",
                 example="правило 62B. Далее")
#: The end of a text that a citation may continue after a break (``правила 70 или`` ⏎ ``71``).
OPEN_END = Rx(r"(?:\d|\d[A-Za-zА-Яа-яЁё]|\)|[,(–—-]|№|(?<![\w-])(?:и|или|либо|and|or|to|по|с|from|through|thru"
              r"|[Пп]равил\w*|[Ll]aws?|LAWS?|пп?\.|подп\.|разд\.|абз\.|ч\.|комм\.|пункт\w*|ст\.|стать\w*|L))\s*$",
              example="правила 70 или")
#: An upper-case ``OR`` between a query's alternatives (outside a phrase: :func:`lawref.index._or_parts`).
QUERY_OR = Rx(r"(?<!\S)OR(?!\S)", example="претензия OR уступка")
#: What may stand around the citations of a query that is only citations: list words and punctuation.
QUERY_GLUE = Rx(r"[\s,;.:!?()\[\]«»\"'–—-]*(?:(?:и|или|либо|and|or|see|см\.?)[\s,;.:!?()\[\]«»\"'–—-]*)*",
                re.IGNORECASE, example="и ")
#: A word of a query that is a cite beside other words: a law number with a section letter, or a paragraph.
QUERY_CITE_TOKEN = Rx(rf"{LAW_NUMBER}(?:{CITE_LETTER}[0-9A-Za-z()]*|\.\d{{1,3}})", example="62B")
#: A query that may be a cite: a law number, then cite characters (``62B``, ``45.5``).
CITE_LIKE = Rx(r"\d{1,3}(?:\.\d+)?[0-9A-Za-zА-Яа-яЁё()]*", example="62B")

# ==============================================================================
# Words and queries (lawref.lang.morph, lawref.index, lawref.search)

#: A British ``-ise`` verb's forms (``unauthorised``, ``penalising``, ``organisation``), spelled ``-ize`` before
#: an English word is stemmed, so both spellings stem alike; three letters or more before it (``rise``,
#: ``raise`` are no such verbs; ``premise`` folds on both sides alike, so it still finds itself).
BRITISH_ISE = Rx(r"^(?P<stem>[a-z]{3,})is(?P<end>e|ed|es|ing|ings|er|ers|ation|ations)$", example="unauthorised")
#: A word: letters and digits; inner hyphens keep a word whole (000:130 ``по-прежнему``).
WORD = Rx(f"[{WORD_CHARS}]+(?:-[{WORD_CHARS}]+)*", example="по-прежнему")
#: A word as the index and queries see it: a :data:`WORD`, suit symbols included
#: (``1♥`` is a term of its own, not ``1``).
INDEX_WORD = Rx(f"(?:[{WORD_CHARS}ѐѝЀЍ♠♥♦♣♤♡♢♧][\u0300\u0301]?)+(?:-(?:[{WORD_CHARS}ѐѝЀЍ♠♥♦♣♤♡♢♧][\u0300\u0301]?)+)*",
                example="ход 1♥ и 1♠; взя́тка")
#: Stress marks a teaching text puts on a vowel (combining acute and grave; ``ѐ``, ``ѝ`` are е, и with a
#: grave): dropped from index terms and queries, never from the text (``взя́тка`` finds «взятка»).
STRESS_FOLD = str.maketrans("ѐѝЀЍ", "еиЕИ", "\u0301\u0300")
#: Outline suit symbols → the filled ones (``1♡`` finds ``1♥``).
SUIT_FOLD = str.maketrans("♤♡♢♧", "♠♥♦♣")
CYRILLIC = Rx("[А-Яа-яЁё]", example="взятка")  #: Any Cyrillic letter.
#: A Latin letter (a token with Latin and Cyrillic letters is no Russian word: ``lawrefТs``).
LATIN_LETTER = Rx("[A-Za-z]", example="lawrefТs")
DIGIT = Rx(r"\d", example="62B")  #: Any digit.
#: An all-Latin folded word (English editions: stemmed). ``revoke``, ``follow-up``.
LATIN_WORD = Rx(r"[a-z]+(?:-[a-z]+)*", example="revoke")
#: A quoted phrase in a query: ``"ход вне очереди"``.
PHRASE = Rx(r'"([^"]*)"', example='"ход вне очереди"')
#: English words of 3+ letters in a query (catalogue-title matches).
#: A possessive's ending: ``dummy's`` → ``dummy``, ``players'`` → ``players``, ``dummy’s`` (a curly apostrophe).
POSSESSIVE = Rx(r"(?<=[A-Za-z])['’]s\b|(?<=[A-Za-z]s)['’](?![A-Za-z])", example="dummy's rights")
ENGLISH_WORD = Rx(r"[A-Za-z]{3,}", example="correction of a revoke")
#: An English glossary word (``dummy's``, ``follow-up``), or a number (``5 cards``, ``8-level``).
GLOSSARY_WORD = Rx(r"[A-Za-z0-9]+(?:['-][A-Za-z0-9]+)*", example="dummy's 8-level")
#: What is not a document-id character (file stem → id).
NOT_ID_CHAR = Rx(r"[^0-9A-Za-z_-]+", example="003 copy.txt")

# ==============================================================================
# Decoding and repair (lawref.ingest.decode, .mojibake, .html)

TOKEN = Rx(r"\S+", example="взятка,")  #: A whitespace-free token.
#: The Cyrillic core of a token, ASCII punctuation, digits and «»–—… around it (``«взятка»,``); never Latin letters:
#: ``PlayersТ`` (an English ``Players’`` read through a wrong code page) is no Russian word.
_AROUND = r"[\x00-\x40\x5b-\x60\x7b-\x7f«»–—…]*"
RUSSIAN_CORE = Rx(rf"{_AROUND}([А-Яа-яЁё]+(?:-[А-Яа-яЁё]+)*){_AROUND}", example="«взятка»,")
#: Latin-1 letters and cp1252 punctuation typical of mojibake: ``Ïðàâèëî``.
LATIN1_LETTERS = Rx(r"[\u00c0-\u00ff\u0152\u0153\u0160\u0161\u0178\u017d\u017e\u02dc\u2018-\u201e\u2020-\u2122]",
                    example="Ïðàâèëî 48")
#: Characters a Russian law text uses (what is left is odd).
USUAL_CHARS = Rx(r"[А-Яа-яЁёA-Za-z0-9\s.,;:!?()\[\]«»\"'\-–—*/%№]", example="Правило 62.")
#: A case flip inside a word (``оПЮБХКН``, cp1251 read as koi8-r).
CASE_FLIP = Rx(r"[a-zа-яё][A-ZА-ЯЁ]", example="оПЮБХКН")
#: Class/id/role words that mark site chrome in a page.
CHROME_WORDS = Rx(r"(?:^|[\s_-])(?:nav|navbar|navigation|menu|header|footer|pager|pagination|pages|breadcrumbs?|"
    r"sidebar|side|comments?|social|share|banner|ads?|advert|top|toolbar|search|login|copyright|rating)(?:$|[\s_-])",
    re.IGNORECASE, example="site-footer")
#: HTML whitespace (``&nbsp;`` included).
HTML_SPACE = Rx(r"[ \t\r\n\f\u00a0]+", example="a \u00a0 b")
#: Block tags early in a text: it is an HTML page even without ``<html>``.
HTML_BLOCK_TAG = Rx(r"<(?:p|div|br|table|td|h[1-6])\b", example="<p>Правило 62.</p>")
#: An English subsection or item label run into a paragraph (real extractions of the 2017 Laws print
#: ``… at once. 2. The Director …``, ``1.(a) When … (b) The …``, ``(c)it derives``): a number label after a
#: sentence mark, an item label after a sentence mark, a comma, ``or``/``and``, or straight after a number label;
#: a letter whose opening bracket the extraction lost after a sentence's end (``… following. b) except …``).
#: :func:`lawref.ingest.paragraphs.split_run_in_items` cuts only labels in sequence (``b)`` only after ``(a)``).
RUN_IN_EN = Rx(r"(?:(?<=[.:;])\s+(?P<num>\d{1,2})\.(?=\s+[A-Za-z“\"']|\s*\()"
               r"|(?:(?<=[.:;,])|(?<=\bor)|(?<=\band)|(?<=\d\.))\s*(?P<item>\((?:[a-z]|ii|iii|iv|vi|vii|viii)\)"
               r"|(?<=[.;]\s)[b-h]\))(?=\s*[A-Za-z“\"']))", example="… at once. 2. The Director rules (a) first")

#: Ligatures printed as Unicode presentation forms (U+FB00–U+FB06: ``ﬁnal``, ``oﬀending``), and their letters
#: (NFKC of those seven code points only — nothing else is normalised): a ``str.translate`` table.
LIGATURE_FORMS = {cp: unicodedata.normalize("NFKC", chr(cp)) for cp in range(0xFB00, 0xFB07)}
