"""cli_clean: ``clean``, one raw file through the cleaning passes (loaded for it alone).

A ``build`` that finds nothing changed never loads the passes."""

from __future__ import annotations

from pathlib import Path

import click

from lawref.clikit import _codec, _say, fail
from lawref.corpus import clean_file, lost_warnings
from lawref.errors import EXIT_BAD_INPUT, DecodeError
from lawref.export import text as T
from lawref.i18n import retell, said, tr
from lawref.ingest.clean import render
from lawref.safeio import display_name
from lawref.scan import not_text


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
    decoded = done.loaded.decoded
    for lost in lost_warnings(done.loaded.text, decoded.replaced, decoded.encoding):  # as a build warns
        _say(tr("lawref: warning: {where}: {what}").format(where=where, what=retell(lost)), err=True)
    if report:
        d, moji = done.loaded.decoded, done.loaded.mojibake
        head = tr("{file}: encoding {encoding} ({how}); format {format}; language {lang}; layout {layout}; mojibake "
                  "repaired {count} line(s){fixes}").format(
            file=display_name(str(file)), encoding=d.encoding, how=retell(d.how), format=done.loaded.format,
            lang=done.lang, layout=done.cleaned.style, count=len(moji.lines), fixes=T.repairs(dict(moji.how)))
        passes = [p.to_json() for p in done.cleaned.report.passes]
        _say("\n".join([head, *T.passes_lines(passes)]), err=True)


