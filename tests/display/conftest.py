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


def save_screen(surface: pygame.Surface, name: str) -> None:
    """Write what a test drew as SCREEN_DIR/`name`, when the run was asked for screens
    (`pytest --screens`, `make screens`): the PNGs are for looking at, and encoding them
    costs more than drawing and checking the screens."""
    if os.environ.get("MUSH_TEST_SCREENS") != "1":
        return
    os.makedirs(SCREEN_DIR, exist_ok=True)
    pygame.image.save(surface, os.path.join(SCREEN_DIR, name))
