"""The `[pads]` config table, parsed from a plain dict into frozen dataclasses.

Parsing is strict: an unknown key, a wrong type, a pin used twice or a seat out of range
stops the program at start with a `ConfigError` naming the dotted key
(`pads.gpio.seats.2.left`), because a silently ignored typo in a pin map shows up much
later as a pad that "does nothing" at the table.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from importlib import resources

from companion.config.checks import as_choice, as_int, as_number, as_str, as_table, known_keys
from companion.exc import ConfigError
from companion.pads.padproto import HOST_TIMEOUT_MS, HUB_HEARTBEAT_MS
from companion.seats import MAX_SEATS

SOURCES = ("gpio", "serial", "keyboard", "mock", "web")
PIN_FACTORIES = ("auto", "lgpio", "rpigpio", "mock")
BCM_PINS = range(0, 28)  # GPIO 0-27 are on the 40-pin header
BUTTON_KEYS = ("left", "right", "select")
BAUD_RATES = (300, 4_000_000)  # what a UART can do; USB CDC ignores the number

HEARTBEAT_MAX_S = HOST_TIMEOUT_MS / 1000 / 2
"""The longest host heartbeat: two of them within the hub's timeout, so one lost or late
frame never blanks the pads (the firmware's number, shared through padproto)."""

LINK_TIMEOUT_MIN_S = 2 * HUB_HEARTBEAT_MS / 1000
"""The shortest wait for a frame from the hub: two of its heartbeats."""

# The Raspberry Pi Pico's USB IDs as MicroPython reports them (vendor 0x2E8A is
# Raspberry Pi, product 0x0005 is MicroPython's CDC serial).
PICO_VID_PID = (0x2E8A, 0x0005)


@dataclass(frozen=True)
class SeatPins:
    """One GPIO pad: three button pins and an optional light pin (BCM numbers)."""

    seat: int
    left: int
    right: int
    select: int
    led: int | None = None


@dataclass(frozen=True)
class SeatKeys:
    """One keyboard pad: three pygame key names (as `pygame.key.key_code` takes them)."""

    seat: int
    left: str
    right: str
    select: str


@dataclass(frozen=True)
class GpioConfig:
    """GPIO pads: which gpiozero backend and the pin map."""

    pin_factory: str = "auto"
    bounce_s: float | None = None  # gpiozero's backend bounce; our Debouncer always runs
    seats: tuple[SeatPins, ...] = ()


@dataclass(frozen=True)
class SerialConfig:
    """The USB pad hub: where to find it and how patient to be with it."""

    port: str | None = None  # an explicit device path wins over discovery
    vid_pid: tuple[int, int] = PICO_VID_PID
    by_id_glob: str = "/dev/serial/by-id/usb-MicroPython*"
    baudrate: int = 115200  # ignored by USB CDC, kept for a hub behind a real UART
    heartbeat_s: float = 1.0
    link_timeout_s: float = 3.5  # no frame for this long means the hub is gone
    backoff_initial_s: float = 0.25
    backoff_max_s: float = 5.0


DEFAULT_KEYS: tuple[tuple[str, str, str], ...] = (
    # (left, select, right): three neighbouring keys per seat on a QWERTY keyboard
    ("q", "w", "e"),
    ("r", "t", "y"),
    ("u", "i", "o"),
    ("a", "s", "d"),
    ("f", "g", "h"),
    ("j", "k", "l"),
)


def default_keys() -> tuple[SeatKeys, ...]:
    """The default keyboard map: one row of three keys per seat, left to right ◀ ● ▶."""
    return tuple(
        SeatKeys(seat, left=keys[0], select=keys[1], right=keys[2])
        for seat, keys in enumerate(DEFAULT_KEYS)
    )


@dataclass(frozen=True)
class KeyboardConfig:
    """Keyboard pads: which keys belong to which seat."""

    seats: tuple[SeatKeys, ...] = field(default_factory=default_keys)


@dataclass(frozen=True)
class PadsConfig:
    """The whole `[pads]` table."""

    source: str = "gpio"
    hold_s: float = 2.0  # DESIGN.md: holding ● for about 2 s steps back
    debounce_s: float = 0.02
    gpio: GpioConfig = field(default_factory=lambda: GpioConfig(seats=load_default_pins()))
    serial: SerialConfig = field(default_factory=SerialConfig)
    keyboard: KeyboardConfig = field(default_factory=KeyboardConfig)


# ---------------------------------------------------------------------------- helpers


def _seat_items(value: object, key: str) -> list[tuple[int, str, object]]:
    """Seats given as a table keyed "0".."5" (TOML) or as a list; returns (seat, key, entry)."""
    if isinstance(value, list):
        items: list[tuple[str, object]] = [(str(i), v) for i, v in enumerate(value)]
    else:
        items = list(as_table(value, key).items())
    if not items:
        raise ConfigError(key, "must name at least one seat")
    out = []
    for name, entry in items:
        seat_key = f"{key}.{name}"
        # only "0".."5": int() would also read "01", "+1" and " 1" as seat 1, and two
        # spellings of one seat would silently overwrite each other
        if name not in [str(n) for n in range(MAX_SEATS)]:
            raise ConfigError(seat_key, f"seat must be a number 0 to {MAX_SEATS - 1}, "
                              "written without sign or leading zero")
        out.append((int(name), seat_key, entry))
    return sorted(out)


# ---------------------------------------------------------------------------- parsers


def parse_seat_pins(value: object, key: str = "pads.gpio.seats") -> tuple[SeatPins, ...]:
    """Parse a pin map; every pin is a BCM number 0-27 used at most once."""
    used: dict[int, str] = {}
    seats = []
    for seat, seat_key, entry in _seat_items(value, key):
        table = as_table(entry, seat_key)
        known_keys(table, (*BUTTON_KEYS, "led"), seat_key)
        pins: dict[str, int | None] = {"led": None}
        for name in (*BUTTON_KEYS, "led"):
            pin_key = f"{seat_key}.{name}"
            if name not in table:
                if name == "led":
                    continue
                raise ConfigError(pin_key, "missing; every pad needs left, right and select")
            pin = as_int(table[name], pin_key)
            if pin not in BCM_PINS:
                raise ConfigError(pin_key, f"BCM pin {pin} is not on the header (0-27)")
            if pin in used:
                raise ConfigError(pin_key, f"pin {pin} is already used by {used[pin]}")
            used[pin] = pin_key
            pins[name] = pin
        left, right, select = pins["left"], pins["right"], pins["select"]
        assert left is not None and right is not None and select is not None
        seats.append(SeatPins(seat, left=left, right=right, select=select, led=pins["led"]))
    return tuple(seats)


def load_default_pins() -> tuple[SeatPins, ...]:
    """The shipped pin map (`default_pins.toml`), the same file hardware/wiring.py draws."""
    text = resources.files("companion.pads").joinpath("default_pins.toml").read_text("utf-8")
    data = tomllib.loads(text)
    return parse_seat_pins(data.get("seats"), "default_pins.seats")


def parse_seat_keys(value: object, key: str = "pads.keyboard.seats") -> tuple[SeatKeys, ...]:
    """Parse a key map; a key may belong to one button only."""
    used: dict[str, str] = {}
    seats = []
    for seat, seat_key, entry in _seat_items(value, key):
        table = as_table(entry, seat_key)
        known_keys(table, BUTTON_KEYS, seat_key)
        names: dict[str, str] = {}
        for name in BUTTON_KEYS:
            k = f"{seat_key}.{name}"
            if name not in table:
                raise ConfigError(k, "missing; every pad needs left, right and select")
            key_name = as_str(table[name], k).strip().lower()
            if not key_name:
                raise ConfigError(k, "must name a key")
            if key_name not in KEY_NAMES and not _known_key(key_name):
                raise ConfigError(k, f"unknown key name {key_name!r} "
                                  "(pygame's names: 'q', 'left shift', 'space', '[1]' ...)")
            if key_name in used:
                raise ConfigError(k, f"key {key_name!r} is already used by {used[key_name]}")
            used[key_name] = k
            names[name] = key_name
        seats.append(SeatKeys(seat, **names))
    return tuple(seats)


KEY_NAMES = frozenset("abcdefghijklmnopqrstuvwxyz0123456789")


def _known_key(name: str) -> bool:
    """The same check the keyboard pads make at start (pygame's own table of names), so
    a name `check-config` accepts is one `run` can use."""
    from companion.pads.keys import key_code  # pygame, loaded when a key is checked

    try:
        key_code(name)
    except ConfigError:
        return False
    return True


def _parse_vid_pid(value: object, key: str) -> tuple[int, int]:
    text = as_str(value, key)
    try:
        vid, pid = (int(part, 16) for part in text.split(":"))
    except ValueError:
        raise ConfigError(key, f"must look like '2e8a:0005', not {text!r}") from None
    if not (0 <= vid <= 0xFFFF and 0 <= pid <= 0xFFFF):
        raise ConfigError(key, "vendor and product ids are 4 hex digits each")
    return vid, pid


def parse_gpio(value: object, key: str = "pads.gpio") -> GpioConfig:
    """Parse `[pads.gpio]`."""
    table = as_table(value, key)
    known_keys(table, ("pin_factory", "bounce_s", "seats"), key)
    bounce: float | None = None
    if "bounce_s" in table:
        bounce = as_number(table["bounce_s"], f"{key}.bounce_s", positive=False, top=1.0) or None
    seats = parse_seat_pins(table["seats"], f"{key}.seats") if "seats" in table else None
    return GpioConfig(
        pin_factory=as_choice(table.get("pin_factory", "auto"), f"{key}.pin_factory",
                              PIN_FACTORIES),
        bounce_s=bounce,
        seats=seats if seats is not None else load_default_pins(),
    )


def parse_serial(value: object, key: str = "pads.serial") -> SerialConfig:
    """Parse `[pads.serial]`."""
    table = as_table(value, key)
    allowed = ("port", "vid_pid", "by_id_glob", "baudrate", "heartbeat_s", "link_timeout_s",
               "backoff_initial_s", "backoff_max_s")
    known_keys(table, allowed, key)
    d = SerialConfig()
    port: str | None = None
    if "port" in table:
        port = as_str(table["port"], f"{key}.port").strip() or None
    cfg = SerialConfig(
        port=port,
        vid_pid=_parse_vid_pid(table["vid_pid"], f"{key}.vid_pid") if "vid_pid" in table
        else d.vid_pid,
        by_id_glob=as_str(table.get("by_id_glob", d.by_id_glob), f"{key}.by_id_glob"),
        baudrate=as_int(table.get("baudrate", d.baudrate), f"{key}.baudrate"),
        heartbeat_s=as_number(table.get("heartbeat_s", d.heartbeat_s), f"{key}.heartbeat_s",
                            top=60.0),
        link_timeout_s=as_number(table.get("link_timeout_s", d.link_timeout_s),
                               f"{key}.link_timeout_s", top=600.0),
        backoff_initial_s=as_number(table.get("backoff_initial_s", d.backoff_initial_s),
                                  f"{key}.backoff_initial_s", top=60.0),
        backoff_max_s=as_number(table.get("backoff_max_s", d.backoff_max_s),
                              f"{key}.backoff_max_s", top=600.0),
    )
    if not BAUD_RATES[0] <= cfg.baudrate <= BAUD_RATES[1]:
        raise ConfigError(f"{key}.baudrate", f"must be from {BAUD_RATES[0]} to "
                          f"{BAUD_RATES[1]} (got {cfg.baudrate})")
    if cfg.heartbeat_s < 0.01:
        raise ConfigError(f"{key}.heartbeat_s", "must be at least 0.01 s")
    if cfg.heartbeat_s > HEARTBEAT_MAX_S:
        raise ConfigError(f"{key}.heartbeat_s", f"must be at most {HEARTBEAT_MAX_S:g} s (got "
                          f"{cfg.heartbeat_s:g}): the pad hub turns every light off and "
                          f"blanks every display after {HOST_TIMEOUT_MS / 1000:g} s without "
                          "a frame from the companion (firmware HOST_TIMEOUT_MS), so a "
                          "heartbeat must reach it at least twice in that time")
    if cfg.link_timeout_s <= cfg.heartbeat_s:
        raise ConfigError(f"{key}.link_timeout_s", "must be longer than heartbeat_s")
    if cfg.link_timeout_s < LINK_TIMEOUT_MIN_S:
        raise ConfigError(f"{key}.link_timeout_s", f"must be at least {LINK_TIMEOUT_MIN_S:g} s "
                          f"(got {cfg.link_timeout_s:g}): the pad hub sends a heartbeat every "
                          f"{HUB_HEARTBEAT_MS / 1000:g} s, and a shorter wait would drop a "
                          "healthy hub over one late frame")
    if cfg.backoff_max_s < cfg.backoff_initial_s:
        raise ConfigError(f"{key}.backoff_max_s", "must be at least backoff_initial_s")
    return cfg


def parse_keyboard(value: object, key: str = "pads.keyboard") -> KeyboardConfig:
    """Parse `[pads.keyboard]`."""
    table = as_table(value, key)
    known_keys(table, ("seats",), key)
    if "seats" not in table:
        return KeyboardConfig()
    return KeyboardConfig(seats=parse_seat_keys(table["seats"], f"{key}.seats"))


def parse_pads_config(value: object, key: str = "pads") -> PadsConfig:
    """Parse the `[pads]` table of the config file (a plain dict, as tomllib gives it)."""
    table = as_table(value if value is not None else {}, key)
    known_keys(table, ("source", "hold_s", "debounce_s", "gpio", "serial", "keyboard"), key)
    return PadsConfig(
        source=as_choice(table.get("source", "gpio"), f"{key}.source", SOURCES),
        hold_s=as_number(table.get("hold_s", 2.0), f"{key}.hold_s", top=10.0),
        # the hub debounces at most 200 ms; a longer window would eat real presses
        debounce_s=as_number(table.get("debounce_s", 0.02), f"{key}.debounce_s", positive=False,
                           top=0.2),
        gpio=parse_gpio(table.get("gpio", {}), f"{key}.gpio"),
        serial=parse_serial(table.get("serial", {}), f"{key}.serial"),
        keyboard=parse_keyboard(table.get("keyboard", {}), f"{key}.keyboard"),
    )
