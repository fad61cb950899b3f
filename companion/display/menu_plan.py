"""Planning the menu column: which menus go together in a block, how each item is laid
out (a row, or cells side by side), which of the forms (full, tight, small, flow, bare)
lets every block be read whole in the room there is, and how high a block stands. Pure
measurement: `companion.display.menus` draws what is planned here.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from companion.display import theme
from companion.display import widgets as w
from companion.display.chrome import View, seat_name
from companion.display.paint import Block, Painter
from companion.table.frame import Menu, MenuItem

BUTTON_GLYPHS = {"left": "◀", "right": "▶", "select": "●"}
"""The pad's buttons as drawn next to the items they choose at once."""

FULL, TIGHT, SMALL, FLOW, BARE = range(5)
FORMS = ("full", "tight", "small", "flow", "bare")

LONG_LIST = 5
"""A list of this many items or more scrolls rather than running its items on in a flow."""


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


def is_offer(menu: Menu) -> bool:
    """An offer any button takes (an unclaimed window, the heads-up before a roll)."""
    return getattr(menu, "style", "list") == "buttons"


def _same_key(menu: Menu) -> tuple[object, ...] | None:
    """Menus that read the same for several seats (the same offer, or the same question
    with the same item focused) are drawn as one block with every seat's badge; None for
    a menu no other seat's can match (the table's own, at setup)."""
    if menu.seat < 0 or not menu.title:  # (no title: the seat's own name stands there)
        return None
    return (menu.title, getattr(menu, "style", "list"), menu.focus, getattr(menu, "note", ""),
            getattr(menu, "confirm", False), getattr(menu, "waiting", False), menu.hint,
            tuple((i.label, i.detail, i.enabled, i.button, i.submenu) for i in menu.items))


def blocks_of(menus: tuple[Menu, ...]) -> list[tuple[Menu, ...]]:
    """The menus as drawn: one block per menu, the same menu of several seats as one."""
    blocks: list[tuple[Menu, ...]] = []
    where: dict[tuple[object, ...], int] = {}
    for menu in menus:
        key = _same_key(menu)
        if key is not None and key in where:
            index = where[key]
            blocks[index] = (*blocks[index], menu)
            continue
        if key is not None:
            where[key] = len(blocks)
        blocks.append((menu,))
    return blocks


# --- planning -------------------------------------------------------------------------


@dataclass(frozen=True)
class Metrics:
    """The spacing and text sizes of one form, at this screen's scale."""

    pad_x: int
    pad_y: int
    gap: int
    badge: int
    row_pad: int  # the space an item row adds around its text
    item: float  # design size of the items
    hint: bool
    title: float = theme.BODY  # design size of the title


def metrics(p: Painter, form: int) -> Metrics:
    """The spacing of a form (FULL roomiest, then ever closer)."""
    if form == FULL:
        return Metrics(p.px(14), p.px(14), p.px(8), w.badge_size(p), p.px(10), theme.BODY, True)
    if form == TIGHT:
        return Metrics(p.px(14), p.px(8), p.px(6), w.badge_size(p), p.px(8), theme.BODY, False)
    return Metrics(p.px(12), p.px(6), p.px(4), max(w.small_badge(p), p.line(theme.SMALL)),
                   p.px(4), theme.SMALL, False, theme.SMALL)


@dataclass
class Row:
    """One item of a menu drawn a row each: its mark, label and detail, as planned."""

    item: MenuItem
    glyph: str
    mark_w: int
    label: Block
    detail: Block | None
    below: bool  # the detail goes under the label, not beside it
    focused: bool
    height: int


@dataclass
class Cell:
    """One item of a flowing menu: its words as one planned text, and where it sits."""

    item: MenuItem
    text: Block
    focused: bool
    x: int = 0  # from the flow's left edge
    line: int = 0
    w: int = 0


@dataclass
class Plan:
    """A block of menus (one menu, or one offer to several seats) planned in one form for
    one width: every text set, every height known."""

    menus: tuple[Menu, ...]
    form: int
    width: int
    m: Metrics
    title: Block | None
    title_x: int  # where the title starts (after the badges)
    title_h: int
    note: Block | None
    rows: list[Row] = field(default_factory=list)
    cells: list[Cell] = field(default_factory=list)
    line_heights: list[int] = field(default_factory=list)  # the flow's lines
    hint: Block | None = None
    height: int = 0

    @property
    def menu(self) -> Menu:
        return self.menus[0]


def _badges_w(m: Metrics, menus: tuple[Menu, ...]) -> int:
    seats = [menu for menu in menus if menu.seat >= 0]
    return len(seats) * (m.badge + m.gap) if seats else 0


def _row(p: Painter, m: Metrics, menu: Menu, item: MenuItem, index: int, width: int) -> Row:
    """An item's row: the label wraps when it must, and its detail goes under it when the
    two cannot share a line whole."""
    style = getattr(menu, "style", "list")
    focused = style == "list" and index == menu.focus
    glyph = BUTTON_GLYPHS.get(getattr(item, "button", "") or "", "") \
        if style in ("buttons", "keys") else ""
    line_h = p.line(m.item)
    mark_w = max(line_h * 2 // 3, p.measure(glyph, m.item)[0] if glyph else 0)
    text_w = width - p.px(6) - mark_w - p.px(6) - p.px(10)
    more = " ›" if getattr(item, "submenu", False) else ""
    label = p.plan(f"{item.label}{more}", text_w, m.item, bold=focused)
    detail = None
    below = False
    if item.detail:
        beside = p.plan(item.detail, text_w, theme.SMALL, lines=1)
        gap = p.px(12)
        short = getattr(item, "short", "")
        if short and not (len(label.lines) == 1 and label.width + gap + beside.width
                          <= text_w):  # the label written for the row keeps it one line
            shorter = p.plan(f"{short}{more}", text_w, m.item, bold=focused)
            if len(shorter.lines) == 1 and shorter.width + gap + beside.width <= text_w:
                label = shorter
        if len(label.lines) == 1 and len(beside.lines) == 1 and (
                label.width + gap + beside.width <= text_w):
            detail = beside
        else:
            below = True
            detail = p.plan(item.detail, text_w, theme.SMALL, lines=2)
    height = label.height + (detail.height if below and detail else 0)
    if detail is not None and not below:
        height = max(height, detail.height)
    return Row(item, glyph, mark_w, label, detail, below, focused, height + m.row_pad)


def _cells(p: Painter, m: Metrics, menu: Menu, width: int, first_x: int = 0,
           first_h: int = 0) -> tuple[list[Cell], list[int]]:
    """The items side by side, running on to the next line as words do; a cell too wide
    for a line of its own is wrapped within it. The first line may start at `first_x`
    (beside the seats' badges, `first_h` tall); a cell that does not fit there whole
    starts the next line instead."""
    style = getattr(menu, "style", "list")
    items = list(menu.items)
    if is_offer(menu):
        items = [i for i in items if getattr(i, "button", "")] or items
    pad = p.px(8)
    space = p.px(18)
    cells: list[Cell] = []
    heights: list[int] = []
    x, line, line_h = first_x, 0, first_h
    for index, item in enumerate(items):
        glyph = BUTTON_GLYPHS.get(getattr(item, "button", "") or "", "") \
            if style in ("buttons", "keys") else ""
        text = f"{glyph} {item.label}".strip()
        if item.detail and item.enabled:
            text += f" ({item.detail})"
        if getattr(item, "submenu", False):
            text += " ›"
        focused = style == "list" and index == menu.focus
        block = p.plan(text, width - 2 * pad, m.item, bold=focused, lines=1)
        if len(block.lines) > 1 or block.width + 2 * pad > width - x:
            if x > 0:
                heights.append(line_h)
                line, x, line_h = line + 1, 0, 0
            block = p.plan(text, width - 2 * pad, m.item, bold=focused, lines=3)
        cell_w = block.width + 2 * pad
        cells.append(Cell(item, block, focused, x, line, cell_w))
        line_h = max(line_h, block.height + p.px(4))
        x += cell_w + space
    heights.append(line_h)
    return cells, heights


def plan_block(p: Painter, view: View, menus: tuple[Menu, ...], width: int, form: int) -> Plan:
    """One block of menus set in `form` for `width`."""
    m = metrics(p, form)
    menu = menus[0]
    inner = width - 2 * m.pad_x
    badges = _badges_w(m, menus)
    title_x = badges
    title: Block | None = None
    title_h = 0
    if form != BARE:
        title = p.plan(menu_title(view, menu), max(1, inner - badges), m.title, bold=True)
        title_h = max(m.badge if badges else 0, title.height)
    note_text = getattr(menu, "note", "")
    note = p.plan(note_text, inner, theme.SMALL, lines=3) if note_text else None
    plan = Plan(menus, form, width, m, title, title_x, title_h, note)
    height = 2 * m.pad_y + title_h
    if note is not None:  # (under the title; in the bare form, under the buttons)
        height += m.gap + note.height
    if form in (FLOW, BARE):
        first_x = badges if form == BARE else 0
        plan.cells, plan.line_heights = _cells(p, m, menu, inner, first_x,
                                               m.badge if first_x else 0)
        body = sum(plan.line_heights)
        height += (m.gap if title_h else 0) + body
    else:
        plan.rows = [_row(p, m, menu, item, i, inner) for i, item in enumerate(menu.items)]
        height += m.gap + sum(r.height for r in plan.rows)
        if m.hint and menu.hint:
            plan.hint = p.plan(menu.hint, inner, theme.SMALL, lines=2)
            height += plan.hint.height
    plan.height = height
    return plan


def forms_for(menus: tuple[Menu, ...]) -> tuple[int, ...]:
    """The forms a block may take, roomiest first."""
    menu = menus[0]
    if is_offer(menu):
        return (FULL, TIGHT, FLOW, BARE) if len(menus) == 1 else (FLOW, BARE)
    if len(menu.items) >= LONG_LIST:
        return (FULL, TIGHT, SMALL)
    return (FULL, TIGHT, SMALL, FLOW)


# --- choosing the forms ------------------------------------------------------------------


def _rank(view: View, menus: tuple[Menu, ...]) -> int:
    """Which blocks give way first: offers (0), then the seats choosing (1), the seat
    whose turn it is (2) last."""
    if is_offer(menus[0]):
        return 0
    return 2 if menus[0].seat == view.active else 1


def choose_plans(p: Painter, view: View, blocks: list[tuple[Menu, ...]], width: int,
                 room: int, gap: int) -> list[Plan]:
    """The roomiest forms that let every block fit `room` together. Offers give way
    first, then the menus of the seats choosing, all together a step at a time, the
    seat whose turn it is after the others at each step. When even the most compact
    forms do not fit, those are returned (the long lists then scroll)."""
    options = [forms_for(b) for b in blocks]
    at = [0] * len(blocks)
    plans = [plan_block(p, view, b, width, o[0]) for b, o in zip(blocks, options, strict=True)]

    def total() -> int:  # (a long list needs only a few rows: it scrolls)
        return sum(block_need(p, pl) for pl in plans) + gap * (len(plans) - 1)

    while total() > room:
        best: tuple[tuple[int, int, int, int], int, int, Plan] | None = None
        for i, block in enumerate(blocks):
            rank = _rank(view, block)
            for step in range(at[i] + 1, len(options[i])):
                plan = plan_block(p, view, block, width, options[i][step])
                if plan.height < plans[i].height:
                    key = (0 if rank == 0 else 1, at[i], rank, i)
                    if best is None or key < best[0]:
                        best = (key, i, step, plan)
                    break
        if best is None:
            break
        _, i, step, plan = best
        at[i], plans[i] = step, plan
    return plans


def block_gap(p: Painter) -> int:
    """The space between two blocks of menus."""
    return p.px(6)


def block_need(p: Painter, plan: Plan) -> int:
    """The height a block cannot do without: all of it, but for a long list (which
    scrolls) three of its rows."""
    if not scrolls(plan):
        return plan.height
    rows = sum(r.height for r in plan.rows)
    shown = sum(sorted(r.height for r in plan.rows)[-3:]) + 2 * p.line(theme.SMALL)
    return plan.height - rows + min(rows, shown)


def scrolls(plan: Plan) -> bool:
    return bool(plan.rows) and len(plan.rows) >= LONG_LIST
