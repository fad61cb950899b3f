"""The game-over statistics: luck with the dog dice and chips spent, from the public events.

Only public events are counted (the ones the journal keeps), so the same figures come out
of a live game and of a replayed journal.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from companion.rules import events as ev
from companion.rules.state import GameState


def game_stats(history: Sequence[ev.Event], state: GameState) -> dict[str, Any]:
    """Per seat: chips spent (by reason) and drawn, dog dice rolled, dogs shown against the
    number expected for the dice colours rolled (D2), and rerolls paid for."""
    seats: list[dict[str, Any]] = [
        {"seat": seat, "name": player.name, "chips_spent": 0, "spent_on": {},
         "chips_drawn": 0, "dice_rolled": 0, "dogs": 0, "dogs_expected": 0.0,
         "rerolls_paid": 0, "rests": 0}
        for seat, player in enumerate(state.players)
    ]
    rounds = 0
    for event in history:
        if isinstance(event, ev.ChipsPaid):
            row = seats[event.seat]
            row["chips_spent"] += event.amount
            row["spent_on"][event.reason] = row["spent_on"].get(event.reason, 0) + event.amount
        elif isinstance(event, ev.ChipsDrawn):
            seats[event.seat]["chips_drawn"] += event.amount
        elif isinstance(event, ev.DogDiceRolled):
            row = seats[event.seat]
            row["dice_rolled"] += len(event.faces)
            row["dogs"] += event.dogs
            row["dogs_expected"] += len(event.faces) * event.colour.dog_faces / 6
        elif isinstance(event, ev.RerollForced):
            seats[event.seat]["rerolls_paid"] += 1
        elif isinstance(event, ev.Rested):
            seats[event.seat]["rests"] += 1
        elif isinstance(event, ev.RoundStarted):
            rounds = event.round
    for row in seats:
        row["dogs_expected"] = round(row["dogs_expected"], 2)
        row["luck"] = round(row["dogs"] - row["dogs_expected"], 2)
    return {"winner": state.winner, "rounds": rounds, "seats": seats}
