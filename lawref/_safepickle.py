"""_safepickle: whoosh's pickles read by an unpickler that cannot run code.

whoosh stores its segment list and some posting data as pickles, and a
pickle can name any callable: a crafted index folder could run code when
opened. :func:`install` replaces the unpickling functions whoosh's reading
modules use with a restricted :class:`pickle.Unpickler` whose
``find_class`` returns only the inert globals of :data:`ALLOWED` (the
complete list whoosh's own files need, found by building and searching the
seed corpus). This is the second wall: a reader opens no file of an index
folder whose seal (:mod:`lawref.seal`) does not hold. Anything else raises
:class:`pickle.UnpicklingError`, which the index reader reports as a
damaged index. Imported only by :mod:`lawref.index`.
"""

from __future__ import annotations

import io
import pickle
import sys
from typing import IO, Any

__all__ = ["install", "loads"]

#: Every global a whoosh pickle of lawref's index may name, each inert when
#: called with any arguments (found by logging what building, rebuilding
#: incrementally and searching the seed corpus ask for; issue 22): plain data
#: types, the two segment classes (``__init__`` only stores its arguments) and
#: a bytes constructor limited to latin-1. Never storage, index, writer or
#: reader classes — a pickle calling ``FileIndex(storage, …, create=True)``
#: deleted files in another folder — and nothing that allocates by a number
#: (``bytearray(10**12)``).
ALLOWED = frozenset({
    ("_codecs", "encode"),  # how protocol 2 writes bytes: given _latin1 instead
    ("builtins", "int"),  # defaultdict(int) of field lengths
    ("builtins", "set"),
    ("builtins", "frozenset"),
    ("builtins", "object"),
    ("collections", "defaultdict"),
    ("copyreg", "_reconstructor"),
    ("whoosh.codec.whoosh3", "W3Codec"),
    ("whoosh.codec.whoosh3", "W3Segment"),
})


def _latin1(text: str, encoding: str = "latin1", errors: str = "strict") -> bytes:
    """``_codecs.encode`` as protocol 2 pickles call it (``str`` → ``bytes``
    by latin-1), and nothing else."""
    if encoding == "latin1" and type(text) is str:  # as protocol 2 writes every bytes object: once per posting
        return text.encode("latin-1")
    if not isinstance(text, str) or encoding.lower().replace("-", "") not in ("latin1", "latin_1", "iso88591"):
        raise pickle.UnpicklingError("refused to unpickle _codecs.encode with other than a latin-1 string")
    return text.encode("latin-1", errors="strict")


class SafeUnpickler(pickle.Unpickler):
    """An unpickler that builds the globals of :data:`ALLOWED` only."""

    def find_class(self, module: str, name: str) -> Any:
        if (module, name) not in ALLOWED:
            raise pickle.UnpicklingError(f"refused to unpickle {module}.{name}: not an inert data class")
        if (module, name) == ("_codecs", "encode"):
            return _latin1
        found = super().find_class(module, name)
        if module.startswith("whoosh."):
            _patch(sys.modules.get(module))  # a codec module loaded just now reads through us too
        return found


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
