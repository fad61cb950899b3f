"""Forensic salvage of a damaged journal: every row still readable, whole commands only.

Why it is its own part: salvage reads a file no program trusts any more, byte by byte,
and must never touch it. It knows nothing of the card (`companion/store/durable.py` moves
the damaged file aside and decides where the rebuilt game lives) nor of the journal's
API (`companion/store/journal.py`); it takes the damaged file's bytes and the game (its
codec, undo policy and invariants) and returns the rows worth keeping, which `fill`
writes into a fresh, empty journal.

Rows come from SQL over the main file, from every table-leaf page read raw
(`companion/store/pages.py`), from every checksum-valid WAL frame, and from event texts
carved out of the bytes where no page leads any more. Each row is held to its checksum
(`companion/store/integrity.py`, one flipped bit put right), each game to its longest
prefix of whole commands that decode and replay (`companion/store/check.py`).
"""

from __future__ import annotations

import contextlib
import sqlite3
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from companion.core.acts import Event
from companion.core.game import AnyGame
from companion.exc import CodecError
from companion.store.check import check_batches
from companion.store.integrity import Value as IntegrityValue
from companion.store.integrity import follows, repair, row_crc, sound
from companion.store.pages import (
    Value,
    carve,
    highest_key,
    index_keys,
    last_rowid,
    leaf_rows,
    main_pages,
    page_size_of,
    read_wal,
)


@dataclass
class Salvage:
    """The rows of a damaged journal worth keeping, and what was left behind."""

    games: list[tuple[int, str, str, str | None, int | None]]
    events: list[tuple[int, int, int, str, str, int | None]]
    undos: list[tuple[int, int, str, int | None]]
    cut: set[int]
    lost: int = 0  # rows seen in the damaged file that could not be kept
    notes: list[str] = field(default_factory=list)  # why each cut game stopped where it did
    repaired: int = 0  # rows with one flipped bit, put right by their checksum
    complete: bool = True  # no part of the file that could name an event is gone


# game_id, seq, batch, event, time, crc (None in a format-1 row)
_EventRow = tuple[int, int, int, bytes, bytes, int | None]
# id, created, settings, finished, winner, crc
_GameRow = tuple[int, bytes, bytes, bytes | None, int | None, int | None]
_UndoRow = tuple[int, int, bytes, int | None]  # game_id, batch, time, crc


def stored_text(value: object) -> str:
    """A stored text as str; bytes that are not UTF-8 raise UnicodeDecodeError (damage)."""
    if isinstance(value, bytes):
        return value.decode("utf-8")
    if isinstance(value, str):
        return value
    raise TypeError(f"expected text, found {type(value).__name__}")


def read_bytes(path: Path) -> bytes:
    """A file's bytes; b"" when it cannot be read (a missing `-wal` is an empty one)."""
    try:
        return path.read_bytes()
    except OSError:
        return b""


def salvage(damaged: Path, game: AnyGame) -> Salvage:
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
    main = read_bytes(damaged)
    wal_bytes = read_bytes(damaged.with_name(damaged.name + "-wal"))
    wal = read_wal(wal_bytes)
    page_size = page_size_of(main, wal.page_size or 4096)
    games: dict[int, _GameRow] = {}
    events: dict[int, _EventRow] = {}
    undos: dict[int, _UndoRow] = {}
    trusted: set[int] = set()  # rowids read where a command's rows are all present
    complete = _sql_rows(main, games, events, undos)
    if complete:
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
    keys = [k for number, page in main_pages(main, page_size)
            for k in index_keys(page, number, usable)]
    keys += [k for number, page, _ in wal.pages for k in index_keys(page, number, usable)]
    kept = _assemble(game, games, events, undos,
                     {(r[0], r[1]) for rowid, r in events.items() if rowid in trusted}, ends,
                     _named(keys, events, games, len(main) + len(wal_bytes)))
    kept.complete = complete and not wal.damaged and not wal.torn and \
        not _short(main, page_size)
    # Row ids of events are never reused or deleted: the highest one the table's pages
    # name is how many event rows the file held, whichever game they were of.
    kept.lost = max(kept.lost, highest_key(main, page_size, b"events") - len(kept.events))
    return kept


def _named(keys: list[list[Value]], events: dict[int, _EventRow], games: dict[int, _GameRow],
           size: int) -> dict[int, int]:
    """Each game's highest event number any surviving part of the file names: its rows,
    and the entries of the events' and undos' indexes (a command's number is never above
    its last event's). Index entries count only for games known otherwise, and only up
    to as many rows as the file's bytes could ever have held."""
    named: dict[int, int] = {}
    for g, q, *_ in events.values():
        named[g] = max(named.get(g, 0), q)
    known = set(named) | set(games)
    for key in keys:
        if len(key) == 3:
            game_id, number = key[0], key[1]
            if isinstance(game_id, int) and isinstance(number, int) and game_id in known \
                    and 0 < number <= size // 16:
                named[game_id] = max(named.get(game_id, 0), number)
    return named


def _short(main: bytes, page_size: int) -> bool:
    """Whether the main file ends before its own header says it does (cut off)."""
    if len(main) < 100 or len(main) % page_size:
        return True
    if main[92:96] != main[24:28]:  # the header's page count is not current: unknown
        return False
    return int.from_bytes(main[28:32], "big") * page_size > len(main)


def fill(conn: sqlite3.Connection, kept: Salvage) -> None:
    """Write a salvage into an empty journal of the current format, in one transaction."""
    conn.execute("BEGIN IMMEDIATE")
    try:
        # games rows are rebuilt by the salvage (a lost row from its GameStarted, an
        # ending from its GameWon): their checksums are made anew; event and undo
        # rows keep the ones they were written with (NULL in format-1 rows)
        conn.executemany(
            "INSERT INTO games (id, created, settings, finished, winner, crc) "
            "VALUES (?,?,?,?,?,?)",
            [(*g, row_crc("games", g)) for g in kept.games])
        conn.executemany(
            "INSERT INTO events (game_id, seq, batch, event, time, crc) "
            "VALUES (?,?,?,?,?,?)", kept.events)
        conn.executemany("INSERT INTO undos (game_id, batch, time, crc) VALUES (?,?,?,?)",
                         kept.undos)
        conn.execute("COMMIT")
    except BaseException:
        with contextlib.suppress(sqlite3.Error):
            conn.execute("ROLLBACK")
        raise



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


_Kept = tuple[int, int, int, str, str, int | None]  # game, seq, batch, event, time, crc
_Row = tuple[int, bytes, bytes, int | None, bool]  # batch, event, time, crc, crc failed


def _assemble(game: AnyGame, games: dict[int, _GameRow], events: dict[int, _EventRow],
              undos: dict[int, _UndoRow], trusted: set[tuple[int, int]],
              ends: set[tuple[int, int]] | None = None,
              named: dict[int, int] | None = None) -> Salvage:
    """Each game's longest prefix of whole commands that decode and replay."""
    checked = _checksums(games, events, undos)
    result = Salvage([], [], [], set(), repaired=checked.repaired)
    by_game: dict[int, dict[int, _Row]] = {}
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
            settings_text = stored_text(raw_settings)
            game.codec.settings_from_json(settings_text)
            settings_of[gid] = (stored_text(raw_created), settings_text,
                                None if raw_finished is None else stored_text(raw_finished),
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
        result.lost += max((named or {}).get(gid, 0), max(rows, default=0), len(kept)) \
            - len(kept)
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
                result.undos.append((game_id, batch, stored_text(time), crc))
    result.undos.sort()
    return result


@dataclass
class _Batch:
    """One command's rows as read, and its events."""

    number: int
    rows: list[_Kept] = field(default_factory=list)
    events: list[Event] = field(default_factory=list)

    @property
    def time(self) -> str:
        """The command's time (each of its rows is stamped with it)."""
        return self.rows[0][4]


def _read_batches(game: AnyGame, gid: int, rows: dict[int, _Row]
                  ) -> tuple[list[_Batch], int, str | None]:
    """One game's rows from its first, command by command, up to the first that does not
    follow, match its checksum or decode (the command it cuts is dropped whole): the
    commands read, the number of the row they stopped at, and why (None: none missing)."""
    batches: list[_Batch] = []
    seq = 1
    while seq in rows:
        batch, text, time, crc, bad = rows[seq]
        last = batches[-1].rows[-1] if batches else None
        if bad or not (follows(last[2], last[4].encode(), batch, time) if last
                       else batch == 1):
            # half a command is a state the game never had: drop the command being read,
            # and any before it stamped with its time (a row moved out of its command
            # takes its command's time along)
            while batches:
                dropped = batches.pop()
                if not batches or batches[-1].time != dropped.time:
                    break
            return batches, seq, (f"game {gid} event {seq} does not match its checksum"
                                  if bad else
                                  f"game {gid} event {seq}: batch {batch} is out of sequence")
        try:
            row = (gid, seq, batch, stored_text(text), stored_text(time), crc)
            event = game.codec.event_from_json(row[3])
        except (CodecError, TypeError, ValueError) as exc:
            if batches and batches[-1].number == batch:
                batches.pop()  # half a command is a state the game never had
            return batches, seq, f"game {gid} event {seq} does not decode ({exc})"
        if not batches or batches[-1].number != batch:
            batches.append(_Batch(batch))
        batches[-1].rows.append(row)
        batches[-1].events.append(event)
        seq += 1
    if rows and seq <= max(rows):  # the missing rows may have ended the last command
        return batches[:-1], seq, f"game {gid} event {seq} is missing"
    return batches, seq, None


def _keep(game: AnyGame, gid: int, rows: dict[int, _Row], retracted: set[tuple[int, int]],
          trusted: set[tuple[int, int]], ends: set[tuple[int, int]], bad_undos: list[bytes]
          ) -> tuple[list[_Kept], str | None]:
    """One game's rows to keep, and why the rest were dropped (None if nothing was).

    Where the rows simply end, the last command is kept only when its rows were read
    from a source that holds whole commands (an intact table, a sound WAL commit): a
    lost page may have held the rest of it.
    """
    batches, seq, note = _read_batches(game, gid, rows)
    if note is None and batches and (gid, batches[-1].rows[-1][1]) not in ends and \
            not all((gid, r[1]) in trusted for r in batches[-1].rows):
        note = f"game {gid} ends at event {seq - 1}, read from a damaged page"
        batches.pop()
    wrong = [b for b in batches
             if (gid, b.number) in retracted and not game.undo.undoable(b.events)]
    if bad_undos or wrong:
        # An undo row that cannot be read (or names a command undo cannot retract) hides
        # which command it took back: keep only what was played before it was made.
        before = min([*bad_undos, *(b.time.encode() for b in wrong)])
        batches = [b for b in batches if b.time.encode() < before][:-1]
        note = f"game {gid}: an undo could not be read; cut before it was made"
    live = [b for b in batches if (gid, b.number) not in retracted]
    checked = check_batches(game, [b.events for b in live])
    if checked.refused is not None:
        note = f"game {gid}: {checked.refused}"
        batches = [b for b in batches if b.number < live[checked.good].number]
    return [r for b in batches for r in b.rows], note
