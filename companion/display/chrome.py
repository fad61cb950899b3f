"""What every game's screens share: seat names, a reaction window's countdown, notices.

A game's own header and seat cards are its screen's (MUSH's in
`companion.games.mush.screen.chrome`); these parts read of a game's view only who sits
where and whose turn it is (`SeatBook`), so every game's screen draws them alike.
"""

from __future__ import annotations

import pygame

from companion.display import theme
from companion.display import widgets as w
from companion.display.paint import Block, Painter
from companion.i18n import count as count
from companion.i18n import language, t
from companion.i18n import ordinal as ordinal
from companion.i18n import word as word
from companion.table.frame import Countdown, Names, Notice, SeatBook

View = SeatBook
"""What the shared parts read of a game's view: its seats' names and whose turn it is."""


def seat_name(view: View, seat: int) -> str:
    """The player's name, or the seat's colour name when none was given."""
    seats = view.seats
    if 0 <= seat < len(seats) and seats[seat].name:
        return seats[seat].name
    names = w.seat_identity(seat).names
    return names.get(language(), names["en"])


# --- countdown, notices, payments (the menus are companion.display.menus) ---------------


COUNTDOWN_WORDS = {"reduce": "countdown.reduce", "reroll": "countdown.reroll"}
QUIET_SECONDS = 2.0
"""A window this short is drawn as its question over the bar, without seconds."""


def countdown_height(p: Painter) -> int:
    """Room the countdown needs: a line of text over a bar."""
    return p.line(theme.BODY) + p.px(18)


def choosing_words(view: View, holders: tuple[int, ...]) -> list[str]:
    """Who holds a window, longest first: "Bo and Cat are choosing…", then shorter forms
    for a narrow line ("2 are choosing…"); the holders' badges stand before them."""
    names = [seat_name(view, seat) for seat in holders]
    if not names:
        return [t("choosing.someone")]
    if len(names) == 1:
        return [t("choosing.one", name=names[0]), t("choosing.short_one")]
    return [t("choosing.many", names=", ".join(names[:-1]), last=names[-1]),
            t("choosing.count", n=len(names)), t("choosing.short_many")]


def draw_countdown(p: Painter, countdown: Countdown, rect: pygame.Rect,
                   view: View | None = None) -> None:
    """A reaction window's time left, as a bar that empties and the seconds in words.

    While seats are choosing (`held`) the bar stands still in another colour with a pause
    sign, and says who holds it with their badges: the table knows why it is waiting.
    Every text takes the longest of its forms that fits whole.
    """
    fraction = countdown.remaining / countdown.total if countdown.total > 0 else 0.0
    seconds = max(0, round(countdown.remaining))
    key = COUNTDOWN_WORDS.get(countdown.kind)
    words = t(key) if key else countdown.kind.capitalize()
    held = bool(getattr(countdown, "held", False))
    holders = tuple(getattr(countdown, "holders", ()) or ())
    gap = p.px(12)
    if not held:
        room = int(rect.w * 0.6)
        # a quiet time of a second or two is a question, not seconds to count
        forms = [t("countdown.ask", what=words), t("countdown.ask_short", what=words)] \
            if countdown.total <= QUIET_SECONDS else [
                t("countdown.left", what=words, seconds=seconds),
                t("countdown.seconds", seconds=seconds)]
        label = first_fitting(p, forms, room, theme.BODY, bold=True)
        label_w = min(room, max(int(rect.w * 0.42), p.measure(label, theme.BODY, bold=True)[0]))
        drawn = p.text(label, pygame.Rect(rect.x, rect.y, label_w, rect.h), theme.BODY,
                       bold=True)
        x = max(rect.x + label_w, drawn.right) + gap
        bar_rect = pygame.Rect(x, rect.centery - p.px(14), rect.right - x, p.px(28))
        w.bar(p, bar_rect, fraction, theme.YELLOW)
        return
    # Held: "Reroll: held 2 s" ❚❚ [badges] Bo is choosing… over a still, sky-blue bar; the
    # seconds are how long the claims may hold it at most.
    size = min(rect.h, w.badge_size(p))
    shown = holders[:3]
    badges_w = size + p.px(10) + len(shown) * (size + p.px(8))
    room = max(1, rect.w - badges_w - gap)
    hold_left = round(getattr(countdown, "hold_left", 0.0))
    forms = [t("countdown.held_for", what=words, seconds=hold_left),
             t("countdown.held_short_for", seconds=hold_left)] if hold_left > 0 else []
    label = first_fitting(p, [*forms, t("countdown.held", what=words),
                              t("countdown.held_short")], room, theme.BODY, bold=True)
    label_w = min(room, max(int(rect.w * 0.42), p.measure(label, theme.BODY, bold=True)[0]))
    drawn = p.text(label, pygame.Rect(rect.x, rect.y, label_w, rect.h), theme.BODY, bold=True,
                   colour=theme.SKY_BLUE)
    x = max(rect.x + label_w, drawn.right) + gap
    pause = pygame.Rect(x, rect.centery - size // 2, size, size)
    bar_w = max(2, size // 4)
    for dx in (size // 4, size * 5 // 8):
        pygame.draw.rect(p.surface, theme.SKY_BLUE,
                         pygame.Rect(pause.x + dx - bar_w // 2, pause.y + size // 6, bar_w,
                                     size * 2 // 3))
    x = pause.right + p.px(10)
    for seat in shown:
        w.seat_badge(p, seat, pygame.Rect(x, rect.centery - size // 2, size, size))
        x += size + p.px(8)
    room = rect.right - x
    who = first_fitting(p, choosing_words(view or Names(), holders), room, theme.BODY,
                        bold=True, none="")
    if who:
        p.text(who, pygame.Rect(x, rect.y, room, rect.h), theme.BODY, bold=True)
    underline = pygame.Rect(rect.x, rect.bottom - p.px(8), rect.w, p.px(6))
    w.bar(p, underline, fraction, theme.SKY_BLUE)


def first_fitting(p: Painter, forms: list[str], width: int, design: float,
                  bold: bool = False, none: str | None = None) -> str:
    """The first (longest) of a text's forms that fits `width` whole on one line; else
    `none` when given, else the last form (which the layout log will then report)."""
    for form in forms:
        if p.fits(form, width, design, bold):
            return form
    return none if none is not None else forms[-1]


def notice_text(view: View, notice: Notice) -> str:
    """A notice's words, after its seat's name when it is for one seat."""
    if notice.seat is not None and notice.seat >= 0:
        return t("c.said_to", name=seat_name(view, notice.seat), text=notice.text)
    return notice.text


def badged_rows(p: Painter, texts: list[str], width: int) -> list[tuple[Block, int]]:
    """Each text of a list of badged lines (notices, payments) set for the room beside
    its badge, with the height its row needs: a text too long for one line goes on over
    a second."""
    rows = []
    for text in texts:
        block = p.plan(text, _badged_text_w(p, width), theme.SMALL, lines=2)
        rows.append((block, max(_row_badge(p), block.height + p.px(4))))
    return rows


def _row_badge(p: Painter) -> int:
    return p.line(theme.SMALL) + p.px(4)


def _badged_text_w(p: Painter, width: int) -> int:
    """The room for a badged row's words: after the badge and its margins."""
    return max(1, width - p.px(6) - _row_badge(p) - p.px(10) - p.px(8))


def draw_badged(p: Painter, seat: int | None, block: Block, row: pygame.Rect,
                 letter: bool = True) -> None:
    pygame.draw.rect(p.surface, theme.PANEL, row, border_radius=p.px(6))
    size = _row_badge(p)
    if seat is not None and seat >= 0:
        w.seat_badge(p, seat, pygame.Rect(row.x + p.px(6), row.y, size, size),
                     letter=letter and size >= p.line(theme.FLOOR))
    x = row.x + p.px(6) + size + p.px(10)
    p.block(block, pygame.Rect(x, row.y, _badged_text_w(p, row.w), row.h), valign="center")


def notices_height(p: Painter, view: View, notices: tuple[Notice, ...], width: int) -> int:
    """Room for the latest two notices (each may take two lines)."""
    rows = badged_rows(p, [notice_text(view, n) for n in notices[-2:]], width)
    return sum(h + p.px(4) for _, h in rows)


def draw_notices(p: Painter, view: View, notices: tuple[Notice, ...], rect: pygame.Rect) -> None:
    """The latest notices, each with its seat's badge when it is for one seat."""
    shown = notices[-2:]
    rows = badged_rows(p, [notice_text(view, n) for n in shown], rect.w)
    y = rect.y
    for notice, (block, h) in zip(shown, rows, strict=True):
        draw_badged(p, notice.seat, block, pygame.Rect(rect.x, y, rect.w, h), letter=False)
        y += h + p.px(4)
