"""usecases: what each query command answers, worked out once for the CLI and the API.

``show``, ``search``, ``refs``, ``resolve``, ``link``, ``toc`` and
``compare``: each use case returns an outcome value; :data:`OUTCOMES` maps
every outcome to the CLI's exit code, the API's HTTP status and the message
either says, in one table (the CLI and the API then only parse, call and
print). An error lawref raises on
purpose carries its own exit code and HTTP status
(:class:`lawref.errors.LawrefError`). The words of an answer are made by
the writers (:mod:`lawref.export.text`, :mod:`lawref.export.json`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import replace
from enum import StrEnum
from typing import TYPE_CHECKING, Any, NamedTuple

from lawref.cite import latin_reading, law_of, query_cites
from lawref.errors import EXIT_NOT_FOUND, EXIT_OK, NotFound, UsageError
from lawref.i18n import N_, Message, Template
from lawref.model import Node, Status
from lawref.query import shown as S

if TYPE_CHECKING:
    from lawref.lang.catalogue import Entry
    from lawref.lang.concordance import Comparison, Counterpart
    from lawref.library import Library
    from lawref.model import Answer, HitShown, Linked, References, Target, TocEntry

__all__ = ["OUTCOMES", "Absent", "Listed", "Outcome", "Resolved", "Rule", "Searched", "Shown", "compare", "counted",
           "link", "refs", "resolve", "resolved", "search", "show", "told", "toc"]


class Outcome(StrEnum):
    """What a use case found: the nodes; no English text of them (``--lang
    en``); a law the edition has and the corpus lacks (or no such law in
    the catalogue either: ``UNLISTED``); no counterpart in the
    concordance; no hit for a search; a citation that did not resolve
    exactly; a text that holds no citation."""

    FOUND = "found"
    NO_ENGLISH = "no English text"
    ABSENT = "absent"
    UNLISTED = "not in the catalogue"
    UNKNOWN = "no counterpart known"
    NO_HITS = "nothing found"
    TITLE_ABSENT = "named by a title the corpus lacks"
    INEXACT = "not resolved exactly"
    NO_CITATION = "no citation"

    @property
    def exit_code(self) -> int:
        """The CLI's exit code (:data:`OUTCOMES`)."""
        return OUTCOMES[self].exit_code

    @property
    def http_status(self) -> int:
        """The API's HTTP status (:data:`OUTCOMES`)."""
        return OUTCOMES[self].http_status


class Rule(NamedTuple):
    """How an outcome is told: the CLI's ``exit_code``, the API's
    ``http_status``, and the ``message`` template both say (``""``: the
    answer itself says it), filled by :func:`told`."""

    exit_code: int
    http_status: int
    message: str


#: Every outcome → its :class:`Rule`. A search that finds nothing and a
#: citation that resolves only in part are answers (HTTP 200 with the
#: answer), yet exit 1 so that a script can tell.
OUTCOMES: dict[Outcome, Rule] = {
    Outcome.FOUND: Rule(EXIT_OK, 200, ""),
    Outcome.NO_ENGLISH: Rule(EXIT_NOT_FOUND, 404, N_("no English text of {cite} in this corpus")),
    Outcome.ABSENT: Rule(EXIT_NOT_FOUND, 404, N_("{cite} is not in {where_msg}")),
    Outcome.UNLISTED: Rule(EXIT_NOT_FOUND, 404, N_(
        "{cite} — not in this corpus, nor in lawref's catalogue of the edition (Law {law}, {title})")),
    Outcome.UNKNOWN: Rule(EXIT_NOT_FOUND, 404, N_("no counterpart of {cite} is known in lawref's concordance")),
    Outcome.NO_HITS: Rule(EXIT_NOT_FOUND, 200, N_("nothing found for {query}")),
    Outcome.TITLE_ABSENT: Rule(EXIT_NOT_FOUND, 200, N_("Law {cite} — {title} — not in this corpus")),
    Outcome.INEXACT: Rule(EXIT_NOT_FOUND, 200, ""),
    Outcome.NO_CITATION: Rule(EXIT_NOT_FOUND, 404, N_("{text}: no citation")),
}


def told(outcome: Outcome, **fields: Any) -> Message:
    """The message of ``outcome`` (:data:`OUTCOMES`) filled with ``fields``,
    in English; :func:`lawref.i18n.retell` tells it in the UI language.
    Raises ``ValueError`` for an outcome whose answer says it all."""
    template = OUTCOMES[outcome].message
    if not template:
        raise ValueError(f"{outcome} has no message of its own")
    return Template(template).format(**fields)


class Absent(NamedTuple):
    """A cite the corpus lacks: its ``canonical`` form, the ``edition``
    asked, the catalogue's ``entry`` for it (another law's when the
    catalogue lacks it too: ``entry.id != canonical``), and the
    ``fragments`` that may hold its text with ``why`` they may, and its
    law's English title (``law_title_en``: the entry's own for a law)."""

    canonical: str
    edition: str
    entry: Entry
    fragments: list[Node]
    why: dict[str, Any]
    law_title_en: str
    latin: str | None = None  # ``65Д``: 65E is not here, 65D — the Latin letter it spells — is

    @property
    def unlisted(self) -> bool:
        """Neither the corpus nor the catalogue has it (``62Z``)."""
        return self.entry.id != self.canonical and "." not in self.canonical


class Shown(NamedTuple):
    """The answer of :func:`show`: its ``outcome``, the ``nodes`` found (in
    reading order; for ``NO_ENGLISH`` the nodes with no English text), or
    ``absent``."""

    outcome: Outcome
    nodes: list[Node]
    absent: Absent | None = None

    def message(self) -> Message:
        """What the API says of an answer that is not ``FOUND``."""
        if (gone := self.absent) is not None:
            return told(self.outcome, cite=gone.canonical, where_msg=N_("this corpus"), law=gone.entry.id,
                        title=gone.entry.title_en)
        return told(self.outcome, cite=self.nodes[0].cite if self.nodes else "")


class Gone(NamedTuple):
    """A law or a part of one the corpus lacks that a search names: its ``cite``, the English title the
    edition's catalogue gives it (``None`` when the catalogue lists only its law: ``62Z``, a commentary
    paragraph) and its law's (the same for a law)."""

    cite: str
    title_en: str | None
    law_title_en: str


class Searched(NamedTuple):
    """The answer of :func:`search`: its ``outcome`` (``FOUND``,
    ``INEXACT`` — the query is the cite of something the corpus lacks, the
    hits what comes nearest —, ``NO_HITS`` or ``TITLE_ABSENT``), the
    ``query`` as asked, the search's ``answer`` (what the
    policy did: words corrected, left out), its ``hits`` as printed, and
    ``gone`` (:class:`Gone`) when the query is only the cite of
    a law or a part of one the corpus lacks, or names the English title of a law or section
    the corpus lacks (``insufficient bid``: the outcome ``TITLE_ABSENT``
    when nothing else is found; ``by_title`` then); ``also``, each other
    law the corpus lacks that the title names as well (``lead out of
    turn``: ``gone`` Law 53, ``also`` 54, 55, 56)."""

    outcome: Outcome
    query: str
    answer: Answer
    hits: list[HitShown]
    gone: Gone | None
    by_title: bool = False
    also: tuple[tuple[str, str], ...] = ()


class Resolved(NamedTuple):
    """The answer of :func:`resolve`: ``FOUND`` when every citation resolved
    exactly, ``NO_CITATION`` when no text held one, else ``INEXACT``;
    ``answers`` each ``(text asked, its target or None)`` — one a cite of a
    list or range — and ``elsewhere``, by index into ``answers``, what the
    concordance names of a target that did not resolve exactly."""

    outcome: Outcome
    answers: list[tuple[str, Target | None]]
    elsewhere: dict[int, tuple[Counterpart, ...]]


class Listed(NamedTuple):
    """The answer of :func:`toc`: its ``entries`` in reading order;
    ``ABSENT`` when a law was asked and the edition has it, the corpus not."""

    outcome: Outcome
    entries: list[TocEntry]


def show(lib: Library, cite: str, *, doc: str | None = None, edition: str | None = None,
         lang: str = "ru") -> Shown:
    """The nodes ``cite`` names in document ``doc`` (any) and ``edition``
    (picked as :meth:`~lawref.library.Library.pick_edition` does), or what
    the edition calls the law the corpus lacks. Raises
    :class:`~lawref.errors.NotFound` when the edition has no such law,
    :class:`~lawref.cite.CiteError` for a cite that is malformed,
    :class:`~lawref.errors.UsageError` for an unknown document or edition."""
    lib.check_doc(doc)
    chosen = lib.pick_edition(edition) if edition else None
    try:
        nodes = lib.find(cite, doc, chosen)
    except NotFound:
        canonical, ed, entry = lib.absent(cite, chosen or lib.edition_of(doc))
        fragments, why = lib.fragments_for(canonical)
        if not fragments and canonical != str(law_of(canonical)) and "." not in canonical:
            fragments = lib.holders(canonical)  # a part of a law here: its law's fragments, the likeliest first
            why = {"law": str(law_of(canonical))} if fragments else {}
        law = lib.catalogue_entry(str(law_of(canonical)), ed)[1] if entry.kind == "section" else entry
        other = latin_reading(cite)  # as search reads it too (lawref.search._latin_readings)
        held = other if other is not None and lib.store.with_cite(other) else None
        gone = Absent(canonical, ed, entry, fragments, why, (law or entry).title_en, held)
        return Shown(Outcome.UNLISTED if gone.unlisted else Outcome.ABSENT, [], gone)
    if lang == "en" and not lib.english_of(nodes):
        return Shown(Outcome.NO_ENGLISH, nodes)
    return Shown(Outcome.FOUND, nodes)


def compare(lib: Library, cite: str, from_edition: str | None = None,
            to_edition: str | None = None) -> tuple[Outcome, Comparison]:
    """``compare``: :meth:`Library.compare`, ``FOUND`` when a counterpart
    is known in some edition, else ``UNKNOWN`` (exit 1, HTTP 404). Raises
    as :meth:`Library.compare` does."""
    found = lib.compare(cite, from_edition, to_edition)
    return (Outcome.FOUND if any(k.cite for k in found.counterparts) else Outcome.UNKNOWN), found


def resolved(lib: Library, targets: Sequence[Target | None]) -> dict[int, tuple[Counterpart, ...]]:
    """For each target (by index) that did not resolve exactly, what the
    concordance names of it in the corpus (:meth:`Library.elsewhere`)."""
    return {k: lib.elsewhere(t) for k, t in enumerate(targets) if t is not None}


def search(lib: Library, query: str, *, limit: int = 10, doc: str | None = None, lang: str = "any") -> Searched:
    """``search``: at most ``limit`` hits for ``query`` (words, "phrases",
    OR, cites) in document ``doc`` (any) and query language ``lang``
    (:meth:`Library.answer`); a title of a section the corpus lacks, of a
    law it holds, that no node holds whole (``claim defined``: 68A) answers
    first as its cite does. Raises
    :class:`~lawref.errors.UsageError` for an unknown document or an empty
    query (blank, or only quotes), ``ValueError`` for another ``lang``."""
    lib.check_doc(doc)
    if not query.strip(' \t\n"'):
        raise UsageError(N_("search needs a word or a cite: the query is empty"))
    answer = lib.answer(query, limit=limit, doc=doc, lang=lang)
    named = lib.absent_laws(query)
    if not named and answer.corrected:  # «insuficient bid»: the title as the word meant spells it
        from lawref.lang.glossary import with_words  # the glossary: only a search loads it (a cold show, issue 28)

        named = lib.absent_laws(with_words(query, answer.corrected))
    for typed, means in answer.synonyms if not named else ():  # «ход не в очередь»: the glossary's «ход вне очереди»
        named = lib.absent_laws(query.replace(typed, means[0], 1))
        if named:
            break
    gone, also = (_gone(lib, *named[0]), tuple(named[1:])) if named else (None, ())
    if gone is not None and not gone.cite.isdigit() and answer.hits and not answer.relaxed:
        gone, also = None, ()  # a section's title the text holds whole («penalty card»: Law 50's): its words answer it
    asked = query_cites(query)
    by_title = gone is not None and not asked
    if gone is None and asked:  # ``68A``, ``62Z``, ``43B2(a)``: the hits are what comes nearest, and it is said
        latin = {alphabet for alphabet, _, _ in answer.readings}  # «пр.65Д»: 65E is none, 65D (its Latin) answers
        gone = _lacked(lib, [c for c in asked if c not in latin])
    if by_title and gone is not None and not gone.cite.isdigit() and lib.store.with_cite(str(law_of(gone.cite))):
        # a section of a law the corpus holds (``claim defined``: 68A), its title held whole by no node (else
        # ``gone`` is None above): what its cite finds first — the nodes citing it, its law's fragments; a
        # whole law's are only the fragments its place suggests
        cited = lib.answer(gone.cite, limit=limit, doc=doc).hits
        seen = {h.id for h in cited}
        answer = replace(answer, hits=(cited + [h for h in answer.hits if h.id not in seen])[:limit])
    if answer.hits and not (by_title and answer.relaxed):
        outcome = Outcome.INEXACT if gone is not None and not by_title else Outcome.FOUND
    else:  # «insufficient bid»: the title of a law the corpus lacks, said as show says it (its hits partial)
        outcome = Outcome.TITLE_ABSENT if by_title else Outcome.NO_HITS
    return Searched(outcome, query, answer, S.hits(lib, answer.hits), gone, by_title, also)


def _gone(lib: Library, cite: str, title_en: str) -> Gone:
    """:class:`Gone` of a law or section the catalogue lists (``title_en``: its own title)."""
    law = lib.catalogue_entry(str(law_of(cite)))[1]
    return Gone(cite, title_en, law.title_en if law is not None else title_en)


def _lacked(lib: Library, cites: Sequence[str]) -> Gone | None:
    """:class:`Gone` of the first of ``cites`` the corpus lacks that the edition has (its law at least), else
    ``None`` — what ``show`` of it says (:func:`show`)."""
    for cite in cites:
        try:
            canonical, _, entry = lib.absent(cite)
        except NotFound:  # in the corpus, or no law of the edition (``99``: nothing is found)
            continue
        gone = _gone(lib, canonical, entry.title_en)
        return gone if entry.id == canonical else gone._replace(title_en=None)
    return None


def counted(lib: Library, query: str, up_to: int, *, doc: str | None = None, lang: str = "any") -> int:
    """How many hits :func:`search` finds for ``query``, counted up to
    ``up_to`` (what a page of hits left out, told to a person reading)."""
    return len(lib.answer(query, limit=up_to, doc=doc, lang=lang).hits)


def refs(lib: Library, cite: str, *, incoming: bool = False, doc: str | None = None) -> tuple[Outcome, References]:
    """``refs``: the references the node ``cite`` names and its descendants
    make, or (``incoming``) those made to it, in document ``doc`` (any).
    Raises :class:`~lawref.errors.NotFound` for a cite the corpus lacks,
    :class:`~lawref.errors.UsageError` for an unknown document."""
    lib.check_doc(doc)
    return Outcome.FOUND, lib.references(cite, incoming=incoming, doc=doc)


def resolve(lib: Library, citations: Sequence[str], edition: str | None = None) -> Resolved:
    """``resolve``: each text of ``citations`` resolved in ``edition`` (the
    citing text's own by default: :meth:`Library.resolve_targets`), a line
    for each cite of a list or range. Raises
    :class:`~lawref.errors.UsageError` for an unknown edition."""
    lib.pick_edition(edition)
    answers: list[tuple[str, Target | None]] = []
    for text in citations:
        found: list[Target | None] = [*lib.resolve_targets(text, edition)]
        answers += [(text, t) for t in found or [None]]
    if all(t is None for _, t in answers):
        outcome = Outcome.NO_CITATION
    elif any(t is None or t.status != Status.EXACT for _, t in answers):
        outcome = Outcome.INEXACT
    else:
        outcome = Outcome.FOUND
    return Resolved(outcome, answers, resolved(lib, [t for _, t in answers]))


def link(lib: Library, read: Callable[[int], str], edition: str | None = None
         ) -> Iterator[tuple[int, str, list[Linked]]]:
    """``link``: the citations of the text ``read`` returns (a file's
    ``read``), piece by piece as :meth:`Library.link_stream` reads them:
    ``(offset of the piece in code points, piece, its citations resolved)``.
    Raises :class:`~lawref.errors.UsageError` for an unknown edition at
    once, before any input is read."""
    lib.pick_edition(edition)
    return lib.link_stream(read, edition=edition)


def toc(lib: Library, doc: str | None = None, law: str | None = None) -> Listed:
    """``toc``: the contents of document ``doc`` (every one), or of ``law``
    and what it holds (:meth:`Library.contents`). Raises as it does."""
    entries = lib.contents(doc, law)
    absent = law is not None and all(e.status == Status.ABSENT for e in entries)
    return Listed(Outcome.ABSENT if absent else Outcome.FOUND, entries)
