"""query.generation: the generation a library answers from, and how an answer stays on one.

:class:`State` is one generation's node store, its searchers (a pool an
answer borrows from, bounded) and the answers worked out from it; :func:`cached` a property kept
per generation; :func:`answers` runs a query on one generation from start to
end (a rebuild swapped in meanwhile is followed by the next answer, never
halfway); :class:`On` a facade method that hands on to a query function;
:func:`open_store` a generation's node store, and :func:`live_key` the
mark that tells a rebuild has swapped another generation in.
The facade :class:`lawref.library.Library` is made of these.
"""

from __future__ import annotations

import functools
import os
import threading
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, Concatenate, Generic, ParamSpec, TypeVar, overload

from lawref import rx
from lawref.errors import IndexDamaged, IndexUnavailable
from lawref.folder import CURRENT
from lawref.i18n import N_
from lawref.nodestore import NODES_FILE, SqliteStore

if TYPE_CHECKING:
    from lawref.folder import Generation
    from lawref.index import Searcher
    from lawref.library import Library
    from lawref.query.views import NodeStore
    from lawref.results import Answer

__all__ = ["ANSWERS_KEPT", "MAX_SEARCHERS", "On", "State", "answers", "cached", "live_key", "open_store"]

#: Search answers a library keeps per generation (see :meth:`Library.answer`).
ANSWERS_KEPT = 1024
#: Searchers a library lends to answers at once, per generation: a thread past them waits for one to be
#: given back. Each holds whoosh's readers (~19 MiB at 100× the seeds), so a server's memory stays bounded
#: however many threads it runs; more than this would add no speed on a machine's few cores (the GIL).
MAX_SEARCHERS = 4


def open_store(gen: Generation, verify: bool) -> SqliteStore:
    """The node store of ``gen`` (its checksum checked when ``verify``);
    the patterns' compiled programs of ``gen`` are taken from now on
    (:func:`lawref.rx.take_programs`; checked likewise). Raises
    :class:`~lawref.errors.IndexDamaged` for a build without a node store
    (an older lawref's) or a damaged one."""
    nodes, programs = gen.recorded(NODES_FILE), gen.recorded(rx.PROGRAMS)
    if nodes is None:
        raise IndexDamaged(N_("the build has no {file} (made by an older lawref)").format(file=NODES_FILE))
    if verify:
        gen.verify([NODES_FILE, rx.PROGRAMS] if programs else [NODES_FILE])
    rx.take_programs(programs)
    return SqliteStore(nodes)


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



class State:
    """What a library answers from: one generation, its node store, the
    searchers open on it and answers worked out from it. An answer borrows
    a searcher from a pool of at most :data:`MAX_SEARCHERS` for as long as
    it runs (:meth:`enter`, :meth:`leave`); a thread that asks for one
    outside an answer (``lib.searcher()``) keeps its own."""

    def __init__(self, store: NodeStore, generation: Generation | None, key: tuple[int, int] | None,
                 verified: bool) -> None:
        self.store, self.generation, self.key, self.verified = store, generation, key, verified
        self.cache: dict[str, Any] = {}
        self.local = threading.local()
        self.searchers: list[Any] = []  # every one opened (to close them)
        self.idle: list[Any] = []  # the pool's, lent to no answer now
        self.pooled = 0  # the pool's, opened
        self.lock = threading.Lock()
        self.given_back = threading.Condition(self.lock)
        self.answers: dict[tuple[Any, ...], Answer] = {}  # insertion order: the oldest first
        self.words: Any = None  # the word lookups its searchers share (lawref.index.Words)

    def remember(self, key: tuple[Any, ...], answer: Answer) -> None:
        """Keep ``answer`` to ``key``, forgetting the oldest past :data:`ANSWERS_KEPT`."""
        with self.lock:
            self.answers[key] = answer
            while len(self.answers) > ANSWERS_KEPT:
                del self.answers[next(iter(self.answers))]

    def searcher(self) -> Searcher:
        """The searcher this thread answers with: the one its answer borrowed
        from the pool (waiting while :data:`MAX_SEARCHERS` are lent), else its
        own, opened on first use."""
        found = getattr(self.local, "searcher", None)
        if found is None:
            lent = getattr(self.local, "answering", False)
            found = self.local.searcher = self._borrow() if lent else self._open()
            self.local.lent = lent
        return found

    def _open(self) -> Searcher:
        from lawref import index as idx  # whoosh: only a search loads it

        if self.generation is None:
            raise IndexUnavailable(N_("this library has no index to search"))
        found = idx.Searcher(self.generation, forms=self.store, verify=not self.verified, words=self.words)
        with self.lock:
            self.searchers.append(found)
            self.words = self.words or found.lookups  # one generation's searchers share their word lookups
        return found

    def _borrow(self) -> Searcher:
        with self.given_back:
            while not self.idle and self.pooled >= MAX_SEARCHERS:
                self.given_back.wait()
            if self.idle:
                return self.idle.pop()
            self.pooled += 1
        try:
            return self._open()
        except BaseException:
            with self.given_back:
                self.pooled -= 1
                self.given_back.notify()
            raise

    def enter(self) -> None:
        """An answer starts in this thread: a searcher it asks for is borrowed."""
        self.local.answering = True

    def leave(self) -> None:
        """The answer ends: the searcher it borrowed goes back to the pool."""
        self.local.answering = False
        if getattr(self.local, "lent", False):
            found, self.local.searcher, self.local.lent = self.local.searcher, None, False
            with self.given_back:
                if found in self.searchers:  # not closed meanwhile
                    self.idle.append(found)
                self.given_back.notify()

    def close(self) -> None:
        with self.lock:
            for s in self.searchers:
                s.close()
            self.searchers.clear()
            self.idle.clear()
            self.pooled = 0
            self.given_back.notify_all()
        self.local = threading.local()


def kept(lib: Library, name: str, work: Callable[[], Any]) -> Any:
    """``work()``, worked out once per generation of ``lib`` under ``name``
    (forgotten when the library follows a rebuild to a new one)."""
    cache = lib._state.cache
    if name not in cache:
        cache[name] = work()
    return cache[name]


def cached(method: Callable[[Library], Any]) -> Any:
    """A property computed once per generation (:func:`kept`)."""
    name = method.__name__

    def get(self: Library) -> Any:
        return kept(self, name, lambda: method(self))

    get.__doc__ = method.__doc__
    return property(get)


def answers(method: Callable[..., Any]) -> Callable[..., Any]:
    """Run a public query method on one generation from start to end: the
    outermost call in a thread first follows a rebuild (see
    :meth:`Library.follow`), then pins that generation for every call it
    makes, so an answer is never half old, half new."""

    @functools.wraps(method)
    def run(self: Library, *args: Any, **kwargs: Any) -> Any:
        if getattr(self._pin, "state", None) is not None:
            return method(self, *args, **kwargs)
        state = self._pin.state = self.follow()
        state.enter()
        try:
            return method(self, *args, **kwargs)
        finally:
            state.leave()
            self._pin.state = None

    return run


_P = ParamSpec("_P")
_R = TypeVar("_R")


class On(Generic[_P, _R]):
    """A method of the facade that hands on to a query function ``fn(lib,
    …)`` of :mod:`lawref.query` — called as ``lib.name(…)``, documented by
    ``fn``'s own docstring (one home for what it answers); ``pinned`` runs it
    on one generation from start to end (see :func:`answers`)."""

    def __init__(self, fn: Callable[Concatenate[Library, _P], _R], *, pinned: bool = False) -> None:
        self.fn: Callable[..., _R] = answers(fn) if pinned else fn
        self.__doc__ = fn.__doc__

    @overload
    def __get__(self, lib: None, owner: type) -> On[_P, _R]: ...
    @overload
    def __get__(self, lib: Library, owner: type) -> Callable[_P, _R]: ...
    def __get__(self, lib: Library | None, owner: type) -> On[_P, _R] | Callable[_P, _R]:
        if lib is None:
            return self
        fn = self.fn

        def bound(*args: _P.args, **kwargs: _P.kwargs) -> _R:
            return fn(lib, *args, **kwargs)

        bound.__doc__ = self.__doc__
        return bound
