"""The table's pace at a real window: the companion in a window under Xvfb, its keyboard
pads pressed by xdotool (each key held 80 ms), four players who behave as the bench's
patient table (`benchmarks.pace_model`), for four rounds; it prints the seconds the table
waited a round, and the bench's figure for the same game to compare (`make pace-window`).

Everything a player would see is the real screen: the screen counts as changed when the
window's pixels change (each frame the main loop draws anew and flips to the X server),
a player reads for `READ_S` after the pixels stopped changing before pressing, and the
table waits while no player reads, presses or moves a sled. What a player wants to press
comes from the bots (as in the bench): the game in the window is the companion's own main
loop, in this process, taking the keys X delivers to its window.

Skipped, saying so, where Xvfb or xdotool is missing (`apt install xvfb xdotool`).
"""

from __future__ import annotations

import os
import queue
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter, defaultdict, deque
from pathlib import Path

from benchmarks.pace_model import MODEL, READ_S, PaceModel, Sleds
from companion.pads.config import default_keys
from companion.pads.events import Button, Kind, PadEvent

SIZE = (1920, 1080)
ROUNDS = 4
PLAYERS = 4
STILL_S = 0.25  # pixels unchanged this long: the screen has stopped changing
KEY_HOLD_S = 0.08
SEED = 1


class Flips:
    """When the window's pixels last changed: each frame the loop drew anew and flipped
    to the X server (a frame equal to the one shown draws nothing)."""

    def __init__(self) -> None:
        self.changed_at = time.monotonic()
        self.flips = 0
        self._times: deque[float] = deque(maxlen=4096)

    def __call__(self, frame: object, redrawn: bool) -> None:
        if redrawn:
            self.changed_at = time.monotonic()
            self._times.append(self.changed_at)
            self.flips += 1

    def changing(self, when: float, still: float) -> bool:
        """Whether the pixels were changing at `when`: changed within `still` before it
        and again within `still` after it (a run of frames, not one new picture)."""
        before = any(when - still <= t <= when for t in self._times)
        after = any(when < t <= when + still for t in self._times)
        return before and after


class Keys:
    """Presses the seats' keys through the X server, as fingers do: down, held, up."""

    def __init__(self, display: str) -> None:
        self._env = {**os.environ, "DISPLAY": display}
        self._keys = {(k.seat, b): key for k in default_keys()
                      for b, key in ((Button.LEFT, k.left), (Button.SELECT, k.select),
                                     (Button.RIGHT, k.right))}
        self.busy_until: dict[int, float] = defaultdict(float)

    def press(self, events: list[PadEvent]) -> None:
        """One bot press (a click, or a hold of about 2 s) on its seat's keys."""
        seat, button = events[0].seat, events[0].button
        held = any(e.kind is Kind.HOLD for e in events)
        key = self._keys[(seat, button)]
        hold = 2.2 if held else KEY_HOLD_S
        self.busy_until[seat] = time.monotonic() + hold + 0.3
        subprocess.Popen(["xdotool", "keydown", key, "sleep", f"{hold}", "keyup", key],
                         env=self._env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def _window_run(display: str, folder: Path) -> tuple[list[float], Counter[str]]:
    """The companion in a window on `display`, pressed by xdotool: the seconds waited in
    each of the first `ROUNDS` rounds, and by what the table waited for."""
    os.environ["DISPLAY"] = display
    os.environ.pop("SDL_VIDEODRIVER", None)
    os.environ["SDL_AUDIODRIVER"] = "dummy"
    from companion.app.loop import Companion
    from companion.app.parts import Hooks
    from companion.config.file import parse_config
    from companion.display import Display
    from companion.games.mush.model import Phase
    from companion.games.mush.table.bots import BotDriver
    from companion.pads import make_source
    from companion.store import Journal

    config = parse_config({
        "store": {"path": str(folder / "journal.sqlite3")},
        "display": {"fullscreen": False, "size": list(SIZE)},
        "game": {"players": ["Ann", "Bo", "Cleo", "Dan"]},
        "web": {"enabled": False}, "pads": {"source": "keyboard"}})
    events: queue.Queue[PadEvent] = queue.Queue()
    pads = make_source(config.pads, events)
    pads.start()
    window = Display(size=SIZE, fullscreen=False, language="en")
    from companion.games.mush.dice import SeededDice

    watch = Flips()
    companion = Companion(config, Journal(config.store.path), dice=SeededDice(SEED),
                          display=window, pads=pads, events=events,
                          hooks=Hooks(on_frame=watch))
    keys = Keys(display)
    model = PaceModel(patient=True)
    sleds = Sleds(companion.controller)
    clock = time.monotonic

    def gate(seat: int) -> bool:
        return model.may_press(seat, clock()) and clock() >= keys.busy_until[seat] \
            and not sleds.waits(seat)

    from benchmarks.bench_pace import NeverReacts
    from benchmarks.bench_pace import _cause as cause
    from benchmarks.bench_pace import _moving as landing

    driver = BotDriver(companion.controller, dict.fromkeys(range(PLAYERS), NeverReacts(SEED)),
                       random.Random(SEED), setup_seat=0, gate=gate)
    waited: dict[int, float] = defaultdict(float)
    where: Counter[str] = Counter()
    # each moment is judged STILL_S later, when it is known whether the pixels went on
    # changing around it (a die tumbling, a bar running) or changed once (a new menu,
    # which a player reads at once): (when, how long, its round, what was on screen,
    # whether a player wanted to press then)
    pending: deque[tuple[float, float, int, str, bool]] = deque()
    known, seen_change, last = 0, -1.0, clock()
    try:
        while True:
            companion.step(wait=0.01)
            now = clock()
            controller = companion.controller
            state = controller.state
            if controller.in_setup or state.phase is Phase.TRAINING:
                measuring = False
            else:
                measuring = True
                if state.round > ROUNDS or state.phase is Phase.GAME_OVER:
                    break
            if watch.changed_at != seen_change:
                seen_change = watch.changed_at
                model.seen(seen_change, range(PLAYERS))
            frame = controller.frame()
            history = controller.history
            sleds.saw(history[known:])
            known = len(history)
            sleds.start(model, now, landing(frame))  # (the sled once the roll is seen still)
            batch = driver.presses()
            if batch:
                keys.press(batch)
            held = {m.seat for m in frame.menus if m.waiting}
            wanting = any(driver.wants(s) and s not in held and not sleds.waits(s)
                          for s in range(PLAYERS))
            pressing = any(now < keys.busy_until[s] - 0.3 for s in range(PLAYERS))
            if measuring and not batch and not pressing and not model.sled_moving(now):
                pending.append((now, now - last, state.round, cause(frame), wanting))
            while pending and pending[0][0] <= now - STILL_S:
                when, span, number, what, reads = pending.popleft()
                # a player who wants to press reads, unless the screen was still moving
                if not reads or watch.changing(when, STILL_S):
                    waited[number] += span
                    where[what] += span
            last = now
            if now - watch.changed_at > 120:
                raise RuntimeError("the window showed no change for two minutes")
    finally:
        companion.close()
        pads.close()
    return [waited[r] for r in range(1, ROUNDS + 1)], where


def main() -> int:
    """Run the check; 0 when it ran (or was skipped), 1 when it could not."""
    missing = [tool for tool in ("Xvfb", "xdotool") if shutil.which(tool) is None]
    if missing:
        print(f"window pace: skipped ({', '.join(missing)} missing: apt install xvfb xdotool)")
        return 0
    display = f":{90 + os.getpid() % 9}"
    server = subprocess.Popen(["Xvfb", display, "-screen", "0", f"{SIZE[0]}x{SIZE[1]}x24",
                               "-nolisten", "tcp"], stdout=subprocess.DEVNULL,
                              stderr=subprocess.DEVNULL)
    try:
        time.sleep(1.0)
        with tempfile.TemporaryDirectory() as folder:
            started = time.monotonic()
            rounds, where = _window_run(display, Path(folder))
            took = time.monotonic() - started
    finally:
        server.terminate()
        server.wait(5)
    from benchmarks.bench_pace import play

    bench = play(PLAYERS, SEED, "patient")
    first = bench.waited[:ROUNDS]
    print(f"   {MODEL}")
    print(f"window pace: {PLAYERS} players, a real window {SIZE[0]}x{SIZE[1]} under Xvfb, "
          f"keys pressed by xdotool; {ROUNDS} rounds in {took:.0f} s")
    print("   waited a round at the window: " + ", ".join(f"{w:.1f}" for w in rounds) +
          f" s (mean {statistics.mean(rounds):.1f} s)")
    print("   where it went, a round: " + ", ".join(
        f"{what} {seconds / ROUNDS:.1f} s" for what, seconds in where.most_common(6)))
    print("   the bench, same seed, same rounds: " + ", ".join(f"{w:.1f}" for w in first) +
          f" s (mean {statistics.mean(first):.1f} s)")
    gap = abs(statistics.mean(rounds) - statistics.mean(first))
    print(f"   difference {gap:.1f} s (goal <= 3: {'ok' if gap <= 3 else 'MISSED'}); "
          f"reading {READ_S:g} s after the pixels stopped changing for {STILL_S:g} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
