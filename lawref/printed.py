"""printed: what a writer is handed — a node as lawref prints it, its view, its references, its twin.

Worked out once on the query side (:mod:`lawref.query.shown`) and rendered
in :mod:`lawref.export`, which asks no library (issue 25). Defined apart
from :mod:`lawref.model`, which names them too (PEP 562): a search or a
link never builds these classes, only ``show`` and the writers (issue 28).
The shapes are told in :mod:`lawref.model`'s docstring.
"""

from __future__ import annotations

from collections.abc import Iterable

from lawref.model import Document, Node, Ref
from lawref.values import frozen

__all__ = ["RefShown", "Shown", "Twin", "View"]

_set = object.__setattr__  # a frozen value's own __init__ sets its fields past its refusing __setattr__


@frozen
class Shown:
    """One node as lawref prints it, with its subtree: the writers in
    :mod:`lawref.export` render it and ask no library (it is built by
    :mod:`lawref.query.shown`).

    ``label`` is what people are shown (``62B``; a fragment by its page,
    «фрагмент, стр. 59, после правила 26»); ``lang`` its document's
    language; ``lost_start`` / ``lost_end``: its text opens after, or breaks
    off at, a page the scrape lost; ``variant`` ``(k, n)`` when ``n`` files
    hold the node with different texts and this is the ``k``-th;
    ``incoming`` the references made to this node itself (citing node,
    reference); ``likely_law`` for a fragment ``(cite, after, before)``: the
    law it is filed under (or ``None``) and the laws printed around it;
    ``children`` its children, in reading order."""

    node: Node
    label: str
    lang: str = "ru"
    lost_start: bool = False
    lost_end: bool = False
    variant: tuple[int, int] | None = None
    incoming: tuple[tuple[Node, Ref], ...] = ()
    likely_law: tuple[str | None, str | None, str | None] | None = None
    children: tuple[Shown, ...] = ()

    def __init__(self, node: Node, label: str, lang: str = "ru", lost_start: bool = False, lost_end: bool = False,
                 variant: tuple[int, int] | None = None, incoming: tuple[tuple[Node, Ref], ...] = (),
                 likely_law: tuple[str | None, str | None, str | None] | None = None,
                 children: tuple[Shown, ...] = ()) -> None:
        _set(self, "node", node)
        _set(self, "label", label)
        _set(self, "lang", lang)
        _set(self, "lost_start", lost_start)
        _set(self, "lost_end", lost_end)
        _set(self, "variant", variant)
        _set(self, "incoming", incoming)
        _set(self, "likely_law", likely_law)
        _set(self, "children", children)

    def walk(self) -> Iterable[Shown]:
        """This node and every node under it, in reading order (pre-order)."""
        yield self
        for c in self.children:
            yield from c.walk()


@frozen
class RefShown:
    """A reference as ``show`` lists it: its ``cite`` and ``status``, and the
    ``label`` of the node it resolved to (``None`` when it resolved to none)."""

    cite: str
    status: str
    label: str | None

    def __init__(self, cite: str, status: str, label: str | None) -> None:
        _set(self, "cite", cite)
        _set(self, "status", status)
        _set(self, "label", label)


@frozen
class View:
    """A node shown whole (``show``, ``GET /api/v1/nodes/{cite}``): the
    :class:`Shown` tree and what stands around it.

    ``document`` its document; ``law`` its law (``None`` for a fragment or a
    division) and ``law_lang`` the language of the law's document;
    ``law_title`` the law's title as shown (an English title printed in
    capitals in the catalogue's letter case); ``title_en`` the English title
    of its law in lawref's catalogue; ``context`` the headings between the
    law and the node (``show 6B1`` prints ``B. Сдача`` above it); ``lost``
    the catalogue's sections of a law that lost pages took, before and after
    its text; ``see_also`` / ``cited_by`` its references out (to nodes
    outside what is printed) and the labels of the nodes citing it;
    ``nearby`` for a fragment the nodes printed before and after it, each
    ``(label, page)``; ``law_text_absent`` a law of a commentary whose own
    text no laws document of its edition holds (``show 45`` of the seeds:
    the commentary's paragraphs on a law the scrape lost); ``goes_on`` a law
    whose text may go on past what the corpus holds (it ends where a printed
    page ends and the scrape lacks the next: :func:`lawref.query.pages.may_go_on`,
    one of the reasons ``toc`` marks a law ``lost pages``)."""

    shown: Shown
    document: Document | None
    law: Node | None
    law_lang: str = "ru"
    law_title: str | None = None
    title_en: str | None = None
    context: tuple[Node, ...] = ()
    lost: tuple[tuple[str, ...], tuple[str, ...]] = ((), ())
    see_also: tuple[RefShown, ...] = ()
    cited_by: tuple[str, ...] = ()
    nearby: tuple[tuple[str, int | None] | None, tuple[str, int | None] | None] = (None, None)
    law_text_absent: bool = False
    goes_on: bool = False

    def __init__(self, shown: Shown, document: Document | None, law: Node | None, law_lang: str = "ru",
                 law_title: str | None = None, title_en: str | None = None, context: tuple[Node, ...] = (),
                 lost: tuple[tuple[str, ...], tuple[str, ...]] = ((), ()), see_also: tuple[RefShown, ...] = (),
                 cited_by: tuple[str, ...] = (),
                 nearby: tuple[tuple[str, int | None] | None, tuple[str, int | None] | None] = (None, None),
                 law_text_absent: bool = False, goes_on: bool = False) -> None:
        _set(self, "shown", shown)
        _set(self, "document", document)
        _set(self, "law", law)
        _set(self, "law_lang", law_lang)
        _set(self, "law_title", law_title)
        _set(self, "title_en", title_en)
        _set(self, "context", context)
        _set(self, "lost", lost)
        _set(self, "see_also", see_also)
        _set(self, "cited_by", cited_by)
        _set(self, "nearby", nearby)
        _set(self, "law_text_absent", law_text_absent)
        _set(self, "goes_on", goes_on)

    @property
    def node(self) -> Node:
        """The node shown."""
        return self.shown.node


@frozen
class Twin:
    """The English counterpart of a Russian node as ``show --lang en|both``
    prints it: ``view`` the counterpart's :class:`View`, or ``None`` when the
    corpus has no English text of it (then ``title_en`` the catalogue's
    title of the node itself — ``None`` for a part the catalogue does not
    title — and ``law_cite`` / ``law_title_en`` its law's);
    ``editions`` ``(mine, theirs)``, the two documents' editions, ``named``
    whether the English document names its edition at all, and ``compared``
    whether both documents are known (only then is a difference said);
    for a counterpart of another edition, ``relation`` what the concordance
    says became of the node there (``renumbered``: 1997 17E is 2017 17D),
    ``cite_there`` its cite in that edition and ``sure`` whether a source
    checked it (``lawref/data/concordance.tsv``)."""

    node: Node
    label: str
    view: View | None
    title_en: str | None = None
    law_cite: str | None = None
    law_title_en: str | None = None
    editions: tuple[str | None, str | None] = (None, None)
    named: bool = True
    compared: bool = True
    relation: str | None = None
    cite_there: str | None = None
    sure: bool = True

    def __init__(self, node: Node, label: str, view: View | None, title_en: str | None = None,
                 law_cite: str | None = None, law_title_en: str | None = None,
                 editions: tuple[str | None, str | None] = (None, None),
                 named: bool = True, compared: bool = True, relation: str | None = None,
                 cite_there: str | None = None, sure: bool = True) -> None:
        _set(self, "node", node)
        _set(self, "label", label)
        _set(self, "view", view)
        _set(self, "title_en", title_en)
        _set(self, "law_cite", law_cite)
        _set(self, "law_title_en", law_title_en)
        _set(self, "editions", editions)
        _set(self, "named", named)
        _set(self, "compared", compared)
        _set(self, "relation", relation)
        _set(self, "cite_there", cite_there)
        _set(self, "sure", sure)


