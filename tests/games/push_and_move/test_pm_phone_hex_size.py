"""Push&Move's board is big enough for a finger, in Debian's headless Chromium against the
real table and server: on a phone held upright (390x844 CSS px) every hex of a seat's
board is at least 40 CSS px across (Apple asks 44 pt), the board scrolling sideways in
its own box (the page does not), brought round to the seat's own dice; what a finger at a
hex's centre hits is that hex, and a move is still two taps (the die, then the hex). On
a tablet, across and upright, the board fits its column with hexes as big; the table
page's board, only looked at, fits the phone. Screenshots go to the system's temporary
folder, to look at."""

from __future__ import annotations

import tempfile
from pathlib import Path
from typing import Any

import pytest
from web.browser import PHONE, TABLET, Page, needs_browser
from web.harness import WebTable
from web.test_pm_board_phones import cell, settle, tap

from companion.games.push_and_move import acts as a
from companion.games.push_and_move.game import GAME
from companion.games.push_and_move.moves import Push, push
from companion.games.push_and_move.rules import Act
from companion.games.push_and_move.table import PushTable
from companion.pads.events import Button, PadEvent
from companion.pads.events import Kind as PadKind

SHOTS = Path(tempfile.gettempdir())
LEAST = 40.0  # CSS px across a hex: a fingertip

MEASURE = """
var pan = document.querySelector('#board .hex-pan'), seen = pan.getBoundingClientRect();
var cells = Array.from(document.querySelectorAll('#board g.cell'));
var out = {widths: [], heights: [], hits: 0, misses: [], pan: [pan.scrollLeft, pan.scrollWidth,
           pan.clientWidth], page: document.documentElement.scrollWidth,
           inner: window.innerWidth, own: []};
cells.forEach(function (g) {
  var r = g.querySelector('polygon').getBoundingClientRect();
  out.widths.push(r.width); out.heights.push(r.height);
  var x = r.left + r.width / 2, y = r.top + r.height / 2;
  if (x < seen.left || x > seen.right || y < 0 || y > window.innerHeight) return;
  var hit = document.elementFromPoint(x, y), at = hit && hit.closest('[data-c]');
  if (at && at.getAttribute('data-c') === g.getAttribute('data-c')) out.hits++;
  else out.misses.push(g.getAttribute('data-c'));
});
document.querySelectorAll('#board g.die[data-die="' + arguments[0] + '"]').forEach(function (d) {
  var r = d.getBoundingClientRect();
  out.own.push(r.left >= seen.left - 1 && r.right <= seen.right + 1);
});
return out;
"""


def pad(table: WebTable, seat: int, button: Button) -> None:
    """A press on a seat's pad at the table, handled."""
    table.events.put(PadEvent(seat, button, PadKind.PRESS))
    table.events.put(PadEvent(seat, button, PadKind.RELEASE))
    table.step(0.3)


def measured(page: Page, seat: int) -> dict[str, Any]:
    found: dict[str, Any] = page.js(MEASURE, seat)
    return found


@needs_browser
@pytest.mark.slow
def test_a_hex_is_a_fingertip_across_on_a_phone_and_a_tablet(tmp_path: Path) -> None:
    table = WebTable(tmp_path, players=2, seed=3, game_name="push_and_move")
    page = Page(PHONE, "en")
    try:
        table.step()
        for _ in range(5):  # the pads: ◀ to "Start the game", then ●
            menu = table.companion.controller.frame().menus[0]
            if menu.items[menu.focus].label == "Start the game":
                break
            pad(table, 0, Button.LEFT)
        pad(table, 0, Button.SELECT)
        controller = table.companion.controller
        assert isinstance(controller, PushTable) and not controller.in_setup
        while GAME.act_of(controller.state) is Act.ORIENT:  # HS6: ● turns each tunnel
            pad(table, GAME.seats_to_act(controller.state)[0], Button.SELECT)
        assert GAME.seats_to_act(controller.state) == (0,)
        page.open(f"{table.url}/seat#t={table.token(0)}")
        page.wait(lambda: table.web.connected == {0}, what="the phone")
        table.step(0.3)
        payload = settle(table, page, 0)
        page.wait(lambda: page.exists("#board svg.tappable g.die"), what="the board")
        # a phone upright: every hex a fingertip across, the board wider than the phone
        # in its own box, the page no wider than the phone, the seat's dice in sight
        phone = measured(page, 0)
        assert min(phone["widths"]) >= LEAST and min(phone["heights"]) >= LEAST, phone
        assert phone["page"] <= phone["inner"] == PHONE[0]
        assert phone["pan"][1] > phone["pan"][2]  # it scrolls sideways
        assert phone["own"] and all(phone["own"]), phone
        # a finger at the centre of each hex in sight hits that hex, and only that one
        assert phone["hits"] >= 20 and phone["misses"] == [], phone
        page.js("window.scrollTo(0, 0);")
        page.screenshot(SHOTS / "push-and-move-phone-390.png")
        # a move: a tap on the die, then on the hex it goes to (HT2)
        state = controller.state
        die = state.on_board(0)[0]
        start = state.dice[die].cell
        way = next(d for d in range(6) if isinstance(push(state, die, d), Push))
        found = push(state, die, way)
        assert isinstance(found, Push) and start is not None
        if payload["hexes"].get("sel") != start:
            tap(table, page, cell(page, start))
        assert settle(table, page, 0)["hexes"]["sel"] == start
        chosen = measured(page, 0)  # the die chosen and its ways in sight
        assert chosen["misses"] == [] and chosen["hits"] >= 20
        page.screenshot(SHOTS / "push-and-move-phone-390-chosen.png")
        before = len(controller.history)
        tap(table, page, cell(page, found.target))
        moved = [e for e in controller.history[before:] if isinstance(e, a.Moved)]
        assert moved and (moved[0].die, moved[0].direction) == (die, way)
        # tablets: across (the board beside what the page says) and upright
        for size in (TABLET, (768, 1024)):
            page.resize(size)
            settle(table, page, 0)
            tablet = measured(page, 0)
            assert min(tablet["widths"]) >= LEAST, (size, min(tablet["widths"]))
            assert tablet["page"] <= tablet["inner"] and tablet["misses"] == [], size
            page.js("window.scrollTo(0, 0);")
            page.screenshot(SHOTS / f"push-and-move-tablet-{size[0]}.png")
        # the table page, only looked at: the whole board fits the phone
        page.resize(PHONE)
        page.open(table.url)
        page.wait(lambda: page.exists("#board svg.hexes g.die"), what="the table's board")
        assert not page.exists("#board svg.tappable")
        fits = page.js("var p = document.querySelector('#board .hex-pan');"
                       "return [p.scrollWidth, p.clientWidth,"
                       " document.documentElement.scrollWidth];")
        assert fits[0] <= fits[1] and fits[2] <= PHONE[0], fits
        page.screenshot(SHOTS / "push-and-move-table-page-390.png")
    finally:
        page.close()
        table.close()
