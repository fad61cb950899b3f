"""Exports of one game: its events as JSON Lines, and a per-round table of chips and dogs.

The JSON Lines file is the journal itself in a portable form (each line decodes with
`companion.rules.codec.event_from_json`, and folding them gives the game). The CSV is for
a spreadsheet: it is computed by replaying, so it can never disagree with the journal.
"""

from __future__ import annotations

import csv
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, TextIO

from companion.rules import events as ev
from companion.rules.codec import event_to_json
from companion.rules.evolve import evolve
from companion.rules.state import EMPTY, GameState
from companion.store.card import write_whole

if TYPE_CHECKING:
    from companion.store.journal import Journal

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


def export_jsonl(journal: Journal, game_id: int, out: TextIO) -> int:
    """Write a game's events (retracted ones left out) as JSON Lines; returns the count."""
    count = 0
    for event in journal.load(game_id):
        out.write(event_to_json(event) + "\n")
        count += 1
    return count


def export_csv(journal: Journal, game_id: int, out: TextIO) -> int:
    """Write the per-round CSV of a game; returns the number of data rows."""
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(CSV_COLUMNS)
    count = 0
    for row in round_rows(game_id, journal.load(game_id)):
        writer.writerow([getattr(row, c) if getattr(row, c) is not None else ""
                         for c in CSV_COLUMNS])
        count += 1
    return count


def write_exports(journal: Journal, game_id: int, folder: Path) -> list[tuple[Path, int]]:
    """Write `game-ID.jsonl` and `game-ID.csv` into `folder`: each under a temporary name,
    flushed to the card, then renamed, so a full card never leaves a truncated file under
    the final name. Returns each file with its count of events or rows.

    The game is read (and checked) before anything is written, so a game that cannot be
    read leaves the folder as it was.
    """
    events = journal.load(game_id)
    jsonl = folder / f"game-{game_id}.jsonl"
    table = folder / f"game-{game_id}.csv"

    def lines(out: TextIO) -> int:
        for event in events:
            out.write(event_to_json(event) + "\n")
        return len(events)

    def rows(out: TextIO) -> int:
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow(CSV_COLUMNS)
        count = 0
        for row in round_rows(game_id, events):
            writer.writerow([getattr(row, c) if getattr(row, c) is not None else ""
                             for c in CSV_COLUMNS])
            count += 1
        return count

    return [(jsonl, write_whole(jsonl, lines)), (table, write_whole(table, rows))]
