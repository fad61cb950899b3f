"""Push&Move's pages on the phones: the simple game's pages (`companion.web.simple`: the
menu, the lines, whose turn) with the board on them (`hexes`), drawn by the pages' shared
hex-board script.

Every page gets the board as it stands: the hexes (one letter a hex, and a legend of the
kinds on this board with their symbols, colours and names in the page's language), the
tunnels' axes, every die with its seat, eyes and whether it still has to move. The seat
whose turn it is also gets its menu as taps on the board (the table's `Pick`): a tap on
one of its dice still to move chooses that die (its menu item), the hexes it may go to
are ringed and a tap on one moves it; a tap the rules refuse shows the rule's reason on
that phone at once, from the reasons sent with the board (each hex next to the die that
it may not go to, each die that has moved or cannot). Optional effects, beams, rebirths
and tunnels stay questions in the menu under the board (a beam's or a start hex's cell
may be tapped too). The other seats and the table page see the board only.

The board is a few hundred bytes: the hexes' places are sent as runs of a row (the
script works out where each is drawn), not as a picture.
"""

from __future__ import annotations

from typing import Any

from companion.core.box import Pages
from companion.i18n import t
from companion.seats import MAX_SEATS, SEATS
from companion.table.frame import Menu
from companion.table.lights import LightState
from companion.web.simple import seat_payload as simple_seat
from companion.web.simple import table_payload as simple_table
from companion.web.snapshot import colour

from .look import FILLS, INK_DARK, SYMBOLS, css
from .model import BOARD, Kind
from .table import PushFrame, reason_words
from .views import View

LETTERS = "abcdefghijklmnopqr"
"""One letter per kind of hex, in `Kind`'s order."""
KIND_LETTER = {kind: LETTERS[i] for i, kind in enumerate(Kind)}


def _runs() -> tuple[tuple[int, int, int], ...]:
    """The board's cells as runs of a row: (r, first q, how many), in cell number order."""
    runs: list[list[int]] = []
    for cell in BOARD.cells:
        last = runs[-1] if runs else None
        if last is not None and last[0] == cell.r and last[1] + last[2] == cell.q:
            last[2] += 1
        else:
            runs.append([cell.r, cell.q, 1])
    return tuple((r, q, n) for r, q, n in runs)


RUNS = _runs()

DUE, CHOSEN, MOVED, FALLS = 1, 2, 4, 8
"""A die's flags on the board: it still has to move, it is the die chosen, the last
move moved or changed it, a way of the chosen die pushes it off."""


def board_json(frame: PushFrame, view: View) -> dict[str, Any]:
    """The board every page draws (in the page's language)."""
    kinds = [k for k in Kind if k in set(view.board)]
    pick = frame.pick
    chosen = pick.die if pick is not None else None
    falls = set(pick.falls) if pick is not None else set()
    moved = set(frame.moved)
    dice = [[d.cell, d.seat, d.value, (DUE if d.due else 0) | (CHOSEN if d.number == chosen
             else 0) | (MOVED if d.number in moved else 0) | (FALLS if d.number in falls
                                                                  else 0)]
            for d in view.dice]
    return {
        "rows": [list(run) for run in RUNS],
        "k": "".join(KIND_LETTER[k] for k in view.board),
        "legend": [[KIND_LETTER[k], SYMBOLS[k] or ("═" if k is Kind.TUNNEL else ""),
                    css(FILLS[k]), 1 if k in INK_DARK else 0, t(f"pm.kind.{k.value}")]
                   for k in kinds],
        "axes": [[c, x] for c, x in enumerate(view.axes) if x >= 0],
        "seats": [[colour(p.seat), SEATS[p.seat % MAX_SEATS].letter] for p in view.players],
        "dice": dice, "title": t("pm.tap.legend"),
    }


def _taps(frame: PushFrame, view: View, seat: int) -> dict[str, Any]:
    """What seat `seat` may tap on the board, and what any other tap says."""
    pick = frame.pick
    if pick is None or pick.seat != seat:
        active = view.active
        name = view.players[active].name if active is not None and active != seat and \
            0 <= active < len(view.players) else None
        return {"hint": t("pm.tap.wait", name=name) if name else ""}
    cell_of = {d.number: d.cell for d in view.dice}
    chosen = cell_of.get(pick.die) if pick.die is not None else None
    if view.phase != "move":  # a question: an effect's or a rebirth's
        hint = t("pm.tap.cell") if pick.cells else t("pm.tap.menu")
    else:
        hint = t("pm.tap.hex") if chosen is not None else t("pm.tap.die")
    return {"taps": [list(c) for c in pick.cells], "sel": chosen,
            "others": [cell_of[n] for n in pick.others if n in cell_of],
            "no": [[cell, reason_words(why)] for cell, why in pick.refused], "hint": hint}


def seat_payload(frame: PushFrame, own: object, menu: Menu | None, seat: int,
                 language: str, *, light: LightState | None, players: int) -> dict[str, Any]:
    """Seat `seat`'s page: the simple game's, with the board (and its taps on its turn)."""
    out = simple_seat(frame, own, menu, seat, language, light=light, players=players)
    view = frame.view
    if view is not None and view.board:
        out["hexes"] = {**board_json(frame, view), **_taps(frame, view, seat)}
    return out


def table_payload(frame: PushFrame, language: str, players: int) -> dict[str, Any]:
    """The read-only table page: the simple game's, with the board."""
    out = simple_table(frame, language, players)
    view = frame.view
    if view is not None and view.board:
        out["hexes"] = board_json(frame, view)
    return out


PAGES = Pages(seat=seat_payload, table=table_payload, names=lambda frame: frame.names)
"""Push&Move's pages on the phones (`companion.web.snapshot.build` builds them)."""

__all__ = ["PAGES", "RUNS", "board_json", "seat_payload", "table_payload"]
