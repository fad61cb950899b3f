"""Known answers for Push&Move: recorded games (tools/record_known.py) replayed in full.
The commands go through the rules again with the recorded faces (the bag's shuffle
among them) and must give the recorded events and final state; the recorded events
alone must replay to it (HI6), through a real SQLite journal too, with its undos; and
the files hold what they should: 2 to 6 players, every way a game ends, undos, every
event."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pytest

from companion.core.recorded import check, kept_events
from companion.games.push_and_move import acts as a
from companion.games.push_and_move.game import CODEC, GAME
from companion.games.push_and_move.model import End, Tunnels, Win
from companion.games.push_and_move.rules import replay
from companion.store import Journal, UndoRefusedError

KNOWN = Path(__file__).resolve().parents[2] / "known" / "push_and_move"
FILES = sorted(KNOWN.glob("*.json"))


def _load(path: Path) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    assert data["game"] == "push_and_move" and data["format"] == CODEC.format_version
    return data


def test_the_recorded_games_cover_what_they_should() -> None:
    players: set[int] = set()
    ends: set[str] = set()
    kinds: set[str] = set()
    settings_seen: set[str] = set()
    undos = 0
    for path in FILES:
        data = _load(path)
        settings = CODEC.settings_from_json(json.dumps(data["settings"]))
        players.add(settings.players)
        settings_seen |= {settings.tunnels.value, settings.win.value}
        ends.add(data["final"]["state"]["end"])
        undos += sum(1 for e in data["log"] if e.get("undo"))
        kinds |= {e["type"] for entry in data["log"] for e in entry.get("events", ())}
    assert players == {2, 3, 4, 5, 6}
    assert ends == {End.THREE, End.LAST, End.ROUNDS}
    assert settings_seen == {*Tunnels, *Win}
    assert undos >= 20
    assert kinds == {t.__name__ for t in a.EVENTS}


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_hi6_each_recorded_game_plays_again_to_the_same_answers(path: Path) -> None:
    data = _load(path)
    final = CODEC.state_from_json(json.dumps(data["final"]))
    checked = check(GAME, data["log"])
    assert checked.problems == []
    assert checked.state == final
    assert replay(kept_events(GAME, data["log"])) == final
    assert GAME.broken(final) == []


def _journalled(file: Path, data: dict[str, Any]) -> int:
    with Journal(file, game=GAME) as journal:
        game_id = journal.new_game(CODEC.settings_from_json(json.dumps(data["settings"])))
        for entry in data["log"]:
            if entry.get("undo"):
                journal.undo(game_id)
            elif entry["events"]:
                journal.append(game_id, [CODEC.event_from_data(e) for e in entry["events"]])
    return game_id


@pytest.mark.parametrize("path", FILES[:3], ids=[p.stem for p in FILES[:3]])
def test_hi6_a_recorded_game_replays_from_a_real_journal(path: Path, tmp_path: Path) -> None:
    data = _load(path)
    final = CODEC.state_from_json(json.dumps(data["final"]))
    file = tmp_path / "push.sqlite3"
    game_id = _journalled(file, data)
    with Journal(file, game=GAME) as reopened:
        assert reopened.recovery is None
        assert reopened.replay(game_id) == final  # the same board, the same dice
        record = reopened.game(game_id)
        assert record.winner == final.winner and not record.in_progress
        table = io.StringIO()
        reopened.export_csv(game_id, table)
        assert table.getvalue().splitlines()[0].split(",") == list(GAME.ledger.columns)


def test_ht5_the_journal_refuses_to_undo_the_board_drawn_or_a_reroll(tmp_path: Path) -> None:
    data = _load(KNOWN / "2p-default.json")
    with Journal(tmp_path / "push.sqlite3", game=GAME) as journal:
        game_id = journal.new_game(CODEC.settings_from_json(json.dumps(data["settings"])))
        journal.append(game_id, [CODEC.event_from_data(e) for e in data["log"][0]["events"]])
        with pytest.raises(UndoRefusedError):
            journal.undo(game_id)
