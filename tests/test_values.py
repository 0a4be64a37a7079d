"""Issue 28: a class made with :func:`lawref.values.frozen` behaves as the
``@dataclass(frozen=True)`` it stands for — the same constructor (its
fields, in order, with their defaults), ``==``, ``hash`` and ``repr`` by the
dataclass rules, refused assignment and deletion, and ``dataclasses.replace``
/ ``fields`` / ``asdict`` — checked against a real frozen dataclass made from
the same fields, on drawn values."""

from __future__ import annotations

import dataclasses
import inspect
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lawref import model, printed
from lawref.values import frozen

#: Every class made with :func:`frozen` (a new one is added here; the test below finds any left out).
VALUES = [model.Source, model.Document, model.Ref, model.Node, printed.Shown, printed.RefShown, printed.View,
          printed.Twin]

_PLAIN = st.one_of(st.none(), st.booleans(), st.integers(-3, 3), st.text(max_size=3),
                   st.tuples(st.integers(0, 2), st.text(max_size=2)))


def _reference(cls: type) -> Any:
    """A real ``@dataclass(frozen=True)`` with ``cls``'s fields (name, defaults, compare, repr)."""
    spec = []
    for f in dataclasses.fields(cls):
        made = dataclasses.field(compare=f.compare, repr=f.repr, hash=f.hash)
        if f.default is not dataclasses.MISSING:
            made = dataclasses.field(default=f.default, compare=f.compare, repr=f.repr, hash=f.hash)
        spec.append((f.name, Any, made))
    return dataclasses.make_dataclass(cls.__name__, spec, frozen=True)


@pytest.mark.parametrize("cls", VALUES, ids=lambda c: c.__name__)
def test_the_constructor_takes_the_fields_in_order_with_their_defaults(cls: type) -> None:
    params = list(inspect.signature(cls).parameters.values())
    every = dataclasses.fields(cls)
    assert [p.name for p in params] == [f.name for f in every]
    for p, f in zip(params, every, strict=True):
        assert p.default == (inspect.Parameter.empty if f.default is dataclasses.MISSING else f.default), f.name
        assert f.default_factory is dataclasses.MISSING  # a factory would need the constructor to call it


def _draw(cls: type, data: st.DataObject) -> dict[str, Any]:
    return {f.name: data.draw(_PLAIN, label=f.name) for f in dataclasses.fields(cls)}


@pytest.mark.parametrize("cls", VALUES, ids=lambda c: c.__name__)
@settings(max_examples=60, deadline=None)
@given(data=st.data())
def test_equality_hash_and_repr_are_the_frozen_dataclass_s(cls: type, data: st.DataObject) -> None:
    ref = _reference(cls)
    one, other = _draw(cls, data), _draw(cls, data)
    if data.draw(st.booleans(), label="differ in one field only"):
        name = data.draw(st.sampled_from([f.name for f in dataclasses.fields(cls)]))
        other = {**one, name: other[name]}
    a, b, ra, rb = cls(**one), cls(**other), ref(**one), ref(**other)
    assert (a == b) == (ra == rb)
    assert (a != b) == (ra != rb)
    if a == b:
        assert hash(a) == hash(b)
    assert hash(a) == hash(ra)
    assert repr(a) == repr(ra)
    assert a.__eq__(ra) is NotImplemented  # another class is never equal, as a dataclass's rule says
    assert dataclasses.asdict(a) == dataclasses.asdict(ra)
    assert dataclasses.replace(a, **other) == b


@pytest.mark.parametrize("cls", VALUES, ids=lambda c: c.__name__)
def test_a_field_cannot_be_set_or_deleted(cls: type) -> None:
    value = cls(**{f.name: None for f in dataclasses.fields(cls)})
    name = dataclasses.fields(cls)[0].name
    with pytest.raises(dataclasses.FrozenInstanceError):
        setattr(value, name, 1)
    with pytest.raises(dataclasses.FrozenInstanceError):
        delattr(value, name)
    with pytest.raises(dataclasses.FrozenInstanceError):
        value.other = 1


def test_every_frozen_value_class_is_checked() -> None:
    made = {obj for mod in (model, printed) for obj in vars(mod).values()
            if isinstance(obj, type) and dataclasses.is_dataclass(obj) and obj.__module__ == mod.__name__}
    assert made == set(VALUES)


def test_a_class_without_its_own_constructor_is_refused() -> None:
    class Bare:
        x: int

    with pytest.raises(TypeError, match="writes out its own __init__"):
        frozen(Bare)
