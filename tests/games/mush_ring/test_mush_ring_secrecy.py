"""U1 as the issue checks it, without a browser: two tables that differ only in one
seat's hand send every other seat's phone, the table page, the screen and `state --json`
the same bytes, until that card is played; the seat itself sees its own hand."""

from __future__ import annotations

import json

import pygame

from companion.core.codec import dumps
from companion.core.dice import SeededDice
from companion.display.layout_log import LayoutLog
from companion.display.render import paint, render
from companion.games.mush_ring import GAME
from companion.games.mush_ring import acts as c
from companion.games.mush_ring.box import BOX, RingFrame, RingTable
from companion.web.snapshot import build

from .tables import BLU1, GRN1, GRN2, RED1, RED3, YEL1, YEL2, YEL3, table


def _outputs(state: object, played: c.Command | None = None) -> dict[str, bytes]:
    tab = RingTable(state, SeededDice(1), lambda: 0.0)
    surface = pygame.Surface((1280, 720))
    regions = paint(tab.frame(), surface, language="en").regions  # the screen before
    if played is not None:
        tab._apply(played, "")  # as ● on its menu item sends it
    frame = tab.frame()
    assert isinstance(frame, RingFrame) and frame.view is not None  # the rings drawn
    snap = build(BOX.pages, frame, {"en": frame.menus}, game=1, players=3,
                 views=[tab.seat_view(s) for s in range(3)], lights={}, screen_language="en")
    paint(frame, surface, LayoutLog(), "en", regions)  # as the window redraws it
    whole = pygame.Surface((1280, 720))
    render(frame, whole, language="en")
    out = {f"seat{s}": snap.seats[(s, "en")] for s in range(3)}
    out["table"] = snap.table["en"]
    out["screen"] = pygame.image.tobytes(surface, "RGB")
    out["whole"] = pygame.image.tobytes(whole, "RGB")
    out["state"] = dumps(GAME.view_data(tab.state)).encode()
    return out


def test_u1_a_hand_that_differs_shows_nowhere_but_on_its_own_phone() -> None:
    one = table([[RED1, YEL1], [GRN1, GRN2, RED3], [BLU1]], seat=0)
    other = table([[RED1, YEL1], [GRN1, YEL2, YEL3], [BLU1]], seat=0)
    a, b = _outputs(one), _outputs(other)
    assert a["seat1"] != b["seat1"]  # the seat sees its own hand
    assert "Red 3" in json.loads(a["seat1"])["private"]
    for key in ("seat0", "seat2", "table", "screen", "whole", "state"):
        assert a[key] == b[key], key
    # a card that is the same in both is played (the player then draws from piles that
    # differ, its own business): still nothing differs anywhere else
    a, b = (_outputs(one, c.PlayShroom(0, RED1, 0)), _outputs(other, c.PlayShroom(0, RED1, 0)))
    for key in ("seat2", "table", "screen", "whole", "state"):
        assert a[key] == b[key], key
    # once the differing card is played it is public, and the pages show it
    turn = table([[GRN1, GRN2, RED3], [RED1, YEL1], [BLU1]], seat=0)
    turned = table([[GRN1, YEL2, YEL3], [RED1, YEL1], [BLU1]], seat=0)
    a, b = _outputs(turn, c.PlayShroom(0, RED3, 0)), _outputs(turned, c.PlayShroom(0, YEL3, 0))
    assert a["table"] != b["table"] and a["state"] != b["state"]
    assert a["screen"] != b["screen"] and a["whole"] != b["whole"]
