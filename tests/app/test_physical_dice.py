"""A round played with the wooden dice through the whole companion: each roll entered on
the roller's pad, journaled as entered, and the same game replayed after a restart (I6)."""

from __future__ import annotations

import random
from dataclasses import replace
from pathlib import Path

from companion.app.loop import Companion
from companion.app.runner import SteppedClock
from companion.config.file import Config, parse_config
from companion.games.mush import events as ev
from companion.games.mush.bots import SensibleBot
from companion.games.mush.dice import SeededDice
from companion.games.mush.evolve import replay
from companion.games.mush.model import RollKind
from companion.games.mush.table.bots import BotDriver
from companion.pads.events import Button, Kind, PadEvent
from companion.store import Journal

NAMES = ("Ann", "Bo", "Cé", "Dan")


class CountingDice(SeededDice):
    """The companion's own dice, counting what it is asked for."""

    def __init__(self, seed: int) -> None:
        super().__init__(seed)
        self.sides: list[int] = []

    def roll(self, sides: int) -> int:
        self.sides.append(sides)
        return super().roll(sides)


def physical_config(tmp_path: Path) -> Config:
    config = parse_config({"store": {"path": str(tmp_path / "journal.sqlite3")},
                           "table": {"dice": "physical"}})
    assert config.table.physical_dice
    return replace(config, players=NAMES)


def click(app: Companion, seat: int, button: Button) -> None:
    app.events.put(PadEvent(seat, button, Kind.PRESS))
    app.events.put(PadEvent(seat, button, Kind.RELEASE))
    app.step(wait=0)
    assert isinstance(app.clock, SteppedClock)
    app.clock.tick()


def test_a_round_with_wooden_dice_is_journaled_as_entered_and_resumed(tmp_path: Path) -> None:
    config = physical_config(tmp_path)
    dice = CountingDice(5)
    app = Companion(config, Journal(config.store.path), dice=dice, clock=SteppedClock(0.3))
    driver = BotDriver(app.controller, dict.fromkeys(range(4), SensibleBot()),
                       random.Random(2), setup_seat=0)
    hand = random.Random(11)  # the wooden dice
    entered: list[tuple[RollKind, int, int]] = []  # (kind, seat, value)
    for _ in range(5000):
        state = app.controller.state
        if state.round >= 2:
            break
        request = app.controller.entry
        if request is not None:
            value = hand.choice(list(request.values))
            entered.append((request.kind, request.seat, value))
            steps = value - request.likely
            for _ in range(abs(steps)):
                click(app, request.seat, Button.RIGHT if steps > 0 else Button.LEFT)
            click(app, request.seat, Button.SELECT)
            assert app.controller.entry is None
            continue
        for pad_event in driver.presses():
            app.events.put(pad_event)
        app.step(wait=0)
        assert isinstance(app.clock, SteppedClock)
        app.clock.tick()
    else:
        raise AssertionError("round 1 never ended")

    assert 6 not in dice.sides  # every die of the round was wooden; only seat draws here
    assert app.game_id is not None
    stored = app.journal.load(app.game_id)
    journaled: list[tuple[RollKind, int, int]] = []
    for event in stored:
        if isinstance(event, ev.WeatherRolled):
            journaled.append((RollKind.WEATHER, event.seat, event.face))
        elif isinstance(event, ev.DogDiceRolled):
            journaled.append((RollKind.DOGS, event.seat, event.dogs))
        elif isinstance(event, ev.TerrainRolled):
            journaled.append((RollKind.TERRAIN, event.seat, event.face))
        elif isinstance(event, ev.AvalancheRolled):
            journaled.append((RollKind.AVALANCHE, event.seat, event.face))
        elif isinstance(event, ev.PressRolled):
            journaled.append((RollKind.PRESS, event.seat, event.face))
    assert journaled == entered
    assert any(kind is RollKind.DOGS for kind, _, _ in entered)
    live = app.controller.state
    app.close()

    again = Companion(config, Journal(config.store.path), dice=CountingDice(6),
                      clock=SteppedClock(0.3))
    try:
        assert again.controller.state == live
        assert again.controller.config.physical_dice
        assert replay(again.journal.load(again.game_id or 0)) == live
    finally:
        again.close()


def test_an_unknown_dice_mode_is_refused_with_its_choices() -> None:
    import pytest

    from companion.config.file import ConfigError
    with pytest.raises(ConfigError, match=r"table\.dice.*companion, physical.*'wooden'"):
        parse_config({"table": {"dice": "wooden"}})
    assert not parse_config({}).table.physical_dice


def test_the_screen_language_defaults_to_the_voice_and_may_differ() -> None:
    import pytest

    from companion.config.file import ConfigError
    assert parse_config({}).display.language is None  # then the voice's language is used
    assert parse_config({"display": {"language": "de"}}).display.language == "de"
    with pytest.raises(ConfigError, match=r"display\.language"):
        parse_config({"display": {"language": "es"}})


def test_the_table_speaks_the_screen_language_of_the_config(tmp_path: Path) -> None:
    for table, expected in (({}, "de"), ({"display": {"language": "fr"}}, "fr")):
        config = parse_config({"store": {"path": str(tmp_path / f"{expected}.sqlite3")},
                               "voice": {"language": "de"}, **table})
        app = Companion(config, Journal(config.store.path), clock=SteppedClock(0.3))
        try:
            assert app.controller.config.screen_language == expected
            assert app.controller.frame().menus[0].title == {"de": "Neues Spiel",
                                                             "fr": "Nouvelle partie"}[expected]
        finally:
            app.close()
