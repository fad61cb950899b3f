"""The frozen game state: the data of a game, apart from bookkeeping of the table.

A state is a value: every change makes a new one (`dataclasses.replace`), so a refused
command can never leave half a change behind, and two states compare equal exactly when
the games are in the same place (I6).
"""

from __future__ import annotations

from dataclasses import dataclass

from companion.core.state import SeatedState
from companion.games.mush.model import (
    DOGS,
    Climate,
    DiceColour,
    MoveContext,
    Phase,
    PressResult,
    RollKind,
    WindowKind,
    Zone,
    dice_colour,
)
from companion.games.mush.settings import Settings

STATE_VERSION = 1



@dataclass(frozen=True)
class PlayerState:
    """One seat's counted things: chips, covered dogs, training, and where its sled is."""

    name: str
    chips: int
    covered: int = 0
    training: Climate | None = None
    board: int = 0  # index into Settings.boards; the companion never needs the map

    @property
    def uncovered(self) -> int:
        """Dogs still able to pull: one dog die each (D3)."""
        return DOGS - self.covered


@dataclass(frozen=True)
class RollRecord:
    """The latest roll, as the table needs it to show and to resolve a reroll window."""

    kind: RollKind
    seat: int
    faces: tuple[int, ...]
    modifier: int = 0
    colour: DiceColour | None = None
    dogs: int = 0
    success: bool = False
    weather: Climate | None = None
    zone: Zone | None = None
    press: PressResult | None = None
    rerolls: int = 0


@dataclass(frozen=True)
class TurnState:
    """What the active seat has done so far in its turn (or Early Riser move)."""

    seat: int
    context: MoveContext = MoveContext.NORMAL
    reduction: int = 0  # dice taken away for this turn (X2)
    spaces: int = 0  # spaces this movement may cover
    entered: int = 0  # spaces entered through a successful terrain or avalanche roll
    passing: bool = False  # paid to pass opponents for the rest of the turn (X5)
    stopped: bool = False  # a failed roll ended this movement (M4, M5)


@dataclass(frozen=True)
class Window:
    """An open reaction window: who may still act, and what has been paid into it."""

    kind: WindowKind
    roller: int
    eligible: tuple[int, ...]
    passed: tuple[int, ...] = ()
    paid: int = 0  # chips paid into a reduce window
    last_payer: int | None = None
    roll: RollKind | None = None  # the roll a reroll window is about


@dataclass(frozen=True)
class GameState(SeatedState[PlayerState, TurnState, Settings]):
    """A whole game at one moment; the only thing the rules read and write."""

    phase: Phase = Phase.SETUP
    settings: Settings | None = None
    players: tuple[PlayerState, ...] = ()
    bank: int = 0
    coins: int = 0  # X7: draws from an empty bank, counted as coins in use
    sticks: int = 0  # avalanche sticks in play (X4)
    round: int = 0
    ice_bear: int | None = None  # the Initiative Player
    training_next: int | None = None  # who selects training now (S4)
    bids: tuple[int | None, ...] = ()  # locked bids; secret until the reveal (R1, I5)
    revealed: tuple[int, ...] | None = None  # this round's bids, once revealed
    order: tuple[int, ...] = ()  # this round's order of play (R2)
    early_riser: int | None = None
    weather: Climate | None = None
    weather_zone: Zone | None = None
    turn_index: int = -1  # position in `order` of the seat whose turn it is
    turn: TurnState | None = None
    window: Window | None = None
    last_roll: RollRecord | None = None
    winner: int | None = None
    version: int = STATE_VERSION

    # --- derived facts, never stored twice (seats, active, require_settings,
    # require_turn and with_player come from the kernel's `SeatedState`) -------------

    def require_window(self) -> Window:
        """The open reaction window; only called in the window phases."""
        assert self.window is not None, "no window open"
        return self.window

    def player(self, seat: int) -> PlayerState:
        """One seat's player."""
        return self.players[seat]

    def zone_of(self, seat: int) -> Zone:
        """The weather zone a seat's sled is in."""
        assert self.settings is not None
        return self.settings.boards[self.players[seat].board].zone

    def colour_of(self, seat: int) -> DiceColour | None:
        """This round's dog-dice colour for a seat (D1), once the weather is known."""
        training = self.players[seat].training
        if training is None or self.weather is None:
            return None
        return dice_colour(training, self.weather)

    def chips_in_play(self) -> int:
        """Bank plus every player's chips: I1 says this is 125 plus coins in use."""
        return self.bank + sum(p.chips for p in self.players)



EMPTY = GameState()
