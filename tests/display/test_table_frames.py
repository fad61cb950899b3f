"""Frames made by the table controller itself, drawn at every supported size.

The screens in `test_screens.py` come from frames built like the controller's; these come
from a `TableController`, so the menus are exactly the ones the table shows: every seat's
reaction-window menu stacked at once, and the game-over screen with the program's
new-game notice (companion/app.py).
"""

from __future__ import annotations

import functools
import random
from dataclasses import replace

import pygame
import pytest
from table.helpers import FakeClock, R, bidding, bot_steps, choose, controller, do, press

from companion.app import NEW_GAME_NOTICE
from companion.display import font_floor, render
from companion.display.menus import LONG_LIST
from companion.rules import commands as c
from companion.rules.bots import sensible_policy
from companion.rules.dice import SeededDice
from companion.rules.model import Phase
from companion.rules.settings import Variants
from companion.table import BotDriver, TableConfig, TableController, TableFrame
from companion.table.frame import Payment
from companion.words import LANGUAGES, WORDS, count, speaking, t
from display.conftest import save_screen

SIZES = [(1920, 1080), (1280, 720), (800, 480)]
GREEN_DOGS = (1, 1, 1, 5, 5, 6, 6, 6)


def window_frames(players: int, language: str = "en") -> dict[str, TableFrame]:
    """Seat 0 moves: the reduce window (every other seat's menu), then, everyone having
    passed, the reroll window (every seat's menu, the roller's too), and the same window
    while seat 1 holds it, choosing (the roller's next menu waits beside it)."""
    state, dice = bidding(players=players)
    state = do(state, dice, *(c.LockBid(s, 0) for s in range(players)))
    dice.push(1)
    state = do(state, dice, c.RollWeather(0), *(c.Pass(s) for s in range(players)))
    ctl, clock = controller(state, dice, config=TableConfig(players=players,
                                                            screen_language=language))
    choose(ctl, 0, c.Move(0))
    frames = {"reduce": ctl.frame()}
    dice.push(*GREEN_DOGS)
    for seat in range(1, players):
        choose(ctl, seat, c.Pass(seat))
    assert ctl.state.phase is Phase.REROLL
    frames["reroll"] = ctl.frame()
    for _ in range(4):  # once the dice have landed and the menu has been seen, seat 1 claims
        clock.advance(1.0)  # the reroll (▶ opens "Pay 3 chips?")
        ctl.tick()
        press(ctl, 1, R)
        if any(m.seat == 1 and m.style != "buttons" for m in ctl.frame().menus):
            break
    frames["reroll_claimed"] = ctl.frame()
    return frames


def save(surface: pygame.Surface, name: str) -> None:
    size = surface.get_size()
    save_screen(surface, f"{name}_{size[0]}x{size[1]}.png")


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("kind", ["reduce", "reroll"])
@pytest.mark.parametrize("players", [4, 6])
def test_stacked_window_menus_fit_without_overlap(players: int, kind: str,
                                                  size: tuple[int, int]) -> None:
    frame = window_frames(players)[kind]
    menus = frame.menus
    offers = [m for m in menus if m.style == "buttons"]
    if kind == "reduce":
        assert len(offers) == len(menus) == players - 1
    else:  # the roller chooses its next step ahead; everyone else is offered the reroll
        assert [m.seat for m in menus if m not in offers] == [0]
        assert len(offers) == players - 1
    surface = pygame.Surface(size)
    log = render(frame, surface)
    save(surface, f"table_{players}p_{kind}_window")
    assert log.problems() == []
    assert min(d.size for d in log.draws) >= font_floor(size[1])
    # the same offer to every seat is one block: each of its buttons (● no, ◀ and ▶ what
    # else) is drawn once, whole
    glyphs = {"select": "●", "left": "◀", "right": "▶"}
    buttons = [f"{glyphs[item.button]} {item.label}" for item in offers[0].items]
    assert buttons[0] == "● No" and len(buttons) == 3
    assert any(b.startswith("◀ Take dice" if kind == "reduce" else "▶ Reroll")
               for b in buttons)
    for button in buttons:
        drawn = {d.source for d in log.draws if d.source.startswith(button)}
        assert len(drawn) == 1, button
    assert all(d.fit != "ellipsized" for d in log.draws)


def test_the_layout_check_catches_text_drawn_over_text() -> None:
    from companion.display.paint import Painter

    surface = pygame.Surface((800, 480))
    p = Painter(surface)
    p.text("Reroll Peter's dog dice?", pygame.Rect(10, 10, 400, 40))
    p.text("◀ pass · ● pay 3", pygame.Rect(10, 20, 400, 40))
    assert any("overlaps" in problem for problem in p.log.problems())
    surface.set_clip(pygame.Rect(0, 0, 800, 100))
    p.text("▼ 1 more", pygame.Rect(10, 90, 400, 40))
    surface.set_clip(None)
    assert any("cut off" in problem for problem in p.log.problems())


def finished_game() -> TableController:
    clock = FakeClock()
    ctl = TableController(dice=SeededDice(3), clock=clock)
    driver = BotDriver(ctl, dict.fromkeys(range(4), sensible_policy), random.Random(3))
    for _ in bot_steps(ctl, driver, clock, pace=0.3):
        if ctl.state.phase is Phase.GAME_OVER:
            return ctl
    raise AssertionError("the game did not end")


@pytest.mark.slow
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_game_over_with_the_new_game_notice(size: tuple[int, int]) -> None:
    ctl = finished_game()
    frame = ctl.frame()
    frame = replace(frame, notices=(*frame.notices, NEW_GAME_NOTICE))  # as the app does
    assert frame.screen == "game_over" and frame.stats is not None and frame.stats.seats
    surface = pygame.Surface(size)
    log = render(frame, surface)
    save(surface, "table_game_over_new_game")
    assert log.problems() == []
    notice = [d for d in log.draws if d.source == NEW_GAME_NOTICE.text]
    assert len(notice) == 1 and notice[0].fit in ("full", "shrunk")
    assert notice[0].size >= font_floor(size[1])
    assert any(d.text.endswith("wins!") for d in log.draws)
    names = {row.name for row in frame.stats.seats}
    assert names <= {d.text for d in log.draws}


EVERY_SCREEN = ("setup", "training", "bidding", "reveal", "early_riser", "weather", "turn",
                "rest", "reduce", "dogs", "moving", "terrain", "avalanche", "pressing",
                "round_end", "game_over")
"""Every screen name the controller gives its frames."""

NAMES = ("Leonhard", "Bartholomew-Maximilian", "Libby", "Rick", "Françoise-Anne", "Ute")
"""Seat names as a group may give them: long ones (and one near the 24-letter limit), so
the menus, payments and countdowns that say a name are tried with it."""


def crowding(frame: TableFrame) -> int:
    """How much a frame asks of the screen: seats choosing at once first, then the words
    of their menus, the payments and notices listed."""
    words = sum(len(m.title) + len(m.note) + sum(len(i.label) + len(i.detail) for i in m.items)
                for m in frame.menus)
    return (1000 * len(frame.menus) + words + 200 * len(frame.payments)
            + 100 * len(frame.notices) + 300 * len(frame.countdown.holders
                                                    if frame.countdown else ()))


def controller_screens(players: int, language: str = "en") -> dict[str, TableFrame]:
    """Frames of every screen from bot games played through the controller, with the
    menus and notices in `language` and the seat names as in a real setup: of each screen
    the first settled frame, the first mid-animation one, and the most crowded two (the
    most seats choosing at once, the longest words), from a table that waits for the
    animations (presses 1.5 s apart) and one that presses ahead (0.4 s)."""
    first: dict[str, TableFrame] = {}
    crowded: dict[str, list[tuple[int, int, TableFrame]]] = {}
    config = TableConfig(players=players, seat_names=NAMES[:players],
                         variants=Variants(avalanches_at_start=True), screen_language=language)
    games = 0
    for seed in range(1, 10):
        for pace in (1.5, 0.4):
            clock = FakeClock()
            ctl = TableController(dice=SeededDice(seed), clock=clock, config=config)
            driver = BotDriver(ctl, dict.fromkeys(range(players), sensible_policy),
                               random.Random(seed))
            for step in bot_steps(ctl, driver, clock, limit=40_000, pace=pace):
                frame = ctl.frame()
                key = frame.screen if frame.animation is None else f"{frame.screen}_animated"
                first.setdefault(key, frame)
                kept = crowded.setdefault(frame.screen, [])
                kept.append((crowding(frame), -step, frame))
                kept.sort(key=lambda k: (k[0], k[1]), reverse=True)
                del kept[2:]
                if ctl.state.phase is Phase.GAME_OVER:
                    break
            games += 1
        if set(EVERY_SCREEN) <= set(first) and games >= 4:
            break
    frames = dict(first)
    for screen, kept in crowded.items():
        for i, (_, _, frame) in enumerate(kept):
            if all(frame is not other for other in frames.values()):
                frames[f"{screen}_crowded{i + 1}"] = frame
    return frames


# The games are played once per test process, when a test first needs them (not while
# the tests are collected), and the tests that use them share one worker.
controller_frames = functools.cache(controller_screens)
shares_the_games = pytest.mark.xdist_group("table_frames_controller_screens")


@shares_the_games
@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("players", [4, 6])
def test_bot_games_show_every_screen(players: int, language: str) -> None:
    frames = controller_frames(players, language)
    assert set(EVERY_SCREEN) <= set(frames)
    # and the crowded moments this is about: several seats choosing at once
    assert max(len(f.menus) for f in frames.values()) >= players - 1


def item_words(frame: TableFrame) -> list[tuple[int, str]]:
    """(seat, label) of every item of every menu short enough to be drawn whole (a long
    list scrolls around its focus)."""
    return [(m.seat, i.label) for m in frame.menus if len(m.items) < LONG_LIST
            for i in m.items if m.style != "bid"]


@shares_the_games
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("players", [4, 6])
def test_every_controller_screen_is_whole(players: int, language: str,
                                          size: tuple[int, int]) -> None:
    """Every screen of the controller, with its own menus, at 1920x1080, 1280x720 and
    800x480, in English, French and German: no text leaves its box or area, none is drawn
    over another, none is under the size floor, none is cut short (but a name alone in its
    seat's card), and every item of every menu can be read whole, the menu of the seat
    whose turn it is too while others choose. Each screen is saved as a PNG."""
    found = {}
    for name, frame in sorted(controller_frames(players, language).items()):
        surface = pygame.Surface(size)
        log = render(frame, surface, language=language)
        save(surface, f"every/{players}p_{language}_{name}")
        problems = list(log.problems())
        assert log.draws
        assert min(d.size for d in log.draws) >= font_floor(size[1])
        whole = " | ".join(log.whole())
        problems += [f"seat {seat}'s item {label!r} is not on the screen whole"
                     for seat, label in item_words(frame) if label not in whole]
        if problems:
            found[name] = problems
    assert found == {}


# --- the texts that used to be cut or drawn over each other --------------------------------


def whole_texts(frame: TableFrame, size: tuple[int, int], language: str, name: str) -> str:
    surface = pygame.Surface(size)
    log = render(frame, surface, language=language)
    save(surface, f"whole/{name}_{language}")
    assert log.problems() == []
    return " | ".join(log.whole())


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_take_dice_offer_reads_whole_in_german_on_every_screen(size: tuple[int, int]
                                                                    ) -> None:
    """Was "● Würfel wegne… ◀ 1 Chip zum… ▶ Ne…" on the 7" screen."""
    frame = window_frames(6, "de")["reduce"]
    texts = whole_texts(frame, size, "de", "6p_take_dice")
    offer = next(m for m in frame.menus if m.style == "buttons")
    for item in offer.items:
        assert item.label in texts, (item.label, texts)
    assert "Würfel kürzen" not in texts and "Würfel wegnehmen" in texts


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_a_french_payment_line_reads_whole(size: tuple[int, int]) -> None:
    """Was "Orange a payé 2 jetons pour retirer des dés à Bl…": a payment goes on over
    a second line rather than lose its end."""
    frame = window_frames(6, "fr")["reroll"]
    with speaking("fr"):
        text = t("p.reduce", who=NAMES[4], n=count(2, "chip"), name=NAMES[1])
    frame = replace(frame, payments=(Payment(4, 2, "reduce", 1, text=text),))
    assert text in whole_texts(frame, size, "fr", "6p_payment")


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("language", LANGUAGES)
def test_the_rollers_options_stay_whole_while_another_seat_chooses(
        language: str, size: tuple[int, int]) -> None:
    """Was "● Done moving ▼ 2 more" (and "Déplacement fini" drawn over "▼ 2 de plus"):
    while seat 1 holds the reroll window, the roller's next menu shows every one of its
    items whole, and so does the menu of the seat choosing."""
    frame = window_frames(6, language)["reroll_claimed"]
    roller = next(m for m in frame.menus if m.seat == 0)
    chooser = next(m for m in frame.menus if m.seat == 1)
    assert chooser.style != "buttons" and len(roller.items) >= 3
    texts = whole_texts(frame, size, language, "6p_roller_waits")
    for item in (*roller.items, *chooser.items):
        assert item.label in texts, (item.label, texts)
    assert "▼" not in texts and "▲" not in texts


@shares_the_games
def test_a_rest_choice_and_its_detail_read_whole_at_1080() -> None:
    """Was "▶ Other choices 3 dogs · 2 dogs + 2 ch…" at 1920x1080: a detail too long to
    share the label's line goes under it, whole."""
    found = 0
    for players, language in ((p, lang) for p in (4, 6) for lang in LANGUAGES):
        frames = controller_frames(players, language)
        for name, frame in frames.items():
            for menu in frame.menus:
                for item in menu.items:
                    if item.detail and item.label == WORDS["m.rest.others"][language]:
                        texts = whole_texts(frame, (1920, 1080), language,
                                            f"{players}p_rest_others_{name}")
                        assert item.detail in texts, (item.detail, texts)
                        found += 1
    assert found
