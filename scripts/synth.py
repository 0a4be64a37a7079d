"""Synthetic corpora N× the seeds, for the scale benchmark: ``python scripts/synth.py DEST N``.

Copy ``k`` of the default corpus (``corpus/``) goes to ``DEST/copy-k/`` as
documents ``laws-k`` and ``commentary-k`` of its own (so no node is dropped
as a duplicate of another copy), with

* its laws renumbered: law ``L`` becomes ``L + 100·(k mod 10)`` wherever a
  law number stands — headings (``Правило 62.``), cites (``правило 62B``,
  ``п.45.5``) — so copies do not cite each other's laws;
* varied vocabulary: about one long word in eight of the seeds' vocabulary
  is replaced, everywhere it stands, by another word of that vocabulary,
  chosen by a generator seeded with ``k`` (real words only: the index and
  the forms table grow as with more real text, not with invented strings;
  the same everywhere, so the seeds' repeated pages stay repeats).

Every word comes from the seeds; nothing from outside them is written.
Deterministic: the same ``N`` gives the same files.
"""

from __future__ import annotations

import random
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SEEDS = ROOT / "corpus"
_LAW_HEADING = re.compile(r"(?m)^(\s*(?:Правило|ПРАВИЛО)\s+)(\d{1,2})(?=[.:\s])")
_CITE = re.compile(r"(?i)((?:правил[а-я]*|п\.|пп\.|пункт[а-я]*)\s?)(\d{1,2})(?=[A-Za-zА-Яа-я.\s,;)]|$)")
_COMMENTARY_PARA = re.compile(r"(?m)^(\s*)(\d{1,2})(\.\d{1,3}\.\s)")
_LONG_WORD = re.compile(r"[а-яё]{7,}")


def _shift(text: str, offset: int) -> str:
    """Law numbers in headings, cites and commentary paragraph numbers moved by ``offset``."""
    if not offset:
        return text
    text = _LAW_HEADING.sub(lambda m: f"{m.group(1)}{int(m.group(2)) + offset}", text)
    text = _CITE.sub(lambda m: f"{m.group(1)}{int(m.group(2)) + offset}", text)
    return _COMMENTARY_PARA.sub(lambda m: f"{m.group(1)}{int(m.group(2)) + offset}{m.group(3)}", text)


def _vary(text: str, swap: dict[str, str]) -> str:
    """Long lower-case words replaced as ``swap`` says."""
    return _LONG_WORD.sub(lambda m: swap.get(m.group(), m.group()), text)


def _swap(vocabulary: list[str], rng: random.Random) -> dict[str, str]:
    """About one word in eight of ``vocabulary`` → another word of it."""
    return {w: rng.choice(vocabulary) for w in vocabulary if rng.random() < 0.125}


def _manifest(copies: int) -> str:
    """The manifest naming every copy's two documents."""
    out = []
    for k in range(copies):
        out.append(f'[[document]]\nid = "laws-{k}"\nkind = "laws"\nlang = "ru"\nedition = "1997"\n'
                   f'files = ["copy-{k}/000_*.txt", "copy-{k}/001_*.txt", "copy-{k}/003_*.txt"]\n')
        out.append(f'[[document]]\nid = "commentary-{k}"\nkind = "commentary"\nlang = "ru"\nedition = "1997"\n'
                   f'files = ["copy-{k}/004_*.txt"]\n')
    return "\n".join(out)


def make_corpus(dest: Path, copies: int) -> Path:
    """Write a corpus of ``copies`` copies of the seeds into ``dest`` (created); returns ``dest``."""
    seeds = {p.name: p.read_text(encoding="utf-8") for p in sorted(SEEDS.glob("*.txt"))}
    vocabulary = sorted({w for text in seeds.values() for w in _LONG_WORD.findall(text)})
    dest.mkdir(parents=True, exist_ok=True)
    for k in range(copies):
        swap = _swap(vocabulary, random.Random(k))
        folder = dest / f"copy-{k}"
        folder.mkdir(exist_ok=True)
        for name, text in seeds.items():
            body = text if k == 0 else _vary(_shift(text, 100 * (k % 10)), swap)
            (folder / name).write_text(body, encoding="utf-8")
    (dest / "lawref.toml").write_text(_manifest(copies), encoding="utf-8")
    return dest


if __name__ == "__main__":
    make_corpus(Path(sys.argv[1]), int(sys.argv[2]))
