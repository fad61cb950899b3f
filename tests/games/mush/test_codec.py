"""Versioned JSON for states, events and commands: exact round-trips (I6)."""

from __future__ import annotations

import json
import random

import pytest

from companion.exc import CodecError
from companion.games.mush import commands as c
from companion.games.mush import events as ev
from companion.games.mush.bots import POLICIES, play_game
from companion.games.mush.codec import CODEC, event_from_json, event_to_json
from companion.games.mush.dice import SeededDice
from companion.games.mush.evolve import replay
from companion.games.mush.model import Arrangement, RestPlace
from companion.games.mush.settings import Settings, Variants
from companion.games.mush.state import GameState


def test_every_state_and_event_of_a_game_round_trips() -> None:
    # I6: what the journal stores reads back to exactly the same values.
    states: list[GameState] = []
    commands: list[c.Command] = []

    def keep(state: GameState, command: c.Command, events: list[ev.Event]) -> None:
        states.append(state)
        commands.append(command)

    settings = Settings.make(["Ann", "Bo", "Cé", "Dörte"], Arrangement.STANDARD,
                             Variants(avalanches_at_start=True))
    final, events = play_game(settings, [POLICIES["random"]] * 4, SeededDice(8),
                              random.Random(8), table_closes=0.1, on_step=keep)
    assert len(states) > 50
    for state in states:
        assert CODEC.state_from_json(CODEC.state_to_json(state)) == state
    decoded = [event_from_json(event_to_json(e)) for e in events]
    assert decoded == events
    assert replay(decoded) == final
    assert {type(e) for e in events} >= {ev.GameStarted, ev.BidsRevealed, ev.DogDiceRolled}
    for command in commands:
        assert CODEC.command_from_json(CODEC.command_to_json(command)) == command


def test_every_event_type_round_trips() -> None:
    # Each event type, even the rare ones a game may not produce.
    settings = Settings.make(["a", "b"])
    samples = [
        ev.GameStarted(settings), ev.SticksPlaced(2), ev.BidUnlocked(1),
        ev.ChipsDrawn(0, 1, "reduce refund"), ev.Rested(0, RestPlace.TOWN, 2, 1),
        ev.ZoneChanged(0, 3, settings.boards[2].zone, "placed at Unal-Akleet"),
    ]
    for event in samples:
        assert event_from_json(event_to_json(event)) == event


def test_json_is_versioned_and_checked() -> None:
    text = event_to_json(ev.TurnStarted(2))
    data = json.loads(text)
    assert data == {"v": 1, "type": "TurnStarted", "seat": 2}
    with pytest.raises(CodecError, match="version"):
        event_from_json(json.dumps({**data, "v": 99}))
    with pytest.raises(CodecError, match="unknown event"):
        event_from_json(json.dumps({**data, "type": "Teleported"}))
    with pytest.raises(CodecError, match="no field"):
        event_from_json(json.dumps({**data, "bogus": 1}))
    with pytest.raises(CodecError, match="integer"):
        event_from_json(json.dumps({**data, "seat": "two"}))
    with pytest.raises(CodecError):
        CODEC.state_from_json('{"v": 0, "state": {}}')
    with pytest.raises(CodecError, match="not JSON"):
        CODEC.state_from_json("{")
