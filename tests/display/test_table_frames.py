"""Frames made by the table controller itself, drawn at every supported size.

The screens in `test_screens.py` come from frames built like the controller's; these come
from a `TableController`, so the menus are exactly the ones the table shows: every seat's
reaction-window menu stacked at once, and the game-over screen with the program's
new-game notice (companion/app.py).
"""

from __future__ import annotations

import functools
import random
from dataclasses import replace

import pygame
import pytest
from table.helpers import FakeClock, bidding, bot_steps, choose, controller, do

from companion.app import NEW_GAME_NOTICE
from companion.display import font_floor, render
from companion.rules import commands as c
from companion.rules.bots import sensible_policy
from companion.rules.dice import SeededDice
from companion.rules.model import Phase
from companion.rules.settings import Variants
from companion.table import BotDriver, TableConfig, TableController, TableFrame
from companion.words import LANGUAGES
from display.conftest import save_screen

SIZES = [(1920, 1080), (1280, 720), (800, 480)]
GREEN_DOGS = (1, 1, 1, 5, 5, 6, 6, 6)


def window_frames(players: int) -> dict[str, TableFrame]:
    """Seat 0 moves: the reduce window (every other seat's menu), then, everyone having
    passed, the reroll window (every seat's menu, the roller's too)."""
    state, dice = bidding(players=players)
    state = do(state, dice, *(c.LockBid(s, 0) for s in range(players)))
    dice.push(1)
    state = do(state, dice, c.RollWeather(0), *(c.Pass(s) for s in range(players)))
    ctl, _ = controller(state, dice)
    choose(ctl, 0, c.Move(0))
    frames = {"reduce": ctl.frame()}
    dice.push(*GREEN_DOGS)
    for seat in range(1, players):
        choose(ctl, seat, c.Pass(seat))
    assert ctl.state.phase is Phase.REROLL
    frames["reroll"] = ctl.frame()
    return frames


def save(surface: pygame.Surface, name: str) -> None:
    size = surface.get_size()
    save_screen(surface, f"{name}_{size[0]}x{size[1]}.png")


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("kind", ["reduce", "reroll"])
@pytest.mark.parametrize("players", [4, 6])
def test_stacked_window_menus_fit_without_overlap(players: int, kind: str,
                                                  size: tuple[int, int]) -> None:
    frame = window_frames(players)[kind]
    menus = frame.menus
    offers = [m for m in menus if m.style == "buttons"]
    if kind == "reduce":
        assert len(offers) == len(menus) == players - 1
    else:  # the roller chooses its next step ahead; everyone else is offered the reroll
        assert [m.seat for m in menus if m not in offers] == [0]
        assert len(offers) == players - 1
    surface = pygame.Surface(size)
    log = render(frame, surface)
    save(surface, f"table_{players}p_{kind}_window")
    assert log.problems() == []
    assert min(d.size for d in log.draws) >= font_floor(size[1])
    # the same offer to every seat is one block: each of its buttons (● no, ◀ and ▶ what
    # else) is drawn once, whole
    glyphs = {"select": "●", "left": "◀", "right": "▶"}
    buttons = [f"{glyphs[item.button]} {item.label}" for item in offers[0].items]
    assert buttons[0] == "● No" and len(buttons) == 3
    assert any(b.startswith("◀ Take dice" if kind == "reduce" else "▶ Reroll")
               for b in buttons)
    for button in buttons:
        drawn = [d for d in log.draws if d.source.startswith(button)]
        assert len(drawn) == 1, button
        assert drawn[0].fit != "ellipsized", drawn[0]


def test_the_layout_check_catches_text_drawn_over_text() -> None:
    from companion.display.paint import Painter

    surface = pygame.Surface((800, 480))
    p = Painter(surface)
    p.text("Reroll Peter's dog dice?", pygame.Rect(10, 10, 400, 40))
    p.text("◀ pass · ● pay 3", pygame.Rect(10, 20, 400, 40))
    assert any("overlaps" in problem for problem in p.log.problems())
    surface.set_clip(pygame.Rect(0, 0, 800, 100))
    p.text("▼ 1 more", pygame.Rect(10, 90, 400, 40))
    surface.set_clip(None)
    assert any("cut off" in problem for problem in p.log.problems())


def finished_game() -> TableController:
    clock = FakeClock()
    ctl = TableController(dice=SeededDice(3), clock=clock)
    driver = BotDriver(ctl, dict.fromkeys(range(4), sensible_policy), random.Random(3))
    for _ in bot_steps(ctl, driver, clock, pace=0.3):
        if ctl.state.phase is Phase.GAME_OVER:
            return ctl
    raise AssertionError("the game did not end")


@pytest.mark.slow
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_game_over_with_the_new_game_notice(size: tuple[int, int]) -> None:
    ctl = finished_game()
    frame = ctl.frame()
    frame = replace(frame, notices=(*frame.notices, NEW_GAME_NOTICE))  # as the app does
    assert frame.screen == "game_over" and frame.stats is not None and frame.stats.seats
    surface = pygame.Surface(size)
    log = render(frame, surface)
    save(surface, "table_game_over_new_game")
    assert log.problems() == []
    notice = [d for d in log.draws if d.source == NEW_GAME_NOTICE.text]
    assert len(notice) == 1 and notice[0].fit in ("full", "shrunk")
    assert notice[0].size >= font_floor(size[1])
    assert any(d.text.endswith("wins!") for d in log.draws)
    names = {row.name for row in frame.stats.seats}
    assert names <= {d.text for d in log.draws}


EVERY_SCREEN = ("setup", "training", "bidding", "reveal", "early_riser", "weather", "turn",
                "rest", "reduce", "dogs", "moving", "terrain", "avalanche", "pressing",
                "round_end", "game_over")
"""Every screen name the controller gives its frames."""


def controller_screens(players: int, language: str = "en") -> dict[str, TableFrame]:
    """The first settled frame of every screen, and of every screen mid-animation, from
    bot games played through the controller (the seat names as in a real setup), with
    the menus and notices in `language`."""
    frames: dict[str, TableFrame] = {}
    config = TableConfig(players=players, seat_names=NAMES[:players],
                         variants=Variants(avalanches_at_start=True), screen_language=language)
    for seed in range(1, 8):
        clock = FakeClock()
        ctl = TableController(dice=SeededDice(seed), clock=clock, config=config)
        driver = BotDriver(ctl, dict.fromkeys(range(players), sensible_policy),
                           random.Random(seed))
        # animations end between presses (1.5 s apart): settled frames
        for _ in bot_steps(ctl, driver, clock, limit=40_000, pace=1.5):
            frame = ctl.frame()
            key = frame.screen if frame.animation is None else f"{frame.screen}_animated"
            frames.setdefault(key, frame)
            if ctl.state.phase is Phase.GAME_OVER:
                break
        if set(EVERY_SCREEN) <= set(frames):
            break
    return frames


NAMES = ("Leonhard", "Bartholomew-Maximilian", "Libby", "Rick", "Françoise-Anne", "Ute")
# The games are played once per test process, when a test first needs them (not while
# the tests are collected), and the tests that use them share one worker.
controller_frames = functools.cache(controller_screens)
shares_the_games = pytest.mark.xdist_group("table_frames_controller_screens")


@shares_the_games
@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("players", [4, 6])
def test_bot_games_show_every_screen(players: int, language: str) -> None:
    """Every screen, each settled: the screens `test_controller_screens_fit` draws."""
    assert set(controller_frames(players, language)) == set(EVERY_SCREEN)


@shares_the_games
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("name", sorted(f"{players}p_{language}_{screen}"
                                        for players in (4, 6) for language in LANGUAGES
                                        for screen in EVERY_SCREEN))
def test_controller_screens_fit(name: str, size: tuple[int, int]) -> None:
    """Every screen of the controller, with its own menus, at every size, in English,
    French and German."""
    players, language, screen = int(name[0]), name[3:5], name[6:]
    frame = controller_frames(players, language)[screen]
    surface = pygame.Surface(size)
    log = render(frame, surface, language=language)
    save(surface, f"table_{name}")
    assert log.draws
    assert log.problems() == []
    assert min(d.size for d in log.draws) >= font_floor(size[1])
