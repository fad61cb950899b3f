"""Load the firmware modules under CPython with fake MicroPython modules installed."""

from __future__ import annotations

import importlib
import sys
import types
from collections.abc import Iterator
from pathlib import Path

import pytest

from .firmware_fakes import Board, Clock, make_micropython

FIRMWARE = Path(__file__).resolve().parents[2] / "firmware"
FIRMWARE_MODULES = ("padproto", "hub", "tm1637", "main")


class Firmware:
    """The loaded firmware and the fakes it runs on."""

    def __init__(self, hub: types.ModuleType, tm1637: types.ModuleType,
                 padproto: types.ModuleType, board: Board, clock: Clock,
                 micropython: types.ModuleType) -> None:
        self.hub = hub
        self.tm1637 = tm1637
        self.padproto = padproto
        self.board = board
        self.clock = clock
        self.micropython = micropython


@pytest.fixture()
def firmware(monkeypatch: pytest.MonkeyPatch) -> Iterator[Firmware]:
    board = Board()
    clock = Clock()
    micropython = make_micropython()
    machine = types.ModuleType("machine")
    machine.Pin = board.Pin  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "utime", clock)
    monkeypatch.setitem(sys.modules, "machine", machine)
    monkeypatch.setitem(sys.modules, "micropython", micropython)
    monkeypatch.syspath_prepend(str(FIRMWARE))
    for name in FIRMWARE_MODULES:
        monkeypatch.delitem(sys.modules, name, raising=False)
    fw = Firmware(importlib.import_module("hub"), importlib.import_module("tm1637"),
                  importlib.import_module("padproto"), board, clock, micropython)
    yield fw
    for name in FIRMWARE_MODULES:
        sys.modules.pop(name, None)
