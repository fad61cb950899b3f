"""`render(frame, surface)`: one whole table screen drawn on any surface.

Pure drawing: no window, no clock, no event loop, so tests and the benchmark render
off-screen at any size and get the layout log back to check.
"""

from __future__ import annotations

import pygame

from companion.display import theme
from companion.display.canoe import render_canoe
from companion.display.chrome import draw_header, draw_strip, strip_height
from companion.display.join import draw_join
from companion.display.paint import LayoutLog, Painter
from companion.display.screens import screen_for
from companion.i18n import speaking
from companion.table.canoe.frame import CanoeFrame
from companion.table.frame import TableFrame


def layout(p: Painter) -> tuple[pygame.Rect, pygame.Rect, pygame.Rect]:
    """Header on top, seat strip at the bottom, the screen's own area between them."""
    margin = p.px(14)
    header_h = p.line(theme.BIG) + p.px(16)
    header = pygame.Rect(0, 0, p.width, header_h)
    strip_h = strip_height(p)
    strip = pygame.Rect(margin, p.height - margin - strip_h, p.width - 2 * margin, strip_h)
    main = pygame.Rect(margin, header.bottom + margin, p.width - 2 * margin,
                       strip.y - margin - header.bottom - margin)
    return header, main, strip


def render(frame: TableFrame | CanoeFrame, surface: pygame.Surface,
           log: LayoutLog | None = None, language: str = "en") -> LayoutLog:
    """Draw `frame` over the whole of `surface` in `language` (en, fr, de); returns the
    log of every text drawn. A Canoe game's frame is drawn by its own screens."""
    with speaking(language):
        if isinstance(frame, CanoeFrame):
            return render_canoe(frame, surface, log)
        return _render(frame, surface, log)


def _render(frame: TableFrame, surface: pygame.Surface, log: LayoutLog | None) -> LayoutLog:
    p = Painter(surface, log)
    surface.fill(theme.BG)
    header, main, strip = layout(p)
    view = frame.view
    rolling = frame.animation == "weather" and frame.animation_progress < 1.0
    draw_header(p, view, header, rolling=rolling)
    draw_strip(p, view, strip, rolling=rolling)
    surface.set_clip(main)
    try:
        screen_for(frame)(p, frame, main)
        join = getattr(frame, "join", None)
        if join is not None:  # phones: the address, room code and QR code
            draw_join(p, join, view, main)
    finally:
        surface.set_clip(None)
    return p.log
