"""Key names to pygame key codes: the one check both the keyboard pads (at start) and the
config's parser (`check-config`) make, so a name the config accepts is one `run` can use.

A module of its own so the parser can use it without importing the pads it configures
(which import the parser's `SeatKeys`): no import cycle, and pygame is loaded only by
whoever asks for a key.
"""

from __future__ import annotations

import os
import warnings

from companion.exc import ConfigError

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
import pygame  # imported after the prompt is hidden


def key_code(name: str, config_key: str = "pads.keyboard.seats") -> int:
    """A pygame key code from a key name ("q", "left shift", "[1]"), or a ConfigError."""
    with warnings.catch_warnings():
        # key_code works before pygame.init() but warns that it might not; names are
        # layout-independent, which is what a config file wants
        warnings.simplefilter("ignore")
        try:
            return int(pygame.key.key_code(name))
        except ValueError:
            raise ConfigError(config_key, f"unknown key name {name!r}") from None


__all__ = ["key_code"]
