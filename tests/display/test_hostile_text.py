"""The painter never raises on a string: lone surrogates, NULs, zero-width and format
characters, escape sequences, glyphs the font lacks, very long text; and a whole table
whose players carry such names (a journal written before the name rule) is drawn."""

from __future__ import annotations

import random

import pygame
import pytest

from companion.config.table import TableConfig
from companion.display import font_floor, render
from companion.display.paint import MAX_DRAWN, Painter, drawable_text
from companion.games.mush import Settings
from companion.games.mush.bots import sensible_policy
from companion.games.mush.dice import SeededDice
from companion.games.mush.engine import start_game
from companion.games.mush.table.bots import BotDriver
from companion.games.mush.table.controller import TableController
from display.conftest import save_screen

HOSTILE = ["\ud800", "\udfff\ud800x", "a\x00b", "\x00", "\u200b", "\u2060", "\ufeff", "\u00ad",
           "\u200b\u2060\ufeff\u00ad", "\u202e", "\ufe0f", "\u0301", "\x1b[2J\x07", "\ue000",
           "\U000e0041", "山田太郎", "\U0001f600", "x" * 100_000, "", " ", "\n\n\n",
           "\u0301" * 500, "A\u2028B\u2029C"]


@pytest.mark.parametrize("text", HOSTILE, ids=[repr(t[:12]) for t in HOSTILE])
@pytest.mark.parametrize("size", [(1920, 1080), (800, 480)], ids=["1080", "480"])
def test_the_painter_draws_any_string(text: str, size: tuple[int, int]) -> None:
    p = Painter(pygame.Surface(size))
    box = pygame.Rect(10, 10, size[0] // 3, p.line(40))
    rect = p.text(text, box, 40)
    p.text(text, box.move(0, box.h + 4), 40, bold=True, align="center")
    p.wrap(text, pygame.Rect(10, 200, size[0] // 2, p.line(40) * 3), 40)
    width, height = p.measure(text, 40)
    assert height > 0 and width >= 0
    assert box.contains(rect) or rect.w == 0
    for draw in p.log.draws:
        assert isinstance(draw.text.encode("utf-8"), bytes)  # no surrogate reached the font
        assert draw.inside or not draw.text


def test_what_the_painter_drops() -> None:
    assert drawable_text("\ud800Ann\x00\u200b") == "Ann"
    assert drawable_text("Zoë") == "Zoë"
    assert drawable_text(12) == "12"
    assert len(drawable_text("x" * 100_000)) == MAX_DRAWN


def test_a_table_of_hostile_names_is_drawn_frame_after_frame() -> None:
    """A game whose names never met the rule: every frame of its first rounds is drawn."""
    names = ["\ud800", "a\x00b", "\u200b", "\u2060\ufeff\u00ad", "\x1b[2J", "山田"]
    settings = Settings.make(names)
    dice = SeededDice(11)
    state, _ = start_game(settings, dice)
    clock = [0.0]
    ctl = TableController(state, dice, lambda: clock[0], TableConfig(players=6))
    driver = BotDriver(ctl, dict.fromkeys(range(6), sensible_policy), random.Random(11))
    surface = pygame.Surface((1280, 720))
    drawn = 0
    for _ in range(400):
        log = render(ctl.frame(), surface)
        drawn += 1
        assert min(d.size for d in log.draws) >= font_floor(720)
        events = driver.presses()
        if not events and driver.paying:  # a bot looks at its Pay line first
            clock[0] += ctl.config.pay_guard_seconds
        elif not events:
            clock[0] += 30
            ctl.tick()
        for event in events:
            ctl.handle(event)
        clock[0] += 0.3
        if ctl.state.round >= 2:
            break
    assert drawn > 20 and ctl.state.round >= 2
    save_screen(surface, "hostile_names_1280x720.png")
