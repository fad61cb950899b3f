"""Events: what happened. The journal stores them; folding them rebuilds the state (I6).

Every roll's faces are in its event, so replay never rolls. Events marked `private`
carry a secret (a locked bid) and are never journalled, shown or spoken (R1, I5); the
reveal event carries every bid, so replaying the public events alone reaches the same
state after the reveal.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import ClassVar

from companion.core import acts
from companion.core.undo import UndoPolicy
from companion.games.mush.model import (
    Climate,
    DiceColour,
    MoveContext,
    PressResult,
    RestPlace,
    RollKind,
    StickAction,
    WindowKind,
    Zone,
)
from companion.games.mush.settings import Settings


@dataclass(frozen=True)
class Event(acts.Event):
    """Base of every MUSH event (`private`: see the kernel's `Event`)."""


@dataclass(frozen=True)
class GameStarted(Event):
    """S1–S3: seats, arrangement, variants and charts; the bank is filled (S2)."""

    settings: Settings


@dataclass(frozen=True)
class TrainingOrderDrawn(Event):
    """S4: a uniform draw over the seats chose who selects training first."""

    seat: int
    face: int
    sides: int


@dataclass(frozen=True)
class TrainingChosen(Event):
    """S4: a seat picked its training."""

    seat: int
    training: Climate


@dataclass(frozen=True)
class InitiativeDrawn(Event):
    """S6: a uniform draw chose the first Initiative Player, who takes the Ice Bear."""

    seat: int
    face: int
    sides: int


@dataclass(frozen=True)
class SticksPlaced(Event):
    """S7: avalanche sticks put on the board before the first round."""

    count: int


@dataclass(frozen=True)
class RoundStarted(Event):
    """A round begins with secret bids (R1)."""

    round: int
    ice_bear: int


@dataclass(frozen=True)
class BidLocked(Event):
    """R1: a seat locked in its bid. Private: the amount never leaves the engine."""

    seat: int
    amount: int
    private: ClassVar[bool] = True


@dataclass(frozen=True)
class BidUnlocked(Event):
    """R1: a seat took its bid back. Private, like the lock."""

    seat: int
    private: ClassVar[bool] = True


@dataclass(frozen=True)
class BidsRevealed(Event):
    """R1–R2: every bid at once, and the order of play they give."""

    bids: tuple[int, ...]
    order: tuple[int, ...]


@dataclass(frozen=True)
class ChipsPaid(Event):
    """X7: chips from a seat to the bank (or retiring coins in use)."""

    seat: int
    amount: int
    reason: str


@dataclass(frozen=True)
class ChipsDrawn(Event):
    """X7: chips from the bank to a seat; past an empty bank they are coins."""

    seat: int
    amount: int
    reason: str


@dataclass(frozen=True)
class MovementStarted(Event):
    """A movement begins: the Early Riser space (R3), after the dog roll, or pressing (P1)."""

    seat: int
    context: MoveContext
    spaces: int


@dataclass(frozen=True)
class MovementEnded(Event):
    """A movement is over: chosen by the seat, or cut short by a failed roll (M4, M5)."""

    seat: int
    context: MoveContext
    stopped: bool = False


@dataclass(frozen=True)
class WeatherRolled(Event):
    """W2–W3: the chart of the leading zone and the face rolled on it."""

    seat: int
    zone: Zone
    face: int
    weather: Climate
    reroll: bool = False


@dataclass(frozen=True)
class TurnStarted(Event):
    """T1: a seat's turn begins, in order of play."""

    seat: int


@dataclass(frozen=True)
class Rested(Event):
    """Z1–Z2: a seat rested; `dogs` is what was actually uncovered."""

    seat: int
    place: RestPlace
    choice: int
    dogs: int


@dataclass(frozen=True)
class MoveChosen(Event):
    """T1: the seat moves this turn and may no longer rest."""

    seat: int


@dataclass(frozen=True)
class WindowOpened(Event):
    """A reaction window opens with the seats that may act in it."""

    kind: WindowKind
    roller: int
    eligible: tuple[int, ...]
    roll: RollKind | None = None


@dataclass(frozen=True)
class Passed(Event):
    """A seat declined to act in the open window."""

    seat: int


@dataclass(frozen=True)
class WindowClosed(Event):
    """The window is over (everyone passed, the table's countdown, or nothing left to do)."""

    kind: WindowKind


@dataclass(frozen=True)
class ReducePaid(Event):
    """X2: chips paid toward taking dice from the roller."""

    seat: int
    roller: int
    chips: int


@dataclass(frozen=True)
class DiceReduced(Event):
    """X2: the dice taken away for the whole turn, rerolls included."""

    seat: int
    dice: int


@dataclass(frozen=True)
class DogDiceRolled(Event):
    """D1–D3: the dog dice and their faces; faces 1..dog_faces are dogs (D2)."""

    seat: int
    colour: DiceColour
    faces: tuple[int, ...]
    dogs: int
    reroll: bool = False


@dataclass(frozen=True)
class RerollForced(Event):
    """X1: a seat paid for the roller to roll again."""

    seat: int
    roller: int
    roll: RollKind


@dataclass(frozen=True)
class TerrainRolled(Event):
    """M4: the rough-terrain roll and whether the sled enters."""

    seat: int
    face: int
    modifier: int
    success: bool
    reroll: bool = False


@dataclass(frozen=True)
class AvalancheRolled(Event):
    """M5: the avalanche roll and whether the sled crosses."""

    seat: int
    face: int
    modifier: int
    success: bool
    reroll: bool = False


@dataclass(frozen=True)
class SpaceEntered(Event):
    """M4–M5: a successful roll let the sled enter the space (it counts toward the move)."""

    seat: int
    roll: RollKind


@dataclass(frozen=True)
class PassingPaid(Event):
    """X5: the seat may pass opponents for the rest of the turn."""

    seat: int


@dataclass(frozen=True)
class StickMoved(Event):
    """X4: an avalanche stick placed, moved or removed; `sticks` is how many are in play."""

    seat: int
    action: StickAction
    sticks: int


@dataclass(frozen=True)
class ZoneChanged(Event):
    """A sled crossed into another board/zone (told by the table)."""

    seat: int
    board: int
    zone: Zone
    reason: str = "crossed"


@dataclass(frozen=True)
class DogCovered(Event):
    """M2, P1: one more dog covered with a Dog Chip."""

    seat: int
    reason: str


@dataclass(frozen=True)
class PressOffered(Event):
    """P1: the seat may roll for the pressing bonus."""

    seat: int


@dataclass(frozen=True)
class PressRolled(Event):
    """P1–P2: the pressing roll and its result on the chart."""

    seat: int
    face: int
    result: PressResult
    reroll: bool = False


@dataclass(frozen=True)
class TurnEnded(Event):
    """The seat's turn is over."""

    seat: int


@dataclass(frozen=True)
class RoundEnded(Event):
    """R4: the round is over and the Ice Bear passes to the left."""

    round: int
    ice_bear: int


@dataclass(frozen=True)
class GameWon(Event):
    """T3: the first sled to Nome (or to the Northern Zone in Short game A) wins."""

    seat: int


EVENT_TYPES: tuple[type[Event], ...] = (
    GameStarted, TrainingOrderDrawn, TrainingChosen, InitiativeDrawn, SticksPlaced,
    RoundStarted, BidLocked, BidUnlocked, BidsRevealed, ChipsPaid, ChipsDrawn,
    MovementStarted, MovementEnded, WeatherRolled, TurnStarted, Rested, MoveChosen,
    WindowOpened, Passed, WindowClosed, ReducePaid, DiceReduced, DogDiceRolled, RerollForced,
    TerrainRolled, AvalancheRolled, SpaceEntered, PassingPaid, StickMoved, ZoneChanged, DogCovered,
    PressOffered, PressRolled, TurnEnded, RoundEnded, GameWon,
)


FINAL: tuple[type[Event], ...] = (
    # Setting up: the game itself, and the draws that chose who trains and leads first.
    GameStarted, TrainingOrderDrawn, InitiativeDrawn,
    # A round's bids: private until the reveal, and the reveal shows every bid.
    BidLocked, BidUnlocked, BidsRevealed,
    # Every die.
    WeatherRolled, DogDiceRolled, TerrainRolled, AvalancheRolled, PressRolled,
)
"""The event types no undo may cross; a command holding any other may be taken back.

Every die roll and draw and the reveal of the bids: undoing those would let a table roll
again a die it disliked or bid again knowing the others' bids (boardgame.io switches undo
off for moves that roll). The private bid events too: a bid is taken back by unlocking
it, never by an undo, and they are never journalled. The start of the game: a new game is
asked for, not undone. The rest is bookkeeping (a rest, a zone crossing, a pass, a
payment, a stick, a "reached Nome") and may be undone. The journal refuses to retract a
batch holding a final type; the table offers no undo after one.
"""


UNDO = UndoPolicy.all_but(EVENT_TYPES, final=FINAL)
"""`FINAL` as the kernel's undo policy, which the journal and the table ask."""

UNDOABLE = UNDO.table
"""Whether a command whose events include this type may be taken back, per type."""


def undoable(events: Iterable[Event]) -> bool:
    """Whether a command with these events may be taken back (see `UNDOABLE`)."""
    return UNDO.undoable(events)
