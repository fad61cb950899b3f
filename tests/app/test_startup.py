"""Start-up failures wait on the problem screen instead of crash-looping; one program per
journal; `new-game` reaches the running program.

These run the real `mush-companion run` as a child process with SDL's dummy drivers, a
real notify socket standing in for systemd, and real files.
"""

from __future__ import annotations

import contextlib
import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from companion.app.runner import EXIT_NO_RESTART, Problem
from companion.display.problem import draw_problem
from companion.store import Journal
from companion.store.control import JournalBusyError, JournalLock, holder, request_path

PROBLEM = Problem("The settings file has a mistake",
                  "/etc/mush-companion/config.toml, setting pads.debounce_seconds",
                  "Correct it (over SSH: sudo nano on the file), then check it with "
                  "'mush-companion check-config'.",
                  "must be a finite number of seconds between 0.001 and 1")


class Child:
    """A `mush-companion run` process and the notify socket it reports to."""

    def __init__(self, tmp_path: Path, config: Path, name: str = "notify.sock") -> None:
        self.sock_path = tmp_path / name
        self.server = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
        self.server.bind(str(self.sock_path))
        self.messages: list[str] = []
        env = {**os.environ, "NOTIFY_SOCKET": str(self.sock_path), "WATCHDOG_USEC": "2000000",
               "WATCHDOG_PID": "", "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
        self.process = subprocess.Popen(
            [sys.executable, "-m", "companion.app.cli", "run", "--config", str(config),
             "--pads", "mock"], env=env, stderr=subprocess.PIPE, text=True)

    def wait_for(self, text: str, timeout: float = 30) -> str:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            for message in self.messages:
                if text in message:
                    return message
            self.server.settimeout(max(0.1, deadline - time.monotonic()))
            try:
                self.messages.append(self.server.recv(4096).decode())
            except TimeoutError:
                break
        raise AssertionError(f"{text!r} never arrived; got {self.messages}")

    def turns(self, count: int, timeout: float = 60) -> None:
        """Wait for `count` more watchdog pings (one a second): the main loop came round
        that many times more; a crash, a restart loop or a hang stops the pings."""
        def pings() -> int:
            return sum("WATCHDOG=1" in m.split("\n") for m in self.messages)

        wanted = pings() + count
        deadline = time.monotonic() + timeout
        while pings() < wanted:
            assert self.process.poll() is None, f"it ended ({self.process.returncode})"
            assert time.monotonic() < deadline, f"{count} turns never came; {self.messages}"
            self.server.settimeout(max(0.1, deadline - time.monotonic()))
            with contextlib.suppress(TimeoutError):
                self.messages.append(self.server.recv(4096).decode())

    def stop(self) -> str:
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            assert self.process.wait(timeout=20) == 0
        self.server.close()
        assert self.process.stderr is not None
        return self.process.stderr.read()


@pytest.fixture
def config(tmp_path: Path) -> Path:
    path = tmp_path / "config.toml"
    path.write_text(f'[store]\npath = "{tmp_path / "journal.sqlite3"}"\n'
                    '[display]\nfullscreen = false\n')
    return path


@pytest.fixture
def child(tmp_path: Path, config: Path) -> Iterator[Child]:
    running = Child(tmp_path, config)
    yield running
    if running.process.poll() is None:
        running.process.kill()
        running.process.wait()


@pytest.mark.parametrize("size", [(1920, 1080), (1280, 720), (800, 480)])
def test_the_problem_screen_fits_every_size(size: tuple[int, int], tmp_path: Path) -> None:
    pygame.init()
    surface = pygame.Surface(size)
    log = draw_problem(surface, PROBLEM, waited=125)
    assert log.problems() == []
    texts = " ".join(log.texts())
    assert "The settings file has a mistake" in texts and "check-config" in texts
    if size[1] == 1080:
        assert min(d.size for d in log.draws if d.text) >= 36
    pygame.image.save(surface, str(tmp_path / f"problem-{size[0]}.png"))


@pytest.mark.parametrize("language", ["fr", "de"])
@pytest.mark.parametrize("size", [(1920, 1080), (1280, 720), (800, 480)])
def test_the_problem_screen_speaks_the_screens_language(
        size: tuple[int, int], language: str, tmp_path: Path) -> None:
    """The headline, labels and fix in French or German, fitting every size; the path and
    the system's own message as they come; the log's words stay English."""
    from companion.app.runner import _pads_problem
    from companion.i18n import WORDS

    pygame.init()
    problem = _pads_problem("serial")(OSError(2, "No such file: '/dev/mush-pad-hub'"))
    assert problem.what == "The button pads cannot be started"  # the log's and systemd's
    assert problem.fix.startswith("Plug the pad hub in (USB)")
    surface = pygame.Surface(size)
    log = draw_problem(surface, problem, waited=125, language=language)
    assert log.problems() == []
    texts = " ".join(log.texts())
    for key in ("f.title", "f.pads", "f.where"):
        assert WORDS[key][language] in texts, key
    assert WORDS["f.waited"][language].format(minutes=2) in texts
    assert "pads: serial" in texts and "/dev/mush-pad-hub" in texts
    assert "cannot" not in texts and "Plug" not in texts
    if size[1] == 1080:
        assert min(d.size for d in log.draws if d.text) >= 36
    pygame.image.save(surface, str(tmp_path / f"problem-{language}-{size[0]}.png"))


@pytest.mark.slow
def test_a_config_mistake_waits_on_screen_then_starts_when_fixed(
        tmp_path: Path, config: Path) -> None:
    good = config.read_text()
    config.write_text(good + '[voice]\nlanguage = "klingon"\n')
    child = Child(tmp_path, config)
    try:
        status = child.wait_for("STATUS=Waiting")
        assert "READY=1" in status and "settings file" in status
        child.turns(2)  # it waits instead of exiting into a restart loop
        config.write_text(good)
        child.wait_for("Table ready")
    finally:
        log = child.stop()
    assert "Traceback" not in log
    assert log.count("cannot start: The settings file has a mistake") == 1, "logged once"
    assert "table ready" in log


@pytest.mark.slow
def test_a_second_run_on_the_same_journal_says_who_holds_it(
        tmp_path: Path, config: Path, child: Child) -> None:
    child.wait_for("Table ready")
    journal = tmp_path / "journal.sqlite3"
    assert holder(journal) == child.process.pid
    before = journal.stat().st_mtime_ns
    second = Child(tmp_path, config, name="second.sock")
    assert second.process.wait(timeout=30) == EXIT_NO_RESTART
    second.server.close()
    assert second.process.stderr is not None
    err = second.process.stderr.read()
    assert f"process {child.process.pid}" in err and "Traceback" not in err
    assert journal.stat().st_mtime_ns == before, "the second program wrote nothing"
    with pytest.raises(JournalBusyError):
        JournalLock(journal).acquire()
    assert "Traceback" not in child.stop()


@pytest.mark.slow
def test_new_game_reaches_the_running_companion(tmp_path: Path, config: Path,
                                                 child: Child) -> None:
    child.wait_for("Table ready")
    done = subprocess.run([sys.executable, "-m", "companion.app.cli", "new-game", "--config",
                           str(config)], capture_output=True, text=True, timeout=60,
                          env={**os.environ, "SDL_VIDEODRIVER": "dummy"})
    assert done.returncode == 0, done.stderr
    assert "running companion" in done.stdout and str(child.process.pid) in done.stdout
    assert not request_path(tmp_path / "journal.sqlite3").exists()
    child.turns(2)  # the service never dies of it
    log = child.stop()
    assert "new-game request" in log and "Traceback" not in log


def test_new_game_without_a_running_companion_writes_directly(tmp_path: Path,
                                                              config: Path) -> None:
    done = subprocess.run([sys.executable, "-m", "companion.app.cli", "new-game", "--config",
                           str(config)], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    with Journal(tmp_path / "journal.sqlite3") as journal:
        assert journal.current_game() is not None


@pytest.mark.slow
def test_a_failing_step_is_shown_pinged_and_retried_until_it_works(
        caplog: pytest.LogCaptureFixture) -> None:
    """The pads (or sound, or journal) fail twice, then work: one log line, one screen,
    the watchdog pinged throughout, and the step's result handed on."""
    import logging

    from companion.app import service
    from companion.app.runner import Startup
    from companion.display import Display

    class Counting(service.Notifier):
        def __init__(self) -> None:
            super().__init__(socket_name="")
            self.pings = 0

        def notify(self, **fields: service.FieldValue) -> bool:
            self.pings += "WATCHDOG" in fields
            return True

    notifier = Counting()
    startup = Startup(service.StopFlag(), service.Watchdog(0.2, notifier), retry=0.3)
    startup.display = Display(size=(800, 480))
    tries = []

    def pads() -> str:
        tries.append(time.monotonic())
        if len(tries) < 3:
            raise OSError(2, "No such file or directory: '/dev/mush-pad-hub'")
        return "pads"

    def explain(error: Exception) -> Problem:
        return Problem("The button pads cannot be started", "pads: serial",
                       "Plug the pad hub in.", str(error))

    try:
        with caplog.at_level(logging.INFO, logger="companion"):
            assert startup.attempt(pads, explain) == "pads"
        shown = pygame.display.get_surface()
        assert shown is not None and shown.get_at((400, 10))[:3] != (0, 0, 0)
    finally:
        startup.display.close()
    assert len(tries) == 3 and tries[2] - tries[0] >= 0.5
    assert notifier.pings >= 2
    errors = [r for r in caplog.records if r.levelname == "ERROR"]
    assert len(errors) == 1 and "button pads" in errors[0].getMessage()
    assert any("fixed" in r.getMessage() for r in caplog.records)


def test_a_stop_while_waiting_ends_the_wait() -> None:
    from companion.app import service
    from companion.app.runner import Startup, _Stopped

    stop = service.StopFlag()
    startup = Startup(stop, service.Watchdog(None), retry=0.2)

    def never() -> None:
        stop.set()
        raise RuntimeError("no screen")

    with pytest.raises(_Stopped):
        startup.attempt(never, lambda e: Problem("x", "y", "z", str(e)))
