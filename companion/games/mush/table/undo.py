"""Taking a choice back: the one undo point the table keeps, and who may use it.

Only the very last command can be taken back, only by the seat that sent it, and never
once a die was rolled or bids revealed since (`events.UNDOABLE`). Taking back is a replay
of the events kept, through the rules' own `evolve`, exactly as the journal is read back
after a restart: no snapshot to drift from it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from companion.games.mush import commands as cmd
from companion.games.mush import events as ev
from companion.games.mush.evolve import replay
from companion.games.mush.state import EMPTY, GameState
from companion.i18n import t

ROLLS_AND_REVEALS: tuple[type[ev.Event], ...] = tuple(
    e for e in ev.EVENT_TYPES if not ev.UNDOABLE[e] and not e.private)
"""A command whose events include one of these can never be taken back (`events.UNDOABLE`)."""


@dataclass(frozen=True)
class UndoPoint:
    """The last command, while it may still be taken back: who sent it, its events."""

    seat: int
    events: tuple[ev.Event, ...]
    text: str  # what it did, in words: the undo offer and the notice say it


class Undo:
    """The undo point, and why there is none when there is none."""

    def __init__(self, origin: GameState) -> None:
        # undo replays the kept events from here: the game's start when the history is
        # the whole game (a resumed journal), else the state the controller began with
        self.origin = origin
        self.point: UndoPoint | None = None
        self._refusal = "c.nothing_back"  # a key of companion.i18n

    @classmethod
    def over(cls, state: GameState, history: Sequence[ev.Event]) -> Undo:
        """For a controller starting at `state` with `history` already played."""
        return cls(EMPTY if history else state)

    def applied(self, command: cmd.Command, events: Sequence[ev.Event],
                public: tuple[ev.Event, ...], text: str) -> None:
        """A command acted: it is the new undo point, unless it rolled or revealed."""
        if command.seat >= 0 and ev.undoable(events):
            self.point = UndoPoint(command.seat, public, text)
        else:
            self.point = None
            rolled = any(isinstance(e, ROLLS_AND_REVEALS) for e in events)
            self._refusal = "c.roll_not_back" if rolled else "c.nothing_back"

    def refusal(self, seat: int, names: Sequence[str]) -> str | None:
        """Why `seat` cannot take anything back now (words), or None."""
        if self.point is None:
            return t(self._refusal)
        if self.point.seat != seat:
            return t("c.only_taker", name=names[self.point.seat])
        return None

    def take(self, history: list[ev.Event]) -> tuple[UndoPoint, GameState]:
        """Take the point back: its events leave `history`; the game as it was before."""
        point = self.point
        assert point is not None
        if point.events:
            del history[-len(point.events):]
        self.point = None
        self._refusal = "c.only_last"
        return point, replay(history, self.origin)
