"""lawref: a searchable Russian/English reference of the Laws of Duplicate
Contract Bridge, built from raw scraped text.

Public API (lazy: importing :mod:`lawref` loads neither Whoosh nor pymorphy3):

* :func:`link` — citations in any text, resolved (``list[Linked]``);
* :func:`resolve` — the node a citation names (``Node | None``);
* :func:`lawref.library.open_library` → :class:`lawref.library.Library`
  (``search``, ``find``, ``subtree``, ``outgoing``, ``incoming``, ``dangling``);
* :func:`lawref.library.build` — build a corpus folder into an index folder;
* :func:`lawref.ingest.clean.clean`, :func:`lawref.parse.parse`,
  :func:`lawref.cite.find_citations` — the stages.

:func:`link` and :func:`resolve` use the default corpus and index (or
``$LAWREF_CORPUS`` / ``$LAWREF_INDEX``), built on first use.
"""

from __future__ import annotations

import os
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING

__version__ = "0.1.0"

if TYPE_CHECKING:
    from lawref.library import Library
    from lawref.model import Linked, Node


@cache
def _default() -> Library:
    from lawref.library import open_library

    corpus, index = os.environ.get("LAWREF_CORPUS"), os.environ.get("LAWREF_INDEX")
    return open_library(Path(corpus) if corpus else None, Path(index) if index else None)


def link(text: str) -> list[Linked]:
    """Citations in ``text`` resolved against the default corpus.

    Each :class:`~lawref.model.Linked` has ``citation`` (``start``, ``end``
    — code-point offsets into ``text``, end-exclusive — ``text``, ``cites``),
    ``targets`` (``cite``, ``status`` exact|partial|absent|invalid, ``id``,
    ``missing``), ``status`` (the worst) and ``ids``. ``"правила 70 или 71"``
    gives two citations; ``"правилами 61-64"`` one with cites 61, 62, 63, 64.
    Never raises on any ``str``."""
    return _default().link(text)


def resolve(text: str) -> Node | None:
    """The node ``text`` names (``"правило 62B"``, ``"Law 62B"``, ``"62В"``,
    ``"п. 45.5"``) when it resolves ``exact`` in the default corpus, else
    ``None`` (partial, absent, invalid, or no citation at all)."""
    return _default().resolve(text)
