"""The card under the journal: which file a name really is, and why a write failed.

An SD card fills up, turns read-only, fails a sector; a name may be a symlink, a second
hard link, a device or a FIFO. None of that is damage to a game, and none of it may be
taken for damage: a full card is "the card is full" (not "disk I/O error", which is how
SQLite reports a `-shm` file it could not grow), a name is followed to the one file it
names, and a file with two names is refused, because SQLite finds a journal's `-wal`
by name and two names can each keep their own (a known way to corrupt a database).
"""

from __future__ import annotations

import contextlib
import errno
import os
import sqlite3
import stat
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import TextIO

from companion.exc import JournalError

FULL_BELOW = 1 << 20
"""Free bytes under which a failing write is put down to a full card (SQLite needs room
for a WAL frame and a 32 KiB `-shm`; the card's last megabyte is no room to play in)."""

# SQLite result codes (the low byte of `sqlite_errorcode`) that say the card, not the
# file, is the trouble: full, read-only, refusing to open or write, or failing I/O.
_WRITE_TROUBLE = {3: "no permission to write", 8: "the card is read-only",
                  10: "the card failed to read or write", 13: "the card is full",
                  14: "the journal's folder cannot be opened or written"}
_ERRNO_TROUBLE = {errno.ENOSPC: "the card is full", errno.EROFS: "the card is read-only",
                  errno.EACCES: "no permission to write", errno.EPERM: "no permission to write",
                  errno.EIO: "the card failed to read or write",
                  errno.EDQUOT: "the card is full"}
FULL = "the card is full"
READ_ONLY = "the card is read-only"

TROUBLE_WORDS = {FULL: "n.card.full", READ_ONLY: "n.card.read_only",
                 "no permission to write": "n.card.permission",
                 "the card failed to read or write": "n.card.io",
                 "the journal's folder cannot be opened or written": "n.card.folder"}
"""Every reason `write_trouble` and `card_trouble` give, as the screen's word key (the
table reads it in its own language; the log keeps the English)."""


def write_trouble(exc: BaseException) -> str | None:
    """Why a write failed when the card (full, read-only, I/O) is to blame, else None.

    Such a failure is never damage: the journal is healthy, it just cannot take more
    right now, so it must not be moved aside or rebuilt (the game carries on in memory).
    """
    if isinstance(exc, sqlite3.Error):
        code = getattr(exc, "sqlite_errorcode", None)
        if isinstance(code, int) and code & 0xFF in _WRITE_TROUBLE:
            return _WRITE_TROUBLE[code & 0xFF]
        text = str(exc).lower()
        for words, reason in (("disk is full", FULL), ("readonly", READ_ONLY),
                              ("read-only", READ_ONLY),
                              ("unable to open", "the journal's folder cannot be opened or "
                                                 "written"),
                              ("disk i/o", "the card failed to read or write")):
            if words in text:
                return reason
        return None
    if isinstance(exc, OSError) and exc.errno in _ERRNO_TROUBLE:
        return _ERRNO_TROUBLE[exc.errno]
    return None


def free_bytes(folder: Path) -> int | None:
    """Bytes an ordinary user may still write in `folder`'s filesystem (None: unknown)."""
    try:
        found = os.statvfs(folder)
    except OSError:
        return None
    return found.f_bavail * found.f_frsize


def read_only(folder: Path) -> bool:
    """Whether `folder` is on a filesystem mounted read-only."""
    try:
        return bool(os.statvfs(folder).f_flag & os.ST_RDONLY)
    except OSError:
        return False


def card_trouble(exc: BaseException, folder: Path) -> str | None:
    """`write_trouble`, told more exactly by looking at the card: SQLite reports a card
    with no room for its `-shm` as an I/O error, and a read-only mount as a permission."""
    trouble = write_trouble(exc)
    if trouble is None:
        return None
    return refine(trouble, folder)


def refine(trouble: str, folder: Path) -> str:
    """A card trouble in the words that fit the card as it is now."""
    if trouble != READ_ONLY and read_only(folder):
        return READ_ONLY
    free = free_bytes(folder)
    if trouble != FULL and free is not None and free < FULL_BELOW:
        return FULL
    return trouble


# --- which file a name is -------------------------------------------------------------


def real_file(path: Path) -> Path:
    """The file a journal path names: symlinks followed, so every name of the file finds
    the same `-wal`, the same lock and the same damaged copies."""
    return Path(os.path.realpath(path))


def check_file(path: Path, shown: Path | None = None) -> os.stat_result | None:
    """The journal file's status, or None when there is none yet; JournalError when the
    path cannot hold a journal (a folder, a device, a FIFO, or a file with two names).

    Only `stat` is used: opening a FIFO would wait for a writer for ever.
    """
    name = shown or path
    try:
        found = os.stat(path)
    except FileNotFoundError:
        return None
    except OSError as exc:
        raise JournalError(f"{name}: cannot look at the journal file: "
                           f"{exc.strerror or exc}") from exc
    if not stat.S_ISREG(found.st_mode):
        raise JournalError(f"{name} is {_kind(found.st_mode)}, not a file: a journal must be "
                           "an ordinary file on the card; set [store] path to one (the "
                           "thing at that path is left as it is)")
    if found.st_nlink > 1:
        raise JournalError(
            f"{name} has {found.st_nlink} names (hard links): SQLite finds a journal's -wal "
            "by name, so each name could keep its own and two of them would damage the "
            f"game; remove every other name (find them with: find / -xdev -samefile "
            f"{path}) and keep this one")
    return found


def _kind(mode: int) -> str:
    for test, kind in ((stat.S_ISDIR, "a folder"), (stat.S_ISCHR, "a device"),
                       (stat.S_ISBLK, "a disk"), (stat.S_ISFIFO, "a pipe (FIFO)"),
                       (stat.S_ISSOCK, "a socket")):
        if test(mode):
            return kind
    return "not an ordinary file"


def inode(path: Path) -> tuple[int, int] | None:
    """The (device, inode) of a file: what every name and link of it shares."""
    try:
        found = os.stat(path)
    except OSError:
        return None
    return found.st_dev, found.st_ino


# --- descriptors on a file SQLite has open --------------------------------------------

# Closing any descriptor of a file drops every POSIX lock this process holds on it,
# SQLite's included. A lock on the journal file (`control.JournalLock`) therefore never
# closes its descriptor while a journal of this process has that file open: it is
# parked here and closed when the last such journal closes.
_OPEN: Counter[tuple[int, int]] = Counter()
_PARKED: dict[tuple[int, int], list[int]] = {}


def opened(key: tuple[int, int] | None) -> None:
    """A journal of this process opened the file `key`."""
    if key is not None:
        _OPEN[key] += 1


def closed(key: tuple[int, int] | None) -> None:
    """A journal of this process closed the file `key`: close what was parked for it."""
    if key is None or _OPEN[key] <= 0:
        return
    _OPEN[key] -= 1
    if _OPEN[key] == 0:
        del _OPEN[key]
        for fd in _PARKED.pop(key, []):
            with contextlib.suppress(OSError):
                os.close(fd)


def close_later(fd: int, key: tuple[int, int]) -> None:
    """Close `fd` now, or when no journal of this process has the file open any more."""
    if _OPEN.get(key):
        _PARKED.setdefault(key, []).append(fd)
    else:
        with contextlib.suppress(OSError):
            os.close(fd)


# --- files written whole or not at all ------------------------------------------------


def write_whole(path: Path, write: Callable[[TextIO], int]) -> int:
    """Write a text file under a temporary name, flush it to the card, then rename it.

    A full card or a pulled plug leaves the old file (or none) under the final name,
    never a truncated one; the temporary file is removed. Returns `write`'s result; raises
    JournalError naming the file and the card's trouble.
    """
    temporary = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    try:
        with open(temporary, "w", encoding="utf-8", newline="") as stream:
            result = write(stream)
            stream.flush()
            os.fsync(stream.fileno())
        os.replace(temporary, path)
    except OSError as exc:
        with contextlib.suppress(OSError):
            temporary.unlink()
        trouble = card_trouble(exc, path.parent) or (exc.strerror or str(exc))
        raise JournalError(f"cannot write {path}: {trouble}; nothing was written under "
                           "that name") from exc
    return result


__all__ = ["FULL", "FULL_BELOW", "READ_ONLY", "TROUBLE_WORDS", "card_trouble", "check_file",
           "close_later",
           "closed", "free_bytes", "inode", "opened", "read_only", "real_file", "refine",
           "write_trouble", "write_whole"]
