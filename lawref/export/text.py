"""export.text: everything lawref prints for people.

Node text, hits, references, the build report. Returns strings; printing
(and escaping what a terminal must not receive) is the CLI's.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from lawref import patterns as P
from lawref.i18n import N_, retell, tr, ui_language
from lawref.model import Hit, Kind, Node, Ref, Status, Target, TocEntry

if TYPE_CHECKING:
    from lawref.lang.catalogue import Entry
    from lawref.lang.glossary import Term
    from lawref.library import Library, References
    from lawref.records import FileReport

__all__ = ["LOST_AFTER", "LOST_BEFORE", "absent_line", "check_lines", "hit_lines", "page_text", "passes_lines",
           "refs_lines", "repairs", "report_text", "resolve_lines", "show_text", "source_lines", "term_lines",
           "toc_lines"]

#: Shown (not part of the law text) where a node's text starts or ends on a page the scrape lost.
LOST_BEFORE = "[начало — на странице, которой нет в скане]"
LOST_AFTER = "[текст обрывается: продолжение на странице, которой нет в скане]"
_DIVISIONS = ("chapter", "part", "division")

#: What ``show`` says around the law text, in the language of the document shown.
WORDS: dict[str, dict[str, str]] = {
    "ru": {"law": "Правило", "fragment-head": "номер правила не сохранился",
           "inferred": "номер правила выведен: его заголовок не сохранился",
           "lost-start": "начало текста утрачено: нет", "lost-end": "дальше текст утрачен: нет",
           "variant": "вариант {k} из {n}", "fragment": "фрагмент", "page": "стр.",
           "lost-before": LOST_BEFORE, "lost-after": LOST_AFTER,
           "gap": "[пропуск: здесь кончается один файл скана и начинается другой]",
           "see-also": "См. также", "cited-by": "Ссылаются",
           "only": "в корпусе только {cite}", "absent": "нет в корпусе", "invalid": "нет такого правила",
           "nearby": "Рядом", "before-it": "перед ним", "after-it": "после него",
           "edition": "редакция (по манифесту)"},
    "en": {"law": "Law", "fragment-head": "its law's number was lost",
           "inferred": "law number inferred: its heading was lost",
           "lost-start": "the beginning is lost: no", "lost-end": "the rest is lost: no",
           "variant": "variant {k} of {n}", "fragment": "fragment", "page": "p.",
           "lost-before": "[the beginning is on a page the scan lacks]",
           "lost-after": "[the text breaks off: it goes on on a page the scan lacks]",
           "gap": "[gap: one file of the scan ends here and another begins]",
           "see-also": "See also", "cited-by": "Cited by",
           "only": "only {cite} in the corpus", "absent": "not in the corpus", "invalid": "no such law",
           "nearby": "Nearby", "before-it": "before it", "after-it": "after it",
           "edition": "edition as labelled"},
}


def _words(lib: Library, node: Node) -> dict[str, str]:
    """lawref's own words around ``node`` in ``show``: in the user's
    language (:func:`lawref.i18n.ui_language`), whatever the document's."""
    return WORDS[ui_language()]


# -- search -------------------------------------------------------------------------


def hit_lines(lib: Library, hits: Sequence[Hit]) -> list[str]:
    """Two lines a hit: cite (or id), Russian and English titles, document,
    page and score; then the snippet, indented."""
    out = []
    for h in hits:
        where = f"{h.doc}, {tr('p.')} {h.page}" if h.page is not None else h.doc
        node = lib.by_id.get(h.id)
        english = node.title_en if node is not None else None
        law = lib.law_of(node) if node is not None else None
        if node is not None and english is None and law is not None and lib.title_en(node):
            english = tr("Law {cite}: {title}").format(cite=law.cite, title=lib.title_en(node))
        shown = lib.label(node) if node is not None else h.cite or h.id
        titles = " | ".join(dict.fromkeys(t for t in (h.title, english) if t and not shown.endswith(t)))
        head = f"{shown:<10} {titles}".rstrip()
        out.append(f"{head}  ({where}; {h.score:.2f})")
        out.append(f"           {h.snippet}")
    return out


# -- show ---------------------------------------------------------------------------


def show_text(lib: Library, nodes: Sequence[Node], lang: str, *, plain: bool = False) -> str:
    """``show``: each node in the language asked (``ru``, ``en``, ``both``):
    ``en`` prints the English nodes found, else the English twin of each
    Russian one (:func:`_render_counterpart`); ``both`` prints each Russian
    node with its twin beside it (of the same edition when there is one). A
    twin already printed is not printed again. Blocks are separated by a
    blank line. ``plain`` (``show --plain``, for pasting into a ruling):
    no English titles, no document line, no reference lines."""
    english = [n for n in nodes if _is_english(lib, n)]
    russian = [n for n in nodes if not _is_english(lib, n)]
    blocks = []
    for n in russian:
        if lang in ("ru", "both"):
            blocks.append(render(lib, n, plain=plain) + ("" if plain else _xrefs(lib, n)))
        if lang == "both" or (lang == "en" and not english):
            blocks.append(_render_counterpart(lib, n))
    twins = {t.id for t in (lib.counterpart(n) for n in russian) if t is not None} if lang == "both" else set()
    for n in english:
        if n.id in twins:
            continue
        if lang in ("en", "both") or not russian:
            blocks.append(render(lib, n, plain=plain) + ("" if plain else _xrefs(lib, n)))
        if lang == "both":
            blocks.append(tr("[{cite}: no Russian text in the corpus]").format(cite=n.cite))
    return "\n\n".join(dict.fromkeys(blocks))


def page_text(lib: Library, page: int, nodes: Sequence[Node]) -> str:
    """``show --page``: a header line (the page, its document and file),
    then each node printed on it with its subtree, as ``show`` prints a node
    under its law (lost-page marks included)."""
    words = _words(lib, nodes[0])
    files = ", ".join(dict.fromkeys(n.source.file for n in nodes))
    lines = [f"— {words['page']} {page} — [{nodes[0].doc}: {files}]", ""]
    for node in nodes:
        for _, n in lib.subtree(node):
            lines += _render_one(n, *lib.cut_edges(n), variant=_variant(lib, n, words), words=words,
                                 label=lib.label(n))
    return "\n".join(lines).rstrip()


def _neighbours(lib: Library, node: Node, words: dict[str, str]) -> str:
    """For a fragment: «Рядом: перед ним 26A2 (стр. 55); после него 35 (стр. 63)»."""
    before, after = lib.neighbours(node)
    parts = []
    for what, n in ((words["before-it"], before), (words["after-it"], after)):
        if n is not None:
            page = f" ({words['page']} {n.page})" if n.page is not None else ""
            parts.append(f"{what} {lib.label(n)}{page}")
    return f"\n{words['nearby']}: " + "; ".join(parts) if parts else ""


def _is_english(lib: Library, node: Node) -> bool:
    doc = lib.document(node.doc)
    return doc is not None and doc.lang == "en"


def absent_line(cite: str, entry: Entry, fragments: Sequence[Node] = (), why: dict[str, Any] | None = None,
                labels: Sequence[str] = ()) -> str:
    """What the edition calls a law (or part, or commentary paragraph) the
    corpus lacks: «Law 59 — Inability to Lead or Play as Required — text not
    in this corpus», and the fragments that may hold it: «[only fragments,
    p. 77 (between laws 47 and 61) — perhaps its text: …]» — in the user's
    language (the catalogue's English title as it is); ``labels`` name the
    fragments as ``show`` takes them back (their ids without them)."""
    if "." in cite:
        line = tr("Commentary {cite} (on Law {law}: {title}) — not in this corpus")
    elif entry.id != cite:
        line = tr("{cite} — not in this corpus, nor in lawref's catalogue of the edition (Law {law}: {title})")
    else:
        line = tr("Law {cite} — {title} — text not in this corpus")
    line = line.format(cite=cite, law=entry.id, title=entry.title_en)
    if not fragments:
        return line
    pages = sorted({str(f.page) for f in fragments if f.page is not None})
    where = f", {tr('p.')} {', '.join(pages)}" if pages else ""
    names = list(labels) or [f.id for f in fragments]  # what people are shown (show takes it back), else ids
    ids = "; ".join(names[:6]) + (" …" if len(names) > 6 else "")
    return line + "\n" + tr("[only fragments{where} ({why}) — perhaps its text: {ids}]").format(
        where=where, why=_why(why or {}), ids=ids)


def _why(why: dict[str, Any]) -> str:
    """Where fragments stand: «between laws 26 and 35», «text before 45.4»."""
    if "before" in why:
        return tr("text before {cite}").format(cite=why["before"])
    lo, hi = why.get("between", [None, None])
    if lo and hi:
        return tr("between laws {low} and {high}").format(low=lo, high=hi)
    if lo or hi:
        return tr("after law {cite}").format(cite=lo) if lo else tr("before law {cite}").format(cite=hi)
    return tr("no law heading around them")


def _render_counterpart(lib: Library, node: Node) -> str:
    """The English twin of ``node`` (same cite, an English document), or the
    catalogue's English title when the corpus has no English text of it;
    lawref's notes in the user's language."""
    twin = lib.counterpart(node)
    if twin is None and node.kind == Kind.COMMENTARY:
        law = lib.law_of(node)
        return tr("Commentary {cite} (on Law {law}: {title}) [no English text of this commentary in the corpus]"
                  ).format(cite=node.cite, law=law.cite if law else "—", title=lib.title_en(node) or "—")
    if twin is None:
        title = node.title_en or lib.title_en(node) or "—"
        head = tr("Law {cite}").format(cite=node.cite) if node.cite else lib.label(node)
        return tr("{head} — {title} [English: catalogue title only; no English text in this corpus]").format(
            head=head, title=title)
    text = render(lib, twin)
    mine, theirs = lib.document(node.doc), lib.document(twin.doc)
    if mine and theirs and theirs.edition is None:
        text += "\n" + tr("[the English text names no edition: it may differ from the Russian one]")
    elif mine and theirs and mine.edition != theirs.edition:
        text += "\n" + tr("[no English text of the {mine} edition in this corpus: this is the {theirs} edition's "
                          "text, which may differ]").format(mine=mine.edition or "?", theirs=theirs.edition)
    return text


def _ref_label(lib: Library, ref: Ref, words: dict[str, str]) -> str:
    target = lib.by_id.get(ref.id) if ref.id else None
    if ref.status == Status.EXACT and target is not None:
        return lib.label(target)
    if ref.status == Status.PARTIAL and target is not None:
        return f"{ref.cite} ({words['only'].format(cite=lib.label(target))})"
    return f"{ref.cite} ({words['absent'] if ref.status == 'absent' else words['invalid']})"


def listed(names: Sequence[str]) -> str:
    """Names joined by ``, `` — or by ``; `` when one holds a comma itself
    («фрагмент, стр. 59, после правила 26; 36»), so each reads whole."""
    return ("; " if any("," in n for n in names) else ", ").join(names)


def _xrefs(lib: Library, node: Node) -> str:
    """«См. также» / "See also" (outgoing) and «Ссылаются» / "Cited by"
    (incoming) lines for ``show``, in the language of ``node``'s document;
    references between nodes of ``node``'s own subtree are left out (they
    stand in the text printed above: 21B2 citing 21B1)."""
    words = _words(lib, node)
    inside = {n.id for _, n in lib.subtree(node)}  # a reference within what is printed is in its text already
    out = list(dict.fromkeys(_ref_label(lib, r, words) for _, r in lib.outgoing(node) if r.id not in inside))
    inc = list(dict.fromkeys(lib.label(n) for n, _ in lib.incoming(node) if n.id not in inside))
    lines = []
    if out:
        lines.append(f"{words['see-also']}: " + listed(out))
    if inc:
        lines.append(f"{words['cited-by']}: " + listed(inc))
    near = _neighbours(lib, node, words).strip() if node.kind == Kind.FRAGMENT else ""
    if near:
        lines.append(near)
    return "\n\n" + "\n".join(lines) if lines else ""


def heading(node: Node) -> str:
    """Label and title as printed: ``B. Исправление …``, ``Глава V - ТОРГОВЛЯ``."""
    parts = [p for p in (node.label, node.title) if p]
    return (" - " if node.kind in _DIVISIONS else " ").join(parts)


def render(lib: Library, node: Node, *, plain: bool = False) -> str:
    """``node`` and its descendants as the book shows them: a header line
    (its law, Russian and English titles; ``Law 62 — Correction of a
    Revoke`` for an English document), a note line (document; edition;
    inferred number), then each node's heading and text, lost-page marks
    beside them — in the words of the document's language."""
    law = lib.law_of(node)
    doc = lib.document(node.doc)
    words = _words(lib, node)
    notes = [doc.title if doc and doc.title else node.doc]
    if doc is not None and doc.edition:
        notes.append(f"{words['edition']}: {doc.edition}")
    if node.inferred:
        notes.append(words["inferred"])
    if node.page is not None:
        notes.append(f"{words['page']} {node.page}")
    lines = [_header(lib, node, law, words, plain), f"[{'; '.join(notes)}]", ""]
    if plain:
        del lines[1]  # the document line: lawref's, not the law's
    lines += _context(lib, node, law)
    before, after = lib.lost_sections(node) if node.kind == Kind.LAW else ([], [])
    if before:
        lines += [f"[{words['lost-start']} {', '.join(before)}]", ""]
    for _, n in lib.subtree(node):
        if n is node and (law is node or node.kind in _DIVISIONS):  # already the header
            if n.text:
                lines += [n.text, ""]
            continue
        lines += _render_one(n, *lib.cut_edges(n), variant=_variant(lib, n, words), words=words,
                             label=lib.label(n))
    if after:
        lines += [f"[{words['lost-end']} {', '.join(after)}]"]
    return "\n".join(lines).rstrip()


def _context(lib: Library, node: Node, law: Node | None) -> list[str]:
    """The headings between ``node``'s law and ``node`` (``show 6B1``
    prints «B. Сдача» above «1. …», so 6B1 is not read as 6A1)."""
    chain: list[str] = []
    cur = lib.by_id.get(node.parent) if node.parent else None
    while cur is not None and law is not None and cur.id != law.id:
        chain.insert(0, heading(cur))
        cur = lib.by_id.get(cur.parent) if cur.parent else None
    return [line for h in chain if h for line in (h, "")]


def _header(lib: Library, node: Node, law: Node | None, words: dict[str, str], plain: bool = False) -> str:
    """``Правило 62. Исправление … — Law 62: Correction of a Revoke``, or for an
    English document ``Law 62 — Correction of a Revoke``."""
    if law is None:
        if node.kind in _DIVISIONS:
            return heading(node)
        return node.cite or f"{lib.label(node)} — {words['fragment-head']}"
    if _is_english(lib, node):
        title = _display_title(lib, law)
        return f"Law {law.cite} — {title}" if title else f"Law {law.cite}"
    printed = WORDS["en" if _is_english(lib, law) else "ru"]["law"]  # the law's heading as its book prints it
    head = f"{printed} {law.cite}" + (f". {law.title}" if law.title else "")
    english = tr(" — Law {cite}: {title}").format(cite=law.cite, title=law.title_en)  # ru: « — по-английски: …»
    return head + (english if law.title_en and not plain else "")


def _display_title(lib: Library, law: Node) -> str | None:
    """An English law's title as printed; a title printed in capitals in
    the catalogue's letter case when the catalogue of its edition has the
    same words (``CORRECTION OF A REVOKE`` → ``Correction of a Revoke``)."""
    title = law.title
    if not title or not title.isupper() or law.cite is None:
        return title
    entry = lib.catalogue_entry(law.cite, lib.edition_of(law.doc))[1]
    same = entry is not None and _words_of(entry.title_en) == _words_of(title)
    return entry.title_en if same and entry is not None else title


def _words_of(title: str) -> list[str]:
    return P.WORD.findall(title.casefold().replace("’", "'"))


def _variant(lib: Library, node: Node, words: dict[str, str]) -> str:
    """``[вариант 2 из 2: 001_….txt:13]`` for a node two files hold with
    different texts (its id ends ``~2``), else ``""``."""
    copies = lib.variants(node)
    if len(copies) < 2:
        return ""
    what = words["variant"].format(k=copies.index(node) + 1, n=len(copies))
    return f"[{what}: {node.source.file}:{node.source.line}]"


def _render_one(n: Node, lost_start: bool = False, lost_end: bool = False, variant: str = "",
                words: dict[str, str] = WORDS["ru"], label: str = "") -> list[str]:
    if n.kind == Kind.FOOTNOTE:
        return [f"{n.label} - {n.text}", ""]
    out = []
    head = " ".join(p for p in (heading(n), variant) if p)
    if n.kind == Kind.FRAGMENT:
        head = f"[{label or words['fragment']}] {head}".rstrip()  # its label names its page
    elif head and n.page is not None:
        head += f"  ({words['page']} {n.page})"
    if head:
        out.append(head)
    if lost_start:
        out.append(words["lost-before"])
    if n.text:
        out.append(n.text)
    if lost_end:
        out.append(words["lost-after"])
    return out + [""]


def resolve_lines(answers: Sequence[tuple[str, Target | None]]) -> list[str]:
    """``resolve``: one line a citation — what was asked, the cite, its
    status, the node id and the edition it was resolved in."""
    out = []
    for text, t in answers:
        if t is None:
            out.append(tr("{text}: no citation").format(text=repr(text)))
            continue
        node = t.id or "-"
        missing = tr(" (missing {part})").format(part=t.missing) if t.missing else ""
        out.append(f"{text!r} → {t.cite} {tr(t.status)} {node}{missing} [{tr('edition')} {t.edition or '—'}]")
    return out


def source_lines(items: Sequence[dict[str, Any]]) -> list[str]:
    """``show --source``: for each node, ``file:first-last (bytes a-b)`` and
    its raw lines, numbered (items as :func:`lawref.export.json.source_json`)."""
    out = []
    for item in items:
        start, end = item["bytes"]
        out.append(tr("{file}:{line}-{end_line} (bytes {start}-{end})").format(
            file=item["file"], line=item["line"], end_line=item["end_line"], start=start, end=end))
        out += [f"{row['line']:>6}  {row['text']}" for row in item["lines"]]
    return out


# -- contents -----------------------------------------------------------------------


def toc_lines(lib: Library, entries: Sequence[TocEntry]) -> list[str]:
    """``toc``: a line a document (id, title, edition), then a line a row,
    indented by its depth: cite (or label), title, English title, page and
    status when it is not ``whole``."""
    out, doc = [], None
    for e in entries:
        if e.doc != doc:
            doc = e.doc
            d = lib.document(doc)
            edition = tr(" (edition {edition})").format(edition=d.edition) if d is not None and d.edition else ""
            out.append(f"{doc} — {d.title if d is not None and d.title else doc}{edition}")
        title, english = e.title if e.cite else None, e.title_en
        if title and english and _words_of(title) == _words_of(english):  # one title, never doubled
            title, english = (english if title.isupper() else title), None
        titles = " — ".join(p for p in (title, english) if p)
        page = e.page is not None and e.kind != Kind.FRAGMENT  # a fragment's label names its page
        fields = [e.cite or e.label, titles, f"{tr('p.')} {e.page}" if page else "",
                  f"[{tr(e.status)}]" if e.status != "whole" else ""]
        out.append("  " * (e.depth + 1) + "  ".join(f for f in fields if f))
    return out


# -- references and glossary --------------------------------------------------------


def _target(lib: Library, ref: Ref) -> str:
    """The node a reference resolved to, as people are shown it (``-`` for none)."""
    node = lib.by_id.get(ref.id) if ref.id else None
    return f"{node.doc}/{lib.label(node)}" if node is not None else "-"


def refs_lines(lib: Library, found: References, incoming: bool) -> list[str]:
    """``refs``: one line a reference — citing node, text, target cite, status,
    the node it resolved to (``doc/cite``, a fragment by its label), and where
    it stands (file:line)."""
    if not found.pairs:
        what = tr("no incoming references") if incoming else tr("no outgoing references")
        return [f"{found.name}: {what}"]
    wide = max(len(tr(r.status)) for _, r in found.pairs)  # «нет в корпусе» is wider than «exact»
    return [f"{lib.label(n):<12} {r.text!r:<24} → {r.cite:<8} {tr(r.status):<{wide}} {_target(lib, r)}  "
            f"({n.source.file}:{r.line})" for n, r in found.pairs]


def check_lines(lib: Library, groups: dict[str, list[tuple[Node, Ref]]]) -> list[str]:
    """``check``: a count line a status, then one line a citation."""
    out = []
    for status, pairs in groups.items():
        out.append(f"{tr(status)}: {len(pairs)}")
        for n, r in pairs:
            target = f" → {_target(lib, r)}" if r.id else ""
            out.append(f"  {r.cite:<8} {r.text!r:<24} {tr('in')} {lib.label(n)} ({n.source.file}:{r.line}){target}")
    return out


#: The glossary's parts of speech (``lawref/data/glossary.tsv``, column ``pos``), as ``term`` names them.
_POS = {"noun": N_("noun"), "verb": N_("verb"), "adj": N_("adj"), "phrase": N_("phrase")}


def term_lines(entries: Sequence[tuple[Term, list[tuple[str, int]]]]) -> list[str]:
    """``term``: each glossary entry and the laws that use it most (up to 8)."""
    out = []
    for t, laws in entries:
        note = f" ({t.note})" if t.note else ""
        out.append(tr("{term} — {english} [{pos}]{note}  (seed {source})").format(
            term=t.ru, english=" | ".join(t.en), pos=tr(_POS.get(t.pos, t.pos)), note=note, source=t.source))
        used = listed([f"{cite} ({hits})" for cite, hits in laws[:8]]) or "—"
        out.append("  " + tr("used most in: {laws}").format(laws=used))
    return out


# -- build report -------------------------------------------------------------------


def report_text(reports: Sequence[FileReport]) -> str:
    """``build --report``: per file, its status, document, encoding, layout,
    counts, and every clean step with its count and examples — lawref's
    words in the user's language (:func:`~lawref.i18n.retell` for what the
    build stored in English), the file's text as it is."""
    lines = []
    for r in reports:
        if r.status == "skipped":
            lines.append(tr("{file}: skipped: {reason}").format(file=r.file, reason="; ".join(map(retell, r.warnings))))
            lines += _dropped_lines(r)  # a file whose every line was dropped (a contents page) lists them
            continue
        lines += _report_head(r)
        lines += passes_lines(r.passes, indent="  ")
        lines += _dropped_lines(r)
        if r.inserted:
            lines.append(tr("  inserted {count} piece(s) by repairs (a lost ligature, a lost ё):").format(
                count=len(r.inserted)))
            lines += [tr("    line {line}: {text}").format(line=d["line"], text=repr(d["text"])) for d in r.inserted]
        lines += [tr("  warning: {what}").format(what=retell(w)) for w in r.warnings]
        lines += [tr("  structure: line {line}, {node}: {what}").format(
            line=f["line"], node=f["node"], what=retell(f["message"])) for f in r.structure]
    return "\n".join(lines)


def _dropped_lines(r: FileReport) -> list[str]:
    """The report's list of a file's dropped pieces, each with its line, step and reason; none when none."""
    if not r.dropped:
        return []
    return [tr("  dropped {count} piece(s) of text (every word is in a node or here):").format(count=len(r.dropped)),
            *(tr("    line {line}: {text} — {step}: {reason}").format(
                line=d["line"], text=_cut(d["text"]), step=d["step"], reason=retell(d["reason"])) for d in r.dropped)]


def _report_head(r: FileReport) -> list[str]:
    """The first lines of a file's report: status and document, encoding and
    layout, counts, mojibake and lost characters."""
    status = {"ok": tr("ok"), "warning": tr("warning")}.get(r.status, r.status)
    title = tr("; book title «{title}»").format(title=r.title) if r.title else ""
    moji = r.mojibake
    how = repairs(moji.get("how") or {})
    return [
        tr("{file}: {status}; doc {doc} ({kind}, {lang}, {how})").format(
            file=r.file, status=status, doc=r.doc, kind=r.kind, lang=r.lang, how=retell(r.kind_how or "")),
        tr("  encoding {encoding} ({how}); layout {layout}; pages {pages}{title}").format(
            encoding=r.encoding, how=retell(r.encoding_how or ""), layout=r.style,
            pages=", ".join(map(str, r.pages)) or "—", title=title),
        tr("  format {format}; paragraphs {paragraphs}; nodes {nodes}; fragments {fragments}; inferred {inferred}; "
           "duplicate nodes dropped {duplicates}").format(
            format=r.format, paragraphs=r.paragraphs, nodes=r.nodes, fragments=r.fragments, inferred=r.inferred,
            duplicates=r.duplicates_dropped),
        tr("  mojibake repaired {count} line(s){how}; lost characters (U+FFFD) {lost}; lines with ?-runs {qmarks}; "
           "words re-joined {rejoined}").format(count=moji.get("lines", 0), how=how, lost=r.lost_chars,
                                                qmarks=r.qmark_runs, rejoined=r.rejoined_words),
        *[tr("    e.g. {example}").format(example=e) for e in moji.get("examples", [])],
    ]


def repairs(how: dict[str, int]) -> str:
    """Mojibake repairs by form for a report line: «` (cp1251 read as koi8-r: 3)`», or ``""``."""
    return f" ({'; '.join(f'{retell(form)}: {n}' for form, n in how.items())})" if how else ""


def _cut(text: str, width: int = 60) -> str:
    text = " ".join(text.split())
    return repr(text if len(text) <= width else text[: width - 1] + "…")


def passes_lines(passes: Sequence[dict[str, Any]], indent: str = "") -> list[str]:
    """One line a clean step (name, count, what it does) and its examples."""
    lines = []
    for p in passes:
        lines.append(f"{indent}{p['name']:<32} {p['count']:>5}  {retell(p['description'])}")
        lines += [indent + tr("    e.g. {example}").format(example=retell(e)) for e in p["examples"]]
    return lines
