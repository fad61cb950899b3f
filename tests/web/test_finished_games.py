"""The finished games of every box on the table page: MUSH's and the Canoe game's, from
their journals, each with its winner and standings (from its ledger, as its CSV has
them), its chart of chips or points per round, and its files (the bytes the `export`
command writes); the list grows as a game ends. Journals filled by the real demo; the
page in Debian's chromium."""

from __future__ import annotations

import asyncio
import csv
import io
import json
import shutil
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import aiohttp
import pytest
from run_shared import once_a_run, run_folder

from companion.app.demo import run_demo
from companion.app.journals import journal_beside
from companion.games import game as installed_game
from companion.games.canoe.table.memory import remember
from companion.store import Journal
from web.browser import TABLET, needs_browser, open_pages
from web.harness import WebTable
from web.test_canoe_table_page import play_to_the_end

ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts" / "web"
SVG = "{http://www.w3.org/2000/svg}"

# Every test here reads the journals `played` fills once a run: the first runs first,
# the others after the slow tests (tests/conftest.py), when they are there to read.
pytestmark = pytest.mark.shares("finished-games-played")


@pytest.fixture(scope="module")
def played(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder whose journals hold a finished MUSH game and a finished Canoe trip, of
    two players each (the demo's: bots through the real table; ten seconds and more).
    The tests only copy its journals, so the workers of a run share one (run_shared)."""
    run = run_folder(tmp_path_factory)

    def play() -> Path:
        folder = run / "finished-games-played"
        shutil.rmtree(folder, ignore_errors=True)
        folder.mkdir()
        for game in ("mush", "canoe"):
            run_demo(folder, players=2, seed=3, screenshots=False, voice=False,
                     out=io.StringIO(), game=game)
        return folder

    return once_a_run(run, "finished-games-played", play)


@pytest.fixture
def table(played: Path, tmp_path: Path) -> Iterator[WebTable]:
    for name in ("journal.sqlite3", "journal-canoe.sqlite3"):
        (tmp_path / name).write_bytes((played / name).read_bytes())
    web = WebTable(tmp_path, seed=4, game_name="canoe")
    yield web
    web.close()


def ledger(folder: Path, box: str, game: int) -> tuple[list[dict[str, str]], str, str]:
    """A game's CSV rows and its files as the `export` command writes them."""
    journal = Journal(journal_beside(folder / "journal.sqlite3", box), recover=False,
                      game=installed_game(box))
    try:
        events, table = io.StringIO(), io.StringIO()
        journal.export_jsonl(game, events)
        journal.export_csv(game, table)
    finally:
        journal.close()
    return list(csv.DictReader(io.StringIO(table.getvalue()))), events.getvalue(), \
        table.getvalue()


async def fetch(url: str) -> tuple[int, dict[str, str], bytes]:
    async with aiohttp.ClientSession() as session, session.get(url) as response:
        return response.status, dict(response.headers), await response.read()


def get(table: WebTable, path: str) -> tuple[int, dict[str, str], bytes]:
    return asyncio.run(fetch(table.url + path))


def finals(rows: list[dict[str, str]]) -> dict[int, dict[str, str]]:
    """Each seat's last row."""
    return {int(r["seat"]): r for r in rows}


@pytest.mark.slow  # the journals' games are played first
def test_every_boxs_finished_games_with_results_chart_and_files(table: WebTable) -> None:
    table.step()
    status, _, body = get(table, "/api/games?lang=en")
    assert status == 200
    games = json.loads(body)
    assert sorted((g["box"], g["game"]) for g in games) == [("canoe", 1), ("mush", 1)]
    assert [g["finished"] for g in games] == sorted((g["finished"] for g in games),
                                                    reverse=True)  # newest first
    mush, canoe = sorted(games, key=lambda g: g["box"] != "mush")
    assert mush["title"] == "MUSH" and canoe["title"] == "Canoe (Moosehead Lake)"
    # MUSH: the winner first, then by the board each sled reached, as the CSV says
    rows, events, table_csv = ledger(table.folder, "mush", 1)
    last = finals(rows)
    winner = mush["rows"][0]
    assert winner["place"] == 1 and [r["place"] for r in mush["rows"][1:]] == \
        [None] * (len(last) - 1)  # T3: only the winner's place is known
    assert mush["wins"] == f"{winner['name']} wins!"
    assert winner["cells"] == ["Reached Nome", last[winner["seat"]]["chips"]]
    others = [r["seat"] for r in mush["rows"][1:]]
    assert [int(last[s]["board"]) for s in others] == sorted(
        (int(last[s]["board"]) for s in others), reverse=True)
    assert {r["seat"]: r["cells"][1] for r in mush["rows"]} == \
        {s: row["chips"] for s, row in last.items()}
    assert mush["columns"] == ["Reached", "Chips"]
    assert mush["rounds"] == max(int(r["round"]) for r in rows)
    # its files: the export command's bytes, saved under the game's name
    for name, expected in (("events.jsonl", events), ("chips.csv", table_csv)):
        status, headers, got = get(table, f"/export/mush/1/{name}")
        assert status == 200 and got.decode() == expected
        assert headers["Content-Disposition"] == f'attachment; filename="mush-game-1-{name}"'
    # its chart: a line a player, a point a round, at each round's chips
    status, headers, svg = get(table, mush["chart"])
    assert status == 200 and headers["Content-Type"] == "image/svg+xml"
    lines = ET.fromstring(svg).findall(f"{SVG}polyline")
    assert len(lines) == len(last)
    assert all(len(line.get("points", "").split()) == mush["rounds"] for line in lines)
    # the Canoe trip: by points, each with its nights
    rows, events, table_csv = ledger(table.folder, "canoe", 1)
    last = finals(rows)
    assert [r["cells"] for r in canoe["rows"]] == [
        [last[r["seat"]]["score"], last[r["seat"]]["nights"]] for r in canoe["rows"]]
    scores = [int(c["cells"][0]) for c in canoe["rows"][1:]]
    assert scores == sorted(scores, reverse=True)
    places = [r["place"] for r in canoe["rows"]]
    assert places[0] == 1 and places == sorted(places)
    status, _, got = get(table, "/export/canoe/1/points.csv")
    assert status == 200 and got.decode() == table_csv
    lines = ET.fromstring(get(table, canoe["chart"])[2]).findall(f"{SVG}polyline")
    assert len(lines) == len(last) and canoe["rounds"] >= 2
    # in French, the same games in French words
    french = {g["box"]: g for g in json.loads(get(table, "/api/games?lang=fr")[2])}
    assert french["mush"]["columns"] == ["Arrivée", "Jetons"] and \
        french["mush"]["rows"][0]["cells"][0] == "Arrivé à Nome"
    # nothing else is served under a finished game's address
    for path in ("/export/mush/2/chips.csv", "/export/mush/1/points.csv",
                 "/export/canoe/1/chips.csv", "/export/other/1/events.jsonl",
                 "/export/mush/x1/events.jsonl", "/export/mush/1/journal.sqlite3",
                 "/export/mush/99999999999/events.jsonl"):
        assert get(table, path)[0] == 404, path


@pytest.mark.slow
def test_an_abandoned_game_and_one_in_progress_are_not_listed(table: WebTable) -> None:
    table.step()
    app = table.companion
    before = json.loads(get(table, "/api/games")[2])
    # a new Canoe trip set up and under way: in progress, not finished
    play_to_the_end_of_setup(table)
    assert app.controller.in_setup is False
    assert json.loads(get(table, "/api/games")[2]) == before
    # ended without a winner (`mush-companion new-game`): abandoned, not finished
    game = app.game_id
    assert game is not None
    app.journal.abandon(game)
    assert json.loads(get(table, "/api/games")[2]) == before


@pytest.mark.slow
def test_a_new_trip_learns_the_board_from_the_finished_one(table: WebTable) -> None:
    # the demo's finished trip, on the same stand-in campsites, is what the next trip's
    # table guesses from before anyone has told anything on it
    table.step()
    app = table.companion
    play_to_the_end_of_setup(table)
    board = app.controller.learnt()
    assert board is not None and not board.trails  # the board, not its seats
    finished = app.journal.load(1)
    told = remember(finished)
    assert board.follows == told.follows and board.told == told.told
    assert sum(board.told.values()) > 0


def play_to_the_end_of_setup(table: WebTable) -> None:
    import random

    from companion.games.canoe.bots import SensibleBot
    from companion.games.canoe.table.bots import CanoeBotDriver

    app = table.companion
    driver = CanoeBotDriver(app.controller, dict.fromkeys(range(4), SensibleBot()),
                            random.Random(6))
    for _ in range(2000):
        if not app.controller.in_setup and app.game_id is not None:
            return
        if driver.controller is not app.controller:
            driver.controller = app.controller
        driver.feed(table.events)
        table.step(0.3)
    raise AssertionError("setup never ended")


@needs_browser
@pytest.mark.slow
def test_the_table_page_lists_the_finished_games_and_a_game_joins_as_it_ends(
        table: WebTable) -> None:
    table.step()
    (page,) = open_pages(1, TABLET)
    try:
        page.open(table.url + "/")
        page.wait(lambda: page.js("return document.querySelectorAll("
                                  "'#finished details.game').length") == 2,
                  what="the two finished games")
        ids = page.js("return [...document.querySelectorAll('#finished details.game')]"
                      ".map(d => [d.id, d.open])")
        # newest first, and open (which of the two demos ended later is theirs to say)
        assert sorted(i for i, _ in ids) == ["game-canoe-1", "game-mush-1"]
        assert [opened for _, opened in ids] == [True, False]
        head = page.js("return document.querySelector('#game-mush-1 summary').textContent")
        api = json.loads(get(table, "/api/games?lang=en")[2])
        assert [f"game-{g['box']}-{g['game']}" for g in api] == [i for i, _ in ids]
        mush = next(g for g in api if g["box"] == "mush")
        assert head.startswith("MUSH · Game 1 · ") and head.endswith(mush["wins"])
        cells = page.js("return [...document.querySelectorAll('#game-mush-1 tr[data-seat]')]"
                        ".map(tr => [...tr.cells].map(c => c.textContent))")
        assert [row[1:] for row in cells] == [r["cells"] for r in mush["rows"]]
        assert cells[0][0].startswith("1. ")
        # the chart drawn (the picture loaded and decoded), the files linked
        if not page.js("return document.getElementById('game-mush-1').open"):
            page.click("#game-mush-1 summary")
        page.wait(lambda: page.js("var i = document.querySelector('#game-mush-1 img.chart');"
                                  "return i.complete && i.naturalWidth > 0"), what="chart")
        for link, name in (("mush-1-events", "events.jsonl"), ("mush-1-chips", "chips.csv"),
                           ("mush-1-chart", "chart.svg")):
            href = page.js(f"return document.getElementById('{link}').getAttribute('href')")
            assert href == f"/export/mush/1/{name}"
            body = page.js("return fetch(arguments[0]).then(r => r.text())", href)
            assert body and body.encode() == get(table, href)[2]
        if not page.js("return document.getElementById('game-canoe-1').open"):
            page.click("#game-canoe-1 summary")  # a closed game opens on a tap
        assert page.js("return document.getElementById('game-canoe-1').open") is True
        page.wait(lambda: page.js("var i = document.querySelector('#game-canoe-1 img.chart');"
                                  "return i.complete && i.naturalWidth > 0"), what="chart")
        page.screenshot(ARTIFACTS / "table-finished-games.png")
        # a trip played to its end here joins the list at its top, open
        play_to_the_end(table)
        page.wait(lambda: page.js("return document.querySelectorAll("
                                  "'#finished details.game').length") == 3,
                  what="the trip just ended")
        ids = page.js("return [...document.querySelectorAll('#finished details.game')]"
                      ".map(d => d.id)")
        assert ids[0] == f"game-canoe-{table.companion.game_id}"
        assert page.js("return document.querySelector('#finished details.game').open")
        latest: dict[str, Any] = json.loads(get(table, "/api/games?lang=en")[2])[0]
        assert latest["box"] == "canoe" and latest["rows"][0]["place"] == 1
    finally:
        page.close()
