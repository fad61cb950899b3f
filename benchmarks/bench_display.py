"""Display figures: full redraw time at 1920×1080 and 800×480, and idle CPU.

Idle CPU is measured over 10 s with the window open and nothing happening, for the
display's own loop (`Display.wait` sleeping between polls, `draw` skipping unchanged
frames) and, in the same run, for a plain 60 fps pygame loop, so the two figures come
from the same machine at the same moment. The goal is under 2% of one core.
"""

from __future__ import annotations

import os
import random
import statistics
import time
from dataclasses import replace

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame

from companion.display import Display
from companion.rules import GameState, SeededDice, Settings, legal
from companion.rules.bots import play_game, sensible_policy
from companion.rules.commands import Command
from companion.rules.events import Event
from companion.rules.model import Phase
from companion.table.frame import Menu, MenuItem, TableFrame, chart_faces
from companion.table.stats import game_stats
from companion.table.view import stats_view, table_view

IDLE_SECONDS = 10.0
REDRAWS = 60


def _frames() -> list[TableFrame]:
    """Frames of a 6-player bot game: a turn with its menu, dog dice, the weather, game over."""
    wanted = {Phase.TURN: "turn", Phase.REROLL: "turn", Phase.WEATHER: "weather",
              Phase.BIDDING: "bidding", Phase.MOVING: "turn"}
    states: dict[Phase, GameState] = {}

    def keep(state: GameState, command: Command, events: list[Event]) -> None:
        if state.phase in wanted and state.phase not in states:
            states[state.phase] = state

    settings = Settings.make(("Ann", "Bartholomew", "Cat", "Dmitri", "Eve", "Françoise"))
    final, journal = play_game(settings, [sensible_policy] * 6, SeededDice(5),
                               random.Random(5), on_step=keep)
    frames = []
    for phase, state in states.items():
        menus = []
        for seat in state.seats:
            items = tuple(MenuItem(type(c).__name__, f"{c.cost} chips", True, c)
                          for o in legal(state, seat) for c in o.commands())
            if items and phase is not Phase.BIDDING:
                menus.append(Menu(seat, "", items[:12]))
        frames.append(TableFrame(wanted[phase], table_view(state), menus=tuple(menus[:2]),
                                 charts=chart_faces(settings.charts)))
    frames.append(TableFrame("game_over", table_view(final),
                             stats=stats_view(game_stats(journal))))
    return frames


def _redraw_times(size: tuple[int, int], frames: list[TableFrame]) -> list[float]:
    display = Display(size=size)
    times = []
    try:
        for i in range(REDRAWS):
            frame = replace(frames[i % len(frames)], serial=i + 1)
            started = time.perf_counter()
            drew = display.draw(frame)
            times.append(time.perf_counter() - started)
            assert drew
    finally:
        display.close()
    return times


def _percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def _idle_display(frame: TableFrame) -> tuple[float, int]:
    """CPU share of the display's idle loop, and how many redraws it made (should be 1)."""
    display = Display(size=(1920, 1080))
    try:
        display.draw(frame)
        redraws = display.redraws
        cpu0, wall0 = time.process_time(), time.monotonic()
        while time.monotonic() - wall0 < IDLE_SECONDS:
            display.wait()
            display.draw(frame)
        cpu = time.process_time() - cpu0
        return cpu / (time.monotonic() - wall0), display.redraws - redraws
    finally:
        display.close()


def _idle_plain_60fps() -> float:
    """CPU share of the loop most pygame programs run: clear, flip, tick(60)."""
    pygame.display.init()
    surface = pygame.display.set_mode((1920, 1080))
    clock = pygame.time.Clock()
    try:
        cpu0, wall0 = time.process_time(), time.monotonic()
        while time.monotonic() - wall0 < IDLE_SECONDS:
            pygame.event.get()
            surface.fill((22, 26, 34))
            pygame.display.flip()
            clock.tick(60)
        return (time.process_time() - cpu0) / (time.monotonic() - wall0)
    finally:
        pygame.display.quit()


def run() -> None:
    """Print the redraw and idle figures."""
    frames = _frames()
    print(f"display driver: {os.environ.get('SDL_VIDEODRIVER', '(default)')}")
    for size in ((1920, 1080), (800, 480)):
        times = _redraw_times(size, frames)
        print(f"full redraw {size[0]}x{size[1]}: p50 {statistics.median(times) * 1000:.1f} ms,"
              f" p99 {_percentile(times, 0.99) * 1000:.1f} ms ({len(times)} redraws)")
    idle, redraws = _idle_display(frames[0])
    plain = _idle_plain_60fps()
    print(f"idle CPU over {IDLE_SECONDS:.0f} s, display loop: {idle * 100:.2f}% of one core"
          f" ({redraws} redraws; goal < 2%)")
    print(f"idle CPU over {IDLE_SECONDS:.0f} s, plain 60 fps loop: {plain * 100:.2f}% of one core")


if __name__ == "__main__":
    run()
