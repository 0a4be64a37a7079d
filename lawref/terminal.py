"""terminal: output for a person at a terminal — colour, wrapping, paging (rich, click).

Off a terminal (a pipe, a file, a test) and under ``NO_COLOR`` nothing
changes: matches stay ``[marked]``, lines stay whole, nothing is paged —
what programs read is what they always read. ``FORCE_COLOR`` asks for
colour off a terminal (for tests and ``| less -R``).
"""

from __future__ import annotations

import os
import re
import sys
from typing import IO

__all__ = ["colour", "highlight", "page", "screen", "wrap"]

#: A match in a search snippet: ``[взятки]`` (lawref.index marks them so).
MARK = re.compile(r"⟦([^⟦⟧\n]+)⟧")


def colour(stream: IO[str] | None = None) -> bool:
    """Whether to colour what goes to ``stream`` (stdout): a terminal, or
    ``FORCE_COLOR`` set; never under ``NO_COLOR`` (no-color.org) or ``TERM=dumb``."""
    if os.environ.get("NO_COLOR") or os.environ.get("TERM") == "dumb":
        return False
    stream = stream or sys.stdout
    return bool(os.environ.get("FORCE_COLOR")) or (hasattr(stream, "isatty") and stream.isatty())


def screen() -> tuple[int, int]:
    """``(columns, lines)`` of the terminal (80 × 24 when there is none)."""
    import shutil  # only on a terminal: a cold command's 2 ms otherwise

    size = shutil.get_terminal_size((80, 24))
    return size.columns, size.lines


def highlight(line: str) -> str:
    """``line`` with each ``⟦match⟧`` (:meth:`~lawref.results.Hit.marked`)
    in bold yellow (ANSI, made by rich), the marks gone; the text's own
    ``[?]`` is left as it is."""
    from rich.console import Console
    from rich.text import Text

    text, pos = Text(), 0
    for m in MARK.finditer(line):
        text.append(line[pos : m.start()])
        text.append(m.group(1), style="bold yellow")
        pos = m.end()
    text.append(line[pos:])
    console = Console(force_terminal=True, color_system="standard", width=1 << 16, highlight=False)
    with console.capture() as captured:
        console.print(text, end="", soft_wrap=True)
    return captured.get()


#: The narrowest terminal ``show --lang both`` prints in two columns (each at least 60 wide).
COLUMNS_FROM = 120


def columns(pairs: list[tuple[str, str]], width: int) -> str:
    """Each ``(left, right)`` pair side by side in two columns of one
    table ``width`` wide, words wrapped within each (rich), a rule between
    pairs; plain text (no colour), lines at most ``width`` long."""
    from rich import box
    from rich.console import Console
    from rich.table import Table
    from rich.text import Text

    table = Table(box=box.SIMPLE_HEAD, show_header=False, show_lines=True, expand=True, padding=(0, 1))
    table.add_column(ratio=1)
    table.add_column(ratio=1)
    for left, right in pairs:
        table.add_row(Text(left), Text(right))
    console = Console(width=width, color_system=None, force_terminal=False, highlight=False, emoji=False)
    with console.capture() as captured:
        console.print(table)
    return "\n".join(line.rstrip() for line in captured.get().rstrip("\n").split("\n"))


def wrap(text: str, width: int, hang: int = 0) -> str:
    """Each line of ``text`` wrapped at ``width`` columns (words never cut,
    a wrapped line's indentation kept; a line that has none goes on
    ``hang`` columns in: a search hit's header under its snippet)."""
    import textwrap  # its regexes cost a cold ``show`` into a pipe, which wraps nothing

    out = []
    for line in text.split("\n"):
        indent = line[: len(line) - len(line.lstrip(" "))] or " " * hang
        out.append(textwrap.fill(line, width=width, subsequent_indent=indent, break_long_words=False,
                                 break_on_hyphens=False) if len(line) > width else line)
    return "\n".join(out)


def page(text: str, color: bool) -> None:
    """Show ``text`` through ``$PAGER`` (else ``less -R``) — click's pager."""
    import shutil  # only to page

    import click

    if "PAGER" not in os.environ and shutil.which("less"):
        os.environ.setdefault("LESS", "-R")  # colours through, as less -R
    click.echo_via_pager(text, color=color)

