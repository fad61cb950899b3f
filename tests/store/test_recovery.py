"""A journal whose last write was torn or whose file was damaged opens at its last complete event.

Every test damages real file bytes, then checks that the reopened journal replays to a
state the live game really had after some command (never half a command), that the
damaged file is kept beside it, and that one log line says so.
"""

from __future__ import annotations

import logging
import os
import shutil
from pathlib import Path

import pytest

from companion.games.mush import replay
from companion.games.mush.model import Phase
from companion.store import Journal
from store.helpers import Recorded, record_game, without_locks

PAGE = 4096  # SQLite's default page size, which the journal keeps


@pytest.fixture(scope="module")
def game() -> Recorded:
    return record_game(1)  # its last page holds event rows, which the damage must hit


def written(path: Path, game: Recorded, *, close: bool) -> tuple[Journal | None, int]:
    journal = Journal(path)
    game_id = journal.new_game(game.settings)
    for step in game.steps:
        journal.append(game_id, step.events)
    if close:
        journal.close()  # checkpointed: everything is in the main file
        return None, game_id
    return journal, game_id


def crash_copy(path: Path, into: Path) -> Path:
    """The files as a pulled plug leaves them: the writer still open, the WAL not merged."""
    into.mkdir()
    for suffix in ("", "-wal"):
        source = path.with_name(path.name + suffix)
        if source.exists():
            shutil.copyfile(source, into / (path.name + suffix))
    return into / path.name


def assert_at_a_command_boundary(game: Recorded, journal: Journal, game_id: int) -> int:
    """The journal's events are exactly the public events of the first k commands; returns k."""
    loaded = journal.load(game_id)
    public = [e for s in game.steps for e in s.events if not type(e).private]
    assert loaded == public[: len(loaded)], "recovered events are a prefix, in order"
    count = 0
    for index, step in enumerate(game.steps):
        count += sum(1 for e in step.events if not type(e).private)
        if count == len(loaded):
            expected = step.state
            state = replay(loaded)
            if expected.phase is Phase.BIDDING:
                expected = without_locks(expected)
            assert state == expected
            return index
    pytest.fail(f"{len(loaded)} events end inside a command")


def damaged_copies(directory: Path) -> list[Path]:
    return [p for p in directory.iterdir() if ".damaged-" in p.name]


def last_commit_end(wal: Path) -> int:
    """Byte offset just past the WAL's last valid commit frame.

    A WAL is a 32-byte header then frames of a 24-byte header and one page; frames whose
    salts differ from the header's are left over from before a checkpoint restarted the
    log, and a frame whose "database size" field is non-zero ends a commit.
    """
    data = wal.read_bytes()
    page = int.from_bytes(data[8:12], "big")
    salts = data[16:24]
    offset, end = 32, 0
    while offset + 24 + page <= len(data):
        header = data[offset: offset + 24]
        if header[8:16] != salts:
            break
        offset += 24 + page
        if int.from_bytes(header[4:8], "big"):
            end = offset
    return end


@pytest.mark.slow
def test_torn_wal_frame_drops_only_the_last_commit(tmp_path: Path, game: Recorded) -> None:
    path = tmp_path / "live" / "journal.sqlite3"
    journal, game_id = written(path, game, close=False)
    assert journal is not None
    cut = crash_copy(path, tmp_path / "cut")
    wal = cut.with_name(cut.name + "-wal")
    end = last_commit_end(wal)
    assert end > PAGE, "the last commits are still in the WAL"
    os.truncate(wal, end - 1000)  # the last commit's last frame is half written
    journal.close()

    with Journal(cut) as reopened:
        last = assert_at_a_command_boundary(game, reopened, game_id)
        stored = [s for s in game.steps if any(not type(e).private for e in s.events)]
        assert game.steps[last] is stored[-2], "exactly the last commit is lost"
        assert reopened.recovery is None  # SQLite's own WAL rules handle a torn frame


@pytest.mark.slow
def test_garbage_after_the_wal_is_ignored(tmp_path: Path, game: Recorded) -> None:
    path = tmp_path / "live" / "journal.sqlite3"
    journal, game_id = written(path, game, close=False)
    assert journal is not None
    cut = crash_copy(path, tmp_path / "cut")
    with cut.with_name(cut.name + "-wal").open("ab") as wal:
        wal.write(os.urandom(3 * PAGE + 123))
    journal.close()
    with Journal(cut) as reopened:
        assert reopened.replay(game_id) == game.final


@pytest.mark.slow
def test_garbage_after_the_database_is_harmless(tmp_path: Path, game: Recorded) -> None:
    path = tmp_path / "journal.sqlite3"
    _, game_id = written(path, game, close=True)
    with path.open("ab") as db:
        db.write(os.urandom(2 * PAGE + 77))
    with Journal(path) as reopened:
        assert reopened.replay(game_id) == game.final


@pytest.mark.slow
@pytest.mark.parametrize("damage", ["truncate_mid_page", "scramble_last_page", "zero_last_page"])
def test_damaged_last_page_recovers_to_the_last_complete_event(
        tmp_path: Path, game: Recorded, damage: str, caplog: pytest.LogCaptureFixture) -> None:
    path = tmp_path / "journal.sqlite3"
    _, game_id = written(path, game, close=True)
    size = path.stat().st_size
    data = bytearray(path.read_bytes())
    original = bytes(data)
    if damage == "truncate_mid_page":
        data = data[: size - PAGE // 2]
    elif damage == "scramble_last_page":
        data[size - PAGE + 100: size - 200] = os.urandom(PAGE - 300)
    else:
        data[size - PAGE:] = bytes(PAGE)
    path.write_bytes(bytes(data))

    with caplog.at_level(logging.WARNING, logger="companion.store"), Journal(path) as reopened:
        assert reopened.recovery is not None
        last = assert_at_a_command_boundary(game, reopened, game_id)
        assert 0 < last < len(game.steps) - 1, "some events were lost, most were kept"
        current = reopened.current_game()
        assert current is not None and current.id == game_id  # its GameWon is gone
        records = [r for r in caplog.records if r.name == "companion.store"]
        assert len(records) == 1 and "\n" not in records[0].getMessage()
        assert "damaged" in records[0].getMessage()
    kept = damaged_copies(tmp_path)
    assert len(kept) == 1 and kept[0].read_bytes() == bytes(data), "damaged file kept as found"
    assert bytes(data) != original

    # the recovered journal is a healthy one: the game goes on from where it stopped
    with Journal(path) as again:
        assert again.recovery is None
        rest = game.steps[last + 1:]
        for step in rest:
            again.append(game_id, step.events)
        assert again.replay(game_id) == game.final


@pytest.mark.slow
def test_a_row_that_no_longer_decodes_cuts_the_game_there(tmp_path: Path, game: Recorded) -> None:
    """A flipped byte inside an event's JSON passes SQLite's check; decoding catches it
    (in a row without a checksum, as format 1 wrote them: one with a checksum is put
    back, tests/store/test_integrity.py)."""
    from store.forge import strip_checksums

    path = tmp_path / "journal.sqlite3"
    _, game_id = written(path, game, close=True)
    strip_checksums(path)
    data = path.read_bytes()
    needle = b'"type":"TurnEnded"'
    where = data.rfind(needle)
    assert where > 0
    data = data[:where] + b'"type":"TurnEndeX"' + data[where + len(needle):]
    path.write_bytes(data)
    with Journal(path) as reopened:
        assert reopened.recovery is None  # nothing SQLite itself can see
        events = reopened.load(game_id)
        assert reopened.recovery is not None
        last = assert_at_a_command_boundary(game, reopened, game_id)
        assert len(events) == len(reopened.load(game_id))
        assert last < len(game.steps) - 1
    assert len(damaged_copies(tmp_path)) == 1


def test_a_file_that_is_not_a_journal_is_never_renamed(tmp_path: Path) -> None:
    """Random bytes at the path: not recognisably a journal, so it is refused as it is."""
    from companion.store import NotAJournalError

    path = tmp_path / "journal.sqlite3"
    noise = os.urandom(3 * PAGE)
    path.write_bytes(noise)
    with pytest.raises(NotAJournalError, match="not a game journal"):
        Journal(path)
    assert path.read_bytes() == noise and damaged_copies(tmp_path) == []


@pytest.mark.slow
def test_recovery_keeps_other_games_and_undo_rows(tmp_path: Path, game: Recorded) -> None:
    """Damage in an old game cuts only that game; a retracted command stays retracted."""
    path = tmp_path / "journal.sqlite3"
    with Journal(path) as journal:
        old = journal.new_game(game.settings)
        for step in game.steps:
            journal.append(old, step.events)
        short = record_game(21, players=3)
        game_id = journal.new_game(short.settings)
        for step in short.steps:
            journal.append(game_id, step.events)
            if step.state.phase is Phase.TURN and journal.undoable(game_id):
                break
        before_undo = journal.replay(game_id)
        journal.undo(game_id)
        after_undo = journal.replay(game_id)
        assert after_undo != before_undo
    from store.forge import strip_checksums

    strip_checksums(path)  # rows without a checksum (format 1): the damage cannot be undone
    data = path.read_bytes()
    needle = b'"type":"TurnEnded"'
    where = data.find(needle)  # the old game's first turn
    path.write_bytes(data[:where] + b'"type":"TurnEndeX"' + data[where + len(needle):])
    with Journal(path) as reopened:
        reopened.load(old)
        assert reopened.recovery is not None and reopened.recovery.cut == (old,)
        assert reopened.replay(game_id) == after_undo
        assert len(reopened.load(old)) < len(game.steps)
        assert [g.id for g in reopened.games()] == [old, game_id]
        assert not reopened.game(old).in_progress  # an old game stays over
        current = reopened.current_game()
        assert current is not None and current.id == game_id
