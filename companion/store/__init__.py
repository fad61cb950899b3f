"""The SQLite journal: append events, resume a game after a power cut, export a game.

The main loop calls `resume_or_start` once at start and `Journal.append` after every
`apply`, before anything is shown or spoken. See docs/journal-format.md for the file.
"""

from __future__ import annotations

from dataclasses import dataclass

from companion.rules.dice import DiceSource
from companion.rules.engine import start_game
from companion.rules.events import Event
from companion.rules.evolve import replay
from companion.rules.settings import Settings
from companion.rules.state import GameState
from companion.store.export import CSV_COLUMNS, RoundRow, export_csv, export_jsonl, round_rows
from companion.store.journal import (
    FINAL_EVENT_TYPES,
    MIGRATIONS,
    SCHEMA_VERSION,
    GameClosedError,
    GameRecord,
    Journal,
    JournalError,
    Recovery,
    StoredEvent,
    UndoRefusedError,
)


@dataclass(frozen=True)
class Resumed:
    """The game the companion carries on with, and how it got there."""

    game_id: int
    state: GameState
    events: tuple[Event, ...]  # events to fold for the display/voice if it was just started
    started: bool  # True when this call began the game (its first events were just written)


def resume_or_start(journal: Journal, settings: Settings, dice: DiceSource) -> Resumed:
    """The game in progress, replayed; or a new one from `settings`, already journalled.

    `settings` (from the config) are used only when no game is in progress, or when the
    game in progress has no events yet (`mush-companion new-game` creates it that way);
    a game in progress always keeps the settings it was started with.
    """
    current = journal.current_game()
    if current is None:
        game_id = journal.new_game(settings)
        game_settings = settings
    else:
        game_id = current.id
        events = journal.load(game_id)
        if events:
            return Resumed(game_id, replay(events), tuple(events), started=False)
        game_settings = current.settings
    state, events = start_game(game_settings, dice)
    journal.append(game_id, events)
    return Resumed(game_id, state, tuple(events), started=True)


__all__ = [
    "CSV_COLUMNS", "FINAL_EVENT_TYPES", "MIGRATIONS", "SCHEMA_VERSION", "GameClosedError",
    "GameRecord", "Journal", "JournalError", "Recovery", "Resumed", "RoundRow", "StoredEvent",
    "UndoRefusedError", "export_csv", "export_jsonl", "resume_or_start", "round_rows",
]
