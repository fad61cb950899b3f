"""The companion as one program: the loop, the journal before the screen, resume,
secrecy in the log, the lights, the demo, and `run` under systemd's eyes."""

from __future__ import annotations

import logging
import os
import queue
import random
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest

from companion.app.demo import run_demo
from companion.app.loop import Companion, new_game_notice
from companion.app.parts import Hooks
from companion.app.runner import SteppedClock
from companion.config.file import Config, parse_config
from companion.games.mush import events as ev
from companion.games.mush.bots import SensibleBot
from companion.games.mush.dice import SeededDice
from companion.games.mush.evolve import replay
from companion.games.mush.model import Phase
from companion.games.mush.table.bots import BotDriver
from companion.pads import make_source
from companion.pads.config import PadsConfig
from companion.pads.events import Button, Kind, PadEvent
from companion.store import Journal

NAMES = ("Ann", "Bo", "Cé", "Dan")


def config_for(tmp_path: Path) -> Config:
    config = parse_config({"store": {"path": str(tmp_path / "journal.sqlite3")}})
    return replace(config, players=NAMES)


@pytest.fixture
def companion(tmp_path: Path) -> Iterator[Companion]:
    config = config_for(tmp_path)
    app = Companion(config, Journal(config.store.path), dice=SeededDice(7), clock=SteppedClock(0.3))
    yield app
    app.close()


def drive(app: Companion, until: object, seed: int = 1, limit: int = 20_000,
          bids: dict[int, int] | None = None) -> BotDriver:
    """Bots press virtual pads through the app's queue until `until(app)` holds."""
    bot = SensibleBot()
    driver = BotDriver(app.controller, dict.fromkeys(range(len(NAMES)), bot),
                       random.Random(seed), setup_seat=0)
    for _ in range(limit):
        if until(app):  # type: ignore[operator]
            return driver
        for pad_event in driver.presses():
            app.events.put(pad_event)
        app.step(wait=0)
        tick(app)
    raise AssertionError("the bots never got there")


def tick(app: Companion) -> None:
    """A human moment (0.3 s) passes on the app's stepped clock, if it has one."""
    if isinstance(app.clock, SteppedClock):
        app.clock.tick()


def press(app: Companion, seat: int, button: Button, times: int = 1) -> None:
    for _ in range(times):
        app.events.put(PadEvent(seat, button, Kind.PRESS))
        app.events.put(PadEvent(seat, button, Kind.RELEASE))
        app.step(wait=0)
        tick(app)


def test_every_event_is_journalled_before_the_frame_that_shows_it(companion: Companion) -> None:
    # I6: committed before shown. At every frame, the journal already holds every event
    # the controller has, in the same order.
    checked = 0

    def on_frame(frame: object, redrawn: bool) -> None:
        nonlocal checked
        if companion.game_id is None:
            return
        stored = companion.journal.load(companion.game_id)
        assert stored == list(companion.controller.history)
        checked += 1

    companion.hooks = Hooks(on_frame=on_frame)
    drive(companion, lambda app: app.controller.state.round >= 3)
    assert checked > 50
    assert companion.game_id is not None
    assert replay(companion.journal.load(companion.game_id)) == companion.controller.state


def test_resumes_in_the_same_phase_and_asks_for_bids_again(tmp_path: Path) -> None:
    # R1, I5, I6: a game cut during bidding comes back in bidding with nobody locked in.
    config = config_for(tmp_path)
    first = Companion(config, Journal(config.store.path), dice=SeededDice(3),
                      clock=SteppedClock(0.3))
    drive(first, lambda app: app.controller.state.phase is Phase.BIDDING
          and app.controller.state.round == 2)
    press(first, 0, Button.RIGHT, 3)
    press(first, 0, Button.SELECT)  # seat 0 locks 3 chips
    assert first.controller.state.bids[0] == 3
    live = first.controller.state
    first.close()  # the plug is pulled here

    second = Companion(config, Journal(config.store.path), dice=SeededDice(4),
                       clock=SteppedClock(0.3))
    try:
        state = second.controller.state
        assert state.phase is Phase.BIDDING and state.round == 2
        assert state.bids == (None,) * 4  # the lock was never written
        assert replace(live, bids=(None,) * 4) == state
        assert second.controller.frame().screen == "bidding"
    finally:
        second.close()


def test_nothing_logged_during_bidding_reveals_a_bid(tmp_path: Path,
                                                      caplog: pytest.LogCaptureFixture) -> None:
    # R1, I5: the log of a bidding round is the same whatever the secret bids are.
    logs = []
    for amounts in ((0, 0, 0), (7, 19, 3)):
        folder = tmp_path / "-".join(map(str, amounts))
        folder.mkdir()
        config = config_for(folder)
        app = Companion(config, Journal(config.store.path), dice=SeededDice(9),
                        clock=SteppedClock(0.3))
        drive(app, lambda a: a.controller.state.phase is Phase.BIDDING)
        caplog.clear()
        with caplog.at_level(logging.DEBUG):
            for seat, amount in enumerate(amounts):
                press(app, seat, Button.RIGHT, amount)
                press(app, seat, Button.SELECT)
        assert app.controller.state.bids[:3] == amounts
        logs.append([r.getMessage() for r in caplog.records])
        app.close()
    assert logs[0] == logs[1]


@pytest.mark.slow
def test_game_over_then_hold_right_for_a_new_game(companion: Companion) -> None:
    # T3: the winner is recorded; the finished game stays; a new one can start.
    drive(companion, lambda app: app.controller.state.phase is Phase.GAME_OVER)
    finished = companion.game_id
    assert finished is not None
    record = companion.journal.game(finished)
    assert record.winner == companion.controller.state.winner
    drawn: list[object] = []
    companion.hooks = Hooks(on_frame=lambda frame, redrawn: drawn.append(frame))
    companion.draw()
    # a new game is offered once the results may be left (not in their first 10 s)
    assert new_game_notice() not in drawn[-1].notices  # type: ignore[attr-defined]

    def hold_right() -> None:
        companion.events.put(PadEvent(2, Button.RIGHT, Kind.PRESS))
        companion.events.put(PadEvent(2, Button.RIGHT, Kind.HOLD))
        companion.events.put(PadEvent(2, Button.RIGHT, Kind.RELEASE))
        companion.step(wait=0)
        tick(companion)

    hold_right()  # in the results' first seconds: they stay
    assert companion.controller.state.phase is Phase.GAME_OVER
    assert any("results stay" in n.text for n in companion.controller.frame().notices)
    for _ in range(40):  # 12 s
        tick(companion)
    companion.draw()
    assert new_game_notice() in drawn[-1].notices  # type: ignore[attr-defined]
    hold_right()
    assert companion.controller.in_setup and companion.game_id is None
    drive(companion, lambda app: app.controller.state.phase is Phase.BIDDING, seed=5)
    assert companion.game_id is not None and companion.game_id != finished
    assert [g.id for g in companion.journal.games()][-2:] == [finished, companion.game_id]


def test_lights_follow_the_game_on_mock_gpio_pads(tmp_path: Path) -> None:
    # DESIGN.md, Pads: the active player's light is on; locked-in bidders' lights are on.
    from gpiozero.pins.mock import MockFactory

    config = config_for(tmp_path)
    factory = MockFactory()
    events: queue.Queue[PadEvent] = queue.Queue()
    pads = make_source(PadsConfig(source="mock"), events, pin_factory=factory)
    app = Companion(config, Journal(config.store.path), dice=SeededDice(2),
                    clock=SteppedClock(0.3), pads=pads, events=events)
    pads.start()
    try:
        leds = _led_pins(config.pads, factory)
        assert len(leds) >= 4
        drive(app, lambda a: a.controller.state.phase is Phase.BIDDING)
        press(app, 1, Button.SELECT)  # seat 1 locks 0
        lit = {seat for seat, pin in leds.items() if pin.state}
        assert lit == {1}
        drive(app, lambda a: a.controller.state.phase is Phase.TURN)
        active = app.controller.state.active
        lit = {seat for seat, pin in leds.items() if pin.state}
        assert lit == {active}
    finally:
        app.close()


def _led_pins(pads: PadsConfig, factory: object) -> dict[int, object]:
    out = {}
    for seat_pins in pads.gpio.seats:
        if seat_pins.led is not None:
            out[seat_pins.seat] = factory.pin(seat_pins.led)  # type: ignore[attr-defined]
    return out


@pytest.mark.slow
def test_demo_plays_a_whole_game_headless(tmp_path: Path) -> None:
    # The newcomer's command: bots from setup to Nome through virtual pads.
    lines: list[str] = []

    class Out:
        def write(self, text: str) -> int:
            lines.append(text)
            return len(text)

        def flush(self) -> None:
            pass

    result = run_demo(tmp_path / "demo", players=4, seed=11, size=(800, 480),
                      out=Out(), voice=True)  # type: ignore[arg-type]
    assert result.state.phase is Phase.GAME_OVER and result.state.winner is not None
    text = "".join(lines)
    assert "round  1 [" in text and "wins in round" in text
    assert str(result.folder) in text
    with Journal(result.folder / "journal.sqlite3") as journal:
        game = journal.latest_game()
        assert game is not None and game.winner == result.state.winner
        events = journal.load(game.id)
    assert isinstance(events[-1], ev.GameWon)
    assert replay(events) == result.state
    assert (result.folder / "events.jsonl").read_text().count("\n") == len(events)
    assert (result.folder / "chips.csv").read_text().startswith("game,round")
    screens = {p.stem.split("-", 1)[1] for p in result.screenshots}
    assert {"setup", "bidding", "weather", "game_over"} <= screens
    assert all(p.stat().st_size > 2000 for p in result.screenshots)


@pytest.mark.slow
def test_run_under_systemd_notifies_ready_and_stops_on_sigterm(tmp_path: Path) -> None:
    # The real program: READY=1 on a real NOTIFY_SOCKET, a clean stop on SIGTERM.
    sock_path = tmp_path / "notify.sock"
    server = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    server.bind(str(sock_path))
    server.settimeout(30)
    config = tmp_path / "config.toml"
    config.write_text(f'[store]\npath = "{tmp_path / "journal.sqlite3"}"\n'
                      '[display]\nfullscreen = false\n')
    env = {**os.environ, "NOTIFY_SOCKET": str(sock_path), "WATCHDOG_USEC": "2000000",
           "WATCHDOG_PID": "", "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    process = subprocess.Popen([sys.executable, "-m", "companion.app.cli", "run", "--config",
                                str(config), "--pads", "mock"], env=env,
                               stderr=subprocess.PIPE, text=True)
    try:
        messages = []
        deadline = time.monotonic() + 30
        while "READY=1" not in "\n".join(messages) and time.monotonic() < deadline:
            messages.append(server.recv(4096).decode())
        assert any("READY=1" in m for m in messages)
        while not any("WATCHDOG=1" in m for m in messages):
            messages.append(server.recv(4096).decode())
        process.send_signal(signal.SIGTERM)
        assert process.wait(timeout=20) == 0
        while not any("STOPPING=1" in m for m in messages):
            messages.append(server.recv(4096).decode())
    finally:
        if process.poll() is None:
            process.kill()
        server.close()
    assert process.stderr is not None
    log = process.stderr.read()
    assert "table ready" in log


def test_undo_of_a_rest_is_followed_by_the_journal(companion: Companion) -> None:
    # I6: the journal stays append-only; an undone command is skipped on replay.
    from companion.games.mush import commands as c
    from companion.games.mush.model import RestPlace

    drive(companion, lambda app: app.controller.state.phase is Phase.TURN)
    seat = companion.controller.state.active
    assert seat is not None
    before = companion.controller.state
    target = c.Rest(seat, RestPlace.WILDERNESS, 1)
    for _ in range(40):
        step = companion.controller.next_press(seat, target)
        if step is None:
            break
        button, held = step
        companion.events.put(PadEvent(seat, button, Kind.PRESS))
        if held:
            companion.events.put(PadEvent(seat, button, Kind.HOLD))
        companion.events.put(PadEvent(seat, button, Kind.RELEASE))
        companion.step(wait=0)
        tick(companion)
    assert companion.controller.state.active != seat  # the rest ended the turn
    assert companion.controller.state.players[seat].chips == before.players[seat].chips + 2
    companion.events.put(PadEvent(seat, Button.SELECT, Kind.PRESS))
    companion.events.put(PadEvent(seat, Button.SELECT, Kind.HOLD))
    companion.events.put(PadEvent(seat, Button.SELECT, Kind.RELEASE))
    companion.step(wait=0)
    tick(companion)
    assert companion.controller.state == before
    assert companion.game_id is not None
    stored = companion.journal.load(companion.game_id)
    assert stored == list(companion.controller.history)
    assert replay(stored) == before


@pytest.mark.slow
def test_a_mistaken_reached_nome_can_be_taken_back(companion: Companion) -> None:
    # T3: the win is recorded at once; the winner may take back that bookkeeping press,
    # and the journal follows: the game is in progress again.
    drive(companion, lambda app: app.controller.state.phase is Phase.GAME_OVER)
    state = companion.controller.state
    winner = state.winner
    assert winner is not None and companion.game_id is not None
    last = companion.journal.load(companion.game_id)[-1]
    assert isinstance(last, ev.GameWon) and last.seat == winner
    assert companion.controller.frame().undo  # "reached Nome" rolled nothing
    for kind in (Kind.PRESS, Kind.HOLD, Kind.RELEASE):
        companion.events.put(PadEvent(winner, Button.SELECT, kind))
    companion.step(wait=0)
    tick(companion)
    assert companion.controller.state.phase is not Phase.GAME_OVER
    record = companion.journal.game(companion.game_id)
    assert record.in_progress and record.winner is None
    assert replay(companion.journal.load(companion.game_id)) == companion.controller.state


def test_logs_carry_journald_priorities_under_systemd(monkeypatch: pytest.MonkeyPatch) -> None:
    # Under systemd each line starts with its syslog priority, which journald turns into
    # the entry's level; in a terminal the time and level are written out instead.
    import io

    from companion.app.logs import setup_logging

    root = logging.getLogger()
    saved = root.handlers[:], root.level
    try:
        monkeypatch.setenv("JOURNAL_STREAM", "8:1234")
        stream = io.StringIO()
        setup_logging(logging.INFO, stream)
        logging.getLogger("companion").warning("pad hub unplugged")
        logging.getLogger("companion.voice").info("voice ready")
        assert stream.getvalue().splitlines() == [
            "<4>companion: pad hub unplugged", "<6>companion.voice: voice ready"]
        monkeypatch.delenv("JOURNAL_STREAM")
        stream = io.StringIO()
        setup_logging(logging.INFO, stream)
        logging.getLogger("companion").error("journal damaged")
        assert stream.getvalue().rstrip().endswith("ERROR companion: journal damaged")
    finally:
        root.handlers[:], level = saved
        root.setLevel(level)


def test_the_log_names_players_and_plain_values(companion: Companion,
                                                caplog: pytest.LogCaptureFixture) -> None:
    # the log is read by people: seats by name, enums by value, never a Python repr
    with caplog.at_level(logging.INFO, logger="companion"):
        drive(companion, lambda app: app.controller.state.phase is Phase.TURN)
    lines = [r.getMessage() for r in caplog.records]
    names = [p.name for p in companion.controller.state.players]
    assert any(line.startswith("TrainingOrderDrawn seat=") for line in lines)
    revealed = next(line for line in lines if line.startswith("BidsRevealed "))
    assert all(name in revealed for name in names)
    weather = next(line for line in lines if line.startswith("WeatherRolled "))
    assert "zone=southern" in weather
    assert not any("<" in line or "{" in line or "'" in line for line in lines)


def test_event_line_quotes_names_with_spaces() -> None:
    from companion.app.logs import event_line
    from companion.games.mush.model import Climate
    from companion.games.mush.state import EMPTY, PlayerState

    state = replace(EMPTY, players=(PlayerState("Sky blue", 20),))
    assert event_line(ev.TrainingChosen(0, Climate.WARM), state) == \
        'TrainingChosen seat="Sky blue" training=warm'


def test_leaving_says_the_game_is_kept(companion: Companion,
                                       caplog: pytest.LogCaptureFixture) -> None:
    # I6: whoever closes the window learns from the log that the game will come back
    drive(companion, lambda app: app.controller.state.phase is Phase.BIDDING)
    with caplog.at_level(logging.INFO, logger="companion"):
        companion.run(until=lambda: True)
    assert f"stopping: game {companion.game_id} is kept at round 1, bidding; the next " \
        "start resumes it" in [r.getMessage() for r in caplog.records]


def test_the_take_back_offer_survives_a_power_cut(tmp_path: Path) -> None:
    # I6: a restart changes nothing of what may be taken back. The bots play until the
    # last choice made can be taken back (a sled that finished moving, a rest...); after
    # the plug is pulled the same offer is there, for the same seat, and holding ● takes
    # it back to the same game as before the choice.
    config = config_for(tmp_path)
    first = Companion(config, Journal(config.store.path), dice=SeededDice(3),
                      clock=SteppedClock(0.3))
    drive(first, lambda app: app.controller.state.round >= 2
          and app.controller.frame().undo is not None)
    offer = first.controller.frame().undo
    assert offer is not None
    live, history = first.controller.state, list(first.controller.history)
    first.close()  # the plug is pulled here

    second = Companion(config, Journal(config.store.path), dice=SeededDice(4),
                       clock=SteppedClock(0.3))
    try:
        assert second.controller.state == live
        assert second.controller.frame().undo == offer  # "hold ● to take back: …"
        tick(second)  # a moment to read the screen
        second.events.put(PadEvent(offer.seat, Button.SELECT, Kind.PRESS))
        second.events.put(PadEvent(offer.seat, Button.SELECT, Kind.HOLD))
        second.events.put(PadEvent(offer.seat, Button.SELECT, Kind.RELEASE))
        second.step(wait=0)
        taken = list(second.controller.history)
        assert taken == history[:len(taken)] and len(taken) < len(history)
        assert second.game_id is not None
        assert second.journal.load(second.game_id) == taken  # the journal agrees
        assert replay(taken) == second.controller.state
    finally:
        second.close()
