"""The journal: every public event of every game, in one SQLite file that survives a pulled plug.

Why it looks like this:

- One file, WAL mode, `synchronous=FULL`: a commit is on the SD card before `append`
  returns, so anything the screen shows or the voice says can be replayed after a power
  cut (DESIGN.md, Storage; RULES I6).
- Private events (a locked or unlocked bid) are dropped here, not by the caller, so no
  code path can put an unrevealed bid on disk (R1, I5). A game cut during bidding
  therefore comes back in bidding with nobody locked in.
- Nothing is ever updated or deleted in `events`. Undo appends a row to `undos` naming
  the batch (one `append` call, i.e. one command) it retracts; reading skips retracted
  batches. Only batches without a die roll or a reveal may be retracted (DESIGN.md,
  boardgame.io's rule: no undo across randomness or a secret).
- On open the file is checked (`PRAGMA quick_check`). A damaged file is moved aside as
  `<name>.damaged-<timestamp>` and what is still readable, event by event in order, is
  copied into a fresh file; one log line says what happened.

`docs/journal-format.md` describes the tables and the event JSON for readers in any language.
"""

from __future__ import annotations

import contextlib
import errno
import json
import logging
import os
import sqlite3
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, TextIO, TypeVar

from companion.core.acts import Event
from companion.core.game import AnyGame
from companion.exc import CodecError
from companion.exc import (
    GameClosedError as GameClosedError,
)
from companion.exc import (
    IncompatibleJournalError as IncompatibleJournalError,
)
from companion.exc import (
    JournalError as JournalError,
)
from companion.exc import (
    UndoRefusedError as UndoRefusedError,
)
from companion.games import game as installed_game
from companion.store.check import check_batches
from companion.store.pages import Value, leaf_rows, main_pages, page_size_of, read_wal

log = logging.getLogger("companion.store")

SCHEMA_VERSION = 1
"""`PRAGMA user_version` of a journal this code writes."""

_SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    id        INTEGER PRIMARY KEY,
    created   TEXT    NOT NULL,
    settings  TEXT    NOT NULL,
    finished  TEXT,
    winner    INTEGER
);
CREATE TABLE IF NOT EXISTS events (
    id        INTEGER PRIMARY KEY,
    game_id   INTEGER NOT NULL REFERENCES games(id),
    seq       INTEGER NOT NULL,
    batch     INTEGER NOT NULL,
    event     TEXT    NOT NULL,
    time      TEXT    NOT NULL,
    UNIQUE (game_id, seq)
);
CREATE TABLE IF NOT EXISTS undos (
    id        INTEGER PRIMARY KEY,
    game_id   INTEGER NOT NULL REFERENCES games(id),
    batch     INTEGER NOT NULL,
    time      TEXT    NOT NULL,
    UNIQUE (game_id, batch)
);
"""

Migration = Callable[[sqlite3.Connection], None]

MIGRATIONS: dict[int, Migration] = {}
"""Schema upgrades: `MIGRATIONS[n]` turns a version-n journal into version n+1.

Each runs inside the transaction that then sets `user_version = n + 1`, so a power cut
mid-migration leaves the old version intact. Version 1 is the first; none exist yet.
"""

VOCABULARY_ID = installed_game().codec.vocabulary
"""The event vocabulary of this program (the game's codec fingerprints its format version,
every event type and its fields), as written in `PRAGMA application_id`.

An event row that is sound JSON of our format version but names a type or fields we do
not know is damage in a file whose vocabulary is ours (a flipped byte), and an
incompatible format in a file another vocabulary wrote (a newer, or renamed, event):
the journal then refuses the file as it is instead of cutting a healthy game.
"""

FINAL_EVENT_TYPES: tuple[type[Event], ...] = installed_game().undo.final_types
"""Events a batch cannot be retracted past: the game's own undo policy."""


@dataclass(frozen=True)
class GameRecord:
    """One row of `games`: when it began, with which settings, and how it ended."""

    id: int
    created: str
    settings: Any  # the game's settings, decoded by its codec
    finished: str | None = None  # time it was won or abandoned; None while in progress
    winner: int | None = None  # the winning seat; None if unfinished or abandoned

    @property
    def in_progress(self) -> bool:
        """Whether the game can still take events."""
        return self.finished is None


@dataclass(frozen=True)
class StoredEvent:
    """One row of `events`, decoded, with whether an undo retracted it."""

    game_id: int
    seq: int
    batch: int
    time: str
    event: Event
    retracted: bool = False


@dataclass(frozen=True)
class Recovery:
    """What opening a damaged journal did, for the log and for tests."""

    damaged: Path  # where the damaged file now is
    reason: str
    games: int
    events: int
    cut: tuple[int, ...]  # games whose events stopped early at an unreadable row
    lost: int = 0  # rows found in the damaged file but not kept (rows on lost pages unknown)


def _summary(rows: list[tuple[Any, ...]]) -> str:
    """quick_check's findings as one line: how many, and the first one."""
    lines = [line for r in rows for line in str(r[0]).splitlines()
             if line.strip() and not line.startswith("***")]
    if not lines:
        return "quick_check failed"
    return f"quick_check found {len(lines)} problem(s), first: {lines[0]}"


def _now() -> datetime:
    return datetime.now(UTC)


def _stamp(moment: datetime) -> str:
    return moment.isoformat(timespec="milliseconds")


def settings_to_json(settings: Any) -> str:
    """Settings as the versioned JSON the `games.settings` column holds (the default
    game's codec; a `Journal` uses its own game's)."""
    return installed_game().codec.settings_to_json(settings)


def settings_from_json(text: str) -> Any:
    """Settings from `settings_to_json`'s output."""
    return installed_game().codec.settings_from_json(text)


# SQLite result codes (the low byte of `sqlite_errorcode`) that say the card, not the
# file, is the trouble: full, read-only, refusing to open or write, or failing I/O.
_WRITE_TROUBLE = {3: "no permission to write", 8: "the card is read-only",
                  10: "the card failed to read or write", 13: "the card is full",
                  14: "the journal's folder cannot be opened or written"}
_ERRNO_TROUBLE = {errno.ENOSPC: "the card is full", errno.EROFS: "the card is read-only",
                  errno.EACCES: "no permission to write", errno.EPERM: "no permission to write",
                  errno.EIO: "the card failed to read or write",
                  errno.EDQUOT: "the card is full"}


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
        for words, reason in (("disk is full", "the card is full"),
                              ("readonly", "the card is read-only"),
                              ("read-only", "the card is read-only"),
                              ("unable to open", "the journal's folder cannot be opened or "
                                                 "written"),
                              ("disk i/o", "the card failed to read or write")):
            if words in text:
                return reason
        return None
    if isinstance(exc, OSError) and exc.errno in _ERRNO_TROUBLE:
        return _ERRNO_TROUBLE[exc.errno]
    return None


def _connect(path: Path) -> sqlite3.Connection:
    # isolation_level=None: we issue BEGIN/COMMIT ourselves, so a transaction is exactly
    # one `append`, one `undo` or one `new_game`, never something the driver chose.
    conn = sqlite3.connect(str(path), isolation_level=None)
    try:
        conn.execute("PRAGMA journal_mode=WAL")
        conn.execute("PRAGMA synchronous=FULL")
        conn.execute("PRAGMA foreign_keys=ON")
    except BaseException:
        conn.close()
        raise
    return conn


def _memory() -> sqlite3.Connection:
    conn = sqlite3.connect(":memory:", isolation_level=None)
    conn.execute("PRAGMA foreign_keys=ON")
    return conn


def _sidecars(path: Path) -> list[tuple[str, Path]]:
    return [(suffix, path.with_name(path.name + suffix)) for suffix in ("-wal", "-shm")]


_T = TypeVar("_T")


class Journal:
    """The game journal in one SQLite file; the main loop owns it (one thread).

    Open it with `Journal(path)`; if the file was damaged, `recovery` says what was saved.
    When the card is full or read-only, `degraded` says why and the game is kept in an
    in-memory copy, written back to the file at the first later write that succeeds.
    """

    def __init__(self, path: str | Path, *, clock: Callable[[], datetime] = _now,
                 recover: bool = True, game: AnyGame | None = None) -> None:
        """Open (or create) the journal.

        `recover=False` is for tools that may run beside the companion (`state`,
        `export`): they must never move the file away under the running program, so a
        damaged file raises `JournalError` instead of being recovered. `game` is the game
        whose events the file holds (the default game when not given): the journal knows
        its events only through that game's codec, undo policy and invariants.
        """
        self.rules: AnyGame = game if game is not None else installed_game()
        self._vocabulary_id = self.rules.codec.vocabulary
        self.path = Path(path)
        self._clock = clock
        self._may_recover = recover
        self.recovery: Recovery | None = None
        self.degraded: str | None = None  # why the game is only in memory, if it is
        self.unsaved = 0  # writes kept in memory only since the card refused them
        self._flush_blocked = False  # the file on disk must not be overwritten
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            if write_trouble(exc) is None or not recover:
                raise JournalError(f"cannot make the journal's folder {self.path.parent}: "
                                   f"{exc.strerror or exc}") from exc
        self._conn = self._open()
        self._vocabulary = int(self._conn.execute("PRAGMA application_id").fetchone()[0])
        if recover:
            self._check_current()

    # --- opening, checking, recovering ----------------------------------------------

    def _open(self) -> sqlite3.Connection:
        problem: str | None = None
        conn: sqlite3.Connection | None = None
        wal = read_wal(_read_bytes(self.path.with_name(self.path.name + "-wal")))
        if wal.damaged:
            problem = (f"the -wal held {wal.ignored} sound frame(s) after a bad frame "
                       f"(#{wal.bad_frame}) that SQLite would have ignored")
        try:
            if problem is None:
                conn = _connect(self.path)
                version = conn.execute("PRAGMA user_version").fetchone()[0]
                if version > SCHEMA_VERSION:
                    conn.close()
                    raise IncompatibleJournalError(
                        f"{self.path}: journal schema {version} is newer than this program "
                        f"reads ({SCHEMA_VERSION}); update the companion (the file is "
                        "left as it is)")
                rows = conn.execute("PRAGMA quick_check").fetchall()
                if rows != [("ok",)]:
                    problem = _summary(rows)
        except (sqlite3.Error, OSError) as exc:
            trouble = write_trouble(exc)
            if trouble is not None and self._may_recover:
                if conn is not None:
                    conn.close()
                return self._open_in_memory(trouble)
            problem = str(exc)
        if problem is None and conn is not None:
            try:
                self._migrate(conn)
                return conn
            except (sqlite3.Error, OSError) as exc:
                trouble = write_trouble(exc)
                if trouble is not None and self._may_recover:
                    conn.close()
                    return self._open_in_memory(trouble)
                problem = str(exc)
        if conn is not None:
            conn.close()
        if not self._may_recover:
            raise JournalError(f"{self.path} is damaged ({problem}); start the companion "
                               "to recover it")
        return self._recover(problem or "unreadable")

    def _open_in_memory(self, trouble: str) -> sqlite3.Connection:
        """The journal as it is on the card, copied into memory; writes wait for the card."""
        memory = _memory()
        source: sqlite3.Connection | None = None
        if self.path.exists():
            try:
                try:
                    source = sqlite3.connect(f"{self.path.resolve().as_uri()}?mode=ro",
                                             uri=True)
                    source.backup(memory)
                except sqlite3.OperationalError:
                    if source is not None:
                        source.close()
                    source = None
                    if read_wal(_read_bytes(self.path.with_name(self.path.name + "-wal"))
                                ).frames:
                        raise
                    # A WAL-mode file on a read-only card cannot make its -shm; with no
                    # WAL left (a clean stop) the main file alone is the whole journal.
                    source = sqlite3.connect(
                        f"{self.path.resolve().as_uri()}?mode=ro&immutable=1", uri=True)
                    source.backup(memory)
                rows = memory.execute("PRAGMA quick_check").fetchall()
                if rows != [("ok",)]:
                    raise sqlite3.DatabaseError(_summary(rows))
            except sqlite3.Error as exc:
                # Damaged and not writable: salvage into memory; the file stays as it is
                # (it cannot be moved aside) and is never overwritten by this run.
                memory.close()
                memory = self._salvaged_into_memory(str(exc))
            finally:
                if source is not None:
                    source.close()
        self._migrate(memory)
        self._degrade(trouble, at_start=True)
        return memory

    def _salvaged_into_memory(self, problem: str) -> sqlite3.Connection:
        salvage = _salvage(self.path, self.rules)
        memory = _memory()
        self._fill(memory, salvage)
        self._flush_blocked = True
        self.recovery = self._report(self.path, problem, salvage)
        return memory

    def _degrade(self, trouble: str, at_start: bool = False) -> None:
        with contextlib.suppress(OSError):
            if os.statvfs(self.path.parent).f_flag & os.ST_RDONLY:
                trouble = "the card is read-only"
        if self.degraded is None:
            log.warning("journal %s cannot be written (%s): the game goes on in memory and "
                        "is written as soon as the card takes it again%s", self.path, trouble,
                        " (at start)" if at_start else "")
        self.degraded = trouble

    def _migrate(self, conn: sqlite3.Connection) -> None:
        version = conn.execute("PRAGMA user_version").fetchone()[0]
        if version == SCHEMA_VERSION:
            return
        conn.execute("BEGIN IMMEDIATE")
        try:
            if version == 0:
                # one statement at a time: executescript() would COMMIT behind our back
                for statement in _SCHEMA.split(";"):
                    if statement.strip():
                        conn.execute(statement)
            else:
                for step in range(version, SCHEMA_VERSION):
                    MIGRATIONS[step](conn)
            conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
            conn.execute("COMMIT")
        except BaseException:
            with contextlib.suppress(sqlite3.Error):
                conn.execute("ROLLBACK")
            raise

    def _fill(self, conn: sqlite3.Connection, salvage: _Salvage) -> None:
        self._migrate(conn)
        conn.execute("BEGIN IMMEDIATE")
        try:
            conn.executemany(
                "INSERT INTO games (id, created, settings, finished, winner) VALUES (?,?,?,?,?)",
                salvage.games)
            conn.executemany(
                "INSERT INTO events (game_id, seq, batch, event, time) VALUES (?,?,?,?,?)",
                salvage.events)
            conn.executemany("INSERT INTO undos (game_id, batch, time) VALUES (?,?,?)",
                             salvage.undos)
            conn.execute("COMMIT")
        except BaseException:
            with contextlib.suppress(sqlite3.Error):
                conn.execute("ROLLBACK")
            raise

    def _recover(self, reason: str) -> sqlite3.Connection:
        """Move the damaged file aside and rebuild a fresh one from what can still be read.

        The salvage is built in memory first; if the card then refuses the fresh file
        (full, read-only), the game goes on from the in-memory copy.
        """
        moment = self._clock()
        damaged = self.path.with_name(
            f"{self.path.name}.damaged-{moment.strftime('%Y%m%dT%H%M%S%fZ')}")
        memory = _memory()
        try:
            if self.path.exists():
                self.path.rename(damaged)
            for suffix, side in _sidecars(self.path):
                if side.exists():
                    side.rename(damaged.with_name(damaged.name + suffix))
        except OSError as exc:
            memory.close()
            self._degrade(write_trouble(exc) or str(exc), at_start=True)
            return self._salvaged_into_memory(reason)
        salvage = _salvage(damaged, self.rules)
        self._fill(memory, salvage)
        self.recovery = self._report(damaged, reason, salvage)
        try:
            conn = _connect(self.path)
            memory.backup(conn)
            memory.close()
            return conn
        except (sqlite3.Error, OSError) as exc:
            trouble = write_trouble(exc)
            if trouble is None:
                raise
            self._degrade(trouble, at_start=True)
            return memory

    def _report(self, damaged: Path, reason: str, salvage: _Salvage) -> Recovery:
        recovery = Recovery(damaged=damaged, reason=" ".join(reason.split()),
                            games=len(salvage.games), events=len(salvage.events),
                            cut=tuple(sorted(salvage.cut)), lost=salvage.lost)
        notes = "; ".join(salvage.notes[:3]) + ("; …" if len(salvage.notes) > 3 else "")
        cut = (f", game(s) {', '.join(map(str, recovery.cut))} cut at their last complete "
               f"command ({notes})" if recovery.cut else "")
        where = (f"kept it as {damaged.name}" if damaged != self.path
                 else "left it in place (it cannot be moved)")
        log.warning("journal %s was damaged (%s): %s and recovered %d game(s), "
                    "%d event(s), %d event(s) lost%s", self.path, recovery.reason, where,
                    recovery.games, recovery.events, recovery.lost, cut)
        return recovery

    def _check_current(self) -> None:
        """Replay the game in progress once, so damage is found (and salvaged) at start."""
        current = self._guarded(self.current_game)
        if current is not None:
            self.load(current.id)

    def _guarded(self, read: Callable[[], _T]) -> _T:
        """Run a read; a row that does not decode or replay triggers recovery, then retry."""
        try:
            return read()
        except (_DamagedRow, CodecError, UnicodeDecodeError, sqlite3.DatabaseError) as exc:
            if isinstance(exc, sqlite3.DatabaseError) and write_trouble(exc) is not None:
                raise
            if not self._may_recover:
                raise JournalError(f"{self.path} is damaged ({exc}); start the companion "
                                   "to recover it") from exc
            if self.recovery is not None and self.recovery.damaged == self.path:
                raise JournalError(f"{self.path} is damaged ({exc})") from exc
            self._conn.close()
            self._conn = self._recover(str(exc))
            return read()

    # --- transactions ---------------------------------------------------------------

    @contextlib.contextmanager
    def _transaction(self) -> Iterator[sqlite3.Connection]:
        conn = self._conn
        conn.execute("BEGIN IMMEDIATE")
        try:
            yield conn
        except BaseException:
            with contextlib.suppress(sqlite3.Error):  # a full card may have rolled it back
                conn.execute("ROLLBACK")
            raise
        conn.execute("COMMIT")

    def _write(self, body: Callable[[sqlite3.Connection], _T]) -> _T:
        """Run one write transaction; a full or read-only card moves the game to memory.

        The body may run twice (once on the card, once in memory after the card refused
        it), so it only reads and writes through the connection it is given.
        """
        try:
            with self._transaction() as conn:
                self._mark_vocabulary(conn)
                result = body(conn)
        except (sqlite3.Error, OSError) as exc:
            trouble = write_trouble(exc)
            if trouble is None or self.degraded is not None:
                raise
            self._to_memory(trouble)
            with self._transaction() as conn:
                self._mark_vocabulary(conn)
                result = body(conn)
        self._vocabulary = self._vocabulary_id
        if self.degraded is not None:
            self.unsaved += 1
            self.flush()
        return result

    def _mark_vocabulary(self, conn: sqlite3.Connection) -> None:
        """Say in the file that this program's event vocabulary wrote into it (an older
        program reading it later then knows a type it cannot read is not damage)."""
        if self._vocabulary != self._vocabulary_id:
            conn.execute(f"PRAGMA application_id = {self._vocabulary_id}")

    def _to_memory(self, trouble: str) -> None:
        memory = _memory()
        try:
            self._conn.backup(memory)
        except sqlite3.Error:  # the card no longer reads either: reopen read-only
            memory.close()
            memory = _memory()
            source = sqlite3.connect(f"{self.path.resolve().as_uri()}?mode=ro", uri=True)
            try:
                source.backup(memory)
            finally:
                source.close()
        with contextlib.suppress(sqlite3.Error):
            self._conn.close()
        self._conn = memory
        self._degrade(trouble)

    def flush(self) -> bool:
        """Write the in-memory game to the card, if it is kept in memory; True when the
        journal is on the card (again). Tried after each write while the card refuses."""
        if self.degraded is None:
            return True
        if self._flush_blocked:
            return False
        disk: sqlite3.Connection | None = None
        try:
            disk = _connect(self.path)
            self._conn.backup(disk)
        except (sqlite3.Error, OSError) as exc:
            if disk is not None:
                with contextlib.suppress(sqlite3.Error):
                    disk.close()
            log.debug("journal %s still cannot be written: %s", self.path, exc)
            return False
        log.warning("journal %s is written again (%s no longer)", self.path, self.degraded)
        self._conn.close()
        self._conn = disk
        self.degraded = None
        self.unsaved = 0
        return True

    def close(self) -> None:
        """Close the file (SQLite checkpoints the WAL into the main file)."""
        if self.degraded is not None:
            self.flush()
            if self.degraded is not None and self.unsaved:
                log.error("journal %s could not be written before closing (%s): the "
                          "last %d change(s) are lost", self.path, self.degraded,
                          self.unsaved)
        self._conn.close()

    def __enter__(self) -> Journal:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # --- games ----------------------------------------------------------------------

    def new_game(self, settings: Any) -> int:
        """Start a new game row and return its id; any game still in progress is abandoned.

        Keeping at most one game in progress is what makes `current_game()` unambiguous.
        The caller then appends the game's first events (the event that starts the game first).
        """
        settings.check()
        now = _stamp(self._clock())

        def body(conn: sqlite3.Connection) -> int | None:
            conn.execute("UPDATE games SET finished = ? WHERE finished IS NULL", (now,))
            return conn.execute("INSERT INTO games (created, settings) VALUES (?, ?)",
                                (now, self.rules.codec.settings_to_json(settings))).lastrowid

        game_id = self._write(body)
        assert game_id is not None
        return game_id

    def abandon(self, game_id: int) -> None:
        """Mark a game in progress as over without a winner (it stays in the file)."""
        now = _stamp(self._clock())
        self._write(lambda conn: conn.execute(
            "UPDATE games SET finished = ? WHERE id = ? AND finished IS NULL", (now, game_id)))

    def game(self, game_id: int) -> GameRecord:
        """One game's row."""
        row = self._conn.execute(
            "SELECT id, created, settings, finished, winner FROM games WHERE id = ?",
            (game_id,)).fetchone()
        if row is None:
            raise JournalError(f"there is no game {game_id} in {self.path}")
        return _record(row, self.rules)

    def games(self) -> list[GameRecord]:
        """Every game in the file, oldest first."""
        rows = self._conn.execute(
            "SELECT id, created, settings, finished, winner FROM games ORDER BY id").fetchall()
        return [_record(r, self.rules) for r in rows]

    def current_game(self) -> GameRecord | None:
        """The game in progress (the newest unfinished one), or None."""
        row = self._conn.execute(
            "SELECT id, created, settings, finished, winner FROM games "
            "WHERE finished IS NULL ORDER BY id DESC LIMIT 1").fetchone()
        return _record(row, self.rules) if row is not None else None

    def latest_game(self) -> GameRecord | None:
        """The newest game, finished or not (what `state` and `export` show by default)."""
        row = self._conn.execute(
            "SELECT id, created, settings, finished, winner FROM games "
            "ORDER BY id DESC LIMIT 1").fetchone()
        return _record(row, self.rules) if row is not None else None

    # --- events ---------------------------------------------------------------------

    def append(self, game_id: int, events: Sequence[Event]) -> None:
        """Commit one command's public events in one transaction; returns after the commit.

        Private events are dropped here (R1, I5). Call it before showing or speaking the
        events: once it returns they survive a power cut (unless `degraded` says the card
        refused them; they are then kept in memory and written at the next write).
        """
        public = [e for e in events if not type(e).private]
        if not public:
            return
        codec = self.rules.codec
        texts = [codec.event_to_json(e) for e in public]  # encode first: a bad one writes nothing
        now = _stamp(self._clock())

        def body(conn: sqlite3.Connection) -> None:
            row = conn.execute("SELECT finished, settings FROM games WHERE id = ?",
                               (game_id,)).fetchone()
            if row is None:
                raise JournalError(f"there is no game {game_id} in {self.path}")
            if row[0] is not None:
                raise GameClosedError(f"game {game_id} is over; start a new game")
            seq, batch = conn.execute(
                "SELECT COALESCE(MAX(seq), 0), COALESCE(MAX(batch), 0) FROM events "
                "WHERE game_id = ?", (game_id,)).fetchone()
            if seq == 0:
                first = public[0]
                settings = self.rules.opening(first)
                if settings is None:
                    raise JournalError(f"game {game_id} must begin with the event that "
                                       f"starts a game, not {type(first).__name__}")
                if codec.settings_to_json(settings) != row[1]:
                    raise JournalError(f"game {game_id}: the start's settings differ from "
                                       "the settings the game was created with")
            conn.executemany(
                "INSERT INTO events (game_id, seq, batch, event, time) VALUES (?,?,?,?,?)",
                [(game_id, seq + i, batch + 1, text, now)
                 for i, text in enumerate(texts, start=1)])
            won = [o for o in map(self.rules.ending, public) if o is not None]
            if won:
                conn.execute("UPDATE games SET finished = ?, winner = ? WHERE id = ?",
                             (now, won[-1].winner, game_id))

        self._write(body)

    def records(self, game_id: int) -> list[StoredEvent]:
        """Every stored event of a game in order, retracted ones included and marked."""
        rows = self._conn.execute(
            "SELECT e.game_id, e.seq, e.batch, e.time, CAST(e.event AS BLOB), "
            "u.id IS NOT NULL "
            "FROM events e LEFT JOIN undos u ON u.game_id = e.game_id AND u.batch = e.batch "
            "WHERE e.game_id = ? ORDER BY e.seq", (game_id,)).fetchall()
        out = []
        for gid, seq, batch, time, text, retracted in rows:
            out.append(StoredEvent(gid, seq, batch, time, self._decode(gid, seq, text),
                                   bool(retracted)))
        return out

    def load(self, game_id: int) -> list[Any]:
        """The game's events to replay: every stored event except retracted batches (of
        the journal's game's own event types, which only its caller knows).

        A row that no longer decodes (a bit flipped on the card that SQLite's own check
        cannot see) or a command that cannot be replayed (an event naming seat 9 at a
        four-player table) triggers the same recovery as a damaged file, and the game
        resumes at its last command that replays cleanly.
        """
        return self._guarded(lambda: self._checked(game_id))

    def _checked(self, game_id: int) -> list[Event]:
        batches: dict[int, list[Event]] = {}
        for record in self.records(game_id):
            if not record.retracted:
                batches.setdefault(record.batch, []).append(record.event)
        checked = check_batches(self.rules, list(batches.values()))
        if checked.refused is not None:
            raise _DamagedRow(f"game {game_id}: {checked.refused}")
        return [e for batch in batches.values() for e in batch]

    def replay(self, game_id: int) -> Any:
        """The game's state now, rebuilt from its journal (I6)."""
        return self.rules.replay(self.load(game_id))

    def settings(self, game_id: int) -> Any:
        """The settings a game was created with."""
        return self.game(game_id).settings

    def _decode(self, game_id: int, seq: int, text: bytes | str) -> Event:
        try:
            return self.rules.codec.event_from_json(_text(text))
        except (CodecError, TypeError, ValueError) as exc:  # UnicodeDecodeError included
            self._refuse_if_incompatible(game_id, seq, text, exc)
            raise _DamagedRow(f"game {game_id} event {seq} does not decode: {exc}") from exc

    def _refuse_if_incompatible(self, game_id: int, seq: int, text: bytes | str,
                                exc: Exception) -> None:
        """Raise `IncompatibleJournalError` when an unreadable row is a format, not damage.

        Damage breaks the text (not UTF-8, not JSON, not an event object). A sound event
        object of a newer format version, or of our version naming a type or fields this
        program does not know in a file another vocabulary wrote, was written by another
        companion: cutting the game there would throw away a healthy game.
        """
        try:
            data = json.loads(_text(text))
        except (UnicodeDecodeError, ValueError):
            return
        if not isinstance(data, dict) or not isinstance(data.get("type"), str):
            return
        version = data.get("v")
        if not isinstance(version, int) or isinstance(version, bool):
            return
        where = f"{self.path}: game {game_id} event {seq} ({data['type']})"
        current = self.rules.codec.format_version
        if version > current:
            raise IncompatibleJournalError(
                f"{where} is in event format {version}, newer than this program reads "
                f"({current}); update the companion (the file is left as it is)")
        if version == current and self._vocabulary not in (0, self._vocabulary_id):
            raise IncompatibleJournalError(
                f"{where} was written by a companion with other events (vocabulary "
                f"{self._vocabulary:08x}, this program {self._vocabulary_id:08x}, format "
                f"{current}): {exc}; use the companion that wrote it (the file is "
                "left as it is)")

    # --- undo -----------------------------------------------------------------------

    def _last_batch(self, conn: sqlite3.Connection, game_id: int
                    ) -> tuple[int, list[Event]] | None:
        row = conn.execute(
            "SELECT MAX(batch) FROM events WHERE game_id = ? AND batch NOT IN "
            "(SELECT batch FROM undos WHERE game_id = ?)", (game_id, game_id)).fetchone()
        if row is None or row[0] is None:
            return None
        batch = int(row[0])
        texts = conn.execute("SELECT seq, CAST(event AS BLOB) FROM events WHERE game_id = ? "
                             "AND batch = ? ORDER BY seq", (game_id, batch)).fetchall()
        return batch, [self._decode(game_id, seq, text) for seq, text in texts]

    def undoable(self, game_id: int) -> list[Event] | None:
        """The events `undo` would retract now, or None if it would refuse."""
        last = self._last_batch(self._conn, game_id)
        if last is None or not self.rules.undo.undoable(last[1]):
            return None
        return last[1]

    def undo(self, game_id: int) -> list[Event]:
        """Retract the last stored batch (one command's events) and return its events.

        Append-only: a row in `undos` names the batch; the events stay in the file. The
        caller rebuilds its state with `replay(game_id)`. Calling it again retracts the
        batch before, down to the last roll or reveal.
        """
        now = _stamp(self._clock())

        def body(conn: sqlite3.Connection) -> list[Event]:
            row = conn.execute("SELECT finished, winner FROM games WHERE id = ?",
                               (game_id,)).fetchone()
            if row is None:
                raise JournalError(f"there is no game {game_id} in {self.path}")
            last = self._last_batch(conn, game_id)
            if last is None:
                raise UndoRefusedError("nothing to undo")
            batch, events = last
            final = self.rules.undo.final(events)
            if final:
                raise UndoRefusedError(
                    f"the last change cannot be undone: it holds {', '.join(final)}")
            won = any(self.rules.ending(e) is not None for e in events)
            if row[0] is not None and not won:
                raise GameClosedError(f"game {game_id} is over; start a new game")
            conn.execute("INSERT INTO undos (game_id, batch, time) VALUES (?,?,?)",
                         (game_id, batch, now))
            if won:
                conn.execute("UPDATE games SET finished = NULL, winner = NULL WHERE id = ?",
                             (game_id,))
            return events

        return self._write(body)

    # --- export ---------------------------------------------------------------------

    def export_jsonl(self, game_id: int, out: TextIO) -> int:
        """Write the game's events (retracted ones left out), one JSON text per line."""
        from companion.store.export import export_jsonl

        return export_jsonl(self, game_id, out)

    def export_csv(self, game_id: int, out: TextIO) -> int:
        """Write each player's chips and covered dogs per round, computed by replaying."""
        from companion.store.export import export_csv

        return export_csv(self, game_id, out)


class _DamagedRow(JournalError):
    """A stored row that does not decode."""


def _record(row: tuple[Any, ...], game: AnyGame) -> GameRecord:
    gid, created, settings, finished, winner = row
    return GameRecord(int(gid), str(created), game.codec.settings_from_json(settings),
                      finished, None if winner is None else int(winner))


# --- salvage ------------------------------------------------------------------------


@dataclass
class _Salvage:
    games: list[tuple[int, str, str, str | None, int | None]]
    events: list[tuple[int, int, int, str, str]]
    undos: list[tuple[int, int, str]]
    cut: set[int]
    lost: int = 0  # rows seen in the damaged file that could not be kept
    notes: list[str] = field(default_factory=list)  # why each cut game stopped where it did


_EventRow = tuple[int, int, int, bytes, bytes]  # game_id, seq, batch, event, time
_GameRow = tuple[int, bytes, bytes, bytes | None, int | None]
_UndoRow = tuple[int, int, bytes]


def _text(value: object) -> str:
    """A stored text as str; bytes that are not UTF-8 raise UnicodeDecodeError (damage)."""
    if isinstance(value, bytes):
        return value.decode("utf-8")
    if isinstance(value, str):
        return value
    raise TypeError(f"expected text, found {type(value).__name__}")


def _read_bytes(path: Path) -> bytes:
    try:
        return path.read_bytes()
    except OSError:
        return b""


def _salvage(damaged: Path, game: AnyGame) -> _Salvage:
    """Read what is readable from a damaged journal, without touching the damaged file.

    Rows come from three places, later ones winning: SQL over the main file (loaded into
    memory, so no `-shm` is created beside the damaged file), every table-leaf page of
    the main file read raw (rows behind a lost interior page or a cut-off tail), and the
    pages of every committed, checksum-valid WAL frame, in order (including commits SQLite
    would ignore after a bad frame). Each game then keeps its events up to the first row
    that is missing, fails to decode, or belongs to a command that does not replay; a
    command (batch) is kept whole or not at all.
    """
    main = _read_bytes(damaged)
    wal = read_wal(_read_bytes(damaged.with_name(damaged.name + "-wal")))
    page_size = page_size_of(main, wal.page_size or 4096)
    games: dict[int, _GameRow] = {}
    events: dict[int, _EventRow] = {}
    undos: dict[int, _UndoRow] = {}
    trusted: set[int] = set()  # rowids read where a command's rows are all present
    if _sql_rows(main, games, events, undos):
        trusted.update(events)
    usable = page_size - (main[20] if len(main) > 20 and main.startswith(b"SQLite") else 0)
    for number, page in main_pages(main, page_size):
        for rowid, values in leaf_rows(page, number, usable):
            _sort_row(rowid, values, None, events, undos, keep_first=True)
    for number, page, sound in wal.pages:
        for rowid, values in leaf_rows(page, number, usable):
            _sort_row(rowid, values, games, events, undos, keep_first=False)
            if sound:  # a whole commit: all rows of its command were written with it
                trusted.add(rowid)
    # A row followed (by rowid) by a row of another command ends its command: that command
    # was written whole, whatever page it came from.
    ends = {(r[0], r[1]) for rowid, r in events.items()
            if rowid + 1 in events
            and (events[rowid + 1][0], events[rowid + 1][2]) != (r[0], r[2])}
    return _assemble(game, games, events, undos,
                     {(r[0], r[1]) for rowid, r in events.items() if rowid in trusted}, ends)


def _sort_row(rowid: int, values: list[Value], games: dict[int, _GameRow] | None,
              events: dict[int, _EventRow], undos: dict[int, _UndoRow], *,
              keep_first: bool) -> None:
    """File a raw row under the table its shape belongs to (the rowid column is NULL)."""
    if not values or values[0] is not None:
        return
    shape = values[1:]
    if len(shape) == 5 and all(isinstance(v, int) for v in shape[:3]) and \
            all(isinstance(v, bytes) for v in shape[3:]):
        if not (keep_first and rowid in events):
            g, q, b, e, t = shape
            assert isinstance(g, int) and isinstance(q, int) and isinstance(b, int)
            assert isinstance(e, bytes) and isinstance(t, bytes)
            events[rowid] = (g, q, b, e, t)
    elif len(shape) == 3 and all(isinstance(v, int) for v in shape[:2]) and \
            isinstance(shape[2], bytes):
        if not (keep_first and rowid in undos):
            g, b, t = shape
            assert isinstance(g, int) and isinstance(b, int) and isinstance(t, bytes)
            undos[rowid] = (g, b, t)
    elif games is not None and len(shape) == 4 and isinstance(shape[0], bytes) and \
            isinstance(shape[1], bytes) and (shape[2] is None or isinstance(shape[2], bytes)) \
            and (shape[3] is None or isinstance(shape[3], int)):
        c, st, f, w = shape
        assert isinstance(c, bytes) and isinstance(st, bytes)
        assert f is None or isinstance(f, bytes)
        assert w is None or isinstance(w, int)
        games[rowid] = (rowid, c, st, f, w)


def _sql_rows(main: bytes, games: dict[int, _GameRow], events: dict[int, _EventRow],
              undos: dict[int, _UndoRow]) -> bool:
    """Rows SQLite can still read from the main file, one rowid at a time past a bad page.

    Returns whether the events table read from end to end without an error.
    """
    complete = False
    if not main.startswith(b"SQLite format 3\x00"):
        return complete
    conn = sqlite3.connect(":memory:", isolation_level=None)
    try:
        # In memory there is no WAL: mark the copy as a rollback-journal file (header
        # bytes 18-19), or SQLite refuses to read it at all.
        conn.deserialize(main[:18] + b"\x01\x01" + main[20:])
        for row in _rows(conn, "SELECT id, CAST(created AS BLOB), CAST(settings AS BLOB), "
                               "CAST(finished AS BLOB), winner FROM games"):
            if isinstance(row[0], int):
                _sort_row(row[0], [None, *row[1:]], games, events, undos, keep_first=False)
        sql = ("SELECT id, game_id, seq, batch, CAST(event AS BLOB), CAST(time AS BLOB) "
               "FROM events")
        scan = _Scan(conn, sql)
        for row in scan:
            if isinstance(row[0], int):
                _sort_row(row[0], [None, *row[1:]], None, events, undos, keep_first=False)
        complete = scan.complete and conn.execute("PRAGMA quick_check").fetchall() == [("ok",)]
        # Past a lost leaf page a scan stops; seeks by rowid still reach the pages after it.
        # A scrambled page can make MAX(id) any number (10**10 has been seen): seek no
        # further than the rows already read plus as many as the file could hold (a row
        # takes well over 16 bytes), so salvage always ends.
        top = _scalar(conn, "SELECT MAX(id) FROM events") or 0
        top = min(top, max(events, default=0) + len(main) // 16)
        for rowid in range(1, top + 1):
            if rowid not in events:
                for row in _rows(conn, sql + " WHERE id = ?", (rowid,)):
                    _sort_row(rowid, [None, *row[1:]], None, events, undos, keep_first=False)
        for row in _rows(conn, "SELECT id, game_id, batch, CAST(time AS BLOB) FROM undos"):
            if isinstance(row[0], int):
                _sort_row(row[0], [None, *row[1:]], None, events, undos, keep_first=False)
    except sqlite3.DatabaseError:
        pass
    finally:
        conn.close()
    return complete


class _Scan:
    """Rows of a query until the first one SQLite cannot read; `complete` if none failed."""

    def __init__(self, conn: sqlite3.Connection, sql: str) -> None:
        self.conn, self.sql, self.complete = conn, sql, False

    def __iter__(self) -> Iterator[tuple[Any, ...]]:
        try:
            cursor = self.conn.execute(self.sql)
            while (row := cursor.fetchone()) is not None:
                yield tuple(row)
        except sqlite3.DatabaseError:
            return
        self.complete = True


def _rows(conn: sqlite3.Connection, sql: str, params: tuple[Any, ...] = ()
          ) -> Iterator[tuple[Any, ...]]:
    """Rows of a query until the first one SQLite cannot read."""
    try:
        cursor = conn.execute(sql, params)
        while True:
            row = cursor.fetchone()
            if row is None:
                return
            yield tuple(row)
    except sqlite3.DatabaseError:
        return


def _scalar(conn: sqlite3.Connection, sql: str) -> int | None:
    for row in _rows(conn, sql):
        return row[0] if isinstance(row[0], int) else None
    return None


def _assemble(game: AnyGame, games: dict[int, _GameRow], events: dict[int, _EventRow],
              undos: dict[int, _UndoRow], trusted: set[tuple[int, int]],
              ends: set[tuple[int, int]] | None = None) -> _Salvage:
    """Each game's longest prefix of whole commands that decode and replay."""
    result = _Salvage([], [], [], set())
    by_game: dict[int, dict[int, tuple[int, bytes, bytes]]] = {}
    for game_id, seq, batch, text, time in events.values():
        if seq >= 1:
            by_game.setdefault(game_id, {})[seq] = (batch, text, time)
    retracted = {(g, b) for g, b, _ in undos.values()}
    settings_of: dict[int, tuple[str, str, str | None, int | None]] = {}
    for gid, (_, raw_created, raw_settings, raw_finished, raw_winner) in games.items():
        try:
            settings_text = _text(raw_settings)
            game.codec.settings_from_json(settings_text)
            settings_of[gid] = (_text(raw_created), settings_text,
                                None if raw_finished is None else _text(raw_finished),
                                raw_winner)
        except (CodecError, TypeError, ValueError):
            continue
    newest = max([*settings_of, *by_game], default=None)
    for gid in sorted(set(settings_of) | set(by_game)):
        rows = by_game.get(gid, {})
        kept, note = _keep(game, gid, rows, retracted, trusted, ends or set())
        if note is not None:
            result.cut.add(gid)
            result.notes.append(note)
        result.lost += len(rows) - len(kept)
        if not kept and gid not in settings_of:
            continue
        if gid in settings_of:
            created, settings, finished, winner = settings_of[gid]
        else:
            opening = game.opening(game.codec.event_from_json(kept[0][3]))
            assert opening is not None
            created, settings, finished, winner = kept[0][4], \
                game.codec.settings_to_json(opening), \
                None, None
            if gid != newest:  # an older game is over, even if its row was lost
                finished = kept[-1][4]
        won = [r for r in kept if (gid, r[2]) not in retracted
               and game.ending(game.codec.event_from_json(r[3])) is not None]
        if won:
            ending = game.ending(game.codec.event_from_json(won[-1][3]))
            assert ending is not None
            winner, finished = ending.winner, finished or won[-1][4]
        elif winner is not None:  # its GameWon was lost
            # The newest game goes on from its last readable command (the table presses
            # "reached Nome" again); an older one stays over, now without a winner.
            winner = None
            finished = None if gid == newest else finished
        if gid != newest and finished is None:
            finished = kept[-1][4] if kept else created
        result.games.append((gid, created, settings, finished, winner))
        result.events.extend(kept)
    batches = {(r[0], r[2]) for r in result.events}
    for game_id, batch, time in undos.values():
        if (game_id, batch) in batches:
            with contextlib.suppress(UnicodeDecodeError):
                result.undos.append((game_id, batch, _text(time)))
    result.undos.sort()
    return result


def _keep(game: AnyGame, gid: int, rows: dict[int, tuple[int, bytes, bytes]],
          retracted: set[tuple[int, int]], trusted: set[tuple[int, int]], ends: set[tuple[int, int]]
          ) -> tuple[list[tuple[int, int, int, str, str]], str | None]:
    """One game's rows to keep, and why the rest were dropped (None if nothing was).

    Where the rows simply end, the last command is kept only when its rows were read
    from a source that holds whole commands (an intact table, a sound WAL commit): a
    lost page may have held the rest of it.
    """
    batches: list[tuple[int, list[tuple[int, int, int, str, str]], list[Event]]] = []
    seq, note = 1, None
    while seq in rows:
        batch, text, time = rows[seq]
        try:
            row = (gid, seq, batch, _text(text), _text(time))
            event = game.codec.event_from_json(row[3])
        except (CodecError, TypeError, ValueError) as exc:
            note = f"game {gid} event {seq} does not decode ({exc})"
            if batches and batches[-1][0] == batch:
                batches.pop()  # half a command is a state the game never had
            break
        if batches and batch < batches[-1][0]:
            note = f"game {gid} event {seq} is out of order"
            break
        if not batches or batches[-1][0] != batch:
            batches.append((batch, [], []))
        batches[-1][1].append(row)
        batches[-1][2].append(event)
        seq += 1
    else:
        if rows and seq <= max(rows):
            note = f"game {gid} event {seq} is missing"
            if batches:  # the missing row, and those after it up to the next present
                batches.pop()  # one, may have been the end of this command
    if note is None and batches and (gid, batches[-1][1][-1][1]) not in ends and \
            not all((gid, r[1]) in trusted for r in batches[-1][1]):
        note = f"game {gid} ends at event {seq - 1}, read from a damaged page"
        batches.pop()
    live = [b for b in batches if (gid, b[0]) not in retracted]
    checked = check_batches(game, [b[2] for b in live])
    if checked.refused is not None:
        note = f"game {gid}: {checked.refused}"
        stop = live[checked.good][0]
        batches = [b for b in batches if b[0] < stop]
    return [r for b in batches for r in b[1]], note

