"""The table set up as a new group would, with the pads alone, through the whole companion
(real SQLite journal, real settings file): the four board charts copied face by face, the
screen switched to French and then German, a player's name spelled, a round played with
the wooden dice; then the plug pulled, and everything found again."""

from __future__ import annotations

import random
from pathlib import Path

from companion.app.loop import Companion
from companion.app.runner import SteppedClock
from companion.config.file import Config, parse_config
from companion.config.prefs import PrefsStore
from companion.games.mush import events as ev
from companion.games.mush.bots import SensibleBot
from companion.games.mush.config import ChartPref, chart
from companion.games.mush.dice import SeededDice
from companion.games.mush.model import Phase, RollKind
from companion.games.mush.table.bots import BotDriver
from companion.games.mush.table.prefs_menus import chart_faces, value_label
from companion.i18n import WORDS
from companion.pads.events import Button, Kind, PadEvent
from companion.store import Journal

L, S, R = Button.LEFT, Button.SELECT, Button.RIGHT
CHARTS = {  # as printed on this group's boards (none of them the shipped stand-in)
    "southern": ("warm", "moderate", "moderate", "cold", "warm", "cold"),
    "central": ("moderate", "warm", "cold", "moderate", "cold", "warm"),  # a 5 is Cold (W3)
    "northern": ("cold", "cold", "moderate", "warm", "cold", "moderate"),
    "pressing": ("plus_two", "plus_one", "nothing", "tired", "plus_one", "nothing"),
}


def config_for(tmp_path: Path) -> Config:
    return parse_config({"store": {"path": str(tmp_path / "journal.sqlite3")},
                         "table": {"dice": "physical"}})


def start(tmp_path: Path) -> Companion:
    config = config_for(tmp_path)
    return Companion(config, Journal(config.store.path), dice=SeededDice(3),
                     clock=SteppedClock(0.3))


def tick(app: Companion) -> None:
    app.step(wait=0)
    assert isinstance(app.clock, SteppedClock)
    app.clock.tick()


def click(app: Companion, button: Button, seat: int = 0, times: int = 1) -> None:
    for _ in range(times):
        app.events.put(PadEvent(seat, button, Kind.PRESS))
        app.events.put(PadEvent(seat, button, Kind.RELEASE))
        tick(app)


def hold(app: Companion) -> None:
    """Hold ●: one step back."""
    for kind in (Kind.PRESS, Kind.HOLD, Kind.RELEASE):
        app.events.put(PadEvent(0, S, kind))
    tick(app)


def title(app: Companion) -> str:
    return app.controller.frame().menus[0].title


def go(app: Companion, label: str) -> None:
    """◀ ▶ to the item the short way, then ●: what a player reading the screen does."""
    menu = app.controller.frame().menus[0]
    labels = [i.label for i in menu.items if i.enabled]
    assert label in labels, (label, labels, menu.title)
    ahead = (labels.index(label) - labels.index(menu.items[menu.focus].label)) % len(labels)
    if ahead <= len(labels) - ahead:
        click(app, R, times=ahead)
    else:
        click(app, L, times=len(labels) - ahead)
    click(app, S)


def to_top(app: Companion, top: str) -> None:
    for _ in range(6):
        if title(app) == top:
            return
        hold(app)
    raise AssertionError(f"never back at {top!r}: {title(app)!r}")


def w(key: str, language: str, **values: object) -> str:
    return WORDS[key][language].format(**values)


def enter_charts(app: Companion) -> None:
    go(app, "Board charts")
    for name, faces in CHARTS.items():
        go(app, w(f"s.chart.{name}", "en"))
        for face, value in enumerate(faces, start=1):
            assert title(app) == w("s.chart.face", "en", chart=w(f"s.chart.{name}", "en"),
                                   face=face)
            go(app, value_label(value))
        go(app, "Confirm this chart")
    details = {i.label: i.detail for i in app.controller.frame().menus[0].items}
    assert details == dict.fromkeys(
        [w(f"s.chart.{name}", "en") for name in CHARTS], "confirmed")


def switch_language(app: Companion, now: str, to: str, name: str) -> None:
    go(app, w("s.settings", now))
    go(app, w("s.settings.screen_language", now))
    go(app, name)
    assert title(app) == w("s.settings", to)  # the open menu speaks the new language at once
    assert app.controller.config.screen_language == to


def spell(app: Companion, seat_letter: str, name: str) -> None:
    """A name the lists do not have, letter by letter (two steps a letter)."""
    go(app, w("s.names", "de"))
    go(app, w("s.seat", "de", letter=seat_letter))
    go(app, w("s.spell", "de"))
    for letter in name:
        group = next(g for g in app.controller.frame().menus[0].items
                     if letter in g.label.split())
        go(app, group.label)
        go(app, letter)
    go(app, w("s.spell.done", "de"))


def play_round_with_wooden_dice(app: Companion) -> list[tuple[RollKind, int, int]]:
    """Round 1, every seat at its pad (a sensible player each); every roll the wooden
    dice's, entered on the roller's pad."""
    driver = BotDriver(app.controller, dict.fromkeys(range(4), SensibleBot()),
                       random.Random(4), setup_seat=0)
    hand = random.Random(13)
    entered = []
    for _ in range(5000):
        if app.controller.state.round >= 2:
            return entered
        request = app.controller.entry
        if request is not None:
            value = hand.choice(list(request.values))
            entered.append((request.kind, request.seat, value))
            steps = value - request.likely
            click(app, R if steps > 0 else L, request.seat, abs(steps))
            click(app, S, request.seat)
            continue
        for pad_event in driver.presses():
            app.events.put(pad_event)
        tick(app)
    raise AssertionError("round 1 never ended")


def test_a_new_group_sets_the_table_up_on_the_pads_and_finds_it_all_after_a_restart(
        tmp_path: Path) -> None:
    app = start(tmp_path)
    assert title(app) == "New game"
    enter_charts(app)
    to_top(app, "New game")
    switch_language(app, "en", "fr", "Français")
    to_top(app, w("s.title", "fr"))
    switch_language(app, "fr", "de", "Deutsch")
    to_top(app, w("s.title", "de"))
    spell(app, "B", "Kai")
    to_top(app, w("s.title", "de"))
    details = {i.label: i.detail for i in app.controller.frame().menus[0].items}
    assert details[w("s.names", "de")] == "Orange, Kai, Grün, Gelb"
    assert details[w("s.charts", "de")] == w("s.charts.entered", "de")
    go(app, w("s.start", "de"))
    settings = app.controller.state.settings
    assert settings is not None and settings.names == ("Orange", "Kai", "Grün", "Gelb")
    assert settings.charts.placeholders == ()
    assert {name: chart_faces(settings.charts, name) for name in CHARTS} == CHARTS

    entered = play_round_with_wooden_dice(app)
    assert any(kind is RollKind.DOGS for kind, _, _ in entered)
    assert app.game_id is not None
    dogs = [(e.seat, e.dogs) for e in app.journal.load(app.game_id)
            if isinstance(e, ev.DogDiceRolled)]
    assert dogs == [(seat, v) for kind, seat, v in entered if kind is RollKind.DOGS]
    live, game = app.controller.state, app.game_id
    app.close()

    again = start(tmp_path)  # the plug pulled and put back
    try:
        assert again.game_id == game and again.controller.state == live
        assert again.controller.state.phase is not Phase.SETUP
        assert again.controller.config.screen_language == "de"
        assert again.controller.config.physical_dice
        kept = PrefsStore.beside(tmp_path / "journal.sqlite3").load()
        assert kept.screen_language == "de" and "Kai" in (kept.names or ())
        assert kept.seat_names is not None and kept.seat_names[1] == "Kai"
        assert {name: chart(kept, name) for name in CHARTS} == {
            name: ChartPref(faces, confirmed=True) for name, faces in CHARTS.items()}
        resumed = again.controller.state.settings
        assert resumed is not None and resumed.charts.placeholders == ()
        menus = again.controller.frame().menus  # round 2's bids, in German
        words = {m.title for m in menus} | {i.label for m in menus for i in m.items}
        assert w("m.bid.title", "de") in words
        assert not words & {t["en"] for t in WORDS.values() if t["en"] not in (t["de"], t["fr"])}
    finally:
        again.close()
