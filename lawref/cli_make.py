"""cli_make: the commands that build — build, clean (the build side, loaded for them alone)."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from lawref.clikit import (
    _codec,
    _Ctx,
    _json,
    _progress,
    _Quick,
    _say,
    fail,
)
from lawref.corpus import clean_file, lost_warning
from lawref.errors import (
    EXIT_BAD_INPUT,
    EXIT_NOT_FOUND,
    DecodeError,
)
from lawref.export import json as J
from lawref.export import text as T
from lawref.folder import read_stamp
from lawref.i18n import retell, said, tr, trn
from lawref.ingest.clean import render
from lawref.safeio import display_name
from lawref.scan import not_text
from lawref.store import build as build_index


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
        said = tr("nothing changed since the last build: {nodes} {files} ({skipped} skipped) in {index}") if (
            corpus.unchanged) else tr("built {nodes} {files} ({skipped} skipped{reused}) into {index}")
        _say(said.format(
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


