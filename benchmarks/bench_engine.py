"""Engine figures: whole random-bot games per second, and the slowest single `apply`.

A 6-player game must cost well under 50 ms of engine time in all, so the engine never
shows in the table's latency; these figures say how far under.
"""

from __future__ import annotations

import random
import time

from companion.games.mush import apply, legal_commands, start_game
from companion.games.mush.bots import POLICIES, SensibleBot, choose_action
from companion.games.mush.commands import Command
from companion.games.mush.dice import SeededDice
from companion.games.mush.model import Phase
from companion.games.mush.settings import Settings
from companion.games.mush.state import GameState


def _timed_game(players: int, seed: int, policy: str,
                applies: list[float]) -> tuple[float, float, int, int]:
    """Engine time of one game (apply only), its slowest apply, steps, rounds; every
    apply's time is added to `applies`."""
    rng = random.Random(seed)
    dice = SeededDice(seed)
    settings = Settings.make([f"P{i}" for i in range(players)])
    state: GameState
    state, _ = start_game(settings, dice)
    policies = [SensibleBot() if policy == "sensible" else POLICIES[policy]] * players
    engine = 0.0
    slowest = 0.0
    steps = 0
    while state.phase is not Phase.GAME_OVER:
        command: Command | None = choose_action(state, policies, rng,
                                                table_closes=0.1 if policy == "random" else 0)
        assert command is not None
        started = time.perf_counter()
        state, _ = apply(state, command, dice)
        spent = time.perf_counter() - started
        engine += spent
        applies.append(spent)
        slowest = max(slowest, spent)
        steps += 1
    return engine, slowest, steps, state.round


def run() -> None:
    """Print games per second for 2, 4 and 6 players and the slowest single apply."""
    for policy in ("random", "sensible"):
        for players in (2, 4, 6):
            games = 40
            wall = time.perf_counter()
            applies: list[float] = []
            results = [_timed_game(players, seed, policy, applies) for seed in range(games)]
            wall = time.perf_counter() - wall
            engine = [r[0] for r in results]
            per_game_ms = 1000 * sum(engine) / games
            worst_ms = 1000 * max(engine)
            slowest_apply_us = 1e6 * max(r[1] for r in results)
            applies.sort()
            p99_us = 1e6 * applies[int(0.99 * (len(applies) - 1))]
            steps = sum(r[2] for r in results) / games
            rounds = sum(r[3] for r in results) / games
            print(f"{policy:8s} {players} players: {games / wall:7.1f} games/s (bots included); "
                  f"engine {per_game_ms:6.2f} ms/game (worst {worst_ms:6.2f} ms, goal < 50 ms "
                  f"for 6 players); apply p99 {p99_us:5.1f} µs, "
                  f"slowest {slowest_apply_us:7.1f} µs; "
                  f"{steps:6.0f} commands, {rounds:4.1f} rounds per game")
    state, _ = start_game(Settings.make(["a", "b", "c", "d", "e", "f"]), SeededDice(1))
    started = time.perf_counter()
    for _ in range(2000):
        legal_commands(state, state.training_next or 0)
    print(f"legal() during training: {1e6 * (time.perf_counter() - started) / 2000:.1f} µs")


if __name__ == "__main__":
    run()
