"""Whole games of Push&Move by bots (2 to 6 players): the invariants after every event
(HI1-HI5), a replay of the journal landing on the same state and board (HI6), the codec
exact both ways, events read back from a file checked, the settings a group may change
(HV1-HV4), and the ledger."""

from __future__ import annotations

import json
import random

import pytest

from companion.core.acts import TABLE
from companion.core.dice import SeededDice
from companion.exc import SettingsError
from companion.games.push_and_move import acts as a
from companion.games.push_and_move.bots import SensibleBot, play_game, random_policy
from companion.games.push_and_move.game import CODEC, GAME
from companion.games.push_and_move.model import (
    Count,
    End,
    Kind,
    Loss,
    Settings,
    Tunnels,
    Win,
)
from companion.games.push_and_move.rules import replay
from companion.games.push_and_move.state import EMPTY, Phase

from . import NAMES


def _checked(events: list[a.Event]) -> None:
    """HI1, HI2, HI3, HI4, HI5 after every event, each event read back as the journal
    reads it."""
    state = EMPTY
    for event in events:
        again = CODEC.event_from_json(CODEC.event_to_json(event))
        assert again == event
        state = GAME.fold(state, again)
        assert GAME.broken(state) == []


@pytest.mark.parametrize("players", range(2, 7))
def test_random_games_keep_every_invariant_and_replay_exactly(players: int) -> None:
    # HI1-HI6 over a whole game of random players
    settings = Settings(NAMES[:players], rounds=40)
    state, events = play_game(settings, [random_policy] * players, seed=players)
    assert state.phase is Phase.OVER
    _checked(events)
    assert replay(events) == state  # HI6
    assert CODEC.state_from_json(CODEC.state_to_json(state)) == state


@pytest.mark.slow
def test_sensible_bots_play_two_players_to_a_win_and_one_seed_gives_one_game() -> None:
    settings = Settings(NAMES[:2])
    state, events = play_game(settings, [SensibleBot(), SensibleBot()], seed=2)
    assert state.phase is Phase.OVER and state.winner is not None
    assert state.end in (End.THREE, End.LAST)
    assert max(p.count for p in state.players) >= 3 or state.end == End.LAST
    again, events_again = play_game(settings, [SensibleBot(), SensibleBot()], seed=2)
    assert events_again == events and again.board == state.board
    _checked(events)


@pytest.mark.slow
@pytest.mark.parametrize("players", range(3, 7))
def test_sensible_bots_play_three_to_six_players_to_a_win(players: int) -> None:
    settings = Settings(NAMES[:players], tunnels=Tunnels.DRAWN)
    state, events = play_game(settings, [SensibleBot()] * players, seed=players)
    assert state.phase is Phase.OVER and state.winner is not None
    _checked(events)


def test_hv1_hv2_hv3_hv4_settings_round_trip_and_are_checked() -> None:
    own = tuple(Count(k, 120 - 17 if k is Kind.PLAIN else 1) for k in Kind)
    settings = Settings(NAMES[:4], own, Tunnels.DRAWN, Win.ONE, 250)
    settings.check()
    assert CODEC.settings_from_json(CODEC.settings_to_json(settings)) == settings
    for rounds in (9, 1000):
        with pytest.raises(SettingsError, match="rounds"):
            Settings(NAMES[:2], rounds=rounds).check()
    state, _ = GAME.apply(EMPTY, a.Start(TABLE, settings), SeededDice(4))
    assert sorted(state.board) == sorted(settings.hexes())


def test_the_journal_refuses_events_that_cannot_follow() -> None:
    state, events = GAME.apply(EMPTY, a.Start(TABLE, Settings(NAMES[:2], tunnels=Tunnels.DRAWN)),
                               SeededDice(1))
    for bad, why in (
            (a.Moved(0, 12, 0, ()), "not on this table"),
            (a.Changed(3, Kind.PLUS1, 2), None),
            (a.TunnelOriented(0, 500, 1), "not on this table"),
            (a.TurnBegan(7, 1, ()), "seat 7"),
            (a.GameStarted(Settings(NAMES[:2])), "second start")):
        if why is None:
            assert GAME.refusal(state, bad) is None
            continue
        with pytest.raises(ValueError, match=why):
            GAME.fold(state, bad)
    # a flipped value that breaks an invariant is found too (HI1)
    with pytest.raises(ValueError, match="HI1"):
        GAME.fold(state, a.Changed(3, Kind.PLUS1, 21))
    with pytest.raises(ValueError, match="before the game started"):
        GAME.fold(EMPTY, events[1])


def test_the_codec_reads_back_every_command() -> None:
    for command in (a.Start(TABLE, Settings(NAMES[:3])), a.Orient(1, 5, 2), a.Move(0, 3, 4),
                    a.Step(0, 1), a.Beam(0, 77), a.Reroll(1), a.Rebirth(1), a.Place(0, 3),
                    a.Decline(2)):
        assert CODEC.command_from_json(CODEC.command_to_json(command)) == command
    data = json.loads(CODEC.event_to_json(a.Lost(3, Loss.EDGE, 0)))
    assert data["how"] == "edge" and data["type"] == "Lost"


def test_the_ledger_has_a_row_per_player_after_each_turn() -> None:
    state, events = play_game(Settings(NAMES[:3], rounds=12), [random_policy] * 3, seed=9)
    rows = list(GAME.ledger.rows(1, events))
    turns = sum(1 for e in events if isinstance(e, a.TurnEnded | a.GameOver))
    assert len(rows) == 3 * turns
    assert [r[3] for r in rows[-3:]] == [p.count for p in state.players]
    assert all(len(r) == len(GAME.ledger.columns) for r in rows)


def test_every_state_of_a_game_answers_the_kernel_questions() -> None:
    # between two commands: whoever the flow lets act has something legal to do
    rng = random.Random(3)
    dice = SeededDice(3)
    state, _ = GAME.apply(EMPTY, a.Start(TABLE, Settings(NAMES[:3], rounds=10)), dice)
    steps = 0
    while GAME.outcome(state) is None:
        seats = GAME.seats_to_act(state)
        assert len(seats) == 1
        legal = GAME.legal(state, seats[0])
        assert legal, f"seat {seats[0]} may act in {state.phase} with nothing to do"
        command = rng.choice([c for o in legal for c in o.commands()])
        assert GAME.is_legal(state, command)
        state, _ = GAME.apply(state, command, dice)
        steps += 1
    assert steps > 20 and GAME.seats_to_act(state) == ()
