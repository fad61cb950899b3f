"""Every Canoe screen at three sizes in each language, every text whole (the layout log):
setup, the turn with the throw's line, the card drawn, a Destination card held, game
over. `make screens` writes them to test-artifacts/screens/ to look at."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable
from functools import cache

import pygame
import pytest
from run_shared import once_a_run, run_folder

from companion.app.runner import SteppedClock
from companion.config.table import TableConfig
from companion.display import render
from companion.games.canoe.bots import SensibleBot
from companion.games.canoe.table import CanoeFrame, CanoeScreen, CanoeTable
from companion.games.canoe.table.bots import CanoeBotDriver
from companion.games.mush.dice import SeededDice
from companion.i18n import LANGUAGES, speaking, t
from companion.table.frame import Notice
from display.conftest import save_screen

SIZES = ((800, 480), (1280, 720), (1920, 1080))
MOMENTS = ("setup", "turn", "throw", "card", "destination", "over")
WITHIN = set(MOMENTS) - {"over"}  # the moments met during a trip, before its end


def play_moments(language: str, players: int) -> dict[str, CanoeFrame]:
    """One bot trip's frames at each moment worth a screen: the first of each kind (a
    trip's frames after the last of them is found are not drawn; its bots' presses, not
    the frames, take most of the few seconds a trip lasts)."""
    clock = SteppedClock(0.3)
    config = TableConfig(players=players, language=language, screen_language=language)
    table = CanoeTable(dice=SeededDice(3), clock=clock, config=config)
    driver = CanoeBotDriver(table, dict.fromkeys(range(players), SensibleBot()),
                            random.Random(3))
    found = {"setup": table.frame()}
    seen = table.state
    for _ in range(20_000):
        if table.over:
            break
        for event in driver.presses():
            table.handle(event)
        clock.tick()
        if table.state is seen or found.keys() >= WITHIN:
            continue  # once every moment of the trip is found, only its end is drawn
        seen = table.state
        frame = table.frame()
        view = frame.view
        assert view is not None
        if frame.screen is CanoeScreen.TURN:
            found.setdefault("throw" if view.throw is not None else "turn", frame)
            held = view.active is not None and view.seats[view.active].destination
            if held and view.throw is not None:
                found.setdefault("destination", frame)
        elif frame.screen is CanoeScreen.CARD:
            found.setdefault("card", frame)
    found["over"] = table.frame()
    return found


@pytest.fixture(scope="session")
def moments(tmp_path_factory: pytest.TempPathFactory
            ) -> Callable[[str, int], dict[str, CanoeFrame]]:
    """`play_moments`, each trip played once a run: a test of another worker reads the
    frames of a trip played already (the frames are only read: each test draws them)."""
    folder = run_folder(tmp_path_factory)

    @cache
    def played(language: str, players: int) -> dict[str, CanoeFrame]:
        return once_a_run(folder, f"canoe-moments-{language}-{players}",
                          lambda: play_moments(language, players))
    return played


@pytest.mark.parametrize("players", [2, 6])
@pytest.mark.parametrize("language", LANGUAGES)
def test_every_canoe_screen_is_whole_at_every_size(
        moments: Callable[[str, int], dict[str, CanoeFrame]], language: str, players: int
        ) -> None:
    frames = moments(language, players)
    assert set(frames) == set(MOMENTS)
    assert frames["over"].screen is CanoeScreen.GAME_OVER
    for moment, frame in frames.items():
        for size in SIZES:
            surface = pygame.Surface(size)
            log = render(frame, surface, language=language)
            assert log.draws, moment
            assert log.problems() == [], (moment, size, language)
            save_screen(surface, f"canoe-{players}p-{moment}-{size[0]}x{size[1]}-{language}.png")


def test_the_screen_shows_what_a_player_reads(
        moments: Callable[[str, int], dict[str, CanoeFrame]]) -> None:
    # A1: every score; E3, E4: the weather and the throw's line; K5: the card large
    frames = moments("en", 2)
    texts = render(frames["throw"], pygame.Surface((1280, 720))).texts()
    view = frames["throw"].view
    assert view is not None and view.throw is not None
    for seat in view.seats:
        assert seat.name in texts and str(seat.score) in texts
    assert {"Lake", "River", "Portage", "Poling"} <= set(texts)
    assert f"{view.seats[view.active or 0].name} threw {view.throw.face}" in texts
    card = frames["card"].view
    assert card is not None and card.shown is not None
    shown = render(frames["card"], pygame.Surface((1280, 720))).whole()
    assert card.shown.text in shown
    assert f"{card.shown.points:+d} points" in shown or "0 points" in shown
    french = render(moments("fr", 2)["card"], pygame.Surface((1280, 720)),
                    language="fr").texts()
    assert "Les cartes sont montrées en anglais, comme imprimées." in french


def test_each_player_s_line_says_where_the_rules_hold_the_canoe() -> None:
    # L2, L5, L6: the summit, the region's exit, the point
    from canoe_harness import Trip

    from companion.games.canoe import commands as c
    from companion.games.canoe.screen import seat_status
    from companion.games.canoe.views import public_view

    trip = Trip(3)
    trip.roll(3)
    trip.do(c.Climb(0, 20))
    trip.roll(3)
    trip.do(c.ReachUnmapped(1, 2))
    trip.roll(4)
    trip.do(c.WaitAtPoint(2))
    trip.roll(2)  # seat 0 comes down; seat 1 enters with a 5 next
    trip.end()
    trip.roll(5)
    view = public_view(trip.state)
    assert "in the Unmapped Region, out by 5" in seat_status(view, view.seats[1])
    assert "by Dangerous Point, waiting for a 5" in seat_status(view, view.seats[2])
    summit = Trip(2)
    summit.roll(3)
    summit.do(c.Climb(0, 20))
    view = public_view(summit.state)
    assert "on the summit of Raven Rock" in seat_status(view, view.seats[0])


@pytest.mark.parametrize("language", LANGUAGES)
def test_l9_the_turn_shows_ahead_or_behind_for_every_canoe_out_before_anyone_asks(
        language: str) -> None:
    from canoe_harness import six_out

    from companion.games.canoe import commands as c
    from companion.games.canoe.model import Pile
    from companion.games.canoe.table.frame import share_line
    from companion.i18n import speaking

    trip = six_out()
    config = TableConfig(players=6, language=language, screen_language=language)
    before = CanoeTable(trip.state, trip.dice, SteppedClock(0.3), config,
                        history=list(trip.events))
    trip.roll(2)
    table = CanoeTable(trip.state, trip.dice, SteppedClock(0.3), config,
                       history=list(trip.events))
    frame = table.frame()
    with speaking(language):
        line = share_line(frame.view)
    assert line is not None and "Bob" in line and "Cy, Ed" in line
    assert "Di" not in line and "Flo" not in line  # at the rock, home: on no space
    for size in SIZES:
        surface = pygame.Surface(size)
        log = render(frame, surface, language=language)
        assert log.problems() == [], (size, language)
        assert line in log.whole(), (size, language)  # whole, on one line or wrapped
        save_screen(surface, f"canoe-6p-shared-{size[0]}x{size[1]}-{language}.png")
    # before the throw, and once the canoe has landed, nothing to answer
    assert all(line not in text for text in render(before.frame(), pygame.Surface(
        (1280, 720)), language=language).whole())
    trip.do(c.Land(0, Pile.CANOE))
    landed = CanoeTable(trip.state, trip.dice, SteppedClock(0.3), config,
                        history=list(trip.events))
    assert all(line not in text for text in render(landed.frame(), pygame.Surface(
        (1280, 720)), language=language).whole())


@pytest.mark.parametrize("language", LANGUAGES)
def test_c6_a_card_drawn_for_the_last_go_s_landing_says_so_whole_at_every_size(
        moments: Callable[[str, int], dict[str, CanoeFrame]], language: str) -> None:
    # C6: the card screen names the last go's landing; its notice and the hand-over
    # notice (C4) are whole on the smallest screen too
    frame = moments(language, 6)["card"]
    view = frame.view
    assert view is not None and view.shown is not None
    name = view.seats[view.shown.seat].name
    with speaking(language):
        drew = t("cv.drew_late", name=name, pile=t(f"cp.{view.shown.pile.value}"))
        notices = (Notice(t("cn.late", name=name, mark="C")),
                   Notice(t("cn.handed_over", name=name), view.shown.seat))
    late = dataclasses.replace(frame, view=dataclasses.replace(
        view, shown=dataclasses.replace(view.shown, late=True)), notices=notices)
    for size in SIZES:
        log = render(late, pygame.Surface(size), language=language)
        assert log.problems() == [], (size, language)
        assert drew in log.whole()
