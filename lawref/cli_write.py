"""cli_write: the command that writes documents from a built corpus, export (link: lawref.cli_link)."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

import click

from lawref import exports
from lawref.clikit import (
    _DOC,
    _EDITION,
    _Ctx,
    _out,
    _say,
    _text,
    check_base_url,
    fail,
)
from lawref.errors import EXIT_BAD_INPUT, UsageError
from lawref.export import formats
from lawref.i18n import retell, said, tr
from lawref.safeio import atomic_write, display_name

T = TypeVar("T")


@click.command()
@click.option("--format", "fmt", type=click.Choice(list(formats.FORMATS)), default="json", show_default=True,
              help="; ".join(f"{f.name}: {f.help}" for f in formats.FORMATS.values()) + ".")
@_DOC
@click.option("--law", metavar="CITE", help="Only this law (or section, or commentary paragraph) and what it holds.")
@_EDITION
@click.option("--width", type=click.IntRange(20, 1000), default=80, show_default=True, help="txt: wrap at this width.")
@click.option("--base-url", metavar="URL", help="md, html: link citations of laws outside the export to this site.")
@click.option("-o", "--output", "output_arg", type=click.Path(), metavar="PATH",
              help="Write to this file instead of stdout; a folder for --format html (the site; with --law, a file "
              "name gets the law's one page, a folder its site) and for txt given as DIR/ (one file a document and "
              "a lawref.toml: a corpus build reads back).")
@click.pass_obj
def export(obj: _Ctx, fmt: str, doc: str | None, law: str | None, edition: str | None, width: int,
           base_url: str | None, output_arg: str | None) -> None:
    """Export clean law documents: whole, one document (--doc) or one law
    (--law 62), as JSON, plain text, Markdown or an HTML site that works
    offline. Formats: docs/export.md; JSON contract: docs/json.md."""
    _export_options(fmt, width, base_url, law)
    if fmt in ("json", "md") and str(output_arg or "").endswith(("/", os.sep)):
        raise UsageError(tr("-o {path}: --format {format} writes one file, not a folder (give a file name)").format(
            path=output_arg, format=fmt))
    lib = obj.library()
    law = _text(law) if law is not None else None
    output = Path(output_arg) if output_arg is not None else None  # the raw text keeps a trailing /
    folder = output is not None and (output.is_dir() or str(output_arg).endswith(("/", os.sep)))
    if fmt == "html" and (folder or law is None):  # one law to a file name (``-o 62.html``): its page, as stdout
        if output is None:
            raise UsageError(tr("--format html writes a site: give a folder with -o (or one law with --law)"))
        count = _written(lambda: exports.write_site(lib, output, doc, law, edition), output)
        _say(tr("wrote {count} files to {folder}/ (open index.html)").format(count=count,
             folder=display_name(str(output))), err=True)
        return
    if fmt == "txt" and folder and output is not None:
        count = _written(lambda: exports.write_txt_corpus(lib, output, doc, law, edition, width=width), output)
        _say(tr("wrote {count} files to {folder}/ (lawref --corpus {folder} build reads it back)").format(
            count=count, folder=display_name(str(output))), err=True)
        return
    text = exports.export_text(lib, fmt, doc, law, edition, width=width, base_url=base_url)
    if output is None:
        _out(text, nl=False)
        return
    _written(lambda: atomic_write(output, text), output)  # whole or not at all: a full disk never truncates it


def _written(write: Callable[[], T], output: Path) -> T:
    """``write()``'s result; an :class:`OSError` it raises is one line naming ``output`` (exit 2)."""
    try:
        return write()
    except OSError as exc:
        fail(tr("cannot write {file}: {error}").format(file=display_name(str(output)), error=retell(said(exc))),
             EXIT_BAD_INPUT)


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
