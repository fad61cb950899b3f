"""Push&Move on two phones (one in English, one in German) in Debian's headless Chromium,
against the real table and server on a fake clock: each move is two taps on the board (the
die, then the hex it goes to), a tap the rules refuse shows the rule's reason on that
phone at once, the other phone and the table page (in French) see the same board without
taps. A few moves, not a whole game.
Screenshots are kept in test-artifacts/web/ to look at."""

from __future__ import annotations

import json
import random
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest

from companion.games.push_and_move import acts as a
from companion.games.push_and_move.bots import SensibleBot
from companion.games.push_and_move.game import GAME
from companion.games.push_and_move.model import BOARD
from companion.games.push_and_move.moves import Push, push
from companion.games.push_and_move.rules import Act
from companion.games.push_and_move.table import PushTable
from web.browser import PHONE, TABLET, Page, needs_browser
from web.harness import WebTable

ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts" / "web"
MOVES = 7


def settle(table: WebTable, page: Page, seat: int) -> dict[str, Any]:
    """Wait until the seat's page shows what the server has for it now; its text."""
    table.sync()
    client = next(x for x in table.web.clients if x.seat == seat)
    shown = page.wait_text(lambda: None if (text := table.web._text_for(client)) is None
                           else text.decode(),
                           what=f"seat {seat}'s page to show the table's newest text")
    text: dict[str, Any] = json.loads(shown)
    return text


def tap(table: WebTable, page: Page, selector: str) -> None:
    """A real click on the page, its presses handled by the table, the guard passed."""
    pressed = table.web.counts.get("presses", 0)
    page.click(selector)
    table.wait(lambda: table.web.counts.get("presses", 0) > pressed, "the tap taken")
    table.sync()
    table.step(0.3)


def item(payload: dict[str, Any], label: str) -> str:
    """The selector of the menu item whose label starts with `label`."""
    items = payload["menu"]["items"]
    index = next(i for i, x in enumerate(items) if x["label"].startswith(label))
    return f'#menu [data-item="{index}"]'


def cell(page: Page, n: int) -> str:
    """The selector of what a finger on hex `n` of the board hits: the die drawn on it,
    else the hex."""
    die = f'#board g.die[data-c="{n}"]'
    return die if page.exists(die) else f'#board g.cell[data-c="{n}"]'


def note(page: Page) -> str:
    """The line under the board, when shown."""
    return str(page.js("var n = document.getElementById('board-note');"
                       "return n.hidden ? '' : n.textContent;"))


@needs_browser
@pytest.mark.slow
def test_ht2_ht4_two_phones_move_dice_with_two_taps_and_see_refusals(tmp_path: Path) -> None:
    table = WebTable(tmp_path, players=2, seed=3, game_name="push_and_move",
                     one_address=True)
    with ThreadPoolExecutor(3) as pool:  # a phone in English, one in German; the table
        pages = list(pool.map(lambda lang: Page(PHONE, lang), ("en", "de", "fr")))
    phones, watcher = pages[:2], pages[2]
    try:
        table.step()
        for seat, page in enumerate(phones):
            page.open(f"{table.url}/seat#t={table.token(seat)}")
        watcher.open(table.url)
        phones[0].wait(lambda: table.web.connected == {0, 1}, what="two phones")
        table.step(0.3)
        tap(table, phones[0], item(settle(table, phones[0], 0), "Start"))
        controller = table.companion.controller
        assert isinstance(controller, PushTable) and not controller.in_setup
        while GAME.act_of(controller.state) is Act.ORIENT:  # HS6: ● turns a tunnel
            seat = GAME.seats_to_act(controller.state)[0]
            payload = settle(table, phones[seat], seat)
            tap(table, phones[seat], '#menu [data-button="select"]')
            assert payload["hexes"]["k"]  # the board is on the page before the first move
        bot, rng = SensibleBot(), random.Random(3)
        moves = refusals = 0
        while moves < MOVES and GAME.act_of(controller.state) is not Act.NONE:
            state = controller.state
            seat = GAME.seats_to_act(state)[0]
            page = phones[seat]
            payload = settle(table, page, seat)
            if GAME.act_of(state) is not Act.MOVE:  # an optional effect: asked, "no" taken
                label = next(x["label"] for x in payload["menu"]["items"]
                             if x["label"] in ("No", "Stop here"))
                tap(table, page, item(payload, label))
                continue
            command = bot(state, seat, rng)
            assert isinstance(command, a.Move)
            start = state.dice[command.die].cell
            assert start is not None
            found = push(state, command.die, command.direction)
            assert isinstance(found, Push)
            board = payload["hexes"]
            if refusals == 0:  # a tap on the other player's die: the way in, said at once
                theirs = next(d[0] for d in board["dice"] if d[1] != seat)
                page.click(cell(page, theirs))
                page.wait(lambda p=page: bool(note(p)), what="the refusal shown")
                assert note(page) == board["hint"] and board["hint"]
            first = next((c for c, _ in board["taps"] if c != start), None)
            if moves == 0 and first is not None and board.get("sel") is None:
                # another die first; then a tap on this one lets go of it and chooses this
                tap(table, page, cell(page, first))
                assert settle(table, page, seat)["hexes"]["sel"] == first
                pressed = table.web.counts.get("presses", 0)
                tap(table, page, cell(page, start))  # ● held: back out of the other die
                assert controller.frame().menus[0].depth == 0
                # the page then taps this die on the menu it is shown, on its own
                table.wait(lambda p=pressed: table.web.counts.get("presses", 0) >= p + 2,
                           "the die taken")
                table.sync()
                table.step(0.3)
                board = settle(table, page, seat)["hexes"]
            elif board.get("sel") != start:  # the die: one tap
                tap(table, page, cell(page, start))
                board = settle(table, page, seat)["hexes"]
            assert board["sel"] == start and any(c == found.target for c, _ in board["taps"])
            refused = board["no"]
            if refused and refusals < 2:  # a hex the rules forbid: its reason, no press
                pressed = table.web.counts.get("presses", 0)
                where, why = refused[0]
                page.click(cell(page, where))
                page.wait(lambda p=page, w=why: note(p) == w, what="the rule's reason shown")
                assert "(H" in note(page) and table.web.counts.get("presses", 0) == pressed
                refusals += 1
            if moves in (1, MOVES - 1):  # the die chosen, its ways ringed (each phone)
                page.js("window.scrollTo(0, 0);")
                page.screenshot(ARTIFACTS / f"push-and-move-phone-{seat}.png")
            before = len(controller.history)
            tap(table, page, cell(page, found.target))  # the hex: the second tap moves it
            moved = [e for e in controller.history[before:] if isinstance(e, a.Moved)]
            assert moved and (moved[0].die, moved[0].direction) == (command.die,
                                                                    command.direction)
            assert controller.state.dice[command.die].cell in (found.target, None) or \
                GAME.act_of(controller.state) is Act.EFFECT
            # both phones see the same board; only the seat to act has taps on it
            seen = [settle(table, p, s)["hexes"] for s, p in enumerate(phones)]
            assert seen[0]["dice"] == seen[1]["dice"]
            waiting = [s for s in (0, 1) if s not in GAME.seats_to_act(controller.state)]
            assert waiting and all("taps" not in seen[s] for s in waiting)
            moves += 1
        assert moves == MOVES and refusals >= 1
        assert table.web.counts["presses"] >= 2 * MOVES
        # the table page draws the board too, read-only
        watcher.wait(lambda: watcher.exists("#board svg.hexes g.die"), what="the table's board")
        assert not watcher.exists("#board svg.tappable")
        assert len(watcher.js("return document.querySelectorAll('#board g.cell');")) == \
            len(BOARD)
        watcher.screenshot(ARTIFACTS / "push-and-move-table-page.png")
        phones[0].resize(TABLET)  # a tablet: the board beside what the page says
        settle(table, phones[0], 0)
        phones[0].js("window.scrollTo(0, 0);")
        phones[0].screenshot(ARTIFACTS / "push-and-move-tablet.png")
    finally:
        for page in pages:
            page.close()
        table.close()
