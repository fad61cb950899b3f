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
import json
import logging
import shutil
import sqlite3
import tempfile
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, TextIO

from companion.rules import events as ev
from companion.rules.codec import (
    FORMAT_VERSION,
    CodecError,
    event_from_json,
    event_to_json,
    from_data,
    to_data,
)
from companion.rules.evolve import replay
from companion.rules.settings import Settings
from companion.rules.state import GameState

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

FINAL_EVENT_TYPES: tuple[type[ev.Event], ...] = (
    ev.GameStarted,
    ev.TrainingOrderDrawn,
    ev.InitiativeDrawn,
    ev.BidsRevealed,
    ev.WeatherRolled,
    ev.DogDiceRolled,
    ev.TerrainRolled,
    ev.AvalancheRolled,
    ev.PressRolled,
)
"""Events a batch cannot be retracted past: a die was rolled or the bids were revealed.

Undoing those would let a table re-roll a die it disliked or re-bid knowing the others'
bids; only bookkeeping (a rest choice, a zone crossing, a pass, a stick) may be undone.
"""


class JournalError(Exception):
    """The journal cannot do what was asked (unknown game, closed game, newer schema)."""


class GameClosedError(JournalError):
    """Events were offered for a game that is already finished or abandoned."""


class UndoRefusedError(JournalError):
    """Nothing may be retracted: no batch left, or the last one rolled dice or revealed bids."""


@dataclass(frozen=True)
class GameRecord:
    """One row of `games`: when it began, with which settings, and how it ended."""

    id: int
    created: str
    settings: Settings
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
    event: ev.Event
    retracted: bool = False


@dataclass(frozen=True)
class Recovery:
    """What opening a damaged journal did, for the log and for tests."""

    damaged: Path  # where the damaged file now is
    reason: str
    games: int
    events: int
    cut: tuple[int, ...]  # games whose events stopped early at an unreadable row


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


def settings_to_json(settings: Settings) -> str:
    """Settings as the versioned JSON the `games.settings` column holds."""
    return json.dumps({"v": FORMAT_VERSION, "settings": to_data(settings)},
                      ensure_ascii=False, separators=(",", ":"), sort_keys=True)


def settings_from_json(text: str) -> Settings:
    """Settings from `settings_to_json`'s output."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise CodecError(f"settings are not JSON: {exc}") from exc
    if not isinstance(data, dict) or data.get("v") != FORMAT_VERSION:
        raise CodecError("settings JSON of an unknown version")
    settings: Settings = from_data(Settings, data.get("settings"))
    return settings


def _connect(path: Path) -> sqlite3.Connection:
    # isolation_level=None: we issue BEGIN/COMMIT ourselves, so a transaction is exactly
    # one `append`, one `undo` or one `new_game`, never something the driver chose.
    conn = sqlite3.connect(str(path), isolation_level=None)
    conn.execute("PRAGMA journal_mode=WAL")
    conn.execute("PRAGMA synchronous=FULL")
    conn.execute("PRAGMA foreign_keys=ON")
    return conn


def _sidecars(path: Path) -> list[tuple[str, Path]]:
    return [(suffix, path.with_name(path.name + suffix)) for suffix in ("-wal", "-shm")]


class Journal:
    """The game journal in one SQLite file; the main loop owns it (one thread).

    Open it with `Journal(path)`; if the file was damaged, `recovery` says what was saved.
    """

    def __init__(self, path: str | Path, *, clock: Callable[[], datetime] = _now,
                 recover: bool = True) -> None:
        """Open (or create) the journal.

        `recover=False` is for tools that may run beside the companion (`state`,
        `export`): they must never move the file away under the running program, so a
        damaged file raises `JournalError` instead of being recovered.
        """
        self.path = Path(path)
        self._clock = clock
        self._may_recover = recover
        self.recovery: Recovery | None = None
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self._conn = self._open()

    # --- opening, checking, recovering ----------------------------------------------

    def _open(self) -> sqlite3.Connection:
        problem: str | None = None
        conn: sqlite3.Connection | None = None
        try:
            conn = _connect(self.path)
            version = conn.execute("PRAGMA user_version").fetchone()[0]
            if version > SCHEMA_VERSION:
                conn.close()
                raise JournalError(
                    f"{self.path}: journal schema {version} is newer than this program "
                    f"({SCHEMA_VERSION}); upgrade the companion")
            rows = conn.execute("PRAGMA quick_check").fetchall()
            if rows != [("ok",)]:
                problem = _summary(rows)
        except sqlite3.DatabaseError as exc:
            problem = str(exc)
        if problem is None and conn is not None:
            try:
                self._migrate(conn)
                return conn
            except sqlite3.DatabaseError as exc:
                problem = str(exc)
        if conn is not None:
            conn.close()
        if not self._may_recover:
            raise JournalError(f"{self.path} is damaged ({problem}); start the companion "
                               "to recover it")
        self.recovery = self._recover(problem or "unreadable")
        return _connect(self.path)

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
            conn.execute("ROLLBACK")
            raise

    def _recover(self, reason: str) -> Recovery:
        """Move the damaged file aside and rebuild a fresh one from what can still be read."""
        moment = self._clock()
        damaged = self.path.with_name(
            f"{self.path.name}.damaged-{moment.strftime('%Y%m%dT%H%M%S%fZ')}")
        if self.path.exists():
            self.path.rename(damaged)
        for suffix, side in _sidecars(self.path):
            if side.exists():
                side.rename(damaged.with_name(damaged.name + suffix))
        salvage = _salvage(damaged)
        conn = _connect(self.path)
        try:
            self._migrate(conn)
            conn.execute("BEGIN IMMEDIATE")
            conn.executemany(
                "INSERT INTO games (id, created, settings, finished, winner) VALUES (?,?,?,?,?)",
                salvage.games)
            conn.executemany(
                "INSERT INTO events (game_id, seq, batch, event, time) VALUES (?,?,?,?,?)",
                salvage.events)
            conn.executemany("INSERT INTO undos (game_id, batch, time) VALUES (?,?,?)",
                             salvage.undos)
            conn.execute("COMMIT")
        finally:
            conn.close()
        recovery = Recovery(damaged=damaged, reason=reason, games=len(salvage.games),
                            events=len(salvage.events), cut=tuple(sorted(salvage.cut)))
        cut = (f", game(s) {', '.join(map(str, recovery.cut))} cut at their last readable event"
               if recovery.cut else "")
        log.warning("journal %s was damaged (%s): kept it as %s and recovered %d game(s), "
                    "%d event(s)%s", self.path, " ".join(reason.split()), damaged.name,
                    recovery.games,
                    recovery.events, cut)
        return recovery

    # --- transactions ---------------------------------------------------------------

    @contextlib.contextmanager
    def _transaction(self) -> Iterator[sqlite3.Connection]:
        conn = self._conn
        conn.execute("BEGIN IMMEDIATE")
        try:
            yield conn
        except BaseException:
            conn.execute("ROLLBACK")
            raise
        conn.execute("COMMIT")

    def close(self) -> None:
        """Close the file (SQLite checkpoints the WAL into the main file)."""
        self._conn.close()

    def __enter__(self) -> Journal:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # --- games ----------------------------------------------------------------------

    def new_game(self, settings: Settings) -> int:
        """Start a new game row and return its id; any game still in progress is abandoned.

        Keeping at most one game in progress is what makes `current_game()` unambiguous.
        The caller then appends the game's first events (`GameStarted` first).
        """
        settings.check()
        now = _stamp(self._clock())
        with self._transaction() as conn:
            conn.execute("UPDATE games SET finished = ? WHERE finished IS NULL", (now,))
            cursor = conn.execute("INSERT INTO games (created, settings) VALUES (?, ?)",
                                  (now, settings_to_json(settings)))
        game_id = cursor.lastrowid
        assert game_id is not None
        return game_id

    def abandon(self, game_id: int) -> None:
        """Mark a game in progress as over without a winner (it stays in the file)."""
        with self._transaction() as conn:
            conn.execute("UPDATE games SET finished = ? WHERE id = ? AND finished IS NULL",
                         (_stamp(self._clock()), game_id))

    def game(self, game_id: int) -> GameRecord:
        """One game's row."""
        row = self._conn.execute(
            "SELECT id, created, settings, finished, winner FROM games WHERE id = ?",
            (game_id,)).fetchone()
        if row is None:
            raise JournalError(f"there is no game {game_id} in {self.path}")
        return _record(row)

    def games(self) -> list[GameRecord]:
        """Every game in the file, oldest first."""
        rows = self._conn.execute(
            "SELECT id, created, settings, finished, winner FROM games ORDER BY id").fetchall()
        return [_record(r) for r in rows]

    def current_game(self) -> GameRecord | None:
        """The game in progress (the newest unfinished one), or None."""
        row = self._conn.execute(
            "SELECT id, created, settings, finished, winner FROM games "
            "WHERE finished IS NULL ORDER BY id DESC LIMIT 1").fetchone()
        return _record(row) if row is not None else None

    def latest_game(self) -> GameRecord | None:
        """The newest game, finished or not (what `state` and `export` show by default)."""
        row = self._conn.execute(
            "SELECT id, created, settings, finished, winner FROM games "
            "ORDER BY id DESC LIMIT 1").fetchone()
        return _record(row) if row is not None else None

    # --- events ---------------------------------------------------------------------

    def append(self, game_id: int, events: Sequence[ev.Event]) -> None:
        """Commit one command's public events in one transaction; returns after the commit.

        Private events are dropped here (R1, I5). Call it before showing or speaking the
        events: once it returns they survive a power cut.
        """
        public = [e for e in events if not type(e).private]
        if not public:
            return
        texts = [event_to_json(e) for e in public]  # encode first: a bad event writes nothing
        now = _stamp(self._clock())
        with self._transaction() as conn:
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
                if not isinstance(first, ev.GameStarted):
                    raise JournalError(f"game {game_id} must begin with GameStarted, "
                                       f"not {type(first).__name__}")
                if settings_to_json(first.settings) != row[1]:
                    raise JournalError(f"game {game_id}: GameStarted settings differ from "
                                       "the settings the game was created with")
            conn.executemany(
                "INSERT INTO events (game_id, seq, batch, event, time) VALUES (?,?,?,?,?)",
                [(game_id, seq + i, batch + 1, text, now)
                 for i, text in enumerate(texts, start=1)])
            won = [e for e in public if isinstance(e, ev.GameWon)]
            if won:
                conn.execute("UPDATE games SET finished = ?, winner = ? WHERE id = ?",
                             (now, won[-1].seat, game_id))

    def records(self, game_id: int) -> list[StoredEvent]:
        """Every stored event of a game in order, retracted ones included and marked."""
        rows = self._conn.execute(
            "SELECT e.game_id, e.seq, e.batch, e.time, e.event, u.id IS NOT NULL "
            "FROM events e LEFT JOIN undos u ON u.game_id = e.game_id AND u.batch = e.batch "
            "WHERE e.game_id = ? ORDER BY e.seq", (game_id,)).fetchall()
        out = []
        for gid, seq, batch, time, text, retracted in rows:
            out.append(StoredEvent(gid, seq, batch, time, self._decode(gid, seq, text),
                                   bool(retracted)))
        return out

    def load(self, game_id: int) -> list[ev.Event]:
        """The game's events to replay: every stored event except retracted batches.

        A row that no longer decodes (a bit flipped on the card that SQLite's own check
        cannot see) triggers the same recovery as a damaged file, and the game resumes
        at its last readable event.
        """
        try:
            return [r.event for r in self.records(game_id) if not r.retracted]
        except _DamagedRow as exc:
            if not self._may_recover:
                raise JournalError(f"{self.path} is damaged ({exc}); start the companion "
                                   "to recover it") from exc
            self._conn.close()
            self.recovery = self._recover(str(exc))
            self._conn = _connect(self.path)
            return [r.event for r in self.records(game_id) if not r.retracted]

    def replay(self, game_id: int) -> GameState:
        """The game's state now, rebuilt from its journal (I6)."""
        return replay(self.load(game_id))

    def settings(self, game_id: int) -> Settings:
        """The settings a game was created with."""
        return self.game(game_id).settings

    def _decode(self, game_id: int, seq: int, text: str) -> ev.Event:
        try:
            return event_from_json(text)
        except (CodecError, TypeError, ValueError) as exc:
            raise _DamagedRow(f"game {game_id} event {seq} does not decode: {exc}") from exc

    # --- undo -----------------------------------------------------------------------

    def _last_batch(self, conn: sqlite3.Connection, game_id: int
                    ) -> tuple[int, list[ev.Event]] | None:
        row = conn.execute(
            "SELECT MAX(batch) FROM events WHERE game_id = ? AND batch NOT IN "
            "(SELECT batch FROM undos WHERE game_id = ?)", (game_id, game_id)).fetchone()
        if row is None or row[0] is None:
            return None
        batch = int(row[0])
        texts = conn.execute("SELECT seq, event FROM events WHERE game_id = ? AND batch = ? "
                             "ORDER BY seq", (game_id, batch)).fetchall()
        return batch, [self._decode(game_id, seq, text) for seq, text in texts]

    def undoable(self, game_id: int) -> list[ev.Event] | None:
        """The events `undo` would retract now, or None if it would refuse."""
        last = self._last_batch(self._conn, game_id)
        if last is None or any(isinstance(e, FINAL_EVENT_TYPES) for e in last[1]):
            return None
        return last[1]

    def undo(self, game_id: int) -> list[ev.Event]:
        """Retract the last stored batch (one command's events) and return its events.

        Append-only: a row in `undos` names the batch; the events stay in the file. The
        caller rebuilds its state with `replay(game_id)`. Calling it again retracts the
        batch before, down to the last roll or reveal.
        """
        with self._transaction() as conn:
            row = conn.execute("SELECT finished, winner FROM games WHERE id = ?",
                               (game_id,)).fetchone()
            if row is None:
                raise JournalError(f"there is no game {game_id} in {self.path}")
            last = self._last_batch(conn, game_id)
            if last is None:
                raise UndoRefusedError("nothing to undo")
            batch, events = last
            final = sorted({type(e).__name__ for e in events if isinstance(e, FINAL_EVENT_TYPES)})
            if final:
                raise UndoRefusedError(
                    f"the last change cannot be undone: it holds {', '.join(final)}")
            won = any(isinstance(e, ev.GameWon) for e in events)
            if row[0] is not None and not won:
                raise GameClosedError(f"game {game_id} is over; start a new game")
            conn.execute("INSERT INTO undos (game_id, batch, time) VALUES (?,?,?)",
                         (game_id, batch, _stamp(self._clock())))
            if won:
                conn.execute("UPDATE games SET finished = NULL, winner = NULL WHERE id = ?",
                             (game_id,))
        return events

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


def _record(row: tuple[Any, ...]) -> GameRecord:
    gid, created, settings, finished, winner = row
    return GameRecord(int(gid), str(created), settings_from_json(settings),
                      finished, None if winner is None else int(winner))


# --- salvage ------------------------------------------------------------------------


@dataclass
class _Salvage:
    games: list[tuple[int, str, str, str | None, int | None]]
    events: list[tuple[int, int, int, str, str]]
    undos: list[tuple[int, int, str]]
    cut: set[int]


def _salvage(damaged: Path) -> _Salvage:
    """Read what is readable from a damaged journal, without touching the damaged file.

    Events are read in the order they were written; each game keeps its events up to the
    first row that fails to read or decode, or breaks the sequence. Games rows that are
    lost are rebuilt from their `GameStarted` event.
    """
    result = _Salvage([], [], [], set())
    if not damaged.exists():
        return result
    with tempfile.TemporaryDirectory() as tmp:
        copy = Path(tmp) / damaged.name
        shutil.copyfile(damaged, copy)
        for suffix in ("-wal", "-shm"):
            side = damaged.with_name(damaged.name + suffix)
            if side.exists():
                shutil.copyfile(side, copy.with_name(copy.name + suffix))
        try:
            conn = sqlite3.connect(str(copy), isolation_level=None)
        except sqlite3.DatabaseError:
            return result
        try:
            _salvage_from(conn, result)
        finally:
            with contextlib.suppress(sqlite3.DatabaseError):
                conn.close()
    return result


class _Reader:
    """Rows one by one from a damaged file; `complete` says whether the scan reached the end."""

    def __init__(self, conn: sqlite3.Connection, sql: str) -> None:
        self.complete = False
        try:
            self._cursor: sqlite3.Cursor | None = conn.execute(sql)
        except sqlite3.DatabaseError:
            self._cursor = None

    def __iter__(self) -> Iterator[tuple[Any, ...]]:
        if self._cursor is None:
            return
        while True:
            try:
                row = self._cursor.fetchone()
            except sqlite3.DatabaseError:
                return
            if row is None:
                self.complete = True
                return
            yield row


def _salvage_from(conn: sqlite3.Connection, result: _Salvage) -> None:
    games: dict[int, tuple[int, str, str, str | None, int | None]] = {}
    for row in _Reader(conn, "SELECT id, created, settings, finished, winner FROM games"):
        try:
            gid = int(row[0])
            settings_from_json(str(row[2]))
        except (CodecError, TypeError, ValueError):
            continue
        games[gid] = (gid, str(row[1]), str(row[2]), row[3], row[4])

    expected: dict[int, int] = {}
    kept: dict[int, list[tuple[int, int, int, str, str]]] = {}
    cut: set[int] = set()
    last_game: int | None = None
    reader = _Reader(conn, "SELECT game_id, seq, batch, event, time FROM events ORDER BY id")
    for game_id, seq, batch, text, time in reader:
        if not isinstance(game_id, int):  # a mangled row: the rows after it are suspect
            if last_game is not None:
                cut.add(last_game)
            continue
        if game_id in cut:
            continue
        last_game = game_id
        try:
            event = event_from_json(str(text))
        except (CodecError, TypeError, ValueError):
            cut.add(game_id)
            continue
        if seq != expected.get(game_id, 1) or not isinstance(batch, int) or (
                seq == 1 and not isinstance(event, ev.GameStarted)):
            cut.add(game_id)
            continue
        if seq == 1 and game_id not in games:
            assert isinstance(event, ev.GameStarted)
            games[game_id] = (game_id, str(time), settings_to_json(event.settings), None, None)
        expected[game_id] = seq + 1
        kept.setdefault(game_id, []).append((game_id, seq, batch, str(text), str(time)))
    if not reader.complete and last_game is not None:
        cut.add(last_game)  # rows are in write order: the unreadable one was this game's
    for game_id in cut:
        rows = kept.get(game_id, [])
        if rows and _batch_size(conn, game_id, rows[-1][2]) != sum(
                1 for r in rows if r[2] == rows[-1][2]):
            # Half a command replayed is a state the game never had: drop the whole batch.
            kept[game_id] = [r for r in rows if r[2] != rows[-1][2]]
    result.cut = {g for g in cut if g in games}

    newest = max(games, default=None)
    for gid, (_, created, settings, finished, winner) in sorted(games.items()):
        rows = kept.get(gid, [])
        won = [(r[3], r[4]) for r in rows if '"type":"GameWon"' in r[3]]
        if won:
            event = event_from_json(won[-1][0])
            assert isinstance(event, ev.GameWon)
            winner, finished = event.seat, finished or won[-1][1]
        elif winner is not None:  # its GameWon was lost
            # The newest game goes on from its last readable command (the table presses
            # "reached Nome" again); an older one stays over, now without a winner.
            winner = None
            finished = None if gid == newest else finished
        result.games.append((gid, created, settings, finished, winner))
        result.events.extend(rows)
    batches = {(r[0], r[2]) for r in result.events}
    for game_id, batch, time in _Reader(conn, "SELECT game_id, batch, time FROM undos"):
        if (game_id, batch) in batches:
            result.undos.append((game_id, batch, str(time)))


def _batch_size(conn: sqlite3.Connection, game_id: int, batch: int) -> int | None:
    """How many rows a batch had when written, if the damaged file can still count them."""
    try:
        row = conn.execute("SELECT COUNT(*) FROM events WHERE game_id = ? AND batch = ?",
                           (game_id, batch)).fetchone()
    except sqlite3.DatabaseError:
        return None
    return int(row[0]) if row is not None else None


def decode_lines(lines: Iterable[str]) -> list[ev.Event]:
    """Events from JSON Lines (an export), for tools and tests."""
    return [event_from_json(line) for line in lines if line.strip()]
