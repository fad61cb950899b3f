"""Each seat card shows the zone its sled is in: it decides the weather chart (W2), so
the table can see at a glance whether a crossing was told to the companion."""

from __future__ import annotations

import pygame

from companion.display import render
from display.frames import frame_for, moments

ZONES = ("Southern", "Central", "Northern")
SHORT = ("South", "Central", "North")


def test_each_card_names_its_zone_as_a_word() -> None:
    # W2: the word beside the chips where the card has room; on a narrow card (six seats
    # at 800x480, an order badge beside the chips) a word written for it on the row of
    # training and dice colour, never an initial, every card alike
    four = moments(4).states["turn"].with_player(1, board=1).with_player(3, board=2)
    wide = render(frame_for(four), pygame.Surface((1920, 1080)))
    assert [t for t in wide.texts() if t in ZONES] == [
        "Southern", "Central", "Southern", "Northern"]
    assert not wide.problems()
    six = moments(6).states["turn"].with_player(1, board=1).with_player(4, board=2)
    narrow = render(frame_for(six), pygame.Surface((800, 480)))
    texts = narrow.texts()
    assert [t for t in texts if t in (*ZONES, *SHORT)] == [
        "South", "Central", "South", "South", "North", "South"]
    beside_chips = [texts[i + 1] for i, t in enumerate(texts) if t.endswith(" chips")]
    assert not set(beside_chips) & {"S", "C", "N"}  # no initial stands for a zone
    assert not narrow.problems()
    chips = [t for t in texts if t.endswith(" chips")][:6]
    assert all("…" not in t for t in chips)  # the zone never cuts the chips
