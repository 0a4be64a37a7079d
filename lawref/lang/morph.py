"""morph: Russian morphology on top of pymorphy3, loaded lazily once per process.

Importing this module does NOT import pymorphy3; the analyzer (and its
dictionaries, ~15 MB) is loaded on the first call to :func:`lemma`,
:func:`is_known` or :func:`lexeme_forms` and then cached for the process.
:func:`fold` and :func:`tokens` never load it.

All returned words are *folded*: lowercase, with ``ё`` replaced by ``е``.
"""

from __future__ import annotations

import functools
from typing import Any

from lawref import patterns as P


def fold(word: str) -> str:
    """``word`` lowercased with ``ё`` → ``е`` (``"Ещё"`` → ``"еще"``)."""
    return word.lower().replace("ё", "е")


def has_cyrillic(word: str) -> bool:
    """True when ``word`` contains at least one Cyrillic letter."""
    return P.CYRILLIC.search(word) is not None


def tokens(text: str) -> list[tuple[str, int, int]]:
    """Word tokens of ``text`` as ``(word, start, end)``.

    ``word`` is the text as written (not folded); ``start``/``end`` are
    code-point offsets into ``text``, end-exclusive, so
    ``text[start:end] == word``. Punctuation and whitespace are dropped.
    """
    return [(m.group(), m.start(), m.end()) for m in P.WORD.finditer(text)]


@functools.cache
def _analyzer() -> Any:
    """The process-wide ``pymorphy3.MorphAnalyzer`` (imported on first use)."""
    import pymorphy3  # deliberately lazy: query-time code must not load it

    return pymorphy3.MorphAnalyzer()


#: The suits as the Laws name them, and their forms: pymorphy3 reads ``пику``
#: as an unknown word and ``черве`` first as *червь* (worm), so a bridge
#: text's forms are listed here (the lemma first).
SUIT_FORMS: dict[str, tuple[str, ...]] = {
    "пика": ("пика", "пики", "пике", "пику", "пикой", "пикою", "пик", "пикам", "пиками", "пиках"),
    "черва": ("черва", "червы", "черве", "черву", "червой", "червою", "черв", "червей", "червам", "червами",
              "червах"),
    "трефа": ("трефа", "трефы", "трефе", "трефу", "трефой", "трефою", "треф", "трефам", "трефами", "трефах"),
    "бубна": ("бубна", "бубны", "бубне", "бубну", "бубной", "бубною", "бубен", "бубнам", "бубнами", "бубнах"),
}
_SUIT_OF = {form: suit for suit, forms in SUIT_FORMS.items() for form in forms}
#: Lemmas a bridge text means first when a form has several (``взятку``: *взятка*, not *взяток*).
BRIDGE_LEMMAS = ("масть", "взятка", "козырь", "заявка", "контра", "реконтра", "пас", "торговля", "розыгрыш",
                 "ход", "болван", "вист", "претензия", "уступка", "ренонс", "фальшренонс", "снос")
#: At most this many lemmas a form is indexed under.
MAX_LEMMAS = 4


#: pymorphy3's parts of speech of a function word (preposition, conjunction, particle, interjection).
FUNCTION_POS = frozenset({"PREP", "CONJ", "PRCL", "INTJ"})


@functools.lru_cache(maxsize=200_000)
def lemmas(word: str) -> tuple[str, ...]:
    """Every folded normal form pymorphy3 offers for ``word`` (at most
    :data:`MAX_LEMMAS`), the bridge reading first: a suit form
    (``черве`` → ``черва``, then ``червь``; ``пику`` → ``пика``), then a
    lemma of :data:`BRIDGE_LEMMAS`, then pymorphy3's order. A short
    participle and its full form share the verb (``установлен`` →
    ``установить``; ``установленным`` → ``установленный``, ``установить``).
    A word read first, and at least half the time, as a function word
    (:data:`FUNCTION_POS`) keeps only its function-word lemmas: ``после`` is
    never «посол», ``тем`` never «тьма», ``для`` never «длить», ``при``
    never «переть».
    Words without Cyrillic letters come back folded, alone."""
    folded = fold(word)
    if not has_cyrillic(folded):
        return (folded,)
    parses = _analyzer().parse(folded)
    if parses and parses[0].tag.POS in FUNCTION_POS and parses[0].score >= 0.5:
        parses = [p for p in parses if p.tag.POS in FUNCTION_POS]  # после is not «посол», для not «длить»
    found = list(dict.fromkeys(fold(p.normal_form) for p in parses))
    suit = _SUIT_OF.get(folded)
    first = [suit] if suit else [x for x in found if x in BRIDGE_LEMMAS][:1]
    return tuple(dict.fromkeys(first + found))[:MAX_LEMMAS]


@functools.lru_cache(maxsize=200_000)
def lemma(word: str) -> str:
    """Folded normal form of ``word``'s most probable parse.

    ``"Правилом"`` → ``"правило"``; ``"взяток"`` → ``"взятка"``. Words without
    Cyrillic letters (``"62B"``, ``"ACBL"``) come back folded, unchanged
    otherwise; ``""`` → ``""``. Ambiguity is resolved by pymorphy3's ranking
    only (``parse(word)[0]``): no context is used. See :func:`lemmas` for
    every reading, bridge first.
    """
    folded = fold(word)
    if not has_cyrillic(folded):
        return folded
    return fold(_analyzer().parse(folded)[0].normal_form)


@functools.lru_cache(maxsize=200_000)
def is_known(word: str) -> bool:
    """True when the folded ``word`` is in the pymorphy3 dictionary."""
    return bool(_analyzer().word_is_known(fold(word)))


def _lexeme(folded: str) -> frozenset[str]:
    """The body of :func:`lexeme_forms` (argument already folded)."""
    if not has_cyrillic(folded):
        return frozenset({folded})
    parses = _analyzer().parse(folded)
    normal = parses[0].normal_form
    return frozenset(
        fold(form.word)
        for parse in parses
        if parse.normal_form == normal
        for form in parse.lexeme
    )


_lexeme_forms = functools.lru_cache(maxsize=50_000)(_lexeme)


def parses(word: str) -> list[Any]:
    """pymorphy3's parses of the folded ``word``, the likeliest first (loads pymorphy3)."""
    return list(_analyzer().parse(fold(word)))


def lexeme_forms(lemma_word: str, *, remember: bool = True) -> set[str]:
    """Every folded form of the lexeme(s) of ``lemma_word``'s best parse.

    "Lexeme(s)": all parses sharing the best parse's normal form contribute
    (e.g. nominative and accusative readings of ``правило``), so
    ``lexeme_forms("правилом")`` == ``lexeme_forms("правило")`` ⊇
    ``{"правило", "правила", "правил", "правилами", ...}``. Words without
    Cyrillic letters give ``{fold(word)}``. ``remember=False``: worked out
    and not kept (a word asked once, as the query association's lemmas in
    a build: kept, they raised a 100× build's peak by 1.8 MiB).
    """
    folded = fold(lemma_word)
    return set(_lexeme_forms(folded) if remember else _lexeme(folded))


#: Parts of speech a number counts (``2 карты``, ``13 взяток``, ``5 сыгранных``).
_COUNTED = frozenset({"NOUN", "ADJF", "PRTF"})


@functools.lru_cache(maxsize=10_000)
def is_counted(word: str) -> bool:
    """True when some parse of the folded ``word`` is a noun, adjective or
    participle — a word a number before it may count (``карты``, ``взяток``),
    unlike ``при``, ``ли``, ``в``."""
    if not has_cyrillic(word):
        return False
    return any(p.tag.POS in _COUNTED for p in _analyzer().parse(fold(word)))


#: Parts of speech that start a sentence whatever their case: conjunctions, prepositions,
#: adverbs, particles, verbs, gerunds, predicatives (``Если``, ``При``, ``Когда``, ``Только``).
_SENTENCE_OPENERS = frozenset({"CONJ", "PREP", "ADVB", "PRCL", "VERB", "INFN", "GRND", "PRED", "NUMR"})


@functools.lru_cache(maxsize=10_000)
def can_open_sentence(word: str) -> bool:
    """True when some parse of ``word`` can start a sentence: a form in the
    nominative, or a part of speech that has no case (:data:`_SENTENCE_OPENERS`).
    ``Каждый``, ``Судья``, ``Если`` → True; ``Болвана``, ``Взяток`` → False
    (a title's own genitive: ``Ход Болвана``). An unknown word → True."""
    folded = fold(word.strip("«\"(),.;:"))
    if not has_cyrillic(folded):
        return True
    parses = _analyzer().parse(folded)
    if not any(p.is_known for p in parses):
        return True
    return any(p.tag.POS in _SENTENCE_OPENERS or "nomn" in p.tag for p in parses)


#: Parts of speech of a clause's predicate: a finite verb, a predicative (``вправе``), a short adjective or
#: participle (``должен``, ``обязан``, ``исправлен``).
_PREDICATES = frozenset({"VERB", "PRED", "ADJS", "PRTS"})


def has_predicate(text: str) -> bool:
    """True when the likeliest parse of some Cyrillic word of ``text`` is a predicate (:data:`_PREDICATES`):
    ``При повторном опоздании судья вправе снять …`` is a clause, ``Ход нарушителя`` a title's noun phrase."""
    return any(has_cyrillic(w) and _best_pos(fold(w)) in _PREDICATES for w, _, _ in tokens(text))


@functools.lru_cache(maxsize=10_000)
def _best_pos(folded: str) -> str | None:
    parses = _analyzer().parse(folded)
    return parses[0].tag.POS if parses else None


#: Parts of speech no sentence ends on: a preposition, a conjunction.
_FUNCTION_WORDS = frozenset({"PREP", "CONJ"})


def is_function_word(word: str) -> bool:
    """True when the likeliest parse of the Cyrillic ``word`` is a preposition or a conjunction (``с``, ``в``,
    ``и``, ``или``, ``если``): a word no paragraph ends on (``уже``, ``так``, ``это`` → False)."""
    folded = fold(word)
    return has_cyrillic(folded) and folded.isalpha() and _best_pos(folded) in _FUNCTION_WORDS
