"""Invariants: what must hold of a game's state at every moment, as a list of checks.

A game states its invariants once (MUSH's I1–I4: the chips are all accounted for, no
negative count, ...); the property tests check them after every step of many games, and
the journal checks every event it reads against them, so a flipped bit that decodes into
an impossible game is found as damage instead of being played on.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Generic, TypeVar

S = TypeVar("S")


@dataclass(frozen=True)
class Invariant(Generic[S]):
    """One check: the rule that states it, in words, and whether it holds of a state."""

    rule: str
    text: str
    holds: Callable[[S], bool]


def broken(state: S, invariants: Iterable[Invariant[S]]) -> list[Invariant[S]]:
    """The invariants `state` breaks, in the order given (none for a sound state)."""
    return [i for i in invariants if not i.holds(state)]


__all__ = ["Invariant", "broken"]
