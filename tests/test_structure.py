"""The structure numbers (`python -m tools.structure`): the goals that hold are held here,
and the tool is shown to see each kind of breach on a small tree made for it.

Every goal holds today: no shared module imports a game or names one in its code (the
words for people that name one are listed, and checked here to be only those).
"""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from run_shared import once_a_run, run_folder

ROOT = Path(__file__).resolve().parents[1]


def _tool() -> ModuleType:
    spec = importlib.util.spec_from_file_location("structure", ROOT / "tools" / "structure.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["structure"] = module  # dataclasses look their module up by name
    spec.loader.exec_module(module)
    return module


structure = _tool()


@pytest.fixture(scope="session")
def report(tmp_path_factory: pytest.TempPathFactory) -> Any:
    """The numbers of this tree, measured once a run for the tests that read them (the
    tree does not change while they run; each measure reads and parses every module)."""
    return once_a_run(run_folder(tmp_path_factory), "structure-report",
                      lambda: structure.measure(ROOT))


def test_the_tool_runs_as_a_module_and_prints_every_goal() -> None:
    out = subprocess.run([sys.executable, "-m", "tools.structure"], cwd=ROOT, check=True,
                         capture_output=True, text=True, timeout=120).stdout
    for label in ("controller lines: games/mush/table/controller.py", "modules over 600 lines",
                  "import cycles", "hasattr in the main loop",
                  "string-key dispatch in the controller",
                  "imports of a game from outside its folder", "games named in shared code"):
        assert label in out
    assert len([line for line in out.splitlines() if line[:3] in ("ok ", "NOT")]) == 7


def test_the_goals_that_hold_today(report: Any) -> None:
    assert report.modules > 100
    goals = report.goals()
    assert goals["controller module at most 300 lines"], report.controller_lines
    assert goals["no hasattr dispatch in the main loop"], report.hasattr_in_loop
    assert goals["no string-key dispatch in the controller"], report.string_keys_in_controller
    assert report.controller_lines
    assert goals["no import cycle"], report.cycles
    assert goals["no module over 600 lines (word tables excepted)"], report.long_modules
    assert report.long_modules == {}
    # the words are a file per language: the only modules counted as word tables
    assert {m.split("/")[0] for m in report.word_tables} <= {"i18n"}
    assert [m for m in report.long_modules if m.startswith("i18n/")] == []
    assert all(goals.values()), [goal for goal, held in goals.items() if not held]


def test_no_shared_layer_names_a_game_in_its_code(report: Any) -> None:
    assert report.goals()["no shared module names a game in code"], report.game_names
    # the words left are the program's own, for people: its title, its command-line help
    assert {f.what for f in report.game_words} == {
        "names a game: 'Table companion for the board game MUSH: dice, secret bids, '",
        "names a game: ') for its own journal, or both, e.g. canoe:2 (default: the n'",
        "names a game: '), or both (canoe:2); default: the newest game of any box'",
        "names a game: 'MUSH table companion'",
        "names a game: 'MUSH pad test: press the pad keys here'",
        "names a game: 'an address such as \"http://mush.local:8080\" or \"\" to find it'",
    }, report.game_words


def test_the_store_has_no_long_module_and_no_cycle(report: Any) -> None:
    assert [m for m in report.long_modules if m.startswith("store/")] == []
    assert [c for c in report.cycles if any(m.startswith("companion.store") for m in c)] == []
    graph = {name: structure.imports(structure.ast.parse(path.read_text(encoding="utf-8")),
                                     name, path.name == "__init__.py", set(modules))
             for modules in [structure.modules(ROOT)] for name, path in modules.items()}
    assert "companion.store.export" in graph["companion.store.journal"]
    assert "companion.store.journal" not in graph["companion.store.export"]
    for part in ("durable", "salvage"):
        assert f"companion.store.{part}" in graph["companion.store.journal"] | \
            graph["companion.store.durable"]
    assert "companion.store.durable" not in graph["companion.store.salvage"]


def _write(root: Path, files: dict[str, str]) -> None:
    for name, text in files.items():
        path = root / "companion" / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")


def test_the_tool_sees_each_kind_of_breach(tmp_path: Path) -> None:
    rows = "".join(f'    "k{i}": ("en", "fr", "de"),\n' for i in range(700))
    words = "WORDS = {\n" + rows + "}\n"
    code = "".join(f"def f{i}() -> int:\n    return {i}\n" for i in range(400))
    _write(tmp_path, {
        "__init__.py": "",
        "words.py": words,
        "long.py": code,
        "a.py": "def later() -> None:\n    from companion import b\n",
        "b.py": "from companion.a import later\n",
        "c.py": "from . import b\n",
        "app/loop.py": ("def loop(pad: object) -> None:\n"
                        "    if hasattr(pad, 'poll'):\n        pass\n"),
        "app/__init__.py": "",
        "table/__init__.py": "",
        "games/__init__.py": "INSTALLED = {'dice': 'companion.games.dice'}\n",
        "games/dice/__init__.py": '"""The dice game: the word dice in a docstring."""\n',
        "games/dice/rules.py": "from companion.games.dice import __doc__\n",
        "games/cards/__init__.py": "from companion.games.dice.rules import __doc__\n",
        "shared.py": ('"""Shared: dice in a docstring is let off."""\n'
                      "import companion.games.dice\n\n\ndef dice_view() -> str:\n"
                      "    return 'dice'\n\n\nHELP = 'Plays the dice game'\n"),
        "table/controller.py": ("def on(key: str, acts: dict) -> None:\n"
                                "    if key == 'ask':\n        pass\n"
                                "    match key:\n        case 'cancel':\n            pass\n"
                                "    {'quiet': on, 'menu': on}[key]\n"
                                "    acts['undo']\n    getattr(acts, key)\n"
                                + code.split("def f160")[0]),  # 320 lines more
    })
    report = structure.measure(tmp_path)
    assert report.modules == 15 and report.games == ["cards", "dice"]
    assert sorted((f.where, f.what) for f in report.game_imports) == [
        ("companion/games/cards/__init__.py:1", "imports companion.games.dice.rules"),
        ("companion/shared.py:2", "imports companion.games.dice")]
    assert sorted(f.where for f in report.game_names) == [
        "companion/shared.py:5", "companion/shared.py:6"]  # an import is counted as one
    assert [f.where for f in report.game_words] == ["companion/shared.py:9"]  # for people
    assert report.word_tables == {"words.py": 702} and report.long_modules == {"long.py": 800}
    assert report.cycles == [["companion.a", "companion.b"]]  # c imports b: no cycle
    assert [f.where for f in report.hasattr_in_loop] == ["companion/app/loop.py:2"]
    kinds = sorted(f.what.split(":")[0] for f in report.string_keys_in_controller)
    assert kinds == ["a case on a string", "a dict of actions keyed by strings",
                     "an attribute named at run time", "compared with a string",
                     "looked up by a string"]
    assert not any(report.goals().values())
    text = structure.as_text(report)
    assert text.count("NOT ") == 7 and "companion.a <-> companion.b" in text
