"""Two things a phone table runs into: the bids wait for a seat whose phone has gone (the
screen and every page name that seat and say what unblocks the table, its pad still
bids, and no bid is told), and a payment's confirmation on a phone (one way out, never
two ● buttons; a reroll window's bar that has run out is gone, not left at "0 s")."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from companion.display.render import render
from companion.games.mush import events as ev
from companion.games.mush.bots import SensibleBot
from companion.games.mush.model import Phase
from companion.games.mush.table.bots import BotDriver
from companion.games.mush.table.frame import TableFrame
from companion.games.mush.table.menus import moving_tree
from companion.pads.config import default_keys
from companion.pads.events import Button, Kind, PadEvent
from companion.pads.keyboard import KeyboardPads
from companion.table.tree import Tree
from companion.web.pads import PhonePads
from companion.web.server import BID_AWAY_SECONDS
from web.browser import Page, needs_browser
from web.harness import Phone, WebTable, settle
from web.test_browser_game import settle as settle_page


@pytest.fixture
def table(tmp_path: Path) -> Iterator[WebTable]:
    web = WebTable(tmp_path, seed=4)
    yield web
    web.close()


def shown(table: WebTable) -> TableFrame:
    """The frame the screen draws now (the phones' server has added its words)."""
    frames: list[TableFrame] = []
    table.companion.hooks.on_frame = lambda frame, redrawn: frames.append(frame)
    table.step()
    table.companion.hooks.on_frame = None
    return frames[-1]


def to_the_bidding(table: WebTable) -> BotDriver:
    """Bots through setup and the training draw, up to the first bidding."""
    controller = table.companion.controller
    driver = BotDriver(controller, {s: SensibleBot() for s in range(4)}, random.Random(4))
    for _ in range(2000):
        table.step()
        if controller.state.phase is Phase.BIDDING and not any(
                m.waiting for m in controller.frame().menus):
            return driver
        events = driver.presses()
        for event in events:
            table.events.put(event)
        table.clock.advance(0.3 if events else 3.0)
    raise AssertionError("no bidding")


def lock(table: WebTable, seat: int) -> None:
    """Seat `seat`'s pad locks its bid as it stands (●)."""
    table.clock.advance(0.5)
    for kind in (Kind.PRESS, Kind.RELEASE):
        table.events.put(PadEvent(seat, Button.SELECT, kind))
    table.step()


@pytest.mark.parametrize("pads", ["none", "keyboard"])
def test_the_bids_name_a_seat_whose_phone_has_gone_and_its_pad_still_bids(
        table: WebTable, pads: str) -> None:
    table.step()
    phones = {s: Phone(table, token=table.token(s)) for s in range(4)}
    watcher = Phone(table, watch=True)
    table.wait(lambda: table.web.connected == {0, 1, 2, 3}, "four phones")
    if pads == "keyboard":  # a table with pads: the seat's pad is the way on
        table.companion.pads = KeyboardPads(table.events, default_keys()[:4])
    else:  # phones only ([pads] source = "web")
        table.companion.pads = PhonePads()
    to_the_bidding(table)
    for seat in (0, 1, 2):
        lock(table, seat)
    phones.pop(3).close()  # Manfred's phone: flat battery
    table.wait(lambda: 3 not in table.web.connected, "the phone gone")
    table.clock.advance(BID_AWAY_SECONDS - 1)
    assert not any("phone is away" in n.text for n in shown(table).notices)  # a blink
    table.clock.advance(1.5)
    frame = shown(table)
    said = ("Manfred's phone is away: bid on Manfred's pad, or reopen the page on the phone"
            if pads == "keyboard" else
            "Manfred's phone is away: the bids wait; reopen the page on that phone")
    assert [n.text for n in frame.notices if "away" in n.text] == [said]
    assert said in " ".join(render(frame, pygame.Surface((1280, 720))).texts())
    # every page says so too, and no bid with it: only who has not locked in
    table.sync()
    watcher.wait(lambda: said in watcher.last("table")["notices"])
    settle(table, phones[0], 0)
    assert said in phones[0].last()["notices"]
    assert not any(ch.isdigit() for ch in said)
    # the seat's pad (or its phone back) bids: the table goes on, and the words go
    history = len(table.companion.controller.history)
    lock(table, 3)
    table.step()
    assert any(isinstance(e, ev.BidsRevealed)
               for e in table.companion.controller.history[history:])
    assert not any("away" in n.text for n in shown(table).notices)
    for phone in (*phones.values(), watcher):
        phone.close()


def test_a_phone_back_in_time_is_never_named(table: WebTable) -> None:
    table.step()
    phones = {s: Phone(table, token=table.token(s)) for s in range(4)}
    table.wait(lambda: table.web.connected == {0, 1, 2, 3}, "four phones")
    to_the_bidding(table)
    device = phones[3].device
    phones.pop(3).close()
    table.wait(lambda: 3 not in table.web.connected, "the phone gone")
    table.clock.advance(2.0)
    phones[3] = Phone(table, token=table.token(3), device=device)  # the page reopened
    table.wait(lambda: 3 in table.web.connected, "the phone back")
    table.clock.advance(BID_AWAY_SECONDS * 2)
    assert not any("away" in n.text for n in shown(table).notices)
    for phone in phones.values():
        phone.close()


def passing_offered(tree: Tree) -> bool:
    """Whether a moving menu offers to pay for passing opponents."""
    for node in tree.items:
        if node.key == "passing" and node.enabled:
            return True
        if node.children is not None and passing_offered(node.children):
            return True
    return False


def glyphs(page: Page) -> list[str]:
    return list(page.js("return [...document.querySelectorAll('button:not([hidden]) .glyph')]"
                        ".filter(g => g.offsetParent).map(g => g.textContent)"))


@pytest.mark.slow
@needs_browser
def test_the_pass_opponents_confirmation_has_one_way_out_and_no_stale_countdown(
        table: WebTable) -> None:
    table.step()
    seat = 2  # Regina, whom the seeded game gives the chance to pass opponents
    page = Page()
    try:
        page.open(f"{table.url}/seat#t={table.token(seat)}")
        page.wait(lambda: seat in table.web.connected, what="the page in its seat")
        controller = table.companion.controller
        driver = BotDriver(controller, {s: SensibleBot() for s in range(4)},
                           random.Random(4))
        ran_out = False
        for _ in range(3000):
            table.step()
            frame = controller.frame()
            countdown = frame.countdown
            if not ran_out and countdown is not None and not countdown.held:
                # the bar runs down on the page by the phone's own clock: at 0 it is gone
                # even while the table has not closed its window yet
                settle_page(table, page, seat)
                page.wait(lambda: not page.js("return document.getElementById('countdown')"
                                              ".hidden"), what="the bar")
                page.wait(lambda: page.js("return document.getElementById('countdown')"
                                          ".hidden"), timeout=countdown.remaining + 3,
                          what="the bar gone at 0")
                ran_out = True
            view = frame.view
            menu = next((m for m in frame.menus if m.seat == seat), None)
            if view.act.value == "move" and view.active == seat and menu is not None \
                    and not menu.waiting and menu.depth == 0 and \
                    passing_offered(moving_tree(controller.state, seat)):
                break
            events = driver.presses()
            for event in events:
                table.events.put(event)
            table.clock.advance(0.3 if events else 30.0)
        else:
            raise AssertionError("never offered to pass opponents")
        assert ran_out, "no reaction window's bar on the way"
        table.clock.advance(0.5)
        table.step()
        settle_page(table, page, seat)
        page.click('#menu [data-button="left"]')  # Avalanche roll · Passing ›
        table.wait_events(2)
        table.step(0.5)
        payload = settle_page(table, page, seat)
        assert payload["menu"]["depth"] == 1
        assert page.exists("#menu .back") and "●" not in page.js(
            "return document.querySelector('#menu .back').textContent")  # a held ●: words
        page.click('#menu [data-button="select"]')  # Pass opponents ›
        table.wait_events(2)
        table.step(0.5)
        payload = settle_page(table, page, seat)
        menu = payload["menu"]
        assert menu["confirm"] and menu["title"].startswith("Pass opponents: pay")
        labels = page.js("return [...document.querySelectorAll('#menu button')]"
                         ".map(b => b.textContent)")
        assert labels == ["●No", f"◀{menu['items'][1]['label']}"], labels
        assert glyphs(page).count("●") == 1 and not page.exists("#menu .back")
        assert page.js("return document.getElementById('countdown').hidden")
        # "No" is the way out: the confirmation left, nothing paid
        chips = controller.state.players[seat].chips
        page.click('#menu [data-button="select"]')
        table.wait_events(2)
        table.step(0.5)
        after = settle_page(table, page, seat)["menu"]
        assert not after["confirm"] and after["depth"] < menu["depth"]
        assert controller.state.players[seat].chips == chips
    finally:
        page.close()
