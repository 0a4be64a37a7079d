"""export.text: everything lawref prints for people.

Node text, hits, references, the build report. Renders values — the
:class:`~lawref.model.View`, :class:`~lawref.model.Shown`,
:class:`~lawref.model.Twin` and :class:`~lawref.model.HitShown` the query
side worked out (:mod:`lawref.query.shown`) — and asks no library. Returns
strings; printing (and escaping what a terminal must not receive) is the
CLI's.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from lawref.i18n import N_, retell, tr, ui_language
from lawref.lang import english as english_titles
from lawref.model import Document, Kind, Node, Ref, Status
from lawref.words import relation as relation_in
from lawref.words import words as told

if TYPE_CHECKING:
    from lawref.citations import Target
    from lawref.lang.catalogue import Entry
    from lawref.lang.concordance import Comparison, Counterpart
    from lawref.lang.glossary import Term
    from lawref.listings import References, TocEntry
    from lawref.printed import RefShown, Shown, Twin, View
    from lawref.records import FileReport
    from lawref.results import HitShown

__all__ = ["absent_line", "check_lines", "hit_lines", "page_text", "passes_lines",
           "refs_lines", "repairs", "report_text", "resolve_lines", "show_text", "source_lines", "term_lines",
           "toc_lines"]

_DIVISIONS = ("chapter", "part", "division")

def _words() -> dict[str, str]:
    """lawref's own words around the law text in ``show``: in the user's
    language (:func:`lawref.i18n.ui_language`), whatever the document's."""
    return told(ui_language())


# -- search -------------------------------------------------------------------------


def hit_lines(hits: Sequence[HitShown]) -> list[str]:
    """A line a hit: cite (or id), Russian and English titles, document,
    page and score; then its snippet, indented, its matches in ``⟦⟧``
    (:meth:`~lawref.results.Hit.marked`) — none for a hit with no text of
    its own whose first text is another hit of the list (Law 64 above its
    one fragment: the text is printed once)."""
    out = []
    for s in hits:
        h = s.hit
        where = f"{h.doc}, {tr('p.')} {h.page}" if h.page is not None else h.doc
        english = s.title_en
        if english is None and s.law_cite is not None and s.law_title_en:
            english = tr("Law {cite}: {title}").format(cite=s.law_cite, title=s.law_title_en)
        titles = " | ".join(dict.fromkeys(t for t in (h.title, english) if t and not s.label.endswith(t)))
        # a label past the column (a fragment's «фрагмент правила 64, стр. 89») is set off from its titles
        head = f"{s.label:<10} {titles}".rstrip() if len(s.label) < 10 or not titles else f"{s.label} — {titles}"
        out.append(f"{head}  ({where}; {h.score:.2f})")
        if h.snippet.strip():
            out.append(f"           {h.marked()}")
    return out


# -- show ---------------------------------------------------------------------------


def show_text(views: Sequence[View], twins: Mapping[str, Twin], lang: str, *, plain: bool = False) -> str:
    """``show``: each node in the language asked (``ru``, ``en``, ``both``):
    ``en`` prints the English nodes found, else the English twin of each
    Russian one (``twins``, by the Russian node's id:
    :func:`_render_counterpart`); ``both`` prints each Russian node with its
    twin beside it (of the same edition when there is one). A twin already
    printed is not printed again. Blocks are separated by a blank line, and
    under ``both`` two pairs by :data:`PAIR_RULE` (``17D`` of two editions:
    1997 17D with its counterpart 2017 15A, then 2017 17D with 1997 17E).
    ``plain`` (``show --plain``, for pasting into a ruling): no English
    titles, no document line, no reference lines."""
    english = [v for v in views if v.shown.lang == "en"]
    russian = [v for v in views if v.shown.lang != "en"]
    pairs: list[list[str]] = []  # each node found, with its counterpart under --lang both
    for v in russian:
        pairs.append([])
        if lang in ("ru", "both"):
            pairs[-1].append(render(v, plain=plain) + ("" if plain else _xrefs(v)))
        if lang == "both" or (lang == "en" and not english):
            pairs[-1].append(_render_counterpart(twins[v.node.id]))
    printed = {t.view.node.id for t in (twins.get(v.node.id) for v in russian)
               if t is not None and t.view is not None} if lang == "both" else set()
    for v in english:
        if v.node.id in printed:
            continue
        pairs.append([])
        if lang in ("en", "both") or not russian:
            pairs[-1].append(render(v, plain=plain) + ("" if plain else _xrefs(v)))
        if lang == "both":
            t = twins.get(v.node.id)
            if t is not None and t.view is not None and t.view.node.id in {r.node.id for r in russian}:
                continue  # its Russian counterpart is printed already, with its own
            if t is not None and t.view is not None and t.relation is not None:  # another edition's, by the concordance
                pairs[-1].append(_render_counterpart(t))
            elif t is not None and t.view is not None and t.editions[0] == t.editions[1]:
                pairs[-1].append(render(t.view, plain=plain))
            else:
                pairs[-1].append(tr("[{cite}: no Russian text in the corpus]").format(cite=v.node.cite))
    seen: set[str] = set()
    kept = []
    for pair in pairs:  # a block printed once: the first time
        fresh = [b for b in dict.fromkeys(pair) if b not in seen]
        seen.update(fresh)
        kept += [fresh] if fresh else []
    between = "\n\n" + PAIR_RULE + "\n\n" if lang == "both" and len(kept) > 1 else "\n\n"
    return between.join("\n\n".join(pair) for pair in kept)


#: What stands between two pairs of ``show --lang both`` (a cite that names a node in two editions).
PAIR_RULE = "─" * 40


def both_pairs(views: Sequence[View], twins: Mapping[str, Twin], *, plain: bool = False) -> list[tuple[str, str]]:
    """``show --lang both`` as pairs to print in two columns: each Russian
    node's block (as :func:`show_text` prints it) beside its counterpart's;
    ``[]`` when a view is English (one after the other, then)."""
    if any(v.shown.lang == "en" for v in views) or not views:
        return []
    return [(render(v, plain=plain) + ("" if plain else _xrefs(v)), _render_counterpart(twins[v.node.id]))
            for v in views]


def page_text(page: int, shown: Sequence[Shown]) -> str:
    """``show --page``: a header line (the page, its document and file),
    then each node printed on it with its subtree, as ``show`` prints a node
    under its law (lost-page marks included)."""
    words = _words()
    files = ", ".join(dict.fromkeys(s.node.source.file for s in shown))
    lines = [f"— {words['page']} {page} — [{shown[0].node.doc}: {files}]", ""]
    for top in shown:
        for s in top.walk():
            lines += _render_one(s.node, s.lost_start, s.lost_end, variant=_variant(s, words), words=words,
                                 label=s.label)
    return "\n".join(lines).rstrip()


def _neighbours(v: View, words: dict[str, str]) -> str:
    """For a fragment: «Рядом: перед ним 26A2 (стр. 55); после него 35 (стр. 63)»."""
    parts = []
    for what, near in zip((words["before-it"], words["after-it"]), v.nearby, strict=True):
        if near is not None:
            label, page = near
            where = f" ({words['page']} {page})" if page is not None else ""
            parts.append(f"{what} {label}{where}")
    return f"\n{words['nearby']}: " + "; ".join(parts) if parts else ""


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
        line = tr("{cite} — not in this corpus, nor in lawref's catalogue of the edition (Law {law}, {title})")
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
    """Where fragments stand: «between laws 26 and 35», «text before 45.4», «fragments of law 25»."""
    if "law" in why:
        return tr("fragments of law {cite}").format(cite=why["law"])
    if "before" in why:
        return tr("text before {cite}").format(cite=why["before"])
    lo, hi = why.get("between", [None, None])
    if lo and hi:
        return tr("between laws {low} and {high}").format(low=lo, high=hi)
    if lo or hi:
        return tr("after law {cite}").format(cite=lo) if lo else tr("before law {cite}").format(cite=hi)
    return tr("no law heading around them")


def _render_counterpart(t: Twin) -> str:
    """The English twin of a Russian node (same cite, an English
    document), or the catalogue's English title when the corpus has no
    English text of it; lawref's notes in the user's language."""
    if t.view is None and t.node.kind == Kind.COMMENTARY:
        return tr("Commentary {cite} (on Law {law}: {title}) [no English text of this commentary in the corpus]"
                  ).format(cite=t.node.cite, law=t.law_cite or "—", title=t.law_title_en or "—")
    if t.view is None:
        head = tr("Law {cite}").format(cite=t.node.cite) if t.node.cite else t.label
        if t.title_en is None and t.law_title_en and t.law_cite:  # 40A1: the catalogue titles its law only
            return tr("{head} (in Law {law}: {title}) [English: catalogue title of its law only; no English text "
                      "in this corpus]").format(head=head, law=t.law_cite, title=t.law_title_en)
        return tr("{head} — {title} [English: catalogue title only; no English text in this corpus]").format(
            head=head, title=t.title_en or "—")
    text = render(t.view)
    mine, theirs = t.editions
    if t.relation is not None:
        text += "\n" + tr("[the {theirs} edition's {there} is the {mine} edition's {cite}: {relation} "
                          "({how}; lawref's concordance) — the texts may differ]").format(
            theirs=theirs or "?", there=t.cite_there, mine=mine or "?", cite=t.node.cite,
            relation=relation_in(t.relation, ui_language()),
            how=tr("checked") if t.sure else tr("read from the titles"))
    elif t.compared and not t.named:
        text += "\n" + tr("[the English text names no edition: it may differ from the Russian one]")
    elif t.compared and mine != theirs:
        text += "\n" + tr("[no English text of the {mine} edition in this corpus: this is the {theirs} edition's "
                          "text, which may differ]").format(mine=mine or "?", theirs=theirs)
    return text


def _ref_label(ref: RefShown, words: dict[str, str]) -> str:
    if ref.status == Status.EXACT and ref.label is not None:
        return ref.label
    if ref.status == Status.PARTIAL and ref.label is not None:
        return f"{ref.cite} ({words['only'].format(cite=ref.label)})"
    return f"{ref.cite} ({words['absent'] if ref.status == 'absent' else words['invalid']})"


def listed(names: Sequence[str]) -> str:
    """Names joined by ``, `` — or by ``; `` when one holds a comma itself
    («фрагмент, стр. 59, после правила 26; 36»), so each reads whole."""
    return ("; " if any("," in n for n in names) else ", ").join(names)


def _xrefs(v: View) -> str:
    """«См. также» / "See also" (outgoing) and «Ссылаются» / "Cited by"
    (incoming) lines for ``show``, in the user's language; references
    between nodes of the printed subtree are left out (they stand in the
    text printed above: 21B2 citing 21B1)."""
    words = _words()
    out = list(dict.fromkeys(_ref_label(r, words) for r in v.see_also))
    lines = []
    if out:
        lines.append(f"{words['see-also']}: " + listed(out))
    if v.cited_by:
        lines.append(f"{words['cited-by']}: " + listed(v.cited_by))
    near = _neighbours(v, words).strip() if v.node.kind == Kind.FRAGMENT else ""
    if near:
        lines.append(near)
    return "\n\n" + "\n".join(lines) if lines else ""


def heading(node: Node) -> str:
    """Label and title as printed: ``B. Исправление …``, ``Глава V - ТОРГОВЛЯ``; a Russian law's
    label printed bare, its title on the line after it (``Правило 16`` ⏎ ``Сведения``), joined as the
    Russian laws print them, ``Правило 16. Сведения`` — ``Правило 16 Сведения`` reads as no heading, so
    a txt export built again lost the law."""
    parts = [p for p in (node.label, node.title) if p]
    if len(parts) == 2 and node.kind == Kind.LAW and _bare_russian_label(parts[0]):
        return ". ".join(parts)
    return (" - " if node.kind in _DIVISIONS else " ").join(parts)


def _context_line(node: Node) -> str:
    """A heading above the node shown (:func:`heading`); a part with no title whose text leads into a list (it ends
    in a colon) with that lead-in, which its items do not read without: ``1. Игроку следует избегать:`` above
    ``(a) …``. A titled part prints its heading only: its text is not repeated (``show 26A2`` under ``A. …``)."""
    text = node.text.strip()
    return f"{heading(node)} {text}" if node.title is None and text.endswith(":") else heading(node)


def _bare_russian_label(label: str) -> bool:
    """``Правило 16``: a Russian law's label with no mark after its number."""
    return label.lower().startswith("правило") and label[-1:].isdigit()


def render(v: View, *, plain: bool = False) -> str:
    """A node and its descendants as the book shows them: a header line
    (its law, Russian and English titles; ``Law 62 — Correction of a
    Revoke`` for an English document), a note line (document; edition;
    inferred number), then each node's heading and text, lost-page marks
    beside them — lawref's words in the user's language, or with ``plain``
    (pasted into a ruling: words inside the law text) in the document's
    (:mod:`lawref.words`)."""
    node, law, doc = v.node, v.law, v.document
    words = told(v.shown.lang) if plain else _words()
    notes = [doc.title if doc and doc.title else node.doc]
    if doc is not None and doc.edition:
        notes.append(f"{words['edition']}: {doc.edition}")
    if node.inferred:
        notes.append(words["inferred"])
    if v.law_text_absent:  # a commentary's law: the law's own text is not here
        notes.append(words["no-text"])
    if node.page is not None:
        notes.append(f"{words['page']} {node.page}")
    lines = [_header(v, words, plain), f"[{'; '.join(notes)}]", ""]
    if plain:
        del lines[1]  # the document line: lawref's, not the law's
    lines += [line for h in (_context_line(c) for c in v.context) if h for line in (h, "")]
    before, after = v.lost
    if before:
        lines += [f"[{words['lost-start']} {', '.join(before)}]", ""]
    for s in v.shown.walk():
        n = s.node
        if n is node and (law is node or node.kind in _DIVISIONS):  # already the header
            if n.text:
                lines += [n.text, ""]
            continue
        lines += _render_one(n, s.lost_start, s.lost_end, variant=_variant(s, words), words=words, label=s.label)
    if after:
        lines += [f"[{words['lost-end']} {', '.join(after)}]"]
    elif v.goes_on:  # no section is known lost, but the page after the law's last line is: ``toc``'s «lost pages»
        lines += [words["goes-on"]]
    return "\n".join(lines).rstrip()


def _header(v: View, words: dict[str, str], plain: bool = False) -> str:
    """``Правило 62. Исправление … — Law 62: Correction of a Revoke``, or for an
    English document ``Law 62 — Correction of a Revoke``."""
    node, law = v.node, v.law
    if law is None:
        if node.kind in _DIVISIONS:
            return heading(node)
        return node.cite or f"{v.shown.label} — {words['fragment-head']}"
    if v.shown.lang == "en":
        return f"Law {law.cite} — {v.law_title}" if v.law_title else f"Law {law.cite}"
    printed = told(v.law_lang)["law"]  # the law's heading as its book prints it
    head = f"{printed} {law.cite}" + (f". {law.title}" if law.title else "")
    if node.kind == Kind.COMMENTARY and node.cite:  # a commentary's paragraph, under its law's heading: said so first
        head = f"{words['commentary']} {node.cite} — {head}"
    english = tr(" — Law {cite}: {title}").format(cite=law.cite, title=law.title_en)  # ru: « — по-английски: …»
    return head + (english if law.title_en and not plain else "")


def _variant(s: Shown, words: dict[str, str]) -> str:
    """``[вариант 2 из 2: 001_….txt:13]`` for a node two files hold with
    different texts (its id ends ``~2``), else ``""``."""
    if s.variant is None:
        return ""
    k, n = s.variant
    what = words["variant"].format(k=k, n=n)
    return f"[{what}: {s.node.source.file}:{s.node.source.line}]"


def _render_one(n: Node, lost_start: bool = False, lost_end: bool = False, variant: str = "",
                words: dict[str, str] | None = None, label: str = "") -> list[str]:
    words = words if words is not None else _words()
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


def resolve_lines(answers: Sequence[tuple[str, Target | None]],
                  elsewhere: Mapping[int, Sequence[Counterpart]] | None = None) -> list[str]:
    """``resolve``: one line a citation — what was asked, the cite, its
    status, the node id and the edition it was resolved in; under a cite
    that did not resolve exactly, a line for each counterpart the
    concordance names in the corpus (``elsewhere``, by answer index)."""
    out = []
    for k, (text, t) in enumerate(answers):
        if t is None:
            out.append(tr("{text}: no citation").format(text=repr(text)))
            continue
        node = t.id or "-"
        missing = tr(" (missing {part})").format(part=t.missing) if t.missing else ""
        out.append(f"{text!r} → {t.cite} {tr(t.status)} {node}{missing} [{tr('edition')} {t.edition or '—'}]")
        for c in (elsewhere or {}).get(k, ()):
            out.append(tr("  lawref's concordance: {edition} {cite} ({relation}) — {id}").format(
                edition=c.edition, cite=c.cite, relation=relation_in(c.relation, ui_language()), id=c.id))
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


def toc_lines(documents: Mapping[str, Document], entries: Sequence[TocEntry]) -> list[str]:
    """``toc``: a line a document (id, title, edition: ``documents`` by id),
    then a line a row, indented by its depth: cite (or label), title,
    English title, page and status when it is not ``whole``."""
    out, doc = [], None
    for e in entries:
        if e.doc != doc:
            doc = e.doc
            d = documents.get(doc)
            edition = tr(" (edition {edition})").format(edition=d.edition) if d is not None and d.edition else ""
            out.append(f"{doc} — {d.title if d is not None and d.title else doc}{edition}")
        title, english = e.title if e.cite else None, e.title_en
        if title and english and english_titles.title_words(title) == english_titles.title_words(
                english):  # one title, never doubled
            title, english = (english if title.isupper() else title), None
        titles = " — ".join(p for p in (title, english) if p)
        page = e.page is not None and e.kind != Kind.FRAGMENT  # a fragment's label names its page
        fields = [e.cite or e.label, titles, f"{tr('p.')} {e.page}" if page else "",
                  f"[{tr(e.status)}]" if e.status != "whole" else ""]
        out.append("  " * (e.depth + 1) + "  ".join(f for f in fields if f))
    return out


# -- references and glossary --------------------------------------------------------


def _target(labels: Mapping[str, tuple[str, str]], ref: Ref) -> str:
    """The node a reference resolved to, as people are shown it (``-`` for none)."""
    doc, label = labels.get(ref.id or "", (None, None))
    return f"{doc}/{label}" if doc is not None else "-"


def refs_lines(found: References, incoming: bool, labels: Mapping[str, tuple[str, str]]) -> list[str]:
    """``refs``: one line a reference — citing node, text, target cite, status,
    the node it resolved to (``doc/cite``, a fragment by its label), and where
    it stands (file:line); ``labels`` ``{id: (doc, label)}`` of the citing
    nodes and targets (:func:`lawref.query.shown.labels_of`)."""
    if not found.pairs:
        what = tr("no incoming references") if incoming else tr("no outgoing references")
        return [f"{found.name}: {what}"]
    wide = max(len(tr(r.status)) for _, r in found.pairs)  # «нет в корпусе» is wider than «exact»
    return [f"{labels[n.id][1]:<12} {r.text!r:<24} → {r.cite:<8} {tr(r.status):<{wide}} {_target(labels, r)}  "
            f"({n.source.file}:{r.line})" for n, r in found.pairs]


def check_lines(groups: dict[str, list[tuple[Node, Ref]]], labels: Mapping[str, tuple[str, str]]) -> list[str]:
    """``check``: a count line a status, then one line a citation (``labels``
    as :func:`refs_lines` takes them)."""
    out = []
    for status, pairs in groups.items():
        out.append(f"{tr(status)}: {len(pairs)}")
        for n, r in pairs:
            target = f" → {_target(labels, r)}" if r.id else ""
            out.append(f"  {r.cite:<8} {r.text!r:<24} {tr('in')} {labels[n.id][1]} ({n.source.file}:{r.line}){target}")
    return out


#: The glossary's parts of speech (``lawref/data/glossary.tsv``, column ``pos``), as ``term`` names them.
_POS = {"noun": N_("noun"), "verb": N_("verb"), "adj": N_("adj"), "adv": N_("adv"), "phrase": N_("phrase")}


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
            lines.append(tr("  inserted {count} piece(s) by repairs (a lost ligature, a lost ё, a lost character "
                            "mended from a repeated page):").format(count=len(r.inserted)))
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


def compare_lines(c: Comparison, views: Mapping[str, View], texts: Mapping[str, str]) -> list[str]:
    """``compare``: the cite and its catalogue title, then a line for each
    counterpart (its edition, cite, title, relation, whether a source
    checked it, and the source); under a counterpart whose text the corpus
    holds beside the cite's own, both texts (``views`` by node id), and
    when they are in one language (``texts``: plain text by node id) a
    word-level diff: ``[-gone-]`` and ``{+new+}``."""
    head = f"{c.edition} {c.cite}" + (f" — {c.title_en}" if c.title_en else "")
    out = [head]
    if c.asked != c.cite:
        out.append(tr("  (lawref's concordance lists {asked}, which holds it)").format(asked=c.asked))
    if not c.counterparts:
        out.append(tr("  no edition's counterpart is known (lawref/data/concordance.tsv has no row for it)"))
    for k in c.counterparts:
        how = tr("checked") if k.sure else tr("unsure")
        if k.cite is None:
            out.append(tr("  → {edition}: counterpart unknown ({how}; {source})").format(
                edition=k.edition, how=how, source=k.source))
            continue
        there = f"{k.edition} {k.cite}" + (f" — {k.title_en}" if k.title_en else "")
        out.append(f"  → {there}: {relation_in(k.relation, ui_language())} ({how}; {k.source})")
    for k in c.counterparts:  # the texts after every counterpart's line
        if k.id is not None and c.id is not None and k.id in views and c.id in views:
            out += ["", render(views[c.id]), "", render(views[k.id])]
            if c.id in texts and k.id in texts:
                out += ["", tr("word by word ([-{edition}-] {{+{there}+}}):").format(edition=c.edition,
                                                                                    there=k.edition),
                        word_diff(texts[c.id], texts[k.id])]
            out.append("")
    return out


def word_diff(old: str, new: str) -> str:
    """``old`` → ``new`` word by word (:mod:`difflib`): words only in ``old``
    as ``[-…-]``, only in ``new`` as ``{+…+}``, the rest as they are."""
    import difflib  # only ``compare`` of two texts in one language diffs

    a, b = old.split(), new.split()
    out: list[str] = []
    for op, i1, i2, j1, j2 in difflib.SequenceMatcher(None, a, b, autojunk=False).get_opcodes():
        if op == "equal":
            out += a[i1:i2]
            continue
        if i2 > i1:
            out.append("[-" + " ".join(a[i1:i2]) + "-]")
        if j2 > j1:
            out.append("{+" + " ".join(b[j1:j2]) + "+}")
    return " ".join(out)
