"""`mush-companion demo`: bots play a whole game through virtual pads.

The demo is the table's own program (`companion.app.loop.Companion`, the controller, the
journal, the screen and the voice) with bot players pressing ◀ ▶ ● on virtual pads
through the same queue as real pads. It prints a line a round, and writes the journal,
the game's events (JSON Lines), the chips per round (CSV) and a screenshot of every kind
of screen to a folder it names at the end.

A seed reproduces a game exactly: the companion's dice, the bots' choices and, with
`[table] dice = "physical"`, the wooden dice the bots roll and enter all come from it, and
the loop runs on a clock that moves `DEMO_STEP` a turn, never on the wall clock. The pace
only says how long a turn lasts in real time, so a game watched on a screen is the game
the same seed plays headless, however fast the machine draws.
"""

from __future__ import annotations

import argparse
import dataclasses
import logging
import random
import sys
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any, TextIO

from companion.app.logs import setup_logging
from companion.app.loop import Companion
from companion.app.parts import Hooks
from companion.app.runner import (
    EXIT_NO_RESTART,
    MUSHERS,
    SteppedClock,
    _open_display,
    _open_voice,
    headless_environment,
)
from companion.config.file import Config, load_config
from companion.core.dice import DiceSource, SeededDice, SystemDice
from companion.exc import ConfigError
from companion.games import DEFAULT, box_name, installed
from companion.games import box as installed_box
from companion.games import game as installed_game
from companion.store import Journal
from companion.store.control import JournalBusyError, JournalLock

DEMO_STEP = 0.25
"""Seconds of the game's clock a turn of the demo's loop lasts: a bot presses at most once
a turn, and the guard (0.25 s) has always passed by the next one."""

WATCHED_PACE = DEMO_STEP
"""Real seconds a turn lasts with a screen: the game is then watched at its own speed."""

JOURNAL_EPOCH = datetime(2000, 1, 1, tzinfo=UTC)
"""A seeded demo's journal times count the game's clock from here, not the wall clock."""

FPS = 30
"""Frames drawn a second while a watched turn passes."""


def _animating(frame: Any) -> bool:
    """Whether the frame's animation has yet to finish (the demo lets a roll land before
    the bots press on, as players watching the screen would)."""
    return frame.animation is not None and frame.animation_progress < 1.0


class Screenshots:
    """Saves the screen the first time each kind of screen is fully drawn, and the end."""

    def __init__(self, folder: Path, display: Any) -> None:
        self.folder = folder
        self.display = display
        self.seen: set[str] = set()
        self.saved: list[Path] = []
        folder.mkdir(parents=True, exist_ok=True)

    def __call__(self, frame: Any, redrawn: bool) -> None:
        if not redrawn or frame.animation_progress < 1.0:
            return
        key = frame.screen
        if key in self.seen and key != "game_over":
            return
        self.seen.add(key)
        self.save(f"{len(self.saved) + 1:02d}-{key}")

    def save(self, name: str) -> None:
        import pygame

        path = self.folder / f"{name}.png"
        pygame.image.save(self.display.surface, str(path))
        self.saved.append(path)


@dataclasses.dataclass
class DemoResult:
    """What a demo run produced, for the caller's last lines and for tests."""

    folder: Path
    state: Any  # the game's state at the end
    seconds: float
    screenshots: list[Path]
    presses: int


def _watch_turn(companion: Companion, clock: SteppedClock, pace: float) -> None:
    """A turn lasting `pace` real seconds, its moments between now and the next turn
    drawn (animations, countdowns). Only frames are built: nothing acts and no bot
    presses until the next turn, so watching does not change the game."""
    frames = max(1, round(pace * FPS))
    start = clock.now
    for k in range(1, frames):
        clock.now = start + clock.step * k / frames
        companion.draw()
        time.sleep(pace / frames)
    time.sleep(pace / frames)
    clock.now = start


def run_demo(out_dir: Path | None = None, config: Config | None = None, players: int = 4,
             seed: int | None = None,
             screenshots: bool = True, voice: bool = True, size: tuple[int, int] = (1280, 720),
             out: TextIO = sys.stdout, max_turns: int = 40_000,
             trace: Path | None = None, pace: float | None = None,
             max_seconds: float | None = None, game: str = DEFAULT) -> DemoResult:
    """Bots play a whole game through virtual pads; returns where it all went.

    The bots press ◀ ▶ ● on virtual pads: their presses go through the same queue and
    controller as real players', so the demo exercises the whole stack. A folder that
    already holds a game in progress is resumed, which is how a killed demo carries on.
    With a seed the same game is played every time (see the module's docstring); a demo
    that has not finished after `max_turns` turns of the loop stops with an error, and
    so does one still running after `max_seconds` of real time (an emulated machine's
    limit: it stops the demo, it never changes the game it plays).
    """
    headless_environment()
    started = time.perf_counter()
    folder = out_dir or Path("demo-output") / time.strftime("%Y-%m-%dT%H-%M-%S")
    folder.mkdir(parents=True, exist_ok=True)
    box = installed_box(game)
    config = config or load_config(None)
    # the bots' names, and every game as it comes in its box (MUSH on the Intro boards)
    config = dataclasses.replace(config, players=MUSHERS[:players], games={}, game_name=game)
    rng = random.Random(seed)
    dice: DiceSource = SeededDice(seed) if seed is not None else SystemDice()
    wooden: DiceSource = SeededDice(f"wooden dice {seed}") if seed is not None else SystemDice()
    display = _open_display(config, size, fallback=True)
    if pace is None:
        import pygame

        watched = pygame.display.get_driver() not in ("dummy", "offscreen")
        pace = WATCHED_PACE if watched else 0.0
    clock = SteppedClock(DEMO_STEP)
    announcer = _open_voice(config) if voice else None
    lock = JournalLock(folder / "journal.sqlite3")
    lock.acquire()  # a second demo on the same folder stops here, naming the first
    stamp = (lambda: JOURNAL_EPOCH + timedelta(seconds=clock.now)) if seed is not None \
        else None

    def open_journal(path: Path, name: str = DEFAULT) -> Journal:
        if stamp is not None:
            return Journal(path, clock=stamp, game=installed_game(name))
        return Journal(path, game=installed_game(name))

    journal = open_journal(folder / "journal.sqlite3")
    summary = box.demo.summary(out)
    shots = Screenshots(folder / "screenshots", display) if screenshots else None
    shown = open(trace, "a", buffering=1) if trace else None  # noqa: SIM115
    drawn: list[Any] = []  # the last frame drawn

    def on_frame(frame: Any, redrawn: bool) -> None:
        drawn[:] = [frame]
        if shots is not None:
            shots(frame, redrawn)

    def landing() -> bool:
        """Bots, like players, let a roll land before pressing on. Judged on the game's
        clock now, never on when the screen last happened to draw: the frame drawn last
        only saves building one when it shows no animation (the loop draws in the same
        turn as anything that starts one, so none can have started since)."""
        return bool(drawn) and _animating(drawn[0]) and _animating(companion.controller.frame())

    def on_shown(count: int) -> None:
        """The trace: events on screen and the phase the screen shows (crash tests kill
        the program in each phase of the game)."""
        print(f"shown {count} {companion.controller.state.phase}", file=shown)

    hooks = Hooks(on_events=summary, on_frame=on_frame,
                  on_shown=on_shown if shown else None)
    companion = Companion(config, journal, dice=dice, clock=clock, display=display,
                          voice=announcer, hooks=hooks, open_journal=open_journal)
    box = companion.box  # a game in progress in another game's journal is resumed
    driver = box.demo.driver(companion.controller, players, rng, wooden)
    if companion.game_id is not None:
        print(f"resuming the game in {folder}", file=out, flush=True)
    wooden_words = " with wooden dice" if config.table.physical_dice else ""
    print(f"demo: {players} bots play {box.title}{wooden_words}; journal in {folder}",
          file=out, flush=True)
    presses = 0
    try:
        companion.draw()
        turns = 0
        while not companion.over():
            turns += 1
            if turns > max_turns:
                raise TimeoutError(f"the demo did not finish in {max_turns} turns")
            if max_seconds is not None and time.perf_counter() - started > max_seconds:
                raise TimeoutError(f"the demo did not finish in {max_seconds:g} s")
            if companion.events.empty() and not landing():
                batch = driver.presses()
                presses += bool(batch)
                for pad_event in batch:
                    companion.events.put(pad_event)
            companion.step(wait=0)
            if pace:
                _watch_turn(companion, clock, pace)
            clock.tick()
        for _ in range(12):  # let the game-over screen's animation run to its end
            companion.step(wait=0)
            companion.draw()
            clock.tick()
        if shots is not None:
            shots.save(f"{len(shots.saved) + 1:02d}-final")
        _export(companion.journal, companion.game_id, folder)
    finally:
        if shown is not None:
            shown.close()
        companion.close()
        lock.release()
    seconds = time.perf_counter() - started
    result = DemoResult(folder, companion.controller.state, seconds,
                        shots.saved if shots else [], presses)
    print(f"\ndone in {seconds:.1f} s: {presses} pad presses, "
          f"{len(result.screenshots)} screenshots.\n"
          f"Journal, events (JSON Lines), the game's ledger ({box.ledger}) and "
          f"screenshots are in {folder}/", file=out, flush=True)
    return result


def _export(journal: Journal, game_id: int | None, folder: Path) -> None:
    if game_id is None:
        return
    with open(folder / "events.jsonl", "w", encoding="utf-8") as stream:
        journal.export_jsonl(game_id, stream)
    with open(folder / installed_box(journal.rules.name).ledger, "w", encoding="utf-8",
              newline="") as stream:
        journal.export_csv(game_id, stream)


# --- command line ------------------------------------------------------------------


def _size(text: str) -> tuple[int, int]:
    width, _, height = text.lower().partition("x")
    return int(width), int(height)


def _cmd_demo(args: argparse.Namespace) -> int:
    try:
        config = load_config(args.config)
    except ConfigError as error:
        print(f"mush-companion: {error}", file=sys.stderr)
        return 2
    setup_logging(logging.WARNING if not args.verbose else logging.INFO)
    try:
        run_demo(Path(args.out) if args.out else None, config, players=args.players,
                 seed=args.seed, screenshots=not args.no_screenshots, voice=not args.mute,
                 size=_size(args.size), trace=Path(args.trace) if args.trace else None,
                 pace=args.pace, max_seconds=args.time_limit, game=args.game)
    except JournalBusyError as busy:
        print(f"mush-companion: {busy}", file=sys.stderr)
        return EXIT_NO_RESTART
    except TimeoutError as late:  # the journal keeps the game: the next demo resumes it
        print(f"mush-companion: {late}; the game is kept in the journal and the next demo "
              "on that folder resumes it", file=sys.stderr)
        return 1
    return 0


def register(subparsers: Any) -> None:
    """Add `demo` to the command line."""
    demo = subparsers.add_parser(
        "demo", help="watch bots play a whole game",
        description="Bot players press virtual pads through the same controller as real "
                    "players: a 4-player Intro game from setup to Nome, with screen and "
                    "voice (dummy drivers when there is no screen or sound card). With "
                    "[table] dice = \"physical\" in the config, the bots roll the wooden "
                    "dice and enter them on their pads.")
    demo.add_argument("--out", help="folder for the journal, exports and screenshots "
                                    "(default: demo-output/<time>); a folder with a game "
                                    "in progress is resumed")
    demo.add_argument("--config", help="config file (the voice's language and volume, the "
                                       "[table] settings such as the wooden dice)")
    demo.add_argument("--players", type=int, default=4, choices=range(2, 7))
    demo.add_argument("--game", default=DEFAULT, choices=installed(), type=box_name,
                      help=f"the game the bots play (default: {DEFAULT}; installed: "
                           f"{', '.join(installed())})")
    demo.add_argument("--seed", type=int, help="seed the dice and the bots: the same seed "
                                               "plays the same game, event for event")
    demo.add_argument("--size", default="1280x720", help="window size, WIDTHxHEIGHT")
    demo.add_argument("--no-screenshots", action="store_true", help="save no screenshots")
    demo.add_argument("--mute", action="store_true", help="no voice")
    demo.add_argument("--pace", type=float,
                      help=f"real seconds each {DEMO_STEP} s of the game lasts (default: 0, "
                           f"as fast as it goes, without a screen; {WATCHED_PACE} with one); "
                           "the game is the same at any pace")
    demo.add_argument("--time-limit", type=float, metavar="SECONDS",
                      help="give up after this many real seconds (default: no limit but "
                           "the turns'); the game stays in the journal and the next demo "
                           "on the folder resumes it")
    demo.add_argument("--trace", help=argparse.SUPPRESS)  # "shown N PHASE" lines, for crash tests
    demo.add_argument("--verbose", action="store_true", help="log every round's events")
    demo.set_defaults(handler=_cmd_demo)
