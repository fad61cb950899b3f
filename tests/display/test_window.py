"""The window redraws only when the frame changed, and its idle wait sleeps."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace

import pygame
import pytest

from companion.display import Display, window
from companion.games.mush.table.frame import TableFrame
from display.frames import all_frames


@pytest.fixture()
def display() -> Iterator[Display]:
    d = Display(size=(800, 480))
    try:
        yield d
    finally:
        d.close()
        pygame.display.init()  # the session fixture keeps the display module up


def test_redraws_only_on_change(display: Display) -> None:
    frame = all_frames(4)["turn"]
    assert display.draw(frame) is True
    assert display.draw(frame) is False
    assert display.draw(replace(frame)) is False  # equal content, same serial
    assert display.draw(replace(frame, serial=frame.serial + 1)) is True
    assert display.redraws == 2
    assert display.last_log is not None and display.last_log.problems() == []


def _at(frame: TableFrame, elapsed: float, duration: float = 1.4) -> TableFrame:
    """The frame `elapsed` seconds into its animation (the controller sends these)."""
    return replace(frame, animation_progress=min(1.0, elapsed / duration))


def test_animation_redraws_until_done_then_stops(display: Display) -> None:
    start = replace(all_frames(4)["dogs"], animation="dice", animation_progress=0.0)
    drawn = 0
    for elapsed in (0.0, 0.3, 0.7, 1.0, 1.4, 2.0, 3.0):
        frame = _at(start, elapsed)
        drawn += display.draw(frame)
        if frame.animation_progress < 1.0:
            assert display.animating() and display.timeout() < 0.1
    assert drawn == 5  # 0, .3, .7, 1.0 and the landed frame at 1.4; then nothing changes
    assert display.draw(_at(start, 10.0)) is False


def test_window_events_force_a_redraw(display: Display) -> None:
    frame = all_frames(4)["bidding"]
    display.draw(frame)
    display.handle_event(pygame.event.Event(pygame.WINDOWEXPOSED))
    assert display.draw(frame) is True


class SleepClock:
    """`time` for the window module: its sleeps pass on this clock, not the machine's."""

    def __init__(self) -> None:
        self.now = 0.0
        self.sleeps: list[float] = []

    def monotonic(self) -> float:
        return self.now

    def sleep(self, seconds: float) -> None:
        self.sleeps.append(seconds)
        self.now += seconds


def test_idle_wait_returns_on_timeout_and_on_events(display: Display,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    clock = SleepClock()
    monkeypatch.setattr(window, "time", clock)
    pygame.event.clear()
    assert display.wait(0.2) == []
    assert sum(clock.sleeps) == pytest.approx(0.2)  # it slept the timeout out, in short naps
    assert max(clock.sleeps) <= window.POLL
    pygame.event.post(pygame.event.Event(pygame.USEREVENT, wake=True))
    clock.sleeps.clear()
    events = display.wait(5.0)
    assert any(e.type == pygame.USEREVENT for e in events)
    assert clock.sleeps == []  # an event waiting: back at once


def test_idle_timeout_is_long_when_nothing_moves(display: Display) -> None:
    frame = replace(all_frames(4)["bidding"], countdown=None)
    display.draw(frame)
    assert not display.animating()
    assert display.timeout() >= 0.25


def test_switching_the_language_redraws_the_same_frame_in_it(display: Display) -> None:
    frame = all_frames(4)["round_end"]
    assert display.language == "en"
    assert display.draw(frame) is True
    assert display.last_log is not None and "End of round 1" in display.last_log.texts()
    display.language = "de"
    assert display.draw(frame) is True  # same frame, other words: drawn again
    assert "Ende der Runde 1" in display.last_log.texts()
    display.language = "de"
    assert display.draw(frame) is False
