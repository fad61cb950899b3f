"""A board of hexagonal cells, for any game played on hexes: coordinates, neighbours,
lines, the edges of a hexagon, and where each cell is drawn.

Cells use axial coordinates (q, r) with s = -q - r (Red Blob Games' "Hexagonal Grids"),
hexes pointy side up, rows of equal r drawn left to right, r growing downwards. The six
directions are numbered counter-clockwise on screen from east: E, NE, NW, W, SW, SE, so
a direction's opposite is three on (`opposite`), and a direction and its opposite share
an axis (`axis`: 0, 1 or 2). A `HexBoard` is any set of cells (a hexagon with holes, a
strip); it numbers them in reading order (top row first, left to right), so a game can
keep its cells as small integers in its state and events, and answers in numbers: the
neighbour of a cell in a direction (None off the board), the line of cells from a cell
in a direction, the cells at a distance.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Iterator
from dataclasses import dataclass


@dataclass(frozen=True, order=True)
class Hex:
    """A cell's axial coordinates."""

    q: int
    r: int

    @property
    def s(self) -> int:
        """The third cube coordinate (q + r + s = 0)."""
        return -self.q - self.r

    def __add__(self, other: Hex) -> Hex:
        return Hex(self.q + other.q, self.r + other.r)

    def scaled(self, k: int) -> Hex:
        """This vector `k` times."""
        return Hex(self.q * k, self.r * k)

    def step(self, direction: int, k: int = 1) -> Hex:
        """The cell `k` steps away in `direction`."""
        return self + DIRECTIONS[direction % 6].scaled(k)

    def distance(self, other: Hex) -> int:
        """Steps between the two cells on an unbounded grid."""
        dq, dr = self.q - other.q, self.r - other.r
        return max(abs(dq), abs(dr), abs(dq + dr))


ORIGIN = Hex(0, 0)

DIRECTIONS: tuple[Hex, ...] = (Hex(1, 0), Hex(1, -1), Hex(0, -1), Hex(-1, 0), Hex(-1, 1),
                               Hex(0, 1))
"""E, NE, NW, W, SW, SE: counter-clockwise on a screen whose y grows downwards."""

ARROWS = ("→", "↗", "↖", "←", "↙", "↘")
"""Each direction as the arrow a screen shows for it (pointy hexes: rows horizontal)."""


def opposite(direction: int) -> int:
    """The direction straight back."""
    return (direction + 3) % 6


def axis(direction: int) -> int:
    """The axis a direction runs along (0: E–W, 1: NE–SW, 2: NW–SE): the same for a
    direction and its opposite."""
    return direction % 3


def hexagon(radius: int) -> list[Hex]:
    """Every cell within `radius` steps of the origin, in reading order."""
    return [Hex(q, r) for r in range(-radius, radius + 1)
            for q in range(max(-radius, -r - radius), min(radius, -r + radius) + 1)]


def corners(radius: int) -> list[Hex]:
    """The six corner cells of a hexagon of `radius`, corner k in direction k."""
    return [d.scaled(radius) for d in DIRECTIONS]


def side(radius: int, k: int) -> list[Hex]:
    """The cells of the hexagon's side from corner k to corner k + 1, both included
    (`radius` + 1 cells), in that order."""
    start = DIRECTIONS[k % 6].scaled(radius)
    return [start.step((k + 2) % 6, i) for i in range(radius + 1)]


SQRT3 = math.sqrt(3)


def centre(cell: Hex, size: float) -> tuple[float, float]:
    """Where the cell's centre is drawn, relative to the origin's, for hexes of `size`
    (centre to corner) pointy side up."""
    return size * SQRT3 * (cell.q + cell.r / 2), size * 1.5 * cell.r


def outline(x: float, y: float, size: float) -> list[tuple[float, float]]:
    """The six corners of a pointy hex of `size` centred at (x, y), to draw it."""
    return [(x + size * math.cos(math.radians(60 * i - 30)),
             y + size * math.sin(math.radians(60 * i - 30))) for i in range(6)]


def extent(cells: Iterable[Hex], size: float) -> tuple[float, float, float, float]:
    """The smallest rectangle holding every cell drawn at `size`: (left, top, width,
    height) relative to the origin's centre."""
    points = [centre(c, size) for c in cells]
    half_w, half_h = size * SQRT3 / 2, size
    left = min(x for x, _ in points) - half_w
    top = min(y for _, y in points) - half_h
    return (left, top, max(x for x, _ in points) + half_w - left,
            max(y for _, y in points) + half_h - top)


class HexBoard:
    """A set of cells numbered in reading order, and what games ask of it in numbers."""

    def __init__(self, cells: Iterable[Hex]) -> None:
        self.cells: tuple[Hex, ...] = tuple(sorted(set(cells), key=lambda c: (c.r, c.q)))
        if not self.cells:
            raise ValueError("a board needs at least one cell")
        self._index = {cell: i for i, cell in enumerate(self.cells)}
        self._next: tuple[tuple[int | None, ...], ...] = tuple(
            tuple(self._index.get(cell + d) for d in DIRECTIONS) for cell in self.cells)

    def __len__(self) -> int:
        return len(self.cells)

    def __contains__(self, cell: object) -> bool:
        return cell in self._index

    def index(self, cell: Hex) -> int:
        """The number of a cell on the board (a KeyError off it)."""
        return self._index[cell]

    def neighbour(self, index: int, direction: int) -> int | None:
        """The cell next to `index` in `direction`, None past the edge or into a hole."""
        return self._next[index][direction % 6]

    def neighbours(self, index: int) -> list[int]:
        """The cells next to `index` on the board, by direction."""
        return [n for n in self._next[index] if n is not None]

    def line(self, index: int, direction: int) -> Iterator[int]:
        """The cells from `index` (excluded) straight on in `direction`, up to the edge."""
        at: int | None = self._next[index][direction % 6]
        while at is not None:
            yield at
            at = self._next[at][direction % 6]

    def direction(self, source: int, target: int) -> int | None:
        """The direction from a cell to a neighbour, None if they are not neighbours."""
        row = self._next[source]
        return next((d for d in range(6) if row[d] == target), None)

    def distance(self, a: int, b: int) -> int:
        """Steps between two cells as the crow flies (holes ignored)."""
        return self.cells[a].distance(self.cells[b])


__all__ = ["ARROWS", "DIRECTIONS", "ORIGIN", "SQRT3", "Hex", "HexBoard", "axis", "centre",
           "corners", "extent", "hexagon", "opposite", "outline", "side"]
