"""A pad hub emulated on a real pseudo-terminal, speaking with the firmware's frame code.

The host opens the pty's slave side by path with pyserial, exactly as it opens
/dev/ttyACM0; the emulator writes frames on the master side. "Unplugging" closes both
fds and removes the by-id style symlink the host discovers it through; "plugging in"
makes a new pty and a new link.
"""

from __future__ import annotations

import importlib.util
import os
import select
import threading
import tty
from pathlib import Path
from types import ModuleType

FIRMWARE = Path(__file__).resolve().parents[2] / "firmware"


def firmware_padproto() -> ModuleType:
    """The firmware's own copy of the frame code, loaded from firmware/padproto.py."""
    spec = importlib.util.spec_from_file_location("fw_padproto", FIRMWARE / "padproto.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


proto = firmware_padproto()


class EmulatedHub:
    """One hub; call plug() to appear and unplug() to vanish, as often as you like."""

    def __init__(self, link_dir: Path, name: str = "usb-MicroPython_Board_in_FS_mode-if00",
                 answer_hello: bool = True) -> None:
        self.link = link_dir / name
        self.answer_hello = answer_hello
        self.master: int | None = None
        self.slave: int | None = None
        self.seq = 0
        self.lock = threading.Lock()
        self.received: list[tuple[int, str, list[str]]] = []
        self.bad_from_host = 0
        self.hello_count = 0
        self.hello_event = threading.Event()
        self.state = "0" * 18
        self._thread: threading.Thread | None = None
        self._stop = threading.Event()

    # ------------------------------------------------------------- plugging

    def plug(self) -> None:
        master, slave = os.openpty()
        tty.setraw(slave)  # no echo, no line editing: the host's frames never bounce back
        self.master, self.slave = master, slave
        self.seq = 0
        self.hello_event.clear()
        self._stop.clear()
        os.symlink(os.ttyname(slave), self.link)
        self._thread = threading.Thread(target=self._read_host, daemon=True)
        self._thread.start()

    def unplug(self) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join(timeout=2)
            self._thread = None
        self.link.unlink(missing_ok=True)
        with self.lock:
            for fd in (self.master, self.slave):
                if fd is not None:
                    os.close(fd)
            self.master = self.slave = None

    # ------------------------------------------------------------- talking

    def send_raw(self, data: bytes) -> None:
        with self.lock:
            assert self.master is not None, "hub is unplugged"
            view = memoryview(data)
            while view:
                written = os.write(self.master, view)
                view = view[written:]

    def send(self, kind: str, *args: object) -> bytes:
        with self.lock:
            frame = proto.encode(self.seq, kind, args)
            self.seq = proto.seq_next(self.seq)
        self.send_raw(frame)
        return bytes(frame)

    def frames_for(self, presses: list[tuple[int, str, str]]) -> bytes:
        """Many BTN frames as one block (fast to write), numbered in order."""
        out = bytearray()
        with self.lock:
            for pad, button, kind in presses:
                out += proto.encode(self.seq, "BTN", (pad, button, kind))
                self.seq = proto.seq_next(self.seq)
        return bytes(out)

    def _read_host(self) -> None:
        buf = bytearray()
        master = self.master
        assert master is not None
        while not self._stop.is_set():
            try:
                ready, _, _ = select.select([master], [], [], 0.02)
                if not ready:
                    continue
                data = os.read(master, 4096)
            except OSError:
                return
            if not data:
                return
            buf += data
            while b"\n" in buf:
                line, _, rest = bytes(buf).partition(b"\n")
                buf = bytearray(rest)
                try:
                    frame = proto.decode(line)
                except proto.FrameError:
                    self.bad_from_host += 1
                    continue
                self.received.append(frame)
                if frame[1] == "HELLO" and self.answer_hello:
                    try:
                        self.send("HELLO", proto.PROTOCOL_VERSION, "1.0.0", 6, "3F")
                        self.send("STATE", self.state)
                    except (OSError, AssertionError):
                        return
                    self.hello_count += 1
                    self.hello_event.set()
