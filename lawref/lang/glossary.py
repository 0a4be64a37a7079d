"""glossary: the terms a query is read with — the Russian–English glossary and a director's synonyms.

Each entry: the Russian term, its lemmas (as pymorphy3 gives them for the forms
in the seeds), English equivalents, part of speech, a note and a seed location.
Used to turn an English query into a Russian one (``revoke`` → ``фальшренонс``,
``adjusted score`` → ``"присуждённый результат"``) without loading pymorphy3.

The synonyms (``lawref/data/synonyms.tsv``): what a director types for a term
the Laws word otherwise — ``said`` (as lemmas word for word), ``means`` (the
text's words, one or more alternatives), a seed line where the text uses it
and the reason. :func:`alternatives` turns a query into the query itself and
one copy for each alternative of each synonym it holds (``штраф за ход вне
очереди`` → also ``наказание за ход вне очереди``); the search ORs them. A
query word is matched by its lemmas in the index's forms table, a word the
corpus lacks by the synonyms' own forms table kept at build
(:func:`lawref.forms.said_forms`): no pymorphy3 on the query side.
"""

from __future__ import annotations

import csv
import functools
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any, NamedTuple

from lawref import patterns as P
from lawref import typos  # rapidfuzz itself is loaded only for a word no term holds
from lawref.lang import (
    english,  # pyspellchecker's list: loaded only for a word with a near one
    morph,  # pymorphy3 itself: loaded only for a word it must read
)

PATH = Path(__file__).resolve().parent.parent / "data" / "glossary.tsv"
SYNONYMS_PATH = PATH.with_name("synonyms.tsv")
IRREGULAR_PATH = PATH.with_name("english-irregular.tsv")
#: At most this many copies of a query are searched (a query holding many synonyms).
MAX_ALTERNATIVES = 8


class Term(NamedTuple):
    """``ru`` term, ``lemmas`` of its words, ``en`` alternatives, ``pos``,
    ``note``, ``source`` (seed file and line)."""

    ru: str
    lemmas: tuple[str, ...]
    en: tuple[str, ...]
    pos: str
    note: str
    source: str


@functools.cache
def load() -> tuple[Term, ...]:
    """Every glossary entry, in file order."""
    rows = PATH.read_text(encoding="utf-8").splitlines()
    return tuple(
        Term(r["ru"], tuple(r["ru_lemmas"].split()), tuple(e.strip() for e in r["en"].split("|")),
             r["pos"], r["note"] or "", r["source"])
        for r in csv.DictReader(rows, delimiter="\t", quoting=csv.QUOTE_NONE)
    )


def singular(word: str) -> str:
    """``revokes`` → ``revoke``, ``penalties`` → ``penalty``, ``passes`` →
    ``pass``; ``pass`` and ``bonus`` stay."""
    w = word.lower()
    if len(w) > 4 and w.endswith("ies"):
        return w[:-3] + "y"
    if w.endswith("sses"):
        return w[:-2]
    if len(w) > 3 and w.endswith("s") and not w.endswith(("ss", "us", "is")):
        return w[:-1]
    return w


def _key(words: list[str]) -> tuple[str, ...]:
    return tuple(singular(w) for w in words)


def _terms_by(key: Callable[[list[str]], tuple[str, ...]]) -> dict[tuple[str, ...], list[Term]]:
    """The terms by ``key`` of each of their English alternatives' words; under a key, the terms whose
    first alternative has it come first (their own word before another term's variant)."""
    index: dict[tuple[str, ...], list[Term]] = {}
    for term in load():
        for en in term.en:
            index.setdefault(key(P.GLOSSARY_WORD.findall(en)), []).append(term)
    for k, terms in index.items():
        index[k] = [t for t in terms if key(P.GLOSSARY_WORD.findall(t.en[0])) == k] or terms
    return index


@functools.cache
def _exact_index() -> dict[tuple[str, ...], list[Term]]:
    """The terms by an English alternative exactly as written (lower case): a form a term lists itself
    goes to it before plurals are folded ("plays" → играть, a verb; "play" → розыгрыш, the noun)."""
    return _terms_by(lambda words: tuple(w.lower() for w in words))


@functools.cache
def _english_index() -> dict[tuple[str, ...], list[Term]]:
    """The terms by an English alternative with plurals folded (:func:`singular`)."""
    return _terms_by(_key)


#: English words a query may hold that are not terms to search for.
STOPWORDS = frozenset("a an and are as at be by for from in into is it of on or the to with".split())


#: Folded function and question words a search drops when other words remain: they carry no weight
#: in a question a director types whole («что делать если игрок не дал в масть», "what happens when a
#: revoke is corrected"). Pronouns are listed in every form a question uses them in (какую, которую,
#: свою, самом): the query side matches folded forms, never lemmas, so no dictionary is loaded.
FUNCTION_WORDS = frozenset(
    # Russian prepositions, conjunctions, particles
    "а без бы в во же для до за и из или к ко ли либо на над не нет ни но о об обо хотя хоть даже ведь чтобы "
    "от по под при с со то у что как это после перед через между пока также тоже ещё еще уже только лишь "
    # Russian question words and the verbs a question is asked with
    "кто когда где куда почему зачем если можно нельзя нужно надо каков чем тогда там тут здесь "
    "будет будут быть был была было были есть делать сделать делает происходит случится "
    "сделал сделала сделали сделало делал делала делали делают произошло случилось "  # «игрок сделал фальшренонс»
    # Russian pronouns, in their forms
    "какой какая какое какие какую какого каком каким какими каких какой "
    "который которая которое которые которую которого котором которым которыми которых которой "
    "свой своя своё свое свои свою своего своей своём своем своим своими своих "
    "сам сама само сами самого самой самом самим самому самый самая самое самые самую "
    "тот та те ту того той тем тех том этот эта эти эту этого этой этом этим этих "
    "я мы ты вы он она оно они его её ее ему ей ею им их ими нём нем ней них мне меня нас вас "
    "него нему ним ними неё нее нею "  # after a preposition: «у него была карта», «к нему»
    "мой моя моё мое мои мою моего моей моём моем моим моими моих твой твоя твоё твое твои твою твоего твоей твоём "
    "твоем твоим твоими твоих наш наша наше наши нашу нашего нашей нашем нашим нашими наших ваш ваша ваше ваши вашу "
    "вашего вашей вашем вашим вашими ваших "  # possessives: «объяснил мою заявку» is about the call, not whose
    "весь вся всё все всего всей всем всех всеми "
    "никто никого никому никем ничто ничего ничему ничем нечем некому "
    "кто-то кого-то кому-то что-то чего-то чем-то кто-нибудь что-нибудь нибудь какой-то какая-то какую-то "
    "кто-либо что-либо "
    # Russian words a spoken question is padded with
    "просто вообще теперь потом сейчас вот ну разве неужели сколько подскажите подскажи скажите скажи пожалуйста "
    # English function and question words
    "a an the and or of to in on at by for from with into as is are was were be been being it its this that "
    "what when where who whom which why how can could may might must shall should will would do does did "
    "happens happen happened if there he she they his her their him them we you my our your me please "
    "after before during about than not no but i me us both already still just really even also so then now "
    "have has had having get gets got am i'm it's don't doesn't can't what's one ones "
    "all each every some until between whether because only".split()
)


#: English number words a query may spell and the Laws write as digits ("five cards" → 5 карт, 004's 45.7);
#: "one" is left out, as «один» is: "the one declarer named" is no count.
NUMBER_WORDS = {w: str(n) for n, w in enumerate(
    "zero one two three four five six seven eight nine ten eleven twelve thirteen".split()) if n > 1}


@functools.cache
def _stem_index() -> dict[tuple[str, ...], list[Term]]:
    """:func:`_english_index` keyed by Snowball stems (``claimed``, ``claiming`` → claim)."""
    index: dict[tuple[str, ...], list[Term]] = {}
    for key, terms in _english_index().items():
        index.setdefault(tuple(english_stem(w) for w in key), terms)
    return index


@functools.cache
def _longest() -> int:
    """The most words of an English alternative of a term."""
    return max((len(k) for k in _english_index()), default=1)


def segments(query: str) -> list[tuple[str, list[Term]]]:
    """``query`` split into glossary terms, longest first at each position,
    and the words between them: ``[(words as written, [Term, …] or [])]``.
    A form a term lists as written goes to it first (``plays`` → играть);
    plurals match (``tricks`` → trick), and other forms by their Snowball
    stem when no term is written so (``claimed`` → claim, ``leading`` → lead)."""
    words = P.GLOSSARY_WORD.findall(query)
    index, stems, exact = _english_index(), _stem_index(), _exact_index()
    longest = _longest()
    lowered = [w.lower() for w in words]  # each word's three keys worked out once, not once per run holding it
    singulars = [singular(w) for w in lowered]
    stemmed = [english_stem(w) for w in lowered]
    found: list[tuple[str, list[Term]]] = []
    i = 0
    while i < len(words):
        for n in range(min(longest, len(words) - i), 0, -1):
            terms = (exact.get(tuple(lowered[i : i + n])) or index.get(tuple(singulars[i : i + n]))
                     or stems.get(tuple(stemmed[i : i + n])))
            if terms:
                found.append((" ".join(words[i : i + n]), terms))
                i += n
                break
        else:
            found.append((words[i], []))
            i += 1
    return found


def english_terms(query: str) -> list[tuple[str, list[Term]]]:
    """The glossary terms of ``query`` (see :func:`segments`)."""
    return [(w, terms) for w, terms in segments(query) if terms]


def _ru_query_part(term: Term) -> str:
    return f'"{term.ru}"' if " " in term.ru else term.ru


def to_russian(query: str) -> str | None:
    """A Russian query for an English one, or ``None`` when no glossary term is
    in it. One term: its Russian equivalents as alternatives (``pass`` →
    ``пас OR пасовать OR спасовать``); several: the first equivalent of each,
    all required (``penalty card dummy`` → ``"штрафная карта" болван``); a
    word the glossary lacks is kept as written (``dummy xyzzy`` → ``болван
    xyzzy``, which finds nothing), a number word as its digits (``five cards``
    → ``5 карта``: the Laws write counts in digits); function and question
    words (:data:`FUNCTION_WORDS`: "what", "after") are dropped."""
    parts = [(NUMBER_WORDS.get(w.lower(), w), terms) for w, terms in segments(query)
             if terms or w.lower() not in FUNCTION_WORDS]
    if not any(terms for _, terms in parts):
        return None
    if len(parts) == 1:
        return " OR ".join(dict.fromkeys(_ru_query_part(t) for t in parts[0][1]))
    # a word the glossary lacks stays as it is, and is required like the rest
    return " ".join(_ru_query_part(terms[0]) if terms else w for w, terms in parts)


def russian_sources(query: str) -> dict[str, str]:
    """``{a glossary term's Russian: the English words of ``query`` it
    stands for, as written}``, for the words of ``query`` the glossary
    renders one way only (``insufficient call`` → ``{"заявка": "call"}``):
    what a relaxed search says a node lacks is said in the words the user
    typed. A word of several renderings is left out (``claim``: претендовать,
    претензия — :func:`to_russian` searches the first, and a node holding
    «претензией» lacks «претендовать», not «claim»)."""
    return {terms[0].ru: written for written, terms in segments(query) if len(terms) == 1}


#: The fewest letters an English word needs to be taken for a typo (``dumy`` → dummy, ``crad`` → card).
MIN_ENGLISH_TYPO = 4


@functools.cache
def english_vocabulary() -> tuple[typos.ByLength, dict[str, int]]:
    """``(words by length (:class:`~lawref.typos.ByLength`), how often each is used)``: the English words a
    mistyped one may have meant — every word of 4+ letters of the glossary's
    English sides and of every catalogued edition's titles (lower case, in
    sorted order) — and how many of those sides and titles use each (``dummy``
    many, ``duty`` few: the likelier of two words as near)."""
    from lawref.lang import catalogue  # the editions' titles: only for a word no glossary term holds

    titles = [e.title_en for edition in ("1997", "2007", "2017") if catalogue.has(edition)
              for e in catalogue.load(edition).entries.values()]
    said = [en for t in load() for en in t.en] + titles
    used: dict[str, int] = {}
    for text in said:
        for word in {w.lower() for w in P.ENGLISH_WORD.findall(text)}:
            used[word] = used.get(word, 0) + 1
    return typos.ByLength(w for w in sorted(used) if len(w) >= MIN_ENGLISH_TYPO and w not in TITLE_STOPWORDS), used


@functools.cache
def _english_lemmas() -> dict[str, list[str]]:
    """Each word of :func:`english_vocabulary` as its own lemma (what :func:`lawref.typos.nearest` asks)."""
    return {w: [w] for w in english_vocabulary()[0].forms}


def prepare() -> None:
    """Load now what an English query loads on first use: :func:`english_vocabulary`, its lemmas, the
    stemmer and pyspellchecker's list (:func:`lawref.search.prepare`)."""
    _english_lemmas(), _stemmer(), english.is_known("dummy")


def english_typos(query: str) -> dict[str, str]:
    """``{word as typed: the glossary's or a title's word it was typed
    for}`` of an English ``query``: a word of 4+ letters no glossary term
    holds (its stem neither) that is no English word either (pyspellchecker's
    list, loaded only when a word has a near one), one edit from a word of
    :func:`english_vocabulary` (two from 8 letters: :func:`lawref.typos.nearest`;
    of two as near, the one more sides and titles use) — ``dumy`` → dummy,
    ``insuficient`` → insufficient; ``cart`` stays."""
    vocabulary, used = english_vocabulary()
    lemmas = _english_lemmas()
    out: dict[str, str] = {}
    for typed, found in segments(query):
        word = typed.lower()
        if found or not word.isalpha() or not word.isascii() or len(word) < MIN_ENGLISH_TYPO or typed.isupper():
            continue
        if word in FUNCTION_WORDS or word in lemmas:
            continue
        right = typos.nearest(word, vocabulary, lemmas, used, use_first=True)
        if right is not None and not english.is_known(word):
            out[typed] = right
    return out


def with_words(query: str, words: dict[str, str]) -> str:
    """``query`` with each whole word of ``words`` (as typed) replaced by its
    value (``insuficient bid`` → ``insufficient bid``)."""
    for typed, right in words.items():
        query = re.sub(rf"(?<!\w){re.escape(typed)}(?!\w)", right, query)
    return query


def unglossed(query: str) -> list[str]:
    """The words of an English ``query`` no glossary term holds, function
    and number words aside (``dumy revoke`` → ``["dumy"]``): searched as
    themselves, they find only what the text spells so."""
    return [w for w, terms in segments(query) if not terms and w.lower() not in FUNCTION_WORDS
            and w.lower() not in NUMBER_WORDS and not w.isdigit()]


def lookup(word: str, lemmas: tuple[str, ...] = ()) -> list[Term]:
    """Entries for ``word``: a Russian term in any form — its ``lemmas`` (one
    per word; ``присуждённого результата`` → ``присудить результат``) equal a
    term's, or, for one word, occur in it — or whose English side names it."""
    w = word.strip().lower().replace("ё", "е")
    keys = tuple(lemmas) or tuple(w.split())
    if len(keys) > 1:
        found = [t for t in load() if t.lemmas == keys or t.ru.lower().replace("ё", "е") == w]
    else:
        found = [t for t in load() if {w, *keys} & set(t.lemmas) or t.ru.lower().replace("ё", "е") == w]
    found.sort(key=lambda t: (len(t.lemmas) != 1, t.ru))  # the word itself before phrases holding it
    found += [t for _, terms in english_terms(word) for t in terms if t not in found]
    return found


# -- English stems and titles ---------------------------------------------------------


@functools.cache
def _stemmer() -> Any:
    import Stemmer  # PyStemmer; lazy: a Russian query never loads it

    return Stemmer.Stemmer("english")


@functools.cache
def irregular_forms() -> dict[str, str]:
    """``{irregular past form: base form}`` of English verbs (``misunderstood``
    → ``misunderstand``, ``made`` → ``make``), from the data file
    ``english-irregular.tsv`` (its notes give the source and the forms left out)."""
    rows = IRREGULAR_PATH.read_text(encoding="utf-8").splitlines()
    return {r["form"]: r["base"] for r in csv.DictReader((ln for ln in rows if not ln.startswith("#")),
                                                         delimiter="\t", quoting=csv.QUOTE_NONE)}


def english_stem(word: str) -> str:
    """The Snowball English (Porter2) stem of a lowercased ``word``: PyStemmer,
    the Snowball project's own stemmers in C (0.4 µs a word) — ``claims`` →
    ``claim``, ``established`` → ``establish``, ``dummies`` → ``dummi``; a
    possessive's ``'s`` dropped first (``dummy's`` → ``dummi``), a verb's
    irregular past form read as its base (:func:`irregular_forms`:
    ``misunderstood`` → ``misunderstand``, as ``misunderstanding`` stems),
    a British ``-ise`` spelled ``-ize`` (``unauthorised`` stems as
    ``unauthorized``: :data:`lawref.patterns.BRITISH_ISE`).
    The index, the search and the English title matching share it."""
    word = P.POSSESSIVE.sub("", word)
    word = P.BRITISH_ISE.sub(r"\g<stem>iz\g<end>", irregular_forms().get(word, word))
    return str(_stemmer().stemWord(word))


#: English words a title or a question holds that name nothing (beside :data:`STOPWORDS`).
TITLE_STOPWORDS = STOPWORDS | frozenset(
    "what when where which who whom whose why how can could may might must shall should will would do does did"
    " happens happen if there their this that these those not no any".split())


@functools.lru_cache(maxsize=4096)
def english_stems(text: str) -> frozenset[str]:
    """The stems of the English words of ``text`` (3+ letters, a possessive's
    ``'s`` dropped, :data:`TITLE_STOPWORDS` aside): ``Dummy's Limitations`` →
    ``{dummi, limit}``."""
    words = (w.lower() for w in P.ENGLISH_WORD.findall(P.POSSESSIVE.sub("", text)))
    return frozenset(english_stem(w) for w in words if w not in TITLE_STOPWORDS)


def title_match(query: frozenset[str], title: frozenset[str]) -> float | None:
    """How closely query stems name an English title's: ``None`` when they
    do not; ``0.0`` for a one-word query in the title (``revoke``: a loose
    match); otherwise the share of their words in common (above 0) when the
    query holds two or more of the title's words and either every query word
    is in the title (``correction of a revoke`` → Correction of a Revoke) or
    every title word is in the query and they make most of it (``cards taken
    from the wrong board`` → Cards from Wrong Board)."""
    shared = query & title
    if not shared:
        return None
    if len(shared) >= 2 and (query <= title or (title <= query and len(shared) >= 0.6 * len(query))):
        return len(shared) / len(query | title)
    return 0.0 if query <= title else None


# -- synonyms a director uses ----------------------------------------------------------


class Synonym(NamedTuple):
    """``said`` as a director types it, its ``lemmas`` word for word,
    ``means`` the text's words for it (alternatives), ``lang``, ``source``
    (seed file:line of ``means``), ``reason``."""

    said: str
    lemmas: tuple[str, ...]
    means: tuple[str, ...]
    lang: str
    source: str
    reason: str


class Used(NamedTuple):
    """A synonym a query held: ``typed`` as written in the query, ``means``
    the alternatives searched beside it."""

    typed: str
    means: tuple[str, ...]


@functools.cache
def synonyms() -> tuple[Synonym, ...]:
    """Every row of the data file, in file order (``#`` lines are its notes)."""
    rows = [line for line in SYNONYMS_PATH.read_text(encoding="utf-8").splitlines() if not line.startswith("#")]
    return tuple(Synonym(r["said"], tuple(r["said_lemmas"].split()), tuple(m.strip() for m in r["means"].split("|")),
                         r["lang"], r["source"], r["reason"])
                 for r in csv.DictReader(rows, delimiter="\t", quoting=csv.QUOTE_NONE))


@functools.cache
def _synonym_heads() -> frozenset[str]:
    """The first three letters of every word a synonym is said with: a query
    with none of them holds no synonym (no lemma is looked up)."""
    return frozenset(lemma[:3] for s in synonyms() for lemma in s.lemmas)


@functools.cache
def _by_first_lemma() -> dict[str, list[tuple[int, Synonym]]]:
    """Every synonym (with its place in the file) by the first lemma it is said with."""
    found: dict[str, list[tuple[int, Synonym]]] = {}
    for k, syn in enumerate(synonyms()):
        found.setdefault(syn.lemmas[0], []).append((k, syn))
    return found


#: Words a spoken Russian question pads a phrase with, skipped when a synonym not said with them is looked for:
#: «никто ещё не открылся» holds «никто не открылся», «забыл свою систему» «забыл систему» (folded forms).
FILLERS = frozenset("ещё еще уже же ведь вообще просто тоже также даже именно сразу потом теперь опять снова вот ну "
                    "свой своя свое свои свою своего своей своим своими своих мой моя мое мои мою моего моей моим "
                    "наш наша наше наши нашу нашего нашей нашим его ее их".split())

#: The words a question asks lawref with («подскажите, …»): function words (:data:`FUNCTION_WORDS`), and never a
#: synonym's run — «подсказать» is a synonym (a partner's hint), and «подскажите, что может потребовать…» was
#: searched also as «предостерегает, что может потребовать…».
REQUESTS = frozenset("подскажите подскажи скажите скажи".split())

#: What a bid above seven (:data:`lawref.patterns.BID_ABOVE_SEVEN`) is searched as beside itself: 35C's words
#: (003:109, «назначение выше семи»).
BID_ABOVE_SEVEN = "назначение выше семи"
#: The same in an English query, which is translated as a whole: Law 35C's title (the glossary's term for it).
BID_ABOVE_SEVEN_EN = "bid of more than seven"


def alternatives(query: str, lemmas: Callable[[str], set[str]]) -> tuple[list[str], list[Used]]:
    """``([query, copies…], synonyms used)``: ``query`` and, for each synonym
    it holds (its lemmas, word for word, in a run of the query's words;
    ``lemmas(word)`` gives a word's), a copy with that run replaced by each
    of its ``means`` — at most :data:`MAX_ALTERNATIVES` in all, the query
    first. A phrase in quotes is left as it is, the words around it are not
    («"ход вне очереди" штраф» → also «"ход вне очереди" наказание»); a
    filler word (:data:`FILLERS`) inside a run is skipped, a request
    (:data:`REQUESTS`: «подскажите») is in none. A bid
    above seven (``8 пик``, ``nine hearts``) has a copy with it as
    :data:`BID_ABOVE_SEVEN`, first."""
    quoted = [m.span() for m in P.PHRASE.finditer(query)]
    out, used = [query], []
    above = next((m for m in P.BID_ABOVE_SEVEN.finditer(query) if not any(a <= m.start() < b for a, b in quoted)), None)
    if above is not None:  # «8 пик»: no bid is legal above seven (35C «назначение выше семи»)
        means = BID_ABOVE_SEVEN if P.CYRILLIC.search(query) else BID_ABOVE_SEVEN_EN  # an English query is translated
        used.append(Used(above.group(), (means,)))
        out.append(query[: above.start()] + means + query[above.end():])
    every = [(m.group(), m.start(), m.end()) for m in P.INDEX_WORD.finditer(query)
             if not any(a <= m.start() < b for a, b in quoted) and m.group().lower() not in REQUESTS]
    folded_all = [w.lower().replace("ё", "е") for w, _, _ in every]
    if not any(w[:3] in _synonym_heads() for w in folded_all if w not in FUNCTION_WORDS):
        return out, used
    sets_all = [lemmas(w) | {f} for (w, _, _), f in zip(every, folded_all, strict=True)]
    present = set().union(*sets_all)
    heads = _by_first_lemma()
    for _, syn in sorted(found for lemma in present for found in heads.get(lemma, ())):  # in file order
        said = set(syn.lemmas)  # a filler the synonym is not said with is skipped: «забыл (свою) систему»
        kept = [k for k, f in enumerate(folded_all) if f not in FILLERS or sets_all[k] & said]
        tokens, sets = [every[k] for k in kept], [sets_all[k] for k in kept]
        n = len(syn.lemmas)
        for i in range(len(tokens) - n + 1):
            start, end = tokens[i][1], tokens[i + n - 1][2]
            if all(lem in sets[i + k] for k, lem in enumerate(syn.lemmas)) and not any(
                    start <= a < end for a, _ in quoted):  # a run never spans a phrase
                if Used(query[start:end], syn.means) in used:  # «не в свою очередь», as «не в очередь» says too
                    break
                used.append(Used(query[start:end], syn.means))
                out += [query[:start] + m + query[end:] for m in syn.means]
                break
    return list(dict.fromkeys(out))[:MAX_ALTERNATIVES], used


#: Lemmas that mark text about the Laws, beside the glossary's (Russian).
_LAW_LEMMAS = frozenset(
    "правило игрок карта взятка заявка масть судья наказание партнёр торговля розыгрыш ход пас контра реконтра "
    "сторона оппонент нарушение нарушитель болван разыгрывающий вистующий стол сдача очередь".split())
#: Words that mark text about the Laws, beside the glossary's one-word English terms.
_LAW_WORDS_EN = frozenset(
    "law player card trick call bid suit director partner opponent declarer dummy defender lead play auction pass "
    "double redouble penalty infraction offender side table board revoke turn score contestant information "
    "round session tournament hand deal claim concession rectification".split())


def law_share(text: str, lang: str = "ru", sample: int = 3000) -> float:
    """Share (0–1) of the first ``sample`` words of ``text`` (Cyrillic ones in Russian, Latin ones of two
    letters or more in English) that are words of the Laws: in Russian their lemma is a glossary term's or
    one of a few more (взятка, заявка …), in English their stem a one-word English term's or one of a few
    more (trick, bid …). The Laws' pages read 0.26–0.39 in English; the README, a licence, a program 0.09–0.13."""
    words = [m.group() for _, m in zip(range(sample), P.WORD.finditer(text), strict=False)]
    if lang == "en":
        latin = [w.lower() for w in words if len(w) > 1 and w.isascii() and w.isalpha()]
        stems = _law_words()[1]
        return sum(english_stem(w) in stems for w in latin) / len(latin) if latin else 0.0
    lemmas = _law_words()[0]
    cyrillic = [w for w in words if morph.has_cyrillic(w)]
    return sum(morph.lemma(w) in lemmas for w in cyrillic) / len(cyrillic) if cyrillic else 0.0


@functools.cache
def _law_words() -> tuple[frozenset[str], frozenset[str]]:
    """The words :func:`law_share` counts: Russian lemmas, English stems (made once a process)."""
    russian = _LAW_LEMMAS | {lem for t in load() for lem in t.lemmas}
    english_words = {english_stem(w) for w in _LAW_WORDS_EN} | {english_stem(e) for t in load() for e in t.en
                                                                if " " not in e}
    return frozenset(russian), frozenset(english_words)
