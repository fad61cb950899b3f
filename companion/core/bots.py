"""Bots playing a game through its rules: the loop every game's `play_game` shares.

A game's bots decide (its policies, and who is asked first); this loop only presses:
it asks for the next command, applies it through the game's own `apply`, and keeps the
events, until the flow reaches the game's last phase. A state where no bot acts before
that is a fault in the bots or the rules, raised, never a game that silently stops.
"""

from __future__ import annotations

from collections.abc import Callable
from enum import Enum
from typing import Any, TypeVar

from companion.core.acts import Command, Event
from companion.core.dice import DiceSource
from companion.core.flow import Flow

S = TypeVar("S")
C = TypeVar("C", bound=Command)
E = TypeVar("E", bound=Event)

Step = Callable[[S, C, list[E]], None]
"""Told of each step: the state after it, the command and its events."""


def play_out(state: S, journal: list[E], *, choose: Callable[[S], C | None],
             apply: Callable[[S, C, DiceSource], tuple[S, list[E]]], dice: DiceSource,
             flow: Flow[S, E, Any], end: Enum, max_steps: int,
             on_step: Step[S, C, E] | None = None) -> tuple[S, list[E]]:
    """Press commands from `choose` until the flow's phase is `end` (or `max_steps`),
    adding every event to `journal`; the last state and the journal."""
    for _ in range(max_steps):
        if flow.phase_of(state) is end:
            break
        command = choose(state)
        if command is None:
            raise RuntimeError(f"no bot can act in phase {flow.phase_of(state).value}")
        state, events = apply(state, command, dice)
        journal.extend(events)
        if on_step is not None:
            on_step(state, command, events)
    return state, journal


__all__ = ["Step", "play_out"]
