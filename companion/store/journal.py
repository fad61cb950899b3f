"""The journal: every public event of every game, in one SQLite file that survives a pulled plug.

Why it looks like this:

- The journal knows its game only through the kernel (`companion.core`): the game's
  codec writes and reads each event, its undo policy says what may be retracted, its
  invariants (`companion/store/check.py`) say whether a stored game can have happened.
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

The journal comes in three parts: this API (games, events, undo); durable storage on a
card that may refuse it (`companion/store/durable.py`: opening, the full or read-only
card, memory mode, flush, recovery); and forensic salvage of a damaged file
(`companion/store/salvage.py`). `docs/journal-format.md` describes the tables and the
event JSON for readers in any language.
"""

from __future__ import annotations

import contextlib
import json
import sqlite3
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any, TextIO

from companion.core.acts import Event
from companion.exc import (
    CodecError,
    GameClosedError,
    IncompatibleJournalError,
    JournalError,
    UndoRefusedError,
)
from companion.games import game as installed_game
from companion.store import export
from companion.store.card import write_trouble as write_trouble
from companion.store.check import check_batches
from companion.store.durable import DamagedRow, DurableFile
from companion.store.integrity import MIGRATIONS as MIGRATIONS
from companion.store.integrity import SCHEMA_VERSION as SCHEMA_VERSION
from companion.store.integrity import batch_break, newer_message, row_crc, sound
from companion.store.recovery import Recovery as Recovery
from companion.store.salvage import stored_text

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


def _stamp(moment: datetime) -> str:
    return moment.isoformat(timespec="milliseconds")


def settings_to_json(settings: Any) -> str:
    """Settings as the versioned JSON the `games.settings` column holds (the default
    game's codec; a `Journal` uses its own game's)."""
    return installed_game().codec.settings_to_json(settings)


def settings_from_json(text: str) -> Any:
    """Settings from `settings_to_json`'s output."""
    return installed_game().codec.settings_from_json(text)


class Journal(DurableFile):
    """The game journal in one SQLite file; the main loop owns it (one thread).

    Open it with `Journal(path)` (see `DurableFile` for `recover`, `clock` and `game`);
    if the file was damaged, `recovery` says what was saved. When the card is full or
    read-only, `degraded` says why and the game is kept in an in-memory copy, written
    back to the file at the first later write that succeeds.
    """

    _memo: tuple[sqlite3.Connection, tuple[int, int], list[Event], Any] | None = None
    """The last game checked (`_checked`): the connection and its count of changes then,
    its live events and their state."""

    def _check_current(self) -> None:
        """Replay the game in progress once, and read the newest game's row, so damage
        (salvaged) and a newer companion's game (refused) are found at start."""
        current = self._guarded(self.current_game)
        if current is not None:
            self.load(current.id)
        self._guarded(self.latest_game)

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

        game_id = self._write(body)
        self.pause_due = True  # a game begins: its start is in the main file at once
        return game_id

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
            raise DamagedRow(f"game {gid}'s row does not match its checksum")
        try:
            parsed = self.rules.codec.settings_from_json(stored_text(settings))
        except (CodecError, TypeError, ValueError) as exc:  # UnicodeDecodeError included
            self._refuse_if_newer(f"game {gid}", settings, crc is not None)
            raise DamagedRow(f"game {gid}'s settings do not decode: {exc}") from exc
        return GameRecord(int(gid), stored_text(created), parsed,
                          None if finished is None else stored_text(finished),
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
        self._wrote(public)  # a turn, a round or the game ended: a checkpoint is due

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
                raise DamagedRow(f"game {gid} event {seq} does not match its checksum")
            out.append(StoredEvent(gid, seq, batch, stored_text(time),
                                   self._decode(gid, seq, text, crc is not None),
                                   batch in retracted))
        return out

    def last_batch(self, game_id: int) -> list[Any]:
        """The events of the game's last command not taken back: what a table taking up
        the game may still offer to take back."""
        live = [r for r in self.records(game_id) if not r.retracted]
        if not live:
            return []
        last = live[-1].batch
        return [r.event for r in live if r.batch == last]

    def _undone(self, game_id: int) -> set[int]:
        """The batches a game's undo rows retract, each row checked against its checksum."""
        batches = set()
        for batch, time, crc in self._conn.execute(
                "SELECT batch, CAST(time AS BLOB), crc FROM undos NOT INDEXED "
                "WHERE game_id = ?", (game_id,)).fetchall():
            if not sound("undos", [game_id, batch, time], crc):
                raise DamagedRow(f"game {game_id}: an undo does not match its checksum")
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
        return list(self._guarded(lambda: self._checked(game_id))[0])

    def _checked(self, game_id: int) -> tuple[list[Event], Any]:
        """The game's live events and the state they fold to, each checked; read from the
        file once for as long as nothing is written (opening checks the game in progress,
        and the table's resume then replays it: the same work, done once)."""
        key = (game_id, self._conn.total_changes)
        memo = self._memo
        if memo is not None and memo[0] is self._conn and memo[1] == key:
            return memo[2], memo[3]
        records = self.records(game_id)
        for index, record in enumerate(records):
            if record.seq != index + 1:
                raise DamagedRow(f"game {game_id} event {index + 1} is missing")
        cut = batch_break([r.batch for r in records], [r.time for r in records])
        if cut is not None:
            raise DamagedRow(f"game {game_id} event {records[cut].seq}: batch "
                              f"{records[cut].batch} is out of sequence")
        batches: dict[int, list[Event]] = {}
        for record in records:
            batches.setdefault(record.batch, []).append(record.event)
        self._check_undos(game_id, batches)
        retracted = {r.batch for r in records if r.retracted}
        live = [events for batch, events in batches.items() if batch not in retracted]
        checked = check_batches(self.rules, live)
        if checked.refused is not None:
            raise DamagedRow(f"game {game_id}: {checked.refused}")
        events = [e for events in live for e in events]
        self._memo = (self._conn, key, events, checked.state)
        return events, checked.state

    def _check_undos(self, game_id: int, batches: dict[int, list[Event]]) -> None:
        """Every undo row names a command undo could have retracted."""
        for batch in self._undone(game_id):
            if batch not in batches or not self.rules.undo.undoable(batches[batch]):
                raise DamagedRow(f"game {game_id}: an undo names batch {batch}, which "
                                  "undo could not have retracted")

    def replay(self, game_id: int) -> Any:
        """The game's state now, rebuilt from its journal (I6): the state its checked
        events fold to."""
        return self._guarded(lambda: self._checked(game_id))[1]

    def settings(self, game_id: int) -> Any:
        """The settings a game was created with."""
        return self.game(game_id).settings

    def _decode(self, game_id: int, seq: int, text: bytes | str,
                checked: bool = False) -> Event:
        try:
            event: Event = self.rules.codec.event_from_json(stored_text(text))
            return event
        except (CodecError, TypeError, ValueError) as exc:  # UnicodeDecodeError included
            self._refuse_if_newer(f"game {game_id} event {seq}", text, checked)
            self._refuse_if_incompatible(game_id, seq, text, exc)
            raise DamagedRow(f"game {game_id} event {seq} does not decode: {exc}") from exc

    def _refuse_if_newer(self, where: str, text: bytes | str, checked: bool) -> None:
        """Raise `IncompatibleJournalError` for a row of a newer format, never damage.

        A row claims a newer format with a bigger `"v"`. That is believed when the row
        matches its checksum (it is exactly what its writer wrote), or when the file says
        another vocabulary wrote into it last; in a file only this vocabulary wrote, a
        `"v"` it never writes is a flipped bit.
        """
        try:
            data = json.loads(stored_text(text))
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
            data = json.loads(stored_text(text))
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
        return export.export_jsonl(self, game_id, out)

    def export_csv(self, game_id: int, out: TextIO) -> int:
        """Write the game's ledger (for MUSH each player's chips and covered dogs per
        round), computed by replaying."""
        return export.export_csv(self, game_id, out)


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
