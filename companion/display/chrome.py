"""What every screen shows: the header, the seat strip, menus, countdowns and notices.

The header and the seat strip never change place, so a player glancing from 2 m always
finds their chips, dogs and dice colour in the same spot whatever the screen is doing.
"""

from __future__ import annotations

import pygame

from companion.display import theme
from companion.display import widgets as w
from companion.display.paint import Painter, split_columns
from companion.rules.phases import ActKind
from companion.table.frame import Countdown, Menu, Notice, Payment
from companion.table.view import SeatView, TableView
from companion.words import count as count
from companion.words import language, t
from companion.words import ordinal as ordinal
from companion.words import word as word

View = TableView

def seat_name(view: View, seat: int) -> str:
    """The player's name, or the seat's colour name when none was given."""
    seats = view.seats
    if 0 <= seat < len(seats) and seats[seat].name:
        return seats[seat].name
    names = w.seat_identity(seat).names
    return names.get(language(), names["en"])


def seat_by_index(view: View, seat: int) -> SeatView:
    """One seat of the view (a blank one when the seat does not exist)."""
    seats = view.seats
    return seats[seat] if 0 <= seat < len(seats) else SeatView(seat=seat, name="")


def placeholder(view: View, chart: str | None) -> bool:
    """Whether a chart ("southern", …, "pressing") is still an unconfirmed placeholder."""
    return chart is not None and chart in view.placeholder_charts


# --- header ---------------------------------------------------------------------------


def draw_header(p: Painter, view: View, rect: pygame.Rect, rolling: bool = False) -> None:
    """Round, weather with its zone, bank (and coins), sticks in play.

    While the weather die is still tumbling (`rolling`) the view already holds the new
    weather; the header shows a tumbling die instead, so the word never comes before the
    die has landed on it.
    """
    pygame.draw.rect(p.surface, theme.PANEL, rect)
    pad = p.px(16)
    inner = rect.inflate(-2 * pad, -p.px(8))
    cells = split_columns(inner, [1.0, 2.7, 1.2, 0.9], gap=pad)
    rnd = view.round
    label = t("header.round", round=rnd) if rnd else (
        t("over.title") if view.act is ActKind.NONE else "MUSH")
    p.text(label, cells[0], theme.BIG, bold=True)

    weather = view.weather
    zone = view.weather_zone or view.chart_zone
    icon = pygame.Rect(cells[1].x, cells[1].y, cells[1].h, cells[1].h)
    if rolling:
        w.standard_die(p, icon.inflate(-p.px(8), -p.px(8)), None, 20.0)
    else:
        w.climate_icon(p, icon, weather)
    x = icon.right + pad // 2
    if rolling:
        shown = t("header.rolling")
    elif weather:
        shown = f"{word(weather)} · {word(zone)}"
    else:
        shown = t("header.zone_no_weather", zone=word(zone)) if zone else t("header.no_weather")
    tag = t("header.placeholder") if placeholder(view, zone) else ""
    tag_w = p.measure(tag, theme.SMALL)[0] + p.px(20) if tag else 0
    tag_w = min(tag_w, (cells[1].right - x) // 2)
    drawn = p.text(shown, pygame.Rect(x, cells[1].y, cells[1].right - x - tag_w - pad // 2,
                                      cells[1].h), theme.BODY)
    if tag:
        box = pygame.Rect(drawn.right + pad // 2, cells[1].y + p.px(4), tag_w,
                          cells[1].h - p.px(8))
        pygame.draw.rect(p.surface, theme.WARN, box, max(2, p.px(3)), border_radius=p.px(6))
        p.text(tag, box.inflate(-p.px(12), -p.px(4)), theme.SMALL, colour=theme.WARN,
               align="center")

    bank = t("header.bank", chips=view.bank)
    if view.coins:
        bank += f" · {count(view.coins, 'coin')}"
    p.text(bank, cells[2], theme.BODY, align="center")
    p.text(t("header.sticks", sticks=view.sticks), cells[3], theme.BODY, align="right")


# --- seat strip -----------------------------------------------------------------------


def strip_height(p: Painter) -> int:
    """The strip's height: five rows of text and pictures at this screen's scale."""
    rows = (w.badge_size(p) + 3 * p.line(theme.SMALL) + p.px(46))
    return rows + 4 * p.px(8) + 2 * p.px(10)  # four gaps between rows, padding twice


def seat_status(view: View, seat: SeatView) -> tuple[str, str | None]:
    """The seat's one-line status and an icon name: never a bid before the reveal (I5).

    Who is acting and how comes from the phase table (the view's `act` and each seat's
    `acting`), so the screen never restates which phase lets whom act.
    """
    index = seat.seat
    act = view.act
    if act is ActKind.NONE:
        return (t("status.winner"), "check") if view.winner == index else ("", None)
    if act is ActKind.BID:
        return ((t("status.locked"), "check") if seat.locked
                else (t("status.thinking"), "dots"))
    if seat.acting:
        if act is ActKind.REACT:
            kind = view.window.kind.value if view.window else "reroll"
            return (t(f"status.may_{kind}"), "dots")
        if act in _ACTING:
            key, icon = _ACTING[act]
            return (t(key), icon)
    if view.active == index:
        return (t("status.playing"), "marker")
    if seat.bid is not None:
        return (t("status.bid", bid=seat.bid), None)
    return ("", None)


_ACTING: dict[ActKind, tuple[str, str | None]] = {
    ActKind.TRAIN: ("status.choosing", "marker"),
    ActKind.TURN: ("status.playing", "marker"),
    ActKind.MOVE: ("status.playing", "marker"),
    ActKind.PRESS: ("status.playing", "marker"),
}
"""The status (its words' key) of the seat a kind of act waits for (the Ice Bear's weather
roll has none)."""


def draw_strip(p: Painter, view: View, rect: pygame.Rect, rolling: bool = False) -> None:
    """Every seat: identity, name, chips, dogs, training, dice colour, place, Ice Bear.

    While the weather die tumbles (`rolling`) the dice colours, which follow from the new
    weather (W4), wait for it to land like the weather word does.
    """
    seats = view.seats
    if not seats:
        w.panel(p, rect)
        p.text(t("strip.empty"), rect.inflate(-p.px(32), 0), theme.BODY,
               colour=theme.DIM, align="center")
        return
    gap = p.px(12)
    cards = split_columns(rect, [1.0] * len(seats), gap=gap)
    for seat, card in zip(seats, cards, strict=True):
        seat_card(p, view, seat, card, rolling)


def seat_card(p: Painter, view: View, seat: SeatView, card: pygame.Rect,
              rolling: bool = False) -> None:
    """One seat's card in the strip."""
    index = seat.seat
    ident = w.seat_identity(index)
    active = view.active == index or (view.act is ActKind.TRAIN and seat.acting)
    w.panel(p, card, border=ident.rgb, fill=theme.PANEL_HI if active else theme.PANEL,
            width=6 if active else 3)
    pad = p.px(10)
    inner = card.inflate(-2 * pad, -2 * pad)
    gap = p.px(8)
    badge = w.badge_size(p)
    line = p.line(theme.SMALL)
    dogs_h = p.px(46)
    y = inner.y
    # Row 1: badge, name, Ice Bear.
    w.seat_badge(p, index, pygame.Rect(inner.x, y, badge, badge))
    bear_w = badge if seat.ice_bear else 0
    name_box = pygame.Rect(inner.x + badge + gap, y, inner.w - badge - gap - bear_w, badge)
    p.text(seat_name(view, index), name_box, theme.BODY, bold=True)
    if bear_w:
        w.bear_icon(p, pygame.Rect(inner.right - badge, y, badge, badge))
    y += badge + gap
    # Row 2: chips, the zone the sled is in (it picks the weather chart, W2, so the
    # table must see what the companion believes), and place in the order of play.
    # Chips and place come first; the zone takes what room is left, as a word or, on a
    # narrow card, as its initial.
    row = pygame.Rect(inner.x, y, inner.w, line)
    chips_text = count(seat.chips, "chip")
    # At game over the last round's turn order would read as race places: it goes.
    place_text = (ordinal(seat.place) if seat.place and view.act is not ActKind.NONE
                  else "")
    chips_w = p.measure(chips_text, theme.SMALL)[0]
    # The place in the order of play sits in a framed yellow tag, all round; a card too
    # narrow for the frame and the zone's initial keeps the yellow word alone.
    place_w = p.measure(place_text, theme.SMALL, bold=True)[0] if place_text else 0
    widest = max(p.measure(ordinal(n), theme.SMALL, bold=True)[0]
                 for n in range(1, len(view.seats) + 1))  # every card alike
    framed = bool(place_text) and (chips_w + widest + p.px(14) + 3 * gap
                                   + p.measure("M", theme.SMALL)[0] <= row.w)
    if framed:
        place_w += p.px(14)
    if chips_w + place_w + gap > row.w:
        left, right = split_columns(row, [1.9, 1.0], gap=gap)
        middle = pygame.Rect(left.right, y, 0, line)
    else:
        left = pygame.Rect(row.x, y, chips_w, line)
        right = pygame.Rect(row.right - place_w, y, place_w, line)
        middle = pygame.Rect(left.right + gap, y, right.x - left.right - 2 * gap, line)
    p.text(chips_text, left, theme.SMALL)
    zone = seat.zone
    if view.act is not ActKind.SET_UP:
        for text in (word(zone), word(zone)[:1].upper()):
            if p.measure(text, theme.SMALL)[0] <= middle.w:
                p.text(text, middle, theme.SMALL, colour=theme.DIM, align="center")
                break
    if place_text:
        tag = pygame.Rect(right.right - min(place_w, right.w), y, min(place_w, right.w), line)
        if framed:
            pygame.draw.rect(p.surface, theme.BG, tag, border_radius=p.px(8))
            pygame.draw.rect(p.surface, theme.YELLOW, tag, max(2, p.px(3)),
                             border_radius=p.px(8))
            tag = tag.inflate(-p.px(10), 0)
        p.text(place_text, tag, theme.SMALL, bold=True, align="center" if framed else "right",
               colour=theme.YELLOW)
    y += line + gap
    # Row 3: the eight dogs, covered ones under a chip.
    covered = seat.covered
    w.dog_row(p, pygame.Rect(inner.x, y, inner.w, dogs_h), covered)
    y += dogs_h + gap
    # Row 4: training and this round's dice colour.
    left, right = split_columns(pygame.Rect(inner.x, y, inner.w, line), [1.35, 1.0], gap=gap)
    training = seat.training
    if training:
        icon = pygame.Rect(left.x, left.y, line, line)
        w.climate_icon(p, icon, training)
        box = pygame.Rect(icon.right + gap // 2, left.y, left.w - line - gap // 2, line)
        if p.measure(word(training), theme.SMALL)[0] <= box.w:  # else the symbol says it
            p.text(word(training), box, theme.SMALL)
    else:
        text = next((x for x in (t("strip.no_training"), t("strip.none"), "—")
                     if p.measure(x, theme.SMALL)[0] <= left.w), "—")
        p.text(text, left, theme.SMALL, colour=theme.DIM)
    dice = None if rolling else seat.dice
    if dice:
        # The die carries colour and pattern; its word is added only when it fits whole.
        word_box = pygame.Rect(right.x + line + gap // 2, right.y, right.w - line - gap // 2,
                               line)
        fits = p.measure(word(dice), theme.FLOOR)[0] <= word_box.w
        die = pygame.Rect(right.x if fits else right.right - line, right.y, line, line)
        w.dog_die(p, die, dice, None)
        if fits:
            p.text(word(dice), word_box, theme.SMALL)
    y += line + gap
    # Row 5: status.
    status, icon_name = seat_status(view, seat)
    if status:
        box = pygame.Rect(inner.x, y, inner.w, min(line, inner.bottom - y))
        if icon_name and p.measure(status, theme.SMALL, bold=True)[0] + box.h + gap // 2 > box.w:
            icon_name = None  # the words matter more than their icon on a narrow card
        if icon_name:
            icon_rect = pygame.Rect(box.x, box.y, box.h, box.h)
            {"check": w.check_icon, "dots": w.dots_icon, "marker": w.marker}[icon_name](
                p, icon_rect)
            box = pygame.Rect(icon_rect.right + gap // 2, box.y, box.w - box.h - gap // 2, box.h)
        p.text(status, box, theme.SMALL, bold=True)


# --- menus, countdown, notices ----------------------------------------------------------


BUTTON_GLYPHS = {"left": "◀", "right": "▶", "select": "●"}
"""The pad's buttons as drawn next to the items they choose at once (style "buttons")."""


def _menu_metrics(p: Painter) -> tuple[int, int, int, int]:
    """Padding, gap, badge size and item row height of a menu at this screen's scale."""
    return p.px(14), p.px(8), w.badge_size(p), p.line(theme.BODY) + p.px(10)


def menu_height(p: Painter, menu: Menu) -> int:
    """The height a menu needs to show its title, every item and its hint in full."""
    pad, gap, badge, row_h = _menu_metrics(p)
    hint_h = p.line(theme.SMALL) if menu.hint else 0
    note_h = p.line(theme.SMALL) + gap if getattr(menu, "note", "") else 0
    return 2 * pad + badge + gap + note_h + len(menu.items) * row_h + hint_h


def menu_title(view: View, menu: Menu) -> str:
    """The menu's title; a confirmation step is always asked as a question."""
    title = menu.title or seat_name(view, menu.seat)
    if getattr(menu, "confirm", False) and not title.rstrip().endswith("?"):
        title = title.rstrip(" .:") + "?"
    return title


def menu_frame(menu: Menu) -> tuple[tuple[int, int, int], int]:
    """A menu's border colour and width: a confirmation step stands out in yellow and
    thicker, so nobody confirms a payment thinking it is an ordinary choice."""
    if getattr(menu, "confirm", False):
        return theme.YELLOW, 9
    ident = w.seat_identity(menu.seat) if menu.seat >= 0 else None
    return (ident.rgb if ident else theme.LINE), 5


def compact_height(p: Painter, menu: Menu, title: bool = True) -> int:
    """The height of a reaction window's menu drawn compact: its buttons on one line,
    under the title (`title`) or beside the seat's badge alone."""
    _, gap, badge, _ = _menu_metrics(p)
    inner = max(badge, p.line(theme.SMALL))
    return 2 * p.px(8) + (badge + gap + inner if title else inner)


def draw_menu(p: Painter, view: View, menu: Menu, rect: pygame.Rect) -> None:
    """A seat's menu: its items with details, the focused one marked, disabled ones struck.

    Long menus scroll so the focused item stays visible, with "more" lines above/below;
    a reaction window's menu too short for its items is drawn compact. Nothing is drawn
    outside `rect`.
    """
    style = getattr(menu, "style", "list")
    if style == "buttons" and rect.h < menu_height(p, menu):
        draw_compact_menu(p, view, menu, rect)
        return
    border, width = menu_frame(menu)
    confirm = getattr(menu, "confirm", False)
    w.panel(p, rect, border=border, width=width, fill=theme.PANEL_HI if confirm else theme.PANEL)
    pad, gap, badge, row_h = _menu_metrics(p)
    inner = rect.inflate(-2 * pad, -2 * pad)
    y = inner.y
    title_x = inner.x
    if menu.seat >= 0:
        w.seat_badge(p, menu.seat, pygame.Rect(inner.x, y, badge, badge))
        title_x += badge + gap
    title = menu_title(view, menu)
    title_w = inner.right - title_x
    two = p.line(theme.BODY) * 2 + p.px(4)
    if p.measure(title, theme.FLOOR, bold=True)[0] > title_w and (
            inner.bottom - y >= two + gap + len(menu.items) * row_h + p.line(theme.SMALL)):
        # the title (a confirmation's question above all) is read whole, over two lines
        # when there is room for them and every item
        y += p.wrap(title, pygame.Rect(title_x, y, title_w, two), theme.BODY, bold=True,
                    colour=theme.YELLOW if confirm else theme.TEXT) - badge
    else:
        p.text(title, pygame.Rect(title_x, y, title_w, badge), theme.BODY, bold=True,
               colour=theme.YELLOW if confirm else theme.TEXT)
    y += badge + gap
    note = getattr(menu, "note", "")
    if note and inner.bottom - y >= p.line(theme.SMALL) + row_h:
        p.text(note, pygame.Rect(inner.x, y, inner.w, p.line(theme.SMALL)), theme.SMALL,
               colour=theme.DIM)
        y += p.line(theme.SMALL) + gap
    hint_h = p.line(theme.SMALL) if menu.hint else 0
    more_h = p.line(theme.SMALL)
    items = menu.items
    if hint_h and p.measure(menu.hint, theme.FLOOR)[0] > inner.w and (
            inner.bottom - y - 2 * hint_h >= len(items) * row_h):
        hint_h *= 2  # a long hint goes on over a second line when every item still fits
    if inner.bottom - y - hint_h < min(len(items), 1) * row_h + (
            2 * more_h if len(items) > 1 else 0):
        hint_h = 0  # too short for the hint and one item: the item matters more
    space = inner.bottom - y - hint_h
    # An item whose label and detail cannot share a line without losing words gets two
    # lines (the detail under the label) when every item still fits that way.
    text_room = inner.w - row_h * 2 // 3 - p.px(22)
    crowded = any(p.measure(f"{i.label} ›" if getattr(i, "submenu", False) else i.label,
                            theme.FLOOR, bold=True)[0]
                  + p.measure(i.detail, theme.FLOOR)[0] + gap > text_room
                  for i in items if i.detail)
    tall = crowded and space >= len(items) * (row_h + more_h)
    step = row_h + more_h if tall else row_h
    capacity = space // row_h
    first, last = 0, len(items)
    scrolled = len(items) > capacity
    if scrolled:
        capacity = max(1, (space - 2 * more_h) // row_h)
        focus = max(0, min(menu.focus, len(items) - 1))
        first = max(0, min(focus - capacity // 2, len(items) - capacity))
        last = first + capacity
        if first > 0:
            p.text(t("menu.more_above", n=first), pygame.Rect(inner.x, y, inner.w, more_h),
                   theme.SMALL,
                   colour=theme.DIM, align="center")
        y += more_h
    for index in range(first, last):
        item = items[index]
        row = pygame.Rect(inner.x, y, inner.w, min(step - p.px(6), inner.bottom - y))
        focused = style == "list" and index == menu.focus
        if focused:
            pygame.draw.rect(p.surface, theme.BG if confirm else theme.PANEL_HI, row,
                             border_radius=p.px(8))
            pygame.draw.rect(p.surface, theme.YELLOW, row, max(2, p.px(4)),
                             border_radius=p.px(8))
        line_h = row_h - p.px(6) if tall else row.h  # the label's line
        mark = pygame.Rect(row.x + p.px(6), row.y, line_h * 2 // 3, line_h)
        button = BUTTON_GLYPHS.get(getattr(item, "button", "") or "")
        # a menu that takes no press yet is drawn waiting: dim, never inviting
        colour = theme.TEXT if item.enabled and not getattr(menu, "waiting", False) \
            else theme.DIM
        if style in ("buttons", "keys") and button:
            mark.w = max(mark.w, p.measure(button, theme.BODY)[0])
            p.text(button, mark, theme.BODY, colour=colour, align="center")
        elif focused:
            w.marker(p, mark)
        label_x = mark.right + p.px(6)
        text_w = row.right - p.px(10) - label_x
        text = f"{item.label} ›" if getattr(item, "submenu", False) else item.label
        detail_w = 0
        if item.detail and tall:
            p.text(item.detail, pygame.Rect(label_x, row.y + line_h, text_w, more_h),
                   theme.SMALL, colour=colour, align="right")
        elif item.detail:
            # the detail ("8 dogs, green dice", why an item is greyed) gets 45 % of the row,
            # or all the room a short label leaves it
            want = p.measure(item.detail, theme.SMALL)[0]
            spare = text_w - p.measure(text, theme.BODY, bold=True)[0] - gap
            detail_w = min(want, max(int(text_w * 0.45), spare))
        label_box = pygame.Rect(label_x, row.y, text_w - detail_w - (gap if detail_w else 0),
                                line_h)
        drawn = p.text(text, label_box, theme.BODY, colour=colour, bold=focused)
        if not item.enabled and drawn.w:
            pygame.draw.line(p.surface, theme.DIM, (drawn.x, drawn.centery),
                             (drawn.right, drawn.centery), max(2, p.px(3)))
        if detail_w:
            p.text(item.detail, pygame.Rect(row.right - p.px(10) - detail_w, row.y, detail_w,
                                            row.h), theme.SMALL, colour=colour, align="right")
        y += step
    if last < len(items):
        p.text(t("menu.more_below", n=len(items) - last),
               pygame.Rect(inner.x, min(y, inner.bottom - hint_h - more_h), inner.w, more_h),
               theme.SMALL, colour=theme.DIM, align="center")
    if hint_h:
        p.wrap(menu.hint, pygame.Rect(inner.x, inner.bottom - hint_h, inner.w, hint_h),
               theme.SMALL, colour=theme.DIM)


def draw_compact_menu(p: Painter, view: View, menu: Menu, rect: pygame.Rect) -> None:
    """A reaction window's menu in little room: the seat's badge, the title when there is
    a line for it, then every button with what it does side by side on one line."""
    border, width = menu_frame(menu)
    w.panel(p, rect, border=border, width=width - 1)
    _, gap, badge, _ = _menu_metrics(p)
    inner = rect.inflate(-2 * p.px(14), -2 * p.px(8))
    badge = min(badge, inner.h)
    line = pygame.Rect(inner.x, inner.y, inner.w, inner.h)
    if menu.seat >= 0:
        w.seat_badge(p, menu.seat, pygame.Rect(inner.x, inner.y, badge, badge))
        line = pygame.Rect(inner.x + badge + gap, inner.y, inner.w - badge - gap, inner.h)
    if inner.h >= compact_height(p, menu, title=True) - 2 * p.px(8):
        p.text(menu_title(view, menu), pygame.Rect(line.x, inner.y, line.w, badge),
               theme.BODY, bold=True,
               colour=theme.YELLOW if getattr(menu, "confirm", False) else theme.TEXT)
        line = pygame.Rect(inner.x, inner.y + badge + gap, inner.w, inner.bottom - inner.y
                           - badge - gap)
    draw_buttons_line(p, menu, line)


def draw_buttons_line(p: Painter, menu: Menu, line: pygame.Rect) -> None:
    """Every button of a menu with what it does, side by side on one line; each gets room
    in proportion to its words, and the details go first when there is too little."""
    _, gap, _, _ = _menu_metrics(p)
    items = [item for item in menu.items if getattr(item, "button", "")] or list(menu.items)
    if not items:
        return
    spacing = gap * 2
    usable = line.w - spacing * (len(items) - 1)
    texts = []
    for item in items:
        glyph = BUTTON_GLYPHS.get(getattr(item, "button", "") or "", "")
        short = f"{glyph} {item.label}".strip()
        texts.append((f"{short} ({item.detail})" if item.detail and item.enabled else short,
                      short))
    widths = [p.measure(full, theme.SMALL)[0] for full, _ in texts]
    chosen = [full for full, _ in texts]
    if sum(widths) > usable:
        chosen = [short for _, short in texts]
        widths = [p.measure(short, theme.SMALL)[0] for short in chosen]
    cells = split_columns(line, [float(max(1, x)) for x in widths], gap=spacing)
    waiting = getattr(menu, "waiting", False)
    for item, text, cell in zip(items, chosen, cells, strict=True):
        colour = theme.TEXT if item.enabled and not waiting else theme.DIM
        drawn = p.text(text, cell, theme.SMALL, colour=colour)
        if not item.enabled and drawn.w:
            pygame.draw.line(p.surface, theme.DIM, (drawn.x, drawn.centery),
                             (drawn.right, drawn.centery), max(2, p.px(3)))


def _offer_key(menu: Menu) -> tuple[object, ...] | None:
    """Offers of the same thing to several seats (the same title and item) are drawn as
    one block with every seat's badge; None for a menu that is not an offer."""
    if getattr(menu, "style", "list") != "buttons":
        return None
    return (menu.title, tuple((i.label, i.detail, i.enabled) for i in menu.items))


def draw_offer_group(p: Painter, view: View, menus: tuple[Menu, ...],
                     rect: pygame.Rect) -> None:
    """One offer made to several seats: their badges side by side, the question after them
    when it fits on the line, then what pressing would open."""
    if len(menus) == 1:
        draw_compact_menu(p, view, menus[0], rect)
        return
    w.panel(p, rect, border=theme.LINE, width=4)
    _, gap, badge, _ = _menu_metrics(p)
    inner = rect.inflate(-2 * p.px(14), -2 * p.px(8))
    badge = min(badge, inner.h)
    x = inner.x
    for menu in menus:
        w.seat_badge(p, menu.seat, pygame.Rect(x, inner.y, badge, badge))
        x += badge + gap // 2
    first = menus[0]
    title = menu_title(view, first)
    rest = pygame.Rect(x + gap, inner.y, inner.right - x - gap, badge)
    two_lines = inner.h >= compact_height(p, first, title=True) - 2 * p.px(8)
    if len(first.items) > 1:  # an offer of several buttons: all of them on the line
        if two_lines:
            if p.measure(title, theme.BODY, bold=True)[0] <= rest.w:
                p.text(title, rest, theme.BODY, bold=True)
            draw_buttons_line(p, first, pygame.Rect(inner.x, inner.y + badge + gap, inner.w,
                                                    inner.bottom - inner.y - badge - gap))
        else:
            draw_buttons_line(p, first, rest)
        return
    item = first.items[0] if first.items else None
    words = f"{item.label} ({item.detail})" if item is not None and item.detail else (
        item.label if item is not None else "")
    if two_lines and p.measure(title, theme.BODY, bold=True)[0] <= rest.w:
        p.text(title, rest, theme.BODY, bold=True)
        line = pygame.Rect(inner.x, inner.y + badge + gap, inner.w,
                           inner.bottom - inner.y - badge - gap)
        p.text(words, line, theme.SMALL)
    elif two_lines:
        line = pygame.Rect(inner.x, inner.y + badge + gap, inner.w,
                           inner.bottom - inner.y - badge - gap)
        p.text(words, line, theme.SMALL)
    else:
        p.text(words if p.measure(words, theme.SMALL)[0] <= rest.w else item.label
               if item is not None else "", rest, theme.SMALL)


def draw_menus(p: Painter, view: View, menus: tuple[Menu, ...], rect: pygame.Rect) -> None:
    """Several seats may choose at once (reaction windows, the next player choosing ahead,
    the others' offers while a player decides): their menus share the panel.

    The same offer made to several seats is one block with all their badges. Each block
    gets the room it needs when all fit in full, top first. Otherwise the offers go
    compact (under their titles, or beside the badges alone) and the list menus, where a
    seat is really choosing, share what is left, so no menu ever draws over another or
    over its own hint.
    """
    if not menus:
        return
    blocks: list[tuple[Menu, ...]] = []
    where: dict[tuple[object, ...], int] = {}
    for menu in menus:
        key = _offer_key(menu)
        if key is not None and key in where:
            index = where[key]
            blocks[index] = (*blocks[index], menu)
            continue
        if key is not None:
            where[key] = len(blocks)
        blocks.append((menu,))
    if len(blocks) == 1 and len(blocks[0]) == 1:
        draw_menu(p, view, menus[0], rect)
        return
    gap = p.px(10)
    room = rect.h - gap * (len(blocks) - 1)
    offers = [_offer_key(b[0]) is not None for b in blocks]
    heights = [compact_height(p, b[0], title=True) if len(b) > 1 else menu_height(p, b[0])
               for b in blocks]
    for title in (True, False):
        if sum(heights) <= room:
            break
        heights = [compact_height(p, b[0], title=title) if offer else h
                   for b, h, offer in zip(blocks, heights, offers, strict=True)]
    if sum(heights) > room:
        lists = offers.count(False)
        left = room - sum(h for h, offer in zip(heights, offers, strict=True) if offer)
        if lists and left >= lists * compact_height(p, menus[0], title=True):
            heights = [h if offer else left // lists
                       for h, offer in zip(heights, offers, strict=True)]
        else:
            heights = [room // len(blocks)] * len(blocks)
    y = rect.y
    for block, h in zip(blocks, heights, strict=True):
        box = pygame.Rect(rect.x, y, rect.w, h)
        if len(block) > 1:
            draw_offer_group(p, view, block, box)
        else:
            draw_menu(p, view, block[0], box)
        y += h + gap


COUNTDOWN_WORDS = {"reduce": "countdown.reduce", "reroll": "countdown.reroll"}


def countdown_height(p: Painter) -> int:
    """Room the countdown needs: a line of text over a bar."""
    return p.line(theme.BODY) + p.px(18)


def choosing_words(view: View, holders: tuple[int, ...]) -> str:
    """Who holds a window: "Bo is choosing…", "Bo and Cat are choosing…"."""
    names = [seat_name(view, seat) for seat in holders]
    if not names:
        return t("choosing.someone")
    if len(names) == 1:
        return t("choosing.one", name=names[0])
    return t("choosing.many", names=", ".join(names[:-1]), last=names[-1])


def draw_countdown(p: Painter, countdown: Countdown, rect: pygame.Rect,
                   view: View | None = None) -> None:
    """A reaction window's time left, as a bar that empties and the seconds in words.

    While seats are choosing (`held`) the bar stands still in another colour with a pause
    sign, and says who holds it with their badges: the table knows why it is waiting.
    """
    fraction = countdown.remaining / countdown.total if countdown.total > 0 else 0.0
    label_w = int(rect.w * 0.42)
    text_box = pygame.Rect(rect.x, rect.y, label_w, rect.h)
    seconds = max(0, round(countdown.remaining))
    key = COUNTDOWN_WORDS.get(countdown.kind)
    words = t(key) if key else countdown.kind.capitalize()
    held = bool(getattr(countdown, "held", False))
    holders = tuple(getattr(countdown, "holders", ()) or ())
    if not held:
        p.text(t("countdown.left", what=words, seconds=seconds), text_box, theme.BODY, bold=True)
        bar_rect = pygame.Rect(rect.x + label_w + p.px(12), rect.centery - p.px(14),
                               rect.w - label_w - p.px(12), p.px(28))
        w.bar(p, bar_rect, fraction, theme.YELLOW)
        return
    # Held: "Reroll: held" | ❚❚ [badges] Bo is choosing… over a still, sky-blue bar.
    hold_left = round(getattr(countdown, "hold_left", 0.0))
    held_words = (t("countdown.held_for", what=words, seconds=hold_left) if hold_left > 0
                  else t("countdown.held", what=words))
    p.text(held_words, text_box, theme.BODY, bold=True, colour=theme.SKY_BLUE)
    x = rect.x + label_w + p.px(12)
    size = min(rect.h, w.badge_size(p))
    pause = pygame.Rect(x, rect.centery - size // 2, size, size)
    bar_w = max(2, size // 4)
    for dx in (size // 4, size * 5 // 8):
        pygame.draw.rect(p.surface, theme.SKY_BLUE,
                         pygame.Rect(pause.x + dx - bar_w // 2, pause.y + size // 6, bar_w,
                                     size * 2 // 3))
    x = pause.right + p.px(10)
    for seat in holders[:3]:
        w.seat_badge(p, seat, pygame.Rect(x, rect.centery - size // 2, size, size))
        x += size + p.px(8)
    p.text(choosing_words(view or TableView(), holders),
           pygame.Rect(x, rect.y, rect.right - x, rect.h),
           theme.BODY, bold=True)
    underline = pygame.Rect(rect.x, rect.bottom - p.px(8), rect.w, p.px(6))
    w.bar(p, underline, fraction, theme.SKY_BLUE)


def notices_height(p: Painter, notices: tuple[Notice, ...]) -> int:
    """Room for the latest two notices."""
    return (p.line(theme.SMALL) + p.px(8)) * min(2, len(notices))


def draw_notices(p: Painter, view: View, notices: tuple[Notice, ...], rect: pygame.Rect) -> None:
    """The latest notices, each with its seat's badge when it is for one seat."""
    line = p.line(theme.SMALL)
    y = rect.y
    for notice in notices[-2:]:
        row = pygame.Rect(rect.x, y, rect.w, line + p.px(4))
        pygame.draw.rect(p.surface, theme.PANEL, row, border_radius=p.px(6))
        x = row.x + p.px(8)
        if notice.seat is not None and notice.seat >= 0:
            w.seat_badge(p, notice.seat, pygame.Rect(x, row.y, row.h, row.h), letter=False)
            x += row.h + p.px(8)
            text = f"{seat_name(view, notice.seat)}: {notice.text}"
        else:
            text = notice.text
        p.text(text, pygame.Rect(x, row.y, row.right - x - p.px(8), row.h), theme.SMALL)
        y += line + p.px(8)


def payment_words(view: View, payment: Payment) -> str:
    """What a payment line says: the controller's ready words, else made here."""
    if payment.text:
        return payment.text
    what = payment.what
    if payment.roller != payment.seat and payment.roll:
        what = t("payment.for_roll", what=what, name=seat_name(view, payment.roller),
                 roll=payment.roll)
    return t("payment.paid", name=seat_name(view, payment.seat),
             chips=count(payment.chips, "chip"), what=what)


def payments_height(p: Painter, payments: tuple[Payment, ...], most: int = 4) -> int:
    """Room for the latest `most` payments (one line each, and a line for older ones)."""
    n = min(len(payments), most) + (1 if len(payments) > most else 0)
    return n * (p.line(theme.SMALL) + p.px(8))


def draw_payments(p: Painter, view: View, payments: tuple[Payment, ...],
                  rect: pygame.Rect) -> None:
    """Every payment of the turn, newest last, each behind the payer's badge: who paid
    what for which roll stays on screen until the turn ends. When they do not all fit the
    oldest are folded into one "+ n earlier" line."""
    line = p.line(theme.SMALL)
    step = line + p.px(8)
    room = max(0, rect.h // step)
    if room == 0 or not payments:
        return
    shown = list(payments)
    older = 0
    if len(shown) > room:
        older = len(shown) - (room - 1)
        shown = shown[older:]
    y = rect.y
    if older:
        p.text(t("payment.earlier", payments=count(older, "earlier_payment")),
               pygame.Rect(rect.x, y, rect.w, line),
               theme.SMALL, colour=theme.DIM)
        y += step
    for payment in shown:
        row = pygame.Rect(rect.x, y, rect.w, line + p.px(4))
        pygame.draw.rect(p.surface, theme.PANEL, row, border_radius=p.px(6))
        badge = pygame.Rect(row.x + p.px(6), row.y, row.h, row.h)
        w.seat_badge(p, payment.seat, badge, letter=row.h >= p.line(theme.FLOOR))
        x = badge.right + p.px(10)
        p.text(payment_words(view, payment), pygame.Rect(x, row.y, row.right - x - p.px(8),
                                                         row.h), theme.SMALL)
        y += step
