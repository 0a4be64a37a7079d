"""titles: where a heading's title ends, and whether a labelled line's words are a title at all.

The rules :mod:`lawref.parse` asks of a heading's line (``A. Сведения от партнёра``, ``Правило 16. Сведения
Судья …``, ``1. Если нарушившая сторона …, то …``): where the title stops and the body printed on its line
starts, whether a short unlabelled line is a heading (a division's, a front matter's), whether a subsection's
or an item's words are text rather than a title, and an item's letter in Latin. Plain functions of text, no
state: the parser holds the tree.
"""

from __future__ import annotations

import re

from lawref import patterns as P
from lawref.lang import catalogue, english, morph

#: The fewest words after a title that make a body printed on its line (so ``Обязанность вызвать
#: Судью`` stays one title: a word in capitals there is the title's own).
MIN_BODY_WORDS = 4
#: A title this long (in words) holds its body even with no sentence mark at its end.
LONG_TITLE_WORDS = 12


def title_end(title: str) -> int | None:
    """Where a Russian heading's ``title`` ends and the body printed on the
    same line begins (a code-point offset into ``title``), or ``None``: all
    of it is the title.

    The seeds print a title on a line of its own; other sites run the body
    on: glued ``Положение коробкиКоробка лежит …`` (at the capital), a title
    in capitals then a sentence ``ПРАВА СУДЬИ Судья вправе …``, a title in
    sentence case then a capitalised word after a lower-case one ``Право
    назначить компенсацию Судья может …``, and one ended by its full stop
    ``Право назначить компенсацию. Судья может …``. Only a body of
    :data:`MIN_BODY_WORDS` words or more is split off, and only when the
    whole reads as a sentence (it ends in a sentence mark, is glued, or is
    longer than :data:`LONG_TITLE_WORDS` words): a title's own capitalised
    word (``Ход партнёра Болвана в его руку``) never ends it."""
    glued = P.TITLE_GLUED_BODY.search(title)
    spaced = _spaced_title_end(title)
    candidates = [k for k in (glued.start() if glued else None, spaced) if k is not None]
    for k in sorted(candidates):
        body = title[k:].split()
        sentence = (glued is not None and k == glued.start()) or bool(P.SENTENCE_END.search(title)) or (
            len(title.split()) > LONG_TITLE_WORDS)
        if len(body) >= MIN_BODY_WORDS and sentence and title[:k].strip():
            return k
    return None


def caps_title_line(text: str) -> bool:
    """An English law's title in capitals on a paragraph of its own: at most
    16 words, not ending a sentence (``FAILURE TO FOLLOW SUIT - INQUIRIES
    CONCERNING A REVOKE``)."""
    t = text.strip()
    return t.isupper() and 1 <= len(t.split()) <= 16 and not t.endswith((".", ":", ";"))


def _short_heading(text: str, most: int) -> bool:
    """``text`` can be a heading with no label of its own: one to ``most``
    words, no sentence mark, no digit but a year's (``КОДЕКС-2007``)."""
    t = text.strip()
    return 1 <= len(t.split()) <= most and not P.CLAUSE_MARK.search(t) and not any(
        c.isdigit() for c in _YEAR_IN_TITLE.sub("", t))


#: A surname as a signature prints it: one capitalised word, hyphenated at most once.
SURNAME = re.compile(r"[А-ЯЁA-Z][а-яёa-z]{1,20}(?:-[А-ЯЁA-Z][а-яёa-z]{1,20})?")
#: A sentence's end after a word: what a title page's display lines never hold.
PROSE_END = re.compile(r"[^\W\d_]{2}[.!?…:;](?:\s|$)")
_YEAR_IN_TITLE = re.compile(r"(?<!\d)(?:19|20)\d\d(?!\d)")


def division_title(text: str) -> bool:
    """A chapter's, part's or division's title on the paragraph after its
    bare label (``CHAPTER VI`` ⏎ ``The Play``, ``Глава VI`` ⏎ ``Розыгрыш``):
    a short heading (:func:`_short_heading`, twelve words) opening with a capital."""
    return text.strip()[:1].isupper() and _short_heading(text, 12)


def front_heading(text: str) -> bool:
    """A front-matter heading in any case, on a paragraph of its own
    (:data:`~lawref.patterns.FRONT_HEADING`: ``Введение``, ``Предисловие к
    русскому изданию``, ``Preface``, ``Комментарии:`` before numbered notes):
    it opens a fragment of its own."""
    return bool(P.FRONT_HEADING.match(text.strip())) and _short_heading(text.rstrip(".: "), 6)


def unlabelled_heading(text: str) -> bool:
    """A heading in capitals with no label, eight words at most
    (``ОПРЕДЕЛЕНИЯ``, ``ВВЕДЕНИЕ В КОДЕКС-2007``) — not a title page's
    letter-spaced display (``П Р А В И Л А``, ``W B F``: every word one
    letter), which is the title page's text."""
    words = text.split()
    return text.strip().isupper() and _short_heading(text, 8) and not all(len(w) == 1 for w in words)


#: A subsection's or item's "title" of this many words that ends in a sentence mark is its text.
SENTENCE_WORDS = 6


def _sentence(title: str) -> bool:
    """A heading's title that is a sentence: :data:`SENTENCE_WORDS` words or
    more, ending in a sentence mark (a title of the Laws never ends so)."""
    return len(title.split()) >= SENTENCE_WORDS and title.rstrip()[-1:] in ".;:!?"


def item_letter(label: str) -> str:
    """An item's letter in Latin: a Cyrillic one by alphabet order (``(в)`` is the third, ``c``: a list counts)."""
    return label.translate(P.ALPHABET).lower()


def title_is_text(kind: str, title: str) -> bool:
    """A Russian heading's "title" that is its text: a subsection's or item's sentence (:func:`_sentence`)
    or one longer than a heading can be; a section's sentence of more than :data:`LONG_TITLE_WORDS` words
    (a hard-wrapped page's ``A. Игрок вправе учитывать сведения, …`` ⏎ ``… хода.``: a section's title of
    six words may end in a full stop); a subsection's or item's clause of any length, a predicate in it and a
    sentence mark at its end (``1. Опоздавшая пара должна уплатить штраф.``: no title of the Laws is one)."""
    if kind == "section":
        return _sentence(title) and len(title.split()) > LONG_TITLE_WORDS
    clause = title.rstrip()[-1:] in ".;:!?" and morph.has_predicate(title)
    return kind in ("subsection", "item", "subitem") and (_sentence(title) or clause
                                                          or len(title) > P.HEADING_MAX_CHARS)


#: One-letter words that open a sentence (``В спортивных турнирах …``) — a body's first word only
#: before a word in lower case (``ЗАЯВКА В ТОРГОВЛЕ`` is one title).
_ONE_LETTER_OPENERS = frozenset("ВСКОУИА")


def _spaced_title_end(title: str) -> int | None:
    """The offset of the first word that starts a body after a space (see :func:`title_end`)."""
    words = title.split(" ")
    at = len(words[0]) + 1
    for j in range(1, len(words)):
        word, before = words[j], words[:j]
        one_letter = word in _ONE_LETTER_OPENERS and j + 1 < len(words) and words[j + 1][:1].islower()
        if P.BODY_WORD.match(word) or one_letter:  # ``Отказ от наказаний В спортивных турнирах …``
            caps = all(w.upper() == w for w in before) and any(sum(c.isalpha() for c in w) >= 2 for w in before)
            lower = before[-1][-1:].islower() or before[-1].endswith(",")
            stop = before[-1].endswith(".") and len(before[-1]) > 2
            # after a one-word title only a word that can open a sentence: ``Порядок Каждый игрок …``,
            # not ``Ход Болвана …`` (a title's own genitive); after more, any (``… игры Игроку не следует``)
            if caps or stop or (lower and (j >= 2 or morph.can_open_sentence(word))):
                return at
        at += len(word) + 1
    return None


def english_subsection_title(text: str) -> bool:
    """An English subsection's text opens with a title: on its own (``1.
    Dummy's Limitations``), or run into a body (``1. Technical Management
    The Director is …``) when the title is two words or more and does not
    end inside a term of the Laws (:func:`lawref.lang.catalogue.splits_term`)."""
    k = english.title_end(text.strip())
    if k is None:
        return english.looks_like_title(text)
    if k > 0 and catalogue.splits_term(text.strip(), k):
        return False  # ``3. Unless the Regulating Authority decides …``: a sentence, its subject a term of the Laws
    return k > 0 and len(text[:k].split()) >= 2


def numbered_sections(classes: list[tuple[str, re.Match[str]] | None]) -> list[int]:
    """Indices of the paragraphs (``classes``: each one's :func:`lawref.parse.classify`) that are sections a page's list
    printed as numbers (``1. Call Not Clearly Recognized`` ⏎ ``2. Review of Auction …`` under Law 20, an HTML
    list's ``A``–``F`` lost): decided for each law as a whole — every titled ``n.`` under it whose title a
    catalogue gives one of the law's sections (:func:`lawref.lang.catalogue.section_letter`) is that section's
    number in the alphabet (1 → A), and the law prints no lettered section. One title out of place (a list
    restarting at ``1.`` for every section) keeps the law's all as they were: no letter is guessed."""
    laws: list[tuple[str, list[int], list[bool]]] = []  # each law's number, numbered sections, whether all agree
    for k, c in enumerate(classes):
        kind, m = c if c is not None else ("text", None)
        if kind == "law" and m is not None:
            laws.append((m.group("num"), [], [True]))
        elif laws and kind == "section":
            laws[-1][2][0] = False  # the law prints its letters: a number under it is a subsection
        elif laws and kind == "subsection" and m is not None and m.group("title"):
            letter = catalogue.section_letter(laws[-1][0], m.group("title").strip())
            if letter is not None and ord(letter) - ord("A") + 1 == int(m.group("label")):
                laws[-1][1].append(k)
            elif letter is not None:
                laws[-1][2][0] = False
    return [k for _, run, agree in laws if agree[0] for k in run]
