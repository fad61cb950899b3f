"""Journals as other companions wrote them, and damage placed exactly, for the store tests.

`write_v1` writes a format-1 journal the way the companion did before rows carried
checksums (the same schema text, rows and numbering). `as_newer` turns a journal into
what a newer companion writes by the contract of docs/journal-format.md: its format in
the header and in `journal_format`, its own event vocabulary, rows of a newer envelope.
"""

from __future__ import annotations

import hashlib
import json
import sqlite3
from collections.abc import Sequence
from pathlib import Path

from companion.games.mush.codec import event_to_json
from companion.games.mush.events import Event
from companion.games.mush.settings import Settings
from companion.store.integrity import row_crc
from companion.store.journal import VOCABULARY_ID, settings_to_json

V1_SCHEMA = """
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


def digest(path: Path) -> str:
    """SHA-256 of a file and of its -wal, if any: "its bytes unchanged"."""
    h = hashlib.sha256(path.read_bytes())
    wal = path.with_name(path.name + "-wal")
    if wal.exists():
        h.update(b"--wal--" + wal.read_bytes())
    return h.hexdigest()


def write_v1(path: Path, games: Sequence[tuple[Settings, Sequence[Sequence[Event]], bool]],
             undo_last: bool = False) -> None:
    """A format-1 journal: each game's public events in batches, finished or not."""
    conn = sqlite3.connect(str(path), isolation_level=None)
    conn.execute("PRAGMA journal_mode=WAL")
    for statement in V1_SCHEMA.split(";"):
        if statement.strip():
            conn.execute(statement)
    conn.execute("PRAGMA user_version = 1")
    conn.execute(f"PRAGMA application_id = {VOCABULARY_ID}")
    for number, (settings, batches, finished) in enumerate(games, start=1):
        stamp = "2025-03-%02dT19:00:00.000+00:00" % number  # noqa: UP031
        conn.execute("UPDATE games SET finished = ? WHERE finished IS NULL", (stamp,))
        game_id = conn.execute("INSERT INTO games (created, settings) VALUES (?, ?)",
                               (stamp, settings_to_json(settings))).lastrowid
        seq = 0
        batch = 0
        for events in batches:
            public = [e for e in events if not type(e).private]
            if not public:
                continue
            batch += 1
            for event in public:
                seq += 1
                conn.execute("INSERT INTO events (game_id, seq, batch, event, time) "
                             "VALUES (?,?,?,?,?)", (game_id, seq, batch, event_to_json(event),
                                                    stamp))
        if finished:
            conn.execute("UPDATE games SET finished = ? WHERE id = ?", (stamp, game_id))
    conn.close()


def as_newer(path: Path, version: int = 3, *, header_only: bool = False,
             newer_game: Settings | None = None, finished: bool = False) -> None:
    """What a newer companion (format `version`) leaves: its format in the header and in
    `journal_format`, its own vocabulary, a column of its own, and (with `newer_game`)
    a game whose rows are in event format 2. `header_only` changes `user_version` alone,
    as a flipped bit would."""
    conn = sqlite3.connect(str(path), isolation_level=None)
    conn.execute(f"PRAGMA user_version = {version}")
    if not header_only:
        conn.execute("UPDATE journal_format SET format = ?", (version,))
        conn.execute(f"PRAGMA application_id = {VOCABULARY_ID ^ 0x5A5A5A}")
        conn.execute("ALTER TABLE games ADD COLUMN board_photo BLOB")
        if newer_game is not None:
            stamp = "2030-01-01T19:00:00.000+00:00"
            conn.execute("UPDATE games SET finished = ?, crc = NULL WHERE finished IS NULL",
                         (stamp,))
            text = json.dumps({"v": 2, "settings": {"names": list(newer_game.names),
                                                    "clock": "fast"}})
            ending = stamp if finished else None
            game_id = conn.execute("INSERT INTO games (created, settings, finished) "
                                   "VALUES (?, ?, ?)", (stamp, text, ending)).lastrowid
            conn.execute("UPDATE games SET crc = ? WHERE id = ?",
                         (row_crc("games", [game_id, stamp, text, ending, None]), game_id))
            for seq, event in enumerate(
                    [{"type": "GameStarted", "v": 2, "clock": "fast"},
                     {"type": "TrainingOrderDrawn", "v": 2, "seat": 0, "face": 1}], start=1):
                body = json.dumps(event, sort_keys=True, separators=(",", ":"))
                values = [game_id, seq, seq, body, stamp]
                conn.execute("INSERT INTO events (game_id, seq, batch, event, time, crc) "
                             "VALUES (?,?,?,?,?,?)", (*values, row_crc("events", values)))
    conn.close()


def reseal(path: Path) -> int:
    """Give every event row the checksum of what it holds now (damage made before the
    checksum was taken, as a bug would write it); returns how many changed."""
    conn = sqlite3.connect(str(path), isolation_level=None)
    changed = 0
    for rowid, g, q, b, e, t, crc in conn.execute(
            "SELECT id, game_id, seq, batch, CAST(event AS BLOB), CAST(time AS BLOB), crc "
            "FROM events").fetchall():
        fresh = row_crc("events", [g, q, b, e, t])
        if fresh != crc:
            conn.execute("UPDATE events SET crc = ? WHERE id = ?", (fresh, rowid))
            changed += 1
    conn.close()
    return changed


def strip_checksums(path: Path) -> None:
    """Every row's checksum emptied: a format-2 file read as format-1 rows would be."""
    conn = sqlite3.connect(str(path), isolation_level=None)
    for table in ("games", "events", "undos"):
        conn.execute(f"UPDATE {table} SET crc = NULL")
    conn.close()


def value_offset(path: Path, needle: bytes, occurrence: int = -1) -> int:
    """Byte offset of `needle` in the main file (the last one by default)."""
    data = path.read_bytes()
    spots = []
    start = 0
    while (found := data.find(needle, start)) >= 0:
        spots.append(found)
        start = found + 1
    assert spots, f"{needle!r} not in {path}"
    return spots[occurrence]


def flip(path: Path, offset: int, bit: int) -> None:
    """Flip one bit of the main file, in place."""
    data = bytearray(path.read_bytes())
    data[offset] ^= 1 << bit
    path.write_bytes(bytes(data))
