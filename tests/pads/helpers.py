"""Small helpers shared by the pad tests (imported as `pads.helpers`)."""

from __future__ import annotations

import queue
import time
from collections.abc import Callable

from companion.pads.events import PadEvent


def drain(q: queue.Queue[PadEvent], settle_s: float = 0.05) -> list[PadEvent]:
    """Everything on the queue once it has been quiet for `settle_s`."""
    out: list[PadEvent] = []
    while True:
        try:
            out.append(q.get(timeout=settle_s))
        except queue.Empty:
            return out


def wait_for(predicate: Callable[[], object], timeout_s: float = 60.0) -> bool:
    """Poll `predicate()` until true or the timeout; tests assert on the result. The
    timeout only bounds a broken build: a working one is never near it, however busy
    other work keeps the machine."""
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        if predicate():
            return True
        time.sleep(0.005)
    return False
