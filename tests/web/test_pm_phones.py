"""Push&Move from phones: each seat's phone is its pad (the die, then the way, tapped in
its menu), in its own language, through the real server and the real app on a fake
clock; a phone whose seat is not to move moves nothing."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path

import pytest

from companion.games.push_and_move import acts as a
from companion.games.push_and_move.bots import SensibleBot
from companion.games.push_and_move.table import PushTable
from companion.table.simple import SimpleBots
from web.harness import Phone, WebTable, bot_press, settle

PLAYERS = 3


@pytest.fixture
def table(tmp_path: Path) -> Iterator[WebTable]:
    web = WebTable(tmp_path, players=PLAYERS, seed=5, game_name="push_and_move")
    yield web
    web.close()


def seated(table: WebTable, seats: dict[int, str]) -> dict[int, Phone]:
    """A phone on each seat, in the language given."""
    table.step()
    phones = {seat: Phone(table, token=table.token(seat), device=f"phone-{seat}-" + "x" * 24,
                          lang=lang) for seat, lang in seats.items()}
    for phone in phones.values():
        phone.wait(lambda p=phone: bool(p.messages("seat")))
    return phones


def test_moves_are_made_from_the_phones_alone(table: WebTable) -> None:
    app = table.companion
    assert app.game == "push_and_move" and isinstance(app.controller, PushTable)
    phones = seated(table, {0: "en", 1: "fr", 2: "de"})
    try:
        driver = SimpleBots(app.controller, {s: SensibleBot() for s in range(PLAYERS)},
                            random.Random(3))

        def turns() -> int:
            if app.game_id is None:
                return 0
            return sum(isinstance(e, a.TurnEnded) for e in app.journal.load(app.game_id))

        pressed = idle = 0
        while turns() < 3 and idle < 50:
            if bot_press(table, phones, driver):
                pressed, idle = pressed + 1, 0
            else:
                idle += 1
            table.step(0.3)
        assert turns() >= 3 and idle == 0 and pressed > 10
        state = app.controller.state
        assert len(state.players) == PLAYERS
        moved = [e for e in app.journal.load(app.game_id or 0) if isinstance(e, a.Moved)]
        assert len(moved) >= 3 * 5 - 3  # five dice a turn, less any lost on the way
        # the French phone read its menus in French: the die, then the way
        fr = [m for m in phones[1].messages("seat")
              if m.get("menu") and m["screen"] != "simple_setup"]
        assert fr and all(m["lang"] == "fr" for m in fr)
        titles = {m["menu"]["title"] for m in fr}
        assert any("quel dé" in title for title in titles) and \
            any("dans quel sens" in title for title in titles), titles
        de = [m for m in phones[2].messages("seat")
              if m.get("menu") and m["screen"] != "simple_setup"]
        assert de and all(m["lang"] == "de" for m in de)
        # a phone whose seat is not to move moves nothing
        active = state.require_turn().seat
        idle_seat = (active + 1) % PLAYERS
        text = settle(table, phones[idle_seat], idle_seat)
        assert text["menu"] is None and not text["turn"]
        before = app.controller.state
        phones[idle_seat].press("select")
        phones[idle_seat].press("right")
        table.step(0.3)
        assert app.controller.state == before
    finally:
        for phone in phones.values():
            phone.close()
