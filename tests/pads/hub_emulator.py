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
import time
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
                 answer_hello: bool = True, version: int | None = None,
                 repl: bool = False) -> None:
        """`version` answers HELLO as a hub of another protocol would (no proof);
        `repl` makes it a Pico at its REPL: every byte echoed, a prompt after each line."""
        self.link = link_dir / name
        self.answer_hello = answer_hello
        self.version = version
        self.repl = repl
        self.heartbeat_s = 0.1  # a real hub beats every second; the tests' host is impatient
        self.reading = threading.Event()  # cleared: the hub stops reading (a hung firmware)
        self.reading.set()
        self.deaf = threading.Event()  # set once the reader has really stopped
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
        self.hello_count = 0
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
            self._write_locked(data)

    def _write_locked(self, data: bytes) -> None:
        assert self.master is not None, "hub is unplugged"
        view = memoryview(data)
        while view:
            written = os.write(self.master, view)
            view = view[written:]

    def send_presses(self, presses: list[tuple[int, str, str]]) -> None:
        """Many BTN frames numbered and written as one block (no heartbeat in between)."""
        with self.lock:
            out = bytearray()
            for pad, button, kind in presses:
                out += proto.encode(self.seq, "BTN", (pad, button, kind))
                self.seq = proto.seq_next(self.seq)
            self._write_locked(bytes(out))

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
        last_hb = time.monotonic()
        while not self._stop.is_set():
            if self.hello_count and time.monotonic() - last_hb >= self.heartbeat_s:
                last_hb = time.monotonic()
                try:
                    self.send("HB", int(last_hb * 1000) & 0x7FFFFFFF, self.bad_from_host, 0)
                except (OSError, AssertionError):
                    return
            if not self.reading.is_set():
                self.deaf.set()
                self._stop.wait(0.02)
                continue
            self.deaf.clear()
            try:
                ready, _, _ = select.select([master], [], [], 0.02)
                if not ready:
                    continue
                data = os.read(master, 4096)
            except OSError:
                return
            if not data:
                return
            if self.repl:  # MicroPython's REPL echoes what it is typed, then complains
                try:
                    self.send_raw(data.replace(b"\n", b"\r\n"))
                    if b"\n" in data:
                        self.send_raw(b"SyntaxError: invalid syntax\r\n>>> ")
                except (OSError, AssertionError):
                    return
                continue
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
                        if self.version is not None:
                            self.send("ERR", "VERSION")
                            self.send("HELLO", self.version, "9.0.0", 6, "3F")
                            continue
                        args = frame[2]
                        self.send("HELLO", proto.PROTOCOL_VERSION, "2.0.0", 6, "3F",
                                  proto.hello_proof(args[1]))
                        self.send("STATE", self.state)
                    except (OSError, AssertionError):
                        return
                    self.hello_count += 1
                    self.hello_event.set()
