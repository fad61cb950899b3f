"""Mush-Ring's shared screen (U2): every ring's six spaces as cards (face-up by colour,
shape and value, face-down as a card back, Wilds and Deth Kapps by their marks), the
piles and the top discard, each score pile, whose turn it is, the last hand and what just
happened, whole at every size and language; a card played redraws only what changed."""

from __future__ import annotations

import random

import pygame
import pytest

from companion.config.table import TableConfig
from companion.core import TABLE
from companion.core.dice import SeededDice
from companion.core.values import replace
from companion.display.layout_log import LayoutLog
from companion.display.render import paint, render
from companion.games.mush_ring import GAME, Deck
from companion.games.mush_ring import acts as c
from companion.games.mush_ring.bots import either
from companion.games.mush_ring.box import RingFrame, RingTable
from companion.games.mush_ring.model import Settings, State
from companion.games.mush_ring.screen import BACK, COLOURS, KAPP

from .tables import (
    BLU1,
    DETH_KAPP,
    GRN1,
    GRN2,
    NAMES,
    RED1,
    RED3,
    STOMP,
    WILD,
    YEL1,
    YEL2,
    YEL3,
    play_out,
    ring,
    started,
    table,
)

SIZES = [(1920, 1080), (1280, 720), (800, 480)]


def _table(state: State, language: str = "en") -> RingTable:
    return RingTable(state, SeededDice(1), lambda: 0.0,
                     TableConfig(language=language, screen_language=language))


def _frame(state: State, command: c.Command | None = None, language: str = "en"
           ) -> RingFrame:
    tab = _table(state, language)
    if command is not None:
        tab._apply(command, "")  # as ● on its menu item sends it
    frame = tab.frame()
    assert isinstance(frame, RingFrame) and frame.view is not None
    return frame


def _mid_game() -> State:
    """Ann's turn: her ring holds a face-up Red 3, a face-down card and a Wild; Bo's a
    Deth Kapp and a Blue 1; Ann's score pile holds two cards."""
    return table([[RED1, YEL1, STOMP], [GRN1], [YEL2]],
                 rings=[ring(RED3, (BLU1, False), WILD), ring(None, DETH_KAPP)],
                 discard=[YEL3], piles=[[GRN2, WILD]], seat=0)


def test_u2_the_screen_draws_every_ring_pile_and_whose_turn_it_is() -> None:
    state = _mid_game()
    frame = _frame(state)
    surface = pygame.Surface((1280, 720))
    log = render(frame, surface, language="en")
    assert log.problems() == []
    shown = log.whole()
    for name in ("Ann", "Bo", "Cy"):
        assert name in shown
    assert "Ann's turn" in shown and "Plays now" in shown
    assert "3" in shown and "✱" in shown and "☠" in shown  # the value, a Wild, a Kapp
    draw, discard = len(state.piles.draw), len(state.piles.discard)
    assert "Draw pile" in shown and f"{draw} cards" in shown
    assert "Discard pile" in shown and f"{discard} card" in shown
    assert "2 cards" in shown and "1 wild" in shown  # Ann's score pile
    assert "Hand: 3" in shown and "Hand: 1" in shown  # how many, never which
    colours = {surface.get_at((x, y))[:3] for x in range(0, 1280, 3) for y in range(0, 720, 3)}
    assert {BACK, KAPP, COLOURS["red"]} <= colours  # a card back, a Deth Kapp, a red card


def test_u2_what_just_happened_and_the_last_hand_are_said_in_words() -> None:
    state = table([[RED1, YEL1], [GRN1], [YEL2]], seat=0, last_hand=True)
    state = replace(state, players=(replace(state.players[0], last=True),
                                    *state.players[1:]))
    frame = _frame(state, c.PlayShroom(0, RED1, 2))
    log = render(frame, pygame.Surface((1920, 1080)), language="en")
    assert log.problems() == []
    shown = log.whole()
    assert "Ann played Red 1 into Ann's ring" in shown
    assert "Last hand: Ann is the last player" in shown
    assert "Last player" in shown


def test_g3_g4_the_deal_is_said_in_one_line_beside_who_plays_first() -> None:
    tab = _table(GAME.initial)
    tab._apply(c.Start(TABLE, Settings(NAMES)), "")
    frame = tab.frame()
    assert isinstance(frame, RingFrame)
    first = frame.names.seats[tab.state.dealer].name
    assert frame.said("en") == (f"{first} deals and plays first", "Each player drew 5")
    assert frame.said("de")[-1] == "Jeder zog 5"
    shown = render(frame, pygame.Surface((800, 480)), language="en").whole()
    assert f"{first} deals and plays first" in shown and "Each player drew 5" in shown


def _scenes() -> list[State]:
    """A dealt game in play, one over, and a paper ring being entered."""
    rng, dice = random.Random(7), SeededDice(7)
    busy = started(4, seed=7)
    for _ in range(70):
        command = either(busy, next(iter(GAME.seats_to_act(busy))), rng)
        assert command is not None
        busy, _ = GAME.apply(busy, command, dice)
    over, _, _ = play_out(started(3, seed=5), SeededDice(5), random.Random(5))
    paper = started(3, Deck.PAPER)
    for command in (c.RingFull(1, 2), c.Enter(2, RED3), c.Enter(2, WILD)):
        paper, _ = GAME.apply(paper, command, dice)
    return [busy, over, paper]


@pytest.mark.parametrize("language", ["en", "fr", "de"])
def test_u2_the_screen_is_whole_at_every_size_in_every_language(language: str) -> None:
    for state in _scenes():
        frame = _frame(state, language=language)
        for size in SIZES:
            log = render(frame, pygame.Surface(size), language=language)
            assert log.problems() == [], (state.phase, size)
            names = " ".join(log.whole())
            assert all(p.name in names for p in state.players), (state.phase, size)


def test_a_card_played_redraws_what_changed_and_gives_the_pixels_of_a_whole_redraw() -> None:
    state = _mid_game()
    before, after = _frame(state), _frame(state, c.PlayShroom(0, RED1, 3))
    size = (1920, 1080)
    surface = pygame.Surface(size)
    regions = paint(before, surface, language="en").regions
    assert regions
    partial = paint(after, surface, LayoutLog(), "en", regions)
    whole = pygame.Surface(size)
    log = render(after, whole, language="en")
    assert pygame.image.tobytes(surface, "RGB") == pygame.image.tobytes(whole, "RGB")
    # Ann's row and Bo's (whose turn it now is), the piles, the news: Cy's row is left
    cy = next(pygame.Rect(r.rect) for r in partial.regions if r.name == "row 2")
    assert partial.dirty and cy.collidelist(partial.dirty) == -1
    assert sum(r.w * r.h for r in partial.dirty) < size[0] * size[1] * 3 // 4
    assert sorted(partial.log.whole()) == sorted(log.whole())
