"""Physical dice: the table rolls the wooden dice and the companion is told the result.

The engine rolls inside `apply()`, through the dice source it is given, and records every
face in its events. With physical dice nothing in the engine changes: before a command is
applied, `roll_request()` applies it once on a probe (states are immutable values, so a
trial changes nothing) and reports the roll the command would make, if any. The table
then asks the roller for the result and applies the same command for real with the
entered faces (`entered_dice()`). The journal records those faces like any others, so a
game played with wooden dice replays exactly (I6).

Initiative and training-order draws (S4, S6) are uniform draws over the seats, which a
six-sided die cannot make for 4 or 5 players, so the companion keeps drawing those.

A dog roll is entered as a count ("how many dogs show"), which is all the rules need
(D2, M1): one press per dog at most instead of a face per die. The faces recorded for it
are the colour's first dog face for each dog and its last (blank) face for the others.
"""

from __future__ import annotations

from dataclasses import dataclass

from companion.core.physical import trial
from companion.games.mush import commands as cmd
from companion.games.mush import events as ev
from companion.games.mush.dice import ScriptedDice
from companion.games.mush.engine import apply
from companion.games.mush.model import DiceColour, RollKind
from companion.games.mush.state import GameState

DIE_SIDES = 6


@dataclass(frozen=True)
class RollRequest:
    """A roll the table makes by hand: who rolls, what, and how many dice.

    `dice` is the number of dog dice (D3, reduction included) for a dog roll and 1 for
    the standard die; `colour` is set for dog dice only.
    """

    kind: RollKind
    seat: int
    dice: int = 1
    colour: DiceColour | None = None

    @property
    def values(self) -> range:
        """What may be entered: dogs shown (0..dice) or the standard die's face (1..6)."""
        if self.kind is RollKind.DOGS:
            return range(self.dice + 1)
        return range(1, DIE_SIDES + 1)

    @property
    def likely(self) -> int:
        """The value an entry starts on, so that the usual result needs the fewest presses:
        the expected number of dogs (D2), or face 1 (◀ ▶ go round, so no face of the
        die is more than three presses away)."""
        if self.kind is RollKind.DOGS:
            assert self.colour is not None
            return round(self.dice * self.colour.dog_faces / DIE_SIDES)
        return 1

    def faces(self, value: int) -> tuple[int, ...]:
        """The faces that stand for an entered value; a value outside `values` is refused
        with a ValueError, so a wrong entry never reaches the engine."""
        if value not in self.values:
            raise ValueError(f"{value} cannot be entered for a {self.kind.value} roll "
                             f"(from {self.values.start} to {self.values.stop - 1})")
        if self.kind is RollKind.DOGS:
            assert self.colour is not None
            return (1,) * value + (DIE_SIDES,) * (self.dice - value)
        return (value,)


def roll_request(state: GameState, command: cmd.Command) -> RollRequest | None:
    """The roll by hand that `command` would make now, or None when it rolls nothing the
    table rolls (or would be refused: `apply()` then says why).

    A command makes at most one such roll: after a roll the engine opens a reroll window
    or carries on without rolling again.
    """
    tried = trial(apply, state, command)
    if tried is None:
        return None
    events, requests = tried
    for event in events:
        request = _request_of(event)
        if request is not None:
            # every die the command asks for must be this roll's, or it is not by hand
            wanted = request.dice if request.kind is RollKind.DOGS else 1
            if len(requests) == wanted and wanted > 0:
                return request
            return None
    return None


def _request_of(event: ev.Event) -> RollRequest | None:
    if isinstance(event, ev.DogDiceRolled):
        return RollRequest(RollKind.DOGS, event.seat, len(event.faces), event.colour)
    if isinstance(event, ev.WeatherRolled):
        return RollRequest(RollKind.WEATHER, event.seat)
    if isinstance(event, ev.TerrainRolled):
        return RollRequest(RollKind.TERRAIN, event.seat)
    if isinstance(event, ev.AvalancheRolled):
        return RollRequest(RollKind.AVALANCHE, event.seat)
    if isinstance(event, ev.PressRolled):
        return RollRequest(RollKind.PRESS, event.seat)
    return None


def entered_dice(request: RollRequest, value: int) -> ScriptedDice:
    """The dice source that makes the engine roll exactly what the table entered."""
    return ScriptedDice(request.faces(value))


def apply_entered(state: GameState, command: cmd.Command, request: RollRequest,
                  value: int) -> tuple[GameState, list[ev.Event]]:
    """`apply()` with the entered result; refused like `apply()` when the entry does not
    fit (a ValueError) or the command is not legal now (a RulesError)."""
    return apply(state, command, entered_dice(request, value))


__all__ = ["RollRequest", "apply_entered", "entered_dice", "roll_request"]
