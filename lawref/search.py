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
* translated and direct hits are merged by score, each node once.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from lawref import patterns as P
from lawref.cite import query_cites
from lawref.index import Searcher
from lawref.lang import glossary
from lawref.model import Hit, Node

__all__ = ["CITE_SCORE", "LANGS", "run"]

#: The score of a node a cite query names.
CITE_SCORE = 100.0
#: The score of a law found by its English catalogue title only.
TITLE_SCORE = 1.0
#: What ``lang`` may be: the language of the query.
LANGS = ("ru", "en", "any")
#: Characters of a node's text in a hit made without the index.
SNIPPET_CHARS = 200


def run(nodes: Sequence[Node], searcher: Searcher, query: str, *, limit: int, doc: str | None,
        lang: str) -> list[Hit]:
    """At most ``limit`` hits for ``query`` over ``nodes`` (the corpus, in
    reading order) and their index, best first; only document ``doc``'s
    when given. Raises ``ValueError`` for a ``lang`` not in :data:`LANGS`."""
    if lang not in LANGS:
        raise ValueError(f"lang must be ru, en or any, not {lang!r}")
    cites = query_cites(query)
    if cites:
        first = [node_hit(n) for n in nodes if n.cite in cites and (doc is None or n.doc == doc)]
        rest = searcher.search(" OR ".join(cites), limit=limit, doc=doc)
        return _unique(first + rest)[:limit]
    english = lang == "en" or (lang == "any" and not P.CYRILLIC.search(query))
    hits: list[Hit] = []
    if english:
        ru_query = glossary.to_russian(query)
        if ru_query:
            hits += searcher.search(ru_query, limit=limit, doc=doc)
    if lang != "en" or not hits:
        hits += searcher.search(query, limit=limit, doc=doc)
    hits.sort(key=lambda h: -h.score)  # translated and direct hits, by the same BM25 measure
    if english:
        hits += [node_hit(n, TITLE_SCORE) for n in catalogue_matches(nodes, query, doc)]
    return _unique(hits)[:limit]


def catalogue_matches(nodes: Sequence[Node], query: str, doc: str | None) -> list[Node]:
    """Law nodes whose English catalogue title holds every English word of
    ``query`` (3+ letters, stopwords aside) at a word start."""
    words = [w.lower() for w in P.ENGLISH_WORD.findall(query) if w.lower() not in glossary.STOPWORDS]
    if not words:
        return []
    found = []
    for n in nodes:
        title = (n.title_en or "").lower() if n.kind == "law" else ""
        if title and (doc is None or n.doc == doc) and all(re.search(rf"\b{re.escape(w)}", title) for w in words):
            found.append(n)
    return found


def node_hit(node: Node, score: float = CITE_SCORE) -> Hit:
    """A hit for ``node`` made without the index: its text cut at a word
    under :data:`SNIPPET_CHARS` characters."""
    text = node.text
    snippet = text if len(text) <= SNIPPET_CHARS else text[: SNIPPET_CHARS - 1].rsplit(" ", 1)[0] + "…"
    return Hit(node.id, node.cite, node.doc, node.kind, node.title, node.page, score, snippet)


def _unique(hits: list[Hit]) -> list[Hit]:
    """``hits`` with each node once, first place kept."""
    seen: set[str] = set()
    out = []
    for h in hits:
        if h.id not in seen:
            seen.add(h.id)
            out.append(h)
    return out
