"""Frames made by the table controller itself, drawn at every supported size.

The screens in `test_screens.py` come from frames built like the controller's; these come
from a `TableController`, so the menus are exactly the ones the table shows: every seat's
reaction-window menu stacked at once, and the game-over screen with the program's
new-game notice (companion/app/loop.py).
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable
from dataclasses import dataclass, field, replace

import pygame
import pytest
from table.helpers import (
    TRAININGS,
    Dice,
    FakeClock,
    L,
    R,
    S,
    bidding,
    bot_steps,
    choose,
    controller,
    do,
    press,
)

from companion.app.loop import new_game_notice
from companion.config.table import TableConfig
from companion.display import font_floor, render
from companion.display.menu_plan import LONG_LIST
from companion.games.mush import commands as c
from companion.games.mush.bots import sensible_policy
from companion.games.mush.config import MushSetup
from companion.games.mush.dice import SeededDice
from companion.games.mush.engine import apply, start_game
from companion.games.mush.model import Phase
from companion.games.mush.settings import Settings, Variants
from companion.games.mush.table.bots import BotDriver
from companion.games.mush.table.controller import TableController
from companion.games.mush.table.frame import Payment, TableFrame
from companion.i18n import LANGUAGES, WORDS, count, speaking, t
from companion.pads.events import Button, PadEvent
from companion.table.virtual import click
from display.conftest import save_screen

SIZES = [(1920, 1080), (1280, 720), (800, 480)]
GREEN_DOGS = (1, 1, 1, 5, 5, 6, 6, 6)


@functools.cache  # (the frames are never changed: each test draws its own copy)
def LONG_WINDOWS(players: int, language: str) -> TableConfig:
    """Windows that stay open while a test takes its frames one press after another."""
    return TableConfig(players=players, screen_language=language, reduce_seconds=5.0,
                       reroll_seconds=5.0)


def window_frames(players: int, language: str = "en") -> dict[str, TableFrame]:
    """Seat 0 moves: the reduce window (every other seat's menu), then, everyone having
    passed, the reroll window (every seat's menu, the roller's too), and the same window
    while seat 1 holds it, choosing (the roller's next menu waits beside it)."""
    state, dice = bidding(players=players)
    state = do(state, dice, *(c.LockBid(s, 0) for s in range(players)))
    dice.push(1)
    state = do(state, dice, c.RollWeather(0), *(c.Pass(s) for s in range(players)))
    ctl, clock = controller(state, dice, config=LONG_WINDOWS(players, language))
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


@functools.cache  # one game a test process, for every size
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
    frame = replace(frame, notices=(*frame.notices, new_game_notice()))  # as the app does
    assert frame.screen == "game_over" and frame.stats is not None and frame.stats.seats
    surface = pygame.Surface(size)
    log = render(frame, surface)
    save(surface, "table_game_over_new_game")
    assert log.problems() == []
    notice = [d for d in log.draws if d.source == new_game_notice().text]
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


GAMES = ((1, 1.5), (1, 0.4), (2, 1.5), (2, 0.4))
"""The bot games (seed, seconds between presses) whose screens are checked: tables that
wait for the animations and tables that press ahead."""


MOMENTS: dict[str, Callable[[TableFrame], bool]] = {
    "waiting": lambda f: any(m.waiting for m in f.menus),
    "confirm": lambda f: any(m.confirm for m in f.menus),
    "held": lambda f: f.countdown is not None and f.countdown.held,
}
"""Moments whatever the screen, of which the first and the most crowded frame are kept
too: a menu drawn waiting for its dice ("Wait…"), a "Pay n chips?" confirmation, a
countdown held by the seats choosing ("Reroll: held 2 s")."""


@dataclass
class Kept:
    """The frames kept of the games in the first language, and where they were met."""

    first: dict[str, tuple[int, int, TableFrame]] = field(default_factory=dict)
    crowded: dict[str, list[tuple[int, int, int, TableFrame]]] = field(default_factory=dict)

    def see(self, game: int, step: int, frame: TableFrame) -> None:
        key = frame.screen if frame.animation is None else f"{frame.screen}_animated"
        self.first.setdefault(key, (game, step, frame))
        self._crowd(frame.screen, game, step, frame, 2)
        for moment, happens in MOMENTS.items():
            if happens(frame):
                self.first.setdefault(moment, (game, step, frame))
                self._crowd(moment, game, step, frame, 1)

    def _crowd(self, key: str, game: int, step: int, frame: TableFrame, most: int) -> None:
        kept = self.crowded.setdefault(key, [])
        kept.append((crowding(frame), game, step, frame))
        kept.sort(key=lambda k: (k[0], -k[1], -k[2]), reverse=True)
        del kept[most:]

    def named(self) -> dict[str, tuple[int, int, TableFrame]]:
        """Each kept frame by name: the first frame of each screen (settled and animated)
        and moment, then the most crowded ones when they are other frames."""
        frames = dict(self.first)
        for screen, kept in self.crowded.items():
            for i, (_, game, step, frame) in enumerate(kept):
                if all((game, step) != where[:2] for where in frames.values()):
                    frames[f"{screen}_crowded{i + 1}"] = (game, step, frame)
        return frames


def table(players: int, seed: int, language: str) -> tuple[TableController, FakeClock]:
    config = TableConfig(players=players, seat_names=NAMES[:players],
                         game=MushSetup(variants=Variants(avalanches_at_start=True)),
                         screen_language=language)
    clock = FakeClock()
    return TableController(dice=SeededDice(seed), clock=clock, config=config), clock


class Recorder:
    """A bot driver whose presses are written down, step by step, to be played again."""

    def __init__(self, driver: BotDriver) -> None:
        self.driver = driver
        self.steps: list[tuple[list[PadEvent], bool]] = []

    @property
    def paying(self) -> bool:
        return self.driver.paying

    def presses(self) -> list[PadEvent]:
        events = self.driver.presses()
        self.steps.append((events, self.driver.paying))
        return events


def same_game(frame: TableFrame, other: TableFrame) -> bool:
    """Two frames of the same moment, whatever their language: the same screen and the
    same menus offering the same commands."""
    def shape(f: TableFrame) -> object:
        return (f.screen, f.animation is None,
                [(m.seat, m.style, m.focus, [i.command for i in m.items]) for m in f.menus])
    return shape(frame) == shape(other)


def controller_screens(players: int) -> dict[str, dict[str, TableFrame]]:
    """Frames of every screen from bot games played through the controller, in each
    language (`LANGUAGES`: the menus and notices worded by the controller itself) with
    the seat names as in a real setup: of each screen the first settled frame, the first
    mid-animation one, and the most crowded two (the most seats choosing at once, the
    longest words), and the first and most crowded of each of the `MOMENTS`, from the
    `GAMES`.

    The bots play each game once, in English, at each step against the menus in front of
    them; the same presses at the same moments then play the game again in French and in
    German up to its last kept frame (a table's language changes none of its rules), and
    each frame kept is taken there too, checked to be of the same moment."""
    kept = Kept()
    played = []
    first, *others = LANGUAGES
    for game, (seed, pace) in enumerate(GAMES):
        ctl, clock = table(players, seed, first)
        recorder = Recorder(BotDriver(ctl, dict.fromkeys(range(players), sensible_policy),
                                      random.Random(seed)))
        for step in bot_steps(ctl, recorder, clock, limit=40_000, pace=pace):
            kept.see(game, step, ctl.frame())
            if ctl.state.phase is Phase.GAME_OVER:
                break
        played.append(recorder.steps)
    named = kept.named()
    screens = {first: {name: frame for name, (_, _, frame) in named.items()}}
    for language in others:
        frames: dict[str, TableFrame] = {}
        for game, (seed, pace) in enumerate(GAMES):
            wanted: dict[int, list[str]] = {}
            for name, (g, step, _) in named.items():
                if g == game:
                    wanted.setdefault(step, []).append(name)
            if not wanted:
                continue
            ctl, clock = table(players, seed, language)
            for step, (events, paying) in enumerate([*played[game], ([], False)]):
                if step in wanted:
                    frame = ctl.frame()
                    for name in wanted[step]:
                        assert same_game(frame, named[name][2]), (language, game, step)
                        frames[name] = frame
                if step >= max(wanted):
                    break
                if not events and paying:
                    clock.advance(ctl.config.pay_guard_seconds)
                elif not events:
                    clock.advance(30)
                    ctl.tick()
                for event in events:
                    ctl.handle(event)
                clock.advance(pace)
        assert frames.keys() == named.keys()
        screens[language] = frames
    return screens


# The games are played when a test first needs them (not while the tests are collected),
# once per test process; one test per number of players uses them, in every language at
# every size (pytest-xdist would play them again on each worker that needs them).
controller_frames = functools.cache(controller_screens)


def item_words(frame: TableFrame, whole: str) -> list[tuple[int, str]]:
    """(seat, words) of every item of every menu short enough to be drawn whole (a long
    list scrolls around its focus) that `whole` (the screen's texts) lacks: its label
    (or the label written for a narrow row), and its detail when it has one."""
    return [(m.seat, words) for m in frame.menus if len(m.items) < LONG_LIST
            for i in m.items if m.style != "bid"
            for words, short in ((i.label, i.short), (i.detail, ""))
            if words and words not in whole and not (short and short in whole)]


@pytest.mark.slow
@pytest.mark.parametrize("players", [4, 6])
def test_every_controller_screen_is_whole(players: int) -> None:
    """Every screen of the controller, with its own menus, at 1920x1080, 1280x720 and
    800x480, in English, French and German: no text leaves its box or area, none is drawn
    over another, none is under the size floor, none is cut short (but a name alone in its
    seat's card), and every item of every menu can be read whole, its detail too (a rest
    choice's "3 dogs · 2 dogs + 2 chips" was cut at 1080), the menu of the seat whose turn
    it is too while others choose. The games show every screen, and the crowded moments
    this is about: all but one seat, or all, choosing at once."""
    games = controller_frames(players)
    found = {}
    rest_details = 0
    for language, frames in games.items():
        assert {name.removesuffix("_animated") for name in frames} >= {*EVERY_SCREEN,
                                                                        *MOMENTS}
        assert max(len(f.menus) for f in frames.values()) >= players - 1
        for size in SIZES:
            for name, frame in sorted(frames.items()):
                surface = pygame.Surface(size)
                log = render(frame, surface, language=language)
                save(surface, f"every/{players}p_{language}_{name}")
                problems = list(log.problems())
                assert log.draws
                assert min(d.size for d in log.draws) >= font_floor(size[1])
                whole = " | ".join(log.whole())
                problems += [f"seat {seat}'s item {words!r} is not on the screen whole"
                             for seat, words in item_words(frame, whole)]
                rest_details += any(i.detail and i.label == WORDS["m.rest.others"][language]
                                    for m in frame.menus for i in m.items)
                if problems:
                    found[f"{language} {size[0]}x{size[1]} {name}"] = problems
    assert found == {}
    assert rest_details  # the rest choice with the longest detail was among them


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


# --- the presses the table drops, waits for or asks to confirm ---------------------------


def moving(players: int, language: str) -> tuple[TableController, FakeClock, Dice]:
    """Round 1, the weather rolled: seat 0 (Leonhard) is about to move; the seats carry
    the long `NAMES`."""
    dice = Dice(1)
    state, _ = start_game(Settings.make(NAMES[:players]), dice)
    for seat in range(players):
        if seat == players - 1:
            dice.push(1)  # the Ice Bear
        state, _ = apply(state, c.ChooseTraining(seat, TRAININGS[seat]), dice)
    state = do(state, dice, *(c.LockBid(s, 0) for s in range(players)))
    dice.push(1)
    state = do(state, dice, c.RollWeather(0), *(c.Pass(s) for s in range(players)))
    ctl, clock = controller(state, dice, config=LONG_WINDOWS(players, language))
    return ctl, clock, dice


def tap(ctl: TableController, seat: int, button: Button) -> None:
    """A press with no moment before it: on a menu that has just changed, or is waiting
    for its dice, the table drops it and says so."""
    for event in click(seat, button):
        ctl.handle(event)


@functools.cache
def press_frames(players: int, language: str) -> dict[str, TableFrame]:
    """The take-dice and reroll windows as presses meet them: a press too soon by one
    seat and by all, the offers waiting for the dog dice, the claims (◀ take dice, then
    a die and its "Take 1 die … for 2 chips?"; ▶ "1 chip · Not till my turn"; the
    reroll's "Pay 3 chips …?") with the countdown held and its seconds."""
    ctl, clock, dice = moving(players, language)
    tap(ctl, 2, S)  # the take-dice offer has just appeared with the turn
    frames = {"reduce_too_soon": ctl.frame()}
    for seat in range(1, players):
        tap(ctl, seat, L)
    frames["reduce_all_too_soon"] = ctl.frame()
    choose(ctl, 0, c.Move(0))
    frames["reduce_open"] = ctl.frame()
    clock.advance(1.0)
    ctl.tick()
    press(ctl, 1, L)  # take dice: the claim
    frames["reduce_claimed"] = ctl.frame()
    press(ctl, 1, S)  # one die
    frames["reduce_confirm"] = ctl.frame()
    press(ctl, 3, R)  # 1 chip · not till my turn
    frames["reduce_two_claims"] = ctl.frame()
    ctl, clock, dice = moving(players, language)
    choose(ctl, 0, c.Move(0))
    dice.push(*GREEN_DOGS)
    for seat in range(1, players):
        choose(ctl, seat, c.Pass(seat))
    frames["reroll_waiting"] = ctl.frame()
    tap(ctl, 3, S)
    frames["reroll_waiting_pressed"] = ctl.frame()
    for _ in range(4):
        clock.advance(1.0)
        ctl.tick()
        press(ctl, 1, R)
        if any(m.seat == 1 and m.confirm for m in ctl.frame().menus):
            break
    frames["reroll_confirm"] = ctl.frame()
    clock.advance(2.0)
    ctl.tick()
    frames["reroll_confirm_later"] = ctl.frame()
    return frames


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("players", [4, 6])
def test_the_presses_dropped_waited_for_and_confirmed_read_whole(players: int,
                                                                  language: str) -> None:
    """"Too soon: press again" (in a seat's own offer, and in the offer all seats share),
    "Wait…" on menus drawn dim until the dice land, "Pay n chips?" and the take-dice
    confirmations, and "Reroll: held 3 s" over a held countdown: every one whole at
    1920x1080, 1280x720 and 800x480, with every item of every menu beside it."""
    frames = press_frames(players, language)
    too_soon, wait = WORDS["c.too_soon"][language], WORDS["m.wait"][language]
    notes = {name: {m.note for m in frame.menus} for name, frame in frames.items()}
    assert notes["reduce_too_soon"] >= {too_soon, ""}
    assert {m.note for m in frames["reduce_all_too_soon"].menus if m.seat != 0} == {too_soon}
    assert all(m.waiting for m in frames["reroll_waiting"].menus) and notes[
        "reroll_waiting"] == {wait}
    assert any(m.confirm for m in frames["reduce_confirm"].menus)
    assert any(m.confirm for m in frames["reroll_confirm"].menus)
    held = [f.countdown for f in frames.values() if f.countdown and f.countdown.held]
    assert len(held) >= 4 and all(cd.hold_left > 0 for cd in held)
    found = {}
    for size in SIZES:
        for name, frame in frames.items():
            surface = pygame.Surface(size)
            log = render(frame, surface, language=language)
            save(surface, f"presses/{players}p_{language}_{name}")
            whole = " | ".join(log.whole())
            problems = list(log.problems())
            problems += [f"note {m.note!r} of seat {m.seat}" for m in frame.menus
                         if m.note and m.note not in whole]
            problems += [f"item {words!r} of seat {seat}"
                         for seat, words in item_words(frame, whole)]
            if frame.countdown and frame.countdown.held:
                n = round(frame.countdown.hold_left)
                with speaking(language):
                    said = {t("countdown.held_for", seconds=n, what=t(
                        f"countdown.{frame.countdown.kind}")),
                            t("countdown.held_short_for", seconds=n)}
                if not said & {d.source for d in log.draws if d.fit != "ellipsized"}:
                    problems.append(f"the held countdown does not say {said}")
            if min(d.size for d in log.draws) < font_floor(size[1]):
                problems.append("a text under the floor")
            if problems:
                found[f"{size[0]}x{size[1]} {name}"] = problems
    assert found == {}
