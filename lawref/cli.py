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

import importlib
import inspect
import os
import sys
from pathlib import Path
from typing import Any

import click

from lawref._version import __version__
from lawref.clikit import (
    _Ctx,
    _globals_first,
    _Quick,
    _ReaderGone,
    _say,
    fail,
    more_line,
)
from lawref.errors import (
    EXIT_BAD_INPUT,
    EXIT_INTERNAL,
    EXIT_OK,
    LawrefError,
)
from lawref.i18n import choose, retell, said, speak, tr
from lawref.safeio import display_name

__all__ = ["cli", "main", "more_line"]


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
    """Every help text of ``group``, its loaded commands and their options in
    the user's language (the English originals are kept: one process may be
    asked in both, as tests do); a command loaded later is told as it loads."""
    objs: list[click.Command | click.Parameter] = [group, *group.params, *group.commands.values(),
                                                   *(p for c in group.commands.values() for p in c.params)]
    for obj in objs:
        _localise_one(obj)
    group.subcommand_metavar = tr("COMMAND [ARGS]...")


def _localise_command(command: click.Command) -> None:
    """``command``'s help and its options' in the user's language."""
    objs: list[click.Command | click.Parameter] = [command, *command.params]
    for obj in objs:
        _localise_one(obj)


def _localise_one(obj: click.Command | click.Parameter) -> None:
    """One command's or option's help in the user's language."""
    original = obj.__dict__.setdefault("_help_en", getattr(obj, "help", None))
    if original:
        obj.help = tr(inspect.cleandoc(original))
    if isinstance(obj, click.Command):
        obj._help_option = None  # click's -h/--help, made anew in this language
        obj.options_metavar = tr("[OPTIONS]")
    if isinstance(obj, click.Parameter):
        _localise_type(obj.type)


def _localise_type(kind: click.ParamType) -> None:
    """A parameter type's name (``file``, ``integer range``, ``text``) in
    the user's language: click names it in its errors («'abc' is not a
    valid integer range») and in help (``FILE``), and fixed it at import."""
    original = kind.__dict__.setdefault("_name_en", kind.name)
    kind.name = tr(original)


class _OneLineErrors(click.Group):
    """The group that maps every error to one line on stderr and an exit code,
    and loads each command from :data:`COMMANDS` when it is asked for."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        """Every command's name, sorted (as click lists them)."""
        return sorted({*self.commands, *COMMANDS})

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        """The command ``cmd_name``, its module imported now (``None``: no such command)."""
        if cmd_name not in self.commands and cmd_name in COMMANDS:
            module, name = COMMANDS[cmd_name].split(":")
            command = getattr(importlib.import_module(module), name)
            _localise_command(command)
            self.add_command(command, cmd_name)
        return self.commands.get(cmd_name)

    def resolve_command(self, ctx: click.Context, args: list[str]) -> tuple[str | None, click.Command | None,
                                                                             list[str]]:
        """click's, its «Did you mean …?» drawn from every command's name, loaded or not."""
        try:
            return super().resolve_command(ctx, args)
        except click.exceptions.NoSuchCommand as exc:
            raise click.exceptions.NoSuchCommand(exc.command_name, possibilities=self.list_commands(ctx),
                                                 ctx=ctx) from None

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
            fail(retell(said(exc)), exc.exit_code)
        except (BrokenPipeError, _ReaderGone):  # the reader went away (``search … | head -1``): it read enough
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
            sys.exit(EXIT_OK)
        except OSError as exc:  # stdout cannot be written (``> /dev/full``), an index that cannot be written
            where = f" ({display_name(str(exc.filename))})" if exc.filename else ""
            fail(f"{retell(said(exc))}{where}", EXIT_BAD_INPUT)
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

#: The commands and the module that holds each (``module:function``): a command loads its own module
#: only, when it is run or its help is asked (click's lazily loaded subcommands) — so a query never
#: loads the build side, the writers or FastAPI. The one table of what a command loads.
COMMANDS = {
    "search": "lawref.cli_read:search",
    "show": "lawref.cli_read:show",
    "toc": "lawref.cli_read:toc",
    "refs": "lawref.cli_read:refs",
    "resolve": "lawref.cli_read:resolve",
    "compare": "lawref.cli_read:compare",
    "check": "lawref.cli_read:check",
    "term": "lawref.cli_read:term",
    "link": "lawref.cli_link:link",
    "export": "lawref.cli_write:export",
    "build": "lawref.cli_make:build",
    "clean": "lawref.cli_clean:clean_cmd",
    "serve": "lawref.cli_serve:serve",
}


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
