"""_safepickle: whoosh's pickles read by an unpickler that cannot run code.

whoosh stores its segment list and some posting data as pickles, and a
pickle can name any callable: a crafted index folder could run code when
opened. :func:`install` replaces the unpickling functions whoosh's reading
modules use with a restricted :class:`pickle.Unpickler` whose
``find_class`` returns only classes defined in whoosh and a few harmless
builtins (the complete list whoosh's own files need, found by building and
searching the seed corpus). Anything else raises
:class:`pickle.UnpicklingError`, which the index reader reports as a
damaged index. Imported only by :mod:`lawref.index`.
"""

from __future__ import annotations

import io
import pickle
import sys
from typing import IO, Any

__all__ = ["install", "loads"]

#: Globals a whoosh pickle may name besides whoosh's own classes.
ALLOWED = frozenset({
    ("_codecs", "encode"),  # how protocol 2 writes bytes
    ("collections", "defaultdict"),
    ("collections", "OrderedDict"),
    ("copyreg", "_reconstructor"),
    *(("builtins", name) for name in ("int", "float", "str", "bytes", "bytearray", "list", "tuple", "dict",
                                      "set", "frozenset", "bool", "object", "complex", "slice", "range")),
})


class SafeUnpickler(pickle.Unpickler):
    """An unpickler that builds whoosh's classes and plain data only."""

    def find_class(self, module: str, name: str) -> Any:
        if (module, name) in ALLOWED:
            return super().find_class(module, name)
        if module.startswith("whoosh.") and "." not in name:
            found = super().find_class(module, name)
            _patch(sys.modules.get(module))  # a codec module loaded just now reads through us too
            if isinstance(found, type):
                return found
        raise pickle.UnpicklingError(f"refused to unpickle {module}.{name}: not a whoosh class")


def loads(data: bytes, **_: Any) -> Any:
    """:func:`pickle.loads` restricted to :class:`SafeUnpickler`."""
    return SafeUnpickler(io.BytesIO(data)).load()


def load(handle: IO[bytes], **_: Any) -> Any:
    """:func:`pickle.load` restricted to :class:`SafeUnpickler`."""
    return SafeUnpickler(handle).load()


class _PickleModule:
    """Stands in for the ``pickle`` module inside whoosh's ``fileindex``."""

    loads = staticmethod(loads)
    load = staticmethod(load)
    dumps = staticmethod(pickle.dumps)
    dump = staticmethod(pickle.dump)
    UnpicklingError = pickle.UnpicklingError


_installed = False


def install() -> None:
    """Route whoosh's reading of pickles through :class:`SafeUnpickler`
    (idempotent). Writing is unchanged."""
    global _installed
    if _installed:
        return
    import whoosh.codec.whoosh3
    import whoosh.compat
    import whoosh.filedb.fileindex
    import whoosh.filedb.structfile

    whoosh.filedb.fileindex.pickle = _PickleModule  # type: ignore[attr-defined,unused-ignore]
    for name, module in list(sys.modules.items()):
        if name == "whoosh" or name.startswith("whoosh."):
            _patch(module)
    _installed = True


#: Names under which whoosh modules hold the stdlib's unpickling functions.
_NAMES = {"loads": loads, "load": load, "load_pickle": load, "depickle": loads}


def _patch(module: Any) -> None:
    """Rebind a whoosh module's ``loads``/``load``/``load_pickle``/``depickle``
    when they are the stdlib's."""
    if module is None:
        return
    for name, safe in _NAMES.items():
        if getattr(module, name, None) in (pickle.loads, pickle.load):
            setattr(module, name, safe)
