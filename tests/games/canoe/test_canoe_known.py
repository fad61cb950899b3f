"""Known answers for the Canoe game: recorded games (tools/record_known_canoe.py) replayed
in full. The commands go through the rules again with the recorded faces, and must give
the recorded events and the recorded final state; the recorded events alone must replay to
it, and the invariants must hold of the game (Q1–Q6). A renamed event field, a changed
rule or a changed card fails here."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from companion.games.canoe import events as ev
from companion.games.canoe.codec import (
    FORMAT_VERSION,
    command_from_json,
    event_from_data,
    event_to_data,
    settings_from_json,
    state_from_json,
    state_to_json,
)
from companion.games.canoe.engine import apply
from companion.games.canoe.evolve import replay
from companion.games.canoe.invariants import journal_violations
from companion.games.canoe.model import CardMode, DestinationRule
from companion.games.canoe.state import EMPTY, GameState
from companion.rules.dice import ScriptedDice

KNOWN = Path(__file__).resolve().parents[2] / "known" / "canoe"
FILES = sorted(KNOWN.glob("*.json"))


def _load(path: Path) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    assert data["format"] == FORMAT_VERSION and data["game"] == "canoe"
    return data


def test_the_recorded_games_cover_what_they_should() -> None:
    assert len(FILES) >= 6
    players: set[int] = set()
    rules: set[str] = set()
    seen: set[str] = set()
    outcomes: set[str] = set()
    undos = 0
    for path in FILES:
        data = _load(path)
        settings = settings_from_json(json.dumps(data["settings"]))
        players.add(settings.players)
        variants = settings.variants
        rules |= {f"destinations={variants.destinations.value}", f"cards={settings.cards}"}
        rules |= {name for name in ("every_campsite", "every_attraction")
                  if getattr(variants, name)}
        rules |= {"own ring"} if not settings.ring.placeholder else set()
        undos += sum(1 for e in data["log"] if e.get("undo"))
        for entry in data["log"]:
            for event in entry.get("events", ()):
                seen.add(event["type"])
                outcomes.add(event.get("outcome") or event.get("reason") or "")
    assert players == {2, 3, 4, 5, 6}
    assert {f"destinations={r.value}" for r in DestinationRule} | {
        f"cards={m}" for m in CardMode} | {"every_campsite", "every_attraction",
                                          "own ring"} <= rules
    assert undos >= 6
    assert seen == {t.__name__ for t in ev.EVENT_TYPES}
    assert {"six", "islands", "scored", "held_one", "already_done", "not_needed",
            "hero_used"} <= outcomes


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_the_rules_answer_each_command_as_recorded(path: Path) -> None:
    data = _load(path)
    state: GameState = EMPTY
    kept: list[ev.Event] = []
    batches: list[int] = []
    for number, entry in enumerate(data["log"]):
        if entry.get("undo"):
            del kept[-batches.pop():]
            state = replay(kept)
            continue
        dice = ScriptedDice(entry["dice"])
        state, events = apply(state, command_from_json(json.dumps(entry["command"])), dice)
        assert [event_to_data(e) for e in events] == entry["events"], f"entry {number}"
        assert dice.used == len(entry["dice"]), f"entry {number}: faces left over"
        kept.extend(events)
        batches.append(len(events))
    assert json.loads(state_to_json(state)) == data["final"]
    assert replay(kept) == state
    assert journal_violations(kept) == []


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_the_recorded_events_alone_replay_to_the_final_state(path: Path) -> None:
    data = _load(path)
    kept: list[ev.Event] = []
    batches: list[int] = []
    for entry in data["log"]:
        if entry.get("undo"):
            del kept[-batches.pop():]
        else:
            kept += [event_from_data(e) for e in entry["events"]]
            batches.append(len(entry["events"]))
    final = state_from_json(json.dumps(data["final"]))
    assert replay(kept) == final and final.winner is not None
