"""Known answers for Mush-Ring: recorded games (tools/record_known.py) played again. The
commands go through the rules with the recorded faces and must give the recorded events
and final state; the recorded events alone, read through a real journal, must replay to
it, with every invariant holding (U4, U5, U7). A renamed event field, a changed rule or
a changed card fails here."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from companion.core.recorded import batches, check, kept_events
from companion.games.mush_ring import GAME
from companion.games.mush_ring import acts as ev
from companion.store import Journal

KNOWN = Path(__file__).resolve().parents[2] / "known" / "mush_ring"
FILES = sorted(KNOWN.glob("*.json"))


def _load(path: Path) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    assert data["game"] == "mush_ring" and data["format"] == GAME.codec.format_version
    return data


def test_the_recorded_games_cover_both_decks_every_table_size_and_most_events() -> None:
    assert len(FILES) >= 6
    decks, players, seen, undos = set(), set(), set(), 0
    for path in FILES:
        data = _load(path)
        settings = GAME.codec.settings_from_json(json.dumps(data["settings"]))
        decks.add(settings.deck.value)
        players.add(len(settings.names))
        undos += sum(1 for e in data["log"] if e.get("undo"))
        seen |= {e["type"] for entry in data["log"] for e in entry.get("events", ())}
    assert decks == {"dealt", "paper"} and players == {2, 3, 4} and undos >= 3
    rare = {"KappStomped", "Shown", "Given", "Reshuffled", "LastPlayer", "TieAsked"}
    assert rare <= seen, rare - seen
    assert len(seen) >= len(ev.EVENTS) - 3, {t.__name__ for t in ev.EVENTS} - seen


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_a_recorded_game_plays_again_to_the_same_answers(path: Path) -> None:
    data = _load(path)
    checked = check(GAME, data["log"])
    assert checked.problems == []
    final = GAME.codec.state_from_json(json.dumps(data["final"]))
    assert checked.state == final and final.over
    assert GAME.replay(kept_events(GAME, data["log"])) == final
    assert GAME.broken(final) == []


def test_the_recorded_events_go_through_a_journal_and_come_back(tmp_path: Path) -> None:
    data = _load(KNOWN / "3p-dealt.json")
    settings = GAME.codec.settings_from_json(json.dumps(data["settings"]))
    with Journal(tmp_path / "ring.sqlite3", game=GAME) as journal:
        game = journal.new_game(settings)
        for batch in batches(GAME, data["log"]):
            if batch is None:
                journal.undo(game)
            else:
                journal.append(game, batch)
        loaded = journal.load(game)
    assert GAME.replay(loaded) == GAME.codec.state_from_json(json.dumps(data["final"]))
