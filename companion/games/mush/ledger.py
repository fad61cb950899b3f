"""MUSH's figures per round for a spreadsheet: each player's chips and dogs, by replaying.

The CSV export writes these rows; computed by replaying the journal's events, they can
never disagree with it.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import astuple, dataclass

from companion.core.game import Ledger
from companion.games.mush import events as ev
from companion.games.mush.evolve import evolve
from companion.games.mush.state import EMPTY, GameState

CSV_COLUMNS = ("game", "round", "at", "seat", "name", "training", "bid", "chips", "covered",
               "uncovered", "board", "zone")
"""Columns of the CSV export, in order.

`at` says when the row was taken: `round_end` (after the round's last turn),
`game_won` (the round the game was won in) or `in_progress` (the game's latest state).
"""


@dataclass(frozen=True)
class RoundRow:
    """One player at the end of one round."""

    game: int
    round: int
    at: str
    seat: int
    name: str
    training: str
    bid: int | None
    chips: int
    covered: int
    uncovered: int
    board: int
    zone: str


assert tuple(RoundRow.__dataclass_fields__) == CSV_COLUMNS


def _rows_of(game_id: int, state: GameState, at: str) -> list[RoundRow]:
    rows = []
    for seat, player in enumerate(state.players):
        rows.append(RoundRow(
            game=game_id, round=state.round, at=at, seat=seat, name=player.name,
            training=player.training.value if player.training else "",
            bid=state.revealed[seat] if state.revealed is not None else None,
            chips=player.chips, covered=player.covered, uncovered=player.uncovered,
            board=player.board, zone=state.zone_of(seat).value))
    return rows


def round_rows(game_id: int, events: Iterable[ev.Event]) -> Iterator[RoundRow]:
    """Replay the events and yield every player's row at the end of every round.

    Rows are taken on `RoundEnded` (before the next round resets the bids), on `GameWon`,
    and once more at the end if the latest round is still being played.
    """
    state = EMPTY
    taken = 0  # the last round rows were taken for
    for event in events:
        state = evolve(state, event)
        if isinstance(event, ev.RoundEnded):
            yield from _rows_of(game_id, state, "round_end")
            taken = state.round
        elif isinstance(event, ev.GameWon):
            yield from _rows_of(game_id, state, "game_won")
            taken = state.round
    if state.round > taken:
        yield from _rows_of(game_id, state, "in_progress")


def _values(game_id: int, events: Iterable[ev.Event]) -> Iterator[Sequence[object]]:
    return (astuple(row) for row in round_rows(game_id, events))


LEDGER: Ledger[ev.Event] = Ledger(CSV_COLUMNS, _values)
"""The rows the CSV export writes for a MUSH game."""


__all__ = ["CSV_COLUMNS", "LEDGER", "RoundRow", "round_rows"]
