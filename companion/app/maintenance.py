"""`mush-companion backup` and `restore` (and, in `companion.app.update`, `update`): the
appliance's upkeep from the Pi itself.

A table's owner has no other computer at hand and no wish to learn SQLite: one command
makes one file holding every game and the pads' settings (safe while the service plays),
one puts it back (stopping and starting the service around it), and one brings the
companion up to date from its git checkout, backing up first and going back to the
version it had, game included, when anything fails.

Who runs what: as root (sudo) on the service's journal, the journal's files are read and
written as the user who owns its folder (`mush`), so no file of the service ever becomes
root's; git runs as the owner of the checkout (git refuses a checkout of someone else's,
and a root-owned file in a user's clone breaks their next pull); `make install` and
`systemctl` run as root.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import shutil
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from companion.config import paths
from companion.config.file import load_config
from companion.exc import ConfigError, JournalError
from companion.store import backup, beside, restore
from companion.store.control import JournalBusyError, JournalLock, holder
from companion.version import describe

EXIT_OK = 0
EXIT_FAILED = 1
EXIT_CONFIG = 2
EXIT_ROLLBACK_FAILED = 3

SERVICE = "mush-companion"
STOP_WAIT = 20.0
"""Seconds to wait for a stopped service to let go of the journal's lock."""


# --- acting as the journal's owner -------------------------------------------------------


@contextlib.contextmanager
def as_owner_of(folder: Path) -> Iterator[None]:
    """As root, act (effective ids only) as the owner of `folder` while inside.

    Everything made inside (a copy of the journal, its -wal, a backup in its folder)
    then belongs to the service user, and root's own rights come back afterwards for
    systemctl and for files the caller named. Nothing changes for anyone but root, nor
    for a folder root owns or that does not exist yet. The version is read before (the
    owner may not be allowed to read the files it comes from)."""
    describe()
    try:
        info = os.stat(folder)
    except OSError:
        info = None
    if os.geteuid() != 0 or info is None or info.st_uid == 0:
        yield
        return
    os.setegid(info.st_gid)
    os.seteuid(info.st_uid)
    try:
        yield
    finally:
        os.seteuid(0)
        os.setegid(0)


def _give_to_caller(path: Path) -> None:
    """A file root made at the request of `sudo` goes to the user who typed it."""
    uid, gid = os.environ.get("SUDO_UID"), os.environ.get("SUDO_GID")
    if os.geteuid() == 0 and uid and gid and uid.isdigit() and gid.isdigit():
        with contextlib.suppress(OSError):
            os.chown(path, int(uid), int(gid))


# --- the service -------------------------------------------------------------------------


@dataclass
class ServiceUnit:
    """The systemd service, through `systemctl`; every call is a no-op without systemd."""

    name: str = SERVICE
    systemctl: str = "systemctl"
    systemd_dir: Path = Path("/run/systemd/system")  # exists when systemd is init
    settle: float = 5.0  # after a start, how long it must stay up to count as started

    def available(self) -> bool:
        """Whether systemd runs this machine (not a container, a chroot, a desktop...)."""
        return self.systemd_dir.is_dir() and shutil.which(self.systemctl) is not None

    def _call(self, *args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run([self.systemctl, *args, self.name], capture_output=True,
                              text=True, timeout=120, check=False)

    def state(self) -> str:
        """`systemctl is-active`'s word: active, activating, inactive, failed..."""
        if not self.available():
            return "inactive"
        return self._call("is-active").stdout.strip() or "unknown"

    def active(self) -> bool:
        """Whether the service runs now, is starting, or waits to be restarted."""
        return self.state() in ("active", "activating", "reloading")

    def status_text(self) -> str:
        """What the service said last (STATUS=): "Waiting: ..." while a problem shows."""
        if not self.available():
            return ""
        done = subprocess.run([self.systemctl, "show", "--property=StatusText", "--value",
                               self.name], capture_output=True, text=True, timeout=60,
                              check=False)
        return done.stdout.strip() if done.returncode == 0 else ""

    def stop(self) -> None:
        """Stop it; raises JournalError with systemctl's words when it will not."""
        done = self._call("stop")
        if done.returncode != 0:
            raise JournalError(f"systemctl stop {self.name} failed: "
                               f"{(done.stderr or done.stdout).strip()}")

    def start(self) -> str | None:
        """Start it and check it stays up; None when it runs, else what went wrong.

        `systemctl start` returns at READY=1; a program that dies just after (systemd
        then waits to restart it: "activating") has not started, so it must still be
        "active" `settle` seconds later."""
        done = self._call("start")
        if done.returncode != 0:
            return (done.stderr or done.stdout).strip() or f"exit status {done.returncode}"
        time.sleep(self.settle)
        state = self.state()
        if state != "active":
            return (f"{self.name} is {state} {self.settle:.0f} s after its start "
                    f"(journalctl -u {self.name})")
        return None


def _wait_until_free(journal: Path, seconds: float = STOP_WAIT) -> int | None:
    """The holder of the journal's lock once `seconds` have passed, or None when free."""
    deadline = time.monotonic() + seconds
    while True:
        pid = holder(journal)
        if pid is None or time.monotonic() >= deadline:
            return pid
        time.sleep(0.2)


def _is_service_journal(journal: Path) -> bool:
    return Path(journal).parent == paths.SERVICE_STATE_DIR


# --- backup and restore ------------------------------------------------------------------


def make_backup(journal: Path, destination: Path | None, config: Path | None = None,
                kind: str = "backup", *, required: bool = True) -> tuple[Path, backup.Snapshot]:
    """Back the table up (every game's journal, the settings, the room); into the
    journal's `backups/` folder unless told."""
    folder = Path(journal).parent
    with as_owner_of(folder):
        snapshot = backup.take(journal, config, required=required)
    if destination is None:
        keep = backup.folder_for(journal)
        with as_owner_of(folder):
            written = backup.write(snapshot, keep / backup.default_name(kind, _utcnow()))
            backup.prune(keep, kind)
        return written, snapshot
    if destination.is_dir():
        destination = destination / backup.default_name(kind, _utcnow())
    written = backup.write(snapshot, destination)
    _give_to_caller(written)
    return written, snapshot


def _utcnow() -> datetime:
    return datetime.now(UTC)


@dataclass
class RestoreOutcome:
    """What `restore_backup` did, for the terminal and for tests."""

    restored: restore.Restored
    stopped_service: bool = False
    service_problem: str | None = None  # the service did not come back up


def restore_backup(file: Path, journal: Path, *, config: Path | None = None,
                   unit: ServiceUnit | None = None,
                   say: Callable[[str], None] = print) -> RestoreOutcome:
    """Check the backup, stop whoever holds the journal if that is the service, put the
    backup in place (keeping what it replaces) and start the service again.

    The file is opened as the caller (it may be theirs alone) and read, within bounds,
    into copies beside the journals as the journals' owner. Raises JournalError
    (BackupError, NewerBackupError, JournalBusyError) with the reason and the fix;
    nothing is replaced then."""
    unit = unit or ServiceUnit()
    journal = Path(journal)
    folder = journal.parent
    with restore.opened(Path(file)) as stream, as_owner_of(folder):
        checked = restore.check(restore.unpack(stream, journal, shown=str(file)))
    stopped = False
    try:
        with as_owner_of(folder):
            pid = holder(journal)
        if pid is not None:
            if not (_is_service_journal(journal) and unit.active()):
                raise JournalBusyError(journal, pid if pid > 0 else None)
            say(f"stopping the service ({unit.name}) while the journal is replaced")
            unit.stop()
            stopped = True
            with as_owner_of(folder):
                pid = _wait_until_free(journal)
            if pid is not None:
                raise JournalBusyError(journal, pid if pid > 0 else None)
        with as_owner_of(folder):
            lock = JournalLock(journal)
            lock.acquire()
            try:
                restored = restore.put_in_place(checked, journal, config=config)
            finally:
                lock.release()
    except BaseException:
        checked.discard()
        if stopped:
            unit.start()
        raise
    problem = unit.start() if stopped else None
    return RestoreOutcome(restored, stopped, problem)


# --- command line ------------------------------------------------------------------------


def config_of(args: argparse.Namespace) -> Path | None:
    config: Path | None = args.config
    return config if config is not None and Path(config).is_file() else None


def journal_of(args: argparse.Namespace) -> Path:
    """The table's configured journal: `--journal` (another game's journal named there
    stands for its table: `beside.table_of`), else the config's store.path."""
    if args.journal is not None:
        return beside.table_of(Path(args.journal))
    return load_config(args.config).store.path


def fail(message: str, code: int = EXIT_FAILED) -> int:
    print(f"mush-companion: {message}", file=sys.stderr)
    return code


def _unreachable(journal: Path) -> str | None:
    """Why this caller cannot reach the journal's folder at all, with the fix."""
    folder = journal.parent
    if os.geteuid() != 0 and folder.is_dir() and not os.access(folder, os.R_OK | os.X_OK):
        return (f"{folder} belongs to the service user; run it with sudo: "
                f"sudo {' '.join([Path(sys.argv[0]).name, *sys.argv[1:]])}")
    return None


def cmd_backup(args: argparse.Namespace) -> int:
    """`backup [FILE]`."""
    try:
        journal = journal_of(args)
        problem = _unreachable(journal)
        if problem:
            return fail(problem)
        written, snapshot = make_backup(journal, args.backup_file, config_of(args))
    except ConfigError as exc:
        return fail(str(exc), EXIT_CONFIG)
    except (JournalError, OSError) as exc:
        return fail(str(exc))
    print(f"backup: {written} ({snapshot.summary()})")
    return EXIT_OK


def cmd_restore(args: argparse.Namespace) -> int:
    """`restore FILE`."""
    try:
        journal = journal_of(args)
        problem = _unreachable(journal)
        if problem:
            return fail(problem)
        outcome = restore_backup(args.backup_file, journal, config=config_of(args))
    except ConfigError as exc:
        return fail(str(exc), EXIT_CONFIG)
    except JournalBusyError as busy:
        who = f"process {busy.pid}" if busy.pid is not None else "another program"
        return fail(f"{journal} is in use by {who} (mush-companion run or demo); nothing "
                     f"was changed. Stop it first (Ctrl-C where it runs, or "
                     f"kill {busy.pid if busy.pid is not None else 'PID'}; the service: "
                     "sudo systemctl stop mush-companion), then restore again")
    except (JournalError, OSError) as exc:
        return fail(f"{exc}; nothing was changed")
    done = outcome.restored
    games = done.games
    if not any(g.number is not None for g in games.values()):
        print(f"restored {args.backup_file} into {done.journal.parent}: it holds no game")
    else:
        print(f"restored {args.backup_file} into {done.journal.parent}:")
        for name, one in games.items():
            status = "over" if one.finished else "in progress"
            print(f"  {name}: " + (f"game {one.number} ({status}), {one.state}"
                                   if one.number is not None else "no game"))
    for name in done.removed:
        print(f"  {name}: not in the backup; its journal was removed (it is in the kept "
              "backup)")
    if done.kept is not None:
        print(f"what it replaced is kept in {done.kept}")
    playing = any(g.number is not None and not g.finished for g in games.values())
    if outcome.stopped_service:
        print("the service is running again and resumes the restored game"
              if outcome.service_problem is None
              else f"the service did not start again: {outcome.service_problem}")
    elif playing:
        print("the companion resumes it at its next start")
    return EXIT_OK if outcome.service_problem is None else EXIT_FAILED


def file_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--config", type=Path, metavar="FILE",
                        help="config file (default: the service's, else your own)")
    parser.add_argument("--journal", type=Path, metavar="FILE",
                        help="journal file (default: the config's store.path)")


def register(subparsers: Any) -> None:
    """Add `backup` and `restore` to the command line (`update`: companion.app.update)."""
    make = subparsers.add_parser(
        "backup", help="save every game's journal and the pads' settings in one file",
        description="Write one file (a .tar.gz) holding a consistent copy of every "
                    "game's journal (safe while the companion runs), the settings made on "
                    "the pads, the phones' seats and the config file. Without FILE it "
                    "goes into the journal's backups/ folder "
                    "(/var/lib/mush-companion/backups on the Pi).")
    make.add_argument("backup_file", nargs="?", type=Path, metavar="FILE",
                      help="the backup file to write, or a folder to write it in")
    file_options(make)
    make.set_defaults(handler=cmd_backup)

    back = subparsers.add_parser(
        "restore", help="put a backup's journals and pads' settings back",
        description="Check a backup file (its sums, that no newer companion made it, that "
                    "every journal in it is exactly one a companion writes and its games "
                    "replay), keep what it replaces as a backup of its own, and "
                    "put it in place. A running service is stopped and started again; "
                    "another running companion must be stopped first.")
    back.add_argument("backup_file", type=Path, metavar="FILE", help="the backup file")
    file_options(back)
    back.set_defaults(handler=cmd_restore)
