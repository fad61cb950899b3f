"""What every game's table holds and answers alike, written against the kernel only.

MUSH's table (`companion.games.mush.table.parts` and its controller) and the Canoe game's
(`companion.games.canoe.table`) are both a `TableBase` over their own state and events: the
config in force, the game (changed only through the rules' `apply`), the clock the
guards run on, the public events seen so far, the dice, each seat's place in its menus
(`Navigator`) and the guard against stale presses (`Gestures`). What differs between
the games (windows and bids for MUSH, the wooden die's face for the Canoe game) stays in
each game's table.
"""

from __future__ import annotations

import functools
import time
from collections.abc import Callable, Iterable, Sequence
from typing import Any, Concatenate, Generic, ParamSpec, Protocol, TypeVar

from companion.config.table import TableConfig
from companion.core.acts import TABLE, Command, Event
from companion.core.dice import DiceSource, SystemDice
from companion.core.game import AnyGame
from companion.i18n import speaking
from companion.seats import MAX_SEATS
from companion.table.gestures import Gestures
from companion.table.navigation import Navigator

SETUP_UI = TABLE
"""Setup's one shared menu is kept under the table's seat number."""

Target = Command | Callable[[Command], bool]
"""What a virtual pad steers towards: a command, or a test on commands."""


class Started(Protocol):
    """A game's state as the table reads it: no settings until "Start the game", then
    its players."""

    @property
    def settings(self) -> object:
        """The settings the game started with; None while it is being set up."""

    @property
    def players(self) -> Sequence[object]:
        """The players seated, in seat order."""


S = TypeVar("S", bound=Started)
E = TypeVar("E", bound=Event)
P = ParamSpec("P")
R = TypeVar("R")
T = TypeVar("T", bound="TableBase[Any, Any]")


def in_screen_language(method: Callable[Concatenate[T, P], R]
                        ) -> Callable[Concatenate[T, P], R]:
    """Run a public method in the screen's language (`TableConfig.screen_language`)."""
    def wrapper(self: T, /, *args: P.args, **kwargs: P.kwargs) -> R:
        with speaking(self.config.screen_language):
            return method(self, *args, **kwargs)
    functools.update_wrapper(wrapper, method)
    return wrapper


def aims_at(target: Target) -> Callable[[Command], bool]:
    """`target` as a test on commands (a command matches itself only)."""
    if callable(target):
        return target
    return lambda command: command == target


class TableBase(Generic[S, E]):
    """The parts and answers every game's table shares (see the module docstring)."""

    game: AnyGame
    """The rules this table plays (each game's table names its own)."""

    def __init__(self, state: S, dice: DiceSource | None = None,
                 clock: Callable[[], float] = time.monotonic,
                 config: TableConfig | None = None, history: Iterable[E] = ()) -> None:
        self._config, self._state, self._clock = config or TableConfig(), state, clock
        self._dice: DiceSource = dice if dice is not None else SystemDice()
        self._history: list[E] = [e for e in history if not e.private]
        self._nav, self._gestures = Navigator(), Gestures(self._config.guard_seconds)
        self._viewed: tuple[object, dict[int, object]] = (None, {})  # `seat_view`'s

    @property
    def config(self) -> TableConfig:
        """The table's settings; the app replaces them when the pads change one."""
        return self._config

    @config.setter
    def config(self, config: TableConfig) -> None:
        self._config = config
        self._config_changed()

    def _config_changed(self) -> None:
        """The config was replaced: what was built from the old one is built again."""

    @property
    def state(self) -> S:
        """The game; the controller changes it only through the rules' `apply`."""
        return self._state

    @property
    def clock(self) -> Callable[[], float]:
        """The clock the controller's countdowns and guards run on."""
        return self._clock

    @property
    def history(self) -> tuple[E, ...]:
        """The public events of this game as the controller has seen them."""
        return tuple(self._history)

    @property
    def in_setup(self) -> bool:
        """True until "Start the game" has been chosen."""
        return self._state.settings is None

    def may_press(self, seat: int) -> bool:
        """Whether a press of `seat` reaches the table: in setup any pad's (unless the
        config names one), then the seated players' only."""
        if self.in_setup:
            pad = self._config.setup_pad
            return 0 <= seat < MAX_SEATS if pad is None else seat == pad
        return 0 <= seat < len(self._state.players)

    def private_bid(self, seat: int) -> int | None:
        """The number on `seat`'s own pad (a secret bid being chosen), for that pad and
        its phone only; None: a table whose pads hold no secret shows none."""
        return None

    def secrets_waiting(self) -> tuple[int, ...]:
        """The seats whose secret choice the table waits for (none at a table without
        secret choices): whether one is made is public, never what it is."""
        return ()

    def seat_view(self, seat: int) -> object:
        """What seat `seat` alone may see now, for its phone: the rules' per-seat view
        (`Game.seat_view`: the public view and that seat's secrets, never another's);
        None in setup and for a seat nobody plays. A table whose pads hold a secret of
        their own (a bid being chosen) adds it. Worked out once per state."""
        if self.in_setup or not 0 <= seat < len(self._state.players):
            return None
        state, views = self._viewed
        if state is not self._state:
            views = {}
            self._viewed = (self._state, views)
        if seat not in views:
            views[seat] = self.game.seat_view(self._state, seat)
        return views[seat]

    def ready(self, seat: int, now: float | None = None) -> bool:
        """Whether a press of `seat` made now would act (not dropped as stale)."""
        return (self._clock() if now is None else now) >= self._gestures.ready_at(seat)

    def ready_at(self, seat: int) -> float:
        """The first moment a press of `seat` counts as fresh (a phone's tap on a menu it
        has seen is held until then rather than dropped)."""
        return self._gestures.ready_at(seat)


__all__ = ["SETUP_UI", "Started", "TableBase", "Target", "aims_at", "in_screen_language"]
