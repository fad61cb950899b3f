"""Known answers (as python-chess's perft files): recorded v1 games replayed in full.

Each `tests/known/*.json` is a whole game written by `tools/record_known.py`: commands,
the dice faces each one rolled, the public events the rules answered, undos, and the
final state. Here the commands go through the rules again and the events through a real
SQLite journal; both must give the recorded answers. A renamed event field, a changed
rule or a journal that can no longer read an older game fails here.
"""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from companion.core.recorded import batches, check
from companion.exc import IncompatibleJournalError
from companion.games.mush import MUSH
from companion.games.mush.codec import CODEC, FORMAT_VERSION
from companion.games.mush.evolve import replay
from companion.store.journal import VOCABULARY_ID, Journal, settings_from_json

KNOWN = Path(__file__).resolve().parent
FILES = sorted(KNOWN.glob("*.json"))


def _load(path: Path) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    assert data["format"] == FORMAT_VERSION
    return data


def _journalled(path: Path, data: dict[str, Any]) -> int:
    """Write the recorded game into a real journal at `path`, undos included."""
    with Journal(path) as journal:
        game_id = journal.new_game(settings_from_json(json.dumps(data["settings"])))
        for batch in batches(MUSH, data["log"]):
            if batch is None:
                journal.undo(game_id)
            else:
                journal.append(game_id, batch)
    return game_id


def test_the_recorded_games_cover_what_they_should() -> None:
    assert len(FILES) >= 6
    players = set()
    variants: set[str] = set()
    seen: set[str] = set()
    undos = 0
    for path in FILES:
        data = _load(path)
        settings = settings_from_json(json.dumps(data["settings"]))
        players.add(settings.players)
        variants |= {k for k, v in vars(settings.variants).items() if v}
        undos += sum(1 for e in data["log"] if e.get("undo"))
        seen |= {e["type"] for entry in data["log"] for e in entry.get("events", ())}
    assert players == {2, 3, 4, 5, 6}
    assert variants == {"free_training", "avalanches_at_start", "short_north", "skip_central"}
    assert undos >= 6
    for kind in ("WindowOpened", "ReducePaid", "RerollForced", "ChipsDrawn", "Rested",
                 "PressRolled", "PassingPaid", "GameWon"):
        assert kind in seen, kind


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_the_rules_answer_each_command_as_recorded(path: Path) -> None:
    data = _load(path)
    checked = check(MUSH, data["log"])
    assert checked.problems == []
    assert json.loads(CODEC.state_to_json(checked.state)) == data["final"]
    assert replay(checked.events) == checked.state


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_the_journal_replays_each_game_to_its_final_state(path: Path, tmp_path: Path) -> None:
    data = _load(path)
    final = CODEC.state_from_json(json.dumps(data["final"]))
    file = tmp_path / "journal.sqlite3"
    game_id = _journalled(file, data)
    with Journal(file) as reopened:  # a fresh start reads the same game back
        assert reopened.recovery is None
        assert reopened.replay(game_id) == final
        record = reopened.game(game_id)
        assert record.winner == final.winner and not record.in_progress


def _in_progress(tmp_path: Path) -> tuple[Path, int]:
    """The smallest recorded game, journalled without its last commands (in progress)."""
    data = _load(min(FILES, key=lambda p: p.stat().st_size))
    data["log"] = data["log"][: len(data["log"]) * 2 // 3]
    path = tmp_path / "journal.sqlite3"
    return path, _journalled(path, data)


def _edit_last_row(path: Path, change: Any, application_id: int | None = None) -> bytes:
    """Rewrite the last event as another companion would have written it (with the row's
    checksum of what it now holds)."""
    from companion.store.integrity import row_crc

    raw = sqlite3.connect(str(path))
    rowid, game_id, seq, batch, text, time = raw.execute(
        "SELECT id, game_id, seq, batch, event, time FROM events ORDER BY id DESC LIMIT 1"
    ).fetchone()
    text = json.dumps(change(json.loads(text)))
    raw.execute("UPDATE events SET event = ?, crc = ? WHERE id = ?",
                (text, row_crc("events", [game_id, seq, batch, text, time]), rowid))
    if application_id is not None:
        raw.execute(f"PRAGMA application_id = {application_id}")
    raw.commit()
    raw.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    raw.close()
    return path.read_bytes()


def _unchanged(path: Path, before: bytes) -> None:
    assert path.read_bytes() == before
    assert not list(path.parent.glob("*.damaged-*"))


def test_a_newer_event_format_is_refused_by_version_and_the_file_kept(tmp_path: Path) -> None:
    # a newer companion marks the file with its own vocabulary as it writes
    path, _ = _in_progress(tmp_path)
    before = _edit_last_row(path, lambda e: {**e, "v": FORMAT_VERSION + 1},
                            application_id=VOCABULARY_ID ^ 0x55)
    with pytest.raises(IncompatibleJournalError, match=f"event format {FORMAT_VERSION + 1}"):
        Journal(path)
    _unchanged(path, before)


def test_a_newer_schema_is_refused_by_version_and_the_file_kept(tmp_path: Path) -> None:
    # a newer companion writes its format in the header and in journal_format
    path, _ = _in_progress(tmp_path)
    raw = sqlite3.connect(str(path), isolation_level=None)
    raw.execute("PRAGMA user_version = 99")
    raw.execute("UPDATE journal_format SET format = 99")
    raw.close()
    before = path.read_bytes()
    with pytest.raises(IncompatibleJournalError, match="format 99"):
        Journal(path)
    _unchanged(path, before)


def test_an_event_renamed_by_another_companion_is_incompatible_not_damage(
        tmp_path: Path) -> None:
    # After an upgrade that renamed a field, the healthy game must not be cut.
    path, _ = _in_progress(tmp_path)

    def renamed(event: dict[str, Any]) -> dict[str, Any]:
        event = dict(event)
        event["player"] = event.pop("seat", 0)
        return event

    before = _edit_last_row(path, renamed, application_id=VOCABULARY_ID ^ 0x55)
    with pytest.raises(IncompatibleJournalError, match="other events"):
        Journal(path)
    _unchanged(path, before)


def test_the_same_row_in_a_file_of_our_own_vocabulary_is_damage(tmp_path: Path) -> None:
    path, game_id = _in_progress(tmp_path)

    def renamed(event: dict[str, Any]) -> dict[str, Any]:
        event = dict(event)
        event["player"] = event.pop("seat", 0)
        return event

    _edit_last_row(path, renamed)
    with Journal(path) as journal:
        assert journal.recovery is not None and journal.recovery.cut == (game_id,)
        replay(journal.load(game_id))
    assert len(list(tmp_path.glob("*.damaged-*"))) == 1


def test_every_writer_marks_the_file_with_its_vocabulary(tmp_path: Path) -> None:
    path, _ = _in_progress(tmp_path)
    raw = sqlite3.connect(str(path))
    assert raw.execute("PRAGMA application_id").fetchone()[0] == VOCABULARY_ID
    raw.close()
