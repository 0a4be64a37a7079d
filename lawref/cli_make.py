"""cli_make: ``build`` (loaded for it alone; the build proper only when something changed)."""

from __future__ import annotations

import sys

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
from lawref.errors import (
    EXIT_BAD_INPUT,
    EXIT_NOT_FOUND,
)
from lawref.export import json as J
from lawref.export import text as T
from lawref.folder import read_stamp
from lawref.i18n import retell, tr, trn
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
        corpus = build_index(corpus_dir, index_dir, encoding=encoding, progress=progress, full=full,
                             said_only=not (report or as_json))
    if as_json:
        _json(J.report_json(str(corpus_dir), str(index_dir), corpus.reports, len(corpus.nodes), corpus.warnings,
                            unchanged=corpus.unchanged, reused=corpus.reused))
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
    if not as_json:  # with --report on stderr: stdout holds the report
        skipped = sum(1 for r in corpus.reports if r.status == "skipped")
        reused = tr("; {count} unchanged since the last build").format(count=corpus.reused) if corpus.reused else ""
        files = len(corpus.reports) - skipped
        said = tr("nothing changed since the last build: {nodes} {files} ({skipped} skipped) in {index}") if (
            corpus.unchanged) else tr("built {nodes} {files} ({skipped} skipped{reused}) into {index}")
        _say(("lawref: " if report else "") + said.format(  # on stderr, as its other lines there, with --report
            nodes=trn("{count} node", "{count} nodes", len(corpus.nodes)).format(count=len(corpus.nodes)),
            files=trn("from {count} file", "from {count} files", files).format(count=files), skipped=skipped,
            reused=reused, index=index_dir), err=report)
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
