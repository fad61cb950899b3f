"""What SQLite cannot see: one flipped bit in a row's values or in the header's format.

Each test flips real bits in a real journal file (a byte of the `batch` column, a bit of
`user_version`, a die's face) and opens it as the companion does: a format-2 row is put
right by its checksum (nothing lost); a format-1 row (no checksum) is cut where its
command stops being whole, never resumed as half a command or in another order; a
header that no companion wrote is damage, salvaged whole, never "update the companion".
"""

from __future__ import annotations

import itertools
import re
import shutil
import sqlite3
import zlib
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from companion.games.mush import MUSH, replay
from companion.games.mush import events as ev
from companion.store import IncompatibleJournalError, Journal
from companion.store.check import check_batches
from companion.store.integrity import (
    Kind,
    batch_break,
    recognisable,
    repair,
    row_crc,
    verdict,
)
from companion.store.pages import record_at
from store.forge import flip, reseal, write_v1
from store.helpers import Recorded, record_game
from store.test_recovery import assert_at_a_command_boundary, damaged_copies

STEPS = 140  # a game well into its rounds: every kind of command, several undoable


@pytest.fixture(scope="module")
def game() -> Recorded:
    return record_game(5)


def ticking() -> Callable[[], datetime]:
    """A clock one second on per call: every command's rows get their own `time`, so a
    row's bytes (event text and time) can be found in the file exactly once."""
    tick = itertools.count()
    return lambda: datetime(2025, 3, 1, tzinfo=UTC) + timedelta(seconds=next(tick))


def written(path: Path, game: Recorded, steps: int = STEPS) -> int:
    with Journal(path, clock=ticking()) as journal:
        game_id = journal.new_game(game.settings)
        for step in game.steps[:steps]:
            journal.append(game_id, step.events)
    return game_id


def row_at(path: Path, game_id: int, seq: int) -> tuple[int, int]:
    """(offset of the row's event text in the main file, its batch)."""
    conn = sqlite3.connect(str(path))
    text, time, batch = conn.execute("SELECT event, time, batch FROM events WHERE game_id = ? "
                                     "AND seq = ?", (game_id, seq)).fetchone()
    conn.close()
    data = path.read_bytes()
    needle = (text + time).encode()
    assert data.count(needle) == 1
    return data.find(needle), batch


def commands(path: Path, game_id: int) -> list[tuple[int, int]]:
    """(seq, batch) of every row, in seq order."""
    conn = sqlite3.connect(str(path))
    rows = conn.execute("SELECT seq, batch FROM events WHERE game_id = ? ORDER BY seq",
                        (game_id,)).fetchall()
    conn.close()
    return rows


def public(game: Recorded, steps: int = STEPS) -> list[ev.Event]:
    return [e for s in game.steps[:steps] for e in s.events if not type(e).private]


# --- the checks on their own -----------------------------------------------------------


def test_one_flipped_bit_anywhere_in_a_row_is_put_right() -> None:
    row = [3, 517, 244, '{"seat":2,"type":"TurnEnded","v":1}', "2025-03-01T19:02:11.345+00:00"]
    crc = row_crc("events", row)
    assert repair("events", row, crc) == row
    flips = 0
    for index, value in enumerate(row):
        data = value.encode() if isinstance(value, str) else None
        bits = range(len(data) * 8) if data is not None else range(16)
        for bit in bits:
            if data is not None:
                damaged = bytearray(data)
                damaged[bit // 8] ^= 1 << (bit % 8)
                wrong: list[int | str | bytes | None] = [*row]
                wrong[index] = bytes(damaged)
                expected = [*row]
                expected[index] = data
            else:
                assert isinstance(value, int)
                wrong = [*row]
                wrong[index] = value ^ (1 << bit)
                expected = [*row]
            fixed = repair("events", wrong, crc)
            assert fixed is not None and row_crc("events", fixed) == crc
            assert [v.encode() if isinstance(v, str) else v for v in fixed] == \
                [v.encode() if isinstance(v, str) else v for v in expected]
            flips += 1
    assert flips > 500
    assert repair("events", row, crc ^ (1 << 7)) == row, "the checksum itself was hit"


def test_a_short_integer_whose_sign_bit_flipped_is_put_right() -> None:
    """SQLite keeps 100 in one byte: its top bit flipped reads as -28."""
    row = [1, 100, 100, "{}", "t"]
    crc = row_crc("events", row)
    assert repair("events", [1, 100, 100 - 128, "{}", "t"], crc) == row


def test_an_overwritten_byte_is_put_back_and_two_are_not_guessed_at() -> None:
    row = [1, 5, 3, '{"seat":1,"type":"Passed","v":1}', "2025-03-01T19:00:00.000+00:00"]
    crc = row_crc("events", row)
    assert repair("events", [1, 5, 3 ^ 0b101, *row[3:]], crc) == row
    one = [*row[:3], b'{"seat":1,"type":"Pa\xffsed","v":1}', row[4]]
    assert repair("events", one, crc) == [*row[:3], b'{"seat":1,"type":"Passed","v":1}', row[4]]
    two = [*row[:3], b'{"seat":1,"type":"Pa\xffsed","v":9}', row[4]]
    assert repair("events", two, crc) is None
    assert repair("events", one, crc, bytes_too=False) is None


def test_the_checksum_is_crc32_of_the_documented_bytes() -> None:
    """docs/journal-format.md: table name and values joined by newlines, NULL as nothing."""
    assert row_crc("games", [1, "c", "s", None, 2]) == zlib.crc32(b"games\n1\nc\ns\n\n2")
    assert row_crc("undos", [4, 12, "t"]) == zlib.crc32(b"undos\n4\n12\nt")


def test_batches_must_run_one_two_three() -> None:
    assert batch_break([1, 1, 2, 3, 3, 3, 4]) is None
    assert batch_break([1, 1, 3]) == 2
    assert batch_break([1, 2, 2, 1]) == 3
    assert batch_break([2, 2]) == 0
    assert batch_break([]) is None


def test_only_an_agreeing_format_is_newer() -> None:
    tables = {"games", "events", "undos", "journal_format"}
    assert verdict(2, tables, 2).kind is Kind.OURS
    assert verdict(3, tables, 3).kind is Kind.NEWER
    assert verdict(1, {"games", "events", "undos"}, None).kind is Kind.OURS
    for flipped in (3, 0, 6, 10, 18, 1026, -2147483646):
        assert verdict(flipped, tables, 2).kind is Kind.DAMAGED, flipped
    assert verdict(1025, {"games", "events", "undos"}, None).kind is Kind.DAMAGED
    assert verdict(0, {"games", "events", "undos"}, None).kind is Kind.DAMAGED
    assert verdict(5000, tables, 5000).kind is Kind.DAMAGED, "no companion writes 5000"
    assert verdict(0, set(), None).kind is Kind.FRESH
    assert verdict(0, {"notes"}, None).kind is Kind.FOREIGN


def test_impossible_wooden_dice_are_refused(game: Recorded) -> None:
    """Face 7 and -3 dogs decode and used to replay; the check now refuses them."""
    batches = [[e for e in s.events if not type(e).private] for s in game.steps]
    batches = [b for b in batches if b]
    assert check_batches(MUSH, batches).refused is None
    at = next(i for i, b in enumerate(batches) if any(isinstance(e, ev.DogDiceRolled)
                                                      for e in b))
    for change, words in (
            (lambda e: ev.DogDiceRolled(e.seat, e.colour, e.faces, -3, e.reroll), "dogs -3"),
            (lambda e: ev.DogDiceRolled(e.seat, e.colour, (7, *e.faces[1:]), e.dogs,
                                        e.reroll), "face 7"),
            (lambda e: ev.DogDiceRolled(e.seat, e.colour, (*e.faces, 1), e.dogs + 1,
                                        e.reroll), "rolled")):
        forged = [[change(e) if isinstance(e, ev.DogDiceRolled) else e for e in b]
                  if i == at else b for i, b in enumerate(batches)]
        checked = check_batches(MUSH, forged)
        assert checked.good == at and checked.refused is not None, words
        assert words in checked.refused
    weather = next(i for i, b in enumerate(batches)
                   if any(isinstance(e, ev.WeatherRolled) for e in b))
    seven = [[ev.WeatherRolled(e.seat, e.zone, 7, e.weather, e.reroll)
              if isinstance(e, ev.WeatherRolled) else e for e in b]
             if i == weather else b for i, b in enumerate(batches)]
    assert "face 7" in (check_batches(MUSH, seven).refused or "")


def test_a_journal_is_recognised_by_its_schema_or_its_events() -> None:
    assert recognisable(b'xx{"seat":1,"type":"TurnEnded","v":1}yy')
    assert not recognisable(b'[store]\npath = "/var/lib/journal.sqlite3"\n', b"")
    assert not recognisable(b"SQLite format 3\x00 CREATE TABLE notes (id)")


# --- real files ------------------------------------------------------------------------


@pytest.mark.slow
def test_a_flipped_batch_bit_is_put_right_and_nothing_is_lost(
        tmp_path: Path, game: Recorded) -> None:
    path = tmp_path / "journal.sqlite3"
    game_id = written(path, game)
    rows = commands(path, game_id)
    # a row in the middle of a command of several rows (not its first)
    seq = next(q for (q, b), (_, before) in zip(rows[1:], rows, strict=False)
               if b == before and q > 200)
    offset, _ = row_at(path, game_id, seq)
    flip(path, offset - 1, 1)  # the low byte of the batch number, just before the text
    conn = sqlite3.connect(str(path))
    assert conn.execute("PRAGMA quick_check").fetchall() == [("ok",)], "SQLite sees nothing"
    conn.close()
    with Journal(path) as reopened:
        assert reopened.load(game_id) == public(game)
        assert reopened.recovery is not None
        assert reopened.recovery.repaired == 1 and reopened.recovery.lost == 0
    assert len(damaged_copies(tmp_path)) == 1
    assert commands(path, game_id) == rows, "every batch number as it was written"


@pytest.mark.slow
@pytest.mark.parametrize(("where", "bit"), [("middle", 0), ("middle", 1), ("last", 0),
                                            ("first", 1)])
def test_a_format_1_batch_flip_cuts_whole_commands_never_half_or_reordered(
        tmp_path: Path, game: Recorded, where: str, bit: int) -> None:
    """No checksum to put it right: the game is cut where the sequence breaks.

    A row in the middle of a command moved one command on (half a command once resumed)
    or two on (the old reader grouped rows by batch, and so reordered them); the last
    row of a command moved into the next (its numbers stay in sequence: only the time it
    carries shows it); the first row of a command moved two on.
    """
    path = tmp_path / "journal.sqlite3"
    write_v1(path, [(game.settings, [s.events for s in game.steps[:STEPS]], False)])
    conn = sqlite3.connect(str(path), isolation_level=None)
    conn.execute("UPDATE events SET time = printf('2025-03-01T19:%02d:%02d.000+00:00', "
                 "batch / 60, batch % 60)")  # every command its own time, as written live
    conn.close()
    rows = commands(path, 1)
    batch_of = dict(rows)
    seq = next(q for q, b in rows if q > 200 and b % 4 == 0 and {
        "middle": batch_of.get(q - 1) == b == batch_of.get(q + 1),
        "last": batch_of.get(q - 1) == b and batch_of.get(q + 1) == b + 1,
        "first": batch_of.get(q - 1) == b - 1 and batch_of.get(q + 1) == b}[where])
    offset, batch = row_at(path, 1, seq)
    flip(path, offset - 1, bit)
    with Journal(path) as reopened:
        assert reopened.recovery is not None and reopened.recovery.cut == (1,)
        assert "out of sequence" in reopened.recovery.reason
        last = assert_at_a_command_boundary(game, reopened, 1)
        kept = reopened.load(1)
        assert kept == public(game)[: len(kept)]
        limit = batch - 1 if where == "first" else batch
        assert max(r[1] for r in commands(path, 1)) < limit, "cut before the broken command"
        assert last < STEPS


@pytest.mark.slow
def test_every_bit_of_the_header_format_is_damage_salvaged_whole(
        tmp_path: Path, game: Recorded) -> None:
    """All 32 bits of `user_version`: never "newer", never an event lost."""
    source = tmp_path / "source.sqlite3"
    game_id = written(source, game, steps=40)
    expected = public(game, 40)
    outcomes: dict[str, int] = {}
    for bit in range(32):
        folder = tmp_path / f"bit{bit}"
        folder.mkdir()
        path = folder / "journal.sqlite3"
        shutil.copyfile(source, path)
        flip(path, 60 + 3 - bit // 8, bit % 8)
        try:
            with Journal(path) as reopened:
                assert reopened.load(game_id) == expected, bit
                outcomes["salvaged" if reopened.recovery else "opened"] = \
                    outcomes.get("salvaged" if reopened.recovery else "opened", 0) + 1
        except IncompatibleJournalError:
            pytest.fail(f"bit {bit} of user_version taken for a newer companion")
    assert outcomes == {"salvaged": 32}


@pytest.mark.slow
def test_a_die_that_showed_7_in_the_file_is_cut_there(tmp_path: Path, game: Recorded) -> None:
    """A wooden-dice entry that cannot be (face 7), written with a sound checksum."""
    path = tmp_path / "journal.sqlite3"
    game_id = written(path, game)
    data = path.read_bytes()
    found = re.search(rb'\{"face":\d,"reroll":false,"seat":\d,"type":"WeatherRolled"[^}]*\}',
                      data)
    assert found is not None
    needle = found.group(0)
    path.write_bytes(data.replace(needle, b'{"face":7' + needle[len(b'{"face":3'):], 1))
    assert reseal(path) == 1
    with Journal(path) as reopened:
        reopened.load(game_id)
        assert reopened.recovery is not None and "face 7" in " ".join(
            [reopened.recovery.reason])
        assert_at_a_command_boundary(game, reopened, game_id)
        replay(reopened.load(game_id))


@pytest.mark.slow
def test_a_flipped_undo_row_is_put_right(tmp_path: Path) -> None:
    game = record_game(21, players=3)
    path = tmp_path / "journal.sqlite3"
    with Journal(path, clock=ticking()) as journal:
        game_id = journal.new_game(game.settings)
        for step in game.steps:
            journal.append(game_id, step.events)
            if step.state.round >= 2 and journal.undoable(game_id):
                break
        journal.undo(game_id)
        after = journal.replay(game_id)
        batch = journal._conn.execute("SELECT batch FROM undos").fetchone()[0]
    data = path.read_bytes()
    conn = sqlite3.connect(str(path))
    time = conn.execute("SELECT time FROM undos").fetchone()[0]
    conn.close()
    where = data.rfind(time.encode())
    assert data[where - 1] == batch & 0xFF
    flip(path, where - 1, 0)
    with Journal(path) as reopened:
        assert reopened.replay(game_id) == after
        assert reopened.recovery is not None and reopened.recovery.repaired == 1


@pytest.mark.slow
@pytest.mark.parametrize("where", ["text length", "rowid column type", "header length",
                                   "checksum sign", "cell pointer"])
def test_a_bit_flipped_in_a_rows_structure_loses_no_event(
        tmp_path: Path, game: Recorded, where: str) -> None:
    """Bits SQLite's structure holds rather than a value: a record header (a text one
    character short shifts every value after it), the checksum's own top bit, a leaf
    page's pointer to the row. The bytes of the row are all still there, so the salvage
    finds them by the event text and keeps the reading that matches its checksum."""
    path = tmp_path / "journal.sqlite3"
    game_id = written(path, game)
    data = path.read_bytes()
    offset, _ = row_at(path, game_id, 200)
    header = next(at for at in range(offset - 7, offset - 35, -1)  # the record's first byte
                  if (found := record_at(data, at)) is not None and len(found) == 7
                  and found[2] == 200)
    assert data[header + 1] == 0 and data[header + 6] == 0x47  # NULL id, 29-byte time
    spot = {"text length": (header + 6, 1), "rowid column type": (header + 1, 2),
            "header length": (header, 3)}
    if where in spot:
        flip(path, *spot[where])
    elif where == "checksum sign":
        conn = sqlite3.connect(str(path))
        event, time = conn.execute("SELECT event, time FROM events WHERE seq = 200").fetchone()
        conn.close()
        crc_at = offset + len(event.encode()) + len(time.encode())
        flip(path, crc_at, 7)
    else:
        page = offset // 4096
        pointers = page * 4096 + 8  # a leaf page's cell pointers follow its 8-byte header
        flip(path, pointers + 2 * 3, 2)
    with Journal(path) as reopened:
        assert reopened.load(game_id) == public(game)
        assert reopened.recovery is not None and reopened.recovery.lost == 0


def test_a_salvage_of_an_intact_row_keeps_its_checksum() -> None:
    """A flipped bit in the checksum itself: the row is sound, and the rebuilt file gets
    the checksum the row was written with, not the damaged one."""
    row = [1, 7, 3, b'{"seat":1,"type":"Passed","v":1}', b"2025-03-01T19:00:00.000+00:00"]
    crc = row_crc("events", row)
    assert repair("events", row, crc ^ (1 << 20)) == row
    negative = crc - (1 << 48) if crc >> 47 else crc | (1 << 47)  # the 6-byte top bit
    assert repair("events", row, negative - (1 << 48) if negative >> 47 else negative) == row
