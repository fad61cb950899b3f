"""The hub firmware and the companion's reader, talking over a real pseudo-terminal.

The firmware runs on its fakes (the board, a `utime` the test moves) in a thread that
owns the pty's master side; the companion's `SerialPads` opens the slave side by path,
as it opens /dev/ttyACM0. The hub's clock is made to jump past HOST_TIMEOUT_MS, as if
the host had stalled: the pads go dark, and come back lit by themselves.
"""

from __future__ import annotations

import os
import queue
import threading
import tty
from pathlib import Path

from companion.pads.config import SerialConfig
from companion.pads.events import Light, PadEvent
from companion.pads.serial import SerialPads
from pads.helpers import wait_for

from .conftest import Firmware


class HubOnPty:
    """The firmware's `Hub` in a thread, reading and writing a pty's master side."""

    def __init__(self, fw: Firmware, link: Path) -> None:
        self.fw = fw
        self.master, slave = os.openpty()
        tty.setraw(slave)
        self.slave = slave
        os.symlink(os.ttyname(slave), link)
        os.set_blocking(self.master, False)
        self.hub = fw.hub.Hub(fw.board.Pin, fw.clock, self._write)
        self.jump = 0  # ms to add to the hub's clock at its next step
        self.stop = threading.Event()
        self.thread = threading.Thread(target=self._run, daemon=True)

    def _write(self, data: bytes) -> int:
        view = memoryview(data)
        while view:
            try:
                view = view[os.write(self.master, view):]
            except BlockingIOError:
                self.stop.wait(0.001)
        return len(data)

    def _run(self) -> None:
        self.hub.hello()
        while not self.stop.is_set():
            try:
                data = os.read(self.master, 4096)
            except (BlockingIOError, OSError):
                data = b""
            if data:
                self.hub.feed(data)
            self.fw.clock.now += 1 + self.jump
            self.jump = 0
            self.hub.step()
            self.stop.wait(0.001)

    def close(self) -> None:
        self.stop.set()
        self.thread.join(timeout=5)
        os.close(self.master)
        os.close(self.slave)


def test_pads_dark_after_a_host_silence_light_up_again_on_their_own(
        firmware: Firmware, tmp_path: Path) -> None:
    link = tmp_path / "usb-MicroPython-hub"
    hub = HubOnPty(firmware, link)
    hub.thread.start()
    events: queue.Queue[PadEvent] = queue.Queue()
    # the host's heartbeat is fast (real time); the hub's clock is the test's
    pads = SerialPads(events, SerialConfig(port=str(link), heartbeat_s=0.05,
                                           link_timeout_s=30.0, backoff_initial_s=0.01,
                                           backoff_max_s=0.05))
    pads.start()
    led = firmware.board.pins[firmware.hub.LED_PINS[4]]
    try:
        assert pads.connected.wait(60)
        pads.set_light(4, Light.ON)
        assert wait_for(lambda: led.out == 1)
        hellos = pads.stats.hellos
        lit = len(firmware.board.log)
        hub.jump = firmware.hub.HOST_TIMEOUT_MS + 500  # to the hub, the host fell silent
        assert wait_for(lambda: hub.hub.blanked or pads.stats.hellos > hellos)
        assert wait_for(lambda: pads.stats.hellos > hellos), "challenged again"
        assert wait_for(lambda: led.out == 1), "the light is back without a press"
        assert (firmware.hub.LED_PINS[4], 0) in firmware.board.log[lit:], "it did go dark"
    finally:
        pads.close()
        hub.close()
