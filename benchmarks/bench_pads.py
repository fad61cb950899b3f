"""Press-to-queue latency of the pad sources: how long from an edge to a `PadEvent`.

GPIO: a MockFactory pin driven low -> the event on the queue (gpiozero's callback path,
our debouncer and the enqueue). Serial: frame bytes written on a real pseudo-terminal ->
the event on the queue (pty, pyserial read, frame check, enqueue), one press at a time so
the figure is latency, not throughput. Stalled hub: a hub that answered the handshake,
then stopped reading with the pty full; the longest main-loop call (set_light and
show_digits, as a reveal makes them) while the reader thread's writes time out.
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


def _answer_hellos(master: int, stop: threading.Event,
                   reading: threading.Event | None = None) -> None:
    """The hub's side: swallow the host's frames and answer each HELLO with its proof."""
    import select

    buffer = bytearray()
    seq = 0
    while not stop.is_set():
        if reading is not None and not reading.is_set():
            stop.wait(0.01)
            continue
        ready, _, _ = select.select([master], [], [], 0.02)
        if not ready:
            continue
        try:
            buffer += os.read(master, 4096)
        except OSError:
            return
        while b"\n" in buffer:
            line, _, rest = bytes(buffer).partition(b"\n")
            buffer = bytearray(rest)
            try:
                _, kind, args = padproto.decode(line)
            except padproto.FrameError:
                continue
            if kind == "HELLO" and len(args) == 2:
                os.write(master, padproto.encode(seq, "HELLO", (
                    padproto.PROTOCOL_VERSION, "bench", 6, "3F", padproto.hello_proof(args[1]))))
                seq = padproto.seq_next(seq)


def bench_stalled_hub(calls: int = 3000) -> tuple[list[float], float]:
    """Main-loop call times against a hub that stopped reading, and seconds until the
    reader gave that hub up."""
    import contextlib

    from companion.pads.events import Blink, Light
    from companion.pads.serial import SerialPads

    master, slave = os.openpty()
    tty.setraw(slave)
    path = os.ttyname(slave)
    events = TimedQueue()
    pads = SerialPads(events, SerialConfig(heartbeat_s=1.0, link_timeout_s=3.5),
                      finder=lambda: path)
    stop, reading = threading.Event(), threading.Event()
    reading.set()
    hub = threading.Thread(target=_answer_hellos, args=(master, stop, reading), daemon=True)
    hub.start()
    pads.start()
    samples: list[float] = []
    try:
        if not pads.connected.wait(5):
            raise RuntimeError("the emulated hub never completed the handshake")
        reading.clear()
        time.sleep(0.1)
        fd = os.open(path, os.O_WRONLY | os.O_NONBLOCK)
        try:
            for size in (4096, 256, 16, 1):
                with contextlib.suppress(BlockingIOError):
                    while True:
                        os.write(fd, b"x" * size)
        finally:
            os.close(fd)
        stalled_at = time.perf_counter()
        for i in range(calls):
            started = time.perf_counter()
            pads.set_light(i % 6, Light.ON if i % 2 else Blink(0.2, 0.3, 4))
            pads.show_digits(i % 6, str(i % 100))
            samples.append(time.perf_counter() - started)
            if i % 100 == 0:
                time.sleep(0.01)  # a frame's worth of main loop between bursts
        while pads.connected.is_set() and time.perf_counter() - stalled_at < 10:
            time.sleep(0.01)
        dropped_after = time.perf_counter() - stalled_at
        print(f"   stalled hub: {pads.stats.write_timeouts} writes timed out, "
              f"{pads.stats.superseded} light/display updates replaced before sending")
    finally:
        stop.set()
        pads.close()
        hub.join(1)
        os.close(master)
        os.close(slave)
    return samples, dropped_after


def bench_serial(n: int = 1000) -> list[float]:
    from companion.pads.serial import SerialPads

    master, slave = os.openpty()
    tty.setraw(slave)
    path = os.ttyname(slave)
    events = TimedQueue()
    pads = SerialPads(events, SerialConfig(heartbeat_s=1.0, link_timeout_s=30.0),
                      finder=lambda: path)
    stop = threading.Event()
    drain = threading.Thread(target=_answer_hellos, args=(master, stop), daemon=True)
    drain.start()
    pads.start()
    samples: list[float] = []
    try:
        if not pads.connected.wait(5):
            raise RuntimeError("the emulated hub never completed the handshake")
        frames: list[Any] = [padproto.encode(i % 65536, "BTN", ((i // 2) % 6, "S", "DU"[i % 2]))
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
    calls, dropped_after = bench_stalled_hub()
    _report("stalled", calls)
    print(f"   longest main-loop call against a hub that stopped reading: "
          f"{max(calls) * 1e3:.2f} ms (was about 1000 ms per light update); "
          f"hub given up after {dropped_after:.1f} s")


if __name__ == "__main__":
    run()
