"""One error root: every error the companion raises on purpose is a `CompanionError` and
also the built-in type a plain Python caller would catch (as gpiozero's `exc.py`)."""

from __future__ import annotations

import inspect

import pytest

from companion import exc
from companion.errors import ConfigError
from companion.pads.factory import PadHardwareError
from companion.rules import commands as c
from companion.rules import errors as rules_errors
from companion.rules.codec import CodecError, event_from_json
from companion.rules.dice import DiceExhausted, ScriptedDice
from companion.rules.settings import SettingsError
from companion.store.control import JournalBusyError
from companion.store.journal import GameClosedError, JournalError, UndoRefusedError
from companion.table.bots import UnreachableCommand

_BUILT_INS = (ValueError, LookupError, RuntimeError)


def test_every_error_in_exc_is_a_companion_error_and_a_built_in_type() -> None:
    classes = [v for v in vars(exc).values()
               if inspect.isclass(v) and issubclass(v, BaseException)]
    assert len(classes) >= 18
    for cls in classes:
        assert issubclass(cls, exc.CompanionError), cls
        if cls is not exc.CompanionError:
            assert issubclass(cls, _BUILT_INS), cls
    assert set(exc.__all__) == {cls.__name__ for cls in classes}


def test_old_import_paths_name_the_same_classes() -> None:
    assert rules_errors.NotEnoughChipsError is exc.NotEnoughChipsError
    assert rules_errors.RulesError is exc.RulesError
    assert ConfigError is exc.ConfigError and CodecError is exc.CodecError
    assert SettingsError is exc.SettingsError and DiceExhausted is exc.DiceExhausted
    assert (JournalError, GameClosedError, UndoRefusedError) == (
        exc.JournalError, exc.GameClosedError, exc.UndoRefusedError)
    assert PadHardwareError is exc.PadHardwareError
    assert UnreachableCommand is exc.UnreachableCommand
    assert issubclass(JournalBusyError, exc.JournalError)


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
    from companion.rules.engine import apply
    from companion.rules.state import EMPTY
    with pytest.raises(exc.RulesError) as info:
        apply(EMPTY, c.Reroll(0), ScriptedDice([]))
    assert isinstance(info.value, ValueError) and isinstance(info.value, exc.CompanionError)


def test_config_error_keeps_file_and_key() -> None:
    error = ConfigError("pads.source", "must be gpio, serial or keyboard").in_file("c.toml")
    assert str(error) == "c.toml: pads.source: must be gpio, serial or keyboard"
    assert isinstance(error, ValueError) and isinstance(error, exc.CompanionError)
