"""One program per journal, and how other commands reach the one that holds it.

Why: two programs appending to one journal interleave their commands into a game that
never happened, and a `new-game` written behind the running companion's back made it
crash at its next press. So the program that owns the game (`run`, `demo`) holds an
advisory lock (`flock`) for as long as it runs, on the journal file itself: a lock on a
name would let a symlink, a hard link or a bind mount of the same file reach it past
the lock, while every name of a file shares its one inode. It also locks `<file>.lock`
beside the real file (symlinks followed), which outlives a damaged journal being set
aside and rebuilt, and holds its pid so a second start can say who holds the journal.
A command that wants to change the game
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
import stat
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from companion.exc import CodecError, JournalError
from companion.store import card
from companion.store.journal import Journal, settings_from_json, settings_to_json

log = logging.getLogger("companion.store")


class JournalBusyError(JournalError):
    """Another program holds the journal; `pid` is who (None if it could not be read)."""

    def __init__(self, path: Path, pid: int | None) -> None:
        self.pid = pid
        who = f"process {pid}" if pid is not None else "another program"
        super().__init__(f"{path} is in use by {who} (mush-companion run); stop it first "
                         "(sudo systemctl stop mush-companion) or use that program")


def lock_path(journal: Path) -> Path:
    """The lock file beside a journal (beside the real file, when the name is a symlink)."""
    real = card.real_file(Path(journal))
    return real.with_name(real.name + ".lock")


def request_path(journal: Path) -> Path:
    """The new-game request file beside a journal (beside the real file, so a request
    left through one name reaches a companion that opened another)."""
    real = card.real_file(Path(journal))
    return real.with_name(real.name + ".new-game")


class JournalLock:
    """An exclusive advisory lock on a journal, held until `release()` or process exit."""

    def __init__(self, journal: Path) -> None:
        self.journal = Path(journal)
        self.path = lock_path(self.journal)
        self._fd: int | None = None  # the lock file's
        self._file_fd: int | None = None  # the journal file's own
        self._key: tuple[int, int] | None = None

    def acquire(self) -> None:
        """Take the lock or raise JournalBusyError naming the holder's pid.

        A card that cannot take the lock file (read-only, full) is no reason to refuse to
        play: the journal itself then stays in memory, and the lock is skipped.
        """
        with contextlib.suppress(OSError):
            if not stat.S_ISREG(os.stat(card.real_file(self.journal)).st_mode):
                return  # a folder, a device, a FIFO: the journal refuses it, nothing to lock
        try:
            self.journal.parent.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            log.warning("cannot make the journal's folder %s (%s): running without a lock",
                        self.journal.parent, exc.strerror or exc)
            return
        self._lock_file()
        try:
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
            self.release()
            raise JournalBusyError(self.journal, pid) from None
        with contextlib.suppress(OSError):
            os.ftruncate(fd, 0)
            os.pwrite(fd, f"{os.getpid()}\n".encode(), 0)
        self._fd = fd

    def _lock_file(self) -> None:
        """Lock the journal file itself, when there is one (a journal the holder creates
        later has only the one name it was created under, and a second name made for it
        afterwards is refused by the journal: a file with two names is never opened).
        Anything but an ordinary file is left to the journal to refuse, and never opened
        for long (a FIFO is opened without waiting)."""
        real = card.real_file(self.journal)
        try:
            fd = os.open(real, os.O_RDONLY | os.O_CLOEXEC | os.O_NONBLOCK)
        except OSError as exc:
            log.debug("cannot open %s to lock it: %s", real, exc)
            return
        found = os.fstat(fd)
        key = (found.st_dev, found.st_ino)
        if not stat.S_ISREG(found.st_mode):
            os.close(fd)
            return
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            card.close_later(fd, key)
            raise JournalBusyError(self.journal, _holder_of(self.path, key)) from None
        self._file_fd, self._key = fd, key

    def release(self) -> None:
        """Let go of the lock (closing the descriptors releases it)."""
        if self._fd is not None:
            os.close(self._fd)
            self._fd = None
        if self._file_fd is not None and self._key is not None:
            with contextlib.suppress(OSError):
                fcntl.flock(self._file_fd, fcntl.LOCK_UN)
            card.close_later(self._file_fd, self._key)  # never under SQLite's own locks
            self._file_fd = self._key = None

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


def _holder_of(lock_file: Path, key: tuple[int, int]) -> int | None:
    """Who holds the lock on the journal file: the pid in the lock file beside it, else
    the kernel's table of locks (`/proc/locks`, Linux), else None."""
    try:
        text = lock_file.read_text("ascii").strip()
        if text.isdigit():
            return int(text)
    except (OSError, UnicodeDecodeError):
        pass
    device, number = key
    wanted = f"{os.major(device):02x}:{os.minor(device):02x}:{number}"
    try:
        lines = Path("/proc/locks").read_text().splitlines()
    except OSError:
        return None
    for line in lines:
        parts = line.split()
        if len(parts) >= 6 and parts[1] == "FLOCK" and parts[5] == wanted and \
                parts[4].isdigit():
            return int(parts[4])
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
