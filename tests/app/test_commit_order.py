"""Apply, then commit: the game in memory is never ahead of the journal's file.

The controller proposes each outcome, the loop commits it to the journal, and a commit
the journal refuses is undone in memory: when nothing of it was written the controller
rolls back; when part of it was (a window's close written, the step chosen ahead not),
the game is read back from the file. Checked after every turn of the loop while the
journal refuses commits now and then, and the table says so on screen.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import replace
from pathlib import Path

import pytest
from app.test_app import NAMES, config_for, tick

from companion.app.loop import Companion
from companion.app.parts import Hooks
from companion.app.runner import SteppedClock
from companion.exc import JournalError
from companion.games.mush import events as ev
from companion.games.mush.bots import SensibleBot
from companion.games.mush.dice import SeededDice
from companion.games.mush.evolve import replay
from companion.games.mush.table.bots import BotDriver
from companion.store import Journal
from companion.table.frame import Notice

NOT_SAVED = "Not saved: the card refused it. Press again"


class RefusingJournal:
    """Wraps a real journal's `append_batches` and `undo`: `refuse(events, written)` says
    which commits fail (`events`: the commit's, every batch of it; `written`: the commits
    this turn of the loop already wrote). `batches`: how many commands each commit held."""

    def __init__(self, journal: Journal,
                 refuse: Callable[[Sequence[ev.Event], list[Sequence[ev.Event]]], bool]) -> None:
        self.journal, self.refuse = journal, refuse
        self.append, self.undo = journal.append_batches, journal.undo
        self.written: list[Sequence[ev.Event]] = []
        self.refused = 0
        self.partly = 0
        self.batches: list[int] = []

    def appending(self, game_id: int, batches: Sequence[Sequence[ev.Event]]) -> None:
        events = [e for batch in batches for e in batch]
        self.batches.append(len(batches))
        if self.refuse(events, self.written):
            self.refused += 1
            self.partly += bool(self.written)
            raise JournalError("disk I/O error (injected)")
        self.append(game_id, batches)
        self.written.append(events)

    def undoing(self, game_id: int) -> list[ev.Event]:
        if self.refuse((), self.written):
            self.refused += 1
            raise JournalError("disk I/O error (injected)")
        return self.undo(game_id)


def _play(app: Companion, journal: RefusingJournal, rounds: int, seed: int) -> list[str]:
    """Bots play through the loop; after every turn the file and the memory agree."""
    notices: list[str] = []
    app.hooks = Hooks(on_frame=lambda frame, _: notices.extend(
        n.text for n in frame.notices))  # type: ignore[attr-defined]
    driver = BotDriver(app.controller, dict.fromkeys(range(len(NAMES)), SensibleBot()),
                       random.Random(seed), setup_seat=0)
    checked = 0
    for _ in range(30_000):
        if app.controller.state.round >= rounds:
            return notices
        if driver.controller is not app.controller:  # read back from the file
            driver.controller = app.controller
        for pad_event in driver.presses():
            app.events.put(pad_event)
        journal.written = []
        app.step(wait=0)
        tick(app)
        if app.game_id is not None:
            stored = app.journal.load(app.game_id)
            assert stored == list(app.controller.history), "memory and file differ"
            state = app.controller.state  # a lock in is secret, never written (R1, I5)
            assert replay(stored) == replace(state, bids=(None,) * len(state.bids))
            checked += 1
    raise AssertionError(f"the bots never reached round {rounds} ({checked} turns checked)")


@pytest.fixture
def app(tmp_path: Path) -> Companion:
    config = config_for(tmp_path)
    return Companion(config, Journal(config.store.path), dice=SeededDice(21),
                     clock=SteppedClock(0.3))


def _refusing(app: Companion, refuse: Callable[[Sequence[ev.Event], list[Sequence[ev.Event]]],
                                                bool]) -> RefusingJournal:
    journal = RefusingJournal(app.journal, refuse)
    app.journal.append_batches = journal.appending  # type: ignore[method-assign]
    app.journal.undo = journal.undoing  # type: ignore[method-assign]
    return journal


def test_refused_commits_never_leave_the_game_ahead_of_the_file(app: Companion) -> None:
    counter = iter(range(10**9))
    # every seventh commit fails, from the game's start on
    journal = _refusing(app, lambda batch, written: next(counter) % 7 == 6)
    try:
        notices = _play(app, journal, rounds=4, seed=3)
    finally:
        app.close()
    assert journal.refused >= 8
    assert NOT_SAVED in notices


def test_one_outcomes_commands_are_one_commit_refused_whole(app: Companion) -> None:
    # a window closes and the step chosen ahead acts: two commands of one outcome, each
    # its own batch (undo takes back the last), written in one commit; refused, neither
    # is in the file nor in memory, and the game goes on from before the window closed
    journal = _refusing(app, lambda events, written: any(
        isinstance(e, ev.WindowClosed) for e in events) and journal.batches[-1] > 1
        and journal.refused < 3)
    try:
        notices = _play(app, journal, rounds=4, seed=5)
    finally:
        app.close()
    assert journal.refused == 3 and journal.partly == 0
    assert max(journal.batches) > 1
    assert NOT_SAVED in notices


def test_a_refused_start_stays_in_setup_and_starts_at_the_next_press(app: Companion) -> None:
    journal = _refusing(app, lambda batch, written: any(
        isinstance(e, ev.GameStarted) for e in batch) and journal.refused == 0)
    try:
        notices = _play(app, journal, rounds=1, seed=2)
        assert journal.refused == 1 and NOT_SAVED in notices
        with Journal(app.journal.path) as reader:
            game = reader.current_game()
            assert game is not None and game.id == app.game_id
    finally:
        app.close()


def test_the_notice_speaks_the_screens_language() -> None:
    from companion.config.table import TableConfig
    from companion.games.mush.table.controller import TableController
    ctl = TableController(config=TableConfig(screen_language="fr"))
    ctl.rollback()
    assert ctl.frame().notices == (Notice(
        "Non enregistré : la carte l'a refusé. Appuyez à nouveau", None),)
