"""Push&Move's board on the phones' pages, from the real table on a fake clock: every page
gets the board (its hexes, tunnels and dice, a legend in the page's language); the seat to
move gets its menu as taps on it, each die still to move the menu item of that die, then
each hex the die may go to the item of that way, and every hex next to it the rules forbid
with the rule's reason in the phone's language (HT2, HT3, HT4); nobody else gets taps."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from companion import games
from companion.core.dice import ScriptedDice
from companion.core.hexes import ARROWS
from companion.games.push_and_move.model import BOARD, DICE, Kind
from companion.games.push_and_move.moves import Push, push
from companion.games.push_and_move.table import PushTable
from companion.i18n import speaking
from companion.pads.events import Button, PadEvent
from companion.pads.events import Kind as PadKind
from companion.web.snapshot import dumps

from . import cell, position
from .test_pm_table import press, start


def pages_now(app: Any, language: str = "fr") -> tuple[dict[str, Any], ...]:
    """Seat 0's page, seat 1's page and the table page, as the server would build them."""
    frame = app.controller.frame()
    pages = games.box("push_and_move").pages
    menus = {m.seat: m for m in app.controller.menus_in(language)}
    with speaking(language):
        return (pages.seat(frame, None, menus.get(0), 0, language, light=None, players=2),
                pages.seat(frame, None, menus.get(1), 1, language, light=None, players=2),
                pages.table(frame, language, 2))


def test_ht2_ht4_the_seat_to_move_taps_a_die_then_a_hex(tmp_path: Path) -> None:
    app = start(tmp_path / "journal.sqlite3", tunnels="drawn")
    try:
        table = app.controller
        assert isinstance(table, PushTable)
        state = table.state
        mine, other, watching = pages_now(app)
        board = mine["hexes"]
        # the board: 120 hexes in runs of rows, one letter each, a legend in French
        assert sum(run[2] for run in board["rows"]) == len(board["k"]) == len(BOARD)
        assert {x[0] for x in board["legend"]} == set(board["k"])
        assert any(x[4] == "Barré" for x in board["legend"])
        assert sorted(d[0] for d in board["dice"]) == sorted(
            d.cell for d in state.dice if d.cell is not None)
        # HT2: each of seat 0's dice is the menu item of that die
        items = mine["menu"]["items"]
        assert sorted(c for c, _ in board["taps"]) == sorted(
            state.dice[n].cell for n in state.on_board(0))
        for cell, index in board["taps"]:
            die = state.at(cell)
            assert die is not None and items[index]["label"].startswith(f"Dé {die % DICE + 1}")
        assert board["hint"].startswith("Touchez un de vos dés")
        # the other seat and the table page see the same board, with nothing to tap
        assert "taps" not in other["hexes"] and other["hexes"]["hint"] == "Ann joue"
        assert other["hexes"]["dice"] == board["dice"] and "taps" not in watching["hexes"]
        assert len(dumps(mine)) < 4000 and len(dumps(watching)) < 3000  # small frames
        # the first tap chose die 0 (as ● does): its ways are the taps now
        press(app, 0, Button.SELECT)
        state = table.state
        mine, _, _ = pages_now(app)
        board, items = mine["hexes"], mine["menu"]["items"]
        assert board["sel"] == state.dice[0].cell and board["hint"].startswith("Touchez une case")
        for cell, index in board["taps"]:
            direction = ARROWS.index(items[index]["label"].split()[0])
            found = push(state, 0, direction)
            assert isinstance(found, Push) and found.target == cell
        # HT4: every hex next to the die it may not go to says why, with the rule
        source = state.dice[0].cell
        assert source is not None
        for cell, why in board["no"]:
            direction = next(d for d in range(6) if BOARD.neighbour(source, d) == cell)
            assert not isinstance(push(state, 0, direction), Push)
            assert why.endswith(")") and "(H" in why
        assert {c for c, _ in board["taps"]} | {c for c, _ in board["no"]} == set(
            BOARD.neighbours(source))
        # the other dice still to move: tapped next, after letting go of this one
        assert sorted(board["others"]) == sorted(state.dice[n].cell for n in range(1, DICE))
        # the second tap moves it; a die that has moved is refused with HT2
        target = next(c for c, i in board["taps"] if i == mine["menu"]["focus"])
        press(app, 0, Button.SELECT)
        state = table.state
        assert state.dice[0].cell == target
        mine, _, _ = pages_now(app, "en")
        assert [target, "this die has moved this turn (HT2)"] in mine["hexes"]["no"]
    finally:
        app.close()


def test_hx9_an_optional_effects_hexes_are_tapped_too() -> None:
    # a die one step west of a beam hex, another beam hex empty across the board
    here, beam, other_beam = cell(-2, 2), cell(-1, 2), cell(3, -3)
    state = position(kinds={beam: Kind.BEAM, other_beam: Kind.BEAM},
                     dice={0: (here, 4), 5: (cell(0, -5), 1)}, to_move=(0,))
    table = PushTable(state, ScriptedDice([]), clock=lambda: 0.0)
    pages = games.box("push_and_move").pages
    table.handle(PadEvent(0, Button.SELECT, PadKind.PRESS))  # ● on → (east)
    table.handle(PadEvent(0, Button.SELECT, PadKind.RELEASE))
    assert table.state.dice[0].cell == beam and table.state.pending is not None
    frame = table.frame()
    menus = {m.seat: m for m in table.menus_in("en")}
    with speaking("en"):
        page = pages.seat(frame, None, menus.get(0), 0, "en", light=None, players=2)
    board, items = page["hexes"], page["menu"]["items"]
    # HX9: the empty beam hex is a tap on its menu item; the menu is asked as on the pad
    assert [[other_beam, next(i for i, x in enumerate(items)
                              if x["label"] == f"Hex {other_beam + 1}")]] == board["taps"]
    assert board["sel"] == beam and board["hint"] == "Tap a ringed hex, or choose below"
