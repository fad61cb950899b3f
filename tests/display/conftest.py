"""Display tests run under SDL's dummy drivers, with pygame's display and fonts up."""

from __future__ import annotations

import os
from collections.abc import Iterator

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame
import pytest


@pytest.fixture(scope="session", autouse=True)
def pygame_up() -> Iterator[None]:
    """Fonts and a display for the whole session (the Display tests open their own)."""
    pygame.display.init()
    pygame.font.init()
    yield


SCREEN_DIR = os.path.join(os.path.dirname(__file__), "..", "..", "test-artifacts", "screens")
