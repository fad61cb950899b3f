"""MUSH's invariants (RULES I1–I4) as the kernel's list of checks, and what an event read
back from a file must satisfy before it is folded.

The property tests check the invariants after every step of many games; the journal folds
every event it reads through `MUSH.fold`, which refuses an event that names a seat the
table does not have or leaves a state breaking one of them, so a flipped bit that still
decodes is treated as damage, never played on.
"""

from __future__ import annotations

from companion.core.invariants import Invariant
from companion.rules import events as ev
from companion.rules.model import DOGS, TOTAL_CHIPS, TOTAL_STICKS
from companion.rules.state import GameState


def _chips_accounted(state: GameState) -> bool:
    return (not state.players
            or (state.chips_in_play() == TOTAL_CHIPS + state.coins
                and state.bank >= 0 and state.coins >= 0))


def _dogs_in_range(state: GameState) -> bool:
    return all(0 <= p.covered <= DOGS for p in state.players)


def _order_is_the_seats(state: GameState) -> bool:
    return not state.order or sorted(state.order) == list(state.seats)


def _chips_not_negative(state: GameState) -> bool:
    return all(p.chips >= 0 for p in state.players)


def _sticks_in_range(state: GameState) -> bool:
    return 0 <= state.sticks <= TOTAL_STICKS


INVARIANTS: tuple[Invariant[GameState], ...] = (
    Invariant("I1", "bank + all players' chips = 125 + coins in use", _chips_accounted),
    Invariant("I2", "each player's covered dogs is between 0 and 8", _dogs_in_range),
    Invariant("I3", "the order of play is a permutation of the seats", _order_is_the_seats),
    Invariant("I4", "no player's Action Chips are negative", _chips_not_negative),
    Invariant("X4", "between 0 and 4 avalanche sticks are in play", _sticks_in_range),
)
"""What holds of every state the rules can reach (I5 and I6 are kept by the journal and
the views, not by a state)."""

_SEAT_FIELDS = ("seat", "roller", "ice_bear")
_SEATS_FIELDS = ("order", "eligible")


def refusal(state: GameState, event: ev.Event) -> str | None:
    """Why `event` cannot follow `state`, or None when it may be folded: a game begins
    with one `GameStarted`, and every seat an event names is at the table."""
    if state.settings is None:
        return None if isinstance(event, ev.GameStarted) else \
            f"{type(event).__name__} before GameStarted"
    if isinstance(event, ev.GameStarted):
        return "a second GameStarted"
    seats = len(state.players)
    fields = vars(event)
    for name in _SEAT_FIELDS:
        value = fields.get(name)
        if value is not None and (not isinstance(value, int) or not 0 <= value < seats):
            return f"{type(event).__name__} names seat {value!r} at a {seats}-seat table"
    for name in _SEATS_FIELDS:
        value = fields.get(name)
        if isinstance(value, tuple) and any(
                not isinstance(v, int) or not 0 <= v < seats for v in value):
            return f"{type(event).__name__} names a seat outside 0..{seats - 1}"
    return None


__all__ = ["INVARIANTS", "refusal"]
