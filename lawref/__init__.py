"""lawref: a searchable Russian/English reference of the Laws of Duplicate Contract Bridge.

Built from raw scraped text.

The public surface (``__all__``; importing :mod:`lawref` loads neither
Whoosh nor pymorphy3):

* :func:`link` — citations in any text, resolved (``list[Linked]``);
* :func:`resolve` — the node a citation names (``Node | None``);
* :func:`open_library` → :class:`Library` (``search``, ``find``,
  ``subtree``, ``outgoing``, ``incoming``, ``dangling``, ``link``,
  ``link_stream``, ``export``);
* :class:`LawrefError` — the base of every error lawref raises on purpose
  (:mod:`lawref.errors`).

The stages are modules of their own: :func:`lawref.ingest.clean.clean`,
:func:`lawref.parse.parse`, :func:`lawref.cite.find_citations`,
:func:`lawref.store.build`. :func:`link` and :func:`resolve` use the default
corpus and index (or ``$LAWREF_CORPUS`` / ``$LAWREF_INDEX``), built on first
use.
"""

from __future__ import annotations

import os
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from lawref._version import __version__
from lawref.errors import LawrefError

__all__ = ["Library", "LawrefError", "__version__", "link", "open_library", "resolve"]

if TYPE_CHECKING:
    from lawref.library import Library
    from lawref.model import Linked, Node
    from lawref.query.opening import open_library


def __getattr__(name: str) -> Any:
    """``Library`` and ``open_library``, imported on first use (PEP 562)."""
    if name == "Library":
        # the package face loads the facade on first use (PEP 562)
        from lawref.library import Library

        return Library
    if name == "open_library":
        # opening may rebuild: loaded on first use (PEP 562)
        from lawref.query.opening import open_library

        return open_library
    raise AttributeError(f"module 'lawref' has no attribute {name!r}")


@cache
def _default() -> Library:
    corpus, index = os.environ.get("LAWREF_CORPUS"), os.environ.get("LAWREF_INDEX")
    opener = __getattr__("open_library")  # loaded on first use, as the face's own name is
    return opener(Path(corpus) if corpus else None, Path(index) if index else None)


def link(text: str, edition: str | None = None) -> list[Linked]:
    """Citations in ``text`` resolved against the default corpus, within
    ``edition`` (default: the corpus's default edition).

    Each :class:`~lawref.model.Linked` has ``citation`` (``start``, ``end``
    — code-point offsets into ``text``, end-exclusive — ``text``, ``cites``),
    ``targets`` (``cite``, ``status`` exact|partial|absent|invalid, ``id``,
    ``missing``, ``edition``), ``status`` (the worst) and ``ids``.
    ``"правила 70 или 71"`` gives two citations; ``"правилами 61-64"`` one
    with cites 61, 62, 63, 64. Never raises on any ``str``, but
    :class:`~lawref.errors.UsageError` for an edition the corpus lacks (building the
    default index may raise :class:`LawrefError`); :class:`TypeError`, saying
    so, for anything but a ``str`` (bytes: decode them first)."""
    return _default().link(text, edition)


def resolve(text: str, edition: str | None = None) -> Node | None:
    """The node ``text`` names (``"правило 62B"``, ``"Law 62B"``, ``"62В"``,
    ``"п. 45.5"``) when it resolves ``exact`` in the default corpus within
    ``edition`` (default: the corpus's default edition), else ``None``
    (partial, absent, invalid, or no citation at all)."""
    return _default().resolve(text, edition)
