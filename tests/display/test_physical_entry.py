"""The roller's entry of a roll made with the wooden dice, drawn like any menu: it fits at
every size and in every language, and shows what it asks."""

from __future__ import annotations

import os

import pygame
import pytest
from table.helpers import FakeClock, bidding, choose, do
from table.scenes import turn_of_seat_0

from companion.display import font_floor, render
from companion.rules import commands as c
from companion.table import TableConfig, TableController, TableFrame
from companion.words import LANGUAGES
from display.conftest import SCREEN_DIR


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
    os.makedirs(SCREEN_DIR, exist_ok=True)
    pygame.image.save(surface, os.path.join(
        SCREEN_DIR, f"4p_entry_{name}_{language}_{size[0]}x{size[1]}.png"))
    assert log.problems() == []
    assert min(d.size for d in log.draws) >= font_floor(size[1])
    title = ("Roll 8 green dice: how many dogs?" if name == "dogs"
             else "Roll the weather: which face?")
    # the title may go over two lines on a small screen
    assert any(title.startswith(d.source) and len(d.source) > 10 for d in log.draws)
