"""Taking a choice back: the one undo point the table keeps, and who may use it.

Only the very last command can be taken back, only by the seat that sent it, and never
once a die was rolled or bids revealed since (`events.FINAL`). Taking back is a replay
of the events kept, through the rules' own `evolve`, exactly as the journal is read back
after a restart: no snapshot to drift from it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from companion.exc import RulesError
from companion.games.mush import commands as cmd
from companion.games.mush import events as ev
from companion.games.mush.engine import apply, legal_commands
from companion.games.mush.evolve import replay
from companion.games.mush.state import EMPTY, GameState
from companion.games.mush.table.describe import describe
from companion.i18n import t

ROLLS_AND_REVEALS: tuple[type[ev.Event], ...] = tuple(
    e for e in ev.EVENT_TYPES if not ev.UNDOABLE[e] and not e.private)
"""A command whose events include one of these can never be taken back (`events.FINAL`)."""


@dataclass(frozen=True)
class UndoPoint:
    """The last command, while it may still be taken back: who sent it, its events."""

    seat: int
    events: tuple[ev.Event, ...]
    text: str  # what it did, in words: the undo offer and the notice say it


class _NoDice:
    """Dice for finding a command again: a command that can be taken back rolled none."""

    def roll(self, sides: int) -> int:
        raise LookupError("a command that can be taken back rolls no die")


def resumed_point(before: GameState, events: tuple[ev.Event, ...]) -> UndoPoint | None:
    """The undo point of the command that took the game from `before` by `events`: the
    journal keeps events, not commands, so the command is found again among those the
    rules allowed then (the one whose events are exactly these), with its seat and
    words."""
    for seat in range(len(before.players)):
        for command in legal_commands(before, seat):
            try:
                _, made = apply(before, command, _NoDice())
            except (RulesError, LookupError):
                continue
            if tuple(e for e in made if not e.private) == events:
                return UndoPoint(seat, events, describe(command, before))
    return None


class Undo:
    """The undo point, and why there is none when there is none."""

    def __init__(self, origin: GameState) -> None:
        # undo replays the kept events from here: the game's start when the history is
        # the whole game (a resumed journal), else the state the controller began with
        self.origin = origin
        self.point: UndoPoint | None = None
        self._refusal = "c.nothing_back"  # a key of companion.i18n

    @classmethod
    def over(cls, state: GameState, history: Sequence[ev.Event],
             last: Sequence[ev.Event] = ()) -> Undo:
        """For a controller starting at `state` with `history` already played; `last`:
        the events of the last command (a game taken up from the journal), whose take-back
        is offered again when it still could be (a restart changes nothing of what may be
        taken back)."""
        undo = cls(EMPTY if history else state)
        last = tuple(e for e in last if not e.private)
        if last and len(last) <= len(history) and tuple(history[-len(last):]) == last \
                and ev.undoable(last):
            undo.point = resumed_point(replay(history[:-len(last)], undo.origin), last)
        return undo

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
