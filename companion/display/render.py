"""`render(frame, surface)`: one whole table screen drawn on any surface, whatever the game.

Pure drawing: no window, no clock, no event loop, so tests and the benchmark render
off-screen at any size and get the layout log back to check. Each game's screen is drawn
by its own painter (its box's `paint`), found by the frame's type; `paint` draws the
same screen in regions, and given the regions already on the surface a game's painter
may redraw only those that changed: the window's way of answering a press without
drawing everything again.
"""

from __future__ import annotations

import pygame

from companion.display.layout_log import LayoutLog
from companion.display.paint import Painter
from companion.display.regions import Region
from companion.games import box_of
from companion.table.frame import Frame


def paint(frame: Frame, surface: pygame.Surface, log: LayoutLog | None = None,
          language: str = "en", previous: list[Region] | None = None) -> Painter:
    """Draw `frame` on `surface` in `language` (en, fr, de) by its game's painter: whole,
    or (given the `previous` frame's regions, the same screen drawn on the same surface)
    only the regions that changed. The painter returned holds the log, the regions, and
    the rects a partial redraw drew (`Painter.dirty`)."""
    painter: Painter = box_of(frame).paint(frame, surface, log, language, previous)
    return painter


def render(frame: Frame, surface: pygame.Surface, log: LayoutLog | None = None,
           language: str = "en") -> LayoutLog:
    """Draw `frame` over the whole of `surface` in `language`; returns the log of every
    text drawn."""
    return paint(frame, surface, log, language).log


__all__ = ["paint", "render"]
