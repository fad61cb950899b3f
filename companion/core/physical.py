"""Physical dice, for any game: what roll by hand a command would make, found by trying.

A game's engine rolls inside `apply`, through the dice source it is given, and records
every face in its events. With dice rolled at the table nothing in the engine changes:
`trial()` applies a command once with a probe for dice (states are immutable values, so
a trial changes nothing) and gives the events and the dice the command asked for. The
game reads from them the roll the table makes by hand, asks the roller for the result,
and applies the same command for real with the entered faces (`ScriptedDice`), so a game
played with wooden dice replays exactly.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from companion.core.acts import Command, Event
from companion.core.dice import DiceSource
from companion.exc import RulesError

S = TypeVar("S")
C = TypeVar("C", bound=Command)
E = TypeVar("E", bound=Event)


class Probe:
    """A dice source for a trial apply: every face a 1, and the sides of each request."""

    def __init__(self) -> None:
        self.requests: list[int] = []

    def roll(self, sides: int) -> int:
        """A 1, noting that a die of `sides` sides was asked for."""
        self.requests.append(sides)
        return 1


def trial(apply: Callable[[S, C, DiceSource], tuple[S, list[E]]], state: S, command: C
          ) -> tuple[list[E], list[int]] | None:
    """The events `command` would give now and the sides of every die it would roll, or
    None when the rules refuse it (the real `apply` then says why)."""
    probe = Probe()
    try:
        _, events = apply(state, command, probe)
    except RulesError:
        return None
    return events, probe.requests


__all__ = ["Probe", "trial"]
