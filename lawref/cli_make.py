"""cli_make: the commands that build or write — build, clean, export, serve."""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING

import click

from lawref.errors import (
    EXIT_BAD_INPUT,
    EXIT_NOT_FOUND,
    DecodeError,
    UsageError,
)
from lawref.export import formats
from lawref.export import json as J
from lawref.export import text as T
from lawref.i18n import chosen, retell, said, tr, trn
from lawref.safeio import atomic_write, display_name

if TYPE_CHECKING:
    pass
from lawref.clikit import (
    _DOC,
    _EDITION,
    _codec,
    _Ctx,
    _json,
    _out,
    _progress,
    _Quick,
    _say,
    _text,
    check_base_url,
    fail,
)


@click.command()
@click.option("--report", is_flag=True, help="Print what the build did, file by file.")
@click.option("--json", "as_json", is_flag=True, help="Print the report as JSON (implies --report).")
@click.option("--encoding", help="Force this codec for every file (e.g. cp1251).")
@click.option("--full", is_flag=True,
              help="Build everything anew (by default only documents whose files changed are rebuilt).")
@click.option("--strict", is_flag=True,
              help="Exit 1 when the tree has structure warnings (a contents page parsed as laws, text under a "
                   "wrong law…).")
@click.pass_obj
def build(obj: _Ctx, report: bool, as_json: bool, encoding: str | None, full: bool, strict: bool) -> None:
    """Build (or rebuild) the index of the corpus."""
    # the build side: only ``build`` loads it
    from lawref.folder import read_stamp

    # the build side: only ``build`` loads it
    from lawref.store import build as build_index

    corpus_dir, index_dir = obj.dirs()
    if encoding is not None:
        _codec(encoding)  # an unknown codec is one usage error, not a warning for every file
    had_index = read_stamp(index_dir) is not None
    with _progress() as progress:
        corpus = build_index(corpus_dir, index_dir, encoding=encoding, progress=progress, full=full)
    if as_json:
        _json(J.report_json(str(corpus_dir), str(index_dir), corpus.reports, len(corpus.nodes), corpus.warnings))
    elif report:
        _say(T.report_text(corpus.reports))
    for r in corpus.reports:
        for w in r.warnings:
            _say(tr("lawref: warning: {where}: {what}").format(where=r.file, what=retell(w)), err=True)
    for w in corpus.warnings:
        _say(tr("lawref: warning: {what}").format(what=retell(w)), err=True)
    if not corpus.usable():
        kept = tr("the index at {index} was left as it was").format(index=index_dir) if had_index else tr(
            "no index was written")
        fail(tr("nothing usable in the corpus; {kept}").format(kept=kept), EXIT_BAD_INPUT)
    if not (report or as_json):
        skipped = sum(1 for r in corpus.reports if r.status == "skipped")
        reused = tr("; {count} unchanged since the last build").format(count=corpus.reused) if corpus.reused else ""
        files = len(corpus.reports) - skipped
        _say(tr("built {nodes} {files} ({skipped} skipped{reused}) into {index}").format(
            nodes=trn("{count} node", "{count} nodes", len(corpus.nodes)).format(count=len(corpus.nodes)),
            files=trn("from {count} file", "from {count} files", files).format(count=files), skipped=skipped,
            reused=reused, index=index_dir))
    _Quick.ok = True  # the index is written, closed and sealed
    found = [r for r in corpus.reports if r.structure]
    if found:
        count = sum(len(r.structure) for r in found)
        where = "" if (report or as_json) else tr(" ('lawref build --report' lists them)")
        _say(tr("lawref: {warnings} in {files}: the tree may hold misfiled text{where}").format(
            warnings=trn("{count} structure warning", "{count} structure warnings", count).format(count=count),
            files=trn("{count} file", "{count} files", len(found)).format(count=len(found)), where=where), err=True)
        if strict:
            sys.exit(EXIT_NOT_FOUND)


@click.command("clean")
@click.argument("file", type=click.Path(path_type=Path, dir_okay=False))
@click.option("--report", is_flag=True, help="Also print each step with counts and two examples (stderr).")
@click.option("--encoding", help="Force this codec (e.g. cp1251).")
def clean_cmd(file: Path, report: bool, encoding: str | None) -> None:
    """Print the clean text of one raw FILE."""
    # the build side: only ``clean`` loads it
    from lawref.corpus import clean_file, lost_warning

    # the build side: only ``clean`` loads it
    from lawref.ingest.clean import render

    # the build side: only ``clean`` loads it
    from lawref.scan import not_text

    if encoding is not None:
        _codec(encoding)
    refused = not_text(file.name)  # read as a build reads it: a PDF or an image is never text
    if refused:
        fail(tr("{file}: {reason}").format(file=display_name(str(file)), reason=retell(refused)), EXIT_BAD_INPUT)
    try:
        done = clean_file(file, encoding)
    except DecodeError as exc:
        fail(tr("{file}: {reason}").format(file=display_name(str(file)), reason=retell(said(exc))), EXIT_BAD_INPUT)
    except OSError as exc:
        fail(tr("cannot read {file}: {error}").format(file=display_name(str(file)), error=retell(said(exc))),
             EXIT_BAD_INPUT)
    if not done.loaded.text.strip():  # as a build skips it
        fail(tr("{file}: {reason}").format(file=display_name(str(file)), reason=tr("empty file")), EXIT_BAD_INPUT)
    _say(render(done.cleaned), nl=False)
    where = display_name(str(file))
    if not done.cleaned.paragraphs:
        _say(tr("lawref: warning: {where}: {what}").format(where=where, what=tr("no text left after cleaning")),
             err=True)
    if lost := done.loaded.text.count("\ufffd"):  # as a build warns (a wrong --encoding loses characters)
        _say(tr("lawref: warning: {where}: {what}").format(where=where, what=retell(lost_warning(lost))), err=True)
    if report:
        d, moji = done.loaded.decoded, done.loaded.mojibake
        head = tr("{file}: encoding {encoding} ({how}); format {format}; language {lang}; layout {layout}; mojibake "
                  "repaired {count} line(s){fixes}").format(
            file=display_name(str(file)), encoding=d.encoding, how=retell(d.how), format=done.loaded.format,
            lang=done.lang, layout=done.cleaned.style, count=len(moji.lines), fixes=T.repairs(dict(moji.how)))
        passes = [p.to_json() for p in done.cleaned.report.passes]
        _say("\n".join([head, *T.passes_lines(passes)]), err=True)


@click.command()
@click.option("--format", "fmt", type=click.Choice(list(formats.FORMATS)), default="json", show_default=True,
              help="; ".join(f"{f.name}: {f.help}" for f in formats.FORMATS.values()) + ".")
@_DOC
@click.option("--law", metavar="CITE", help="Only this law (or section, or commentary paragraph) and what it holds.")
@_EDITION
@click.option("--width", type=click.IntRange(20, 1000), default=80, show_default=True, help="txt: wrap at this width.")
@click.option("--base-url", metavar="URL", help="md, html: link citations of laws outside the export to this site.")
@click.option("-o", "--output", "output_arg", type=click.Path(), metavar="PATH",
              help="Write to this file instead of stdout; a folder for --format html (the site) and for txt given as "
              "DIR/ (one file a document and a lawref.toml: a corpus build reads back).")
@click.pass_obj
def export(obj: _Ctx, fmt: str, doc: str | None, law: str | None, edition: str | None, width: int,
           base_url: str | None, output_arg: str | None) -> None:
    """Export clean law documents: whole, one document (--doc) or one law
    (--law 62), as JSON, plain text, Markdown or an HTML site that works
    offline. Formats: docs/export.md; JSON contract: docs/json.md."""
    from lawref import exports  # the writers: loaded only for a command that writes (``link``, ``export``)

    _export_options(fmt, width, base_url, law)
    if fmt in ("json", "md") and str(output_arg or "").endswith(("/", os.sep)):
        raise UsageError(tr("-o {path}: --format {format} writes one file, not a folder (give a file name)").format(
            path=output_arg, format=fmt))
    lib = obj.library()
    law = _text(law) if law is not None else None
    output = Path(output_arg) if output_arg is not None else None  # the raw text keeps a trailing /
    folder = output is not None and (output.is_dir() or str(output_arg).endswith(("/", os.sep)))
    if fmt == "html" and (output is not None or law is None):
        if output is None:
            raise UsageError(tr("--format html writes a site: give a folder with -o (or one law with --law)"))
        count = exports.write_site(lib, output, doc, law, edition)
        _say(tr("wrote {count} files to {folder}/ (open index.html)").format(count=count,
             folder=display_name(str(output))), err=True)
        return
    if fmt == "txt" and folder and output is not None:
        count = exports.write_txt_corpus(lib, output, doc, law, edition, width=width)
        _say(tr("wrote {count} files to {folder}/ (lawref --corpus {folder} build reads it back)").format(
            count=count, folder=display_name(str(output))), err=True)
        return
    text = exports.export_text(lib, fmt, doc, law, edition, width=width, base_url=base_url)
    if output is None:
        _out(text, nl=False)
        return
    try:
        atomic_write(output, text)  # whole or not at all: a full disk never truncates the old file
    except OSError as exc:
        fail(tr("cannot write {file}: {error}").format(file=display_name(str(output)),
                                                        error=retell(said(exc))),
             EXIT_BAD_INPUT)


@click.command()
@click.option("--host", default="127.0.0.1", show_default=True,
              help="Address to listen on (loopback; another needs to be named here, e.g. 0.0.0.0).")
@click.option("--port", type=click.IntRange(1, 65535), default=8765, show_default=True, help="Port to listen on.")
@click.option("--workers", type=click.IntRange(1, 64), default=1, show_default=True,
              help="Worker processes, each with the index open (the index is read-only: more workers, more answers).")
@click.option("--cors-origin", "cors_origins", metavar="ORIGIN", multiple=True,
              help="Let pages of this origin (https://club.example.org, no path; * for any) call the API from a "
              "browser; give it again for more. CORS is off without it.")
@click.pass_obj
def serve(obj: _Ctx, host: str, port: int, workers: int, cors_origins: tuple[str, ...]) -> None:
    """Serve the JSON API (/api/v1) and the reader over HTTP until Ctrl-C.

    Needs the serve extra: pip install 'lawref[serve]'. A build while it
    runs is picked up whole by every worker. See docs/serve.md."""
    try:
        # FastAPI and uvicorn: only ``serve`` loads them
        from lawref import serve as S
    except ImportError:
        raise UsageError(tr("lawref serve needs FastAPI and uvicorn: pip install 'lawref[serve]'")) from None
    for origin in cors_origins:
        _check_origin(origin)
    lib = obj.library()  # built here if needed: once, not in each worker
    try:
        sock = S.listen(host, port)
    except OSError as exc:
        error = retell(said(exc))
        raise UsageError(tr("cannot listen on {host}:{port}: {error}").format(host=host, port=port, error=error)) \
            from None
    index = lib.index_dir
    _say(tr("lawref: serving {index} on http://{host}:{port}/ (API /api/v1, schema /openapi.json)").format(
        index=display_name(str(index)), host=host, port=port), err=True)
    if workers == 1:
        S.run_app(S.create_app(lib, cors_origins=cors_origins), sock)
        return
    corpus, _ = obj.dirs()
    os.environ.update({"LAWREF_CORPUS": str(corpus), "LAWREF_INDEX": str(index),
                       "LAWREF_CORS_ORIGINS": " ".join(cors_origins), "LAWREF_UI": chosen() or "en"})
    lib.close()
    S.run_workers(sock, workers)


def _check_origin(origin: str) -> None:
    """Raise :class:`UsageError` unless ``origin`` is ``*`` or an origin as
    a browser sends it: ``http(s)://host[:port]``, nothing after."""
    from urllib.parse import urlsplit

    parts = urlsplit(origin)
    if origin == "*" or (parts.scheme in ("http", "https") and parts.netloc and origin == f"{parts.scheme}://"
                         f"{parts.netloc}"):
        return
    raise UsageError(tr("--cors-origin {origin}: an origin is scheme://host[:port] with nothing after "
                        "(https://club.example.org), or *").format(origin=repr(origin[:80])))


def _export_options(fmt: str, width: int, base_url: str | None, law: str | None) -> None:
    """Refuse what ``export`` would otherwise ignore or write unsafely:
    ``--width`` off txt, ``--base-url`` off md and html, a ``--base-url``
    that is not an http(s) URL or a path, an empty ``--law``."""
    if width != 80 and fmt != "txt":
        raise UsageError(tr("--width applies to --format txt, not {format}").format(format=fmt))
    if base_url is not None and fmt not in ("md", "html"):
        raise UsageError(tr("--base-url applies to --format md and html, not {format}").format(format=fmt))
    if base_url is not None:
        check_base_url(base_url)
    if law is not None and not law.strip():
        raise UsageError(tr("--law needs a cite (62, 62B, 45.5)"))
