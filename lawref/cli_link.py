"""cli_link: ``link`` — citations found in a text, resolved, printed as each paragraph is read.

Its own module, apart from ``export``: a link printed as JSON, JSON lines or
a table never loads the export writers (``--format md|html`` loads them for
their anchors: ~31M instructions, 6% of a cold ``link``; issue 28).
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import click

from lawref import usecases
from lawref.budget import Budget
from lawref.charsets import wide_bom
from lawref.clikit import (
    _ANSWER,
    _CITED_EDITION,
    BinaryInput,
    _by_paragraph,
    _codec,
    _counted,
    _Ctx,
    _flush,
    _input_name,
    _lines,
    _open_text,
    _say,
    _stream_json,
    _stream_lines,
    check_base_url,
    fail,
)
from lawref.errors import EXIT_BAD_INPUT, UsageError
from lawref.export import annotate
from lawref.i18n import tr, trn


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
    given = click.get_current_context().get_parameter_source("base_url") != click.core.ParameterSource.DEFAULT
    if given and fmt not in ("md", "html"):  # as export refuses it: an option the format would ignore
        raise UsageError(tr("--base-url applies to --format md and html, not {format}").format(format=fmt))
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

        def stopped(exc: Exception, english: bool = False) -> str | None:  # why the input stopped being text, and
            if not isinstance(exc, (BinaryInput, UnicodeDecodeError)):  # how much was answered (English: the JSON's)
                return None
            return _unreadable(exc, file, codec, encoding, english) + _after(answered[0], english)

        paras = annotate.Paragraphs()
        try:
            if fmt == "json":
                _stream_json("citations", (item.to_json() for _, _, linked in pieces for item in linked),
                             lambda exc: stopped(exc, english=True))  # JSON is data: in no user's language
            elif fmt == "jsonl":
                _stream_lines(item.to_json() for _, _, linked in pieces for item in linked)
            elif fmt == "text":
                header = [annotate.to_table([])]  # printed with the first piece read: input that is no text prints none
                for _, _, linked in pieces:  # each piece's rows as it is read: memory flat, answers as it goes
                    if header:
                        _say(header.pop())
                    _lines(annotate.table_rows(linked))
                    _flush()
                if header:  # no piece: an empty input's answer is the header alone
                    _say(header.pop())
            else:
                from lawref import exports  # the export writers' anchors: only md and html load them

                href = exports.hrefs(lib, base_url)
                for offset, piece, linked in pieces:
                    if fmt == "md":
                        _say(annotate.to_markdown(piece, linked, href, offset=offset), nl=False)
                    else:
                        _say(paras.render(piece, linked, href, offset=offset), nl=False)
                    _flush()
                _say(paras.close(), nl=False)
        except (BinaryInput, UnicodeDecodeError) as exc:
            if fmt == "html":
                _say(paras.close(), nl=False)  # the paragraphs printed stay well formed
            fail(str(stopped(exc)), EXIT_BAD_INPUT)


def _unreadable(exc: ValueError, file: Path | None, codec: str, encoding: str | None, english: bool = False) -> str:
    """Why ``link`` cannot read its input: binary data (a NUL; or bytes its codec cannot decode beside a NUL
    byte, in a codec where a NUL byte is NUL: a program's first bytes fail UTF-8 before its first NUL is read),
    else bytes that are not ``codec`` text (named with a hint to name another, when none was; UTF-16 by its byte
    order mark, and UTF-32); in the user's language, or in English (``english``: the JSON's ``error``)."""
    lang = "en" if english else None
    marked = wide_bom(exc.object) if isinstance(exc, UnicodeDecodeError) and exc.start < 4 else None  # in the mark
    if marked is not None:
        return tr("{input}: {unicode} text (its byte order mark), not {codec}: name its codec with --encoding {name}",
                  lang).format(input=_input_name(file), codec="UTF-8" if codec == "utf-8-sig" else codec,
                               unicode=marked.upper(), name=marked)
    if isinstance(exc, BinaryInput) or (isinstance(exc, UnicodeDecodeError) and b"\x00" in exc.object
                                         and b"\x00".decode(codec, "replace") == "\x00"):
        return tr("{input}: binary data (NUL bytes), not text", lang).format(input=_input_name(file))
    assert isinstance(exc, UnicodeDecodeError)
    hint = "" if encoding else tr(" (name its codec with --encoding, e.g. cp1251)", lang)
    name = "UTF-8" if codec == "utf-8-sig" else codec
    return tr("{input}: not {codec} text ({reason}){hint}", lang).format(input=_input_name(file), codec=name,
                                                                         reason=exc.reason, hint=hint)


def _noted(pieces: Iterator[tuple[int, str, Any]], answered: list[int]) -> Iterator[tuple[int, str, Any]]:
    """``pieces`` (``link``'s answers: offset, text, citations), each noting in ``answered`` where it ends."""
    for offset, piece, linked in pieces:
        answered[0] = offset + len(piece)
        yield offset, piece, linked


def _after(answered: int, english: bool = False) -> str:
    """What a ``link`` stopped by its input says of the text before the fault: how much of it was answered,
    when any was (every paragraph before the one that holds the fault: :func:`lawref.clikit._stop`; a binary
    file's first bytes are no text answered); in English with ``english``."""
    if not answered:
        return ""
    return trn("; its first code point was answered", "; its first {count} code points were answered", answered,
               "en" if english else None).format(count=answered)
