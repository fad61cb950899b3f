"""Putting a backup back: read within bounds, check whole, replace the table's files.

Why it looks like this:

- A backup file may be anything. It is read member by member (`companion/store/tarball.py`),
  each within the bound its name allows (`companion.store.backup.limit_of`: a journal at
  most 128 MB, the pads' settings 64 KB, the room 16 KB), hashed and written to a
  temporary file beside the journal it will replace as it streams, never held whole in
  memory: a small file of huge members is refused at the first member's header.
- A restore is checked whole before anything is replaced: the sums, the format, that no
  newer companion wrote it, and for every game's journal that its schema is exactly one
  this companion writes (no trigger, view, table or index of anyone else's:
  `integrity.schema_problem`), SQLite's `quick_check`, that every game in it reads and
  the newest replays. One journal that fails refuses the whole backup.
- It then keeps what it replaces (a backup of its own, `before-restore-*`, every game),
  checkpoints each old journal and removes its `-wal` and `-shm` (a stale WAL beside the
  new file would be replayed into it), and renames each checked copy into place. A
  backup of the whole table (format 2) puts back the table as it was: a game's journal
  it does not hold is removed (it is in the kept backup); a format-1 backup replaces
  only the game it holds.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import sqlite3
import stat
import tempfile
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, BinaryIO

from companion.config.prefs import parse_prefs
from companion.exc import IncompatibleJournalError, JournalError
from companion.files import FileProblem, Limits, parse_json, sync_folder, write_atomic
from companion.games import DEFAULT, installed
from companion.games import game as installed_game
from companion.store import beside
from companion.store.backup import (
    CONFIG,
    FORMAT,
    MANIFEST,
    MAX_TOTAL,
    OLD_JOURNAL,
    ROOM_NAME,
    SETTINGS_NAME,
    BackupError,
    NewerBackupError,
    default_name,
    folder_for,
    is_newer,
    journals_in,
    limit_of,
    member_of,
    prune,
    sha256,
    take,
    wal_member,
    write,
)
from companion.store.control import request_path
from companion.store.integrity import SCHEMA_VERSION, Kind, inspect, schema_problem
from companion.store.journal import Journal
from companion.store.tarball import Reader, TarProblem
from companion.version import describe, release

_JSON_LIMITS = Limits(size=256 << 10, depth=8, key_parts=1, digits=40)


def _now() -> datetime:
    return datetime.now(UTC)


@dataclass
class Part:
    """One game's journal in a backup: what the manifest says of it, and its copy."""

    game: str
    member: str
    described: dict[str, Any]
    target: Path  # the journal it replaces
    temporary: Path | None = None  # the copy written beside it (None: not a readable one)

    @property
    def raw(self) -> bool:
        """A journal SQLite could not read, kept as its files were."""
        return bool(self.described.get("raw"))


@dataclass
class Unpacked:
    """A backup read and its sums checked: each game's journal copied beside the journal
    it would replace, the small files in memory. `discard()` removes the copies."""

    shown: str
    manifest: dict[str, Any]
    parts: dict[str, Part] = field(default_factory=dict)
    files: dict[str, bytes] = field(default_factory=dict)  # settings, room, config

    @property
    def format(self) -> int:
        """The backup's format (1: one journal; 2: the whole table)."""
        return int(self.manifest.get("format", 1))

    def discard(self) -> None:
        """Remove the journals' copies (the restore was given up, or is done)."""
        for part in self.parts.values():
            if part.temporary is not None:
                for path in (part.temporary, *_sidecars(part.temporary)):
                    with contextlib.suppress(OSError):
                        path.unlink()


def _sidecars(path: Path) -> list[Path]:
    return [path.with_name(path.name + suffix) for suffix in ("-wal", "-shm", "-journal")]


@contextlib.contextmanager
def opened(path: Path) -> Iterator[BinaryIO]:
    """A backup file opened for reading: a regular file only (a FIFO never blocks)."""
    flags = os.O_RDONLY | os.O_NONBLOCK | os.O_NOCTTY | getattr(os, "O_CLOEXEC", 0)
    try:
        fd = os.open(path, flags)
    except FileNotFoundError as exc:
        raise BackupError(f"there is no file {path}") from exc
    except OSError as exc:
        raise BackupError(f"cannot read {path}: {exc.strerror or exc}") from exc
    mode = os.fstat(fd).st_mode
    if not stat.S_ISREG(mode):
        os.close(fd)
        raise BackupError(f"{path} is not a file: not a companion backup")
    with os.fdopen(fd, "rb") as stream:
        yield stream


def unpack(source: Path | BinaryIO, journal: Path, *, shown: str | None = None) -> Unpacked:
    """Read a backup, checking every member against its bound and its sum, and copy each
    game's journal beside the one it would replace (the table of `journal`). Raises
    BackupError (NewerBackupError) saying why; nothing is left behind then."""
    if isinstance(source, Path | str):
        with opened(Path(source)) as stream:
            return unpack(stream, journal, shown=shown or str(source))
    shown = shown or "the backup"
    unpacked = Unpacked(shown, {})
    try:
        _read_members(source, Path(journal), unpacked)
    except TarProblem as exc:
        unpacked.discard()
        raise BackupError(f"{shown} is not a companion backup, or a damaged one: {exc}") \
            from exc
    except BaseException:
        unpacked.discard()
        raise
    return unpacked


def _read_members(source: BinaryIO, base: Path, unpacked: Unpacked) -> None:
    shown = unpacked.shown
    reader = Reader(source, limit_of, MAX_TOTAL)
    wanted: dict[str, str] = {}
    for member, data in reader.members():
        if not unpacked.manifest:
            if member.name != MANIFEST:
                raise BackupError(f"{shown} does not begin with {MANIFEST}: not a companion "
                                  "backup")
            unpacked.manifest = _manifest(shown, b"".join(data))
            wanted = _expected(shown, unpacked, base)
            continue
        if member.name not in wanted:
            raise BackupError(f"{shown} holds {member.name}, which its manifest does not list")
        part = next((p for p in unpacked.parts.values() if p.member == member.name), None)
        if part is not None and not part.raw:
            part.temporary, digest = _copy_beside(part.target, data)
        elif member.name in (SETTINGS_NAME, ROOM_NAME, CONFIG):
            unpacked.files[member.name] = b"".join(data)
            digest = sha256(unpacked.files[member.name])
        else:  # a raw journal's files: only their sums are checked
            digest = _digest(data)
        if digest != wanted.pop(member.name):
            raise BackupError(f"{shown}: {member.name} does not match its checksum: the file "
                              "is damaged; use another backup")
    if not unpacked.manifest:
        raise BackupError(f"{shown} holds no {MANIFEST}: not a companion backup")
    if wanted:
        raise BackupError(f"{shown}: {', '.join(sorted(wanted))} is missing (the manifest "
                          "lists it)")


def _manifest(shown: str, data: bytes) -> dict[str, Any]:
    try:
        manifest = parse_json(data.decode("utf-8"), _JSON_LIMITS, MANIFEST)
    except (UnicodeDecodeError, ValueError, FileProblem) as exc:
        raise BackupError(f"{shown} has no readable {MANIFEST}: not a companion backup, or "
                          "a damaged one") from exc
    if not isinstance(manifest, dict):
        raise BackupError(f"{shown}: {MANIFEST} is not a manifest: not a companion backup")
    _refuse_newer(shown, manifest)
    return manifest


def _refuse_newer(shown: str, manifest: dict[str, Any]) -> None:
    made_by = str(manifest.get("made_by", "an unknown companion"))
    fix = (f"this is mush-companion {describe()}; update it first (sudo make update), then "
           "restore again")
    fmt = manifest.get("format")
    if not isinstance(fmt, int) or isinstance(fmt, bool) or fmt < 1:
        raise BackupError(f"{shown}: {MANIFEST} has no format: not a companion backup")
    if fmt > FORMAT:
        raise NewerBackupError(f"{shown} is a backup of format {fmt}, made by {made_by}; "
                               f"this companion reads format {FORMAT} at most: {fix}")
    if is_newer(str(manifest.get("release", "")), release()):
        raise NewerBackupError(f"{shown} was made by a newer companion ({made_by}): {fix}")
    for game, journal in journals_in(manifest).items():
        if game not in installed():
            raise NewerBackupError(f"{shown} holds a journal of the game {game!r}, which this "
                                   f"companion does not have: {fix}")
        schema = journal.get("schema", 0)
        if isinstance(schema, int) and schema > SCHEMA_VERSION:
            raise NewerBackupError(f"{shown} holds a {game} journal of schema {schema}, newer "
                                   f"than this companion reads ({SCHEMA_VERSION}): {fix}")


def _expected(shown: str, unpacked: Unpacked, base: Path) -> dict[str, str]:
    """Every member the manifest lists, with its sum; the journals' parts made."""
    manifest = unpacked.manifest
    wanted: dict[str, str] = {}
    for game, described in journals_in(manifest).items():
        member = member_of(game) if unpacked.format >= 2 else OLD_JOURNAL
        if described.get("file") != member:
            raise BackupError(f"{shown}: the manifest puts the {game} journal in "
                              f"{described.get('file')!r}, not {member}: not a companion backup")
        unpacked.parts[game] = Part(game, member, described, beside.journal_of(base, game))
        if described.get("raw"):
            for name in (member, wal_member(member)):
                if f"sha256:{name}" in described:
                    wanted[name] = str(described[f"sha256:{name}"])
        else:
            wanted[member] = str(described.get("sha256", ""))
    for key, name in (("settings", SETTINGS_NAME), ("room", ROOM_NAME), ("config", CONFIG)):
        entry = manifest.get(key)
        if isinstance(entry, dict):
            wanted[name] = str(entry.get("sha256", ""))
    _room_for(shown, base, [p for p in unpacked.parts.values() if not p.raw])
    return wanted


def _room_for(shown: str, base: Path, parts: list[Part]) -> None:
    """Refuse a backup the card has no room for, before a byte of it is written."""
    needed = sum(int(p.described.get("bytes", 0) or 0) for p in parts)
    try:
        folder = base.parent if base.parent.exists() else Path(os.sep)
        info = os.statvfs(folder)
    except OSError:
        return
    free = info.f_bavail * info.f_frsize
    if needed and needed * 2 > free:  # the copies, and the journals they replace kept
        raise BackupError(f"the card has {free:,} bytes free; restoring {shown} needs about "
                          f"{needed * 2:,} (its journals and a backup of those it replaces): "
                          "free some space first")


def _digest(chunks: Iterator[bytes]) -> str:
    h = hashlib.sha256()
    for chunk in chunks:
        h.update(chunk)
    return h.hexdigest()


def _copy_beside(target: Path, chunks: Iterator[bytes]) -> tuple[Path, str]:
    """Stream a journal's member into a new file beside `target`, hashing it."""
    target.parent.mkdir(parents=True, exist_ok=True)
    handle, name = tempfile.mkstemp(prefix=f".{target.name}.restore.", dir=target.parent)
    h = hashlib.sha256()
    try:
        with os.fdopen(handle, "wb") as out:
            for chunk in chunks:
                h.update(chunk)
                out.write(chunk)
            out.flush()
            os.fsync(out.fileno())
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(name)
        raise
    return Path(name), h.hexdigest()


# --- checking ----------------------------------------------------------------------------


@dataclass(frozen=True)
class CheckedGame:
    """One game's journal, checked: the game that will resume (in progress), else the
    newest, and where it stands."""

    game: str
    number: int | None
    state: str  # "round 4, bidding" or "" when there is no game
    finished: bool


@dataclass(frozen=True)
class Checked:
    """A backup checked whole, its journals' copies beside the journals they replace."""

    unpacked: Unpacked
    games: dict[str, CheckedGame]

    def discard(self) -> None:
        """Remove the checked copies (the restore was given up)."""
        self.unpacked.discard()


def check(unpacked: Unpacked) -> Checked:
    """Prove every journal of the backup and its settings and room; raises BackupError
    (NewerBackupError for a newer companion's journal), the copies removed."""
    order = sorted(unpacked.parts, key=lambda name: (name != DEFAULT, name))
    try:
        games = {game: _check_journal(unpacked.shown, unpacked.parts[game]) for game in order}
        _check_small(unpacked)
    except BaseException:
        unpacked.discard()
        raise
    return Checked(unpacked, games)


def _check_small(unpacked: Unpacked) -> None:
    settings = unpacked.files.get(SETTINGS_NAME)
    if settings is not None:
        try:
            parse_prefs(parse_json(settings.decode("utf-8"), _JSON_LIMITS, SETTINGS_NAME))
        except (UnicodeDecodeError, ValueError, FileProblem) as exc:
            raise BackupError(f"the backup's {SETTINGS_NAME} is not JSON ({exc})") from exc
    room = unpacked.files.get(ROOM_NAME)
    if room is not None:
        from companion.web.room import room_problem

        problem = room_problem(room)
        if problem is not None:
            raise BackupError(f"the backup's {ROOM_NAME} is not a room this companion "
                              f"wrote ({problem})")


def _check_journal(shown: str, part: Part) -> CheckedGame:
    game = part.game
    if part.raw or part.temporary is None:
        raise BackupError(f"{shown} holds a {game} journal SQLite could not read, kept as it "
                          "was; take its files out by hand (tar -xzf FILE) if you need them")
    rules = installed_game(game)
    refused = f"the backup's {game} journal"
    _check_schema(part.temporary, refused, game)
    try:
        with Journal(part.temporary, recover=False, game=rules) as book:
            for each in book.games():  # every game must read: a restore is no salvage
                book.records(each.id)
            record = book.current_game() or book.latest_game()
            if record is None:
                return CheckedGame(game, None, "", False)
            state = book.replay(record.id)
            count = len(book.load(record.id))
        return CheckedGame(game, record.id, describe_state(rules, state, count),
                           not record.in_progress)
    except IncompatibleJournalError as exc:
        raise NewerBackupError(f"{refused} was written by a newer companion ({exc}); update "
                               "this one first (sudo make update)") from exc
    except (JournalError, sqlite3.Error) as exc:
        raise BackupError(f"{refused} does not read as a {game} journal: "
                          f"{_plain(exc, part.temporary)}; use another backup") from exc
    finally:
        for side in _sidecars(part.temporary):
            with contextlib.suppress(OSError):
                side.unlink()


def _plain(exc: Exception, temporary: Path) -> str:
    """The journal's words without the temporary file's name or the advice for a card's
    journal ("start the companion to recover it" is no fix for a backup)."""
    text = str(exc).replace(f"{temporary}: ", "").replace(str(temporary), "it")
    return text.replace("; start the companion to recover it", "")


def _check_schema(path: Path, refused: str, game: str) -> None:
    """The copy's schema is exactly ours, and its events are this game's."""
    try:
        conn = sqlite3.connect(f"{path.absolute().as_uri()}?mode=ro&immutable=1", uri=True)
        try:
            found = inspect(conn)
            if found.kind is Kind.NEWER:
                raise NewerBackupError(f"{refused} has format {found.version}, newer than "
                                       f"this companion reads ({SCHEMA_VERSION}); update it "
                                       "first (sudo make update)")
            if found.kind is not Kind.OURS:
                raise BackupError(f"{refused} is not a journal: {found.reason or 'empty'}")
            problem = schema_problem(conn)
            marked = int(conn.execute("PRAGMA application_id").fetchone()[0])
        finally:
            conn.close()
    except sqlite3.Error as exc:
        raise BackupError(f"{refused} is not an SQLite file SQLite can read ({exc}); use "
                          "another backup") from exc
    if problem is not None:
        raise BackupError(f"{refused} is not one a companion wrote: {problem}; it is not "
                          "restored (use another backup)")
    others = {installed_game(n).codec.vocabulary: n for n in installed() if n != game}
    if marked in others:
        raise BackupError(f"{refused} holds the events of {others[marked]}, not of {game}: "
                          "not a backup this companion wrote")


def describe_state(rules: Any, state: Any, events: int) -> str:
    """Where a game stands, in words any game's state gives: its round or turn when it
    counts them, and the phase of its flow."""
    parts = []
    for attribute, word in (("round", "round"), ("turns", "turn")):
        value = getattr(state, attribute, None)
        if isinstance(value, int) and not isinstance(value, bool) and value > 0:
            parts.append(f"{word} {value}")
            break
    phase = rules.flow.phase_of(state)
    parts.append(str(getattr(phase, "value", phase)).replace("_", " "))
    return ", ".join(parts) if parts else f"{events} events"


# --- putting it in place -----------------------------------------------------------------


@dataclass(frozen=True)
class Restored:
    """What a restore did: each game now in its journal and where the old table went."""

    journal: Path
    games: dict[str, CheckedGame]
    kept: Path | None  # the backup of what was replaced (None: there was nothing)
    removed: tuple[str, ...] = ()  # games whose journal the backup did not hold


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


def _replace_file(target: Path, data: bytes | None, mode: int) -> None:
    if data is None:
        with contextlib.suppress(FileNotFoundError):
            target.unlink()
        return
    write_atomic(target, data, mode)


def put_in_place(checked: Checked, journal: Path, *, keep_folder: Path | None = None,
                 config: Path | None = None, clock: Callable[[], datetime] = _now
                 ) -> Restored:
    """Replace the table's journals, settings and room with the checked backup's.

    The caller holds the journal's lock (nothing else may have it open). What is
    replaced is first kept as `before-restore-<time>.tar.gz` (every game); if that
    cannot be written nothing is replaced."""
    base = Path(journal)
    folder = base.parent
    unpacked = checked.unpacked
    kept: Path | None = None
    if beside.anything_at(base):
        keep_folder = keep_folder or folder_for(base)
        current = take(base, config, raw_if_damaged=True, required=False, clock=clock)
        kept = write(current, keep_folder / default_name("before-restore", clock()))
        prune(keep_folder, "before-restore")
    whole = unpacked.format >= 2
    games = list(beside.journals(base)) if whole else list(unpacked.parts)
    removed = []
    mode = _mode_of(base)
    for game in games:
        target = beside.journal_of(base, game)
        part = unpacked.parts.get(game)
        if part is None and not target.exists():
            continue
        _checkpoint_away(target)
        if part is not None and part.temporary is not None:
            with contextlib.suppress(OSError):  # the same rights as the file it replaces
                os.chmod(part.temporary, _mode_of(target) if target.exists() else mode)
            os.replace(part.temporary, target)
            part.temporary = None
        else:
            with contextlib.suppress(FileNotFoundError):
                target.unlink()
            removed.append(game)
        with contextlib.suppress(FileNotFoundError):  # a pending request would end the game
            request_path(target).unlink()
    _replace_file(beside.settings_of(base), unpacked.files.get(SETTINGS_NAME), 0o644)
    if whole:
        _replace_file(beside.room_of(base), unpacked.files.get(ROOM_NAME), 0o600)
    sync_folder(folder)
    return Restored(base, checked.games, kept, tuple(removed))


def _mode_of(path: Path) -> int:
    try:
        return path.stat().st_mode & 0o777
    except OSError:
        return 0o644


def read(path: Path, journal: Path) -> Checked:
    """Unpack and check a backup file for the table of `journal` (see `unpack`, `check`)."""
    return check(unpack(Path(path), journal))


__all__ = ["Checked", "CheckedGame", "Part", "Restored", "Unpacked", "check",
           "describe_state", "opened", "put_in_place", "read", "unpack"]
