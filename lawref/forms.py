"""forms: the forms table a build writes into the node store (build side).

``{form: [lemma, ...]}`` for every form of every corpus lemma: how the query
side reads a word it is given (:meth:`lawref.index.Searcher.lemmas_of`)
without loading pymorphy3. Words are normed and analysed as the indexer
analyses them (:func:`lawref.index.norm`, :func:`lawref.index.index_terms`);
a verb's forms include its aspect partner's (:mod:`lawref.lang.aspect`) and
its action noun's, a noun's its verb's (:mod:`lawref.lang.nominal`), so a
question in the other aspect, or naming the act the text gives as a verb,
finds the text.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, Protocol

from lawref import patterns as P
from lawref.index import ASKED_ONLY, index_terms, norm
from lawref.lang import aspect, associations, glossary, morph, nominal
from lawref.model import Node

__all__ = ["WordCache", "association_forms", "corpus_words", "forms_table", "said_forms"]


def corpus_words(nodes: Iterable[Node]) -> set[str]:
    """The words of ``nodes``' titles and texts, normed as the index norms them."""
    return {norm(m.group()) for n in nodes for s in (n.title or "", n.text) for m in P.INDEX_WORD.finditer(s)}


def forms_table(nodes: Sequence[Node], known: WordCache | None = None,
                words: Iterable[str] | None = None) -> dict[str, list[str]]:
    """``{form: [lemma, ...]}`` for every form of every corpus lemma.

    Every corpus word (normed) maps first to its own index term; then every
    form of its lexeme gets that lemma appended (a form shared by several
    lexemes, e.g. ``сыгранная`` → ``сыграть``/``сыгранный``, lists them all);
    then the forms that no corpus lexeme has of a verb's aspect partner and
    action noun, or of a noun's verb, map to it (``возразил`` → ``возражать``:
    a question in the other aspect finds the text; ``аннулирование`` →
    ``аннулировать``; a form the corpus has keeps its own reading first, and a
    verb's form whose action noun or reflexive the corpus also has reads it
    second (``кладёт`` → ``класть``, ``класться``: 65B1 «карта кладётся»):
    ``исправить`` → ``исправить``, ``исправление`` (62A «исправлен», 62B
    «Исправление»; marked :data:`~lawref.index.ASKED_ONLY`: the text's verb
    is no hit of the noun), never a noun its verb — the Laws' «назначение» is
    a bid, «назначить» to assign a score); then
    every form of a number word (:data:`NUMBER_WORDS`) reads also as its
    digits, when the corpus writes them (``трёх`` → ``3``).
    ``known`` keeps each word's terms and lexeme forms between builds (see
    :mod:`lawref.buildcache`): only new words are given to pymorphy3;
    ``words``, when given, are the corpus words (:func:`corpus_words`)
    already found.
    """
    words = sorted(corpus_words(nodes) if words is None else set(words))  # streamed: no 20 MB token list
    analysed = {w: _analysis(w, known) for w in words}
    table: dict[str, list[str]] = {w: list(analysed[w][0]) for w in words}
    for word in words:
        lem = table[word][0]
        for form in analysed[word][1] + list(morph.SUIT_FORMS.get(lem, ())):
            lemmas = table.setdefault(form, [])
            if lem not in lemmas:
                lemmas.append(lem)
    read_as: dict[str, list[str]] = {}  # a form only the other aspect, or the noun, has: read as the corpus word,
    own: dict[str, list[str]] = {}  # then as its own lemma (unindexed: a synonym's said lemma still matches)
    later: list[tuple[str, str]] = []
    for word in words:
        for derived, forms in analysed[word][2]:
            for form in forms:
                if form not in table:
                    _add(read_as.setdefault(form, []), table[word][0])
                    _add(own.setdefault(form, []), derived)
                elif _asked_for(table[word][0], derived):  # both in the corpus: the verb's form reads the other second
                    later.append((form, table[word][0]))
    table |= {f: read_as[f] + [d for d in own[f] if d not in read_as[f]] for f in read_as}
    for form, lemma in later:
        _add(table[form], ASKED_ONLY + lemma)
    for lemma, digits in NUMBER_WORDS.items():  # «после трёх пасов»: 17E writes «3 паса»
        if digits in table:
            for form in {lemma, *_analysis(lemma, known)[1]}:
                _add(table.setdefault(form, []), digits)
    return table


def _is_action_noun(lemma: str) -> bool:
    """Whether ``lemma`` is of the shape :mod:`lawref.lang.nominal` derives an action noun in (-ние, -ция)."""
    return lemma.endswith(("ние", "ция"))


def _asked_for(lemma: str, derived: str) -> bool:
    """Whether a form of ``derived``, itself a corpus word, also asks for the corpus lemma ``lemma`` it was
    derived from: a verb for its action noun (``исправить`` → исправление), an active verb for its
    reflexive (``кладёт`` → класться, 65B1 «карта кладётся»); never a noun for its verb (the Laws'
    «назначение» is a bid, «назначить» to assign a score)."""
    if _is_action_noun(lemma):
        return not _is_action_noun(derived)
    return lemma.endswith(("ся", "сь")) and derived == lemma[:-2]


def _add(lemmas: list[str], lemma: str) -> None:
    if lemma not in lemmas:
        lemmas.append(lemma)


#: Russian cardinals a question spells and the Laws write as digits (17E «3 паса», 50 «2 или более
#: штрафных карт»); «один» is left out: «один из игроков» is no count.
NUMBER_WORDS = {w: str(n) for n, w in enumerate(
    "_ _ два три четыре пять шесть семь восемь девять десять одиннадцать двенадцать тринадцать".split()) if n > 1}


def said_forms(known: WordCache | None = None) -> dict[str, list[str]]:
    """``{form: [said lemma, …]}`` for every form of every Cyrillic word a
    synonym (``lawref/data/synonyms.tsv``) is said with: how the query side
    matches a synonym in a word the corpus lacks («вскрылся», «шпаргалку»)
    without loading pymorphy3, and knows that a word outside them
    («вскрытия») holds none; the forms of the words derived from each too,
    its aspect partner and action noun («отвечать в масть» is said as
    «ответить в масть»). Forms as :func:`forms_table` keys them; ``known``
    as there."""
    out: dict[str, list[str]] = {}
    lemmas = sorted({lem for syn in glossary.synonyms() for lem in syn.lemmas if morph.has_cyrillic(lem)})
    for lemma in lemmas:
        _, forms, derived = _analysis(norm(lemma), known)  # kept between builds: no pymorphy3 for a known word
        for form in {norm(lemma), *forms, *(f for _, fs in derived for f in fs)}:  # «отвечать» for «ответить»
            _add(out.setdefault(form, []), lemma)
    return out


def association_forms(known: WordCache | None = None) -> dict[str, list[str]]:
    """``{form: [lemma, …]}`` for every form of every Russian lemma of the
    query-association table (:func:`lawref.lang.associations.russian_lemmas`):
    how the query side reads a question's word as the table's lemmas without
    pymorphy3 («скинул» → скинуть). Only the lemma's own lexeme (no aspect
    partner or action noun: the table counts what was asked, as asked).
    Forms as :func:`forms_table` keys them; a word ``known`` has analysed
    is not analysed again, and a lemma the corpus lacks keeps its lexeme in
    ``known``'s ``lexemes`` (apart from ``words``: a lexeme alone is no
    whole analysis)."""
    out: dict[str, list[str]] = {}
    for lemma in sorted(associations.russian_lemmas()):
        word = norm(lemma)
        found = known.get("words", word) if known is not None else None  # a corpus word's analysis, kept
        lexeme = found[1] if found is not None else known.get("lexemes", word) if known is not None else None
        if lexeme is None:  # a lemma only asked: its lexeme alone, kept for the next build
            lexeme = sorted(morph.lexeme_forms(word, remember=False))
            if known is not None:
                known.put("lexemes", word, lexeme)
        for form in {word, *lexeme}:
            _add(out.setdefault(form, []), lemma)
    return out


class WordCache(Protocol):
    """Where :func:`forms_table` keeps a word's analysis between builds."""

    def get(self, table: str, key: str) -> Any: ...

    def put(self, table: str, key: str, value: Any) -> None: ...


def _analysis(word: str, known: WordCache | None) -> tuple[list[str], list[str], list[tuple[str, list[str]]]]:
    """``(index terms, sorted lexeme forms, [(derived lemma, its sorted forms), …])`` of a normed
    corpus word — its aspect partner (:func:`lawref.lang.aspect.partner`: «возражает» → the forms of
    «возразить») and its action noun or verb (:func:`lawref.lang.nominal.counterparts`: «аннулируются»
    → the forms of «аннулирование») — from ``known`` when it has them. Loads pymorphy3 for a new
    Cyrillic word."""
    found = known.get("words", word) if known is not None else None
    if found is None:
        cyrillic = morph.has_cyrillic(word)
        derived = dict.fromkeys([aspect.partner(word), *nominal.counterparts(word), aspect.unreflexive(word)]
                                ) if cyrillic else {}
        found = [list(index_terms(word)), sorted(morph.lexeme_forms(word)) if cyrillic else [],
                 [[d, sorted(morph.lexeme_forms(d))] for d in derived if d]]
        if known is not None:
            known.put("words", word, found)
    return list(found[0]), list(found[1]), [(d, list(forms)) for d, forms in found[2]]
