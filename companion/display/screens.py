"""The middle of the table screen, one function per screen of the round.

Each screen draws from the frame alone (its typed view, menus, countdown, animation);
none of them can see a secret bid because the frame never carries one (R1, I5). Rolls
animate from `frame.animation_progress` only, with no randomness of their own, so the
same frame always draws the same pixels.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import replace

import pygame

from companion.display import theme
from companion.display import widgets as w
from companion.display.chrome import (
    View,
    count,
    countdown_height,
    draw_countdown,
    draw_notices,
    draw_payments,
    notices_height,
    ordinal,
    payments_height,
    placeholder,
    seat_by_index,
    seat_name,
    word,
)
from companion.display.menus import arrange, draw_arrangement
from companion.display.paint import Block, Painter, split_columns, split_rows
from companion.i18n import NOUNS, language, t
from companion.rules.model import MoveContext, RollKind, WindowKind
from companion.rules.phases import ActKind
from companion.table.frame import Notice, TableFrame
from companion.table.view import SeatStats, SeatView, TurnView

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
    """

    def __init__(self, p: Painter, frame: TableFrame, rect: pygame.Rect,
                 menu_share: float = 1 / 2.65) -> None:
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
        # The screen's own drawing follows, in its region: everything the frame holds
        # but the other regions' parts (bid menus stay: the bidding screen explains them).
        key = (replace(frame, menus=self.bid_menus, countdown=None, notices=(), undo=None,
                       serial=0, join=None), language())
        self.draw = p.region("content", self.content, key)  # else it is on screen as it is


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


# --- setup ------------------------------------------------------------------------------


def screen_setup(p: Painter, frame: TableFrame, rect: pygame.Rect) -> None:
    """Before the game: the arrangement, variants and charts the table is about to use."""
    view = frame.view
    areas = Areas(p, frame, rect, menu_share=0.55)  # the setup menu is the whole screen's point
    if not areas.draw:
        return
    body = title_row(p, view, areas.content, t("setup.title"))
    lines: list[str] = []
    if view.arrangement:
        boards = " · ".join(view.boards)
        lines.append(t("setup.arrangement", arrangement=word(view.arrangement), boards=boards))
        variants = view.variants
        lines.append(t("setup.variants", variants=", ".join(word(v) for v in variants))
                     if variants else t("setup.no_variants"))
        charts = view.placeholder_charts
        if charts:
            lines.append(t("setup.placeholder_charts", charts=", ".join(word(c) for c in charts)))
        lines.append(count(len(view.seats), "player"))
    else:
        lines.append(t("setup.choose"))
    rest = line_rows(p, body, lines)
    h = p.line(theme.SMALL)  # version and address, for whoever looks after the Pi
    for row, text in enumerate(reversed(frame.about), start=1):
        if row * h <= rest.h:
            p.text(text, pygame.Rect(body.x, body.bottom - row * h, body.w, h), theme.SMALL,
                   colour=theme.DIM)


# --- training ---------------------------------------------------------------------------


def screen_training(p: Painter, frame: TableFrame, rect: pygame.Rect) -> None:
    """S4: who chooses training now, and which trainings are still open."""
    view = frame.view
    areas = Areas(p, frame, rect)
    if not areas.draw:
        return
    chooser = view.training_next
    if chooser is not None:
        body = title_row(p, view, areas.content,
                         t("training.chooses", name=seat_name(view, chooser)), chooser)
    else:
        body = title_row(p, view, areas.content, t("training.chosen"))
    open_ = view.trainings_open
    seats = view.seats
    rows = split_rows(body, [1.0, 1.0, 1.0], gap=p.px(12))
    for climate, row in zip(("warm", "moderate", "cold"), rows, strict=True):
        taken = [s.seat for s in seats if s.training == climate]
        is_open = climate in open_
        w.panel(p, row, border=theme.CLIMATE_RGB[climate] if is_open else None)
        pad = p.px(10)
        inner = row.inflate(-2 * pad, -2 * pad)
        icon = pygame.Rect(inner.x, inner.y, inner.h, inner.h)
        w.climate_icon(p, icon, climate)
        cols = split_columns(pygame.Rect(icon.right + pad, inner.y, inner.w - icon.w - pad,
                                         inner.h), [1.1, 0.9, 1.4], gap=pad)
        p.text(word(climate), cols[0], theme.BIG, bold=True)
        state = t("training.open") if is_open else (
            t("training.full") if chooser is not None else "")
        p.text(state, cols[1], theme.BODY, colour=theme.TEXT if is_open else theme.DIM)
        x = cols[2].x
        size = min(cols[2].h, w.badge_size(p))
        for seat in taken:
            if x + size > cols[2].right:
                break
            w.seat_badge(p, seat, pygame.Rect(x, cols[2].centery - size // 2, size, size))
            x += size + p.px(8)


# --- bidding ----------------------------------------------------------------------------


def screen_bidding(p: Painter, frame: TableFrame, rect: pygame.Rect) -> None:
    """R1: who has locked in and who is still thinking; never a value, never a count."""
    view = frame.view
    areas = Areas(p, frame, rect)
    if not areas.draw:
        return
    body = title_row(p, view, areas.content, t("bidding.title", round=view.round))
    hint_h = p.line(theme.SMALL)
    hint = t("bidding.hint")
    if areas.bid_menus:
        # Every seat's bid menu explains the same buttons; no item ever carries a value.
        first = areas.bid_menus[0]
        hint = first.hint or "  ".join(i.label for i in first.items) or hint
    p.text(hint, pygame.Rect(body.x, body.y, body.w, hint_h), theme.SMALL, colour=theme.DIM)
    body = pygame.Rect(body.x, body.y + hint_h + p.px(10), body.w,
                       body.h - hint_h - p.px(10))
    seats = view.seats
    for seat, tile in zip(seats, seat_grid(body, len(seats), p.px(14)), strict=True):
        index = seat.seat
        locked = seat.locked
        ident = w.seat_identity(index)
        w.panel(p, tile, border=ident.rgb, width=6 if locked else 2)
        pad = p.px(12)
        inner = tile.inflate(-2 * pad, -2 * pad)
        top, bottom = split_rows(inner, [1.0, 1.0], gap=p.px(6))
        badge = _seat_heading(p, view, index, top, pad, theme.BODY)
        icon = pygame.Rect(bottom.x, bottom.centery - badge // 2, badge, badge)
        (w.check_icon if locked else w.dots_icon)(p, icon)
        p.text(t("status.locked") if locked else t("status.thinking"),
               pygame.Rect(icon.right + pad, bottom.y, bottom.w - badge - pad, bottom.h),
               theme.BIG if locked else theme.BODY, bold=locked,
               colour=theme.TEXT if locked else theme.DIM)


def _seat_heading(p: Painter, view: View, index: int, row: pygame.Rect, pad: int,
                  design: float, badge_alone: bool = False) -> int:
    """A tile's first row: the seat's badge, then its name; returns the badge's size.

    With `badge_alone` the badge stands alone in the middle (the seat cards below name
    every badge)."""
    badge = min(row.h, w.badge_size(p))
    name = seat_name(view, index)
    if badge_alone:
        w.seat_badge(p, index, pygame.Rect(row.centerx - badge // 2,
                                           row.centery - badge // 2, badge, badge))
        return badge
    w.seat_badge(p, index, pygame.Rect(row.x, row.centery - badge // 2, badge, badge))
    p.text(name, pygame.Rect(row.x + badge + pad, row.y, row.w - badge - pad, row.h), design,
           bold=True, may_cut=True)
    return badge


# --- reveal -----------------------------------------------------------------------------


def screen_reveal(p: Painter, frame: TableFrame, rect: pygame.Rect) -> None:
    """R1–R3: every bid at once, the order of play they give, and the Early Riser.

    Everything is on screen from the reveal's first frame: a press, however early, can
    never leave a bid or the order unseen. The animation only lights the Early Riser's
    frame once it is done.
    """
    view = frame.view
    areas = Areas(p, frame, rect)
    if not areas.draw:
        return
    body = title_row(p, view, areas.content, t("reveal.title", round=view.round))
    seats = view.seats
    progress = frame.animation_progress if frame.animation == "reveal" else 1.0
    bids_box, order_box = split_rows(body, [1.2, 1.0], gap=p.px(14))
    tiles = split_columns(bids_box, [1.0] * max(1, len(seats)), gap=p.px(12))
    # names only when every one fits whole beside its badge: "Le…" over a bid helps nobody
    room = (tiles[0].w - 2 * p.px(10)) - w.badge_size(p) - p.px(10) if tiles else 0
    alone = any(p.measure(seat_name(view, seat.seat), theme.FLOOR, bold=True)[0] > room
                for seat in seats)
    for seat, tile in zip(seats, tiles, strict=False):
        index = seat.seat
        w.panel(p, tile, border=w.seat_identity(index).rgb)
        pad = p.px(10)
        inner = tile.inflate(-2 * pad, -2 * pad)
        head, num = split_rows(inner, [1.0, 1.6], gap=p.px(4))
        _seat_heading(p, view, index, head, pad, theme.SMALL, badge_alone=alone)
        bid = seat.bid
        if bid is not None:
            p.text(str(bid), num, 96, bold=True, align="center")
        else:
            pygame.draw.rect(p.surface, theme.PANEL_HI, num.inflate(-num.w // 3, -p.px(8)),
                             border_radius=p.px(10))
    order = view.order
    early = view.early_riser
    note = p.plan(t("reveal.early_riser", name=seat_name(view, early)) if early is not None
                  else t("reveal.no_early_riser"), order_box.w, theme.BODY, lines=2)
    label_h = p.line(theme.BODY)
    p.text(t("reveal.order"), pygame.Rect(order_box.x, order_box.y, order_box.w, label_h),
           theme.BODY, bold=True)
    row = pygame.Rect(order_box.x, order_box.y + label_h + p.px(6), order_box.w,
                      max(0, order_box.h - label_h - note.height - p.px(12)))
    cells = split_columns(row, [1.0] * max(1, len(order)), gap=p.px(10))
    for place, (who, cell) in enumerate(zip(order, cells, strict=False), start=1):
        w.panel(p, cell, border=theme.YELLOW if who == early and progress >= 1.0
                else w.seat_identity(who).rgb)
        pad = p.px(8)
        inner = cell.inflate(-2 * pad, -2 * pad)
        badge = min(inner.h, w.badge_size(p))
        p.text(ordinal(place), pygame.Rect(inner.x, inner.y, inner.w - badge - pad, inner.h),
               theme.BODY, bold=True)
        w.seat_badge(p, who, pygame.Rect(inner.right - badge, inner.centery - badge // 2,
                                          badge, badge))
    p.block(note, pygame.Rect(order_box.x, order_box.bottom - note.height, order_box.w,
                              note.height),
            colour=theme.TEXT if early is not None else theme.DIM)


# --- weather ----------------------------------------------------------------------------


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


def screen_weather(p: Painter, frame: TableFrame, rect: pygame.Rect) -> None:
    """W2–W4: the chart in use (marked while it is a placeholder), the roll, the result,
    and every seat's dice colour for the round."""
    view = frame.view
    areas = Areas(p, frame, rect)
    if not areas.draw:
        return
    bear = view.ice_bear
    weather = view.weather
    last = view.last_roll
    rolled = (last.faces[0] if last is not None and last.kind is RollKind.WEATHER
              and last.faces else None)
    zone = view.weather_zone if weather else view.chart_zone
    # W3: the view already holds the new weather while the die tumbles; the word waits
    # for the die to land, here as in the header.
    animating = frame.animation == "weather" and frame.animation_progress < 1.0
    roller = f"{seat_name(view, bear) if bear is not None else t('weather.ice_bear')}"
    if animating:
        title = t("weather.rolling", name=roller)
    elif weather:
        title = t("weather.result", weather=word(weather))
    else:
        title = t("weather.rolls", name=roller)
    body = title_row(p, view, areas.content, title,
                     None if weather and not animating else bear)
    paid = tuple(pay for pay in frame.payments if pay.roll == "weather")
    if paid:
        # A forced reroll says who paid for it, under the die, until the weather is done.
        h = min(payments_height(p, view, paid, body.w, most=2), body.h // 3)
        draw_payments(p, view, paid, pygame.Rect(body.x, body.bottom - h, body.w, h))
        body = pygame.Rect(body.x, body.y, body.w, body.h - h - p.px(10))
    is_ph = placeholder(view, zone)
    label = t("weather.chart_placeholder" if is_ph else "weather.chart", zone=word(zone))
    block = p.plan(label, body.w, theme.BODY, bold=is_ph, lines=2)
    lh = block.height
    p.block(block, pygame.Rect(body.x, body.y, body.w, lh),
            colour=theme.WARN if is_ph else theme.TEXT)
    body = pygame.Rect(body.x, body.y + lh + p.px(8), body.w, body.h - lh - p.px(8))
    faces = frame.charts.get(zone or "", [])
    chart_h = min(body.h // 2, p.px(200))
    if faces:
        chart_strip(p, pygame.Rect(body.x, body.y, body.w, chart_h), faces,
                    None if animating else rolled, is_ph)
        body = pygame.Rect(body.x, body.y + chart_h + p.px(12), body.w,
                           body.h - chart_h - p.px(12))
    die_size = min(body.h, p.px(170))
    die_rect = pygame.Rect(body.x, body.y, die_size, die_size)
    if animating:
        tilt = (frame.animation_progress * 1000) % 360
        w.standard_die(p, die_rect, 1 + int(frame.animation_progress * 23) % 6, tilt)
        return
    if rolled is not None:
        w.standard_die(p, die_rect, rolled)
    elif weather is None:
        w.standard_die(p, die_rect, None)
    rest = pygame.Rect(die_rect.right + p.px(20), body.y, body.right - die_rect.right - p.px(20),
                       body.h)
    if weather is None:
        press = "weather.enter" if view.entering is not None else "weather.press"
        p.wrap(t(press), (rest.x, rest.y, rest.w, rest.h), theme.BIG)
        return
    # W4: each seat's dice colour for the round.
    seat_dice(p, view, rest)


def seat_dice(p: Painter, view: View, rest: pygame.Rect) -> None:
    """W4: every seat's dice colour for the round: its badge (with its letter), its die,
    and "Bo: red", in as few columns as let every line be read whole, a line going on
    over a second if it must; where even that is too long, the colour alone stands
    beside the seat's badge."""
    seats = view.seats
    if not seats:
        return
    line = p.line(theme.BODY)
    badge = max(line, w.small_badge(p))
    gap = p.px(8)
    lead = 2 * badge + 2 * p.px(8)  # the badge, the die, and their gaps
    texts = [t("weather.dice", name=seat_name(view, s.seat), dice=word(s.dice)) for s in seats]
    shorts = [word(s.dice) for s in seats]

    def layout(cols: int, most: int, short: bool) -> tuple[int, list[Block]] | None:
        """Rows in `cols` columns with texts of at most `most` lines (the colour alone
        where that is too few, if `short`), or None when they do not fit."""
        per = math.ceil(len(seats) / cols)
        col_w = (rest.w - p.px(12) * (cols - 1)) // cols
        if col_w <= lead:
            return None
        blocks = []
        for text, colour in zip(texts, shorts, strict=True):
            block = p.plan(text, col_w - lead, theme.BODY, lines=most)
            if len(block.lines) > most:
                if not short:
                    return None
                block = p.plan(colour, col_w - lead, theme.BODY, lines=1)
            blocks.append(block)
        for c in range(cols):
            column = blocks[c * per:(c + 1) * per]
            if sum(max(badge, b.height) + gap for b in column) - gap > rest.h:
                return None
        return per, blocks

    found = None
    for most, short in ((1, False), (2, False), (1, True)):
        for cols in range(2 if len(seats) > 3 else 1, len(seats) + 1):
            found = layout(cols, most, short)
            if found is not None:
                break
        if found is not None:
            break
    if found is None:
        return  # no room at all (the seat cards show every seat's dice)
    per, blocks = found
    cols = math.ceil(len(seats) / per)
    col_boxes = split_columns(rest, [1.0] * cols, gap=p.px(12))
    y = rest.y
    for i, (seat, block) in enumerate(zip(seats, blocks, strict=True)):
        box = col_boxes[i // per]
        if i % per == 0:
            y = box.y
        index = seat.seat
        w.seat_badge(p, index, pygame.Rect(box.x, y, badge, badge))
        die = pygame.Rect(box.x + badge + p.px(8), y, badge, badge)
        if seat.dice:
            w.dog_die(p, die, seat.dice, True)
        h = max(badge, block.height)
        p.block(block, pygame.Rect(die.right + p.px(8), y, box.right - die.right - p.px(8), h),
                valign="top" if len(block.lines) > 1 else "center")
        y += h + gap


# --- a turn -----------------------------------------------------------------------------


def _turn_headline(view: View, turn: TurnView, seat: SeatView) -> list[str]:
    """What is happening in this turn, in words, by the kind of act the phase table asks
    for (the sums are the view's)."""
    act = view.act
    name = seat_name(view, turn.seat)
    window = view.window
    # (a roll awaited from the wooden dice: the window that was closing has had its say)
    reacting = window.kind if window is not None and act is ActKind.REACT \
        and view.entering is None else None
    costs = view.costs
    lines: list[str] = []
    colour = seat.dice or "—"
    rolls = count(turn.dice_left, f"die.{colour}" if f"die.{colour}" in NOUNS else "die")
    if turn.reduction:
        rolls = t("turn.taken_away", rolls=rolls, n=turn.reduction)
    if act is ActKind.TURN and seat.uncovered == 0:
        lines.append(t("turn.must_rest", name=name))
    elif act is ActKind.TURN:
        lines.append(t("turn.move_or_rest", rolls=rolls))
    elif reacting is WindowKind.REDUCE:
        paid = window.paid if window else 0
        taken = window.dice_taken if window else 0
        lines.append(t("reduce.others", name=name))
        lines.append(t("reduce.paid", chips=count(paid, "chip"), dice=count(taken, "die"),
                       per_die=count(costs.reduce_per_die, "chip"), most=costs.reduce_max_dice))
        lines.append(t("reduce.then", name=name, rolls=rolls))
    elif reacting is WindowKind.REROLL:
        roll = window.roll if window else None
        reroll = count(costs.reroll, "chip")
        if roll is RollKind.PRESS:
            lines.append(t("reroll.only", name=name, chips=reroll))
        else:
            what = str(roll) if roll is not None and str(roll) in (
                "dogs", "terrain", "avalanche", "weather") else "roll"
            lines.append(t(f"reroll.{what}", chips=reroll))
    elif act is ActKind.MOVE:
        what = {MoveContext.EARLY: "early_riser", MoveContext.PRESS: "press_move"}.get(
            turn.context, "move")
        lines.append(t(f"moving.{what}", spaces=count(turn.spaces, "space")))
        if turn.entered:
            lines.append(t("moving.entered", n=turn.entered))
        if turn.passing:
            lines.append(t("moving.passing"))
    elif act is ActKind.PRESS:
        lines.append(t("pressing.offer"))
    return lines


def dice_layout(p: Painter, rect: pygame.Rect, n: int, most: float = 200
                ) -> tuple[int, int, int]:
    """Dice per row, die size and gap for `n` dice in `rect`: one, two or three rows,
    whichever draws them biggest (up to `most` px at 1080 lines)."""
    gap = p.px(14)

    def fit(per_row: int) -> int:
        rows = math.ceil(n / per_row)
        return min((rect.w - gap * (per_row - 1)) // per_row,
                   (rect.h - gap * (rows - 1)) // rows, p.px(most))

    per_row = max((math.ceil(n / rows) for rows in (1, 2, 3)), key=fit)
    return per_row, fit(per_row), gap


def dog_dice_row(p: Painter, rect: pygame.Rect, colour: str, dogs: Sequence[bool],
                 progress: float) -> tuple[int, int]:
    """The dog dice of a roll (per die: shows a dog, as the rules read its face);
    tumbling ones blur, landed ones show dog or blank.

    Returns how many have landed, so the result line waits for the last die, and the
    height the dice took, so what follows sits right under them.
    """
    n = len(dogs)
    if n == 0:
        return 0, 0
    per_row, size, gap = dice_layout(p, rect, n)
    height = math.ceil(n / per_row) * (size + gap) - gap
    landed = 0
    for i, dog in enumerate(dogs):
        r, c = divmod(i, per_row)
        box = pygame.Rect(rect.x + c * (size + gap), rect.y + r * (size + gap), size, size)
        down, angle = tumble(progress, i, n)
        if down:
            landed += 1
            w.dog_die(p, box, colour, dog)
        else:
            w.dog_die(p, box, colour, None, angle)
    return landed, height


def dice_to_roll(p: Painter, view: View, rect: pygame.Rect) -> int:
    """Before the dog roll (T1, X2): the dice the roller is about to roll, faceless, with
    the ones the others' chips take away crossed out, so the reduce window is seen, not
    only read."""
    turn = view.turn
    reducing = view.window is not None and view.window.kind is WindowKind.REDUCE
    if (turn is None or not (view.act is ActKind.TURN or reducing)
            or turn.context is not MoveContext.NORMAL):
        return rect.y
    seat = seat_by_index(view, turn.seat)
    colour = seat.dice
    uncovered = seat.uncovered
    if not colour or uncovered <= 0:
        return rect.y
    fewer = min(uncovered, turn.dice_taken)
    line = p.line(theme.BODY)
    dice = pygame.Rect(rect.x, rect.y + line + p.px(10), rect.w, rect.h - line - p.px(10))
    per_row, size, gap = dice_layout(p, dice, uncovered, most=150)
    if size < p.px(30):
        return rect.y
    p.text(t("reduce.dice_to_roll", left=uncovered - fewer, dice=uncovered),
           pygame.Rect(rect.x, rect.y, rect.w, line), theme.BODY, colour=theme.DIM)
    for i in range(uncovered):
        r, c = divmod(i, per_row)
        box = pygame.Rect(dice.x + c * (size + gap), dice.y + r * (size + gap), size, size)
        w.dog_die(p, box, colour, None)
        if i >= uncovered - fewer:
            width = max(3, size // 10)
            pygame.draw.line(p.surface, theme.BAD, box.topleft, box.bottomright, width)
            pygame.draw.line(p.surface, theme.BAD, box.bottomleft, box.topright, width)
    return dice.y + math.ceil(uncovered / per_row) * (size + gap) - gap


def roll_text_height(p: Painter) -> int:
    """The height a standard-die roll's three lines need beside the die (the roll and its
    modifier, what it needed, the result)."""
    return 2 * p.line(theme.BODY) + p.line(theme.BIG) + p.px(8)


def roll_panel(p: Painter, frame: TableFrame, rect: pygame.Rect) -> int:
    """This turn's latest roll: dog dice, rough terrain, avalanche or pressing.

    Returns the y just under what was drawn, where the roll's payments go.
    """
    view = frame.view
    last = view.last_roll
    if rect.h <= 0:
        return rect.y
    if last is None:
        return dice_to_roll(p, view, rect)
    kind = last.kind
    faces = list(last.faces)
    progress = frame.animation_progress if frame.animation in ("dice", "die") else 1.0
    if kind is RollKind.DOGS:
        colour = last.colour or "red"
        if not faces:
            words = t("dogs.none")
        else:
            again = "dogs.result_reroll" if last.rerolls else "dogs.result"
            of = count(len(faces), f"die.{colour}" if f"die.{colour}" in NOUNS else "die")
            words = t(again, dogs=count(last.dogs, "dog"), dice=of)
        # the result's room is kept from the first frame, so the dice never jump
        block = p.plan(words, rect.w, theme.BIG, bold=True, lines=2)
        dice_box = pygame.Rect(rect.x, rect.y, rect.w, rect.h - block.height - p.px(10))
        landed, used = dog_dice_row(p, dice_box, colour, last.dog_faces, progress)
        result = pygame.Rect(rect.x, rect.y + used + (p.px(10) if used else 0), rect.w,
                             block.height)
        if not faces or landed == len(faces):
            p.block(block, result)
        return result.bottom
    if not faces:
        return rect.y
    face = faces[0]
    done = progress >= 1.0
    texts: list[tuple[str, float, bool]] = []
    if last.need is not None:
        mod = last.modifier
        terrain = kind is RollKind.TERRAIN
        what = t("roll.terrain") if terrain else t("roll.avalanche")
        texts = [(f"{what}: {face}" + (f" + {mod} = {face + mod}" if mod else ""), theme.BODY,
                  False),
                 (t("roll.needs", need=last.need), theme.BODY, False),
                 (t("roll.enters" if terrain else "roll.crosses") if last.success
                  else t("roll.fails"), theme.BIG, True)]
    elif kind is RollKind.PRESS:
        outcome = last.press
        words = t(PRESS_WORDS[str(outcome)]) if str(outcome) in PRESS_WORDS else str(outcome)
        texts = [(t("pressing.result", face=face, result=words), theme.BIG, True)]
    gap = p.px(4)

    def setting(width: int, big: bool = True) -> tuple[list[Block], int]:
        blocks = [p.plan(text, max(1, width), design if big else min(design, theme.BODY),
                         bold=bold, lines=3) for text, design, bold in texts]
        return blocks, sum(b.height for b in blocks) + gap * max(0, len(blocks) - 1)

    # the words beside the die; in a narrow column under a smaller die, then smaller
    # words, and at last the words alone (they say the face too)
    size = max(1, min(rect.h - p.line(theme.BIG) - p.px(10), p.px(220), rect.w // 3))
    text_x, text_y = rect.x + size + p.px(20), rect.y
    blocks, text_h = setting(rect.right - text_x)
    if text_h > rect.h or rect.right - text_x < rect.w * 2 // 5:
        for big in (True, False):
            under, under_h = setting(rect.w, big)
            small = min(size, rect.h - under_h - p.px(10))
            if small >= p.px(40):
                size, blocks, text_h = small, under, under_h
                text_x, text_y = rect.x, rect.y + size + p.px(10)
                break
        else:
            size = 0
            blocks, text_h = setting(rect.w, False)
            text_x, text_y = rect.x, rect.y
    die = pygame.Rect(rect.x, rect.y, size, size)
    if not done:
        w.standard_die(p, die if size else pygame.Rect(rect.x, rect.y, p.px(60), p.px(60)),
                       1 + int(progress * 23) % 6, (progress * 1000) % 360)
        return die.bottom
    if size:
        w.standard_die(p, die, face)
    y = text_y
    for block in blocks:
        p.block(block, pygame.Rect(text_x, y, rect.right - text_x, block.height))
        y += block.height + gap
    return max(die.bottom, y - gap)


def screen_turn(p: Painter, frame: TableFrame, rect: pygame.Rect) -> None:
    """T1 to P3: whose turn, dice colour and count, the reduce window, the rolls and their
    results, movement, pressing, and the menu of the seat choosing (rest choices included)."""
    view = frame.view
    # The roll and its payments on the left, the decision on the right: half each, so
    # the dice and every menu's words get the room the old narrow menu column lacked.
    areas = Areas(p, frame, rect, menu_share=0.47)
    if not areas.draw:
        return
    turn = view.turn
    if turn is None:
        title_row(p, view, areas.content, t("turn.between"))
        return
    seat_no = turn.seat
    seat = seat_by_index(view, seat_no)
    suffix = {MoveContext.EARLY: "turn.title_early", MoveContext.PRESS: "turn.title_press"}.get(
        turn.context, "turn.title")
    body = title_row(p, view, areas.content, t(suffix, name=seat_name(view, seat_no)), seat_no)
    lines = _turn_headline(view, turn, seat)
    if frame.screen == "rest":  # choosing where and how to rest, not whether to move
        lines = [t("rest.where"), t("rest.then")]
    pressing = view.act is ActKind.PRESS
    last = view.last_roll
    pressed = last is not None and last.kind is RollKind.PRESS
    if pressing and placeholder(view, "pressing"):
        lines.append(t("pressing.placeholder"))
    body = line_rows(p, body, lines)
    if pressing or pressed:
        faces = frame.charts.get("pressing")
        chart_h = min(p.px(170), body.h // 2)
        if faces and body.h > p.px(200) and chart_h >= 2 * p.line(theme.SMALL) + p.px(34):
            rolled = last.faces[0] if last is not None and pressed and last.faces else None
            chart_strip(p, pygame.Rect(body.x, body.bottom - chart_h, body.w, chart_h), faces,
                        rolled if frame.animation_progress >= 1.0 else None,
                        placeholder(view, "pressing"), kind="press")
            body = pygame.Rect(body.x, body.y, body.w, body.h - chart_h - p.px(12))
    # Every chip paid this turn stays listed right under the roll it changed; room for
    # three of them is kept back from the dice, but never the room the roll's own result
    # needs (older payments fold into one line instead).
    reserve = min(payments_height(p, view, frame.payments, body.w, most=3), body.h * 2 // 5,
                  max(0, body.h - roll_text_height(p) - p.px(22)))
    bottom = body.y
    if frame.screen == "rest":
        pass  # resting rolls nothing: no dice to show
    elif not pressing or pressed:
        # (while the question is the pressing roll, an earlier roll's result would mislead)
        room = body.h - p.px(8) - (reserve + p.px(14) if reserve else 0)
        bottom = roll_panel(p, frame, pygame.Rect(body.x, body.y + p.px(8), body.w, room))
    if frame.payments:
        top = max(bottom + p.px(12), body.y)
        draw_payments(p, view, frame.payments,
                      pygame.Rect(body.x, top, body.w, body.bottom - top))


# --- round end and game over --------------------------------------------------------------


def screen_round_end(p: Painter, frame: TableFrame, rect: pygame.Rect) -> None:
    """R4: the round is over and the Ice Bear passes on."""
    view = frame.view
    areas = Areas(p, frame, rect)
    if not areas.draw:
        return
    rnd = view.round
    ended = rnd - 1 if view.act is ActKind.BID and rnd > 1 else rnd
    body = title_row(p, view, areas.content, t("round_end.title", round=ended))
    bear = view.ice_bear
    lines = []
    if bear is not None:
        lines.append(t("round_end.bear", name=seat_name(view, bear)))
    lines.append(t("round_end.bank", chips=count(view.bank, "chip"),
                   sticks=count(view.sticks, "stick")))
    rest = line_rows(p, body, lines, theme.BIG)
    if bear is not None and rest.h > p.px(120):
        size = min(rest.h, p.px(160))
        w.bear_icon(p, pygame.Rect(rest.x, rest.y + p.px(10), size, size))
        w.seat_badge(p, bear, pygame.Rect(rest.x + size + p.px(20), rest.y + p.px(10), size,
                                          size))


def race_order(view: View) -> list[tuple[int | None, int]]:
    """T3: (race place, seat) for every sled, the winner first with place 1, then the
    others by how far each got (its board). The companion has no map of the boards: it
    knows who reached Nome and which board and zone each sled was reported on, not who
    leads whom on a board, so only the winner has a place (None for the others). The
    turn order of the last round (`place`) says nothing about the race, so it is not used."""
    winner = view.winner
    ranked = sorted(view.seats, key=lambda s: (s.seat != winner, -s.board, s.seat))
    return [(1 if seat.seat == winner else None, seat.seat) for seat in ranked]


def sled_words(view: View, seat: SeatView) -> str:
    """Where a sled ended the race: at Nome for the winner, else its zone and board."""
    if view.winner == seat.seat:
        return t("over.reached_nome")
    boards = view.boards
    board = seat.board + 1
    where = (t("over.board_of", board=board, boards=len(boards)) if boards
             else t("over.board", board=board))
    return t("over.where", zone=word(seat.zone), where=where)


def screen_game_over(p: Painter, frame: TableFrame, rect: pygame.Rect) -> None:
    """T3: the winner and the race (every sled by how far it got), with each player's
    dog-dice luck against expectation and chips spent beside their sled.

    The figures come from `frame.stats` (see `companion.table.stats.game_stats`).
    """
    view = frame.view
    areas = Areas(p, frame, rect)
    if not areas.draw:
        return
    winner = view.winner
    title = t("over.wins", name=seat_name(view, winner)) if winner is not None else t(
        "over.title")
    body = title_row(p, view, areas.content, title, winner)
    race = race_order(view)
    if not race:
        p.text(t("over.no_sleds"), pygame.Rect(body.x, body.y, body.w,
                                                    p.line(theme.BODY)),
               theme.BODY, colour=theme.DIM)
        return
    stats = {r.seat: r for r in frame.stats.seats} if frame.stats is not None else {}
    weights = [1.5, 1.3, 1.4, 1.0] if stats else [1.5, 1.3]
    head_h = p.line(theme.SMALL)
    cols = split_columns(pygame.Rect(body.x, body.y, body.w, head_h), weights, gap=p.px(16))
    p.text(t("over.race"), cols[0], theme.SMALL, colour=theme.DIM)
    p.text(t("over.sled"), cols[1], theme.SMALL, colour=theme.DIM)
    if stats:
        p.text(t("over.luck"), cols[2], theme.SMALL, colour=theme.DIM, align="center")
        p.text(t("over.spent"), cols[3], theme.SMALL, colour=theme.DIM, align="center")
    table = pygame.Rect(body.x, body.y + head_h + p.px(8), body.w,
                        body.h - head_h - p.px(8))
    rows = split_rows(table, [1.0] * len(race), gap=p.px(8))
    max_luck = max([abs(r.luck) for r in stats.values()] + [1.0])
    max_spent = max([r.chips_spent for r in stats.values()] + [1])
    for (place, seat), row in zip(race, rows, strict=True):
        cells = split_columns(row, weights, gap=p.px(16))
        _race_cell(p, view, place, seat, cells[0])
        p.text(sled_words(view, seat_by_index(view, seat)), cells[1], theme.SMALL,
               bold=seat == winner)
        if stats:
            _stats_cells(p, stats.get(seat, SeatStats(seat)), cells[2], cells[3], max_luck,
                         max_spent)


def _race_cell(p: Painter, view: View, place: int | None, seat: int,
               who: pygame.Rect) -> None:
    """A race row's first cell: the race place (the winner's alone is known), the seat's
    badge and name."""
    place_w = p.measure(ordinal(1), theme.SMALL, bold=True)[0]
    if place is not None:
        p.text(ordinal(place), pygame.Rect(who.x, who.y, place_w, who.h), theme.SMALL,
               bold=True, colour=theme.YELLOW)
    x = who.x + place_w + p.px(8)
    badge = min(who.h, w.badge_size(p, theme.SMALL))
    w.seat_badge(p, seat, pygame.Rect(x, who.centery - badge // 2, badge, badge),
                 letter=badge >= p.line(theme.FLOOR))
    x += badge + p.px(8)
    p.text(seat_name(view, seat), pygame.Rect(x, who.y, who.right - x, who.h), theme.SMALL,
           bold=True, may_cut=True)


def _stats_cells(p: Painter, data: SeatStats, luck_box: pygame.Rect,
                 spent_box: pygame.Rect, max_luck: float, max_spent: int) -> None:
    """One player's figures: a bar either side of zero for luck (with the number), a bar
    for chips spent (with the number)."""
    luck = data.luck
    num_w = p.measure("+00.0", theme.SMALL)[0] + p.px(6)
    chart = pygame.Rect(luck_box.x, luck_box.y, luck_box.w - num_w, luck_box.h)
    mid = chart.centerx
    bar_h = max(4, min(chart.h - p.px(6), p.px(34)))
    pygame.draw.line(p.surface, theme.LINE, (mid, chart.y), (mid, chart.bottom), max(1, p.px(3)))
    length = round(chart.w / 2 * min(1.0, abs(luck) / max_luck))
    colour = theme.SKY_BLUE if luck >= 0 else theme.VERMILLION
    bar = pygame.Rect(mid if luck >= 0 else mid - length, chart.centery - bar_h // 2, length,
                      bar_h)
    if length:
        pygame.draw.rect(p.surface, colour, bar)
    p.text(f"{luck:+.1f}", pygame.Rect(chart.right + p.px(6), luck_box.y, num_w - p.px(6),
                                       luck_box.h), theme.SMALL, align="right")
    spent = data.chips_spent
    sw = p.measure("000", theme.SMALL)[0] + p.px(6)
    spent_chart = pygame.Rect(spent_box.x, spent_box.centery - bar_h // 2, spent_box.w - sw,
                              bar_h)
    w.bar(p, spent_chart, spent / max_spent, theme.ORANGE)
    p.text(str(spent), pygame.Rect(spent_chart.right + p.px(6), spent_box.y, sw - p.px(6),
                                   spent_box.h), theme.SMALL, align="right")


Screen = Callable[[Painter, TableFrame, pygame.Rect], None]

SCREENS: dict[str, Screen] = {
    "setup": screen_setup,
    "training": screen_training,
    "bidding": screen_bidding,
    "reveal": screen_reveal,
    "weather": screen_weather,
    "turn": screen_turn,
    "round_end": screen_round_end,
    "game_over": screen_game_over,
}
"""Screens by `TableFrame.screen` name."""

for _name in ("early_riser", "rest", "reduce", "dogs", "moving", "terrain", "avalanche",
              "pressing"):
    SCREENS[_name] = screen_turn  # the controller's finer screen names: all parts of a turn

PHASE_SCREENS: dict[str, str] = {
    "setup": "setup", "training": "training", "bidding": "bidding",
    "early_riser": "turn", "weather": "weather", "turn": "turn", "reduce": "turn",
    "reroll": "turn", "moving": "turn", "pressing": "turn", "press_move": "turn",
    "game_over": "game_over",
}
"""A screen name the display does not know falls back to the one for the view's phase."""


def screen_for(frame: TableFrame) -> Screen:
    """The screen function for a frame: by name, else by the phase of its view."""
    if frame.screen in SCREENS:
        return SCREENS[frame.screen]
    phase = frame.view.phase
    window = frame.view.window
    if window is not None and window.roll is RollKind.WEATHER:
        return screen_weather
    return SCREENS[PHASE_SCREENS.get(phase, "setup")]


__all__ = ["PHASE_SCREENS", "SCREENS", "Screen", "screen_for"]

