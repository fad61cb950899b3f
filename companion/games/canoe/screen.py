"""The Canoe game's screens: the score board always in view, the weather and the throw's
line, the card drawn shown large, the winner.

Drawn with MUSH's painter (every text whole and logged, never under the floor) and its
menus (`draw_menus`), so the pads read the same on both games. The rules' view has done
every sum: this module only lays the words out.
"""

from __future__ import annotations

import pygame

from companion.display import theme
from companion.display import widgets as w
from companion.display.chrome import draw_notices, notices_height
from companion.display.join import join_at_bottom
from companion.display.layout_log import LayoutLog
from companion.display.menu_plan import (
    Plan,
    block_gap,
    block_need,
    blocks_of,
    choose_plans,
    scrolls,
)
from companion.display.menus import draw_menus
from companion.display.paint import Painter, split_columns
from companion.display.regions import Region
from companion.games.canoe.table.frame import CanoeFrame, CanoeScreen, share_line
from companion.games.canoe.views import PublicView, SeatLine
from companion.i18n import language, speaking, t


def paint_canoe(frame: CanoeFrame, surface: pygame.Surface, log: LayoutLog | None = None,
                lang: str = "en", previous: list[Region] | None = None) -> Painter:
    """Draw a Canoe frame over the whole surface in the language `lang` (its screens are
    drawn whole every time: `previous` is not used, and the painter keeps no regions)."""
    with speaking(lang):
        p = Painter(surface, log)
        _draw(p, frame)
        return p


def _draw(p: Painter, frame: CanoeFrame) -> None:
    surface = p.surface
    surface.fill(theme.BG)
    margin = p.px(14)
    header = pygame.Rect(0, 0, p.width, p.line(theme.BIG) + p.px(16))
    body = pygame.Rect(margin, header.bottom + margin, p.width - 2 * margin,
                       p.height - header.bottom - 2 * margin)
    _header(p, frame, header)
    left, right = split_columns(body, [0.42, 0.58], gap=margin)
    if frame.screen is CanoeScreen.SETUP:
        _setup(p, frame, left)
        _panel(p, frame, right, None)
        return
    view = frame.view
    assert view is not None
    _board(p, view, left)
    if frame.join is not None:  # a seat asked for a new phone: its code over the board
        _join(p, frame, left)
    if frame.screen is CanoeScreen.CARD:
        _panel(p, frame, right, _card)
    elif frame.screen is CanoeScreen.GAME_OVER:
        _panel(p, frame, right, _over)
    else:
        _panel(p, frame, right, _turn)


# --- header -------------------------------------------------------------------------------


def weather_name(value: str | None) -> str:
    """A weather in the screen's language."""
    return t(f"cw.{value}") if value else t("cw.none")


def _header(p: Painter, frame: CanoeFrame, rect: pygame.Rect) -> None:
    pygame.draw.rect(p.surface, theme.PANEL, rect)
    pad = p.px(16)
    inner = rect.inflate(-2 * pad, -p.px(8))
    cells = split_columns(inner, [1.0, 1.2, 1.3], gap=pad)
    view = frame.view
    if view is None:
        p.text(t("cs.title"), inner, theme.BIG, bold=True)
        return
    over = frame.screen is CanoeScreen.GAME_OVER
    p.text(t("over.title") if over else t("cv.turn", n=max(1, view.turn)), cells[0],
           theme.BIG, bold=True)
    p.text(weather_name(view.weather.value if view.weather else None), cells[1], theme.BIG,
           bold=True, align="center", colour=theme.YELLOW)
    ring = t("cv.ring", n=view.ring_position % len(view.ring) + 1, of=len(view.ring))
    # E1, N2: a stand-in ring is "placeholder" beside it; stand-in campsites under an
    # entered ring are named (the config file's `[game.canoe] campsites` ends them)
    standin = view.ring_placeholder or view.campsites_placeholder
    if view.ring_placeholder:
        ring = f"{ring} · {t('header.placeholder')}"
    elif view.campsites_placeholder:
        ring = f"{ring} · {t('cv.sites_standin')}"
    p.text(ring, cells[2], theme.SMALL, align="right",
           colour=theme.WARN if standin else theme.DIM)


# --- the score board -----------------------------------------------------------------------


def seat_status(view: PublicView, seat: SeatLine) -> list[str]:
    """A player's words under the name: nights first, then what else stands out."""
    parts = [t("cv.nights", n=seat.nights, of=seat.nights_needed)]
    over = view.winner is not None
    if seat.home:
        parts.append(t("cv.home"))
    if seat.place is not None and not over:  # L1-L6: where the rules hold the canoe
        parts.append(t(f"cv.place.{seat.place.value}", point=seat.point, exit=seat.exit))
    if seat.windbound and not over:  # L7
        parts.append(t("cv.windbound"))
    if seat.misses and not over:
        parts.append(t("cv.misses"))
    if seat.hero:
        parts.append(t("cv.hero"))
    if seat.leads and not seat.home and view.winner is None:
        parts.append(t("cv.leads"))
    if seat.destination is not None:
        parts.append(t("cv.dest_short"))
    if seat.unmapped is not None and seat.place is None:  # L5: the last visit's way in, out
        parts.append(t("cv.unmapped_last", point=seat.unmapped[0], exit=seat.unmapped[1]))
    return parts


def _board(p: Painter, view: PublicView, rect: pygame.Rect) -> None:
    """Every player's points, always in view (the rules ask it), and their nights."""
    gap = p.px(8)
    n = max(1, len(view.seats))
    most = p.line(theme.BODY) + 3 * p.line(theme.SMALL) + p.px(12)
    row_h = min(most, (rect.h - gap * (n - 1)) // n)
    y = rect.y
    for seat in view.seats:
        row = pygame.Rect(rect.x, y, rect.w, row_h)
        acting = seat.seat == view.active and view.winner is None
        w.panel(p, row, border=theme.YELLOW if acting or seat.seat == view.winner else None)
        inner = row.inflate(-2 * p.px(10), -2 * p.px(6))
        badge = min(inner.h, w.badge_size(p))
        name_h = min(inner.h, max(badge, p.line(theme.BODY)))
        w.seat_badge(p, seat.seat, pygame.Rect(inner.x, inner.y + (name_h - badge) // 2,
                                               badge, badge))
        score_w = p.measure("-888", theme.BIG, bold=True)[0]
        name_box = pygame.Rect(inner.x + badge + p.px(10), inner.y,
                               inner.w - badge - p.px(10) - score_w - p.px(8), name_h)
        p.text(seat.name, name_box, theme.BODY, bold=True, may_cut=True)
        score_box = pygame.Rect(inner.right - score_w, inner.y, score_w, name_h)
        p.text(str(seat.score), score_box, theme.BIG, bold=True, align="right",
               colour=theme.YELLOW if acting else theme.TEXT)
        rest = pygame.Rect(inner.x, inner.y + name_h, inner.w, inner.bottom - inner.y - name_h)
        parts = seat_status(view, seat)
        while parts and not _block(p, " · ".join(parts), rest, theme.SMALL, colour=theme.DIM):
            parts.pop()  # the row is short (six players on a small screen): nights stay
        y += row_h + gap


# --- the right-hand panel -------------------------------------------------------------------


def _panel(p: Painter, frame: CanoeFrame, rect: pygame.Rect, top: object) -> None:
    """The screen's own part on top, then the seats' menus, then the notices."""
    notes = notices_height(p, frame.names, frame.notices, rect.w) if frame.notices else 0
    menus_room = rect.h - notes
    used = 0
    if callable(top):
        share = 0.6 if frame.menus else 1.0
        area = pygame.Rect(rect.x, rect.y, rect.w, int(menus_room * share))
        used = top(p, frame, area)
    menus = pygame.Rect(rect.x, rect.y + used, rect.w, menus_room - used)
    if frame.menus and menus.h > 0:
        _menus(p, frame, menus)
    if frame.notices:
        draw_notices(p, frame.names, frame.notices,
                     pygame.Rect(rect.x, rect.bottom - notes, rect.w, notes))


def _menus(p: Painter, frame: CanoeFrame, rect: pygame.Rect) -> None:
    """The seats' menus, the active player's first and roomiest. While the next player's
    first choice can end the turn (C4) two seats have a menu: the one choosing now keeps
    its roomiest form that fits (the hint, the ◀ guess on a line of its own), and the
    next player's menu, under it, takes the room left, its list scrolling round the focus
    ("Throw the die"). Drawn in seat order instead, a next player in an earlier seat
    would stand above the player whose turn it is, and the shared arrangement squeezes
    both alike. When not even that fits, every menu shares the room as elsewhere. While
    the player choosing now is inside a menu the next player's comes drawn waiting (the
    table marks it)."""
    active = frame.names.active
    menus = frame.menus
    now = tuple(m for m in menus if m.seat == active)
    ahead = tuple(m for m in menus if m.seat != active)
    if not now or not ahead:
        draw_menus(p, frame.names, menus, rect)
        return
    gap = block_gap(p)
    later = choose_plans(p, frame.names, blocks_of(ahead), rect.w, 0, gap)  # most compact
    room = rect.h - sum(_least(p, pl) for pl in later) - gap * len(later)
    first = choose_plans(p, frame.names, blocks_of(now), rect.w, max(0, room), gap)
    if room <= 0 or _need(p, first, gap) > room:
        draw_menus(p, frame.names, now + ahead, rect)
        return
    high = min(room, sum(pl.height for pl in first) + gap * (len(first) - 1))
    draw_menus(p, frame.names, now, pygame.Rect(rect.x, rect.y, rect.w, high))
    draw_menus(p, frame.names, ahead, pygame.Rect(rect.x, rect.y + high + gap, rect.w,
                                                  rect.h - high - gap))


def _need(p: Painter, plans: list[Plan], gap: int) -> int:
    """The height planned blocks cannot do without (a long list: a few of its rows)."""
    return sum(block_need(p, pl) for pl in plans) + gap * max(0, len(plans) - 1)


def _least(p: Painter, plan: Plan) -> int:
    """The least height the next player's block reads in: a long list its title, the
    focused row (what ● does now) and a "more" line above and below; else all of it."""
    if not scrolls(plan):
        return block_need(p, plan)
    focused = max((r.height for r in plan.rows if r.focused), default=0)
    return plan.height - sum(r.height for r in plan.rows) + focused + 2 * p.line(theme.SMALL)


def spaces_word(n: int) -> str:
    """Spaces a line of the throw gives: forwards, none, or backwards."""
    if n > 0:
        return str(n)
    return t("cv.stay") if n == 0 else t("cv.back", n=-n)


def _turn(p: Painter, frame: CanoeFrame, rect: pygame.Rect) -> int:
    """Whose turn, the throw's line for each water, where the canoe goes on another's
    space (L9), what the weather does."""
    view = frame.view
    assert view is not None
    y = rect.y
    active = view.active
    name = view.seats[active].name if active is not None else ""
    throw = view.throw
    if frame.entering is not None:
        who = t("cv.enter_die", name=name)
    elif throw is not None:
        who = t("cv.threw", name=name, face=throw.face)
    else:
        who = t("cv.to_throw", name=name)
    y += _block(p, who, pygame.Rect(rect.x, y, rect.w, rect.bottom - y), theme.BIG, bold=True)
    if throw is not None:
        cells = split_columns(pygame.Rect(rect.x, y, rect.w, p.line(theme.SMALL)
                                          + p.line(theme.BIG)), [1, 1, 1, 1], gap=p.px(8))
        values = ((t("cv.lake"), throw.lake), (t("cv.river"), throw.river),
                  (t("cv.portage"), throw.portage), (t("cv.poling"), throw.poling))
        for cell, (label, value) in zip(cells, values, strict=True):
            w.panel(p, cell)
            p.text(label, pygame.Rect(cell.x, cell.y, cell.w, p.line(theme.SMALL)),
                   theme.SMALL, colour=theme.DIM, align="center")
            p.text(spaces_word(value), pygame.Rect(cell.x, cell.y + p.line(theme.SMALL),
                                                   cell.w, p.line(theme.BIG)),
                   theme.BIG, bold=True, align="center")
        y = cells[0].bottom + p.px(6)
        if throw.island_bound:
            y += _block(p, t("cv.island"), pygame.Rect(rect.x, y, rect.w, rect.bottom - y),
                        theme.SMALL, colour=theme.WARN)
        if throw.sheltered:  # L6
            y += _block(p, t("cv.sheltered"), pygame.Rect(rect.x, y, rect.w, rect.bottom - y),
                        theme.SMALL, colour=theme.WARN)
    shared = share_line(view)
    if shared is not None:  # L9: ahead of or behind each canoe out, before anyone asks
        y += _block(p, shared, pygame.Rect(rect.x, y, rect.w, rect.bottom - y), theme.SMALL)
    holder = view.seats[active] if active is not None else None
    if holder is not None and holder.destination_text is not None:
        y += _block(p, t("cv.holds", name=holder.name, text=holder.destination_text),
                    pygame.Rect(rect.x, y, rect.w, rect.bottom - y), theme.SMALL)
    weather = view.weather.value if view.weather else None
    if weather is not None and y < rect.bottom:
        line = f"{t(f'cw.line.{weather}')} {t('cw.line.poling')}"
        y += _block(p, line, pygame.Rect(rect.x, y, rect.w, rect.bottom - y), theme.SMALL,
                    colour=theme.DIM)
    return y - rect.y


def _block(p: Painter, text: str, rect: pygame.Rect, design: float, *, bold: bool = False,
           colour: tuple[int, int, int] = theme.TEXT) -> int:
    """A text wrapped into the top of `rect`; the height it took. A text the room left
    cannot hold whole is not drawn (0): the more important ones were drawn first."""
    most = max(1, rect.h // p.line(theme.FLOOR))
    planned = p.plan(text, rect.w, design, bold=bold, lines=most)
    if planned.height > rect.h:
        return 0
    p.block(planned, rect, colour=colour)
    return planned.height + p.px(6)


def _card(p: Painter, frame: CanoeFrame, rect: pygame.Rect) -> int:
    """K5: the card just drawn, large, with its points and what became of it. Where the
    room is short (a small screen beside two menus, C4) the card's words come before the
    notes under it: the language note goes first, then the note on a chosen number."""
    view = frame.view
    assert view is not None and view.shown is not None
    card = view.shown
    name = view.seats[card.seat].name
    y = rect.y
    drew = "cv.drew_late" if card.late else "cv.drew"  # C6: the last go's landing
    y += _block(p, t(drew, name=name, pile=t(f"cp.{card.pile.value}")),
                pygame.Rect(rect.x, y, rect.w, rect.bottom - y), theme.BODY, bold=True)
    points = t("cv.points", points=f"{card.points:+d}" if card.points else "0")
    foot = [(points, theme.BIG, theme.YELLOW, True),
            (t(f"co.{card.outcome.value}"), theme.SMALL, theme.DIM, False)]
    if card.chosen:
        foot.append((t("cv.choice"), theme.SMALL, theme.DIM, False))
    if language() != "en":
        foot.append((t("cs.card_note"), theme.SMALL, theme.DIM, False))
    inner_w = rect.w - 2 * p.px(12)
    while True:
        foot_h = sum(p.plan(text, rect.w, size, bold=bold, lines=2).height_for(2) + p.px(4)
                     for text, size, _, bold in foot)
        room = max(0, rect.bottom - y - foot_h)
        most = max(1, (room - 2 * p.px(8)) // p.line(theme.FLOOR))
        planned = p.plan(card.text, inner_w, theme.BIG, lines=most)
        box = pygame.Rect(rect.x, y, rect.w, min(room, planned.height + 2 * p.px(10)))
        fits = planned.height <= box.h - 2 * p.px(8)
        if fits or len(foot) <= 2:  # the points and what became of the card stay
            break
        foot.pop()
    if fits:
        w.panel(p, box, border=theme.SNOW)
        p.block(planned, box.inflate(-2 * p.px(12), -2 * p.px(8)), valign="center")
    y = box.bottom + p.px(4)
    for text, size, colour, bold in foot:
        y += _block(p, text, pygame.Rect(rect.x, y, rect.w, rect.bottom - y), size,
                    bold=bold, colour=colour) - p.px(2)
    return y - rect.y


def _over(p: Painter, frame: CanoeFrame, rect: pygame.Rect) -> int:
    """F3, F5: the winner, and the exact throw that landed on the dock."""
    view = frame.view
    assert view is not None
    y = rect.y
    if view.winner is not None:
        seat = view.seats[view.winner]
        text = t("cv.wins", name=seat.name, points=seat.score)
    else:
        text = t("cv.no_winner")
    y += _block(p, text, pygame.Rect(rect.x, y, rect.w, rect.bottom - y), theme.TITLE,
                bold=True, colour=theme.YELLOW)
    if frame.dock_face is not None:
        y += _block(p, t("cv.dock", face=frame.dock_face),
                    pygame.Rect(rect.x, y, rect.w, rect.bottom - y), theme.BODY)
    return y - rect.y


# --- setup ------------------------------------------------------------------------------


def _join(p: Painter, frame: CanoeFrame, rect: pygame.Rect) -> int:
    """The phones' join card at the bottom of `rect` (`join_at_bottom`); its top."""
    assert frame.join is not None
    return join_at_bottom(p, frame.join, frame.names, rect)


def _setup(p: Painter, frame: CanoeFrame, rect: pygame.Rect) -> None:
    """The trip about to start: every choice, the ring as entered, version and address;
    with phones, the join card (as on MUSH's setup) above the version, the choices in
    the room left above it (the menu beside them names each choice too)."""
    y = rect.y
    y += _block(p, t("cs.screen_title"), pygame.Rect(rect.x, y, rect.w, rect.bottom - y),
                theme.BODY, bold=True)
    about_h = p.line(theme.SMALL) * len(frame.about)
    bottom = rect.bottom - about_h
    if frame.join is not None:
        bottom = _join(p, frame, pygame.Rect(rect.x, y, rect.w, bottom - y)) - p.px(6)
    for line in frame.setup:
        text = t("cs.summary_line", label=line.label, value=line.value)
        y += _block(p, text, pygame.Rect(rect.x, y, rect.w, bottom - y), theme.SMALL,
                    colour=theme.WARN if line.warn else theme.TEXT) - p.px(4)
    if frame.ring and y < bottom:
        ring = " · ".join(weather_name(space) if space else t("cs.no_change")
                          for space in frame.ring)
        _block(p, ring, pygame.Rect(rect.x, y, rect.w, bottom - y), theme.SMALL,
               colour=theme.DIM)
    h = p.line(theme.SMALL)
    for row, text in enumerate(reversed(frame.about), start=1):
        p.text(text, pygame.Rect(rect.x, rect.bottom - row * h, rect.w, h), theme.SMALL,
               colour=theme.DIM)


__all__ = ["paint_canoe", "seat_status", "spaces_word", "weather_name"]
