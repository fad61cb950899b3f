"""One path from the rules' per-seat view to the phones: a game whose rules give each
seat something the others may not see (a hand of cards, here a word dealt to each
seat) sends it to that seat's phone and nowhere else, through the real table and the
real phones' server, with nothing written for it but the view and the page that shows
it."""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import pytest
from games import race
from games.race import box as race_box

from companion import games, i18n
from companion.pads.events import Button, Kind, PadEvent
from companion.table.simple_box import simple_box
from companion.web.simple import PAGES
from web.harness import Phone, WebTable, settle


@dataclass(frozen=True)
class Hand:
    """What one seat alone sees: its own dealt word, after the public view."""

    seat: int
    word: str


def dealt(state: race.RaceState, seat: int) -> Hand:
    """Each seat's secret word: its seat and the turn it was dealt on."""
    return Hand(seat, f"secret-{seat}-{state.turn}")


def seat_page(frame: Any, own: Hand | None, *args: Any, **kwargs: Any) -> dict[str, Any]:
    """The simple table's page, and the seat's own word under it."""
    page = PAGES.seat(frame, own, *args, **kwargs)
    page["hand"] = own.word if own is not None else None
    return page


@pytest.fixture
def hidden(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Race to Ten registered with a per-seat view that deals each seat a secret word,
    and a seat page that shows it."""
    rules = replace(race_box.RULES, game=replace(race.GAME, seat_view=dealt))
    box = replace(simple_box(rules, ledger="scores.csv"),
                  pages=replace(PAGES, seat=seat_page))
    monkeypatch.setattr(race_box, "BOX", box)
    games.INSTALLED["race"] = "games.race"
    i18n.refresh()
    try:
        yield
    finally:
        del games.INSTALLED["race"]
        i18n.refresh()


def press(table: WebTable, seat: int, button: Button) -> None:
    for kind in (Kind.PRESS, Kind.RELEASE):
        table.events.put(PadEvent(seat, button, kind))
    table.step(0.3)


def test_each_seat_secret_reaches_its_own_phone_only(hidden: None, tmp_path: Path) -> None:
    table = WebTable(tmp_path, players=2, game_name="race")
    phones: dict[int, Phone] = {}
    watcher: Phone | None = None
    try:
        table.step()
        for _ in range(5):  # setup: ◀ until "Start the game", then ●
            menu = table.companion.controller.frame().menus[0]
            if menu.items[menu.focus].label == "Start the game":
                break
            press(table, 0, Button.LEFT)
        press(table, 0, Button.SELECT)
        assert not table.companion.controller.in_setup
        phones = {seat: Phone(table, token=table.token(seat)) for seat in (0, 1)}
        watcher = Phone(table, watch=True)
        for turn in range(3):  # a few turns: the words follow the state
            state = table.companion.controller.state
            for seat, phone in phones.items():
                page = settle(table, phone, seat)
                assert page["hand"] == f"secret-{seat}-{state.turn}"
            press(table, state.turn, Button.SELECT)
            assert table.companion.controller.state.turn != state.turn, turn
        table.sync()
        for seat, phone in phones.items():
            other = f"secret-{1 - seat}-"
            assert phone.received and not any(other in text for text in phone.received)
            assert any(f"secret-{seat}-" in text for text in phone.received)
        watcher.wait(lambda: any('"t":"table"' in text for text in watcher.received))
        assert not any("secret-" in text for text in watcher.received)
        sent = table.web.snapshot
        assert sent is not None
        for (seat, _), text in sent.seats.items():
            assert json.loads(text)["hand"].startswith(f"secret-{seat}-")
        assert all("secret-" not in text.decode() for text in sent.table.values())
    finally:
        for phone in (*phones.values(), *([watcher] if watcher is not None else [])):
            phone.close()
        table.close()
