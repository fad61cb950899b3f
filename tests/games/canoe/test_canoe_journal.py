"""The journal's needs: the codec round trip and replay (Q5), the undo policy (Q7), and
the bundle the table and the journal will play the game through."""

from __future__ import annotations

import json
import random

import pytest
from canoe_harness import Trip

from companion.exc import CodecError, SettingsError
from companion.games.canoe import codec
from companion.games.canoe import commands as c
from companion.games.canoe import events as ev
from companion.games.canoe.bots import SensibleBot, play_game
from companion.games.canoe.evolve import replay
from companion.games.canoe.game import GAME, ledger_rows
from companion.games.canoe.model import CardMode, DestinationRule, PaperEffect, Pile
from companion.games.canoe.settings import Settings, Variants
from companion.games.canoe.state import EMPTY, GameState
from companion.games.mush.dice import SeededDice


def _a_game(seed: int = 4, cards: CardMode = CardMode.ELECTRONIC
            ) -> tuple[GameState, list[ev.Event]]:
    names = ["Ann", "Bob", "Cy"]
    game = Settings.make(names, cards=cards)
    return play_game(game, [SensibleBot() for _ in names], SeededDice(seed), random.Random(seed))


def test_q5_every_event_type_round_trips_through_json() -> None:
    state, events = _a_game()
    paper_state, paper = _a_game(5, cards=CardMode.PAPER)
    seen = {type(e) for e in events + paper}
    assert len(seen) >= 18
    for event in events + paper:
        text = codec.CODEC.event_to_json(event)
        assert codec.event_from_json(text) == event
        assert json.loads(text)["type"] == type(event).__name__
    for final in (state, paper_state):
        assert codec.CODEC.state_from_json(codec.CODEC.state_to_json(final)) == final


def test_q5_commands_and_settings_round_trip() -> None:
    settings = Settings.make(["Ann", "Bob"], 3, Variants(DestinationRule.ONE, True, False),
                             cards=CardMode.PAPER)
    assert codec.settings_from_json(codec.CODEC.settings_to_json(settings)) == settings
    for command in (c.Roll(0), c.Land(1, Pile.PORTAGE), c.Camp(0, "Sugar Island", -5),
                    c.SeeAttraction(1, c.Attraction.MOOSE, 20), c.EnterCard(0, 5,
                                                                             PaperEffect.MISS_GO),
                    c.StartGame(c.TABLE, settings)):
        assert codec.CODEC.command_from_json(codec.CODEC.command_to_json(command)) == command


@pytest.mark.parametrize("text, problem", [
    ("nope", "not JSON"), ('{"v": 2, "type": "DieRolled", "seat": 0, "face": 3}', "version"),
    ('{"v": 1, "type": "Teleported", "seat": 0}', "unknown"),
    ('{"v": 1, "type": "DieRolled", "seat": 0, "face": "six"}', "integer"),
    ('{"v": 1, "type": "DieRolled", "seat": 0, "face": 3, "extra": 1}', "no field"),
])
def test_q5_a_bad_event_text_is_refused_by_name(text: str, problem: str) -> None:
    with pytest.raises(CodecError, match=problem):
        codec.event_from_json(text)


def test_q5_settings_that_cannot_make_a_game_are_refused_on_reading() -> None:
    text = codec.CODEC.settings_to_json(Settings.make(["Ann", "Bob"])).replace('"nights":2',
                                                                         '"nights":0')
    with pytest.raises(SettingsError, match="nights"):
        codec.settings_from_json(text)


def test_q5_replay_reproduces_the_game_without_dice() -> None:
    state, events = _a_game(7)
    assert replay(events) == state
    assert GAME.replay(events) == state
    decoded = [codec.event_from_json(codec.CODEC.event_to_json(e)) for e in events]
    assert replay(decoded) == state


def test_q7_bookkeeping_may_be_undone_and_no_throw_or_draw() -> None:
    assert set(ev.UNDOABLE) == set(ev.EVENT_TYPES)
    never = {t for t, may in ev.UNDOABLE.items() if not may}
    assert never == {ev.GameStarted, ev.PilesDealt, ev.FirstPlayerDrawn, ev.DieRolled,
                     ev.CardDrawn, ev.PileShuffled}
    trip = Trip(2)
    assert not GAME.undo.undoable(trip.roll(6))  # the throw and the weather it moved
    assert not GAME.undo.undoable(trip.do(c.Land(0, Pile.CANOE)))  # a draw
    assert GAME.undo.undoable(trip.do(c.Adjust(1, 5)))
    trip.roll(2)
    assert GAME.undo.undoable(trip.end())
    paper = Trip(2, cards=CardMode.PAPER)
    paper.roll(2)
    assert GAME.undo.undoable(paper.do(c.Land(0, Pile.CANOE)))  # nothing drawn by the companion
    assert GAME.undo.undoable(paper.do(c.EnterCard(0, 15)))  # a card of the sheet


def test_q7_undoing_bookkeeping_is_replaying_the_kept_events() -> None:
    trip = Trip(2)
    trip.roll(3)
    before, kept = trip.state, list(trip.events)
    trip.do(c.SeeAttraction(0, c.Attraction.RAINBOW, 15))
    assert trip.state != before
    assert replay(kept) == before


def test_the_bundle_answers_what_the_table_and_the_journal_ask() -> None:
    state, events = _a_game(8)
    assert GAME.name == "canoe" and GAME.seats == range(2, 7)
    assert GAME.opening(events[0]) is not None and GAME.opening(events[1]) is None
    won = [e for e in events if GAME.ending(e) is not None]
    assert len(won) == 1 and GAME.outcome(state) == GAME.ending(won[0])
    assert GAME.outcome(EMPTY) is None
    assert GAME.broken(state) == []
    following = EMPTY
    for event in events:
        assert GAME.refusal(following, event) is None
        following = GAME.evolve(following, event)
    assert GAME.refusal(following, ev.DieRolled(9, 3)) is not None
    assert GAME.refusal(EMPTY, ev.DieRolled(0, 3)) is not None
    assert GAME.flow.act_of(state).value == "none" and GAME.seats_to_act(state) == ()
    assert GAME.undo.final_types == tuple(t for t, may in ev.UNDOABLE.items() if not may)
    assert GAME.codec.vocabulary > 0 and GAME.bots["sensible"] is not None
    rows = list(ledger_rows(1, events))
    assert rows and all(len(r) == len(GAME.ledger.columns) for r in rows)
    assert rows[-1][3] == state.players[rows[-1][1]].score
