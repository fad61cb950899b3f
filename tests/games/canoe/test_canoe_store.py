"""The Canoe game's known answers through the real SQLite journal, which knows the game
only through the seam: each recorded game is journalled (undos included), opened again,
replayed to its recorded final state (Q5), exported, and undo is refused across a throw
or a draw (Q7)."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pytest
from canoe_harness import Trip

from companion.games import game
from companion.games.canoe import commands as c
from companion.games.canoe.codec import CODEC, settings_from_json
from companion.games.canoe.game import GAME
from companion.games.canoe.model import Pile
from companion.store import Journal, UndoRefusedError

KNOWN = Path(__file__).resolve().parents[2] / "known" / "canoe"
FILES = sorted(KNOWN.glob("*.json"))


def _journalled(path: Path, data: dict[str, Any]) -> int:
    with Journal(path, game=GAME) as journal:
        game_id = journal.new_game(settings_from_json(json.dumps(data["settings"])))
        for entry in data["log"]:
            if entry.get("undo"):
                journal.undo(game_id)
            elif entry["events"]:
                journal.append(game_id, [CODEC.event_from_data(e) for e in entry["events"]])
    return game_id


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_q5_each_recorded_game_replays_from_a_real_journal(path: Path, tmp_path: Path) -> None:
    data = json.loads(path.read_text(encoding="utf-8"))
    final = CODEC.state_from_json(json.dumps(data["final"]))
    file = tmp_path / "canoe.sqlite3"
    game_id = _journalled(file, data)
    with Journal(file, game=GAME) as reopened:
        assert reopened.recovery is None
        assert reopened.replay(game_id) == final
        record = reopened.game(game_id)
        assert record.winner == final.winner and not record.in_progress
        lines = io.StringIO()
        assert reopened.export_jsonl(game_id, lines) > 0
        table = io.StringIO()
        reopened.export_csv(game_id, table)
        assert table.getvalue().splitlines()[0].split(",") == list(GAME.ledger.columns)


def test_q7_the_journal_refuses_to_undo_a_throw_or_a_draw(tmp_path: Path) -> None:
    assert game("canoe") is GAME
    trip = Trip(2)
    with Journal(tmp_path / "canoe.sqlite3", game=GAME) as journal:
        game_id = journal.new_game(trip.settings)
        journal.append(game_id, trip.events)
        journal.append(game_id, trip.roll(3))
        journal.append(game_id, trip.do(c.Adjust(0, 5)))
        assert journal.undo(game_id)  # bookkeeping
        journal.append(game_id, trip.do(c.Land(0, Pile.CANOE)))
        with pytest.raises(UndoRefusedError, match="CardDrawn"):
            journal.undo(game_id)
