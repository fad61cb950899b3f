"""Mush-Ring on phones in Debian's headless Chromium, against the real table and server on
a fake clock: four phones play a whole dealt game, each card played with a tap on the
card and a tap on where it goes (U2), each page holding its own hand and no other (U1).
Screenshots are kept in test-artifacts/web/ to look at."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from web.browser import Page, needs_browser, open_pages
from web.harness import WebTable

from companion.games.mush_ring import GAME
from companion.games.mush_ring import acts as c
from companion.games.mush_ring.bots import player
from companion.games.mush_ring.box import card_words
from companion.i18n import speaking
from companion.table.simple import SimpleTable

from .phones import tap_for

ARTIFACTS = Path(__file__).resolve().parents[3] / "test-artifacts" / "web"


def settle(table: WebTable, page: Page, seat: int) -> dict:
    """Wait until the seat's page shows what the server has for it now; its text."""
    table.sync()
    client = next(x for x in table.web.clients if x.seat == seat)
    page.wait(lambda: table.web._text_for(client) is not None
              and page.last_text() == (table.web._text_for(client) or b"").decode(),
              what=f"seat {seat}'s page to show the table's newest text")
    return json.loads(page.last_text() or "{}")


def send(table: WebTable, page: Page, seat: int, command: c.Command) -> int:
    """Tap on `seat`'s page until the table has taken `command`; the taps it took."""
    controller = table.companion.controller
    assert isinstance(controller, SimpleTable)
    before, taps = len(controller.history), 0
    while len(controller.history) == before and controller.in_setup == \
            isinstance(command, c.Start):
        payload = settle(table, page, seat)
        pressed = table.web.counts.get("presses", 0)
        page.click(tap_for(controller, seat, command, payload["menu"]))
        table.wait(lambda p=pressed: table.web.counts.get("presses", 0) > p, "the tap taken")
        table.sync()  # its presses are on the loop's queue
        table.step(0.3)  # handled; the guard after the new menu passes
        taps += 1
        assert taps < 8, (command, payload["menu"])
        if isinstance(command, c.Start):
            controller = table.companion.controller  # the game's table after setup
            assert isinstance(controller, SimpleTable)
    return taps


def private(page: Page) -> list[str]:
    """The lines of the page's own hand, as drawn."""
    return list(page.js("return [...document.querySelectorAll('#private li')]"
                        ".map(e => e.textContent);"))


@needs_browser
@pytest.mark.slow
def test_u1_u2_four_phones_play_a_whole_dealt_game_in_chromium(tmp_path: Path) -> None:
    table = WebTable(tmp_path, seed=5, game_name="mush_ring", one_address=True)
    pages = open_pages(4)
    try:
        table.step()
        for seat, page in enumerate(pages):
            page.open(f"{table.url}/seat#t={table.token(seat)}")
        pages[0].wait(lambda: table.web.connected == {0, 1, 2, 3}, what="four phones")
        table.step(0.3)
        setup = table.companion.controller
        assert isinstance(setup, SimpleTable) and setup.in_setup
        started = send(table, pages[0], 0, setup.start_command())  # seat A taps "Start"
        controller = table.companion.controller
        assert isinstance(controller, SimpleTable) and not controller.in_setup
        rng = random.Random(5)
        taps, commands, two_taps, shot = started, 0, 0, False
        while not controller.state.over:
            state = controller.state
            seat, command = next((s, x) for s in GAME.seats_to_act(state)
                                 if (x := player(state, s, rng)) is not None)
            if commands % 10 == 0:  # U1: each page holds its own hand, and only that
                table.step()
                with speaking("en"):
                    for s, page in enumerate(pages):
                        settle(table, page, s)
                        hand = sorted(card_words(x) for x in state.piles.hand(s))
                        assert sorted(private(page)) == (hand if hand else
                                                         ["Your hand is empty"]), s
            used = send(table, pages[seat], seat, command)
            if isinstance(command, c.PlayShroom | c.PlayKapp):
                assert used <= 2 or controller.state.turn is None, (command, used)  # U2
                two_taps += used == 2
            if not shot and isinstance(command, c.PlayKapp):
                pages[seat].screenshot(ARTIFACTS / "mush-ring-phone-kapp.png")
                shot = True
            taps, commands = taps + used, commands + 1
            assert commands < 1500
        state = controller.state
        assert state.over and state.winners
        assert table.web.counts["presses"] == taps  # every press came from a page
        won = [e for e in table.companion.journal.load(table.companion.game_id)
               if isinstance(e, c.GameWon)]
        assert won and won[-1].winners == state.winners
        table.step()
        for seat, page in enumerate(pages):
            assert settle(table, page, seat)["over"] is True
        pages[state.winners[0]].screenshot(ARTIFACTS / "mush-ring-phone-over.png")
        assert two_taps > 10
        print(f"\nMush-Ring in Chromium: {commands} commands, {taps} taps from four pages, "
              f"winners {state.winners}")
    finally:
        for page in pages:
            page.close()
        table.close()
