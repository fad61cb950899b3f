"""Backups of the table: the journal and the pads' settings in one file, and back again.

Why it looks like this:

- One file, a gzip'd tar (`tar -tzf` lists it on any computer): `manifest.json` first,
  then `journal.sqlite3`, `table-settings.json` (what was set on the pads) and, for
  reference, the `config.toml` in use. The manifest names the companion that wrote it,
  the journal's schema and event vocabulary, what the journal holds, and a SHA-256 of
  every file, so a restore can check the file before it touches anything.
- The journal is copied with SQLite's online backup into memory, in one step: one read
  transaction, so the copy is one moment of the game even while `run` appends to it
  (WAL readers never block the writer, and the writer never blocks them).
- A restore is checked whole before anything is replaced: the sums, the format, that no
  newer companion wrote it, SQLite's `quick_check`, and that the game in it replays. It
  then keeps what it replaces (a backup of its own, `before-restore-*`), checkpoints the
  old journal and removes its `-wal` and `-shm` (a stale WAL beside the new file would
  be replayed into it), and renames the checked copy into place.

Stopping a running companion first, and acting as the journal's owner, are the caller's
part (companion.app.maintenance): this module only reads and writes files.
"""

from __future__ import annotations

import contextlib
import gzip
import hashlib
import io
import json
import os
import re
import socket
import sqlite3
import tarfile
import tempfile
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from companion.config.prefs import FILE_NAME as SETTINGS_NAME
from companion.config.prefs import parse_prefs
from companion.exc import IncompatibleJournalError, JournalError
from companion.files import sync_folder, write_atomic
from companion.store.control import request_path
from companion.store.journal import SCHEMA_VERSION, Journal
from companion.version import describe, release

FORMAT = 1
"""The backup file's own format; a file of a higher one is refused (a newer companion)."""

MANIFEST = "manifest.json"
JOURNAL = "journal.sqlite3"
CONFIG = "config.toml"
MEMBERS = (MANIFEST, JOURNAL, SETTINGS_NAME, CONFIG)
RAW_WAL = "journal.sqlite3-wal"
"""Only in a backup kept of a journal that SQLite could not read: its WAL as it was."""

FOLDER = "backups"
"""The backups beside the journal: `<journal's folder>/backups/`."""

KEEP_AUTOMATIC = 10
"""How many of each kind of automatic backup (before an update, before a restore) stay."""

MAX_MEMBER = 512 * 1024 * 1024
"""A member larger than this is no journal of ours: refused before it is read."""


class BackupError(JournalError):
    """A backup that cannot be made or restored; the message says why and what to do."""


class NewerBackupError(BackupError):
    """The backup was made by a newer companion than this one."""


def _now() -> datetime:
    return datetime.now(UTC)


def release_tuple(text: str) -> tuple[int, ...] | None:
    """`0.10.2+gabc` as (0, 10, 2); None when it is not dotted numbers."""
    match = re.match(r"^\s*v?(\d+(?:\.\d+)*)", text)
    if match is None:
        return None
    return tuple(int(part) for part in match.group(1).split("."))


def is_newer(theirs: str, ours: str) -> bool:
    """Whether release `theirs` is later than `ours` (unknown versions never are)."""
    a, b = release_tuple(theirs), release_tuple(ours)
    if a is None or b is None:
        return False
    width = max(len(a), len(b))
    return a + (0,) * (width - len(a)) > b + (0,) * (width - len(b))


def folder_for(journal: Path) -> Path:
    """Where backups of this journal go unless told otherwise."""
    return Path(journal).parent / FOLDER


def _stamp(moment: datetime) -> str:
    return moment.strftime("%Y-%m-%dT%H-%M-%S")


def default_name(kind: str, moment: datetime) -> str:
    """`backup-2025-03-01T20-15-00.tar.gz`; `kind` is "backup", "before-update"..."""
    return f"{kind}-{_stamp(moment)}.tar.gz"


def _sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


# --- taking a copy -----------------------------------------------------------------------


@dataclass(frozen=True)
class Snapshot:
    """A backup's contents in memory: the manifest and each file's bytes."""

    manifest: dict[str, Any]
    files: dict[str, bytes] = field(default_factory=dict)

    @property
    def journal(self) -> dict[str, Any] | None:
        """The manifest's description of the journal (None: no journal in it)."""
        found = self.manifest.get("journal")
        return found if isinstance(found, dict) else None

    def summary(self) -> str:
        """What the backup holds, in one line for the terminal."""
        journal = self.journal
        if journal is None:
            what = "no journal"
        elif journal.get("raw"):
            what = "the journal's files as they were (SQLite could not read them)"
        else:
            current = journal.get("current_game")
            what = (f"{journal.get('games', 0)} game(s), {journal.get('events', 0)} events"
                    + (f", game {current} in progress" if current is not None else ""))
        extras = [name for name, key in ((SETTINGS_NAME, "settings"), (CONFIG, "config"))
                  if self.manifest.get(key)]
        return what + (f"; with {', '.join(extras)}" if extras else "")


def _copy_journal(path: Path) -> bytes:
    """The journal as one consistent SQLite image, read through the online backup."""
    if not path.is_file():
        raise BackupError(f"there is no journal at {path}")
    uris = (f"{path.resolve().as_uri()}?mode=rw", f"{path.resolve().as_uri()}?mode=ro")
    last: Exception | None = None
    for uri in uris:  # read-write first: as the last reader it tidies the -wal away
        source: sqlite3.Connection | None = None
        memory = sqlite3.connect(":memory:")
        try:
            source = sqlite3.connect(uri, uri=True, timeout=10)
            source.backup(memory)  # every page in one step: one read transaction
            rows = memory.execute("PRAGMA quick_check").fetchall()
            if rows != [("ok",)]:
                raise BackupError(f"{path} is damaged (quick_check: {rows[0][0]}); start "
                                  "the companion to recover it, then back up again")
            return _without_wal(memory.serialize())
        except sqlite3.Error as exc:
            last = exc
        finally:
            memory.close()
            if source is not None:
                source.close()
    raise BackupError(f"cannot read the journal {path}: {last}")


def _without_wal(image: bytes) -> bytes:
    """The image marked as a plain (rollback-journal) file: bytes 18 and 19 of the header
    say 2 for WAL, which a copy on its own (or in memory) cannot open as; the journal
    turns WAL on again when it opens the restored file."""
    if len(image) >= 20 and image[18:20] == b"\x02\x02":
        return image[:18] + b"\x01\x01" + image[20:]
    return image


def _describe_journal(image: bytes, source: Path) -> dict[str, Any]:
    memory = sqlite3.connect(":memory:")
    try:
        memory.deserialize(image)
        schema = int(memory.execute("PRAGMA user_version").fetchone()[0])
        vocabulary = int(memory.execute("PRAGMA application_id").fetchone()[0])
        tables = {r[0] for r in memory.execute(
            "SELECT name FROM sqlite_master WHERE type = 'table'")}
        games = events = 0
        current: int | None = None
        if {"games", "events"} <= tables:
            games = int(memory.execute("SELECT COUNT(*) FROM games").fetchone()[0])
            events = int(memory.execute("SELECT COUNT(*) FROM events").fetchone()[0])
            row = memory.execute("SELECT id FROM games WHERE finished IS NULL "
                                 "ORDER BY id DESC LIMIT 1").fetchone()
            current = int(row[0]) if row is not None else None
    finally:
        memory.close()
    return {"file": JOURNAL, "from": str(source.absolute()), "schema": schema,
            "vocabulary": vocabulary,
            "games": games, "events": events, "current_game": current,
            "bytes": len(image), "sha256": _sha256(image)}


def _read_optional(path: Path | None) -> bytes | None:
    if path is None:
        return None
    try:
        return path.read_bytes()
    except FileNotFoundError:
        return None
    except OSError as exc:
        raise BackupError(f"cannot read {path}: {exc.strerror or exc}") from exc


def take(journal: Path, config: Path | None = None, *, raw_if_damaged: bool = False,
         required: bool = True, clock: Callable[[], datetime] = _now) -> Snapshot:
    """A consistent copy of the journal and the settings beside it, with the config.

    `raw_if_damaged` (for keeping what a restore replaces) copies the journal's files
    byte for byte when SQLite cannot read them, instead of refusing: a damaged journal
    is exactly what one restores over, and it is still worth keeping. Without
    `required`, a missing journal makes a backup of the settings alone.
    """
    journal = Path(journal)
    files: dict[str, bytes] = {}
    described: dict[str, Any] | None = None
    try:
        image = _copy_journal(journal)
        described = _describe_journal(image, journal)
        files[JOURNAL] = image
    except BackupError:
        if not journal.exists() and not required:
            pass
        elif not raw_if_damaged or not journal.exists():
            raise
        else:
            described = _raw_journal(journal, files)
    manifest: dict[str, Any] = {
        "format": FORMAT, "made_by": f"mush-companion {describe()}", "release": release(),
        "created": clock().isoformat(timespec="seconds"), "host": socket.gethostname(),
        "journal": described, "settings": None, "config": None}
    for key, name, path in (("settings", SETTINGS_NAME, journal.parent / SETTINGS_NAME),
                            ("config", CONFIG, config)):
        data = _read_optional(path)
        if data is not None and path is not None:
            files[name] = data
            manifest[key] = {"file": name, "from": str(path.absolute()), "bytes": len(data),
                             "sha256": _sha256(data)}
    return Snapshot(manifest, files)


def _raw_journal(journal: Path, files: dict[str, bytes]) -> dict[str, Any]:
    """The journal's files byte for byte, for a journal SQLite cannot read."""
    described: dict[str, Any] = {"file": JOURNAL, "from": str(journal.absolute()),
                                 "raw": True}
    for name, path in ((JOURNAL, journal), (RAW_WAL, journal.with_name(journal.name + "-wal"))):
        data = _read_optional(path)
        if data is not None:
            files[name] = data
            described[f"sha256:{name}"] = _sha256(data)
    return described


def write(snapshot: Snapshot, destination: Path) -> Path:
    """Write the backup file atomically (a temporary file renamed over); returns it."""
    destination = Path(destination)
    destination.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(prefix=f".{destination.name}.",
                                         dir=destination.parent)
    try:
        with os.fdopen(handle, "wb") as raw, gzip.GzipFile(fileobj=raw, mode="wb") as packed, \
                tarfile.open(fileobj=packed, mode="w") as tar:
            members = [(MANIFEST, json.dumps(snapshot.manifest, indent=2, sort_keys=True)
                        .encode() + b"\n"), *snapshot.files.items()]
            for name, data in members:
                info = tarfile.TarInfo(name)
                info.size = len(data)
                info.mode = 0o600
                info.mtime = int(_now().timestamp())
                tar.addfile(info, io.BytesIO(data))
        with open(temporary, "rb") as done:
            os.fsync(done.fileno())
        os.chmod(temporary, 0o600)  # a journal's names and games are the table's own
        os.replace(temporary, destination)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise
    sync_folder(destination.parent)
    return destination


def prune(folder: Path, kind: str, keep: int = KEEP_AUTOMATIC) -> list[Path]:
    """Remove all but the newest `keep` automatic backups of one kind; returns those
    removed. Backups made by hand (`backup-*`) are never removed."""
    if kind == "backup":
        return []
    found = sorted(folder.glob(f"{kind}-*.tar.gz"))
    gone = found[:-keep] if keep > 0 else found
    for path in gone:
        with contextlib.suppress(OSError):
            path.unlink()
    return gone


# --- reading one back --------------------------------------------------------------------


def read(path: Path) -> Snapshot:
    """A backup file, checked: every member known, every sum right, nothing newer than
    this companion reads. Raises BackupError (NewerBackupError) saying why."""
    path = Path(path)
    files: dict[str, bytes] = {}
    try:
        with tarfile.open(path, mode="r:*") as tar:
            for member in tar.getmembers():
                if member.name not in (*MEMBERS, RAW_WAL) or not member.isfile():
                    raise BackupError(f"{path} holds {member.name!r}, which no backup of "
                                      "the companion has: not a companion backup")
                if member.size > MAX_MEMBER:
                    raise BackupError(f"{path}: {member.name} is too large for a journal")
                stream = tar.extractfile(member)
                assert stream is not None  # a regular file, checked above
                files[member.name] = stream.read()
    except FileNotFoundError as exc:
        raise BackupError(f"there is no file {path}") from exc
    except (tarfile.TarError, EOFError, OSError) as exc:
        raise BackupError(f"{path} is not a readable backup ({exc})") from exc
    try:
        manifest = json.loads(files.pop(MANIFEST))
    except (KeyError, ValueError) as exc:
        raise BackupError(f"{path} has no readable {MANIFEST}: not a companion backup, or "
                          "a damaged one") from exc
    if not isinstance(manifest, dict):
        raise BackupError(f"{path}: {MANIFEST} is not a manifest")
    snapshot = Snapshot(manifest, files)
    _refuse_newer(path, snapshot)
    _check_sums(path, snapshot)
    return snapshot


def _refuse_newer(path: Path, snapshot: Snapshot) -> None:
    manifest = snapshot.manifest
    made_by = str(manifest.get("made_by", "an unknown companion"))
    fix = (f"this is mush-companion {describe()}; update it first (sudo make update), then "
           "restore again")
    fmt = manifest.get("format")
    if not isinstance(fmt, int) or fmt < 1:
        raise BackupError(f"{path}: {MANIFEST} has no format: not a companion backup")
    if fmt > FORMAT:
        raise NewerBackupError(f"{path} is a backup of format {fmt}, made by {made_by}; "
                               f"this companion reads format {FORMAT} at most: {fix}")
    theirs = str(manifest.get("release", ""))
    if is_newer(theirs, release()):
        raise NewerBackupError(f"{path} was made by a newer companion ({made_by}): {fix}")
    journal = snapshot.journal
    if journal is not None and int(journal.get("schema", 0) or 0) > SCHEMA_VERSION:
        raise NewerBackupError(f"{path} holds a journal of schema {journal['schema']}, "
                               f"newer than this companion reads ({SCHEMA_VERSION}): {fix}")


def _check_sums(path: Path, snapshot: Snapshot) -> None:
    wanted: dict[str, str] = {}
    journal = snapshot.journal
    if journal is not None:
        if journal.get("raw"):
            wanted.update({k.split(":", 1)[1]: str(v) for k, v in journal.items()
                           if k.startswith("sha256:")})
        else:
            wanted[JOURNAL] = str(journal.get("sha256", ""))
    for key, name in (("settings", SETTINGS_NAME), ("config", CONFIG)):
        entry = snapshot.manifest.get(key)
        if isinstance(entry, dict):
            wanted[name] = str(entry.get("sha256", ""))
    for name, digest in wanted.items():
        if name not in snapshot.files:
            raise BackupError(f"{path}: {name} is missing (the manifest lists it)")
        if _sha256(snapshot.files[name]) != digest:
            raise BackupError(f"{path}: {name} does not match its checksum: the file is "
                              "damaged; use another backup")
    extra = set(snapshot.files) - set(wanted)
    if extra:
        raise BackupError(f"{path} holds {', '.join(sorted(extra))}, which its manifest "
                          "does not list")


# --- restoring ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Checked:
    """A backup's journal written beside the journal it will replace, checked whole."""

    snapshot: Snapshot
    temporary: Path | None  # the checked journal copy; None: the backup holds no journal
    game: int | None  # the game that will resume (in progress), else the newest
    state: str  # "round 4, bidding" or "" when there is no game
    finished: bool

    def discard(self) -> None:
        """Remove the checked copy (the restore was given up)."""
        if self.temporary is not None:
            for path in (self.temporary, *_sidecars(self.temporary)):
                with contextlib.suppress(OSError):
                    path.unlink()


def _sidecars(path: Path) -> list[Path]:
    return [path.with_name(path.name + suffix) for suffix in ("-wal", "-shm", "-journal")]


def check(snapshot: Snapshot, journal: Path) -> Checked:
    """Write the backup's journal to a temporary file beside `journal` and prove it:
    SQLite's check, this companion's reading of every game, a replay of the newest.
    Raises BackupError (NewerBackupError for events of a newer companion)."""
    described = snapshot.journal
    if described is not None and described.get("raw"):
        raise BackupError("this backup holds a journal SQLite could not read, kept as it "
                          "was; take its files out by hand (tar -xzf FILE) if you need them")
    if SETTINGS_NAME in snapshot.files:
        try:
            parse_prefs(json.loads(snapshot.files[SETTINGS_NAME]))
        except ValueError as exc:
            raise BackupError(f"the backup's {SETTINGS_NAME} is not JSON ({exc})") from exc
    if described is None or JOURNAL not in snapshot.files:
        return Checked(snapshot, None, None, "", False)
    folder = Path(journal).parent
    folder.mkdir(parents=True, exist_ok=True)
    handle, name = tempfile.mkstemp(prefix=f".{Path(journal).name}.restore.", dir=folder)
    temporary = Path(name)
    with os.fdopen(handle, "wb") as stream:
        stream.write(snapshot.files[JOURNAL])
        stream.flush()
        os.fsync(stream.fileno())
    checked = Checked(snapshot, temporary, None, "", False)
    try:
        with Journal(temporary, recover=False) as book:
            for game in book.games():  # every game must read: a restore is no salvage
                book.records(game.id)
            record = book.current_game() or book.latest_game()
            if record is None:
                return checked
            state = book.replay(record.id)
        phase = getattr(state.phase, "value", str(state.phase))
        return Checked(snapshot, temporary, record.id, f"round {state.round}, {phase}",
                       not record.in_progress)
    except IncompatibleJournalError as exc:
        checked.discard()
        raise NewerBackupError(f"the backup's journal was written by a newer companion "
                               f"({exc}); update this one first (sudo make update)") from exc
    except (JournalError, sqlite3.Error) as exc:
        checked.discard()
        raise BackupError(f"the backup's journal does not read: {exc}") from exc
    except BaseException:
        checked.discard()
        raise
    finally:
        for side in _sidecars(temporary):
            with contextlib.suppress(OSError):
                side.unlink()


@dataclass(frozen=True)
class Restored:
    """What a restore did: the game now in the journal and where the old one went."""

    journal: Path
    game: int | None
    state: str
    finished: bool
    kept: Path | None  # the backup of what was replaced (None: there was nothing)


def _checkpoint_away(journal: Path) -> None:
    """Fold the old journal's WAL into it and remove the -wal and -shm, so no stale
    WAL is ever replayed into the file renamed into its place."""
    if journal.exists():
        with contextlib.suppress(sqlite3.Error):
            conn = sqlite3.connect(f"{journal.resolve().as_uri()}?mode=rw", uri=True,
                                   timeout=10)
            try:
                conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
            finally:
                conn.close()
    for side in _sidecars(journal):
        with contextlib.suppress(FileNotFoundError):
            side.unlink()


def _replace_settings(folder: Path, data: bytes | None) -> None:
    target = folder / SETTINGS_NAME
    if data is None:
        with contextlib.suppress(FileNotFoundError):
            target.unlink()
        return
    write_atomic(target, data, 0o644)


def put_in_place(checked: Checked, journal: Path, *, keep_folder: Path | None = None,
                 config: Path | None = None, clock: Callable[[], datetime] = _now
                 ) -> Restored:
    """Replace the journal and the pads' settings with the checked backup's.

    The caller holds the journal's lock (nothing else may have it open). What is
    replaced is first kept as `before-restore-<time>.tar.gz`; if that cannot be written
    nothing is replaced."""
    journal = Path(journal)
    folder = journal.parent
    kept: Path | None = None
    if journal.exists() or (folder / SETTINGS_NAME).exists():
        keep_folder = keep_folder or folder_for(journal)
        current = take(journal, config, raw_if_damaged=True, required=False, clock=clock)
        kept = write(current, keep_folder / default_name("before-restore", clock()))
        prune(keep_folder, "before-restore")
    _checkpoint_away(journal)
    if checked.temporary is not None:
        with contextlib.suppress(OSError):  # the same rights as the file it replaces
            os.chmod(checked.temporary, journal.stat().st_mode & 0o777)
        os.replace(checked.temporary, journal)
    else:
        with contextlib.suppress(FileNotFoundError):
            journal.unlink()
    _replace_settings(folder, checked.snapshot.files.get(SETTINGS_NAME))
    with contextlib.suppress(FileNotFoundError):  # a pending request would end the game
        request_path(journal).unlink()
    sync_folder(folder)
    return Restored(journal, checked.game, checked.state, checked.finished, kept)


__all__ = ["FOLDER", "FORMAT", "KEEP_AUTOMATIC", "SETTINGS_NAME", "BackupError", "Checked",
           "NewerBackupError", "Restored", "Snapshot", "check", "default_name", "folder_for",
           "is_newer", "prune", "put_in_place", "read", "release_tuple", "take", "write"]
