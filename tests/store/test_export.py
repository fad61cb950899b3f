"""Exports: JSON Lines that decode back to the game, and a per-round CSV matching a replay."""

from __future__ import annotations

import csv
import io
from pathlib import Path

import pytest

from companion.games.mush import events as ev
from companion.games.mush import replay
from companion.games.mush.codec import event_from_json
from companion.games.mush.ledger import CSV_COLUMNS
from companion.store import Journal
from store.helpers import record_game


@pytest.mark.slow
def test_jsonl_lines_decode_to_the_stored_events(tmp_path: Path) -> None:
    game = record_game(12)
    with Journal(tmp_path / "j.sqlite3") as journal:
        game_id = journal.new_game(game.settings)
        for step in game.steps:
            journal.append(game_id, step.events)
        out = io.StringIO()
        count = journal.export_jsonl(game_id, out)
        lines = out.getvalue().splitlines()
        assert count == len(lines) > 100
        decoded = [event_from_json(line) for line in lines]
        assert decoded == journal.load(game_id)
        assert replay(decoded) == game.final
        assert not any(type(e).private for e in decoded)


@pytest.mark.slow
def test_csv_has_a_row_per_player_per_round_matching_a_replay(tmp_path: Path) -> None:
    game = record_game(13, players=5)
    with Journal(tmp_path / "j.sqlite3") as journal:
        game_id = journal.new_game(game.settings)
        for step in game.steps:
            journal.append(game_id, step.events)
        out = io.StringIO()
        count = journal.export_csv(game_id, out)
    rows = list(csv.DictReader(io.StringIO(out.getvalue())))
    assert tuple(rows[0].keys()) == CSV_COLUMNS
    rounds = game.final.round
    assert count == len(rows) == rounds * 5

    # the expected values, taken independently from the live states at each round's end
    public = [e for s in game.steps for e in s.events if not type(e).private]
    state = replay([])
    expected: dict[tuple[int, int], tuple[int, int]] = {}
    for event in public:
        from companion.games.mush.evolve import evolve

        state = evolve(state, event)
        if isinstance(event, ev.RoundEnded | ev.GameWon):
            for seat, player in enumerate(state.players):
                expected[(state.round, seat)] = (player.chips, player.covered)
    for row in rows:
        key = (int(row["round"]), int(row["seat"]))
        assert (int(row["chips"]), int(row["covered"])) == expected[key]
        assert int(row["covered"]) + int(row["uncovered"]) == 8
        assert row["name"] == game.settings.names[int(row["seat"])]
    last = [r for r in rows if int(r["round"]) == rounds]
    assert {r["at"] for r in last} == {"game_won"}
    assert [int(r["chips"]) for r in last] == [p.chips for p in game.final.players]


def test_csv_of_a_game_in_progress_ends_with_its_current_round(tmp_path: Path) -> None:
    game = record_game(14, players=3)
    with Journal(tmp_path / "j.sqlite3") as journal:
        game_id = journal.new_game(game.settings)
        middle = len(game.steps) // 2
        for step in game.steps[:middle]:
            journal.append(game_id, step.events)
        out = io.StringIO()
        journal.export_csv(game_id, out)
    rows = list(csv.DictReader(io.StringIO(out.getvalue())))
    live = game.steps[middle - 1].state
    tail = rows[-3:]
    assert {r["at"] for r in tail} == {"in_progress"}
    assert all(int(r["round"]) == live.round for r in tail)
    assert [int(r["chips"]) for r in tail] == [p.chips for p in live.players]
    assert [int(r["covered"]) for r in tail] == [p.covered for p in live.players]
