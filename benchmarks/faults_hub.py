"""`make faults`, the pad hub: a flood of ERR frames, over-long lines, a slow heartbeat.

Run from `benchmarks/faults.py`. The hub's side is written straight onto a real
pseudo-terminal (the companion's reader opens the other side, as it opens
/dev/ttyACM0); its handshake is answered as the firmware does. "Events lost" counts
real presses sent after the fault that never reached the queue.
"""

from __future__ import annotations

import logging
import os
import queue
import subprocess
import sys
import tempfile
import threading
import time
import traceback
import tty
from pathlib import Path

from benchmarks.bench_pads import _answer_hellos
from benchmarks.fault_kit import Row
from companion.pads import padproto
from companion.pads.config import SerialConfig
from companion.pads.events import PadEvent
from companion.pads.serial import SerialPads


class _Counter(logging.Handler):
    """Counts the lines and bytes the log would have written."""

    def __init__(self) -> None:
        super().__init__(logging.INFO)
        self.lines = 0
        self.bytes = 0
        self.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))

    def emit(self, record: logging.LogRecord) -> None:
        self.lines += 1
        self.bytes += len(self.format(record)) + 1


def _presses(master: int, events: queue.Queue[PadEvent], seq: int) -> int:
    """Six real presses after the fault; how many never arrived."""
    for pad in range(6):
        for kind in "DU":
            os.write(master, padproto.encode((seq + pad * 2 + (kind == "U")) % 65536, "BTN",
                                             (pad, "S", kind)))
    got = 0
    deadline = time.monotonic() + 5
    while got < 12 and time.monotonic() < deadline:
        try:
            events.get(timeout=0.1)
            got += 1
        except queue.Empty:
            continue
    return 12 - got


def _hub(flood: float, overlong: int) -> tuple[Row, Row]:
    master, slave = os.openpty()
    tty.setraw(slave)
    path = os.ttyname(slave)
    events: queue.Queue[PadEvent] = queue.Queue()
    counter = _Counter()
    logger = logging.getLogger("companion.pads.serial")
    logger.addHandler(counter)
    level, logger.level = logger.level, logging.INFO
    logger.propagate = False  # counted here, not printed
    pads = SerialPads(events, SerialConfig(heartbeat_s=1.0, link_timeout_s=30.0),
                      finder=lambda: path)
    stop = threading.Event()
    answer = threading.Thread(target=_answer_hellos, args=(master, stop), daemon=True)
    answer.start()
    pads.start()
    flood_row = Row(f"hub: ERR frames for {flood:.0f} s")
    sent = flood_lines = flood_bytes = summed = 0
    long_row = Row("hub: lines over 96 bytes, a frame at the end")
    try:
        if not pads.connected.wait(5):
            raise RuntimeError("the emulated hub never completed the handshake")
        flood_row.injected = 1
        before = counter.lines
        block = b"".join(padproto.encode(i, "ERR", ("CMD", f"X{i}")) for i in range(1000))
        ends = time.monotonic() + flood
        while time.monotonic() < ends:
            os.write(master, block)
            sent += 1000
        while pads.stats.errors_from_hub < sent and time.monotonic() < ends + 30:
            time.sleep(0.05)
        lost = _presses(master, events, 1000)
        flood_row.lost = lost
        flood_row.survived = int(pads.connected.is_set() and lost == 0 and
                                 pads.stats.errors_from_hub == sent)
        flood_lines, flood_bytes = counter.lines - before, counter.bytes
        summed = pads.stats.log_suppressed
        long_row.injected = overlong
        dropped = pads.stats.overlong
        for i in range(overlong):  # noise, then a frame the old reader took from its end
            os.write(master, b"~" * 100 + padproto.encode(i, "BTN", (i % 6, "L", "D")))
        wait = time.monotonic() + 10
        while pads.stats.overlong - dropped < overlong and time.monotonic() < wait:
            time.sleep(0.02)
        acted = 0
        while True:
            try:
                events.get_nowait()
                acted += 1
            except queue.Empty:
                break
        long_row.lost = _presses(master, events, 3000)
        long_row.survived = overlong if acted == 0 and \
            pads.stats.overlong - dropped == overlong else 0
    except Exception:
        flood_row.tracebacks += 1
        traceback.print_exc()
    finally:
        stop.set()
        pads.close()
        answer.join(1)
        os.close(master)
        os.close(slave)
        logger.removeHandler(counter)
        logger.level = level
        logger.propagate = True
    flood_row.kind += (f": {sent:,} frames, {flood_lines} log lines ({flood_bytes:,} bytes), "
                       f"{summed:,} summed up")
    return flood_row, long_row


def _slow_heartbeat() -> Row:
    """A heartbeat slower than the hub's timeout is refused by check-config (it would
    blank every pad light for good)."""
    row = Row("check-config: heartbeat_s above the hub's 3.5 s timeout")
    with tempfile.TemporaryDirectory() as tmp:
        for seconds in (1.8, 3.6, 5.0):
            config = Path(tmp) / "config.toml"
            config.write_text(f"[pads.serial]\nheartbeat_s = {seconds}\n")
            done = subprocess.run([sys.executable, "-m", "companion.app.cli", "check-config",
                                   str(config)], capture_output=True, text=True, timeout=60,
                                  check=False)
            row.injected += 1
            row.survived += done.returncode == 2 and "heartbeat_s" in done.stderr
            row.tracebacks += done.stderr.count("Traceback")
    return row


def hub_faults(table: list[Row], flood: float = 15.0) -> None:
    """The hub's classes, beside the others."""
    table.extend(_hub(flood, overlong=500))
    table.append(_slow_heartbeat())
