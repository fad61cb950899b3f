"""Push&Move's vocabulary: the kinds of hexes and what each does to a die, the board's
shape and its start edges, the bag, and the settings a game starts with
(`docs/push-and-move-rules.md`, HS and HX). Standard library only.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from companion.core.hexes import ORIGIN, HexBoard, corners, hexagon, side
from companion.exc import SettingsError

MIN_PLAYERS, MAX_PLAYERS = 2, 6  # HS1
DICE = 5  # HS2: five d20 a player
SIDES = 20
LOWEST, HIGHEST = 1, 20  # HX2
RADIUS = 6  # HS3: a hexagon of side 7 is 6 steps from its centre to a corner
GOAL = 3  # HW2
REBIRTH_FACES = 3  # HX13: a rebirth on 1-3
ROUNDS, FEWEST_ROUNDS, MOST_ROUNDS = 100, 10, 999  # HW4, HV4


class Kind(StrEnum):
    """The kinds of hexes (HX1), plain ones included."""

    PLAIN = "plain"
    PLUS1 = "plus1"
    PLUS2 = "plus2"
    MINUS1 = "minus1"
    MINUS2 = "minus2"
    HALF = "half"
    DOUBLE = "double"
    QUADRUPLE = "quadruple"
    BARRED = "barred"
    DEATH = "death"
    TUNNEL = "tunnel"
    REROLL = "reroll"
    BEAM = "beam"
    MOVE1 = "move1"
    MOVE2 = "move2"
    JUMP = "jump"
    REBIRTH = "rebirth"
    DRAW = "draw"


VALUE_KINDS = frozenset({Kind.PLUS1, Kind.PLUS2, Kind.MINUS1, Kind.MINUS2, Kind.HALF,
                         Kind.DOUBLE, Kind.QUADRUPLE})
"""The mandatory hexes that change a die's eyes (HX2)."""
MANDATORY = VALUE_KINDS | {Kind.BARRED, Kind.DEATH, Kind.TUNNEL}
OPTIONAL = frozenset({Kind.REROLL, Kind.BEAM, Kind.MOVE1, Kind.MOVE2, Kind.JUMP,
                      Kind.REBIRTH, Kind.DRAW})


def effect(kind: Kind, value: int) -> int:
    """The eyes a die of `value` shows after entering a hex of `kind` (HX2): kept within
    1 to 20, halves rounded up."""
    if kind is Kind.PLUS1:
        value += 1
    elif kind is Kind.PLUS2:
        value += 2
    elif kind is Kind.MINUS1:
        value -= 1
    elif kind is Kind.MINUS2:
        value -= 2
    elif kind is Kind.HALF:
        value = (value + 1) // 2
    elif kind is Kind.DOUBLE:
        value *= 2
    elif kind is Kind.QUADRUPLE:
        value *= 4
    return max(LOWEST, min(HIGHEST, value))


class Tunnels(StrEnum):
    """HS6, HV2: who orients the tunnels."""

    PLAYERS = "players"
    DRAWN = "drawn"


class Win(StrEnum):
    """HW2, HV3: three dice of all opponents together, or of one."""

    ALL = "all"
    ONE = "one"


class Loss(StrEnum):
    """How a die left the board (HW1)."""

    EDGE = "edge"
    DEATH = "death"


class Motion(StrEnum):
    """How a die went to the next hex: its own move (HT2), an extra step (HX10, HX11) or
    a jump (HX12)."""

    MOVE = "move"
    STEP = "step"
    JUMP = "jump"


class End(StrEnum):
    """Why a game ended (HW2-HW4)."""

    THREE = "three"
    LAST = "last"
    ROUNDS = "rounds"
    STUCK = "stuck"


@dataclass(frozen=True)
class Count:
    """How many hexes of one kind are in the bag."""

    kind: Kind
    hexes: int


DEFAULT_BAG: tuple[Count, ...] = tuple(Count(k, n) for k, n in (
    (Kind.PLAIN, 48), (Kind.PLUS1, 8), (Kind.PLUS2, 5), (Kind.MINUS1, 8), (Kind.MINUS2, 5),
    (Kind.HALF, 4), (Kind.DOUBLE, 4), (Kind.QUADRUPLE, 2), (Kind.BARRED, 6),
    (Kind.DEATH, 6), (Kind.TUNNEL, 4), (Kind.REROLL, 4), (Kind.BEAM, 3), (Kind.MOVE1, 4),
    (Kind.MOVE2, 2), (Kind.JUMP, 3), (Kind.REBIRTH, 2), (Kind.DRAW, 2)))
"""HS4: the companion's mix of 120 hexes (the rulebook names the kinds, not the counts)."""

# --- the board (HS3) --------------------------------------------------------------------

HOLES = frozenset({ORIGIN, *corners(RADIUS)})
BOARD = HexBoard(c for c in hexagon(RADIUS) if c not in HOLES)
"""120 hexes: a hexagon of side 7 without its corners and its centre, numbered row by
row from the top (cell 0 is hex number 1)."""
HEXES = len(BOARD)

EDGES: dict[int, tuple[int, ...]] = {
    2: (0, 3), 3: (0, 2, 4), 4: (0, 3, 1, 4), 5: (0, 3, 1, 4, 2), 6: (0, 3, 1, 4, 2, 5)}
"""HS7: each seat's start edge by the number of players. Edges are numbered clockwise
on the screen from the bottom: 0 bottom, 1 lower left, 2 upper left, 3 top, 4 upper
right, 5 lower right."""


def edge_cells(edge: int) -> tuple[int, ...]:
    """The five cells of a start edge (its side of the hexagon without the corners),
    left to right as its player sees them across the board."""
    cells = side(RADIUS, (4 - edge) % 6)[1:-1]
    return tuple(BOARD.index(c) for c in cells)


START: dict[int, tuple[int, ...]] = {edge: edge_cells(edge) for edge in range(6)}


def seat_edge(players: int, seat: int) -> int:
    """The start edge of `seat` at a table of `players` (HS7)."""
    return EDGES[players][seat]


@dataclass(frozen=True)
class Settings:
    """What a game of Push&Move starts with: the players' names in seat order, and the
    settings a group may change (HV)."""

    names: tuple[str, ...]
    bag: tuple[Count, ...] = DEFAULT_BAG
    tunnels: Tunnels = Tunnels.PLAYERS
    win: Win = Win.ALL
    rounds: int = ROUNDS

    @property
    def players(self) -> int:
        """How many play."""
        return len(self.names)

    def check(self) -> None:
        """A `SettingsError` naming what is wrong (HS1, HS4, HV4)."""
        if not MIN_PLAYERS <= self.players <= MAX_PLAYERS:
            raise SettingsError(f"names: Push&Move takes {MIN_PLAYERS} to {MAX_PLAYERS} "
                                f"players, not {self.players}")
        kinds = [c.kind for c in self.bag]
        if len(set(kinds)) != len(kinds):
            raise SettingsError("bag: a kind of hex is counted twice")
        if any(c.hexes < 0 for c in self.bag):
            raise SettingsError("bag: a count is below 0")
        total = sum(c.hexes for c in self.bag)
        if total != HEXES:
            raise SettingsError(f"bag: the counts add up to {total}, not {HEXES}")
        if not FEWEST_ROUNDS <= self.rounds <= MOST_ROUNDS:
            raise SettingsError(f"rounds: {self.rounds} is not {FEWEST_ROUNDS} to "
                                f"{MOST_ROUNDS}")

    def hexes(self) -> list[Kind]:
        """The bag's hexes, kind by kind, before it is shuffled."""
        return [c.kind for c in self.bag for _ in range(c.hexes)]


__all__ = ["BOARD", "DEFAULT_BAG", "DICE", "EDGES", "GOAL", "HEXES", "HOLES", "MANDATORY",
           "OPTIONAL", "START", "VALUE_KINDS", "Count", "End", "Kind", "Loss", "Motion", "Settings",
           "Tunnels", "Win", "edge_cells", "effect", "seat_edge"]
