"""The middle of the table screen, one function per screen of the round.

Each screen draws from the frame alone (its typed view, menus, countdown, animation);
none of them can see a secret bid because the frame never carries one (R1, I5). Rolls
animate from `frame.animation_progress` only, with no randomness of their own, so the
same frame always draws the same pixels. The screens before a turn are here; the turn
is in `turn`, the round's end and the game's in `ending`, what they share in `areas`
(all in `companion.games.mush.screen`); `screen_for` picks one for a frame.
"""

from __future__ import annotations

import math
from collections.abc import Callable

import pygame

from companion.display import theme
from companion.display import widgets as w
from companion.display.chrome import count, ordinal, seat_name, word
from companion.display.join import join_at_bottom
from companion.display.paint import Block, Painter, split_columns, split_rows
from companion.games.mush.model import RollKind
from companion.games.mush.screen.areas import (
    NO_DICE,
    Areas,
    RollDice,
    chart_strip,
    in_areas,
    line_rows,
    roll_dice,
    seat_grid,
    title_row,
)
from companion.games.mush.screen.chrome import View, draw_payments, payments_height, placeholder
from companion.games.mush.screen.ending import screen_game_over, screen_round_end
from companion.games.mush.screen.turn import screen_turn
from companion.games.mush.table.frame import TableFrame
from companion.i18n import t

# --- setup ------------------------------------------------------------------------------


@in_areas(menu_share=0.55, join=True)  # the setup menu is the whole screen's point
def screen_setup(p: Painter, frame: TableFrame, areas: Areas) -> None:
    """Before the game: the arrangement, variants and charts the table is about to use."""
    view = frame.view
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
    h = p.line(theme.SMALL)  # version and address, for whoever looks after the Pi
    room = body
    if frame.join is not None:  # phones: the card above the version, the lines above it
        above = pygame.Rect(body.x, body.y, body.w, body.h - h * len(frame.about))
        top = join_at_bottom(p, frame.join, view, above) - p.px(6)
        room = pygame.Rect(body.x, body.y, body.w, max(0, top - body.y))
    rest = line_rows(p, room, lines)
    for row, text in enumerate(reversed(frame.about), start=1):
        if row * h <= body.bottom - rest.y:
            p.text(text, pygame.Rect(body.x, body.bottom - row * h, body.w, h), theme.SMALL,
                   colour=theme.DIM)


# --- training ---------------------------------------------------------------------------


@in_areas()
def screen_training(p: Painter, frame: TableFrame, areas: Areas) -> None:
    """S4: who chooses training now, and which trainings are still open."""
    view = frame.view
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


@in_areas()
def screen_bidding(p: Painter, frame: TableFrame, areas: Areas) -> None:
    """R1: who has locked in and who is still thinking; never a value, never a count."""
    view = frame.view
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


@in_areas()
def screen_reveal(p: Painter, frame: TableFrame, areas: Areas) -> None:
    """R1–R3: every bid at once, the order of play they give, and the Early Riser.

    Everything is on screen from the reveal's first frame: a press, however early, can
    never leave a bid or the order unseen. The animation only lights the Early Riser's
    frame once it is done.
    """
    view = frame.view
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


@in_areas(dice=("weather",))
def screen_weather(p: Painter, frame: TableFrame, areas: Areas) -> RollDice:
    """W2–W4: the chart in use (marked while it is a placeholder), the roll, the result,
    and every seat's dice colour for the round. The die, while it tumbles, is returned to
    be drawn in its own region."""
    view = frame.view
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
    die_size = max(0, min(body.h, p.px(170)))  # (crowded by notices: maybe no room)
    die_rect = pygame.Rect(body.x, body.y, die_size, die_size)
    if animating:
        return roll_dice(RollKind.WEATHER, [die_rect], [rolled or 0])
    if rolled is not None:
        w.standard_die(p, die_rect, rolled)
    elif weather is None:
        w.standard_die(p, die_rect, None)
    rest = pygame.Rect(die_rect.right + p.px(20), body.y, body.right - die_rect.right - p.px(20),
                       body.h)
    if weather is None:
        press = "weather.enter" if view.entering is not None else "weather.press"
        p.wrap(t(press), (rest.x, rest.y, rest.w, rest.h), theme.BIG)
        return NO_DICE
    # W4: each seat's dice colour for the round.
    seat_dice(p, view, rest)
    return NO_DICE


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

