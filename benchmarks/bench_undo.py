"""Undo is a replay of the kept events from the game's start: how long that takes late in
a long game (the worst case at the table), for 2, 4 and 6 players.

An undo answers a held ● button, so it must stay far below what a player notices
(~100 ms on a Pi); these figures say how far.
"""

from __future__ import annotations

import random
import time

from companion.games.mush import start_game
from companion.games.mush.bots import SensibleBot, choose_action
from companion.games.mush.dice import SeededDice
from companion.games.mush.engine import apply
from companion.games.mush.events import Event
from companion.games.mush.evolve import replay
from companion.games.mush.model import Phase
from companion.games.mush.settings import Settings


def _whole_game(players: int, seed: int) -> list[Event]:
    """The public events of one bot game, to its end."""
    rng = random.Random(seed)
    dice = SeededDice(seed)
    state, events = start_game(Settings.make([f"P{i}" for i in range(players)]), dice)
    kept = [e for e in events if not e.private]
    policies = [SensibleBot()] * players
    while state.phase is not Phase.GAME_OVER:
        command = choose_action(state, policies, rng, table_closes=0)
        assert command is not None
        state, new = apply(state, command, dice)
        kept.extend(e for e in new if not e.private)
    return kept


def run() -> None:
    """Print the time of one undo's replay at the end of a game, median and worst."""
    for players in (2, 4, 6):
        times: list[float] = []
        lengths: list[int] = []
        for seed in range(10):
            events = _whole_game(players, seed)
            lengths.append(len(events))
            for _ in range(5):
                started = time.perf_counter()
                replay(events[:-1])
                times.append(time.perf_counter() - started)
        times.sort()
        print(f"undo replay, {players} players: {max(lengths)} events at most, "
              f"median {1000 * times[len(times) // 2]:.2f} ms, "
              f"worst {1000 * times[-1]:.2f} ms", flush=True)
