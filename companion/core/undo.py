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


__all__ = ["UndoPolicy"]
