"""search: the query policy — what a query means and which nodes come first.

The index (:mod:`lawref.index`) answers word queries; this module decides:

* a query that is nothing but a cite or a citation (``62B``, ``(62B)``,
  ``правило 62B``, ``Laws 61 to 64`` — :func:`lawref.cite.query_cites`)
  puts the nodes with those cites first (score 100), then the nodes that
  cite them;
* an English query (``lang="en"``, or ``"any"`` and no Cyrillic letter) is
  also translated through the glossary (``revoke`` → ``фальшренонс``), and
  the laws whose English catalogue title holds every word come last
  (score 1);
* translated and direct hits are merged by score, each node once;
* a query is normalised as texts are (NFC, invisible characters and soft
  hyphens dropped, spaces of other widths made spaces);
* a word that is no form of the corpus is a typo when a corpus form is near
  it (``фальшренос`` → ``фальшренонс``, "did you mean"), else, as a last
  resort, a part of longer words (``ренонс`` → ``фальшренонс``, weighted
  :data:`COMPOUND_WEIGHT`, so those hits rank after exact ones);
* a word the corpus lacks that is a real Russian word (in pymorphy3's
  dictionary: ``отказать``, ``контракт``) is never replaced by a corpus word
  near it: it is left out by relaxation, and the answer says so;
* when no node has every word, the nodes with most of them are given
  (``relaxed``), each word weighted by its rarity (by how many nodes hold
  it: :meth:`lawref.index.Searcher.frequency`), so the word that names the
  subject weighs most and the commonest least, and a word no node holds
  nothing (:func:`_relaxed`); when fewer nodes than the limit have every
  word, the nodes with most of them follow (``filled``);
* a word a director types for a term the text words otherwise
  (``lawref/data/synonyms.tsv``: ``штраф`` → наказание, ``не дал в масть`` →
  фальшренонс) is searched as typed and as the text's word, each copy an
  alternative (:func:`lawref.lang.glossary.alternatives`);
* function and question words carry no weight (:data:`lawref.index.STOPWORDS`:
  «что делать если», «можно ли», "what happens when");
* words that stand together and in order rank a node higher (the index's
  phrase and proximity boosts);
* the first :data:`ASSOCIATION_DEPTH` nodes a word query finds are ranked
  once more by what directors asked that those nodes answered
  (:mod:`lawref.lang.associations`, :func:`associated`): a question worded
  as judged questions about a node were («не положил карту в масть, хотя
  она была на руке» → 61A) moves that node up; no node is found by
  association alone.
"""

from __future__ import annotations

import math
import unicodedata
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import replace
from typing import TYPE_CHECKING

from lawref import patterns as P
from lawref.cite import ancestors, latin_letters, query_cites, split_query_cites
from lawref.index import Expansions, Searcher, index_terms, norm
from lawref.lang import associations, glossary, morph
from lawref.model import Node
from lawref.results import LEAD, SNIPPET_CHARS, Answer, Hit

if TYPE_CHECKING:
    from lawref.library import Library
    from lawref.query.views import NodeStore

__all__ = ["CITE_SCORE", "LANGS", "normalise_query", "prepare", "run"]

#: Weight of the lemmas a word is found inside (compounds): after exact lemma hits.
COMPOUND_WEIGHT = 0.3
#: How steeply a relaxed search favours a node holding more of the query (:func:`_relaxed`), and how
#: many of its rarest words it searches (a question has fewer; the commonest weigh next to nothing).
SHARE_POWER, RELAXED_WORDS = 2.0, 16
#: A word's weight is its rarity ``log(1 + N/df)`` to this power: squared, a verb one node holds by
#: chance («требовать») outweighed the question's subject («болван», «нарушение»); measured on five
#: judged sets (session 10 note).
IDF_POWER = 1.0

#: Query association (:func:`associated`): how many of a word query's first nodes it ranks again, and how
#: much a node's association counts beside its words' score (CombSUM, Fox and Shaw, TREC-2 1994: the sum of
#: each score over its best among the candidates). Chosen by leaving each judged set out of the table in turn
#: and scoring it (``scripts/bench.py --part quality``; session 15 note: CombSUM ranked the newest eight sets
#: better than reciprocal rank fusion, 0.977 / 0.889 against 0.963 / 0.859).
ASSOCIATION_DEPTH, ASSOCIATION_WEIGHT = 30, 1.0
#: The fewest words (function words aside) a query needs to be ranked by association: a query of one or two
#: words names its subject in the text's words, and their ranking was as good without it (session 15 note).
ASSOCIATION_WORDS = 3
#: A fused score times this is a hit's score: under :data:`TITLE_MATCH_SCORE`, so a named title stays first.
FUSED_SCALE = 40.0

#: The score of a node a cite query names.
CITE_SCORE = 100.0
#: The score of a node whose English title holds a one-word query (after the word hits).
TITLE_SCORE = 1.0
#: The least score of a node whose English title the query names (:func:`title_matches`): after a cite's
#: nodes (:data:`CITE_SCORE`), before word hits.
TITLE_MATCH_SCORE = 90.0
#: What ``lang`` may be: the language of the query.
LANGS = ("ru", "en", "any")


def normalise_query(query: str) -> str:
    """``query`` as texts are normalised: NFC, invisible characters and soft
    hyphens dropped, spaces of other widths made spaces (a query typed in
    NFD, ``й`` as ``и`` + U+0306, finds what its NFC form finds), stress
    marks dropped (``взя́тка``: :data:`lawref.patterns.STRESS_FOLD`), an
    English possessive's ``'s`` too (``dummy's rights`` → ``dummy rights``)."""
    query = unicodedata.normalize("NFC", query).translate(P.INVISIBLE).translate(P.SPACE_CHARS)
    return P.POSSESSIVE.sub("", query.translate(P.STRESS_FOLD))


def prepare(lib: Library) -> None:
    """Read now what searches read on first use — the searcher's tables (:meth:`lawref.index.Searcher.prepare`), every
    node (a cite the corpus lacks reads them all), the glossary's English words, stemmer and word list
    (:func:`lawref.lang.glossary.prepare`), pymorphy3's dictionaries (a typo's correction asks them) — as a server
    does before it answers (:mod:`lawref.serve`): no request pays them. 0.26 s of CPU and 64 MiB on the seeds, 0.93 s
    and 123 MiB at 100× (docs/serve.md). Raises as :meth:`lawref.library.Library.search`."""
    lib.searcher().prepare()
    lib.nodes  # noqa: B018  read once per generation (a property)
    glossary.prepare()
    morph.is_known("взятка")  # loads pymorphy3's dictionaries


def run(lib: Library, store: NodeStore, searcher: Searcher, query: str, *, limit: int, doc: str | None,
        lang: str) -> Answer:
    """:func:`_run` over ``store`` (the generation the answer is pinned to)
    and its ``searcher``, each hit on a node with no text of its own (a law
    whose sections hold it all: ``62``) shown with the text of its first
    node that has some (:func:`_filled`). A word search reads only
    ``store`` and ``searcher``; ``lib`` is asked only for a cite the corpus
    lacks (the nodes citing it, the fragments that may hold it)."""
    answer = _run(lib, store, searcher, query, limit=limit, doc=doc, lang=lang)
    answer = replace(answer, hits=[searcher.cut(h) for h in answer.hits])  # a candidate moved up: cut when shown
    if all(h.snippet.strip() for h in answer.hits):
        return answer
    lemmas = searcher.query_lemmas(_searched(normalise_query(query), answer))
    listed = {h.id for h in answer.hits}
    return replace(answer, hits=[_filled(lib, store, searcher, h, lemmas, listed) for h in answer.hits])


def _searched(query: str, answer: Answer) -> list[str]:
    """The queries ``answer`` searched for ``query``: as typed, each
    synonym's and correction's words, the compounds' lemmas, and an English
    query's Russian (what a filled hit's snippet marks)."""
    said = [m for _, means in answer.synonyms for m in means] + list(answer.corrected.values())
    said += [lemma for lemmas in answer.compounds.values() for lemma in lemmas]
    russian = None if P.CYRILLIC.search(query) else glossary.to_russian(query)
    return [query, *said, *([russian] if russian else [])]


def _filled(lib: Library, store: NodeStore, searcher: Searcher, hit: Hit, lemmas: set[str],
            listed: set[str]) -> Hit:
    """``hit`` with the snippet of the first node under it that has text,
    read from ``store`` (itself when it has a snippet, or nothing under it
    has text, or that node is a hit of the answer too — ``listed``, by id:
    a text is shown once, on its own hit, so Law 64 and its one fragment do
    not print the same lines twice), cut and marked as the index cuts a
    hit's own (``lemmas``: what the search looked for)."""
    if hit.snippet.strip():
        return hit
    node = store.node(hit.id)
    first = _first_with_text(store, node) if node is not None else None
    if first is None or first.id in listed:
        return hit
    label = first.cite or store.label(first.id) or lib.label(first)  # an index stores every label
    prefix = f"{label}: "
    snippet, marks = searcher.excerpt(first.id, first.text, lemmas)
    return replace(hit, snippet=prefix + snippet, marks=tuple((s + len(prefix), e + len(prefix)) for s, e in marks))


def _first_with_text(store: NodeStore, node: Node) -> Node | None:
    """The first node of ``node``'s subtree, in reading order, that has text."""
    stack = [node]
    while stack:
        n = stack.pop()
        if n.text.strip():
            return n
        stack.extend(reversed(store.children(n.id)))
    return None


def _run(lib: Library, store: NodeStore, searcher: Searcher, query: str, *, limit: int, doc: str | None,
         lang: str) -> Answer:
    """The answer to ``query`` over the corpus of ``lib`` and its index:
    at most ``limit`` hits, best first, only document ``doc``'s when given,
    and what was done to find them (see the module doc). For a cite the
    corpus lacks, the nodes that may hold its text (:meth:`Library.holders`:
    fragments where its pages were lost) come right after the nodes that
    cite it, then the nearest part of it the corpus has (``43B2(b)`` →
    ``43``). Raises ``ValueError`` for a ``lang`` not in :data:`LANGS`."""
    if lang not in LANGS:
        raise ValueError(f"lang must be ru, en or any, not {lang!r}")
    query = normalise_query(query)
    cites = query_cites(query)
    if cites:
        cites, readings = _latin_readings(store, query, cites)
        first = _cited(lib, store, cites, doc)
        rest = searcher.search(" OR ".join(cites), limit=limit, doc=doc)
        return Answer(_unique(first + rest)[:limit], readings=readings)
    cites, words = split_query_cites(query)
    if cites:  # ``62B фальшренонс``: the cited nodes first, then the words
        first = _cited(lib, store, cites, doc)
        answer = _run(lib, store, searcher, words, limit=limit, doc=doc, lang=lang)
        return replace(answer, hits=_unique(first + answer.hits)[:limit])
    english = lang == "en" or (lang == "any" and not P.CYRILLIC.search(query))
    fixed = {typed: right for typed, right in glossary.english_typos(query).items()  # «dumy» → dummy
             if not searcher.knows(typed)} if english else {}  # a word of the text (an English edition's) is none
    query = glossary.with_words(query, fixed)  # searched as the word meant
    asked = limit
    if len(associations.words(query, norm)) >= ASSOCIATION_WORDS:  # the candidates :func:`associated` ranks again
        limit = max(limit, ASSOCIATION_DEPTH)
    hits: list[Hit] = []
    answer = Answer([])
    alts, used = glossary.alternatives(query, lambda w: _query_lemmas(store, searcher, w))
    if english:
        ru_query = " OR ".join(dict.fromkeys(filter(None, map(glossary.to_russian, alts))))
        if ru_query:  # relaxed as a Russian query is: «revoke corrected» → фальшренонс, «corrected» left out
            typed = {w: en for alt in alts for ru, en in glossary.russian_sources(alt).items()
                     for w in searcher.all_words(ru)}  # what a relaxed hit lacks: said as typed («bid»)
            answer = _words_answer(searcher, ru_query, limit, doc, translated=False, shown=asked, typed=typed)
            hits += answer.hits
    if lang != "en" or not hits:
        rendered = {w: set(searcher.all_words(" ".join(u.means))) for u in used for w in searcher.all_words(u.typed)}
        spoken = {w: u.typed for u in used for m in u.means for w in searcher.all_words(m)}  # lacked: as typed
        direct = _words_answer(searcher, " OR ".join(alts), limit, doc, translated=bool(hits), shown=asked,
                               typed=spoken, rendered=rendered)
        answer = direct if direct.hits or not hits else answer
        hits += direct.hits
    if used:  # a word a synonym stands for is not «in no node»: the text's word for it was searched
        covered = {w for u in used for w in searcher.words(u.typed)}
        answer = replace(answer, synonyms=tuple((u.typed, u.means) for u in used),
                         unknown=tuple(w for w in answer.unknown if w not in covered))
    if not english and any(d.lang == "en" for d in store.documents if doc is None or d.id == doc):
        en_query = in_english(searcher, query)  # a Russian query reaches the English text through the glossary
        if en_query:
            hits += searcher.search(en_query, limit=limit, doc=doc, snippets=asked)
    if english:  # a node whose English title the query names: after a cite's nodes, before word hits
        titled = title_matches(store, query, doc)
        hits += [node_hit(n, score) for n, score, _ in titled]
        if any(whole for _, _, whole in titled):  # a title holds every word: no word was left out of that hit
            answer = replace(answer, relaxed=False, dropped=())
    hits.sort(key=lambda h: -h.score)  # translated and direct hits, by the same BM25 measure
    if english and not hits:  # «dumy»: say which words were neither a glossary term nor the text's
        answer = replace(answer, unglossed=tuple(w for w in glossary.unglossed(query) if not searcher.knows(w)))
    read_as = " ".join(alts[1:]) if used else None  # a synonym's text words for its typed ones («не дал в масть»)
    shown = associated(store, query, _unique(hits)[:limit], read_as=read_as, limit=asked)
    answer = replace(answer, filled=answer.filled and any(h.id in answer.partial for h in shown))
    if answer.relaxed and shown and shown[0].id in answer.lacks:  # what the first hit shown lacks
        answer = replace(answer, dropped=answer.lacks[shown[0].id])
    if answer.relaxed and not answer.dropped:  # it holds each word, some as synonyms of another reading: none lacked
        answer = replace(answer, relaxed=False)
    return _as_typed(replace(answer, hits=shown, corrected={**fixed, **answer.corrected}), query)


def _as_typed(answer: Answer, query: str) -> Answer:
    """``answer`` with the words its notes name (corrected, found in compounds, in no node, lacked) as
    ``query`` wrote them (its first spelling of each): the index's norm folds case and ``ё`` (``Пошёл`` →
    ``пошел``), and a note names the user's word, as the synonyms' note does, not lawref's key for it. A
    word the query does not hold as such (a correction, an English query's Russian) is left as it is."""
    if not (answer.dropped or answer.corrected or answer.compounds or answer.unknown):
        return answer  # (most answers: nothing named, the query not read again)
    typed: dict[str, str] = {}
    for m in P.INDEX_WORD.finditer(query):
        typed.setdefault(norm(m.group()), m.group())

    def told(word: str) -> str:
        return typed.get(word, word)

    return replace(answer, dropped=tuple(map(told, answer.dropped)), unknown=tuple(map(told, answer.unknown)),
                   corrected={told(w): right for w, right in answer.corrected.items()},
                   compounds={told(w): found for w, found in answer.compounds.items()},
                   lacks=_Told(answer.lacks, told) if answer.lacks else answer.lacks)


class _Told(Mapping[str, tuple[str, ...]]):
    """Each hit's lacked words (``lacks``, by hit id) as :func:`_as_typed` names them (``told``), each
    worked out when asked, as ``lacks`` works them out."""

    def __init__(self, lacks: Mapping[str, tuple[str, ...]], told: Callable[[str], str]) -> None:
        self._lacks, self._told = lacks, told

    def __getitem__(self, hit_id: str) -> tuple[str, ...]:
        return tuple(map(self._told, self._lacks[hit_id]))

    def __iter__(self) -> Iterator[str]:
        return iter(self._lacks)

    def __len__(self) -> int:
        return len(self._lacks)


def associated(store: NodeStore, query: str, hits: list[Hit], table: associations.Table | None = None, *,
               read_as: str | None = None, limit: int | None = None) -> list[Hit]:
    """``hits`` (best first) ranked again with the query association
    (``table``; by default :func:`lawref.lang.associations.held_out`'s, else
    the index's rows for the query's keys, else the packaged table:
    :mod:`lawref.lang.associations`)
    of ``read_as``'s words (``query``'s when ``None``: a synonym's copies
    give its text words for its typed ones):
    a hit whose English title the query names (score
    :data:`TITLE_MATCH_SCORE` up) stays first; the rest are ordered by their
    score over the best of theirs plus :data:`ASSOCIATION_WEIGHT` times their
    :func:`~lawref.lang.associations.scores` over the best of theirs, ties in
    the words' order, each scored that sum times :data:`FUSED_SCALE`.
    ``hits`` unchanged for a query of fewer than :data:`ASSOCIATION_WORDS`
    words, or when no hit is associated with its words. At most ``limit``
    hits (all when ``None``)."""
    if len(hits) < 2 or len(associations.words(query, norm)) < ASSOCIATION_WORDS:
        return hits[:limit]
    keys = _association_keys(store, query if read_as is None else read_as)
    table = table or associations.instead()
    if table is None:  # the index's rows for these keys alone (a store that keeps none: the packaged table)
        kept = store.association(keys)
        table = associations.from_rows(*kept) if kept else associations.table()
    found = associations.scores(table, keys)
    top = [h for h in hits if h.score >= TITLE_MATCH_SCORE]
    rest = [h for h in hits if h.score < TITLE_MATCH_SCORE]
    best = max((found.get(h.id, 0.0) for h in rest), default=0.0)
    if best <= 0:
        return hits[:limit]
    most = max(h.score for h in rest) or 1.0

    def fused(hit: Hit) -> float:
        return hit.score / most + ASSOCIATION_WEIGHT * found.get(hit.id, 0.0) / best

    ranked = sorted(((fused(h), h) for h in rest), key=lambda t: -t[0])
    room = None if limit is None else max(0, limit - len(top))  # only the hits shown get their fused score
    return (top + [h.rescored(FUSED_SCALE * f) for f, h in ranked[:room]])[:limit]


def _association_keys(store: NodeStore, text: str) -> set[str]:
    """The table's keys ``text`` holds (:func:`lawref.lang.associations.keys`):
    an English word read as its Snowball stem; a Russian word as the table's
    lemmas it is a form of, from the node store's ``asked`` table
    (pymorphy3's, loaded only then, for a store that keeps none); another
    word (``3♣``, ``17``) as itself."""
    cyrillic = [w for w in associations.words(text, norm) if P.CYRILLIC.search(w)]  # one store lookup for all
    kept = store.asked_lemmas(cyrillic) if cyrillic else {}
    found = kept if kept is not None else {w: tuple(index_terms(w)) for w in cyrillic}  # no asked table: pymorphy3

    def lemmas(word: str) -> Iterable[str]:
        if P.CYRILLIC.search(word):
            return found.get(word, ())
        key = associations.latin_key(word)
        return (key,) if key else (word,)

    return associations.keys(text, norm, lemmas)


def in_english(searcher: Searcher, query: str) -> str | None:
    """An English query for a Russian one, through the glossary, or ``None``
    unless every word of it the search keeps (stopwords aside) is a
    one-word glossary term — by its lemma in the index (no morphology is
    loaded). One word: its English alternatives (``фальшренонс`` →
    ``revoke``); several: the first alternative of each, all required."""
    terms = []
    for word in searcher.words(query):
        lemmas = searcher.lemmas_of(word) or [word]
        found = [t for lemma in lemmas for t in glossary.lookup(word, (lemma,)) if t.lemmas == (lemma,)]
        if not found:
            return None
        terms.append(found[0])
    if not terms:
        return None
    quoted = [[f'"{e}"' if " " in e else e for e in t.en] for t in terms]
    return " OR ".join(dict.fromkeys(quoted[0])) if len(quoted) == 1 else " ".join(q[0] for q in quoted)


def _words_answer(searcher: Searcher, query: str, limit: int, doc: str | None, translated: bool,
                  shown: int | None = None, typed: Mapping[str, str] | None = None,
                  rendered: Mapping[str, set[str]] | None = None) -> Answer:
    """The index's answer to a word query: typos corrected and compounds
    expanded first; relaxed when no node has every word (and no translated
    hit was found). Each search cuts the snippets of its first ``shown``
    hits (all when ``None``); the rest are pending, cut by :func:`run` if
    :func:`associated` moves them up. What a relaxed hit lacks names each
    word as searched (a typo by its correction) or, through ``typed``, as the
    user wrote it (an English query's Russian words: ``болван`` → ``dummy``);
    a word a hit holds a synonym of (``rendered``: «декларер» → {разыгрывающий})
    is not lacked."""
    expand: Expansions = {}
    corrected: dict[str, str] = {}
    compounds: dict[str, list[str]] = {}
    unknown: list[str] = []
    for word in searcher.words(query):
        if searcher.knows(word) or not word.replace("-", "").isalpha() or len(word) < 4:
            continue
        right = searcher.suggest(word.replace("-", ""))  # ``фальшь-ренонс``: the parts as one word
        if right is not None and _real_russian(word):
            unknown.append(word)  # «отказать» is not a typo of «наказать»: relaxation leaves it out, and says so
            continue
        if right is not None:
            corrected[word], expand[word] = right, [(lem, 1.0) for lem in searcher.lemmas_of(right)]
        elif found := searcher.compounds(word):
            compounds[word], expand[word] = found, [(lem, COMPOUND_WEIGHT) for lem in found]
    hits = searcher.search(query, limit=limit, doc=doc, expand=expand, snippets=shown)
    if not hits and not translated and _short_typos(searcher, query, corrected, expand, unknown):
        hits = searcher.search(query, limit=limit, doc=doc, expand=expand, snippets=shown)  # «болвн»: none without
    said = {**corrected, **(typed or {})}
    if hits and not translated and len(hits) < limit and len(searcher.words(query)) > 1:  # few hold it whole
        more = _filled_up(hits, _relaxed(searcher, query, limit, doc, expand, shown, said, rendered)[1], limit)
        return Answer(hits + more, corrected=corrected, compounds=compounds, unknown=tuple(unknown),
                      filled=bool(more), partial=tuple(h.id for h in more))
    if hits or translated:
        return Answer(hits, corrected=corrected, compounds=compounds, unknown=tuple(unknown))
    lacks, hits = _relaxed(searcher, query, limit, doc, expand, shown, said, rendered)
    return Answer(hits, relaxed=bool(hits), dropped=lacks[hits[0].id] if hits else (), corrected=corrected,
                  compounds=compounds, unknown=tuple(unknown), lacks=lacks)


def _short_typos(searcher: Searcher, query: str, corrected: dict[str, str], expand: Expansions,
                 unknown: list[str]) -> bool:
    """Correct the Cyrillic words of 4–5 letters ``query`` holds that no
    corpus form is (:meth:`~lawref.index.Searcher.suggest` with ``short``),
    into ``corrected`` and ``expand`` — asked only when the search found
    nothing without them; a real Russian word goes to ``unknown`` instead.
    True when one was corrected."""
    found = False
    for word in searcher.words(query):
        if word in corrected or word in expand or word in unknown or searcher.knows(word) or not word.isalpha():
            continue
        right = searcher.suggest(word, short=True)
        if right is None:
            continue
        if _real_russian(word):
            unknown.append(word)
            continue
        corrected[word], expand[word], found = right, [(lem, 1.0) for lem in searcher.lemmas_of(right)], True
    return found


def _filled_up(whole: list[Hit], partial: list[Hit], limit: int) -> list[Hit]:
    """The ``partial`` hits (nodes holding most of the words) not in
    ``whole`` (nodes holding every word), up to ``limit`` hits in all,
    their scores scaled to rank after every whole hit (their order kept)."""
    seen = {h.id for h in whole}
    more = [h for h in partial if h.id not in seen][: limit - len(whole)]
    if not more:
        return []
    scale = min(1.0, 0.9 * min(h.score for h in whole) / max(h.score for h in more))
    return [h.rescored(h.score * scale) for h in more]


def _query_lemmas(store: NodeStore, searcher: Searcher, word: str) -> set[str]:
    """The lemmas a query word may be, to match synonyms: the forms
    table's for a corpus form, and the synonyms' own forms table's for a
    Cyrillic word (:func:`lawref.forms.said_forms`: also a form the corpus
    lacks, and an aspect partner's; pymorphy3's, loaded only then, for an
    index built without it), an English word's singular (``bids`` → bid)."""
    found = set(searcher.lemmas_of(word)) if searcher.knows(word) else set()
    if P.CYRILLIC.search(word):
        said = store.said_forms
        if said is None:
            return found or set(morph.lemmas(word))
        return found | set(said.get(norm(word), ()))
    return found or {glossary.singular(word)}


def _real_russian(word: str) -> bool:
    """Whether ``word`` is a Russian word of pymorphy3's dictionary (a word
    the corpus lacks but a director may mean: never a typo). Loads
    pymorphy3 (its dictionaries), and only for a Cyrillic word a correction
    was found for."""
    return morph.has_cyrillic(word) and morph.is_known(word)


def _relaxed(searcher: Searcher, query: str, limit: int, doc: str | None, expand: Expansions,
             shown: int | None = None, said: Mapping[str, str] | None = None,
             rendered: Mapping[str, set[str]] | None = None) -> tuple[Mapping[str, tuple[str, ...]], list[Hit]]:
    """``({hit id: the words it lacks of the OR alternative it holds most of,
    in query order, each as ``said`` names it, none whose ``rendered`` words it holds}; hits)`` when no node
    holds every word: the nodes holding the most of the query, each word
    weighted by its rarity (``log(1 + N / nodes holding it)``: the word
    that names the subject weighs most, the commonest least), the share
    held raised to :data:`SHARE_POWER` times whoosh's score (so a node
    holding most of a question outranks one holding its rarest word alone:
    «получает ли игрок помощь если сам неправильно понял свою заявку» →
    21A, not the one node with «получает»). ``({}, [])`` when no node holds
    any word."""
    words = searcher.all_words(query)
    freq = {w: searcher.frequency(w, expand) for w in words}
    size = max(searcher.size(), 1)
    weight = {w: math.log(1 + size / f) ** IDF_POWER for w, f in freq.items() if f}
    if not weight:
        return {}, []

    weighed: dict[tuple[str, ...], tuple[list[tuple[str, float]], float]] = {}  # a group's weights, summed once

    def share(group: list[str], held: frozenset[str]) -> float:  # the weighted share of ``group`` held
        key = tuple(group)
        found = weighed.get(key)
        if found is None:
            found = weighed[key] = [(w, weight.get(w, 0.0)) for w in group], sum(weight.get(w, 0.0) for w in group)
        pairs, total = found
        return sum(x for w, x in pairs if w in held) / (total or 1.0)

    powers: dict[frozenset[str], float] = {}  # the candidates hold few distinct sets of words: each weighed once

    def rank(score: float, held: frozenset[str]) -> float:
        power = powers.get(held)
        if power is None:
            power = powers[held] = share(words, held) ** SHARE_POWER
        return score * power

    rarest = sorted(weight, key=lambda w: -weight[w])[:RELAXED_WORDS]  # a long query: its rarest words decide
    found = searcher.search_any(query, limit=limit, rank=rank, doc=doc, expand=expand, only=set(rarest),
                                snippets=shown)
    groups = searcher.word_groups(query) or [words]

    searched = set(rarest) | {w for w in words if not freq[w]}  # what was searched, and what no node holds

    def lacks(held: frozenset[str]) -> tuple[str, ...]:  # of the reading of the query it holds most of
        reading = max(groups, key=lambda group: share(group, held))
        named, other = said or {}, rendered or {}  # a word not searched is not «lacked», nor one held as a synonym
        return tuple(dict.fromkeys(named.get(w, w) for w in reading
                                   if w in searched and w not in held and not other.get(w, set()) & held))

    return _Lacks({hit.id: held for hit, held in found}, lacks), [hit for hit, _ in found]


class _Lacks(Mapping[str, tuple[str, ...]]):
    """``{hit id: the words it lacks}`` of a relaxed search, each worked out
    when first asked (only the first hit shown is: its ``dropped``) from the
    words the hit holds (``held``) by ``lacks``."""

    def __init__(self, held: dict[str, frozenset[str]], lacks: Callable[[frozenset[str]], tuple[str, ...]]) -> None:
        self._held, self._lacks = held, lacks
        self._done: dict[str, tuple[str, ...]] = {}

    def __getitem__(self, hit_id: str) -> tuple[str, ...]:
        found = self._done.get(hit_id)
        if found is None:
            found = self._done[hit_id] = self._lacks(self._held[hit_id])
        return found

    def __iter__(self) -> Iterator[str]:
        return iter(self._held)

    def __len__(self) -> int:
        return len(self._held)


def _latin_readings(store: NodeStore, query: str, cites: list[str]
                    ) -> tuple[list[str], tuple[tuple[str, str, bool], ...]]:
    """``(cites, readings)`` for a query of cites: a section letter Д or Г
    reads in alphabet order (``17Д`` = 17E, :func:`lawref.cite.normalise_cite`),
    but a director may have typed it for the Latin letter (17D): the cite
    that reading gives is searched too, right after, when the corpus has it
    (``17Д`` → 17E, 17D), or instead when the alphabet-order one is not in
    the corpus (``65Д`` → 65D). ``readings`` as :attr:`Answer.readings`."""
    swapped = latin_letters(query)
    latin = query_cites(swapped) if swapped != query else []
    if len(latin) != len(cites):
        return cites, ()
    out, readings = list(cites), []
    for k, (mine, other) in enumerate(zip(cites, latin, strict=True)):
        if mine == other or not store.with_cite(other):
            continue
        held = bool(store.with_cite(mine))
        if held:
            out.append(other)
        else:
            out[k] = other
        readings.append((mine, other, held))
    return list(dict.fromkeys(out)), tuple(readings)


def _cited(lib: Library, store: NodeStore, cites: list[str], doc: str | None) -> list[Hit]:
    """The nodes ``cites`` name, in the order asked; for a cite the corpus
    lacks, the nodes that cite it, then the nodes that may hold its text
    (fragments where its pages were lost), then its nearest ancestor."""
    def named(cite: str) -> list[Node]:
        return [n for n in store.with_cite(cite) if doc is None or n.doc == doc]

    out: list[Hit] = []
    for cite in cites:
        found = named(cite)
        if found:
            out += [node_hit(n) for n in found]
            continue
        citing: dict[str, tuple[int, int]] = {}  # each node citing it: its first citation's span
        for by, ref in lib.citing(cite):
            if doc is None or by.doc == doc:
                citing.setdefault(by.id, (ref.start, ref.end))
        out += [citing_hit(n, CITE_SCORE - 1, *citing[i]) for i in citing if (n := store.node(i)) is not None]
        out += [node_hit(n, CITE_SCORE - 2) for n in lib.holders(cite) if doc is None or n.doc == doc]
        up = next((found for a in ancestors(cite) if (found := named(a))), [])
        out += [node_hit(n, CITE_SCORE - 3) for n in up]
    return out


def title_matches(store: NodeStore, query: str, doc: str | None) -> list[tuple[Node, float, bool]]:
    """``(node, score, whole)`` of every node of ``store`` (in document
    ``doc``, any when ``None``) with an English title the query names —
    its own or one another edition gives its rule (``The Auction Period``,
    2017, → 17)
    (:func:`lawref.lang.glossary.title_match`), best first: from
    :data:`TITLE_MATCH_SCORE` up (the closer, the higher), a loose match
    :data:`TITLE_SCORE`; ``whole`` when the title holds every query word."""
    wanted = glossary.english_stems(query)
    if not wanted:
        return []
    found = []
    matched: dict[str, tuple[frozenset[str], float | None]] = {}  # each title's match worked out once
    for node_id, title in store.law_titles() + store.other_titles():
        if title not in matched:
            stems = glossary.english_stems(title)
            matched[title] = stems, glossary.title_match(wanted, stems)
        stems, close = matched[title]
        if close is not None and (node := store.node(node_id)) is not None and (doc is None or node.doc == doc):
            score = TITLE_MATCH_SCORE + 9 * close if close else TITLE_SCORE
            found.append((node, score, bool(close) and wanted <= stems))
    return sorted(found, key=lambda t: -t[1])


def node_hit(node: Node, score: float = CITE_SCORE) -> Hit:
    """A hit for ``node`` made without the index: its text cut at a word
    under :data:`~lawref.results.SNIPPET_CHARS` characters."""
    text = node.text
    snippet = text if len(text) <= SNIPPET_CHARS else text[: SNIPPET_CHARS - 1].rsplit(" ", 1)[0] + "…"
    return Hit(node.id, node.cite, node.doc, node.kind, node.title, node.page, score, snippet)


def citing_hit(node: Node, score: float, start: int, end: int) -> Hit:
    """A hit for ``node``, which cites what was asked at ``start``–``end`` (code points of its text,
    end-exclusive): its text cut around that citation, at words, and the citation marked — a director
    asking for a law the corpus lacks sees where the hit cites it («…(но см. ⟦правило 59⟧ для…»)."""
    text = node.text
    lo = 0 if start <= LEAD else text.rfind(" ", 0, start - LEAD) + 1  # at a word's start
    hi = min(len(text), max(lo + SNIPPET_CHARS, end))
    if hi < len(text) and (space := text.rfind(" ", end, hi)) > 0:
        hi = space  # at a word's end (the citation whole)
    shift = (1 if lo else 0) - lo
    snippet = ("…" if lo else "") + text[lo:hi] + ("…" if hi < len(text) else "")
    return Hit(node.id, node.cite, node.doc, node.kind, node.title, node.page, score, snippet,
               ((start + shift, end + shift),))


def _unique(hits: list[Hit]) -> list[Hit]:
    """``hits`` with each node once, first place kept."""
    seen: set[str] = set()
    out = []
    for h in hits:
        if h.id not in seen:
            seen.add(h.id)
            out.append(h)
    return out
