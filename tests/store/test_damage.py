"""Damage SQLite cannot see, a cut-off file, a bad WAL frame, and a full or read-only card.

Each test breaks real journal bytes (or makes the card refuse writes) and checks that the
journal opens without a traceback at its last command that replays cleanly, keeps the
damaged file aside, and never renames a healthy journal.
"""

from __future__ import annotations

import logging
import os
import shutil
import sqlite3
import struct
from pathlib import Path

import pytest

from companion.games.mush import replay
from companion.store import Journal
from companion.store.journal import write_trouble
from companion.store.pages import read_wal
from store.forge import reseal, strip_checksums
from store.helpers import Recorded, record_game
from store.test_recovery import (
    PAGE,
    assert_at_a_command_boundary,
    crash_copy,
    damaged_copies,
    written,
)


@pytest.fixture(scope="module")
def game() -> Recorded:
    return record_game(5)


def public_count(game: Recorded) -> int:
    return sum(1 for s in game.steps for e in s.events if not type(e).private)


@pytest.mark.slow
@pytest.mark.parametrize("checksums", [True, False], ids=["format 2", "format 1 rows"])
def test_a_byte_that_is_not_utf8_is_damage_not_a_crash(tmp_path: Path, game: Recorded,
                                                       checksums: bool) -> None:
    """An overwritten byte: put back by the row's checksum; a row without one (written
    before format 2) is cut at its command."""
    path = tmp_path / "journal.sqlite3"
    _, game_id = written(path, game, close=True)
    if not checksums:
        strip_checksums(path)
    data = bytearray(path.read_bytes())
    where = data.rfind(b'"type":"TurnEnded"')
    data[where + 2] = 0xFF  # 't' becomes a byte no UTF-8 text may hold
    path.write_bytes(bytes(data))
    with Journal(path) as reopened:
        reopened.load(game_id)  # a finished game is checked when it is read
        assert reopened.recovery is not None
        last = assert_at_a_command_boundary(game, reopened, game_id)
        if checksums:
            assert last == len(game.steps) - 1 and reopened.recovery.repaired == 1
        else:
            assert 0 < last < len(game.steps) - 1
    assert len(damaged_copies(tmp_path)) == 1


@pytest.mark.slow
def test_an_impossible_event_is_cut_where_it_stops_replaying(
        tmp_path: Path, game: Recorded, caplog: pytest.LogCaptureFixture) -> None:
    """Seat 9 at a four-player table decodes fine; the replay check refuses it."""
    path = tmp_path / "journal.sqlite3"
    _, game_id = written(path, game, close=True)
    data = path.read_bytes()
    needle = b'"seat":2,"type":"TurnEnded"'
    where = data.rfind(needle)
    assert where > 0
    path.write_bytes(data[:where] + b'"seat":9,"type":"TurnEnded"' + data[where + len(needle):])
    assert reseal(path) == 1  # as a bug would have written it: its checksum agrees
    with caplog.at_level(logging.WARNING, logger="companion.store"), Journal(path) as reopened:
        reopened.load(game_id)
        assert reopened.recovery is not None and reopened.recovery.cut == (game_id,)
        last = assert_at_a_command_boundary(game, reopened, game_id)
        assert last < len(game.steps) - 1
        replay(reopened.load(game_id))  # what is left replays
    assert any("seat 9" in r.getMessage() for r in caplog.records)


@pytest.mark.slow
def test_damage_in_the_game_in_progress_is_found_at_open(tmp_path: Path, game: Recorded
                                                         ) -> None:
    path = tmp_path / "journal.sqlite3"
    journal = Journal(path)
    game_id = journal.new_game(game.settings)
    for step in game.steps[:-3]:  # still in progress
        journal.append(game_id, step.events)
    journal.close()
    strip_checksums(path)  # rows as a format-1 companion wrote them: no checksum to help
    data = bytearray(path.read_bytes())
    where = data.rfind(b'"type":"TurnEnded"')
    data[where + 2] = 0xFF
    path.write_bytes(bytes(data))
    with Journal(path) as reopened:
        assert reopened.recovery is not None and reopened.recovery.lost > 0
        assert_at_a_command_boundary(game, reopened, game_id)


@pytest.mark.slow
def test_a_truncated_main_file_keeps_nearly_every_event(tmp_path: Path, game: Recorded) -> None:
    path = tmp_path / "journal.sqlite3"
    _, game_id = written(path, game, close=True)
    size = path.stat().st_size
    os.truncate(path, size - 3 * PAGE)  # the last three pages are gone
    with Journal(path) as reopened:
        assert reopened.recovery is not None
        kept = len(reopened.load(game_id))
        assert_at_a_command_boundary(game, reopened, game_id)
    total = public_count(game)
    assert kept >= total * 0.6, f"only {kept} of {total} events kept"


@pytest.mark.slow
def test_a_lost_page_in_the_middle_keeps_the_events_before_it(
        tmp_path: Path, game: Recorded) -> None:
    path = tmp_path / "journal.sqlite3"
    _, game_id = written(path, game, close=True)
    data = bytearray(path.read_bytes())
    pages = len(data) // PAGE
    middle = pages // 2
    data[middle * PAGE:(middle + 1) * PAGE] = bytes(PAGE)
    path.write_bytes(bytes(data))
    with Journal(path) as reopened:
        assert reopened.recovery is not None
        assert_at_a_command_boundary(game, reopened, game_id)
        assert len(reopened.load(game_id)) > 0


def flip_wal_frame(wal: Path, index: int) -> None:
    data = bytearray(wal.read_bytes())
    page = struct.unpack(">I", data[8:12])[0]
    at = 32 + index * (24 + page) + 24 + page // 2
    data[at] ^= 0x55
    wal.write_bytes(bytes(data))


@pytest.mark.slow
def test_a_bad_wal_frame_is_found_and_the_later_commits_kept(
        tmp_path: Path, game: Recorded, caplog: pytest.LogCaptureFixture) -> None:
    path = tmp_path / "live" / "journal.sqlite3"
    journal, game_id = written(path, game, close=False)
    assert journal is not None
    cut = crash_copy(path, tmp_path / "cut")
    journal.close()
    wal = cut.with_name(cut.name + "-wal")
    before = read_wal(wal.read_bytes())
    assert before.frames > 20 and not before.damaged
    flip_wal_frame(wal, 5)
    report = read_wal(wal.read_bytes())
    assert report.bad_frame == 5 and report.damaged and report.ignored > 10
    plain = tmp_path / "plain"
    plain.mkdir()
    for suffix in ("", "-wal"):
        shutil.copyfile(cut.with_name(cut.name + suffix), plain / (cut.name + suffix))
    conn = sqlite3.connect(plain / cut.name)
    sqlite_alone = conn.execute("SELECT COUNT(*) FROM events").fetchone()[0]
    conn.close()
    with caplog.at_level(logging.WARNING, logger="companion.store"), Journal(cut) as reopened:
        assert reopened.recovery is not None
        assert "-wal" in reopened.recovery.reason
        last = assert_at_a_command_boundary(game, reopened, game_id)
        # never less than SQLite alone would show, but for a command it cannot prove whole
        # (how much more the sound commits after the bad frame give back depends on which
        # pages the bad frame carried)
        kept_events = len(reopened.load(game_id))
        longest = max(len(step.events) for step in game.steps)
        assert kept_events >= sqlite_alone - longest and last > len(game.steps) // 2
    kept = damaged_copies(cut.parent)
    assert any(p.name.endswith("-wal") for p in kept), "the -wal is kept aside"
    assert any("-wal" in r.getMessage() for r in caplog.records)


@pytest.mark.slow
def test_sqlite_alone_would_have_rolled_the_game_back(tmp_path: Path, game: Recorded) -> None:
    """What the bad-frame check guards against: SQLite silently stops at the bad frame."""
    path = tmp_path / "live" / "journal.sqlite3"
    journal, _ = written(path, game, close=False)
    assert journal is not None
    cut = crash_copy(path, tmp_path / "cut")
    journal.close()
    flip_wal_frame(cut.with_name(cut.name + "-wal"), 5)
    conn = sqlite3.connect(cut)
    seen = conn.execute("SELECT COUNT(*) FROM events").fetchone()[0]
    conn.close()
    assert seen < public_count(game)


# --- a full or read-only card ---------------------------------------------------------


class Refusing:
    """A connection that refuses writes the way a full card does, until `heal()`."""

    def __init__(self, conn: sqlite3.Connection, error: sqlite3.Error) -> None:
        self.conn = conn
        self.error = error
        self.refusing = True

    def execute(self, sql: str, *args: object) -> sqlite3.Cursor:
        if self.refusing and sql.split()[0].upper() in ("BEGIN", "INSERT", "UPDATE", "COMMIT"):
            raise self.error
        return self.conn.execute(sql, *args)  # type: ignore[arg-type]

    def __getattr__(self, name: str) -> object:
        return getattr(self.conn, name)


def full_error() -> sqlite3.OperationalError:
    error = sqlite3.OperationalError("database or disk is full")
    error.sqlite_errorcode = 13  # type: ignore[attr-defined]
    return error


def test_write_trouble_tells_a_full_card_from_damage() -> None:
    assert write_trouble(full_error()) == "the card is full"
    assert write_trouble(OSError(30, "Read-only file system")) == "the card is read-only"
    assert write_trouble(sqlite3.DatabaseError("database disk image is malformed")) is None


@pytest.mark.slow
def test_a_full_card_keeps_the_game_in_memory_and_writes_it_later(
        tmp_path: Path, game: Recorded, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "journal.sqlite3"
    journal = Journal(path)
    game_id = journal.new_game(game.settings)
    half = len(game.steps) // 2
    for step in game.steps[:half]:
        journal.append(game_id, step.events)
    refusing = Refusing(journal._conn, full_error())
    journal._conn = refusing  # type: ignore[assignment]
    import companion.store.durable as module  # where the card's file is opened

    real_connect = module._connect

    def still_full(p: Path) -> sqlite3.Connection:
        raise full_error()

    monkeypatch.setattr(module, "_connect", still_full)
    for step in game.steps[half:half + 10]:
        journal.append(game_id, step.events)  # no exception: kept in memory
    assert journal.degraded == "the card is full"
    assert journal.replay(game_id) == replay(
        [e for s in game.steps[:half + 10] for e in s.events])
    assert damaged_copies(tmp_path) == [], "a healthy journal is never renamed"
    monkeypatch.setattr(module, "_connect", real_connect)  # room on the card again
    for step in game.steps[half + 10:]:
        journal.append(game_id, step.events)
    assert journal.degraded is None
    journal.close()
    with Journal(path) as reopened:
        assert reopened.recovery is None
        assert reopened.replay(game_id) == game.final


def test_a_read_only_card_at_start_plays_on_in_memory(tmp_path: Path, game: Recorded) -> None:
    if os.geteuid() == 0:
        pytest.skip("root writes through chmod; the seam test above covers the logic")
    folder = tmp_path / "card"
    path = folder / "journal.sqlite3"
    _, game_id = written(path, game, close=True)
    folder.chmod(0o555)
    path.chmod(0o444)
    try:
        with Journal(path) as journal:
            assert journal.degraded is not None and journal.recovery is None
            assert journal.replay(game_id) == game.final
        assert damaged_copies(folder) == []
    finally:
        folder.chmod(0o755)
        path.chmod(0o644)


@pytest.mark.slow
def test_a_read_only_mount_at_start_plays_on_in_memory(tmp_path: Path, game: Recorded) -> None:
    """A real read-only filesystem (a bind mount), when this machine lets us make one."""
    import subprocess

    folder = tmp_path / "card"
    path = folder / "journal.sqlite3"
    journal, game_id = written(path, game, close=False)
    assert journal is not None
    steps = game.steps
    journal.close()
    mount = tmp_path / "ro"
    mount.mkdir()
    made = subprocess.run(["mount", "--bind", "-o", "ro", str(folder), str(mount)],
                          capture_output=True, check=False)
    if made.returncode != 0:
        pytest.skip(f"cannot bind-mount read-only here: {made.stderr.decode().strip()}")
    try:
        ro = mount / "journal.sqlite3"
        with Journal(ro) as reopened:
            assert reopened.degraded == "the card is read-only"
            assert reopened.recovery is None
            assert reopened.replay(game_id) == game.final
            assert not reopened.flush()
        assert damaged_copies(mount) == []
        assert len(steps) > 0
    finally:
        subprocess.run(["umount", str(mount)], check=False)


@pytest.mark.slow
def test_a_full_filesystem_keeps_the_game_in_memory(tmp_path: Path, game: Recorded) -> None:
    """A real tiny tmpfs that fills up mid-game, when this machine lets us mount one."""
    import subprocess

    mount = tmp_path / "tiny"
    mount.mkdir()
    made = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=96k", "tmpfs", str(mount)],
                          capture_output=True, check=False)
    if made.returncode != 0:
        pytest.skip(f"cannot mount a tmpfs here: {made.stderr.decode().strip()}")
    try:
        path = mount / "journal.sqlite3"
        journal = Journal(path)
        game_id = journal.new_game(game.settings)
        for step in game.steps:
            journal.append(game_id, step.events)  # the card fills up on the way: no error
        assert journal.degraded == "the card is full"
        assert journal.replay(game_id) == game.final
        assert damaged_copies(mount) == []
        (mount / "ballast").unlink(missing_ok=True)
        subprocess.run(["mount", "-o", "remount,size=4m", str(mount)], check=True)
        assert journal.flush()
        journal.close()
        with Journal(path) as reopened:
            assert reopened.recovery is None and reopened.replay(game_id) == game.final
    finally:
        subprocess.run(["umount", str(mount)], check=False)
