"""`make faults`, the files-and-names classes: hostile settings files, config files, player
names and store paths, injected into real files and real `mush-companion` processes.

A fault is survived when the program named it and carried on as designed: `run` reached
"Table ready", stayed up and stopped cleanly on SIGTERM with the bad settings file set
aside; `state` printed the game and exited 0; `check-config` exited 2 naming the file and
the key; a hostile name was refused where it entered, or drawn without raising where it
was already journalled. "Tracebacks" counts every traceback a process printed or an
exception that escaped in-process, and must be 0. No journal event is at stake in these
classes (the journal is never touched), so "events lost" stays 0 unless a journal lost one.
"""

from __future__ import annotations

import os
import random
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import traceback
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from benchmarks.fault_kit import Row
from companion.games.mush import Settings
from companion.games.mush.dice import SeededDice
from companion.games.mush.engine import start_game
from companion.store import Journal

ENV = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}

SETTINGS_FILES: dict[str, Callable[[Path], None]] = {
    "5,000-digit number": lambda p: p.write_text('{"volume": ' + "9" * 5000 + "}"),
    "100,000 nested brackets": lambda p: p.write_text("[" * 100_000 + "]" * 100_000),
    "a FIFO": lambda p: os.mkfifo(p),
    "a link to /dev/zero": lambda p: p.symlink_to("/dev/zero"),
}

HOSTILE_NAMES = ["\ud800", "a\x00b", "\u200b", "\u2060", "\ufeff", "\u00ad", "\x1b[2J", "\u202e",
                 "\ue000", "山田", "x" * 100, "", "   ", "\u200b\u2060\ufeff\u00ad"]


def _tracebacks(text: str) -> int:
    return text.count("Traceback (most recent call last)")


class _Run:
    """A real `mush-companion run` whose notify socket is read all the while."""

    def __init__(self, config: Path, work: Path) -> None:
        self.sock = work / f"notify-{time.monotonic_ns()}.sock"
        self.server = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
        self.server.bind(str(self.sock))
        self.server.settimeout(0.2)
        self.heard: list[str] = []
        self.done = threading.Event()
        self.reader = threading.Thread(target=self._read, daemon=True)
        self.reader.start()
        self.err = open(work / f"run-{time.monotonic_ns()}.err", "w+")  # noqa: SIM115
        self.process = subprocess.Popen(
            [sys.executable, "-m", "companion.app.cli", "run", "--config", str(config), "--pads",
             "mock"], stderr=self.err, text=True,
            env={**ENV, "NOTIFY_SOCKET": str(self.sock), "WATCHDOG_USEC": "2000000",
                 "WATCHDOG_PID": ""})

    def _read(self) -> None:
        while not self.done.is_set():
            try:
                self.heard.append(self.server.recv(4096).decode())
            except OSError:
                continue

    def wait_for(self, text: str, seconds: float = 60) -> bool:
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline and self.process.poll() is None:
            if any(text in m for m in list(self.heard)):
                return True
            time.sleep(0.1)
        return False

    def stop(self) -> tuple[bool, str]:
        """SIGTERM; (stopped with 0 within 20 s, stderr)."""
        clean = False
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                clean = self.process.wait(timeout=20) == 0
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self.done.set()
        self.reader.join(5)
        self.server.close()
        self.err.seek(0)
        text = self.err.read()
        self.err.close()
        return clean, text


@contextmanager
def _folder() -> Iterator[Path]:
    with tempfile.TemporaryDirectory() as tmp:
        yield Path(tmp)


def _config(work: Path, extra: str = "") -> Path:
    path = work / "config.toml"
    path.write_text(f'[store]\npath = "{work / "journal.sqlite3"}"\n'
                    f'[display]\nfullscreen = false\n{extra}', encoding="utf-8")
    return path


def _journal(path: Path, names: list[str] | None = None) -> None:
    settings = Settings.make(names or ["Ann", "Bo", "Cy"])
    with Journal(path) as journal:
        journal.append(journal.new_game(settings), start_game(settings, SeededDice(3))[1])


def _cli(*args: str, timeout: float = 60) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "companion.app.cli", *args], capture_output=True,
                          text=True, timeout=timeout, env=ENV)


# --- the classes ---------------------------------------------------------------------------


def settings_run(table: list[Any]) -> None:
    """A hostile settings file beside the journal, then a real `run`."""
    row = Row("settings file: run")
    for make in SETTINGS_FILES.values():
        with _folder() as work:
            _journal(work / "journal.sqlite3")
            make(work / "table-settings.json")
            row.injected += 1
            run = _Run(_config(work), work)
            up = run.wait_for("Table ready")
            time.sleep(1.0)
            up = up and run.process.poll() is None
            clean, err = run.stop()
            aside = os.path.lexists(work / "table-settings.json.damaged")
            row.survived += int(up and clean and aside and "table-settings.json" in err)
            row.tracebacks += _tracebacks(err)
    table.append(row)


def settings_state(table: list[Any]) -> None:
    """A hostile settings file, then `state` (which must not move it)."""
    row = Row("settings file: state")
    for make in SETTINGS_FILES.values():
        with _folder() as work:
            _journal(work / "journal.sqlite3")
            make(work / "table-settings.json")
            row.injected += 1
            try:
                done = _cli("state", "--config", str(_config(work)), timeout=30)
            except subprocess.TimeoutExpired:
                continue
            row.survived += int(done.returncode == 0 and "Game 1" in done.stdout
                                and os.path.lexists(work / "table-settings.json"))
            row.tracebacks += _tracebacks(done.stderr)
    table.append(row)


def settings_fuzzed(table: list[Any], rounds: int) -> None:
    """A valid settings file damaged at random (bytes flipped, cut, spliced with deep
    brackets, long numbers, hostile names), loaded as `run` loads it, in-process."""
    from companion.config.prefs import Prefs, PrefsStore
    from companion.games.mush.config import ChartPref, with_chart

    good = Prefs(volume=0.4, seat_names=("Ann", "Bo"), names=("Léa",), claim_seconds=30.0)
    good = with_chart(good, "central", ChartPref(("warm",) * 4 + ("cold",) * 2, True))
    rng = random.Random(21)
    splices = ["[" * 5000, "9" * 400, '"\\ud800"', '"\\u0000"', '"\u200b"', "1e999", "NaN",
               '{"seat_names": ["\\ufeff", "\\u00ad"]}', "\xff\xfe", "{" * 40 + "}" * 40]
    row = Row("settings file: fuzzed")
    with _folder() as work:
        path = work / "table-settings.json"
        for _ in range(rounds):
            PrefsStore(path).save(good)
            data = bytearray(path.read_bytes())
            for _ in range(rng.randint(1, 4)):
                how = rng.randrange(3)
                at = rng.randrange(len(data))
                if how == 0:
                    data[at] ^= 1 << rng.randrange(8)
                elif how == 1:
                    del data[at:]
                    data = data or bytearray(b"{")
                else:
                    data[at:at] = rng.choice(splices).encode("utf-8", "surrogatepass")
            path.write_bytes(bytes(data))
            row.injected += 1
            try:
                store = PrefsStore(path)
                prefs = store.load()
                store.save(prefs)  # what was read can be written back
                row.survived += int(PrefsStore(path).load() == prefs)
            except Exception:
                row.tracebacks += 1
                traceback.print_exc()
            for leftover in work.iterdir():
                leftover.unlink()
    table.append(row)


def hostile_configs(table: list[Any]) -> None:
    """`check-config` on hostile config files and hostile store paths, as a process."""
    configs: dict[str, Callable[[Path], None]] = {
        "5,000-digit number": lambda p: p.write_text("[display]\nfps = " + "9" * 5000),
        "100,000 nested brackets": lambda p: p.write_text(
            "[display]\nsize = " + "[" * 100_000 + "]" * 100_000),
        "200,000 dotted parts": lambda p: p.write_text("a" + ".a" * 200_000 + " = 1"),
        "200,000 unknown keys": lambda p: p.write_text(
            "".join(f"k{i} = 1\n" for i in range(200_000))),
        "80,000 unknown keys": lambda p: p.write_text(
            "".join(f"k{i} = 1\n" for i in range(80_000))),
        "a FIFO": lambda p: os.mkfifo(p),
        "a link to /dev/zero": lambda p: p.symlink_to("/dev/zero"),
        "~nosuchuser": lambda p: p.write_text('[store]\npath = "~nosuchuser/j.sqlite3"\n'),
        "a zero-width player": lambda p: p.write_text('[game]\nplayers = ["Ann", "\u200b"]\n'),
        "a NUL in a player": lambda p: p.write_text('[game]\nplayers = ["Ann", "a\\u0000"]\n'),
    }
    stores: dict[str, Callable[[Path], str]] = {
        "/dev/null": lambda w: "/dev/null",
        "/proc/…": lambda w: "/proc/journal.sqlite3",
        "/sys/…": lambda w: "/sys/journal.sqlite3",
        "a symlink loop": lambda w: (os.symlink(w / "loop", w / "loop"), str(w / "loop"))[1],
        "a dangling link": lambda w: (os.symlink(w / "none/x", w / "dl"), str(w / "dl"))[1],
        "a FIFO": lambda w: (os.mkfifo(w / "f"), str(w / "f"))[1],
        "a text file": lambda w: ((w / "notes.txt").write_text("milk"), str(w / "notes.txt"))[1],
        "the config itself": lambda w: str(w / "config.toml"),
    }
    row = Row("config: hostile files")
    slowest = 0.0
    for make in configs.values():
        with _folder() as work:
            path = work / "config.toml"
            make(path)
            row.injected += 1
            started = time.perf_counter()
            try:
                done = _cli("check-config", str(path), timeout=60)
            except subprocess.TimeoutExpired:
                continue
            slowest = max(slowest, time.perf_counter() - started)
            row.survived += int(done.returncode == 2 and done.stderr.startswith(f"{path}: "))
            row.tracebacks += _tracebacks(done.stderr)
    table.append(row)
    row = Row("config: store paths")
    for make_store in stores.values():
        with _folder() as work:
            path = work / "config.toml"
            path.write_text(f'[store]\npath = "{make_store(work)}"\n')
            before = path.read_bytes()
            row.injected += 1
            done = _cli("check-config", str(path), timeout=60)
            again = _cli("new-game", "--config", str(path), timeout=60)
            row.survived += int(done.returncode == 2 and "store.path" in done.stderr
                                and again.returncode == 2 and path.read_bytes() == before)
            row.tracebacks += _tracebacks(done.stderr) + _tracebacks(again.stderr)
    table.append(row)
    print(f"(check-config: the slowest hostile config took {slowest:.1f} s, "
          "the largest read being 1 MiB)")


def hostile_names(table: list[Any]) -> None:
    """Names: refused where they enter (config, settings file), drawn where a journal
    already holds them (painter in-process, and a real `run` resuming such a journal)."""
    import pygame

    from companion.config.file import parse_config
    from companion.config.prefs import parse_prefs
    from companion.display.paint import Painter
    from companion.exc import ConfigError

    pygame.font.init()
    row = Row("names: where they enter")
    for name in HOSTILE_NAMES:
        row.injected += 2
        try:
            try:
                parse_config({"game": {"players": ["Ann", name]}})
            except ConfigError as exc:
                row.survived += int(exc.key == "game.players.1")
            prefs, problems = parse_prefs({"seat_names": ["Ann", name]})
            row.survived += int(prefs.seat_names is None and len(problems) == 1)
        except Exception:
            row.tracebacks += 1
            traceback.print_exc()
    table.append(row)
    row = Row("names: painter")
    surface = pygame.Surface((800, 480))
    for name in HOSTILE_NAMES:
        for bold in (False, True):
            row.injected += 1
            try:
                painter = Painter(surface)
                painter.text(name, pygame.Rect(0, 0, 300, 60), 40, bold=bold)
                painter.wrap(name, pygame.Rect(0, 100, 300, 200), 40, bold=bold)
                painter.measure(name, 40, bold)
                row.survived += 1
            except Exception:
                row.tracebacks += 1
                traceback.print_exc()
    table.append(row)
    row = Row("names: journal resumed by run")
    with _folder() as work:
        names = ["\u200b", "a\x00b", "\u2060", "\ufeff\u00ad", "\x1b[2J", "Zoë\u200b"]
        _journal(work / "journal.sqlite3", names)
        with Journal(work / "journal.sqlite3", recover=False) as journal:
            before = len(journal.load(1))
        row.injected = 1
        run = _Run(_config(work), work)
        up = run.wait_for("Table ready")
        time.sleep(2.0)
        up = up and run.process.poll() is None
        clean, err = run.stop()
        with Journal(work / "journal.sqlite3", recover=False) as journal:
            row.lost = before - len(journal.load(1))
        row.survived = int(up and clean)
        row.tracebacks = _tracebacks(err)
    table.append(row)


def new_game_at_once(table: list[Any]) -> None:
    """Five `new-game` at the same moment: one new game, each call saying what it did."""
    row = Row("new-game x5 at once")
    with _folder() as work:
        config = _config(work, '[game]\nplayers = ["Ann", "Bo", "Cy"]\n')
        _journal(work / "journal.sqlite3", ["Xan", "Yod"])
        calls = [subprocess.Popen([sys.executable, "-m", "companion.app.cli", "new-game",
                                   "--config", str(config)], stdout=subprocess.PIPE,
                                  stderr=subprocess.PIPE, text=True, env=ENV) for _ in range(5)]
        outputs = [call.communicate(timeout=120) for call in calls]
        with Journal(work / "journal.sqlite3", recover=False) as journal:
            games = journal.games()
        made = sum("created for" in out for out, _ in outputs)
        kept = sum("already a new game" in out for out, _ in outputs)
        row.injected = 1
        row.survived = int(len(games) == 2 and made == 1 and kept == 4
                           and all(c.returncode == 0 for c in calls))
        row.tracebacks = sum(_tracebacks(err) for _, err in outputs)
    table.append(row)


def temp_after_kill(table: list[Any]) -> None:
    """A process killed between writing the settings' temporary file and renaming it;
    the next start must leave no temporary file behind."""
    from companion.config.prefs import PrefsStore

    row = Row("settings: killed mid-save")
    with _folder() as work:
        path = work / "table-settings.json"
        script = ("import os, time\nfrom pathlib import Path\n"
                  "from companion.config.prefs import Prefs, PrefsStore\n"
                  "os.replace = lambda *a: (print('written', flush=True), time.sleep(600))\n"
                  f"PrefsStore(Path({str(path)!r})).save(Prefs(volume=0.9))\n")
        child = subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE,
                                 text=True)
        assert child.stdout is not None
        child.stdout.readline()
        child.kill()
        child.wait()
        row.injected = int(any(p.name.endswith(".tmp") for p in work.iterdir()))
        PrefsStore(path).load()
        row.survived = int(row.injected and not any(work.iterdir()))
    table.append(row)


def file_faults(table: list[Any], rounds: int = 8) -> None:
    """Every class of this module, appended to `table`."""
    settings_run(table)
    settings_state(table)
    settings_fuzzed(table, rounds * 40)
    hostile_configs(table)
    hostile_names(table)
    new_game_at_once(table)
    temp_after_kill(table)
