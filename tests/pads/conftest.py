"""Fixtures for the pad tests: a MockFactory passed in, never installed globally.

Follows gpiozero's own tests (tests/conftest.py there): create the factory, hand it to
the code under test, and reset it afterwards so no pin reservation leaks between tests.
"""

from __future__ import annotations

import os
import queue
from collections.abc import Iterator

import pytest
from gpiozero.pins.mock import MockFactory

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from companion.pads.events import PadEvent


@pytest.fixture()
def mock_factory() -> Iterator[MockFactory]:
    """A fresh MockFactory for one test, reset and closed afterwards."""
    factory = MockFactory()
    try:
        yield factory
    finally:
        factory.reset()
        factory.close()


@pytest.fixture()
def events() -> queue.Queue[PadEvent]:
    """The queue a pad source writes to, as the main loop would own it."""
    return queue.Queue()
