"""Mush-Ring's shared screen: every player's ring as six card-shaped spaces, their hand's
size and score pile, the draw and discard piles with the top discard, whose turn it is,
the last hand, and what just happened in words (U2).

Drawn from the frame's public view alone (`RingFrame.view`), which holds no card of a
hand (U1): a face-down card is a card back, whatever it is. A card's colour is never its
only cue: each colour has its shape beside the value, a Wild is the four colours under
a ✱, a Deth Kapp is black with a ☠, a card back is hatched. The screen is drawn in
regions (the header, each player's row, the piles, the news, the menus, the notices);
given the regions on the surface (`previous`) only those that changed are drawn again,
so a card played redraws a row, the piles and the news. Setup is the simple game's.
"""

from __future__ import annotations

import pygame

from companion.display import theme
from companion.display.chrome import draw_notices, notices_height
from companion.display.layout_log import LayoutLog
from companion.display.menus import draw_menus
from companion.display.paint import Painter, paint_by_regions
from companion.display.regions import Region
from companion.display.simple import paint_simple
from companion.display.widgets import seat_badge, seat_identity, shape_points
from companion.i18n import count, language, speaking, t
from companion.table.simple import SimpleFrame, SimpleScreen

from .cards import Card, Kind
from .table import RingFrame, card_words
from .views import PlayerView, PublicView, SpaceView

COLOURS: dict[str, tuple[int, int, int]] = {
    "red": theme.VERMILLION, "yellow": theme.YELLOW, "green": theme.BLUISH_GREEN,
    "blue": theme.BLUE, "purple": theme.REDDISH_PURPLE, "orange": theme.ORANGE}
"""Each card colour's fill (the colour-blind-safe palette)."""
SHAPES: dict[str, str] = {
    "red": "circle", "yellow": "triangle", "green": "square", "blue": "diamond",
    "purple": "cross", "orange": "star"}
"""Each card colour's shape, drawn beside its value: colour is never the only cue."""
WILD_MARK, KAPP_MARK = "✱", "☠"
ACTION_MARKS: dict[Kind, str] = {
    Kind.DRAW_3_PICK_2: "3›2", Kind.STOMP: "✖", Kind.STEAL: "⇄", Kind.PICK_A_COLOR: "?",
    Kind.DIG_IT: "↑", Kind.PLAY_ONE_MORE: "+1"}
"""An action card's mark on its face (its name is written under the discard pile)."""
BACK = (84, 60, 104)  # a card back (face-down, the draw pile)
HATCH = (126, 98, 150)
KAPP = (12, 12, 12)
TURN = theme.YELLOW  # whose turn: a thick frame round their row
ASKED = theme.SKY_BLUE  # a seat the table waits for out of turn (an answer, a card given)
RATIO = 0.7  # a card's width to its height


def paint_ring(frame: SimpleFrame, surface: pygame.Surface, log: LayoutLog | None = None,
               language: str = "en", previous: list[Region] | None = None) -> Painter:
    """Draw a Mush-Ring frame: whole, or given the regions on the surface (`previous`)
    only those that changed (a layout that moved is planned again: `Canvas.replan`).
    Setup (no view yet) and the join card are the simple game's screen."""
    if not isinstance(frame, RingFrame) or frame.view is None or frame.join is not None:
        return paint_simple(frame, surface, log, language, previous)
    view = frame.view
    with speaking(language):
        return paint_by_regions(surface, log, previous or None, lambda p: _draw(p, frame, view))


def _draw(p: Painter, frame: RingFrame, view: PublicView) -> None:
    if not p.partial:
        p.surface.fill(theme.BG)
    margin = p.px(14)
    header = pygame.Rect(0, 0, p.width, p.line(theme.BIG) + p.px(16))
    body = pygame.Rect(margin, header.bottom + margin, p.width - 2 * margin,
                       p.height - header.bottom - 2 * margin)
    paper = view.deck == "paper"
    left = pygame.Rect(body.x, body.y, int(body.w * (0.52 if paper else 0.64)), body.h)
    right = pygame.Rect(left.right + margin, body.y, body.right - left.right - margin,
                        body.h)
    over = frame.screen is SimpleScreen.GAME_OVER
    if p.region("header", header, ("header", frame.title, over, _status(view, over))):
        _header(p, frame, view, header, over)
    _rows(p, view, left, over)
    _side(p, frame, view, right)
    p.end_region()
    p.finish()


# --- the header --------------------------------------------------------------------


def _status(view: PublicView, over: bool) -> tuple[str, int | None]:
    """The header's right side: who won, whose turn it is, or the last hand."""
    names = [x.name for x in view.players]
    if over and len(view.winners) > 1:
        return t("ring.shared", names=", ".join(names[s] for s in view.winners)), None
    if over and view.winners:
        return t("over.wins", name=names[view.winners[0]]), view.winners[0]
    if view.turn is not None and 0 <= view.turn < len(names):
        return t("ring.turn", name=names[view.turn]), view.turn
    if view.acting and view.deck == "paper" and view.entering >= 0:
        return t("ring.scr.entering", name=names[view.entering]), view.entering
    return "", None


def _header(p: Painter, frame: RingFrame, view: PublicView, rect: pygame.Rect,
            over: bool) -> None:
    pygame.draw.rect(p.surface, theme.PANEL, rect)
    inner = rect.inflate(-2 * p.px(16), -p.px(8))
    title = pygame.Rect(inner.x, inner.y, inner.w * 40 // 100, inner.h)
    p.text(t("over.title") if over else frame.title, title, theme.BIG, bold=True)
    text, seat = _status(view, over)
    if not text:
        return
    status = pygame.Rect(title.right, inner.y, inner.right - title.right, inner.h)
    colour = theme.YELLOW if over else seat_identity(seat).rgb if seat is not None \
        else theme.TEXT
    p.text(text, status, theme.BIG, bold=True, align="right", colour=colour, may_cut=True)


# --- the players' rows -------------------------------------------------------------


def _rows(p: Painter, view: PublicView, rect: pygame.Rect, over: bool) -> None:
    rows = max(1, len(view.players))
    gap = p.px(12)
    height = min((rect.h - gap * (rows - 1)) // rows, p.px(300))
    for player in view.players:
        row = pygame.Rect(rect.x, rect.y + player.seat * (height + gap), rect.w, height)
        turn = not over and view.turn == player.seat
        paper = view.deck == "paper"
        asked = not over and not turn and player.seat in view.acting and (
            not paper or player.seat == view.entering
            or (view.tie is not None and view.tie[0] == player.seat))
        kapp = view.kapp[1] if view.kapp is not None and view.kapp[0] == player.seat else -1
        shown = view.deck != "paper" or view.entering == player.seat or \
            any(s.show != "open" for s in player.ring)
        won = over and player.seat in view.winners
        key = ("row", player, turn, asked, kapp, shown, won, view.deck)
        if p.region(f"row {player.seat}", row, key):
            _row(p, player, row, turn=turn, asked=asked, kapp=kapp, shown=shown, won=won,
                 paper=view.deck == "paper")


def _row(p: Painter, player: PlayerView, rect: pygame.Rect, *, turn: bool, asked: bool,
         kapp: int, shown: bool, won: bool, paper: bool) -> None:
    radius = p.px(10)
    pygame.draw.rect(p.surface, theme.PANEL_HI if turn else theme.PANEL, rect,
                     border_radius=radius)
    if turn or asked or won:
        pygame.draw.rect(p.surface, ASKED if asked else TURN, rect, max(2, p.px(6)),
                         border_radius=radius)
    pad = p.px(12)
    inner = rect.inflate(-2 * pad, -2 * pad)
    info_w = inner.w * 27 // 100
    score_w = inner.w * 20 // 100
    info = pygame.Rect(inner.x, inner.y, info_w, inner.h)
    score = pygame.Rect(inner.right - score_w, inner.y, score_w, inner.h)
    ring = pygame.Rect(info.right + pad, inner.y, score.x - info.right - 2 * pad, inner.h)
    _info(p, player, info, turn=turn, asked=asked, won=won, paper=paper)
    if shown:
        _ring(p, player.ring, ring, kapp)
    else:
        p.text(t("ring.scr.on_table"), ring, theme.SMALL, colour=theme.DIM, align="center",
               may_cut=True)
    _score(p, player, score)


def _info(p: Painter, player: PlayerView, rect: pygame.Rect, *, turn: bool, asked: bool,
          won: bool, paper: bool) -> None:
    line = p.line(theme.BODY)
    small = p.line(theme.SMALL)
    badge = pygame.Rect(rect.x, rect.y, line, line)
    seat_badge(p, player.seat, badge.inflate(-p.px(4), -p.px(4)))
    name = pygame.Rect(badge.right + p.px(8), rect.y, rect.right - badge.right - p.px(8), line)
    p.text(player.name, name, theme.BODY, bold=True, may_cut=True)
    rows: list[tuple[str, tuple[int, int, int]]] = []
    if not paper:
        rows.append((t("ring.scr.hand", count=player.hand), theme.DIM))
    if won:
        rows.append((t("ring.scr.won"), theme.YELLOW))
    elif turn:
        rows.append((t("ring.scr.playing"), theme.YELLOW))
    elif asked:
        rows.append((t("ring.scr.enters" if paper else "ring.scr.asked"), ASKED))
    if player.last:
        rows.append((t("ring.scr.last"), theme.WARN))
    elif player.done:
        rows.append((t("ring.scr.done"), theme.DIM))
    y = name.bottom + p.px(2)
    for text, colour in rows:
        if y + small > rect.bottom:
            break
        p.text(text, pygame.Rect(rect.x, y, rect.w, small), theme.SMALL, colour=colour,
               may_cut=True)
        y += small


def _ring(p: Painter, ring: tuple[SpaceView, ...], rect: pygame.Rect, kapp: int) -> None:
    """Six card-shaped spaces in a row, each numbered under it (the phones and the pads
    name a space by its number)."""
    number = p.line(theme.FLOOR)
    gap = p.px(10)
    spaces = max(1, len(ring))
    w = min((rect.w - gap * (spaces - 1)) // spaces, int((rect.h - number) * RATIO))
    h = int(w / RATIO)
    x0 = rect.x + (rect.w - (w * spaces + gap * (spaces - 1))) // 2
    y0 = rect.y + (rect.h - h - number) // 2
    for i, space in enumerate(ring):
        card = pygame.Rect(x0 + i * (w + gap), y0, w, h)
        draw_space(p, space, card)
        if i == kapp:
            pygame.draw.rect(p.surface, TURN, card.inflate(p.px(8), p.px(8)),
                             max(2, p.px(5)), border_radius=p.px(8))
        p.text(str(i + 1), pygame.Rect(card.x, card.bottom, w, number), theme.FLOOR,
               colour=theme.DIM, align="center")


def _score(p: Painter, player: PlayerView, rect: pygame.Rect) -> None:
    """The score pile: its cards (10 end the game), its points, its Wilds (the tie
    breaks)."""
    small = p.line(theme.SMALL)
    rows = [count(player.cards, "ring_card"), count(player.value, "ring_point"),
            count(player.wilds, "ring_wild")]
    top = rect.y + max(0, (rect.h - small * len(rows)) // 2)
    for i, text in enumerate(rows):
        box = pygame.Rect(rect.x, top + i * small, rect.w, small)
        if box.bottom > rect.bottom:
            break
        p.text(text, box, theme.SMALL, bold=i == 0, align="right",
               colour=theme.TEXT if i == 0 else theme.DIM)


# --- cards -------------------------------------------------------------------------


def draw_space(p: Painter, space: SpaceView, rect: pygame.Rect) -> None:
    """One ring space: open (an outline), face-down (a card back), a Deth Kapp, or a
    face-up card."""
    if space.show == "open" or (space.card is None and space.show != "down"):
        pygame.draw.rect(p.surface, theme.LINE, rect, max(1, p.px(3)), border_radius=p.px(8))
    elif space.show == "down":
        draw_back(p, rect)
    elif space.card is not None:
        draw_card(p, space.card, rect)


def draw_back(p: Painter, rect: pygame.Rect) -> None:
    """A card's back: hatched, with no face (a face-down card, the draw pile)."""
    radius = p.px(8)
    pygame.draw.rect(p.surface, BACK, rect, border_radius=radius)
    clip = p.surface.get_clip()
    p.surface.set_clip(rect.inflate(-p.px(6), -p.px(6)).clip(clip))
    step = max(4, rect.w // 5)
    width = max(1, p.px(3))
    for x in range(rect.x - rect.h, rect.right, step):
        pygame.draw.line(p.surface, HATCH, (x, rect.bottom), (x + rect.h, rect.y), width)
    p.surface.set_clip(clip)
    pygame.draw.rect(p.surface, theme.SNOW, rect, max(1, p.px(3)), border_radius=radius)


def draw_card(p: Painter, card: Card, rect: pygame.Rect) -> None:
    """A face-up card: a coloured Shroom card in its colour, its shape and its value; a
    Wild as the four colours under ✱; a Deth Kapp black with ☠; an action card (the top
    discard) by its name."""
    radius = p.px(8)
    border = max(1, p.px(3))
    design = rect.h / p.k
    if card.kind is Kind.COLOUR:
        fill = COLOURS.get(card.colour, theme.PANEL_HI)
        ink = theme.ink_for(fill)
        pygame.draw.rect(p.surface, fill, rect, border_radius=radius)
        mark = max(6, rect.w * 38 // 100)
        corner = pygame.Rect(rect.x + p.px(6), rect.y + p.px(6), mark, mark)
        points = shape_points(SHAPES.get(card.colour, "circle"), corner)
        pygame.draw.polygon(p.surface, ink, points)
        value = pygame.Rect(rect.x, rect.y + rect.h * 30 // 100, rect.w, rect.h * 65 // 100)
        p.text(str(card.value), value, design * 0.5, bold=True, colour=ink, align="center")
    elif card.kind is Kind.WILD:
        quarters = ("red", "yellow", "green", "blue")
        half_w, half_h = rect.w // 2, rect.h // 2
        for i, colour in enumerate(quarters):
            q = pygame.Rect(rect.x + (i % 2) * half_w, rect.y + (i // 2) * half_h,
                            rect.w - half_w if i % 2 else half_w,
                            rect.h - half_h if i // 2 else half_h)
            pygame.draw.rect(p.surface, COLOURS[colour], q)
        disc = min(rect.w, rect.h) * 36 // 100
        pygame.draw.circle(p.surface, theme.SNOW, rect.center, disc)
        p.text(WILD_MARK, pygame.Rect(rect.centerx - disc, rect.centery - disc, 2 * disc,
                                      2 * disc), design * 0.4, bold=True,
               colour=theme.BLACK, align="center")
    elif card.kind is Kind.DETH_KAPP:
        pygame.draw.rect(p.surface, KAPP, rect, border_radius=radius)
        p.text(KAPP_MARK, rect.inflate(-p.px(4), -p.px(4)), design * 0.5, colour=theme.SNOW,
               align="center")
        pygame.draw.rect(p.surface, theme.VERMILLION, rect, border, border_radius=radius)
        return
    else:
        pygame.draw.rect(p.surface, theme.PANEL_HI, rect, border_radius=radius)
        p.text(ACTION_MARKS.get(card.kind, "!"), rect.inflate(-p.px(6), -p.px(6)),
               design * 0.35, bold=True, align="center")
    pygame.draw.rect(p.surface, theme.SNOW, rect, border, border_radius=radius)


# --- the side: piles, news, who is choosing, notices --------------------------------


def _side(p: Painter, frame: RingFrame, view: PublicView, rect: pygame.Rect) -> None:
    notes = notices_height(p, frame.names, frame.notices, rect.w) if frame.notices else 0
    y = rect.y
    if view.deck != "paper":
        piles = pygame.Rect(rect.x, y, rect.w, min(rect.h * 42 // 100, p.px(360)))
        if p.region("piles", piles, ("piles", view.draw, view.discard, view.top)):
            _piles(p, view, piles)
        y = piles.bottom + p.px(12)
    secret = frame.secret and bool(frame.menus)
    small = p.line(theme.SMALL)
    if secret:
        menus_h = min(len(frame.menus), 2) * p.line(theme.BODY)
    else:
        menus_h = (rect.bottom - notes - y) * 62 // 100 if frame.menus else 0
    gap = p.px(12)  # (regions apart: each is drawn over its own background alone)
    notes += gap if notes else 0
    news = pygame.Rect(rect.x, y, rect.w,
                       max(small, rect.bottom - notes - menus_h - y - gap))
    lines, did = _news(view), frame.said(language())
    if p.region("news", news, ("news", lines, did)):
        _draw_news(p, lines, did, news)
    menus = pygame.Rect(rect.x, news.bottom + gap, rect.w,
                        rect.bottom - notes - news.bottom - gap)
    if secret and menus.h > 0:
        if p.region("choosing", menus, ("choosing", tuple(m.seat for m in frame.menus),
                                         frame.names)):
            _choosing(p, frame, menus)
    elif frame.menus and menus.h > 0:
        p.end_region()
        draw_menus(p, frame.names, frame.menus, menus)
    if frame.notices:
        box = pygame.Rect(rect.x, rect.bottom - notes + gap, rect.w, notes - gap)
        if p.region("notices", box, ("notices", frame.notices)):
            draw_notices(p, frame.names, frame.notices, box)


def _piles(p: Painter, view: PublicView, rect: pygame.Rect) -> None:
    """The draw pile (a card back, or an outline once empty) and the discard pile (its
    top card), each with its name and size."""
    label = p.line(theme.SMALL)
    gap = p.px(16)
    h = rect.h - 3 * label
    w = min(int(h * RATIO), (rect.w - gap) // 2)
    h = int(w / RATIO)
    cells = [pygame.Rect(rect.x + i * (rect.w + gap) // 2, rect.y, (rect.w - gap) // 2, rect.h)
             for i in range(2)]
    for i, cell in enumerate(cells):
        card = pygame.Rect(cell.centerx - w // 2, cell.y, w, h)
        if i == 0:
            if view.draw:
                draw_back(p, card)
            else:
                draw_space(p, SpaceView("open"), card)
            name, size = t("ring.scr.draw"), view.draw
        else:
            if view.top is not None:
                draw_card(p, view.top, card)
            else:
                draw_space(p, SpaceView("open"), card)
            name, size = t("ring.scr.discard"), view.discard
        p.text(name, pygame.Rect(cell.x, card.bottom, cell.w, label), theme.SMALL,
               align="center", may_cut=True)
        p.text(count(size, "ring_card"), pygame.Rect(cell.x, card.bottom + label,
               cell.w, label), theme.SMALL, colour=theme.DIM, align="center")
        if i == 1 and view.top is not None:
            p.text(card_words(view.top), pygame.Rect(cell.x, card.bottom + 2 * label, cell.w,
                   label), theme.SMALL, colour=theme.DIM, align="center", may_cut=True)


def _news(view: PublicView) -> tuple[str, ...]:
    """The standing news: the last hand, and who it is for."""
    last = [x.name for x in view.players if x.last]
    if view.last_hand and last and not view.winners:
        return (t("ring.last", name=", ".join(last)),)
    return ()


def _draw_news(p: Painter, lines: tuple[str, ...], did: tuple[str, ...],
               rect: pygame.Rect) -> None:
    """The last hand (in the warning's colour), then what just happened, newest last;
    what does not fit whole is left out from the oldest."""
    y = rect.y
    blocks = [(p.plan(x, rect.w, theme.SMALL, bold=True, lines=3), theme.WARN, True)
              for x in lines]
    if did:
        blocks.append((p.plan(t("ring.scr.just_now"), rect.w, theme.SMALL, lines=1),
                       theme.DIM, False))
    said = [(p.plan(x, rect.w, theme.SMALL, lines=3), theme.TEXT, False) for x in did]
    room = rect.h - sum(b.height for b, _, _ in blocks)
    while said and sum(b.height for b, _, _ in said) > room:
        said.pop(0)
    for block, colour, bold in [*blocks, *said]:
        if y + block.height > rect.bottom:
            break
        p.block(block, pygame.Rect(rect.x, y, rect.w, block.height), theme.SMALL,
                colour=colour, bold=bold)
        y += block.height


def _choosing(p: Painter, frame: RingFrame, rect: pygame.Rect) -> None:
    """Menus that hold a hand: who is choosing, on their phone; never an item."""
    line = p.line(theme.BODY)
    for i, menu in enumerate(frame.menus[:2]):
        seats = frame.names.seats
        name = seats[menu.seat].name if 0 <= menu.seat < len(seats) else ""
        box = pygame.Rect(rect.x + line + p.px(8), rect.y + i * line,
                          rect.w - line - p.px(8), line)
        seat_badge(p, menu.seat, pygame.Rect(rect.x, box.y, line, line).inflate(
            -p.px(6), -p.px(6)))
        p.text(t("simple.choosing", name=name), box, theme.BODY, may_cut=True)


__all__ = ["COLOURS", "SHAPES", "draw_back", "draw_card", "draw_space", "paint_ring"]
