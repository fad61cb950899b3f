"""Saving a part's state and putting it back: a commit the journal refused is undone.

The controller proposes each outcome before the journal has it; when the commit fails,
every part goes back to how it was before the first change the outcome made, so the game
in memory is never ahead of the file. A part's attributes are kept by reference, its
containers copied (and those named `deep` copied to the bottom: they hold mutable
objects); the game's states, events and trees are immutable and stay shared.
"""

from __future__ import annotations

import copy
from collections.abc import Collection, Sequence


def saved(part: object, deep: Collection[str] = ()) -> dict[str, object]:
    """`part`'s state as it is now."""
    out: dict[str, object] = {}
    for name, value in vars(part).items():
        if name in deep:
            value = copy.deepcopy(value)
        elif isinstance(value, dict | list | set):
            value = copy.copy(value)
        out[name] = value
    return out


def restore(states: Sequence[tuple[object, dict[str, object]]]) -> None:
    """Put each part back as `saved` found it."""
    for part, state in states:
        vars(part).update(state)
