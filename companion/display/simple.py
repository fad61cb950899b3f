"""The screen of a simple game (`companion.table.simple`): its title, its own lines (the
scores), whose turn it is, the seats' menus and the notices, drawn with the shared
widgets every game's screen uses, so a new game of that kind needs no painter of its own.
Menus that hold a hand (`SimpleFrame.secret`) are drawn as who is choosing, never their
items; a seat's own lines (`SimpleFrame.private`) are never drawn.
"""

from __future__ import annotations

import pygame

from companion.display import theme
from companion.display.chrome import draw_notices, notices_height
from companion.display.join import join_at_bottom
from companion.display.layout_log import LayoutLog
from companion.display.menus import draw_menus
from companion.display.paint import Painter, split_columns
from companion.display.regions import Region
from companion.i18n import speaking, t
from companion.table.simple import SimpleFrame, SimpleScreen


def paint_simple(frame: SimpleFrame, surface: pygame.Surface, log: LayoutLog | None = None,
                 language: str = "en", previous: list[Region] | None = None) -> Painter:
    """Draw a simple game's frame over the whole surface in `language` (whole every
    time: `previous` is not used, and the painter keeps no regions)."""
    with speaking(language):
        p = Painter(surface, log)
        _draw(p, frame)
        return p


def _draw(p: Painter, frame: SimpleFrame) -> None:
    p.surface.fill(theme.BG)
    margin = p.px(14)
    header = pygame.Rect(0, 0, p.width, p.line(theme.BIG) + p.px(16))
    pygame.draw.rect(p.surface, theme.PANEL, header)
    title = t("over.title") if frame.screen is SimpleScreen.GAME_OVER else frame.title
    p.text(title, header.inflate(-2 * p.px(16), -p.px(8)), theme.BIG, bold=True)
    body = pygame.Rect(margin, header.bottom + margin, p.width - 2 * margin,
                       p.height - header.bottom - 2 * margin)
    # menus drawn take the wider column; a game whose menus hold a hand only names who
    # is choosing, so its own lines (a card game's rings and piles) take the wider one
    shares = [0.62, 0.38] if frame.secret or not frame.menus else [0.42, 0.58]
    left, right = split_columns(body, shares, gap=margin)
    y = left.y
    for line in frame.lines:  # the game's own lines, as many as fit
        if y + p.line(theme.BODY) > left.bottom:
            break
        p.text(line, pygame.Rect(left.x, y, left.w, p.line(theme.BODY)), theme.BODY,
               may_cut=True)
        y += p.line(theme.BODY) + p.px(4)
    if frame.winner is not None and y + p.line(theme.BIG) <= left.bottom:
        winner = frame.names.seats[frame.winner].name
        p.text(t("over.wins", name=winner), pygame.Rect(left.x, y, left.w, p.line(theme.BIG)),
               theme.BIG, bold=True, colour=theme.YELLOW, may_cut=True)
    rows = p.line(theme.SMALL)
    for row, text in enumerate(reversed(frame.about), start=1):
        p.text(text, pygame.Rect(left.x, left.bottom - row * rows, left.w, rows), theme.SMALL,
               colour=theme.DIM)
    if frame.join is not None:
        join_at_bottom(p, frame.join, frame.names,
                       pygame.Rect(left.x, y, left.w, left.bottom - y - rows * len(frame.about)))
    notes = notices_height(p, frame.names, frame.notices, right.w) if frame.notices else 0
    menus = pygame.Rect(right.x, right.y, right.w, right.h - notes)
    if frame.menus and menus.h > 0 and frame.secret:
        _choosing(p, frame, menus)
    elif frame.menus and menus.h > 0:
        draw_menus(p, frame.names, frame.menus, menus)
    if frame.notices:
        draw_notices(p, frame.names, frame.notices,
                     pygame.Rect(right.x, right.bottom - notes, right.w, notes))


def _choosing(p: Painter, frame: SimpleFrame, box: pygame.Rect) -> None:
    """Menus that hold a hand: who is choosing, on their phone; never an item."""
    y = box.y
    for menu in frame.menus:
        if y + p.line(theme.BODY) > box.bottom:
            break
        name = frame.names.seats[menu.seat].name if 0 <= menu.seat < len(
            frame.names.seats) else ""
        p.text(t("simple.choosing", name=name), pygame.Rect(box.x, y, box.w,
               p.line(theme.BODY)), theme.BODY, may_cut=True)
        y += p.line(theme.BODY) + p.px(6)


__all__ = ["paint_simple"]
