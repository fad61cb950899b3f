"""A phone that sleeps, loses the Wi-Fi or reloads comes back to its seat without asking,
the game never waits for a phone that left, and a restart of the whole program (a power
cut) brings every phone back to the resumed game: the room is kept beside the journal."""

from __future__ import annotations

import os
import random
import stat
from pathlib import Path

from companion.games.mush.bots import SensibleBot
from companion.games.mush.model import Phase
from companion.games.mush.table.bots import BotDriver
from companion.web.room import FILE_NAME, device_hash
from web.browser import Page, needs_browser
from web.harness import Phone, WebTable, bot_press, settle


def play_until(table: WebTable, phones: dict[int, Phone], driver: BotDriver,
               done: object, limit: int = 600) -> None:
    for _ in range(limit):
        if callable(done) and done():
            return
        if not bot_press(table, phones, driver):  # a bot about to pay looks at it first
            table.clock.advance(0.6 if driver.paying else 30)
        table.step(0.3)
    raise AssertionError("the game did not get there")


def test_a_phone_that_left_comes_back_to_its_seat_and_the_game_went_on(
        tmp_path: Path) -> None:
    table = WebTable(tmp_path, seed=4)
    table.step()
    phones = {s: Phone(table, token=table.token(s)) for s in range(4)}
    table.step()
    driver = BotDriver(table.companion.controller, {s: SensibleBot() for s in range(4)},
                       random.Random(4))
    play_until(table, phones, driver,
               lambda: table.companion.controller.state.phase is Phase.BIDDING)
    # seat 2's phone goes to sleep: its socket is gone
    device = phones[2].device
    phones[2].close()
    table.step()
    table.wait(lambda: 2 not in table.web.connected, "the server to see seat 2's phone go")
    assert table.web.room.holder(2) == device_hash(device)
    away = {s: p for s, p in phones.items() if s != 2}
    bots = BotDriver(table.companion.controller, {s: SensibleBot() for s in (0, 1, 3)},
                     random.Random(4))
    round_now = table.companion.controller.state.round
    # the others play on; seat 2 bids nothing meanwhile (a pad left alone does the same)
    for _ in range(20):
        bot_press(table, away, bots)
        table.step(0.3)
    assert table.companion.controller.state.phase is Phase.BIDDING  # waits for seat 2's bid
    back = Phone(table, token=table.token(2), device=device)
    table.step()
    settle(table, back, 2)
    welcome = back.messages("welcome")[0]
    assert welcome["seat"] == 2 and not back.messages("refused")
    assert back.last()["menu"]["style"] == "bid" and back.last()["me"]["name"]
    assert table.companion.controller.state.round == round_now
    for phone in (*away.values(), back):
        phone.close()
    table.close()


def test_after_a_restart_every_phone_comes_back_to_the_resumed_game(tmp_path: Path) -> None:
    table = WebTable(tmp_path, seed=6)
    table.step()
    phones = {s: Phone(table, token=table.token(s)) for s in range(4)}
    table.step()
    driver = BotDriver(table.companion.controller, {s: SensibleBot() for s in range(4)},
                       random.Random(6))
    play_until(table, phones, driver,
               lambda: table.companion.controller.state.round >= 2
               and table.companion.controller.state.phase is Phase.TURN)
    game, state = table.companion.game_id, table.companion.controller.state
    kept = {s: (table.token(s), phones[s].device) for s in range(4)}
    room_file = tmp_path / FILE_NAME
    assert stat.S_IMODE(os.stat(room_file).st_mode) == 0o600
    assert all(device not in room_file.read_text() for _, device in kept.values())
    for phone in phones.values():
        phone.close()
    table.close()  # the power goes

    again = WebTable(tmp_path, seed=99)  # other random bytes: the kept room is used
    again.step()
    assert again.companion.game_id == game
    assert again.companion.controller.state.round == state.round
    back = {s: Phone(again, token=token, device=device) for s, (token, device) in kept.items()}
    again.step()
    for seat, phone in back.items():
        payload = settle(again, phone, seat)
        assert phone.messages("welcome")[0]["seat"] == seat and not phone.messages("refused")
        assert payload["phase"] == state.phase.value and payload["me"]["name"]
    stranger = Phone(again, token=kept[1][0])  # the link alone, on another device
    stranger.wait(stranger.closed.is_set)
    assert stranger.messages("refused") == [{"t": "refused", "why": "held"}]
    for phone in (*back.values(), stranger):
        phone.close()
    again.close()


@needs_browser
def test_a_page_reloaded_or_cut_off_by_a_restart_finds_its_seat_again(tmp_path: Path) -> None:
    table = WebTable(tmp_path, seed=8)
    port = table.web.port
    table.step()
    page = Page()
    try:
        page.open(f"{table.url}/seat#t={table.token(1)}")
        page.wait(lambda: page.exists("#menu .item"), what="the setup menu")
        assert page.js("return location.hash") == ""
        page.driver.refresh()  # a reload: the seat comes back without asking
        page.wait(lambda: page.exists("#menu .item") and 1 in table.web.connected,
                  what="the seat after a reload")
        table.close()  # the program stops; the page loses its connection
        page.wait(lambda: page.js("return !document.getElementById('lost').hidden"),
                  what="the page to say it lost the table")
        again = WebTable(tmp_path, seed=8, port=port)
        again.step()
        page.wait(lambda: 1 in again.web.connected, timeout=20, what="the page to reconnect")
        again.step()
        page.wait(lambda: page.exists("#menu .item") and
                  page.js("return document.getElementById('lost').hidden"),
                  what="the menu again")
        assert not page.exists("#ended")
        again.close()
    finally:
        page.close()
