"""The journal on a real SQLite file: append, reopen, replay equals the live game (I6)."""

from __future__ import annotations

import shutil
import sqlite3
from pathlib import Path

import pytest

from companion.games.mush import SeededDice, Settings, apply, legal_commands, replay, start_game
from companion.games.mush import commands as cmd
from companion.games.mush import events as ev
from companion.games.mush.codec import event_from_json
from companion.games.mush.model import Phase, RestPlace
from companion.games.mush.state import GameState
from companion.store import (
    SCHEMA_VERSION,
    GameClosedError,
    Journal,
    JournalError,
    UndoRefusedError,
)
from store.helpers import record_game, without_locks


def journal_path(tmp_path: Path) -> Path:
    return tmp_path / "journal.sqlite3"


def snapshot(path: Path, into: Path) -> Path:
    """Copy the journal and its WAL as a power cut would leave them (the writer still open)."""
    into.mkdir()
    for suffix in ("", "-wal"):
        source = path.with_name(path.name + suffix)
        if source.exists():
            shutil.copyfile(source, into / (path.name + suffix))
    return into / path.name


def test_file_is_wal_with_full_sync_and_versioned(tmp_path: Path) -> None:
    with Journal(journal_path(tmp_path)) as journal:
        conn = journal._conn
        assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        assert conn.execute("PRAGMA synchronous").fetchone()[0] == 2  # FULL
        assert conn.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION


@pytest.mark.slow
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_reopen_at_every_cut_point_replays_to_the_live_state(tmp_path: Path, seed: int) -> None:
    """A power cut after any step: the reopened file replays to the state the table had,
    apart from bids locked but not yet revealed, which are never written."""
    game = record_game(seed)
    path = journal_path(tmp_path)
    journal = Journal(path)
    game_id = journal.new_game(game.settings)
    bidding_cuts = 0
    last: tuple[bytes, GameState] | None = None
    for index, step in enumerate(game.steps):
        journal.append(game_id, step.events)
        if index % 19 and not (step.state.phase is Phase.BIDDING and index % 3 == seed % 3):
            continue  # every 19th step, and every third step during bidding (the three
            # seeds' games cut at different thirds of their bidding steps)
        # The plug is pulled: the files as they are now, WAL included, never closed.
        cut = snapshot(path, tmp_path / f"cut-{index}")
        files = b"".join(f.read_bytes() for f in sorted(cut.parent.iterdir()))
        if last is not None and last[0] == files:
            resumed = last[1]  # the very files the last cut left (a bid is never written)
        else:
            with Journal(cut) as reopened:
                resumed = reopened.replay(game_id)
        last = files, resumed
        if step.state.phase is Phase.BIDDING:
            bidding_cuts += 1
            assert resumed.phase is Phase.BIDDING
            assert all(bid is None for bid in resumed.bids)  # nobody locked in
            assert resumed == without_locks(step.state)
        else:
            assert resumed == step.state
    assert bidding_cuts >= 5, "the game should have been cut during bidding many times"
    journal.close()
    journal = Journal(path)
    assert journal.replay(game_id) == game.final
    assert journal.game(game_id).winner == game.final.winner
    journal.close()


def test_cut_with_bids_locked_resumes_in_bidding_with_nobody_locked(tmp_path: Path) -> None:
    path = journal_path(tmp_path)
    dice = SeededDice(5)
    settings = Settings.make(["Ann", "Bea", "Cid", "Dan"])
    journal = Journal(path)
    game_id = journal.new_game(settings)
    state, events = start_game(settings, dice)
    journal.append(game_id, events)
    while state.phase is Phase.TRAINING:
        seat = state.training_next
        assert seat is not None
        state, events = apply(state, legal_commands(state, seat)[-1], dice)
        journal.append(game_id, events)
    assert state.phase is Phase.BIDDING
    for seat, amount in ((0, 17), (1, 13), (2, 0)):
        state, events = apply(state, cmd.LockBid(seat, amount), dice)
        journal.append(game_id, events)
    assert state.bids[:3] == (17, 13, 0)
    journal.close()

    again = Journal(path)
    resumed = again.replay(game_id)
    assert resumed.phase is Phase.BIDDING
    assert resumed.bids == (None, None, None, None)
    assert resumed == without_locks(state)
    again.close()


@pytest.mark.slow
def test_private_events_never_reach_the_file(tmp_path: Path) -> None:
    """Locked and unlocked bids are dropped by `append` itself (R1, I5)."""
    path = journal_path(tmp_path)
    game = record_game(11)
    journal = Journal(path)
    game_id = journal.new_game(game.settings)
    offered_private = 0
    for step in game.steps:
        offered_private += sum(1 for e in step.events if type(e).private)
        journal.append(game_id, step.events)
    assert offered_private > 0
    raw = sqlite3.connect(str(path))
    rows = raw.execute("SELECT event FROM events ORDER BY id").fetchall()
    raw.close()
    decoded = [event_from_json(text) for (text,) in rows]
    assert decoded, "the game's public events are stored"
    assert not any(isinstance(e, ev.BidLocked | ev.BidUnlocked) for e in decoded)
    assert not any(type(e).private for e in decoded)
    public = [e for s in game.steps for e in s.events if not type(e).private]
    assert decoded == public
    for name in (b"BidLocked", b"BidUnlocked"):
        for suffix in ("", "-wal"):
            file = path.with_name(path.name + suffix)
            if file.exists():
                assert name not in file.read_bytes()
    journal.close()


def test_distinctive_secret_bids_are_not_in_the_raw_bytes(tmp_path: Path) -> None:
    """Lock 17 and 13 with the fourth seat still choosing: no trace of a lock on disk."""
    path = journal_path(tmp_path)
    settings = Settings.make(["Ann", "Bea", "Cid", "Dan"])
    dice = SeededDice(8)
    journal = Journal(path)
    game_id = journal.new_game(settings)
    state, events = start_game(settings, dice)
    journal.append(game_id, events)
    while state.phase is Phase.TRAINING:
        seat = state.training_next
        assert seat is not None
        command = legal_commands(state, seat)[0]
        state, events = apply(state, command, dice)
        journal.append(game_id, events)
    count_before = len(journal.records(game_id))
    for seat, amount in ((0, 17), (1, 13), (2, 19)):
        state, events = apply(state, cmd.LockBid(seat, amount), dice)
        assert any(isinstance(e, ev.BidLocked) for e in events)
        journal.append(game_id, events)
    state, events = apply(state, cmd.UnlockBid(2), dice)
    journal.append(game_id, events)
    assert len(journal.records(game_id)) == count_before  # nothing written at all
    blob = b"".join(p.read_bytes() for p in tmp_path.iterdir() if p.is_file())
    assert b'"amount":17' not in blob and b'"amount":13' not in blob
    assert b"BidLocked" not in blob
    journal.close()


def test_append_commits_one_batch_per_call_and_numbers_events(tmp_path: Path) -> None:
    game = record_game(4)
    with Journal(journal_path(tmp_path)) as journal:
        game_id = journal.new_game(game.settings)
        for step in game.steps[:30]:
            journal.append(game_id, step.events)
        records = journal.records(game_id)
        assert [r.seq for r in records] == list(range(1, len(records) + 1))
        batches = [r.batch for r in records]
        assert batches == sorted(batches)
        stored_steps = [s for s in game.steps[:30] if any(not type(e).private for e in s.events)]
        assert len(set(batches)) == len(stored_steps)


def test_a_game_must_begin_with_its_game_started(tmp_path: Path) -> None:
    game = record_game(4)
    with Journal(journal_path(tmp_path)) as journal:
        game_id = journal.new_game(game.settings)
        with pytest.raises(JournalError, match="must begin with the event that starts a game"):
            journal.append(game_id, game.steps[1].events)
        other = Settings.make(["X", "Y"])
        _state, events = start_game(other, SeededDice(1))
        with pytest.raises(JournalError, match="settings differ"):
            journal.append(game_id, events)
        with pytest.raises(JournalError, match="no game 99"):
            journal.append(99, game.steps[0].events)
        assert journal.records(game_id) == []


@pytest.mark.slow
def test_finished_games_are_kept_and_new_game_starts_another(tmp_path: Path) -> None:
    path = journal_path(tmp_path)
    game = record_game(6)
    with Journal(path) as journal:
        first = journal.new_game(game.settings)
        for step in game.steps:
            journal.append(first, step.events)
        record = journal.game(first)
        assert record.finished is not None and record.winner == game.final.winner
        assert journal.current_game() is None
        with pytest.raises(GameClosedError):
            journal.append(first, game.steps[-1].events)
        second = journal.new_game(Settings.make(["A", "B", "C"]))
    with Journal(path) as journal:
        assert [g.id for g in journal.games()] == [first, second]
        current = journal.current_game()
        assert current is not None and current.id == second
        assert journal.replay(first) == game.final


def test_new_game_abandons_the_game_in_progress(tmp_path: Path) -> None:
    game = record_game(6)
    with Journal(journal_path(tmp_path)) as journal:
        first = journal.new_game(game.settings)
        for step in game.steps[:20]:
            journal.append(first, step.events)
        second = journal.new_game(game.settings)
        abandoned = journal.game(first)
        assert abandoned.finished is not None and abandoned.winner is None
        assert journal.current_game() == journal.game(second)
        assert len(journal.load(first)) == sum(
            1 for s in game.steps[:20] for e in s.events if not type(e).private)


# --- undo -------------------------------------------------------------------------


def _to_first_turn(journal: Journal, game_id: int, seed: int) -> tuple[GameState, SeededDice]:
    """Play a 3-player game to the first seat's turn (before moving or resting)."""
    dice = SeededDice(seed)
    settings = journal.settings(game_id)
    state, events = start_game(settings, dice)
    journal.append(game_id, events)
    while state.phase is not Phase.TURN:
        if state.phase is Phase.BIDDING:
            seat = state.bids.index(None)
            command: cmd.Command = cmd.LockBid(seat, 0)
        else:
            seat = next(s for s in state.seats if legal_commands(state, s))
            command = legal_commands(state, seat)[0]
        state, events = apply(state, command, dice)
        journal.append(game_id, events)
    return state, dice


def test_undo_retracts_the_last_bookkeeping_command_append_only(tmp_path: Path) -> None:
    path = journal_path(tmp_path)
    journal = Journal(path)
    game_id = journal.new_game(Settings.make(["Ann", "Bea", "Cid"]))
    state, dice = _to_first_turn(journal, game_id, 21)
    assert journal.replay(game_id) == state
    stored_before = len(journal.records(game_id))
    seat = state.active
    assert seat is not None
    after, events = apply(state, cmd.Rest(seat, RestPlace.WILDERNESS, 1), dice)
    journal.append(game_id, events)
    assert journal.replay(game_id) == after
    assert journal.undoable(game_id) == events

    retracted = journal.undo(game_id)
    assert retracted == events
    assert journal.replay(game_id) == state
    records = journal.records(game_id)
    assert len(records) == stored_before + len(events)  # nothing deleted
    assert [r.event for r in records if r.retracted] == events
    journal.close()

    with Journal(path) as again:  # the undo survives a restart
        assert again.replay(game_id) == state
        # the game goes on after the undo with new batches
        redo, events2 = apply(state, cmd.Rest(seat, RestPlace.WILDERNESS, 0), dice)
        again.append(game_id, events2)
        assert again.replay(game_id) == redo


def test_commands_committed_together_stay_batches_of_their_own(tmp_path: Path) -> None:
    """One commit of two commands (one press's outcome: the table waits for the card
    once): each is its own batch, so undo takes back the last command only."""
    with Journal(journal_path(tmp_path)) as journal:
        game_id = journal.new_game(Settings.make(["Ann", "Bea", "Cid"]))
        state, dice = _to_first_turn(journal, game_id, 21)
        first = state.active
        assert first is not None
        middle, events_a = apply(state, cmd.Rest(first, RestPlace.WILDERNESS, 1), dice)
        second = middle.active
        assert second is not None and second != first and middle.phase is Phase.TURN
        after, events_b = apply(middle, cmd.Rest(second, RestPlace.WILDERNESS, 0), dice)
        before = len(journal.records(game_id))
        journal.append_batches(game_id, [events_a, [], events_b])
        records = journal.records(game_id)[before:]
        assert [r.event for r in records] == [*events_a, *events_b]
        batches = [r.batch for r in records]
        assert batches == [batches[0]] * len(events_a) + [batches[0] + 1] * len(events_b)
        assert journal.replay(game_id) == after
        assert journal.undo(game_id) == events_b
        assert journal.replay(game_id) == middle


def test_undo_stops_at_a_roll_or_a_reveal(tmp_path: Path) -> None:
    with Journal(journal_path(tmp_path)) as journal:
        game_id = journal.new_game(Settings.make(["Ann", "Bea", "Cid"]))
        state, _dice = _to_first_turn(journal, game_id, 22)
        # the last batch rolled the weather or revealed the bids
        assert journal.undoable(game_id) is None
        with pytest.raises(UndoRefusedError, match="cannot be undone"):
            journal.undo(game_id)
        assert journal.replay(game_id) == state


def test_undo_of_nothing_is_refused(tmp_path: Path) -> None:
    with Journal(journal_path(tmp_path)) as journal:
        game_id = journal.new_game(Settings.make(["Ann", "Bea"]))
        with pytest.raises(UndoRefusedError, match="nothing"):
            journal.undo(game_id)


@pytest.mark.slow
def test_undo_of_a_win_reopens_the_game(tmp_path: Path) -> None:
    """A mistaken "reached Nome" press is bookkeeping: undoing it reopens the game."""
    game = record_game(6)
    last = game.steps[-1]
    assert any(isinstance(e, ev.GameWon) for e in last.events)
    if any(isinstance(e, FINAL) for e in last.events for FINAL in _final()):
        pytest.skip("this seed's win came with a roll")
    with Journal(journal_path(tmp_path)) as journal:
        game_id = journal.new_game(game.settings)
        for step in game.steps:
            journal.append(game_id, step.events)
        assert journal.current_game() is None
        journal.undo(game_id)
        record = journal.game(game_id)
        assert record.in_progress and record.winner is None
        assert journal.replay(game_id) == game.steps[-2].state


def _final() -> tuple[type[ev.Event], ...]:
    from companion.store import FINAL_EVENT_TYPES

    return FINAL_EVENT_TYPES


def test_a_newer_format_is_refused_and_left_exactly_as_it_is(tmp_path: Path) -> None:
    """A newer companion writes its format in the header and in `journal_format`."""
    from companion.store import IncompatibleJournalError
    from store.forge import as_newer, digest

    path = journal_path(tmp_path)
    Journal(path).close()
    as_newer(path, SCHEMA_VERSION + 1)
    before = digest(path)
    with pytest.raises(IncompatibleJournalError,
                       match=r"this card was written by a newer companion \(format 3\); "
                             "update, or start a new card"):
        Journal(path)
    assert digest(path) == before
    assert sorted(p.name for p in tmp_path.iterdir()) == [path.name]


def test_a_format_number_in_the_header_alone_is_damage_not_newer(tmp_path: Path) -> None:
    """One flipped bit makes the header say 3 (or 1026): the file is salvaged whole."""
    from store.forge import as_newer

    path = journal_path(tmp_path)
    game = record_game(3)
    with Journal(path) as journal:
        game_id = journal.new_game(game.settings)
        for step in game.steps[:60]:
            journal.append(game_id, step.events)
        kept = journal.load(game_id)
    as_newer(path, SCHEMA_VERSION + 1, header_only=True)
    with Journal(path) as reopened:
        assert reopened.recovery is not None and reopened.recovery.lost == 0
        assert "does not match the file" in reopened.recovery.reason
        assert reopened.load(game_id) == kept
    assert len(list(tmp_path.glob("*.damaged-*"))) == 1


def test_a_format_1_journal_is_upgraded_and_resumes_unchanged(tmp_path: Path) -> None:
    """Format 1 (no checksums) opens, takes the checksum columns in one transaction and
    resumes the game where it was; its rows keep no checksum, new rows get one."""
    from store.forge import write_v1

    path = journal_path(tmp_path)
    old, game = record_game(4), record_game(6, players=3)
    half = len(game.steps) // 2
    write_v1(path, [(old.settings, [s.events for s in old.steps], True),
                    (game.settings, [s.events for s in game.steps[:half]], False)])
    with Journal(path) as journal:
        assert journal.recovery is None
        assert journal._conn.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
        assert journal._conn.execute("SELECT format FROM journal_format").fetchall() == [(2,)]
        current = journal.current_game()
        assert current is not None and current.id == 2
        state = journal.replay(2)
        expected = game.steps[half - 1].state
        if expected.phase is Phase.BIDDING:
            expected = without_locks(expected)
        assert state == expected
        assert journal.replay(1) == old.final
        for step in game.steps[half:]:
            journal.append(2, step.events)
        nulls = journal._conn.execute(
            "SELECT COUNT(*) FROM events WHERE crc IS NULL").fetchone()[0]
        assert nulls == sum(1 for s in old.steps for e in s.events if not type(e).private) + \
            sum(1 for s in game.steps[:half] for e in s.events if not type(e).private)
    with Journal(path) as reopened:
        assert reopened.recovery is None and reopened.replay(2) == game.final


def test_a_reader_never_changes_a_format_1_file(tmp_path: Path) -> None:
    from store.forge import digest, write_v1

    path = journal_path(tmp_path)
    game = record_game(4)
    write_v1(path, [(game.settings, [s.events for s in game.steps[:80]], False)])
    before = digest(path)
    with Journal(path, recover=False) as reader:
        assert len(reader.load(1)) > 0
    assert digest(path) == before


@pytest.mark.slow
def test_replay_of_the_stored_events_equals_replay_of_the_live_public_events(
        tmp_path: Path) -> None:
    game = record_game(9, players=5)
    with Journal(journal_path(tmp_path)) as journal:
        game_id = journal.new_game(game.settings)
        for step in game.steps:
            journal.append(game_id, step.events)
        public = [e for s in game.steps for e in s.events if not type(e).private]
        assert journal.load(game_id) == public
        assert replay(public) == game.final == journal.replay(game_id)
