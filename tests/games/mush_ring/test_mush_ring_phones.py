"""Mush-Ring on phones in Debian's headless Chromium, against the real table and server on
a fake clock: four phones play a whole dealt game, each card played with a tap on the
card and a tap on where it goes (U2), each page holding its own hand and no other (U1).
Screenshots are kept in test-artifacts/web/ to look at."""

from __future__ import annotations

import json
import random
from collections import Counter
from pathlib import Path

import pygame
import pytest
from web.browser import TABLET, Page, needs_browser, open_pages
from web.harness import Phone, WebTable
from web.harness import settle as settle_phone

from companion.app.cli import main
from companion.core.dice import SeededDice
from companion.display.render import render
from companion.games.mush_ring import GAME, State
from companion.games.mush_ring import acts as c
from companion.games.mush_ring.bots import player
from companion.games.mush_ring.box import card_words
from companion.games.mush_ring.cards import DEFAULT_DECK, Card, Kind
from companion.i18n import speaking
from companion.table.simple import SimpleTable

from .phones import Following, Recording, tap_for, touches

ARTIFACTS = Path(__file__).resolve().parents[3] / "test-artifacts" / "web"


def settle(table: WebTable, page: Page, seat: int) -> dict:
    """Wait until the seat's page shows what the server has for it now; its text."""
    table.sync()
    client = next(x for x in table.web.clients if x.seat == seat)
    shown = page.wait_text(lambda: None if (text := table.web._text_for(client)) is None
                           else text.decode(),
                           what=f"seat {seat}'s page to show the table's newest text")
    return json.loads(shown)


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
        winner = state.players[state.winners[0]].name
        for seat, page in enumerate(pages):  # every phone says who won
            final = settle(table, page, seat)
            assert final["over"] is True and f"{winner} wins!" in final["header"]
        pages[state.winners[0]].screenshot(ARTIFACTS / "mush-ring-phone-over.png")
        assert two_taps > 10
        print(f"\nMush-Ring in Chromium: {commands} commands, {taps} taps from four pages, "
              f"winners {state.winners}")
    finally:
        for page in pages:
            page.close()
        table.close()


def _tap(table: WebTable, phone: Phone, seat: int, command: c.Command) -> None:
    """One tap (or a held ●) on a WebSocket phone, as its page would send it; the table
    then takes its presses and the guard passes."""
    controller = table.companion.controller
    assert isinstance(controller, SimpleTable)
    payload = settle_phone(table, phone, seat)
    pressed = table.web.counts.get("presses", 0)
    selector = tap_for(controller, seat, command, payload["menu"])
    if "data-item" in selector:
        phone.tap(int(selector.split('"')[1]))
    else:
        phone.press("select", hold=True)
    table.wait(lambda: table.web.counts.get("presses", 0) > pressed, "the tap taken")
    table.sync()


def _click(table: WebTable, page: Page, seat: int, command: c.Command) -> None:
    """One tap on a Chromium seat page."""
    controller = table.companion.controller
    assert isinstance(controller, SimpleTable)
    payload = settle(table, page, seat)
    pressed = table.web.counts.get("presses", 0)
    page.click(tap_for(controller, seat, command, payload["menu"]))
    table.wait(lambda: table.web.counts.get("presses", 0) > pressed, "the tap taken")
    table.sync()


def _state_json(table: WebTable, capsys: pytest.CaptureFixture[str]) -> str:
    """`mush-companion state --json` for the table's journal, without its wall-clock
    "created" (the one thing two journals made a second apart may differ in)."""
    capsys.readouterr()
    assert main(["state", "--json", "--journal", str(table.folder / "journal.sqlite3"),
                 "--game", "mush_ring"]) == 0
    view = json.loads(capsys.readouterr().out)
    view.pop("created")
    return json.dumps(view, sort_keys=True)


def _screen(table: WebTable) -> bytes:
    surface = pygame.Surface((1280, 720))
    render(table.companion.controller.frame(), surface, language="en")
    return pygame.image.tobytes(surface, "RGB")


def _differing(a: State, b: State) -> set[Card]:
    """The cards the two games hold in different places (hands or the draw pile)."""
    out: set[Card] = set()
    for one, other in [(a.piles.hands[s], b.piles.hands[s]) for s in range(len(a.players))
                       ] + [(a.piles.draw, b.piles.draw)]:
        out |= set((Counter(one) - Counter(other)) + (Counter(other) - Counter(one)))
    return out


def frames(phone: Phone) -> list[str]:
    """Every frame the phone received, its connection's own nonce (random for each
    connection, which a press sends back) written as "nonce" in the welcome."""
    return [text.replace(f'"c":"{phone.nonce}"', '"c":"nonce"') for text in phone.received]


@needs_browser
@pytest.mark.slow
def test_u1_two_games_one_hand_apart_send_the_same_bytes_until_its_card_is_played(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    seed = 11
    first = Recording(SeededDice(seed))
    one = WebTable(tmp_path / "a", seed=seed, game_name="mush_ring", one_address=True,
                   dice=first)

    def drawn() -> list[Card]:
        app = one.companion
        assert app.game_id is not None
        return [e.card for e in app.journal.load(app.game_id) if isinstance(e, c.Drew)]

    def other(card: Card) -> Card:  # the first card dealt, another colour here
        return next(x for x in DEFAULT_DECK.cards() if x.kind is Kind.COLOUR
                    and x.colour != card.colour)

    second = Following(first, drawn, other)
    two = WebTable(tmp_path / "b", seed=seed, game_name="mush_ring", one_address=True,
                   dice=second)
    tables = (one, two)
    viewer = 1  # whose phone is a Chromium page at both tables (the dealer's is not)
    pages = {t: open_pages(2) for t in range(2)}
    phones: dict[int, dict[int, Phone]] = {}
    try:
        for t, table in enumerate(tables):
            # the one thing random at both servers: their run's mark for the table pages'
            # sounds (a page reconnecting to a restarted server hears what it missed)
            table.web.sounds.epoch = "0" * 8
            table.step()
            seat_page, table_page = pages[t]
            table_page.open(table.url + "/")
            phones[t] = {s: Phone(table, token=table.token(s), device=f"phone-{s}-" + "x" * 24)
                         for s in range(4) if s != viewer}
            phones[t][-1] = Phone(table, watch=True)  # the table page's socket
            seat_page.open(f"{table.url}/seat#t={table.token(viewer)}")
            table.wait(lambda tb=table: tb.web.connected == {0, 1, 2, 3}, "four phones")
            table.step(0.3)

        def act(seat: int, command: c.Command, commands: tuple[c.Command, c.Command]) -> None:
            """Both tables send the command, tap by tap, from the same seat's phone."""
            for t, table in enumerate(tables):
                controller = table.companion.controller
                before = len(controller.history) if not controller.in_setup else -1
                for _ in range(8):
                    controller = table.companion.controller
                    if not controller.in_setup and len(controller.history) != before:
                        break
                    if seat == viewer:
                        _click(table, pages[t][0], seat, commands[t])
                    else:
                        _tap(table, phones[t][seat], seat, commands[t])
                    if t == 1:
                        piles = controller.state.piles.draw if not controller.in_setup \
                            else DEFAULT_DECK.cards()
                        second.fresh(piles)
                    table.step(0.3)
                else:
                    raise AssertionError(f"{commands[t]} not taken")

        def same(alone: set[int]) -> None:
            """Every page, WebSocket frame, screen and `state --json` but the seats'
            in `alone` byte for byte the same at both tables."""
            for table in tables:
                table.step()
            texts = [settle(tb, pages[t][0], viewer) for t, tb in enumerate(tables)]
            html = [pages[t][0].js("return document.body.innerHTML;") for t in range(2)]
            if viewer not in alone:
                assert texts[0] == texts[1] and html[0] == html[1]
            for s in range(4):
                if s not in alone and s != viewer:
                    for t, tb in enumerate(tables):
                        settle_phone(tb, phones[t][s], s)
                    assert frames(phones[0][s]) == frames(phones[1][s]), s
            watch = [phones[t][-1] for t in range(2)]
            one.wait(lambda: watch[0].received == watch[1].received, "the table pages' frames")
            for t in range(2):
                page = pages[t][1]
                page.wait(lambda p=page, w=watch[t]: p.last_text() == w.received[-1],
                          what="the table page")
            assert pages[0][1].js("return document.body.innerHTML;") == \
                pages[1][1].js("return document.body.innerHTML;")
            assert _screen(one) == _screen(two)
            assert _state_json(one, capsys) == _state_json(two, capsys)

        setup = one.companion.controller
        assert isinstance(setup, SimpleTable)
        start = setup.start_command()
        act(0, start, (start, start))
        a, b = (tb.companion.controller for tb in tables)
        dealer = a.state.dealer
        assert dealer != viewer and dealer == b.state.dealer
        assert a.state.piles.hand(dealer) != b.state.piles.hand(dealer)
        assert settle_phone(one, phones[0][dealer], dealer)["private"] != \
            settle_phone(two, phones[1][dealer], dealer)["private"]
        rng, compared = random.Random(seed), 0
        while True:
            state = a.state
            cards = _differing(state, b.state)
            alone = {s for s in range(4) if set(state.piles.hand(s)) & cards
                     or set(b.state.piles.hand(s)) & cards}
            if state.turn != b.state.turn:  # U3: a hand shown to the asker's phone alone
                assert state.turn is not None and state.turn.shown
                alone.add(state.turn.seat)
            same(alone)
            seat, command = next((s, x) for s in GAME.seats_to_act(state)
                                 if (x := player(state, s, rng)) is not None)
            if touches(command, state, b.state):
                break
            act(seat, command, (command, command))
            compared += 1
            assert compared < 200
        assert compared >= 8, compared
        table_page = pages[0][1]
        table_page.resize(TABLET)
        # U2: the table page lays out every ring's six spaces as the screen does
        table_page.wait(lambda: table_page.js(
            "return document.querySelectorAll('#seats .seatcard .spaces .space').length") == 24,
            what="four rings of six spaces on the table page")
        table_page.screenshot(ARTIFACTS / "mush-ring-table-page-1024.png")
        print(f"\ntwo Mush-Ring games one card apart: the same bytes for {compared} commands,"
              f" until {command}")
    finally:
        for t in pages:
            for page in pages[t]:
                page.close()
        for t in phones:
            for phone in phones[t].values():
                phone.close()
        for table in tables:
            table.close()
