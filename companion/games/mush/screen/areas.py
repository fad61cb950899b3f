"""What the screens of the round share: the areas a screen's middle is cut into (its
title, its content, the menus, the countdown, the notices, the dice rolling in the
content), the title and line rows, the seats' grid, the dice's tumble, the chart strip,
and the pressing chart's words."""

from __future__ import annotations

import functools
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

import pygame

from companion.display import theme
from companion.display import widgets as w
from companion.display.chrome import (
    View,
    countdown_height,
    draw_countdown,
    draw_notices,
    notices_height,
    word,
)
from companion.display.menus import arrange, draw_arrangement
from companion.display.paint import Painter, split_columns, split_rows
from companion.games.mush.model import RollKind
from companion.games.mush.table.frame import TableFrame
from companion.i18n import language, t
from companion.table.frame import Notice

PRESS_WORDS = {"plus_two": "press.plus_two", "plus_one": "press.plus_one",
               "nothing": "press.nothing", "tired": "press.tired"}

PRESS_CELL_WORDS = {"plus_two": "press_cell.plus_two", "plus_one": "press_cell.plus_one",
                    "nothing": "press_cell.nothing", "tired": "press_cell.tired"}
"""Pressing results short enough for a chart cell; the result line spells them out."""


class Areas:
    """The main area split into a content box and, when someone is choosing, the menus.

    The countdown runs across the top and the notices across the bottom, the menus
    between them beside the content. When the menus cannot all fit there, they take the
    whole height (and, if need be, more of the width: `menus.arrange`), and the countdown
    and notices move into the content's column.

    `dice_apart`: the screen draws its rolling dice in a region of their own inside the
    content (`dice`), so a step of the roll redraws the dice alone. The content then
    draws from `still`, the frame with the roll's progress reduced to whether it has
    landed: all that the content may show of it.
    """

    def __init__(self, p: Painter, frame: TableFrame, rect: pygame.Rect,
                 menu_share: float = 1 / 2.65, dice_apart: bool = False,
                 join: bool = False) -> None:
        gap = p.px(14)
        view = frame.view
        notices = tuple(frame.notices)
        undo = getattr(frame, "undo", None)
        if undo is not None:
            notices = (*notices[-1:], Notice(t("undo.hint", what=undo.text), undo.seat))
        countdown = frame.countdown
        # Bid menus only explain the pad's buttons; the bidding screen shows that once.
        self.bid_menus = tuple(m for m in frame.menus if getattr(m, "style", "list") == "bid")
        menus = tuple(m for m in frame.menus if getattr(m, "style", "list") != "bid")

        def between(column: pygame.Rect) -> pygame.Rect:
            """`column` less the countdown above and the notices below."""
            top, bottom = column.y, column.bottom
            if countdown is not None:
                top += countdown_height(p) + gap
            if notices:
                bottom -= notices_height(p, view, notices, column.w) + gap
            return pygame.Rect(column.x, top, column.w, max(0, bottom - top))

        body = between(rect)
        self.side: pygame.Rect | None = None
        arranged = arrange(p, view, menus, body, menu_share, gap) if menus else None
        column = rect
        if arranged is not None and arranged.over and (countdown is not None or notices):
            tall = arrange(p, view, menus, rect, menu_share, gap)
            if tall.over < arranged.over:
                arranged, column = tall, tall.content
        if arranged is not None:
            draw_arrangement(p, view, arranged)
            self.side = arranged.side
        if countdown is not None:
            h = countdown_height(p)
            bar = pygame.Rect(column.x, column.y, column.w, h)
            if p.region("countdown", bar, (countdown, view.seats)):
                draw_countdown(p, countdown, bar, view)
        if notices:
            h = notices_height(p, view, notices, column.w)
            box = pygame.Rect(column.x, column.bottom - h, column.w, h)
            if p.region("notices", box, (notices, view.seats)):
                draw_notices(p, view, notices, box)
        self.content = between(column) if column is not rect else (
            arranged.content if arranged is not None else body)
        self.still = frame if not dice_apart or frame.animation_progress in (0.0, 1.0) \
            else replace(frame, animation_progress=1.0 if frame.animation_progress >= 1.0
                         else 0.0)
        # The screen's own drawing follows, in its region: everything the frame holds
        # but the other regions' parts (bid menus stay: the bidding screen explains them).
        key = (replace(self.still, menus=self.bid_menus, countdown=None, notices=(), undo=None,
                       serial=0, join=self.still.join if join else None), language())
        self.draw = p.region("content", self.content, key)  # else it is on screen as it is

    def dice(self, p: Painter, progress: float, rect: pygame.Rect) -> bool:
        """Begin the region of the content's rolling dice (`dice_apart`) at `progress` of
        their roll, after all the rest of the content: whether they must be drawn (a step
        of the roll, or the content drawn again under them)."""
        return p.region("content dice", rect, progress, inside=True)


@dataclass(frozen=True)
class RollDice:
    """A roll's dice as a screen shows them: where each stands (a tumbling die turns
    within its place: `widgets.turned`), what it shows once landed (a dog die: whether it
    shows a dog; the standard die: its face), and the rect they cover. The one part of a
    screen that moves while a roll lands, so it is drawn in a region of its own
    (`Areas.dice`)."""

    kind: RollKind | None = None
    boxes: tuple[tuple[int, int, int, int], ...] = ()
    area: tuple[int, int, int, int] = (0, 0, 0, 0)
    colour: str = ""
    faces: tuple[int, ...] = ()

    def draw(self, p: Painter, progress: float) -> None:
        """The dice at `progress`: dog dice land one after another (`tumble`), tumbling
        ones blurred; the standard die tumbles until the end."""
        n = len(self.boxes)
        for i, (box, face) in enumerate(zip(self.boxes, self.faces, strict=True)):
            if self.kind is RollKind.DOGS:
                down, angle = tumble(progress, i, n)
                w.dog_die(p, pygame.Rect(box), self.colour, bool(face) if down else None, angle)
            elif progress < 1.0:
                w.standard_die(p, pygame.Rect(box), 1 + int(progress * 23) % 6,
                               (progress * 1000) % 360)
            else:
                w.standard_die(p, pygame.Rect(box), face)


NO_DICE = RollDice()


def roll_dice(kind: RollKind, boxes: Sequence[pygame.Rect], faces: Sequence[int],
              colour: str = "") -> RollDice:
    """The dice of a roll standing in `boxes` (none: `NO_DICE`)."""
    if not boxes:
        return NO_DICE
    area = boxes[0].unionall(list(boxes[1:]))
    return RollDice(kind, tuple((b.x, b.y, b.w, b.h) for b in boxes),
                    (area.x, area.y, area.w, area.h), colour, tuple(faces))


ScreenBody = Callable[[Painter, TableFrame, Areas], "RollDice | None"]
"""A screen's own drawing, in the content its `Areas` left it; a screen whose dice roll
returns them, to be drawn apart."""


def in_areas(menu_share: float = 1 / 2.65, dice: tuple[str, ...] = (), join: bool = False
             ) -> Callable[[ScreenBody], Callable[[Painter, TableFrame, pygame.Rect], None]]:
    """A screen drawn the common way: the menus, countdown and notices in their regions
    (`Areas`), then the screen's own drawing in the content region only when what it
    shows changed (else the content stays on screen as it is).

    `dice`: the animations during which the screen's dice roll. The screen then draws
    from `Areas.still` and returns its `RollDice`, drawn in a region of their own inside
    the content, so a step of the roll costs the dice alone.

    `join`: the screen draws the phones' join card in its content (setup), so the card
    is part of what the content shows; elsewhere it is drawn over the screen."""
    def screen(body: ScreenBody) -> Callable[[Painter, TableFrame, pygame.Rect], None]:
        @functools.wraps(body)
        def draw(p: Painter, frame: TableFrame, rect: pygame.Rect) -> None:
            areas = Areas(p, frame, rect, menu_share, dice_apart=bool(dice), join=join)
            if not dice:
                if areas.draw:
                    body(p, frame, areas)
                return
            rolled = p.noted() if not areas.draw else None
            if not isinstance(rolled, RollDice):
                # drawn now; or left as it is, but where its dice stand is not known (the
                # layout moved): then drawn again nowhere, to find them
                rolled = body(p, areas.still, areas) or NO_DICE
                p.note(rolled)
            progress = frame.animation_progress if frame.animation in dice else 1.0
            if rolled.boxes and areas.dice(p, progress, pygame.Rect(rolled.area)):
                rolled.draw(p, progress)
        return draw
    return screen


def title_row(p: Painter, view: View, rect: pygame.Rect, text: str, seat: int | None = None,
              design: float = theme.TITLE) -> pygame.Rect:
    """A screen's title, with a seat's badge in front when it is about one seat; a title
    too long for the line (a long name in a narrow column) goes on over a second.

    Returns the rest of `rect` below the title.
    """
    h = p.line(design) + p.px(6)
    x = rect.x
    size = min(h, w.badge_size(p, design))
    if seat is not None and seat >= 0:
        x += size + p.px(12)
    block = p.plan(text, max(1, rect.right - x), design, bold=True, lines=2)
    row = pygame.Rect(rect.x, rect.y, rect.w, max(h, block.height + p.px(6)))
    if seat is not None and seat >= 0:
        w.seat_badge(p, seat, pygame.Rect(rect.x, row.y + (h - size) // 2, size, size))
    p.block(block, pygame.Rect(x, row.y, row.right - x, row.h), valign="center")
    return pygame.Rect(rect.x, row.bottom + p.px(10), rect.w, rect.bottom - row.bottom - p.px(10))


def line_rows(p: Painter, rect: pygame.Rect, lines: list[str], design: float = theme.BODY,
              colour: tuple[int, int, int] = theme.TEXT) -> pygame.Rect:
    """Plain lines of text from the top of `rect`; returns what is left below them.

    A line too long for the width goes on over a second or third line rather than
    losing its end; a line with no room left under the others is not begun.
    """
    y = rect.y
    for text in lines:
        block = p.plan(text, rect.w, design, lines=3)
        if y + block.height > rect.bottom:
            break
        p.block(block, pygame.Rect(rect.x, y, rect.w, block.height), colour=colour)
        y += block.height + p.px(4)
    return pygame.Rect(rect.x, y, rect.w, max(0, rect.bottom - y))


def seat_grid(rect: pygame.Rect, n: int, gap: int) -> list[pygame.Rect]:
    """Tiles for `n` seats: one row up to three, two rows for four to six."""
    if n <= 0:
        return []
    rows = 1 if n <= 3 else 2
    per_row = math.ceil(n / rows)
    out: list[pygame.Rect] = []
    for r, row in enumerate(split_rows(rect, [1.0] * rows, gap=gap)):
        count = min(per_row, n - r * per_row)
        out += split_columns(row, [1.0] * per_row, gap=gap)[:count]
    return out


def tumble(progress: float, index: int, count: int) -> tuple[bool, float]:
    """Whether die `index` of `count` has landed at `progress`, and its tilt if not.

    Dice land one after another over the second half of the animation; at 1 all have
    landed, so the last frame of an animation is the still result.
    """
    land = 0.5 + 0.5 * (index + 1) / max(1, count)
    if progress >= land or progress >= 1.0:
        return True, 0.0
    return False, (progress * 900 + index * 53) % 360




def chart_strip(p: Painter, rect: pygame.Rect, faces: list[str], rolled: int | None,
                is_placeholder: bool, kind: str = "weather") -> None:
    """A chart as six cells, die face over result; the rolled face is framed."""
    if is_placeholder:
        w.hatch(p, rect)
        rect = rect.inflate(-p.px(24), -p.px(24))
        pygame.draw.rect(p.surface, theme.BG, rect)
    cells = split_columns(rect, [1.0] * 6, gap=p.px(8))
    for face, (result, cell) in enumerate(zip(faces, cells, strict=False), start=1):
        hit = rolled == face
        w.panel(p, cell, border=theme.YELLOW if hit else theme.LINE, width=6 if hit else 2)
        inner = cell.inflate(-p.px(10), -p.px(10))
        # the result keeps a whole line; the die takes what is left above it
        label_h = min(inner.h, max(p.line(theme.SMALL), int(inner.h * 0.8 / 1.8)))
        top = pygame.Rect(inner.x, inner.y, inner.w, inner.h - label_h - p.px(4))
        bottom = pygame.Rect(inner.x, inner.bottom - label_h, inner.w, label_h)
        die = min(top.w, top.h)
        if die >= p.line(theme.FLOOR) * 2 // 3:
            w.standard_die(p, pygame.Rect(top.centerx - die // 2, top.y, die, die), face)
        if kind == "weather" and p.measure(word(result), theme.SMALL)[0] > bottom.w:
            # too narrow for the word: the climate's own symbol, as on the boards (W1)
            size = min(bottom.w, bottom.h)
            w.climate_icon(p, pygame.Rect(bottom.centerx - size // 2, bottom.y, size, size),
                           result)
        elif kind == "weather":  # (the frame marks the rolled face: bold would not fit)
            p.text(word(result), bottom, theme.SMALL, align="center")
        else:
            short = t(PRESS_CELL_WORDS[result]) if result in PRESS_CELL_WORDS else result
            p.text(short, bottom, theme.SMALL, align="center", bold=hit)
