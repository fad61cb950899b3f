"""Our own contact debounce, one per button.

gpiozero's `bounce_time` is applied by the pin backend, and the mock backend ignores it,
so a debounce we can test has to live above the backend. It acts on the first edge (no
added latency for a clean press) and then ignores the contact for `window_s`; because an
ignored edge may be the real last one (a burst that ends released), the caller asks
`settle()` once the line has been quiet for the window, with the line's true state.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable

Clock = Callable[[], float]


class Debouncer:
    """Turns raw contact edges of one button into clean pressed/released changes."""

    def __init__(self, window_s: float = 0.02, clock: Clock = time.monotonic) -> None:
        if window_s < 0:
            raise ValueError("debounce window must be 0 or more seconds")
        self.window_s = window_s
        self._clock = clock
        self._lock = threading.Lock()  # edges and settle can come from different threads
        self._pressed = False
        self._last_accepted: float | None = None
        self.suppressed = 0  # edges swallowed, for the self-test and diagnostics

    @property
    def pressed(self) -> bool:
        """The debounced state last reported."""
        return self._pressed

    def edge(self, pressed: bool) -> bool | None:
        """Feed one raw edge; returns the new state to report, or None to report nothing."""
        with self._lock:
            now = self._clock()
            if pressed == self._pressed:
                return None
            if self._last_accepted is not None and now - self._last_accepted < self.window_s:
                self.suppressed += 1
                return None
            self._pressed = pressed
            self._last_accepted = now
            return pressed

    def settle(self, pressed: bool) -> bool | None:
        """The line has been quiet for the window and reads `pressed`: report it if it changed.

        Called from a timer after a suppressed edge, so a bounce that ends in the opposite
        state from the first edge is never lost (a release hidden in a burst would
        otherwise leave the button stuck down).
        """
        with self._lock:
            if pressed == self._pressed:
                return None
            self._pressed = pressed
            self._last_accepted = self._clock()
            return pressed

    def reset(self) -> None:
        """Forget everything, as after a reconnect."""
        with self._lock:
            self._pressed = False
            self._last_accepted = None
