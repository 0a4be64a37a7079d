"""export.txt: a book as plain text that reads like the printed one.

Each document: its title underlined with ``=``, then its nodes in reading
order — headings as printed, text wrapped at ``width`` columns and indented
two spaces a level under its law, footnotes where the book printed them (at
the foot of their page, which closes their law in the seeds: moved past a
page break, ``build`` would file one under another node), the
printed page numbers as the book's own markers (``- 89 -``) where a node
starts a new page, and lawref's marks (fragments, lost pages, variants) on
lines of their own in square brackets. ``lawref build`` reads this text back
into the same node tree: the marks and the title are dropped by the
``drop_export_marks`` clean step (see :data:`lawref.patterns.EXPORT_MARK`),
the page markers give the parser the page gaps it files fragments by.
"""

from __future__ import annotations

import json
import textwrap
from collections.abc import Iterator
from pathlib import Path

from lawref import patterns as P
from lawref.export.book import DIVISIONS, Book, Entry, slug
from lawref.export.files import write_folder
from lawref.model import Document, Kind
from lawref.words import words as told

__all__ = ["corpus_files", "to_txt"]


def to_txt(book: Book, width: int = 80) -> str:
    """The documents of ``book`` as plain text, ``width`` columns at most
    (a word longer than the line is never cut), one newline at the end."""
    out: list[str] = []
    for doc in book.documents:
        if book.of(doc.id):
            out += _document(book, doc, width)
    return "\n".join(out).rstrip("\n") + "\n"


def render(book: Book, *, width: int = 80, base_url: str | None = None) -> str:
    """:func:`to_txt` as the format registry calls it (:mod:`lawref.export.formats`;
    a txt export links nothing: ``base_url`` is not read)."""
    return to_txt(book, width)


def write(book: Book, out: Path, *, width: int = 80) -> int:
    """The txt corpus of ``book`` (:func:`corpus_files`) written into folder
    ``out`` (:func:`lawref.export.files.write_folder`); the number of files written."""
    return int(write_folder(corpus_files(book, width), out, "txt corpus"))


def corpus_files(book: Book, width: int = 80) -> Iterator[tuple[str, str]]:
    """A corpus folder ``lawref build`` reads back into the same documents
    and nodes: ``{doc id}.txt`` for each document (its txt alone: a file
    is one document; a name two ids share made unique, :func:`_file_name`)
    and a ``lawref.toml`` naming each with its kind, language, edition and
    title."""
    entries: list[str] = []
    taken: set[str] = set()
    for doc in book.documents:
        if not book.of(doc.id):
            continue
        name = _file_name(doc.id, taken)
        yield name, "\n".join(_document(book, doc, width)).rstrip("\n") + "\n"
        fields = {"id": doc.id, "kind": doc.kind, "lang": doc.lang, "edition": doc.edition, "title": doc.title}
        lines = [f"{k} = {json.dumps(v, ensure_ascii=False)}" for k, v in fields.items() if v is not None]
        entries.append("\n".join(["[[document]]", *lines, f"files = [{json.dumps(name)}]"]))
    yield "lawref.toml", "# lawref export --format txt: one document a file; lawref build reads them back.\n\n" + \
        "\n\n".join(entries) + "\n"


def _file_name(doc_id: str, taken: set[str]) -> str:
    """``{slug}.txt`` for ``doc_id``, made unique among ``taken`` (which it
    joins): two ids of one slug (``read_19``, ``read-19``: two sites' pages
    of one name) get ``read-19.txt`` and ``read-19-2.txt``, never one file
    written twice."""
    base = slug(doc_id) or "document"
    name, k = f"{base}.txt", 1
    while name.casefold() in taken:  # a case-folding file system takes ``A.txt`` for ``a.txt``
        k += 1
        name = f"{base}-{k}.txt"
    taken.add(name.casefold())
    return name


def _document(book: Book, doc: Document, width: int) -> list[str]:
    """One document: the title block, then every law group."""
    title = doc.title or doc.id
    lines = [title, "=" * len(title), ""]  # one line each, never wrapped: the reader takes them as the title
    page: int | None = None
    words = told(doc.lang)
    file = None
    for _, group in book.law_entries(doc.id, notes_last=False):
        orphans = False  # a group's fragments no law holds: under a mark of their own, as md and the site head them
        for e, ends in book.with_ends(group):
            if e.node.kind != Kind.FOOTNOTE and file is not None and e.node.source.file != file:
                lines += [words["gap"], ""]  # the parse started afresh here: so does the reader
                page = None
            file = e.node.source.file if e.node.kind != Kind.FOOTNOTE else file
            if e.node.page is not None and e.node.page != page and e.node.kind != Kind.FOOTNOTE:
                page = e.node.page
                lines += [f"- {page} -", ""]
            if not orphans and book.orphan(e.node):
                orphans = True
                lines += [f"[{words['orphans']}]", ""]  # never read as the law before's: the reader drops it
            lines += _entry(e, words, width) + [line for m in ends for line in (m, "")]  # a law's: at its indent
    return lines


def _entry(e: Entry, words: dict[str, str], width: int) -> list[str]:
    """The lines of one entry, a blank line after each paragraph."""
    n, indent = e.node, "  " * e.depth
    lines = [indent + m for m in e.before]  # a mark is one line, never wrapped: the reader drops it whole
    if n.kind == Kind.LAW and n.inferred and not n.label and (not e.context or not e.heading):
        # its number, worked out: also as the heading above a part exported alone (``--law 45.5``)
        lines.insert(0, f"{indent}[{words['law']} {n.cite} — {words['inferred']}]")
    paras = n.text.split("\n") if n.text else []
    if n.kind == Kind.FOOTNOTE:
        # ``[2] …`` in English editions, ``(*) - …`` in the seeds: as the reader knows them
        sep = " " if (n.label or "").startswith("[") else " - "
        paras = [f"{n.label}{sep}{paras[0] if paras else ''}", *paras[1:]]
    elif (n.kind == Kind.COMMENTARY and e.heading) or (
            n.kind in (Kind.SUBSECTION, Kind.ITEM) and n.label and not n.title and paras and e.heading == n.label):
        # ``45.5. Text …``; an untitled item ``1. Пара вправе …`` on one line, as printed: its label alone on a
        # line of its own would read back as a heading with no text, and the text as its parent's
        paras = [f"{e.heading} {paras[0] if paras else ''}".rstrip(), *paras[1:]]
    elif n.kind == Kind.LAW and n.title and not n.label:  # a title whose heading was lost, underlined as printed
        lines.append(_wrap(n.title, indent, width) + "\n" + indent + "-" * min(len(n.title), width - len(indent)))
    elif e.heading:
        lines.append(_wrap(e.heading, "" if n.kind in DIVISIONS else indent, width))
    lines += [_wrap(p, indent, width) for p in paras if p]
    lines += [indent + m for m in e.after]
    return [block for line in lines for block in (line, "")]


def _wrap(text: str, indent: str, width: int) -> str:
    """``text`` wrapped at ``width`` with ``indent`` on every line; words
    are never cut and never broken at their hyphens (a wrapped ``кто-то``
    would read back as a перенос). A line that would read back as something
    else than text (``65).``: a page number; ``(*) -``: a footnote; a lawref
    mark) is put back on the line before it, which then runs longer."""
    lines = textwrap.wrap(text, width=width, initial_indent=indent, subsequent_indent=indent,
                          break_long_words=False, break_on_hyphens=False)
    out: list[str] = []
    for line in lines:
        if out and _misread(line.strip()):
            out[-1] += " " + line.strip()
        else:
            out.append(line)
    return "\n".join(out) or indent.rstrip()


def _misread(line: str) -> bool:
    """A wrapped line that lawref's reader would not take as running text."""
    return any(rx.match(line) for rx in (P.MARKER_LIKE, P.PAGE_MARKER, P.BARE_NUMBER, P.PAGE_MARKER_GLUED,
                                         P.READER_MARKER, P.FOOTNOTE, P.FOOTNOTE_EN, P.EXPORT_MARK,
                                         P.TITLE_UNDERLINE))
