"""The table's shape: a small dispatcher, parts that own their state, typed dispatch.

The controller once grew with every table feature; these checks keep it a dispatcher.
They read the source (as a linter would), so they say which line broke the shape.
"""

from __future__ import annotations

import ast
import inspect
from pathlib import Path

import companion.app.loop
import companion.games.mush.table.controller
import companion.games.mush.table.parts
import companion.table.base
from companion.pads.events import PadSource
from companion.pads.gpio import GpioPads
from companion.pads.keyboard import KeyboardPads
from companion.pads.serial import SerialPads

CONTROLLER = Path(inspect.getfile(companion.games.mush.table.controller))
PARTS = Path(inspect.getfile(companion.games.mush.table.parts))


def test_the_controller_is_a_dispatcher_of_under_300_lines() -> None:
    lines = CONTROLLER.read_text(encoding="utf-8").splitlines()
    print(f"controller.py: {len(lines)} lines")
    assert len(lines) <= 300


def _string_comparisons(path: Path) -> list[str]:
    """Every comparison with a string literal, or membership in literal strings."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if not isinstance(node, ast.Compare):
            continue
        for part in (node.left, *node.comparators):
            literals = part.elts if isinstance(part, ast.Tuple | ast.List | ast.Set) else [part]
            if any(isinstance(e, ast.Constant) and isinstance(e.value, str) for e in literals):
                found.append(f"{path.name}:{node.lineno}: {ast.unparse(node)}")
    return found


def test_the_controller_dispatches_on_types_not_on_strings() -> None:
    # menu items carry typed actions; screens, menu styles and countdowns are enums
    assert _string_comparisons(CONTROLLER) == []
    assert _string_comparisons(PARTS) == []


def test_the_main_loop_knows_pads_only_by_their_interface() -> None:
    source = Path(inspect.getfile(companion.app.loop)).read_text(encoding="utf-8")
    calls = [n for n in ast.walk(ast.parse(source)) if isinstance(n, ast.Call)
             and isinstance(n.func, ast.Name) and n.func.id in ("hasattr", "getattr")
             and "pads" in ast.unparse(n)]
    assert calls == []
    members = [name for name in dir(PadSource) if not name.startswith("_")]
    assert {"poll", "handle_ui_event"} <= set(members)
    for source_class in (GpioPads, SerialPads, KeyboardPads):
        missing = [name for name in members if not hasattr(source_class, name)]
        assert missing == [], (source_class.__name__, missing)


GENERIC = ("tree", "navigation", "base", "virtual", "gestures", "actions", "outcome",
           "saving", "lights", "frame")
"""The table's modules any game's table is built from: they know the kernel, no game."""


def _imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = {alias.name for n in ast.walk(tree) if isinstance(n, ast.Import)
             for alias in n.names}
    found |= {n.module for n in ast.walk(tree) if isinstance(n, ast.ImportFrom) and n.module}
    return found


def test_the_tables_generic_parts_know_no_game() -> None:
    folder = Path(inspect.getfile(companion.table.base)).parent
    for name in GENERIC:
        games = sorted(m for m in _imports(folder / f"{name}.py")
                       if m.startswith("companion.games"))
        assert games == [], (name, games)
    # a menu item's command is the kernel's, whichever game built the tree
    tree = (folder / "tree.py").read_text(encoding="utf-8")
    assert "from companion.core.acts import Command" in tree


def test_the_canoe_table_is_built_on_the_shared_parts() -> None:
    from companion.games.canoe.table import CanoeTable
    from companion.games.canoe.table.bots import CanoeBotDriver
    from companion.games.mush.table.bots import BotDriver
    from companion.games.mush.table.parts import TableParts
    from companion.table.base import TableBase
    from companion.table.virtual import VirtualPads

    assert issubclass(CanoeTable, TableBase) and issubclass(TableParts, TableBase)
    assert issubclass(CanoeBotDriver, VirtualPads) and issubclass(BotDriver, VirtualPads)
    shared = {"config", "state", "clock", "history", "in_setup", "ready"}
    for table in (CanoeTable, TableParts):  # stated once, in the base
        assert not shared & set(vars(table)), (table.__name__, shared & set(vars(table)))
