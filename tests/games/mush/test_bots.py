"""The bots: only legal commands, and the sensible one plays like a cautious musher."""

from __future__ import annotations

import random

from rules_harness import Game

from companion.games.mush import commands as c
from companion.games.mush import events as ev
from companion.games.mush.bots import SensibleBot, play_game, random_policy
from companion.games.mush.dice import SeededDice
from companion.games.mush.engine import apply, is_legal, legal_commands, start_game
from companion.games.mush.model import Climate, Phase
from companion.games.mush.settings import Settings

W, M, C = Climate.WARM, Climate.MODERATE, Climate.COLD


def test_random_bot_only_sends_legal_commands() -> None:
    rng = random.Random(1)
    state, _ = start_game(Settings.make(["a", "b", "c"]), SeededDice(1))
    dice = SeededDice(2)
    sent = 0
    while state.phase is not Phase.GAME_OVER:
        for seat in state.seats:
            command = random_policy(state, seat, rng)
            assert command is None or is_legal(state, command)
        seat = rng.choice([s for s in state.seats if legal_commands(state, s)] or [c.TABLE])
        command = random_policy(state, seat, rng)
        assert command is not None
        state, _ = apply(state, command, dice)
        sent += 1
    assert sent > 20


def test_sensible_bots_finish_a_four_player_intro_game_at_nome() -> None:
    rounds = []
    for seed in range(6):
        bot = SensibleBot()
        state, events = play_game(Settings.make(["a", "b", "c", "d"]), [bot] * 4,
                                  SeededDice(seed), random.Random(seed))
        assert state.phase is Phase.GAME_OVER
        assert any(isinstance(e, ev.GameWon) for e in events)
        # A sled crosses both zones before reaching Nome (T3).
        winner = state.winner
        assert winner is not None and state.players[winner].board == 2
        rounds.append(state.round)
    assert all(8 <= r <= 45 for r in rounds), rounds


def test_sensible_bot_bids_modestly_and_rests_when_tired() -> None:
    game = Game.bidding(2, [W, C])
    bot = SensibleBot()
    rng = random.Random(4)
    for _ in range(30):
        command = bot(game.state, 0, rng)
        assert isinstance(command, c.LockBid) and command.amount <= 20 // 5
        assert is_legal(game.state, command)
    game.to_weather()
    game.weather(1)
    game.state = game.state.with_player(0, covered=6)
    for _ in range(20):
        assert isinstance(bot(game.state, 0, rng), c.Rest)
    assert bot(game.state, 1, rng) is None  # not its turn: it waits
