"""Push&Move's screen: the board of 120 hexes with every die, whose turn it is, the
players' counts, the menu, what the focused move would do, and a legend of the hexes.

Each kind of hex has a symbol as well as a colour (colour is never the only cue), each
die its player's colour with the seat's shape above its eyes. The screen is drawn in
regions (the header, the board, and down the side column the players, each menu and the
foot); given the regions on the surface (`previous`), only those that changed are drawn
again, and the board's hexes themselves come from a picture kept per board and size, so
a move redraws the dice, not the hexes.
"""

from __future__ import annotations

import math
from collections import OrderedDict

import pygame

from companion.core.hexes import DIRECTIONS, centre, extent, outline
from companion.display import theme
from companion.display.chrome import draw_notices, notices_height
from companion.display.join import join_at_bottom
from companion.display.layout_log import LayoutLog
from companion.display.menus import draw_menus
from companion.display.paint import Painter, paint_by_regions
from companion.display.regions import Region
from companion.display.widgets import seat_identity, shape_points
from companion.i18n import language, speaking, t
from companion.table.simple import SimpleScreen

from .look import FILLS, SYMBOLS
from .model import BOARD, Kind
from .table import Preview, PushFrame
from .views import DieView, View

INK: dict[Kind, tuple[int, int, int]] = {Kind.BARRED: theme.BLACK}
HIGHLIGHT = theme.YELLOW
PUSHED = theme.VERMILLION


def paint_push(frame: PushFrame, surface: pygame.Surface, log: LayoutLog | None = None,
               language: str = "en", previous: list[Region] | None = None) -> Painter:
    """Draw a Push&Move frame: whole, or given the regions on the surface (`previous`)
    only the regions that changed; a layout that moved (a menu grown or shrunk) is
    planned again so only what moved or changed is drawn (`Canvas.replan`)."""
    with speaking(language):
        return paint_by_regions(surface, log, previous if frame.join is None else None,
                                lambda p: _draw(p, frame))


def layout(p: Painter) -> tuple[pygame.Rect, pygame.Rect, pygame.Rect, float]:
    """The header, the board's square and the side column, and the hexes' size."""
    margin = p.px(14)
    header = pygame.Rect(0, 0, p.width, p.line(theme.BIG) + p.px(16))
    body = pygame.Rect(margin, header.bottom + margin, p.width - 2 * margin,
                       p.height - header.bottom - 2 * margin)
    _, _, w, h = extent(BOARD.cells, 1.0)
    size = min(body.h / h, body.w * 0.58 / w)
    board = pygame.Rect(body.x, body.y, math.ceil(w * size), body.h)
    side = pygame.Rect(board.right + margin, body.y, body.right - board.right - margin, body.h)
    return header, board, side, size


def _draw(p: Painter, frame: PushFrame) -> None:
    if not p.partial:
        p.surface.fill(theme.BG)
    header, board, side, size = layout(p)
    view = frame.view
    if p.region("header", header, (frame.screen, frame.title, _header_key(view))):
        _header(p, frame, header)
    if view is None:
        if p.region("board", board, ("setup", size)):
            p.text(t("pm.setup_note"), board, theme.BODY, colour=theme.DIM, align="center")
    else:
        _board(p, view, frame.preview, frame.moved, board, size)
    p.end_region()
    _side(p, frame, side)
    p.end_region()
    if frame.join is not None:
        p.regions = []
    p.finish()


def _header_key(view: View | None) -> object:
    if view is None:
        return None
    return (view.round, view.active, view.phase, view.winner, view.end,
            tuple(p.name for p in view.players))


def _header(p: Painter, frame: PushFrame, rect: pygame.Rect) -> None:
    pygame.draw.rect(p.surface, theme.PANEL, rect)
    inner = rect.inflate(-2 * p.px(16), -p.px(8))
    view = frame.view
    left = pygame.Rect(inner.x, inner.y, inner.w * 45 // 100, inner.h)
    right = pygame.Rect(left.right, inner.y, inner.right - left.right, inner.h)
    over = frame.screen is SimpleScreen.GAME_OVER
    title = frame.title if view is None or view.round == 0 or over else \
        f"{frame.title} · {t('pm.round', n=view.round)}"
    p.text(t("over.title") if over else title, left, theme.BIG, bold=True)
    if view is None or over:
        return
    if view.phase == "tunnels" and frame.names.active is not None:
        who = t("pm.orients", name=view.players[frame.names.active].name)
    elif view.active is not None:
        key = "pm.asked" if view.asked is not None else "pm.moves"
        who = t(key, name=view.players[view.active].name)
    else:
        return
    seat = frame.names.active
    colour = seat_identity(seat).rgb if seat is not None else theme.TEXT
    p.text(who, right, theme.BIG, bold=True, align="right", colour=colour)


# --- the board ---------------------------------------------------------------------------

_BACKGROUNDS: OrderedDict[tuple[object, ...], pygame.Surface] = OrderedDict()
"""The board's hexes drawn once per board, tunnels and size (a few boards at most)."""


def _origin(rect: pygame.Rect, size: float) -> tuple[float, float]:
    left, top, w, h = extent(BOARD.cells, size)
    return rect.x + (rect.w - w) / 2 - left, rect.y + (rect.h - h) / 2 - top


def _at(cell: int, origin: tuple[float, float], size: float) -> tuple[float, float]:
    x, y = centre(BOARD.cells[cell], size)
    return origin[0] + x, origin[1] + y


def _background(p: Painter, view: View, rect: pygame.Rect, size: float) -> pygame.Surface:
    key = (view.board, view.axes, rect.size, size, p.floor)
    found = _BACKGROUNDS.get(key)
    if found is not None:
        _BACKGROUNDS.move_to_end(key)
        return found
    surface = pygame.Surface(rect.size)
    surface.fill(theme.BG)
    local = pygame.Rect(0, 0, rect.w, rect.h)
    origin = _origin(local, size)
    painter = Painter(surface)
    painter.floor = p.floor
    painter.k = p.k
    for cell, kind in enumerate(view.board):
        x, y = _at(cell, origin, size)
        points = outline(x, y, size * 0.96)
        pygame.draw.polygon(surface, FILLS[kind], points)
        pygame.draw.polygon(surface, theme.LINE, points, max(1, p.px(2)))
        if kind is Kind.TUNNEL:
            _tunnel(surface, x, y, size, view.axes[cell], p)
        elif SYMBOLS[kind]:
            box = pygame.Rect(0, 0, int(size * 1.5), int(size * 1.2))
            box.center = (round(x), round(y))
            painter.text(SYMBOLS[kind], box, theme.SMALL, bold=True,
                         colour=INK.get(kind, theme.SNOW), align="center")
    _BACKGROUNDS[key] = surface
    while len(_BACKGROUNDS) > 3:
        _BACKGROUNDS.popitem(last=False)
    return surface


def _tunnel(surface: pygame.Surface, x: float, y: float, size: float, axis: int,
            p: Painter) -> None:
    """A tunnel's two walls along its axis, and the axis's arrows (none while unset)."""
    if axis < 0:
        pygame.draw.circle(surface, theme.SNOW, (round(x), round(y)), round(size * 0.35),
                           max(1, p.px(3)))
        return
    dx, dy = centre(DIRECTIONS[axis], 1.0)
    length = math.hypot(dx, dy)
    ux, uy = dx / length, dy / length
    nx, ny = -uy, ux
    width = max(2, p.px(5))
    for side in (-1, 1):
        ox, oy = nx * size * 0.42 * side, ny * size * 0.42 * side
        pygame.draw.line(surface, theme.SNOW, (x + ox - ux * size * 0.7, y + oy - uy * size * 0.7),
                         (x + ox + ux * size * 0.7, y + oy + uy * size * 0.7), width)
    for sign in (-1, 1):
        tip = (x + ux * size * 0.75 * sign, y + uy * size * 0.75 * sign)
        back = (x + ux * size * 0.35 * sign, y + uy * size * 0.35 * sign)
        wing = size * 0.2
        pygame.draw.polygon(surface, theme.SNOW, [
            tip, (back[0] + nx * wing, back[1] + ny * wing),
            (back[0] - nx * wing, back[1] - ny * wing)])


Item = tuple[object, ...]
"""One thing drawn over the board's hexes: ("outline", cell, width, colour, scale),
("die", die view, moved), ("arrow", cell from, cell to), ("cross", cell)."""


def _items(view: View, preview: Preview | None, moved: tuple[int, ...], thick: int,
           thin: int) -> list[Item]:
    """What is drawn over the hexes, in the order it is drawn."""
    items: list[Item] = []
    if preview is not None:
        items += [("outline", cell, thin, HIGHLIGHT, 0.9) for cell in preview.cells]
        if preview.tunnel is not None:
            items.append(("outline", preview.tunnel, thick, HIGHLIGHT, 0.92))
    by_number = {d.number: d for d in view.dice}
    items += [("die", die, die.number in moved) for die in view.dice]
    if preview is None:
        return items
    if preview.die is not None and preview.die in by_number:
        source = by_number[preview.die].cell
        items.append(("outline", source, thick, HIGHLIGHT, 0.98))
        if preview.target is not None:
            items.append(("outline", preview.target, thick, HIGHLIGHT, 0.98))
            items.append(("arrow", source, preview.target))
    items += [("outline", by_number[n].cell, thick, PUSHED, 0.9) for n in preview.line
              if n in by_number]
    if preview.falls is not None and preview.falls in by_number:
        items.append(("cross", by_number[preview.falls].cell))
    return items


def _cells_of(item: Item) -> tuple[int, ...]:
    if item[0] == "die":
        die = item[1]
        assert isinstance(die, DieView)
        return (die.cell,)
    if item[0] == "arrow":
        return (int(item[1]), int(item[2]))  # type: ignore[call-overload]
    return (int(item[1]),)  # type: ignore[call-overload]


def _box(item: Item, origin: tuple[float, float], size: float, pad: int) -> pygame.Rect:
    """A rect holding all an item draws: its hexes' squares with a little room."""
    half = math.ceil(size) + pad
    boxes = []
    for cell in _cells_of(item):
        x, y = _at(cell, origin, size)
        boxes.append(pygame.Rect(math.floor(x) - half, math.floor(y) - half, 2 * half + 2,
                                 2 * half + 2))
    return boxes[0].unionall(boxes[1:])


def _board(p: Painter, view: View, preview: Preview | None, moved: tuple[int, ...],
           rect: pygame.Rect, size: float) -> None:
    """The board as one region whose key is its hexes; the dice and the preview drawn
    over them are noted with it, and when only those changed the squares of the hexes
    whose dice or marks changed are drawn again (the hexes' picture copied back under
    them), so a move redraws a few hexes and not the board."""
    thick, thin = max(2, p.px(6)), max(1, p.px(3))
    origin = _origin(rect, size)
    items = _items(view, preview, moved, thick, thin)
    drawn = p.region("board", rect, ("board", view.board, view.axes, size))
    background = _background(p, view, rect, size)
    box = pygame.Rect(p.regions[-1].rect)
    if drawn:
        p.surface.blit(background, rect)
        for item in items:
            _item(p, item, origin, size)
        p.note(items)
        return
    before = p.noted()
    if p.moved is not None:  # a pass that only records where regions go
        p.note(items)
        return
    pad = thick + max(4, p.px(12))
    if isinstance(before, list):
        old, new = set(before), set(items)
        changed = [i for i in before if i not in new] + [i for i in items if i not in old]
        dirty = [_box(i, origin, size, pad).clip(box) for i in changed]
    else:
        dirty = [box]
    boxes = [(_box(i, origin, size, pad), i) for i in items]
    for area in _merged(dirty):
        p.surface.set_clip(area)
        if not rect.contains(area):  # the region's margin round the hexes' picture
            p.surface.fill(theme.BG, area)
        p.surface.blit(background, area, area.move(-rect.x, -rect.y))
        for where, item in boxes:
            if where.colliderect(area):
                _item(p, item, origin, size)
        p.dirty.append(area)
    p.surface.set_clip(pygame.Rect(0, 0, 0, 0))
    p.note(items)


def _merged(rects: list[pygame.Rect]) -> list[pygame.Rect]:
    """The rects to draw again, those that overlap joined (each pixel drawn once)."""
    out: list[pygame.Rect] = []
    for rect in rects:
        if not rect.w or not rect.h:
            continue
        while (i := rect.collidelist(out)) >= 0:
            rect = rect.union(out.pop(i))
        out.append(rect)
    return out


def _item(p: Painter, item: Item, origin: tuple[float, float], size: float) -> None:
    kind = item[0]
    if kind == "outline":
        _, cell, width, colour, scale = item
        assert isinstance(cell, int) and isinstance(width, int)
        assert isinstance(scale, float) and isinstance(colour, tuple)
        pygame.draw.polygon(p.surface, colour, outline(*_at(cell, origin, size),
                                                       size * scale), width)
    elif kind == "die":
        die = item[1]
        assert isinstance(die, DieView)
        _die(p, die, _at(die.cell, origin, size), size, bool(item[2]))
    elif kind == "arrow":
        _arrow(p, _at(item[1], origin, size), _at(item[2], origin, size),  # type: ignore[arg-type]
               size)
    elif kind == "cross":
        x, y = _at(item[1], origin, size)  # type: ignore[arg-type]
        r = size * 0.55
        thick = max(2, p.px(6))
        for sx in (-1, 1):
            pygame.draw.line(p.surface, PUSHED, (x - r, y - r * sx), (x + r, y + r * sx), thick)


def _arrow(p: Painter, source: tuple[float, float], target: tuple[float, float],
           size: float) -> None:
    dx, dy = target[0] - source[0], target[1] - source[1]
    length = math.hypot(dx, dy) or 1.0
    ux, uy = dx / length, dy / length
    mid = ((source[0] + target[0]) / 2, (source[1] + target[1]) / 2)
    wing = size * 0.28
    tip = (mid[0] + ux * wing, mid[1] + uy * wing)
    pygame.draw.polygon(p.surface, HIGHLIGHT, [
        tip, (mid[0] - ux * wing - uy * wing, mid[1] - uy * wing + ux * wing),
        (mid[0] - ux * wing + uy * wing, mid[1] - uy * wing - ux * wing)])
    pygame.draw.polygon(p.surface, theme.BLACK, [
        tip, (mid[0] - ux * wing - uy * wing, mid[1] - uy * wing + ux * wing),
        (mid[0] - ux * wing + uy * wing, mid[1] - uy * wing - ux * wing)], 1)


def _die(p: Painter, die: DieView, at: tuple[float, float], size: float,
         moved: bool) -> None:
    """A die: its player's colour, the seat's shape over its eyes, a ring when it still
    has to move, a light edge when the last move moved it."""
    ident = seat_identity(die.seat)
    w, h = round(size * 1.12), round(size * 1.5)
    body = pygame.Rect(0, 0, w, h)
    body.center = (round(at[0]), round(at[1]))
    radius = max(2, round(size * 0.3))
    pygame.draw.rect(p.surface, ident.rgb, body, border_radius=radius)
    edge = theme.SNOW if moved else theme.BLACK
    pygame.draw.rect(p.surface, edge, body, max(1, p.px(4 if moved else 2)),
                     border_radius=radius)
    if die.due:
        ring = body.inflate(p.px(10), p.px(10))
        pygame.draw.rect(p.surface, theme.SNOW, ring, max(1, p.px(3)),
                         border_radius=radius + p.px(5))
    ink = theme.ink_for(ident.rgb)
    mark = pygame.Rect(0, 0, round(size * 0.42), round(size * 0.42))
    mark.midtop = (body.centerx, body.y + max(1, round(size * 0.1)))
    pygame.draw.polygon(p.surface, ink, shape_points(ident.shape, mark))
    value = pygame.Rect(body.x, mark.bottom, body.w, body.bottom - mark.bottom)
    p.text(str(die.value), value, theme.SMALL, bold=True, colour=ink, align="center")


# --- the side column ---------------------------------------------------------------------


def _side(p: Painter, frame: PushFrame, rect: pygame.Rect) -> None:
    """The side column in three regions one above the other, so a press that moves a
    menu's focus draws the menu again and not the players or the legend: the players'
    rows (and the ending), the menus (`draw_menus`, a region a menu), and the foot (what
    the focused choice would do, the notices, the legend). The join card takes the
    column below the players."""
    gap = p.px(10)
    view = frame.view
    ending = ""
    top = 0
    if view is not None:
        top = len(view.players) * p.line(theme.SMALL) + gap
        if frame.winner is not None or frame.screen is SimpleScreen.GAME_OVER:
            ending = _ending(view)
            block = p.plan(ending, rect.w, theme.BIG, bold=True)
            top += block.height_for(rect.bottom - rect.y - top) + gap
    about = frame.about[-2:] if view is None else ()
    about_h = len(about) * p.line(theme.SMALL)
    legend_h = _legend_height(p, view, rect.w) if view is not None else 0
    if legend_h and rect.h - top - legend_h < 7 * p.line(theme.BODY):
        legend_h = 0  # the menus first
    notes = notices_height(p, frame.names, frame.notices, rect.w) if frame.notices else 0
    preview = frame.preview.text if frame.preview is not None else ""
    preview_h = 0
    if preview:
        preview_h = p.plan(preview, rect.w, theme.SMALL).height_for(
            p.line(theme.SMALL) * 2)
    foot_h = preview_h + notes + legend_h + about_h
    head = pygame.Rect(rect.x, rect.y, rect.w, max(0, top - gap))  # regions a gap apart
    key = (view.players, view.active) if view is not None else None
    if top and p.region("players", head, (key, ending, frame.names)):
        assert view is not None
        _players(p, view, head)
        if ending:
            y = head.y + len(view.players) * p.line(theme.SMALL) + gap
            p.block(p.plan(ending, rect.w, theme.BIG, bold=True),
                    pygame.Rect(rect.x, y, rect.w, head.bottom - y),
                    colour=theme.YELLOW)
    middle = pygame.Rect(rect.x, rect.y + top, rect.w,
                         max(0, rect.h - top - foot_h - (gap if foot_h else 0)))
    if frame.join is not None:
        p.end_region()
        join_at_bottom(p, frame.join, frame.names,
                       pygame.Rect(rect.x, middle.y, rect.w, rect.bottom - middle.y))
        return
    if frame.menus and middle.h > 0:
        draw_menus(p, frame.names, frame.menus, middle)
    foot = pygame.Rect(rect.x, rect.bottom - foot_h, rect.w, foot_h)
    if not foot_h or not p.region("foot", foot, (
            preview, frame.notices, frame.names, view.board if view else None, about)):
        return
    y = foot.y
    if preview_h:
        p.block(p.plan(preview, rect.w, theme.SMALL),
                pygame.Rect(rect.x, y, rect.w, preview_h), colour=HIGHLIGHT)
        y += preview_h
    if notes:
        draw_notices(p, frame.names, frame.notices, pygame.Rect(rect.x, y, rect.w, notes))
        y += notes
    if legend_h and view is not None:
        _legend(p, view, pygame.Rect(rect.x, y, rect.w, legend_h))
        y += legend_h
    for line in about:
        p.text(line, pygame.Rect(rect.x, y, rect.w, p.line(theme.SMALL)), theme.SMALL,
               colour=theme.DIM)
        y += p.line(theme.SMALL)


def _ending(view: View) -> str:
    if view.winner is None:
        return t("pm.over.nobody")
    return t(f"pm.over.{view.end or 'three'}", name=view.players[view.winner].name)


def _players(p: Painter, view: View, rect: pygame.Rect) -> int:
    """A row a player: the seat's badge, the name, dice pushed off and left on the
    board."""
    row = p.line(theme.SMALL)
    y = rect.y
    for player in view.players:
        badge = pygame.Rect(rect.x, y + p.px(3), row - p.px(6), row - p.px(6))
        ident = seat_identity(player.seat)
        pygame.draw.polygon(p.surface, ident.rgb, shape_points(ident.shape, badge))
        active = view.active == player.seat
        colour = theme.TEXT if active or view.active is None else theme.DIM
        counts = t("pm.counts", count=player.count, dice=player.on_board)
        width, _ = p.measure(counts, theme.SMALL, bold=active)
        right = pygame.Rect(rect.right - width, y, width, row)
        p.text(counts, right, theme.SMALL, bold=active, colour=colour, align="right")
        name = pygame.Rect(badge.right + p.px(8), y, right.x - badge.right - p.px(16), row)
        p.text(player.name, name, theme.SMALL, bold=active, colour=colour, may_cut=True)
        y += row
    return y


def _legend_kinds(view: View) -> list[Kind]:
    present = set(view.board)
    return [k for k in Kind if k in present and k is not Kind.PLAIN]


def _legend_label(kind: Kind) -> str:
    """A kind's symbol and name ("×2 Double"; "+1 eye" says its symbol already)."""
    name = t(f"pm.kind.{kind.value}")
    symbol = SYMBOLS[kind]
    return name if not symbol or name.startswith(symbol) else f"{symbol} {name}"


_COLUMNS: OrderedDict[tuple[object, ...], int] = OrderedDict()
"""The legend's columns by its kinds, width, screen size and language (measured once:
every frame asks, and a board's kinds do not change in a game)."""


def _legend_columns(p: Painter, view: View, width: int) -> int:
    """The most columns (3 to 1) in which every label fits whole; 0 when none does."""
    kinds = _legend_kinds(view)
    key = (tuple(kinds), width, p.width, p.height, language())
    known = _COLUMNS.get(key)
    if known is not None:
        return known
    row = p.line(theme.SMALL)
    labels = [_legend_label(k) for k in kinds]
    found = 0
    for columns in (3, 2, 1):
        room = width // columns - row - p.px(12)
        if all(p.fits(label, room, theme.SMALL) for label in labels):
            found = columns
            break
    _COLUMNS[key] = found
    while len(_COLUMNS) > 32:
        _COLUMNS.popitem(last=False)
    return found


def _legend_height(p: Painter, view: View, width: int) -> int:
    """The legend's height: all of it, or nothing where it would crowd the menus out."""
    columns = _legend_columns(p, view, width)
    if not columns:
        return 0
    height = math.ceil(len(_legend_kinds(view)) / columns) * p.line(theme.SMALL)
    return height if height <= p.height * 2 // 5 else 0


def _legend(p: Painter, view: View, rect: pygame.Rect) -> None:
    kinds = _legend_kinds(view)
    columns = _legend_columns(p, view, rect.w)
    row = p.line(theme.SMALL)
    width = rect.w // columns
    for i, kind in enumerate(kinds):
        x = rect.x + (i % columns) * width
        y = rect.y + (i // columns) * row
        swatch = pygame.Rect(x, y + p.px(2), row - p.px(4), row - p.px(4))
        pygame.draw.polygon(p.surface, FILLS[kind], outline(
            swatch.centerx, swatch.centery, swatch.h / 2))
        p.text(_legend_label(kind), pygame.Rect(swatch.right + p.px(6), y,
                                                width - swatch.w - p.px(12), row),
               theme.SMALL)


__all__ = ["FILLS", "SYMBOLS", "layout", "paint_push"]
