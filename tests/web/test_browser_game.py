"""Four phones, each a headless Chromium of its own, play a whole game to Nome against
the real companion: the bots choose which button to press (the same `BotDriver` the demo
uses) and the browser clicks it on the seat's own page, so every press of the game goes
page -> WebSocket -> server -> the main loop's queue -> controller -> journal, and every
menu a bot acts on is the one its page shows. Screenshots of a phone at 390x844 and of a
tablet at 1024x768 are kept in test-artifacts/web/ to look at.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from table.helpers import NAMES

from companion.games.mush import events as ev
from companion.games.mush.bots import SensibleBot
from companion.games.mush.model import Arrangement, Phase
from companion.games.mush.settings import Settings, Variants
from companion.games.mush.table.bots import BotDriver
from companion.pads.events import Kind
from web.browser import PHONE, TABLET, Page, needs_browser, open_pages
from web.harness import WebTable

ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts" / "web"


def settle(table: WebTable, page: Page, seat: int) -> dict:
    """Wait until the seat's page shows what the server has for it now; its text."""
    table.sync()
    client = next(c for c in table.web.clients if c.seat == seat)
    shown = page.wait_text(lambda: None if (text := table.web._text_for(client)) is None
                           else text.decode(),
                           what=f"seat {seat}'s page to show the table's newest text")
    return json.loads(shown)


def target(payload: dict, button: str, held: bool) -> str:
    """The element of the page a player would press for `button` (held or not)."""
    menu = payload.get("menu") or {}
    style = menu.get("style")
    if held:
        return f'[data-press="{button}"][data-hold="1"]'
    if style == "bid":
        return f'#menu [data-press="{button}"]'
    if style == "list":
        return "#menu .item.focus" if button == "select" else f'#pad [data-press="{button}"]'
    if any(item["button"] for item in menu.get("items", ())):
        return f'#menu [data-button="{button}"]'
    return '#menu [data-item="0"]'


@needs_browser
@pytest.mark.slow
def test_four_phones_play_a_whole_game_to_nome(tmp_path: Path) -> None:
    # Short game B (S9): the whole race to Nome, the Central Zone bypassed, in fewer rounds
    settings = Settings.make(NAMES[:4], Arrangement.INTRO, variants=Variants(skip_central=True))
    # four browsers on one machine share 127.0.0.1; at a table each phone has its own
    table = WebTable(tmp_path, seed=5, settings=settings, one_address=True)
    pages = open_pages(4)
    try:
        table.step()
        # seat A reads the room code off the screen and picks its seat
        pages[0].open(f"{table.url}/#room={table.web.room.code}")
        pages[0].wait(lambda: pages[0].exists('[data-seat="0"]'), what="the seat picker")
        pages[0].click('[data-seat="0"]')
        # seats B to D scan their seats' own QR codes
        for seat in (1, 2, 3):
            pages[seat].open(f"{table.url}/seat#t={table.token(seat)}")
        pages[0].wait(lambda: table.web.connected == {0, 1, 2, 3}, what="four phones")
        assert not any(p.js("return location.hash;") for p in pages)  # the token left the bar

        driver = BotDriver(table.companion.controller,
                           {s: SensibleBot() for s in range(4)}, random.Random(5))
        presses, shot, waited = 0, False, False
        for _ in range(4000):
            table.step()
            if table.companion.controller.state.phase is Phase.GAME_OVER:
                break
            events = driver.presses()
            if not events:
                # every bot waits: first for its menu to settle (a press within the guard
                # time of a change is dropped), then for a window's countdown to run out;
                # a long wait at once would let an open sub-menu that pays close as idle
                table.clock.advance(30 if waited and not driver.paying else 0.3)
                waited = True
                continue
            waited = False
            seat, button = events[0].seat, events[0].button.value
            held = any(e.kind is Kind.HOLD for e in events)
            payload = settle(table, pages[seat], seat)
            if not shot and payload.get("menu", {}) and payload["menu"]["style"] == "keys":
                shoot(pages[seat], "phone-keys")
                shot = True
            selector = target(payload, button, held)
            pages[seat].click(selector)
            try:
                table.wait_events(len(events))
            except AssertionError as exc:
                raise AssertionError(f"{selector} on seat {seat}'s page ({events}) sent no "
                                     f"press: {table.web.counts}; menu {payload.get('menu')}, "
                                     f"undo {payload.get('undo')}") from exc
            presses += 1
            table.clock.advance(0.3)
        state = table.companion.controller.state
        assert state.phase is Phase.GAME_OVER and state.winner is not None
        assert table.web.counts["presses"] == presses  # every press came from a page
        won = [e for e in table.journal.load(table.companion.game_id)
               if isinstance(e, ev.GameWon)]
        assert [e.seat for e in won] == [state.winner]
        # the phones show the end, and the table page its results and downloads
        table.step()
        for seat in range(4):
            final = settle(table, pages[seat], seat)
            assert final["over"] is True
        shoot(pages[state.winner], "phone-game-over")
        viewer = pages[(state.winner + 1) % 4]
        viewer.open(table.url)
        viewer.wait(lambda: viewer.exists("#luck"), what="the results")
        viewer.wait(lambda: viewer.js("return document.getElementById('luck').naturalWidth")
                    > 0, what="the dice-luck chart")
        assert viewer.exists("#export-events") and viewer.exists("#export-chips")
        chips = viewer.js("return fetch(document.getElementById('export-chips')"
                          ".getAttribute('href')).then(r => r.text())")
        assert chips.startswith("game,round,")  # the ledger, as `export` writes it
        viewer.resize(TABLET)
        shoot(viewer, "table-game-over-1024")
        print(f"\nbrowser game: {presses} presses from four pages, "
              f"{state.round} rounds, winner seat {state.winner}")
    finally:
        for page in pages:
            page.close()
        table.close()


def shoot(page: Page, name: str) -> None:
    """A screenshot at the page's size, and at the other of 390x844 and 1024x768."""
    page.screenshot(ARTIFACTS / f"{name}.png")
    for size in (PHONE, TABLET):
        page.resize(size)
        page.screenshot(ARTIFACTS / f"{name}-{size[0]}x{size[1]}.png")
    page.resize(PHONE)
