"""_whoosh: whoosh imported lightly, and its postings read a block at a time.

Imported by :mod:`lawref.index` before any whoosh module; nothing here is
lawref's policy.
"""

from __future__ import annotations

import functools
import importlib
import itertools
import sys
import types
from collections.abc import Iterator
from typing import Any

__all__ = ["postings"]


def _import_whoosh_lightly() -> None:
    """Import whoosh's query and search modules without two costs a cold
    query would pay for nothing (issue 13; ``python -X importtime``):
    ``whoosh.reading`` takes ``cached_property`` from the backport package,
    which imports ``asyncio`` (~35 ms) — the stdlib's
    :func:`functools.cached_property` is its successor; and
    ``whoosh.query.terms`` builds ``whoosh.lang.morph_en``'s English
    variation tables (~14 ms) for a query class lawref never uses — a stub
    imports them on first use; and ``whoosh.compat`` takes ``urlretrieve``
    from ``urllib.request``, which imports ``http.client`` and ``email``
    (~19 ms) for a function whoosh never calls — a stub imports it on first
    use; and ``whoosh.filedb.filetables`` takes ``md5`` from :mod:`hashlib`,
    which loads OpenSSL (~4 ms) — CPython's own ``_md5`` is the same
    function. They stand in only while these imports run and are taken out of
    ``sys.modules`` after, so nothing else sees them."""
    if "whoosh.searching" in sys.modules:
        return
    shims: dict[str, types.ModuleType] = {}
    if "cached_property" not in sys.modules:
        shims["cached_property"] = types.ModuleType("cached_property")
        shims["cached_property"].cached_property = functools.cached_property  # type: ignore[attr-defined]
    if "whoosh.lang.morph_en" not in sys.modules:
        shims["whoosh.lang.morph_en"] = types.ModuleType("whoosh.lang.morph_en")
        shims["whoosh.lang.morph_en"].variations = _variations  # type: ignore[attr-defined]
    if "urllib.request" not in sys.modules:
        shims["urllib.request"] = types.ModuleType("urllib.request")
        shims["urllib.request"].urlretrieve = _urlretrieve  # type: ignore[attr-defined]
    if "hashlib" not in sys.modules and (md5 := _own_md5()) is not None:
        shims["hashlib"] = types.ModuleType("hashlib")
        shims["hashlib"].md5 = md5  # type: ignore[attr-defined]
    sys.modules.update(shims)
    try:
        importlib.import_module("whoosh.filedb.filetables")
        importlib.import_module("whoosh.reading")
        importlib.import_module("whoosh.query")
        importlib.import_module("whoosh.searching")
    finally:
        for name, module in shims.items():
            if sys.modules.get(name) is module:
                del sys.modules[name]


def _own_md5() -> Any:
    """CPython's own MD5 constructor (``_md5.md5``, which takes ``usedforsecurity``
    as :func:`hashlib.md5` does), or ``None`` on a Python without it."""
    try:
        return importlib.import_module("_md5").md5
    except ImportError:
        return None


def _urlretrieve(*args: Any, **kwargs: Any) -> Any:
    """``urllib.request.urlretrieve``, imported on first use."""
    return importlib.import_module("urllib.request").urlretrieve(*args, **kwargs)


def _variations(word: str) -> Any:
    """``whoosh.lang.morph_en.variations``, imported on first use."""
    return importlib.import_module("whoosh.lang.morph_en").variations(word)



_import_whoosh_lightly()


def postings(matcher: Any, values: bool) -> Iterator[tuple[int, float, Any]]:
    """``(entry number in the segment, weight, value or None)`` of each of
    ``matcher``'s postings: a block at a time from whoosh's own leaf matcher
    (its arrays as it decodes them: no method call per posting), else (a
    segment with deleted entries filters its matcher) one at a time."""
    kind = type(matcher)
    if kind.__name__ == "W3LeafMatcher" and kind.__module__ == "whoosh.codec.whoosh3":
        while matcher.is_active():
            matcher._read_ids()
            matcher._read_weights()
            if values:
                matcher._read_values()
            yield from zip(matcher._ids, matcher._weights,
                           matcher._values if values else itertools.repeat(None), strict=False)
            matcher._next_block()
        return
    while matcher.is_active():
        yield matcher.id(), matcher.weight(), matcher.value() if values else None
        matcher.next()
