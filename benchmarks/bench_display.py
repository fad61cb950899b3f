"""Display figures: full redraw time at 1920×1080 and 800×480, what each kind of redraw
costs in a game, and idle CPU.

In a game the window redraws only the regions that changed: a seeded 4-player game is
played through the loop (bots on virtual pads, a 1920x1080 window) and every redraw is
timed and sorted by what changed since the frame before: a countdown's tick, a step of a
roll landing, a menu (a press that changed no game), or the game (a command applied:
cards, menus and the screen's content), and the whole screen (another screen).

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
from companion.games.mush import GameState, SeededDice, Settings, legal
from companion.games.mush.bots import play_game, sensible_policy
from companion.games.mush.commands import Command
from companion.games.mush.events import Event
from companion.games.mush.model import Phase
from companion.games.mush.table.frame import TableFrame, chart_faces
from companion.games.mush.table.stats import game_stats
from companion.games.mush.table.view import stats_view, table_view
from companion.table.frame import Menu, MenuItem

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
    """CPU share of the display's idle loop, and how many redraws it made (should be 0)."""
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


def _cause(before: TableFrame, after: TableFrame) -> str:
    """What changed from one frame to the next, as the redraw figures sort it."""
    if before.screen != after.screen:
        return "another screen (whole)"
    if before.view != after.view:
        return "the game (a command applied)"
    if replace(before, countdown=after.countdown, serial=0) == replace(after, serial=0):
        return "countdown tick"
    if replace(before, animation_progress=after.animation_progress, serial=0) == \
            replace(after, serial=0):
        return "roll landing (a step)"
    return "menus, notices (no game change)"


def _redraws_in_a_game(size: tuple[int, int]) -> dict[str, list[tuple[float, float]]]:
    """(seconds, share of the screen drawn) of every redraw of a seeded game, by cause."""
    import tempfile
    from pathlib import Path

    from companion.app.loop import Companion
    from companion.app.runner import MUSHERS, SteppedClock
    from companion.config.file import Config
    from companion.games.mush.bots import SensibleBot
    from companion.games.mush.table.bots import BotDriver
    from companion.store import Journal

    players = 4
    config = Config(players=MUSHERS[:players])
    display = Display(size=size)
    drawn = display.draw
    out: dict[str, list[tuple[float, float]]] = {}
    shown: list[TableFrame] = []

    moving: dict[str, TableFrame] = {}  # the first frame with a countdown, with dice

    def timed(frame: TableFrame) -> bool:
        started = time.perf_counter()
        redrawn = drawn(frame)
        spent = time.perf_counter() - started
        if redrawn and shown:
            out.setdefault(_cause(shown[0], frame), []).append(
                (spent, display.last_area / (size[0] * size[1])))
        if redrawn:
            shown[:] = [frame]
        if frame.countdown is not None and frame.countdown.remaining > 0:
            moving.setdefault("countdown", frame)
        if frame.animation in ("dice", "die") and frame.animation_progress == 0:
            moving.setdefault("dice", frame)
        return redrawn

    display.draw = timed  # type: ignore[method-assign]
    clock = SteppedClock(0.1)
    with tempfile.TemporaryDirectory() as tmp:
        companion = Companion(config, Journal(Path(tmp) / "journal.sqlite3"),
                              dice=SeededDice(5), clock=clock, display=display)
        driver = BotDriver(companion.controller, dict.fromkeys(range(players), SensibleBot()),
                           random.Random(5), setup_seat=0)
        try:
            companion.draw()
            while companion.controller.state.phase is not Phase.GAME_OVER:
                if companion.events.empty():
                    for pad_event in driver.presses():
                        companion.events.put(pad_event)
                companion.step(wait=0)
                clock.tick()
            # the game's bots leave a countdown or a roll little time to run: one of each
            # as the table sees it, a countdown's 30 ticks and a roll's 50 steps
            display.draw = drawn  # type: ignore[method-assign]
            for kind, frame in moving.items():
                timed(replace(frame, serial=-1))
                for step in range(1, 31 if kind == "countdown" else 51):
                    if kind == "countdown":
                        assert frame.countdown is not None
                        countdown = replace(frame.countdown, remaining=round(
                            max(0.0, frame.countdown.total - step / 10), 1))
                        following = replace(frame, countdown=countdown, serial=-1 - step)
                    else:
                        following = replace(frame, animation_progress=step / 50,
                                            serial=-1 - step)
                    timed(following)
        finally:
            companion.close()
    return out


def run() -> None:
    """Print the redraw and idle figures."""
    frames = _frames()
    print(f"display driver: {os.environ.get('SDL_VIDEODRIVER', '(default)')}; load average "
          + ", ".join(f"{x:.2f}" for x in os.getloadavg()))
    for size in ((1920, 1080), (800, 480)):
        times = _redraw_times(size, frames)
        print(f"full redraw {size[0]}x{size[1]}: p50 {statistics.median(times) * 1000:.1f} ms,"
              f" p99 {_percentile(times, 0.99) * 1000:.1f} ms ({len(times)} redraws)")
    print("redraws in a seeded 4-player game at 1920x1080, by what changed:")
    for cause, seen in sorted(_redraws_in_a_game((1920, 1080)).items()):
        ms = [s * 1000 for s, _ in seen]
        print(f"   {cause}: p50 {statistics.median(ms):.2f} ms, p99 "
              f"{_percentile(ms, 0.99):.2f} ms, {100 * statistics.mean(a for _, a in seen):.0f}"
              f"% of the screen drawn ({len(ms)} redraws)")
    idle, redraws = _idle_display(frames[0])
    plain = _idle_plain_60fps()
    print(f"idle CPU over {IDLE_SECONDS:.0f} s, display loop: {idle * 100:.2f}% of one core"
          f" ({redraws} redraws; goal < 2%)")
    print(f"idle CPU over {IDLE_SECONDS:.0f} s, plain 60 fps loop: {plain * 100:.2f}% of one core")


if __name__ == "__main__":
    run()
