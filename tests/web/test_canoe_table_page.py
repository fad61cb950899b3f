"""Phones join a Canoe table as they join MUSH's, and a finished trip's files are offered
for download like a finished MUSH game's: the join card on the Canoe setup screen (the
room's QR code, read back from the pixels; every text whole at every size and in every
language), a seat's own code when its pad asks for a new phone, and the table page's
downloads (the same bytes `mush-companion export --game canoe` writes), through the real
server and app on a fake clock; the page itself in Debian's Chromium."""

from __future__ import annotations

import asyncio
import json
import random
from collections.abc import Callable, Iterator
from dataclasses import replace
from pathlib import Path

import aiohttp
import pygame
import pytest

from companion.app.runner import SteppedClock
from companion.config.table import TableConfig
from companion.display import render
from companion.games.canoe.bots import SensibleBot
from companion.games.canoe.game import LEDGER_COLUMNS
from companion.games.canoe.table import CanoeFrame, CanoeScreen, CanoeTable
from companion.games.canoe.table.bots import CanoeBotDriver
from companion.games.canoe.table.frame import share_line
from companion.games.mush.dice import SeededDice
from companion.i18n import LANGUAGES, speaking
from companion.pads.events import Button, Kind, PadEvent
from companion.store.export import write_exports
from companion.table.frame import JoinCard
from companion.web.join import CARD_SECONDS
from companion.web.qr import qr_rows
from web.browser import PHONE, needs_browser, open_pages
from web.harness import Phone, WebTable, read_qr, settle

PLAYERS = 4  # setup's own default, which the setup bot keeps
ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts" / "web"
SIZES = ((800, 480), (1280, 720), (1920, 1080))


@pytest.fixture
def table(tmp_path: Path) -> Iterator[WebTable]:
    web = WebTable(tmp_path, seed=4, game_name="canoe")
    yield web
    web.close()


def play_until(table: WebTable, done: Callable[[CanoeTable], bool],
               presses: int = 20_000) -> CanoeTable:
    """Bots press the pads through setup and the trip, one main-loop step a press, until
    `done` holds for the trip's table."""
    app = table.companion
    driver = CanoeBotDriver(app.controller, dict.fromkeys(range(PLAYERS), SensibleBot()),
                            random.Random(6))
    for _ in range(presses):
        controller = app.controller
        assert isinstance(controller, CanoeTable)
        if not controller.in_setup and done(controller):
            break
        if driver.controller is not controller:
            driver.controller = controller  # setup gave way to the trip
        driver.feed(table.events)
        table.step(0.3)
    table.step()
    assert isinstance(app.controller, CanoeTable) and done(app.controller)
    return app.controller


def play_to_the_end(table: WebTable) -> None:
    """A whole trip."""
    play_until(table, lambda controller: controller.over)


def to_the_first_throw(table: WebTable) -> CanoeTable:
    """Setup and the first throw; the table then waits for its thrower to tell what the
    canoe did, every other canoe still by the start (L9)."""
    return play_until(table, lambda c: c.state.turn is not None and c.state.turn.thrown,
                      2_000)


async def fetch(url: str) -> tuple[int, dict[str, str], bytes]:
    async with aiohttp.ClientSession() as session, session.get(url) as response:
        return response.status, dict(response.headers), await response.read()


def get(table: WebTable, path: str) -> tuple[int, dict[str, str], bytes]:
    return asyncio.run(fetch(table.url + path))


async def post(url: str, body: dict[str, object]) -> tuple[int, dict[str, object]]:
    """A POST as the page's own script sends it (from the page's own origin)."""
    origin = "/".join(url.split("/")[:3])
    async with aiohttp.ClientSession() as session, \
            session.post(url, json=body, headers={"Origin": origin}) as response:
        return response.status, await response.json()


# --- the join card ------------------------------------------------------------------------


def test_the_canoe_setup_shows_the_rooms_join_card(table: WebTable) -> None:
    table.step()
    frame = table.web.publish(table.companion.controller.frame(), table.companion)
    assert isinstance(frame, CanoeFrame) and frame.screen is CanoeScreen.SETUP
    card = frame.join
    assert card is not None and card.code == table.web.room.code and card.seat is None
    assert card.address == table.url
    assert card.qr == qr_rows(f"{table.url}/#room={table.web.room.code}")
    for size in ((1920, 1080), (800, 480)):
        surface = pygame.Surface(size)
        log = render(frame, surface)
        assert log.problems() == [], size
        assert f"Room code {card.code}" in log.texts()
        # the card sits in the left column, under the summary: the code reads back whole
        assert read_qr(surface, card.qr, pygame.Rect(0, 0, size[0] // 2, size[1])) == card.qr
    # the room code read off the screen takes a seat, whose phone then drives the setup
    status, answer = asyncio.run(post(table.url + "/api/join",
                                      {"code": card.code.lower(), "seat": 2}))
    assert status == 200 and answer["ok"] and answer["seat"] == 2
    phone = Phone(table, token=str(answer["token"]), device=str(answer["device"]))
    try:
        table.step()
        phone.wait(lambda: bool(phone.messages("seat")))
        text = settle(table, phone, 2)
        assert text["game"] == "canoe" and text["screen"] == "canoe_setup"
        assert text["menu"] and text["menu"]["items"]
    finally:
        phone.close()


def test_a_pad_asking_for_a_new_phone_shows_its_seats_code_during_the_trip(
        table: WebTable) -> None:
    play_to_the_end(table)  # (a finished trip still has its seats and phones)
    assert table.web.joins.card(False, table.web.port) is None  # outside setup no card unless asked
    for kind in (Kind.PRESS, Kind.HOLD, Kind.RELEASE):  # a pad's hold of ◀
        table.companion.handle(PadEvent(1, Button.LEFT, kind))
    frame = table.web.publish(table.companion.controller.frame(), table.companion)
    assert isinstance(frame, CanoeFrame) and frame.join is not None and frame.join.seat == 1
    assert frame.join.qr == qr_rows(f"{table.url}/seat#t={table.token(1)}")
    surface = pygame.Surface((1280, 720))
    log = render(frame, surface)
    name = table.companion.controller.state.players[1].name
    assert f"{name}: scan with your phone" in log.whole()
    # the card lies over the score board (its badges hold black too): read the code left
    # of the card's words, from their top down
    lead = next(pygame.Rect(d.rect) for d in log.draws if "scan with" in d.text)
    area = pygame.Rect(0, lead.y, lead.x, 720 - lead.y)
    assert read_qr(surface, frame.join.qr, area) == frame.join.qr
    # the card stays CARD_SECONDS on the table's clock, then the board is whole again
    table.clock.advance(CARD_SECONDS - 1)
    assert table.web.joins.card(False, table.web.port) is not None
    table.clock.advance(1)
    assert table.web.joins.card(False, table.web.port) is None


@pytest.mark.parametrize("players", [2, 6])
@pytest.mark.parametrize("language", LANGUAGES)
def test_the_canoe_setup_with_its_join_card_is_whole_at_every_size(
        language: str, players: int) -> None:
    config = TableConfig(players=players, language=language, screen_language=language,
                         about=lambda: ("MUSH companion 9.9.9", "http://192.168.178.123:8080"))
    table = CanoeTable(dice=SeededDice(1), clock=SteppedClock(0.3), config=config)
    address = "http://192.168.178.123:8080"
    card = JoinCard(address, "WXYZ", qr_rows(f"{address}/#room=WXYZ"))
    frame = replace(table.frame(), join=card)
    for size in SIZES:
        surface = pygame.Surface(size)
        log = render(frame, surface, language=language)
        assert log.problems() == [], (size, language, players)
        whole = log.whole()
        assert "192.168.178.123:8080" in whole
        assert any("WXYZ" in text for text in whole)
        assert read_qr(surface, card.qr, pygame.Rect(0, 0, size[0] // 2, size[1])) == card.qr


# --- a shared space answered unasked -------------------------------------------------------


def test_l9_the_phones_and_the_table_page_show_ahead_or_behind_once_thrown(
        table: WebTable) -> None:
    controller = to_the_first_throw(table)
    view = controller.frame().view
    assert view is not None and view.active is not None
    assert len(view.shares) == PLAYERS - 1  # every other canoe is out on the water
    french = Phone(table, token=table.token(view.active), device="phone-fr-" + "x" * 24,
                   lang="fr")
    try:
        french.wait(lambda: bool(french.messages("seat")))
        table.step()  # the next snapshot holds the texts in French too
        text = settle(table, french, view.active)
        assert text["lang"] == "fr"
        with speaking("fr"):
            said = share_line(view)
        assert said is not None and said.startswith("Sur une case occupée : ")
        assert text["canoe"]["share"] == said  # the thrower's phone, in its language
    finally:
        french.close()
    snapshot = table.web.snapshot
    assert snapshot is not None
    page = json.loads(snapshot.table["en"])
    with speaking("en"):
        assert page["canoe"]["share"] == share_line(view)
    others = [s.name for s in view.seats if s.seat != view.active]
    assert all(name in page["canoe"]["share"] for name in others)


@needs_browser
@pytest.mark.slow
def test_l9_the_table_page_draws_the_answer(table: WebTable) -> None:
    controller = to_the_first_throw(table)
    with speaking("en"):
        said = share_line(controller.frame().view)
    assert said is not None
    (page,) = open_pages(1)
    try:
        page.open(table.url)
        page.wait(lambda: page.exists("#canoe-share"), what="the shared space's answer")
        assert page.js("return document.getElementById('canoe-share').textContent") == said
        page.screenshot(ARTIFACTS / "canoe-table-shared.png")
    finally:
        page.close()


# --- a finished trip's downloads -----------------------------------------------------------


def test_a_finished_trip_offers_its_events_and_points_for_download(table: WebTable,
                                                                   tmp_path: Path) -> None:
    app = table.companion
    assert get(table, "/export/events.jsonl")[0] == 404  # not before the trip is over
    play_to_the_end(table)
    game = app.game_id
    assert game is not None and app.game == "canoe"
    status, headers, events = get(table, "/export/events.jsonl")
    assert status == 200 and headers["Content-Type"].startswith("application/x-ndjson")
    assert headers["Content-Disposition"] == \
        f'attachment; filename="canoe-game-{game}-events.jsonl"'
    status, headers, points = get(table, "/export/points.csv")
    assert status == 200 and headers["Content-Type"].startswith("text/csv")
    assert headers["Content-Disposition"] == \
        f'attachment; filename="canoe-game-{game}-points.csv"'
    # the very files `mush-companion export --game canoe` writes from the same journal
    folder = tmp_path / "exported"
    folder.mkdir()
    written = write_exports(app.journal, game, folder)
    assert events == written[0][0].read_bytes() and points == written[1][0].read_bytes()
    lines = points.decode().splitlines()
    assert lines[0] == ",".join(LEDGER_COLUMNS) and len(lines) > PLAYERS
    assert len(events.decode().splitlines()) == len(app.journal.load(game))
    # MUSH's other files are not a trip's
    assert get(table, "/export/chips.csv")[0] == 404
    assert get(table, "/export/luck.svg")[0] == 404
    assert get(table, "/export/journal.sqlite3")[0] == 404
    # the table page is told which files to offer, named in its language
    snapshot = table.web.snapshot
    assert snapshot is not None
    page = json.loads(snapshot.table["en"])
    assert page["downloads"] == [
        {"href": "/export/events.jsonl", "id": "export-events", "word": "export_events"},
        {"href": "/export/points.csv", "id": "export-points", "word": "export_points"}]
    assert page["canoe"]["over"] and len(page["canoe"]["scores"]) == PLAYERS


@needs_browser
@pytest.mark.slow
def test_the_table_page_offers_a_finished_trips_files(table: WebTable) -> None:
    play_to_the_end(table)
    game = table.companion.game_id
    (page,) = open_pages(1)
    try:
        page.open(table.url)
        page.wait(lambda: page.exists("#export-points"), what="the trip's downloads")
        assert page.js("return document.getElementById('export-points').textContent") == \
            "Points, nights and cards per turn (CSV)"
        assert page.js("return document.querySelectorAll('#scores li').length") == PLAYERS
        assert page.exists("#canoe-over")
        for link, name in (("export-events", "events.jsonl"), ("export-points", "points.csv")):
            href = page.js(f"return document.getElementById('{link}').getAttribute('href')")
            assert href == f"/export/{name}"
            body = page.js("return fetch(arguments[0]).then(r => r.text())", href)
            assert body.encode() == get(table, href)[2] and body
        page.resize(PHONE)
        page.screenshot(ARTIFACTS / "canoe-table-over.png")
        assert game is not None
    finally:
        page.close()
