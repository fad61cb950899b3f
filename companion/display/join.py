"""The join card: how a phone becomes a seat's pad, drawn over a corner of the screen.

During setup (and for a while after a pad asks for it) the table shows the address to
open, the room code and a QR code of both; a seat that asked for its own code gets a
card edged in its colour with that seat's QR code. The card sits in the lower left of the
screen's middle, where setup has no menu; the QR code's modules are whole pixels with a
light quiet zone, so a phone's camera reads it from the table.
"""

from __future__ import annotations

import pygame

from companion.display import theme
from companion.display import widgets as w
from companion.display.chrome import seat_name
from companion.display.paint import Painter
from companion.i18n import t
from companion.table.frame import JoinCard, SeatBook


def draw_join(p: Painter, card: JoinCard, view: SeatBook, area: pygame.Rect) -> pygame.Rect:
    """Draw `card` in the lower left of `area`; returns the rect it covers."""
    gap = p.px(16)
    modules = len(card.qr)
    width = min(area.w, max(area.w * 45 // 100, p.px(760)))
    height = min(area.h, max(p.px(330), area.h * 45 // 100))
    rect = pygame.Rect(area.x, area.bottom - height, width, height)
    border = w.seat_identity(card.seat).rgb if card.seat is not None else theme.LINE
    w.panel(p, rect, border=border, fill=theme.PANEL)
    inner = rect.inflate(-2 * gap, -2 * gap)
    text_left = inner.x
    address = card.address.removeprefix("http://")
    if modules:
        # the address stays on one line beside the code: the code gives up the width
        # the address needs, down to two pixels a module (still read from the table)
        beside = inner.w - gap - p.measure(address, theme.BODY, bold=True)[0]
        unit = max(1, min(inner.h, inner.w // 2) // modules)
        unit = max(min(unit, 2), min(unit, beside // modules))
        side = unit * modules
        qr = pygame.Rect(inner.x, inner.y + (inner.h - side) // 2, side, side)
        pygame.draw.rect(p.surface, theme.SNOW, qr)
        for y, row in enumerate(card.qr):
            for x, cell in enumerate(row):
                if cell == "1":
                    pygame.draw.rect(p.surface, theme.BLACK,
                                     (qr.x + x * unit, qr.y + y * unit, unit, unit))
        text_left = qr.right + gap
    text = pygame.Rect(text_left, inner.y, inner.right - text_left, inner.h)
    line = p.line(theme.SMALL)
    if card.seat is not None:
        lead = t("join.seat", name=seat_name(view, card.seat))
    else:
        lead = t("join.open")
    used = p.wrap(lead, pygame.Rect(text.x, text.y, text.w, line * 3), theme.SMALL,
                  colour=theme.DIM)
    y = text.y + used + gap // 2
    p.wrap(address, pygame.Rect(text.x, y, text.w, p.line(theme.BODY) * 2), theme.BODY,
           bold=True)
    if card.code:
        code_h = p.line(theme.BIG)
        p.text(t("join.code", code=card.code), pygame.Rect(text.x, text.bottom - code_h,
                                                           text.w, code_h),
               theme.BIG, bold=True, colour=theme.YELLOW)
    return rect


def join_at_bottom(p: Painter, card: JoinCard, view: SeatBook, rect: pygame.Rect) -> int:
    """The join card as part of a setup screen, at the bottom of `rect` (above the
    version lines) rather than over the screen: no taller than the card drawn over a
    corner, its QR code at most 2/5 of its width so the address stays on one line.
    Returns the card's top, so the screen's own lines stop above it."""
    gap = p.px(16)
    high = min(rect.h - p.px(6), p.px(300), 2 * gap + (rect.w - 2 * gap) * 38 // 100)
    drawn = draw_join(p, card, view, pygame.Rect(rect.x, rect.bottom - p.px(6) - high,
                                                 rect.w, high))
    return drawn.y
