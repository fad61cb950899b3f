"""One error root: every error the companion raises on purpose is a `CompanionError` and
also the built-in type a plain Python caller would catch (as gpiozero's `exc.py`).

Every module of the package is walked: an exception class defined anywhere in it derives
from the root, and no module outside `companion.exc` passes errors on under its own name
(a package's `__init__` may name them in its public API).
"""

from __future__ import annotations

import ast
import importlib
import inspect
import pkgutil
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

import companion
from companion import exc
from companion.exc import CodecError, ConfigError, DiceExhausted
from companion.games.mush import commands as c
from companion.games.mush.codec import event_from_json
from companion.games.mush.dice import ScriptedDice

_BUILT_INS = (ValueError, LookupError, RuntimeError)


def _modules() -> list[ModuleType]:
    """Every module of the package, imported (`__main__` modules run a program: left out)."""
    names = [m.name for m in pkgutil.walk_packages(companion.__path__, "companion.")
             if m.name.rsplit(".", 1)[-1] != "__main__"]
    return [companion, *(importlib.import_module(name) for name in names)]


MODULES = _modules()


def _defined_exceptions(module: ModuleType) -> list[type[BaseException]]:
    return [v for v in vars(module).values() if inspect.isclass(v)
            and issubclass(v, BaseException) and v.__module__ == module.__name__]


def test_the_walk_sees_the_whole_package() -> None:
    names = {m.__name__ for m in MODULES}
    files = {p for p in Path(companion.__file__).parent.rglob("*.py")
             if p.name != "__main__.py"}
    assert len(names) == len(files) > 100
    found = {m.__name__: _defined_exceptions(m) for m in MODULES}
    assert sum(map(len, found.values())) >= 30  # the walk does meet exception classes
    assert "FrameError" in {e.__name__ for e in found["companion.pads.padproto"]}


@pytest.mark.parametrize("module", MODULES, ids=lambda m: m.__name__)
def test_every_exception_class_in_the_package_is_under_the_root(module: ModuleType) -> None:
    outside = [e.__qualname__ for e in _defined_exceptions(module)
               if not issubclass(e, exc.CompanionError)]
    assert outside == [], f"{module.__name__}: {outside} not under companion.exc.CompanionError"


def _passed_on(module: ModuleType) -> list[str]:
    """Errors a module offers under its own name without defining them: named in its
    `__all__`, or imported as `from ... import X as X` (the explicit re-export)."""
    def foreign_error(name: str) -> bool:
        value = getattr(module, name, None)
        return inspect.isclass(value) and issubclass(value, BaseException) and \
            value.__module__ != module.__name__
    named = [n for n in getattr(module, "__all__", []) if foreign_error(n)]
    source = Path(module.__file__ or "").read_text(encoding="utf-8")
    aliased = [a.name for node in ast.walk(ast.parse(source))
               if isinstance(node, ast.ImportFrom) for a in node.names
               if a.asname == a.name and foreign_error(a.name)]
    return named + aliased


@pytest.mark.parametrize("module", [m for m in MODULES if m is not exc
                                    and not (m.__file__ or "").endswith("__init__.py")],
                         ids=lambda m: m.__name__)
def test_no_module_passes_errors_on_under_its_own_name(module: ModuleType) -> None:
    assert _passed_on(module) == []


def test_the_re_export_check_sees_a_shim() -> None:
    shim = ModuleType("companion.shim")
    shim.__file__ = str(Path(exc.__file__ or ""))  # a source that names errors
    shim.ConfigError = ConfigError  # type: ignore[attr-defined]
    shim.__all__ = ["ConfigError"]  # type: ignore[attr-defined]
    assert _passed_on(shim) == ["ConfigError"]


def test_every_error_in_exc_is_a_companion_error_and_a_built_in_type() -> None:
    classes = [v for v in vars(exc).values()
               if inspect.isclass(v) and issubclass(v, BaseException)]
    assert len(classes) >= 18
    for cls in classes:
        assert issubclass(cls, exc.CompanionError), cls
        if cls is not exc.CompanionError:
            assert issubclass(cls, _BUILT_INS), cls
    assert set(exc.__all__) == {cls.__name__ for cls in classes}


def test_real_failures_are_caught_by_the_root_and_by_the_built_in() -> None:
    with pytest.raises(exc.CompanionError):
        event_from_json("{not json")
    with pytest.raises(ValueError, match="not"):
        event_from_json("{not json")
    with pytest.raises(LookupError):
        ScriptedDice([]).roll(6)
    with pytest.raises(exc.CompanionError):
        ScriptedDice([]).roll(6)


def test_a_refused_command_is_a_rules_error_a_value_error_and_a_companion_error() -> None:
    from companion.games.mush.engine import apply
    from companion.games.mush.state import EMPTY
    with pytest.raises(exc.RulesError) as info:
        apply(EMPTY, c.Reroll(0), ScriptedDice([]))
    assert isinstance(info.value, ValueError) and isinstance(info.value, exc.CompanionError)


def test_config_error_keeps_file_and_key() -> None:
    error = ConfigError("pads.source", "must be gpio, serial or keyboard").in_file("c.toml")
    assert str(error) == "c.toml: pads.source: must be gpio, serial or keyboard"
    assert isinstance(error, ValueError) and isinstance(error, exc.CompanionError)


def test_errors_once_outside_the_root_are_caught_by_it_and_by_their_built_in() -> None:
    from companion.config.names import BadName, check_name
    from companion.pads.padproto import FrameError, decode
    with pytest.raises(exc.CompanionError) as frame:
        decode(b"not a frame")
    assert isinstance(frame.value, FrameError) and isinstance(frame.value, ValueError)
    with pytest.raises(exc.CompanionError) as name:
        check_name(42)
    assert isinstance(name.value, BadName) and isinstance(name.value, ValueError)
    for error in (CodecError("x"), DiceExhausted("x"), ConfigError("k", "bad")):
        assert isinstance(error, exc.CompanionError) and isinstance(error, _BUILT_INS)


def test_the_pad_hubs_copy_of_the_frame_code_needs_no_companion_package() -> None:
    """On the hub (MicroPython) `firmware/padproto.py` is alone: its `FrameError` falls
    back to a plain `ValueError`. `-S` leaves site-packages (the installed companion) out."""
    firmware = Path(companion.__file__ or "").parents[1] / "firmware"
    script = ("import sys, padproto\nassert 'companion' not in sys.modules\n"
              "print([c.__name__ for c in padproto.FrameError.__mro__])")
    out = subprocess.run([sys.executable, "-S", "-c", script], cwd=firmware, check=True,
                         capture_output=True, text=True).stdout
    assert out.strip() == "['FrameError', 'ValueError', 'Exception', 'BaseException', 'object']"
