"""The wiring drawing and table are generated from the pin maps and must match them."""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path
from types import ModuleType

from companion.pads.config import load_default_pins

ROOT = Path(__file__).resolve().parents[2]


def wiring() -> ModuleType:
    spec = importlib.util.spec_from_file_location("wiring", ROOT / "hardware" / "wiring.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_committed_svg_and_table_equal_a_fresh_render() -> None:
    rendered = wiring().render()
    assert len(rendered) == 2
    for path, text in rendered.items():
        assert path.read_text(encoding="utf-8") == text, (
            f"{path.name} is out of date: run python hardware/wiring.py"
        )


def test_table_lists_every_pin_of_the_map_at_its_header_pin() -> None:
    w = wiring()
    table = (ROOT / "hardware" / "wiring.md").read_text(encoding="utf-8")
    for seat in load_default_pins():
        for bcm in (seat.left, seat.right, seat.select, seat.led):
            if bcm is not None:
                assert re.search(rf"\| {seat.seat} \| [^|]+ \| [^|]+ \| {bcm} \| "
                                 rf"{w.physical(bcm)} \|", table)


def test_hub_table_follows_the_firmware_constants() -> None:
    pins = wiring().hub_pins()
    table = (ROOT / "hardware" / "wiring.md").read_text(encoding="utf-8")
    for pad in range(6):
        assert f"| GP{pins['ROW_PINS'][pad]} | GP{pins['LED_PINS'][pad]} | " \
               f"GP{pins['TM_DIO'][pad]} |" in table
    used = [*pins["ROW_PINS"], *pins["COL_PINS"], *pins["LED_PINS"], pins["TM_CLK"],
            *pins["TM_DIO"]]
    assert len(used) == len(set(used)) == 22
    assert all(0 <= p <= 28 and p not in (23, 24, 25) for p in used)  # GP23-25 are internal


def test_header_map_knows_every_gpio_once() -> None:
    header = wiring().HEADER
    gpios = sorted(v for v in header.values() if isinstance(v, int))
    assert gpios == list(range(28))
    assert len(header) == 40


def test_svg_is_well_formed_and_shows_every_seat() -> None:
    import xml.etree.ElementTree as ET

    root = ET.fromstring((ROOT / "hardware" / "wiring.svg").read_text(encoding="utf-8"))
    texts = [t.text or "" for t in root.iter("{http://www.w3.org/2000/svg}text")]
    for seat in load_default_pins():
        assert any(t.startswith(f"Seat {seat.seat}:") for t in texts)
    assert sum(1 for t in texts if t.startswith("GPIO")) == 28
