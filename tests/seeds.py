"""Paths to the four seed files of the default corpus (``corpus/``), by number."""

from __future__ import annotations

from functools import cache
from pathlib import Path

CORPUS = Path(__file__).resolve().parents[1] / "corpus"


def seed_path(number: str) -> Path:
    """``seed_path("000")`` → ``corpus/000_392cb21f471fdf05.txt``."""
    (path,) = CORPUS.glob(f"{number}_*.txt")
    return path


@cache
def seed_text(number: str) -> str:
    """The decoded, normalised text of seed ``number``."""
    from lawref.ingest.decode import decode

    return decode(seed_path(number).read_bytes()).text


@cache
def seed_lines(number: str) -> tuple[str, ...]:
    """Raw lines of seed ``number`` (1-based line n is index n-1)."""
    return tuple(seed_text(number).split("\n"))
