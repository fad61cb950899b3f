"""The main loop and a troubled journal: a full card, a recovered file, a game closed
behind its back, and a `new-game` request. The game goes on and says so on screen."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from pathlib import Path

import pytest
from app.test_app import config_for, drive
from store.test_damage import full_error

import companion.store.durable as durable_module
import companion.store.journal as journal_module
from companion.app.loop import Companion
from companion.app.parts import Hooks
from companion.app.runner import SteppedClock
from companion.games.mush.dice import SeededDice
from companion.games.mush.evolve import replay
from companion.games.mush.model import Phase
from companion.games.mush.settings import Settings
from companion.store import Journal
from companion.store.control import ask_for_new_game, request_path


@pytest.fixture
def app(tmp_path: Path) -> Iterator[Companion]:
    config = config_for(tmp_path)
    companion = Companion(config, Journal(config.store.path), dice=SeededDice(11),
                          clock=SteppedClock(0.3))
    yield companion
    companion.close()


def notices(app: Companion) -> list[str]:
    seen: list[str] = []

    def on_frame(frame: object, redrawn: bool) -> None:
        seen.extend(n.text for n in frame.notices)  # type: ignore[attr-defined]

    app.hooks = Hooks(on_frame=on_frame)
    app.draw()
    return seen


def test_a_full_card_mid_game_plays_on_with_a_warning_and_catches_up(
        app: Companion, monkeypatch: pytest.MonkeyPatch) -> None:
    drive(app, lambda a: a.controller.state.round >= 2)
    real = journal_module.Journal._transaction
    full = True

    def refusing(self: Journal):  # type: ignore[no-untyped-def]
        if full and self.degraded is None:
            raise full_error()
        return real(self)

    def no_flush(path: Path) -> sqlite3.Connection:
        raise full_error()

    monkeypatch.setattr(journal_module.Journal, "_transaction", refusing)
    real_connect = durable_module._connect
    monkeypatch.setattr(durable_module, "_connect", no_flush)
    drive(app, lambda a: a.controller.state.round >= 3)
    assert app.journal.degraded == "the card is full"
    assert any("Not saved: the card is full" in text for text in notices(app))
    full = False
    monkeypatch.setattr(durable_module, "_connect", real_connect)
    drive(app, lambda a: a.controller.state.round >= 4)
    assert app.journal.degraded is None
    assert not any("Not saved" in text for text in notices(app))
    assert app.game_id is not None
    with Journal(app.journal.path, recover=False) as reader:
        assert replay(reader.load(app.game_id)) == app.controller.state


def test_a_recovered_journal_is_shown_on_screen(tmp_path: Path) -> None:
    config = config_for(tmp_path)
    first = Companion(config, Journal(config.store.path), dice=SeededDice(2),
                          clock=SteppedClock(0.3))
    drive(first, lambda a: a.controller.state.round >= 3)
    first.close()
    path = config.store.path
    data = bytearray(path.read_bytes())
    where = data.rfind(b'"type":"RoundStarted"')
    data[where + 3] = 0xFE
    path.write_bytes(bytes(data))
    second = Companion(config, Journal(path), dice=SeededDice(3),
                          clock=SteppedClock(0.3))
    try:
        assert second.journal.recovery is not None
        assert any("Journal was damaged and repaired" in t for t in notices(second))
        assert second.controller.state.round >= 1
    finally:
        second.close()


def test_a_game_closed_behind_the_loop_goes_back_to_setup(app: Companion) -> None:
    drive(app, lambda a: a.controller.state.phase is Phase.BIDDING)
    assert app.game_id is not None
    app.journal.abandon(app.game_id)  # as an old `new-game` did behind the service
    closed = app.game_id
    drive(app, lambda a: a.game_id is None)  # the next commit is refused: no crash
    assert app.controller.state.settings is None, "back to setup for a new game"
    assert not app.journal.game(closed).in_progress


@pytest.mark.slow
def test_a_new_game_request_is_taken_by_the_loop(app: Companion, tmp_path: Path) -> None:
    drive(app, lambda a: a.controller.state.round >= 2)
    old = app.game_id
    from companion.store.control import JournalLock

    with JournalLock(app.journal.path):  # the loop's process holds the journal
        request = request_path(app.journal.path)
        request.write_text('{"settings": "not json", "pid": 1}')
        assert not app.take_requests() and not request.exists(), "a bad request is dropped"
        import threading

        answer: list[str] = []
        asker = threading.Thread(target=lambda: answer.append(ask_for_new_game(
            app.journal.path, Settings.make(["Eve", "Fay"]), timeout=10)))
        asker.start()
        while asker.is_alive():
            app.step(wait=0.05)
        asker.join()
    assert "running companion" in answer[0]
    assert app.game_id is None and app.controller.state.phase is Phase.SETUP
    assert old is not None and not app.journal.game(old).in_progress
