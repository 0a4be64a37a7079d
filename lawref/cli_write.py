"""cli_write: the commands that write documents from a built corpus — export, link."""

from __future__ import annotations

import contextlib
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import click

from lawref import exports, usecases
from lawref.budget import Budget
from lawref.clikit import (
    _ANSWER,
    _CITED_EDITION,
    _DOC,
    _EDITION,
    BinaryInput,
    _by_paragraph,
    _codec,
    _counted,
    _Ctx,
    _flush,
    _input_name,
    _lines,
    _open_text,
    _out,
    _say,
    _stream_json,
    _stream_lines,
    _text,
    check_base_url,
    fail,
)
from lawref.errors import EXIT_BAD_INPUT, UsageError
from lawref.export import annotate, formats
from lawref.i18n import retell, said, tr, trn
from lawref.safeio import atomic_write, display_name


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


@click.command()
@click.argument("file", required=False, type=click.Path(path_type=Path, dir_okay=False, allow_dash=True))
@click.option("--format", "fmt", type=click.Choice(["json", "jsonl", "md", "html", "text"]), default="json",
              show_default=True, help="json: citations with offsets; jsonl: one citation per line, as found; "
              "md/html: the text with links; text: a table.")
@click.option("--base-url", default="#", show_default=True, metavar="URL",
              help="md/html: '#' links to the anchors of export --format md (#law-62b); a URL links to the pages "
              "of the site export --format html wrote there (URL/laws/62.html#law-62b).")
@_CITED_EDITION
@click.option("--encoding", help="The input's codec (e.g. cp1251; default UTF-8, a BOM dropped).")
@click.pass_obj
def link(obj: _Ctx, file: Path | None, fmt: str, base_url: str, edition: str | None, encoding: str | None) -> None:
    """Find citations in FILE (UTF-8; stdin by default) and print them resolved
    within one edition (each target names it).

    The input is read and answered paragraph by paragraph (a piece ends at a
    blank line, or where no citation can cross), and each answer is printed
    as soon as its paragraph is read: memory stays flat on any size of
    input, and a program writing into a pipe gets its answers as it goes."""
    check_base_url(base_url)
    codec = _codec(encoding)
    lib = obj.library()
    if base_url and not base_url.endswith(("/", "#", "=", "?")):
        base_url += "/"
    budget = Budget()  # the answer stays within 40× the text read (ranges of many laws)
    token = _ANSWER.set(budget)
    with _open_text(file, codec) as stream, contextlib.ExitStack() as done:
        done.callback(_ANSWER.reset, token)
        answered = [0]  # code points of the input answered: the end of the last piece given
        pieces = _noted(usecases.link(lib, _counted(_by_paragraph(stream), budget), edition),  # a bad edition:
                        answered)  # none read
        try:
            if fmt == "json":
                _stream_json("citations", (item.to_json() for _, _, linked in pieces for item in linked))
            elif fmt == "jsonl":
                _stream_lines(item.to_json() for _, _, linked in pieces for item in linked)
            elif fmt == "text":
                _say(annotate.to_table([]))
                for _, _, linked in pieces:  # each piece's rows as it is read: memory flat, answers as it goes
                    _lines(annotate.table_rows(linked))
                    _flush()
            else:
                href, paras = exports.hrefs(lib, base_url), annotate.Paragraphs()
                for offset, piece, linked in pieces:
                    if fmt == "md":
                        _say(annotate.to_markdown(piece, linked, href, offset=offset), nl=False)
                    else:
                        _say(paras.render(piece, linked, href, offset=offset), nl=False)
                    _flush()
                _say(paras.close(), nl=False)
        except (BinaryInput, UnicodeDecodeError) as exc:
            fail(_unreadable(exc, file, codec, encoding) + _after(answered[0]), EXIT_BAD_INPUT)


def _unreadable(exc: ValueError, file: Path | None, codec: str, encoding: str | None) -> str:
    """Why ``link`` cannot read its input: binary data (a NUL; or bytes its codec cannot decode beside a NUL
    byte, in a codec where a NUL byte is NUL: a program's first bytes fail UTF-8 before its first NUL is read),
    else bytes that are not ``codec`` text (named with a hint to name another, when none was)."""
    if isinstance(exc, BinaryInput) or (isinstance(exc, UnicodeDecodeError) and b"\x00" in exc.object
                                         and b"\x00".decode(codec, "replace") == "\x00"):
        return tr("{input}: binary data (NUL bytes), not text").format(input=_input_name(file))
    assert isinstance(exc, UnicodeDecodeError)
    hint = "" if encoding else tr(" (name its codec with --encoding, e.g. cp1251)")
    name = "UTF-8" if codec == "utf-8-sig" else codec
    return tr("{input}: not {codec} text ({reason}){hint}").format(input=_input_name(file), codec=name,
                                                                   reason=exc.reason, hint=hint)


def _noted(pieces: Iterator[tuple[int, str, Any]], answered: list[int]) -> Iterator[tuple[int, str, Any]]:
    """``pieces`` (``link``'s answers: offset, text, citations), each noting in ``answered`` where it ends."""
    for offset, piece, linked in pieces:
        answered[0] = offset + len(piece)
        yield offset, piece, linked


def _after(answered: int) -> str:
    """What a ``link`` stopped by its input says of the text before the fault: how much of it was answered,
    when any was (a text decoded in chunks loses the paragraphs of the chunk that held the fault, and a
    binary file's first bytes are no text answered)."""
    if not answered:
        return ""
    return trn("; its first code point was answered", "; its first {count} code points were answered",
               answered).format(count=answered)
