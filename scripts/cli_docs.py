"""Write docs/cli.md from ``lawref --help`` and every command's ``--help``.

Usage: ``python scripts/cli_docs.py`` (write) or ``--check`` (exit 1 when
docs/cli.md differs from what the code says — CI runs this, so the reference
cannot drift from the CLI).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import click
from click.testing import CliRunner

from lawref.cli import cli

TARGET = Path(__file__).resolve().parents[1] / "docs" / "cli.md"
HEADER = """# lawref command reference

Generated from `--help` by `python scripts/cli_docs.py`; CI checks it is current.
Global options (`--corpus`, `--index`, `--ui`) go before the command or after it.
"""


def help_of(args: list[str]) -> str:
    """The ``--help`` text of ``lawref ARGS`` (wrapped at 100 columns)."""
    result = CliRunner().invoke(cli, [*args, "--help"], prog_name="lawref", terminal_width=100)
    if result.exit_code != 0:
        raise SystemExit(f"lawref {' '.join(args)} --help failed: {result.output}")
    return result.output.rstrip()


def render() -> str:
    """The whole reference: the group's help, then one section a command."""
    parts = [HEADER, "## lawref\n\n```\n" + help_of([]) + "\n```\n"]
    for name in cli.list_commands(click.Context(cli)):  # every command, each loaded as it is asked for
        parts.append(f"## lawref {name}\n\n```\n{help_of([name])}\n```\n")
    return "\n".join(parts)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="exit 1 when docs/cli.md is out of date")
    args = parser.parse_args()
    text = render()
    if args.check:
        current = TARGET.read_text(encoding="utf-8") if TARGET.is_file() else ""
        if current != text:
            print("docs/cli.md is out of date: run python scripts/cli_docs.py", file=sys.stderr)
            sys.exit(1)
        return
    TARGET.parent.mkdir(exist_ok=True)
    TARGET.write_text(text, encoding="utf-8")


if __name__ == "__main__":
    main()
