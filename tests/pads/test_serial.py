"""The serial hub reader through a real pseudo-terminal and an emulated hub."""

from __future__ import annotations

import contextlib
import functools
import itertools
import logging
import os
import queue
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.pads import padproto
from companion.pads import serial as serial_pads
from companion.pads.config import SerialConfig
from companion.pads.events import Blink, Button, Kind, Light, PadEvent
from companion.pads.hub_link import display_text, find_hub, light_command
from companion.pads.serial import SerialPads
from pads.helpers import wait_for
from pads.hub_emulator import EmulatedHub

BUTTON_OF = {"L": Button.LEFT, "R": Button.RIGHT, "S": Button.SELECT}
KIND_OF = {"D": Kind.PRESS, "U": Kind.RELEASE, "H": Kind.HOLD}
NONCE = "0123ABCD"
HELLO = padproto.encode(0, "HELLO", (padproto.PROTOCOL_VERSION, "2.0.0", 6, "3F",
                                     padproto.hello_proof(NONCE)))


PATIENCE = 60.0
"""How long a test waits for what must happen: a bound for a broken build, which a working
one never comes near however busy other work keeps the machine."""


def fast_config(link_dir: Path, **overrides: object) -> SerialConfig:
    """Quick heartbeats and back-off; a link timeout (silence from a hub that is plugged
    in) no stall of a loaded machine reaches, unless a test asks for a short one."""
    values: dict[str, object] = dict(
        vid_pid=(0xFFFF, 0xFFFE),  # never a real device on the test machine
        by_id_glob=str(link_dir / "usb-MicroPython*"),
        heartbeat_s=0.05, link_timeout_s=10.0, backoff_initial_s=0.005, backoff_max_s=0.04,
    )
    values.update(overrides)
    return SerialConfig(**values)  # type: ignore[arg-type]


@pytest.fixture()
def hub(tmp_path: Path) -> Iterator[EmulatedHub]:
    emulated = EmulatedHub(tmp_path)
    emulated.plug()
    yield emulated
    emulated.unplug()


@pytest.fixture()
def pads(tmp_path: Path, events: queue.Queue[PadEvent]) -> Iterator[SerialPads]:
    source = SerialPads(events, fast_config(tmp_path))
    source.start()
    yield source
    source.close()


def presses(n: int) -> list[tuple[int, str, str]]:
    """n presses (each a D then a U) spread over six pads and three buttons."""
    out = []
    for i in range(n):
        pad, button = i % 6, "LRS"[(i // 6) % 3]
        out += [(pad, button, "D"), (pad, button, "U")]
    return out


def as_events(frames: list[tuple[int, str, str]]) -> list[PadEvent]:
    return [PadEvent(p, BUTTON_OF[b], KIND_OF[k]) for p, b, k in frames]


def collect(q: queue.Queue[PadEvent], n: int, timeout_s: float = PATIENCE,
            stalled_s: float | None = None) -> list[PadEvent]:
    """Up to n events: what arrived within `timeout_s`, or, given `stalled_s`, until none
    has arrived for that long (a bound for a broken build that does not depend on how
    busy the machine is while events still come)."""
    out: list[PadEvent] = []
    deadline = time.monotonic() + (stalled_s or timeout_s)
    while len(out) < n and time.monotonic() < deadline:
        with contextlib.suppress(queue.Empty):
            out.append(q.get(timeout=0.1))
            if stalled_s is not None:
                deadline = time.monotonic() + stalled_s
    return out


@pytest.mark.slow
def test_ten_thousand_presses_from_six_seats_arrive_in_order(
    hub: EmulatedHub, tmp_path: Path, events: queue.Queue[PadEvent]
) -> None:
    """The link's clock is the test's and stands still: however long a loaded machine
    takes to move 20,000 frames through the pty, no heartbeat is missed and the link is
    never dropped for silence, so every press must arrive, in order, in one session."""
    pads = SerialPads(events, fast_config(tmp_path), clock=LinkClock())
    pads.start()
    try:
        assert pads.connected.wait(60)
        frames = presses(10_000)
        writer = threading.Thread(target=hub.send_presses, args=(frames,))
        writer.start()
        got = collect(events, len(frames), stalled_s=60)
        writer.join()
    finally:
        pads.close()
    assert pads.stats.sessions == 1
    assert got == as_events(frames)
    assert {e.seat for e in got} == set(range(6))
    assert pads.stats.dropped == 0
    assert pads.stats.gaps == 0


def test_twenty_unplugs_mid_stream_and_presses_after_each_reconnect_arrive(
    tmp_path: Path, events: queue.Queue[PadEvent]
) -> None:
    hub = EmulatedHub(tmp_path)
    source = SerialPads(events, fast_config(tmp_path))
    source.start()
    try:
        for cycle in range(20):
            hub.plug()
            assert wait_for(lambda c=cycle: source.stats.hellos > c, PATIENCE), \
            f"no hello in cycle {cycle}"
            batch = [(cycle % 6, "LRS"[cycle % 3], "D"), (cycle % 6, "LRS"[cycle % 3], "U")] * 5
            hub.send_raw(hub.frames_for(batch))
            got = collect(events, len(batch))
            assert got == as_events(batch), f"cycle {cycle}"
            # unplug in the middle of a stream: a press goes out, its release never does
            hub.send("BTN", 0, "S", "D")
            assert wait_for(lambda: not events.empty())
            hub.unplug()
            assert wait_for(lambda: not source.connected.is_set())
            assert wait_for(lambda c=cycle: source.stats.cancelled == c + 1)
            # the reader has read the session to its end: all it gave is on the queue
            lost = [events.get_nowait() for _ in range(events.qsize())]
            # the press, and no release: a held button is cancelled by the unplug, never
            # completed into a click
            assert lost == [PadEvent(0, Button.SELECT, Kind.PRESS)]
            assert source.held_buttons() == []
        assert source.stats.hellos == 20
        assert source.stats.sessions >= 20
    finally:
        source.close()
        hub.unplug()


def test_a_silent_hub_is_dropped_and_found_again(
    tmp_path: Path, events: queue.Queue[PadEvent]
) -> None:
    hub = EmulatedHub(tmp_path, answer_hello=False)  # open port, nobody answering
    hub.plug()
    source = SerialPads(events, fast_config(tmp_path, link_timeout_s=0.2))
    source.start()
    try:
        assert wait_for(lambda: source.stats.sessions >= 3, timeout_s=PATIENCE)
        assert not source.connected.is_set()
        hub.answer_hello = True
        assert wait_for(source.connected.is_set, timeout_s=PATIENCE)
        hub.send("BTN", 4, "R", "D")
        assert collect(events, 1) == [PadEvent(4, Button.RIGHT, Kind.PRESS)]
    finally:
        source.close()
        hub.unplug()


def test_lights_and_displays_reach_the_hub_and_are_resent_after_a_replug(
    tmp_path: Path, events: queue.Queue[PadEvent]
) -> None:
    hub = EmulatedHub(tmp_path)
    source = SerialPads(events, fast_config(tmp_path))
    source.set_light(2, Light.ON)  # before any hub: remembered
    source.start()
    try:
        hub.plug()
        assert wait_for(lambda: ["2", "ON"] in [a for _, k, a in hub.received if k == "LED"])
        source.set_light(3, Blink(on_s=0.2, off_s=0.3, count=4))
        source.show_digits(3, "12")
        assert wait_for(lambda: ["3", "12"] in [a for _, k, a in hub.received if k == "SHOW"])
        assert ["3", "BLINK", "200", "300", "4"] in [a for _, k, a in hub.received if k == "LED"]
        assert wait_for(lambda: any(k == "HB" for _, k, _ in hub.received))
        assert any(k == "CFG" and a == ["2000", "20"] for _, k, a in hub.received)
        hub.unplug()
        hub.received.clear()
        hub.plug()
        assert wait_for(lambda: ["3", "12"] in [a for _, k, a in hub.received if k == "SHOW"])
        leds = [a for _, k, a in hub.received if k == "LED"]
        assert ["2", "ON"] in leds and ["3", "BLINK", "200", "300", "4"] in leds
        assert hub.bad_from_host == 0
        seqs = [s for s, _, _ in hub.received]
        assert seqs == list(range(len(seqs)))  # the host numbers its frames from 0 per link
    finally:
        source.close()
        hub.unplug()


def test_state_report_flags_buttons_down_at_start(
    tmp_path: Path, events: queue.Queue[PadEvent]
) -> None:
    hub = EmulatedHub(tmp_path)
    hub.state = "000000100000000001"  # pad 2 left, pad 5 select
    hub.plug()
    source = SerialPads(events, fast_config(tmp_path))
    source.start()
    try:
        assert wait_for(source.connected.is_set)
        assert wait_for(lambda: source.held_buttons() != [])
        assert source.held_buttons() == [(2, Button.LEFT), (5, Button.SELECT)]
        hub.send("BTN", 2, "L", "U")  # the stuck button comes free
        assert wait_for(lambda: source.held_buttons() == [(5, Button.SELECT)])
    finally:
        source.close()
        hub.unplug()


def test_garbage_on_the_wire_is_dropped_and_presses_still_arrive(
    hub: EmulatedHub, pads: SerialPads, events: queue.Queue[PadEvent]
) -> None:
    assert pads.connected.wait(PATIENCE)
    good = hub.send("BTN", 1, "L", "D")
    hub.send_raw(b"Traceback (most recent call last):\n" + good[:-3] + b"00\n" + b"\x00" * 300
                 + b"\n" + b"x" * 500 + b"\n")
    hub.send("BTN", 1, "L", "U")
    got = collect(events, 2)
    assert got == [PadEvent(1, Button.LEFT, Kind.PRESS), PadEvent(1, Button.LEFT, Kind.RELEASE)]
    assert pads.stats.dropped >= 3 and pads.stats.overlong == 2


class LinkClock:
    """The link's clock on the test's hand: it moves only while the reader waits to look
    for the hub again, by exactly the wait the back-off asked for."""

    def __init__(self) -> None:
        self.now = 0.0
        self.pauses: list[float] = []

    def __call__(self) -> float:
        return self.now

    def pause_until(self, done: Callable[[], bool]) -> Callable[[float], bool]:
        """A `pause` for SerialPads that ends the reader's search once `done()`."""

        def pause(seconds: float) -> bool:
            self.pauses.append(seconds)
            self.now += seconds
            return done()

        return pause


def test_backoff_grows_and_is_capped(tmp_path: Path, events: queue.Queue[PadEvent]) -> None:
    clock = LinkClock()
    attempts: list[float] = []

    def finder() -> str:
        attempts.append(clock.now)
        return "/dev/nothing-here"

    def opener(path: str) -> object:
        raise OSError(2, "No such file or directory", path)

    config = fast_config(tmp_path, backoff_initial_s=0.02, backoff_max_s=0.08)
    source = SerialPads(events, config, finder=finder, opener=opener,  # type: ignore[arg-type]
                        clock=clock, pause=clock.pause_until(lambda: len(attempts) >= 7))
    source.start()
    assert wait_for(lambda: len(attempts) >= 7, timeout_s=30)
    source.close()
    gaps = [b - a for a, b in itertools.pairwise(attempts)]
    # growing from the first wait, doubling, then held at the cap
    assert gaps == pytest.approx([0.02, 0.04, 0.08, 0.08, 0.08, 0.08])
    assert clock.pauses == pytest.approx([0.02, 0.04, 0.08, 0.08, 0.08, 0.08, 0.08])
    assert source.stats.sessions == 0


class OneHelloPort:
    """A hub that says HELLO, then is pulled out (the read fails, as pyserial's does)."""

    def __init__(self) -> None:
        self.lines = [padproto.encode(0, "HELLO", (padproto.PROTOCOL_VERSION, "2.0.0", 6, "3F",
                                                   padproto.hello_proof(NONCE)))]

    @property
    def in_waiting(self) -> int:
        return len(self.lines[0]) if self.lines else 0

    def read(self, size: int = 1) -> bytes:
        if self.lines:
            return self.lines.pop(0)
        raise OSError(5, "Input/output error")  # what an unplugged ttyACM gives

    def write(self, data: bytes) -> int:
        return len(data)

    def close(self) -> None:
        pass


def test_backoff_starts_over_after_the_hub_said_hello(
    tmp_path: Path, events: queue.Queue[PadEvent]
) -> None:
    """Five failed looks push the wait to the cap; a hub that answers and is then pulled
    out is looked for again after the first, short wait, not after the cap."""
    clock = LinkClock()
    attempts: list[float] = []

    def finder() -> str:
        attempts.append(clock.now)
        return "/dev/pad-hub"

    def opener(path: str) -> OneHelloPort:
        if len(attempts) == 6:
            return OneHelloPort()
        raise OSError(2, "No such file or directory", path)

    config = fast_config(tmp_path, backoff_initial_s=0.02, backoff_max_s=0.32)
    source = SerialPads(events, config, finder=finder, opener=opener, nonce=lambda: NONCE,
                        clock=clock, pause=clock.pause_until(lambda: len(attempts) >= 8))
    source.start()
    try:
        assert wait_for(lambda: len(attempts) >= 8, timeout_s=30)
    finally:
        source.close()
    assert source.stats.hellos == 1
    gaps = [b - a for a, b in itertools.pairwise(attempts)]
    # before the hello (the 6th look) the wait had grown to the cap; after it, the first
    # wait again
    assert gaps == pytest.approx([0.02, 0.04, 0.08, 0.16, 0.32, 0.02, 0.04])


def test_find_hub_prefers_explicit_port_then_usb_id_then_glob(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from serial.tools import list_ports

    class Info:
        def __init__(self, device: str, vid: int | None, pid: int | None) -> None:
            self.device, self.vid, self.pid = device, vid, pid

    link = tmp_path / "usb-MicroPython_Board-if00"
    link.touch()
    cfg = fast_config(tmp_path, vid_pid=(0x2E8A, 0x0005))
    monkeypatch.setattr(list_ports, "comports", lambda: [Info("/dev/ttyS0", None, None)])
    assert find_hub(cfg) == str(link)
    monkeypatch.setattr(list_ports, "comports",
                        lambda: [Info("/dev/ttyS0", None, None), Info("/dev/ttyACM7", 0x2E8A, 5)])
    assert find_hub(cfg) == "/dev/ttyACM7"
    explicit = fast_config(tmp_path, port=str(link))
    assert find_hub(explicit) == str(link)
    assert find_hub(fast_config(tmp_path, port=str(tmp_path / "gone"))) is None
    link.unlink()
    monkeypatch.setattr(list_ports, "comports", list)
    assert find_hub(cfg) is None


def test_config_debounce_and_hold_reach_the_hub(
    tmp_path: Path, events: queue.Queue[PadEvent]
) -> None:
    from companion.pads import make_source
    from companion.pads.config import PadsConfig

    hub = EmulatedHub(tmp_path)
    hub.plug()
    config = PadsConfig(source="serial", hold_s=1.5, debounce_s=0.035,
                        serial=fast_config(tmp_path))
    source = make_source(config, events)
    source.start()
    try:
        assert wait_for(lambda: any(k == "CFG" for _, k, _ in hub.received))
        assert [a for _, k, a in hub.received if k == "CFG"] == [["1500", "35"]]
    finally:
        source.close()
        hub.unplug()


def test_light_and_display_commands() -> None:
    assert light_command(1, Light.ON) == ("LED", (1, "ON"))
    assert light_command(1, Blink(count=0)) == ("LED", (1, "OFF"))
    assert light_command(1, Blink(0.1, 0.4)) == ("LED", (1, "BLINK", 100, 400, 0))
    assert display_text(" 7") == "_7"
    assert display_text("") == "_"
    assert display_text("1.2") == "1.2"
    with pytest.raises(ValueError):
        display_text("12345")


# ----------------------------------------------------------------------- fuzzing

GOOD = [bytes(padproto.encode(s, "BTN", (p, b, k)))
        for s, (p, b, k) in enumerate(presses(30))]


# The strategies are built once: hypothesis checks each new one it is given, which cost
# more than the reader's work on the frames drawn from it.
GOOD_FRAMES = st.sampled_from(GOOD)
MUTATIONS = st.sampled_from(["flip", "insert", "delete", "truncate", "swap"])
BITS = st.integers(0, 7)
NOT_NEWLINE = st.integers(0, 255).filter(lambda b: b != 10)
RANDOM_LINES = st.binary(max_size=150).filter(lambda b: b"\n" not in b)
LINE_KINDS = st.sampled_from(["random", "mutated", "mutated", "good"])


@functools.cache
def positions(size: int) -> st.SearchStrategy[int]:
    """An index into the first `size` bytes of a frame (one strategy per size)."""
    return st.integers(0, size - 1)


def _mutate(data: st.DataObject) -> bytes:
    frame = bytearray(data.draw(GOOD_FRAMES))
    how = data.draw(MUTATIONS)
    body_end = len(frame) - 1  # keep the newline so the line boundary stays
    at = data.draw(positions(body_end))
    if how == "flip":
        frame[at] ^= 1 << data.draw(BITS)
    elif how == "insert":
        frame.insert(at, data.draw(NOT_NEWLINE))
    elif how == "delete":
        del frame[at]
    elif how == "truncate":
        frame = frame[:at] + b"\n"
    else:
        j = data.draw(positions(body_end))
        frame[at], frame[j] = frame[j], frame[at]
    return bytes(frame)


@pytest.mark.slow
@settings(max_examples=500, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_fuzzed_frames_never_raise_out_of_the_reader_and_are_counted(data: st.DataObject) -> None:
    """500 examples x 20 lines = 10,000 random, mutated and valid frames."""
    events: queue.Queue[PadEvent] = queue.Queue()
    source = SerialPads(events, SerialConfig(), nonce=lambda: NONCE)
    source.feed(HELLO)
    assert source.connected.is_set()
    lines = []
    for _ in range(20):
        kind = data.draw(LINE_KINDS)
        if kind == "random":
            line = data.draw(RANDOM_LINES) + b"\n"
        elif kind == "mutated":
            line = _mutate(data)
        else:
            line = data.draw(GOOD_FRAMES)
        lines.append(line)
    stream = b"".join(lines)
    cut = data.draw(st.integers(0, len(stream)))
    source.feed(stream[:cut])  # arrives in two reads, split anywhere
    source.feed(stream[cut:])
    nonblank = [ln for ln in lines if ln.strip()]
    valid = []
    for ln in nonblank:
        with contextlib.suppress(padproto.FrameError):
            valid.append(padproto.decode(ln))
    # a single flipped bit or a dropped byte can never pass CRC-16 as a different frame
    assert all(v in [padproto.decode(g) for g in GOOD] for v in valid)
    assert source.stats.frames == len(valid) + 1  # and the HELLO
    assert source.stats.dropped >= len(nonblank) - len(valid)
    # a release whose press was never seen is an orphan, never passed on
    assert events.qsize() + source.stats.orphans == len(valid)


# ----------------------------------------------------------------------- impostors and faults


@pytest.mark.slow
def test_a_pico_at_its_repl_that_echoes_every_line_is_never_taken_as_a_hub(
    tmp_path: Path, events: queue.Queue[PadEvent], caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO, logger="companion.pads.serial")
    hub = EmulatedHub(tmp_path, repl=True)
    hub.plug()
    source = SerialPads(events, fast_config(tmp_path, link_timeout_s=0.3))
    source.start()
    try:
        assert wait_for(lambda: source.stats.refused >= 3, timeout_s=PATIENCE)
        assert not source.connected.is_set()
        assert source.stats.hellos == 0 and source.stats.frames == 0
        assert events.empty()
        echo = [r.getMessage() for r in caplog.records if "REPL" in r.getMessage()]
        assert len(echo) == 1, "the same problem is logged once, not at every retry"
        # the firmware is copied and the Pico restarts: the same port becomes a hub
        hub.repl = False
        assert wait_for(source.connected.is_set, timeout_s=PATIENCE)
        assert any("pad hub connected" in r.getMessage() for r in caplog.records)
    finally:
        source.close()
        hub.unplug()


def test_a_hub_of_another_protocol_version_is_refused_and_retried(
    tmp_path: Path, events: queue.Queue[PadEvent], caplog: pytest.LogCaptureFixture
) -> None:
    hub = EmulatedHub(tmp_path, version=1)
    hub.plug()
    source = SerialPads(events, fast_config(tmp_path))
    source.start()
    try:
        assert wait_for(lambda: source.stats.refused >= 3, timeout_s=PATIENCE)
        assert not source.connected.is_set()
        hub.send("BTN", 0, "S", "D")  # a button on a refused hub does nothing
        time.sleep(0.1)
        assert events.empty()
        version = [r for r in caplog.records if "protocol 1" in r.getMessage()]
        assert len(version) == 1 and "update the hub's firmware" in version[0].getMessage()
        hub.version = None  # the firmware is updated
        assert wait_for(source.connected.is_set, timeout_s=PATIENCE)
    finally:
        source.close()
        hub.unplug()


def test_a_hub_that_stops_reading_never_stalls_the_main_loop(
    hub: EmulatedHub, tmp_path: Path, events: queue.Queue[PadEvent],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The reader is held inside a write to a hub that took nothing, for as long as the
    main loop's calls take: they all return meanwhile (none waits for the hub). The link's
    clock is the test's, so the hub is dropped when the test lets the link time out."""
    clock = LinkClock()
    source = SerialPads(events, fast_config(tmp_path, link_timeout_s=1.0), clock=clock)
    writing, calls_done = threading.Event(), threading.Event()

    def held_write(port: serial_pads.SerialPort, data: bytes, timeout_s: float) -> bool:
        if not hub.reading.is_set():  # the hub is deaf: this write cannot go through
            writing.set()
            calls_done.wait(60)
        return real_write(port, data, timeout_s)

    real_write = serial_pads.write_within
    monkeypatch.setattr(serial_pads, "write_within", held_write)
    source.start()
    try:
        assert source.connected.wait(PATIENCE)
        hub.reading.clear()
        assert hub.deaf.wait(PATIENCE)  # the emulator has finished the read it was in
        # fill the pty's buffer from the host's side so every further write would block
        fd = os.open(os.ttyname(hub.slave), os.O_WRONLY | os.O_NONBLOCK)  # type: ignore[arg-type]
        try:
            # the kernel moves a pty's data on to the line discipline's buffer a little
            # later, freeing room again: fill until a pause frees none
            for _ in range(20):
                for size in (4096, 256, 16, 1):
                    with contextlib.suppress(BlockingIOError):
                        while True:
                            os.write(fd, b"x" * size)
                time.sleep(0.1)
                try:
                    os.write(fd, b"x")
                except BlockingIOError:
                    break
        finally:
            os.close(fd)
        source.set_light(0, Light.ON)
        assert writing.wait(PATIENCE), "the reader should be writing the light to the hub"

        def main_loop() -> None:
            for i in range(3000):
                source.set_light(i % 6, Light.ON if i % 2 else Blink(0.2, 0.3, 4))
                source.show_digits(i % 6, str(i % 100))

        caller = threading.Thread(target=main_loop, daemon=True)
        caller.start()
        caller.join(30)  # a bound for a broken build; each call takes microseconds
        assert not caller.is_alive(), "a main-loop call waited for the write to the hub"
        calls_done.set()
        assert source.stats.superseded > 0  # old light updates were replaced, not queued
        assert wait_for(lambda: source.stats.write_timeouts > 0, timeout_s=PATIENCE), source.stats
        # the hub that takes nothing is dropped once the link's timeout has passed
        assert source.connected.is_set()
        clock.now += 1.5
        assert wait_for(lambda: not source.connected.is_set(), timeout_s=PATIENCE)
        hub.reading.set()
    finally:
        calls_done.set()
        source.close()


def test_unplugging_with_a_button_held_cancels_it_and_its_later_release_is_ignored(
    tmp_path: Path, events: queue.Queue[PadEvent]
) -> None:
    hub = EmulatedHub(tmp_path)
    hub.plug()
    source = SerialPads(events, fast_config(tmp_path))
    source.start()
    try:
        assert source.connected.wait(PATIENCE)
        hub.send("BTN", 3, "S", "D")
        assert collect(events, 1) == [PadEvent(3, Button.SELECT, Kind.PRESS)]
        hub.unplug()
        assert wait_for(lambda: source.stats.cancelled == 1)
        hub.state = "0" * 11 + "1" + "0" * 6  # still held when plugged back in
        hub.plug()
        assert wait_for(lambda: source.stats.hellos == 2)
        assert wait_for(lambda: source.held_buttons() == [(3, Button.SELECT)])
        hub.send("BTN", 3, "S", "H")
        hub.send("BTN", 3, "S", "U")  # let go: no click, no hold, nothing at all
        hub.send("BTN", 2, "L", "D")
        hub.send("BTN", 2, "L", "U")
        got = collect(events, 2)
        assert got == [PadEvent(2, Button.LEFT, Kind.PRESS), PadEvent(2, Button.LEFT, Kind.RELEASE)]
        assert source.stats.orphans == 2
        assert source.held_buttons() == []
    finally:
        source.close()
        hub.unplug()


@pytest.mark.parametrize("pad", ["+4", "04", "0_2", "6", "-1"])
def test_a_pad_number_that_is_not_canonical_is_dropped_and_counted(
    hub: EmulatedHub, pads: SerialPads, events: queue.Queue[PadEvent], pad: str
) -> None:
    assert pads.connected.wait(PATIENCE)
    dropped = pads.stats.dropped
    hub.send("BTN", pad, "L", "D")
    hub.send("BTN", 1, "R", "D")
    assert collect(events, 1) == [PadEvent(1, Button.RIGHT, Kind.PRESS)]
    assert events.empty()
    assert pads.stats.dropped == dropped + 1
