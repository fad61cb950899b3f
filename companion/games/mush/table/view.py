"""The game as the screen shows it: the rules' typed public view, and the game-over figures.

`TableView` and its parts are the rules' one public view (`companion.games.mush.views`): typed,
frozen, worked out by the rules, never holding a bid before the reveal (R1, I5). They are
named here too, where the display has always found them. The game-over figures the
controller computes from the events (`GameStats`) live here, and what one seat alone
sees (`OwnView`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from companion.games.mush.views import Costs as Costs
from companion.games.mush.views import PlayerView
from companion.games.mush.views import RollView as RollView
from companion.games.mush.views import SeatView as SeatView
from companion.games.mush.views import TableView as TableView
from companion.games.mush.views import TurnView as TurnView
from companion.games.mush.views import WindowView as WindowView
from companion.games.mush.views import table_view as table_view


@dataclass(frozen=True)
class OwnView:
    """What one seat alone sees at the table, for its phone: the rules' view of that seat
    (`PlayerView`: the public view and its own locked bid) and the bid on its own pad,
    locked or being chosen (the table's `private_bid`: never shown, spoken or logged
    anywhere else, R1, I5)."""

    rules: PlayerView
    bid: int | None = None


@dataclass(frozen=True)
class SeatStats:
    """One seat's game-over figures (`companion.games.mush.table.stats.game_stats`)."""

    seat: int
    name: str = ""
    luck: float = 0.0  # dogs rolled minus dogs expected
    chips_spent: int = 0


@dataclass(frozen=True)
class GameStats:
    """The game-over figures the screen shows: luck and chips spent per seat."""

    players: int = 0
    rounds: int = 0
    winner: int | None = None
    seats: tuple[SeatStats, ...] = ()


def stats_view(stats: Mapping[str, object]) -> GameStats:
    """`game_stats()`'s JSON-ready figures as the typed value a frame carries."""
    rows = stats.get("seats")
    seats = tuple(
        SeatStats(seat=int(row["seat"]), name=str(row.get("name", "")),
                  luck=float(row.get("luck", 0.0)), chips_spent=int(row.get("chips_spent", 0)))
        for row in (rows if isinstance(rows, list) else []) if isinstance(row, dict))
    winner = stats.get("winner")
    players, rounds = stats.get("players", 0), stats.get("rounds", 0)
    return GameStats(players=players if isinstance(players, int) else 0,
                     rounds=rounds if isinstance(rounds, int) else 0,
                     winner=winner if isinstance(winner, int) else None, seats=seats)
