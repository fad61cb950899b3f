"""Whether stored events can really be replayed: a journal's last line of defence.

A flipped bit can leave an event that decodes perfectly and still cannot have happened
(a seat 9 at a four-player table, a payment that leaves a player with -3 chips). The
reducer trusts its input, as it should for events the engine produced, so such an event
either crashes the replay or builds a state the game never had. The journal therefore
folds what it reads through `check_batches` before handing it to the main loop, and an
event refused here is treated as damage (cut, salvaged, reported), never as a crash.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from companion.rules import events as ev
from companion.rules.evolve import evolve
from companion.rules.model import DOGS
from companion.rules.state import EMPTY, GameState

_SEAT_FIELDS = ("seat", "roller", "ice_bear")
_SEATS_FIELDS = ("order", "eligible")


@dataclass(frozen=True)
class Checked:
    """How far a game's batches replay: `good` whole batches, the state after them, and
    why the next one was refused (None when all replayed)."""

    good: int
    state: GameState
    refused: str | None = None


def refusal(state: GameState, event: ev.Event) -> str | None:
    """Why `event` cannot follow `state`, or None when it may be folded."""
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


def fold(state: GameState, event: ev.Event) -> GameState:
    """`evolve`, with anything that cannot have happened raised as ValueError."""
    problem = refusal(state, event)
    if problem is not None:
        raise ValueError(problem)
    try:
        after = evolve(state, event)
    except Exception as exc:  # the reducer trusts its input: any failure means bad input
        raise ValueError(f"{type(event).__name__} does not replay "
                         f"({type(exc).__name__}: {exc})") from exc
    if after.bank < 0 or any(p.chips < 0 for p in after.players):
        raise ValueError(f"{type(event).__name__} leaves a negative chip count")
    if any(not 0 <= p.covered <= DOGS for p in after.players):
        raise ValueError(f"{type(event).__name__} leaves an impossible number of dogs")
    return after


def check_batches(batches: Sequence[Sequence[ev.Event]]) -> Checked:
    """Fold whole batches (one command's events each) until one is refused."""
    state = EMPTY
    for index, batch in enumerate(batches):
        trial = state
        try:
            for event in batch:
                trial = fold(trial, event)
        except ValueError as exc:
            return Checked(index, state, str(exc))
        state = trial
    return Checked(len(batches), state)


__all__ = ["Checked", "check_batches", "fold", "refusal"]
