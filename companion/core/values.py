"""Values that do not change (frozen dataclasses), copied fast: every game's state is
one, and a game's reducer makes a copy with a few fields changed for every event.
"""

from __future__ import annotations

from typing import Any, TypeVar

T = TypeVar("T")


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


__all__ = ["replace"]
