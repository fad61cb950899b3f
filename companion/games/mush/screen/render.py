"""MUSH's screen: `paint(frame, surface)` draws one whole table screen on any surface.

Pure drawing: no window, no clock, no event loop, so tests and the benchmark render
off-screen at any size and get the layout log back to check. `paint` draws the same
screen in regions, and given the regions already on the surface redraws only those that
changed: the window's way of answering a press without drawing everything again.
"""

from __future__ import annotations

import pygame

from companion.display import theme
from companion.display.join import draw_join
from companion.display.layout_log import LayoutLog
from companion.display.paint import Painter, paint_by_regions
from companion.display.regions import Region
from companion.games.mush.screen.chrome import (
    draw_header,
    draw_strip,
    seat_card,
    strip_cards,
    strip_height,
)
from companion.games.mush.screen.screens import screen_for, screen_setup
from companion.games.mush.table.frame import TableFrame
from companion.games.mush.table.view import SeatView, TableView
from companion.i18n import speaking, t


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


def paint(frame: TableFrame, surface: pygame.Surface, log: LayoutLog | None = None,
          language: str = "en", previous: list[Region] | None = None) -> Painter:
    """Draw `frame` on `surface`: whole, or (given the `previous` frame's regions, the
    same screen drawn on the same surface) only the regions that changed, each over its
    own background. The painter returned holds the log, the regions, and the rects a
    partial redraw drew (`Painter.dirty`). A frame whose layout moved is drawn whole."""
    with speaking(language):
        return paint_by_regions(surface, log, previous if frame.join is None else None,
                                lambda p: _render(frame, p))


def header_key(view: TableView, rolling: bool) -> tuple[object, ...]:
    """What `draw_header` reads of the view: when it is equal the header is too."""
    return (view.round, view.act, view.weather, view.weather_zone, view.chart_zone,
            view.placeholder_charts, view.bank, view.coins, view.sticks, rolling)


def card_key(view: TableView, seat: SeatView, rolling: bool) -> tuple[object, ...]:
    """What `seat_card` reads: the seat, who is active or won, the act, the window."""
    return (seat, len(view.seats), view.active, view.act, view.winner, view.window, rolling)


def _render(frame: TableFrame, p: Painter) -> None:
    surface = p.surface
    if not p.partial:
        surface.fill(theme.BG)
    header, main, strip = layout(p)
    view = frame.view
    rolling = frame.animation == "weather" and frame.animation_progress < 1.0
    if p.region("header", header, header_key(view, rolling)):
        draw_header(p, view, header, rolling=rolling)
    if view.seats:
        cards = strip_cards(p, view, strip)
        for seat, card in zip(view.seats, cards, strict=True):
            if p.region(f"card {seat.seat}", card, card_key(view, seat, rolling)):
                seat_card(p, view, seat, card, rolling)
    else:  # setup: the phones seated so far stand where the players will
        phones = frame.join.phones if frame.join is not None else ()
        if p.region("strip", strip, (len(view.seats), rolling, phones)):
            draw_strip(p, view, strip, rolling=rolling,
                       empty=t("join.phones", names=", ".join(phones)) if phones else None)
    p.bounds(main)
    try:
        screen = screen_for(frame)
        screen(p, frame, main)
        p.end_region()
        last = p.regions[-1] if p.regions else None
        if last is None or (last.within or last.name) != "content":
            # a screen that draws other than through `Areas` (its content last, or what
            # is drawn over it) may draw outside any region: it is drawn whole every time
            p.regions = []
        join = frame.join
        if join is not None and screen is not screen_setup:
            # phones: the address, room code and QR code over the rest (setup draws it in
            # its content, above the version)
            draw_join(p, join, view, main)
            p.regions = []  # drawn over the regions: the next frame is drawn whole
    finally:
        p.bounds(None)
        surface.set_clip(None)
    p.finish()
