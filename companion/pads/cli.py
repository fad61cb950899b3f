"""`mush-companion pads test`: the builder's check that every button and light works.

It prints one line per button event and a table at the end, lights a pad's light while
any of its buttons is down, and warns about a button that is already down at start (a
stuck switch or a short to ground is the most common wiring fault).
"""

from __future__ import annotations

import argparse
import contextlib
import dataclasses
import queue
import sys
import time
from collections import Counter
from typing import Any, TextIO

from companion.pads import make_source
from companion.pads.config import SOURCES, PadsConfig
from companion.pads.events import Button, Kind, Light, PadEvent, PadSource
from companion.seats import SEATS

_ORDER = (Button.LEFT, Button.SELECT, Button.RIGHT)  # as they sit on the pad


def register(subparsers: Any) -> None:
    """Add `pads` and `pads test` to the program's command tree."""
    pads = subparsers.add_parser("pads", help="button pad tools",
                                 description="Tools for the players' button pads.")
    pads_sub = pads.add_subparsers(dest="pads_command", metavar="PADS_COMMAND")
    pads.set_defaults(handler=lambda args: (pads.print_help(), 2)[1])
    test = pads_sub.add_parser(
        "test",
        help="press every button and watch it arrive",
        description="Shows every button event from the pads, lights a pad's light while "
                    "one of its buttons is down, and ends with a table per seat. "
                    "Stops on Ctrl-C or after --seconds.",
    )
    test.add_argument("--config", metavar="FILE",
                      help="config file whose [pads] table to use (default: "
                           "/etc/mush-companion/config.toml or the user config dir)")
    test.add_argument("--source", choices=SOURCES, default=None,
                      help="which pads to read (default: the config's [pads] source; "
                           "mock needs no hardware)")
    test.add_argument("--seconds", type=float, default=None,
                      help="stop after this many seconds (default: run until Ctrl-C)")
    test.add_argument("--port", default=None, help="serial: the hub's device path")
    test.set_defaults(handler=_run_from_args)


def _run_from_args(args: argparse.Namespace) -> int:
    # The same [pads] table the service reads: its source, pin map, keys and hub port,
    # so the test checks the pads as the companion will use them.
    from companion.config.file import load_config
    from companion.exc import ConfigError

    try:
        config: PadsConfig = load_config(args.config).pads
    except ConfigError as error:
        print(f"mush-companion: {error}", file=sys.stderr)
        return 2
    if args.source:
        config = dataclasses.replace(config, source=args.source)
    if args.port:
        config = dataclasses.replace(config, serial=dataclasses.replace(config.serial,
                                                                        port=args.port))
    return run_self_test(config, seconds=args.seconds)


def _glyphs(out: TextIO) -> dict[Button, str]:
    """The pad's own marks when the terminal can print them, plain letters when not."""
    try:
        "◀▶●".encode(getattr(out, "encoding", None) or "ascii")
    except (UnicodeEncodeError, LookupError):
        return {Button.LEFT: "<", Button.RIGHT: ">", Button.SELECT: "o"}
    return {b: b.symbol for b in Button}


def _seat_name(seat: int) -> str:
    if 0 <= seat < len(SEATS):
        identity = SEATS[seat]
        return f"seat {seat} ({identity.letter} {identity.names['en']})"
    return f"seat {seat}"


def run_self_test(config: PadsConfig, *, seconds: float | None = None,
                  out: TextIO | None = None) -> int:
    """Run the self-test; 0 when it ran, 1 when a button was down at start."""
    out = out or sys.stdout
    glyph = _glyphs(out)
    events: queue.Queue[PadEvent] = queue.Queue()
    source = make_source(config, events)
    pygame_mod = _keyboard_window() if config.source == "keyboard" else None
    counts: Counter[tuple[int, Button, Kind]] = Counter()
    down: dict[int, set[Button]] = {}
    started = time.monotonic()
    source.start()
    try:
        print(f"Pad self-test: source {config.source}, seats "
              f"{', '.join(str(s) for s in source.seats)}. Press every button; "
              "hold one for the hold time. Ctrl-C to stop.", file=out, flush=True)
        stuck = _stuck_at_start(source, config)
        for seat, button in stuck:
            print(f"WARNING: {_seat_name(seat)} {glyph[button]} {button.value} is down at "
                  "start: a stuck button or a wire shorted to ground?", file=out, flush=True)
        for seat in source.seats:
            source.set_light(seat, Light.OFF)
        deadline = None if seconds is None else started + seconds
        while deadline is None or time.monotonic() < deadline:
            if pygame_mod is not None:
                for event in pygame_mod.event.get():
                    if event.type == pygame_mod.QUIT:
                        raise KeyboardInterrupt
                    source.handle_ui_event(event)
                source.poll()
            try:
                event = events.get(timeout=0.02)
            except queue.Empty:
                continue
            counts[(event.seat, event.button, event.kind)] += 1
            held = down.setdefault(event.seat, set())
            if event.kind is Kind.PRESS:
                held.add(event.button)
            elif event.kind is Kind.RELEASE:
                held.discard(event.button)
            source.set_light(event.seat, Light.ON if held else Light.OFF)
            print(f"{time.monotonic() - started:8.3f} s  {_seat_name(event.seat):<22} "
                  f"{glyph[event.button]} {event.button.value:<6} {event.kind.value}",
                  file=out, flush=True)
    except KeyboardInterrupt:
        print("stopped", file=out, flush=True)
    finally:
        for seat in source.seats:
            with contextlib.suppress(Exception):
                source.set_light(seat, Light.OFF)
        source.close()
        if pygame_mod is not None:
            pygame_mod.quit()
    _summary(source.seats, counts, set(stuck), glyph, out)
    return 1 if stuck else 0


def _stuck_at_start(source: PadSource, config: PadsConfig) -> list[tuple[int, Button]]:
    """Buttons down at start; the hub is given a moment to connect and report."""
    if config.source == "serial":
        connected = getattr(source, "connected", None)
        if connected is not None and connected.wait(3.0):
            time.sleep(0.2)  # the STATE report follows the HELLO
    return source.held_buttons()


def _keyboard_window() -> Any:
    """A small window to receive key events (the keyboard source has no loop of its own)."""
    import pygame

    pygame.display.init()
    pygame.display.set_mode((480, 120))
    pygame.display.set_caption("MUSH pad test: press the pad keys here")
    return pygame


def _summary(seats: tuple[int, ...], counts: Counter[tuple[int, Button, Kind]],
             stuck: set[tuple[int, Button]], glyph: dict[Button, str], out: TextIO) -> None:
    """One row per seat: presses/releases/holds per button; a button never pressed shows '-'."""
    print("", file=out)
    header = "seat".ljust(24) + "".join(f"{glyph[b]} {b.value:<14}" for b in _ORDER)
    print(header, file=out)
    print("-" * len(header), file=out)
    for seat in seats:
        cells = []
        for button in _ORDER:
            p, r, h = (counts[(seat, button, k)] for k in (Kind.PRESS, Kind.RELEASE, Kind.HOLD))
            text = f"{p}/{r}/{h}" if p or r or h else "-"
            if (seat, button) in stuck:
                text += " STUCK"
            cells.append(f"{text:<16}")
        print(_seat_name(seat).ljust(24) + "".join(cells), file=out)
    print("(press/release/hold counts)", file=out, flush=True)
