"""A third game is one folder and a registry line: Race to Ten (this folder), registered
here as a group would add its line, is set up from the config file and the pads, played
through the table's loop to its end, drawn on the screen, sent to a phone and kept in its
own journal, which exports and shows it as every game's; nothing outside this folder was
written for it."""

from __future__ import annotations

import contextlib
import dataclasses
import io
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pygame
import pytest

from companion import games, i18n
from companion.app.cli import main
from companion.app.demo import run_demo
from companion.app.loop import Companion
from companion.app.runner import SteppedClock
from companion.config.file import parse_config
from companion.core.dice import SeededDice
from companion.display.render import render
from companion.exc import ConfigError
from companion.i18n import LANGUAGES
from companion.pads.events import Button, Kind, PadEvent
from companion.store import Journal
from companion.store.beside import journal_of
from companion.table.simple import SimpleFrame, SimpleScreen, SimpleTable, worded_in
from companion.table.virtual import pad_events
from companion.web.snapshot import build

from . import GAME, GOAL, Roll
from .box import RULES


@pytest.fixture
def race() -> Iterator[None]:
    """The registry's line for the game, and its words merged with the table's."""
    games.INSTALLED["race"] = __package__ or "games.race"
    i18n.refresh()
    try:
        yield
    finally:
        del games.INSTALLED["race"]
        i18n.refresh()


def press(app: Companion, seat: int, button: Button, held: bool = False) -> None:
    app.events.put(PadEvent(seat, button, Kind.PRESS))
    if held:
        app.events.put(PadEvent(seat, button, Kind.HOLD))
    app.events.put(PadEvent(seat, button, Kind.RELEASE))
    app.step(wait=0)
    assert isinstance(app.clock, SteppedClock)
    app.clock.tick()


def focus(app: Companion, label: str) -> None:
    """◀ on the setup menu until `label` is focused."""
    for _ in range(5):
        menu = app.controller.frame().menus[0]
        if menu.items[menu.focus].label == label:
            return
        press(app, 0, Button.LEFT)
    raise AssertionError(f"no {label!r} in setup")


def drawn(frame: SimpleFrame, language: str = "en") -> list[str]:
    log = render(frame, pygame.Surface((1024, 600)), language=language)
    assert log.problems() == []
    return log.whole()


def phone(app: Companion, seat: int) -> dict[str, object]:
    """What seat `seat`'s phone is sent now, in English, by the game's box's pages."""
    frame = app.controller.frame()
    snapshot = build(games.box("race").pages, frame, {"en": frame.menus}, game=app.game_id,
                     players=2, views=[app.controller.seat_view(s) for s in (0, 1)],
                     lights=app.controller.lights(app.clock()), screen_language="en")
    data: dict[str, object] = json.loads(snapshot.seats[(seat, "en")])
    return data


def test_a_game_without_a_section_refuses_one_naming_it(race: None) -> None:
    """A game whose box declares no section has no settings of its own: a `[game.race]`
    table is a mistake the file's check names, not something read and ignored."""
    with pytest.raises(ConfigError) as caught:
        parse_config({"game": {"name": "race", "race": {"goal": 12}}})
    assert caught.value.key == "game.race" and "no settings of its own" in str(caught.value)


def test_a_third_game_plays_through_every_part_of_the_table(race: None, tmp_path: Path) -> None:
    base = tmp_path / "journal.sqlite3"
    config = parse_config({"game": {"name": "race", "players": ["Ann", "Bo"]},
                           "store": {"path": str(base)}})
    assert config.game_name == "race" and config.players == ("Ann", "Bo")
    app = Companion(config, Journal(base), dice=SeededDice(11), clock=SteppedClock(0.3))
    try:
        # setup: the game's own menu, and a game picker that lists the registry
        assert app.game == "race" and app.controller.in_setup
        frame = app.controller.frame()
        assert isinstance(frame, SimpleFrame) and frame.screen is SimpleScreen.SETUP
        assert "Race to Ten" in drawn(frame)
        assert app.controller.menus_in("fr")[0].title == "Course à dix"  # its French words
        focus(app, "Game")
        press(app, 0, Button.SELECT)
        titles = [i.label for i in app.controller.frame().menus[0].items]
        assert titles[:3] == ["MUSH", "Canoe (Moosehead Lake)", "Mush-Ring"]  # the registry's order
        assert titles[-1] == "Race to Ten" and len(titles) == len(games.INSTALLED)
        press(app, 0, Button.SELECT, held=True)  # back out, still the race
        focus(app, "Start the game")
        assert app.controller.frame().menus[0].items[-1].detail == "2 players"
        press(app, 0, Button.SELECT)
        assert not app.controller.in_setup and app.game_id is not None

        # the game: each turn the seat in turn rolls from its pad; the other is told to wait
        turns = 0
        while app.controller.state.winner is None:
            seat = app.controller.state.turn
            frame = app.controller.frame()
            assert [m.seat for m in frame.menus] == [seat]
            assert [i.label for i in frame.menus[0].items] == ["Roll the die"]
            mine, other = phone(app, seat), phone(app, 1 - seat)
            assert mine["menu"] is not None and mine["turn"] is True
            assert other["menu"] is None and other["waiting"] == [("Ann", "Bo")[seat]]
            assert str(mine["header"]).startswith("Race to Ten · Ann: ")
            press(app, 1 - seat, Button.SELECT)  # not its turn: nothing is rolled
            assert app.controller.state.turn == seat
            press(app, seat, Button.SELECT)
            turns += 1
            assert turns < 40
        state = app.controller.state
        winner = state.winner
        assert state.players[winner].score >= GOAL > state.players[1 - winner].score
        over = app.controller.frame()
        assert over.screen is SimpleScreen.GAME_OVER and over.menus == ()
        shown = drawn(over)
        assert "Game over" in shown and f"{state.players[winner].name} wins!" in shown
        assert app.controller.lights(app.clock())[winner].pattern != \
            app.controller.lights(app.clock())[1 - winner].pattern
        game_id = app.game_id
    finally:
        app.close()

    # the journal: the race's own file beside MUSH's, replaying to the same game
    path = journal_of(base, "race")
    assert path.is_file() and path != base
    with Journal(path, game=GAME) as journal:
        record = journal.latest_game()
        assert record is not None and record.id == game_id and record.finished
        events = journal.load(record.id)
    assert GAME.replay(events) == state
    assert sum(1 for e in events if type(e).__name__ == "Rolled") == turns

    # and the command line shows and exports it as any game's
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert main(["state", "--json", "--journal", str(base), "--game",
                     f"race:{game_id}"]) == 0
    view = json.loads(out.getvalue())
    assert view["winner"] == winner and view["box"] == "race"
    with contextlib.redirect_stdout(io.StringIO()):
        assert main(["export", "--journal", str(base), "--game", f"race:{game_id}",
                     "--out", str(tmp_path / "out")]) == 0
    scores = (tmp_path / "out" / f"game-{game_id}.csv").read_text(encoding="utf-8").splitlines()
    assert scores[0] == "game,first,second"
    assert scores[1] == ",".join(map(str, (game_id, *(p.score for p in state.players))))


def test_the_demo_plays_it_with_its_bots(race: None, tmp_path: Path) -> None:
    out = io.StringIO()
    result = run_demo(tmp_path, parse_config({}), players=2, seed=3, screenshots=False,
                      voice=False, game="race", out=out)
    assert result.state.winner is not None
    assert max(p.score for p in result.state.players) >= GOAL
    lines = out.getvalue().splitlines()
    assert any(line.startswith("Leonhard: ") and " · Susan: " in line for line in lines)


def test_a_frame_words_the_lines_once_a_state_in_each_language(race: None) -> None:
    """The loop builds a frame many times over one state: the game's lines in the screen's
    language and in the others (the phones') are worded when the state changes, not each
    frame, and are what a table building them afresh words."""
    worded: list[str] = []

    def lines(state: Any) -> tuple[str, ...]:
        worded.append(i18n.language())
        return RULES.lines(state)

    clock = SteppedClock(0.3)  # a press waits a moment after the game changed
    table = SimpleTable(dataclasses.replace(RULES, lines=lines), dice=SeededDice(5),
                        clock=clock)
    while table.in_setup:  # the pads to "Start the game", and ●
        for event in pad_events(0, table.next_press(0, table.start_command())):
            table.handle(event)
            clock.tick()
    for _ in range(3):
        first = table.frame()
        worded.clear()
        assert table.frame() == first and worded == []  # the same state: nothing worded
        seat, before = table.state.turn, table.state
        for _ in range(20):  # a roll: a new state, worded once in each language
            for event in pad_events(seat, table.next_press(seat, Roll(seat))):
                table.handle(event)
                clock.tick()
            if table.state is not before:
                break
        after = table.frame()
        assert sorted(worded) == sorted(LANGUAGES)
        fresh = SimpleTable(RULES, table.state, SeededDice(5), clock).frame()
        assert (after.title, after.lines, after.worded) == (fresh.title, fresh.lines,
                                                             fresh.worded)
        assert worded_in(after, "de")[0] == "Wettlauf bis zehn"
