"""Exports of one game: its events as JSON Lines, and a per-round table for a spreadsheet.

The JSON Lines file is the journal itself in a portable form (each line decodes with the
game's codec, and folding them gives the game). The CSV is the game's ledger (for MUSH
each player's chips and dogs per round): computed by replaying, so it can never disagree
with the journal.
"""

from __future__ import annotations

import csv
from collections.abc import Sequence
from pathlib import Path
from typing import Any, Protocol, TextIO

from companion.core.game import AnyGame
from companion.store.card import write_whole


class Journal(Protocol):
    """What an export reads from a journal: its game, and a game's events to replay.

    A protocol, not the `Journal` class: the journal offers its exports by calling this
    module, so this module must not import the journal back.
    """

    rules: AnyGame

    def load(self, game_id: int) -> list[Any]:
        """The game's events to replay (retracted ones left out)."""


def _write_jsonl(journal: Journal, events: Sequence[Any], out: TextIO) -> int:
    codec = journal.rules.codec
    for event in events:
        out.write(codec.event_to_json(event) + "\n")
    return len(events)


def _write_csv(journal: Journal, game_id: int, events: Sequence[Any], out: TextIO) -> int:
    ledger = journal.rules.ledger
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(ledger.columns)
    count = 0
    for row in ledger.rows(game_id, events):
        writer.writerow(["" if value is None else value for value in row])
        count += 1
    return count


def export_jsonl(journal: Journal, game_id: int, out: TextIO) -> int:
    """Write a game's events (retracted ones left out) as JSON Lines; returns the count."""
    return _write_jsonl(journal, journal.load(game_id), out)


def export_csv(journal: Journal, game_id: int, out: TextIO) -> int:
    """Write the per-round CSV of a game (the game's ledger); returns the number of rows."""
    return _write_csv(journal, game_id, journal.load(game_id), out)


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
    return [(jsonl, write_whole(jsonl, lambda out: _write_jsonl(journal, events, out))),
            (table, write_whole(table, lambda out: _write_csv(journal, game_id, events, out)))]
