"""Exports of one game: its events as JSON Lines, and a per-round table for a spreadsheet.

The JSON Lines file is the journal itself in a portable form (each line decodes with the
game's codec, and folding them gives the game). The CSV is the game's ledger (for MUSH
each player's chips and dogs per round): computed by replaying, so it can never disagree
with the journal.
"""

from __future__ import annotations

import csv
from typing import TYPE_CHECKING, TextIO

if TYPE_CHECKING:
    from companion.store.journal import Journal


def export_jsonl(journal: Journal, game_id: int, out: TextIO) -> int:
    """Write a game's events (retracted ones left out) as JSON Lines; returns the count."""
    count = 0
    for event in journal.load(game_id):
        out.write(journal.rules.codec.event_to_json(event) + "\n")
        count += 1
    return count


def export_csv(journal: Journal, game_id: int, out: TextIO) -> int:
    """Write the per-round CSV of a game (the game's ledger); returns the number of rows."""
    ledger = journal.rules.ledger
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(ledger.columns)
    count = 0
    for row in ledger.rows(game_id, journal.load(game_id)):
        writer.writerow(["" if value is None else value for value in row])
        count += 1
    return count
