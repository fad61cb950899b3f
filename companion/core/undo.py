"""Undo per event type: what a game lets the table take back.

Each event type of a game says whether a command holding it may be retracted, in the
manner of boardgame.io's `undoable` per move: never across a die roll, a draw or a
revealed secret, since taking it back would let a player roll again or act on what was
seen. The journal and the table both ask the same policy.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from companion.core.acts import Event


class UndoPolicy:
    """Whether each of a game's event types may be undone."""

    def __init__(self, table: Mapping[Any, bool]) -> None:
        self.table: dict[type[Event], bool] = dict(table)
        self.final_types: tuple[type[Event], ...] = tuple(t for t, may in self.table.items()
                                                          if not may)

    def undoable(self, events: Iterable[Event]) -> bool:
        """Whether a command with these events may be taken back."""
        return all(self.table[type(event)] for event in events)

    def final(self, events: Iterable[Event]) -> list[str]:
        """The names of the events among these that no undo may cross, sorted."""
        return sorted({type(e).__name__ for e in events if not self.table[type(e)]})

    @classmethod
    def all_but(cls, events: Iterable[type[Event]], *, final: Iterable[type[Event]]
                ) -> UndoPolicy:
        """Every one of a game's event types undoable but the `final` ones, in the order
        `events` lists them: a game names only what no undo may cross (its dice, draws and
        reveals) instead of a True beside each other type, and a type added later is
        undoable unless it is named. A final type the game does not list is refused, so a
        misspelt or stale name cannot hide in the list."""
        listed = tuple(events)
        never = tuple(final)
        stray = [t.__name__ for t in never if t not in listed]
        if stray:
            raise ValueError(f"final event types the game does not list: {', '.join(stray)}")
        if len(set(never)) != len(never):
            raise ValueError("an event type is named final twice")
        return cls({t: t not in never for t in listed})


__all__ = ["UndoPolicy"]
