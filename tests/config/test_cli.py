"""The config and journal subcommands: check-config, new-game, export, state."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pytest
from store.helpers import record_game

from companion.app.cli import build_parser, main
from companion.games.mush import SeededDice, Settings, replay
from companion.games.mush.codec import event_from_json
from companion.games.mush.engine import start_game
from companion.games.mush.views import public_view
from companion.store import Journal

ROOT = Path(__file__).resolve().parents[2]


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "config.toml"
    path.write_text(text, encoding="utf-8")
    return path


def test_check_config_ok(capsys: pytest.CaptureFixture[str]) -> None:
    example = ROOT / "docs" / "config.example.toml"
    assert main(["check-config", str(example)]) == 0
    assert capsys.readouterr().out.strip() == f"{example}: OK"


def test_check_config_names_the_problem_and_exits_2(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = write(tmp_path, '[game]\narrangement = "medium"\n')
    assert main(["check-config", str(path)]) == 2
    err = capsys.readouterr().err.strip()
    assert err == f"{path}: game.arrangement: must be one of intro, standard, custom (got 'medium')"
    assert main(["check-config", "--config", str(tmp_path / "absent.toml")]) == 2
    assert "no such file" in capsys.readouterr().err


@pytest.mark.parametrize("command", ["check-config", "new-game", "export", "state"])
def test_every_subcommand_has_help(command: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as done:
        build_parser().parse_args([command, "--help"])
    assert done.value.code == 0
    text = capsys.readouterr().out
    assert "--config" in text
    if command != "check-config":
        assert "--journal" in text


def _config(tmp_path: Path, journal: Path) -> Path:
    return write(tmp_path, f'[game]\nplayers = ["Ann", "Bea", "Cid"]\n'
                           f'[store]\npath = "{journal}"\n')


def test_new_game_abandons_and_creates_from_the_config(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    journal_path = tmp_path / "j.sqlite3"
    config = _config(tmp_path, journal_path)
    with Journal(journal_path) as journal:
        first = journal.new_game(journal_settings())
        journal.append(first, start_game(journal_settings(), SeededDice(1))[1])
    assert main(["new-game", "--config", str(config)]) == 0
    out = capsys.readouterr().out
    assert f"game {first} abandoned" in out
    with Journal(journal_path) as journal:
        current = journal.current_game()
        assert current is not None and current.id != first
        assert current.settings.names == ("Ann", "Bea", "Cid")
        assert journal.load(current.id) == []  # dealt by the companion at its next start


def journal_settings() -> Settings:
    return Settings.make(["Xan", "Yod"])


def _played(path: Path) -> int:
    game = record_game(5, players=3)
    with Journal(path) as journal:
        game_id = journal.new_game(game.settings)
        for step in game.steps[: len(game.steps) // 2]:
            journal.append(game_id, step.events)
    return game_id


def test_export_writes_jsonl_and_csv(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    journal_path = tmp_path / "j.sqlite3"
    game_id = _played(journal_path)
    out = tmp_path / "out"
    assert main(["export", "--journal", str(journal_path), "--out", str(out)]) == 0
    lines = (out / f"game-{game_id}.jsonl").read_text(encoding="utf-8").splitlines()
    events = [event_from_json(line) for line in lines]
    with Journal(journal_path) as journal:
        assert events == journal.load(game_id)
    rows = list(csv.DictReader(io.StringIO(
        (out / f"game-{game_id}.csv").read_text(encoding="utf-8"))))
    state = replay(events)
    assert rows and all(int(r["round"]) <= state.round for r in rows)
    assert [int(r["chips"]) for r in rows[-3:]] == [p.chips for p in state.players]
    assert f"{len(events)} events" in capsys.readouterr().out


def test_state_json_is_the_public_view(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    journal_path = tmp_path / "j.sqlite3"
    game_id = _played(journal_path)
    assert main(["state", "--json", "--journal", str(journal_path)]) == 0
    shown = json.loads(capsys.readouterr().out)
    with Journal(journal_path) as journal:
        view = public_view(journal.replay(game_id))
    assert shown["game"] == game_id
    assert {k: v for k, v in shown.items() if k in view} == json.loads(json.dumps(view))


def test_state_as_a_table(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    journal_path = tmp_path / "j.sqlite3"
    _played(journal_path)
    assert main(["state", "--journal", str(journal_path)]) == 0
    out = capsys.readouterr().out
    assert "round" in out and "chips" in out
    for name in ("P0", "P1", "P2"):
        assert name in out


def test_state_without_a_journal_fails_cleanly(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["state", "--journal", str(tmp_path / "none.sqlite3")]) == 1
    assert "no journal at" in capsys.readouterr().err
    assert not (tmp_path / "none.sqlite3").exists()
