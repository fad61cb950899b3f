"""Values that do not change (frozen dataclasses), copied fast: every game's state is
one, and a game's reducer makes a copy with a few fields changed for every event. And
the tables a game declares once (a reducer per event type, a handler per command, an
offer per kind of act), checked complete when they are made, a function filed by the
type its signature names (`by_type`).
"""

from __future__ import annotations

import inspect
import types
import typing
from collections.abc import Callable, Iterable, Mapping
from typing import Any, TypeVar

T = TypeVar("T")
K = TypeVar("K")
V = TypeVar("V")


def replace(value: T, **changes: Any) -> T:
    """A copy of a frozen dataclass value with some fields changed.

    `dataclasses.replace` re-runs `__init__` over every field, which made it most of the
    engine's time; copying the instance dictionary gives the same value several times
    faster. A name that is not a field still fails loudly, as it does there.
    """
    fields_ = value.__dict__.copy()
    fields_.update(changes)
    if len(fields_) != len(value.__dict__):
        unknown = sorted(set(changes) - set(value.__dict__))
        raise TypeError(f"{type(value).__name__} has no field(s) {unknown}")
    copy = object.__new__(type(value))
    object.__setattr__(copy, "__dict__", fields_)
    return copy


def complete(table: Mapping[K, V], keys: Iterable[K], what: str) -> dict[K, V]:
    """`table` as a dict, once every key has its entry: a key left out is a game that
    would fail in the middle of play, so it fails here, at import, naming the keys."""
    missing = sorted(getattr(k, "__name__", str(k)) for k in keys if k not in table)
    if missing:
        raise ValueError(f"{what}: {missing}")
    return dict(table)


R = TypeVar("R")


def by_type(functions: Iterable[Callable[..., R]], what: str, argument: int = 1
            ) -> dict[Any, Callable[..., R]]:
    """A table of functions by the type each one's `argument` is annotated with (a
    reducer `(state, event: GameWon)` by its event's type, a handler by its command's):
    the type is written once, in the function's own signature, so no table can file a
    function under another type than the one it reads. A union (`RollTerrain |
    RollAvalanche`) files it under each; a type given twice is a ValueError."""
    table: dict[Any, Callable[..., R]] = {}
    for function in functions:
        name = list(inspect.signature(function).parameters)[argument]
        annotation = typing.get_type_hints(function)[name]
        kinds = typing.get_args(annotation) if isinstance(annotation, types.UnionType) \
            else (annotation,)
        for kind in kinds:
            if not isinstance(kind, type):
                raise ValueError(f"{what}: {function.__name__} takes {kind!r}, not a type")
            if kind in table:
                raise ValueError(f"{what}: {kind.__name__} is given twice "
                                 f"({table[kind].__name__}, {function.__name__})")
            table[kind] = function
    return table


__all__ = ["by_type", "complete", "replace"]
