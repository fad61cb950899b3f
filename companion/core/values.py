"""Values that do not change (frozen dataclasses), copied fast: every game's state is
one, and a game's reducer makes a copy with a few fields changed for every event. And
the tables a game declares once (a reducer per event type, a handler per command, an
offer per kind of act), checked complete when they are made.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
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


__all__ = ["complete", "replace"]
