"""export.site: a book as a static HTML site that works offline, or as one page.

``index.html`` (contents), one page a law (its commentary attached,
next/previous links, «Ссылаются» under each node, every citation a link to
its exact anchor), ``lawref.css`` (screen, phone and print), ``search.js``
with the search index it reads (``search-index.js``: a script, because a
browser will not fetch a JSON file from disk; the same data as
``search-index.json`` for other tools). Jinja2 renders every page with
autoescaping on: law text is always escaped. No file refers to the network.

The folder is lawref's: :func:`lawref.export.files.write_folder` marks it
and replaces it whole, and never writes into a folder that is not empty and
not marked (:class:`~lawref.errors.UsageError`).
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from lawref import patterns as P
from lawref.export.book import DIVISIONS, ORPHANS_PAGE, Book, Entry, Page, numbered_heading, segments
from lawref.export.files import write_folder
from lawref.lang.catalogue import load as load_catalogue
from lawref.model import Document, Kind, Node, Ref
from lawref.words import relation as relation_in
from lawref.words import words as told

if TYPE_CHECKING:
    import jinja2

__all__ = ["missing_page", "render_page", "search_index", "site_files", "write_site"]
_STATIC = ("lawref.css", "search.js")
#: Heading level of an entry on a law page (the law itself is ``h1``).
LEVEL = {"section": 2, "fragment": 2, "commentary": 3, "subsection": 3, "item": 4, "subitem": 5, "law": 2}
@cache
def _env() -> jinja2.Environment:
    """The templates (package data ``lawref/export/templates``), autoescape on."""
    import jinja2

    return jinja2.Environment(loader=jinja2.PackageLoader("lawref.export", "templates"), autoescape=True,
                              trim_blocks=True, lstrip_blocks=True, keep_trailing_newline=True,
                              undefined=jinja2.StrictUndefined)


def _static(name: str) -> str:
    return (Path(__file__).parent / "templates" / name).read_text(encoding="utf-8")


# -- what a page shows ------------------------------------------------------------------


def _inline(book: Book, node: Node, here: str | None, words: dict[str, str],
            notes: dict[str, Entry], base: str | None = None) -> list[list[dict[str, Any]]]:
    """``node.text`` as paragraphs of inline pieces ``{"text", "href",
    "class", "title"}``: a citation links to its exact anchor; one that
    cannot (absent, invalid, outside this export) is a ``span`` titled with
    its status; a footnote's label (``(*)``) links to the footnote."""
    pieces: list[dict[str, Any]] = []
    for seg in segments(node):
        pieces += _cite(book, seg.text, seg.ref, here, words, base) if seg.ref is not None else [_piece(seg.text)]
    note = notes.get(node.id)
    if note is not None and note.node.label:
        pieces = _note_ref(pieces, note)
    paras: list[list[dict[str, Any]]] = [[]]
    for piece in pieces:
        first, *rest = piece["text"].split("\n")
        paras[-1].append({**piece, "text": first})
        for more in rest:
            paras.append([{**piece, "text": more}])
    return [[p for p in para if p["text"]] for para in paras if any(p["text"] for p in para)]


def _piece(text: str, href: str | None = None, cls: str | None = None, title: str | None = None) -> dict[str, Any]:
    """An inline piece of text as the templates take it."""
    return {"text": text, "href": href, "class": cls, "title": title}


def _cite(book: Book, text: str, ref: Ref, here: str | None, words: dict[str, str],
          base: str | None = None) -> list[dict[str, Any]]:
    """A citation as ``link --format html`` marks it up (classes
    ``lawref-cite lawref-{status}``): a link to its node's anchor; to
    ``base`` + its site page when the node is outside this export and a
    ``base`` URL is given; else a ``span`` (``lawref-dangling``) titled
    with its status."""
    note = book.status_note(ref, words)
    title = f"{ref.cite}: {note}" if note else ref.cite
    cls = f"lawref-cite lawref-{ref.status}"
    target = book.target(ref)
    if target is not None:
        href = book.anchors.href(target.node, "", here) if here is not None else "#" + target.anchor
        return [_piece(text, href, cls, title)]
    node = book.held.by_id.get(ref.id) if ref.id and ref.status in ("exact", "partial") else None
    if node is not None and base:
        return [_piece(text, book.site.href(node, base), cls, title)]
    if node is not None:
        title = f"{ref.cite}: {words['only-export']}"
    return [_piece(text, None, cls + " lawref-dangling", title)]


def _note_ref(pieces: list[dict[str, Any]], note: Entry) -> list[dict[str, Any]]:
    """Make the first plain ``(*)`` a link to ``note`` (else add one at the end)."""
    label = note.node.label or ""
    link = _piece(label, "#" + note.anchor, "fnref")
    for k, piece in enumerate(pieces):
        if piece.get("href") is None and label in piece["text"]:
            head, tail = piece["text"].split(label, 1)
            return [*pieces[:k], _piece(head), link, _piece(tail), *pieces[k + 1 :]]
    return [*pieces, _piece(" "), link]


def _incoming(book: Book, node: Node, here: str | None, base: str | None = None) -> list[dict[str, Any]]:
    """«Ссылаются»: the nodes whose text cites ``node`` itself
    (:attr:`~lawref.model.Holdings.incoming`), each once, a link to the
    citing node — in this export, else (a one-law page) to its page on the
    site at ``base`` when given, as a citation in the text links; plain
    when neither."""
    sources = dict.fromkeys(src.id for src, _ in book.held.incoming.get(node.id, ()))
    out = []
    for source in (book.held.by_id[i] for i in sources):
        if source.id in book.by_id:
            href: str | None = book.anchors.href(source, "", here) if here is not None else "#" + book.anchor(source)
        else:
            href = book.site.href(source, base) if base else None
        out.append({"text": book.held.label(source), "href": href})
    return out


def _entry(book: Book, e: Entry, here: str | None, words: dict[str, str], notes: dict[str, Entry],
           base: str | None = None) -> dict[str, Any]:
    n = e.node
    head = numbered_heading(n, e.heading, words)
    orphan = book.orphan(n)
    return {"anchor": e.anchor, "kind": n.kind, "level": LEVEL.get(n.kind, 5), "heading": head, "orphan": orphan,
            "depth": e.depth, "before": list(e.before), "after": [*e.after, *e.end], "page": n.page,
            "paras": _inline(book, n, here, words, notes, base),
            "incoming": [] if e.context else _incoming(book, n, here, base),
            "counterpart": None if e.context else _counterpart(book, n, here, notes, base),
            "label": n.label or "", "inferred": n.kind == Kind.LAW and n.inferred and not n.label and not e.context}


def _counterpart(book: Book, node: Node, here: str | None, notes: dict[str, Entry],
                 base: str | None = None) -> dict[str, Any] | None:
    """What the site prints beside ``node``: its counterpart in the other
    language's document (``Holdings.counterparts``) — its edition and cite,
    the relation the concordance names, a link to it on the site and its
    text in that document's words — or ``None``."""
    found = book.held.counterparts.get(node.id)
    other = book.held.by_id.get(found[0]) if found else None
    if found is None or other is None:
        return None
    doc = book.held.document(other.doc)
    lang = doc.lang if doc is not None else "en"
    mine = "en" if (d := book.held.document(node.doc)) is not None and d.lang == "en" else "ru"
    if other.id in book.by_id:
        href: str | None = book.anchors.href(other, "", here) if here is not None else "#" + book.anchor(other)
    else:
        href = book.site.href(other, base) if base else None
    return {"head": " ".join(x for x in (doc.edition if doc else None, other.cite or book.held.label(other)) if x),
            "title": other.title or "", "href": href, "lang": lang, "page_lang": mine,
            "relation": relation_in(found[1], mine) if found[1] else "",  # said to the page's reader, in its words
            "paras": _inline(book, other, here, _words(doc) if doc else told("en"), notes, base)}


def _words(doc: Document) -> dict[str, str]:
    """The words of a page: in the language of its document (:mod:`lawref.words`)."""
    return told(doc.lang)


def _page_context(book: Book, page: Page, pages: list[Page]) -> dict[str, Any]:
    here = f"{page.folder.id}/{page.name}"
    words = _words(page.folder)
    entries = [*page.entries, *page.commentary]
    notes = {e.node.parent: e for e in entries if e.node.kind == Kind.FOOTNOTE and e.node.parent}
    law = page.law
    body = [_entry(book, e, here, words, notes) for e in page.entries if e.node is not law]
    head = next((_entry(book, e, here, words, notes) for e in page.entries if e.node is law), None)
    same = [p for p in pages if p.folder.id == page.folder.id]
    at = same.index(page)
    return {
        "lang": "en" if page.folder.lang == "en" else "ru", "w": words, "root": "../", "site": book.documents,
        "doc": page.folder, "title": _page_title(page, words), "title_en": _title_en(book, page),
        "law_anchor": book.anchor(law) if law is not None and law.doc == page.folder.id else None, "law": head,
        "divisions": [_entry(book, e, here, words, notes) for e in page.divisions],
        "entries": [x for x in body if x["kind"] != "footnote"],
        "footnotes": [x for x in body if x["kind"] == "footnote"],
        "commentary": [_entry(book, e, here, words, notes) for e in page.commentary],
        "prev": _nav(same[at - 1]) if at > 0 else None, "next": _nav(same[at + 1]) if at + 1 < len(same) else None,
        "standalone": False, "css": None, "lost_law": law is None or law.doc != page.folder.id,
    }


def _page_title(page: Page, words: dict[str, str]) -> str:
    law = page.law
    if law is None:
        return words["orphans"] if page.name.endswith(f"-{ORPHANS_PAGE}") else words["start"]
    if law.label:
        return " ".join(p for p in (law.label, law.title) if p)
    return numbered_heading(law, law.title or "", words)  # its heading was lost


def _title_en(book: Book, page: Page) -> str | None:
    law = page.law
    if law is None or page.folder.lang == "en":
        return None
    title = law.title_en or book.held.titles_en.get(law.id)
    return f"Law {law.cite}: {title}" if title else None


def _nav(page: Page) -> dict[str, str]:
    law = page.law
    label = f"{law.cite}" if law is not None and law.cite else page.name
    return {"href": f"{page.name}.html", "label": label}


# -- contents and search --------------------------------------------------------------


def _contents(book: Book, pages: list[Page]) -> list[dict[str, Any]]:
    """Per laws document: its title and rows (a division heading, or a law
    page with Russian and English titles and the commentary on it), then the
    edition's laws the corpus lacks."""
    out = []
    for doc in book.documents:
        mine = [p for p in pages if p.folder.id == doc.id]
        if not mine:
            continue
        rows: list[dict[str, Any]] = []
        for page in mine:
            rows += [{"division": e.heading} for e in page.divisions]
            rows.append(_contents_row(book, page))
        out.append({"doc": doc, "rows": rows, "absent": _absent(book, doc, mine)})
    return out


def _contents_row(book: Book, page: Page) -> dict[str, Any]:
    words = _words(page.folder)
    law = page.law
    commentary = [e.node.cite for e in page.commentary if e.node.kind == Kind.COMMENTARY and e.node.cite]
    span = f"{commentary[0]}–{commentary[-1]}" if len(commentary) > 1 else "".join(commentary)
    return {"division": None, "href": f"{page.folder.id}/{page.name}.html",
            "cite": law.cite if law is not None else None,
            "title": _page_title(page, words), "title_en": _title_en(book, page), "commentary": span,
            "has_commentary": bool(page.commentary),
            "in_corpus": law is None or law.doc == page.folder.id}  # a page of no law (start, fragments) lacks none


def _absent(book: Book, doc: Document, pages: list[Page]) -> list[dict[str, str]]:
    """The edition's laws no page of ``doc`` holds (catalogue rows)."""
    if doc.lang == "en" or doc.edition is None:
        return []
    have = {p.law.cite for p in pages if p.law is not None and p.folder.id == doc.id}
    cat = load_catalogue(doc.edition)
    laws = [e for e in cat.entries.values() if e.kind == Kind.LAW and e.id not in have]
    return [{"cite": e.id, "title_en": e.title_en, "title_ru": e.title_ru} for e in laws]


def search_index(book: Book, pages: list[Page] | None = None) -> dict[str, Any]:
    """The offline search index: ``{"format": "lawref-search/1", "nodes":
    [{"u": url from the site's root, "c": cite, "l": label, "t": heading,
    "e": English title, "x": text, "w": folded words and their lemmas}],
    "forms": {folded form: [lemma…]}, "cites": {CITE: url}, "absent": {law:
    English title}}`` (every form of every lemma the corpus uses, from the
    index's forms table; the edition's laws the corpus lacks)."""
    forms = {_fold(f): sorted({_fold(x) for x in lemmas}) for f, lemmas in book.held.forms.items()}
    nodes: list[dict[str, Any]] = []
    cites: dict[str, str] = {}
    for e in book.entries:
        n = e.node
        if n.kind in DIVISIONS and not n.text:
            continue
        url = book.anchors.href(n, "")
        words = {_fold(w) for w in P.WORD.findall(" ".join(p for p in (n.label, n.title, n.text, n.title_en) if p))}
        words |= {x for w in words for x in forms.get(w, ())}
        head = e.heading
        if n.kind == Kind.LAW and not n.label and n.cite:  # its heading was lost: as the contents name it
            head = f"{_words(book.docs[n.doc])['law']} {n.cite}" + (f". {n.title}" if n.title else "")
        nodes.append({"u": url, "c": n.cite, "l": book.held.label(n), "t": head, "e": n.title_en,
                      "x": n.text, "w": " ".join(sorted(words))})
        if n.cite:
            cites.setdefault(n.cite.upper(), url)
    forms = {f: v for f, v in forms.items() if not P.DIGIT.search(f) and v != [f]}
    absent = {row["cite"]: row["title_en"] for d in book.documents if d.kind == "laws"
              for row in _absent(book, d, pages if pages is not None else book.pages()) if row["cite"] not in cites}
    return {"format": "lawref-search/1", "nodes": nodes, "forms": forms, "cites": cites, "absent": absent}


def _fold(word: str) -> str:
    return word.casefold().replace("ё", "е")


# -- writing --------------------------------------------------------------------------


def site_files(book: Book, *, search: str = "offline") -> Iterator[tuple[str, str]]:
    """``(path from the site's root, text)`` of every file of the site.
    ``search="api"``: the pages served by ``lawref serve``, whose search box
    asks the HTTP API (``search-index.js`` says where) instead of reading
    the offline index (not written)."""
    env, pages = _env(), book.pages()
    for page in pages:
        yield page.path, env.get_template("page.html").render(**_page_context(book, page, pages))
    lang = "en" if book.documents and all(d.lang == "en" for d in book.documents) else "ru"
    yield "index.html", env.get_template("index.html").render(
        lang=lang, w=told(lang), root="", title=told(lang)["contents"], contents=_contents(book, pages),
        standalone=False, css=None)
    if search == "api":
        yield "search-index.js", 'window.LAWREF_API = "api/v1/";\n'
    else:
        text = json.dumps(search_index(book, pages), ensure_ascii=False, separators=(",", ":"))
        yield "search-index.json", text
        yield "search-index.js", "window.LAWREF_INDEX = " + text.replace("</", "<\\/") + ";\n"
    for name in _STATIC:
        yield name, _static(name)


def render(book: Book, *, width: int = 80, base_url: str | None = None) -> str:
    """:func:`render_page` as the format registry calls it (:mod:`lawref.export.formats`;
    ``width`` is not read)."""
    return render_page(book, base_url)


def write(book: Book, out: Path, *, width: int = 80) -> int:
    """:func:`write_site` as the format registry calls it (``width`` is not read)."""
    return write_site(book, out)


def render_page(book: Book, base: str | None = None) -> str:
    """One standalone HTML page (CSS inline, no search, links only inside
    it) of the first document ``book`` holds: ``export --law 62 --format
    html``, for pasting into a ruling. A citation of a node outside it
    links to ``base`` + its site page when ``base`` is given."""
    docs = [d for d in book.documents if book.of(d.id)]
    doc = docs[0] if docs else Document("none", "laws")
    words = _words(doc)
    entries = book._notes_last(book.of(doc.id))
    others = [e for d in docs[1:] for e in book.of(d.id)]  # the commentary on the law (export --law 46)
    notes = {e.node.parent: e for e in [*entries, *others] if e.node.kind == Kind.FOOTNOTE and e.node.parent}
    body = [_entry(book, e, None, words, notes, base) for e in entries]
    top = entries[0].node if entries else None
    is_law = top is not None and top.kind == Kind.LAW
    title = ""
    if top is not None:
        title = " ".join(p for p in (top.label, top.title) if p) or (
            f"{words['law']} {top.cite}" if is_law else book.held.label(top))
    return _env().get_template("page.html").render(
        lang="en" if doc.lang == "en" else "ru", w=words, root="", site=book.documents, doc=doc, title=title,
        title_en=f"Law {top.cite}: {top.title_en}" if is_law and top is not None and top.title_en else None,
        law_anchor=body[0]["anchor"] if is_law else None, law=body[0] if is_law else None, divisions=[],
        lost_law=False, entries=[x for x in body[1 if is_law else 0:] if x["kind"] != "footnote"],
        footnotes=[x for x in body if x["kind"] == "footnote"],
        commentary=[_entry(book, e, None, words, notes, base) for e in others], prev=None, next=None,
        standalone=True, css=_static("lawref.css"))


def missing_page(title: str, detail: str = "", root: str = "", lang: str = "ru") -> str:
    """A page of the reader for what it lacks (``lawref serve``'s 404 in a
    browser): ``title``, ``detail`` (the catalogue's line of an absent law)
    and a link to the contents; ``root`` leads from the page to the site's root."""
    return str(_env().get_template("missing.html").render(lang=lang, w=told(lang), root=root, title=title,
                                                          detail=detail, standalone=False, css=None))


def write_site(book: Book, out: Path) -> int:
    """Write the site of ``book`` into folder ``out`` (see
    :func:`lawref.export.files.write_folder`: replaced whole; a folder that
    is not empty and not lawref's raises :class:`UsageError`); returns the
    number of files."""
    return write_folder(site_files(book), out, "site")
