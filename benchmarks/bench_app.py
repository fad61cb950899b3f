"""The whole program: press-to-frame latency, start-up to the first frame, memory in a game.

The part benchmarks time one piece each; these figures are what a player at the table
notices, so each one goes through the real parts together: gpiozero (on its MockFactory)
and our debouncer, the queue, the controller, the journal commit on disk, the voice
worker and the real `Display` (on whatever SDL video driver the environment selects;
`make bench` uses dummy, the Pi uses kmsdrm).

- Press to frame: a pad line is driven low then high from another thread while the main
  loop runs as at the table; a press acts on its release, so the time runs from the
  release edge to the end of the first redraw whose menu changed. The seat pressed is
  the one choosing its training: each press moves the focus of its list (◀ ▶), a change
  of the screen that changes nothing in the game. With it, the
  share of the screen that redraw drew and flipped (the display redraws only the regions
  that changed): at most 20 % for a menu press. The goal is one 60 Hz frame on a
  Raspberry Pi Zero 2 W, which runs this Python about 8-10 times slower: p99 2.0 ms at
  1920x1080 here over 500 presses. The same presses are then made by a program run by
  `taskset -c 0` with `nice -n 10` spinning on that core beside it: what a busy Pi
  feels (its figure printed beside, with the same goal). The machine's load average is
  printed with the figures: measure on a quiet machine. Beside each, the main loop's
  own CPU time per press (from taking the release off the queue to the end of its
  redraw): the work a press costs; and the press less the time the main loop was
  runnable but waiting for a core (the kernel's schedstat for its thread), with those
  waits: under load the wall-clock p99 is mostly such waits, which these show apart.
- Start-up: `mush-companion run --pads mock` on a 1920×1080 screen, resuming a game in
  progress (a restart after a power cut, the case the table waits for), from before the
  interpreter starts to the end of the first frame.
- Memory: the peak resident size of `mush-companion demo` playing a whole game with voice
  and a 1920×1080 screen.
Journal commit and replay times are the store benchmark's (`bench_store.py`).
"""

from __future__ import annotations

import contextlib
import dataclasses
import json
import os
import queue
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import textwrap
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from companion.app.loop import Companion
from companion.app.parts import Hooks
from companion.app.runner import MUSHERS, SteppedClock
from companion.config.file import Config
from companion.games.mush.bots import SensibleBot
from companion.games.mush.dice import SeededDice
from companion.games.mush.model import Phase
from companion.games.mush.phases import ActKind, act_of
from companion.games.mush.state import GameState
from companion.games.mush.table.bots import BotDriver
from companion.pads import PadsConfig, make_source
from companion.pads.events import Button, PadEvent
from companion.store import Journal

PRESS_GOAL_MS = 2.0
"""p99 press to frame at 1920x1080 on this machine when quiet (one 60 Hz frame on a Pi
Zero 2 W, 8-10 times slower)."""
AREA_GOAL = 0.20
"""The share of the screen a menu press may redraw (its menu and the seat card it
touches)."""
LOAD_NICE = 10
"""The niceness of the process spinning beside the pinned run (what `nice` gives)."""
START_GOAL_S = 0.8
MEMORY_GOAL_MB = 80.0
PRESSES = 500
SMALL_PRESSES = 200
"""Presses at 800x480, which has no goal of its own."""
WARM_UP = 2
"""Presses made first and reported apart: the first press of each kind draws its menu's
words and block for the first time (fonts rendered, texts planned); the figures are for
the presses that follow, as at a table that has been playing for a while."""
GUARD_S = 0.27
"""A little more than the table's guard: a press sooner after its menu changed is dropped."""
SIZES = ((1920, 1080), (800, 480))
START_RUNS = 5
SEED = 7


def _percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def waited(tid: int) -> float:
    """Seconds this process's thread `tid` has spent runnable but waiting for a core
    (the second figure of the kernel's schedstat; 0 where there is none). The kernel
    counts a wait when it ends: see `asleep_waited` for a thread that may be waiting."""
    try:
        return int(Path(f"/proc/self/task/{tid}/schedstat").read_text().split()[1]) / 1e9
    except (OSError, IndexError, ValueError):
        return 0.0


def _asleep(tid: int) -> bool:
    try:
        stat = Path(f"/proc/self/task/{tid}/stat").read_text()
    except OSError:
        return False
    return stat[stat.rindex(")") + 2:].startswith(("S", "D"))


def asleep_waited(tid: int) -> float | None:
    """`waited(tid)` when that thread is asleep before and after the reading (so no wait
    of its is under way, uncounted yet); None otherwise."""
    if not _asleep(tid):
        return None
    seconds = waited(tid)
    return seconds if _asleep(tid) else None


def _base_dir() -> Path:
    """On disk, like the store benchmark: the commit's fsync is part of every press."""
    base = os.environ.get("BENCH_STORE_DIR") or ("/var/tmp" if Path("/var/tmp").is_dir()
                                                 else tempfile.gettempdir())
    return Path(base)


def _config() -> Config:
    return Config(players=MUSHERS[:4])


def _menu_seat(state: GameState) -> int | None:
    """A seat whose menu changes with each press and nothing in the game does: the one
    choosing its training, whose ◀ ▶ move the focus of its list (no countdown runs, so
    nothing else moves on screen)."""
    if state.settings is None or act_of(state) is not ActKind.TRAIN:
        return None
    return state.training_next


def prepared_journal(path: Path, trained: int = 2, seed: int = SEED) -> int:
    """Bots play (headless) until `trained` seats chose their training; the journal is
    left with that game in progress. Returns the seat choosing next."""
    clock = SteppedClock(0.25)
    companion = Companion(_config(), Journal(path), dice=SeededDice(seed), clock=clock)
    driver = BotDriver(companion.controller, dict.fromkeys(range(4), SensibleBot()),
                       random.Random(seed), setup_seat=0)
    try:
        while True:
            state = companion.controller.state
            if state.phase is Phase.GAME_OVER:
                raise RuntimeError("the bots finished before reaching the wanted round")
            done = sum(p.training is not None for p in state.players)
            seat = _menu_seat(state) if done >= trained else None
            if seat is not None:
                return seat
            for pad_event in driver.presses():
                companion.events.put(pad_event)
            companion.step(wait=0)
            clock.tick()
    finally:
        companion.close()


# --- press to frame -----------------------------------------------------------------


def press_to_frame(journal_path: Path, seat: int, size: tuple[int, int],
                   presses: int = PRESSES, areas: list[float] | None = None,
                   cpu: list[float] | None = None,
                   waits: list[float] | None = None) -> list[float]:
    """Seconds from each release edge to the end of the redraw that shows its menu change;
    `areas` gets the share of the screen each of those redraws drew, `cpu` the main
    loop's own CPU seconds from taking the release off the queue to the end of that
    redraw (the work a press costs), and `waits` the seconds the main loop was runnable
    but waiting for a core meanwhile (taken by other threads or programs)."""
    import queue

    from gpiozero.pins.mock import MockFactory  # type: ignore[import-untyped]

    from companion.display import Display
    from companion.voice import Announcer

    config = _config()
    factory = MockFactory()
    events: queue.Queue[Any] = queue.Queue()
    pads = make_source(PadsConfig(source="mock"), events, pin_factory=factory)
    display = Display(size=size)
    voice = Announcer(config.voice)
    voice.start()
    redrawn_at: list[tuple[float, str]] = []
    moved = threading.Event()
    focus: list[str | None] = [None]  # what the seat's menu says
    taken = [0.0]  # the main loop's CPU clock when it took the latest pad event
    main_loop = threading.get_native_id()  # `run` below runs in this thread
    before: list[float | None] = [None]  # the main loop's waits up to the latest release

    def on_frame(frame: Any, redrawn: bool) -> None:
        menu = next((m for m in frame.menus if m.seat == seat), None)
        now = time.perf_counter()
        if menu is None or not redrawn:
            return
        shown = f"{menu.title}|{menu.items[0].label if menu.items else ''}|{menu.focus}"
        if focus[0] is not None and shown != focus[0]:
            redrawn_at.append((now, shown))
            if areas is not None:
                areas.append(display.last_area / (size[0] * size[1]))
            if cpu is not None:
                cpu.append(time.thread_time() - taken[0])
            if waits is not None:  # (none counted where the count before was unsure)
                waits.append(0.0 if before[0] is None else waited(main_loop) - before[0])
            moved.set()
        focus[0] = shown

    companion = Companion(config, Journal(journal_path), display=display, voice=voice,
                          pads=pads, events=events, hooks=Hooks(on_frame=on_frame))
    handle = companion.handle

    def handled(pad_event: PadEvent) -> None:
        taken[0] = time.thread_time()  # (the main loop's own clock: it runs `handle`)
        handle(pad_event)

    companion.handle = handled  # type: ignore[method-assign]
    pads.start()
    pins = next(p for p in config.pads.gpio.seats if p.seat == seat)
    lines = {Button.LEFT: factory.pin(pins.left), Button.RIGHT: factory.pin(pins.right)}
    done = threading.Event()
    samples: list[float] = []
    failures: list[str] = []

    def press() -> None:
        rng = random.Random(SEED)
        try:
            deadline = time.monotonic() + 10
            while focus[0] is None and time.monotonic() < deadline:
                time.sleep(0.01)
            time.sleep(GUARD_S)  # the first frame is a change too: a press acts after it
            for _ in range(presses):
                line = lines[rng.choice((Button.LEFT, Button.RIGHT))]
                line.drive_low()
                time.sleep(rng.uniform(0.025, 0.045))  # past the 20 ms debounce window
                moved.clear()
                before[0] = asleep_waited(main_loop)
                released = time.perf_counter()
                line.drive_high()
                if not moved.wait(1.0):
                    failures.append("a press showed no menu change within 1 s")
                    return
                samples.append(redrawn_at[-1][0] - released)
                # the next press waits out the guard after the change it made (a press
                # sooner is dropped by design, as aimed at what was there before, not lag)
                time.sleep(max(0.0, redrawn_at[-1][0] + GUARD_S + rng.uniform(0.0, 0.03)
                               - time.perf_counter()))
        finally:
            done.set()

    presser = threading.Thread(target=press, name="bench-presser", daemon=True)
    try:
        assert companion.game_id is not None, "the prepared game did not resume"
        presser.start()
        companion.run(until=done.is_set)
    finally:
        presser.join(5)
        companion.close()
        factory.reset()
    if failures:
        raise RuntimeError(failures[0])
    return samples


# --- start-up -------------------------------------------------------------------------

_FIRST_FRAME = textwrap.dedent("""
    import os, sys, time
    from companion.app import loop as app

    drawn = app.Companion.draw

    def draw(self):
        drawn(self)
        print(f"{time.time() - float(os.environ['BENCH_T0']):.4f} {self.game_id}", flush=True)
        os._exit(0)

    app.Companion.draw = draw
    from companion.app.cli import main
    sys.exit(main(sys.argv[1:]))
""")


def _quiet_env(home: Path) -> dict[str, str]:
    env = dict(os.environ)
    env.setdefault("SDL_VIDEODRIVER", "dummy")
    env.setdefault("SDL_AUDIODRIVER", "dummy")
    env.update(XDG_CONFIG_HOME=str(home / "config"), XDG_DATA_HOME=str(home / "data"),
               STATE_DIRECTORY=str(home / "state"))
    for name in ("NOTIFY_SOCKET", "WATCHDOG_USEC", "WATCHDOG_PID"):
        env.pop(name, None)
    return env


def start_up(journal: Path, home: Path, runs: int = START_RUNS) -> list[float]:
    """Seconds from before the interpreter starts to the end of `run`'s first frame."""
    state = home / "state"
    state.mkdir(parents=True, exist_ok=True)
    config = home / "start-up.toml"
    config.write_text("[display]\nfullscreen = true\nsize = [1920, 1080]\n", encoding="utf-8")
    env = _quiet_env(home)
    times = []
    for _ in range(runs):
        for leftover in state.iterdir():
            leftover.unlink()
        shutil.copyfile(journal, state / "journal.sqlite3")
        env["BENCH_T0"] = repr(time.time())
        result = subprocess.run([sys.executable, "-c", _FIRST_FRAME, "run", "--pads", "mock",
                                 "--config", str(config)], env=env,
                                capture_output=True, text=True, timeout=60, check=False)
        words = result.stdout.split()
        if result.returncode != 0 or len(words) != 2 or words[1] == "None":
            raise RuntimeError(f"start-up run failed or did not resume:\n{result.stderr}")
        times.append(float(words[0]))
    return times


# --- memory ----------------------------------------------------------------------------

_PEAK = textwrap.dedent("""
    import sys
    from companion.app.cli import main

    status = main(sys.argv[1:])
    fields = dict(line.split(":", 1) for line in open("/proc/self/status"))
    print("VmHWM", fields["VmHWM"].split()[0], flush=True)
    from companion.display import paint
    cache = getattr(paint, "_TEXT_CACHE", {})
    pixels = sum(s.get_width() * s.get_height() * s.get_bytesize() for s in cache.values())
    print("TextCache", len(cache), pixels, flush=True)
    sys.exit(status)
""")


def game_memory(home: Path) -> tuple[float, int, str]:
    """Peak resident MB of a demo game with voice and display, its rounds, and what the
    display's text-surface cache held at the end (the largest part that grows in a game)."""
    out = home / "memory-demo"
    result = subprocess.run(
        [sys.executable, "-c", _PEAK, "demo", "--out", str(out), "--seed", str(SEED),
         "--no-screenshots", "--size", "1920x1080"],
        env=_quiet_env(home), capture_output=True, text=True, timeout=120, check=False)
    lines = result.stdout.splitlines()
    peak = [line.split()[1] for line in lines if line.startswith("VmHWM ")]
    if result.returncode != 0 or not peak:
        raise RuntimeError(f"the demo failed:\n{result.stderr}")
    rounds = next((int(line.split()[-1].rstrip("!")) for line in lines
                   if "wins in round" in line), 0)
    cache = [line.split() for line in lines if line.startswith("TextCache ")]
    held = (f"text-surface cache {int(cache[0][2]) / 2**20:.0f} MB in {cache[0][1]} surfaces"
            if cache else "text-surface cache not found")
    return int(peak[0]) / 1024, rounds, held


# --- the report --------------------------------------------------------------------


def idle_cpu(journal_path: Path, source: str, seconds: float = 10.0) -> float:
    """Share of one core the whole program uses while a game waits for a press."""
    from gpiozero.pins.mock import MockFactory

    from companion.display import Display

    config = _config()
    events: queue.Queue[PadEvent] = queue.Queue()
    pads_config = dataclasses.replace(config.pads, source=source)
    pads = make_source(pads_config, events,
                       pin_factory=MockFactory() if source == "mock" else None)
    display = Display(size=(1920, 1080))
    app = Companion(config, Journal(journal_path), display=display, pads=pads, events=events)
    pads.start()
    try:
        for _ in range(20):
            app.step()
        started_cpu, started = time.process_time(), time.monotonic()
        while time.monotonic() - started < seconds:
            app.step()
        return (time.process_time() - started_cpu) / (time.monotonic() - started)
    finally:
        app.close()


def _load() -> str:
    """The load average over 1, 5 and 15 minutes, as `uptime` prints it."""
    return ", ".join(f"{x:.2f}" for x in os.getloadavg())


@contextlib.contextmanager
def _niced_load(core: int) -> Iterator[None]:
    """A process spinning on `core` at niceness `LOAD_NICE`, meanwhile: `taskset -c core
    nice -n LOAD_NICE python -c 'while True: pass'`."""
    busy = subprocess.Popen([*_pinned(core), "nice", "-n", str(LOAD_NICE), sys.executable,
                             "-c", "while True: pass"])
    try:
        time.sleep(0.5)  # let it get going
        yield
    finally:
        busy.kill()
        busy.wait()


def _pinned(core: int) -> list[str]:
    """The command that runs a program on `core` alone: util-linux's `taskset`."""
    if shutil.which("taskset") is None:
        raise RuntimeError("taskset is missing (util-linux): the pinned run needs it")
    return ["taskset", "-c", str(core)]


def pinned_press_to_frame(journal_path: Path, seat: int, size: tuple[int, int],
                          presses: int) -> tuple[list[float], ...]:
    """`press_to_frame` in a program run by `taskset -c 0` (every thread it starts is
    pinned too), with a niced process spinning on that core; returns
    its seconds, shares of the screen, CPU seconds and waits for a core."""
    env = {**os.environ, "SDL_VIDEODRIVER": os.environ.get("SDL_VIDEODRIVER", "dummy"),
           "SDL_AUDIODRIVER": os.environ.get("SDL_AUDIODRIVER", "dummy")}
    with _niced_load(0):
        result = subprocess.run(
            [*_pinned(0), sys.executable, "-m", "benchmarks.bench_app", "--pinned",
             str(journal_path),
             str(seat), f"{size[0]}x{size[1]}", str(presses)],
            env=env, capture_output=True, text=True, timeout=60 + presses, check=False,
            cwd=Path(__file__).resolve().parents[1])
    if result.returncode != 0:
        raise RuntimeError(f"the pinned run failed:\n{result.stderr}")
    figures = json.loads(result.stdout.splitlines()[-1])
    return figures["samples"], figures["areas"], figures["cpu"], figures["waits"]


def _pinned_main(args: list[str]) -> None:
    """The pinned run's own program (started by `taskset`): the presses."""
    journal, seat, size, presses = Path(args[0]), int(args[1]), args[2], int(args[3])
    width, height = (int(x) for x in size.split("x"))
    areas: list[float] = []
    cpu: list[float] = []
    waits: list[float] = []
    samples = press_to_frame(journal, seat, (width, height), presses, areas, cpu, waits)
    print(json.dumps({"samples": samples, "areas": areas, "cpu": cpu, "waits": waits}),
          flush=True)


def _verdict(ok: bool) -> str:
    return "ok" if ok else "OVER GOAL"


def _press_report(size: tuple[int, int], pinned: bool, samples: list[float],
                  areas: list[float], cpu: list[float], waits: list[float]) -> None:
    """Print one run's press-to-frame figures against the goals."""
    first = [f"{s * 1000:.2f}" for s in samples[:WARM_UP]]
    ms, areas = [s * 1000 for s in samples[WARM_UP:]], areas[WARM_UP:]
    work = [s * 1000 for s in cpu[WARM_UP:]]
    own = [(s - w) * 1000 for s, w in zip(samples[WARM_UP:], waits[WARM_UP:], strict=True)]
    p99, area = _percentile(ms, 0.99), statistics.mean(areas)
    verdict = f"goal p99 <= {PRESS_GOAL_MS:.1f} ms: {_verdict(p99 <= PRESS_GOAL_MS)}" \
        if size == SIZES[0] else "no goal of its own"
    where = f", pinned to core 0 beside a process spinning at nice {LOAD_NICE}" \
        if pinned else ""
    print(f"   press to frame {size[0]}x{size[1]}{where}: p50 {statistics.median(ms):.2f} ms, "
          f"p99 {p99:.2f} ms, max {max(ms):.2f} ms ({len(ms)} presses; {verdict}); "
          f"redrawn per menu press: {100 * area:.0f}% of the screen (max "
          f"{100 * max(areas):.0f}%; goal <= {100 * AREA_GOAL:.0f}%: "
          f"{_verdict(max(areas) <= AREA_GOAL)}); the {WARM_UP} presses before, the first "
          f"of their kind: {' and '.join(first)} ms")
    print(f"      of which the main loop's own CPU (taking the release, acting, drawing): "
          f"p50 {statistics.median(work):.2f} ms, p99 {_percentile(work, 0.99):.2f} ms, max "
          f"{max(work):.2f} ms; the rest is the pad's thread and waiting for a core")
    print(f"      less the main loop's waits for a core (taken by other threads or programs)"
          f": p50 {statistics.median(own):.2f} ms, p99 {_percentile(own, 0.99):.2f} ms; "
          f"those waits: p99 {_percentile([w * 1000 for w in waits[WARM_UP:]], 0.99):.2f} "
          f"ms, max {1000 * max(waits[WARM_UP:]):.2f} ms")


def run() -> None:
    """Print press-to-frame p50/p99 at two sizes, start-up time and peak memory."""
    print(f"   display driver: {os.environ.get('SDL_VIDEODRIVER', '(default)')}, "
          f"audio driver: {os.environ.get('SDL_AUDIODRIVER', '(default)')}")
    with tempfile.TemporaryDirectory(dir=_base_dir()) as tmp:
        home = Path(tmp)
        prepared = home / "prepared.sqlite3"
        seat = prepared_journal(prepared)
        with Journal(prepared) as journal:
            game = journal.current_game()
            assert game is not None
            state = journal.replay(game.id)
        print(f"   game: 4 bots, resumed in training; seat {seat} presses (◀ ▶ move the "
              "focus of its list of trainings)")

        print(f"   load average {_load()} (the machine is shared: figures are for a quiet "
              f"one)")
        runs = ((SIZES[0], PRESSES, False), (SIZES[1], SMALL_PRESSES, False),
                (SIZES[0], PRESSES, True))
        for size, presses, pinned in runs:
            copy = home / f"press-{size[0]}x{size[1]}{'-pinned' if pinned else ''}.sqlite3"
            shutil.copyfile(prepared, copy)
            if pinned:
                samples, areas, cpu, waits = pinned_press_to_frame(copy, seat, size,
                                                                   presses + WARM_UP)
            else:
                areas, cpu, waits = [], [], []
                samples = press_to_frame(copy, seat, size, presses + WARM_UP, areas, cpu,
                                         waits)
            _press_report(size, pinned, samples, areas, cpu, waits)
        print(f"   load average {_load()}")

        for source in ("mock", "keyboard"):
            copy = home / f"idle-{source}.sqlite3"
            shutil.copyfile(prepared, copy)
            share = 100 * idle_cpu(copy, source)
            kind = "GPIO pads" if source == "mock" else "keyboard pads (polled at 50 Hz)"
            print(f"   idle CPU, whole program at a turn menu, 1920x1080, {kind}: "
                  f"{share:.2f}% of a core over 10 s (goal < 2%: {_verdict(share < 2)})")

        times = start_up(prepared, home)
        median = statistics.median(times)
        print(f"   start-up to first frame (`run --pads mock`, 1920x1080, resuming round "
              f"{state.round}): "
              f"median {median:.2f} s of {len(times)}, max {max(times):.2f} s "
              f"(goal < {START_GOAL_S} s: {_verdict(median < START_GOAL_S)})")

        peak, rounds, held = game_memory(home)
        print(f"   memory of a whole demo game ({rounds} rounds, voice, 1920x1080): peak RSS "
              f"{peak:.0f} MB (goal < {MEMORY_GOAL_MB:.0f} MB: {_verdict(peak < MEMORY_GOAL_MB)});"
              f" at the end the display's {held}")
    print("   journal commit per event (p99) and replay of a 60-round game: "
          "see the store benchmark (`python -m benchmarks store`)")


if __name__ == "__main__":
    if sys.argv[1:2] == ["--pinned"]:
        _pinned_main(sys.argv[2:])
    else:
        run()
