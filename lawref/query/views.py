"""query.views: the node store read as mappings.

Nodes by id, children by parent, nodes by label and by cite, each a
read-only :class:`~collections.abc.Mapping` over a node store.
"""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Any, overload

from lawref.model import Node
from lawref.nodestore import MemoryStore, SqliteStore

#: A node store: in memory (tests, the build) or an index generation's SQLite file.
NodeStore = MemoryStore | SqliteStore

__all__ = ["AllNodes", "ByCite", "ById", "ByLabel", "Children", "NodeStore", "StoreView"]


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
