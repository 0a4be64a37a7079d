"""corpus: a scanned corpus folder → documents, nodes, build report.

The folder is scanned by :mod:`lawref.scan` (which files, within which
limits) under the manifest :mod:`lawref.manifest` checks. Files no manifest
names are ingested too, each as a document of its own whose kind is
detected from its headings; the build report says so. One bad file is
reported and skipped; it never spoils the rest of the build.
"""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, replace
from pathlib import Path
from typing import Any

from lawref import patterns as P
from lawref.buildcache import BuildCache, citation_from_json, citation_key, citation_to_json, file_key
from lawref.citations import Citation
from lawref.cite import find_citations, may_cite
from lawref.conserve import balance
from lawref.errors import CorpusError, DecodeError, UnsafeInput
from lawref.i18n import N_, revive_hook, said, stored
from lawref.ingest import frames
from lawref.ingest.clean import Cleaned, clean
from lawref.ingest.decode import russian_score
from lawref.ingest.load import Loaded, load
from lawref.lang import catalogue, concordance, glossary
from lawref.manifest import DocumentSpec, Limits
from lawref.model import Document, Kind, Node, Source
from lawref.parse import parse
from lawref.records import Corpus, FileReport  # Corpus lives in records: a build that finds nothing changed
from lawref.resolver import Resolver
from lawref.safeio import read_capped
from lawref.scan import CorpusFile, Scan, read_file, scan, stamp
from lawref.treecheck import check_document, check_tree

__all__ = ["CleanedFile", "Corpus", "CorpusError", "FileReport", "build_corpus", "clean_file", "lost_warnings"]


def detect_kind(cleaned: Cleaned) -> str:
    """``commentary`` when numbered commentary paragraphs (``45.5.``)
    outnumber law section labels, else ``laws``; one number printed twice
    and nothing else (a clause ``19.3.`` of another document, in two
    languages), or a document that opens as an appendix (``ПРИЛОЖЕНИЕ 7``),
    is not commentary on law 19."""
    texts = [p.text for p in cleaned.paragraphs]
    labels = [(m.group("law"), m.group("num")) for t in texts if (m := P.COMMENTARY.match(t))]
    twice = len(labels) >= 2 and len(set(labels)) == 1  # one number twice: ``19.3.`` of an appendix in two languages
    appendix = any(P.APPENDIX_TITLE.match(t) for t in texts[:3])  # ``ПРИЛОЖЕНИЕ 7``: its clauses are its own
    commentary = 0 if twice or appendix else len(labels)
    sections = sum(1 for t in texts if P.SECTION.match(t) or P.SUBSECTION.match(t))
    return "commentary" if commentary > sections else "laws"


def detect_lang(text: str) -> str:
    """``"en"`` for text in Latin script (under 10% of its letters Cyrillic)
    with law headings (``LAW 62``, ``Law 62.``) or, without them, in English
    letters (90% ASCII: a code page misread is not) whose words are the Laws'
    (:func:`~lawref.lang.glossary.law_share`: a page of Law 16's sections
    without its heading line); else ``"ru"``."""
    letters = _letters(text)
    cyrillic = sum(1 for c in letters if "а" <= c.lower() <= "я" or c in "ёЁ")
    if not letters or cyrillic >= 0.1 * len(letters):
        return "ru"
    if P.LAW_EN_ANYWHERE.search(text):
        return "en"
    return "en" if _english_letters(letters) and glossary.law_share(text, "en") >= LAW_VOCABULARY else "ru"


def _letters(text: str) -> list[str]:
    """The letters of ``text``'s first 200,000 code points (what its language is told by)."""
    return [c for c in text[:200_000] if c.isalpha()]


def _english_letters(letters: list[str]) -> bool:
    """90% or more of ``letters`` are ASCII: English, not a code page misread (which makes Latin-1 letters of
    Cyrillic text)."""
    return bool(letters) and sum(c.isascii() for c in letters) >= 0.9 * len(letters)


def _doc_id(name: str) -> str:
    stem = name.rsplit("/", 1)[-1].rsplit(".", 1)[0]
    return P.NOT_ID_CHAR.sub("-", stem).strip("-") or "doc"


def unnamed_doc_ids(names: list[str], taken: set[str]) -> dict[str, str]:
    """The document id of each file no manifest document names: its stem
    (``laws.txt`` → ``laws``) unless a manifest document (``taken``) or
    another such file has it — then its path (``old/laws.txt`` →
    ``old-laws``), numbered if need be (``old-laws-2``). Files never join a
    manifest's document, nor each other, by their name alone (issue 22);
    ``names`` in scan order, so the ids are the same on every build."""
    stems: dict[str, int] = {}
    for name in names:
        stems[_doc_id(name)] = stems.get(_doc_id(name), 0) + 1
    out: dict[str, str] = {}
    used = set(taken)
    for name in names:
        want = _doc_id(name)
        if want in used or stems[want] > 1:
            want = P.NOT_ID_CHAR.sub("-", name.rsplit(".", 1)[0]).strip("-") or "doc"
        doc, n = want, 1
        while doc in used:
            n += 1
            doc = f"{want}-{n}"
        out[name] = doc
        used.add(doc)
    return out


@dataclass
class _FileResult:
    report: FileReport
    cleaned: Cleaned | None = None
    nodes: tuple[Node, ...] = ()
    first_page: int | None = None
    alphabet: bool = False  # its section labels are in alphabet order (see :class:`~lawref.parse.Parsed`)
    key: str = ""  # its build-cache key (:func:`lawref.buildcache.file_key`)

    def title(self) -> str | None:
        """The book title its site chrome named (a document's title when no manifest gives one)."""
        return self.cleaned.report.title if self.cleaned else self._title

    _title: str | None = None

    def to_json(self) -> dict[str, Any]:
        """What the build cache keeps of it (``cleaned`` only as its title;
        nodes as rows, :func:`_node_row`)."""
        return {"report": stored(self.report.to_json()), "nodes": [_node_row(n) for n in self.nodes],
                "first_page": self.first_page, "alphabet": self.alphabet, "title": self.title()}

    @classmethod
    def from_json(cls, d: dict[str, Any], key: str) -> _FileResult:
        """The inverse of :meth:`to_json`, of its JSON parsed with
        :func:`~lawref.i18n.revive_hook` (messages revived as they are read; the
        report is a fresh copy: a build fills it in)."""
        return cls(FileReport.from_json(d["report"]), None, tuple(_row_node(r) for r in d["nodes"]),
                   d["first_page"], d["alphabet"], key, d["title"])


def _node_row(n: Node) -> list[Any]:
    """A parsed node (its citations not resolved yet) as a JSON array: the
    build cache reads 10,000s of them back, and arrays parse faster than
    objects."""
    if n.refs:
        raise ValueError(f"{n.id}: only a node before resolution is cached")
    src = n.source
    return [n.id, n.doc, n.kind, n.cite, n.label, n.title, n.text, n.parent, n.page, src.file, src.line,
            src.end_line, list(src.bytes) if src.bytes else None, n.inferred, list(n.lines),
            [list(p) for p in n.line_map], list(n.marks), n.title_en]


def _row_node(r: list[Any]) -> Node:
    """The inverse of :func:`_node_row`."""
    source = Source(r[9], r[10], r[11], (r[12][0], r[12][1]) if r[12] else None)
    return Node(r[0], r[1], r[2], r[3], r[4], r[5], r[6], r[7], r[8], source, r[13], tuple(r[14]),
                tuple((a, b) for a, b in r[15]), (), r[17], tuple(r[16]))


def _read(file: CorpusFile, encoding: str | None, report: FileReport, limit: int,
          data: bytes | None = None) -> Loaded | None:
    """Bytes (``data``, already read once, else read now) → :class:`Loaded`,
    or ``None`` with the reason in ``report``."""
    if data is None:
        try:
            data = read_file(file, limit)
        except UnsafeInput as exc:
            _skip(report, said(exc))
            return None
        except OSError as exc:
            _skip(report, N_("unreadable: {error_msg}").format(error_msg=exc.strerror or exc))
            return None
    if not data.strip():
        _skip(report, N_("empty file"))
        return None
    try:
        loaded = load(data, file.name, encoding)
    except DecodeError as exc:
        _skip(report, said(exc))
        return None
    report.encoding, report.encoding_how = loaded.decoded.encoding, loaded.decoded.how
    report.format = loaded.format
    report.mojibake = {"lines": len(loaded.mojibake.lines), "how": dict(loaded.mojibake.how),
                       "examples": list(loaded.mojibake.examples)}
    report.lost_chars = loaded.text.count("\ufffd")
    if report.lost_chars:
        report.warnings += lost_warnings(loaded.text, loaded.decoded.replaced, loaded.decoded.encoding)
        report.status = "warning"
    return loaded


def lost_warnings(text: str, replaced: int, encoding: str) -> list[str]:
    """The warnings for the U+FFFD of a file's ``text``: ``replaced`` of them put in by its decoding for bytes
    not ``encoding`` (a byte damaged in a UTF-8 file: said so, with the line of the first), the rest lost before
    lawref read it (a damaged scrape, a wrong code page upstream); stored in English (:func:`~lawref.i18n.N_`)."""
    out = []
    if replaced:
        line = text.count("\n", 0, text.find("\ufffd")) + 1
        out.append(N_("{count} byte sequence(s) not {codec} replaced by U+FFFD (the first U+FFFD on line {line}): "
                      "their characters are lost, kept as \ufffd").format(count=replaced, codec=encoding, line=line))
    if (before := text.count("\ufffd") - replaced) > 0:
        out.append(N_("{count} character(s) lost before lawref (U+FFFD), kept as \ufffd").format(count=before))
    return out


def _skip(report: FileReport, reason: str) -> None:
    report.status, report.warnings = "skipped", [reason]


def _summarise(report: FileReport, cleaned: Cleaned) -> None:
    report.style, report.title = cleaned.style, cleaned.report.title
    report.passes = [p.to_json() for p in cleaned.report.passes]
    report.paragraphs = len(cleaned.paragraphs)
    report.pages = sorted({p.page for p in cleaned.paragraphs if p.page is not None})
    report.qmark_runs = cleaned.report.count("strip_rules:qmarks")
    report.rejoined_words = cleaned.report.count("reflow:word") + cleaned.report.count("join_cut_paragraphs:word")


def _account(report: FileReport, text: str, nodes: tuple[Node, ...], cleaned: Cleaned,
             notes: tuple[str, ...] = ()) -> None:
    """Put the dropped pieces and clean's and parse's notes in ``report``,
    name every node kept twice in one file (``62A~2``), and warn when the
    letters of ``text`` do not balance (:mod:`lawref.conserve`)."""
    report.dropped = [d.to_json() for d in cleaned.report.dropped]
    report.inserted = [{"line": line, "text": piece} for line, piece in cleaned.report.inserted]
    problems = [*cleaned.report.notes, *notes, *_copies_in_file(nodes)]
    found = balance(text, nodes, cleaned.report)
    if found:
        problems.append(found.message())
    if problems:
        report.warnings.extend(problems)
        report.status = "warning"


def _copies_in_file(nodes: tuple[Node, ...]) -> list[str]:
    """A warning for every cited node one file holds twice with different text. A node with no cite (a fragment,
    a footnote) is named by the raw line it starts on: two of one id are two pieces of that line (a page run on into
    one line, its headings inside it), never two texts of one thing; the tree check says what they hold."""
    first = {n.id: n for n in nodes if "~" not in n.id}
    out = []
    for n in nodes:
        if "~" in n.id and n.cite is not None and (orig := first.get(n.id.split("~")[0])) is not None:
            out.append(_copy_warning(orig, n))
    return out


def _copy_warning(first: Node, copy: Node) -> str:
    return N_("{cite}: two different texts — {file}:{line} and {other_file}:{other_line}; both kept, the second "
              "as {copy}").format(cite=first.cite or first.id, file=first.source.file, line=first.source.line,
                                  other_file=copy.source.file, other_line=copy.source.line, copy=copy.id)


def _not_law_text(nodes: tuple[Node, ...], lang: str, text: str) -> str | None:
    """Why a file with no law, section or commentary heading is not law text
    (a file in another language, a preface, a page of other things), or ``None``
    when it may be: its words are the Laws' (kept as fragments, in Russian as in
    English: a page of Law 16's sections without the law's heading line)."""
    if any(n.cite for n in nodes):
        return None
    share = russian_score(text) if lang == "ru" else 1.0
    if share < 0.3 and _english_letters(_letters(text)):  # Latin letters read as Russian (few Laws' words): say so
        return N_("not law text: no law heading lawref reads, and its words are in Latin letters (not Russian), only "
                  "{share:.0%} of them words of the English Laws").format(share=glossary.law_share(text, "en"))
    if share < 0.3:
        return N_("not Russian or English law text: no law heading lawref reads, {share:.0%} of words known to the "
                  "Russian lexicon").format(
            share=share)
    vocab = glossary.law_share(text, lang)
    if vocab < LAW_VOCABULARY:
        return N_("not law text: no law heading, and only {share:.0%} of its words are words of the Laws").format(
            share=vocab)
    return None


#: The least share of words of the Laws a file without headings must hold (:func:`~lawref.lang.glossary.law_share`).
LAW_VOCABULARY = 0.15


def _with_provenance(nodes: tuple[Node, ...], loaded: Loaded) -> tuple[Node, ...]:
    """Give every node the raw line range and byte range it came from."""
    spans = loaded.line_bytes
    out = []
    for n in nodes:
        lines = [ln for ln in n.lines if 1 <= ln <= len(spans)] or [n.source.line]
        first, last = min(lines), max(lines)
        byte_range = (spans[first - 1][0], spans[last - 1][1]) if last <= len(spans) else None
        out.append(replace(n, source=replace(n.source, end_line=last, bytes=byte_range)))
    return tuple(out)


#: A file's share of its own progress when each pass ends: read and decoded, cleaned (spread over its steps), parsed.
_READ, _CLEANED, _PARSED = 0.1, 0.8, 0.95


def _ingest(file: CorpusFile, spec: DocumentSpec | None, encoding: str | None, limit: int,
            tick: Callable[[float], None] | None = None, data: bytes | None = None,
            doc: str | None = None, chrome: frozenset[str] = frozenset()) -> _FileResult:
    """Read (unless ``data`` is its bytes, read once already), clean and
    parse one file; ``tick(share)`` says how much of it is done (0–1), after
    reading, after each clean step and after parsing. A file too big to
    build in this machine's memory is skipped with that reason: it costs
    only itself."""
    try:
        return _ingest_bytes(file, spec, encoding, limit, tick or (lambda share: None), data,
                             doc or _doc_id(file.name), chrome)
    except MemoryError:
        report = FileReport(file.name)
        _skip(report, N_("too big to build in the memory this machine has"))
        return _FileResult(report)


def _ingest_bytes(file: CorpusFile, spec: DocumentSpec | None, encoding: str | None, limit: int,
                  tick: Callable[[float], None], data: bytes | None, unnamed: str,
                  chrome: frozenset[str] = frozenset()) -> _FileResult:
    rel = file.name
    report = FileReport(rel)
    loaded = _read(file, encoding or (spec.file_encoding(rel) if spec else None), report, limit, data)
    if loaded is None:
        return _FileResult(report)
    lang = spec.lang if spec else detect_lang(loaded.text)
    tick(_READ)
    cleaned = clean(loaded.text, loaded.line_numbers, lang,
                    on_step=lambda k, n: tick(_READ + (_CLEANED - _READ) * k / n), chrome=chrome)
    _summarise(report, cleaned)
    kind = spec.kind if spec else detect_kind(cleaned)
    doc = spec.id if spec else unnamed
    if spec is None and doc != _doc_id(rel):
        report.warnings.append(N_("no manifest document names this file, and {id} is another document's id: "
                                  "built as document {doc}").format(id=repr(_doc_id(rel)), doc=repr(doc)))
        report.status = "warning"
    report.doc, report.kind, report.lang = doc, kind, lang
    report.kind_how = N_("manifest") if spec else N_("detected from its text (file not named in the manifest)")

    if not cleaned.paragraphs:  # every line dropped, each still listed with its reason
        _account(report, loaded.text, (), cleaned)
        _skip(report, N_("no text left after cleaning"))
        report.warnings += cleaned.report.notes  # why, when the clean knows (every line in another script)
        return _FileResult(report, cleaned)
    parsed = parse(cleaned.paragraphs, doc=doc, doc_kind=kind, file=rel, lang=lang,
                   titles=_section_titles(spec.edition if spec else None) if lang == "en" else None)
    tick(_PARSED)
    nodes = _with_provenance(parsed.nodes, loaded)
    _account(report, loaded.text, nodes, cleaned, parsed.notes)
    report.structure = [f.to_json() for f in check_tree(nodes, report.dropped)]  # the tree checked, as the words
    if report.structure:
        report.status = "warning"
    report.dropped[:0] = [{"line": line, "text": words, "step": "read_html", "reason": why}
                          for line, words, why in loaded.chrome]
    reason = _not_law_text(nodes, lang, loaded.text)
    if reason:
        report.structure = []  # its nodes are not kept: no warning names a node the build does not hold
        report.dropped += [{"line": p.lines[0] if p.lines else None, "text": p.text, "step": "build",
                            "reason": N_("the file is not law text: skipped")} for p in cleaned.paragraphs]
        _skip(report, reason)
        return _FileResult(report, cleaned)
    share = russian_score(loaded.text) if lang == "ru" else 1.0
    if share < 0.5:
        report.warnings.append(N_("only {share:.0%} of words are Russian the lexicon knows: a wrong --encoding, "
                                  "or unrepaired mojibake?").format(share=share))
        report.status = "warning"
    report.nodes = len(nodes)
    report.fragments = sum(1 for n in nodes if n.kind == Kind.FRAGMENT)
    report.inferred = sum(1 for n in nodes if n.inferred)
    if not any(n.cite for n in nodes):
        report.warnings.append(N_("no law, section or commentary heading found: text kept as fragments"))
        report.status = "warning"
    return _FileResult(report, cleaned, nodes, report.pages[0] if report.pages else None, parsed.alphabet)


def _merge(results: list[_FileResult]) -> list[Node]:
    """Nodes of one document's files in reading order, ids unique. A node equal
    to one already kept (same id, kind, title and text) is a duplicate and is
    dropped — a fragment or footnote, whose id names its file, when another
    file holds it with the same text under the same node; an inferred law
    met again re-uses the law already kept. A fragment of a later file with
    the page, title and text of a labelled node already kept is that node's
    copy (two sites held the same printed page; this one lost the heading's
    chain) and is dropped; what stood under it goes under the node kept."""
    kept: dict[str, Node] = {}
    suffix: dict[str, int] = {}
    loose: dict[tuple[str, str | None, str, str | None], str] = {}  # a fragment's text and place → its id
    printed: dict[tuple[int, str | None, str], str] = {}  # a labelled node's page, title and text → its id
    out: list[Node] = []
    for res in results:
        remap: dict[str, str] = {}
        for node in res.nodes:
            if node.parent in remap:
                node = replace(node, parent=remap[node.parent])
            old = kept.get(node.id)
            if old is None and "@" in node.id:  # a fragment or footnote: its id names its file
                old = kept.get(loose.get(_loose_key(node), ""))
                old = old if old is not None and old.source.file != node.source.file else None
            copy = _printed_copy(node, printed, kept)
            if old is None and copy is not None:  # the same printed page held by another file of the document,
                remap[node.id] = copy.id  # its heading's chain lost there: kept once, under the heading
                res.report.duplicates_dropped += 1
                continue
            if node.cite and node.page is not None and node.text.strip():
                printed.setdefault((node.page, node.title, node.text), node.id)
            if old is not None and _same(old, node):
                remap[node.id] = old.id
                res.report.duplicates_dropped += 1
                continue
            if "@" in node.id:
                loose.setdefault(_loose_key(node), node.id)
            if old is not None:
                remap[node.id] = _free_id(node.id, kept, suffix)
                node = replace(node, id=remap[node.id])
                res.report.warnings.append(_copy_warning(old, node))
                res.report.status = "warning"
            kept[node.id] = node
            out.append(node)
    return out


def _check_document(nodes: list[Node], results: list[_FileResult]) -> None:
    """The document-wide structure checks (:func:`lawref.treecheck.check_document`), each
    finding added to the report of the file it names."""
    by_file = {r.report.file: r.report for r in results}
    for finding in check_document(nodes):
        report = by_file.get(next((n.source.file for n in nodes if n.id == finding.node), ""))
        if report is not None:
            report.structure.append(finding.to_json())
            report.status = "warning" if report.status == "ok" else report.status


def _printed_copy(node: Node, printed: dict[tuple[int, str | None, str], str], kept: dict[str, Node]) -> Node | None:
    """The labelled node another file of the document printed on the same
    page with the same title and text, when ``node`` is a fragment of a later
    file (two sites' copies of one printed page), else ``None``."""
    if node.kind != Kind.FRAGMENT or node.page is None or not node.text.strip():
        return None
    found = kept.get(printed.get((node.page, node.title, node.text), ""))
    return found if found is not None and found.source.file != node.source.file else None


def _loose_key(node: Node) -> tuple[str, str | None, str, str | None]:
    """What makes two fragments (or footnotes) of two files the same node:
    kind, title, text and the node they stand under."""
    return node.kind, node.title, node.text, node.parent


def _same(a: Node, b: Node) -> bool:
    if a.kind == Kind.LAW and b.kind == Kind.LAW and (b.inferred and not b.text):
        return True
    return (a.kind, a.title, a.text) == (b.kind, b.title, b.text)


def _free_id(base: str, kept: dict[str, Node], suffix: dict[str, int]) -> str:
    """``base~N`` for the first free N ≥ 2 (remembered per base: linear time)."""
    n = suffix.get(base, 2)
    while f"{base}~{n}" in kept:
        n += 1
    suffix[base] = n + 1
    return f"{base}~{n}"


def _order(results: list[_FileResult]) -> list[_FileResult]:
    """Files of a document in book order: by first printed page, then name."""
    return sorted(results, key=lambda r: (r.first_page is None, r.first_page or 0, r.report.file))


def build_corpus(
    folder: Path | Scan, *, version: str, encoding: str | None = None,
    progress: Callable[[str, int, int], None] | None = None, cache: BuildCache | None = None,
) -> Corpus:
    """Read every file of corpus ``folder`` (or of a :class:`~lawref.scan.Scan`
    of it) and build the corpus.

    ``encoding`` forces a codec for every file (``--encoding``); ``progress``
    is called as ``progress(file, done, total)`` in bytes of the corpus's
    files: before each file, and within a file after it is read, after each
    clean step and after parsing (one big file moves the bar too). Raises
    :class:`~lawref.errors.CorpusError` when the folder or manifest cannot be
    read or the folder is over its limits; a bad file only gets a report
    entry with ``status="skipped"``.

    With a ``cache`` (:mod:`lawref.buildcache`), a file whose bytes, manifest
    entry, forced encoding and limit are unchanged is taken from it instead
    of being read, cleaned and parsed, and the citations of a text already
    seen are not looked for again; the result is the same node for node."""
    found = folder if isinstance(folder, Scan) else scan(Path(folder))
    manifest = found.manifest
    by_doc: dict[str, list[_FileResult]] = {}
    docs: dict[str, Document] = {}
    reports: list[FileReport] = []
    specs: dict[str, DocumentSpec | None] = {}
    total, done = sum(f.size for f in found.files) or 1, 0
    unnamed = unnamed_doc_ids([f.name for f in found.files if manifest.spec_for(f.name) is None],
                              {d.id for d in manifest.documents})
    chrome = learn_chrome(found.files, encoding, manifest.limits.max_file_bytes, cache)
    for file in found.files:
        tick = _ticker(progress, file, done, total)
        tick(0.0)
        spec = specs[file.name] = manifest.spec_for(file.name)
        res = _ingest_cached(file, spec, encoding, manifest.limits.max_file_bytes, cache, tick,
                             unnamed.get(file.name), chrome.get(_folder_of(file.name), frozenset()))
        done += file.size
        reports.append(res.report)
        if res.nodes:
            by_doc.setdefault(res.report.doc or "", []).append(res)
            if res.report.doc not in docs:
                docs[res.report.doc or ""] = _document(res, spec)
    reports += [_skipped(name, reason) for name, reason in found.skipped]
    by_doc, docs = _in_manifest_order(by_doc, docs, manifest.documents)
    nodes: list[Node] = []
    for doc_id, results in by_doc.items():
        ordered = _order(results)
        merged = _merge(ordered)
        _check_document(merged, ordered)
        nodes.extend(merged)
        docs[doc_id] = replace(docs[doc_id], files=tuple(r.report.file for r in ordered),
                               letters="alphabet" if any(r.alphabet for r in results) else "lookalike")
    resolver = Resolver(docs.values(), nodes, lacks=catalogue.lacks)
    nodes = [_resolved(n, resolver, docs[n.doc], cache) for n in nodes]
    names = [f.name for f in found.files] + [name for name, _ in found.skipped]
    chosen = {spec.id for spec in specs.values() if spec is not None}  # a spec that took a file matches one
    unmatched = [_unmatched(s.id, s.globs) for s in manifest.documents
                 if s.id not in chosen and not any(s.matches(rel) for rel in names)]
    if manifest.default_edition and not any(d.edition == manifest.default_edition for d in docs.values()):
        unmatched.append(N_("manifest: default_edition {edition} is the edition of no document built: answers come "
                            "from the newest edition built").format(edition=repr(manifest.default_edition)))
    raw = {f.name: f.path.relative_to(found.folder).as_posix() for f in found.files}
    paths = {name: os.fsencode(real).hex() for name, real in raw.items() if name != real}
    signatures = {d: _signature(docs[d], by_doc[d]) for d in docs}
    keys = {r.report.file: r.key for results in by_doc.values() for r in results if r.key}
    digests = cache.digests if cache is not None else None
    return Corpus(tuple(docs.values()), tuple(nodes), tuple(reports), stamp(found, version, encoding, digests),
                  tuple(unmatched), paths, manifest.default_edition, signatures, keys,
                  cache.hits if cache is not None else 0)


#: How much of a file's start and of its end is read to learn its folder's chrome (bytes).
CHROME_SAMPLE = 32 * 1024


def _folder_of(name: str) -> str:
    """The corpus folder a file's name is in (``""`` at the top)."""
    return name.rsplit("/", 1)[0] if "/" in name else ""


def learn_chrome(files: Sequence[CorpusFile], encoding: str | None, limit: int,
                 cache: BuildCache | None = None) -> dict[str, frozenset[str]]:
    """Each folder's chrome, learnt from its files' frames
    (:func:`lawref.ingest.frames.learn`): the start and the end of each file
    (:data:`CHROME_SAMPLE` bytes each) read as the build reads it — decoded
    once per content: with a ``cache``, a file's decoded frames are kept by
    its bytes' digest, and a folder's chrome by its files' digests (a folder
    whose files all are as they were is not learnt again). A file that
    cannot be read or decoded adds nothing (its build says why)."""
    by_folder: dict[str, list[tuple[str, str | None]]] = {}  # folder → (file name, frames key), in file order
    decoded: dict[str, str | None] = {}  # frames key → text, decoded now (the cache lacks it; None: cannot be)
    for file in files:
        try:
            data = read_file(file, limit)
        except (OSError, UnsafeInput):
            by_folder.setdefault(_folder_of(file.name), []).append((file.name, None))
            continue
        digest = hashlib.sha256(data).digest()
        if cache is not None:
            cache.digests[file.name] = digest  # the file's key is made of it too: read and hashed once a build
        key = f"{digest.hex()}|{encoding}|{limit}|{CHROME_SAMPLE}"
        if key not in decoded and (cache is None or not cache.has("frames", key)):
            decoded[key] = _decoded_frames(data, file.name, encoding)  # decoded once, from the bytes in hand
            if cache is not None and decoded[key] is not None:
                cache.put("frames", key, decoded[key])
        by_folder.setdefault(_folder_of(file.name), []).append((file.name, key))
    found: dict[str, frozenset[str]] = {}
    for folder, mine in by_folder.items():
        chrome_key = _chrome_key(mine)
        known = cache.get("chrome", chrome_key) if cache is not None else None
        if not isinstance(known, list):  # a file of it changed (or no cache): its frames, decoded now or kept
            texts = [decoded[k] if k in decoded or cache is None else cache.get("frames", k) for _, k in mine if k]
            known = sorted(frames.learn({folder: [t for t in texts if isinstance(t, str)]}).get(folder, ()))
            if cache is not None:
                cache.put("chrome", chrome_key, known)
        if known:
            found[folder] = frozenset(known)
    return found


def _chrome_key(files: list[tuple[str, str | None]]) -> str:
    """The cache key of a folder's chrome: its files' names and frames keys, in order."""
    return hashlib.sha256("\n".join(f"{name}|{key}" for name, key in files).encode(
        "utf-8", "surrogatepass")).hexdigest()


def _decoded_frames(data: bytes, name: str, encoding: str | None) -> str | None:
    """The start and the end of a file's bytes (:data:`CHROME_SAMPLE` each),
    decoded as the build decodes it; ``None`` when it cannot be."""
    parts = [data] if len(data) <= 2 * CHROME_SAMPLE else frames.sample_ends(data, CHROME_SAMPLE)
    try:
        return "\n".join(load(part, name, encoding).text for part in parts)
    except (OSError, UnsafeInput, DecodeError, MemoryError, LookupError):
        return None


def _in_manifest_order(by_doc: dict[str, list[_FileResult]], docs: dict[str, Document],
                       specs: tuple[DocumentSpec, ...]) -> tuple[dict[str, list[_FileResult]], dict[str, Document]]:
    """Documents the manifest names in its order (a txt export's ``laws``
    before its ``commentary``), then the others in file-name order."""
    rank = {spec.id: k for k, spec in enumerate(specs)}
    order = sorted(by_doc, key=lambda d: rank.get(d, len(rank)))  # stable: the others keep file order
    return {d: by_doc[d] for d in order}, {d: docs[d] for d in order}


def _ticker(progress: Callable[[str, int, int], None] | None, file: CorpusFile, done: int,
            total: int) -> Callable[[float], None]:
    """``tick(share)`` of one file: ``progress(name, bytes done, total bytes)``."""
    if progress is None:
        return lambda share: None
    return lambda share: progress(file.name, done + int(share * file.size), total)


def _ingest_cached(file: CorpusFile, spec: DocumentSpec | None, encoding: str | None, limit: int,
                   cache: BuildCache | None, tick: Callable[[float], None] | None = None,
                   doc: str | None = None, chrome: frozenset[str] = frozenset()) -> _FileResult:
    """:func:`_ingest`, or its result from ``cache`` when the file's key is
    known (``doc``: the id of a file no manifest document names; ``chrome``:
    its folder's chrome learnt by repetition, part of the key)."""
    if cache is None:
        return _ingest(file, spec, encoding, limit, tick, doc=doc, chrome=chrome)
    data: bytes | None = None
    digest = cache.digests.get(file.name)  # hashed when the folder's chrome was learnt, this build
    if digest is None:
        try:
            data = read_file(file, limit)
        except (OSError, UnsafeInput):
            return _ingest(file, spec, encoding, limit, tick, doc=doc, chrome=chrome)  # says why in its report
        digest = hashlib.sha256(data).digest()
        cache.digests[file.name] = digest
    entry = asdict(spec) if spec else {"doc": doc}
    key = file_key(file.name, digest, {**entry, "chrome": sorted(chrome)} if chrome else entry, encoding, limit)
    known = cache.get("files", key, revive_hook)  # the report's messages revived as it is parsed
    if known is not None:
        res = _FileResult.from_json(known, key)
        cache.hits += res.report.status != "skipped"  # a file built again as it was, not a refusal again
        return res
    cache.misses += 1
    if data is None:
        try:
            data = read_file(file, limit)
        except (OSError, UnsafeInput):
            return _ingest(file, spec, encoding, limit, tick, doc=doc, chrome=chrome)  # says why in its report
        if hashlib.sha256(data).digest() != digest:  # changed since it was hashed: keyed by what is read now
            cache.digests[file.name] = digest = hashlib.sha256(data).digest()
            key = file_key(file.name, digest, {**entry, "chrome": sorted(chrome)} if chrome else entry, encoding,
                           limit)
    res = _ingest(file, spec, encoding, limit, tick, data, doc, chrome)  # the bytes the key was made of, not read again
    res.key = key
    cache.put("files", key, res.to_json())
    return res


def _resolved(node: Node, resolver: Resolver, doc: Document, cache: BuildCache | None) -> Node:
    """``node`` with its citations resolved and its English title."""
    refs = resolver.refs_of(node, node.line_map, _citations(node, doc, cache))
    title_en = _title_en(node, doc)
    return replace(node, refs=refs, title_en=title_en) if refs or title_en != node.title_en else node


def _citations(node: Node, doc: Document, cache: BuildCache | None) -> list[Citation] | None:
    """The citations of ``node``'s text from ``cache`` (found and kept when
    new); ``None`` without a cache (the resolver finds them)."""
    if cache is None:
        return None
    if not may_cite(node.text):  # the quick test :func:`find_citations` makes: nothing to look up or keep
        return []
    commentary, alphabet = doc.kind == Kind.COMMENTARY, doc.letters == "alphabet"
    key = citation_key(node.text, commentary, alphabet)
    known = cache.get("citations", key)
    if known is None:
        found = find_citations(node.text, commentary=commentary, alphabet=alphabet)
        cache.put("citations", key, [citation_to_json(c) for c in found])
        return found
    return [citation_from_json(c) for c in known]


def _signature(doc: Document, results: list[_FileResult]) -> str:
    """What a document's index entries depend on: its entry and its files' keys."""
    payload = json.dumps([doc.to_json(), [r.key or r.report.file for r in results]], sort_keys=True)
    return hashlib.sha256(payload.encode("utf-8", "surrogateescape")).hexdigest()


def _unmatched(doc: str, globs: tuple[str, ...]) -> str:
    """The warning for a manifest document that matches no file."""
    if not globs:
        return N_("manifest: document {doc!r} matches no file (no files given)").format(doc=doc)
    return N_("manifest: document {doc!r} matches no file ({files})").format(doc=doc, files=", ".join(globs))


def _skipped(name: str, reason: str) -> FileReport:
    """The report of a file the scan did not take (a link out, a FIFO, too big)."""
    return FileReport(name, status="skipped", warnings=[reason])


def _words(title: str) -> list[str]:
    """A title's words, case and apostrophe folded (``DIRECTOR’S`` = ``Director's``)."""
    return P.WORD.findall(title.casefold().replace("’", "'"))


def _section_titles(edition: str | None) -> dict[str, str]:
    """The section titles (cite → English title) the catalogue of ``edition``
    holds, as evidence for the English reader; empty for an unknown edition."""
    if edition is None or not catalogue.has(edition):
        return {}
    return {e.id: e.title_en for e in catalogue.load(edition).entries.values() if e.kind == Kind.SECTION and e.title_en}


def _title_en(node: Node, doc: Document) -> str | None:
    """English title of ``node``: its own in an English document (in the
    catalogue's letter case when the catalogue has the same words), else the
    edition catalogue's for its cite (chapters by their number)."""
    cat = catalogue.load(doc.edition or catalogue.DEFAULT_EDITION)
    if doc.lang == "en":  # its own, in the catalogue's letter case when the words are the same (``THE PACK``)
        kept = node.kind in (Kind.LAW, Kind.SECTION) and catalogue.has(doc.edition or "")
        known = cat.title_en(node.cite) if kept else None
        same = known is not None and (node.title is None or _words(known) == _words(node.title))
        return known if same else node.title  # no title printed (a law inferred at a lost page): the edition's
    if node.kind == Kind.CHAPTER:
        entry = cat.chapter(node.id.rsplit("chapter-", 1)[-1].split("/")[0])
        return entry.title_en if entry else None
    if node.kind in (Kind.LAW, Kind.SECTION, Kind.SUBSECTION, Kind.ITEM):
        return cat.title_en(node.cite)
    return None


#: Concordance relations under which another edition's title names the same rule.
SAME_RULE = ("same", "reworded", "renumbered", "moved")


def other_titles(documents: Sequence[Document], nodes: Sequence[Node]) -> list[list[str]]:
    """``[[node id, English title], …]``, in reading order: the titles the
    other editions of lawref's catalogue give each law and section of a
    document of a catalogued edition, where ``lawref/data/concordance.tsv``
    says the rule is the same (:data:`SAME_RULE`) and the title differs
    from the node's own (1997 ``17`` *Duration of the Auction* → 2017 *The
    Auction Period*; 1997 ``21`` → 2017 *Misinformation*). A search
    matches them as it matches the node's own (:func:`lawref.search.title_matches`)."""
    editions = {d.id: d.edition for d in documents if d.edition and catalogue.has(d.edition)}
    known: dict[tuple[str, str], list[str]] = {}  # (edition, cite) → titles: a corpus repeats its cites
    paired = {e: sorted({r.to_edition for r in concordance.rows() if r.edition == e}) for e in set(editions.values())}

    def titles_of(edition: str, cite: str) -> list[str]:
        if (edition, cite) not in known:
            found = []
            for other in paired[edition]:
                asked, rows = concordance.counterparts(cite, edition, other)
                found += [catalogue.load(other).title_en(r.to) or "" for r in rows if asked == cite and
                          r.relation in SAME_RULE and r.to and catalogue.has(other)]
            known[edition, cite] = [t for t in found if t]
        return known[edition, cite]

    out: list[list[str]] = []
    for node in nodes:
        edition = editions.get(node.doc)
        if edition is None or node.cite is None or node.kind not in (Kind.LAW, Kind.SECTION):
            continue
        seen = {concordance.fold_title(node.title_en)} if node.title_en else set()
        for title in titles_of(edition, node.cite):
            if concordance.fold_title(title) not in seen:
                seen.add(concordance.fold_title(title))
                out.append([node.id, title])
    return out


def _document(res: _FileResult, spec: DocumentSpec | None) -> Document:
    if spec is not None:
        return Document(spec.id, spec.kind, spec.lang, spec.edition, spec.title)
    title = res.title()
    return Document(res.report.doc or "", res.report.kind or "laws", res.report.lang or "ru", None, title)


@dataclass(frozen=True)
class CleanedFile:
    """``lawref clean FILE``: the file as read (``loaded``), its ``lang``
    and the clean result."""

    loaded: Loaded
    lang: str
    cleaned: Cleaned


def clean_file(path: Path, encoding: str | None = None) -> CleanedFile:
    """Read one raw file as a build does (encoding, mojibake, HTML, English)
    and clean it. Reads at most the default per-file cap. Raises
    :class:`OSError` / :class:`~lawref.errors.UnsafeInput` when it cannot be
    read and :class:`~lawref.errors.DecodeError` for binary data."""

    loaded = load(read_capped(path, Limits().max_file_bytes), Path(path).name, encoding)
    lang = detect_lang(loaded.text)
    return CleanedFile(loaded, lang, clean(loaded.text, loaded.line_numbers, lang))
