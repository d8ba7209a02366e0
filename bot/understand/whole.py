"""Instances of a dataclass of many fields made with their dict whole.

A dataclass's ``__init__`` stores its fields one at a time. Past 30 attributes CPython 3.11 no
longer shares an instance's keys with its class: each store after that goes to a dict of the
instance's own, and a class of 60 fields takes 10-30 µs an instance where a copy of its
defaults takes under 1 µs. Understanding a question makes one ``parse._Work`` (67 fields) and
one or two ``settings.Settings`` (59): ``made_whole(cls)`` makes them as ``cls(**values)`` does,
the same fields in the same order with the same values (tests/test_perf45.py compares them).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any, TypeVar

T = TypeVar("T")


def made_whole(cls: type[T]) -> Callable[..., T]:
    """A maker of ``cls(**values)`` (keywords only) for a dataclass whose ``__init__`` only
    stores its fields: no ``__post_init__``, no slots, no frozen fields, no ``InitVar``."""
    if not dataclasses.is_dataclass(cls) or vars(cls)["__dataclass_params__"].frozen \
            or "__slots__" in vars(cls) or hasattr(cls, "__post_init__"):
        raise TypeError(f"{cls.__name__}: not a plain dataclass")
    defaults: dict[str, Any] = {}
    factories: list[tuple[str, Callable[[], Any]]] = []
    required: list[str] = []
    for found in dataclasses.fields(cls):
        if not found.init:
            raise TypeError(f"{cls.__name__}.{found.name}: not set by __init__")
        # In the fields' order: a required field's place is kept until it is given.
        defaults[found.name] = found.default
        if found.default_factory is not dataclasses.MISSING:
            factories.append((found.name, found.default_factory))
        elif found.default is dataclasses.MISSING:
            required.append(found.name)
    size, make = len(defaults), object.__new__
    factories_, required_ = tuple(factories), tuple(required)

    def made(**values: Any) -> T:
        kept = defaults.copy()
        for name, factory in factories_:
            if name not in values:
                kept[name] = factory()
        kept.update(values)  # given values keep their fields' places
        if len(kept) != size:
            raise TypeError(f"{cls.__name__}: no field {sorted(kept.keys() - defaults.keys())}")
        for name in required_:
            if name not in values:
                raise TypeError(f"{cls.__name__}: {name} not given")
        instance = make(cls)
        instance.__dict__ = kept
        return instance

    return made
