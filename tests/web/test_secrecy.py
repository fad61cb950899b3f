"""R1, I5 through the phones: two games that differ only in one seat's secret bid send
every other seat's phone and the table page the very same bytes until the reveal (and
the same pages), while the bidder's own phone shows its value."""

from __future__ import annotations

import http.client
import random
from pathlib import Path

from companion.games.mush.bots import SensibleBot
from companion.games.mush.model import Phase
from companion.games.mush.table.bots import BotDriver
from web.harness import Phone, WebTable, bot_press, settle

PAGES = ("/", "/seat", "/api/seats", "/static/seat.js", "/static/table.js",
         "/static/common.js", "/static/app.css")


def fetch(table: WebTable, path: str) -> bytes:
    connection = http.client.HTTPConnection("127.0.0.1", table.web.port, timeout=5)
    connection.request("GET", path)
    body = connection.getresponse().read()
    connection.close()
    return body


def play(folder: Path, bid: int) -> dict[str, object]:
    """Seat 0 bids `bid` in round 1 (the others bid as their bots do); what every phone
    and the table page received, and the pages, up to the reveal and after it."""
    table = WebTable(folder, seed=3)
    table.step()
    phones = {seat: Phone(table, token=table.token(seat)) for seat in range(4)}
    watcher = Phone(table, watch=True)
    table.step()
    driver = BotDriver(table.companion.controller, {s: SensibleBot() for s in (1, 2, 3)},
                       random.Random(3), setup_seat=None)
    first = phones[0]
    settle(table, first, 0)
    first.tap(first.last()["menu"]["focus"])  # seat 0 starts the game
    table.wait_events(2)
    table.step(0.3)
    own: list[int] = []
    for _ in range(400):
        state = table.companion.controller.state
        if state.phase is Phase.BIDDING:
            break
        if state.training_next == 0:  # seat 0 trains like its neighbours would
            menu = settle(table, first, 0)["menu"]
            first.tap(menu["focus"])
            table.wait_events(2)
        elif not bot_press(table, phones, driver):  # a bot about to pay looks at it first
            table.clock.advance(0.6 if driver.paying else 30)
        table.step(0.3)
    assert table.companion.controller.state.phase is Phase.BIDDING
    table.step(1.0)  # past the guard: the bids are open
    pages = {path: fetch(table, path) for path in PAGES}
    for _ in range(bid):
        first.press("right")
        table.wait_events(2)
        table.step()
        own.append(settle(table, first, 0)["bid"])
    first.press("select")
    table.wait_events(2)
    table.step(0.3)
    for _ in range(200):  # the others lock in
        if table.companion.controller.state.phase is not Phase.BIDDING:
            break
        if not bot_press(table, phones, driver):
            table.clock.advance(0.6 if driver.paying else 30)
        table.step(0.3)
    assert table.companion.controller.state.revealed is not None
    for seat in (1, 2, 3):
        settle(table, phones[seat], seat)
    watcher.wait(lambda: '"phase":"bidding"' not in watcher.received[-1])
    revealed = [text for text in watcher.received if '"bidding"' not in text]
    record = {
        "others": {seat: [t for t in phones[seat].received if '"welcome"' not in t
                          and not _after_reveal(t)] for seat in (1, 2, 3)},
        "table": [t for t in watcher.received if not _after_reveal(t)],
        "pages": pages, "own": own, "after": revealed,
        "bid0": table.companion.controller.state.revealed[0],
    }
    for phone in (*phones.values(), watcher):
        phone.close()
    table.close()
    return record


def _after_reveal(text: str) -> bool:
    return '"phase":"training"' not in text and '"phase":"bidding"' not in text \
        and '"phase":"setup"' not in text


def test_other_phones_and_the_table_page_see_the_same_bytes_whatever_a_bid_is(
        tmp_path: Path) -> None:
    two = play(tmp_path / "two", 2)
    four = play(tmp_path / "four", 4)
    assert (two["bid0"], four["bid0"]) == (2, 4)
    assert two["own"] == [1, 2] and four["own"] == [1, 2, 3, 4]  # the bidder sees it
    assert two["pages"] == four["pages"]
    assert two["table"] == four["table"] and len(two["table"]) > 3
    for seat in (1, 2, 3):
        assert two["others"][seat] == four["others"][seat], seat  # type: ignore[index]
        assert any('"phase":"bidding"' in t for t in two["others"][seat])  # type: ignore[index]
    assert all('"bid":2' not in t for t in two["table"])  # type: ignore[union-attr]
    # after the reveal the bids are public, and the two games differ
    assert two["after"] != four["after"]
