"""query.editions: the choice of edition, catalogue entries, counterparts, what a corpus lacks.

Functions of an open :class:`~lawref.library.Library` (``lib``), which hands
its public methods on to them; each reads the node store of the generation
``lib`` answers from.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from types import ModuleType
from typing import TYPE_CHECKING, Any

from lawref import labels
from lawref import patterns as P
from lawref.cite import latin, law_of, normalise_cite
from lawref.errors import CiteError, NotFound, UsageError
from lawref.i18n import N_
from lawref.lang import DEFAULT_EDITION
from lawref.model import Document, Kind, Node, Status
from lawref.query.generation import kept

if TYPE_CHECKING:
    from lawref.citations import Target
    from lawref.lang.catalogue import Catalogue, Entry
    from lawref.lang.concordance import Comparison, Counterpart, Row
    from lawref.library import Library

def _edition_key(edition: str) -> tuple[int, str]:
    """Sort key of an edition label: its year first (``"2017"``), then the label."""
    digits = "".join(ch for ch in edition if ch.isdigit())[:4]
    return (int(digits) if digits else 0, edition)


def absent(lib: Library, cite_or_id: str, edition: str | None = None) -> tuple[str, str, Entry]:
    """For a cite the corpus lacks: ``(canonical cite, edition, catalogue
    entry)`` of what ``edition`` (default: :meth:`edition`) calls it.
    Raises :class:`~lawref.errors.NotFound` when ``cite_or_id`` is not a
    cite, is in the corpus (in another document), or the edition has no
    such law."""
    try:
        cite = normalise_cite(cite_or_id)
    except CiteError as exc:
        raise NotFound(N_("no node {cite} in this corpus").format(cite=repr(cite_or_id))) from exc
    docs = {d.id: d.edition for d in lib.documents}
    if any(edition is None or docs[n.doc] == edition for n in lib.store.with_cite(cite)):
        raise NotFound(N_("{cite} is in this corpus, not in the document asked for").format(cite=cite))
    edition, entry = lib.catalogue_entry(cite, edition)
    if entry is None:
        raise NotFound(no_such_law(cite, edition))
    return cite, edition, entry


def no_such_law(cite: str, edition: str) -> str:
    """Why ``cite`` is in neither the corpus nor ``edition``'s catalogue: the edition has no such law, or lawref
    keeps no catalogue of it (a federation's own rules, ``2024``: nothing is said of its laws)."""
    if not catalogue(edition).entries:
        return N_("{cite} is not in this corpus (lawref keeps no list of the {edition} edition's laws)").format(
            cite=cite, edition=edition)
    return N_("{cite} is not in this corpus; the {edition} edition has no law {law}").format(
        cite=cite, edition=edition, law=cite.split(".")[0])


def edition_of(lib: Library, doc: str | None) -> str | None:
    """The edition document ``doc`` names (``None`` for no document or none named)."""
    found = lib.document(doc) if doc else None
    return found.edition if found else None


def document(lib: Library, doc_id: str) -> Document | None:
    """The document ``doc_id`` (``None`` if there is none)."""
    return next((d for d in lib.documents if d.id == doc_id), None)


def edition(lib: Library) -> str:
    """The edition whose catalogue names what the corpus lacks: the
    default edition, else the catalogue's default (1997)."""
    return lib.default_edition() or DEFAULT_EDITION


def editions(lib: Library) -> list[str]:
    """The editions the documents name, oldest first (by year)."""
    return list(_editions(lib))


def _editions(lib: Library) -> tuple[str, ...]:
    return tuple(sorted({d.edition for d in lib.documents if d.edition}, key=_edition_key))


def default_edition(lib: Library) -> str | None:
    """The edition answers come from when none is asked for: the
    manifest's ``default_edition`` when a document has it, else the only
    edition, else the newest; ``None`` when no document names one."""
    found = lib.editions()
    if lib.manifest_edition in found:
        return lib.manifest_edition
    return found[-1] if found else None


def edition_in(lib: Library, lang: str) -> str | None:
    """The edition a citation written in ``lang`` (``ru``: «правило 62B»;
    ``en``: ``Law 62B``) resolves in when none is asked (issue 26): that of
    the corpus's documents in ``lang`` — the manifest's ``default_edition``
    when it is one of theirs, else the newest of theirs; the default edition
    (:func:`default_edition`) when no document is in ``lang``. A Russian cite
    in Russian text stays in the Russian text's edition when an English
    edition of another year stands beside it."""
    theirs = sorted({d.edition for d in lib.documents if d.lang == lang and d.edition}, key=_edition_key)
    if not theirs:
        return lib.default_edition()
    return lib.manifest_edition if lib.manifest_edition in theirs else theirs[-1]


def pick_edition(lib: Library, edition: str | None) -> str | None:
    """``edition`` when a document has it (``None``: the default one).
    Raises :class:`UsageError` for an edition no document has."""
    if edition is None:
        return lib.default_edition()
    if edition not in lib.editions():
        shown = ", ".join(lib.editions()) or "none named"
        raise UsageError(N_("no edition {edition} in this corpus (editions: {known})").format(
            edition=repr(edition), known=shown))
    return edition


def _catalogues() -> ModuleType:
    """:mod:`lawref.lang.catalogue`, imported on first use."""
    # the catalogue (2.5 ms to import, a table to read): only a question about what a corpus lacks loads it
    from lawref.lang import catalogue as module

    return module


def _glossary() -> ModuleType:
    """:mod:`lawref.lang.glossary`, imported on first use."""
    # the glossary (4 ms, its tables): only a question about a law the corpus lacks loads it, never a lookup
    from lawref.lang import glossary as module

    return module


def _concordance() -> ModuleType:
    """:mod:`lawref.lang.concordance`, imported on first use."""
    # the concordance (2.5 ms, a table): only a question about another edition loads it
    from lawref.lang import concordance as module

    return module


def catalogue(edition: str) -> Catalogue:
    """lawref's catalogue of ``edition`` (:func:`lawref.lang.catalogue.load`:
    its laws' and sections' titles; empty for an edition it keeps none for)."""
    return _catalogues().load(edition)


def lacks(edition: str | None, cite: str) -> bool:
    """:func:`lawref.lang.catalogue.lacks`: ``edition`` has no section
    ``cite`` (1997 ``17F``), by its catalogue's outline of the law."""
    return bool(_catalogues().lacks(edition, cite))


def catalogue_entry(lib: Library, cite: str, edition: str | None = None) -> tuple[str, Entry | None]:
    """``(edition, entry)`` for the law or section a canonical ``cite``
    names in the catalogue of ``edition`` (default: :meth:`edition`; the
    law's entry when the section has none); ``entry`` is ``None`` when
    the edition has no such law."""
    cat = catalogue(edition or lib.edition())
    entry = cat.entries.get(f"section:{cite}") or cat.law(law_of(cite))
    return cat.edition, entry


def variants(lib: Library, node: Node) -> list[Node]:
    """``node`` and the other texts of it kept beside it (``62A``,
    ``62A~2``: two files of a document held different texts), in order.
    A node with no cite is only itself: its ``~2`` is another piece of the
    raw line it starts on (a fragment), never a second text of it."""
    return lib.store.variants(node.id.split("~")[0]) if node.cite is not None else [node]


def fragments_for(lib: Library, cite: str) -> tuple[list[Node], dict[str, Any]]:
    """Fragments that may hold the text of ``cite``, which the corpus
    lacks, and why: for a law, the fragments no law holds that stand
    between the laws before and after it (003 page 59, between laws 26
    and 35, for law 30; only in a document that holds some law, as a title
    page or a preface alone says nothing of where a law stood); for a
    commentary paragraph ``45.3``, the
    fragments of the commentary on law 45 right before ``45.4``. ``why``
    is ``{"between": [26, 35]}`` (``null`` for an open end) or
    ``{"before": "45.4"}``; ``{}`` when nothing is found."""
    if "." in cite:
        return _commentary_fragments(lib, cite)
    n, found, why = law_of(cite), [], {}
    for node, before, after in _loose_fragments(lib):
        if before < n < after:
            found.append(node)
            why = {"between": [before or None, after if after < 1000 else None]}
    return found, why


def _loose_fragments(lib: Library) -> list[tuple[Node, int, int]]:
    """``(fragment, law before, law after)`` of every fragment no law holds, in
    reading order, in the documents that hold some law (0 and 1000 for an open
    end), worked out once per generation (:func:`lawref.query.generation.kept`)."""
    found: list[tuple[Node, int, int]] = kept(lib, "loose fragments", lambda: _placed_fragments(lib))
    return found


def _placed_fragments(lib: Library) -> list[tuple[Node, int, int]]:
    store, found = lib.store, []
    by_doc: dict[str, list[Node]] = {}
    for x in lib.nodes:  # reading order: files by their first page
        by_doc.setdefault(x.doc, []).append(x)
    for doc in store.documents:
        nodes = by_doc.get(doc.id, [])
        numbers = [int(x.cite) if x.kind == Kind.LAW and x.cite and x.cite.isdigit() else None for x in nodes]
        if not any(v is not None for v in numbers):
            continue  # a document with no law at all (a title page, a preface): nothing places its fragments
        after, least = [1000] * (len(nodes) + 1), 1000
        for k in range(len(nodes) - 1, -1, -1):  # the least law number from each node on
            number = numbers[k]
            least = least if number is None else min(least, number)
            after[k] = least
        before = 0
        for k, node in enumerate(nodes):
            if node.kind == Kind.FRAGMENT and labels.law_of(node, store.node) is None:
                found.append((node, before, after[k]))
            before = max(before, numbers[k] or 0)
    return found


def _commentary_fragments(lib: Library, cite: str) -> tuple[list[Node], dict[str, Any]]:
    law, num = cite.split(".")
    nxt = f"{law}.{int(num) + 1}"
    out = []
    for parent in lib.store.with_cite(law):
        siblings = lib.store.children(parent.id)
        for n in (x for x in siblings if x.kind == Kind.FRAGMENT):
            after = siblings[siblings.index(n) + 1 :]
            if after and after[0].cite == nxt:
                out.append(n)
    return out, ({"before": nxt} if out else {})


def english_of(lib: Library, nodes: list[Node]) -> list[Node]:
    """The English texts among ``nodes`` and their counterparts (what
    ``show --lang en`` can print beyond a catalogue title)."""
    out = [n for n in nodes if (d := lib.document(n.doc)) is not None and d.lang == "en"]
    return out + [t for n in nodes if (t := lib.counterpart(n)) is not None]


#: The source of a pairing the concordance does not settle and the two documents' headings do.
OWN_TITLES = "the two documents' own titles in this corpus"


def counterpart(lib: Library, node: Node) -> Node | None:
    """:func:`paired`'s node: ``node``'s counterpart in the other language, or ``None``."""
    return paired(lib, node)[0]


def paired(lib: Library, node: Node) -> tuple[Node | None, Row | None]:
    """``(counterpart, row)``: the node of a document of the other language
    and the same kind (Russian ↔ English) that holds what ``node`` holds.
    In a document of the same edition (or one that names none) it is the
    node of the same cite, ``row`` ``None``; in another edition it is the
    node the concordance names (:func:`lawref.lang.concordance.counterparts`:
    1997 17E → 2017 17D), with its ``row`` — never a node of the same number
    the concordance does not name. ``(None, None)`` when there is none."""
    mine = lib.document(node.doc)
    if node.cite is None or mine is None:
        return None, None
    others = [d for d in lib.documents if d.lang != mine.lang and d.kind == mine.kind]
    if not others:
        return None, None
    concordance = _concordance()
    for doc in sorted(others, key=lambda d: d.edition != mine.edition):
        if doc.edition == mine.edition or doc.edition is None or mine.edition is None:
            found = _cited_in(lib, node.cite, doc.id)
            if found is not None:
                return found, None
            continue
        asked, rows = concordance.counterparts(node.cite, mine.edition, doc.edition)
        for row in rows if asked == node.cite else []:
            found = _cited_in(lib, row.to, doc.id) if row.to and row.relation != "unknown" else None
            if found is not None:
                return found, row
        if all(r.relation == "unknown" for r in rows):  # the catalogues do not settle it: the corpus's own titles may
            found = _cited_in(lib, node.cite, doc.id)
            mine_title = _english_title(lib, node)
            if found is not None and mine_title and found.title and \
                    concordance.fold_title(mine_title) == concordance.fold_title(found.title):
                return found, concordance.Row(mine.edition, node.cite, doc.edition, node.cite, "same", False,
                                              OWN_TITLES)
    return None, None


def _english_title(lib: Library, node: Node) -> str | None:
    """``node``'s English title: its own, else its edition's catalogue's."""
    if node.title_en:
        return node.title_en
    entry = catalogue_entry(lib, node.cite or "", edition_of(lib, node.doc))[1]
    return entry.title_en if entry is not None and entry.id == node.cite else None


def _cited_in(lib: Library, cite: str, doc_id: str) -> Node | None:
    return next((n for n in lib.store.with_cite(cite) if n.doc == doc_id), None)


def title_en(lib: Library, node: Node) -> str | None:
    """English title of the law ``node`` belongs to (catalogue), for display."""
    law = lib.law_of(node)
    return law.title_en if law is not None else None


def absent_laws(lib: Library, query: str) -> list[tuple[str, str]]:
    """Each ``(cite, English title)`` of a law the edition has and the
    corpus lacks that ``query`` names, best first — what ``search`` says
    beside its hits: one when ``query`` is only a law's cite (``59``,
    ``правило 59``); for a title, also every other
    law the corpus lacks whose title holds each word of the query
    (:func:`absent_titles`: ``lead out of turn`` → Laws 53, 54, 55, 56);
    ``[]`` for none."""
    try:
        cite = normalise_cite(query)
    except CiteError:
        return (absent_titles(lib, _glossary_english(query) or query) or absent_held(lib, query)
                or absent_named(lib, query))
    if "." in cite or not cite.isdigit() or lib.store.with_cite(cite):
        return []
    _, entry = lib.catalogue_entry(cite)
    return [(cite, entry.title_en)] if entry is not None and entry.id == cite else []


def _glossary_english(query: str) -> str | None:
    """The English of a Russian ``query`` that is, word for word as the
    glossary writes it, one of its terms of two or more words
    (``недостаточное назначение`` → ``insufficient bid``), else ``None``:
    the catalogue's Russian titles are the seeds' own, so a law the corpus
    lacks is named in Russian only through the glossary."""
    folded = " ".join(query.lower().replace("ё", "е").replace('"', " ").split())  # «"ход вне очереди"» too
    if not P.CYRILLIC.search(folded) or " " not in folded:
        return None
    found = [t for t in _glossary().lookup(folded) if t.ru.lower().replace("ё", "е") == folded and t.en]
    return found[0].en[0] if found else None


#: Most laws :func:`absent_titles` names for one query.
ABSENT_NAMED = 5
#: The fewest words (stopwords aside) a title :func:`absent_held` finds in a longer query has.
HELD_TITLE_WORDS = 2


def absent_held(lib: Library, query: str) -> list[tuple[str, str]]:
    """``(cite, English title)`` of each law the corpus lacks whose title a
    longer ``query`` holds whole, its words in a row: English by stems
    (``insufficient bid 1♠ over 1♥, what now`` → Law 27 *Insufficient
    Bid*), Russian as a glossary term of two or more words, by lemmas, whose
    English is that title (``недостаточная заявка 1п после 1ч`` → 27);
    longest title first, at most :data:`ABSENT_NAMED`, a title of at least
    :data:`HELD_TITLE_WORDS` words, longer than any title here the query
    holds so (``call after the final pass`` is 35D's title: 1997's Law 39,
    of the same title, is not named); ``[]`` for none. A question naming a
    law by its title in passing is about that law: the corpus cannot answer it."""
    if P.CYRILLIC.search(query):
        english = [t.en[0] for t in _held_terms(lib, query)]
    else:
        english = [query]
    found: dict[str, tuple[int, str]] = {}
    for text in english:
        held = _title_stems(text)
        ahead = [(cite, title, stems) for cite, title, stems in _law_title_stems(lib.edition())
                 if cite not in found and _in_a_row(stems, held) and not lib.store.with_cite(cite)]
        if not ahead:
            continue
        here = _held_here(lib, functools.partial(_within, held))  # 35D «Call after Final Pass»: not 1997's 39
        found |= {cite: (len(stems), title) for cite, title, stems in ahead if len(stems) > here}
    ranked = sorted(found.items(), key=lambda kv: -kv[1][0])
    return [(cite, title) for cite, (_, title) in ranked[:ABSENT_NAMED]]


def absent_named(lib: Library, query: str) -> list[tuple[str, str]]:
    """``(cite, English title)`` of each law the corpus lacks whose whole title (its stems, title stopwords
    aside, in any order; at least :data:`HELD_TITLE_WORDS`) a longer ``query`` holds in its English
    (:func:`_english_said`): «Защитник сделал ход вне очереди» → Law 56 *Defender's Lead Out of Turn*;
    «спасовал вне очереди» names no law of a lead. Longest title first, at most :data:`ABSENT_NAMED`, each
    longer than any title here the query holds so; ``[]`` for none."""
    said = _english_said(lib, query)
    if len([w for text in said for w in P.GLOSSARY_WORD.findall(text)]) < HELD_TITLE_WORDS:
        return []  # no title can be held: nothing is stemmed (a one-word query loads no stemmer)
    reading = {stem for text in said for stem in _title_stems(text)}
    found = {cite: (len(stems), title) for cite, title, stems in _law_title_stems(lib.edition())
             if set(stems) <= reading and not lib.store.with_cite(cite)}
    if not found:
        return []
    here = _held_here(lib, lambda stems: set(stems) <= reading)
    ranked = sorted(((c, v) for c, v in found.items() if v[0] > here), key=lambda kv: -kv[1][0])
    return [(cite, title) for cite, (_, title) in ranked[:ABSENT_NAMED]]


def _held_here(lib: Library, held: Callable[[tuple[str, ...]], bool]) -> int:
    """The most stems of a title of this corpus's nodes that ``held`` says a query holds (``0`` for none): an
    absent law's title must be longer to be named."""
    return max((len(stems) for _, t in lib.store.law_titles() + lib.store.other_titles()
                if (stems := _title_stems(t)) and held(stems)), default=0)


def _english_said(lib: Library, query: str) -> list[str]:
    """What ``query`` says in English: an English query itself and every English of its glossary terms
    (``out of turn`` → out of rotation: ``bid out of turn`` holds *Bid Out of Rotation*); a Russian one,
    every English of each glossary term it holds by lemma (the index's forms table; ``ход вне очереди`` →
    lead out of turn, ``защитник`` → defender)."""
    glossary = _glossary()
    if not P.CYRILLIC.search(query):
        return [query] + [en for _, terms in glossary.segments(query) for t in terms for en in t.en]
    searcher, single = lib.searcher(), _terms_by_lemma(False)
    lemmas = {lemma for m in P.INDEX_WORD.finditer(query) for lemma in searcher.lemmas_of(m.group())}
    return [en for t in [*_held_terms(lib, query), *(t for lemma in lemmas for t in single.get(lemma, ()))]
            for en in t.en]


@functools.lru_cache(maxsize=4096)
def _title_stems(text: str) -> tuple[str, ...]:
    """The stems of ``text``'s English words, title stopwords aside, in order."""
    glossary = _glossary()
    return tuple(glossary.english_stem(w.lower()) for w in P.GLOSSARY_WORD.findall(text)
                 if w.lower() not in glossary.TITLE_STOPWORDS)


@functools.cache
def _law_title_stems(edition: str) -> tuple[tuple[str, str, tuple[str, ...]], ...]:
    """``(cite, English title, its stems)`` of each law of ``edition``'s catalogue whose title has at least
    :data:`HELD_TITLE_WORDS` words (worked out once per edition, not per query)."""
    return tuple((e.id, e.title_en, stems) for e in catalogue(edition).entries.values()
                 if e.kind == "law" and e.title_en and len(stems := _title_stems(e.title_en)) >= HELD_TITLE_WORDS)


def _within(whole: tuple[str, ...], part: tuple[str, ...]) -> bool:
    """:func:`_in_a_row` with its arguments the other way round (``part`` last, as :func:`_held_here` asks)."""
    return _in_a_row(part, whole)


def _in_a_row(part: tuple[str, ...], whole: tuple[str, ...]) -> bool:
    """Whether ``part`` stands in ``whole`` as a contiguous run."""
    n = len(part)
    return any(whole[i:i + n] == part for i in range(len(whole) - n + 1))


def _held_terms(lib: Library, query: str) -> list[Any]:
    """The glossary terms of two or more words, with an English side, a Russian ``query`` holds, their words
    in a row, by lemmas (the index's forms table: no dictionary loaded)."""
    searcher = lib.searcher()
    words = [m.group() for m in P.INDEX_WORD.finditer(query)]
    readings = [set(searcher.lemmas_of(w)) | {w.lower().replace("ё", "е")} for w in words]
    by_first = _terms_by_lemma(True)
    out = []
    for i, first in enumerate(readings):
        for term in (t for lemma in first for t in by_first.get(lemma, ())):
            n = len(term.lemmas)
            if i + n <= len(words) and all(term.lemmas[k] in readings[i + k] for k in range(1, n)) and term not in out:
                out.append(term)
    return out


@functools.cache
def _terms_by_lemma(phrases: bool) -> dict[str, tuple[Any, ...]]:
    """The glossary terms with an English side, of two or more words (``phrases``) or of one, by their first
    lemma."""
    out: dict[str, list[Any]] = {}
    for term in _glossary().load():
        if term.en and (len(term.lemmas) >= 2) == phrases:
            out.setdefault(term.lemmas[0], []).append(term)
    return {k: tuple(v) for k, v in out.items()}


def absent_titles(lib: Library, query: str) -> list[tuple[str, str]]:
    """:func:`absent_title`'s ``(cite, English title)`` first, then each
    other law the corpus lacks (not a section: ``insufficient bid`` is Law
    27, not also 18D) whose catalogue title holds every word of ``query``
    (``lead out of turn``: Law 53 *Lead Out of Turn Accepted*, then 54
    *Opening Lead Out of Turn*, 55, 56 — closest first, then in the
    catalogue's order), at most
    :data:`ABSENT_NAMED`; ``[]`` when :func:`absent_title` names none."""
    best = absent_title(lib, query)
    if best is None:
        return []
    glossary = _glossary()
    wanted, named = glossary.english_stems(query), [best]
    others = []
    for n, entry in enumerate(catalogue(lib.edition()).entries.values()):
        if entry.kind != "law" or not entry.title_en or entry.id == best[0]:
            continue
        stems = glossary.english_stems(entry.title_en)
        close = glossary.title_match(wanted, stems)
        if close and wanted <= stems:  # every word of the query in the title, as «lead out of turn» in 53–56
            others.append((-close, n, entry.id, entry.title_en))
    for _, _, cite, title in sorted(others):
        if len(named) < ABSENT_NAMED and not lib.store.with_cite(cite) and all(
                str(law_of(c)) != cite for c, _ in named):
            named.append((cite, title))
    return named


def absent_title(lib: Library, query: str) -> tuple[str, str] | None:
    """``(cite, English title)`` of the law or section of the default
    edition whose catalogue title an English ``query`` names best
    (:func:`lawref.lang.glossary.title_match`; ``insufficient bid`` → Law 27,
    *Insufficient Bid*) when the corpus lacks it and no node's title here is
    named as closely; else ``None``. A Russian query is never matched
    (:func:`absent_laws` gives it a glossary term's English)."""
    glossary = _glossary()
    wanted = glossary.english_stems(query)
    if P.CYRILLIC.search(query) or len(wanted) < 2:
        return None
    here = [glossary.title_match(wanted, glossary.english_stems(t))
            for _, t in lib.store.law_titles() + lib.store.other_titles()]
    best_here = max((c for c in here if c), default=0.0)
    best: tuple[float, str, str] | None = None
    for entry in catalogue(lib.edition()).entries.values():
        if entry.kind not in ("law", "section") or not entry.title_en:
            continue
        close = glossary.title_match(wanted, glossary.english_stems(entry.title_en))
        if close and close > best_here and (best is None or close > best[0]):
            best = (close, entry.id, entry.title_en)
    if best is None or lib.store.with_cite(best[1]):
        return None
    return best[1], best[2]


def holders(lib: Library, cite: str) -> list[Node]:
    """Nodes that may hold the text of ``cite``, which the corpus lacks:
    the fragments no law holds between the laws around it
    (:meth:`fragments_for`), or, when its law is here, that law's
    fragments (``43B2(b)`` → the fragments of law 43); those whose labels
    (the fragment's and its fragment parents', the headings that survived)
    end the cite's parts first, then those that begin them, then the rest,
    each group in reading order (:func:`_fit`: ``30B2(b)`` → the
    fragment labelled ``(B).`` under ``2.`` under ``B.``, then ``2.``
    under ``B.``; ``46B4`` → the fragment labelled ``4.``)."""
    found, _ = lib.fragments_for(cite)
    if not found:
        law = next((n for n in lib.store.with_cite(str(law_of(cite))) if n.kind == Kind.LAW), None)
        found = [n for _, n in lib.subtree(law) if n.kind == Kind.FRAGMENT] if law is not None else []
    parts = _cite_parts(cite)
    return sorted(found, key=lambda n: -_fit(parts, _label_chain(lib, n))) if parts else found


def _cite_parts(cite: str) -> list[str]:
    """The labels of ``cite`` under its law: ``30B2(b)`` → ``["B", "2", "b"]`` (``[]`` for a law)."""
    m = P.CITE_PARTS.fullmatch(cite)
    if not m:
        return []
    _, sec, sub, items = m.groups()
    return [p for p in (sec, sub) if p] + [x.strip("()") for x in P.ITEM_LABEL.findall(items)]


def _label_chain(lib: Library, node: Node) -> list[str]:
    """The labels of ``node`` and its fragment parents, outermost first, as
    cite parts (``(B).`` → ``b``, ``В.`` → ``B``); ``[]`` when one has none."""
    chain: list[str] = []
    at: Node | None = node
    while at is not None and at.kind == Kind.FRAGMENT:
        label = (at.label or "").strip().rstrip(".")
        if not label or label == "-":
            return []
        chain.append(latin(label.strip("()")).lower() if label.startswith("(") else latin(label))
        at = lib.store.node(at.parent) if at.parent else None
    return chain[::-1]


def _fit(parts: list[str], chain: list[str]) -> int:
    """How well a fragment's label ``chain`` fits a cite's ``parts``: ``2n``
    when it ends them (its upper headings lost), ``2n - 1`` when it begins
    them (an ancestor's), else 0."""
    n = len(chain)
    if not n or n > len(parts):
        return 0
    return 2 * n if parts[-n:] == chain else 2 * n - 1 if parts[:n] == chain else 0


def selection(lib: Library, doc: str | None = None, law: str | None = None, edition: str | None = None
              ) -> tuple[tuple[Document, ...], list[Node]]:
    """``(documents, nodes)`` an export holds, nodes in reading order:
    every document, or document ``doc``, or the documents of ``edition``;
    with ``law`` (any cite :meth:`find` takes), the subtree of the node it
    names (in a laws document first) and its document — and, for a law
    and no ``doc``, the commentary on it (:meth:`_commentary_on`). Raises
    :class:`UsageError` for an unknown ``doc`` or ``edition`` or when no
    document is left, :class:`NotFound` for a cite the corpus lacks,
    :class:`~lawref.cite.CiteError` for a malformed one."""
    lib.check_doc(doc)
    chosen = lib.pick_edition(edition) if edition else None
    docs = [d for d in lib.documents if (doc is None or d.id == doc) and (chosen is None or d.edition == chosen)]
    if not docs:
        raise UsageError(N_("no document of edition {edition} is document {doc}").format(
            edition=chosen, doc=repr(doc)))
    if law is not None:
        top = lib.find(law, doc, edition)[0]
        nodes = [n for _, n in lib.subtree(top)]
        notes = _commentary_on(lib, top) if doc is None else []
        keep = {top.doc, *(n.doc for n in notes)}
        return tuple(d for d in docs if d.id in keep), nodes + notes
    ids = {d.id for d in docs}
    return tuple(docs), [n for n in lib.nodes if n.doc in ids]


def _commentary_on(lib: Library, law: Node) -> list[Node]:
    """The commentary on ``law`` (a law node of a laws document): the
    subtree of the same cite in each commentary document of its
    language and edition, in reading order."""
    mine = lib.document(law.doc)
    if law.kind != Kind.LAW or law.cite is None or mine is None or mine.kind != "laws":
        return []
    out = []
    for node in lib.store.with_cite(law.cite):
        theirs = lib.document(node.doc)
        if theirs is not None and theirs.kind == Kind.COMMENTARY and (theirs.lang, theirs.edition) == (
                mine.lang, mine.edition):
            out += [n for _, n in lib.subtree(node)]
    return out


def check_doc(lib: Library, doc: str | None) -> None:
    """Raise :class:`~lawref.errors.UsageError` when ``doc`` is given and
    names no document of the corpus (a typo would otherwise look like
    "nothing found")."""
    known = [d.id for d in lib.documents]
    if doc is not None and doc not in known:
        raise UsageError(N_("no document {doc} in this corpus (documents: {known})").format(
            doc=repr(doc), known=", ".join(known) or "-"))


def _listing(cite: str, default: str, editions: tuple[str, ...], held: tuple[str, ...] = ()) -> str:
    """``default`` when its catalogue lists ``cite`` (or none lists it), else
    the newest edition the corpus holds (``held``) whose catalogue does, else
    the newest of any (``17E`` in a corpus of 1997 and 2017: 1997)."""
    def lists(edition: str) -> bool:
        cat = catalogue(edition)
        return f"section:{cite}" in cat.entries or f"law:{cite}" in cat.entries
    if "." in cite or lists(default):
        return default
    ordered = [e for e in reversed(editions) if e in held] + [e for e in reversed(editions) if e not in held]
    return next((e for e in ordered if lists(e)), default)


def compare(lib: Library, cite: str, from_edition: str | None = None, to_edition: str | None = None) -> Comparison:
    """What ``cite`` of ``from_edition`` (default: :func:`edition` when its
    catalogue lists the cite, else the newest edition the corpus holds whose
    catalogue does, else the newest whose does) became in
    ``to_edition`` (default: every other edition of
    :data:`lawref.lang.concordance.EDITIONS`), by the concordance — never
    by number alone — with each counterpart's node in the corpus when it
    has one. Raises :class:`~lawref.errors.CiteError` for a malformed cite
    and :class:`~lawref.errors.UsageError` for an edition lawref has no
    concordance of."""
    concordance = _concordance()
    canonical = normalise_cite(cite)
    src = from_edition or _listing(canonical, lib.edition(), concordance.EDITIONS, tuple(lib.editions()))
    for e in (src, to_edition):
        if e is not None and e not in concordance.EDITIONS:
            raise UsageError(N_("lawref's concordance has no edition {edition} (editions: {known})").format(
                edition=repr(e), known=", ".join(concordance.EDITIONS)))
    out: list[Counterpart] = []
    asked = canonical
    for target in [to_edition] if to_edition else [e for e in concordance.EDITIONS if e != src]:
        asked, rows = concordance.counterparts(canonical, src, target)
        cat = catalogue(target)
        for row in rows:
            entry = (cat.entries.get(f"section:{row.to}") or cat.entries.get(f"law:{row.to}")) if row.to else None
            node = _in_edition(lib, row.to, target) if row.to else None
            out.append(concordance.Counterpart(row.to or None, target, row.relation, entry.title_en if entry else None,
                                   row.source, row.sure, node.id if node is not None else None))
    own = catalogue(src)
    entry = own.entries.get(f"section:{canonical}") or own.entries.get(f"law:{canonical}")
    node = _in_edition(lib, canonical, src)
    return concordance.Comparison(canonical, src, asked, entry.title_en if entry else None, node.id if node else None,
                      tuple(out))


def _in_edition(lib: Library, cite: str, edition: str) -> Node | None:
    """The node of ``cite`` in a laws document of ``edition`` (Russian first), or ``None``."""
    docs = {d.id: d for d in lib.documents if d.edition == edition and d.kind == "laws"}
    found = [n for n in lib.store.with_cite(cite) if n.doc in docs]
    return min(found, key=lambda n: docs[n.doc].lang != "ru", default=None)


def elsewhere(lib: Library, target: Target) -> tuple[Counterpart, ...]:
    """What the concordance says of a cite that did not resolve exactly in
    its edition (``Law 17E`` in a 2017 text: 2017 has no 17E), when the
    corpus holds the text: the node of this edition it became, read as
    another edition's cite (1997 17E → 2017 17D), and its counterparts in
    the corpus's other editions. ``()`` for an exact target, a commentary
    cite or an edition the concordance does not know."""
    editions = _concordance().EDITIONS
    if target.status == Status.EXACT or target.edition not in editions or "." in target.cite:
        return ()
    out: list[Counterpart] = []
    for other in (e for e in editions if e != target.edition):
        found = [compare(lib, target.cite, target.edition, other)]
        if catalogue(other).entries.get(f"section:{target.cite}") is not None:
            found.append(compare(lib, target.cite, other, target.edition))
        out += [k for c in found if c.asked == target.cite for k in c.counterparts]  # the cite's own row only
    known = sorted((k for k in out if k.id not in (None, target.id) and k.relation != "unknown"),
                   key=lambda k: not k.sure)
    return tuple({k.id: k for k in reversed(known)}.values())[::-1]  # one a node: a checked row before a read one
