"""Push&Move's state: the board drawn, every die's hex and eyes, each player's count of
dice removed, whose turn it is and which dice still have to move, and the optional
effect the mover is being asked about. A frozen value: the reducer makes a new one for
every event, and the table only ever reads it.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from companion.core.state import SeatedState
from companion.games.push_and_move.model import BOARD, DICE, START, Kind, Settings, seat_edge


class Phase(StrEnum):
    """Where a game stands (`companion.games.push_and_move.rules.FLOW`)."""

    SETUP = "setup"
    TUNNELS = "tunnels"  # HS6: the players orient the tunnels
    MOVE = "move"  # HT2: the player moves a die
    EFFECT = "effect"  # HX7: the mover is asked about an optional effect
    REBORN = "reborn"  # HX13: a rebirth rolled 1-3; which start hex
    OVER = "over"


@dataclass(frozen=True)
class Die:
    """One d20: whose, the cell it stands on (None: removed from the game), its eyes."""

    seat: int
    cell: int | None
    value: int = 1


@dataclass(frozen=True)
class Player:
    """A player: the name, and how many dice of each seat this player has removed
    (HW1; one count per seat, the player's own always 0)."""

    name: str
    taken: tuple[int, ...]
    reborn: int = 0  # HX13: dice brought back, which stay counted (HI4)

    @property
    def count(self) -> int:
        """Opponents' dice this player has removed (HW2)."""
        return sum(self.taken)


@dataclass(frozen=True)
class Turn:
    """A player's turn: the dice (by number) that still have to move (HT2)."""

    seat: int
    round: int
    to_move: tuple[int, ...]


@dataclass(frozen=True)
class Pending:
    """An optional effect the mover is asked about (HX7): the die on the hex, the hex's
    kind, the direction it came in (a jump goes on so) and the extra steps left."""

    die: int
    kind: Kind
    direction: int
    steps: int = 0


@dataclass(frozen=True)
class State(SeatedState[Player, Turn, Settings]):
    """A game of Push&Move at one moment."""

    phase: Phase = Phase.SETUP
    settings: Settings | None = None
    board: tuple[Kind, ...] = ()
    axes: tuple[int, ...] = ()  # per cell: a tunnel's axis 0-2, -1 unset or no tunnel
    players: tuple[Player, ...] = ()
    dice: tuple[Die, ...] = ()  # DICE per seat, seat by seat: die d is seat d // DICE's
    turn: Turn | None = None
    pending: Pending | None = None
    winner: int | None = None
    end: str | None = None  # why the game ended (`model.End`)

    def at(self, cell: int) -> int | None:
        """The die standing on `cell`, if any."""
        for number, die in enumerate(self.dice):
            if die.cell == cell:
                return number
        return None

    def occupied(self) -> dict[int, int]:
        """Each cell that holds a die, and the die."""
        return {d.cell: n for n, d in enumerate(self.dice) if d.cell is not None}

    def seat_dice(self, seat: int) -> range:
        """The numbers of a seat's five dice."""
        return range(seat * DICE, seat * DICE + DICE)

    def on_board(self, seat: int) -> list[int]:
        """A seat's dice on the board."""
        return [n for n in self.seat_dice(seat) if self.dice[n].cell is not None]

    def start_cells(self, seat: int) -> tuple[int, ...]:
        """A seat's start edge (HS7)."""
        return START[seat_edge(len(self.players), seat)]

    def next_tunnel(self) -> int | None:
        """The tunnel still to orient first, in hex number order (HS6)."""
        return next((c for c, k in enumerate(self.board)
                     if k is Kind.TUNNEL and self.axes[c] < 0), None)

    def tunnels_oriented(self) -> int:
        """Tunnels oriented so far."""
        return sum(1 for c, k in enumerate(self.board)
                   if k is Kind.TUNNEL and self.axes[c] >= 0)


EMPTY = State()
CELLS = len(BOARD)

__all__ = ["CELLS", "EMPTY", "Die", "Pending", "Phase", "Player", "State", "Turn"]
