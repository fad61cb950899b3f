"""Backup and restore beside a real `mush-companion run` that is writing its journal.

The table is a real `run` process: its pads are a pad hub emulated on a real pty, and
random presses on it play a game, so the journal grows while `mush-companion backup`
copies it. The promise checked is the one the commands make: the backup holds every
event committed before it began and nothing that never was (its rows are a prefix of
the journal's), it opens, and the table resumes it; a restore refuses while another
program holds the journal, and with the service running it stops and starts it.
"""

from __future__ import annotations

import contextlib
import json
import os
import random
import re
import signal
import sqlite3
import stat
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from pads.hub_emulator import EmulatedHub
from store.helpers import backup_files, backup_manifest

from companion.app.maintenance import ServiceUnit, restore_backup
from companion.config import paths
from companion.games.mush import Settings
from companion.games.mush.dice import SeededDice
from companion.games.mush.engine import start_game
from companion.store import Journal

pytestmark = pytest.mark.slow

CLI = [sys.executable, "-m", "companion.app.cli"]
LIMIT = 180.0  # a deadline for a stuck program, not a timing: a loaded machine is slow


def env_for(home: Path) -> dict[str, str]:
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
           "PYGAME_HIDE_SUPPORT_PROMPT": "1", "XDG_CONFIG_HOME": str(home / "xdg-config"),
           "XDG_DATA_HOME": str(home / "xdg-data")}
    for name in ("NOTIFY_SOCKET", "WATCHDOG_USEC", "STATE_DIRECTORY"):
        env.pop(name, None)
    return env


def config_file(folder: Path, journal: Path, hub: EmulatedHub | None) -> Path:
    pads = (f'[pads]\nsource = "serial"\n[pads.serial]\nport = "{hub.link}"\n'
            if hub is not None else '[pads]\nsource = "mock"\n')
    path = folder / "config.toml"
    path.write_text(f'[store]\npath = "{journal}"\n[display]\nfullscreen = false\n'
                    '[voice]\nmuted = true\n' + pads)
    return path


def count(journal: Path) -> int:
    if not journal.exists():
        return 0
    conn = sqlite3.connect(f"{journal.resolve().as_uri()}?mode=ro", uri=True)
    try:
        return int(conn.execute("SELECT COUNT(*) FROM events").fetchone()[0])
    except sqlite3.Error:
        return 0
    finally:
        conn.close()


def rows(journal: Path) -> list[tuple[object, ...]]:
    conn = sqlite3.connect(journal)
    try:
        return conn.execute("SELECT id, game_id, seq, batch, event, time FROM events "
                            "ORDER BY id").fetchall()
    finally:
        conn.close()


def wait_for(check: object, what: str, seconds: float = LIMIT) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if check():  # type: ignore[operator]
            return
        time.sleep(0.05)
    pytest.fail(f"waited {seconds:.0f} s for {what}")


class Presser:
    """Random presses on the emulated hub, from a thread, until stopped."""

    def __init__(self, hub: EmulatedHub, seed: int) -> None:
        self.hub = hub
        self.rng = random.Random(seed)
        self.stop = threading.Event()
        self.thread = threading.Thread(target=self.run, daemon=True)

    def run(self) -> None:
        while not self.stop.is_set():
            pad, button = self.rng.randrange(4), self.rng.choice("LRSSS")
            with contextlib.suppress(OSError, AssertionError):
                self.hub.send_presses([(pad, button, "D"), (pad, button, "U")])
            self.stop.wait(0.04)

    def __enter__(self) -> Presser:
        self.thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop.set()
        self.thread.join(timeout=5)


@contextlib.contextmanager
def running(config: Path, home: Path, log: Path) -> Iterator[subprocess.Popen[bytes]]:
    with log.open("ab") as out:
        process = subprocess.Popen([*CLI, "run", "--config", str(config)], env=env_for(home),
                                   stdout=out, stderr=out)
    try:
        yield process
    finally:
        if process.poll() is None:
            process.send_signal(signal.SIGTERM)
            try:
                process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()


def cli(home: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([*CLI, *args], capture_output=True, text=True, timeout=120,
                          env=env_for(home), cwd=home, check=False)


def resumed(log: Path) -> tuple[int, int, str] | None:
    found = re.findall(r"resuming game (\d+): round (\d+), (\w+)", log.read_text())
    return (int(found[-1][0]), int(found[-1][1]), found[-1][2]) if found else None


def test_a_backup_taken_while_run_writes_loses_nothing_and_resumes(tmp_path: Path) -> None:
    table = tmp_path / "table"
    table.mkdir()
    journal = table / "journal.sqlite3"
    hub = EmulatedHub(tmp_path)
    hub.plug()
    log = tmp_path / "run.log"
    config = config_file(tmp_path, journal, hub)
    # The game is under way when the table starts (random presses in setup may spell
    # names for ever instead of starting one); the presses play it on.
    settings = Settings.make(["Ann", "Bea", "Cid", "Dan"])
    with Journal(journal) as book:
        book.append(book.new_game(settings), start_game(settings, SeededDice(7))[1])
    try:
        with running(config, tmp_path, log) as process, Presser(hub, seed=7):
            wait_for(lambda: count(journal) >= 8, "the game to be under way")
            before = count(journal)
            made = cli(tmp_path, "backup", "--config", str(config), str(tmp_path / "b.tar.gz"))
            assert made.returncode == 0, made.stderr
            wait_for(lambda: count(journal) > before + 4, "more events after the backup")
            # The table is still playing: a restore must not pull the journal from under it.
            refused = cli(tmp_path, "restore", "--config", str(config),
                          str(tmp_path / "b.tar.gz"))
            assert refused.returncode == 1
            assert f"in use by process {process.pid}" in refused.stderr, refused.stderr
            assert "nothing was changed" in refused.stderr
            assert process.poll() is None
        final = rows(journal)
        files = backup_files(tmp_path / "b.tar.gz")
        manifest = json.loads(files["manifest.json"])
        copy = tmp_path / "copy.sqlite3"
        copy.write_bytes(files["games/mush.sqlite3"])
        backed_up = rows(copy)
        # Nothing lost: every event committed before the backup began is in it; nothing
        # invented: its rows are exactly the journal's first rows.
        assert len(backed_up) >= before
        assert backed_up == final[:len(backed_up)]
        assert len(final) > len(backed_up)
        assert manifest["journals"]["mush"]["events"] == len(backed_up)
        with Journal(copy, recover=False) as book:
            current = book.current_game()
            assert current is not None
            state = book.replay(current.id)
        # Restore it with the table stopped, then start the table: it resumes that moment.
        restored = cli(tmp_path, "restore", "--config", str(config), str(tmp_path / "b.tar.gz"))
        assert restored.returncode == 0, restored.stderr
        assert "what it replaced is kept in" in restored.stdout
        assert rows(journal) == backed_up
        kept = sorted((table / "backups").glob("before-restore-*.tar.gz"))
        assert len(kept) == 1
        assert backup_manifest(kept[0])["journals"]["mush"]["events"] == len(final)
        log.write_text("")
        with running(config, tmp_path, log):
            wait_for(lambda: resumed(log) is not None, "the table to resume")
        assert resumed(log) == (current.id, state.round, state.phase.value)
        assert rows(journal)[:len(backed_up)] == backed_up
    finally:
        hub.unplug()


FAKE_SYSTEMCTL = """#!/bin/sh
# systemctl for one unit, whose main process is `mush-companion run` started here.
dir={dir}
case $1 in
  is-active)
    if [ -f "$dir/pid" ] && kill -0 "$(cat "$dir/pid")" 2>/dev/null \\
        && ! grep -q '^State:.*Z' "/proc/$(cat "$dir/pid")/status" 2>/dev/null; then
        echo active; exit 0
    fi
    echo inactive; exit 3 ;;
  stop)
    echo stop >> "$dir/calls"
    if [ -f "$dir/pid" ]; then
        pid=$(cat "$dir/pid"); kill -TERM "$pid" 2>/dev/null
        n=0
        while kill -0 "$pid" 2>/dev/null && ! grep -q '^State:.*Z' "/proc/$pid/status" \\
            && [ $n -lt 300 ]; do sleep 0.1; n=$((n + 1)); done
        rm -f "$dir/pid"
    fi ;;
  start)
    echo start >> "$dir/calls"
    {python} -m companion.app.cli run --config {config} >> "$dir/run.log" 2>&1 &
    echo $! > "$dir/pid" ;;
esac
"""


def test_restore_with_the_service_running_stops_it_and_starts_it_again(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    state_dir = tmp_path / "state"
    state_dir.mkdir()
    journal = state_dir / "journal.sqlite3"
    config = config_file(tmp_path, journal, None)
    unit_dir = tmp_path / "unit"
    unit_dir.mkdir()
    systemctl = unit_dir / "systemctl"
    systemctl.write_text(FAKE_SYSTEMCTL.format(dir=unit_dir, python=sys.executable,
                                               config=config))
    systemctl.chmod(systemctl.stat().st_mode | stat.S_IXUSR)
    unit = ServiceUnit(systemctl=str(systemctl), systemd_dir=unit_dir, settle=1.0)
    monkeypatch.setattr(paths, "SERVICE_STATE_DIR", state_dir)
    for name, value in env_for(tmp_path).items():
        monkeypatch.setenv(name, value)
    monkeypatch.chdir(tmp_path)
    from store.test_backup import journal_with_game

    game = journal_with_game(journal, seed=5, finish_first=False)
    made = cli(tmp_path, "backup", "--config", str(config))
    assert made.returncode == 0, made.stderr
    written = next((state_dir / "backups").glob("backup-*.tar.gz"))
    with Journal(journal) as book:
        expected = book.replay(game)
        book.new_game(book.settings(game))  # the table moved on to another game
    try:
        assert unit.start() is None
        log = unit_dir / "run.log"
        wait_for(lambda: "table ready" in log.read_text() if log.exists() else False,
                 "the service to be up")
        first = int((unit_dir / "pid").read_text())
        said: list[str] = []
        outcome = restore_backup(written, journal, config=config, unit=unit, say=said.append)
        assert outcome.stopped_service and outcome.service_problem is None
        assert said == ["stopping the service (mush-companion) while the journal is replaced"]
        assert (unit_dir / "calls").read_text().split() == ["start", "stop", "start"]
        second = int((unit_dir / "pid").read_text())
        assert second != first and unit.active()
        wait_for(lambda: resumed(log) is not None, "the service to resume the game")
        assert resumed(log) == (game, expected.round, expected.phase.value)
    finally:
        subprocess.run([str(systemctl), "stop", "mush-companion"], timeout=60, check=False)
