"""export.markdown: a book as CommonMark, every citation a link to its anchor.

One heading level a node kind (:data:`LEVEL`); each heading carries its
anchor as ``<a id="law-62b"></a>`` (CommonMark has no heading ids of its
own); the law text is escaped (:func:`escape`), so nothing in it becomes
markup; footnotes are Markdown footnotes (``[^footnote-…]``, the syntax
of GitHub, Pandoc and markdown-it's footnote plugin).
"""

from __future__ import annotations

from lawref.export.book import Book, Entry, numbered_heading, segments
from lawref.export.commonmark import escape, link
from lawref.model import Document, Kind, Node, Ref, Status
from lawref.words import words as told

__all__ = ["LEVEL", "escape", "link", "to_markdown"]

#: Heading level of each node kind (the document's title is ``#``).
LEVEL = {"chapter": 2, "part": 2, "division": 2, "law": 3, "section": 4, "commentary": 4, "fragment": 4,
         "subsection": 5, "item": 6, "subitem": 6}



def render(book: Book, *, width: int = 80, base_url: str | None = None) -> str:
    """:func:`to_markdown` as the format registry calls it (:mod:`lawref.export.formats`;
    Markdown is not wrapped: ``width`` is not read)."""
    return to_markdown(book, base_url)


def to_markdown(book: Book, base: str | None = None) -> str:
    """The documents of ``book`` as one CommonMark file. A citation whose
    node is not in this export links to ``base`` + its site path when a
    ``base`` URL is given (an exported site), else stays plain text."""
    out: list[str] = []
    for doc in book.documents:
        if book.of(doc.id):
            out += _document(book, doc, base)
    return "\n".join(out).rstrip("\n") + "\n"


def _document(book: Book, doc: Document, base: str | None) -> list[str]:
    words = told(doc.lang)
    lines = [f'# <a id="doc-{doc.id}"></a>{escape(doc.title or doc.id)}', ""]
    if doc.edition:  # a republished document says which edition it is (its manifest's label)
        lines += [f"*{escape(words['edition'])}: {escape(doc.edition)}*", ""]
    notes = {e.node.parent: e for e in book.of(doc.id) if e.node.kind == Kind.FOOTNOTE}
    page: int | None = None
    for _, group in book.law_entries(doc.id):
        orphans = False  # a group's fragments no law holds: under a heading of a law's level, as the site has them
        for e, ends in book.with_ends(group):
            if e.node.page is not None and e.node.page != page and e.node.kind != Kind.FOOTNOTE:
                page = e.node.page
                lines += [f"*— {words['page']} {page} —*", ""]
            if not orphans and book.orphan(e.node):
                orphans = True
                lines += [f"{'#' * LEVEL['law']} {escape(words['orphans'], line_start=False)}", ""]
            lines += _entry(book, e, words, notes, base) + [b for m in ends for b in (f"*{escape(m)}*", "")]
    return lines


def _entry(book: Book, e: Entry, words: dict[str, str], notes: dict[str | None, Entry],
           base: str | None) -> list[str]:
    """The Markdown blocks of one entry, a blank line after each."""
    n = e.node
    if n.kind == Kind.FOOTNOTE:
        return [f"[^{e.anchor}]: {_text(book, n, words, base) or escape(n.label or '')}", ""]
    blocks = [f"*{escape(m)}*" for m in e.before]
    head = numbered_heading(n, e.heading, words)
    note = notes.get(n.id)
    if head:
        marks = "#" * LEVEL.get(n.kind, 6)
        blocks.insert(0, f'{marks} <a id="{e.anchor}"></a>{escape(head, line_start=False)}')
    if n.kind == Kind.LAW and n.inferred and not n.label:  # also above a part exported alone, as txt says it
        blocks.append(f"*{escape('[' + words['inferred'] + ']')}*")
    if n.kind == Kind.LAW and n.title_en and (doc := book.docs.get(n.doc)) is not None and doc.lang != "en":
        blocks.append(f"*Law {escape(n.cite or '')}: {escape(n.title_en)}*")
    body = _text(book, n, words, base)
    if body:
        blocks += body.split("\n")
    blocks += [f"*{escape(m)}*" for m in e.after]
    if note is not None:
        blocks = _with_note(blocks, note)
    if not head:  # no heading to carry the anchor (a fragment printed without a label): its first block does
        blocks = [f'<a id="{e.anchor}"></a>{blocks[0] if blocks else ""}', *blocks[1:]]
    return [b for block in blocks for b in (block, "")]


def _with_note(blocks: list[str], note: Entry) -> list[str]:
    """Put ``[^anchor]`` after the first ``(*)`` (the footnote's own label)
    in ``blocks``, else after the heading."""
    label = escape(note.node.label or "")
    for k, block in enumerate(blocks):
        if label and label in block:
            blocks[k] = block.replace(label, f"{label}[^{note.anchor}]", 1)
            return blocks
    if blocks:
        blocks[0] += f"[^{note.anchor}]"
    return blocks


def _text(book: Book, node: Node, words: dict[str, str], base: str | None) -> str:
    """``node.text`` escaped, each citation a link (or plain text with its
    status when it cannot be one); paragraphs separated by ``\\n``."""
    parts = []
    for seg in segments(node):
        parts.append(_cite(book, seg.text, seg.ref, words, base) if seg.ref is not None else escape(seg.text))
    return "".join(parts)


def _cite(book: Book, text: str, ref: Ref, words: dict[str, str], base: str | None) -> str:
    target = book.target(ref)
    note = book.status_note(ref, words)
    title = f"{ref.cite}: {note}" if note else ""
    if target is not None:
        return link(text, "#" + target.anchor, title)
    node = book.held.by_id.get(ref.id) if ref.id else None
    if node is not None and base:
        return link(text, book.site.href(node, base), title)
    if ref.status in ("absent", "invalid"):
        word = words["absent"] if ref.status == Status.ABSENT else words["invalid"]
        return f"{escape(text)} *({escape(word)})*"
    return escape(text)

