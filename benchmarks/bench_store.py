"""Journal figures: commit and checkpoint time on a real file with synchronous=FULL, and
resume time.

The commit is on the path of every button press (the screen waits for it), and the
replay is what the table waits for after a power cut, so both are measured on a file
on disk, not in memory. Set BENCH_STORE_DIR to measure on another disk (the Pi's card);
the default is /var/tmp, which is on disk where /tmp may be in memory.

The long game: sensible bots with one change, they do not cross into the next zone or
reach Nome before round 60 (their sleds are "held back"), so the game runs past 60
rounds with the ordinary mix of bids, rests, rolls and reaction windows.
"""

from __future__ import annotations

import os
import random
import statistics
import tempfile
import time
from pathlib import Path

from companion.games.mush import SeededDice, Settings, replay
from companion.games.mush import commands as cmd
from companion.games.mush.bots import Policy, play_game, sensible_policy
from companion.games.mush.events import Event
from companion.games.mush.state import GameState
from companion.store import Journal

LONG_ROUNDS = 60
_ADVANCE = (cmd.CrossZone, cmd.ReachNome, cmd.ReachNikolai)


def held_back(rounds: int) -> Policy:
    """The sensible bot, whose sled stays in its zone until `rounds` have been played."""

    def policy(state: GameState, seat: int, rng: random.Random) -> cmd.Command | None:
        command = sensible_policy(state, seat, rng)
        if isinstance(command, _ADVANCE) and state.round < rounds:
            return cmd.EndMove(seat)
        return command

    return policy


def _percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def long_game(seed: int = 7) -> tuple[Settings, list[list[Event]], GameState]:
    """A game of at least LONG_ROUNDS rounds, as one list of events per command."""
    settings = Settings.make(["Ann", "Bea", "Cid", "Dan", "Eve"])
    batches: list[list[Event]] = []

    def on_step(state: GameState, command: cmd.Command, events: list[Event]) -> None:
        batches.append(events)

    final, journal = play_game(settings, [held_back(LONG_ROUNDS)] * settings.players,
                               SeededDice(seed), random.Random(seed), on_step=on_step)
    start = journal[: len(journal) - sum(len(b) for b in batches)]
    return settings, [start, *batches], final


def run() -> None:
    """Print commit time per command and per event, checkpoint time (p50, p99) and
    replay time."""
    base = Path(os.environ.get("BENCH_STORE_DIR") or
                ("/var/tmp" if Path("/var/tmp").is_dir() else tempfile.gettempdir()))
    settings, batches, final = long_game()
    public = [[e for e in b if not type(e).private] for b in batches]
    events = sum(len(b) for b in public)
    with tempfile.TemporaryDirectory(dir=base) as tmp:
        path = Path(tmp) / "journal.sqlite3"
        journal = Journal(path)
        game_id = journal.new_game(settings)
        per_commit: list[float] = []
        per_event: list[float] = []
        checkpoints: list[float] = []
        on_loop: list[float] = []
        for batch, kept in zip(batches, public, strict=True):
            started = time.perf_counter()
            journal.append(game_id, batch)
            elapsed = time.perf_counter() - started
            if kept:
                per_commit.append(elapsed)
                per_event.append(elapsed / len(kept))
            # as the loop does after each frame: a checkpoint when a turn or round ended,
            # asked for on the loop (what a press may wait for) and run beside it
            started = time.perf_counter()
            if journal.rest():
                asked = time.perf_counter()
                journal.settle()
                checkpoints.append(time.perf_counter() - asked)
                on_loop.append(asked - started)
        journal.close()
        size = path.stat().st_size

        loads, replays = [], []
        for _ in range(5):
            started = time.perf_counter()
            with Journal(path) as reopened:
                stored = reopened.load(game_id)
                opened = time.perf_counter()
                state = replay(stored)
            done = time.perf_counter()
            loads.append(opened - started)
            replays.append(done - opened)
            assert state == final, "the replayed game differs from the one played"

    ms = 1000.0
    print(f"   file: {base} (synchronous=FULL, WAL), {size / 1024:.0f} KiB")
    print(f"   game: {final.round} rounds, {len(per_commit)} commits, {events} events "
          f"(bots held back until round {LONG_ROUNDS})")
    print(f"   commit per command: p50 {_percentile(per_commit, 0.5) * ms:.2f} ms, "
          f"p99 {_percentile(per_commit, 0.99) * ms:.2f} ms")
    print(f"   commit per event:   p50 {_percentile(per_event, 0.5) * ms:.2f} ms, "
          f"p99 {_percentile(per_event, 0.99) * ms:.2f} ms")
    print(f"   checkpoint at a turn's or round's end ({len(checkpoints)} of them): on the "
          f"loop p50 {_percentile(on_loop, 0.5) * ms:.2f} ms, "
          f"p99 {_percentile(on_loop, 0.99) * ms:.2f} ms (a frame: 33 ms); beside it "
          f"p50 {_percentile(checkpoints, 0.5) * ms:.2f} ms, "
          f"p99 {_percentile(checkpoints, 0.99) * ms:.2f} ms")
    print(f"   resume: open + check + load {statistics.median(loads) * ms:.0f} ms, "
          f"replay {statistics.median(replays) * ms:.0f} ms (median of 5)")


if __name__ == "__main__":
    run()
