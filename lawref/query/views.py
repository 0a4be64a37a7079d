"""query.views: the node store read as mappings, and the generation it is opened from.

Nodes by id, children by parent, nodes by label and by cite, each a
read-only :class:`~collections.abc.Mapping` over a node store; and the
store of a generation opened (checked first when asked).
"""

from __future__ import annotations

import os
from abc import abstractmethod
from collections.abc import Callable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any, overload

from lawref.errors import IndexDamaged
from lawref.folder import CURRENT, Generation
from lawref.i18n import N_
from lawref.model import Node
from lawref.nodestore import NODES_FILE, MemoryStore, SqliteStore

#: A node store: in memory (tests, the build) or an index generation's SQLite file.
NodeStore = MemoryStore | SqliteStore

__all__ = ["AllNodes", "ByCite", "ById", "ByLabel", "Children", "NodeStore", "StoreView", "live_key", "open_store"]


def open_store(gen: Generation, verify: bool) -> SqliteStore:
    """The node store of ``gen`` (its checksum checked when ``verify``).
    Raises :class:`~lawref.errors.IndexDamaged` for a build without one (an
    older lawref's) or a damaged one."""
    if NODES_FILE not in gen.meta.get("files", {}):
        raise IndexDamaged(N_("the build has no {file} (made by an older lawref)").format(file=NODES_FILE))
    if verify:
        gen.verify([NODES_FILE])
    return SqliteStore(gen.path / NODES_FILE)


def live_key(index_dir: Path | None) -> tuple[int, int] | None:
    """``(inode, mtime)`` of the folder's ``CURRENT`` — it changes when a
    build swaps a generation in (``CURRENT`` is replaced by a rename)."""
    if index_dir is None:
        return None
    try:
        st = os.stat(index_dir / CURRENT)
    except OSError:
        return None
    return st.st_ino, st.st_mtime_ns


class StoreView(Mapping[Any, Any]):
    """A mapping read from a node store on demand: a subclass says how one
    key is found (:meth:`_find`, ``None`` for none) and which keys there are."""

    def __init__(self, store: NodeStore) -> None:
        self._store = store

    @abstractmethod
    def _find(self, key: Any) -> Any:
        """The value of ``key``, or ``None`` when the store has none."""

    def __getitem__(self, key: Any) -> Any:
        found = self._find(key)
        if found is None:
            raise KeyError(key)
        return found

    @abstractmethod
    def __iter__(self) -> Iterator[Any]:
        """The keys there are."""

    def __len__(self) -> int:
        return sum(1 for _ in self)


class ById(StoreView):
    """Nodes by id."""

    def _find(self, key: str) -> Node | None:
        return self._store.node(key)

    def __iter__(self) -> Iterator[str]:
        return (n.id for n in self._store.all_nodes())


class AllNodes(Sequence[Node]):
    """Every node of the corpus in reading order, read on first use
    (``read()``, the library's cached whole-store read): a writer's
    :class:`~lawref.model.Holdings` holds it, and most answers — a search's
    links — never need it."""

    def __init__(self, read: Callable[[], tuple[Node, ...]]) -> None:
        self._read = read

    def __len__(self) -> int:
        return len(self._read())

    @overload
    def __getitem__(self, k: int) -> Node: ...
    @overload
    def __getitem__(self, k: slice) -> Sequence[Node]: ...
    def __getitem__(self, k: int | slice) -> Node | Sequence[Node]:
        return self._read()[k]


class Children(StoreView):
    """Children by parent id (``None``: the roots); a node without children maps to ``[]``."""

    def _find(self, key: str | None) -> list[Node]:
        return self._store.children(key)

    def __iter__(self) -> Iterator[str | None]:
        return iter(dict.fromkeys(n.parent for n in self._store.all_nodes()))


class ByLabel(StoreView):
    """Nodes without a cite by their stored label."""

    def _find(self, key: str) -> Node | None:
        return self._store.by_label(key)

    def __iter__(self) -> Iterator[str]:
        return (lab for n in self._store.all_nodes() if not n.cite and (lab := self._store.label(n.id)))


class ByCite(StoreView):
    """The first node of a document with a cite: ``(doc, cite)`` → node."""

    def _find(self, key: tuple[str, str]) -> Node | None:
        doc, cite = key
        return next((n for n in self._store.with_cite(cite) if n.doc == doc), None)

    def __iter__(self) -> Iterator[tuple[str, str]]:
        return iter(dict.fromkeys((n.doc, n.cite) for n in self._store.all_nodes() if n.cite))
