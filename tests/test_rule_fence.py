"""The fence around the rules: every rule fact stands in the game's rules package only.

A fact restated elsewhere drifts: the menus once decided for themselves when Nikolai could
be reached and showed a choice the rules never offered. This fence is structural (what is
imported and what is read, judged by its value and its type), not a list of old
spellings, so a new constant or a new shortcut is fenced the day it is written:

- F1, everywhere in `companion/` outside the rules: no name taken from the rules is a rule
  number, i.e. a number or a table holding numbers (costs, limits, counts, charts). The
  imported value is looked up and judged, whatever it is called.
- F2, in the modules that build the players' choices (the menus): no attribute of a game
  state is read. They hold a state only to hand it to the rules, so what applies, what
  blocks it and what it costs can only come from the rules' options.
- F3, in the same modules: from the rules they take only vocabulary (classes: enums,
  commands, the state and view types), conversions that take no state, and the `Game`;
  never a query of a state (`rest_places`, `reduce_cap`): the options answer those.

Each check is also run on the old menus' ways of doing it, to show it would catch them.
"""

from __future__ import annotations

import ast
import importlib
import inspect
import typing
from collections.abc import Iterator
from dataclasses import dataclass, fields, is_dataclass
from enum import Enum
from pathlib import Path
from types import ModuleType

import pytest

from companion import core
from companion.core.game import Game
from companion.games import INSTALLED

COMPANION = Path(__file__).resolve().parents[1] / "companion"
RULES = INSTALLED["mush"]
"""The game's rules package, by its import name (where the registry finds the game)."""
RULES_DIR = COMPANION.parent / Path(*RULES.split("."))
PARTS = ("table", "screen", "phones", "voice", "words", "box", "config")
"""A game package's parts for the table, the screen, the phones and the voice, beside its
rules: outside the rules as much as the shared modules are."""
CHOOSERS = ("games/mush/table/menus.py", "games/mush/table/reactions.py")
"""The modules that build the players' choices from the rules' options."""


@dataclass(frozen=True)
class Breach:
    """One place the fence is crossed."""

    where: str
    what: str

    def __str__(self) -> str:
        return f"{self.where}: {self.what}"


def _from_rules(module: str | None) -> bool:
    if module is None or not (module == RULES or module.startswith(RULES + ".")):
        return False
    return module.removeprefix(RULES + ".").split(".")[0] not in PARTS


def _holds_numbers(value: object, depth: int = 0) -> bool:
    """Whether a value is a rule number: a number, or a table (or record) holding one."""
    if depth > 4 or isinstance(value, bool | Enum | type | ModuleType) or callable(value):
        return False
    if isinstance(value, int | float):
        return True
    if isinstance(value, dict):
        return any(_holds_numbers(v, depth + 1) or _holds_numbers(k, depth + 1)
                   for k, v in value.items())
    if isinstance(value, tuple | list | set | frozenset | range):
        return any(_holds_numbers(v, depth + 1) for v in value)
    if is_dataclass(value) and depth > 0:  # a record inside a table (a crossing's figures)
        return any(_holds_numbers(getattr(value, f.name), depth + 1) for f in fields(value))
    return False


def _imported(tree: ast.Module) -> Iterator[tuple[int, str, object]]:
    """Every name a module takes from the rules (`from rules.x import y`, and attributes
    read from a rules module it imported), with the value it names."""
    aliases: dict[str, ModuleType] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and _from_rules(node.module):
            assert node.module is not None
            module = importlib.import_module(node.module)
            for alias in node.names:
                value = getattr(module, alias.name)
                if inspect.ismodule(value):
                    aliases[alias.asname or alias.name] = value
                else:
                    yield node.lineno, f"{node.module}.{alias.name}", value
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if _from_rules(alias.name) and alias.asname:
                    aliases[alias.asname] = importlib.import_module(alias.name)
    for node in ast.walk(tree):
        if (isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name)
                and node.value.id in aliases):
            module = aliases[node.value.id]
            if hasattr(module, node.attr):
                yield node.lineno, f"{module.__name__}.{node.attr}", getattr(module, node.attr)


KERNEL = {name: getattr(core, name) for name in core.__all__}
"""What the kernel defines (the table's own seat number, TABLE): a game re-exporting one
of these passes on the kernel's word, not a rule's."""


def _kernels(name: str, value: object) -> bool:
    short = name.rsplit(".", 1)[-1]
    return short in KERNEL and KERNEL[short] == value


def f1_rule_numbers(source: str, where: str) -> list[Breach]:
    """F1: names taken from the rules that are rule numbers."""
    return [Breach(f"{where}:{line}", f"takes the rule number {name}")
            for line, name, value in _imported(ast.parse(source))
            if _holds_numbers(value) and not _kernels(name, value)]


def _state_params(tree: ast.Module) -> Iterator[tuple[ast.AST, set[str]]]:
    """Each function and the names of its parameters that hold a game state."""
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda):
            args = node.args
            names = {a.arg for a in [*args.posonlyargs, *args.args, *args.kwonlyargs]
                     if a.annotation is not None and "GameState" in ast.unparse(a.annotation)}
            if names:
                yield node, names


def f2_state_reads(source: str, where: str) -> list[Breach]:
    """F2: attributes of a game state read in a module that builds choices."""
    out = []
    for function, names in _state_params(ast.parse(source)):
        for node in ast.walk(function):
            if (isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name)
                    and node.value.id in names):
                out.append(Breach(f"{where}:{node.lineno}",
                                  f"reads {node.value.id}.{node.attr} of a game state"))
    return out


def _asks_a_state(value: object) -> bool:
    """Whether a function of the rules takes a game state (a query the options answer)."""
    if not inspect.isfunction(value):
        return False
    hints = typing.get_type_hints(value)
    return any(getattr(hint, "__name__", "") == "GameState" for hint in hints.values())


def f3_rule_queries(source: str, where: str) -> list[Breach]:
    """F3: anything but vocabulary, stateless conversions and the Game, from the rules."""
    out = []
    for line, name, value in _imported(ast.parse(source)):
        if inspect.isclass(value) or isinstance(value, Game):
            continue
        if _asks_a_state(value) or not inspect.isfunction(value):
            out.append(Breach(f"{where}:{line}", f"asks the rules {name} itself"))
    return out


def _in_the_rules(path: Path) -> bool:
    return RULES_DIR in path.parents and \
        path.relative_to(RULES_DIR).parts[0].removesuffix(".py") not in PARTS


def _outside_the_rules() -> list[Path]:
    return sorted(p for p in COMPANION.rglob("*.py") if not _in_the_rules(p))


def test_the_fence_sees_the_whole_tree() -> None:
    paths = {p.relative_to(COMPANION).as_posix() for p in _outside_the_rules()}
    assert {"games/mush/table/controller.py", "games/mush/table/setup.py",
            "games/mush/screen/screens.py", "app/loop.py", "store/journal.py",
            "voice/announcer.py", "config/file.py", *CHOOSERS} <= paths
    assert not [p for p in paths if p in ("games/mush/engine.py", "games/mush/views.py")]


def test_f1_no_rule_number_is_taken_from_the_rules_outside_them() -> None:
    breaches = [b for path in _outside_the_rules()
                for b in f1_rule_numbers(path.read_text(encoding="utf-8"),
                                         path.relative_to(COMPANION.parent).as_posix())]
    assert breaches == [], "\n".join(map(str, breaches))


@pytest.mark.parametrize("part", CHOOSERS)
def test_f2_the_menus_read_no_game_state(part: str) -> None:
    source = (COMPANION / part).read_text(encoding="utf-8")
    assert "GameState" in source  # they do hold states: the check has something to see
    assert f2_state_reads(source, part) == []


@pytest.mark.parametrize("part", CHOOSERS)
def test_f3_the_menus_ask_the_rules_nothing_but_their_options(part: str) -> None:
    assert f3_rule_queries((COMPANION / part).read_text(encoding="utf-8"), part) == []


OLD_WAYS = {
    "F1": ("from companion.games.mush.model import STICK_COST, TOTAL_STICKS, Zone\n"
           "from companion.games.mush import model as m, commands as c\n"
           "x = m.CROSSINGS\ny = m.REST_CHOICES\nz = m.Zone\nseat = c.TABLE\n",
           f1_rule_numbers, {"STICK_COST", "TOTAL_STICKS", "CROSSINGS", "REST_CHOICES"}),
    "F2": ("def moving_tree(state: GameState, seat: int) -> None:\n"
           "    if settings.variants.skip_central and state.zone_of(seat) is Zone.SOUTHERN:\n"
           "        pass\n"
           "    blocked = state.sticks >= 4\n",
           f2_state_reads, {"state.zone_of", "state.sticks"}),
    "F3": ("from companion.games.mush.queries import rest_places, reduce_cap\n"
           "from companion.games.mush.model import RestPlace, dice_taken\n"
           "from companion.games.mush import MUSH\n",
           f3_rule_queries, {"rest_places", "reduce_cap"}),
}


@pytest.mark.parametrize("check", sorted(OLD_WAYS))
def test_each_check_catches_the_old_menus_ways(check: str) -> None:
    source, find, expected = OLD_WAYS[check]
    found = find(source, "old.py")
    named = {word for b in found for word in expected if word in b.what}
    assert named == expected and len(found) == len(expected), found
