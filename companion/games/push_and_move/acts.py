"""Push&Move's commands (what a seat asks) and events (what happened), as the journal
keeps them. Dice are numbered across the table (seat s has dice 5s to 5s + 4), cells
by hex number less one (`model.BOARD`), directions 0-5 as the kernel's hexes number
them (E, NE, NW, W, SW, SE on the screen). Every face rolled is in an event.
"""

from __future__ import annotations

from dataclasses import dataclass

from companion.core.acts import TABLE, Command, Event
from companion.games.push_and_move.model import End, Kind, Loss, Motion, Settings

# --- commands ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Start(Command):
    """Start a game with these settings (the table's)."""

    settings: Settings


@dataclass(frozen=True)
class Orient(Command):
    """HS6: turn a tunnel to one of the three axes."""

    cell: int
    axis: int


@dataclass(frozen=True)
class Move(Command):
    """HT2: move one of the seat's dice one hex."""

    die: int
    direction: int


@dataclass(frozen=True)
class Step(Command):
    """HX10-HX12: an extra step of the die asked about, or its jump."""

    direction: int


@dataclass(frozen=True)
class Beam(Command):
    """HX9: the die to another beam hex."""

    cell: int


@dataclass(frozen=True)
class Reroll(Command):
    """HX8: roll the die on a reroll hex."""


@dataclass(frozen=True)
class Rebirth(Command):
    """HX13: roll for a rebirth."""


@dataclass(frozen=True)
class Place(Command):
    """HX13: put a removed die back on this start hex."""

    cell: int


@dataclass(frozen=True)
class Decline(Command):
    """HX7: no, thank you (an optional effect, or a rebirth's die)."""


COMMANDS: tuple[type[Command], ...] = (Start, Orient, Move, Step, Beam, Reroll, Rebirth,
                                       Place, Decline)

# --- events -----------------------------------------------------------------------------


@dataclass(frozen=True)
class GameStarted(Event):
    """A new game with its settings."""

    settings: Settings


@dataclass(frozen=True)
class BoardDrawn(Event):
    """HS5: the hexes drawn from the bag, in hex number order."""

    hexes: tuple[Kind, ...]


@dataclass(frozen=True)
class TunnelOriented(Event):
    """HS6: a tunnel's axis, chosen by `seat` (TABLE: rolled)."""

    seat: int
    cell: int
    axis: int


@dataclass(frozen=True)
class TurnBegan(Event):
    """HT1: a player's turn, with the dice that have to move."""

    seat: int
    round: int
    dice: tuple[int, ...]


@dataclass(frozen=True)
class Moved(Event):
    """HP1: a die moved one hex in `direction` (`how`: its own move, a step or a jump), and the
    dice of `line` after it each pushed one hex on (the front die pushed over the edge
    is not among them: it was `Lost` just before)."""

    seat: int
    die: int
    direction: int
    line: tuple[int, ...]
    how: Motion = Motion.MOVE


@dataclass(frozen=True)
class Changed(Event):
    """HX2, HX3: a die's eyes changed by the hex it entered."""

    die: int
    kind: Kind
    value: int


@dataclass(frozen=True)
class Lost(Event):
    """HP5, HX5: a die removed from the game, and the player it counts for (HW1)."""

    die: int
    how: Loss
    by: int | None


@dataclass(frozen=True)
class Offered(Event):
    """HX7: the mover is asked about the optional effect of the hex its die is on."""

    seat: int
    die: int
    kind: Kind
    direction: int
    steps: int = 0


@dataclass(frozen=True)
class Declined(Event):
    """HX7: the mover did not take the effect."""

    seat: int
    die: int
    kind: Kind


@dataclass(frozen=True)
class Rerolled(Event):
    """HX8: the d20 rolled for the die, its new value."""

    die: int
    face: int


@dataclass(frozen=True)
class Beamed(Event):
    """HX9: the die placed on another beam hex."""

    die: int
    cell: int


@dataclass(frozen=True)
class RebirthRolled(Event):
    """HX13: the d20 rolled for a rebirth (1-3 brings a die back)."""

    seat: int
    die: int
    face: int


@dataclass(frozen=True)
class Reborn(Event):
    """HX13: a removed die back on a start hex, showing 1."""

    seat: int
    die: int
    cell: int


@dataclass(frozen=True)
class TurnEnded(Event):
    """HT3: every die that had to move has moved or cannot."""

    seat: int


@dataclass(frozen=True)
class GameOver(Event):
    """HW2-HW4: the game is over, won by `winner` (None: nobody)."""

    winner: int | None
    why: End


EVENTS: tuple[type[Event], ...] = (GameStarted, BoardDrawn, TunnelOriented, TurnBegan, Moved,
                                   Changed, Lost, Offered, Declined, Rerolled, Beamed,
                                   RebirthRolled, Reborn, TurnEnded, GameOver)

__all__ = ["COMMANDS", "EVENTS", "TABLE", "Beam", "Beamed", "BoardDrawn", "Changed", "Command",
           "Decline", "Declined", "Event", "GameOver", "GameStarted", "Lost", "Move", "Moved",
           "Offered", "Orient", "Place", "Rebirth", "RebirthRolled", "Reborn", "Reroll",
           "Rerolled", "Start", "Step", "TunnelOriented", "TurnBegan", "TurnEnded"]
