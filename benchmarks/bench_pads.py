"""Press-to-queue latency of the pad sources: how long from an edge to a `PadEvent`.

GPIO: a MockFactory pin driven low -> the event on the queue (gpiozero's callback path,
our debouncer and the enqueue). Serial: frame bytes written on a real pseudo-terminal ->
the event on the queue (pty, pyserial read, frame check, enqueue), one press at a time so
the figure is latency, not throughput.
"""

from __future__ import annotations

import os
import queue
import statistics
import threading
import time
import tty
from typing import Any

from companion.pads import padproto
from companion.pads.config import SerialConfig, load_default_pins
from companion.pads.events import PadEvent


class TimedQueue(queue.Queue[PadEvent]):
    """A queue that notes when each event was put, the moment the adapter's job ends."""

    def __init__(self) -> None:
        super().__init__()
        self.put_at: list[float] = []

    def put(self, item: PadEvent, block: bool = True, timeout: float | None = None) -> None:
        self.put_at.append(time.perf_counter())
        super().put(item, block, timeout)


def _report(name: str, samples: list[float]) -> None:
    micros = sorted(s * 1e6 for s in samples)
    p50 = statistics.median(micros)
    p99 = micros[min(len(micros) - 1, int(len(micros) * 0.99))]
    print(f"   {name:<8} n={len(micros):5d}  p50 {p50:8.1f} us   p99 {p99:8.1f} us   "
          f"max {micros[-1]:8.1f} us")


def bench_gpio(n: int = 2000) -> list[float]:
    from gpiozero.pins.mock import MockFactory

    from companion.pads.gpio import GpioPads

    factory = MockFactory()
    events = TimedQueue()
    seats = load_default_pins()
    pads = GpioPads(events, seats, pin_factory=factory, debounce_s=0.0)
    pads.start()
    pin = factory.pin(seats[0].select)
    samples = []
    try:
        for i in range(n):
            before = len(events.put_at)
            started = time.perf_counter()
            if i % 2 == 0:
                pin.drive_low()
            else:
                pin.drive_high()
            while len(events.put_at) == before:
                time.sleep(0)
            samples.append(events.put_at[before] - started)
    finally:
        pads.close()
        factory.reset()
        factory.close()
    return samples


def bench_serial(n: int = 1000) -> list[float]:
    from companion.pads.serial import SerialPads

    master, slave = os.openpty()
    tty.setraw(slave)
    path = os.ttyname(slave)
    events = TimedQueue()
    pads = SerialPads(events, SerialConfig(heartbeat_s=1.0, link_timeout_s=30.0),
                      finder=lambda: path)
    stop = threading.Event()

    def swallow_host_frames() -> None:  # the host's HELLO and heartbeats must go somewhere
        import select

        while not stop.is_set():
            ready, _, _ = select.select([master], [], [], 0.05)
            if ready:
                try:
                    os.read(master, 4096)
                except OSError:
                    return

    drain = threading.Thread(target=swallow_host_frames, daemon=True)
    drain.start()
    pads.start()
    samples: list[float] = []
    try:
        time.sleep(0.2)  # let the reader open the port
        frames: list[Any] = [padproto.encode(i % 65536, "BTN", (i % 6, "S", "DU"[i % 2]))
                             for i in range(n + 20)]
        for i, frame in enumerate(frames):
            before = len(events.put_at)
            started = time.perf_counter()
            os.write(master, frame)
            deadline = started + 2
            while len(events.put_at) == before and time.perf_counter() < deadline:
                time.sleep(0)
            if len(events.put_at) > before and i >= 20:  # the first few warm up the path
                samples.append(events.put_at[before] - started)
    finally:
        stop.set()
        pads.close()
        drain.join(1)
        os.close(master)
        os.close(slave)
    return samples


def run() -> None:
    """Print p50/p99 press-to-queue latency for GPIO (mock pins) and serial (pty)."""
    _report("gpio", bench_gpio())
    _report("serial", bench_serial())


if __name__ == "__main__":
    run()
