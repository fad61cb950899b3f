"""The join card: how a phone becomes a seat's pad, drawn over a corner of the screen.

During setup (and for a while after a pad asks for it) the table shows the address to
open, the room code and a QR code of both (and, when the table offers its own Wi-Fi, that
network's QR code first, with its name and password); a seat that asked for its own code gets a
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
from companion.table.frame import JoinCard, SeatBook, WifiCard


def draw_join(p: Painter, card: JoinCard, view: SeatBook, area: pygame.Rect,
              whole: bool = False) -> pygame.Rect:
    """Draw `card` in the lower left of `area` (`whole`: all of it); returns the rect it
    covers. With the table's own Wi-Fi the card has two rows, the network's code first:
    two scans."""
    gap = p.px(16)
    width = min(area.w, max(area.w * 45 // 100, p.px(760)))
    height = min(area.h, max(p.px(330), area.h * 45 // 100) * (2 if card.wifi else 1))
    if whole:
        width, height = area.w, area.h
    rect = pygame.Rect(area.x, area.bottom - height, width, height)
    border = w.seat_identity(card.seat).rgb if card.seat is not None else theme.LINE
    w.panel(p, rect, border=border, fill=theme.PANEL)
    inner = rect.inflate(-2 * gap, -2 * gap)
    if card.wifi is not None:
        top = pygame.Rect(inner.x, inner.y, inner.w, (inner.h - gap) // 2)
        _wifi_row(p, card.wifi, top, gap)
        pygame.draw.line(p.surface, theme.LINE, (inner.x, top.bottom + gap // 2),
                         (inner.right, top.bottom + gap // 2))
        inner = pygame.Rect(inner.x, top.bottom + gap, inner.w, inner.bottom - top.bottom - gap)
    _page_row(p, card, view, inner, gap)
    return rect


def _qr_beside(p: Painter, rows: tuple[str, ...], box: pygame.Rect, gap: int,
               text_width: int) -> pygame.Rect:
    """A QR code at the left of `box`, as large as leaves `text_width` beside it (down to
    two pixels a module); returns the box left for the text."""
    if not rows:
        return box
    modules = len(rows)
    unit = max(1, min(box.h, box.w // 2) // modules)
    unit = max(min(unit, 2), min(unit, (box.w - gap - text_width) // modules))
    side = unit * modules
    qr = pygame.Rect(box.x, box.y + (box.h - side) // 2, side, side)
    draw_qr(p, rows, qr, unit)
    return pygame.Rect(qr.right + gap, box.y, box.right - qr.right - gap, box.h)


def _wifi_row(p: Painter, wifi: WifiCard, box: pygame.Rect, gap: int) -> None:
    """The table's own network: its QR code, its name and its password."""
    lines = [t("join.wifi_name", name=wifi.name), t("join.wifi_password", password=wifi.password)]
    widest = max(p.measure(text, theme.BODY, bold=True)[0] for text in lines)
    text = _qr_beside(p, wifi.qr, box, gap, widest)
    h = p.line(theme.BODY)
    y = text.y + max(0, (text.h - 2 * h) // 2)
    for line in lines:
        p.text(line, pygame.Rect(text.x, y, text.w, h), theme.BODY, bold=True)
        y += h


def _page_row(p: Painter, card: JoinCard, view: SeatBook, inner: pygame.Rect,
              gap: int) -> None:
    """The page: its QR code, the address (on one line), the phones here, the room code
    or, while the room is locked, what lifts the lock."""
    address = card.address.removeprefix("http://")
    text = _qr_beside(p, card.qr, inner, gap, p.measure(address, theme.BODY, bold=True)[0])
    line = p.line(theme.SMALL)
    if card.seat is not None:
        lead = t("join.seat", name=seat_name(view, card.seat))
    else:
        lead = t("join.open")
    code_h = 3 * line if card.locked else p.line(theme.BIG)
    y = text.y
    y += p.wrap(lead, pygame.Rect(text.x, y, text.w, line * (2 if card.wifi else 3)),
                theme.SMALL, colour=theme.DIM) + gap // 2
    y += p.wrap(address, pygame.Rect(text.x, y, text.w, p.line(theme.BODY) * 2), theme.BODY,
                bold=True)
    if card.phones:  # the phones that came: the table sees its group arrive
        room = text.bottom - code_h - y
        if room >= line:
            p.wrap(t("join.phones", names=", ".join(card.phones)),
                   pygame.Rect(text.x, y, text.w, min(room, line * 2)), theme.SMALL,
                   colour=theme.DIM)
    if card.locked:  # the code takes nothing now: say so where the code stood
        p.wrap(t("join.locked"), pygame.Rect(text.x, text.bottom - code_h, text.w, code_h),
               theme.SMALL, colour=theme.WARN, bold=True)
    elif card.code:
        p.text(t("join.code", code=card.code), pygame.Rect(text.x, text.bottom - code_h,
                                                           text.w, code_h),
               theme.BIG, bold=True, colour=theme.YELLOW)


def draw_qr(p: Painter, rows: tuple[str, ...], rect: pygame.Rect, unit: int) -> None:
    """A QR code's modules as whole pixels on white (its quiet zone is in `rows`)."""
    pygame.draw.rect(p.surface, theme.SNOW, rect)
    for y, row in enumerate(rows):
        for x, cell in enumerate(row):
            if cell == "1":
                pygame.draw.rect(p.surface, theme.BLACK,
                                 (rect.x + x * unit, rect.y + y * unit, unit, unit))


def join_at_bottom(p: Painter, card: JoinCard, view: SeatBook, rect: pygame.Rect) -> int:
    """The join card as part of a setup screen, at the bottom of `rect` (above the
    version lines) rather than over the screen: no taller than the card drawn over a
    corner, its QR code at most 2/5 of its width so the address stays on one line.
    Returns the card's top, so the screen's own lines stop above it."""
    gap = p.px(16)
    high = min(rect.h - p.px(6), p.px(300), 2 * gap + (rect.w - 2 * gap) * 38 // 100)
    if card.wifi is not None:  # a row for the network above the page's
        high = rect.h - p.px(6)  # the whole column: the codes matter most now
    drawn = draw_join(p, card, view, pygame.Rect(rect.x, rect.bottom - p.px(6) - high,
                                                 rect.w, high), whole=True)
    return drawn.y
