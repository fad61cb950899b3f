"""`mush-companion run` and `mush-companion demo`: build every part and run the loop.

`run` is the table for real: pads from the config (GPIO on a Pi, keyboard pads on a
desktop), the screen, the voice, the journal, systemd's readiness and watchdog. `demo`
is the same program with bot players pressing virtual pads through the same queue and
controller, a round-by-round summary in the terminal, and screenshots and the journal
written to a folder it names at the end.
"""

from __future__ import annotations

import argparse
import contextlib
import dataclasses
import logging
import os
import queue
import random
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, TextIO, TypeVar

from companion import service
from companion.app import Companion, Hooks, headless_environment, setup_logging
from companion.config import Config, default_config_path, load_config
from companion.errors import ConfigError
from companion.pads.events import PadEvent
from companion.rules import events as ev
from companion.rules.bots import SensibleBot
from companion.rules.dice import DiceSource, SeededDice, SystemDice
from companion.rules.model import Arrangement, Phase
from companion.rules.settings import Settings
from companion.rules.state import GameState
from companion.seats import SEATS
from companion.store import Journal
from companion.store.control import JournalBusyError, JournalLock
from companion.table.frame import TableFrame

log = logging.getLogger("companion")

_T = TypeVar("_T")

MUSHERS = ("Leonhard", "Susan", "Libby", "Rick", "Martin", "Jeff")
"""The demo's players, after famous mushers."""


def _open_display(config: Config, size: tuple[int, int] | None = None,
                  fallback: bool = False) -> Any:
    """The window (fullscreen from the config, or a window of `size`).

    With `fallback` (the demo), a screen that cannot be opened is replaced by SDL's dummy
    driver, so the demo still plays and writes its screenshots.
    """
    import pygame

    from companion.display import Display

    fullscreen = config.display.fullscreen if size is None else False
    language = config.display.language or config.voice.language
    try:
        return Display(size=size or config.display.size, fullscreen=fullscreen,
                       language=language)
    except pygame.error as error:
        if not fallback or os.environ.get("SDL_VIDEODRIVER") == "dummy":
            raise
        log.warning("no screen (%s): drawing off-screen", error)
        pygame.display.quit()
        os.environ["SDL_VIDEODRIVER"] = "dummy"
        return Display(size=size or config.display.size, fullscreen=False, language=language)


def _open_voice(config: Config) -> Any:
    from companion.voice import Announcer

    voice = Announcer(config.voice)
    voice.start()
    return voice


EXIT_NO_RESTART = 78
"""Exit status for a start a restart cannot fix (another program holds the journal):
the unit's `RestartPreventExitStatus=78` keeps systemd from starting it again and again."""

RETRY_SECONDS = 3.0
"""How often a failed start-up step is tried again while the problem screen is shown."""


@dataclass(frozen=True)
class Problem:
    """A start-up failure in the words of the people at the table.

    `what` is the headline, `where` names the file, device or part, `fix` says what to
    do, and `detail` is the technical message that also goes to the log.
    """

    what: str
    where: str
    fix: str
    detail: str = ""
    # the headline's and the fix's keys in companion.words, so the screen says them in its
    # own language (the log and systemd's status keep `what` and `fix`, in English)
    words: tuple[str, ...] = ()

    @classmethod
    def worded(cls, what: str, where: str, fixes: tuple[str, ...],
               detail: str = "") -> Problem:
        """A problem told by its keys in companion.words: headline `what`, then the
        sentences of its fix, English for the log."""
        from companion.words import WORDS

        return cls(WORDS[what]["en"], where, " ".join(WORDS[k]["en"] for k in fixes), detail,
                   (what, *fixes))

    def status(self) -> str:
        """One line for `systemctl status` (STATUS=)."""
        detail = f" ({self.detail})" if self.detail else ""
        return f"Waiting: {self.what}: {self.where}{detail}"


class _Stopped(Exception):
    """SIGTERM or a closed window while waiting for a fix."""


class Startup:
    """Runs each start-up step, and while one fails shows why and waits for the fix.

    Nothing at start-up may end in a black screen and a restart loop: a failing step is
    shown full screen (when a screen is open), logged once, reported to systemd as
    STATUS= (with READY=1, so systemd's start timeout does not kill the wait), and tried
    again every few seconds. The watchdog is pinged all the while, and SIGTERM still stops
    the program at once.
    """

    def __init__(self, stop: service.StopFlag, watchdog: service.Watchdog,
                 retry: float = RETRY_SECONDS) -> None:
        self.stop = stop
        self.watchdog = watchdog
        self.retry = retry
        self.display: Any = None
        self.waited = 0.0
        self.problems = 0

    def attempt(self, run: Callable[[], _T], explain: Callable[[Exception], Problem]) -> _T:
        """`run()`'s result, retried until it succeeds; raises _Stopped on a stop."""
        shown: Problem | None = None
        since = time.monotonic()
        while True:
            if self.stop.is_set():
                raise _Stopped
            try:
                result = run()
            except Exception as error:  # any failure to start is shown, never a traceback
                problem = explain(error)
                if problem != shown:
                    shown = problem
                    self.problems += 1
                    log.error("cannot start: %s: %s (%s). %s", problem.what, problem.where,
                              problem.detail, problem.fix)
                    log.debug("start-up failure", exc_info=True)
                    service.notify(READY=1, STATUS=problem.status())
                self._wait(problem, since)
                continue
            if shown is not None:
                log.info("%s: fixed, carrying on", shown.what)
                service.status("Starting")
            return result

    def _wait(self, problem: Problem, since: float) -> None:
        """Show the problem and wait `retry` seconds, pinging the watchdog."""
        until = time.monotonic() + self.retry
        while time.monotonic() < until:
            if self.stop.is_set():
                raise _Stopped
            self.watchdog.tick(time.monotonic())
            self.waited = time.monotonic() - since
            self._show(problem)
            time.sleep(0.25)

    def _show(self, problem: Problem) -> None:
        if self.display is None:
            return
        import pygame

        from companion.display.problem import draw_problem

        try:
            for event in pygame.event.get():
                if event.type == pygame.QUIT or (
                        event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE
                        and not self.display.fullscreen):
                    self.stop.set()
            draw_problem(self.display.surface, problem, self.waited,
                         language=getattr(self.display, "language", "en"))
            pygame.display.flip()
        except pygame.error as error:
            log.debug("cannot draw the problem screen: %s", error)


def _config_problem(path: Path | None) -> Callable[[Exception], Problem]:
    def explain(error: Exception) -> Problem:
        where = str(getattr(error, "file", None) or path or default_config_path())
        key = getattr(error, "key", None)
        if key:
            where = f"{where}, setting {key}"
        return Problem.worded("f.config", where, ("f.config.fix",),
                              str(getattr(error, "problem", None) or error))
    return explain


def _display_problem(error: Exception) -> Problem:
    return Problem.worded("f.display", os.environ.get("SDL_VIDEODRIVER", "screen"),
                          ("f.display.fix",), str(error))


def _journal_problem(path: Path) -> Callable[[Exception], Problem]:
    def explain(error: Exception) -> Problem:
        from companion.exc import IncompatibleJournalError, NotAJournalError

        kind = ("f.journal.newer" if isinstance(error, IncompatibleJournalError) else
                "f.journal.foreign" if isinstance(error, NotAJournalError) else "f.journal")
        return Problem.worded(kind, str(path), (f"{kind}.fix",), str(error))
    return explain


def _pads_problem(source: str) -> Callable[[Exception], Problem]:
    def explain(error: Exception) -> Problem:
        fix = f"f.pads.{source}" if source in ("serial", "gpio", "keyboard") else "f.pads.other"
        return Problem.worded("f.pads", f"pads: {source}", (fix, "f.pads.test"), str(error))
    return explain


def _voice_problem(error: Exception) -> Problem:
    return Problem.worded("f.voice", os.environ.get("SDL_AUDIODRIVER", "sound"),
                          ("f.voice.fix",), str(error))


def _animating(frame: TableFrame) -> bool:
    """Whether the frame's animation has yet to finish (the demo lets a roll land before
    the bots press on, as players watching the screen would)."""
    return frame.animation is not None and frame.animation_progress < 1.0


def run_table(config: Config, pads_source: str | None = None,
              config_path: Path | None = None, window: bool = False) -> int:
    """The companion at the table until SIGTERM (systemd) or the window is closed.

    Every start-up step that fails shows the problem screen and is retried until it
    works; only a journal held by another program ends the start (EXIT_NO_RESTART).
    """
    headless_environment()
    stop = service.install_stop_handlers()
    service.enable_hang_tracebacks()
    watchdog = service.Watchdog.from_env()
    startup = Startup(stop, watchdog)
    pads: Any = None
    voice: Any = None
    journal: Journal | None = None
    lock: JournalLock | None = None
    try:
        startup.display = startup.attempt(lambda: _open_display(config), _display_problem)
        lock = JournalLock(config.store.path)
        try:
            lock.acquire()
        except JournalBusyError as busy:
            log.error("cannot start: %s", busy)
            service.notify(STATUS=f"Not started: {busy}")
            print(f"mush-companion: {busy}", file=sys.stderr)
            return EXIT_NO_RESTART
        journal = startup.attempt(lambda: Journal(config.store.path),
                                  _journal_problem(config.store.path))
        pads_config = config.pads if pads_source is None else replace(config.pads,
                                                                       source=pads_source)
        events: queue.Queue[PadEvent] = queue.Queue()
        pads = startup.attempt(lambda: _start_pads(pads_config, events),
                               _pads_problem(pads_config.source))
        voice = startup.attempt(lambda: _open_voice(config), _voice_problem)
    except _Stopped:
        for part in (pads, voice, startup.display):
            if part is not None:
                with contextlib.suppress(Exception):
                    part.close()
        if journal is not None:
            journal.close()
        if lock is not None:
            lock.release()
        service.stopping()
        log.info("stopping while waiting for a fix")
        return 0
    companion = Companion(config, journal, dice=SystemDice(), display=startup.display,
                          voice=voice, pads=pads, events=events, watchdog=watchdog)
    held = pads.held_buttons()
    if held:  # a stuck button would act on its own: say so, and carry on
        log.warning("buttons held down at start: %s", held)
    log.info("table ready: pads %s, journal %s", pads_config.source, config.store.path)
    try:
        return companion.run(stop)
    finally:
        companion.close()
        lock.release()


def _start_pads(pads_config: Any, events: queue.Queue[PadEvent]) -> Any:
    from companion.pads import make_source

    pads = make_source(pads_config, events)
    try:
        pads.start()
    except BaseException:
        with contextlib.suppress(Exception):
            pads.close()
        raise
    return pads


# --- the demo ---------------------------------------------------------------------


class SteppedClock:
    """A clock that moves on a fixed step per loop turn, so the demo's animations and
    countdowns play out in frames instead of seconds of real time."""

    def __init__(self, step: float) -> None:
        self.now = 0.0
        self.step = step

    def __call__(self) -> float:
        return self.now

    def tick(self) -> None:
        self.now += self.step


class Summary:
    """The demo's round-by-round lines in the terminal, with a progress bar of the race."""

    def __init__(self, bot: SensibleBot, out: TextIO, width: int = 24) -> None:
        self.bot = bot
        self.out = out
        self.width = width
        self.weather = ""
        self.order: tuple[int, ...] = ()

    def __call__(self, state: GameState, events: tuple[ev.Event, ...]) -> None:
        for event in events:
            if isinstance(event, ev.RoundStarted):
                self.weather = "not rolled yet"
            elif isinstance(event, ev.BidsRevealed):
                self.order = event.order
            elif isinstance(event, ev.WeatherRolled):
                self.weather = f"{event.weather.value} ({event.zone.value})"
            elif isinstance(event, ev.RoundEnded):
                self.round_line(state, event.round)
            elif isinstance(event, ev.GameWon):
                self.round_line(state, state.round)
                name = state.players[event.seat].name
                print(f"\n{name} reaches Nome and wins in round {state.round}!",
                      file=self.out, flush=True)

    def round_line(self, state: GameState, number: int) -> None:
        race = max((self.bot.race_progress(state, s) for s in state.seats), default=0.0)
        filled = round(self.width * race)
        bar = "#" * filled + "-" * (self.width - filled)
        order = " ".join(SEATS[s].letter for s in self.order)
        chips = " ".join(f"{SEATS[s].letter}:{p.chips:>2}" for s, p in enumerate(state.players))
        tired = " ".join(str(p.covered) for p in state.players)
        print(f"round {number:>2} [{bar}] {race:4.0%}  weather {self.weather:<22} "
              f"order {order:<11} chips {chips}  tired dogs {tired}", file=self.out, flush=True)


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
    state: GameState
    seconds: float
    screenshots: list[Path]
    presses: int


def run_demo(out_dir: Path | None = None, config: Config | None = None, players: int = 4,
             seed: int | None = None,
             screenshots: bool = True, voice: bool = True, size: tuple[int, int] = (1280, 720),
             out: TextIO = sys.stdout, max_seconds: float = 300.0,
             trace: Path | None = None, pace: float | None = None) -> DemoResult:
    """Bots play a whole Intro game through virtual pads; returns where it all went.

    The bots press ◀ ▶ ● on virtual pads: their presses go through the same queue and
    controller as real players', so the demo exercises the whole stack. A folder that
    already holds a game in progress is resumed, which is how a killed demo carries on.
    """
    from companion.table import BotDriver

    headless_environment()
    started = time.perf_counter()
    folder = out_dir or Path("demo-output") / time.strftime("%Y-%m-%dT%H-%M-%S")
    folder.mkdir(parents=True, exist_ok=True)
    settings = Settings.make(MUSHERS[:players], Arrangement.INTRO)
    config = dataclasses.replace(config or load_config(None), game=settings)
    rng = random.Random(seed)
    dice: DiceSource = SeededDice(seed) if seed is not None else SystemDice()
    display = _open_display(config, size, fallback=True)
    if pace is None:
        import pygame

        pace = 0.0 if pygame.display.get_driver() in ("dummy", "offscreen") else 0.12
    stepped = SteppedClock(0.25)
    clock = stepped if pace == 0 else time.monotonic
    announcer = _open_voice(config) if voice else None
    lock = JournalLock(folder / "journal.sqlite3")
    lock.acquire()  # a second demo on the same folder stops here, naming the first
    journal = Journal(folder / "journal.sqlite3")
    bot = SensibleBot()
    summary = Summary(bot, out)
    shots = Screenshots(folder / "screenshots", display) if screenshots else None
    shown = open(trace, "a", buffering=1) if trace else None  # noqa: SIM115
    drawn: list[Any] = []  # the last frame drawn: bots, like players, let a roll land

    def on_frame(frame: Any, redrawn: bool) -> None:
        drawn[:] = [frame]
        if shots is not None:
            shots(frame, redrawn)

    hooks = Hooks(on_events=summary, on_frame=on_frame,
                  on_shown=(lambda n: print(f"shown {n}", file=shown)) if shown else None)
    companion = Companion(config, journal, dice=dice, clock=clock, display=display,
                          voice=announcer, hooks=hooks)
    driver = BotDriver(companion.controller, dict.fromkeys(range(players), bot), rng,
                       setup_seat=0)
    if companion.game_id is not None:
        print(f"resuming the game in {folder}", file=out, flush=True)
    print(f"demo: {players} bots race an Intro game; journal in {folder}", file=out, flush=True)
    presses = 0
    try:
        companion.draw()
        while companion.controller.state.phase is not Phase.GAME_OVER:
            if time.perf_counter() - started > max_seconds:
                raise TimeoutError(f"the demo did not finish in {max_seconds:.0f} s")
            landing = bool(drawn) and _animating(drawn[0])
            if companion.events.empty() and not landing:
                batch = driver.presses()
                presses += bool(batch)
                for pad_event in batch:
                    companion.events.put(pad_event)
            companion.step(wait=0)
            stepped.tick()
            if pace:
                companion.step(wait=pace)
        for _ in range(12):  # let the game-over screen's animation run to its end
            companion.step(wait=0)
            companion.draw()
            stepped.tick()
        if shots is not None:
            shots.save(f"{len(shots.saved) + 1:02d}-final")
        _export(journal, companion.game_id, folder)
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
          f"Journal, events (JSON Lines), chips per round (CSV) and screenshots are in "
          f"{folder}/", file=out, flush=True)
    return result


def _export(journal: Journal, game_id: int | None, folder: Path) -> None:
    if game_id is None:
        return
    with open(folder / "events.jsonl", "w", encoding="utf-8") as stream:
        journal.export_jsonl(game_id, stream)
    with open(folder / "chips.csv", "w", encoding="utf-8", newline="") as stream:
        journal.export_csv(game_id, stream)


# --- command line ------------------------------------------------------------------


def _size(text: str) -> tuple[int, int]:
    width, _, height = text.lower().partition("x")
    return int(width), int(height)


def _cmd_run(args: argparse.Namespace) -> int:
    """`run`: a config with a mistake shows the problem screen and waits for the fix."""
    path = Path(args.config) if args.config else None
    headless_environment()
    try:
        config = load_config(path)
    except Exception as error:  # ConfigError, and anything else a bad file can raise
        setup_logging(logging.INFO)
        waited = _wait_for_config(path, error, args.window)
        if waited is None:
            return 0
        config = waited
    setup_logging(config.log.logging_level)
    if args.window:
        config = replace(config, display=replace(config.display, fullscreen=False))
    return run_table(config, args.pads, path, args.window)


def _wait_for_config(path: Path | None, first: Exception, window: bool) -> Config | None:
    """Show the config problem (on a default screen) until the file loads; None if stopped."""
    stop = service.install_stop_handlers()
    startup = Startup(stop, service.Watchdog.from_env())
    defaults = Config(game=Settings.make(list(MUSHERS[:2])))
    display_config = defaults if not window else replace(
        defaults, display=replace(defaults.display, fullscreen=False))
    try:
        startup.display = _open_display(display_config)
    except Exception as error:  # no screen either: log and STATUS still say why
        log.error("cannot open the screen to show the problem: %s", error)
    first_seen = [first]

    def load() -> Config:
        if first_seen:
            raise first_seen.pop()
        return load_config(path)

    try:
        loaded: Config = startup.attempt(load, _config_problem(path))
    except _Stopped:
        service.stopping()
        return None
    finally:
        if startup.display is not None:
            startup.display.close()
    return loaded


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
                 pace=args.pace)
    except JournalBusyError as busy:
        print(f"mush-companion: {busy}", file=sys.stderr)
        return EXIT_NO_RESTART
    return 0


def register(subparsers: Any) -> None:
    """Add `run` and `demo` to the command line."""
    run = subparsers.add_parser(
        "run", help="run the companion at the table",
        description="Run the companion: pads, screen, voice and journal. On a Pi the "
                    "systemd service runs this; on a desktop use --pads keyboard.")
    run.add_argument("--config", help="config file (default: /etc/mush-companion/config.toml "
                                      "or the user config dir)")
    run.add_argument("--pads", choices=("gpio", "serial", "keyboard", "mock"),
                     help="pad source, overriding the config's [pads] source")
    run.add_argument("--window", action="store_true",
                     help="a window instead of full screen (Esc then leaves; the journal "
                          "keeps the game)")
    run.set_defaults(handler=_cmd_run)

    demo = subparsers.add_parser(
        "demo", help="watch bots play a whole game",
        description="Bot players press virtual pads through the same controller as real "
                    "players: a 4-player Intro game from setup to Nome, with screen and "
                    "voice (dummy drivers when there is no screen or sound card).")
    demo.add_argument("--out", help="folder for the journal, exports and screenshots "
                                    "(default: demo-output/<time>); a folder with a game "
                                    "in progress is resumed")
    demo.add_argument("--config", help="config file for the voice's language and volume")
    demo.add_argument("--players", type=int, default=4, choices=range(2, 7))
    demo.add_argument("--seed", type=int, help="seed the dice and the bots for a repeatable game")
    demo.add_argument("--size", default="1280x720", help="window size, WIDTHxHEIGHT")
    demo.add_argument("--no-screenshots", action="store_true", help="save no screenshots")
    demo.add_argument("--mute", action="store_true", help="no voice")
    demo.add_argument("--pace", type=float, help="seconds between bot presses (default: 0 "
                                                  "without a screen, 0.12 with one)")
    demo.add_argument("--trace", help=argparse.SUPPRESS)  # "shown N" lines, for crash tests
    demo.add_argument("--verbose", action="store_true", help="log every round's events")
    demo.set_defaults(handler=_cmd_demo)
