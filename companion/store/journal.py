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
- Every row carries a CRC-32 of its values, and the format number is written twice
  (`companion/store/integrity.py`): a flipped bit SQLite cannot see is found, and one
  bit or one byte is put right.
- On open the file is looked at without writing a byte: a journal a newer companion
  wrote is refused and left exactly as it is; a file that is not a journal at all is
  refused and never renamed. A damaged journal (`PRAGMA quick_check`, a checksum, an
  impossible event) is moved aside as `<name>.damaged-<timestamp>` and what is still
  readable, event by event in order, is copied into a fresh file; one log line says
  what happened.
- The card under the file (`companion/store/card.py`) is told apart from the file: a
  full or read-only card keeps the game in memory, and is named as what it is.

`docs/journal-format.md` describes the tables and the event JSON for readers in any language.
"""

from __future__ import annotations

import contextlib
import json
import logging
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
    NotAJournalError as NotAJournalError,
)
from companion.exc import (
    UndoRefusedError as UndoRefusedError,
)
from companion.games import game as installed_game
from companion.store import card
from companion.store.card import write_trouble as write_trouble
from companion.store.check import check_batches
from companion.store.integrity import (
    SCHEMA_VERSION as SCHEMA_VERSION,
)
from companion.store.integrity import (
    Kind,
    Verdict,
    batch_break,
    follows,
    recognisable,
    repair,
    row_crc,
    sound,
    verdict,
)
from companion.store.integrity import Value as IntegrityValue
from companion.store.pages import (
    Value,
    carve,
    last_rowid,
    leaf_rows,
    main_pages,
    page_size_of,
    read_wal,
)

log = logging.getLogger("companion.store")

_SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    id        INTEGER PRIMARY KEY,
    created   TEXT    NOT NULL,
    settings  TEXT    NOT NULL,
    finished  TEXT,
    winner    INTEGER,
    crc       INTEGER
);
CREATE TABLE IF NOT EXISTS events (
    id        INTEGER PRIMARY KEY,
    game_id   INTEGER NOT NULL REFERENCES games(id),
    seq       INTEGER NOT NULL,
    batch     INTEGER NOT NULL,
    event     TEXT    NOT NULL,
    time      TEXT    NOT NULL,
    crc       INTEGER,
    UNIQUE (game_id, seq)
);
CREATE TABLE IF NOT EXISTS undos (
    id        INTEGER PRIMARY KEY,
    game_id   INTEGER NOT NULL REFERENCES games(id),
    batch     INTEGER NOT NULL,
    time      TEXT    NOT NULL,
    crc       INTEGER,
    UNIQUE (game_id, batch)
);
CREATE TABLE IF NOT EXISTS journal_format (
    format    INTEGER NOT NULL
);
"""

Migration = Callable[[sqlite3.Connection], None]


def _add_checksums(conn: sqlite3.Connection) -> None:
    """Format 1 to 2: a `crc` column in every table (NULL in the rows already there, which
    keep the checks they had) and the `journal_format` table."""
    for table in ("games", "events", "undos"):
        conn.execute(f"ALTER TABLE {table} ADD COLUMN crc INTEGER")
    conn.execute("CREATE TABLE journal_format (format INTEGER NOT NULL)")


MIGRATIONS: dict[int, Migration] = {1: _add_checksums}
"""Schema upgrades: `MIGRATIONS[n]` turns a version-n journal into version n+1.

Each runs inside the transaction that then sets `user_version` and `journal_format` to
n + 1, so a power cut mid-migration leaves the old version intact.
"""

_MAGIC = b"SQLite format 3\x00"
_LOOK = 16 << 20  # bytes of a file read to recognise it as a journal



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


def newer_message(path: Path, what: str, version: int, ours: int, where: str = "") -> str:
    """The words for a journal a newer companion wrote, the same everywhere."""
    found = f"{what} {version}" + (f", in {where}" if where else "")
    return (f"{path}: this card was written by a newer companion ({found}); "
            f"update, or start a new card (this companion reads {what} {ours} and older; "
            "the file is left exactly as it is)")


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
    repaired: int = 0  # rows with one flipped bit, put right by their checksum


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


def _read_only(path: Path, *, immutable: bool = False) -> sqlite3.Connection:
    """A connection that never writes the file. Without a `-wal` beside it (no program has
    it open, none crashed with it open) it is opened immutable: nothing is created beside
    it and no byte of it changes."""
    immutable = immutable or not path.with_name(path.name + "-wal").exists()
    flags = "?mode=ro&immutable=1" if immutable else "?mode=ro"
    return sqlite3.connect(f"{path.absolute().as_uri()}{flags}", uri=True,
                           isolation_level=None)


def _memory() -> sqlite3.Connection:
    conn = sqlite3.connect(":memory:", isolation_level=None)
    conn.execute("PRAGMA foreign_keys=ON")
    return conn


def _sidecars(path: Path) -> list[tuple[str, Path]]:
    return [(suffix, path.with_name(path.name + suffix)) for suffix in ("-wal", "-shm")]


def _inspect(conn: sqlite3.Connection) -> Verdict:
    """What a database holds: its header's format, its tables, its own format record."""
    version = int(conn.execute("PRAGMA user_version").fetchone()[0])
    tables = {str(r[0]) for r in conn.execute(
        "SELECT name FROM sqlite_master WHERE type = 'table'")}
    recorded: int | None = None
    if "journal_format" in tables:
        rows = conn.execute("SELECT format FROM journal_format").fetchall()
        recorded = rows[0][0] if len(rows) == 1 and isinstance(rows[0][0], int) else -1
    return verdict(version, tables, recorded)


def _looks(path: Path) -> bytes:
    """The first bytes of a file, as much as recognising it needs (b"" if unreadable)."""
    try:
        with open(path, "rb") as stream:
            return stream.read(_LOOK)
    except OSError:
        return b""


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
        `export`): they read a copy in memory and never write to the card, so they
        never move the file away under the running program; a damaged file raises
        `JournalError` instead of being recovered, and a file a newer companion wrote is
        still read (its older games export) where this program can read it. `game` is
        the game whose events the file holds (the default game when not given): the
        journal knows its events only through that game's codec, undo policy and
        invariants.

        Raises `IncompatibleJournalError` (with `recover`) for a journal a newer companion
        wrote, `NotAJournalError` for a file that is not a journal, and `JournalError`
        for a path that cannot hold one (a folder, a device, a file with two names).
        """
        self.rules: AnyGame = game if game is not None else installed_game()
        self._vocabulary_id = self.rules.codec.vocabulary
        self.path = Path(path)  # the name given: messages, and the files kept beside it
        self.file = card.real_file(self.path)  # the file itself: SQLite, lock, rename
        self._clock = clock
        self._may_recover = recover
        self.recovery: Recovery | None = None
        self.degraded: str | None = None  # why the game is only in memory, if it is
        self.unsaved = 0  # writes kept in memory only since the card refused them
        self.newer: int | None = None  # format of a newer companion's file (read only)
        self._flush_blocked = False  # the file on disk must not be overwritten
        self._journal_known = False  # the file was seen to be a journal: it may be renamed
        self._key: tuple[int, int] | None = None  # the file's inode while it is open here
        card.check_file(self.file, self.path)
        try:
            self.file.parent.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            if write_trouble(exc) is None or not recover:
                raise JournalError(f"cannot make the journal's folder {self.file.parent}: "
                                   f"{exc.strerror or exc}") from exc
        found = self._probe()
        if found is not None and found.kind is Kind.FOREIGN:
            raise NotAJournalError(
                f"{self.path} is not a game journal ({found.reason}): it is left exactly "
                "as it is; set [store] path to a new file name (the companion creates the "
                "journal there), or move that file away")
        if found is not None and found.kind is Kind.NEWER and recover:
            raise IncompatibleJournalError(newer_message(
                self.path, found.what, found.version,
                SCHEMA_VERSION if found.what == "format" else self.rules.codec.format_version))
        self._journal_known = found is not None and found.kind in (Kind.OURS, Kind.DAMAGED)
        if not recover:
            self._conn = self._open_for_reading()
        elif found is not None and found.kind is Kind.DAMAGED:
            self._conn = self._recover(found.reason)
        else:
            self._conn = self._open()
        self._vocabulary = int(self._conn.execute("PRAGMA application_id").fetchone()[0])
        if recover:
            self._check_current()

    # --- opening, checking, recovering ----------------------------------------------

    def _probe(self) -> Verdict | None:
        """What the file at the path is, found without writing a byte (None: the card
        would not say, and opening it for real will tell)."""
        try:
            size = self.file.stat().st_size
        except FileNotFoundError:
            return Verdict(Kind.FRESH)
        except OSError:
            return None
        wal = self._wal()
        if size == 0 and not wal.exists():
            return Verdict(Kind.FRESH)
        try:
            with open(self.file, "rb") as stream:
                head = stream.read(len(_MAGIC))
        except OSError:
            return None
        if size and head != _MAGIC:
            if recognisable(_looks(self.file), _looks(wal)):
                return Verdict(Kind.DAMAGED, reason="its first page is no longer SQLite's")
            return Verdict(Kind.FOREIGN, reason="not an SQLite file")
        try:
            conn = _read_only(self.file)
            try:
                found = _inspect(conn)
            finally:
                conn.close()
        except sqlite3.DatabaseError as exc:
            if write_trouble(exc) is not None:
                return None
            if recognisable(_looks(self.file), _looks(wal)):
                return Verdict(Kind.DAMAGED, reason=str(exc))
            return Verdict(Kind.FOREIGN, reason=f"SQLite cannot read it: {exc}")
        if found.kind is Kind.FOREIGN and recognisable(_looks(self.file), _looks(wal)):
            return Verdict(Kind.DAMAGED, reason=found.reason)
        if found.kind is Kind.OURS:
            newer = self._newer_rows()
            if newer is not None:
                return Verdict(Kind.NEWER, newer, what="event format")
        return found

    def _newer_rows(self) -> int | None:
        """The event format of rows a newer companion wrote into a file of a format this
        program reads (None: there are none). Found before anything is written, so such
        a file is never upgraded or touched. Only believed when the file says another
        vocabulary wrote into it (the game's codec's); otherwise such a row is damage."""
        try:
            conn = _read_only(self.file)
            try:
                vocabulary = int(conn.execute("PRAGMA application_id").fetchone()[0])
                if vocabulary in (0, self._vocabulary_id):
                    return None
                found = [conn.execute(f"SELECT MAX(json_extract({column}, '$.v')) FROM "
                                      f"{table} WHERE json_valid({column})").fetchone()[0]
                         for table, column in (("games", "settings"), ("events", "event"))]
            finally:
                conn.close()
        except sqlite3.Error:
            return None
        ours = self.rules.codec.format_version
        newest = max((v for v in found if isinstance(v, int)), default=ours)
        return newest if newest > ours else None

    def _wal(self) -> Path:
        return self.file.with_name(self.file.name + "-wal")

    def _open(self) -> sqlite3.Connection:
        problem: str | None = None
        conn: sqlite3.Connection | None = None
        wal = read_wal(_read_bytes(self._wal()))
        if wal.damaged:
            problem = (f"the -wal held {wal.ignored} sound frame(s) after a bad frame "
                       f"(#{wal.bad_frame}) that SQLite would have ignored")
        try:
            if problem is None:
                conn = _connect(self.file)
                problem = self._judge(conn)
        except (sqlite3.Error, OSError) as exc:
            trouble = card.card_trouble(exc, self.file.parent)
            if trouble is not None and self._may_recover:
                if conn is not None:
                    conn.close()
                return self._open_in_memory(trouble)
            problem = str(exc)
        if problem is None and conn is not None:
            try:
                self._migrate(conn)
                self._opened()
                return conn
            except (sqlite3.Error, OSError) as exc:
                trouble = card.card_trouble(exc, self.file.parent)
                if trouble is not None and self._may_recover:
                    conn.close()
                    return self._open_in_memory(trouble)
                problem = str(exc)
        if conn is not None:
            conn.close()
        return self._recover(problem or "unreadable")

    def _judge(self, conn: sqlite3.Connection) -> str | None:
        """Why an open database cannot be used as it is (None: it can); raises for a
        newer companion's file and for one that is not a journal."""
        found = _inspect(conn)
        if found.kind is Kind.NEWER:
            raise IncompatibleJournalError(
                newer_message(self.path, "format", found.version, SCHEMA_VERSION))
        if found.kind is Kind.FOREIGN:
            raise NotAJournalError(f"{self.path} is not a game journal ({found.reason}): "
                                   "it is left as it is; set [store] path to a new file name")
        if found.kind is Kind.DAMAGED:
            return found.reason
        self._journal_known = self._journal_known or found.kind is Kind.OURS
        rows = conn.execute("PRAGMA quick_check").fetchall()
        return None if rows == [("ok",)] else _summary(rows)

    def _opened(self) -> None:
        """The card's file is open here: remember its inode (see `card.close_later`)."""
        card.closed(self._key)
        self._key = card.inode(self.file)
        card.opened(self._key)

    def _copy(self, memory: sqlite3.Connection) -> str | None:
        """Copy the file on the card into `memory` through a read-only connection; the
        card's trouble when it cannot be read that way (None when copied)."""
        if not self.file.exists():
            return None
        try:
            source = _read_only(self.file)
            try:
                source.backup(memory)
            finally:
                source.close()
            return None
        except sqlite3.OperationalError as exc:
            trouble = card.card_trouble(exc, self.file.parent) or str(exc)
            if read_wal(_read_bytes(self._wal())).frames:
                return trouble
        # A WAL-mode file on a card that cannot take its -shm (read-only, full): with no
        # WAL left (a clean stop) the main file alone is the whole journal.
        source = _read_only(self.file, immutable=True)
        try:
            source.backup(memory)
        finally:
            source.close()
        return None

    def _open_in_memory(self, trouble: str) -> sqlite3.Connection:
        """The journal as it is on the card, copied into memory; writes wait for the card."""
        memory = _memory()
        try:
            unread = self._copy(memory)
            if unread is not None:
                raise sqlite3.OperationalError(unread)
            problem = self._judge(memory)
            if problem is not None:
                raise sqlite3.DatabaseError(problem)
        except sqlite3.Error as exc:
            # Damaged and not writable: salvage into memory; the file stays as it is
            # (it cannot be moved aside) and is never overwritten by this run.
            memory.close()
            memory = self._salvaged_into_memory(str(exc))
        self._migrate(memory)
        self._degrade(trouble, at_start=True)
        return memory

    def _open_for_reading(self) -> sqlite3.Connection:
        """A copy of the file in memory, for the tools that only read (`recover=False`)."""
        if read_wal(_read_bytes(self._wal())).damaged:
            raise JournalError(f"{self.path} is damaged (a bad frame in its -wal); start "
                               "the companion to recover it")
        memory = _memory()
        try:
            unread = self._copy(memory)
            if unread is not None:
                raise JournalError(f"cannot read {self.path}: {unread}" + (
                    " (SQLite needs room for a -shm file beside a journal that has a -wal); "
                    "free some space on the card" if unread == card.FULL else ""))
            found = _inspect(memory)
            if found.kind is Kind.NEWER:
                self.newer = found.version
                return memory
            problem = self._judge(memory)
            if problem is not None:
                raise JournalError(f"{self.path} is damaged ({problem}); start the companion "
                                   "to recover it")
            self._migrate(memory)  # an older format is read as this one, in memory only
        except sqlite3.Error as exc:
            memory.close()
            trouble = card.card_trouble(exc, self.file.parent)
            if trouble is not None:
                raise JournalError(f"cannot read {self.path}: {trouble}") from exc
            raise JournalError(f"{self.path} is damaged ({exc}); start the companion to "
                               "recover it") from exc
        except BaseException:
            memory.close()
            raise
        return memory

    def _salvaged_into_memory(self, problem: str) -> sqlite3.Connection:
        salvage = _salvage(self.file, self.rules)
        memory = _memory()
        self._fill(memory, salvage)
        self._flush_blocked = True
        self.recovery = self._report(self.path, problem, salvage)
        return memory

    def _degrade(self, trouble: str, at_start: bool = False) -> None:
        trouble = card.refine(trouble, self.file.parent)
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
            conn.execute("DELETE FROM journal_format")
            conn.execute("INSERT INTO journal_format (format) VALUES (?)", (SCHEMA_VERSION,))
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
            # games rows are rebuilt by the salvage (a lost row from its GameStarted, an
            # ending from its GameWon): their checksums are made anew; event and undo
            # rows keep the ones they were written with (NULL in format-1 rows)
            conn.executemany(
                "INSERT INTO games (id, created, settings, finished, winner, crc) "
                "VALUES (?,?,?,?,?,?)",
                [(*g, row_crc("games", g)) for g in salvage.games])
            conn.executemany(
                "INSERT INTO events (game_id, seq, batch, event, time, crc) "
                "VALUES (?,?,?,?,?,?)", salvage.events)
            conn.executemany("INSERT INTO undos (game_id, batch, time, crc) VALUES (?,?,?,?)",
                             salvage.undos)
            conn.execute("COMMIT")
        except BaseException:
            with contextlib.suppress(sqlite3.Error):
                conn.execute("ROLLBACK")
            raise

    def _recover(self, reason: str) -> sqlite3.Connection:
        """Move the damaged file aside and rebuild a fresh one from what can still be read.

        The salvage is built in memory first; if the card then refuses the fresh file
        (full, read-only), the game goes on from the in-memory copy. A file that is not
        recognisably a journal is never moved: `NotAJournalError` instead.
        """
        if not self._may_recover:
            raise JournalError(f"{self.path} is damaged ({reason}); start the companion to "
                               "recover it")
        if self.file.exists() and not self._journal_known and \
                not recognisable(_looks(self.file), _looks(self._wal())):
            raise NotAJournalError(
                f"{self.path} is not a game journal ({reason}): it is left exactly as it "
                "is; set [store] path to a new file name (the companion creates the journal "
                "there), or move that file away")
        moment = self._clock()
        damaged = self.file.with_name(
            f"{self.file.name}.damaged-{moment.strftime('%Y%m%dT%H%M%S%fZ')}")
        memory = _memory()
        card.closed(self._key)
        self._key = None
        try:
            if self.file.exists():
                self.file.rename(damaged)
            for suffix, side in _sidecars(self.file):
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
            conn = _connect(self.file)
            memory.backup(conn)
            memory.close()
            self._journal_known = True
            self._opened()
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
                            cut=tuple(sorted(salvage.cut)), lost=salvage.lost,
                            repaired=salvage.repaired)
        notes = "; ".join(salvage.notes[:3]) + ("; …" if len(salvage.notes) > 3 else "")
        cut = (f", game(s) {', '.join(map(str, recovery.cut))} cut at their last complete "
               f"command ({notes})" if recovery.cut else "")
        fixed = (f", {recovery.repaired} row(s) with one flipped bit put right by their "
                 "checksum" if recovery.repaired else "")
        where = (f"kept it as {damaged.name}" if damaged != self.file
                 else "left it in place (it cannot be moved)")
        log.warning("journal %s was damaged (%s): %s and recovered %d game(s), "
                    "%d event(s), %d event(s) lost%s%s", self.path, recovery.reason, where,
                    recovery.games, recovery.events, recovery.lost, fixed, cut)
        return recovery

    def _check_current(self) -> None:
        """Replay the game in progress once, and read the newest game's row, so damage
        (salvaged) and a newer companion's game (refused) are found at start."""
        current = self._guarded(self.current_game)
        if current is not None:
            self.load(current.id)
        self._guarded(self.latest_game)

    def _guarded(self, read: Callable[[], _T]) -> _T:
        """Run a read; a row that does not decode or replay triggers recovery, then retry."""
        try:
            return read()
        except (_DamagedRow, CodecError, UnicodeDecodeError, sqlite3.DatabaseError) as exc:
            if isinstance(exc, sqlite3.DatabaseError) and write_trouble(exc) is not None:
                raise
            if self.newer is not None and not isinstance(exc, _DamagedRow):
                raise IncompatibleJournalError(newer_message(
                    self.path, "format", self.newer, SCHEMA_VERSION, str(exc))) from exc
            if not self._may_recover:
                raise JournalError(f"{self.path} is damaged ({exc}); start the companion "
                                   "to recover it") from exc
            if self.recovery is not None and self.recovery.damaged == self.file:
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
        if not self._may_recover:
            raise JournalError(f"{self.path} is open for reading only")
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
            source = _read_only(self.file)
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
            disk = _connect(self.file)
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
        self._opened()
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
        card.closed(self._key)
        self._key = None

    def __enter__(self) -> Journal:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # --- games ----------------------------------------------------------------------

    _GAME_COLUMNS = ("SELECT id, CAST(created AS BLOB), CAST(settings AS BLOB), "
                     "CAST(finished AS BLOB), winner, crc FROM games ")

    def new_game(self, settings: Any) -> int:
        """Start a new game row and return its id; any game still in progress is abandoned.

        Keeping at most one game in progress is what makes `current_game()` unambiguous.
        The caller then appends the game's first events (the event that starts the game first).
        """
        settings.check()
        now = _stamp(self._clock())
        text = self.rules.codec.settings_to_json(settings)

        def body(conn: sqlite3.Connection) -> int:
            for (open_id,) in conn.execute(
                    "SELECT id FROM games WHERE finished IS NULL").fetchall():
                _set_ending(conn, open_id, now, None)
            game_id = conn.execute("INSERT INTO games (created, settings) VALUES (?, ?)",
                                   (now, text)).lastrowid
            assert game_id is not None
            conn.execute("UPDATE games SET crc = ? WHERE id = ?",
                         (row_crc("games", [game_id, now, text, None, None]), game_id))
            return game_id

        return self._write(body)

    def abandon(self, game_id: int) -> None:
        """Mark a game in progress as over without a winner (it stays in the file)."""
        now = _stamp(self._clock())

        def body(conn: sqlite3.Connection) -> None:
            row = conn.execute("SELECT finished FROM games WHERE id = ?", (game_id,)).fetchone()
            if row is not None and row[0] is None:
                _set_ending(conn, game_id, now, None)

        self._write(body)

    def game(self, game_id: int) -> GameRecord:
        """One game's row."""
        def read() -> GameRecord:
            row = self._conn.execute(self._GAME_COLUMNS + "WHERE id = ?",
                                     (game_id,)).fetchone()
            if row is None:
                raise JournalError(f"there is no game {game_id} in {self.path}")
            return self._record(row)

        return self._guarded(read)

    def games(self) -> list[GameRecord]:
        """Every game in the file, oldest first."""
        return self._guarded(lambda: [self._record(r) for r in self._conn.execute(
            self._GAME_COLUMNS + "ORDER BY id").fetchall()])

    def current_game(self) -> GameRecord | None:
        """The game in progress (the newest unfinished one), or None."""
        def read() -> GameRecord | None:
            row = self._conn.execute(self._GAME_COLUMNS + "WHERE finished IS NULL "
                                     "ORDER BY id DESC LIMIT 1").fetchone()
            return self._record(row) if row is not None else None

        return self._guarded(read)

    def latest_game(self) -> GameRecord | None:
        """The newest game, finished or not (what `state` and `export` show by default)."""
        def read() -> GameRecord | None:
            row = self._conn.execute(self._GAME_COLUMNS + "ORDER BY id DESC LIMIT 1").fetchone()
            return self._record(row) if row is not None else None

        return self._guarded(read)

    def readable_games(self) -> list[GameRecord]:
        """Every game whose row this program can read, oldest first: in a newer
        companion's journal, the games an older format holds (they still export)."""
        out = []
        for row in self._conn.execute(self._GAME_COLUMNS + "ORDER BY id").fetchall():
            with contextlib.suppress(JournalError, CodecError):
                out.append(self._record(row))
        return out

    def _record(self, row: tuple[Any, ...]) -> GameRecord:
        """A `games` row, checked against its checksum and decoded."""
        gid, created, settings, finished, winner, crc = row
        if not sound("games", [gid, created, settings, finished, winner], crc):
            raise _DamagedRow(f"game {gid}'s row does not match its checksum")
        try:
            parsed = self.rules.codec.settings_from_json(_text(settings))
        except (CodecError, TypeError, ValueError) as exc:  # UnicodeDecodeError included
            self._refuse_if_newer(f"game {gid}", settings, crc is not None)
            raise _DamagedRow(f"game {gid}'s settings do not decode: {exc}") from exc
        return GameRecord(int(gid), _text(created), parsed,
                          None if finished is None else _text(finished),
                          None if winner is None else int(winner))

    # --- events ---------------------------------------------------------------------

    def append(self, game_id: int, events: Sequence[Event]) -> None:
        """Commit one command's public events in one transaction; returns after the commit.

        Private events are dropped here (R1, I5). Call it before showing or speaking the
        events: once it returns they survive a power cut (unless `degraded` says the card
        refused them; they are then kept in memory and written at the next write).
        """
        self.append_batches(game_id, [events])

    def append_batches(self, game_id: int, batches: Sequence[Sequence[Event]]) -> None:
        """Commit several commands' events, each its own batch (undo takes back the last),
        in one transaction: one wait for the card however many commands one press or tick
        applied (a window closing, the payments promised in it, the step chosen ahead)."""
        batches = [[e for e in events if not type(e).private] for events in batches]
        batches = [b for b in batches if b]
        if not batches:
            return
        public = [e for b in batches for e in b]
        codec = self.rules.codec
        texts = [codec.event_to_json(e) for e in public]  # encode first: a bad one writes nothing
        numbers = [k for k, b in enumerate(batches, start=1) for _ in b]
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
            rows = [(game_id, seq + i, batch + k, text, now)
                    for i, (k, text) in enumerate(zip(numbers, texts, strict=True), start=1)]
            conn.executemany(
                "INSERT INTO events (game_id, seq, batch, event, time, crc) "
                "VALUES (?,?,?,?,?,?)", [(*r, row_crc("events", r)) for r in rows])
            won = [o for o in map(self.rules.ending, public) if o is not None]
            if won:
                _set_ending(conn, game_id, now, won[-1].winner)

        self._write(body)

    def records(self, game_id: int) -> list[StoredEvent]:
        """Every stored event of a game in order, retracted ones included and marked.

        Raises a JournalError for a row that does not match its checksum or decode.
        Rows are read from the tables themselves (`NOT INDEXED`): an index keeps its own
        copy of `seq` and `batch`, which a flipped bit in the row does not change, and
        `quick_check` does not compare the two.
        """
        retracted = self._undone(game_id)
        rows = self._conn.execute(
            "SELECT game_id, seq, batch, CAST(time AS BLOB), CAST(event AS BLOB), crc "
            "FROM events NOT INDEXED WHERE game_id = ?", (game_id,)).fetchall()
        out = []
        for gid, seq, batch, time, text, crc in sorted(rows, key=lambda r: r[1]):
            if not sound("events", [gid, seq, batch, text, time], crc):
                raise _DamagedRow(f"game {gid} event {seq} does not match its checksum")
            out.append(StoredEvent(gid, seq, batch, _text(time),
                                   self._decode(gid, seq, text, crc is not None),
                                   batch in retracted))
        return out

    def _undone(self, game_id: int) -> set[int]:
        """The batches a game's undo rows retract, each row checked against its checksum."""
        batches = set()
        for batch, time, crc in self._conn.execute(
                "SELECT batch, CAST(time AS BLOB), crc FROM undos NOT INDEXED "
                "WHERE game_id = ?", (game_id,)).fetchall():
            if not sound("undos", [game_id, batch, time], crc):
                raise _DamagedRow(f"game {game_id}: an undo does not match its checksum")
            batches.add(int(batch))
        return batches

    def load(self, game_id: int) -> list[Any]:
        """The game's events to replay: every stored event except retracted batches (of
        the journal's game's own event types, which only its caller knows).

        A row that no longer matches its checksum or decodes (a bit flipped on the card
        that SQLite's own check cannot see), a command out of order, or a command that
        cannot be replayed (an event naming seat 9 at a four-player table, a die showing
        7) triggers the same recovery as a damaged file, and the game resumes at its last
        command that replays cleanly.
        """
        return self._guarded(lambda: self._checked(game_id))

    def _checked(self, game_id: int) -> list[Event]:
        records = self.records(game_id)
        for index, record in enumerate(records):
            if record.seq != index + 1:
                raise _DamagedRow(f"game {game_id} event {index + 1} is missing")
        cut = batch_break([r.batch for r in records], [r.time for r in records])
        if cut is not None:
            raise _DamagedRow(f"game {game_id} event {records[cut].seq}: batch "
                              f"{records[cut].batch} is out of sequence")
        batches: dict[int, list[Event]] = {}
        for record in records:
            batches.setdefault(record.batch, []).append(record.event)
        self._check_undos(game_id, batches)
        retracted = {r.batch for r in records if r.retracted}
        live = [events for batch, events in batches.items() if batch not in retracted]
        checked = check_batches(self.rules, live)
        if checked.refused is not None:
            raise _DamagedRow(f"game {game_id}: {checked.refused}")
        return [e for events in live for e in events]

    def _check_undos(self, game_id: int, batches: dict[int, list[Event]]) -> None:
        """Every undo row names a command undo could have retracted."""
        for batch in self._undone(game_id):
            if batch not in batches or not self.rules.undo.undoable(batches[batch]):
                raise _DamagedRow(f"game {game_id}: an undo names batch {batch}, which "
                                  "undo could not have retracted")

    def replay(self, game_id: int) -> Any:
        """The game's state now, rebuilt from its journal (I6)."""
        return self.rules.replay(self.load(game_id))

    def settings(self, game_id: int) -> Any:
        """The settings a game was created with."""
        return self.game(game_id).settings

    def _decode(self, game_id: int, seq: int, text: bytes | str,
                checked: bool = False) -> Event:
        try:
            return self.rules.codec.event_from_json(_text(text))
        except (CodecError, TypeError, ValueError) as exc:  # UnicodeDecodeError included
            self._refuse_if_newer(f"game {game_id} event {seq}", text, checked)
            self._refuse_if_incompatible(game_id, seq, text, exc)
            raise _DamagedRow(f"game {game_id} event {seq} does not decode: {exc}") from exc

    def _refuse_if_newer(self, where: str, text: bytes | str, checked: bool) -> None:
        """Raise `IncompatibleJournalError` for a row of a newer format, never damage.

        A row claims a newer format with a bigger `"v"`. That is believed when the row
        matches its checksum (it is exactly what its writer wrote), or when the file says
        another vocabulary wrote into it last; in a file only this vocabulary wrote, a
        `"v"` it never writes is a flipped bit.
        """
        try:
            data = json.loads(_text(text))
        except (UnicodeDecodeError, ValueError):
            return
        version = data.get("v") if isinstance(data, dict) else None
        if not isinstance(version, int) or isinstance(version, bool) or \
                version <= self.rules.codec.format_version:
            return
        if self.newer is not None:
            raise IncompatibleJournalError(
                newer_message(self.path, "format", self.newer, SCHEMA_VERSION, where))
        if checked or self._vocabulary not in (0, self._vocabulary_id):
            raise IncompatibleJournalError(
                newer_message(self.path, "event format", version,
                              self.rules.codec.format_version, where))

    def _refuse_if_incompatible(self, game_id: int, seq: int, text: bytes | str,
                                exc: Exception) -> None:
        """Raise `IncompatibleJournalError` when an unreadable row is a format, not damage.

        Damage breaks the text (not UTF-8, not JSON, not an event object). A sound event
        object of our version naming a type or fields this program does not know, in a
        file another vocabulary wrote, was written by another companion: cutting the game
        there would throw away a healthy game.
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
            "SELECT MAX(batch) FROM events NOT INDEXED WHERE game_id = ? AND batch NOT IN "
            "(SELECT batch FROM undos NOT INDEXED WHERE game_id = ?)",
            (game_id, game_id)).fetchone()
        if row is None or row[0] is None:
            return None
        batch = int(row[0])
        texts = conn.execute("SELECT seq, CAST(event AS BLOB) FROM events NOT INDEXED "
                             "WHERE game_id = ? AND batch = ? ORDER BY seq",
                             (game_id, batch)).fetchall()
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
            conn.execute("INSERT INTO undos (game_id, batch, time, crc) VALUES (?,?,?,?)",
                         (game_id, batch, now, row_crc("undos", [game_id, batch, now])))
            if won:
                _set_ending(conn, game_id, None, None)
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


def _set_ending(conn: sqlite3.Connection, game_id: int, finished: str | None,
                winner: int | None) -> None:
    """Set how a game ended (or that it goes on), with the row's checksum made anew."""
    row = conn.execute("SELECT created, settings FROM games WHERE id = ?",
                       (game_id,)).fetchone()
    if row is None:
        raise JournalError(f"there is no game {game_id}")
    crc = row_crc("games", [game_id, row[0], row[1], finished, winner])
    conn.execute("UPDATE games SET finished = ?, winner = ?, crc = ? WHERE id = ?",
                 (finished, winner, crc, game_id))


class _DamagedRow(JournalError):
    """A stored row that does not decode."""


# --- salvage ------------------------------------------------------------------------


@dataclass
class _Salvage:
    games: list[tuple[int, str, str, str | None, int | None]]
    events: list[tuple[int, int, int, str, str, int | None]]
    undos: list[tuple[int, int, str, int | None]]
    cut: set[int]
    lost: int = 0  # rows seen in the damaged file that could not be kept
    notes: list[str] = field(default_factory=list)  # why each cut game stopped where it did
    repaired: int = 0  # rows with one flipped bit, put right by their checksum


# game_id, seq, batch, event, time, crc (None in a format-1 row)
_EventRow = tuple[int, int, int, bytes, bytes, int | None]
# id, created, settings, finished, winner, crc
_GameRow = tuple[int, bytes, bytes, bytes | None, int | None, int | None]
_UndoRow = tuple[int, int, bytes, int | None]  # game_id, batch, time, crc


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
    would ignore after a bad frame). A row that does not match its checksum is put right
    when one bit flipped, and is a cut point otherwise. Each game then keeps its events
    up to the first row that is missing, damaged, out of sequence, fails to decode, or
    belongs to a command that does not replay; a command (batch) is kept whole or not
    at all.
    """
    main = _read_bytes(damaged)
    wal_bytes = _read_bytes(damaged.with_name(damaged.name + "-wal"))
    wal = read_wal(wal_bytes)
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
    for number, page, sound_frame in wal.pages:
        for rowid, values in leaf_rows(page, number, usable):
            _sort_row(rowid, values, games, events, undos, keep_first=False)
            if sound_frame:  # a whole commit: all rows of its command were written with it
                trusted.add(rowid)
    if _gaps(events):
        _carve(main, wal_bytes, events)
    # A row followed (by rowid) by a row of another command ends its command: that command
    # was written whole, whatever page it came from. So does the table's last row, when
    # the b-tree leads to it whole and no -wal holds newer pages.
    ends = {(r[0], r[1]) for rowid, r in events.items()
            if rowid + 1 in events
            and (events[rowid + 1][0], events[rowid + 1][2]) != (r[0], r[2])}
    last = last_rowid(main, page_size, b"events") if not wal.frames else None
    if last is not None and last in events:
        ends.add((events[last][0], events[last][1]))
    return _assemble(game, games, events, undos,
                     {(r[0], r[1]) for rowid, r in events.items() if rowid in trusted}, ends)


def _carve(main: bytes, wal: bytes, events: dict[int, _EventRow]) -> None:
    """Event rows with a checksum that no page structure leads to any more, or whose
    record header lost a bit, found by the event text anywhere in the file and its -wal,
    and kept only when they match their checksum (so a chance match of bytes is never
    taken for a row). They only fill what the other sources lack or read wrong."""
    have = {(r[0], r[1]) for r in events.values()
            if r[5] is None or sound("events", r[:5], r[5])}
    key = -1
    for data in (main, wal):
        # the header (7 to 10 bytes) and three integers (0 to 8 bytes each) before the text
        for readings in carve(data, b'{"', range(7, 35)):
            for values in readings:
                row = _event_shape(values)
                if row is None or not sound("events", row[:5], row[5]):
                    continue  # another start, or the same bytes with one header bit flipped
                if (row[0], row[1]) not in have:
                    events[key] = row
                    have.add((row[0], row[1]))
                    key -= 1
                break


def _gaps(events: dict[int, _EventRow]) -> bool:
    """Whether some game lacks an event number below its highest, or holds a row that does
    not match its checksum: what carving (`_carve`) could fill."""
    seqs: dict[int, set[int]] = {}
    for g, q, b, e, t, crc in events.values():
        if crc is not None and not sound("events", [g, q, b, e, t], crc):
            return True
        seqs.setdefault(g, set()).add(q)
    return any(len(found) != max(found) for found in seqs.values())


def _event_shape(values: list[Value]) -> _EventRow | None:
    shape = values[1:]
    if values[:1] != [None] or len(shape) != 6:
        return None
    g, q, b, e, t, crc = shape
    if isinstance(g, int) and isinstance(q, int) and isinstance(b, int) and \
            isinstance(e, bytes) and isinstance(t, bytes) and isinstance(crc, int):
        return g, q, b, e, t, crc
    return None


def _is_int(value: Value) -> bool:
    return isinstance(value, int)


def _crc_of(shape: list[Value], columns: int) -> tuple[bool, int | None]:
    """Whether a raw row has the checksum column's shape, and the checksum (None: none)."""
    if len(shape) == columns:
        return True, None
    if len(shape) == columns + 1 and (shape[-1] is None or isinstance(shape[-1], int)):
        last = shape[-1]
        return True, last if isinstance(last, int) else None
    return False, None


def _sort_row(rowid: int, values: list[Value], games: dict[int, _GameRow] | None,
              events: dict[int, _EventRow], undos: dict[int, _UndoRow], *,
              keep_first: bool) -> None:
    """File a raw row under the table its shape belongs to (the rowid column is NULL).

    A format-2 row has one more column than a format-1 row: its checksum.
    """
    if not values or values[0] is not None:
        return
    shape = values[1:]
    fits, crc = _crc_of(shape, 5)
    if fits and all(_is_int(v) for v in shape[:3]) and \
            all(isinstance(v, bytes) for v in shape[3:5]):
        if not (keep_first and rowid in events):
            g, q, b, e, t = shape[:5]
            assert isinstance(g, int) and isinstance(q, int) and isinstance(b, int)
            assert isinstance(e, bytes) and isinstance(t, bytes)
            events[rowid] = (g, q, b, e, t, crc)
        return
    fits, crc = _crc_of(shape, 3)
    if fits and _is_int(shape[0]) and _is_int(shape[1]) and isinstance(shape[2], bytes):
        if not (keep_first and rowid in undos):
            g, b, t = shape[:3]
            assert isinstance(g, int) and isinstance(b, int) and isinstance(t, bytes)
            undos[rowid] = (g, b, t, crc)
        return
    fits, crc = _crc_of(shape, 4)
    if games is not None and fits and isinstance(shape[0], bytes) and \
            isinstance(shape[1], bytes) and (shape[2] is None or isinstance(shape[2], bytes)) \
            and (shape[3] is None or isinstance(shape[3], int)):
        c, st, f, w = shape[:4]
        assert isinstance(c, bytes) and isinstance(st, bytes)
        assert f is None or isinstance(f, bytes)
        assert w is None or isinstance(w, int)
        games[rowid] = (rowid, c, st, f, w, crc)


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
        crc = ", crc" if _has_column(conn, "events", "crc") else ""
        game_crc = ", crc" if _has_column(conn, "games", "crc") else ""
        undo_crc = ", crc" if _has_column(conn, "undos", "crc") else ""
        for row in _rows(conn, "SELECT id, CAST(created AS BLOB), CAST(settings AS BLOB), "
                               f"CAST(finished AS BLOB), winner{game_crc} FROM games"):
            if isinstance(row[0], int):
                _sort_row(row[0], [None, *row[1:]], games, events, undos, keep_first=False)
        sql = ("SELECT id, game_id, seq, batch, CAST(event AS BLOB), CAST(time AS BLOB)"
               f"{crc} FROM events")
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
        for row in _rows(conn, f"SELECT id, game_id, batch, CAST(time AS BLOB){undo_crc} "
                               "FROM undos"):
            if isinstance(row[0], int):
                _sort_row(row[0], [None, *row[1:]], None, events, undos, keep_first=False)
    except sqlite3.DatabaseError:
        pass
    finally:
        conn.close()
    return complete


def _has_column(conn: sqlite3.Connection, table: str, column: str) -> bool:
    return any(row[1] == column for row in _rows(conn, f"PRAGMA table_info({table})"))


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


@dataclass
class _Checked:
    """Rows after their checksums: put right where one bit flipped, marked where not."""

    events: list[tuple[_EventRow, bool]]  # (row, damaged beyond repair)
    games: dict[int, _GameRow]
    undos: list[_UndoRow]
    bad_undos: dict[int, list[bytes]]  # game -> times of undo rows beyond repair
    repaired: int = 0


_BYTE_REPAIRS = 32
"""Rows a salvage tries every single-byte change on (each takes a fraction of a second;
a page of garbage must not make the salvage take minutes)."""


def _checksums(games: dict[int, _GameRow], events: dict[int, _EventRow],
               undos: dict[int, _UndoRow]) -> _Checked:
    checked = _Checked([], {}, [], {})
    budget = _BYTE_REPAIRS
    for row in events.values():
        values: list[IntegrityValue] = list(row[:5])
        crc = row[5]
        if crc is None or sound("events", values, crc):
            checked.events.append((row, False))
            continue
        fixed = repair("events", values, crc, bytes_too=budget > 0)
        budget -= 1
        if fixed is None:
            checked.events.append((row, True))
            continue
        g, q, b, e, t = fixed
        assert isinstance(g, int) and isinstance(q, int) and isinstance(b, int)
        assert isinstance(e, bytes) and isinstance(t, bytes)
        # the checksum the row was written with (the bit may have been in the checksum)
        checked.events.append(((g, q, b, e, t, row_crc("events", fixed)), False))
        checked.repaired += 1
    for game in games.values():
        values = list(game[:5])
        crc = game[5]
        if crc is not None and not sound("games", values, crc):
            fixed = repair("games", values, crc)
            if fixed is None:
                continue  # rebuilt from its GameStarted, if that survives
            i, c, st, f, w = fixed
            assert isinstance(i, int) and isinstance(c, bytes) and isinstance(st, bytes)
            assert f is None or isinstance(f, bytes)
            assert w is None or isinstance(w, int)
            game = (i, c, st, f, w, crc)
            checked.repaired += 1
        checked.games[game[0]] = game
    for undo in undos.values():
        values = list(undo[:3])
        crc = undo[3]
        if crc is not None and not sound("undos", values, crc):
            fixed = repair("undos", values, crc)
            if fixed is None:
                checked.bad_undos.setdefault(undo[0], []).append(undo[2])
                continue
            g, b, t = fixed
            assert isinstance(g, int) and isinstance(b, int) and isinstance(t, bytes)
            undo = (g, b, t, row_crc("undos", fixed))
            checked.repaired += 1
        checked.undos.append(undo)
    return checked


_Kept = tuple[int, int, int, str, str, int | None]


def _assemble(game: AnyGame, games: dict[int, _GameRow], events: dict[int, _EventRow],
              undos: dict[int, _UndoRow], trusted: set[tuple[int, int]],
              ends: set[tuple[int, int]] | None = None) -> _Salvage:
    """Each game's longest prefix of whole commands that decode and replay."""
    checked = _checksums(games, events, undos)
    result = _Salvage([], [], [], set(), repaired=checked.repaired)
    by_game: dict[int, dict[int, tuple[int, bytes, bytes, int | None, bool]]] = {}
    for (game_id, seq, batch, text, time, crc), bad in checked.events:
        if seq >= 1:
            rows = by_game.setdefault(game_id, {})
            if bad and seq in rows and not rows[seq][4]:
                continue  # a sound row of that number wins over a damaged one
            rows[seq] = (batch, text, time, crc, bad)
    retracted = {(g, b) for g, b, _, _ in checked.undos}
    settings_of: dict[int, tuple[str, str, str | None, int | None]] = {}
    for gid, (_, raw_created, raw_settings, raw_finished, raw_winner, _) in \
            checked.games.items():
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
        kept, note = _keep(game, gid, rows, retracted, trusted, ends or set(),
                           checked.bad_undos.get(gid, []))
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
    for game_id, batch, time, crc in checked.undos:
        if (game_id, batch) in batches:
            with contextlib.suppress(UnicodeDecodeError):
                result.undos.append((game_id, batch, _text(time), crc))
    result.undos.sort()
    return result


def _keep(game: AnyGame, gid: int, rows: dict[int, tuple[int, bytes, bytes, int | None, bool]],
          retracted: set[tuple[int, int]], trusted: set[tuple[int, int]],
          ends: set[tuple[int, int]], bad_undos: list[bytes]
          ) -> tuple[list[_Kept], str | None]:
    """One game's rows to keep, and why the rest were dropped (None if nothing was).

    Where the rows simply end, the last command is kept only when its rows were read
    from a source that holds whole commands (an intact table, a sound WAL commit): a
    lost page may have held the rest of it.
    """
    batches: list[tuple[int, list[_Kept], list[Event]]] = []
    seq, note = 1, None
    while seq in rows:
        batch, text, time, crc, bad = rows[seq]
        last = batches[-1][1][-1] if batches else None
        if bad or not (follows(last[2], last[4].encode(), batch, time) if last
                       else batch == 1):
            note = (f"game {gid} event {seq} does not match its checksum" if bad else
                    f"game {gid} event {seq}: batch {batch} is out of sequence")
            # half a command is a state the game never had: drop the command being read,
            # and any before it stamped with its time (a row moved out of its command
            # takes its command's time along)
            while batches:
                dropped = batches.pop()
                if not batches or batches[-1][1][0][4] != dropped[1][0][4]:
                    break
            break
        try:
            row = (gid, seq, batch, _text(text), _text(time), crc)
            event = game.codec.event_from_json(row[3])
        except (CodecError, TypeError, ValueError) as exc:
            note = f"game {gid} event {seq} does not decode ({exc})"
            if batches and batches[-1][0] == batch:
                batches.pop()  # half a command is a state the game never had
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
    wrong = [b for b in batches if (gid, b[0]) in retracted and not game.undo.undoable(b[2])]
    if bad_undos or wrong:
        # An undo row that cannot be read (or names a command undo cannot retract) hides
        # which command it took back: keep only what was played before it was made.
        moments = [*bad_undos, *(b[1][0][4].encode() for b in wrong)]
        before = min(moments)
        kept = [b for b in batches if b[1][0][4].encode() < before]
        if kept:
            kept.pop()
        batches = kept
        note = f"game {gid}: an undo could not be read; cut before it was made"
    live = [b for b in batches if (gid, b[0]) not in retracted]
    checked = check_batches(game, [b[2] for b in live])
    if checked.refused is not None:
        note = f"game {gid}: {checked.refused}"
        stop = live[checked.good][0]
        batches = [b for b in batches if b[0] < stop]
    return [r for b in batches for r in b[1]], note
