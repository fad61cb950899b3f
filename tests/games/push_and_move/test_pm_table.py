"""Push&Move at the table, through the app's loop and real parts (a real SQLite journal,
pygame's dummy driver): set up from the pads, each move chosen with ◀ ▶ ● in a few
presses and shown before it is made (HT4), refused with its rule's reason, taken back by
holding ● (HT5), tunnels turned with one press (HS6); the game taken up again from its
journal on the same board (HS5, HI6); its screen whole at three sizes in three languages;
a phone's page; the demo to a winner, the same seed giving the same game."""

from __future__ import annotations

import io
import json
import random
from pathlib import Path

import pygame
import pytest

from companion import games
from companion.app.demo import run_demo
from companion.app.loop import Companion
from companion.app.runner import SteppedClock
from companion.config.file import parse_config
from companion.core.dice import SeededDice
from companion.display.render import paint, render
from companion.games.push_and_move import acts as a
from companion.games.push_and_move.bots import SensibleBot
from companion.games.push_and_move.game import GAME
from companion.games.push_and_move.model import Kind, Tunnels
from companion.games.push_and_move.rules import Act
from companion.games.push_and_move.table import PushFrame, PushTable
from companion.i18n import speaking
from companion.pads.events import Button, PadEvent
from companion.pads.events import Kind as PadKind
from companion.store import Journal
from companion.store.beside import journal_of
from companion.table.simple import SimpleBots

SIZES = ((1920, 1080), (1280, 720), (800, 480))


def press(app: Companion, seat: int, button: Button, held: bool = False) -> None:
    app.events.put(PadEvent(seat, button, PadKind.PRESS))
    if held:
        app.events.put(PadEvent(seat, button, PadKind.HOLD))
    app.events.put(PadEvent(seat, button, PadKind.RELEASE))
    app.step(wait=0)
    assert isinstance(app.clock, SteppedClock)
    app.clock.tick()


def start(base: Path, **game: object) -> Companion:
    config = parse_config({"game": {"name": "push_and_move", "players": ["Ann", "Bo"],
                                    "push_and_move": game},
                           "store": {"path": str(base)}})
    app = Companion(config, Journal(base), dice=SeededDice(11), clock=SteppedClock(0.3))
    assert app.game == "push_and_move" and app.controller.in_setup
    for _ in range(5):  # ◀ to "Start the game", then ●
        menu = app.controller.frame().menus[0]
        if menu.items[menu.focus].label == "Start the game":
            break
        press(app, 0, Button.LEFT)
    press(app, 0, Button.SELECT)
    assert not app.controller.in_setup
    return app


def drawn(frame: PushFrame, size: tuple[int, int] = (1280, 720),
          language: str = "en") -> list[str]:
    log = render(frame, pygame.Surface(size), language=language)
    assert log.problems() == [], (size, language)
    return log.whole()


def test_ht4_hs6_a_move_is_chosen_in_a_few_presses_and_shown_before_it_is_made(
        tmp_path: Path) -> None:
    app = start(tmp_path / "journal.sqlite3", tunnels="players")
    try:
        table = app.controller
        assert isinstance(table, PushTable)
        state = table.state
        # HS6: the players turn the tunnels, one press each (● is the first axis)
        tunnels = sum(1 for k in state.board if k is Kind.TUNNEL)
        for i in range(tunnels):
            seat = GAME.seats_to_act(table.state)[0]
            assert seat == i % 2
            frame = table.frame()
            assert frame.preview is not None and frame.preview.tunnel is not None
            press(app, seat, Button.SELECT)
        assert GAME.act_of(table.state) is Act.MOVE
        # ◀ ▶ step through the dice, ● picks one; its targets are outlined
        frame = table.frame()
        menu = frame.menus[0]
        assert menu.seat == 0 and len(menu.items) == 5
        assert frame.preview is not None and frame.preview.die == 0 and frame.preview.cells
        press(app, 0, Button.RIGHT)
        assert table.frame().preview.die == 1  # type: ignore[union-attr]
        press(app, 0, Button.SELECT)
        ways = table.frame().menus[0]
        assert len(ways.items) == 6 and ways.depth == 1
        # a direction off the board is greyed with its rule
        assert any(not i.enabled and "HT3" in i.detail for i in ways.items)
        preview = table.frame().preview
        assert preview is not None and preview.target is not None
        before = table.state
        press(app, 0, Button.SELECT)
        assert table.state is not before
        moved = [e for e in table.history if isinstance(e, a.Moved)]
        assert moved[-1].die == 1 and table.state.dice[1].cell == preview.target
        assert 1 in table.frame().moved
        # HT5: holding ● at the top takes it back, before the next player acts
        press(app, 0, Button.SELECT, held=True)
        assert table.state.dice[1].cell == before.dice[1].cell
        assert not any(isinstance(e, a.Moved) for e in table.history)
    finally:
        app.close()


def test_hi6_a_game_taken_up_again_has_the_same_board_and_dice(tmp_path: Path) -> None:
    base = tmp_path / "journal.sqlite3"
    app = start(base, tunnels="drawn")
    try:
        bots = SimpleBots(app.controller, {0: SensibleBot(), 1: SensibleBot()},
                          random.Random(2))
        for _ in range(120):
            for event in bots.presses():
                app.events.put(event)
            app.step(wait=0)
            assert isinstance(app.clock, SteppedClock)
            app.clock.tick()
        state = app.controller.state
        assert any(isinstance(e, a.TurnEnded) for e in app.controller.history)
    finally:
        app.close()
    config = parse_config({"game": {"name": "push_and_move", "players": ["Ann", "Bo"]},
                           "store": {"path": str(base)}})
    again = Companion(config, Journal(base), dice=SeededDice(99), clock=SteppedClock(0.3))
    try:
        assert not again.controller.in_setup
        assert again.controller.state == state
        assert again.controller.state.board == state.board
    finally:
        again.close()
    with Journal(journal_of(base, "push_and_move"), game=GAME) as journal:
        record = journal.latest_game()
        assert record is not None and record.in_progress
        assert GAME.replay(journal.load(record.id)) == state


def _frames_of_a_game() -> list[PushFrame]:
    """Frames of a 6-player game with the tunnels turned by hand: setup, tunnels, moves,
    an optional effect asked, the end."""
    clock = [0.0]
    table = PushTable(dice=SeededDice(4), clock=lambda: clock[0])
    table._players = 6  # the setup menu's count
    bots = SimpleBots(table, {s: SensibleBot() for s in range(6)}, random.Random(4))
    frames = [table.frame()]
    kinds: set[object] = set()
    while not table.over and len(frames) < 4000:
        for event in bots.presses():
            table.handle(event)
        clock[0] += 1.0
        frame = table.frame()
        key = (GAME.act_of(table.state), table.state.pending is not None,
               frame.menus[0].depth if frame.menus else -1)
        if key not in kinds:
            kinds.add(key)
            frames.append(frame)
    frames.append(table.frame())
    assert table.over
    return frames


@pytest.mark.slow
def test_the_screen_is_whole_at_three_sizes_in_three_languages() -> None:
    frames = _frames_of_a_game()
    assert len(frames) >= 5
    for frame in frames:
        for size in SIZES:
            for language in ("en", "fr", "de"):
                drawn(frame, size, language)
    last = frames[-1]
    text = " ".join(drawn(last, (1920, 1080)))
    assert "Game over" in text and "pushed" in text


def test_a_partial_redraw_draws_the_board_and_side_only_when_they_change() -> None:
    clock = [0.0]
    table = PushTable(dice=SeededDice(4), clock=lambda: clock[0])
    bots = SimpleBots(table, {s: SensibleBot() for s in range(6)}, random.Random(1))
    for _ in range(100):  # setup's "Start the game", then the tunnels turned
        if not table.in_setup and GAME.act_of(table.state) is Act.MOVE:
            break
        for event in bots.presses():
            table.handle(event)
        clock[0] += 1.0
    assert GAME.act_of(table.state) is Act.MOVE
    surface = pygame.Surface((1920, 1080))
    first = paint(table.frame(), surface)
    assert [r.name for r in first.regions] == ["header", "board", "players", "menu 0",
                                               "foot"]
    clock[0] += 1.0
    seat = GAME.seats_to_act(table.state)[0]
    before = table.frame().preview
    for kind in (PadKind.PRESS, PadKind.RELEASE):  # the focus moves: board, side
        table.handle(PadEvent(seat, Button.RIGHT, kind))
    assert table.frame().preview != before
    second = paint(table.frame(), surface, previous=first.regions)
    assert second.partial and second.dirty
    header = pygame.Rect(first.regions[0].rect)
    assert all(header.clip(d).w == 0 or header.clip(d).h == 0 for d in second.dirty)
    whole = pygame.Surface((1920, 1080))
    paint(table.frame(), whole)
    assert _differ(whole, surface) is None
    # a frame with nothing changed draws nothing
    third = paint(table.frame(), surface, previous=second.regions)
    assert third.partial and third.dirty == []


def test_partial_redraws_through_a_game_give_the_pixels_of_whole_ones() -> None:
    """Each frame of a 3-player game drawn over the last one (the hexes whose dice or
    marks changed drawn again) is, every few frames and at the end, the whole frame."""
    clock = [0.0]
    table = PushTable(dice=SeededDice(8), clock=lambda: clock[0])
    table._players = 3  # the setup menu's count
    bots = SimpleBots(table, {s: SensibleBot() for s in range(3)}, random.Random(8))
    surface = pygame.Surface((1280, 720))
    regions = paint(table.frame(), surface).regions
    areas: list[float] = []
    for n in range(1, 400):
        if table.over:
            break
        before = None if table.in_setup else table.state
        for event in bots.presses():
            table.handle(event)
        clock[0] += 1.0
        frame = table.frame()
        painter = paint(frame, surface, previous=regions)
        regions = painter.regions
        if before is not None and table.state is not before and painter.partial:
            board = next(r for r in regions if r.name == "board")
            inside = [pygame.Rect(board.rect).clip(d) for d in painter.dirty]
            areas.append(sum(r.w * r.h for r in inside) / (board.rect[2] * board.rect[3]))
        if n % 40 == 0 or table.over:
            whole = pygame.Surface((1280, 720))
            paint(frame, whole)
            assert _differ(whole, surface) is None, n
    assert areas and sorted(areas)[len(areas) // 2] < 0.5  # a move: a few hexes mostly


def _differ(one: pygame.Surface, two: pygame.Surface) -> pygame.Rect | None:
    """Where two surfaces differ (None: nowhere)."""
    mask = pygame.mask.from_threshold(one, (0, 0, 0), (1, 1, 1, 255), two, 1)
    mask.invert()
    rects = mask.get_bounding_rects()
    return rects[0].unionall(rects[1:]) if rects else None


def test_a_phone_gets_its_own_menu_and_the_players_lines(tmp_path: Path) -> None:
    app = start(tmp_path / "journal.sqlite3", tunnels="drawn")
    try:
        frame = app.controller.frame()
        pages = games.box("push_and_move").pages
        menus = {m.seat: m for m in app.controller.menus_in("fr")}
        with speaking("fr"):
            mine = pages.seat(frame, None, menus.get(0), 0, "fr", light=None, players=2)
            other = pages.seat(frame, None, menus.get(1), 1, "fr", light=None, players=2)
        assert mine["turn"] is True and mine["menu"]["title"].startswith("Ann : quel dé")
        assert other["menu"] is None and other["waiting"]
        assert "Push&Move" in mine["header"] and "Ann" in mine["header"]
    finally:
        app.close()


@pytest.mark.slow
def test_the_demo_plays_to_a_winner_and_one_seed_plays_one_game(tmp_path: Path) -> None:
    texts = []
    for run in ("one", "two"):
        out = io.StringIO()
        result = run_demo(tmp_path / run, parse_config({}), players=3, seed=7,
                          screenshots=False, voice=False, game="push_and_move", out=out)
        assert result.state.winner is not None or result.state.end == "rounds"
        assert "game over" in out.getvalue()
        texts.append((tmp_path / run / "events.jsonl").read_text(encoding="utf-8"))
    assert texts[0] == texts[1]
    first = [json.loads(line) for line in texts[0].splitlines()]
    assert any(e["type"] == "BoardDrawn" for e in first)


def test_hs6_config_tunnels_drawn_starts_on_the_first_move(tmp_path: Path) -> None:
    app = start(tmp_path / "journal.sqlite3", tunnels="drawn", rounds=50)
    try:
        state = app.controller.state
        assert state.require_settings().tunnels is Tunnels.DRAWN
        assert state.require_settings().rounds == 50
        assert GAME.act_of(state) is Act.MOVE
    finally:
        app.close()
