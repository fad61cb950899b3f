"""What every class of `make faults` shares: the table's row, a recorded bot game, and a
real `mush-companion run` process with its notify socket.

`faults.py` runs the journal and start-up classes and then the others
(`faults_files.py`, `faults_journal.py`, `faults_hub.py`); each of them takes these
from here, so no module of the run imports the one that runs it.
"""

from __future__ import annotations

import contextlib
import os
import random
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from companion.games.mush import SeededDice, Settings
from companion.games.mush.bots import POLICIES, play_game
from companion.games.mush.events import Event


@dataclass
class Row:
    """One line of the table."""

    kind: str
    injected: int = 0
    survived: int = 0
    lost: int = 0
    tracebacks: int = 0


def recorded(seed: int) -> tuple[Settings, list[list[Event]]]:
    """A whole seeded bot game as the batches the main loop would append."""
    settings = Settings.make([f"P{i}" for i in range(4)])
    steps: list[list[Event]] = []
    _, events = play_game(settings, [POLICIES["sensible"]] * 4, SeededDice(seed),
                              random.Random(seed),
                              on_step=lambda s, c, e: steps.append(list(e)))
    stepped = sum(len(s) for s in steps)
    return settings, [events[: len(events) - stepped], *steps]


def public(batches: list[list[Event]]) -> int:
    return sum(1 for b in batches for e in b if not type(e).private)


@contextlib.contextmanager
def running(config: Path, tmp: Path) -> Iterator[tuple[subprocess.Popen[str], socket.socket]]:
    sock_path = tmp / f"notify-{time.monotonic_ns()}.sock"
    server = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    server.bind(str(sock_path))
    server.settimeout(1)
    env = {**os.environ, "NOTIFY_SOCKET": str(sock_path), "WATCHDOG_USEC": "2000000",
           "WATCHDOG_PID": "", "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    process = subprocess.Popen([sys.executable, "-m", "companion.app.cli", "run", "--config",
                                str(config), "--pads", "mock"], env=env, text=True,
                               stderr=subprocess.PIPE)
    try:
        yield process, server
    finally:
        if process.poll() is None:
            process.send_signal(signal.SIGTERM)
            try:
                process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                process.kill()
        server.close()


def heard(server: socket.socket, text: str, seconds: float) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            if text in server.recv(4096).decode():
                return True
        except TimeoutError:
            continue
    return False
