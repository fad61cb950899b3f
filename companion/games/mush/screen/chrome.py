"""What every MUSH screen shows: the header and the seat strip, and the payments.

The header and the seat strip never change place, so a player glancing from 2 m always
finds their chips, dogs and dice colour in the same spot whatever the screen is doing.
"""

from __future__ import annotations

import pygame

from companion.display import theme
from companion.display import widgets as w
from companion.display.chrome import badged_rows, draw_badged, first_fitting, seat_name
from companion.display.paint import Block, Painter, split_columns
from companion.games.mush.phases import ActKind
from companion.games.mush.table.frame import Payment
from companion.games.mush.table.view import SeatView, TableView
from companion.i18n import count, ordinal, t, word

View = TableView


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
        forms = [t("header.rolling"), t("header.rolling_short")]
    elif weather:
        forms = [f"{word(weather)} · {word(zone)}", word(weather)]
    elif zone:
        forms = [t("header.zone_no_weather", zone=word(zone)), word(zone)]
    else:
        forms = [t("header.no_weather"), "—"]
    tag = t("header.placeholder") if placeholder(view, zone) else ""
    tag_w = p.measure(tag, theme.SMALL)[0] + p.px(20) if tag else 0
    tag_w = min(tag_w, (cells[1].right - x) // 2)
    room = cells[1].right - x - tag_w - pad // 2
    shown = first_fitting(p, forms, room, theme.BODY)
    drawn = p.text(shown, pygame.Rect(x, cells[1].y, room, cells[1].h), theme.BODY)
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


def draw_strip(p: Painter, view: View, rect: pygame.Rect, rolling: bool = False,
               empty: str | None = None) -> None:
    """Every seat: identity, name, chips, dogs, training, dice colour, place, Ice Bear.

    While the weather die tumbles (`rolling`) the dice colours, which follow from the new
    weather (W4), wait for it to land like the weather word does. Before the game has
    seats the strip says `empty` (the phones seated so far) or that none are.
    """
    seats = view.seats
    if not seats:
        w.panel(p, rect)
        p.text(empty or t("strip.empty"), rect.inflate(-p.px(32), 0), theme.BODY,
               colour=theme.TEXT if empty else theme.DIM, align="center")
        return
    for seat, card in zip(seats, strip_cards(p, view, rect), strict=True):
        seat_card(p, view, seat, card, rolling)


def strip_cards(p: Painter, view: View, rect: pygame.Rect) -> list[pygame.Rect]:
    """Where each seat's card goes in the strip."""
    return split_columns(rect, [1.0] * len(view.seats), gap=p.px(12))


def seat_card(p: Painter, view: View, seat: SeatView, card: pygame.Rect,
              rolling: bool = False) -> None:
    """One seat's card in the strip, row by row: who (badge, name, Ice Bear), chips,
    zone and place, the eight dogs, training and dice colour, the seat's status."""
    index = seat.seat
    ident = w.seat_identity(index)
    active = view.active == index or (view.act is ActKind.TRAIN and seat.acting)
    w.panel(p, card, border=ident.rgb, fill=theme.PANEL_HI if active else theme.PANEL,
            width=6 if active else 3)
    pad = p.px(10)
    inner = card.inflate(-2 * pad, -2 * pad)
    gap = p.px(8)
    line = p.line(theme.SMALL)
    dogs_h = p.px(46)
    y = _name_row(p, view, seat, inner, gap)
    below = _chips_row(p, view, seat, pygame.Rect(inner.x, y, inner.w, line), gap)
    y += line + gap
    # Row 3: the eight dogs, covered ones under a chip.
    w.dog_row(p, pygame.Rect(inner.x, y, inner.w, dogs_h), seat.covered)
    y += dogs_h + gap
    _training_row(p, seat, pygame.Rect(inner.x, y, inner.w, line), below, gap, rolling)
    y += line + gap
    _status_row(p, view, seat, pygame.Rect(inner.x, y, inner.w, min(line, inner.bottom - y)),
                gap)


def _name_row(p: Painter, view: View, seat: SeatView, inner: pygame.Rect, gap: int) -> int:
    """Row 1: badge, name, Ice Bear; where the next row starts."""
    index, y = seat.seat, inner.y
    badge = w.badge_size(p)
    w.seat_badge(p, index, pygame.Rect(inner.x, y, badge, badge))
    bear_w = badge if seat.ice_bear else 0
    name_box = pygame.Rect(inner.x + badge + gap, y, inner.w - badge - gap - bear_w, badge)
    p.text(seat_name(view, index), name_box, theme.BODY, bold=True, may_cut=True)
    if bear_w:
        w.bear_icon(p, pygame.Rect(inner.right - badge, y, badge, badge))
    return y + badge + gap


def _chips_row(p: Painter, view: View, seat: SeatView, row: pygame.Rect,
               gap: int) -> str | None:
    """Row 2: chips, the zone the sled is in (it picks the weather chart, W2, so the
    table must see what the companion believes), and place in the order of play.

    Chips and place come first; the zone takes what room is left, as a word or, on a
    narrow card, as its initial. Returns how the zone is written on the training row
    instead (`_zone_below`), or None when it is written here."""
    y, line = row.y, row.h
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
    # the zone's word goes whole where it fits: here, else on the row of training and
    # dice colour (whose words yield to it: their symbols say them), else its initial
    below: str | None = None
    if view.act is not ActKind.SET_UP:
        below = _zone_below(p, view, row.w - (widest + (p.px(14) if framed else 0) if
                                              place_text else 0), row.w - 2 * line, gap)
        for text in (word(zone), word(zone)[:1].upper()):
            if below is None and p.measure(text, theme.SMALL)[0] <= middle.w:
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
    return below


def _training_row(p: Painter, seat: SeatView, row4: pygame.Rect, below: str | None, gap: int,
                  rolling: bool) -> None:
    """Row 4: training and this round's dice colour (and the zone, written `below`, when
    row 2 had no room)."""
    y, line = row4.y, row4.h
    left, right = split_columns(row4, [1.35, 1.0], gap=gap)
    if below is not None:
        left = pygame.Rect(row4.x, y, line, line)
        right = pygame.Rect(row4.right - line, y, line, line)
        p.text(t(f"{below}.{seat.zone}"), pygame.Rect(left.right + gap, y, right.x - left.right
                                                      - 2 * gap, line),
               theme.SMALL, colour=theme.DIM, align="center")
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


def _status_row(p: Painter, view: View, seat: SeatView, box: pygame.Rect, gap: int) -> None:
    """Row 5: the seat's status in words, with its icon where the words leave room."""
    status, icon_name = seat_status(view, seat)
    if not status:
        return
    if icon_name and p.measure(status, theme.SMALL, bold=True)[0] + box.h + gap // 2 > box.w:
        icon_name = None  # the words matter more than their icon on a narrow card
    if icon_name:
        icon_rect = pygame.Rect(box.x, box.y, box.h, box.h)
        {"check": w.check_icon, "dots": w.dots_icon, "marker": w.marker}[icon_name](
            p, icon_rect)
        box = pygame.Rect(icon_rect.right + gap // 2, box.y, box.w - box.h - gap // 2, box.h)
    # on the narrowest cards the words go regular before they would be cut
    bold = p.fits(status, box.w, theme.SMALL, bold=True)
    p.text(status, box, theme.SMALL, bold=bold)


def _zone_below(p: Painter, view: View, row_w: int, below_w: int, gap: int) -> str | None:
    """Where the seat cards write the zone, for every card alike (the most chips, the
    widest zone): None on the chips' row, where it fits whole; else the words' key prefix
    ("value", or "value.short", a word written for a narrow card) on the row of training
    and dice colour, whose words yield to it (their symbols say them). When neither fits,
    None: the chips' row then shows the zone's initial."""
    most = max(p.measure(count(s.chips, "chip"), theme.SMALL)[0] for s in view.seats)
    zones = {s.zone for s in view.seats}
    if max(p.measure(word(z), theme.SMALL)[0] for z in zones) <= row_w - most - 3 * gap:
        return None
    for prefix in ("value", "value.short"):
        if max(p.measure(t(f"{prefix}.{z}"), theme.SMALL)[0] for z in zones) \
                <= below_w - 2 * gap:
            return prefix
    return None


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


def payments_height(p: Painter, view: View, payments: tuple[Payment, ...], width: int,
                    most: int = 4) -> int:
    """Room for the latest `most` payments (a line or two each, and a line for older
    ones)."""
    step = p.px(8)
    shown = payments[-most:]
    rows = badged_rows(p, [payment_words(view, pay) for pay in shown], width)
    older = _earlier(p, len(payments), width).height + step if len(payments) > most else 0
    return older + sum(h + step for _, h in rows)


def _earlier(p: Painter, older: int, width: int) -> Block:
    """The line that stands for `older` payments folded away, on two lines in a narrow
    column rather than cut short."""
    return p.plan(t("payment.earlier", payments=count(older, "earlier_payment")), width,
                  theme.SMALL, lines=2)


def draw_payments(p: Painter, view: View, payments: tuple[Payment, ...],
                  rect: pygame.Rect) -> None:
    """Every payment of the turn, newest last, each behind the payer's badge: who paid
    what for which roll stays on screen until the turn ends. When they do not all fit the
    oldest are folded into one "+ n earlier" line; a payment is never cut short."""
    if not payments:
        return
    step = p.px(8)
    line = _earlier(p, len(payments), rect.w).height
    rows = badged_rows(p, [payment_words(view, pay) for pay in payments], rect.w)
    # the newest that fit, with a line for the older ones when any are left out
    shown = 0
    used = 0
    for _, h in reversed(rows):
        folded = line + step if shown + 1 < len(rows) else 0
        if used + h + step + folded > rect.h + step:
            break
        used += h + step
        shown += 1
    older = len(payments) - shown
    if shown == 0 and older and rect.h < line:
        return
    y = rect.y
    if older:
        earlier = _earlier(p, older, rect.w)
        p.block(earlier, pygame.Rect(rect.x, y, rect.w, earlier.height), colour=theme.DIM)
        y += earlier.height + step
    for payment, (block, h) in zip(payments[older:], rows[older:], strict=True):
        draw_badged(p, payment.seat, block, pygame.Rect(rect.x, y, rect.w, h))
        y += h + step
