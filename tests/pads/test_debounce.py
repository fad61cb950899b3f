"""The Debouncer on an injected clock: leading edge acts, bounce is swallowed, settle recovers."""

from __future__ import annotations

import pytest

from companion.pads.debounce import Debouncer


class FakeClock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


def test_first_edge_reports_at_once() -> None:
    clock = FakeClock()
    d = Debouncer(0.02, clock)
    assert d.edge(True) is True
    assert d.pressed is True


def test_burst_of_five_edges_in_3ms_gives_one_press() -> None:
    clock = FakeClock()
    d = Debouncer(0.02, clock)
    reports = []
    for i in range(5):
        reports.append(d.edge(i % 2 == 0))  # press, release, press, release, press
        clock.advance(0.0006)
    assert [r for r in reports if r is not None] == [True]
    assert d.suppressed == 2  # the two releases; presses repeat the reported state
    # the line settled pressed: nothing more to report
    clock.advance(0.05)
    assert d.settle(True) is None


def test_burst_that_ends_released_is_recovered_by_settle() -> None:
    clock = FakeClock()
    d = Debouncer(0.02, clock)
    assert d.edge(True) is True
    clock.advance(0.001)
    assert d.edge(False) is None  # swallowed inside the window
    clock.advance(0.03)
    assert d.settle(False) is False
    assert d.pressed is False


def test_edges_after_the_window_are_reported() -> None:
    clock = FakeClock()
    d = Debouncer(0.02, clock)
    assert d.edge(True) is True
    clock.advance(0.021)
    assert d.edge(False) is False
    clock.advance(0.021)
    assert d.edge(True) is True


def test_repeated_same_state_is_not_a_change() -> None:
    clock = FakeClock()
    d = Debouncer(0.02, clock)
    d.edge(True)
    clock.advance(1)
    assert d.edge(True) is None
    assert d.suppressed == 0


def test_zero_window_passes_everything() -> None:
    clock = FakeClock()
    d = Debouncer(0.0, clock)
    assert [d.edge(s) for s in (True, False, True)] == [True, False, True]


def test_negative_window_rejected() -> None:
    with pytest.raises(ValueError):
        Debouncer(-1)


def test_reset_forgets_state() -> None:
    clock = FakeClock()
    d = Debouncer(0.02, clock)
    d.edge(True)
    d.reset()
    assert d.pressed is False
    assert d.edge(True) is True
