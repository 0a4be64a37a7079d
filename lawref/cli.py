"""The ``lawref`` command line: a thin click layer over :mod:`lawref.library`.

Each command parses its arguments, makes one library call and prints. Library
errors are exceptions under :class:`~lawref.errors.LawrefError`; the group's
``main`` maps them in one place to a one-line message on stderr and an exit
code — 0 ok, 1 nothing found, 2 bad usage or unreadable input, 3 an internal
error (``LAWREF_DEBUG=1`` shows its traceback). Everything printed for people
passes :func:`~lawref.safeio.printable`, so text from a file can never act on
the terminal; JSON is escaped as JSON allows.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, NoReturn

import click

from lawref import __version__
from lawref.errors import (
    EXIT_BAD_INPUT,
    EXIT_INTERNAL,
    EXIT_NOT_FOUND,
    EXIT_OK,
    LawrefError,
)
from lawref.safeio import json_safe, printable

#: The longest argument echoed back in a message.
ECHO_CHARS = 80


def _say(text: str = "", *, err: bool = False, nl: bool = True) -> None:
    """Print ``text`` for people: control characters escaped (see module doc)."""
    click.echo(printable(text), err=err, nl=nl)


def fail(message: str, code: int) -> NoReturn:
    """Print ``lawref: message`` (one line) on stderr and exit with ``code``."""
    _say(f"lawref: {' '.join(message.split())}", err=True)
    sys.exit(code)


def _emit_json(data: Any) -> None:
    click.echo(json_safe(json.dumps(data, ensure_ascii=False, indent=2)))


def _text(value: str) -> str:
    """A text argument as typed: bytes of argv that were not UTF-8 (kept by
    Python as surrogate escapes) become U+FFFD, so every output is valid."""
    return value.encode("utf-8", "surrogateescape").decode("utf-8", "replace")


def _shown(value: str) -> str:
    """An argument cut to :data:`ECHO_CHARS` for a one-line message."""
    return value if len(value) <= ECHO_CHARS else value[: ECHO_CHARS - 1] + "…"


class _Ctx:
    def __init__(self, corpus: Path | None, index: Path | None):
        self.corpus, self.index = corpus, index

    def library(self) -> Any:
        from lawref.library import open_library

        def rebuilding(reason: str) -> None:
            _say(f"lawref: {reason}: building the index …", err=True)

        return open_library(self.corpus, self.index, on_rebuild=rebuilding)

    def dirs(self) -> tuple[Path, Path]:
        from lawref.library import default_corpus, default_index

        corpus = self.corpus or default_corpus()
        return corpus, self.index or default_index(corpus)


class _OneLineErrors(click.Group):
    """A group whose usage errors are one line on stderr (``lawref: …``), exit 2."""

    def main(self, *args: Any, **kwargs: Any) -> Any:
        kwargs["standalone_mode"] = False
        try:
            return super().main(*args, **kwargs)
        except click.exceptions.NoArgsIsHelpError as exc:
            click.echo(exc.ctx.get_help() if exc.ctx else "")
            return None
        except click.UsageError as exc:
            fail(exc.format_message().replace("\n", " "), EXIT_BAD_INPUT)
        except click.ClickException as exc:
            fail(exc.format_message().replace("\n", " "), exc.exit_code)
        except click.Abort:
            fail("aborted", EXIT_BAD_INPUT)
        except LawrefError as exc:
            fail(str(exc), exc.exit_code)
        except BrokenPipeError:  # the reader went away (``lawref search … | head -1``): what it read is enough
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
            sys.exit(EXIT_OK)
        except OSError as exc:  # stdout cannot be written (``> /dev/full``), an index that cannot be written
            where = f" ({exc.filename})" if exc.filename else ""
            fail(f"{exc.strerror or exc}{where}", EXIT_BAD_INPUT)
        except Exception as exc:  # a bug: one line, unless asked for the traceback
            if os.environ.get("LAWREF_DEBUG"):
                raise
            fail(f"internal error: {type(exc).__name__}: {exc} (LAWREF_DEBUG=1 shows the traceback)",
                 EXIT_INTERNAL)


@click.group(cls=_OneLineErrors, context_settings={"help_option_names": ["-h", "--help"]})
@click.option("--corpus", type=click.Path(path_type=Path, file_okay=False), envvar="LAWREF_CORPUS",
              help="Corpus folder (default: the corpus shipped with lawref). Env: LAWREF_CORPUS.")
@click.option("--index", "index_dir", type=click.Path(path_type=Path, file_okay=False), envvar="LAWREF_INDEX",
              help="Index folder (default: per-user cache). Env: LAWREF_INDEX.")
@click.version_option(__version__, prog_name="lawref")
@click.pass_context
def cli(ctx: click.Context, corpus: Path | None, index_dir: Path | None) -> None:
    """Search and read the Laws of Duplicate Contract Bridge."""
    ctx.obj = _Ctx(corpus, index_dir)


# -- search ----------------------------------------------------------------------


@cli.command()
@click.argument("query")
@click.option("--limit", type=click.IntRange(1, 1000), default=10, show_default=True)
@click.option("--doc", help="Only this document (e.g. laws, commentary).")
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
@click.option("--lang", type=click.Choice(["ru", "en", "any"]), default="any", show_default=True,
              help="Language of the query: en translates English bridge terms through the glossary.")
@click.pass_obj
def search(obj: _Ctx, query: str, limit: int, doc: str | None, as_json: bool, lang: str) -> None:
    """Ranked search in any Russian word form, or in English bridge terms
    (revoke, dummy, adjusted score). Exit 1 when nothing is found."""
    query = _text(query)
    lib = obj.library()
    _check_doc(lib, doc)
    hits = lib.search(query, limit=limit, doc=doc, lang=lang)
    if as_json:
        _emit_json({"query": query, "results": [_hit_json(lib, h) for h in hits]})
    else:
        for h in hits:
            where = f"{h.doc}, p. {h.page}" if h.page is not None else h.doc
            node = lib.by_id.get(h.id)
            english = node.title_en if node is not None else None
            if node is not None and english is None and lib.title_en(node):
                english = f"Law {lib.law_of(node).cite}: {lib.title_en(node)}"
            titles = " | ".join(dict.fromkeys(t for t in (h.title, english) if t))
            _say(f"{h.cite or h.id:<10} {titles}  ({where}; {h.score:.2f})")
            _say(f"           {h.snippet}")
    if not hits:
        if not as_json:
            _say(f"lawref: nothing found for {_shown(query)!r}", err=True)
        sys.exit(EXIT_NOT_FOUND)


def _check_doc(lib: Any, doc: str | None) -> None:
    """Exit 2 when ``--doc`` names no document of the corpus (a typo would
    otherwise look like "nothing found")."""
    known = [d.id for d in lib.documents]
    if doc is not None and doc not in known:
        fail(f"no document {doc!r} in this corpus (documents: {', '.join(known) or 'none'})", EXIT_BAD_INPUT)


def _hit_json(lib: Any, h: Any) -> dict[str, Any]:
    node = lib.by_id.get(h.id)
    return {"id": h.id, "cite": h.cite, "doc": h.doc, "kind": h.kind, "title": h.title,
            "title_en": node.title_en if node is not None else None,
            "law_title_en": lib.title_en(node) if node is not None else None,
            "page": h.page, "score": round(h.score, 4), "snippet": h.snippet}


# -- show ------------------------------------------------------------------------


@cli.command()
@click.argument("cite")
@click.option("--doc", help="Only this document (e.g. laws, commentary).")
@click.option("--json", "as_json", is_flag=True, help="Print the node with nested children as JSON.")
@click.option("--source", "raw", is_flag=True, help="Print the raw lines the node came from instead.")
@click.option("--lang", type=click.Choice(["ru", "en", "both"]), default="ru", show_default=True,
              help="en: the English counterpart; both: side by side.")
@click.pass_obj
def show(obj: _Ctx, cite: str, doc: str | None, as_json: bool, raw: bool, lang: str) -> None:
    """Print a law, section or commentary paragraph with its children.

    CITE: 62, 62B, 62b, 62В, "правило 62B", "Law 62 B", 72A5, 43B2(a), 45.5."""
    from lawref.errors import NotFound

    cite = _text(cite)
    lib = obj.library()
    _check_doc(lib, doc)
    try:
        nodes = lib.find(cite, doc)
    except NotFound as exc:
        _not_in_corpus(lib, cite, str(exc), as_json)
    if raw:
        _print_source(lib, nodes, as_json)
        return
    if as_json:
        tree = _tree_json(lib, nodes[0])
        tree["others"] = [n.id for n in nodes[1:]]  # the same cite in other documents
        if lang != "ru":
            twin = lib.counterpart(nodes[0])
            tree["counterpart"] = _tree_json(lib, twin) if twin is not None else None
        _emit_json(tree)
        return
    _say("\n\n".join(dict.fromkeys(_show_blocks(lib, nodes, lang))))


def _show_blocks(lib: Any, nodes: list[Any], lang: str) -> list[str]:
    """Text blocks for ``show``: each node in the language asked, its twin in
    the other language beside it with ``both``; a twin already printed is not
    printed again."""
    english = [n for n in nodes if _is_english(lib, n)]
    russian = [n for n in nodes if not _is_english(lib, n)]
    blocks = []
    for n in russian:
        if lang in ("ru", "both"):
            blocks.append(_render(lib, n) + _xrefs(lib, n))
        if lang in ("en", "both"):
            blocks.append(_render_counterpart(lib, n))
    twins = {t.id for t in (lib.counterpart(n) for n in russian) if t is not None}
    for n in english:
        if n.id in twins:
            continue
        if lang in ("en", "both") or not russian:
            blocks.append(_render(lib, n) + _xrefs(lib, n))
        if lang == "both":
            blocks.append(f"[{n.cite}: нет русского текста в корпусе]")
    return blocks


def _is_english(lib: Any, node: Any) -> bool:
    doc = lib.document(node.doc)
    return doc is not None and doc.lang == "en"


def _not_in_corpus(lib: Any, cite: str, message: str, as_json: bool) -> NoReturn:
    """Exit 1 for a cite with no node; say what the edition calls that law."""
    from lawref.cite import CiteError, normalise_cite

    try:
        canonical = normalise_cite(cite)
    except CiteError:  # a node id that names no node
        fail(message, EXIT_NOT_FOUND)
    if any(n.cite == canonical for n in lib.nodes):  # in the corpus, not in the --doc asked for
        fail(message, EXIT_NOT_FOUND)
    edition, entry = lib.catalogue_entry(canonical)
    if entry is None:
        fail(f"{message}; the {edition} edition has no law {canonical.split('.')[0]}", EXIT_NOT_FOUND)
    line = f"Law {canonical} — {entry.title_en} — text not in this corpus"
    if "." in canonical:
        line = f"Commentary {canonical} (on Law {entry.id}: {entry.title_en}) — not in this corpus"
    elif entry.id != canonical:
        line = f"Law {canonical} (Law {entry.id}: {entry.title_en}) — text not in this corpus"
    if as_json:
        _emit_json({"cite": canonical, "title_en": entry.title_en, "chapter": entry.chapter,
                    "edition": edition, "in_corpus": False})
    else:
        _say(line)
    sys.exit(EXIT_NOT_FOUND)


def _render_counterpart(lib: Any, node: Any) -> str:
    """The English twin of ``node`` (same cite, an English document), or the
    catalogue's English title when the corpus has no English text of it."""
    twin = lib.counterpart(node)
    if twin is None and node.kind == "commentary":
        law = lib.law_of(node)
        return (f"Commentary {node.cite} (on Law {law.cite}: {lib.title_en(node) or '—'}) "
                "[no English text of this commentary in the corpus]")
    if twin is None:
        title = node.title_en or lib.title_en(node) or "—"
        return f"Law {node.cite or '?'} — {title} [English: catalogue title only; no English text in this corpus]"
    text = _render(lib, twin)
    mine = lib.document(node.doc)
    theirs = lib.document(twin.doc)
    if mine and theirs and theirs.edition is None:
        text += "\n[the English text names no edition: it may differ from the Russian one]"
    elif mine and theirs and mine.edition != theirs.edition:
        text += f"\n[editions differ: {mine.edition or '?'} (ru) / {theirs.edition} (en)]"
    return text


def _ref_label(lib: Any, ref: Any) -> str:
    target = lib.by_id.get(ref.id) if ref.id else None
    if ref.status == "exact" and target is not None:
        return target.cite or target.id
    if ref.status == "partial" and target is not None:
        return f"{ref.cite} (в корпусе только {target.cite or target.id})"
    return f"{ref.cite} ({'нет в корпусе' if ref.status == 'absent' else 'нет такого правила'})"


def _xrefs(lib: Any, node: Any) -> str:
    """«См. также» (outgoing) and «Ссылаются» (incoming) lines for ``show``."""
    out = list(dict.fromkeys(_ref_label(lib, r) for _, r in lib.outgoing(node)))
    inc = list(dict.fromkeys(n.cite or n.id for n, _ in lib.incoming(node)))
    lines = []
    if out:
        lines.append("См. также: " + ", ".join(out))
    if inc:
        lines.append("Ссылаются: " + ", ".join(inc))
    return "\n\n" + "\n".join(lines) if lines else ""


# -- references --------------------------------------------------------------------


@cli.command()
@click.argument("cite")
@click.option("--incoming", is_flag=True, help="Nodes that cite this one (backlinks) instead.")
@click.option("--doc", help="Only this document (e.g. laws, commentary).")
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
@click.pass_obj
def refs(obj: _Ctx, cite: str, incoming: bool, doc: str | None, as_json: bool) -> None:
    """References made by a node and its descendants, with their status;
    with --incoming, every node that cites it or its descendants."""
    from lawref.cite import normalise_cite
    from lawref.errors import NotFound

    cite = _text(cite)
    lib = obj.library()
    _check_doc(lib, doc)
    try:
        node = lib.find(cite, doc)[0]
        name, node_id, node_cite = node.cite or node.id, node.id, node.cite
        pairs = lib.incoming(node) if incoming else lib.outgoing(node)
    except NotFound as exc:
        if not incoming or "/" in cite:
            fail(str(exc), EXIT_NOT_FOUND)
        node_cite = normalise_cite(cite)  # not in the corpus, but it may still be cited (``правило 59``)
        name, node_id, pairs = node_cite, None, lib.citing(node_cite)
    if as_json:
        _emit_json({"id": node_id, "cite": node_cite, "direction": "incoming" if incoming else "outgoing",
                    "refs": [{"from": n.id, "from_cite": n.cite, **r.to_json()} for n, r in pairs]})
        return
    if not pairs:
        _say(f"{name}: no {'incoming' if incoming else 'outgoing'} references")
    for n, r in pairs:
        target = r.id or "-"
        _say(f"{n.cite or n.id:<12} {r.text!r:<24} → {r.cite:<8} {r.status:<8} {target}  "
                   f"({n.source.file}:{r.line})")


@cli.command()
@click.argument("file", required=False, type=click.Path(path_type=Path, dir_okay=False, allow_dash=True))
@click.option("--format", "fmt", type=click.Choice(["json", "md", "html", "text"]), default="json",
              show_default=True)
@click.option("--base-url", default="#", show_default=True, help="Prefix of link targets (md, html).")
@click.pass_obj
def link(obj: _Ctx, file: Path | None, fmt: str, base_url: str) -> None:
    """Find citations in FILE (UTF-8; stdin by default) and print them resolved.

    The input is read and answered piece by piece (cut at paragraph breaks),
    so memory stays flat on any size of input."""
    from lawref.export import annotate

    lib = obj.library()
    if base_url and not base_url.endswith(("/", "#", "=", "?")):
        base_url += "/"
    with _open_text(file) as stream:
        pieces = lib.link_stream(stream.read)
        try:
            if fmt == "json":
                _stream_json("citations", (item.to_json() for _, _, linked in pieces for item in linked))
            elif fmt == "text":
                _say(annotate.to_table([]))
                for _, _, linked in pieces:
                    for row in annotate.table_rows(linked):
                        _say(row)
            else:
                render = annotate.to_markdown if fmt == "md" else annotate.to_html
                for offset, piece, linked in pieces:
                    _say(render(piece, linked, base_url, offset=offset), nl=False)
        except UnicodeDecodeError as exc:
            fail(f"{_input_name(file)}: not UTF-8 text ({exc.reason}); what came before it was answered",
                 EXIT_BAD_INPUT)


def _input_name(file: Path | None) -> str:
    from lawref.safeio import display_name

    return "stdin" if file is None or str(file) == "-" else display_name(str(file))


@contextlib.contextmanager
def _open_text(file: Path | None) -> Iterator[Any]:
    """The input of ``link`` as a UTF-8 text stream (a BOM dropped, line ends
    kept as they are, so offsets are offsets into the input)."""
    import io

    if file is None or str(file) == "-":
        yield io.TextIOWrapper(sys.stdin.buffer, encoding="utf-8-sig", newline="")
        return
    try:
        handle = open(file, encoding="utf-8-sig", newline="")
    except OSError as exc:
        fail(f"cannot read {_input_name(file)}: {exc.strerror or exc}", EXIT_BAD_INPUT)
    with handle:
        yield handle


def _stream_json(key: str, items: Iterator[Any]) -> None:
    """Print ``{key: [items…]}`` as ``json.dumps(…, indent=2)`` would, one
    item at a time (memory flat however many items there are)."""
    first = True
    for item in items:
        body = json_safe(json.dumps(item, ensure_ascii=False, indent=2)).replace("\n", "\n    ")
        click.echo(("{\n  " + json.dumps(key) + ": [\n    " if first else ",\n    ") + body, nl=False)
        first = False
    click.echo("{\n  " + json.dumps(key) + ": []\n}" if first else "\n  ]\n}")


@cli.command()
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
@click.pass_obj
def check(obj: _Ctx, as_json: bool) -> None:
    """Dangling links: every citation in the corpus that does not resolve
    exactly, grouped by status (partial, absent, invalid)."""
    lib = obj.library()
    groups = lib.dangling()
    if as_json:
        _emit_json({status: [{"from": n.id, "file": n.source.file, **r.to_json()} for n, r in pairs]
                    for status, pairs in groups.items()})
        return
    for status, pairs in groups.items():
        _say(f"{status}: {len(pairs)}")
        for n, r in pairs:
            where = f"{n.source.file}:{r.line}"
            target = f" → {r.id}" if r.id else ""
            _say(f"  {r.cite:<8} {r.text!r:<24} in {n.cite or n.id} ({where}){target}")


def _print_source(lib: Any, nodes: list[Any], as_json: bool) -> None:
    out = []
    for node in nodes:
        try:
            lines = lib.raw_source(node)
        except OSError as exc:
            fail(f"cannot read the raw source of {node.id}: {exc.strerror or exc}", EXIT_BAD_INPUT)
        src = node.source
        out.append({"id": node.id, "file": src.file, "line": src.line, "end_line": src.end_line,
                    "bytes": list(src.bytes), "lines": [{"line": no, "text": text} for no, text in lines]})
    if as_json:
        _emit_json(out[0] if len(out) == 1 else out)
        return
    for item in out:
        start, end = item["bytes"]
        _say(f"{item['file']}:{item['line']}-{item['end_line']} (bytes {start}-{end})")
        for row in item["lines"]:
            _say(f"{row['line']:>6}  {row['text']}")


def _tree_json(lib: Any, node: Any) -> dict[str, Any]:
    data = node.to_json()
    data["children"] = [_tree_json(lib, c) for c in lib.children.get(node.id, [])]
    return data


def _heading(node: Any) -> str:
    """Label and title as printed: ``B. Исправление …``, ``Глава V - ТОРГОВЛЯ``."""
    parts = [p for p in (node.label, node.title) if p]
    return (" - " if node.kind in ("chapter", "part", "division") else " ").join(parts)


def _render(lib: Any, node: Any) -> str:
    law = lib.law_of(node)
    doc = lib.document(node.doc)
    english = doc is not None and doc.lang == "en"
    word = "Law" if english else "Правило"
    if law is not None:
        head = f"{word} {law.cite}"
    elif node.kind in ("chapter", "part", "division"):
        head = _heading(node)
    else:
        head = node.cite or "Фрагмент: номер правила не сохранился"
    if law is not None and law.title:
        head += f". {law.title}"
    if law is not None and law.title_en and not english:
        head += f" — Law {law.cite}: {law.title_en}"
    notes = [doc.title if doc and doc.title else node.doc]
    if node.inferred:
        notes.append("номер правила выведен: его заголовок не сохранился")
    lines = [head, f"[{'; '.join(notes)}]", ""]
    for _, n in lib.subtree(node):
        if n is node and (law is node or node.kind in ("chapter", "part", "division")):  # already the header
            if n.text:
                lines += [n.text, ""]
            continue
        lines += _render_one(n, *lib.page_edges(n))
    return "\n".join(lines).rstrip()


def _render_one(n: Any, first_on_page: bool = False, last_on_page: bool = False) -> list[str]:
    out = []
    head = _heading(n)
    if n.kind == "fragment":
        page = f", стр. {n.page}" if n.page is not None else ""
        head = f"[фрагмент{page}: {n.id}] {head}".rstrip()
    if n.kind == "footnote":
        return [f"{n.label} - {n.text}", ""]
    if head:
        out.append(head)
    if first_on_page and n.text[:1].islower():
        out.append(LOST_BEFORE)
    if n.text:
        out.append(n.text)
    if last_on_page and n.text and not SENTENCE_END.search(n.text):
        out.append(LOST_AFTER)
    return out + [""]


#: Shown (not part of the law text) where a node's text starts or ends on a page the scrape lost.
LOST_BEFORE = "[начало — на странице, которой нет в скане]"
LOST_AFTER = "[текст обрывается: продолжение на странице, которой нет в скане]"
SENTENCE_END = re.compile(r"[.!?:;»\")]\s*$")


# -- glossary --------------------------------------------------------------------------


@cli.command()
@click.argument("word")
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
@click.pass_obj
def term(obj: _Ctx, word: str, as_json: bool) -> None:
    """A glossary entry (Russian in any form, or English) and the laws that use it most."""
    word = _text(word)
    if not word.strip():
        fail("term needs a word", EXIT_BAD_INPUT)
    lib = obj.library()
    entries = lib.terms(word)
    if not entries:
        fail(f"{_shown(word)!r} is not in the glossary", EXIT_NOT_FOUND)
    out = [{"ru": t.ru, "en": list(t.en), "pos": t.pos, "note": t.note, "source": t.source,
            "laws": [{"cite": c, "hits": n} for c, n in lib.term_laws(t)]} for t in entries]
    if as_json:
        _emit_json({"word": word, "terms": out})
        return
    for t in out:
        note = f" ({t['note']})" if t["note"] else ""
        _say(f"{t['ru']} — {' | '.join(t['en'])} [{t['pos']}]{note}  (seed {t['source']})")
        used = ", ".join(f"{law['cite']} ({law['hits']})" for law in t["laws"][:8]) or "—"
        _say(f"  used most in: {used}")


# -- build, clean, export --------------------------------------------------------------


@cli.command()
@click.option("--report", is_flag=True, help="Print what the build did, file by file.")
@click.option("--json", "as_json", is_flag=True, help="With --report: print it as JSON.")
@click.option("--encoding", help="Force this codec for every file (e.g. cp1251).")
@click.pass_obj
def build(obj: _Ctx, report: bool, as_json: bool, encoding: str | None) -> None:
    """Build (or rebuild) the index of the corpus."""
    from lawref.folder import read_stamp
    from lawref.store import build as build_index

    corpus_dir, index_dir = obj.dirs()
    had_index = read_stamp(index_dir) is not None
    with _progress() as progress:
        corpus = build_index(corpus_dir, index_dir, encoding=encoding, progress=progress)
    reports = [r.to_json() for r in corpus.reports]
    report = report or as_json
    if report and as_json:
        _emit_json({"corpus": str(corpus_dir), "index": str(index_dir), "files": reports,
                    "nodes": len(corpus.nodes), "warnings": list(corpus.warnings)})
    elif report:
        _say(_report_text(reports))
    for r in reports:
        for w in r["warnings"]:
            _say(f"lawref: warning: {r['file']}: {w}", err=True)
    for w in corpus.warnings:
        _say(f"lawref: warning: {w}", err=True)
    if not corpus.usable():
        kept = f"the index at {index_dir} was left as it was" if had_index else "no index was written"
        fail(f"nothing usable in the corpus; {kept}", EXIT_BAD_INPUT)
    if not report:
        skipped = sum(1 for r in reports if r["status"] == "skipped")
        _say(f"built {len(corpus.nodes)} nodes from {len(reports) - skipped} files "
                   f"({skipped} skipped) into {index_dir}")


@contextlib.contextmanager
def _progress() -> Iterator[Callable[[str, int, int], None]]:
    """A rich progress bar on stderr, shown only on a terminal and only once
    the build has run for a second."""
    import time

    started = time.monotonic()
    state: dict[str, Any] = {}
    tty = sys.stderr.isatty()

    def update(name: str, done: int, total: int) -> None:
        if not tty or time.monotonic() - started < 1.0:
            return
        if "bar" not in state:
            from rich.console import Console
            from rich.progress import Progress

            state["bar"] = Progress(console=Console(stderr=True), transient=True)
            state["bar"].start()
            state["task"] = state["bar"].add_task("building", total=total)
        state["bar"].update(state["task"], completed=done, description=name)

    try:
        yield update
    finally:
        if "bar" in state:
            state["bar"].stop()


def _report_text(reports: list[dict[str, Any]]) -> str:
    lines = []
    for r in reports:
        if r["status"] == "skipped":
            lines.append(f"{r['file']}: skipped: {'; '.join(r['warnings'])}")
            continue
        lines.append(f"{r['file']}: {r['status']}; doc {r['doc']} ({r['kind']}, {r['lang']}, {r['kind_how']})")
        title = f"; book title «{r['title']}»" if r.get("title") else ""
        lines.append(f"  encoding {r['encoding']} ({r['encoding_how']}); layout {r['style']}; "
                     f"pages {r['pages']}{title}")
        lines.append(f"  format {r['format']}; paragraphs {r['paragraphs']}; nodes {r['nodes']}; "
                     f"fragments {r['fragments']}; inferred {r['inferred']}; "
                     f"duplicate nodes dropped {r['duplicates_dropped']}")
        moji = r["mojibake"]
        how = f" {moji['how']}" if moji["how"] else ""
        lines.append(f"  mojibake repaired {moji['lines']} line(s){how}; lost characters (U+FFFD) "
                     f"{r['lost_chars']}; lines with ?-runs {r['qmark_runs']}; words re-joined {r['rejoined_words']}")
        lines += [f"    e.g. {e}" for e in moji["examples"]]
        lines += _passes_text(r["passes"], indent="  ")
        lines += [f"  warning: {w}" for w in r["warnings"]]
    return "\n".join(lines)


def _passes_text(passes: list[dict[str, Any]], indent: str = "") -> list[str]:
    lines = []
    for p in passes:
        lines.append(f"{indent}{p['name']:<28} {p['count']:>5}  {p['description']}")
        lines += [f"{indent}    e.g. {e}" for e in p["examples"]]
    return lines


@cli.command("clean")
@click.argument("file", type=click.Path(path_type=Path, dir_okay=False))
@click.option("--report", is_flag=True, help="Also print each pass with counts and two examples (stderr).")
@click.option("--encoding", help="Force this codec (e.g. cp1251).")
def clean_cmd(file: Path, report: bool, encoding: str | None) -> None:
    """Print the clean text of one raw FILE."""
    from lawref.corpus import detect_lang
    from lawref.errors import DecodeError
    from lawref.ingest.clean import clean, render
    from lawref.ingest.load import load
    from lawref.manifest import Limits
    from lawref.safeio import display_name, read_capped

    try:
        loaded = load(read_capped(file, Limits().max_file_bytes), file.name, encoding)
    except OSError as exc:
        fail(f"cannot read {display_name(str(file))}: {exc.strerror or exc}", EXIT_BAD_INPUT)
    except DecodeError as exc:
        fail(f"{display_name(str(file))}: {exc}", EXIT_BAD_INPUT)
    lang = detect_lang(loaded.text)
    cleaned = clean(loaded.text, loaded.line_numbers, lang)
    _say(render(cleaned), nl=False)
    if not cleaned.paragraphs:
        _say(f"lawref: warning: {file}: no text left after cleaning", err=True)
    if report:
        passes = [{"name": p.name, "description": p.description, "count": p.count, "examples": p.examples}
                  for p in cleaned.report.passes]
        d, moji = loaded.decoded, loaded.mojibake
        head = (f"{file}: encoding {d.encoding} ({d.how}); format {loaded.format}; language {lang}; "
                f"layout {cleaned.style}; mojibake repaired {len(moji.lines)} line(s) {dict(moji.how)}")
        _say("\n".join([head, *_passes_text(passes)]), err=True)


@cli.command()
@click.option("--format", "fmt", type=click.Choice(["json"]), default="json", show_default=True)
@click.option("-o", "--output", type=click.Path(path_type=Path, dir_okay=False), help="Write to FILE.")
@click.pass_obj
def export(obj: _Ctx, fmt: str, output: Path | None) -> None:
    """Export documents and nodes (JSON contract lawref/1, see README)."""
    from lawref.safeio import atomic_write, display_name

    text = json_safe(json.dumps(obj.library().export(), ensure_ascii=False, indent=2)) + "\n"
    if output is None:
        click.echo(text, nl=False)
        return
    try:
        atomic_write(output, text)  # whole or not at all: a full disk never truncates the old file
    except OSError as exc:
        fail(f"cannot write {display_name(str(output))}: {exc.strerror or exc}", EXIT_BAD_INPUT)


def main() -> None:
    """Console-script entry point."""
    cli(prog_name="lawref")
