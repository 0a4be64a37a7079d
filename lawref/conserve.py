"""conserve: the conservation check — every letter of a file's text is in a node or a dropped piece.

A build checks each file: the letters and digits clean read must equal, as a
multiset, those of the nodes parse made of it (labels, titles, texts, source
marks) plus those of every piece a clean step dropped (listed in the build
report with its step and reason), less those a repair inserted (a ligature
``ff``). A difference is a layout lawref did not foresee: the report says so
loudly, with the characters in the order the input holds them.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from lawref import patterns as P
from lawref.i18n import N_
from lawref.model import Node
from lawref.records import CleanReport

__all__ = ["Balance", "balance"]

#: What is not a letter or digit: ``\w`` is ``str.isalnum`` plus ``_``.
_NOT_ALNUM = re.compile(r"[\W_]+")
#: Code points counted at a time.
_CHUNK = 1 << 20


def _alnum(texts: Iterable[str]) -> Counter[str]:
    """The letters and digits of ``texts`` (``str.isalnum``), counted; a
    ligature's presentation form counts as its letters (``ﬁ`` as ``f``, ``i``:
    :func:`lawref.ingest.pdf.fold_ligature_forms` spells them out)."""
    out: Counter[str] = Counter()
    batch: list[str] = []
    size = 0
    for text in texts:
        for i in range(0, len(text), _CHUNK):
            piece = text[i : i + _CHUNK]
            batch.append(piece)
            size += len(piece)
            if size >= _CHUNK:  # a Counter over one str counts in C; a chunk bounds the copies
                out.update(_NOT_ALNUM.sub("", "".join(batch).translate(P.LIGATURE_FORMS)))
                batch, size = [], 0
    out.update(_NOT_ALNUM.sub("", "".join(batch).translate(P.LIGATURE_FORMS)))
    return out


@dataclass(frozen=True)
class Balance:
    """What does not balance: ``missing`` (in the input, in no node and no
    dropped piece) and ``invented`` (in a node, not in the input), as the
    words they make up where they can, else characters."""

    missing: str
    invented: str

    def __bool__(self) -> bool:
        return bool(self.missing or self.invented)

    def message(self) -> str:
        """One line for the build report."""
        missing, invented = repr(self.missing[:60]), repr(self.invented[:60])
        if self.missing and self.invented:
            return N_("{count:d} letter(s) of the input are in no node and no dropped line: {letters}; "
                      "{other_count:d} letter(s) in nodes are not in the input: {other_letters} — a layout lawref "
                      "does not read right (please report it)").format(count=len(self.missing), letters=missing,
                                                         other_count=len(self.invented), other_letters=invented)
        if self.missing:
            return N_("{count:d} letter(s) of the input are in no node and no dropped line: {letters} — a layout "
                      "lawref does not read right (please report it)").format(count=len(self.missing), letters=missing)
        return N_("{count:d} letter(s) in nodes are not in the input: {letters} — a layout lawref does not read right "
                  "(please report it)").format(count=len(self.invented), letters=invented)


def _in_order(text: str, extra: Counter[str]) -> str:
    """The characters of ``extra`` as ``text`` holds them: first the words
    of ``text`` made only of them (the lost word ``сыграна``), then whatever
    is left, in the order it first stands."""
    if not extra:
        return ""
    left, words = Counter(extra), []
    for m in P.WORD.finditer(text):
        if not left or not all(left[ch] for ch in m.group() if ch.isalnum()):
            continue  # cheap test first: a letter this word has and ``left`` has not
        need = Counter(ch for ch in m.group() if ch.isalnum())
        if need and not need - left:
            words.append(m.group())
            left -= need
    rest = []
    for ch in text:
        if left[ch] > 0:
            rest.append(ch)
            left[ch] -= 1
    return " ".join([*words, "".join(rest)]).strip()


def node_texts(nodes: Sequence[Node]) -> list[str]:
    """Every string of ``nodes`` that came from the input."""
    return [s for n in nodes for s in (n.label or "", n.title or "", n.text, *n.marks)]


def balance(text: str, nodes: Sequence[Node], report: CleanReport) -> Balance:
    """Compare the letters and digits of ``text`` (what clean read) with
    ``nodes`` (what parse made of it) and ``report``'s dropped and inserted
    pieces. An empty :class:`Balance` (false) when every letter is accounted
    for."""
    have = _alnum(node_texts(nodes)) + _alnum(d.text for d in report.dropped)
    want = _alnum([text]) + _alnum(t for _, t in report.inserted)
    missing, invented = want - have, have - want
    if not missing and not invented:
        return Balance("", "")
    out_text = "".join(node_texts(nodes)) if invented else ""
    return Balance(_in_order(text, missing), _in_order(out_text, invented))
