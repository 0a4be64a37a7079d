"""export.json: every JSON shape lawref prints.

The ``lawref/1`` contract (:func:`export_document`) and what each
command's ``--json`` gives; documented in
``docs/json.md``. Renders the values the query side worked out
(:mod:`lawref.query.shown`) and asks no library.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from lawref.model import Document, Kind, Node, Ref, Source
from lawref.safeio import json_safe

if TYPE_CHECKING:
    from lawref.citations import Target
    from lawref.lang.catalogue import Entry
    from lawref.lang.concordance import Comparison, Counterpart
    from lawref.lang.glossary import Term
    from lawref.listings import References, TocEntry
    from lawref.printed import Shown, Twin, View
    from lawref.records import FileReport
    from lawref.results import Answer, HitShown

__all__ = ["FORMAT", "absent_json", "check_json", "context_json", "dumps", "export_document", "hit_json",
           "refs_json", "report_json", "resolve_json", "search_json", "show_json", "source_json", "term_json",
           "toc_json", "tree_json"]

FORMAT = "lawref/1"


def export_document(documents: Iterable[Document], nodes: Iterable[Node]) -> dict[str, Any]:
    """The JSON contract: ``{"format", "documents", "nodes"}`` (README,
    «JSON contract»), documents and nodes in reading order."""
    return {
        "format": FORMAT,
        "documents": [d.to_json() for d in documents],
        "nodes": [n.to_json() for n in nodes],
    }


# -- the shapes the commands print (docs/json.md) -----------------------------------


def hit_json(s: HitShown) -> dict[str, Any]:
    """``search --json``: one result, with the node's and its law's English titles."""
    h = s.hit
    return {"id": h.id, "cite": h.cite, "doc": h.doc, "kind": h.kind, "title": h.title,
            "title_en": s.title_en, "law_title_en": s.law_title_en,
            "page": h.page, "score": round(h.score, 4), "snippet": h.snippet,
            "highlights": [list(m) for m in h.marks]}


def search_json(query: str, hits: Sequence[HitShown], answer: Answer | None = None,
                absent: tuple[str, str | None, str] | None = None, also: Sequence[tuple[str, str]] = ()
                ) -> dict[str, Any]:
    """``search --json``: ``{"query", "results": [hit…]}``, plus what the
    policy did: ``"relaxed": true`` and ``"dropped": [words]`` when no node
    had every word, ``"filled": true`` when fewer than the limit had every
    word and nodes with most of them follow, ``"did_you_mean": {typed: form}`` for typos,
    ``"compounds": {typed: [lemmas]}`` for words found inside longer ones;
    ``"not_in_corpus": [words]`` for dictionary words no node holds (never
    corrected); ``"not_in_glossary": [words]`` for the words of an English
    query that found nothing which neither the glossary nor the text knows
    (nor a typo of one); ``"synonyms": [{"typed", "means": [words]}]`` for a
    director's word searched also as the text's (``штраф`` → наказание);
    ``"absent": {"cite", "title_en", "law_title_en"}`` when the query is the cite of a law, or a part of
    one, the edition has and the corpus lacks, or names its title (``absent``: its cite, its title —
    ``null`` when the catalogue lists only its law: ``62Z`` — and its law's title; the hits cite it, may hold
    its text, or are the nearest part of it the corpus has),
    with ``"also": [{"cite", "title_en"}]`` for the other laws the corpus
    lacks that its title names as well (``also``: ``lead out of turn``)."""
    out: dict[str, Any] = {"query": query, "results": [hit_json(h) for h in hits]}
    if absent is not None:
        out["absent"] = {"cite": absent[0], "title_en": absent[1], "law_title_en": absent[2]}
        if also:
            out["absent"]["also"] = [{"cite": c, "title_en": t} for c, t in also]
    if answer is not None and answer.relaxed:
        out["relaxed"], out["dropped"] = True, list(answer.dropped)
    if answer is not None and answer.filled:
        out["filled"] = True
    if answer is not None and answer.corrected:
        out["did_you_mean"] = dict(answer.corrected)
    if answer is not None and answer.compounds:
        out["compounds"] = {k: list(v) for k, v in answer.compounds.items()}
    if answer is not None and answer.unknown:
        out["not_in_corpus"] = list(answer.unknown)
    if answer is not None and answer.unglossed:
        out["not_in_glossary"] = list(answer.unglossed)
    if answer is not None and answer.synonyms:
        out["synonyms"] = [{"typed": typed, "means": list(means)} for typed, means in answer.synonyms]
    if answer is not None and answer.readings:
        out["readings"] = [{"alphabet": a, "latin": b, "alphabet_in_corpus": held} for a, b, held in answer.readings]
    return out


def tree_json(s: Shown) -> dict[str, Any]:
    """A node in the contract's shape with ``children`` nested, and what
    ``show`` knows of it (:func:`context_json`)."""
    data = s.node.to_json()
    data.update(context_json(s))
    data["children"] = [tree_json(c) for c in s.children]
    return data


def context_json(s: Shown) -> dict[str, Any]:
    """``starts_after_gap`` (its text opens a scraped page mid-sentence:
    the start is on a page the scan lacks), ``cut_at_end`` (its text closes
    a page unfinished), ``incoming`` (the references made to this node
    itself: ``{"from", "from_cite", …ref}``), and for a fragment
    ``likely_law``: ``{"cite"}`` of the law it is filed under (inferred
    from a later heading on its page), else ``null``, with ``after`` and
    ``before``, the laws printed around it in its document."""
    out: dict[str, Any] = {
        "starts_after_gap": s.lost_start,
        "cut_at_end": s.lost_end,
        "incoming": [{"from": n.id, "from_cite": n.cite, **r.to_json()} for n, r in s.incoming],
    }
    if s.node.kind == Kind.FRAGMENT and s.likely_law is not None:
        cite, after, before = s.likely_law
        out["likely_law"] = {"cite": cite, "after": after, "before": before}
    return out


def show_json(view: View, others: Sequence[str], twin: Twin | None) -> dict[str, Any]:
    """``show --json``: the node shown as a tree, its document's
    ``edition``, ``others`` (the ids of the same cite in other documents),
    for a law ``lost`` (``{"before", "after"}``: sections the edition has
    that lost pages took) and ``may_go_on`` (its text may go on on a page the
    scan lacks: one of the reasons ``toc`` marks a law ``lost pages``) and, given its ``twin`` (``--lang en|both``), its
    ``counterpart`` and ``counterpart_edition`` (the same edition's when the
    corpus has one)."""
    tree = tree_json(view.shown)
    tree["edition"] = view.document.edition if view.document is not None else None
    tree["others"] = list(others)
    if view.node.kind == Kind.LAW:
        before, after = view.lost
        tree["lost"] = {"before": list(before), "after": list(after)}
        tree["may_go_on"] = view.goes_on
    if twin is not None:
        tree["counterpart"] = tree_json(twin.view.shown) if twin.view is not None else None
        tree["counterpart_edition"] = twin.editions[1] if twin.view is not None else None
    return tree


def resolve_json(answers: Sequence[tuple[str, Target | None]],
                 elsewhere: Mapping[int, Sequence[Counterpart]] | None = None) -> dict[str, Any]:
    """``resolve --json``: ``{"resolved": [{"text", "cite", "status", "id",
    "missing", "edition", "counterparts"}]}``, one per cite of each citation
    asked (a list or range gives one for each: ``правила 70 или 71``),
    ``cite``/``status`` ``null`` when the text holds no citation;
    ``counterparts`` what the concordance names in the corpus for a cite
    that did not resolve exactly (``elsewhere``, by answer index; ``[]``
    else), each as in ``compare --json``."""
    out = []
    for k, (text, t) in enumerate(answers):
        out.append({"text": text, **(t.to_json() if t is not None else
                                     {"cite": None, "status": None, "id": None, "missing": "", "edition": None}),
                    "counterparts": [c.__dict__.copy() for c in (elsewhere or {}).get(k, ())]})
    return {"resolved": out}


def absent_json(cite: str, edition: str, entry: Entry, fragments: Sequence[Node] = (),
                why: dict[str, Any] | None = None, law_title_en: str | None = None, *,
                latin: str | None = None) -> dict[str, Any]:
    """``show --json`` of a law the edition has and the corpus lacks, with
    the ids of fragments that may hold its text and where they stand. For a
    section the catalogue does not list (``62Z``) ``title_en`` is null and
    ``in_catalogue`` false; ``law_title_en`` is its law's title (given, else
    the entry's: a law's own, or the law an unlisted section falls back to);
    ``latin_in_corpus`` the cite a section letter Д or Г gives read as the
    Latin letter it spells, when the corpus has it (``65Д``: 65D), else null."""
    known = entry.id == cite or "." in cite
    return {"cite": cite, "title_en": entry.title_en if known else None,
            "law_title_en": law_title_en or entry.title_en,
            "in_catalogue": known, "chapter": entry.chapter, "edition": edition, "in_corpus": False,
            "fragments": [f.id for f in fragments], "fragments_where": why or None, "latin_in_corpus": latin}


def source_json(spans: Sequence[tuple[str, Source, Sequence[tuple[int, str]]]]) -> list[dict[str, Any]]:
    """``show --source --json``: for each ``(node id, span, raw lines)``
    (:func:`lawref.query.source.sources`: each raw file a node's subtree came
    from) — file, lines, bytes and the raw lines."""
    return [{"id": node_id, "file": src.file, "line": src.line, "end_line": src.end_line,
             "bytes": list(src.bytes) if src.bytes else None,
             "lines": [{"line": no, "text": text} for no, text in lines]} for node_id, src, lines in spans]


def refs_json(found: References, incoming: bool) -> dict[str, Any]:
    """``refs --json``: ``{"id", "cite", "direction", "refs": [{"from", "from_cite", …ref}]}``."""
    return {"id": found.id, "cite": found.cite, "direction": "incoming" if incoming else "outgoing",
            "refs": [{"from": n.id, "from_cite": n.cite, **r.to_json()} for n, r in found.pairs]}


def check_json(groups: dict[str, list[tuple[Node, Ref]]]) -> dict[str, Any]:
    """``check --json``: ``{status: [{"from", "file", …ref}]}``."""
    return {status: [{"from": n.id, "file": n.source.file, **r.to_json()} for n, r in pairs]
            for status, pairs in groups.items()}


def term_json(word: str, entries: Sequence[tuple[Term, list[tuple[str, int]]]]) -> dict[str, Any]:
    """``term --json``: ``{"word", "terms": [{"ru", "en", "pos", "note", "source", "laws"}]}``."""
    return {"word": word, "terms": [
        {"ru": t.ru, "en": list(t.en), "pos": t.pos, "note": t.note, "source": t.source,
         "laws": [{"cite": c, "hits": n} for c, n in laws]} for t, laws in entries]}


def report_json(corpus: str, index: str, reports: Sequence[FileReport], nodes: int,
                warnings: Sequence[str], *, unchanged: bool = False, reused: int = 0) -> dict[str, Any]:
    """``build --report --json``: ``{"corpus", "index", "files", "nodes", "warnings", "unchanged", "reused"}`` —
    ``unchanged`` when nothing changed since the last build (it was kept: the report is the one it stored),
    ``reused`` the files taken from the last build unchanged."""
    return {"corpus": corpus, "index": index, "files": [r.to_json() for r in reports], "nodes": nodes,
            "warnings": list(warnings), "unchanged": unchanged, "reused": reused}


def toc_json(entries: Sequence[TocEntry]) -> dict[str, Any]:
    """``toc --json``: ``{"contents": [{"id", "doc", "kind", "cite", "label",
    "title", "title_en", "page", "status", "depth"}]}``."""
    return {"contents": [e.to_json() for e in entries]}


def dumps(data: Any, *, compact: bool = False) -> str:
    """``data`` as the JSON lawref prints: UTF-8 text, indented by 2 (on
    one line with ``compact``), C1 controls, bidi overrides and lone
    surrogates escaped (``\\u009b``)."""
    if compact:
        return json_safe(json.dumps(data, ensure_ascii=False, separators=(",", ":")))
    return json_safe(json.dumps(data, ensure_ascii=False, indent=2))


def compare_json(c: Comparison) -> dict[str, Any]:
    """``compare --json`` and ``GET /api/v1/compare``: :meth:`Comparison.to_json`
    — ``{"cite", "edition", "asked", "title_en", "id", "counterparts": [{"cite",
    "edition", "relation", "title_en", "source", "sure", "id"}]}``."""
    return c.to_json()
