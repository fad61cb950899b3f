"""The roller's entry of a roll made with the wooden dice, drawn like any menu: it fits at
every size and in every language, and shows what it asks."""

from __future__ import annotations

import pygame
import pytest
from table.helpers import FakeClock, bidding, choose, do
from table.scenes import turn_of_seat_0

from companion.config.table import TableConfig
from companion.display import font_floor, render
from companion.games.mush import commands as c
from companion.games.mush.table.controller import TableController
from companion.games.mush.table.frame import TableFrame
from companion.i18n import LANGUAGES, speaking, t
from display.conftest import save_screen


def dogs_entry() -> TableFrame:
    state, dice = turn_of_seat_0()
    clock = FakeClock()
    table = TableController(state, dice, clock, TableConfig(physical_dice=True))
    choose(table, 0, c.Move(0))
    clock.advance(30)  # the reduce window runs out: the dog dice are asked for
    table.tick()
    assert table.entry is not None
    return table.frame()


def weather_entry() -> TableFrame:
    state, dice = bidding()
    state = do(state, dice, *(c.LockBid(s, 0) for s in range(4)))
    table = TableController(state, dice, FakeClock(), TableConfig(physical_dice=True))
    choose(table, 0, c.RollWeather(0))
    assert table.entry is not None
    return table.frame()


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("size", [(1920, 1080), (1280, 720), (800, 480)],
                         ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("name", ["dogs", "weather"])
def test_the_entry_fits(name: str, size: tuple[int, int], language: str) -> None:
    frame = dogs_entry() if name == "dogs" else weather_entry()
    surface = pygame.Surface(size)
    log = render(frame, surface, language=language)
    save_screen(surface, f"4p_entry_{name}_{language}_{size[0]}x{size[1]}.png")
    assert log.problems() == []
    assert min(d.size for d in log.draws) >= font_floor(size[1])
    title = ("Roll 8 green dice: how many dogs?" if name == "dogs"
             else "Roll the weather: which face?")
    # the title may go over two lines on a small screen
    assert any(title.startswith(d.source) and len(d.source) > 10 for d in log.draws)


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_roll_by_hand_is_not_drawn_as_a_roll_by_the_table(language: str) -> None:
    """While the wooden die is awaited the weather screen says to roll it and enter its
    face, not to press ● to roll; while the dog dice are entered, the others' cards no
    longer say they may take dice away: that window has had its say."""
    with speaking(language):
        enter, press = t("weather.enter"), t("weather.press")
        may_reduce, playing = t("status.may_reduce"), t("status.playing")
        others = t("reduce.others", name="\x00").split("\x00")[0]
    weather = render(weather_entry(), pygame.Surface((1280, 720)), language=language)
    drawn = " ".join(weather.texts())
    assert enter.split()[0] in drawn and press not in drawn
    assert any(enter.startswith(d.source) and len(d.source) > 8 for d in weather.draws)
    dogs = render(dogs_entry(), pygame.Surface((1280, 720)), language=language).texts()
    assert may_reduce not in dogs
    assert not any(text.startswith(others) for text in dogs)  # nor the turn's headline
    assert playing in dogs  # the roller's card, as before


def test_before_the_entry_the_table_still_says_press_to_roll() -> None:
    """The table's own roll (or a physical roll not yet asked for) keeps its words."""
    state, dice = bidding()
    state = do(state, dice, *(c.LockBid(s, 0) for s in range(4)))
    table = TableController(state, dice, FakeClock(), TableConfig(physical_dice=True))
    drawn = render(table.frame(), pygame.Surface((1280, 720))).texts()
    assert "Press ● to roll" in drawn
    state, dice = turn_of_seat_0()
    clock = FakeClock()
    table = TableController(state, dice, clock, TableConfig(physical_dice=True))
    choose(table, 0, c.Move(0))  # the reduce window is open: the others may reduce
    assert "Take dice?" in render(table.frame(), pygame.Surface((1280, 720))).texts()
