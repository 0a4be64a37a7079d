"""values: frozen value classes made without compiling code at import (issue 28).

``@dataclass(frozen=True)`` writes six methods of each class (``__init__``,
``__repr__``, ``__eq__``, ``__hash__``, ``__setattr__``, ``__delattr__``)
as source text and compiles them when the class is made: 1.4 ms for a
class of 16 fields on the benchmark machine, 11 ms for the eight classes a
lookup (``lawref show 62B``) builds — a third of what the lookup may cost
above ``import click``. :func:`frozen` makes a class that behaves as that
dataclass does, from shared functions, in about 0.1 ms:

* its fields are a dataclass's (``dataclasses.fields``, ``replace`` and
  ``asdict`` work on it): the class is passed through
  ``dataclass(init=False, repr=False, eq=False)``, which compiles nothing;
* ``__init__`` is the class's own, written out (a generic one would slow
  every node read); it sets each field with ``object.__setattr__``, as the
  dataclass's does, and its parameters are the fields, in order, with their
  defaults (a test holds every such class to that);
* ``==`` and ``hash`` compare the tuple of the fields whose ``compare`` is
  true, in order, and only between instances of the same class;
  ``repr`` shows the fields whose ``repr`` is true — the dataclass rules;
* setting or deleting an attribute raises
  :class:`dataclasses.FrozenInstanceError`.

The type checker is told it is ``dataclass(frozen=True)`` (PEP 681), so it
still refuses an assignment to a field.
"""

from __future__ import annotations

from dataclasses import FrozenInstanceError, dataclass, fields
from operator import attrgetter
from typing import TYPE_CHECKING, Any, TypeVar

__all__ = ["frozen"]

T = TypeVar("T")

if TYPE_CHECKING:
    from typing_extensions import dataclass_transform
else:
    def dataclass_transform(**_: Any) -> Any:
        """PEP 681's marker: nothing at run time."""
        return lambda f: f


@dataclass_transform(frozen_default=True)
def frozen(cls: type[T]) -> type[T]:
    """``cls``, given its written-out ``__init__``, made a frozen value
    class (the module's rules). Raises :class:`TypeError` when ``cls``
    defines no ``__init__`` of its own."""
    if "__init__" not in cls.__dict__:
        raise TypeError(f"{cls.__qualname__}: a frozen value class writes out its own __init__")
    made: Any = dataclass(init=False, repr=False, eq=False)(cls)
    every = fields(made)
    key = _key(tuple(f.name for f in every if f.compare))
    shown = tuple(f.name for f in every if f.repr)

    def __eq__(self: Any, other: object) -> Any:  # noqa: N807 — the dataclass rule: same class, same tuple
        if other.__class__ is self.__class__:
            return key(self) == key(other)
        return NotImplemented

    def __hash__(self: Any) -> int:  # noqa: N807
        return hash(key(self))

    def __repr__(self: Any) -> str:  # noqa: N807
        told = ", ".join(f"{name}={getattr(self, name)!r}" for name in shown)
        return f"{self.__class__.__qualname__}({told})"

    made.__eq__, made.__hash__, made.__repr__ = __eq__, __hash__, __repr__
    made.__setattr__, made.__delattr__ = _refuse_set, _refuse_delete
    return made


def _key(names: tuple[str, ...]) -> Any:
    """A function of an instance: the tuple of its ``names`` fields (a tuple for one name or none too)."""
    if len(names) >= 2:
        return attrgetter(*names)
    if len(names) == 1:
        one = attrgetter(names[0])
        return lambda value: (one(value),)
    return lambda value: ()


def _refuse_set(self: Any, name: str, value: Any) -> None:
    raise FrozenInstanceError(f"cannot assign to field {name!r}")


def _refuse_delete(self: Any, name: str) -> None:
    raise FrozenInstanceError(f"cannot delete field {name!r}")
