"""The seats' menus on the table screen: measured before they are drawn.

Several seats often choose at once (a reaction window's offers, the seats that claimed it,
the roller choosing its next step ahead), and every one of them must be able to read
its whole menu: an item cut to "Würfel wegne…" or hidden under "▼ 2 more" is a choice
the player cannot see. So each menu is first planned in one of a few forms, from the
roomiest to the most compact, and the panel picks, block by block, the roomiest forms
that fit together:

  FULL   the title (wrapped), the note, one item a row with its detail beside it or
         under it, the hint
  TIGHT  the same without the hint and with less padding
  SMALL  the rows at the small text size, packed closer
  FLOW   the title, then the items side by side, running on to further lines as words
         do (a confirmation's "Pay 3 chips · Cancel" on one line)
  BARE   an offer only: the seats' badges and the buttons beside them, no title

Offers (the same question to several seats is one block with all their badges) give way
first, then the menus of the seats choosing, the seat whose turn it is last. No text is
ever shortened: a label too long for its line goes on over the next one. A single long
list (setup, settings) scrolls instead, its focused item always shown, with "▲ n more"
and "▼ n more" on lines of their own.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from companion.display import theme
from companion.display import widgets as w
from companion.display.chrome import View
from companion.display.menu_plan import (
    BARE,
    FULL,
    Plan,
    Row,
    block_gap,
    block_need,
    blocks_of,
    choose_plans,
    menu_frame,
    scrolls,
)
from companion.display.paint import Painter, split_columns
from companion.i18n import language, t
from companion.table.frame import Menu, MenuItem

# --- drawing -------------------------------------------------------------------------------


@dataclass
class Arrangement:
    """Where the menus go: the content's rect beside them, and each column's planned
    blocks with the heights they are given."""

    content: pygame.Rect
    side: pygame.Rect
    columns: list[tuple[pygame.Rect, list[Plan], list[int]]]
    over: int  # how many pixels the menus lack (0: every one fits whole)


def _column(p: Painter, view: View, blocks: list[tuple[Menu, ...]], rect: pygame.Rect,
            gap: int) -> tuple[list[Plan], list[int], int, int]:
    """One column of blocks: their plans, the height each gets, by how much they overflow
    the column (0: they fit), and how far the forms had to go (the sum of their form
    numbers, for comparing layouts)."""
    plans = choose_plans(p, view, blocks, rect.w, rect.h, gap)
    heights = [pl.height for pl in plans]
    room = rect.h - gap * (len(plans) - 1)
    over = max(0, sum(block_need(p, pl) for pl in plans) - room)
    if sum(heights) > room:
        # the long lists share what the others leave them, and scroll
        fixed = sum(h for h, pl in zip(heights, plans, strict=True) if not scrolls(pl))
        lists = [i for i, pl in enumerate(plans) if scrolls(pl)]
        if lists and fixed < room:
            for i in lists:
                heights[i] = (room - fixed) // len(lists)
        else:
            heights = [room * h // max(1, sum(heights)) for h in heights]
    return plans, heights, over, sum(pl.form for pl in plans)


SHARES = ((None, 1), (0.62, 1), (0.74, 2))
"""How the menus' side grows when its menus do not fit: the screen's own share in one
column, a wider column, then two columns (the content keeps a quarter of the width)."""


_ARRANGED: list[tuple[tuple[object, ...], Arrangement]] = []
"""The last few arrangements worked out: a redraw that finds its layout moved works the
same one out again in its second pass, and a countdown's tick keeps the menus' one."""


def arrange(p: Painter, view: View, menus: tuple[Menu, ...], body: pygame.Rect, share: float,
            gap: int) -> Arrangement:
    """Place every seat's menu beside the screen's content (module docstring): in the
    screen's own share of the width when they fit there in some form, else wider, then
    in two columns; no menu is ever drawn over another. (Worked out once for the same
    menus, view, words and room: an arrangement is only read.)"""
    key = (menus, view, tuple(body), share, gap, p.width, p.height, language())
    for known, arranged in _ARRANGED:
        if known == key:
            return arranged
    arranged = _arrange(p, view, menus, body, share, gap)
    _ARRANGED[:] = [(key, arranged), *_ARRANGED[:3]]
    return arranged


def _arrange(p: Painter, view: View, menus: tuple[Menu, ...], body: pygame.Rect,
             share: float, gap: int) -> Arrangement:
    blocks = blocks_of(menus)
    inner_gap = block_gap(p)
    best: Arrangement | None = None
    for wide, ncols in SHARES:
        part = max(share, wide or 0.0)
        if part >= 1.0:
            content, side = pygame.Rect(body.x, body.y, 0, body.h), body
        else:
            content, side = split_columns(body, [1.0 - part, part], gap=gap)
        if ncols == 1 or len(blocks) < 2:
            plans, heights, over, _ = _column(p, view, blocks, side, inner_gap)
            arranged = Arrangement(content, side, [(side, plans, heights)], over)
        else:
            left, right = split_columns(side, [1.0, 1.0], gap=inner_gap)
            options = []
            for k in range(1, len(blocks)):
                a = _column(p, view, blocks[:k], left, inner_gap)
                b = _column(p, view, blocks[k:], right, inner_gap)
                options.append((max(a[2], b[2]), a[3] + b[3], k, a, b))
            over, _, _, a, b = min(options, key=lambda o: (o[0], o[1], o[2]))
            arranged = Arrangement(content, side, [(left, a[0], a[1]), (right, b[0], b[1])],
                                   over)
        if not arranged.over:
            return arranged
        if best is None or arranged.over < best.over:
            best = arranged
    assert best is not None
    return best


def draw_arrangement(p: Painter, view: View, arranged: Arrangement) -> None:
    """Every column's blocks, top down."""
    gap = block_gap(p)
    for rect, plans, heights in arranged.columns:
        y = rect.y
        for plan, h in zip(plans, heights, strict=True):
            box = pygame.Rect(rect.x, y, rect.w, h)
            # a block never draws over its neighbours: what does not fit its box is cut
            # there (and the layout log says so); a block that did not change is not
            # drawn again
            key = (plan.menus, plan.form, plan.width, plan.title, plan.note, plan.hint)
            if p.region(f"menu {plan.menu.seat}", box, key, keep=True):
                draw_plan(p, view, plan, box)
            y += h + gap
    p.end_region()


def draw_menus(p: Painter, view: View, menus: tuple[Menu, ...], rect: pygame.Rect) -> None:
    """Every seat's menu in `rect` (one column, or two when one does not hold them)."""
    if menus:
        draw_arrangement(p, view, arrange(p, view, menus, rect, 1.0, 0))


def draw_menu(p: Painter, view: View, menu: Menu, rect: pygame.Rect) -> None:
    """One menu alone in `rect`, in the roomiest form that fits (a long list scrolls)."""
    plans = choose_plans(p, view, [(menu,)], rect.w, rect.h, 0)
    draw_plan(p, view, plans[0], rect)


def draw_plan(p: Painter, view: View, plan: Plan, rect: pygame.Rect) -> None:
    """A planned block in its rect: its panel, badges, title, note, then its rows (or
    flow) and hint."""
    menu = plan.menu
    m = plan.m
    group = len(plan.menus) > 1
    border, width = (theme.LINE, 4) if group else menu_frame(menu)
    confirm = getattr(menu, "confirm", False)
    if plan.form != FULL:
        width -= 1
    w.panel(p, rect, border=border, width=width, fill=theme.PANEL_HI if confirm else theme.PANEL)
    inner = rect.inflate(-2 * m.pad_x, -2 * m.pad_y)
    x = inner.x
    for each in plan.menus:
        if each.seat >= 0:
            w.seat_badge(p, each.seat, pygame.Rect(x, inner.y, m.badge, m.badge))
            x += m.badge + m.gap
    y = inner.y
    if plan.title is not None:
        box = pygame.Rect(inner.x + plan.title_x, y, inner.w - plan.title_x, plan.title_h)
        p.block(plan.title, box, colour=theme.YELLOW if confirm else theme.TEXT,
                valign="center")
        y += plan.title_h + m.gap
    # the note ("Wait…", "Too soon: press again") is read before the items, in every
    # form: in the bare one, where the badges and buttons share the first line, under them
    note_h = plan.note.height if plan.note is not None else 0
    if plan.note is not None and plan.form != BARE:
        p.block(plan.note, pygame.Rect(inner.x, y, inner.w, note_h), colour=theme.DIM)
        y += note_h + m.gap
    if plan.cells:
        flow_h = sum(plan.line_heights)
        _draw_flow(p, plan, pygame.Rect(inner.x, y, inner.w, flow_h))
        if plan.note is not None and plan.form == BARE:
            p.block(plan.note, pygame.Rect(inner.x, y + flow_h + m.gap, inner.w, note_h),
                    colour=theme.DIM)
        return
    hint_h = plan.hint.height if plan.hint is not None else 0
    rows = pygame.Rect(inner.x, y, inner.w, inner.bottom - y - hint_h)
    _draw_rows(p, plan, rows)
    if plan.hint is not None:
        p.block(plan.hint, pygame.Rect(inner.x, inner.bottom - hint_h, inner.w, hint_h),
                colour=theme.DIM)


def _item_colour(menu: Menu, item: MenuItem) -> tuple[int, int, int]:
    """A menu that takes no press yet is drawn waiting: dim, never inviting."""
    return theme.TEXT if item.enabled and not getattr(menu, "waiting", False) else theme.DIM


def _window(heights: list[int], focus: int, room: int, more: int) -> tuple[int, int]:
    """The rows to show around the focused one when not all fit: as many as the room
    holds, with a "more" line above and below when rows are hidden there."""
    n = len(heights)
    if sum(heights) <= room:
        return 0, n
    focus = max(0, min(focus, n - 1))
    first, last = focus, focus + 1

    def need(a: int, b: int) -> int:
        return sum(heights[a:b]) + (more if a > 0 else 0) + (more if b < n else 0)

    grew = True
    while grew:
        grew = False
        if last < n and need(first, last + 1) <= room:
            last += 1
            grew = True
        if first > 0 and need(first - 1, last) <= room:
            first -= 1
            grew = True
    return first, last


def _draw_rows(p: Painter, plan: Plan, rect: pygame.Rect) -> None:
    """The items a row each (scrolled around the focus when they do not all fit)."""
    menu = plan.menu
    more = p.line(theme.SMALL)
    first, last = _window([r.height for r in plan.rows], menu.focus, rect.h, more)
    y = rect.y
    if first > 0:
        p.text(t("menu.more_above", n=first), pygame.Rect(rect.x, y, rect.w, more),
               theme.SMALL, colour=theme.DIM, align="center")
        y += more
    for row in plan.rows[first:last]:
        _draw_row(p, plan, row, pygame.Rect(rect.x, y, rect.w, row.height))
        y += row.height
    if last < len(plan.rows):
        p.text(t("menu.more_below", n=len(plan.rows) - last),
               pygame.Rect(rect.x, y, rect.w, more), theme.SMALL, colour=theme.DIM,
               align="center")


def _strike(p: Painter, drawn: pygame.Rect) -> None:
    if drawn.w:
        pygame.draw.line(p.surface, theme.DIM, (drawn.x, drawn.centery),
                         (drawn.right, drawn.centery), max(2, p.px(3)))


def _draw_row(p: Painter, plan: Plan, row: Row, rect: pygame.Rect) -> None:
    item = row.item
    confirm = getattr(plan.menu, "confirm", False)
    box = rect.inflate(0, -p.px(4)) if plan.m.row_pad >= p.px(8) else rect
    if row.focused:
        pygame.draw.rect(p.surface, theme.BG if confirm else theme.PANEL_HI, box,
                         border_radius=p.px(8))
        pygame.draw.rect(p.surface, theme.YELLOW, box, max(2, p.px(4)), border_radius=p.px(8))
    colour = _item_colour(plan.menu, item)
    top = rect.y + plan.m.row_pad // 2
    line_h = row.label.line_height
    mark = pygame.Rect(rect.x + p.px(6), top, row.mark_w, line_h)
    if row.glyph:
        p.text(row.glyph, mark, plan.m.item, colour=colour, align="center")
    elif row.focused:
        w.marker(p, mark)
    label_x = mark.right + p.px(6)
    text_w = rect.right - p.px(10) - label_x
    detail_w = row.detail.width if row.detail is not None and not row.below else 0
    start = len(p.log.draws)
    p.block(row.label, pygame.Rect(label_x, top, text_w - (detail_w + p.px(12) if detail_w
                                                           else 0), row.label.height),
            colour=colour)
    if not item.enabled:
        _strike_lines(p, start)
    if row.detail is None:
        return
    if row.below:
        box = pygame.Rect(label_x, top + row.label.height, text_w, row.detail.height)
    else:
        box = pygame.Rect(label_x + text_w - detail_w, top, detail_w, row.label.line_height)
    # beside the label a detail keeps to the right; under it, it reads on from the left
    p.block(row.detail, box, colour=colour, align="left" if row.below else "right",
            valign="top" if row.below else "center")


def _strike_lines(p: Painter, start: int) -> None:
    """Strike through every line drawn since the log held `start` draws (a greyed item)."""
    for d in p.log.draws[start:]:
        _strike(p, pygame.Rect(d.rect))


def _draw_flow(p: Painter, plan: Plan, rect: pygame.Rect) -> None:
    """The items side by side, a line after another; the focused one framed."""
    pad = p.px(8)
    y = rect.y
    tops = []
    for h in plan.line_heights:
        tops.append(y)
        y += h
    for cell in plan.cells:
        item = cell.item
        line_h = plan.line_heights[cell.line]
        box = pygame.Rect(rect.x + cell.x, tops[cell.line], cell.w, line_h)
        if cell.focused:
            pygame.draw.rect(p.surface, theme.PANEL_HI, box, border_radius=p.px(8))
            pygame.draw.rect(p.surface, theme.YELLOW, box, max(2, p.px(4)),
                             border_radius=p.px(8))
        colour = _item_colour(plan.menu, item)
        start = len(p.log.draws)
        p.block(cell.text, box.inflate(-2 * pad, 0), colour=colour, valign="center")
        if not item.enabled:
            _strike_lines(p, start)
