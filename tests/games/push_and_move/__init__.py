"""Positions for Push&Move's tests: a board of plain hexes with the kinds a test needs,
dice where it puts them, and a turn in progress, made through the rules' own events so
the reducer builds them as a game would."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping

from companion.core.hexes import Hex
from companion.core.values import replace
from companion.games.push_and_move import acts as a
from companion.games.push_and_move.model import BOARD, Count, Kind, Settings
from companion.games.push_and_move.rules import replay
from companion.games.push_and_move.state import Die, Phase, State, Turn

NAMES = ("Ann", "Bob", "Cy", "Di", "Ed", "Flo")


def cell(q: int, r: int) -> int:
    """The number of the hex at axial (q, r)."""
    return BOARD.index(Hex(q, r))


def position(players: int = 2, kinds: Mapping[int, Kind] | None = None,
             dice: Mapping[int, tuple[int | None, int]] | None = None,
             axes: Mapping[int, int] | None = None, seat: int = 0,
             to_move: tuple[int, ...] | None = None, **settings: object) -> State:
    """A game in its first turn on a board of plain hexes but `kinds`, each tunnel of
    `axes` turned so; the dice of `dice` (number: (cell or None, value)) moved there,
    every other die off the board; `seat` to move `to_move` (its dice on the board)."""
    kinds = dict(kinds or {})
    board = tuple(kinds.get(c, Kind.PLAIN) for c in range(len(BOARD)))
    bag = tuple(Count(k, n) for k, n in Counter(board).items())
    chosen = Settings(NAMES[:players], bag, **settings)  # type: ignore[arg-type]
    events: list[a.Event] = [a.GameStarted(chosen), a.BoardDrawn(board)]
    events += [a.TunnelOriented(0, c, x) for c, x in (axes or {}).items()]
    state = replay(events)
    placed = dict(dice or {})
    state = replace(state, dice=tuple(
        Die(d.seat, *placed[n]) if n in placed else Die(d.seat, None)
        for n, d in enumerate(state.dice)))
    mine = tuple(state.on_board(seat)) if to_move is None else to_move
    return replace(state, turn=Turn(seat, 1, mine), phase=Phase.MOVE)
