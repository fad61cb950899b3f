"""GPIO pads on gpiozero's MockFactory: six pads, presses, holds, bounce and lights."""

from __future__ import annotations

import contextlib
import queue
import sys
import time
import types
from collections.abc import Iterator

import pytest
from gpiozero.pins.mock import MockFactory

from companion.pads.config import SeatPins, load_default_pins
from companion.pads.events import Blink, Button, Kind, Light, PadEvent
from companion.pads.gpio import GpioPads
from pads.fake_rpigpio import make_module
from pads.helpers import drain, wait_for

HOLD_S = 0.15
DEBOUNCE_S = 0.02
NO_HOLD_S = 5.0
"""The hold time of the tests that are not about holds: gpiozero's hold timer runs on the
real clock, and a loaded machine may stall a test between a press and its release for
longer than a short hold. (Closing waits out the timer of a button still held.)"""


class StepClock:
    """The debouncer's clock, moved by the test, so "within 3 ms" holds on any machine."""

    def __init__(self) -> None:
        self.now = 50.0

    def __call__(self) -> float:
        return self.now


@contextlib.contextmanager
def started(mock_factory: MockFactory, events: queue.Queue[PadEvent], hold_s: float,
            clock: StepClock | None = None) -> Iterator[GpioPads]:
    source = GpioPads(events, load_default_pins(), pin_factory=mock_factory, hold_s=hold_s,
                      debounce_s=DEBOUNCE_S, **({"clock": clock} if clock else {}))
    source.start()
    try:
        yield source
    finally:
        source.close()


@pytest.fixture()
def pads(mock_factory: MockFactory, events: queue.Queue[PadEvent]) -> Iterator[GpioPads]:
    with started(mock_factory, events, NO_HOLD_S) as source:
        yield source


def _pin_of(seat: SeatPins, button: Button) -> int:
    return {Button.LEFT: seat.left, Button.RIGHT: seat.right, Button.SELECT: seat.select}[button]


def test_every_button_of_every_seat_gives_one_press_and_one_release(
    mock_factory: MockFactory, events: queue.Queue[PadEvent]
) -> None:
    clock = StepClock()  # each edge 1.5 debounce windows after the last
    expected = []
    with started(mock_factory, events, NO_HOLD_S, clock):
        for seat in load_default_pins():
            for button in Button:
                pin = mock_factory.pin(_pin_of(seat, button))
                clock.now += DEBOUNCE_S * 1.5
                pin.drive_low()
                clock.now += DEBOUNCE_S * 1.5
                pin.drive_high()
                expected += [PadEvent(seat.seat, button, Kind.PRESS),
                             PadEvent(seat.seat, button, Kind.RELEASE)]
        assert drain(events) == expected
    assert len(expected) == 36


@pytest.mark.slow
def test_a_hold_gives_exactly_one_hold(
    mock_factory: MockFactory, events: queue.Queue[PadEvent]
) -> None:
    with started(mock_factory, events, HOLD_S):
        pin = mock_factory.pin(load_default_pins()[2].select)
        pin.drive_low()
        got = [events.get(timeout=60), events.get(timeout=60)]  # however late the timer runs
        time.sleep(HOLD_S * 3)  # several more hold periods: still one hold
        pin.drive_high()
        got += drain(events)
    assert got == [
        PadEvent(2, Button.SELECT, Kind.PRESS),
        PadEvent(2, Button.SELECT, Kind.HOLD),
        PadEvent(2, Button.SELECT, Kind.RELEASE),
    ]


def test_short_press_gives_no_hold(
    mock_factory: MockFactory, events: queue.Queue[PadEvent]
) -> None:
    """gpiozero's hold timer starts at the press and is stopped by the release, so a hold
    can only come from a press that lasted the hold time. The test times each press it
    makes: one that a loaded machine stretched to the hold time proves nothing and is
    made again."""
    with started(mock_factory, events, HOLD_S):
        pin = mock_factory.pin(load_default_pins()[0].left)
        for _ in range(20):
            pressed = time.monotonic()
            pin.drive_low()
            time.sleep(HOLD_S / 3)
            pin.drive_high()
            lasted = time.monotonic() - pressed
            time.sleep(HOLD_S * 2)
            kinds = [e.kind for e in drain(events)]
            if lasted < HOLD_S:
                break
        assert lasted < HOLD_S, "no press shorter than the hold time in 20 tries"
    assert kinds == [Kind.PRESS, Kind.RELEASE]


@pytest.mark.slow
def test_burst_of_five_edges_within_3ms_gives_one_press(
    mock_factory: MockFactory, events: queue.Queue[PadEvent]
) -> None:
    clock = StepClock()
    seats = load_default_pins()
    source = GpioPads(events, seats, pin_factory=mock_factory, hold_s=NO_HOLD_S,
                      debounce_s=DEBOUNCE_S, clock=clock)
    source.start()
    try:
        pin = mock_factory.pin(seats[1].right)
        for edge in range(5):  # low, high, low, high, low at 0, 0.6 ... 2.4 ms: ends pressed
            clock.now = 50.0 + edge * 0.0006
            if edge % 2 == 0:
                pin.drive_low()
            else:
                pin.drive_high()
        time.sleep(DEBOUNCE_S * 3)
        assert drain(events) == [PadEvent(1, Button.RIGHT, Kind.PRESS)]
        clock.now = 50.1
        pin.drive_high()
        assert drain(events) == [PadEvent(1, Button.RIGHT, Kind.RELEASE)]
    finally:
        source.close()


def test_burst_ending_released_still_reports_the_release(
    pads: GpioPads, mock_factory: MockFactory, events: queue.Queue[PadEvent]
) -> None:
    pin = mock_factory.pin(load_default_pins()[1].right)
    for edge in range(4):  # low, high, low, high: a tap with bounce, ends released
        if edge % 2 == 0:
            pin.drive_low()
        else:
            pin.drive_high()
    # the release is reported by the settle thread once the line has been quiet for the
    # window, however late a busy machine runs it
    got = [events.get(timeout=60), events.get(timeout=60)]
    time.sleep(DEBOUNCE_S * 3)
    assert got + drain(events) == [
        PadEvent(1, Button.RIGHT, Kind.PRESS), PadEvent(1, Button.RIGHT, Kind.RELEASE)
    ]


def test_simultaneous_presses_on_two_seats(
    pads: GpioPads, mock_factory: MockFactory, events: queue.Queue[PadEvent]
) -> None:
    seats = load_default_pins()
    mock_factory.pin(seats[0].select).drive_low()
    mock_factory.pin(seats[5].select).drive_low()
    got = drain(events)
    assert set(got) == {PadEvent(0, Button.SELECT, Kind.PRESS),
                        PadEvent(5, Button.SELECT, Kind.PRESS)}
    assert sorted(pads.held_buttons()) == sorted([(0, Button.SELECT), (5, Button.SELECT)],
                                                 key=lambda k: (k[0], k[1].value))
    mock_factory.pin(seats[0].select).drive_high()
    mock_factory.pin(seats[5].select).drive_high()


@pytest.mark.slow
def test_lights_follow_host_commands(pads: GpioPads, mock_factory: MockFactory) -> None:
    seats = load_default_pins()
    lit = [s for s in seats if s.led is not None]
    assert [s.seat for s in lit] == [0, 1, 2, 3]
    for s in lit:
        pin = mock_factory.pin(s.led)
        assert pin.state is False
        pads.set_light(s.seat, Light.ON)
        assert pin.state is True
        pads.set_light(s.seat, Light.OFF)
        assert pin.state is False
    # a counted blink: the light goes on and off and ends off
    pin = mock_factory.pin(seats[0].led)
    pin.clear_states()  # MockPin records every change of its level from here
    pads.set_light(0, Blink(on_s=0.02, off_s=0.02, count=3))
    # three blinks, however late a busy machine runs the blinking thread; then no more
    assert wait_for(lambda: len(pin.states) >= 7, timeout_s=60)
    time.sleep(0.1)  # a fourth blink would have begun
    assert [s.state for s in pin.states] == [False] + [True, False] * 3
    assert pin.state is False
    # seats without a light ignore the request instead of failing
    pads.set_light(5, Light.ON)
    assert not pads.has_light(5)
    pads.show_digits(0, "12")


def test_button_held_at_start_is_reported(
    mock_factory: MockFactory, events: queue.Queue[PadEvent]
) -> None:
    seat = SeatPins(0, left=4, right=5, select=6)
    source = GpioPads(events, [seat], pin_factory=mock_factory, hold_s=HOLD_S)
    source.start()
    try:
        assert source.held_buttons() == []
        # MockPin resets its level when the pull-up is set, so the stuck button is
        # pressed just after start; the level is what held_buttons() must read.
        mock_factory.pin(6).drive_low()
        assert source.held_buttons() == [(0, Button.SELECT)]
    finally:
        source.close()


def test_close_releases_pins_so_they_can_be_claimed_again(
    mock_factory: MockFactory, events: queue.Queue[PadEvent]
) -> None:
    seats = load_default_pins()
    for _ in range(2):
        source = GpioPads(events, seats, pin_factory=mock_factory)
        source.start()
        source.close()
        source.close()  # twice is fine
    assert drain(events, 0.01) == []


def test_failed_start_releases_what_it_claimed(
    mock_factory: MockFactory, events: queue.Queue[PadEvent]
) -> None:
    # pin 40 does not exist: start fails part-way and must not leave pins reserved
    seats = [SeatPins(0, 4, 5, 6), SeatPins(1, 7, 8, 40)]
    source = GpioPads(events, seats, pin_factory=mock_factory)
    with pytest.raises(Exception):  # noqa: B017 - gpiozero's own PinInvalidPin
        source.start()
    again = GpioPads(events, seats[:1], pin_factory=mock_factory)
    again.start()
    assert again.seats == (0,)
    again.close()


@pytest.fixture()
def fake_rpi_gpio(monkeypatch: pytest.MonkeyPatch) -> Iterator[types.ModuleType]:
    """Our fake RPi.GPIO in sys.modules; gpiozero's rpigpio module is re-imported against it."""
    from gpiozero.pins.local import LocalPiFactory

    gpio = make_module()
    package = types.ModuleType("RPi")
    package.GPIO = gpio  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "RPi", package)
    monkeypatch.setitem(sys.modules, "RPi.GPIO", gpio)
    monkeypatch.delitem(sys.modules, "gpiozero.pins.rpigpio", raising=False)
    yield gpio
    LocalPiFactory.pins.clear()  # the local factories share one class-level pin table


def test_rpigpio_factory_wires_up_and_delivers_presses(
    fake_rpi_gpio: types.ModuleType, monkeypatch: pytest.MonkeyPatch,
    events: queue.Queue[PadEvent],
) -> None:
    """Selecting RPi.GPIO builds pads on RPi.GPIO (a fake) without touching real pins."""
    from companion.pads.factory import make_pin_factory

    factory = make_pin_factory("rpigpio")
    assert type(factory).__name__ == "RPiGPIOFactory"
    # no Pi here: give the factory a Pi 4's revision code instead of reading /proc
    monkeypatch.setattr(factory, "_get_revision", lambda: 0xC03114)
    source = GpioPads(events, [SeatPins(0, left=4, right=5, select=6, led=12)],
                      pin_factory=factory, debounce_s=0.0)
    calls = fake_rpi_gpio.calls  # type: ignore[attr-defined]
    try:
        source.start()
        assert {(4, 22), (5, 22), (6, 22)} <= {(a[0], a[2]) for n, a in calls if n == "setup"}
        assert {a[0] for n, a in calls if n == "add_event_detect"} >= {4, 5, 6}
        source.set_light(0, Light.ON)
        assert ("output", (12, 1)) in calls
        fake_rpi_gpio.drive(5, 0)  # type: ignore[attr-defined]
        fake_rpi_gpio.drive(5, 1)  # type: ignore[attr-defined]
        assert drain(events) == [PadEvent(0, Button.RIGHT, Kind.PRESS),
                                 PadEvent(0, Button.RIGHT, Kind.RELEASE)]
    finally:
        source.close()
        factory.close()


def test_auto_factory_never_falls_back_to_rpigpio(
    fake_rpi_gpio: types.ModuleType, monkeypatch: pytest.MonkeyPatch,
) -> None:
    """With lgpio missing, "auto" names the fix instead of picking RPi.GPIO (here our
    fake one), which nothing installs and which cannot drive a Pi 5."""
    from companion.exc import PadHardwareError
    from companion.pads.factory import make_pin_factory

    monkeypatch.setitem(sys.modules, "lgpio", None)  # import lgpio -> ImportError
    monkeypatch.delitem(sys.modules, "gpiozero.pins.lgpio", raising=False)
    with pytest.raises(PadHardwareError, match="sudo apt install python3-lgpio"):
        make_pin_factory("auto")
    assert fake_rpi_gpio.calls == []  # type: ignore[attr-defined]


def test_auto_factory_with_nothing_raises_a_clear_error(monkeypatch: pytest.MonkeyPatch) -> None:
    from companion.exc import PadHardwareError
    from companion.pads.factory import make_pin_factory

    monkeypatch.setitem(sys.modules, "lgpio", None)
    monkeypatch.setitem(sys.modules, "RPi", None)
    monkeypatch.delitem(sys.modules, "gpiozero.pins.lgpio", raising=False)
    monkeypatch.delitem(sys.modules, "gpiozero.pins.rpigpio", raising=False)
    with pytest.raises(PadHardwareError, match="lgpio"):
        make_pin_factory("auto")
