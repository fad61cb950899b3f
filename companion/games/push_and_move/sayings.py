"""What the voice says for Push&Move: whose turn it is, with the table's own sentence in
every language (the seat's name, or its colour). The board, the pushes and the winner
are shown on the screen; the game ships no clips of its own yet (`SAYINGS` is None).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from companion.voice.phrases import Announcement, Seat, turn

from . import acts as a

SAYINGS = None
"""No sentences of its own: the table's "turn" is all it says."""


def _name(names: Any, seat: int) -> str | None:
    if isinstance(names, Mapping):
        found = names.get(seat)
        return found if isinstance(found, str) else None
    if isinstance(names, Sequence) and 0 <= seat < len(names):
        found = names[seat]
        return found if isinstance(found, str) else None
    return None


def announce(event: object, names: Any, state: object) -> Announcement | None:
    """HT1: a turn begins; nothing else is spoken."""
    if isinstance(event, a.TurnBegan):
        return turn(Seat(event.seat, _name(names, event.seat)))
    return None


__all__ = ["SAYINGS", "announce"]
