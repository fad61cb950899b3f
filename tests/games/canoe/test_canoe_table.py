"""The Canoe game at the table: setup from the pads, a whole trip through the real app on
keyboard pads, resume after a kill, undo of bookkeeping only, the wooden die, the config's
`[game] name`, and MUSH's table untouched by the second game."""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pygame
import pytest

from companion.app.journals import journal_beside
from companion.app.loop import Companion
from companion.app.runner import SteppedClock
from companion.config.file import parse_config
from companion.config.table import TableConfig
from companion.display import render
from companion.exc import ConfigError
from companion.games.canoe import GAME
from companion.games.canoe import commands as cmd
from companion.games.canoe import events as ev
from companion.games.canoe.bots import SensibleBot
from companion.games.canoe.engine import start_game
from companion.games.canoe.model import Attraction, CardMode, Phase, Pile, Weather
from companion.games.canoe.phones import card_json
from companion.games.canoe.settings import Settings
from companion.games.canoe.table import CanoeScreen, CanoeTable
from companion.games.canoe.table.bots import CanoeBotDriver
from companion.games.canoe.table.memory import remember
from companion.games.mush.dice import SeededDice
from companion.games.mush.table.controller import TableController
from companion.pads.config import default_keys
from companion.pads.events import Button, Kind, PadEvent
from companion.pads.keyboard import KeyboardPads
from companion.pads.keys import key_code
from companion.store import Journal
from companion.table.outcome import Outcome

KEYS = {(s.seat, b): key_code(name) for s in default_keys()
        for b, name in ((Button.LEFT, s.left), (Button.SELECT, s.select),
                        (Button.RIGHT, s.right))}


class KeyboardTable:
    """The real app with keyboard pads: each press is a key going down and up."""

    def __init__(self, app: Companion, pads: KeyboardPads, clock: SteppedClock) -> None:
        self.app, self.pads, self.clock = app, pads, clock

    def key(self, event: PadEvent) -> None:
        code = KEYS[(event.seat, event.button)]
        if event.kind is Kind.PRESS:
            self.pads.handle_ui_event(pygame.event.Event(pygame.KEYDOWN, key=code))
        elif event.kind is Kind.HOLD:  # the key stays down until the pads report a hold
            self.clock.now += 2.1
            self.pads.poll()
        else:
            self.pads.handle_ui_event(pygame.event.Event(pygame.KEYUP, key=code))
        self.app.step(wait=0)

    def press(self, seat: int, button: Button, held: bool = False) -> None:
        self.key(PadEvent(seat, button, Kind.PRESS))
        if held:
            self.key(PadEvent(seat, button, Kind.HOLD))
        self.key(PadEvent(seat, button, Kind.RELEASE))
        self.clock.tick()


def open_app(tmp_path: Path, game: str = "canoe", seed: int = 3) -> KeyboardTable:
    data = {"store": {"path": str(tmp_path / "journal.sqlite3")}, "game": {"name": game}}
    config = parse_config(data)
    clock = SteppedClock(0.3)
    app = Companion(config, Journal(config.store.path), dice=SeededDice(seed), clock=clock)
    pads = KeyboardPads(app.events, default_keys(), clock=clock)
    app.pads = pads
    return KeyboardTable(app, pads, clock)


@pytest.fixture
def table(tmp_path: Path) -> Iterator[KeyboardTable]:
    kt = open_app(tmp_path)
    yield kt
    kt.app.close()


def play(kt: KeyboardTable, until: object, players: int = 6, limit: int = 5000) -> int:
    """Bots press the keyboard pads until `until()`; how many presses it took."""
    controller = kt.app.controller
    assert isinstance(controller, CanoeTable)
    driver = CanoeBotDriver(controller, dict.fromkeys(range(players), SensibleBot()),
                            random.Random(1))
    for n in range(limit):
        if until():  # type: ignore[operator]
            return n
        for event in driver.presses():
            kt.key(event)
        kt.clock.tick()
        kt.app.step(wait=0)
    raise AssertionError("the bots never got there")


def test_a_whole_trip_through_the_app_on_keyboard_pads(table: KeyboardTable) -> None:
    # C1-C7, K4-K11, N1, F1-F5: bots press the keys of a whole trip; the journal has it all
    app = table.app
    assert app.game == "canoe" and isinstance(app.controller, CanoeTable)
    presses = play(table, app.over, players=4)
    state = app.controller.state
    assert state.phase is Phase.GAME_OVER and state.winner is not None
    assert presses > 100
    events = app.journal.load(app.game_id) if app.game_id else []
    assert GAME.replay(events) == state  # Q5: what is on the table is what is in the file
    won = [e for e in events if isinstance(e, ev.GameWon)]
    assert len(won) == 1 and won[0].seat == state.winner
    scores = {p.score for p in state.players}
    assert state.players[state.winner].score == max(scores)  # F3: more than the others
    frame = app.controller.frame()
    assert frame.screen is CanoeScreen.GAME_OVER and frame.dock_face == won[0].face
    # the Canoe trip has its own file beside MUSH's, which stays as it was
    assert app.journal.path == journal_beside(app.config.store.path, "canoe")
    assert app.journal.path.name == "journal-canoe.sqlite3"


def test_a_new_group_sets_up_from_the_pads(tmp_path: Path) -> None:
    # C1, C2, V1, E1: pick the game, players, trip length, variant and enter the ring
    kt = open_app(tmp_path, game="mush")
    app = kt.app
    try:
        assert isinstance(app.controller, TableController) and app.game == "mush"
        menu = app.controller.frame().menus[0]
        assert menu.items[0].label == "Game" and menu.items[0].detail == "MUSH"

        def walk(label: str) -> None:
            """◀ ▶ to the item labelled `label`, then ●."""
            for _ in range(40):
                menu = app.controller.frame().menus[0]
                if menu.items[menu.focus].label == label:
                    kt.press(0, Button.SELECT)
                    return
                kt.press(0, Button.RIGHT)
            raise AssertionError(f"no item {label!r} in {[i.label for i in menu.items]}")

        walk("Game")
        walk("Canoe (Moosehead Lake)")
        assert app.game == "canoe" and isinstance(app.controller, CanoeTable)
        walk("Players")
        walk("3 players")
        walk("Trip length")
        walk("3 nights")
        walk("Variant")
        walk("Short: one Destination card")
        walk("Weather ring")
        walk("Spaces on the ring")
        walk("4 spaces")
        ring = (Weather.HEADWIND, Weather.CALM, Weather.TAILWIND, None)
        names = {Weather.HEADWIND: "Headwind", Weather.CALM: "Calm",
                 Weather.TAILWIND: "Tailwind", None: "No change"}
        for index, space in enumerate(ring):
            walk(f"Space {index + 1}")
            walk(names[space])
        assert app.controller.frame().setup[-1].warn  # still the stand-in until kept
        walk("Keep this ring")
        kt.press(0, Button.SELECT, held=True)  # back out to the setup menu
        assert not app.controller.frame().setup[-1].warn
        walk("Start the game")
        state = app.controller.state
        settings = state.require_settings()
        assert settings.players == 3 and settings.nights == 3
        assert settings.variants.destinations.value == "one"
        assert settings.ring.spaces == ring and not settings.ring.placeholder
        assert state.weather is Weather.HEADWIND  # E1: the trip starts on the first space
        assert app.game_id is not None and Path(app.journal.path).name == \
            "journal-canoe.sqlite3"
    finally:
        app.close()


def test_resumes_after_a_kill_and_the_group_can_go_back_to_mush(tmp_path: Path) -> None:
    # Q5: a trip cut mid-game comes back on the next start, whatever [game] name says
    first = open_app(tmp_path)
    play(first, lambda: first.app.controller.state.turns >= 6, players=4)
    state = first.app.controller.state
    first.app.close()  # the plug: nothing more is written
    second = open_app(tmp_path, game="mush", seed=9)
    try:
        assert isinstance(second.app.controller, CanoeTable)
        assert second.app.controller.state == state
        play(second, second.app.over, players=4)
        assert second.app.controller.state.winner is not None
        for _ in range(40):  # the results stay a while, then hold ▶ for a new game
            second.clock.tick()
        second.press(0, Button.RIGHT, held=True)
        assert second.app.controller.in_setup and second.app.game == "canoe"
        menu = second.app.controller.frame().menus[0]
        assert menu.items[0].label == "Game"
        second.press(0, Button.RIGHT)  # from "Start" to "Game" (the list wraps)
        second.press(0, Button.SELECT)
        second.press(0, Button.LEFT)  # "MUSH" is the first game listed
        second.press(0, Button.SELECT)
        assert second.app.game == "mush" and isinstance(second.app.controller,
                                                         TableController)
    finally:
        second.app.close()


def trip(seed: int, physical: bool = False) -> tuple[CanoeTable, SteppedClock]:
    clock = SteppedClock(0.3)
    config = TableConfig(players=2, physical_dice=physical)
    table = CanoeTable(dice=SeededDice(seed), clock=clock, config=config)
    start = table.next_press(0, lambda c: isinstance(c, cmd.StartGame))
    assert start == (Button.SELECT, False)
    out = table.handle(PadEvent(0, Button.SELECT, Kind.PRESS))
    out = table.handle(PadEvent(0, Button.SELECT, Kind.RELEASE))
    assert out.events and not table.in_setup
    return table, clock


def press_to(table: CanoeTable, clock: SteppedClock, seat: int, target: object) -> list[object]:
    """Presses along the menus to `target`; the events of the last one."""
    for _ in range(200):
        clock.tick()
        step = table.next_press(seat, target)  # type: ignore[arg-type]
        assert step is not None, f"no menu leads to {target}"
        button, held = step
        table.handle(PadEvent(seat, button, Kind.PRESS))
        if held:
            table.handle(PadEvent(seat, button, Kind.HOLD))
        out = table.handle(PadEvent(seat, button, Kind.RELEASE))
        if out.applied:
            return list(out.events)
    raise AssertionError("never chosen")


def hold_select(table: CanoeTable, clock: SteppedClock, seat: int) -> Outcome:
    clock.tick()
    outs = [table.handle(PadEvent(seat, Button.SELECT, k))
            for k in (Kind.PRESS, Kind.HOLD, Kind.RELEASE)]
    return outs[1]


def test_points_are_entered_in_steps_and_undo_takes_back_bookkeeping_only() -> None:
    # A3, Q7: an attraction's points by ◀ ▶ steps; holding ● undoes it, never the throw
    table, clock = trip(4)
    seat = table.state.active
    assert seat is not None
    thrown = press_to(table, clock, seat, cmd.Roll(seat))
    assert any(isinstance(e, ev.DieRolled) for e in thrown)
    seen = press_to(table, clock, seat, cmd.SeeAttraction(seat, Attraction.MOOSE, 25))
    assert table.state.players[seat].score == 25
    assert hold_select(table, clock, seat).retracted == tuple(seen)
    assert table.state.players[seat].score == 0
    face = next(e.face for e in thrown if isinstance(e, ev.DieRolled))
    assert table.state.turn is not None and table.state.turn.face == face  # it stays
    site = table.state.require_settings().campsites.names[1]
    camped = press_to(table, clock, seat, cmd.Camp(seat, site, 15))
    card = next(e for e in camped if isinstance(e, ev.CardDrawn))  # N1: a Camp card
    assert table.state.players[seat].score == 15 + card.points
    assert not hold_select(table, clock, seat).retracted  # a card drawn stays drawn
    assert "Nothing to take back" in [n.text for n in table.frame().notices]


def test_a_wooden_die_is_entered_by_its_thrower() -> None:
    # C5: with the wooden die the face goes in from the thrower's pad
    table, clock = trip(5, physical=True)
    seat = table.state.active
    assert seat is not None
    press_to(table, clock, seat, cmd.Roll(seat))  # nothing thrown yet: the face is asked
    assert table.entry is not None and table.entry.seat == seat
    assert table.frame().menus[0].title.endswith("what does the die show?")
    for _ in range(20):
        clock.tick()
        step = table.next_entry_press(seat, 5)
        assert step is not None
        for kind in (Kind.PRESS, Kind.RELEASE):
            out = table.handle(PadEvent(seat, step[0], kind))
        if out.events:
            break
    thrown = [e for e in out.events if isinstance(e, ev.DieRolled)]
    assert thrown == [ev.DieRolled(seat, 5)] and table.entry is None


def _enter_face(table: CanoeTable, clock: SteppedClock, seat: int, face: int) -> Outcome:
    for _ in range(20):
        clock.tick()
        step = table.next_entry_press(seat, face)
        assert step is not None
        for kind in (Kind.PRESS, Kind.RELEASE):
            out = table.handle(PadEvent(seat, step[0], kind))
        if out.events:
            return out
    raise AssertionError("face never entered")


def test_c4_c5_the_next_player_s_wooden_die_ends_the_turn_before_it_then_asks_its_face(
        ) -> None:
    # C4, C5: Bob's throw, with the wooden die, ends Ann's go at once; his face is then
    # asked on his pad, and entered as any throw's
    table, clock = trip(5, physical=True)
    ann = table.state.active
    assert ann is not None
    press_to(table, clock, ann, cmd.Roll(ann))
    _enter_face(table, clock, ann, 2)
    bob = 1 - ann
    ended = len(table.history)
    press_to(table, clock, bob, cmd.Roll(bob))
    assert table.history[ended] == ev.TurnEnded(ann) and table.state.active == bob
    assert table.entry is not None and table.entry.seat == bob
    out = _enter_face(table, clock, bob, 4)
    assert [e for e in out.events if isinstance(e, ev.DieRolled)] == [ev.DieRolled(bob, 4)]


def test_a_card_drawn_is_shown_large_then_the_turn_goes_on() -> None:
    # K4, K5: "landed on C" draws the top card, shown on its own screen with its points
    table, clock = trip(6)
    seat = table.state.active
    assert seat is not None
    press_to(table, clock, seat, cmd.Roll(seat))
    top = table.state.pile(Pile.CANOE).cards[0]
    drawn = press_to(table, clock, seat, cmd.Land(seat, Pile.CANOE))
    card = next(e for e in drawn if isinstance(e, ev.CardDrawn))
    assert card.card == top  # the top of the pile, as dealt (K4)
    frame = table.frame()
    assert frame.screen is CanoeScreen.CARD and frame.view is not None
    assert frame.view.shown is not None and frame.view.shown.card in {
        e.card for e in drawn if isinstance(e, ev.CardDrawn)}
    assert table.state.players[seat].score == sum(
        e.points for e in drawn if isinstance(e, ev.CardDrawn))
    other = table.state.active  # C6: the go ended with the landing
    assert other is not None and other != seat
    press_to(table, clock, other, cmd.Roll(other))
    assert table.frame().screen is CanoeScreen.TURN


def test_game_name_in_the_config_is_checked() -> None:
    assert parse_config({"game": {"name": "canoe"}}).game_name == "canoe"
    assert parse_config({}).game_name == "mush"
    with pytest.raises(ConfigError, match=r"game\.name.*mush, canoe.*'chess'"):
        parse_config({"game": {"name": "chess"}})


def test_mush_setup_offers_no_game_choice_without_a_second_game() -> None:
    # MUSH's own table, as its recorded sessions drive it, is unchanged
    table = TableController(config=TableConfig())
    assert table.frame().menus[0].items[0].label == "Players"
    offered = TableController(config=replace(TableConfig(), games=("mush", "canoe")))
    assert offered.frame().menus[0].items[0].label == "Game"


def test_the_demo_plays_a_whole_trip_and_exports_it(tmp_path: Path) -> None:
    # `make demo GAME=canoe`: bots, journal, events and scores per turn, headless
    import io

    from companion.app.demo import run_demo

    out = io.StringIO()
    result = run_demo(tmp_path / "demo", players=3, seed=2, screenshots=False, voice=False,
                      out=out, game="canoe")
    assert result.state.phase is Phase.GAME_OVER and result.state.winner is not None
    assert "wins the trip" in out.getvalue()
    lines = (tmp_path / "demo" / "events.jsonl").read_text().splitlines()
    assert '"GameStarted"' in lines[0] and '"GameWon"' in lines[-1]
    scores = (tmp_path / "demo" / "points.csv").read_text().splitlines()
    assert scores[0] == "turn,seat,name,score,nights,destination,home" and len(scores) > 3


def test_c4_c6_a_landing_cut_off_by_the_next_throw_is_told_at_the_thrower_s_next_go(
        ) -> None:
    # C4: Bob's throw ends Ann's go before she told its landing; C6: at her next go, before
    # throwing, one item of her menu tells it: the card is drawn and her go goes on
    clock = SteppedClock(0.3)
    table = CanoeTable(dice=SeededDice(8), clock=clock, config=TableConfig(players=3))
    for kind in (Kind.PRESS, Kind.RELEASE):
        table.handle(PadEvent(0, Button.SELECT, kind))
    ann = table.state.active
    assert ann is not None and not table.in_setup
    bob, cy = (ann + 1) % 3, (ann + 2) % 3
    press_to(table, clock, ann, cmd.Roll(ann))
    ended = len(table.history)
    press_to(table, clock, bob, cmd.Roll(bob))  # Ann's canoe is on a C: she has not said
    assert table.history[ended] == ev.TurnEnded(ann) and table.state.active == bob
    clock.tick()
    for kind in (Kind.PRESS, Kind.RELEASE):
        table.handle(PadEvent(ann, Button.SELECT, kind))
    assert any("a landing on C or P" in n.text and "before the throw" in n.text
               for n in table.frame().notices)
    press_to(table, clock, cy, cmd.Roll(cy))
    # Ann's menu is the next player's: the late landing is there, the throw keeps the focus
    menu = next(m for m in table.frame().menus if m.seat == ann)
    labels = [item.label for item in menu.items]
    assert "Landed on C/P last go" in labels
    assert menu.items[menu.focus].label == "Throw the die"
    assert labels.index("Landed on C/P last go") not in (1, len(labels) - 1)
    top = table.state.pile(Pile.CANOE).cards[0]
    told = press_to(table, clock, ann, cmd.LandLate(ann, Pile.CANOE))
    assert ev.TurnEnded(cy) in told and ev.LandedLate(ann, Pile.CANOE) in told
    drawn = [e for e in told if isinstance(e, ev.CardDrawn)]
    assert drawn and drawn[0].card == top
    assert table.state.active == ann and table.state.phase is Phase.TURN
    frame = table.frame()
    assert frame.screen is CanoeScreen.CARD and frame.view is not None
    assert frame.view.shown is not None and frame.view.shown.late
    phone = card_json(frame.view)  # the phones' card says it too
    assert phone is not None and phone["drew"].endswith("pile for last go's landing")
    assert any(n.text.startswith(f"{table.state.players[ann].name} landed on C last go")
               for n in frame.notices)
    menu = next(m for m in frame.menus if m.seat == ann)
    labels = [item.label for item in menu.items]
    assert "Landed on C/P last go" not in labels  # once
    assert menu.items[menu.focus].label == "Throw the die"
    thrown = press_to(table, clock, ann, cmd.Roll(ann))
    assert any(isinstance(e, ev.DieRolled) for e in thrown)


def test_c6_k12_with_paper_cards_a_late_landing_s_card_is_entered_then_the_throw(
        ) -> None:
    # C6, K12: the late landing asks for the paper card, then the go is back at its throw
    settings = Settings.make(["Ann", "Bob"], cards=CardMode.PAPER)
    state, events = start_game(settings, SeededDice(2))
    clock = SteppedClock(0.3)
    table = CanoeTable(state, dice=SeededDice(9), clock=clock,
                       config=TableConfig(players=2), history=events)
    ann = state.active
    assert ann is not None
    bob = 1 - ann
    press_to(table, clock, ann, cmd.Roll(ann))
    press_to(table, clock, bob, cmd.Roll(bob))
    told = press_to(table, clock, ann, cmd.LandLate(ann, Pile.PORTAGE))  # ends Bob's go
    assert told[0] == ev.TurnEnded(bob) and ev.CardAwaited(ann, Pile.PORTAGE) in told
    assert table.state.phase is Phase.CARD and table.state.active == ann
    menu = next(m for m in table.frame().menus if m.seat == ann)
    assert menu.title == f"{settings.names[ann]}: enter the Portage card drawn"
    press_to(table, clock, ann, cmd.EnterCard(ann, 10))
    assert table.state.phase is Phase.TURN and table.state.players[ann].score == 10
    frame = table.frame()
    menu = next(m for m in frame.menus if m.seat == ann)
    assert menu.items[menu.focus].label == "Throw the die"
    assert "Landed on C/P last go" not in [item.label for item in menu.items]
    assert render(frame, pygame.Surface((800, 480))).problems() == []
    press_to(table, clock, ann, cmd.Roll(ann))
    assert table.state.phase is Phase.MOVE


def _same_memory(table: CanoeTable) -> None:
    """The table's memory for its guesses holds what the whole trip told, no more."""
    kept, whole = table._remembered(), remember(table.history, table.learnt())
    assert (kept.trails, kept.follows, kept.told, kept.last, kept.landings) == \
        (whole.trails, whole.follows, whole.told, whole.last, whole.landings)


def test_the_menus_memory_grows_with_the_trip_and_forgets_what_was_taken_back() -> None:
    # A2, Q7: the memory the guesses read is added to event by event (not told the whole
    # trip again at each change), and holds nothing an undo took back
    table, clock = trip(4)
    seat = table.state.active
    assert seat is not None
    press_to(table, clock, seat, cmd.Roll(seat))
    _same_memory(table)
    kept = table._remembered()
    press_to(table, clock, seat, cmd.SeeAttraction(seat, Attraction.MOOSE, 25))
    assert table._remembered() is kept and kept.trail(seat)[-1] == "a:moose"
    _same_memory(table)
    assert hold_select(table, clock, seat).retracted
    assert table._remembered().trail(seat)[-1] != "a:moose"
    _same_memory(table)
    press_to(table, clock, seat, cmd.SeeAttraction(seat, Attraction.RAINBOW, 20))
    assert table._remembered().trail(seat)[-1] == "a:rainbow"
    _same_memory(table)
