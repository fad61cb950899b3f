"""A wooden die: the table throws it and the companion is told the face (C5).

As with MUSH's physical dice, nothing in the engine changes: `roll_request()` applies a
command once on a probe (states are values, so the trial changes nothing) and says
whether it throws the die; the table asks the thrower for the face and applies the same
command for real with `apply_entered()`. The face goes into `DieRolled` like any other,
so the game replays exactly. Shuffles and the first player's draw are no die's business:
the companion keeps making those.
"""

from __future__ import annotations

from dataclasses import dataclass

from companion.core.dice import ScriptedDice
from companion.core.physical import trial
from companion.games.canoe import commands as cmd
from companion.games.canoe import events as ev
from companion.games.canoe.engine import apply
from companion.games.canoe.model import DIE_SIDES
from companion.games.canoe.state import GameState


@dataclass(frozen=True)
class RollRequest:
    """A throw the table makes by hand: who throws, and the faces that may be entered."""

    seat: int

    @property
    def values(self) -> range:
        """The faces of the die."""
        return range(1, DIE_SIDES + 1)


def roll_request(state: GameState, command: cmd.Command) -> RollRequest | None:
    """The throw by hand that `command` would make now, or None (it throws nothing, or
    would be refused: `apply()` then says why)."""
    tried = trial(apply, state, command)
    if tried is None:
        return None
    events, requests = tried
    thrown = [e for e in events if isinstance(e, ev.DieRolled)]
    if len(thrown) == 1 and requests == [DIE_SIDES]:
        return RollRequest(thrown[0].seat)
    return None


def apply_entered(state: GameState, command: cmd.Command, request: RollRequest,
                  face: int) -> tuple[GameState, list[ev.Event]]:
    """`apply()` with the face the table entered; a face off the die is a ValueError and
    reaches nothing, a command not legal now a RulesError."""
    if face not in request.values:
        raise ValueError(f"a die shows 1 to {DIE_SIDES}, not {face}")
    return apply(state, command, ScriptedDice([face]))


__all__ = ["RollRequest", "apply_entered", "roll_request"]
