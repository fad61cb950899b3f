"""What SQLite itself cannot see in a journal, and how the journal sees it instead.

SQLite's `quick_check` proves the file's b-trees are whole: every page reachable, every
cell where it belongs. It cannot know what a row ought to say. One flipped bit inside a
row's values (an event's text, its `batch` number, a game's `winner`) or in the header's
`user_version` leaves a file SQLite calls healthy, and it then replays a game that never
happened: half a command, a command's events in another order, a die that showed 7, or a
healthy file refused as "newer" for ever. Format 2 of the journal adds, and this module
checks:

- **a CRC-32 per row** (`crc` in `games`, `events` and `undos`, `row_crc`): a row that does
  not match its checksum is damage, wherever the bit fell. One flipped bit, or one
  overwritten byte, is even put right (`repair`): CRC-32 tells every such error in a row
  this short from every other, so the one candidate that matches is the row as it was
  written. The salvage also reads rows no page leads to any more by the same test;
- **the format written twice**: the header's `user_version` and the `journal_format`
  table must agree (`verdict`). A newer companion writes both; a flipped bit changes one,
  so a number no companion wrote is damage (salvaged), never "update the companion";
- **commands whole and in order** (`batch_break`): along `seq`, a game's batches go
  1, 2, 3 … with each command's rows together and stamped with one time; a number out
  of sequence cuts the game there, dropping the command it interrupts (and, by their
  shared time, the rows of that command already read);
- what a row says must be possible (`companion/store/check.py`, by the game's own
  refusal and invariants): dice faces and counts in range, and every event replays.

Rows written before format 2 have no checksum (`crc` is NULL) and keep the other checks.
The tables themselves, and the upgrade from each older format (`migrate`), are here too:
what a file's format number means and what a file of that number holds are one question.
The whole format is described in docs/journal-format.md.
"""

from __future__ import annotations

import contextlib
import functools
import re
import sqlite3
import zlib
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from enum import Enum
from pathlib import Path
from typing import Any

Value = int | str | bytes | None

SCHEMA_VERSION = 2
"""The journal format this program writes: `PRAGMA user_version` and `journal_format`."""

LEGACY_VERSION = 1
"""The format before checksums: no `crc` columns, no `journal_format` table."""

MAX_PLAUSIBLE_VERSION = 1000
"""No companion will ever write a format above this; a bigger number is a flipped bit."""

TABLES = frozenset({"games", "events", "undos"})
"""The tables every journal format has held."""


# --- checksums ----------------------------------------------------------------------


def _field(value: Value) -> bytes:
    if value is None:
        return b""
    if isinstance(value, bytes):
        return value
    if isinstance(value, str):
        return value.encode("utf-8", "surrogatepass")
    return str(int(value)).encode("ascii")


def row_crc(table: str, values: Sequence[Value]) -> int:
    """CRC-32 (zlib's, as Python's `zlib.crc32`) of the table's name and the row's values.

    The bytes hashed are the table name and each value, joined by a newline: an integer
    in decimal, a text as its UTF-8 bytes, NULL as nothing. No stored value can hold a
    raw newline (event and settings JSON escape it), so the joining is unambiguous.
    The values, in order: `games` id, created, settings, finished, winner; `events`
    game_id, seq, batch, event, time; `undos` game_id, batch, time.
    """
    return zlib.crc32(b"\n".join([table.encode("ascii"), *map(_field, values)]))


def sound(table: str, values: Sequence[Value], crc: int | None) -> bool:
    """Whether a row matches its checksum (a row without one, from format 1, passes)."""
    return crc is None or row_crc(table, values) == crc


def repair(table: str, values: Sequence[Value], crc: int, *, bytes_too: bool = True
           ) -> list[Value] | None:
    """The row as it was written, when one bit of it has flipped, or one byte of one of
    its values was overwritten; else None.

    Tries every single-bit change of every value (integers in each width SQLite may
    keep them in, texts byte by byte) and of the checksum itself, then every value of
    every single byte. CRC-32 gives every error that fits in 32 bits (a bit, a byte) of
    a row this short its own remainder, so the first candidate that matches is the row
    as written (two far-apart bytes could share one by a chance of 1 in 2**32; the
    journal then still decodes and replays what it puts back).
    """
    row = list(values)
    if row_crc(table, row) == crc or row_crc(table, row) in _flips(crc):
        return row  # as written, or the checksum itself was hit
    for changes in (_flips, _bytes) if bytes_too else (_flips,):
        for index, value in enumerate(row):
            for candidate in changes(value):
                trial = [*row[:index], candidate, *row[index + 1:]]
                if row_crc(table, trial) == crc:
                    return trial
    return None


def _bytes(value: Value) -> Iterator[Value]:
    """Every value with one byte replaced by any other (a byte the card overwrote)."""
    if isinstance(value, bool) or value is None:
        return
    if isinstance(value, int):
        for width in (8, 16, 24, 32, 48, 64):
            if not -(1 << (width - 1)) <= value < 1 << (width - 1):
                continue
            mask = (1 << width) - 1
            for shift in range(0, width, 8):
                for other in range(256):
                    replaced = (value & mask & ~(0xFF << shift)) | (other << shift)
                    yield replaced - (1 << width) if replaced >> (width - 1) else replaced
        return
    data = value.encode("utf-8", "surrogatepass") if isinstance(value, str) else value
    for at, byte in enumerate(data):
        for other in range(256):
            if other != byte:
                yield data[:at] + bytes([other]) + data[at + 1:]


def _flips(value: Value) -> list[Value]:
    if isinstance(value, bool) or value is None:
        return []
    if isinstance(value, int):
        # SQLite keeps an integer in 1, 2, 3, 4, 6 or 8 bytes, two's complement: a bit
        # flipped in the top byte of a short one also changes its sign
        out: set[int] = set()
        for width in (8, 16, 24, 32, 48, 64):
            if not -(1 << (width - 1)) <= value < 1 << (width - 1):
                continue
            mask = (1 << width) - 1
            for bit in range(width):
                flipped = (value & mask) ^ (1 << bit)
                out.add(flipped - (1 << width) if flipped >> (width - 1) else flipped)
        return [*sorted(out)]
    data = value.encode("utf-8", "surrogatepass") if isinstance(value, str) else value
    texts: list[Value] = []
    for at, byte in enumerate(data):
        for bit in range(8):
            texts.append(data[:at] + bytes([byte ^ (1 << bit)]) + data[at + 1:])
    return texts


# --- commands whole and in order ----------------------------------------------------


def batch_break(batches: Sequence[int], times: Sequence[str | bytes] | None = None
                ) -> int | None:
    """Index of the first row whose batch is out of sequence, or None when all are in it.

    `batches` is a game's `batch` column in `seq` order, `times` its `time` column. Every
    `append` takes the next number (undo retracts a batch but never reuses its number)
    and stamps all its rows with one time, so the first row is batch 1, each row's batch
    equals the one before or is one more, and rows of one batch share their time. The
    time is what shows a row whose batch moved into the command next to it (without a
    checksum nothing else does): it keeps the time of the command it was written with.
    """
    for index, batch in enumerate(batches):
        if index == 0:
            if batch != 1:
                return 0
        elif not follows(batches[index - 1], None if times is None else times[index - 1],
                         batch, None if times is None else times[index]):
            return index
    return None


def follows(before: int, before_time: str | bytes | None, batch: int,
            time: str | bytes | None) -> bool:
    """Whether a row of `batch` may come right after a row of `before` (see `batch_break`)."""
    if batch == before:
        return before_time is None or time is None or before_time == time
    return batch == before + 1


# --- which file is this? ------------------------------------------------------------


class Kind(Enum):
    """What opening a file found it to be."""

    FRESH = "fresh"  # nothing yet (no file, an empty file, a database without tables)
    OURS = "ours"  # a journal of this format or an older one this program upgrades
    NEWER = "newer"  # a journal a newer companion wrote: refused, never touched
    DAMAGED = "damaged"  # recognisably a journal, but its header or schema is broken
    FOREIGN = "foreign"  # not a journal: never renamed, never written


@dataclass(frozen=True)
class Verdict:
    """What a file is, its format number, and why (for the message)."""

    kind: Kind
    version: int = 0
    reason: str = ""
    what: str = "format"  # which number `version` is: the journal's or the events' format


def verdict(version: int, tables: set[str], recorded: int | None) -> Verdict:
    """What a database is, from its header's `user_version`, its tables and the format
    its `journal_format` table records (None when it has none).

    A newer companion writes its format in both places, so only agreement makes a newer
    file; a number in one place alone is a flipped bit (damage), and a plausible-looking
    one is no exception.
    """
    if not tables:
        if version == 0 and recorded is None:
            return Verdict(Kind.FRESH)
        return Verdict(Kind.DAMAGED, version, f"format {version} in the header but no tables")
    if not tables >= TABLES:
        missing = ", ".join(sorted(TABLES - tables))
        return Verdict(Kind.FOREIGN, version,
                       f"an SQLite database without the journal's tables ({missing} missing)")
    if version == LEGACY_VERSION and recorded is None and "journal_format" not in tables:
        return Verdict(Kind.OURS, version)
    if version == recorded == SCHEMA_VERSION:
        return Verdict(Kind.OURS, version)
    if recorded is not None and version == recorded and \
            SCHEMA_VERSION < version <= MAX_PLAUSIBLE_VERSION:
        return Verdict(Kind.NEWER, version)
    found = "no journal_format" if recorded is None else f"journal_format {recorded}"
    return Verdict(Kind.DAMAGED, version,
                   f"the header's format number {version} does not match the file "
                   f"({found}): a flipped bit, not a format any companion wrote")


_SCHEMA_MARKS = (b"CREATE TABLE games (", b"CREATE TABLE events (", b"CREATE TABLE undos (")
_ENVELOPE = re.compile(rb'"type":"[A-Z][A-Za-z]{2,40}","v":[0-9]{1,4}\}')


def recognisable(*blobs: bytes) -> bool:
    """Whether bytes (a file and its -wal) are recognisably this companion's journal: the
    journal's own table definitions, or an event envelope (`"type":"…","v":N}`).

    Only such a file may be set aside as damaged; anything else at the journal's path
    (a config file named by mistake, another program's database) is left exactly as it is.
    """
    for blob in blobs:
        if all(mark in blob for mark in _SCHEMA_MARKS) or _ENVELOPE.search(blob):
            return True
    return False


# --- the file's tables, and their upgrades ------------------------------------------

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

_SCHEMA_V1 = """
CREATE TABLE games (
    id        INTEGER PRIMARY KEY,
    created   TEXT    NOT NULL,
    settings  TEXT    NOT NULL,
    finished  TEXT,
    winner    INTEGER
);
CREATE TABLE events (
    id        INTEGER PRIMARY KEY,
    game_id   INTEGER NOT NULL REFERENCES games(id),
    seq       INTEGER NOT NULL,
    batch     INTEGER NOT NULL,
    event     TEXT    NOT NULL,
    time      TEXT    NOT NULL,
    UNIQUE (game_id, seq)
);
CREATE TABLE undos (
    id        INTEGER PRIMARY KEY,
    game_id   INTEGER NOT NULL REFERENCES games(id),
    batch     INTEGER NOT NULL,
    time      TEXT    NOT NULL,
    UNIQUE (game_id, batch)
);
"""
"""The tables format 1 created (kept to know a format-1 file's schema exactly)."""

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


def migrate(conn: sqlite3.Connection) -> None:
    """Bring a journal (empty, or of an older format) to this format, in one transaction."""
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


# --- exactly our schema ----------------------------------------------------------------

SchemaRow = tuple[str, str, str, str | None]
"""One object of `sqlite_master`: type, name, table, and its SQL with spaces collapsed."""


def schema_of(conn: sqlite3.Connection) -> frozenset[SchemaRow]:
    """Every object a database defines (tables, indexes, triggers, views), its SQL with
    runs of white space made one space."""
    return frozenset(
        (str(kind), str(name), str(table), None if sql is None else " ".join(str(sql).split()))
        for kind, name, table, sql in conn.execute(
            "SELECT type, name, tbl_name, sql FROM sqlite_master"))


def _built(statements: str, upgrade: bool) -> frozenset[SchemaRow]:
    conn = sqlite3.connect(":memory:", isolation_level=None)
    try:
        for statement in statements.split(";"):
            if statement.strip():
                conn.execute(statement)
        if statements:
            conn.execute(f"PRAGMA user_version = {LEGACY_VERSION}")
        if upgrade:
            migrate(conn)
        return schema_of(conn)
    finally:
        conn.close()


@functools.cache
def schemas() -> dict[int, tuple[frozenset[SchemaRow], ...]]:
    """The schemas this program creates, by format: a fresh journal, and a journal of
    every older format it upgrades (an upgrade adds columns to the tables' SQL)."""
    return {LEGACY_VERSION: (_built(_SCHEMA_V1, upgrade=False),),
            SCHEMA_VERSION: (_built("", upgrade=True), _built(_SCHEMA_V1, upgrade=True))}


def schema_problem(conn: sqlite3.Connection) -> str | None:
    """Why a database's schema is not exactly one this program writes, or None.

    A file that passes SQLite's own check and replays can still carry an object no
    companion made: a trigger that deletes the game at the next insert, a view, another
    table or index. Such a file is refused whole (a restore never takes it), compared
    object by object with what this program creates for the file's format.
    """
    version = int(conn.execute("PRAGMA user_version").fetchone()[0])
    wanted = schemas().get(version)
    if wanted is None:
        return f"format {version} is not one this companion writes"
    found = schema_of(conn)
    if found in wanted:
        return None
    known = {(kind, name) for schema in wanted for kind, name, _, _ in schema}
    extra = sorted(f"{kind} {name}" for kind, name, _, _ in found if (kind, name) not in known)
    if extra:
        return f"it holds {', '.join(extra[:4])}{' …' if len(extra) > 4 else ''}, which no " \
               "companion writes"
    ours = min(wanted, key=lambda schema: len(schema ^ found))
    changed = sorted({f"{kind} {name}" for kind, name, _, _ in ours ^ found})
    return f"its {', '.join(changed[:4])} differ from the journal format {version} it claims"


def inspect(conn: sqlite3.Connection) -> Verdict:
    """What a database holds: its header's format, its tables, its own format record."""
    version = int(conn.execute("PRAGMA user_version").fetchone()[0])
    tables = {str(r[0]) for r in conn.execute(
        "SELECT name FROM sqlite_master WHERE type = 'table'")}
    recorded: int | None = None
    if "journal_format" in tables:
        rows = conn.execute("SELECT format FROM journal_format").fetchall()
        recorded = rows[0][0] if len(rows) == 1 and isinstance(rows[0][0], int) else -1
    return verdict(version, tables, recorded)


def quick_check_summary(rows: list[tuple[Any, ...]]) -> str:
    """quick_check's findings as one line: how many, and the first one."""
    lines = [line for r in rows for line in str(r[0]).splitlines()
             if line.strip() and not line.startswith("***")]
    if not lines:
        return "quick_check failed"
    return f"quick_check found {len(lines)} problem(s), first: {lines[0]}"


def newer_message(path: Path, what: str, version: int, ours: int, where: str = "") -> str:
    """The words for a journal a newer companion wrote, the same everywhere."""
    found = f"{what} {version}" + (f", in {where}" if where else "")
    return (f"{path}: this card was written by a newer companion ({found}); "
            f"update, or start a new card (this companion reads {what} {ours} and older; "
            "the file is left exactly as it is)")


__all__ = ["LEGACY_VERSION", "MAX_PLAUSIBLE_VERSION", "MIGRATIONS", "SCHEMA_VERSION", "TABLES",
           "Kind", "Migration", "SchemaRow", "Value", "Verdict", "batch_break", "follows",
           "inspect", "migrate", "newer_message", "quick_check_summary", "recognisable", "repair",
           "row_crc", "schema_of", "schema_problem", "schemas", "sound", "verdict"]
