"""Setup shows the companion's version and the Pi's address, whole, on every screen size."""

from __future__ import annotations

from dataclasses import replace

import pygame
import pytest

from companion.display import render
from display.frames import all_frames

LINES = ("mush-companion 0.1.0+g1a2b3c4.dirty", "192.168.178.123")


@pytest.mark.parametrize("size", [(800, 480), (1280, 720), (1920, 1080)])
@pytest.mark.parametrize("name", ["setup", "setup_empty"])
def test_setup_shows_version_and_address_whole(name: str, size: tuple[int, int]) -> None:
    frame = replace(all_frames()[name], about=LINES)
    log = render(frame, pygame.Surface(size))
    drawn = [d for d in log.draws if d.source in LINES]
    assert sorted(d.text for d in drawn) == sorted(LINES)  # neither cut nor dropped
    assert all(d.inside for d in drawn)
    assert log.problems() == []
