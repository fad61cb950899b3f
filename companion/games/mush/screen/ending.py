"""The end of a round and of the game: the order of the race, each sled's place, and the
game's statistics (dogs against the expected, chips spent) beside the winner."""

from __future__ import annotations

import pygame

from companion.display import theme
from companion.display import widgets as w
from companion.display.chrome import count, ordinal, seat_name, word
from companion.display.paint import Painter, split_columns, split_rows
from companion.games.mush.phases import ActKind
from companion.games.mush.screen.areas import Areas, in_areas, line_rows, title_row
from companion.games.mush.screen.chrome import View, seat_by_index
from companion.games.mush.table.frame import TableFrame
from companion.games.mush.table.view import SeatStats, SeatView
from companion.i18n import t


@in_areas()
def screen_round_end(p: Painter, frame: TableFrame, areas: Areas) -> None:
    """R4: the round is over and the Ice Bear passes on."""
    view = frame.view
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


@in_areas()
def screen_game_over(p: Painter, frame: TableFrame, areas: Areas) -> None:
    """T3: the winner and the race (every sled by how far it got), with each player's
    dog-dice luck against expectation and chips spent beside their sled.

    The figures come from `frame.stats` (see `companion.games.mush.table.stats.game_stats`).
    """
    view = frame.view
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
