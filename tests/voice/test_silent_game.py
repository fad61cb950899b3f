"""No audio device: a whole game runs, silent, with one log line about it and no crash."""

from __future__ import annotations

import io
import logging
from pathlib import Path
from typing import Any

import pygame
import pytest

from companion.app.demo import run_demo
from companion.games.mush.model import Phase
from companion.voice import Announcer


@pytest.mark.slow
def test_a_whole_game_runs_silently_when_the_mixer_cannot_open(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        caplog: pytest.LogCaptureFixture) -> None:
    pygame.mixer.quit()
    tries: list[object] = []

    def no_device(*args: object, **kwargs: object) -> None:
        tries.append(args)
        raise pygame.error("No available audio device")

    monkeypatch.setattr(pygame.mixer, "init", no_device)
    heard: list[str] = []
    real_event = Announcer.event

    def event(self: Announcer, event: object, *args: Any, **kwargs: Any) -> Any:
        heard.append(type(event).__name__)
        return real_event(self, event, *args, **kwargs)

    monkeypatch.setattr(Announcer, "event", event)
    caplog.set_level(logging.DEBUG, logger="companion.voice")
    # The whole program's demo: bots from setup to Nome through virtual pads, the real
    # Announcer hearing every event, the screen drawn off-screen.
    result = run_demo(tmp_path / "demo", players=4, seed=5, size=(800, 480),
                      screenshots=False, voice=True, out=io.StringIO())
    assert result.state.phase is Phase.GAME_OVER and result.state.winner is not None
    assert tries, "the voice never tried to open the mixer"
    assert {"GameStarted", "BidsRevealed", "WeatherRolled", "DogDiceRolled",
            "GameWon"} <= set(heard)  # the voice heard the whole game, and said nothing
    assert pygame.mixer.get_init() is None
    warnings = [r for r in caplog.records if r.levelno >= logging.WARNING]
    assert len(warnings) == 1 and "silent" in warnings[0].getMessage()
