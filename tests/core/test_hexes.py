"""The kernel's board of hexagonal cells, on its own: coordinates, neighbours, lines,
a hexagon's sides, and where cells are drawn; no game is imported."""

from __future__ import annotations

import itertools
import random

import pytest

from companion.core.hexes import (
    DIRECTIONS,
    ORIGIN,
    Hex,
    HexBoard,
    axis,
    centre,
    corners,
    extent,
    hexagon,
    opposite,
    outline,
    side,
)


def test_a_hexagon_holds_the_centred_hexagonal_numbers() -> None:
    for radius, count in ((0, 1), (1, 7), (2, 19), (6, 127)):
        cells = hexagon(radius)
        assert len(cells) == len(set(cells)) == count
        assert all(c.distance(ORIGIN) <= radius for c in cells)
        assert all(c.q + c.r + c.s == 0 for c in cells)


def test_a_hexagon_is_listed_in_reading_order() -> None:
    cells = hexagon(3)
    assert cells == sorted(cells, key=lambda c: (c.r, c.q))
    rows = [sum(1 for c in cells if c.r == r) for r in range(-3, 4)]
    assert rows == [4, 5, 6, 7, 6, 5, 4]


def test_directions_go_round_and_opposites_share_an_axis() -> None:
    assert len(set(DIRECTIONS)) == 6
    for d in range(6):
        assert DIRECTIONS[d] + DIRECTIONS[opposite(d)] == ORIGIN
        assert axis(d) == axis(opposite(d))
        assert ORIGIN.step(d).distance(ORIGIN) == 1
    assert {axis(d) for d in range(6)} == {0, 1, 2}


def test_distance_is_a_metric_on_random_cells() -> None:
    rng = random.Random(5)
    for _ in range(200):
        a, b, c = (Hex(rng.randint(-9, 9), rng.randint(-9, 9)) for _ in range(3))
        assert a.distance(b) == b.distance(a) >= 0
        assert (a.distance(b) == 0) == (a == b)
        assert a.distance(c) <= a.distance(b) + b.distance(c)
        d = rng.randrange(6)
        k = rng.randint(0, 5)
        assert a.step(d, k).distance(a) == k


def test_the_sides_run_from_corner_to_corner() -> None:
    radius = 6
    ring = {c for c in hexagon(radius) if c.distance(ORIGIN) == radius}
    seen: set[Hex] = set()
    for k in range(6):
        cells = side(radius, k)
        assert len(cells) == radius + 1
        assert cells[0] == corners(radius)[k] and cells[-1] == corners(radius)[(k + 1) % 6]
        assert all(c in ring for c in cells)
        assert all(a.distance(b) == 1 for a, b in itertools.pairwise(cells))
        seen |= set(cells)
    assert seen == ring


def test_a_board_with_holes_numbers_its_cells_and_answers_in_numbers() -> None:
    holes = {ORIGIN, *corners(6)}
    board = HexBoard(c for c in hexagon(6) if c not in holes)
    assert len(board) == 120
    assert board.cells[0] == Hex(1, -6) and board.index(Hex(1, -6)) == 0
    assert ORIGIN not in board and Hex(1, 0) in board
    east = board.index(Hex(1, 0))
    assert board.neighbour(east, 3) is None  # west of it is the hole
    assert board.neighbour(east, 0) == board.index(Hex(2, 0))
    assert len(board.neighbours(east)) == 5
    corner_side = board.index(Hex(5, -6))
    assert board.neighbour(corner_side, 0) is None  # the corner (6, -6) is a hole
    line = list(board.line(board.index(Hex(-6, 3)), 0))
    assert [board.cells[i] for i in line] == [Hex(q, 3) for q in range(-5, 4)]
    for cell in range(len(board)):
        for d in range(6):
            n = board.neighbour(cell, d)
            if n is not None:
                assert board.neighbour(n, opposite(d)) == cell
                assert board.direction(cell, n) == d
                assert board.distance(cell, n) == 1
    assert board.direction(0, 119) is None
    with pytest.raises(ValueError):
        HexBoard([])
    with pytest.raises(KeyError):
        board.index(ORIGIN)


def test_cells_are_drawn_touching_and_inside_their_extent() -> None:
    size = 10.0
    a, b = centre(ORIGIN, size), centre(ORIGIN.step(0), size)
    assert b[0] - a[0] == pytest.approx(size * 3 ** 0.5) and b[1] == a[1]
    below = centre(ORIGIN.step(5), size)
    assert below[1] - a[1] == pytest.approx(15.0)
    cells = hexagon(2)
    left, top, width, height = extent(cells, size)
    for cell in cells:
        for x, y in outline(*centre(cell, size), size):
            assert left - 1e-6 <= x <= left + width + 1e-6
            assert top - 1e-6 <= y <= top + height + 1e-6
    assert width == pytest.approx(5 * size * 3 ** 0.5)
    assert height == pytest.approx(8 * size)
