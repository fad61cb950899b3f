"""Game-over statistics from the journal: each player's dog-dice luck and chips spent.

Pure: it reads only engine events (the journal, or `play_game`'s list), so the
controller computes it when the game ends and puts it in `TableFrame.stats`, and an
export can compute the same from a stored game. The display never reads events itself;
this is the one place the figures are computed.

Luck is dogs rolled minus dogs expected, over every dog-dice roll the player made,
rerolls included (each reroll is a real roll, X1): a die of colour c is expected to show
a dog `DiceColour.dog_chance` of the time (D2). Chips spent are every `ChipsPaid` of the
seat (bids, modifiers, rerolls, reductions, passing, sticks), by reason too.

The returned dict is JSON-ready:

    {"players": n, "rounds": r, "winner": seat | None,
     "seats": [{"seat": 0, "name": "Ann", "rolls": 5, "dice": 31, "dogs": 17,
                "expected": 15.5, "luck": 1.5, "chips_spent": 23,
                "spent": {"bid": 6, "reroll": 12, ...}}, ...]}
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from companion.games.mush import events as ev


def game_stats(events: Iterable[ev.Event]) -> dict[str, Any]:
    """Luck and chips spent for every seat of the game the events describe."""
    names: tuple[str, ...] = ()
    seats: list[dict[str, Any]] = []
    rounds = 0
    winner: int | None = None
    for event in events:
        if isinstance(event, ev.GameStarted):
            names = event.settings.names
            seats = [{"seat": i, "name": name, "rolls": 0, "dice": 0, "dogs": 0,
                      "expected": 0.0, "luck": 0.0, "chips_spent": 0, "spent": {}}
                     for i, name in enumerate(names)]
            rounds, winner = 0, None
        elif isinstance(event, ev.DogDiceRolled) and 0 <= event.seat < len(seats):
            row = seats[event.seat]
            row["rolls"] += 1
            row["dice"] += len(event.faces)
            row["dogs"] += event.dogs
            row["expected"] += len(event.faces) * event.colour.dog_chance
        elif isinstance(event, ev.ChipsPaid) and 0 <= event.seat < len(seats):
            row = seats[event.seat]
            row["chips_spent"] += event.amount
            row["spent"][event.reason] = row["spent"].get(event.reason, 0) + event.amount
        elif isinstance(event, ev.RoundStarted):
            rounds = max(rounds, event.round)
        elif isinstance(event, ev.GameWon):
            winner = event.seat
    for row in seats:
        row["expected"] = round(row["expected"], 3)
        row["luck"] = round(row["dogs"] - row["expected"], 3)
    return {"players": len(names), "rounds": rounds, "winner": winner, "seats": seats}


__all__ = ["game_stats"]
