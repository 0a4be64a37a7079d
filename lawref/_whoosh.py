"""_whoosh: whoosh imported lightly, and its OR matcher sized to the index.

Imported by :mod:`lawref.index` before any whoosh module; nothing else here
is lawref's policy.
"""

from __future__ import annotations

import functools
import importlib
import sys
import types
from typing import Any

__all__ = ["Or"]


def _import_whoosh_lightly() -> None:
    """Import whoosh's query and search modules without two costs a cold
    query would pay for nothing (issue 13; ``python -X importtime``):
    ``whoosh.reading`` takes ``cached_property`` from the backport package,
    which imports ``asyncio`` (~35 ms) — the stdlib's
    :func:`functools.cached_property` is its successor; and
    ``whoosh.query.terms`` builds ``whoosh.lang.morph_en``'s English
    variation tables (~14 ms) for a query class lawref never uses — a stub
    imports them on first use. Both stand in only while these imports run and
    are taken out of ``sys.modules`` after, so nothing else sees them."""
    if "whoosh.searching" in sys.modules:
        return
    shims: dict[str, types.ModuleType] = {}
    if "cached_property" not in sys.modules:
        shims["cached_property"] = types.ModuleType("cached_property")
        shims["cached_property"].cached_property = functools.cached_property  # type: ignore[attr-defined]
    if "whoosh.lang.morph_en" not in sys.modules:
        shims["whoosh.lang.morph_en"] = types.ModuleType("whoosh.lang.morph_en")
        shims["whoosh.lang.morph_en"].variations = _variations  # type: ignore[attr-defined]
    sys.modules.update(shims)
    try:
        importlib.import_module("whoosh.reading")
        importlib.import_module("whoosh.query")
        importlib.import_module("whoosh.searching")
    finally:
        for name, module in shims.items():
            if sys.modules.get(name) is module:
                del sys.modules[name]


def _variations(word: str) -> Any:
    """``whoosh.lang.morph_en.variations``, imported on first use."""
    return importlib.import_module("whoosh.lang.morph_en").variations(word)



_import_whoosh_lightly()

from whoosh import query as Q  # noqa: E402


class Or(Q.Or):
    """whoosh's ``Or``, its preloading matcher sized to the index: whoosh
    takes it for an index under 5,000 entries and zeroes a 2,048-score array
    for every OR node of a query, which was most of a search over the seeds'
    114 nodes (``combo.py`` ``ArrayUnionMatcher``; cProfile, issue 28)."""

    def _matcher(self, subs: list[Any], searcher: Any, context: Any) -> Any:
        from whoosh.matching import ArrayUnionMatcher

        dc = searcher.doc_count_all()
        needs_current = context.needs_current if context else True
        if len(subs) < self.TOO_MANY_CLAUSES and (needs_current or self.scale or len(subs) == 2 or dc > 5000):
            return super()._matcher(subs, searcher, context)  # whoosh's binary tree of unions
        scored = context.weighting is not None if context else True
        return ArrayUnionMatcher([sub.matcher(searcher, context) for sub in subs], dc, boost=self.boost,
                                 scored=scored, partsize=max(1, min(dc, 2048)))
