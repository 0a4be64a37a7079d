"""context: the words a node's place in the book adds to its search terms.

A section is about what its law is about: 43B2's text never says «болван»,
but Law 43 is *Dummy's Limitations*, and a director asking whether dummy may
draw attention to a defender's irregularity means that law. So the index
holds, beside each node's title and text, a low-weight ``context`` field
(:data:`lawref.index.CONTEXT_BOOST`): the titles of its ancestors, and its own
when it prints none.

A title is taken in the language of its document's text: the printed one
when there is one; else, in a Russian document, the Russian of its English catalogue
title (``title_en``) term by term through the glossary (*Dummy's
Limitations* → «болван ограничение»; English words the glossary lacks are
left out, never guessed); in an English one, ``title_en`` as it is.

Build side only: the query side never imports this module.
"""

from __future__ import annotations

from collections.abc import Sequence

from lawref.lang import glossary, morph
from lawref.model import Node

__all__ = ["contexts", "title_words"]


def title_words(node: Node, russian: bool) -> str:
    """The words of ``node``'s title in its document's language (``russian``
    or English; see the module docstring); ``""`` when it has none."""
    if node.title:
        return node.title
    if not node.title_en:
        return ""
    if not russian:
        return node.title_en
    return " ".join(dict.fromkeys(t.ru for _, terms in glossary.segments(node.title_en) for t in terms))


def contexts(nodes: Sequence[Node]) -> dict[str, str]:
    """``{node id: context words}`` for ``nodes`` (a whole document or more:
    a node's ancestors are in its document): its own title's words when it
    prints no title, then each ancestor's, nearest first, space-joined
    (``""`` for a top node with a printed title)."""
    by_id = {n.id: n for n in nodes}
    russian = {n.doc for n in nodes if morph.has_cyrillic(n.text)}  # a law inferred at a lost page has no text
    found: dict[str, str] = {}
    for node in nodes:
        ru = node.doc in russian
        parts = [] if node.title else [title_words(node, ru)]
        up = by_id.get(node.parent) if node.parent else None
        while up is not None:
            parts.append(title_words(up, ru))
            up = by_id.get(up.parent) if up.parent else None
        found[node.id] = " ".join(p for p in parts if p)
    return found
