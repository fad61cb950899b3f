"""Known answers for the Canoe game: recorded games (tools/record_known.py) replayed
in full. The commands go through the rules again with the recorded faces, and must give
the recorded events and the recorded final state; the recorded events alone must replay to
it, and the invariants must hold of the game (Q1–Q6). A renamed event field, a changed
rule or a changed card fails here."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from companion.core.recorded import check, kept_events
from companion.games.canoe import GAME
from companion.games.canoe import events as ev
from companion.games.canoe.codec import CODEC, FORMAT_VERSION, settings_from_json
from companion.games.canoe.evolve import evolve, replay
from companion.games.canoe.invariants import journal_violations
from companion.games.canoe.model import Attraction, CardMode, DestinationRule, Place, Weather
from companion.games.canoe.state import EMPTY

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
    assert seen == {t.__name__ for t in ev.EVENT_TYPES} - {
        t.__name__ for t in ev.LEGACY_EVENT_TYPES}
    assert {"six", "islands", "scored", "held_one", "already_done", "not_needed",
            "hero_used", "hero_declined", "descent", "weather", "throw", "exit", "five",
            "back"} <= outcomes


def test_the_recorded_games_hold_every_place_in_every_weather() -> None:
    # L1: climbs in Calm and Tailwind only, and a wait at the base in each other weather;
    # L2: the go ends at the summit; L4-L6, L9: the region, the point, shared spaces
    climbs: set[Weather] = set()
    waits: set[Weather] = set()
    shared: set[bool] = set()
    places: set[Place] = set()
    for path in FILES:
        events = kept_events(GAME, _load(path)["log"])
        assert journal_violations(events) == []  # L1, L2 among them
        state = EMPTY
        for event in events:
            turn = state.turn
            if isinstance(event, ev.AttractionSeen) and event.attraction is Attraction.RAVEN_ROCK:
                assert turn is not None and turn.weather is not None
                climbs.add(turn.weather)
            if isinstance(event, ev.Stopped):
                places.add(event.place)
                if event.place is Place.ROCK_BASE:
                    assert turn is not None and turn.weather is not None
                    waits.add(turn.weather)
            if isinstance(event, ev.SpaceShared):
                shared.add(event.ahead)
            state = evolve(state, event)
    assert climbs == {Weather.CALM, Weather.TAILWIND}
    assert waits >= {Weather.HEADWIND, Weather.WINDBOUND, Weather.HEAVY_RAIN}
    assert places == set(Place) - {Place.UNMAPPED} and shared == {True, False}


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_the_rules_answer_each_command_as_recorded(path: Path) -> None:
    data = _load(path)
    checked = check(GAME, data["log"])
    assert checked.problems == []
    assert json.loads(CODEC.state_to_json(checked.state)) == data["final"]
    assert replay(checked.events) == checked.state
    assert journal_violations(checked.events) == []


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_the_recorded_events_alone_replay_to_the_final_state(path: Path) -> None:
    data = _load(path)
    final = CODEC.state_from_json(json.dumps(data["final"]))
    assert replay(kept_events(GAME, data["log"])) == final and final.winner is not None
