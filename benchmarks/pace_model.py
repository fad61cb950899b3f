"""How players behave at the table, for measuring what they wait: one model for the bench
(`benchmarks.bench_pace`, on a simulated clock) and the real window (`benchmarks.window_pace`,
on the wall clock, reading the pixels of a window under Xvfb).

A player reads for `READ_S` after every change on screen (of the table, or of its own
menu: another seat walking its menus is not its news) before pressing, presses only
when a menu asks for its seat, and moves its sled on the cardboard, `SLED_S` a space, only
once no window can change the roll (the window has closed, or it waits for the roller
alone, who has decided). The table *waits on the companion* in the wall time in which no
player reads what it will press, presses or moves a sled: a die tumbles, a countdown runs,
a quiet window stands. A patient player takes a screen that keeps changing (a die
tumbling, a countdown's bar) as a screen still changing: it waits for it to stop, then
reads.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from companion.games.mush import events as ev
from companion.games.mush.model import MoveContext
from companion.games.mush.table.controller import TableController

READ_S = 1.0
SLED_S = 1.0

MODEL = (f"model: each player reads for {READ_S:g} s after every change on screen before "
         "pressing (the patient table: any change, so never while a die tumbles or a "
         "countdown runs; the table that presses ahead: a change of the game or of the "
         "choices), presses only when a menu asks for its seat, and moves its sled "
         f"{SLED_S:g} s a space once no window can change the roll. Waited: the wall time in "
         "which no player reads what it will press, presses or moves a sled.")


class PaceModel:
    """When each seat may press, and whether a moment is one the table waits."""

    def __init__(self, patient: bool) -> None:
        self.patient = patient
        self._changed: dict[int, float] = {}  # seat -> when what it watches last changed
        self._sleds: dict[int, float] = {}  # seat -> its sled is moved until then

    def seen(self, now: float, changed: Iterable[int]) -> None:
        """The screen as it is at `now`; `changed`: the seats for which what they watch
        (the table, their own menu: another seat walking its menus is not their news)
        differs from their last look."""
        for seat in changed:
            self._changed[seat] = now

    def may_press(self, seat: int, now: float) -> bool:
        """Whether `seat` has read the screen long enough, and is not moving its sled."""
        return now >= self._changed.get(seat, float("-inf")) + READ_S and \
            now >= self._sleds.get(seat, float("-inf"))

    def sled(self, seat: int, spaces: int, now: float) -> None:
        """`seat` moves its sled `spaces` spaces from `now`."""
        self._sleds[seat] = max(now, self._sleds.get(seat, now)) + spaces * SLED_S

    def sled_moving(self, now: float) -> bool:
        """Whether a sled is being moved on the cardboard."""
        return any(now < until for until in self._sleds.values())

    def busy(self, now: float, wanting: Iterable[int], moving: bool) -> bool:
        """Whether a player is busy at `now` (the table is not waiting on the companion):
        a sled moving, or a seat reading what it will press (`wanting`: the seats whose
        menus ask them and take presses). A patient player does not read a screen that
        keeps changing (`moving`): it waits."""
        if self.sled_moving(now):
            return True
        if self.patient and moving:
            return False
        return any(True for _ in wanting)


class Sleds:
    """Which sled is to be moved, and when it may be: once the dice have landed and no
    window can change the roll (closed, or waiting for its roller alone)."""

    def __init__(self, controller: TableController) -> None:
        self._controller = controller
        self._due: tuple[int, int] | None = None  # (seat, spaces)

    def waits(self, seat: int) -> bool:
        """Whether `seat` waits to move its sled (its roll may still change): it presses
        nothing before it has moved it."""
        return self._due is not None and self._due[0] == seat

    def saw(self, events: Sequence[ev.Event]) -> None:
        """New events of the game: a roll of the dog dice (again), or a move the rules
        start by themselves (the Early Riser's space, the pressing bonus)."""
        for event in events:
            if isinstance(event, ev.DogDiceRolled):
                self._due = (event.seat, event.dogs) if event.dogs else None
            elif isinstance(event, ev.MovementStarted) and \
                    event.context is not MoveContext.NORMAL and event.spaces:
                self._due = (event.seat, event.spaces)

    def start(self, model: PaceModel, now: float, landing: bool) -> None:
        """Start the sled due, if its roll has landed (`landing`: a die still tumbles or
        a countdown runs) and no one but its roller can change the roll any more."""
        if self._due is None or landing:
            return
        seat, spaces = self._due
        controller = self._controller
        if controller.state.window is None or controller.answer_awaited(seat):
            model.sled(seat, spaces, now)
            self._due = None


__all__ = ["MODEL", "READ_S", "SLED_S", "PaceModel", "Sleds"]
