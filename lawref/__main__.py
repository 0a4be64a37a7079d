"""``python -m lawref`` runs the CLI."""

from lawref.cli import main

main()
