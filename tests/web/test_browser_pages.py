"""The pages always say what happened, in Debian's chromium: a wrong room code (what was
typed stays), a seat another phone holds, a seat's link opened in a tab already on the
seat page, a tap while the reveal holds the menus (and the first tap after it acts),
four phones joining by their players' names while the screen and the table page follow.
"""

from __future__ import annotations

import random
from pathlib import Path

import pygame
from table.helpers import NAMES

from companion.display.render import render
from companion.games.mush import events as ev
from companion.games.mush.bots import SensibleBot
from companion.games.mush.model import Phase
from companion.games.mush.table.bots import BotDriver
from companion.pads.events import Button, Kind, PadEvent
from web.browser import Page, needs_browser, open_pages
from web.harness import Phone, WebTable, bot_press
from web.test_browser_game import settle as settle_page
from web.test_browser_game import target


def text_of(page: Page, selector: str) -> str:
    return str(page.js("var e = document.querySelector(arguments[0]);"
                       "return e ? e.textContent : '';", selector))


@needs_browser
def test_a_wrong_code_says_so_and_keeps_what_was_typed(tmp_path: Path) -> None:
    table = WebTable(tmp_path)
    page = Page(lang="fr")
    try:
        table.step()
        page.open(table.url + "/")
        page.wait(lambda: page.exists('#pick [data-seat="1"]'), what="the seats")
        page.js("document.getElementById('code').value = 'ZZZQ';")
        page.click('#pick [data-seat="1"]')
        page.wait(lambda: page.js("return document.getElementById('join-message')"
                                  ".dataset.why") == "wrong_code", what="the sentence")
        said = text_of(page, "#join-message")
        assert said.startswith("Code incorrect") and "quatre lettres" in said, said
        assert page.js("return document.getElementById('code').value") == "ZZZQ"
        assert table.web.room.holder(1) is None
        # corrected, it takes the seat
        page.js("document.getElementById('code').value = arguments[0];",
                table.web.room.code.lower())
        page.click('#pick [data-seat="1"]')
        page.wait(lambda: 1 in table.web.connected, what="the seat taken")
        assert page.js("return location.pathname") == "/seat"
    finally:
        page.close()
        table.close()


@needs_browser
def test_a_refused_seat_and_a_seat_link_opened_in_an_open_tab_say_what_to_do(
        tmp_path: Path) -> None:
    table = WebTable(tmp_path)
    owner = Phone(table, token=table.token(1))
    page = Page(lang="de")
    try:
        table.step()
        owner.wait(lambda: bool(owner.messages("welcome")))
        page.open(f"{table.url}/seat#t={table.token(1)}")  # seat 1's code, held
        page.wait(lambda: page.exists("#ended"), what="the refusal")
        said = text_of(page, "#ended")
        assert said.startswith("Ein anderes Handy hält diesen Platz"), said
        assert "held" not in said.split() and text_of(page, "#join-link") == "Mitspielen"
        # the same tab, a new seat's code scanned: only the fragment changes
        page.open(f"{table.url}/seat#t={table.token(2)}")
        page.wait(lambda: 2 in table.web.connected, what="seat 2 taken in the same tab")
        page.wait(lambda: page.exists("#menu .item") and not page.exists("#ended"),
                  what="seat 2's menu")
        # a link from no game at all, in a tab with nothing kept
        page.js("localStorage.clear();")
        page.open(f"{table.url}/seat")
        page.wait(lambda: page.exists("#ended"), what="the unknown link")
        assert text_of(page, "#ended").startswith("Dieser Link gehört nicht zu diesem Spiel")
    finally:
        owner.close()
        page.close()
        table.close()


@needs_browser
def test_four_phones_join_by_their_names_and_the_screen_and_table_page_follow(
        tmp_path: Path) -> None:
    table = WebTable(tmp_path, one_address=True)
    pages = open_pages(5)
    watcher = pages[4]
    try:
        table.step()
        watcher.open(table.url + "/")
        watcher.wait(lambda: watcher.exists('#pick [data-seat="3"]'), what="the seats")
        labels = watcher.js("return [...document.querySelectorAll('#pick .label')]"
                            ".map(e => e.textContent)")
        assert labels == list(NAMES[:4])  # the players being set up, by name
        for seat, page in enumerate(pages[:4]):
            page.open(f"{table.url}/#room={table.web.room.code}")
            page.wait(lambda p=page: p.exists('#pick [data-seat="0"]'), what="the seats")
            name = NAMES[seat]
            page.js("[...document.querySelectorAll('#pick button')]"
                    ".find(b => b.textContent.includes(arguments[0])).click();", name)
            page.wait(lambda s=seat: s in table.web.connected, what=f"{name}'s seat")
            table.step()
            # the table page follows without a reload: that seat is taken
            watcher.wait(lambda s=seat: watcher.js(
                "return document.querySelector('#pick [data-seat=\"' + arguments[0] + "
                "'\"]').disabled", s), what=f"{name}'s seat shown taken")
        # the setup screen names the four phones
        frame = table.web.publish(table.companion.controller.frame(), table.companion)
        assert frame.join is not None and frame.join.phones == tuple(NAMES[:4])
        texts = " ".join(render(frame, pygame.Surface((1280, 720))).texts())
        assert "No players seated yet" not in texts
        assert f"Phones here: {', '.join(NAMES[:4])}" in texts
    finally:
        for page in pages:
            page.close()
        table.close()


@needs_browser
def test_the_first_tap_during_the_reveal_acts(tmp_path: Path) -> None:
    # R3: the menus are there with the bids; the first tap on the page acts, with no
    # "not yet" and nothing to tap again
    table = WebTable(tmp_path, seed=4)
    page = Page()
    try:
        table.step()
        phones = {s: Phone(table, token=table.token(s)) for s in range(4)}
        table.step()
        driver = BotDriver(table.companion.controller, {s: SensibleBot() for s in range(4)},
                           random.Random(4))
        controller = table.companion.controller
        before = -1
        for _ in range(600):  # bots play on the phones until the bids are revealed
            if before < 0 and controller.state.phase is Phase.BIDDING:
                before = len(controller.history)
            if before >= 0 and any(isinstance(e, ev.BidsRevealed)
                                   for e in controller.history[before:]):
                break
            if not bot_press(table, phones, driver):
                table.clock.advance(0.6 if driver.paying else 30)
            table.step(0.3)
        else:
            raise AssertionError("no reveal")
        table.step()
        assert controller.frame().screen == "reveal"
        seat = next(m.seat for m in controller.frame().menus if m.seat >= 0)
        assert not any(m.waiting for m in controller.frame().menus)
        # that seat's player picks up the phone: the same device, now a browser's page
        device = phones[seat].device
        phones.pop(seat).close()
        page.open(table.url + "/")
        page.js("localStorage.setItem('mush.device', arguments[0]);", device)
        page.open(f"{table.url}/seat#t={table.token(seat)}")
        page.wait(lambda: seat in table.web.connected, what="the page in its seat")
        payload = settle_page(table, page, seat)
        assert payload["menu"] is not None and not payload["menu"]["waiting"]
        events = driver.presses()
        assert events and events[0].seat == seat, events
        state, history = controller.state, len(controller.history)
        page.click(target(payload, events[0].button.value,
                          any(e.kind is Kind.HOLD for e in events)))
        table.wait_events(len(events))
        table.step(0.3)
        assert not table.web.counts.get("refused_changed")
        assert controller.state != state or len(controller.history) > history, \
            "the first tap after the reveal did nothing"
        for phone in phones.values():
            phone.close()
    finally:
        page.close()
        table.close()


@needs_browser
def test_the_join_page_says_live_when_the_room_is_locked_and_opened(tmp_path: Path) -> None:
    table = WebTable(tmp_path)
    page = Page()
    try:
        table.step()
        page.open(table.url + "/")
        page.wait(lambda: page.exists('#pick [data-seat="0"]'), what="the seats")
        for _ in range(table.web.guesses.budget):  # a neighbour's guesses, elsewhere
            table.web._call(table.web.guesses.missed)
        table.sync()
        table.step()  # the main loop's next frame: the screen and the pages say so
        page.wait(lambda: page.js("return document.getElementById('join-message')"
                                  ".dataset.why") == "room_locked", what="the lock said")
        assert "press any pad button" in text_of(page, "#join-message")
        table.events.put(PadEvent(2, Button.SELECT, Kind.PRESS))  # someone at the table
        table.step()
        table.wait(lambda: not table.web.guesses.locked, "the room open")
        page.wait(lambda: page.js("return document.getElementById('join-message')"
                                  ".hidden"), what="the lock gone from the page")
    finally:
        page.close()
        table.close()
