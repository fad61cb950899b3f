"""Parsing `[pads]`: defaults, overrides and errors that name the dotted key."""

from __future__ import annotations

import pytest

from companion.exc import ConfigError
from companion.pads.config import (
    PICO_VID_PID,
    PadsConfig,
    SeatPins,
    load_default_pins,
    parse_pads_config,
)


def _pins() -> dict[str, dict[str, int]]:
    return {
        "0": {"left": 4, "right": 5, "select": 6, "led": 12},
        "1": {"left": 7, "right": 8, "select": 9},
    }


def test_empty_table_gives_defaults() -> None:
    cfg = parse_pads_config({})
    assert cfg == PadsConfig()
    assert cfg.source == "gpio"
    assert cfg.hold_s == 2.0
    assert cfg.serial.vid_pid == PICO_VID_PID
    assert len(cfg.gpio.seats) == 6
    assert len(cfg.keyboard.seats) == 6


def test_default_pin_map_is_six_seats_with_unique_pins() -> None:
    seats = load_default_pins()
    assert [s.seat for s in seats] == [0, 1, 2, 3, 4, 5]
    pins = [p for s in seats for p in (s.left, s.right, s.select, s.led) if p is not None]
    assert len(pins) == len(set(pins)) == 22
    reserved = {0, 1, 2, 3, 14, 15}
    assert reserved.isdisjoint(pins)


def test_pin_map_override() -> None:
    cfg = parse_pads_config({"source": "gpio", "gpio": {"pin_factory": "mock", "seats": _pins()}})
    assert cfg.gpio.pin_factory == "mock"
    assert cfg.gpio.seats == (
        SeatPins(0, left=4, right=5, select=6, led=12),
        SeatPins(1, left=7, right=8, select=9, led=None),
    )


def test_seats_as_list() -> None:
    cfg = parse_pads_config({"gpio": {"seats": [{"left": 4, "right": 5, "select": 6}]}})
    assert cfg.gpio.seats == (SeatPins(0, 4, 5, 6, None),)


@pytest.mark.parametrize(
    ("table", "key"),
    [
        ({"sorce": "gpio"}, "pads.sorce"),
        ({"source": "bluetooth"}, "pads.source"),
        ({"hold_s": "2"}, "pads.hold_s"),
        ({"hold_s": True}, "pads.hold_s"),
        ({"hold_s": 0}, "pads.hold_s"),
        ({"gpio": {"pin_factory": "pigpio"}}, "pads.gpio.pin_factory"),
        ({"gpio": []}, "pads.gpio"),
        ({"gpio": {"seats": {"2": {"left": "GPIO4", "right": 5, "select": 6}}}},
         "pads.gpio.seats.2.left"),
        ({"gpio": {"seats": {"2": {"left": 4, "right": 4, "select": 6}}}},
         "pads.gpio.seats.2.right"),
        ({"gpio": {"seats": {"0": {"left": 4, "right": 5, "select": 6},
                             "1": {"left": 7, "right": 8, "select": 6}}}},
         "pads.gpio.seats.1.select"),
        ({"gpio": {"seats": {"6": {"left": 4, "right": 5, "select": 6}}}}, "pads.gpio.seats.6"),
        ({"gpio": {"seats": {"x": {"left": 4, "right": 5, "select": 6}}}}, "pads.gpio.seats.x"),
        ({"gpio": {"seats": {"0": {"left": 4, "right": 5}}}}, "pads.gpio.seats.0.select"),
        ({"gpio": {"seats": {"0": {"left": 4, "right": 5, "select": 40}}}},
         "pads.gpio.seats.0.select"),
        ({"gpio": {"seats": {"0": {"left": 4, "right": 5, "select": 6, "lde": 7}}}},
         "pads.gpio.seats.0.lde"),
        ({"gpio": {"seats": {}}}, "pads.gpio.seats"),
        ({"serial": {"vid_pid": "pico"}}, "pads.serial.vid_pid"),
        ({"serial": {"port": 3}}, "pads.serial.port"),
        ({"serial": {"heartbeat_s": 1.5, "link_timeout_s": 1}}, "pads.serial.link_timeout_s"),
        ({"serial": {"heartbeat_s": 0.5, "link_timeout_s": 1}}, "pads.serial.link_timeout_s"),
        ({"serial": {"heartbeat_s": 2, "link_timeout_s": 10}}, "pads.serial.heartbeat_s"),
        ({"serial": {"heartbeat_s": 5}}, "pads.serial.heartbeat_s"),
        ({"keyboard": {"seats": {"0": {"left": "a", "right": "a", "select": "b"}}}},
         "pads.keyboard.seats.0.right"),
        ({"keyboard": {"keys": {}}}, "pads.keyboard.keys"),
    ],
)
def test_errors_name_the_dotted_key(table: dict[str, object], key: str) -> None:
    with pytest.raises(ConfigError) as info:
        parse_pads_config(table)
    assert info.value.key == key
    assert key in str(info.value)


def test_serial_overrides() -> None:
    cfg = parse_pads_config(
        {"source": "serial", "serial": {"port": "/dev/ttyACM3", "vid_pid": "1209:0001",
                                        "backoff_initial_s": 0.1, "backoff_max_s": 2}}
    )
    assert cfg.serial.port == "/dev/ttyACM3"
    assert cfg.serial.vid_pid == (0x1209, 0x0001)
    assert cfg.serial.backoff_max_s == 2.0


def test_config_is_frozen() -> None:
    cfg = parse_pads_config({})
    with pytest.raises(AttributeError):
        cfg.source = "serial"  # type: ignore[misc]


def test_the_heartbeat_is_checked_against_the_hubs_own_timeout() -> None:
    """The firmware blanks every light after HOST_TIMEOUT_MS without a host frame; a
    heartbeat slower than half of that would blank the pads (a bid on show) for good."""
    from companion.pads import padproto
    from companion.pads.config import HEARTBEAT_MAX_S

    assert HEARTBEAT_MAX_S == padproto.HOST_TIMEOUT_MS / 2000 == 1.75
    assert parse_pads_config({"serial": {"heartbeat_s": 1.75}}).serial.heartbeat_s == 1.75
    with pytest.raises(ConfigError) as refused:
        parse_pads_config({"serial": {"heartbeat_s": 3.6}})
    assert "at most 1.75 s" in str(refused.value) and "3.5 s" in str(refused.value)
