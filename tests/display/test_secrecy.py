"""R1, I5: the bidding screen is the same picture whatever the secret bids are.

States come from the engine: seats lock in with `LockBid`, for every one of the 16
lock-in patterns, once with bids (0, 0, 0, 0) and once with (7, 0, 19, 3).
"""

from __future__ import annotations

import itertools
from typing import Any

import pygame
import pytest

from companion.display import render
from companion.games.mush import public_view
from companion.games.mush.table.frame import TableFrame
from companion.games.mush.table.view import table_view
from companion.table.frame import Menu, MenuItem
from display.frames import bidding_state

BID_STYLE: dict[str, Any] = {"style": "bid"} if "style" in Menu.__dataclass_fields__ else {}
PATTERNS = list(itertools.product((False, True), repeat=4))
LOW, HIGH = (0, 0, 0, 0), (7, 0, 19, 3)


def bidding_frame(bids: tuple[int, int, int, int], locked: tuple[bool, ...]) -> TableFrame:
    """The frame the controller sends: the public view and one "bid" menu per seat."""
    state = bidding_state(bids, locked)
    menus = tuple(
        Menu(seat, "locked in" if locked[seat] else "choosing",
             (MenuItem("▶ more"), MenuItem("◀ less"), MenuItem("● lock in")), focus=-1,
             **BID_STYLE)
        for seat in range(4))
    return TableFrame("bidding", table_view(state), menus=menus, serial=7)


def pixels(frame: TableFrame, size: tuple[int, int]) -> bytes:
    surface = pygame.Surface(size)
    render(frame, surface)
    return pygame.image.tobytes(surface, "RGB")


@pytest.mark.slow
@pytest.mark.parametrize("size", [(1920, 1080), (800, 480)], ids=["1080", "480"])
def test_bidding_screen_never_shows_a_bid(size: tuple[int, int]) -> None:
    pictures = set()
    for locked in PATTERNS:
        low, high = bidding_state(LOW, locked), bidding_state(HIGH, locked)
        if any(locked[s] and HIGH[s] != LOW[s] for s in range(4)):
            assert low.bids != high.bids  # the secrets really differ in the engine
        a = pixels(bidding_frame(LOW, locked), size)
        b = pixels(bidding_frame(HIGH, locked), size)
        assert a == b, f"bidding screen differs with lock-in pattern {locked}"
        pictures.add(a)
    # The lock-in status itself is shown: every pattern is its own picture.
    assert len(pictures) == len(PATTERNS)


def test_all_locked_state_is_still_bidding() -> None:
    state = bidding_state(HIGH, (True, True, True, True))
    assert state.phase.value == "bidding" and state.revealed is None
    assert all(s["locked"] and s["bid"] is None for s in public_view(state)["seats"])
