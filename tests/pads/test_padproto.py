"""The host's frame code against the shared vectors, with an independent CRC check."""

from __future__ import annotations

import binascii
import json
from pathlib import Path

import pytest

from companion.pads import padproto

VECTORS = json.loads(
    (Path(__file__).resolve().parents[2] / "firmware" / "test_vectors.json").read_text()
)


def test_crc_matches_python_crc_hqx() -> None:
    for case in VECTORS["crc"]:
        data = case["data"].encode()
        assert f"{padproto.crc16(data):04X}" == case["crc"]
        assert f"{binascii.crc_hqx(data, 0xFFFF):04X}" == case["crc"]


@pytest.mark.parametrize("frame", VECTORS["frames"], ids=lambda f: f["name"])
def test_good_frames(frame: dict[str, object]) -> None:
    line = str(frame["line"]).encode()
    # the vector's own checksum, recomputed without our code
    body = line[1:line.rindex(b"*")]
    assert line[-5:-1] == b"%04X" % binascii.crc_hqx(body, 0xFFFF)
    assert padproto.encode(frame["seq"], frame["kind"], tuple(frame["args"])) == line  # type: ignore[arg-type]
    assert padproto.decode(line) == (frame["seq"], frame["kind"], frame["args"])


@pytest.mark.parametrize("bad", VECTORS["bad"], ids=lambda f: f["name"])
def test_bad_frames(bad: dict[str, str]) -> None:
    with pytest.raises(padproto.FrameError):
        padproto.decode(bad["line"].encode())


def test_sequence_gaps() -> None:
    for gap in VECTORS["gaps"]:
        assert padproto.seq_gap(gap["expected"], gap["got"]) == gap["gap"]
    assert padproto.seq_next(65535) == 0


def test_noise_before_a_frame_is_skipped() -> None:
    line = str(VECTORS["frames"][2]["line"]).encode()
    assert padproto.decode(b"\x03>>> " + line) == padproto.decode(line)


@pytest.mark.parametrize("args", [("a b",), ("",), ("x*",), ("$",), ("X" * 100,)])
def test_encode_refuses_what_decode_would_not_read(args: tuple[str, ...]) -> None:
    with pytest.raises(padproto.FrameError):
        padproto.encode(1, "SHOW", args)


def test_host_reads_the_recorded_hub_session() -> None:
    """The hub's side of the recorded session (which the firmware tests produce) read by
    the host's reader: the presses, the hold and the link counters come out right."""
    import queue

    from companion.pads.config import SerialConfig
    from companion.pads.events import Button, Kind, PadEvent
    from companion.pads.serial import SerialPads

    session = VECTORS["hub_session"]
    nonce = VECTORS["nonce"]["nonce"]
    assert session["host"] == [padproto.encode(0, "HELLO", (padproto.PROTOCOL_VERSION, nonce))
                               .decode()]
    events: queue.Queue[PadEvent] = queue.Queue()
    source = SerialPads(events, SerialConfig(), nonce=lambda: nonce)
    for line in session["hub"]:
        source.feed(line.encode())
    got = [events.get_nowait() for _ in range(events.qsize())]
    assert got == [PadEvent(2, Button.SELECT, Kind.PRESS),
                   PadEvent(2, Button.SELECT, Kind.RELEASE),
                   PadEvent(0, Button.LEFT, Kind.PRESS),
                   PadEvent(0, Button.LEFT, Kind.HOLD),
                   PadEvent(0, Button.LEFT, Kind.RELEASE)]
    # the hub's start-up HELLO proves nothing (and its STATE comes before any proof);
    # its answer to the nonce connects
    assert source.stats.hellos == 1
    assert source.hub_info == {"protocol": "2", "firmware": "2.1.0", "pads": "6",
                               "displays": "3F"}
    assert (source.stats.frames, source.stats.dropped, source.stats.gaps) == (9, 2, 0)
    assert source.held_buttons() == []


def test_the_hello_proof_is_the_documented_crc() -> None:
    case = VECTORS["nonce"]
    salted = (case["nonce"] + case["salt"]).encode()
    assert padproto.hello_proof(case["nonce"]) == case["proof"]
    assert case["proof"] == f"{binascii.crc_hqx(salted, 0xFFFF):04X}"
    assert padproto.is_nonce(case["nonce"])
    for bad in ("0123abcd", "0123ABC", "0123ABCDE", "0123ABCG", ""):
        assert not padproto.is_nonce(bad)


@pytest.mark.parametrize("text", ["+4", "04", "0_2", " 4", "4 ", "", "٤", "1e1", "-1", "7"])
def test_numbers_must_be_canonical(text: str) -> None:
    """int() takes most of these; a frame holding them was not written by our encoder."""
    with pytest.raises(padproto.FrameError):
        padproto.number(text, 6)


def test_canonical_numbers_pass() -> None:
    assert [padproto.number(t, 65535) for t in ("0", "4", "65535")] == [0, 4, 65535]


def test_host_drops_and_counts_malformed_hub_frames() -> None:
    import queue

    from companion.pads.config import SerialConfig
    from companion.pads.events import PadEvent
    from companion.pads.serial import SerialPads

    nonce = VECTORS["nonce"]["nonce"]
    events: queue.Queue[PadEvent] = queue.Queue()
    source = SerialPads(events, SerialConfig(), nonce=lambda: nonce)
    source.feed(VECTORS["frames"][0]["line"].encode())
    assert source.connected.is_set()
    lines = VECTORS["malformed"]["from_hub"]
    for line in lines:
        source.feed(line.encode())
    assert events.empty()
    assert source.stats.dropped == len(lines)
