"""Mush-Ring at the table: set up from the config file, played through the real loop,
its screen drawn, each phone sent its own hand and nobody else's (U1, U2), its journal
resumed with the same hands, the paper deck entered on pads in at most four presses a
card (B2), and the demo played to a winner twice the same."""

from __future__ import annotations

import io
import json
import random
from pathlib import Path

import pygame
import pytest

from companion import games
from companion.app.cli import main
from companion.app.demo import run_demo
from companion.app.loop import Companion
from companion.app.runner import SteppedClock
from companion.config.file import parse_config
from companion.core.dice import SeededDice
from companion.display.render import render
from companion.games.mush_ring import GAME, Deck
from companion.games.mush_ring import acts as c
from companion.games.mush_ring.bots import either
from companion.games.mush_ring.box import RingFrame, card_words
from companion.games.mush_ring.scoring import best, collect
from companion.i18n import speaking
from companion.pads.events import Button, Kind, PadEvent
from companion.store import Journal
from companion.store.beside import journal_of
from companion.table.simple import SimpleTable
from companion.web.snapshot import build


def app_for(tmp_path: Path, deck: str = "dealt", players: int = 3, seed: int = 4,
            language: str = "en") -> Companion:
    base = tmp_path / "journal.sqlite3"
    config = parse_config({"game": {"name": "mush_ring",
                                    "players": ["Ann", "Bo", "Cy", "Di"][:players],
                                    "mush_ring": {"deck": deck}}, "store": {"path": str(base)},
                           "display": {"language": language}})
    return Companion(config, Journal(base), dice=SeededDice(seed), clock=SteppedClock(0.3))


def press(app: Companion, seat: int, button: Button, held: bool = False) -> None:
    app.events.put(PadEvent(seat, button, Kind.PRESS))
    if held:
        app.events.put(PadEvent(seat, button, Kind.HOLD))
    app.events.put(PadEvent(seat, button, Kind.RELEASE))
    app.step(wait=0)
    assert isinstance(app.clock, SteppedClock)
    app.clock.tick()


def start(app: Companion) -> None:
    """◀ ● on the setup menu until the game starts (its last item)."""
    table = app.controller
    assert isinstance(table, SimpleTable)
    while table.in_setup:
        step = table.next_press(0, table.start_command())
        assert step is not None
        press(app, 0, *step)


def reach(app: Companion, seat: int, command: c.Command) -> int:
    """Press `seat`'s pad until `command` is sent; the presses it took."""
    table = app.controller
    assert isinstance(table, SimpleTable)
    presses = 0
    before = len(table.history)
    while len(table.history) == before:
        step = table.next_press(seat, command)
        assert step is not None, command
        press(app, seat, *step)
        presses += 1
        assert presses < 12
    return presses


def drawn(frame: RingFrame, language: str = "en", size: tuple[int, int] = (1280, 720)
          ) -> list[str]:
    log = render(frame, pygame.Surface(size), language=language)
    assert log.problems() == []
    return log.whole()


def pages(app: Companion, players: int) -> tuple[dict[int, dict[str, object]], bytes]:
    frame = app.controller.frame()
    snapshot = build(games.box("mush_ring").pages, frame, {"en": frame.menus},
                     game=app.game_id, players=players,
                     views=[app.controller.seat_view(s) for s in range(players)],
                     lights=app.controller.lights(app.clock()), screen_language="en")
    return ({s: json.loads(snapshot.seats[(s, "en")]) for s in range(players)},
            snapshot.table["en"])


def test_u1_u2_a_dealt_game_shows_each_hand_on_its_own_phone_only(tmp_path: Path) -> None:
    app = app_for(tmp_path)
    try:
        start(app)
        state = app.controller.state
        assert state.settings.deck is Deck.DEALT and GAME.seats_to_act(state)
        rng = random.Random(1)
        for _ in range(12):  # a few turns through the real loop
            state = app.controller.state
            frame = app.controller.frame()
            assert isinstance(frame, RingFrame) and frame.secret
            shown = " ".join(drawn(frame))
            seats, table = pages(app, 3)
            with speaking("en"):
                for seat in range(3):
                    hand = [card_words(x) for x in sorted(state.piles.hand(seat))]
                    assert seats[seat]["private"] == (hand or ["Your hand is empty"])
                    assert "Your hand" not in shown
                    for other in range(3):
                        if other != seat:  # U1: nobody else's hand in another's text
                            assert seats[other]["private"] != seats[seat]["private"] or \
                                not hand
            assert b"private" not in table or b'"private":[]' not in table
            acting = GAME.seats_to_act(state)[0]
            assert f"{state.players[acting].name} is choosing on the phone" in shown
            command = either(state, acting, rng)
            assert command is not None
            reach(app, acting, command)
        game_id, state = app.game_id, app.controller.state
    finally:
        app.close()
    # a power cut: the same hands come back from the journal
    again = app_for(tmp_path)
    try:
        assert again.game_id == game_id and again.controller.state == state
    finally:
        again.close()
    with Journal(journal_of(tmp_path / "journal.sqlite3", "mush_ring"), game=GAME) as journal:
        events = journal.load(game_id)
    assert GAME.replay(events) == state and any(isinstance(e, c.Drew) for e in events)


def test_b2_b3_a_paper_ring_is_entered_on_pads_in_at_most_four_presses_a_card(
        tmp_path: Path) -> None:
    app = app_for(tmp_path, "paper", players=2)
    rng = random.Random(3)
    try:
        start(app)
        assert not app.controller.frame().secret
        for ring_number in range(6):
            state = app.controller.state
            owner = ring_number % 2
            reach(app, 1 - owner, c.RingFull(1 - owner, owner))
            cards = []
            while app.controller.state.entering == owner and app.controller.state.tie is None:
                state = app.controller.state
                command = rng.choice([x for o in GAME.legal(state, owner)
                                      for x in o.commands()])
                presses = reach(app, owner, command)
                assert presses <= 4, (command, presses)  # B2
                cards.append(command.card)
            state = app.controller.state
            if state.tie is not None:  # O7: the owner is asked
                colour = state.tie.colours[-1]
                reach(app, owner, c.Keep(owner, colour))
            if state.over:
                break
        assert any(p.pile for p in app.controller.state.players)
        shown = drawn(app.controller.frame())
        for player in app.controller.state.players:  # each score pile on the screen (O9)
            assert f"{len(player.pile)} card" in " ".join(shown)
            assert f"{player.value} point" in " ".join(shown)
    finally:
        app.close()


def test_b2_every_paper_ring_scores_as_the_rules_say(tmp_path: Path) -> None:
    from companion.games.mush_ring.model import Space

    app = app_for(tmp_path, "paper", players=2, seed=9)
    rng = random.Random(9)
    try:
        start(app)
        for _ in range(8):
            state = app.controller.state
            if state.over or state.last_hand:
                break
            owner = rng.randrange(2)
            before = app.controller.state.players[owner].pile
            reach(app, owner, c.RingFull(owner, owner))
            entered = []
            while app.controller.state.entering == owner and app.controller.state.tie is None:
                options = [x for o in GAME.legal(app.controller.state, owner)
                           for x in o.commands()]
                command = rng.choice(options)
                entered.append(command.card)
                reach(app, owner, command)
            ring = tuple(Space(card) for card in entered)
            top = best(ring, ("red", "yellow", "green", "blue"))
            state = app.controller.state
            if len(top) > 1:
                assert state.tie is not None and state.tie.colours == top
                reach(app, owner, c.Keep(owner, top[0]))
            kept = collect(ring, top[0] if top else "")[0]
            assert app.controller.state.players[owner].pile == before + kept
    finally:
        app.close()


@pytest.mark.parametrize("language", ["en", "fr", "de"])
@pytest.mark.parametrize("size", [(1920, 1080), (1280, 720), (800, 480)])
def test_the_screen_is_whole_at_every_size_and_language(tmp_path: Path, language: str,
                                                         size: tuple[int, int]) -> None:
    app = app_for(tmp_path, players=4, language=language)
    try:
        start(app)
        frame = app.controller.frame()
        text = " ".join(drawn(frame, language, size))
        assert app.controller.state.players[0].name in text
    finally:
        app.close()


def test_the_demo_plays_to_a_winner_and_the_same_seed_gives_the_same_events(
        tmp_path: Path) -> None:
    results = []
    for run in range(2):
        if run == 0:
            out = io.StringIO()
            result = run_demo(tmp_path / str(run), parse_config({}), players=3, seed=5,
                              screenshots=False, voice=False, game="mush_ring", out=out)
            assert result.state.over and result.state.winners
            names = [p.name for p in result.state.players]
            said = "no single winner" if len(result.state.winners) > 1 else \
                f"{names[result.state.winners[0]]} wins"
            assert out.getvalue().count("game over: ") == 1
            assert f"game over: {said}" in out.getvalue()  # the demo names who won
        else:  # as `make demo GAME=mush-ring` types it
            (tmp_path / "empty.toml").write_text("", encoding="utf-8")
            assert main(["demo", "--game", "Mush-Ring", "--players", "3", "--seed", "5",
                         "--no-screenshots", "--mute", "--out", str(tmp_path / str(run)),
                         "--config", str(tmp_path / "empty.toml")]) == 0
        path = next((tmp_path / str(run)).rglob("*mush_ring*.sqlite3"))
        with Journal(path, game=GAME) as journal:
            record = journal.latest_game()
            assert record is not None
            results.append([GAME.codec.event_to_json(e) for e in journal.load(record.id)])
    assert results[0] == results[1]
