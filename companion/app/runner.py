"""`mush-companion run`: build every part and run the loop.

`run` is the table for real: pads from the config (GPIO on a Pi, keyboard pads on a
desktop), the screen, the voice, the journal, systemd's readiness and watchdog. `demo`
(`companion.app.demo`) is the same program with bot players pressing virtual pads through
the same queue and controller; the pieces both share (the screen and voice openers, the
stepped clock, the demo's players) live here.
"""

from __future__ import annotations

import argparse
import contextlib
import logging
import os
import queue
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, TypeVar

from companion.app import service
from companion.app.logs import setup_logging
from companion.app.loop import Companion
from companion.config.file import Config, default_config_path, load_config
from companion.core.dice import SystemDice
from companion.exc import CompanionError
from companion.pads.events import PadEvent
from companion.store import Journal
from companion.store.control import JournalBusyError, JournalLock

log = logging.getLogger("companion")

_T = TypeVar("_T")

MUSHERS = ("Leonhard", "Susan", "Libby", "Rick", "Martin", "Jeff")
"""The demo's players, after famous mushers."""


def headless_environment() -> None:
    """Use SDL's dummy drivers where there is no screen or no sound card.

    A Pi runs kmsdrm (the systemd unit sets it); a desktop has DISPLAY or WAYLAND_DISPLAY;
    anything else (a server, CI) gets the dummy video driver so the companion still runs.
    """
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    if "SDL_VIDEODRIVER" not in os.environ and not (
            os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")
            or Path("/dev/dri/card0").exists() or Path("/dev/dri/card1").exists()):
        os.environ["SDL_VIDEODRIVER"] = "dummy"
    if "SDL_AUDIODRIVER" not in os.environ and not Path("/dev/snd").exists():
        os.environ["SDL_AUDIODRIVER"] = "dummy"


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
    # the headline's and the fix's keys in companion.i18n, so the screen says them in its
    # own language (the log and systemd's status keep `what` and `fix`, in English)
    words: tuple[str, ...] = ()

    @classmethod
    def worded(cls, what: str, where: str, fixes: tuple[str, ...],
               detail: str = "") -> Problem:
        """A problem told by its keys in companion.i18n: headline `what`, then the
        sentences of its fix, English for the log."""
        from companion.i18n import WORDS

        return cls(WORDS[what]["en"], where, " ".join(WORDS[k]["en"] for k in fixes), detail,
                   (what, *fixes))

    def status(self) -> str:
        """One line for `systemctl status` (STATUS=)."""
        detail = f" ({self.detail})" if self.detail else ""
        return f"Waiting: {self.what}: {self.where}{detail}"


class _Stopped(CompanionError):
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
    web: Any = None
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
        if pads_config.source == "web":  # phones are the only pads: wait for the server
            web = startup.attempt(lambda: _start_web(config, events), _web_problem)
        elif config.web.enabled:
            try:
                web = _start_web(config, events)
            except Exception as error:  # the pads still play; phones are a bonus here
                log.error("phones: the web server cannot start (%s); the table plays on "
                          "with its pads only", error)
    except _Stopped:
        for part in (web, pads, voice, startup.display):
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
                          voice=voice, pads=pads, events=events, watchdog=watchdog, web=web)
    held = pads.held_buttons()
    if held:  # a stuck button would act on its own: say so, and carry on
        log.warning("buttons held down at start: %s", held)
    log.info("table ready: pads %s, journal %s", pads_config.source, config.store.path)
    try:
        return companion.run(stop)
    finally:
        companion.close()
        lock.release()


def _start_web(config: Config, events: queue.Queue[PadEvent]) -> Any:
    """The phones' server beside the main loop (its own thread); presses come in on the
    pads' queue."""
    from companion.display.paint import load_fonts
    from companion.web.server import WebServer
    from companion.web.wifi import OwnWifi

    load_fonts()  # read before the port opens: drawing then never needs a file
    web = WebServer(config.web, events, config.store.path)
    web.start()
    own = OwnWifi(config.web.wifi, config.web.wifi_after, config.store.path.parent)
    own.start()  # on a thread of its own: the table's Wi-Fi, when it knows none
    web.wifi = own.card
    return web


def _web_problem(error: Exception) -> Problem:
    return Problem.worded("f.web", "web: phones", ("f.web.fix",), str(error))


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


# --- command line ------------------------------------------------------------------


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
    if args.no_web:
        config = replace(config, web=replace(config.web, enabled=False))
    return run_table(config, args.pads, path, args.window)


def _wait_for_config(path: Path | None, first: Exception, window: bool) -> Config | None:
    """Show the config problem (on a default screen) until the file loads; None if stopped."""
    stop = service.install_stop_handlers()
    startup = Startup(stop, service.Watchdog.from_env())
    defaults = Config(players=MUSHERS[:2])
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


def register(subparsers: Any) -> None:
    """Add `run` to the command line."""
    run = subparsers.add_parser(
        "run", help="run the companion at the table",
        description="Run the companion: pads, screen, voice and journal. On a Pi the "
                    "systemd service runs this; on a desktop use --pads keyboard.")
    run.add_argument("--config", help="config file (default: /etc/mush-companion/config.toml "
                                      "or the user config dir)")
    run.add_argument("--pads", choices=("gpio", "serial", "keyboard", "mock", "web"),
                     help="pad source, overriding the config's [pads] source")
    run.add_argument("--no-web", action="store_true",
                     help="no phones' server, whatever the config's [web] enabled says")
    run.add_argument("--window", action="store_true",
                     help="a window instead of full screen (Esc then leaves; the journal "
                          "keeps the game)")
    run.set_defaults(handler=_cmd_run)
