"""cli: the ``lawref`` command line, a thin click layer over the library.

Each command parses its arguments, makes one library call and prints what
:mod:`lawref.export.text` or :mod:`lawref.export.json` made of the answer.
Errors are exceptions under :class:`~lawref.errors.LawrefError`; the group's
``main`` maps them in one place to a one-line message on stderr and an exit
code — 0 ok, 1 nothing found, 2 bad usage or unusable input, 3 an internal
error (``LAWREF_DEBUG=1`` shows its traceback). Everything printed for people
passes :func:`~lawref.safeio.printable`, so text from a file can never act on
the terminal; JSON is escaped as JSON allows. Only the commands that build
(``build``, ``clean``, or a query that finds its index stale) load the build
side.
"""

from __future__ import annotations

import contextlib
import contextvars
import os
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any, NoReturn

import click

from lawref import usecases
from lawref._version import __version__
from lawref.budget import Budget
from lawref.cite import latin
from lawref.errors import (
    EXIT_BAD_INPUT,
    EXIT_INTERNAL,
    EXIT_NOT_FOUND,
    EXIT_OK,
    DecodeError,
    LawrefError,
    NotFound,
    UsageError,
)
from lawref.export import formats
from lawref.export import json as J
from lawref.export import text as T
from lawref.export.json import dumps
from lawref.i18n import choose, chosen, retell, speak, tr, trn
from lawref.model import Node, Status
from lawref.safeio import atomic_write, display_name, printable

if TYPE_CHECKING:
    from lawref.library import Library

__all__ = ["cli", "main"]


class _ReaderGone(Exception):
    """stdout's reader went away (``lawref search … | head -1``). Not an
    :class:`OSError`, so that click does not turn it into exit 1."""


#: The budget of the answer being written to stdout (``link``: :mod:`lawref.budget`), if any.
_ANSWER: contextvars.ContextVar[Budget | None] = contextvars.ContextVar("lawref_answer", default=None)


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
    tail under its snippet) and, unless ``NO_COLOR``, each ``[match]`` in
    colour instead of brackets."""
    from lawref import terminal

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
    from lawref import terminal

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
        from lawref import terminal

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
        from lawref.query.opening import open_library

        rebuilt: list[str] = []

        def rebuilding(reason: str) -> None:
            rebuilt.append(reason)
            _say(tr("lawref: {reason}: building the index …").format(reason=retell(reason)), err=True)

        def stale(why: str) -> None:
            _say(tr("lawref: {reason}").format(reason=retell(why)), err=True)

        with _progress() as progress:
            lib = open_library(self.corpus, self.index, on_rebuild=rebuilding, progress=progress, on_stale=stale)
        _Quick.ok = not rebuilt
        warned = sum(1 for r in lib.report if r.get("warnings")) if rebuilt else 0
        if warned:
            _say(trn("lawref: {count} file has warnings or was skipped: 'lawref build --report' says why",
                     "lawref: {count} files have warnings or were skipped: 'lawref build --report' says why",
                     warned).format(count=warned), err=True)
        return lib

    def dirs(self) -> tuple[Path, Path]:
        from lawref.query.opening import default_corpus, default_index

        corpus = self.corpus or default_corpus()
        return corpus, self.index or default_index(corpus)


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


def _version(ctx: click.Context, asked: bool) -> None:
    """``--version``: «lawref, version 0.2.0» in the user's language (click's
    own option fixes its words when lawref is imported, before a language is
    chosen)."""
    if asked and not ctx.resilient_parsing:
        _say(tr("%(prog)s, version %(version)s") % {"prog": "lawref", "version": __version__})
        ctx.exit()


def _choose_ui(argv: list[str]) -> None:
    """``--ui ru|en`` among the global options, set before anything is said
    (``--help`` is answered while the options are read)."""
    choose(None)  # a new command: nothing chosen yet (one process may run several, as tests do)
    for k, arg in enumerate(argv):
        value = argv[k + 1] if arg == "--ui" and k + 1 < len(argv) else arg[5:] if arg.startswith("--ui=") else None
        if value in ("ru", "en"):
            choose(value)


def _localise(group: click.Group) -> None:
    """Every help text of ``group``, its commands and their options in the
    user's language (the English originals are kept: one process may be
    asked in both, as tests do)."""
    import inspect

    for obj in [group, *group.params, *group.commands.values(),
                *(p for c in group.commands.values() for p in c.params)]:
        original = obj.__dict__.setdefault("_help_en", getattr(obj, "help", None))
        if original:
            obj.help = tr(inspect.cleandoc(original))  # type: ignore[attr-defined]
        if isinstance(obj, click.Command):
            obj._help_option = None  # click's -h/--help, made anew in this language
            obj.options_metavar = tr("[OPTIONS]")
        if isinstance(obj, click.Parameter):
            _localise_type(obj.type)
    group.subcommand_metavar = tr("COMMAND [ARGS]...")


def _localise_type(kind: click.ParamType) -> None:
    """A parameter type's name (``file``, ``integer range``, ``text``) in
    the user's language: click names it in its errors («'abc' is not a
    valid integer range») and in help (``FILE``), and fixed it at import."""
    original = kind.__dict__.setdefault("_name_en", kind.name)
    kind.name = tr(original)


def _command_at(argv: list[str], group: click.Group) -> int | None:
    """Where the command stands in ``argv`` (a global option's value is
    skipped: ``--corpus show`` names a folder), or ``None``."""
    k = 0
    while k < len(argv):
        arg = argv[k]
        if arg in GLOBAL_OPTIONS:
            k += 2
            continue
        if arg in group.commands:
            return k
        if not arg.startswith("-"):
            return None
        k += 1
    return None


class _OneLineErrors(click.Group):
    """The group that maps every error to one line on stderr and an exit code."""

    def main(self, *args: Any, **kwargs: Any) -> Any:
        kwargs["standalone_mode"] = False
        given = kwargs.pop("args", args[0] if args else None)
        args = args[1:]
        argv = _globals_first(list(given) if given is not None else sys.argv[1:], self)
        _choose_ui(argv)
        speak()
        _localise(self)
        try:
            return super().main(argv, *args, **kwargs)
        except click.exceptions.NoArgsIsHelpError as exc:
            click.echo(exc.ctx.get_help() if exc.ctx else "")
            return None
        except click.UsageError as exc:
            fail(exc.format_message(), EXIT_BAD_INPUT)
        except click.ClickException as exc:
            fail(exc.format_message(), exc.exit_code)
        except click.Abort:
            fail(tr("aborted"), EXIT_BAD_INPUT)
        except LawrefError as exc:
            fail(retell(str(exc)), exc.exit_code)
        except (BrokenPipeError, _ReaderGone):  # the reader went away (``search … | head -1``): it read enough
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
            sys.exit(EXIT_OK)
        except OSError as exc:  # stdout cannot be written (``> /dev/full``), an index that cannot be written
            where = f" ({display_name(str(exc.filename))})" if exc.filename else ""
            fail(f"{retell(str(exc.strerror or exc))}{where}", EXIT_BAD_INPUT)
        except MemoryError:  # the input is more than this machine holds: its fault, not lawref's
            fail(tr("out of memory: the input is more than this machine can hold"), EXIT_BAD_INPUT)
        except Exception as exc:  # a bug: one line, unless asked for the traceback
            if os.environ.get("LAWREF_DEBUG"):
                raise
            fail(tr("internal error: {error} (LAWREF_DEBUG=1 shows the traceback)").format(
                 error=f"{type(exc).__name__}: {exc}"),
                 EXIT_INTERNAL)


@click.group(cls=_OneLineErrors, context_settings={"help_option_names": ["-h", "--help"]})
@click.option("--corpus", type=click.Path(path_type=Path, file_okay=False), envvar="LAWREF_CORPUS",
              help="Corpus folder (default: the corpus shipped with lawref). Env: LAWREF_CORPUS.")
@click.option("--index", "index_dir", type=click.Path(path_type=Path, file_okay=False), envvar="LAWREF_INDEX",
              help="Index folder lawref owns (default: per-user cache). Env: LAWREF_INDEX.")
@click.option("--ui", type=click.Choice(["ru", "en"]), help="The language lawref speaks: messages and the words "
              "around the law text (default: the locale, LANG/LC_MESSAGES; English unless Russian). Env: LAWREF_UI.")
@click.option("--version", is_flag=True, expose_value=False, is_eager=True,
              callback=lambda ctx, _p, v: _version(ctx, v), help="Print lawref's version.")
@click.pass_context
def cli(ctx: click.Context, corpus: Path | None, index_dir: Path | None, ui: str | None) -> None:
    """Search and read the Laws of Duplicate Contract Bridge.

    Global options (--corpus, --index, --ui) go before or after the command."""
    if ui is not None:
        choose(ui)  # read by lawref.i18n for every message from here on
    ctx.obj = _Ctx(corpus, index_dir)


_DOC = click.option("--doc", help="Only this document (e.g. laws, commentary).")
_EDITION = click.option("--edition", help="Edition to answer from (default: the manifest's default_edition, "
                        "else the only or the newest edition of the corpus).")
_AS_JSON = click.option("--json", "as_json", is_flag=True, help="Print JSON.")


# -- search, show -------------------------------------------------------------------


@cli.command()
@click.argument("words", metavar="QUERY", nargs=-1, required=True)
@click.option("--limit", type=click.IntRange(1, 1000), default=10, show_default=True, help="Most hits to print.")
@_DOC
@_AS_JSON
@click.option("--lang", type=click.Choice(["ru", "en", "any"]), default="any", show_default=True,
              help="Language of the query: en translates English bridge terms through the glossary.")
@click.pass_obj
def search(obj: _Ctx, words: tuple[str, ...], limit: int, doc: str | None, as_json: bool, lang: str) -> None:
    """Ranked search in any Russian word form, or in English bridge terms
    (revoke, dummy, adjusted score). Exit 1 when nothing is found.

    \b
    QUERY syntax:
      взятка фальшренонс   every word, in any form (AND); typos are corrected
      "ход вне очереди"    a phrase: the words together, in this order
      претензия OR уступка either word
      62B, правило 62B     a cite: that node first, then the nodes citing it
      62B фальшренонс      a cite and words: the cited node, then the words
      revoke, dummy        English bridge terms, through the glossary
                           (--lang en: English only; --lang ru: Russian only)"""

    query, lib = _text(" ".join(words)), obj.library()  # words need no quotes: взятка фальшренонс
    lib.check_doc(doc)
    answer = lib.answer(query, limit=limit, doc=doc, lang=lang)
    hits = answer.hits
    for note in answer.notes():
        _say(f"lawref: {note}", err=True)
    if (gone := lib.absent_law(query)) is not None:
        _say(tr("lawref: {cite} — not in this corpus: Law {cite}, {title}; the hits cite it").format(
            cite=gone[0], title=gone[1]), err=True)
    if as_json:
        _json(J.search_json(lib, query, hits, answer))
    else:
        _hit_lines(T.hit_lines(lib, hits))
        if len(hits) == limit and sys.stdout.isatty():  # a person reads: say what the limit left out
            _say(more_line(len(lib.answer(query, limit=MORE_COUNTED, doc=doc, lang=lang).hits), limit))
    if not hits:
        raise NotFound(tr("nothing found for {query}").format(query=repr(query[:79]))) if not as_json else SystemExit(
            EXIT_NOT_FOUND)


def _complete_cite(ctx: click.Context, param: click.Parameter, incomplete: str) -> list[Any]:
    """Shell completion of a CITE (``lawref show 62<TAB>`` → 62, 62A, 62B):
    the cites of the built index that start with what was typed (``62в`` →
    ``62B``). It never builds: with no index there is nothing to offer."""
    from click.shell_completion import CompletionItem

    from lawref.library import Library
    from lawref.query.opening import default_corpus, default_index

    root = ctx.find_root().params
    try:
        corpus = root.get("corpus") or _completed_global("--corpus") or default_corpus()
        lib = Library.open(root.get("index_dir") or _completed_global("--index") or default_index(corpus),
                           verify=False)
        try:
            found = lib.store.cites_from(latin(incomplete.strip()), limit=200)
        finally:
            lib.close()
    except (LawrefError, OSError, ValueError):
        return []
    return [CompletionItem(c) for c in found]


def _completed_global(option: str) -> Path | None:
    """The value of a global ``option`` typed after the command in the line
    being completed (``lawref show 62 --index DIR``): click reads the
    group's options only before the command, and completion reads the
    shell's ``COMP_WORDS``, not the argv :func:`_globals_first` reorders."""
    from click.shell_completion import split_arg_string

    words = split_arg_string(os.environ.get("COMP_WORDS", ""))
    argv = _globals_first(words[1:], cli)
    for k, word in enumerate(argv[: _command_at(argv, cli) or 0]):
        if word == option and k + 1 < len(argv):
            return Path(argv[k + 1])
        if word.startswith(option + "="):
            return Path(word.split("=", 1)[1])
    return None


@cli.command()
@click.argument("cite_words", metavar="[CITE]", nargs=-1, shell_complete=_complete_cite)
@_DOC
@click.option("--json", "as_json", is_flag=True, help="Print the node with nested children as JSON.")
@click.option("--source", "raw", is_flag=True, help="Print the raw lines the node came from instead.")
@click.option("--lang", type=click.Choice(["ru", "en", "both"]), default="ru", show_default=True,
              help="en: the English counterpart; both: side by side (same edition when there is one).")
@click.option("--page", type=click.IntRange(0, 99_999), help="Print the whole printed page N instead of a CITE.")
@click.option("--plain", is_flag=True, help="Only the law's own words and marks, for pasting into a ruling: no "
              "English titles, document line or reference lines.")
@click.option("--no-pager", is_flag=True, help="On a terminal, never page (by default text longer than the screen "
              "goes through $PAGER, else less -R).")
@_EDITION
@click.pass_obj
def show(obj: _Ctx, cite_words: tuple[str, ...], doc: str | None, as_json: bool, raw: bool, lang: str,
         page: int | None, plain: bool, no_pager: bool, edition: str | None) -> None:
    """Print a law, section or commentary paragraph with its children, or
    (--page N) every node the scrape kept of printed page N.

    CITE: 62, 62B, 62b, 62В, "правило 62B", "Law 62 B", 72A5, 43B2(a), 45.5,
    or a node id. A law the edition has but the corpus lacks prints its
    catalogue line (exit 1); so does --lang en for a node with no English
    text in the corpus, and --page for a page the scrape lost. A fragment
    ends with the nodes printed before and after it."""

    cite = " ".join(cite_words) or None  # «show Law 62 B» needs no quotes
    if (cite is None) == (page is None):
        raise UsageError(tr("show needs a CITE or --page N (one of them)"))
    lib = obj.library()
    lib.check_doc(doc)
    if page is not None:
        on = lib.on_page(page, doc)
        if not on:
            raise NotFound(tr("page {page} is not in this corpus (the scrape kept pages {pages})").format(
                page=page, pages=lib.pages_kept(doc)))
        if raw:
            items = J.source_json(lib, on)
            _json(items) if as_json else _lines(T.source_lines(items))
        else:
            if as_json:
                _json([J.tree_json(lib, n) for n in on])
            else:
                _read(T.page_text(lib, page, on), pager=not no_pager)
        return
    shown = usecases.show(lib, _text(str(cite)), doc=doc, edition=edition, lang=lang)
    if (gone := shown.absent) is not None:
        if as_json:
            _json(J.absent_json(gone.canonical, gone.edition, gone.entry, gone.fragments, gone.why))
        else:
            _say(T.absent_line(gone.canonical, gone.entry, gone.fragments, gone.why,
                               [lib.label(f) for f in gone.fragments]))
        sys.exit(shown.exit_code)
    nodes = shown.nodes
    if raw:
        items = J.source_json(lib, nodes)
        _json(items[0] if len(items) == 1 else items) if as_json else _lines(T.source_lines(items))
    elif as_json:
        _json(J.show_json(lib, nodes, lang))
    else:
        _read(T.show_text(lib, nodes, lang, plain=plain), pager=not no_pager)
        _structure_said(lib, nodes)
    if not raw and shown.exit_code:
        sys.exit(shown.exit_code)  # no English text, only the catalogue's title: as «not in this corpus» is (show 59)


def _structure_said(lib: Library, nodes: list[Node]) -> None:
    """On stderr, a line for each structure warning of the build that touches
    what ``show`` printed (the text on stdout stays the law's)."""
    if not lib.structure:
        return
    from lawref.contents import structure_warnings

    for f in structure_warnings(lib, nodes):
        _say(tr("lawref: structure warning, line {line} ({node}): {what}").format(
            line=f["line"], node=f["node"], what=retell(str(f["message"]))), err=True)


@cli.command()
@_DOC
@click.option("--law", metavar="CITE", help="Only this law (or section) and what it holds.")
@_AS_JSON
@click.pass_obj
def toc(obj: _Ctx, doc: str | None, law: str | None, as_json: bool) -> None:
    """What the corpus holds: chapters, laws, sections, commentary paragraphs
    and fragments, each with its English title, page and status (whole,
    lost pages, fragment), and the laws of the edition it lacks (absent;
    with --law, exit 1 as for show)."""

    lib = obj.library()
    entries = lib.contents(doc, _text(law) if law is not None else None)
    _json(J.toc_json(entries)) if as_json else _lines(T.toc_lines(lib, entries))
    if law is not None and all(e.status == Status.ABSENT for e in entries):
        sys.exit(EXIT_NOT_FOUND)  # the edition has it, the corpus does not: as show says it


# -- references ---------------------------------------------------------------------


@cli.command()
@click.argument("cite", shell_complete=_complete_cite)
@click.option("--incoming", is_flag=True, help="Nodes that cite this one (backlinks) instead.")
@_DOC
@_AS_JSON
@click.pass_obj
def refs(obj: _Ctx, cite: str, incoming: bool, doc: str | None, as_json: bool) -> None:
    """References made by a node and its descendants, with their status;
    with --incoming, every node that cites it or its descendants."""

    cite, lib = _text(cite), obj.library()
    lib.check_doc(doc)
    found = lib.references(cite, incoming=incoming, doc=doc)
    _json(J.refs_json(found, incoming)) if as_json else _lines(T.refs_lines(lib, found, incoming))


@cli.command()
@click.argument("file", required=False, type=click.Path(path_type=Path, dir_okay=False, allow_dash=True))
@click.option("--format", "fmt", type=click.Choice(["json", "jsonl", "md", "html", "text"]), default="json",
              show_default=True, help="json: citations with offsets; jsonl: one citation per line, as found; "
              "md/html: the text with links; text: a table.")
@click.option("--base-url", default="#", show_default=True, metavar="URL",
              help="md/html: '#' links to the anchors of export --format md (#law-62b); a URL links to the pages "
              "of the site export --format html wrote there (URL/laws/62.html#law-62b).")
@_EDITION
@click.option("--encoding", help="The input's codec (e.g. cp1251; default UTF-8, a BOM dropped).")
@click.pass_obj
def link(obj: _Ctx, file: Path | None, fmt: str, base_url: str, edition: str | None, encoding: str | None) -> None:
    """Find citations in FILE (UTF-8; stdin by default) and print them resolved
    within one edition (each target names it).

    The input is read and answered paragraph by paragraph (a piece ends at a
    blank line, or where no citation can cross), and each answer is printed
    as soon as its paragraph is read: memory stays flat on any size of
    input, and a program writing into a pipe gets its answers as it goes."""
    from lawref.export import annotate

    check_base_url(base_url)
    codec = _codec(encoding)
    lib = obj.library()
    lib.pick_edition(edition)  # a bad edition is refused before any input is read
    if base_url and not base_url.endswith(("/", "#", "=", "?")):
        base_url += "/"
    budget = Budget()  # the answer stays within 40× the text read (ranges of many laws)
    token = _ANSWER.set(budget)
    with _open_text(file, codec) as stream, contextlib.ExitStack() as done:
        done.callback(_ANSWER.reset, token)
        pieces = lib.link_stream(_counted(_by_paragraph(stream), budget), edition=edition)
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
                href, paras = formats.hrefs(lib, base_url), annotate.Paragraphs()
                for offset, piece, linked in pieces:
                    if fmt == "md":
                        _say(annotate.to_markdown(piece, linked, href, offset=offset), nl=False)
                    else:
                        _say(paras.render(piece, linked, href, offset=offset), nl=False)
                    _flush()
                _say(paras.close(), nl=False)
        except UnicodeDecodeError as exc:
            hint = "" if encoding else tr(" (name its codec with --encoding, e.g. cp1251)")
            name = "UTF-8" if codec == "utf-8-sig" else codec
            fail(tr("{input}: not {codec} text ({reason}){hint}; what came before it was answered").format(
                 input=_input_name(file), codec=name, reason=exc.reason, hint=hint),
                 EXIT_BAD_INPUT)


@cli.command()
@click.argument("citations", nargs=-1, required=True)
@_EDITION
@_AS_JSON
@click.pass_obj
def resolve(obj: _Ctx, citations: tuple[str, ...], edition: str | None, as_json: bool) -> None:
    """Resolve each CITATION ("Law 62B", "правило 81C8", 45.5) to the node it
    names in one edition: status, node id and edition (a line for each cite
    of a list or range: "правила 70 или 71"). Exit 1 when one does not
    resolve exactly."""

    lib = obj.library()
    answers = [(c, t) for c in citations for t in (lib.resolve_targets(_text(c), edition) or [None])]
    _json(J.resolve_json(answers)) if as_json else _lines(T.resolve_lines(answers))
    if any(t is None or t.status != Status.EXACT for _, t in answers):
        sys.exit(EXIT_NOT_FOUND)


def _input_name(file: Path | None) -> str:
    return "stdin" if file is None or str(file) == "-" else display_name(str(file))


def _codec(encoding: str | None) -> str:
    """The codec ``link`` reads with: ``encoding``'s (raises
    :class:`UsageError` for one Python does not know), else UTF-8 with an
    optional BOM."""
    if encoding is None:
        return "utf-8-sig"
    from lawref.manifest import NotACharset, lookup_codec  # the one rule of what a text's codec may be

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
    import io

    if file is None or str(file) == "-":
        yield io.TextIOWrapper(sys.stdin.buffer, encoding=codec, newline="")
        return
    try:
        handle = open(file, encoding=codec, newline="")
    except OSError as exc:
        fail(tr("cannot read {file}: {error}").format(file=_input_name(file), error=retell(str(exc.strerror or exc))),
             EXIT_BAD_INPUT)
    with handle:
        yield handle


def _by_paragraph(stream: IO[str]) -> Callable[[int], str]:
    """A ``read(n)`` for :meth:`~lawref.library.Library.link_stream` that
    returns as soon as a paragraph of ``stream`` ends (a blank line after
    text), or ``n`` code points are read, or the input ends — lines are
    read with a bound, so one endless line never fills memory."""

    def read(n: int) -> str:
        parts: list[str] = []
        size = 0
        while size < n:
            line = stream.readline(n - size)
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


def _stream_json(key: str, items: Iterator[Any]) -> None:
    """Print ``{key: [items…]}``, one item a line as compact JSON (a
    citation is one line, so a text dense with citations answers in a few
    times its size), one item at a time (memory flat however many items
    there are)."""

    first = True
    for item in items:
        body = dumps(item, compact=True)
        _out(('{"' + key + '": [\n' if first else ",\n") + body, nl=False)
        first = False
    _out('{"' + key + '": []}' if first else "\n]}")


@cli.command()
@_AS_JSON
@click.pass_obj
def check(obj: _Ctx, as_json: bool) -> None:
    """Dangling links: every citation in the corpus that does not resolve
    exactly, grouped by status (partial, absent, invalid)."""

    lib = obj.library()
    groups = lib.dangling()
    _json(J.check_json(groups)) if as_json else _lines(T.check_lines(lib, groups))


@cli.command()
@click.argument("word")
@_AS_JSON
@click.pass_obj
def term(obj: _Ctx, word: str, as_json: bool) -> None:
    """A glossary entry (Russian in any form, or English) and the laws that use it most."""

    word = _text(word)
    try:
        lib = obj.library()
    except LawrefError as exc:  # the glossary needs no corpus: answer from it alone, and say why no counts
        _say(tr("lawref: {error}; the glossary alone answers (no laws counted)").format(error=exc), err=True)
        lib = None
    entries = lib.term_entries(word) if lib is not None else _glossary_only(word)
    _json(J.term_json(word, entries)) if as_json else _lines(T.term_lines(entries))


def _glossary_only(word: str) -> list[Any]:
    """:meth:`Library.term_entries` without a corpus: each entry, no laws."""
    from lawref.query.terms import glossary_entries

    return [(t, []) for t in glossary_entries(word)]


# -- build, clean, export -----------------------------------------------------------


@cli.command()
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
    from lawref.folder import read_stamp
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


@cli.command("clean")
@click.argument("file", type=click.Path(path_type=Path, dir_okay=False))
@click.option("--report", is_flag=True, help="Also print each step with counts and two examples (stderr).")
@click.option("--encoding", help="Force this codec (e.g. cp1251).")
def clean_cmd(file: Path, report: bool, encoding: str | None) -> None:
    """Print the clean text of one raw FILE."""
    from lawref.corpus import clean_file, lost_warning
    from lawref.ingest.clean import render
    from lawref.scan import not_text

    if encoding is not None:
        _codec(encoding)
    refused = not_text(file.name)  # read as a build reads it: a PDF or an image is never text
    if refused:
        fail(tr("{file}: {reason}").format(file=display_name(str(file)), reason=retell(refused)), EXIT_BAD_INPUT)
    try:
        done = clean_file(file, encoding)
    except DecodeError as exc:
        fail(tr("{file}: {reason}").format(file=display_name(str(file)), reason=retell(str(exc))), EXIT_BAD_INPUT)
    except OSError as exc:
        fail(tr("cannot read {file}: {error}").format(file=display_name(str(file)), error=retell(
            str(exc.strerror or exc))), EXIT_BAD_INPUT)
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


@cli.command()
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
        count = formats.write_site(lib, output, doc, law, edition)
        _say(tr("wrote {count} files to {folder}/ (open index.html)").format(count=count,
             folder=display_name(str(output))), err=True)
        return
    if fmt == "txt" and folder and output is not None:
        count = formats.write_txt_corpus(lib, output, doc, law, edition, width=width)
        _say(tr("wrote {count} files to {folder}/ (lawref --corpus {folder} build reads it back)").format(
            count=count, folder=display_name(str(output))), err=True)
        return
    text = formats.render(lib, fmt, doc, law, edition, width=width, base_url=base_url)
    if output is None:
        _out(text, nl=False)
        return
    try:
        atomic_write(output, text)  # whole or not at all: a full disk never truncates the old file
    except OSError as exc:
        fail(tr("cannot write {file}: {error}").format(file=display_name(str(output)),
                                                        error=retell(str(exc.strerror or exc))),
             EXIT_BAD_INPUT)


# -- serve ----------------------------------------------------------------------------


@cli.command()
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
        from lawref import serve as S
    except ImportError:
        raise UsageError(tr("lawref serve needs FastAPI and uvicorn: pip install 'lawref[serve]'")) from None
    for origin in cors_origins:
        _check_origin(origin)
    lib = obj.library()  # built here if needed: once, not in each worker
    try:
        sock = S.listen(host, port)
    except OSError as exc:
        error = retell(str(exc.strerror or exc))
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


def check_base_url(url: str) -> None:
    """Raise :class:`UsageError` unless ``url`` is ``#``, a path
    (``/site/``, ``../site/``) or an ``http``/``https`` URL with a host: a
    ``javascript:`` or ``data:`` URL would be written into every link."""
    from urllib.parse import urlsplit

    parts = urlsplit(url)
    if any(ord(c) < 33 or c in '"<>\\`' for c in url):
        raise UsageError(tr("--base-url {url}: spaces, quotes and control characters are not allowed").format(
            url=repr(url[:80])))
    if parts.scheme and (parts.scheme not in ("http", "https") or not parts.netloc):
        raise UsageError(tr("--base-url {url}: an http(s) URL with a host, or a path").format(url=repr(url[:80])))


class _Quick:
    """Whether this process may end without the interpreter's teardown: set
    when a command answered from an index it only read, or finished a build
    (every file written, closed and sealed)."""

    ok = False


def main() -> None:
    """Console-script entry point (also ``python -m lawref``).

    A query process ends with :func:`os._exit` once its output is flushed:
    tearing down the interpreter (freeing every module and object) costs
    more CPU than lawref's own imports — 55–80 ms on the benchmark machine,
    a third of a cold ``show``, and a build's heap of nodes takes longer still
    (issue 13; BENCHMARKS.md). Only a process that read an index or
    finished a build, and holds no exit handler lawref does not know, ends
    so: :mod:`logging`'s (loaded by pymorphy3) is run here first; any other
    keeps the normal exit, so that every handler runs. A process started
    with its standard output closed (``lawref show 62B >&-``; Python gives
    it ``sys.stdout = None``) says so in one line on stderr and exits 2."""
    if sys.stdout is None:
        if sys.stderr is not None:
            print(tr("lawref: standard output is closed: there is nowhere to answer"), file=sys.stderr)
        os._exit(EXIT_BAD_INPUT)
    try:
        cli(prog_name="lawref")
    except SystemExit as exc:
        if not _may_end_now() or not (exc.code is None or isinstance(exc.code, int)):
            raise
        _end_now(exc.code or EXIT_OK)
    if _may_end_now():
        _end_now(EXIT_OK)


def _may_end_now() -> bool:
    """The command only read an index or finished a build, and no exit
    handler is left once logging's has run (``atexit._ncallbacks``: where
    it is missing, never)."""
    import atexit

    count = getattr(atexit, "_ncallbacks", None)
    if not _Quick.ok or count is None:
        return False
    logging = sys.modules.get("logging")
    if logging is not None:
        logging.shutdown()  # what its exit handler would do: flush and close every handler
        atexit.unregister(logging.shutdown)
    return count() == 0


def _end_now(code: int) -> None:
    """Flush stdout and stderr, then end the process with ``code`` at once."""
    for stream in (sys.stdout, sys.stderr):
        try:
            if stream is not None:
                stream.flush()
        except (OSError, ValueError):  # a reader that went away, or a closed stream: nothing more to say
            pass
    os._exit(code)
