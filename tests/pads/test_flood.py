"""Nothing a hub sends can fill the card with log lines, and no line over 96 bytes is read.

A real pseudo-terminal and the emulated hub; the reader's clock is a fake one the test
moves, so each log window ends exactly when the test says.
"""

from __future__ import annotations

import json
import logging
import queue
from collections.abc import Iterator
from pathlib import Path

import pytest

from companion.pads import padproto
from companion.pads.events import Button, Kind, PadEvent
from companion.pads.hub_link import LogLimiter
from companion.pads.serial import SerialPads
from pads.helpers import drain, wait_for
from pads.hub_emulator import EmulatedHub, proto
from pads.test_serial import fast_config

VECTORS = json.loads((Path(__file__).resolve().parents[2] / "firmware" /
                      "test_vectors.json").read_text())


class FakeClock:
    """Seconds that move only when the test moves them."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def lines_of(caplog: pytest.LogCaptureFixture) -> list[str]:
    return [r.getMessage() for r in caplog.records if r.name == "companion.pads.serial"]


def test_the_limiter_logs_a_burst_then_sums_up_each_window() -> None:
    clock = FakeClock()
    logger = logging.getLogger("test.limiter")
    records: list[str] = []

    class Keep(logging.Handler):
        def emit(self, record: logging.LogRecord) -> None:
            records.append(record.getMessage())

    keep = Keep()
    logger.addHandler(keep)
    logger.setLevel(logging.DEBUG)
    try:
        limit = LogLimiter(logger, clock, burst=3, window=10.0)
        for i in range(1000):
            limit.log(logging.WARNING, "errors", "error %d", i)
        assert records == ["error 0", "error 1", "error 2"]
        clock.now += 10
        limit.flush()
        assert records[-1] == ("errors: 997 more like this in the last 10 s (not logged; "
                               "the last one: error 999)")
        for i in range(500):  # the flood goes on: only one summary a window now
            limit.log(logging.WARNING, "errors", "again %d", i)
            limit.log(logging.INFO, "other", "other %d", i)
        assert len([r for r in records if r.startswith("again")]) == 0
        assert len([r for r in records if r.startswith("other")]) == 3
        clock.now += 10
        limit.flush()
        assert records[-2:] == [
            "errors: 500 more like this in the last 10 s (not logged; the last one: again 499)",
            "other: 497 more like this in the last 10 s (not logged; the last one: other 499)"]
        clock.now += 10
        limit.flush()  # a quiet window: the kinds start afresh
        limit.log(logging.WARNING, "errors", "fresh")
        assert records[-1] == "fresh"
        assert limit.held == 997 + 500 + 497
    finally:
        logger.removeHandler(keep)


@pytest.fixture()
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture()
def hub(tmp_path: Path) -> Iterator[EmulatedHub]:
    emulated = EmulatedHub(tmp_path)
    emulated.heartbeat_s = 3600.0  # the hub's own heartbeats would only add lines
    emulated.plug()
    yield emulated
    emulated.unplug()


@pytest.fixture()
def pads(tmp_path: Path, events: queue.Queue[PadEvent], clock: FakeClock
         ) -> Iterator[SerialPads]:
    source = SerialPads(events, fast_config(tmp_path, link_timeout_s=600.0), clock=clock)
    source.start()
    yield source
    source.close()


def test_a_flood_of_err_frames_writes_a_handful_of_log_lines(
        hub: EmulatedHub, pads: SerialPads, clock: FakeClock, events: queue.Queue[PadEvent],
        caplog: pytest.LogCaptureFixture) -> None:
    """20,000 ERR frames (the hub answering noise with noise) used to be 20,000 lines."""
    caplog.set_level(logging.DEBUG, logger="companion.pads.serial")
    assert pads.connected.wait(60)
    flood = 20_000
    block = bytearray()
    for i in range(flood):
        block += proto.encode(i % 65536, "ERR", ("CMD", f"X{i}"))
    hub.send_raw(bytes(block))
    assert wait_for(lambda: pads.stats.errors_from_hub == flood, 30)
    errors = [line for line in lines_of(caplog) if "reports an error" in line]
    assert len(errors) == 5
    clock.now += 10
    assert wait_for(lambda: any("more like this" in line for line in lines_of(caplog)))
    summary = [line for line in lines_of(caplog) if "more like this" in line]
    assert summary == [f"pad hub errors: {flood - 5} more like this in the last 10 s (not "
                       f"logged; the last one: pad hub reports an error: CMD X{flood - 1})"]
    hub.send("BTN", 1, "L", "D")  # the hub is still read, and heard
    hub.send("BTN", 1, "L", "U")
    assert wait_for(lambda: events.qsize() >= 2)  # however slowly a busy machine reads
    assert drain(events) == [PadEvent(1, Button.LEFT, Kind.PRESS),
                             PadEvent(1, Button.LEFT, Kind.RELEASE)]
    said = [line for line in lines_of(caplog) if "connected" not in line]
    assert len(said) == 5 + 1  # five errors, one summary
    assert pads.stats.log_suppressed == flood - 5


def test_lines_over_96_bytes_are_dropped_and_counted_as_the_protocol_says(
        hub: EmulatedHub, pads: SerialPads, events: queue.Queue[PadEvent]) -> None:
    """The same lines the firmware drops (firmware/test_vectors.json), frame at the end
    included; the longest allowed line still counts."""
    assert pads.connected.wait(60)
    vectors = VECTORS["line_length"]
    assert len(vectors["longest"]) == padproto.MAX_LINE + 1
    before = pads.stats.dropped
    for line in vectors["too_long"]:
        hub.send_raw(line.encode())
    hub.send_raw(b"y" * 5000)  # a line with no end in sight, then its end and a frame
    hub.send_raw(b"\n")
    hub.send("BTN", 3, "S", "D")
    got = drain(events, 0.3)
    assert got == [PadEvent(3, Button.SELECT, Kind.PRESS)]
    assert pads.stats.overlong == len(vectors["too_long"]) + 1
    assert pads.stats.dropped - before == pads.stats.overlong
    frames = pads.stats.frames
    pads.feed(vectors["longest"].encode())
    assert pads.stats.frames == frames + 1 and pads.stats.errors_from_hub == 1


def test_a_second_answer_to_one_challenge_is_not_a_second_connection(
        tmp_path: Path, events: queue.Queue[PadEvent]) -> None:
    """The host says HELLO again while a slow hub has not answered yet; both answers
    come back. The second one changes nothing (and sends nothing again)."""
    pads = SerialPads(events, fast_config(tmp_path), nonce=lambda: "0123ABCD")
    answer = proto.encode(0, "HELLO", (padproto.PROTOCOL_VERSION, "2.1.0", 6, "3F",
                                       padproto.hello_proof("0123ABCD")))
    pads.feed(answer)
    pads.feed(answer)
    assert pads.connected.is_set() and pads.stats.hellos == 1
    assert pads.stats.dropped == 0
