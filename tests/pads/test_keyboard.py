"""Keyboard pads fed pygame events by hand, with a fake clock for holds."""

from __future__ import annotations

import queue

import pygame
import pytest

from companion.exc import ConfigError
from companion.pads.config import DEFAULT_KEYS, SeatKeys, default_keys, parse_pads_config
from companion.pads.events import Button, Kind, Light, PadEvent
from companion.pads.keyboard import KeyboardPads
from companion.pads.keys import key_code
from pads.helpers import drain


class FakeClock:
    def __init__(self) -> None:
        self.now = 10.0

    def __call__(self) -> float:
        return self.now


def down(name: str) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=key_code(name))


def up(name: str) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYUP, key=key_code(name))


@pytest.fixture()
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture()
def pads(events: queue.Queue[PadEvent], clock: FakeClock) -> KeyboardPads:
    source = KeyboardPads(events, default_keys(), hold_s=2.0, clock=clock)
    source.start()
    return source


def test_default_map_covers_six_seats_with_distinct_keys(
    pads: KeyboardPads, events: queue.Queue[PadEvent]
) -> None:
    assert pads.seats == (0, 1, 2, 3, 4, 5)
    expected = []
    for seat, (left, select, right) in enumerate(DEFAULT_KEYS):
        for name, button in ((left, Button.LEFT), (select, Button.SELECT), (right, Button.RIGHT)):
            assert pads.handle_ui_event(down(name)) is True
            assert pads.handle_ui_event(up(name)) is True
            expected += [PadEvent(seat, button, Kind.PRESS), PadEvent(seat, button, Kind.RELEASE)]
    assert drain(events, 0.01) == expected
    assert len(expected) == 36


def test_key_repeat_is_ignored(pads: KeyboardPads, events: queue.Queue[PadEvent]) -> None:
    for _ in range(5):
        pads.handle_ui_event(down("e"))
    pads.handle_ui_event(up("e"))
    assert drain(events, 0.01) == [PadEvent(0, Button.RIGHT, Kind.PRESS),
                                   PadEvent(0, Button.RIGHT, Kind.RELEASE)]


def test_hold_after_two_seconds_once(
    pads: KeyboardPads, events: queue.Queue[PadEvent], clock: FakeClock
) -> None:
    pads.handle_ui_event(down("k"))
    clock.now += 1.9
    pads.poll()
    assert drain(events, 0.01) == [PadEvent(5, Button.SELECT, Kind.PRESS)]
    clock.now += 0.2
    pads.poll()
    pads.poll(clock.now + 10)
    pads.handle_ui_event(up("k"))
    assert drain(events, 0.01) == [PadEvent(5, Button.SELECT, Kind.HOLD),
                                   PadEvent(5, Button.SELECT, Kind.RELEASE)]


def test_other_events_are_not_ours(pads: KeyboardPads, events: queue.Queue[PadEvent]) -> None:
    assert pads.handle_ui_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1)) is False
    assert pads.handle_ui_event(down("z")) is False
    assert pads.handle_ui_event(up("x")) is False  # release of a key never pressed
    assert drain(events, 0.01) == []


def test_release_without_press_is_ignored(pads: KeyboardPads,
                                          events: queue.Queue[PadEvent]) -> None:
    assert pads.handle_ui_event(up("q")) is True
    assert drain(events, 0.01) == []


def test_map_from_config(events: queue.Queue[PadEvent], clock: FakeClock) -> None:
    cfg = parse_pads_config({"source": "keyboard", "keyboard": {"seats": {
        "2": {"left": "left", "select": "space", "right": "right"}}}})
    source = KeyboardPads(events, cfg.keyboard.seats, clock=clock)
    assert source.seats == (2,)
    source.handle_ui_event(down("space"))
    source.handle_ui_event(down("right"))
    assert drain(events, 0.01) == [PadEvent(2, Button.SELECT, Kind.PRESS),
                                   PadEvent(2, Button.RIGHT, Kind.PRESS)]
    assert sorted(source.held_buttons(), key=lambda k: k[1].value) == [
        (2, Button.RIGHT), (2, Button.SELECT)]


def test_unknown_key_name_names_the_config_key(events: queue.Queue[PadEvent]) -> None:
    with pytest.raises(ConfigError) as info:
        KeyboardPads(events, [SeatKeys(3, left="a", right="b", select="not-a-key")])
    assert info.value.key == "pads.keyboard.seats.3.select"


def test_lights_and_digits_are_remembered_not_shown(pads: KeyboardPads) -> None:
    pads.set_light(1, Light.ON)
    pads.show_digits(1, "3")
    assert pads.lights == {1: Light.ON}
    assert pads.digits == {1: "3"}
    pads.close()
    assert pads.held_buttons() == []
