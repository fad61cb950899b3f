"""A lost newest file loses at most the current round: the journal folds its commits into
its main file when a turn or a round ends, when a game begins or ends, and after quiet
seconds.

Real journals on a real file, written command by command as the table writes them (the
loop asks the journal to `rest` after every frame); a "lost -wal" is the main file
copied alone while the journal is still open, as a card that drops the newest file after
a power cut leaves it.
"""

from __future__ import annotations

import random
import shutil
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from companion.games import game as installed_game
from companion.games.canoe.bots import SensibleBot, play_game
from companion.games.canoe.settings import Settings as CanoeSettings
from companion.games.mush import SeededDice
from companion.store import Journal
from companion.store.quiet import QUIET_SECONDS
from store.helpers import record_game


class Clock:
    """The journal's clock, moved by hand."""

    def __init__(self) -> None:
        self.now = datetime(2026, 1, 1, 20, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.now


def main_file_alone(path: Path, into: Path) -> int:
    """The events the main file holds without its -wal (the -wal lost)."""
    into.mkdir()
    copy = into / path.name
    shutil.copyfile(path, copy)
    with Journal(copy, game=None if "canoe" not in path.name else installed_game("canoe"),
                 recover=False) as book:
        record = book.current_game() or book.latest_game()
        return len(book.load(record.id)) if record is not None else 0


def test_quiet_seconds_fold_the_commits_into_the_main_file(tmp_path: Path) -> None:
    clock = Clock()
    game = record_game(5)
    path = tmp_path / "journal.sqlite3"
    with Journal(path, clock=clock) as journal:
        game_id = journal.new_game(game.settings)
        journal.append(game_id, game.steps[0].events)
        assert journal.rest() and journal.settle()  # a game began: in the main file at once
        journal.append(game_id, game.steps[1].events)  # (a bid revealed: no pause)
        assert not journal.rest() and journal.unfolded
        live = len(journal.load(game_id))
        assert main_file_alone(path, tmp_path / "a") < live
        clock.now += timedelta(seconds=QUIET_SECONDS)
        assert journal.rest() and journal.settle() and not journal.unfolded
        assert main_file_alone(path, tmp_path / "b") == live
        assert not journal.rest()  # nothing new: nothing to do


@pytest.mark.parametrize("box", ["mush", "canoe"])
def test_a_lost_wal_loses_at_most_the_current_turn_or_round(tmp_path: Path, box: str) -> None:
    """Bots play without a pause of a second; at every command the -wal is lost: what
    the main file holds goes back no further than the last turn or round that ended."""
    rules = installed_game(box)
    if box == "mush":
        played = record_game(9)
        settings, batches = played.settings, [list(s.events) for s in played.steps]
    else:
        settings = CanoeSettings.make(["Ann", "Bo", "Cy"])
        batches = []
        _, everything = play_game(
            settings, [SensibleBot() for _ in range(3)], SeededDice(4), random.Random(4),
            on_step=lambda state, command, events: batches.append(list(events)))
        batches.insert(0, everything[:len(everything) - sum(len(b) for b in batches)])
    clock = Clock()
    path = tmp_path / f"journal-{box}.sqlite3"
    written: list[object] = []
    worst = 0
    with Journal(path, clock=clock, game=rules) as journal:
        game_id = journal.new_game(settings)
        for number, batch in enumerate(batches):
            journal.append(game_id, batch)
            written.extend(e for e in batch if not type(e).private)
            if journal.rest():
                journal.settle()  # (the loop does not wait: the test looks at the file)
            if number % 7 == 3:
                kept = main_file_alone(path, tmp_path / f"cut{number}")
                since = max((i + 1 for i, e in enumerate(written)
                             if isinstance(e, rules.pauses)), default=0)
                assert kept >= since, (number, kept, since)  # at most the current turn lost
                worst = max(worst, len(written) - kept)
    assert 0 < worst < 60  # (a whole game held only in the -wal lost hundreds)
