"""Redrawing only the regions that changed leaves exactly the pixels of a whole redraw.

The window (`Display`) redraws a frame in regions: the seat cards, each menu block, the
countdown bar, the notices and the screen's content are drawn again only when what they
show changed, and when a menu grows or a notice comes the regions that moved are cleared
and drawn again in a second pass; while a roll lands, its dice are drawn again by
themselves in a region inside the turn's content. These tests play a seeded game through
the real loop (bots pressing virtual pads, the controller, the journal) with a window, and
after every other redraw compare the window's pixels with the same frame drawn whole on a
fresh surface (a wrong pixel left by a redraw stays until its region is drawn again, so
the redraws between are checked too, at half the cost).
"""

from __future__ import annotations

import dataclasses
import random
from pathlib import Path

import pygame
import pytest

from companion.app.loop import Companion
from companion.app.parts import Hooks
from companion.app.runner import MUSHERS, SteppedClock
from companion.config.file import Config
from companion.display import Display, render
from companion.display.paint import Painter
from companion.games.mush.bots import SensibleBot
from companion.games.mush.dice import SeededDice
from companion.games.mush.model import Phase
from companion.games.mush.table.bots import BotDriver
from companion.games.mush.table.frame import TableFrame
from companion.store import Journal
from display.conftest import save_screen

SIZE = (800, 480)
"""The 7" screen: the smallest the table is built for, and the cheapest to compare."""


def _whole(frame: TableFrame, language: str) -> bytes:
    surface = pygame.Surface(SIZE)
    render(frame, surface, language=language)
    return pygame.image.tobytes(surface, "RGB")


@dataclasses.dataclass
class Compared:
    redraws: int = 0
    compared: int = 0
    partial: int = 0
    second_pass: int = 0
    mismatches: int = 0
    screens: set[str] = dataclasses.field(default_factory=set)
    dice_steps: int = 0  # redraws of a roll landing (its dice tumbling) compared
    dice_alone: int = 0  # of them, redraws of the dice's region and nothing of the content


def _play(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, players: int, seed: int,
          every: int = 2) -> Compared:
    """A seeded game through the loop to its end, every `every`th redraw compared with a
    whole redraw of its frame."""
    config = Config(players=MUSHERS[:players])
    display = Display(size=SIZE)
    seen = Compared()
    passes: list[int] = []  # per pass of the painter: 1 if it compared with regions
    full = [0]  # the display's whole redraws so far
    drawn: set[str] = set()  # the regions the redraw drew
    painted = Painter.region

    def region(self: Painter, name: str, rect: pygame.Rect, key: object,
               keep: bool = False, inside: bool = False) -> bool:
        if not self.regions:
            passes.append(int(self.partial))
        draw = painted(self, name, rect, key, keep, inside)
        if draw:
            drawn.add(name)
        return draw

    monkeypatch.setattr(Painter, "region", region)

    shown: list[TableFrame] = []  # the frame on screen

    def on_frame(frame: TableFrame, redrawn: bool) -> None:
        if not redrawn:
            return
        shown[:] = [frame]
        seen.redraws += 1
        if display.full_redraws == full[0]:
            seen.partial += 1
            seen.second_pass += int(sum(passes) > 1)
        partial = display.full_redraws == full[0]
        full[0] = display.full_redraws
        passes.clear()
        regions = set(drawn)
        drawn.clear()
        seen.screens.add(frame.screen)
        if seen.redraws % every:
            return
        seen.compared += 1
        if frame.animation in ("dice", "die", "weather") and 0 < frame.animation_progress < 1:
            seen.dice_steps += 1
            # (a countdown may tick in the same frame: its own region)
            seen.dice_alone += int(partial and "content dice" in regions
                                   and regions <= {"content dice", "countdown"})
        if pygame.image.tobytes(display.surface, "RGB") != _whole(frame, display.language):
            seen.mismatches += 1
            if seen.mismatches == 1:  # the first one, to look at (`pytest --screens`)
                save_screen(display.surface, "partial-redraw-mismatch.png")
                whole = pygame.Surface(SIZE)
                render(frame, whole, language=display.language)
                save_screen(whole, "partial-redraw-mismatch-whole.png")

    clock = SteppedClock(0.25)
    companion = Companion(config, Journal(tmp_path / "journal.sqlite3"),
                          dice=SeededDice(seed), clock=clock, display=display,
                          hooks=Hooks(on_frame=on_frame))
    driver = BotDriver(companion.controller, dict.fromkeys(range(players), SensibleBot()),
                       random.Random(seed), setup_seat=0)
    try:
        companion.draw()
        for _ in range(20_000):
            state = companion.controller.state
            if state.phase is Phase.GAME_OVER:
                break
            if companion.events.empty():
                for pad_event in driver.presses():
                    companion.events.put(pad_event)
            companion.step(wait=0)
            clock.tick()
            if shown and shown[0].animation in ("dice", "die", "weather"):
                # the loop draws a roll landing at its own cadence in real time, which a
                # test's loop outruns: each step of the stepped clock is drawn here
                companion.draw()
    finally:
        companion.close()
    return seen


def test_partial_redraws_are_pixel_identical_to_whole_ones(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The redraws of a seeded 2-player game from setup to game over (training, bidding,
    the reveal, weather, turns with their windows, countdowns and rolls landing) equal
    the whole redraws of the same frames, pixel for pixel; and many redraws were partial,
    some of them with menus that moved, and most steps of a roll landing drew its dice
    and nothing else of the content (so the test checks what it says it does)."""
    seen = _play(tmp_path, monkeypatch, players=2, seed=11)
    assert seen.mismatches == 0, f"{seen.mismatches} of {seen.compared} compared differ"
    assert {"setup", "bidding", "turn", "weather", "dogs", "game_over"} <= seen.screens
    assert seen.compared >= seen.redraws // 2 > 100
    assert seen.partial > seen.redraws // 3, (seen.partial, seen.redraws)
    assert seen.second_pass > 10
    assert seen.dice_steps > 10, seen.dice_steps
    assert seen.dice_alone > seen.dice_steps // 2, (seen.dice_alone, seen.dice_steps)
