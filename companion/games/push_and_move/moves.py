"""What a die's move one hex would do: the line it pushes, the die pushed over the edge,
the sums of eyes on each side, or the rule that forbids it (HT3, HP1-HP5, HX4, HX6).

Pure questions of a state: the options ask them to list and grey moves, the handlers to
make them, the screen to show a move before it is made.
"""

from __future__ import annotations

from dataclasses import dataclass

from companion.core.hexes import axis
from companion.core.options import Reason
from companion.games.push_and_move.model import BOARD, Kind
from companion.games.push_and_move.state import State


@dataclass(frozen=True)
class Push:
    """A move that can be made: the die goes to `target`; `line` the dice pushed one hex
    on (front last), `falls` the front die pushed over the edge (one of `line`), and the
    pushing side's strength against the pushed side's weight (HP2, HP3)."""

    die: int
    direction: int
    target: int
    line: tuple[int, ...]
    falls: int | None
    strength: int
    weight: int

    @property
    def moving(self) -> tuple[int, ...]:
        """The dice that move one hex on (the mover first), the one falling left out."""
        return tuple(n for n in (self.die, *self.line) if n != self.falls)


def passes(state: State, cell: int, direction: int) -> bool:
    """Whether a die may enter or leave `cell` going in `direction` (HX6: a tunnel only
    along its axis)."""
    return state.board[cell] is not Kind.TUNNEL or state.axes[cell] == axis(direction)


def push(state: State, die: int, direction: int,
         occupied: dict[int, int] | None = None) -> Push | Reason:
    """What moving `die` one hex in `direction` would do, or why it cannot."""
    mover = state.dice[die]
    source = mover.cell
    assert source is not None, "a removed die does not move"
    target = BOARD.neighbour(source, direction)
    if target is None:
        return Reason("edge", "HT3")
    if state.board[target] is Kind.BARRED:
        return Reason("barred", "HX4")
    if not passes(state, source, direction) or not passes(state, target, direction):
        return Reason("tunnel", "HX6")
    occupied = state.occupied() if occupied is None else occupied
    line: list[int] = []
    falls = None
    at = target
    while at in occupied:
        pushed = occupied[at]
        line.append(pushed)
        if not passes(state, at, direction):
            return Reason("tunnel_line", "HP5")
        beyond = BOARD.neighbour(at, direction)
        if beyond is None:
            falls = pushed
            break
        if state.board[beyond] is Kind.BARRED:
            return Reason("barred_line", "HP5")
        if not passes(state, beyond, direction):
            return Reason("tunnel_line", "HP5")
        at = beyond
    strength = mover.value
    weight = 0
    run = True
    for pushed in line:
        die_ = state.dice[pushed]
        if run and die_.seat == mover.seat:
            strength += die_.value
        else:
            run = False
            weight += die_.value
    if weight > strength:
        return Reason("heavy", "HP4", {"strength": strength, "weight": weight})
    return Push(die, direction, target, tuple(line), falls, strength, weight)


def movable(state: State, die: int, occupied: dict[int, int] | None = None) -> bool:
    """Whether the die has any move (HT3)."""
    occupied = state.occupied() if occupied is None else occupied
    return any(isinstance(push(state, die, d, occupied), Push) for d in range(6))


__all__ = ["Push", "movable", "passes", "push"]
