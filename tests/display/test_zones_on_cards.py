"""Each seat card shows the zone its sled is in: it decides the weather chart (W2), so
the table can see at a glance whether a crossing was told to the companion."""

from __future__ import annotations

import pygame

from companion.display import render
from display.frames import frame_for, moments


def test_each_card_names_its_zone_as_a_word_or_an_initial() -> None:
    # W2: a word where the card has room, the zone's initial on a narrow card.
    four = moments(4).states["turn"].with_player(1, board=1).with_player(3, board=2)
    wide = render(frame_for(four), pygame.Surface((1920, 1080)))
    assert [t for t in wide.texts() if t in ("Southern", "Central", "Northern")] == [
        "Southern", "Central", "Southern", "Northern"]
    assert not wide.problems()
    six = moments(6).states["turn"].with_player(1, board=1).with_player(4, board=2)
    narrow = render(frame_for(six), pygame.Surface((800, 480)))
    texts = narrow.texts()
    cards = [texts[i + 1] for i, t in enumerate(texts) if t.endswith(" chips")
             and i + 1 < len(texts)][:6]
    assert cards == ["S", "C", "S", "S", "N", "S"]
    assert not narrow.problems()
    chips = [t for t in texts if t.endswith(" chips")][:6]
    assert all("…" not in t for t in chips)  # the zone never cuts the chips
