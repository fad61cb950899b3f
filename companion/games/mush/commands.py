"""Commands: what a seat (or the table itself) may ask of the rules.

A command says who asks and with which parameters; `legal()` lists the commands a seat
may send now, and `apply()` refuses any other with a specific error.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from companion.core import acts
from companion.games.mush.model import (
    PASSING_COST,
    REROLL_COST,
    REST_CHOICES,
    STICK_COST,
    Climate,
    RestPlace,
    StickAction,
)
from companion.games.mush.settings import Settings

TABLE = acts.TABLE
"""The seat number of the table itself: setup, and closing a window when its time is up."""


@dataclass(frozen=True)
class Command(acts.Command):
    """Base of every MUSH command; `seat` is who sends it (TABLE for the table), and
    `cost` the Action Chips it costs its sender (a bid is paid at the reveal)."""


@dataclass(frozen=True)
class StartGame(Command):
    """Seat the players with the chosen arrangement and variants (S1–S3, S5–S9)."""

    settings: Settings


@dataclass(frozen=True)
class ChooseTraining(Command):
    """S4: the selecting seat picks its training."""

    training: Climate


@dataclass(frozen=True)
class LockBid(Command):
    """R1: lock in a secret bid; it is paid only at the reveal."""

    amount: int
    cost_param: ClassVar[str | None] = "amount"


@dataclass(frozen=True)
class UnlockBid(Command):
    """R1: take a locked bid back while others are still choosing."""


@dataclass(frozen=True)
class RollWeather(Command):
    """W3: the Initiative Player rolls for the weather."""


@dataclass(frozen=True)
class Move(Command):
    """T1: the active seat moves; opponents may now reduce its dice (X2), then it rolls."""


@dataclass(frozen=True)
class Rest(Command):
    """Z1: the active seat rests; `choice` indexes REST_CHOICES[place]."""

    place: RestPlace
    choice: int

    @property
    def gain(self) -> tuple[int, int]:
        """Z1: the dogs uncovered and the chips drawn the choice names (Z2 may cap the
        dogs at those covered)."""
        return REST_CHOICES[self.place][self.choice]


@dataclass(frozen=True)
class Reduce(Command):
    """X2: pay chips toward taking dice away from the roller."""

    chips: int
    cost_param: ClassVar[str | None] = "chips"


@dataclass(frozen=True)
class Reroll(Command):
    """X1: pay 3 chips to make the roller roll again."""

    fixed_cost: ClassVar[int] = REROLL_COST


@dataclass(frozen=True)
class Pass(Command):
    """Decline to act in an open reaction window."""


@dataclass(frozen=True)
class CloseWindow(Command):
    """The table closes a reaction window when its countdown runs out."""


@dataclass(frozen=True)
class RollTerrain(Command):
    """M4: roll to enter a rough-terrain space, with a paid modifier."""

    modifier: int
    cost_param: ClassVar[str | None] = "modifier"


@dataclass(frozen=True)
class RollAvalanche(Command):
    """M5: roll to cross an avalanche stick, with a paid modifier."""

    modifier: int
    cost_param: ClassVar[str | None] = "modifier"


@dataclass(frozen=True)
class PayPassing(Command):
    """X5: pay to pass through opponents for the rest of the turn."""

    fixed_cost: ClassVar[int] = PASSING_COST


@dataclass(frozen=True)
class MoveStick(Command):
    """X4: place, move or remove an avalanche stick during one's own turn."""

    action: StickAction
    fixed_cost: ClassVar[int] = STICK_COST


@dataclass(frozen=True)
class CrossZone(Command):
    """The sled crossed into the next zone (forward) or back into the previous one."""

    forward: bool = True


@dataclass(frozen=True)
class ReachNikolai(Command):
    """S9: the sled reached Nikolai and is placed at Unal-Akleet."""


@dataclass(frozen=True)
class ReachNome(Command):
    """T3: the sled reached Nome."""


@dataclass(frozen=True)
class EndMove(Command):
    """The sled has moved as far as it will this movement."""


@dataclass(frozen=True)
class Press(Command):
    """P1: roll the standard die on the pressing chart."""


@dataclass(frozen=True)
class SkipPress(Command):
    """P1: decline the pressing roll."""


COMMAND_TYPES: tuple[type[Command], ...] = (
    StartGame, ChooseTraining, LockBid, UnlockBid, RollWeather, Move, Rest, Reduce, Reroll,
    Pass, CloseWindow, RollTerrain, RollAvalanche, PayPassing, MoveStick, CrossZone,
    ReachNikolai, ReachNome, EndMove, Press, SkipPress,
)
