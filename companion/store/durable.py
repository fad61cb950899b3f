"""Durable storage of the journal on a card that may refuse it: one SQLite file, and what
to do when the card is full, read-only, failing, or the file is damaged.

Why it is its own part: what a game is lives in the journal's API
(`companion/store/journal.py`); here is only whether its rows reach the card.

- One file, WAL mode, `synchronous=FULL`: a commit is on the SD card before a write
  returns, so anything the screen shows or the voice says can be replayed after a power
  cut (DESIGN.md, Storage; RULES I6). One transaction is exactly one write.
- On open the file is looked at without writing a byte: a journal a newer companion
  wrote is refused and left exactly as it is; a file that is not a journal at all is
  refused and never renamed. A damaged journal (`PRAGMA quick_check`, a checksum, an
  impossible event) is moved aside as `<name>.damaged-<timestamp>` and what is still
  readable (`companion/store/salvage.py`) is copied into a fresh file; one log line says
  what happened.
- The card under the file (`companion/store/card.py`) is told apart from the file. A
  full or read-only card is a state, not an error: the game goes on in an in-memory copy
  (`degraded` says why, `unsaved` counts the writes only memory holds), and every later
  write tries to `flush` the copy back to the card. A damaged file that cannot be moved
  aside is salvaged into memory and never overwritten by this run.
"""

from __future__ import annotations

import contextlib
import logging
import sqlite3
from collections.abc import Callable, Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Self, TypeVar

from companion.core.game import AnyGame
from companion.exc import (
    CodecError,
    IncompatibleJournalError,
    JournalError,
    NotAJournalError,
)
from companion.games import game as installed_game
from companion.store import card
from companion.store.card import write_trouble
from companion.store.integrity import (
    SCHEMA_VERSION,
    Kind,
    Verdict,
    inspect,
    migrate,
    newer_message,
    quick_check_summary,
    recognisable,
)
from companion.store.pages import read_wal
from companion.store.quiet import Checkpoints
from companion.store.recovery import Recovery, report
from companion.store.salvage import Salvage, fill, read_bytes, salvage

log = logging.getLogger("companion.store")

_MAGIC = b"SQLite format 3\x00"
_LOOK = 16 << 20  # bytes of a file read to recognise it as a journal


def _now() -> datetime:
    return datetime.now(UTC)


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


def _looks(path: Path) -> bytes:
    """The first bytes of a file, as much as recognising it needs (b"" if unreadable)."""
    try:
        with open(path, "rb") as stream:
            return stream.read(_LOOK)
    except OSError:
        return b""


_T = TypeVar("_T")


class DamagedRow(JournalError):
    """A stored row that does not decode, match its checksum or replay: damage, recovered
    from like a damaged file (`DurableFile._guarded`)."""


class DurableFile(Checkpoints):
    """The journal's SQLite file on the card; the main loop owns it (one thread).

    If the file was damaged, `recovery` says what was saved. When the card is full or
    read-only, `degraded` says why and the game is kept in an in-memory copy, written back
    to the file at the first later write that succeeds.
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
                found = inspect(conn)
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
        wal = read_wal(read_bytes(self._wal()))
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
                migrate(conn)
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
        found = inspect(conn)
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
        return None if rows == [("ok",)] else quick_check_summary(rows)

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
            if read_wal(read_bytes(self._wal())).frames:
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
        migrate(memory)
        self._degrade(trouble, at_start=True)
        return memory

    def _open_for_reading(self) -> sqlite3.Connection:
        """A copy of the file in memory, for the tools that only read (`recover=False`)."""
        if read_wal(read_bytes(self._wal())).damaged:
            raise JournalError(f"{self.path} is damaged (a bad frame in its -wal); start "
                               "the companion to recover it")
        memory = _memory()
        try:
            unread = self._copy(memory)
            if unread is not None:
                raise JournalError(f"cannot read {self.path}: {unread}" + (
                    " (SQLite needs room for a -shm file beside a journal that has a -wal); "
                    "free some space on the card" if unread == card.FULL else ""))
            found = inspect(memory)
            if found.kind is Kind.NEWER:
                self.newer = found.version
                return memory
            problem = self._judge(memory)
            if problem is not None:
                raise JournalError(f"{self.path} is damaged ({problem}); start the companion "
                                   "to recover it")
            migrate(memory)  # an older format is read as this one, in memory only
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
        kept = salvage(self.file, self.rules)
        memory = _memory()
        self._fill(memory, kept)
        self._flush_blocked = True
        self.recovery = self._report(self.path, problem, kept)
        return memory

    def _degrade(self, trouble: str, at_start: bool = False) -> None:
        trouble = card.refine(trouble, self.file.parent)
        if self.degraded is None:
            log.warning("journal %s cannot be written (%s): the game goes on in memory and "
                        "is written as soon as the card takes it again%s", self.path, trouble,
                        " (at start)" if at_start else "")
        self.degraded = trouble

    def _fill(self, conn: sqlite3.Connection, kept: Salvage) -> None:
        migrate(conn)
        fill(conn, kept)

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
        kept = salvage(damaged, self.rules)
        self._fill(memory, kept)
        self.recovery = self._report(damaged, reason, kept)
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

    def _report(self, damaged: Path, reason: str, kept: Salvage) -> Recovery:
        return report(self.path, self.file, damaged, reason, kept)

    def _check_current(self) -> None:
        """Read, at start, what must be readable for the table to go on (the journal reads
        its game in progress), so damage is salvaged before the first write."""

    def _guarded(self, read: Callable[[], _T]) -> _T:
        """Run a read; a row that does not decode or replay triggers recovery, then retry."""
        try:
            return read()
        except (DamagedRow, CodecError, UnicodeDecodeError, sqlite3.DatabaseError) as exc:
            if isinstance(exc, sqlite3.DatabaseError) and write_trouble(exc) is not None:
                raise
            if self.newer is not None and not isinstance(exc, DamagedRow):
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
        self._wrote()
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
        self._stop_folding()
        if self.degraded is not None:
            self.flush()
            if self.degraded is not None and self.unsaved:
                log.error("journal %s could not be written before closing (%s): the "
                          "last %d change(s) are lost", self.path, self.degraded,
                          self.unsaved)
        self._conn.close()
        card.closed(self._key)
        self._key = None

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
