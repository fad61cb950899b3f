"""Journal damage figures: what the start-up check costs, and how long a salvage takes.

Every start now replays the game in progress through the replay check before the table
is shown, and a damaged journal is salvaged page by page; both are on the path from power
on to a playable table, so both are measured on a real file of a whole bot game (and of
twenty games, the size of a journal after a season of evenings).
"""

from __future__ import annotations

import random
import statistics
import tempfile
import time
from pathlib import Path

from companion.games.mush import SeededDice, Settings
from companion.games.mush.bots import POLICIES, play_game
from companion.games.mush.events import Event
from companion.store import Journal

PAGE = 4096


def _batches(seed: int) -> tuple[Settings, list[list[Event]]]:
    settings = Settings.make([f"P{i}" for i in range(4)])
    steps: list[list[Event]] = []
    _, events = play_game(settings, [POLICIES["sensible"]] * 4, SeededDice(seed),
                          random.Random(seed), on_step=lambda s, c, e: steps.append(list(e)))
    stepped = sum(len(s) for s in steps)
    return settings, [events[: len(events) - stepped], *steps]


def _write(path: Path, games: int) -> int:
    journal = Journal(path)
    rows = 0
    for seed in range(games):
        settings, batches = _batches(seed)
        game_id = journal.new_game(settings)
        last = batches if seed < games - 1 else batches[:-3]  # the newest is in progress
        for batch in last:
            journal.append(game_id, batch)
            rows += sum(1 for e in batch if not type(e).private)
    journal.close()
    return rows


def _timed(action: object, repeat: int = 5) -> float:
    times = []
    for _ in range(repeat):
        started = time.perf_counter()
        action()  # type: ignore[operator]
        times.append(time.perf_counter() - started)
    return statistics.median(times)


def run() -> None:
    """Print open (with the check) and salvage times for one and twenty games."""
    with tempfile.TemporaryDirectory(dir="/var/tmp") as tmp:
        for games in (1, 20):
            path = Path(tmp) / f"journal-{games}.sqlite3"
            rows = _write(path, games)
            pristine = path.read_bytes()

            def open_healthy(p: Path = path) -> None:
                Journal(p).close()

            opened = _timed(open_healthy)
            print(f"open + check of the game in progress, {games:>2} game(s), {rows} events: "
                  f"{opened * 1000:7.1f} ms")

            def salvage(p: Path = path, data: bytes = pristine) -> None:
                for old in p.parent.glob(p.name + ".damaged-*"):
                    old.unlink()
                p.write_bytes(data[: len(data) - 3 * PAGE])  # the tail is cut off
                with Journal(p) as journal:
                    assert journal.recovery is not None

            took = _timed(salvage, repeat=3)
            print(f"salvage of a file cut short,     {games:>2} game(s), {rows} events: "
                  f"{took * 1000:7.1f} ms")
