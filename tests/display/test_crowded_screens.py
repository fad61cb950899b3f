"""A screen crowded by notices (a full card's "not saved", a recovery, damaged settings)
on a small display never asks pygame for a die of negative size: a full card once ended
`run` with "pygame.error: Invalid resolution for Surface" (the weather screen's die,
squeezed under its payments and the notices, came out smaller than nothing).

The real painter on SDL's dummy driver, frames from a real bot game.
"""

from __future__ import annotations

from dataclasses import replace

import pygame
import pytest

from companion.display import widgets as w
from companion.display.paint import Painter
from companion.display.render import render
from companion.i18n import speaking, t
from companion.table.frame import Notice
from display.frames import all_frames


def crowded(language: str) -> tuple[Notice, ...]:
    with speaking(language):
        return (Notice(t("n.not_saved", reason=t("n.card.full"))),
                Notice(t("n.repaired_lost", lost=12)),
                Notice(t("n.prefs_damaged", problem="table-settings.json: damaged")))


@pytest.mark.parametrize("name", ["weather_reroll_paid", "weather_reroll_landed"])
def test_a_full_card_s_notices_on_a_small_screen_draw_the_weather_roll(name: str) -> None:
    frame = all_frames(2)[name]
    with speaking("de"):
        frame = replace(frame, notices=(*frame.notices, *crowded("de")))
        for progress in (0.5, 1.0):
            surface = pygame.Surface((320, 240))
            render(replace(frame, animation_progress=progress), surface)
            assert surface.get_at((0, 0)) is not None


@pytest.mark.parametrize("size", [-40, -1, 0])
def test_a_die_with_no_room_is_not_drawn(size: int) -> None:
    surface = pygame.Surface((200, 200))
    p = Painter(surface)
    before = pygame.image.tobytes(surface, "RGB")
    w.standard_die(p, pygame.Rect(10, 10, size, size), 3)
    w.dog_die(p, pygame.Rect(10, 10, 50, size), "red", True)
    assert pygame.image.tobytes(surface, "RGB") == before
