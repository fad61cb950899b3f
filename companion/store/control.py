"""One program per journal, and how other commands reach the one that holds it.

Why: two programs appending to one journal interleave their commands into a game that
never happened, and a `new-game` written behind the running companion's back made it
crash at its next press. So the program that owns the game (`run`, `demo`) holds an
advisory lock (`flock`) on `<journal>.lock` for as long as it runs, with its pid written
inside so a second start can say who holds it. A command that wants to change the game
while the lock is held does not touch the journal: it leaves a small request file
(`<journal>.new-game`) that the running main loop picks up within a second, and waits
for it to be taken. The lock dies with its process, so a SIGKILL never leaves it stuck.
"""

from __future__ import annotations

import contextlib
import fcntl
import json
import logging
import os
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from companion.exc import CodecError
from companion.store.journal import Journal, JournalError, settings_from_json, settings_to_json

log = logging.getLogger("companion.store")


class JournalBusyError(JournalError):
    """Another program holds the journal; `pid` is who (None if it could not be read)."""

    def __init__(self, path: Path, pid: int | None) -> None:
        self.pid = pid
        who = f"process {pid}" if pid is not None else "another program"
        super().__init__(f"{path} is in use by {who} (mush-companion run); stop it first "
                         "(sudo systemctl stop mush-companion) or use that program")


def lock_path(journal: Path) -> Path:
    """The lock file beside a journal."""
    return journal.with_name(journal.name + ".lock")


def request_path(journal: Path) -> Path:
    """The new-game request file beside a journal."""
    return journal.with_name(journal.name + ".new-game")


class JournalLock:
    """An exclusive advisory lock on a journal, held until `release()` or process exit."""

    def __init__(self, journal: Path) -> None:
        self.journal = Path(journal)
        self.path = lock_path(self.journal)
        self._fd: int | None = None

    def acquire(self) -> None:
        """Take the lock or raise JournalBusyError naming the holder's pid.

        A card that cannot take the lock file (read-only, full) is no reason to refuse to
        play: the journal itself then stays in memory, and the lock is skipped.
        """
        try:
            self.journal.parent.mkdir(parents=True, exist_ok=True)
            fd = os.open(self.path, os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o644)
        except OSError as exc:
            log.warning("cannot make the lock file %s (%s): running without it", self.path,
                        exc.strerror or exc)
            return
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            pid = _read_pid(fd)
            os.close(fd)
            raise JournalBusyError(self.journal, pid) from None
        with contextlib.suppress(OSError):
            os.ftruncate(fd, 0)
            os.pwrite(fd, f"{os.getpid()}\n".encode(), 0)
        self._fd = fd

    def release(self) -> None:
        """Let go of the lock (closing the descriptor releases it)."""
        if self._fd is not None:
            os.close(self._fd)
            self._fd = None

    def __enter__(self) -> JournalLock:
        self.acquire()
        return self

    def __exit__(self, *exc: object) -> None:
        self.release()


def _read_pid(fd: int) -> int | None:
    try:
        text = os.pread(fd, 32, 0).decode("ascii", "replace").strip()
        return int(text) if text.isdigit() else None
    except OSError:
        return None


def holder(journal: Path) -> int | None:
    """The pid of the program holding the journal, or None when it is free.

    Returns -1 when it is held but the pid cannot be read.
    """
    try:
        with JournalLock(journal):
            return None
    except JournalBusyError as busy:
        return busy.pid if busy.pid is not None else -1


@dataclass(frozen=True)
class NewGameRequest:
    """A request, left by `mush-companion new-game`, to abandon the game and set up anew."""

    settings: Any
    pid: int | None


def ask_for_new_game(journal: Path, settings: Any, timeout: float = 10.0) -> str:
    """Start a new game: directly when no program holds the journal, else by request.

    Returns what happened, for the terminal; raises JournalError when the running program
    did not take the request in `timeout` seconds (the request is then withdrawn, so
    nothing changes later behind the user's back).
    """
    try:
        lock = JournalLock(journal)
        lock.acquire()
    except JournalBusyError as busy:
        return _by_request(journal, settings, busy, timeout)
    try:
        with Journal(journal) as book:
            previous = book.current_game()
            game_id = book.new_game(settings)
    finally:
        lock.release()
    head = f"game {previous.id} abandoned\n" if previous is not None else ""
    return (f"{head}game {game_id} created for {', '.join(settings.names)} in {journal}; "
            "the companion deals it when it next starts")


def _by_request(journal: Path, settings: Any, busy: JournalBusyError,
                timeout: float) -> str:
    target = request_path(journal)
    temporary = target.with_name(f"{target.name}.{os.getpid()}.tmp")
    body = json.dumps({"settings": settings_to_json(settings), "pid": os.getpid()})
    try:
        temporary.write_text(body, encoding="utf-8")
        temporary.chmod(0o644)
        os.replace(temporary, target)
    except OSError as exc:
        with contextlib.suppress(OSError):
            temporary.unlink()
        raise JournalError(f"{busy}; and the request could not be left for it: "
                           f"{exc.strerror or exc}") from exc
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if not target.exists():
            who = f"process {busy.pid}" if busy.pid is not None else "the running companion"
            return (f"the running companion ({who}) abandoned its game and is back at "
                    f"setup for {', '.join(settings.names)}")
        time.sleep(0.1)
    with contextlib.suppress(OSError):
        target.unlink()
    raise JournalError(f"{busy}; it did not answer a new-game request within "
                       f"{timeout:.0f} s, so nothing was changed")


def take_new_game_request(journal: Path) -> NewGameRequest | None:
    """The pending new-game request, removed from the card; None if there is none.

    A request that cannot be read is removed and logged, never acted on.
    """
    target = request_path(journal)
    try:
        text = target.read_text(encoding="utf-8")
    except FileNotFoundError:
        return None
    except (OSError, UnicodeDecodeError) as exc:
        log.warning("ignoring the new-game request %s: %s", target, exc)
        text = ""
    with contextlib.suppress(OSError):
        target.unlink()
    try:
        data = json.loads(text)
        settings = settings_from_json(data["settings"])
        pid = data.get("pid")
        return NewGameRequest(settings, pid if isinstance(pid, int) else None)
    except (ValueError, KeyError, TypeError, CodecError) as exc:
        log.warning("ignoring the new-game request %s: %s", target, exc)
        return None


__all__ = ["JournalBusyError", "JournalLock", "NewGameRequest", "ask_for_new_game", "holder",
           "lock_path", "request_path", "take_new_game_request"]
