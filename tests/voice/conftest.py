"""Voice test fixtures: SDL's dummy drivers and an open mixer.

The dummy audio driver lets the mixer open (and play, in real time, into nothing) on a
machine without sound, so every test but the espeak-ng one runs anywhere.
"""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from collections.abc import Iterator

import pygame
import pytest


@pytest.fixture
def mixer() -> Iterator[tuple[int, int, int]]:
    """An open mixer in the clips' own format (mono 16-bit 22.05 kHz), closed afterwards."""
    pygame.mixer.quit()
    pygame.mixer.init(frequency=22050, size=-16, channels=1)
    init = pygame.mixer.get_init()
    assert init is not None
    yield init
    pygame.mixer.quit()
