"""forms: the forms table a build writes into the node store (build side).

``{form: [lemma, ...]}`` for every form of every corpus lemma: how the query
side reads a word it is given (:meth:`lawref.index.Searcher.lemmas_of`)
without loading pymorphy3. Words are normed and analysed as the indexer
analyses them (:func:`lawref.index.norm`, :func:`lawref.index.index_terms`);
a verb's forms include its aspect partner's (:mod:`lawref.lang.aspect`), so
a question in the other aspect finds the text.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, Protocol

from lawref import patterns as P
from lawref.index import index_terms, norm
from lawref.lang import aspect, morph
from lawref.model import Node

__all__ = ["WordCache", "corpus_words", "forms_table"]


def corpus_words(nodes: Iterable[Node]) -> set[str]:
    """The words of ``nodes``' titles and texts, normed as the index norms them."""
    return {norm(m.group()) for n in nodes for s in (n.title or "", n.text) for m in P.INDEX_WORD.finditer(s)}


def forms_table(nodes: Sequence[Node], known: WordCache | None = None,
                words: Iterable[str] | None = None) -> dict[str, list[str]]:
    """``{form: [lemma, ...]}`` for every form of every corpus lemma.

    Every corpus word (normed) maps first to its own index term; then every
    form of its lexeme gets that lemma appended (a form shared by several
    lexemes, e.g. ``сыгранная`` → ``сыграть``/``сыгранный``, lists them all);
    then a verb's aspect partner's forms that no corpus lexeme has map to it
    (``возразил`` → ``возражать``: a question in the other aspect finds the
    text; a form the corpus has keeps its own reading).
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
    partners: dict[str, list[str]] = {}  # a form only the other aspect has: read as the corpus verb
    for word in words:
        for form in analysed[word][2]:
            if form not in table and table[word][0] not in partners.setdefault(form, []):
                partners[form].append(table[word][0])
    return table | partners


class WordCache(Protocol):
    """Where :func:`forms_table` keeps a word's analysis between builds."""

    def get(self, table: str, key: str) -> Any: ...

    def put(self, table: str, key: str, value: Any) -> None: ...


def _analysis(word: str, known: WordCache | None) -> tuple[list[str], list[str], list[str]]:
    """``(index terms, sorted lexeme forms, sorted forms of its aspect partner)`` of a normed corpus
    word (:func:`lawref.lang.aspect.partner`: «возражает» → the forms of «возразить»), from ``known``
    when it has them. Loads pymorphy3 for a new Cyrillic word."""
    found = known.get("words", word) if known is not None else None
    if found is None:
        cyrillic = morph.has_cyrillic(word)
        partner = aspect.partner(word) if cyrillic else None
        found = [list(index_terms(word)), sorted(morph.lexeme_forms(word)) if cyrillic else [],
                 sorted(morph.lexeme_forms(partner)) if partner else []]
        if known is not None:
            known.put("words", word, found)
    return list(found[0]), list(found[1]), list(found[2])
