"""clikit: what every ``lawref`` command shares: output to people, options, input, the context."""

from __future__ import annotations

import contextlib
import contextvars
import sys
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any, NoReturn

import click

from lawref import terminal
from lawref.budget import Budget
from lawref.charsets import NotACharset, lookup_codec
from lawref.errors import (
    EXIT_BAD_INPUT,
    UsageError,
)
from lawref.export.json import dumps
from lawref.i18n import retell, said, tr, trn
from lawref.query import opening
from lawref.safeio import display_name, printable

if TYPE_CHECKING:
    from lawref.library import Library

#: The budget of the answer being written to stdout (``link``: :mod:`lawref.budget`), if any.
_ANSWER: contextvars.ContextVar[Budget | None] = contextvars.ContextVar("lawref_answer", default=None)


class _ReaderGone(Exception):
    """stdout's reader went away (``lawref search … | head -1``). Not an
    :class:`OSError`, so that click does not turn it into exit 1."""


def _out(text: str, *, err: bool = False, nl: bool = True, color: bool | None = None) -> None:
    """``click.echo`` (``color=True``: keep ANSI styles off a terminal too);
    a closed pipe on stdout becomes :class:`_ReaderGone`; an answer past its
    budget raises :class:`~lawref.errors.AnswerTooLarge` before it is written."""
    budget = _ANSWER.get()
    if budget is not None and not err:
        budget.spend(len(text) + nl)
    try:
        click.echo(text, err=err, nl=nl, color=color)
    except BrokenPipeError as exc:
        raise _ReaderGone() from exc


def _flush() -> None:
    """Flush stdout now (a streamed answer); a closed pipe becomes :class:`_ReaderGone`."""
    try:
        sys.stdout.flush()
    except BrokenPipeError as exc:
        raise _ReaderGone() from exc


def _say(text: str = "", *, err: bool = False, nl: bool = True) -> None:
    """Print ``text`` for people: control characters escaped (see module doc)."""
    _out(printable(text), err=err, nl=nl)


#: Where a search hit's snippet starts (export.text.hit_lines), and its wrapped header goes on.
SNIPPET_INDENT = 11


#: How many hits ``search`` counts to say how many more there are.
MORE_COUNTED = 1000


def _hit_lines(lines: list[str]) -> None:
    """Search hits for people: on a terminal wrapped at words (a header's
    tail under its snippet) and, unless ``NO_COLOR``, each ``⟦match⟧`` in
    colour instead of the marks."""
    lines = [printable(line) for line in lines]
    if sys.stdout.isatty():
        lines = [terminal.wrap(line, terminal.screen()[0], hang=SNIPPET_INDENT) for line in lines]
    colour = terminal.colour()
    for line in lines:
        _out(terminal.highlight(line) if colour else line, color=colour or None)


def more_line(total: int, limit: int) -> str:
    """The last line ``search`` prints on a terminal when the limit cut the
    hits: ``10 of 23 hits; 13 more — use --limit 23`` (``1000+`` past
    :data:`MORE_COUNTED`); ``23 hits`` when none was cut."""
    if total <= limit:
        return tr("{total} hits").format(total=total)
    plus = "+" if total >= MORE_COUNTED else ""
    return tr("{shown} of {total} hits; {more} more — use --limit {limit}").format(
        shown=limit, total=f"{total}{plus}", more=f"{total - limit}{plus}", limit=min(total, MORE_COUNTED))


def _read(text: str, *, pager: bool = True) -> None:
    """Print ``text`` for reading: on a terminal wrapped to its width and,
    when longer than the screen and ``pager``, paged; elsewhere as it is."""
    text = printable(text)
    if not sys.stdout.isatty():
        _out(text)
        return
    width, height = terminal.screen()
    text = terminal.wrap(text, width)
    if pager and text.count("\n") + 1 > height - 1:
        terminal.page(text, terminal.colour())
    else:
        _out(text)


def _lines(lines: list[str]) -> None:
    """Lines for people; on a terminal each wrapped to its width at words
    (its indentation kept), not cut mid-word by the terminal."""
    if sys.stdout.isatty():
        lines = [terminal.wrap(printable(line), terminal.screen()[0]) for line in lines]
    for line in lines:
        _say(line)


def fail(message: str, code: int) -> NoReturn:
    """Print ``lawref: message`` (one line) on stderr and exit with ``code``."""
    _say(f"lawref: {' '.join(message.split())}", err=True)
    sys.exit(code)


def _json(data: Any) -> None:

    _out(dumps(data))


def _text(value: str) -> str:
    """A text argument as typed: bytes of argv that were not UTF-8 (kept by
    Python as surrogate escapes) become U+FFFD, so every output is valid."""
    return value.encode("utf-8", "surrogateescape").decode("utf-8", "replace")


class _Ctx:
    """The global options, and the library they open (once per process)."""

    def __init__(self, corpus: Path | None, index: Path | None):
        self.corpus, self.index = corpus, index

    def library(self) -> Library:
        rebuilt: list[str] = []

        def rebuilding(reason: str) -> None:
            rebuilt.append(reason)
            _say(tr("lawref: {reason}: building the index …").format(reason=retell(reason)), err=True)

        def stale(why: str) -> None:
            _say(tr("lawref: {reason}").format(reason=retell(why)), err=True)

        with _progress() as progress:
            lib = opening.open_library(self.corpus, self.index, on_rebuild=rebuilding, progress=progress,
                                       on_stale=stale)
        _Quick.ok = not rebuilt
        warned = sum(1 for r in lib.report if r.get("warnings")) if rebuilt else 0
        if warned:
            _say(trn("lawref: {count} file has warnings or was skipped: 'lawref build --report' says why",
                     "lawref: {count} files have warnings or were skipped: 'lawref build --report' says why",
                     warned).format(count=warned), err=True)
        return lib

    def dirs(self) -> tuple[Path, Path]:
        corpus = self.corpus or opening.default_corpus()
        return corpus, self.index or opening.default_index(corpus)


#: The group's own options, which may also be given after the command (``lawref search x --corpus DIR``).
GLOBAL_OPTIONS = ("--corpus", "--index", "--ui")


def _globals_first(argv: list[str], group: click.Group) -> list[str]:
    """``argv`` with the group's options (:data:`GLOBAL_OPTIONS`, as
    ``--corpus DIR`` or ``--corpus=DIR``) given after the command moved in
    front of it, where click reads them; nothing after ``--`` is moved."""
    at = _command_at(argv, group)
    if at is None:
        return argv
    front, rest, k = argv[:at], [], at
    while k < len(argv):
        arg = argv[k]
        if arg == "--":
            rest += argv[k:]
            break
        if arg in GLOBAL_OPTIONS and k + 1 < len(argv):
            front += argv[k : k + 2]
            k += 2
            continue
        if arg.split("=", 1)[0] in GLOBAL_OPTIONS and "=" in arg:
            front.append(arg)
        else:
            rest.append(arg)
        k += 1
    return front + rest


def _command_at(argv: list[str], group: click.Group) -> int | None:
    """Where the command stands in ``argv`` (a global option's value is
    skipped: ``--corpus show`` names a folder), or ``None``."""
    names, k = set(group.list_commands(click.Context(group))), 0
    while k < len(argv):
        arg = argv[k]
        if arg in GLOBAL_OPTIONS:
            k += 2
            continue
        if arg in names:
            return k
        if not arg.startswith("-"):
            return None
        k += 1
    return None


def _once(ctx: click.Context, param: click.Parameter, values: tuple[str, ...]) -> str | None:
    """An option's one value, or ``None``; raises :class:`UsageError` when it was given more than once
    (click keeps the last silently: ``export --doc laws --doc commentary`` wrote the commentary alone)."""
    if len(values) > 1:
        raise UsageError(tr("{option} given {count} times ({values}): give it once").format(
            option=param.opts[0], count=len(values), values=", ".join(repr(v[:40]) for v in values[:5])))
    return values[0] if values else None


_DOC = click.option("--doc", multiple=True, callback=_once, help="Only this document (e.g. laws, commentary).")


_EDITION = click.option("--edition", multiple=True, callback=_once, help="Edition to answer from (default: the "
                        "manifest's default_edition, else the only or the newest edition of the corpus).")
#: ``--edition`` of ``link`` and ``resolve``: a citation's citing word chooses the edition when none is given.
_CITED_EDITION = click.option("--edition", multiple=True, callback=_once, help="Edition to resolve in (default: "
                              "that of the documents in the citing word's language — «правило» Russian, Law "
                              "English — else the manifest's default_edition, else the newest).")


_AS_JSON = click.option("--json", "as_json", is_flag=True, help="Print JSON.")


def _input_name(file: Path | None) -> str:
    return "stdin" if file is None or str(file) == "-" else display_name(str(file))


def _codec(encoding: str | None) -> str:
    """The codec ``link`` reads with: ``encoding``'s (raises
    :class:`UsageError` for one Python does not know), else UTF-8 with an
    optional BOM."""
    if encoding is None:
        return "utf-8-sig"
    try:
        return lookup_codec(encoding).name
    except NotACharset:
        raise UsageError(tr("{codec} is a codec, but no character set of a text (e.g. utf-8, cp1251, koi8-r)").format(
            codec=repr(encoding[:40]))) from None
    except LookupError:
        raise UsageError(tr("unknown codec {codec} (e.g. utf-8, cp1251, koi8-r)").format(codec=repr(encoding[:40]))
                         ) from None


@contextlib.contextmanager
def _open_text(file: Path | None, codec: str = "utf-8-sig") -> Iterator[IO[str]]:
    """The input of ``link`` as a text stream in ``codec`` (a UTF-8 BOM
    dropped, line ends kept as they are, so offsets are offsets into the
    decoded input)."""
    import codecs
    import io

    codecs.register_error(_STOP, _stop)
    if file is None or str(file) == "-":
        given: Any = sys.stdin.buffer
        buffer = given if hasattr(given, "peek") else io.BufferedReader(given)  # a test's BytesIO: peeked too
        _warn_utf8(buffer, codec, file)
        yield io.TextIOWrapper(buffer, encoding=codec, errors=_STOP, newline="")
        return
    try:
        raw = open(file, "rb")  # noqa: SIM115 — closed by the text stream wrapping it
    except OSError as exc:
        fail(tr("cannot read {file}: {error}").format(file=_input_name(file), error=retell(said(exc))),
             EXIT_BAD_INPUT)
    _warn_utf8(raw, codec, file)
    with io.TextIOWrapper(raw, encoding=codec, errors=_STOP, newline="") as handle:
        yield handle


#: The fewest Cyrillic letters in the first bytes of an input that make it UTF-8 for :func:`_warn_utf8`.
UTF8_LETTERS = 8


def _warn_utf8(raw: Any, codec: str, file: Path | None) -> None:
    """Warn when ``--encoding`` names a one-byte codec (cp1251, koi8-r …) for an input whose first bytes
    (a buffer's peek, never consumed) are UTF-8 holding :data:`UTF8_LETTERS` Cyrillic letters or more: read
    so, each of its letters is two others and no citation in it is found (a one-byte Cyrillic text is
    almost never valid UTF-8: its letters are bytes that open a sequence, seldom followed by one that
    goes on)."""
    if codec.replace("_", "-").startswith("utf"):
        return
    head = raw.peek(1 << 16)[: 1 << 16]
    for cut in range(4):  # a sequence cut at the peek's end
        try:
            text = head[: len(head) - cut].decode("utf-8")
            break
        except UnicodeDecodeError:
            continue
    else:
        return
    letters = sum(1 for c in text if "\u0400" <= c <= "\u04ff")
    if letters >= UTF8_LETTERS:
        _say(tr("lawref: warning: {input} reads as UTF-8 ({count} Cyrillic letters in its first bytes); read as "
                "{codec} its letters are others and no citation is found: leave out --encoding").format(
                    input=_input_name(file), count=letters, codec=codec), err=True)


class BinaryInput(ValueError):
    """The input holds NUL bytes: binary data, not text (as ``clean`` says of such a file)."""


#: The codec error handler ``link``'s input is decoded with (:func:`_stop`), and the mark it puts where the input
#: stopped being text: a lone surrogate, which no strict decoder gives (so never a character of the input).
_STOP, _FAULT = "lawref-stop", "\udfff"
#: The decoding fault :func:`_stop` met last in this thread, raised by :func:`_by_paragraph` at its mark.
_FAULTS = threading.local()


def _stop(exc: UnicodeError) -> tuple[str, int]:
    """A codec error handler (:func:`codecs.register_error`): the rest of the bytes decoded in this call
    stand for one :data:`_FAULT` mark, and ``exc`` is kept for the reader to raise there — the text decoded
    before the fault is read and answered first (a strict stream's chunk would be lost whole)."""
    if not isinstance(exc, UnicodeDecodeError):
        raise exc
    _FAULTS.exc = exc
    return _FAULT, len(exc.object)


def _by_paragraph(stream: IO[str]) -> Callable[[int], str]:
    """A ``read(n)`` for :meth:`~lawref.library.Library.link_stream` that
    returns as soon as a paragraph of ``stream`` ends (a blank line after
    text), or ``n`` code points are read, or the input ends — lines are
    read with a bound, so one endless line never fills memory. Raises
    :class:`BinaryInput` at a NUL character (any codec decodes binary data
    to some text; no text holds NUL), and the :class:`UnicodeDecodeError`
    :func:`_stop` kept at its mark: the paragraphs before either are read
    first."""

    def read(n: int) -> str:
        parts: list[str] = []
        size = 0
        while size < n:
            line = stream.readline(n - size)
            if _FAULT in line:  # first: UTF-32's mark ``00 00 FE FF`` is two NULs before the fault it makes in UTF-8
                raise _FAULTS.exc
            if "\x00" in line:
                raise BinaryInput(line)
            if not line:
                break
            parts.append(line)
            size += len(line)
            if not line.strip() and size > len(line):
                break
        return "".join(parts)

    return read


def _counted(read: Callable[[int], str], budget: Budget) -> Callable[[int], str]:
    """``read``, telling ``budget`` how much text it gave."""

    def counted(n: int) -> str:
        text = read(n)
        budget.read(len(text))
        return text

    return counted


def _stream_lines(items: Iterator[Any]) -> None:
    """Print each item as one line of compact JSON (JSON Lines), flushed as it comes."""

    for item in items:
        _out(dumps(item, compact=True))
        _flush()


def _stream_json(key: str, items: Iterator[Any], stopped: Callable[[Exception], str | None] = lambda exc: None) -> None:
    """Print ``{key: [items…]}``, one item a line as compact JSON (a
    citation is one line, so a text dense with citations answers in a few
    times its size), one item at a time (memory flat however many items
    there are). An exception ``stopped`` names a message for (an input
    that stops being text) ends the document with ``"error": message`` —
    what was printed stays one JSON document — and is raised on."""

    first = True
    try:
        for item in items:
            body = dumps(item, compact=True)
            _out(('{"' + key + '": [\n' if first else ",\n") + body, nl=False)
            first = False
    except Exception as exc:
        message = stopped(exc)
        if message is not None:
            _out(('{"' + key + '": []' if first else "\n]") + ', "error": ' + dumps(message, compact=True) + "}")
        raise
    _out('{"' + key + '": []}' if first else "\n]}")


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
            state["task"] = state["bar"].add_task(tr("building"), total=total)
        state["bar"].update(state["task"], completed=done, description=printable(name))

    try:
        yield update
    finally:
        if "bar" in state:
            state["bar"].stop()


def check_base_url(url: str) -> None:
    """Raise :class:`UsageError` unless ``url`` is ``#``, a path
    (``/site/``, ``../site/``) or an ``http``/``https`` URL with a host: a
    ``javascript:`` or ``data:`` URL would be written into every link."""
    from urllib.parse import urlsplit

    parts = urlsplit(url)
    if any(ord(c) < 33 or c in '"<>\\`' for c in url):
        raise UsageError(tr("--base-url {url}: spaces, control characters and \" < > \\ ` are not allowed").format(
            url=repr(url[:80])))
    if parts.scheme and (parts.scheme not in ("http", "https") or not parts.netloc):
        raise UsageError(tr("--base-url {url}: an http(s) URL with a host, or a path").format(url=repr(url[:80])))


class _Quick:
    """Whether this process may end without the interpreter's teardown: set
    when a command answered from an index it only read, or finished a build
    (every file written, closed and sealed)."""

    ok = False
