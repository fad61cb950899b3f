"""Backups of the table: every game's journal, the pads' settings and the phones' room in
one file (putting one back: `companion/store/restore.py`).

Why it looks like this:

- One file, a gzip'd POSIX tar (`tar -tzf` lists it on any computer): `manifest.json`
  first, then one journal per game (`games/mush.sqlite3`, `games/canoe.sqlite3`, any
  game installed), `table-settings.json` (what was set on the pads), `web-room.json`
  (which phone holds which seat) and, for reference, the `config.toml` in use. The
  manifest names the companion that wrote it, each journal's game, schema, event
  vocabulary and what it holds (games, events, the game in progress), and a SHA-256 of
  every file, so a restore can check the file before it touches anything.
- Every game the table has played is in it: the journals are found beside the
  configured one through the registry of installed games (`companion/store/beside.py`),
  never by a list here, so a game added later is backed up like the first.
- Each journal is copied with SQLite's online backup into memory, in one step: one read
  transaction, so the copy is one moment of the game even while `run` appends to it
  (WAL readers never block the writer, and the writer never blocks them).
- A backup made before every game was kept (format 1: one `journal.sqlite3`) still
  restores; its journal's game is read from the event vocabulary it carries.

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

from companion.exc import JournalError
from companion.files import sync_folder
from companion.games import DEFAULT
from companion.store import beside
from companion.store.beside import ROOM_NAME, SETTINGS_NAME
from companion.version import describe, release

FORMAT = 2
"""The backup file's own format; a file of a higher one is refused (a newer companion).
1: one journal (`journal.sqlite3`), the settings and the config. 2: every game's journal
(`games/<name>.sqlite3`) and the phones' room too."""

MANIFEST = "manifest.json"
CONFIG = "config.toml"
OLD_JOURNAL = "journal.sqlite3"
"""Format 1's one journal."""

FOLDER = "backups"
"""The backups beside the journal: `<journal's folder>/backups/`."""

KEEP_AUTOMATIC = 10
"""How many of each kind of automatic backup (before an update, before a restore) stay."""

# What a restore reads of each member at most (docs/setup-pi.md, "Backups"): far above
# what a table writes (a MUSH game of 1,000 events is about 130 KB of journal) and far
# below what would hurt a 1 GB Pi.
MAX_MANIFEST = 256 << 10
MAX_JOURNAL = 128 << 20
MAX_SETTINGS = 64 << 10
MAX_ROOM = 16 << 10
MAX_CONFIG = 1 << 20
MAX_TOTAL = 512 << 20
"""All members together."""


def member_of(game: str) -> str:
    """The member holding game `game`'s journal: `games/<name>.sqlite3`."""
    return f"games/{game}.sqlite3"


def wal_member(member: str) -> str:
    """The member holding a journal's -wal, in a backup kept of a journal SQLite could
    not read (its files as they were)."""
    return member + "-wal"


_MEMBER = re.compile(r"^games/([a-z][a-z0-9_]{0,31})\.sqlite3(-wal)?$")


def limit_of(name: str) -> int | None:
    """The most bytes member `name` may hold, or None for a name no backup has."""
    fixed = {MANIFEST: MAX_MANIFEST, SETTINGS_NAME: MAX_SETTINGS, ROOM_NAME: MAX_ROOM,
             CONFIG: MAX_CONFIG, OLD_JOURNAL: MAX_JOURNAL,
             wal_member(OLD_JOURNAL): MAX_JOURNAL}
    if name in fixed:
        return fixed[name]
    return MAX_JOURNAL if _MEMBER.match(name) else None


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


def sha256(data: bytes) -> str:
    """A file's SHA-256 as the manifest writes it."""
    return hashlib.sha256(data).hexdigest()


# --- what a backup holds -----------------------------------------------------------------


def journals_in(manifest: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """The manifest's journals by game (format 1's one journal under its game, read
    from its event vocabulary: `game_of_old`)."""
    found = manifest.get("journals")
    if isinstance(found, dict):
        return {str(k): v for k, v in found.items() if isinstance(v, dict)}
    old = manifest.get("journal")
    if isinstance(old, dict):
        return {game_of_old(old): old}
    return {}


def game_of_old(described: dict[str, Any]) -> str:
    """The game a format-1 backup's journal holds: the installed game whose event
    vocabulary it carries; else the game its file's name says (`journal-canoe.sqlite3`);
    else the default game (which every journal held before there was a second)."""
    from companion.games import game as installed_game
    from companion.games import installed

    vocabulary = described.get("vocabulary")
    for name in installed():
        if vocabulary and installed_game(name).codec.vocabulary == vocabulary:
            return name
    source = Path(str(described.get("from", "")))
    match = re.match(r"^.+-([a-z][a-z0-9_]{0,31})\.[^.]+$", source.name)
    if match is not None and match.group(1) in installed():
        return match.group(1)
    return DEFAULT


def _count(n: object, word: str) -> str:
    number = n if isinstance(n, int) else 0
    return f"{number:,} {word}{'' if number == 1 else 's'}"


def summary(manifest: dict[str, Any]) -> str:
    """What a backup holds, in one line for the terminal: each game's journal with its
    counts, then the other files."""
    parts = []
    for game, journal in journals_in(manifest).items():
        if journal.get("raw"):
            parts.append(f"{game}: the journal's files as they were (SQLite could not read "
                         "them)")
            continue
        current = journal.get("current_game")
        parts.append(f"{game}: {_count(journal.get('games'), 'game')}, "
                     f"{_count(journal.get('events'), 'event')}"
                     + (f", game {current} in progress" if current is not None else ""))
    what = "; ".join(parts) if parts else "no journal"
    extras = [name for name, key in ((SETTINGS_NAME, "settings"), (ROOM_NAME, "room"),
                                     (CONFIG, "config")) if manifest.get(key)]
    return what + (f"; with {', '.join(extras)}" if extras else "")


# --- taking a copy -----------------------------------------------------------------------


@dataclass(frozen=True)
class Snapshot:
    """A backup's contents in memory, to be written: the manifest and each file's bytes."""

    manifest: dict[str, Any]
    files: dict[str, bytes] = field(default_factory=dict)

    def summary(self) -> str:
        """What the backup holds, in one line for the terminal."""
        return summary(self.manifest)


def _copy_journal(path: Path) -> bytes:
    """The journal as one consistent SQLite image, read through the online backup."""
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


def _describe_journal(image: bytes, member: str, source: Path) -> dict[str, Any]:
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
    return {"file": member, "from": str(source.absolute()), "schema": schema,
            "vocabulary": vocabulary, "games": games, "events": events,
            "current_game": current, "bytes": len(image), "sha256": sha256(image)}


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
    """A consistent copy of every game's journal beside `journal` (the configured one),
    the settings and the room beside them, with the config.

    `raw_if_damaged` (for keeping what a restore replaces) copies a journal's files byte
    for byte when SQLite cannot read them, instead of refusing: a damaged journal is
    exactly what one restores over, and it is still worth keeping. Without `required`,
    a table with no journal yet makes a backup of its other files alone.
    """
    base = Path(journal)
    files: dict[str, bytes] = {}
    described: dict[str, dict[str, Any]] = {}
    for game, path in beside.journals(base).items():
        if not path.exists():
            continue
        member = member_of(game)
        try:
            image = _copy_journal(path)
            described[game] = _describe_journal(image, member, path)
            files[member] = image
        except BackupError:
            if not raw_if_damaged:
                raise
            described[game] = _raw_journal(path, member, files)
    if not described and required:
        raise BackupError(f"there is no journal at {base} (nor one of another game beside "
                          "it): nothing to back up")
    manifest: dict[str, Any] = {
        "format": FORMAT, "made_by": f"mush-companion {describe()}", "release": release(),
        "created": clock().isoformat(timespec="seconds"), "host": socket.gethostname(),
        "journals": described, "settings": None, "room": None, "config": None}
    others: list[tuple[str, str, Path | None]] = [
        ("settings", SETTINGS_NAME, beside.settings_of(base)),
        ("room", ROOM_NAME, beside.room_of(base)), ("config", CONFIG, config)]
    for key, name, where in others:
        data = _read_optional(where)
        if data is not None and where is not None:
            files[name] = data
            manifest[key] = {"file": name, "from": str(where.absolute()), "bytes": len(data),
                             "sha256": sha256(data)}
    return Snapshot(manifest, files)


def _raw_journal(journal: Path, member: str, files: dict[str, bytes]) -> dict[str, Any]:
    """The journal's files byte for byte, for a journal SQLite cannot read."""
    described: dict[str, Any] = {"file": member, "from": str(journal.absolute()), "raw": True}
    for name, path in ((member, journal),
                       (wal_member(member), journal.with_name(journal.name + "-wal"))):
        data = _read_optional(path)
        if data is not None:
            files[name] = data
            described[f"sha256:{name}"] = sha256(data)
    return described


def write(snapshot: Snapshot, destination: Path) -> Path:
    """Write the backup file atomically (a temporary file renamed over); returns it."""
    destination = Path(destination)
    destination.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(prefix=f".{destination.name}.",
                                         dir=destination.parent)
    try:
        with os.fdopen(handle, "wb") as raw, gzip.GzipFile(fileobj=raw, mode="wb") as packed, \
                tarfile.open(fileobj=packed, mode="w", format=tarfile.USTAR_FORMAT) as tar:
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


__all__ = ["CONFIG", "FOLDER", "FORMAT", "KEEP_AUTOMATIC", "MANIFEST", "MAX_CONFIG",
           "MAX_JOURNAL", "MAX_MANIFEST", "MAX_ROOM", "MAX_SETTINGS", "MAX_TOTAL",
           "OLD_JOURNAL", "ROOM_NAME", "SETTINGS_NAME", "BackupError", "NewerBackupError",
           "Snapshot", "default_name", "folder_for", "game_of_old", "is_newer",
           "journals_in", "limit_of", "member_of", "prune", "release_tuple", "sha256",
           "summary", "take", "wal_member", "write"]
