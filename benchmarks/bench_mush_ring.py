"""Mush-Ring: the shared screen's frame time in a dealt game at 1920x1080.

A seeded 4-player dealt game played through the real table by the virtual pads, each
frame after a press drawn by the window's display (dummy driver) as the table draws it:
only the regions that changed (a card played redraws its ring's row, the piles and the
news; a turn passed the two rows it concerns and the header). Printed: p50 and p99 of a
frame after a play (a command applied) and after a press that changed no game, and the
share of the screen each drew. The goal: p99 after a play at most `GOAL_MS` here, within
one 60 Hz frame on a Pi 4; the verdict is given on the wall time and on the process's CPU
time (on a shared machine the wall time carries the other programs' load).
"""

from __future__ import annotations

import os
import random
import time

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from benchmarks.figures import Sample, print_frames, simple_frame_times
from companion.core.dice import SeededDice
from companion.games.mush_ring.bots import player
from companion.games.mush_ring.box import RingTable
from companion.table.simple import SimpleBots

GOAL_MS = 3.5
SIZE = (1920, 1080)


def frame_times(seed: int = 5, players: int = 4) -> dict[str, list[Sample]]:
    """(seconds on the wall, seconds of this process's CPU, share of the screen drawn) of
    every redraw of a seeded game through the table, by what the press did."""
    now = [0.0]
    table = RingTable(dice=SeededDice(seed), clock=lambda: now[0])
    table._players = players  # setup's count, as its menu would set it
    bots = SimpleBots(table, dict.fromkeys(range(players), player), random.Random(seed))
    return simple_frame_times(
        table, bots, SIZE, ("a play", "a press (no play)"),
        lambda before, after: "a press (no play)" if after is before else "a play", now)


def run() -> None:
    started = time.perf_counter()
    seen = frame_times()
    print(f"   frames of a seeded 4-player dealt game at {SIZE[0]}x{SIZE[1]} through the "
          f"table ({time.perf_counter() - started:.1f} s; load "
          + ", ".join(f"{x:.2f}" for x in os.getloadavg()) + "):")
    print_frames(seen, GOAL_MS, "a play")


if __name__ == "__main__":
    run()
