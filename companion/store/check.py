"""Whether stored events can really be replayed: a journal's last line of defence.

A flipped bit can leave an event that decodes perfectly and still cannot have happened
(a seat 9 at a four-player table, a payment that leaves a player with -3 chips, a die
that showed 7, -3 dogs from five dice). The reducer trusts its input, as it should for
events the engine produced, so such an event either crashes the replay or builds a
state the game never had. The journal therefore folds what it reads through
`check_batches` before handing it to the main loop, and an event refused here is
treated as damage (cut, salvaged, reported), never as a crash.
What "cannot have happened" means is the game's to say (`Game.fold`: its refusal of an
event, its reducer, its invariants); this module only knows batches.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from companion.core.acts import Event
from companion.core.game import AnyGame


@dataclass(frozen=True)
class Checked:
    """How far a game's batches replay: `good` whole batches, the state after them, and
    why the next one was refused (None when all replayed)."""

    good: int
    state: Any
    refused: str | None = None


def check_batches(game: AnyGame, batches: Sequence[Sequence[Event]]) -> Checked:
    """Fold whole batches (one command's events each) until one is refused."""
    state = game.initial
    for index, batch in enumerate(batches):
        trial = state
        try:
            for event in batch:
                trial = game.fold(trial, event)
        except ValueError as exc:
            return Checked(index, state, str(exc))
        state = trial
    return Checked(len(batches), state)


__all__ = ["Checked", "check_batches"]
