"""What anyone may see of a game of Push&Move: everything (nothing in it is secret), with
the sums done, so the screen, the phones, the table page and `state --json` draw the
same view and none counts for itself.
"""

from __future__ import annotations

from dataclasses import dataclass

from companion.games.push_and_move.model import BOARD, DICE, Kind, seat_edge
from companion.games.push_and_move.rules import still_to_move
from companion.games.push_and_move.state import Phase, State


@dataclass(frozen=True)
class DieView:
    """A die on the board: its number, its player, its hex (by number less one), its eyes,
    and whether it still has to move this turn and can."""

    number: int
    seat: int
    cell: int
    value: int
    due: bool = False


@dataclass(frozen=True)
class PlayerView:
    """A player's line: name, opponents' dice removed (HW1), dice on the board and lost."""

    seat: int
    name: str
    count: int
    on_board: int
    lost: int
    edge: int


@dataclass(frozen=True)
class View:
    """The whole table: the board's hexes and tunnels' axes, the dice, the players, whose
    turn, the optional effect asked about, the winner."""

    phase: str
    board: tuple[Kind, ...]
    axes: tuple[int, ...]
    dice: tuple[DieView, ...]
    players: tuple[PlayerView, ...]
    active: int | None
    round: int
    asked: Kind | None
    asked_die: int | None
    tunnel: int | None  # the tunnel being oriented (HS6)
    winner: int | None
    end: str | None


def public_view(state: State) -> View:
    """The view of `state` every screen and page draws."""
    due = set(still_to_move(state)) if state.phase is Phase.MOVE else set()
    dice = tuple(DieView(n, d.seat, d.cell, d.value, n in due)
                 for n, d in enumerate(state.dice) if d.cell is not None)
    players = tuple(PlayerView(
        seat, p.name, p.count, len(state.on_board(seat)), DICE - len(state.on_board(seat)),
        seat_edge(len(state.players), seat)) for seat, p in enumerate(state.players))
    turn = state.turn
    pending = state.pending
    tunnel = state.next_tunnel() if state.phase is Phase.TUNNELS else None
    return View(state.phase.value, state.board, state.axes, dice, players,
                turn.seat if turn is not None else None, turn.round if turn else 0,
                pending.kind if pending else None, pending.die if pending else None, tunnel,
                state.winner, state.end)


def seat_view(state: State, seat: int) -> View:
    """A seat sees what everyone sees."""
    return public_view(state)


HEX_COUNT = len(BOARD)

__all__ = ["HEX_COUNT", "DieView", "PlayerView", "View", "public_view", "seat_view"]
