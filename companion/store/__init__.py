"""The SQLite journal: append events, resume a game after a power cut, export a game.

The main loop replays the game in progress (`Journal.current_game`, `Journal.load`) once
at start and calls `Journal.append` after every `apply`, before anything is shown or
spoken. See docs/journal-format.md for the file.
"""

from __future__ import annotations

from companion.exc import (
    GameClosedError,
    IncompatibleJournalError,
    JournalError,
    NotAJournalError,
    UndoRefusedError,
)
from companion.store.export import export_csv, export_jsonl
from companion.store.integrity import MIGRATIONS, SCHEMA_VERSION
from companion.store.journal import FINAL_EVENT_TYPES, GameRecord, Journal, StoredEvent
from companion.store.recovery import Recovery

__all__ = [
    "FINAL_EVENT_TYPES", "MIGRATIONS", "SCHEMA_VERSION", "GameClosedError", "GameRecord",
    "IncompatibleJournalError", "Journal", "JournalError", "NotAJournalError", "Recovery",
    "StoredEvent", "UndoRefusedError", "export_csv", "export_jsonl",
]
