"""Nothing a file or a name does stops the table: the real `mush-companion run`, `state`
and `new-game` as child processes, with hostile settings files, hostile names in the
config and in the journal, and five `new-game` calls at once.

Each child has SDL's dummy drivers and a real notify socket standing in for systemd; a
timeout on every wait turns a hang into a failure instead of a stuck test run.
"""

from __future__ import annotations

import os
import random
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from companion.app.loop import Companion
from companion.app.runner import SteppedClock
from companion.config.file import parse_config
from companion.config.names import name_problem
from companion.config.prefs import FILE_NAME
from companion.display import Display
from companion.games.mush import Settings
from companion.games.mush.bots import sensible_policy
from companion.games.mush.dice import SeededDice
from companion.games.mush.engine import start_game
from companion.games.mush.model import Phase
from companion.games.mush.table.bots import BotDriver
from companion.store import Journal

HOSTILE_NAMES = ("\u200b", "a\x00b", "\u2060", "\ufeff\u00ad", "\x1b[2J", "Zoë\u200b")
"""Names a journal written before the name rule may hold (all but a lone surrogate, which
could never be written; the painter's own test draws that one)."""


def env(sock: Path | None = None) -> dict[str, str]:
    extra = {"NOTIFY_SOCKET": str(sock), "WATCHDOG_USEC": "400000",  # a ping every 0.2 s
             "WATCHDOG_PID": ""} if sock else {}
    return {**os.environ, **extra, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}


class Run:
    """A `mush-companion run` and the notify socket it reports to, read all the while
    (systemd always reads it; a socket left unread blocks the sender after a few pings)."""

    def __init__(self, tmp_path: Path, config: Path) -> None:
        self.sock_path = tmp_path / f"notify-{time.monotonic_ns()}.sock"
        self.server = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
        self.server.bind(str(self.sock_path))
        self.server.settimeout(0.2)
        self.messages: list[str] = []
        self._closed = threading.Event()
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()
        self.process = subprocess.Popen(
            [sys.executable, "-m", "companion.app.cli", "run", "--config", str(config),
             "--pads", "mock"], env=env(self.sock_path), stderr=subprocess.PIPE, text=True)

    def _read(self) -> None:
        while not self._closed.is_set():
            try:
                self.messages.append(self.server.recv(4096).decode())
            except (TimeoutError, OSError):
                continue

    def wait_for(self, text: str, timeout: float = 60) -> str:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            for message in list(self.messages):
                if text in message:
                    return message
            assert self.process.poll() is None, f"run ended ({self.process.returncode})"
            time.sleep(0.1)
        raise AssertionError(f"{text!r} never arrived; got {self.messages}")

    def turns(self, count: int, timeout: float = 60) -> None:
        """Wait for `count` more watchdog pings: the main loop came round that many times
        more (a crash or a hang stops the pings), however slowly a busy machine runs it."""
        def pings() -> int:
            return sum("WATCHDOG=1" in m.split("\n") for m in list(self.messages))

        wanted = pings() + count
        deadline = time.monotonic() + timeout
        while pings() < wanted:
            assert self.process.poll() is None, f"run ended ({self.process.returncode})"
            assert time.monotonic() < deadline, f"{count} turns never came; {self.messages}"
            time.sleep(0.05)

    def _close(self) -> None:
        self._closed.set()
        self._reader.join(5)
        self.server.close()

    def stop(self) -> str:
        """SIGTERM, as systemd stops it: exit 0 within 20 s, and its stderr."""
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            assert self.process.wait(timeout=20) == 0
        self._close()
        assert self.process.stderr is not None
        return self.process.stderr.read()

    def kill(self) -> None:
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait()
        self._close()


@pytest.fixture
def started(tmp_path: Path) -> Iterator[Callable[[Path], Run]]:
    runs: list[Run] = []

    def start(config: Path) -> Run:
        runs.append(Run(tmp_path, config))
        return runs[-1]

    yield start
    for run in runs:
        run.kill()


def write_config(tmp_path: Path, extra: str = "") -> Path:
    path = tmp_path / "config.toml"
    path.write_text(f'[store]\npath = "{tmp_path / "journal.sqlite3"}"\n'
                    f'[display]\nfullscreen = false\n{extra}', encoding="utf-8")
    return path


def cli(*args: str, timeout: float = 60) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "companion.app.cli", *args], capture_output=True,
                          text=True, timeout=timeout, env=env())


def hostile_journal(path: Path, finished: bool = False) -> int:
    """A game in progress (or over) whose players carry names the rule now refuses."""
    settings = Settings.make(list(HOSTILE_NAMES))
    with Journal(path) as journal:
        game_id = journal.new_game(settings)
        journal.append(game_id, start_game(settings, SeededDice(3))[1])
        if finished:
            journal.abandon(game_id)
    return game_id


SETTINGS_FILES: dict[str, Callable[[Path], None]] = {
    "5,000-digit number": lambda p: p.write_text('{"volume": ' + "9" * 5000 + "}"),
    "100,000 nested brackets": lambda p: p.write_text("[" * 100_000 + "]" * 100_000),
    "a FIFO": lambda p: os.mkfifo(p),
    "a link to /dev/zero": lambda p: p.symlink_to("/dev/zero"),
}


# --- the settings file ---------------------------------------------------------------------


@pytest.mark.slow
@pytest.mark.parametrize("case", SETTINGS_FILES, ids=list(SETTINGS_FILES))
def test_run_starts_past_a_hostile_settings_file(tmp_path: Path, case: str,
                                                 started: Callable[[Path], Run]) -> None:
    """It used to raise at every start (a crash loop), or hang where SIGTERM could not
    stop it, or read until the memory ran out."""
    settings = tmp_path / FILE_NAME
    SETTINGS_FILES[case](settings)
    run = started(write_config(tmp_path))
    run.wait_for("Table ready")
    run.turns(3)  # the table stays up
    err = run.stop()
    assert "Traceback" not in err
    assert f"table settings: {settings}: " in err and "set aside as" in err
    assert not os.path.lexists(settings) and os.path.lexists(f"{settings}.damaged")


@pytest.mark.slow
@pytest.mark.parametrize("case", SETTINGS_FILES, ids=list(SETTINGS_FILES))
def test_state_names_a_hostile_settings_file(tmp_path: Path, case: str) -> None:
    config = write_config(tmp_path)
    hostile_journal(tmp_path / "journal.sqlite3")
    settings = tmp_path / FILE_NAME
    SETTINGS_FILES[case](settings)
    done = cli("state", "--config", str(config), timeout=30)
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr
    assert f"table settings ignored: {settings}: " in done.stderr
    assert "Game 1 (in progress)" in done.stdout
    assert os.path.lexists(settings) and not os.path.lexists(f"{settings}.damaged")
    assert done.stdout.isprintable() or all(line.isprintable()
                                            for line in done.stdout.splitlines())
    as_json = cli("state", "--json", "--config", str(config), timeout=30)
    assert as_json.returncode == 0 and "Traceback" not in as_json.stderr


# --- names ---------------------------------------------------------------------------------


@pytest.mark.slow
def test_a_hostile_name_in_the_config_waits_on_screen_instead_of_a_crash_loop(
        tmp_path: Path, started: Callable[[Path], Run]) -> None:
    config = write_config(tmp_path, '[game]\nplayers = ["Ann", "\u200b"]\n')
    run = started(config)
    status = run.wait_for("STATUS=Waiting")
    assert "game.players.1" in status and "invisible characters" in status
    assert not (tmp_path / "journal.sqlite3").exists(), "nothing journalled"
    config.write_text(config.read_text(encoding="utf-8").replace("\u200b", "Bo"),
                      encoding="utf-8")
    run.wait_for("Table ready")
    assert "Traceback" not in run.stop()


@pytest.mark.slow
def test_a_journal_holding_hostile_names_resumes(tmp_path: Path,
                                                 started: Callable[[Path], Run]) -> None:
    """Such a journal used to crash at its first frame, at every start."""
    journal = tmp_path / "journal.sqlite3"
    hostile_journal(journal)
    with Journal(journal, recover=False) as book:
        before = len(book.load(1))
    run = started(write_config(tmp_path))
    run.wait_for("Table ready")
    run.turns(5)  # the game in progress, drawn turn after turn
    err = run.stop()
    assert "Traceback" not in err and "resuming game 1" in err
    with Journal(journal, recover=False) as book:
        assert book.current_game() is not None and len(book.load(1)) == before


def test_setup_after_a_game_with_hostile_names_starts_a_new_game(tmp_path: Path) -> None:
    """In-process: the finished game's names come back to setup made usable, the bots
    press "Start the game", and the new game is journalled and drawn."""
    path = tmp_path / "journal.sqlite3"
    old = hostile_journal(path, finished=True)
    config = parse_config({"store": {"path": str(path)}})
    display = Display(size=(800, 480), fullscreen=False)
    app = Companion(config, Journal(path), dice=SeededDice(4), clock=SteppedClock(0.3),
                    display=display)
    try:
        names = app.controller.config.seat_names
        assert len(names) == 6 and all(name_problem(n) is None for n in names), names
        assert names[2] == "Green" and names[5] == "Zoë"
        driver = BotDriver(app.controller, dict.fromkeys(range(6), sensible_policy),
                           random.Random(4), setup_seat=0)
        for _ in range(300):
            for event in driver.presses():
                app.events.put(event)
            app.step(wait=0)
            assert isinstance(app.clock, SteppedClock)
            app.clock.tick()
            if app.game_id is not None and app.controller.state.phase is not Phase.TRAINING:
                break
        assert app.game_id is not None and app.game_id != old
        app.draw()
    finally:
        app.close()
    with Journal(path, recover=False) as book:
        assert book.settings(app.game_id).names == names


# --- new-game ------------------------------------------------------------------------------


def test_five_new_games_at_once_make_one_game(tmp_path: Path) -> None:
    journal = tmp_path / "journal.sqlite3"
    config = write_config(tmp_path, '[game]\nplayers = ["Ann", "Bo", "Cy"]\n')
    with Journal(journal) as book:  # a game in progress, with moves played
        settings = Settings.make(["Xan", "Yod"])
        first = book.new_game(settings)
        book.append(first, start_game(settings, SeededDice(1))[1])
    calls = [subprocess.Popen([sys.executable, "-m", "companion.app.cli", "new-game", "--config",
                               str(config)], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                              text=True, env=env()) for _ in range(5)]
    outputs = [call.communicate(timeout=120) for call in calls]
    assert [call.returncode for call in calls] == [0] * 5, outputs
    said = [out.strip().splitlines()[-1] for out, _ in outputs]
    made = [line for line in said if "created for Ann, Bo, Cy" in line]
    kept = [line for line in said if "is already a new game" in line]
    assert len(made) == 1 and len(kept) == 4, said
    assert sum(f"game {first} abandoned" in out for out, _ in outputs) == 1
    with Journal(journal, recover=False) as book:
        games = book.games()
        assert len(games) == 2, "one new game, not five"
        assert games[0].finished is not None and games[1].finished is None
        assert kept[0].startswith(f"game {games[1].id} for Ann, Bo, Cy")
    assert all("Traceback" not in err for _, err in outputs)


@pytest.mark.slow
def test_five_new_games_at_once_reach_a_running_companion_truthfully(
        tmp_path: Path, started: Callable[[Path], Run]) -> None:
    journal = tmp_path / "journal.sqlite3"
    config = write_config(tmp_path, '[game]\nplayers = ["Ann", "Bo", "Cy"]\n')
    with Journal(journal) as book:
        settings = Settings.make(["Xan", "Yod"])
        book.append(book.new_game(settings), start_game(settings, SeededDice(1))[1])
    run = started(config)
    run.wait_for("Table ready")
    calls = [subprocess.Popen([sys.executable, "-m", "companion.app.cli", "new-game", "--config",
                               str(config)], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                              text=True, env=env()) for _ in range(5)]
    outputs = [call.communicate(timeout=120) for call in calls]
    assert [call.returncode for call in calls] == [0] * 5, [err for _, err in outputs]
    said = [out.strip() for out, _ in outputs]
    abandoned = [s for s in said if "abandoned its game" in s]
    at_setup = [s for s in said if s.startswith("no game was in progress; the running "
                                                f"companion (process {run.process.pid})")]
    assert len(abandoned) == 1 and len(at_setup) == 4, said
    assert run.process.poll() is None
    assert "Traceback" not in run.stop()
    with Journal(journal, recover=False) as book:
        assert [g.finished is not None for g in book.games()] == [True]
