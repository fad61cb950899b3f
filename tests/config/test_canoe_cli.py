"""`mush-companion state` and `export` on the Canoe game's own journal
(`journal-canoe.sqlite3` beside the configured one): found by `--game canoe` or as the
newest game of any box, read with its own ledger; MUSH's journal read as before."""

from __future__ import annotations

import csv
import io
import json
import random
from datetime import UTC, datetime
from pathlib import Path

import pytest

from companion.app.cli import main
from companion.app.journals import journal_beside
from companion.games import game as installed_game
from companion.games.canoe import public_view
from companion.games.canoe.bots import SensibleBot, play_game
from companion.games.canoe.codec import event_from_json
from companion.games.canoe.evolve import replay
from companion.games.canoe.settings import Settings as CanoeSettings
from companion.games.mush import SeededDice, Settings
from companion.games.mush.engine import start_game
from companion.store import Journal


def canoe_trip(base: Path, *, finished: bool = True, clock_day: int = 2) -> int:
    """A sensible bots' Canoe trip journalled beside `base`, whole or half; its game id."""
    settings = CanoeSettings.make(["Ann", "Bo", "Cy"])
    _, events = play_game(settings, [SensibleBot() for _ in range(3)], SeededDice(6),
                          random.Random(6))
    if not finished:  # up to the start of a turn half way through
        from companion.games.canoe import events as ev
        half = next(i for i, e in enumerate(events)
                    if i > len(events) // 2 and isinstance(e, ev.TurnStarted))
        events = events[: half + 1]
    when = datetime(2026, 1, clock_day, tzinfo=UTC)
    with Journal(journal_beside(base, "canoe"), game=installed_game("canoe"),
                 clock=lambda: when) as journal:
        game_id = journal.new_game(settings)
        journal.append(game_id, events)
    return game_id


def events_in(base: Path, game: str, game_id: int) -> int:
    """How many events the game `game_id` of `game`'s journal beside `base` holds."""
    with Journal(journal_beside(base, game), game=installed_game(game)) as journal:
        return sum(1 for _ in journal.records(game_id))


def mush_game(base: Path, clock_day: int = 1) -> int:
    """A MUSH game started in the configured journal."""
    settings = Settings.make(["Xan", "Yod"])
    when = datetime(2026, 1, clock_day, tzinfo=UTC)
    with Journal(base, clock=lambda: when) as journal:
        game_id = journal.new_game(settings)
        journal.append(game_id, start_game(settings, SeededDice(1))[1])
    return game_id


def test_export_with_game_canoe_writes_its_events_and_its_ledger(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    base = tmp_path / "journal.sqlite3"
    mush_game(base, clock_day=5)  # newer: without --game canoe, MUSH's game is exported
    game_id = canoe_trip(base)
    out = tmp_path / "out"
    assert main(["export", "--journal", str(base), "--game", "canoe", "--out", str(out)]) == 0
    lines = (out / f"game-{game_id}.jsonl").read_text(encoding="utf-8").splitlines()
    events = [event_from_json(line) for line in lines]
    with Journal(journal_beside(base, "canoe"), game=installed_game("canoe")) as journal:
        assert events == journal.load(game_id)
    state = replay(events)
    rows = list(csv.DictReader(io.StringIO((out / f"game-{game_id}.csv").read_text())))
    assert list(rows[0]) == ["turn", "seat", "name", "score", "nights", "destination", "home"]
    last = {int(r["seat"]): int(r["score"]) for r in rows[-3:]}
    assert last == {s: p.score for s, p in enumerate(state.players)}  # the ledger's end
    assert f"{len(events)} events" in capsys.readouterr().out
    # NAME:ID names one game of that box
    again = tmp_path / "again"
    assert main(["export", "--journal", str(base), "--game", f"canoe:{game_id}",
                 "--out", str(again)]) == 0
    assert (again / f"game-{game_id}.csv").read_bytes() == \
        (out / f"game-{game_id}.csv").read_bytes()


def test_state_reads_the_newest_game_of_any_box_and_names_the_other(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    base = tmp_path / "journal.sqlite3"
    mush_game(base, clock_day=1)
    game_id = canoe_trip(base, finished=False, clock_day=3)  # the newer: shown by default
    assert main(["state", "--journal", str(base)]) == 0
    out = capsys.readouterr().out
    assert f"Canoe game {game_id} (in progress)" in out
    assert "points" in out and "nights" in out and "Weather:" in out
    for name in ("Ann", "Bo", "Cy"):
        assert name in out
    assert "Also mush game 1 (in progress)" in out and "--game mush" in out
    # and MUSH's game on asking
    assert main(["state", "--journal", str(base), "--game", "mush"]) == 0
    mush = capsys.readouterr().out
    assert "chips" in mush and "Xan" in mush and "Also canoe game" in mush


def test_state_json_of_a_canoe_game_is_its_public_view(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    base = tmp_path / "journal.sqlite3"
    game_id = canoe_trip(base)
    assert main(["state", "--json", "--journal", str(base), "--game", "canoe"]) == 0
    shown = json.loads(capsys.readouterr().out)
    with Journal(journal_beside(base, "canoe"), game=installed_game("canoe")) as journal:
        view = public_view(journal.replay(game_id)).to_data()
    assert shown["game"] == game_id and shown["box"] == "canoe"
    assert {k: v for k, v in shown.items() if k in view} == json.loads(json.dumps(view))
    assert shown["winner"] is not None


def test_a_wrong_game_or_a_missing_canoe_journal_is_said_plainly(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    base = tmp_path / "journal.sqlite3"
    mush_game(base)
    with pytest.raises(SystemExit) as raised:
        main(["state", "--journal", str(base), "--game", "chess"])
    assert raised.value.code == 2
    assert "no game called 'chess'" in capsys.readouterr().err
    assert main(["state", "--journal", str(base), "--game", "canoe"]) == 1
    err = capsys.readouterr().err
    assert "no canoe journal at" in err and "journal-canoe.sqlite3" in err
