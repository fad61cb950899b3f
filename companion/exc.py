"""Every error the companion raises on purpose, under one root (as gpiozero's `exc.py`).

Why one module: a caller that wants "anything the companion refused" catches
`CompanionError`; one that only knows Python catches the built-in type each error also
is (`ValueError` for a bad value, `LookupError` for something missing, `RuntimeError` for
a state the program cannot work in). Both work, so no handler has to know our names.

Import them from here. An error that belongs to one module (a frame from a pad, a bad
player name, a refused update) may be defined there, but under this root too:
`tests/test_exc.py` walks every module of the package and holds each to it.

Standard library only, importing nothing: the rules core (`companion/games/mush/`) uses it.
"""

from __future__ import annotations


class CompanionError(Exception):
    """Base of every error the companion raises on purpose."""


# --- the rules: a refused command changes nothing ------------------------------------


class RulesError(CompanionError, ValueError):
    """A command the rules refuse; nothing changed (a `ValueError`, as python-chess does)."""


class GameOverError(RulesError):
    """The game is over (T3); nothing more may happen."""


class UnknownSeatError(RulesError):
    """No such seat at this table."""


class NotYourTurnError(RulesError):
    """This seat may not act in the current phase."""


class CommandNotAllowedError(RulesError):
    """The seat may act, but not with this command now."""


class NotEnoughChipsError(RulesError):
    """X6: a player may never pay more Action Chips than they hold."""


class IllegalChoiceError(RulesError):
    """A parameter outside what the rules allow now (a full training, a fourth die, ...)."""


class SettingsError(CompanionError, ValueError):
    """Settings that cannot make a game; the message names the setting."""


class CodecError(CompanionError, ValueError):
    """A JSON text that is not a state, event or command of a known version."""


class DiceExhausted(CompanionError, LookupError):
    """A scripted source ran out of faces: the test asked for more rolls than it planned."""


# --- configuration ---------------------------------------------------------------------


class ConfigError(CompanionError, ValueError):
    """A configuration value is wrong; the message names the file and the key.

    A broken config must fail at start with something a hobbyist can act on, so the
    file, the dotted key and what is allowed are all part of the message.
    """

    def __init__(self, key: str, problem: str, file: str | None = None) -> None:
        self.key = key
        self.problem = problem
        self.file = file
        where = f"{file}: " if file else ""
        super().__init__(f"{where}{key}: {problem}")

    def in_file(self, file: str) -> ConfigError:
        """The same error, now naming the file it came from."""
        return ConfigError(self.key, self.problem, file)


# --- the journal -----------------------------------------------------------------------


class JournalError(CompanionError, RuntimeError):
    """The journal cannot do what was asked (unknown game, closed game, newer format)."""


class GameClosedError(JournalError):
    """Events were offered for a game that is already finished or abandoned."""


class UndoRefusedError(JournalError):
    """Nothing may be retracted: no batch left, or the last one may not be undone."""


class IncompatibleJournalError(JournalError):
    """The journal was written by a newer companion (a format this one cannot read).

    Not damage: the file is healthy and is left exactly as it is; the message names the
    version found and the newest this program reads, so the fix (update the companion)
    is plain.
    """


class NotAJournalError(JournalError):
    """The journal's path names a file that is not a journal (a config file named by
    mistake, another program's database). It is never renamed, rebuilt or written: the
    message names the path and the fix (another path for the journal)."""


# --- hardware and the table ------------------------------------------------------------


class PadHardwareError(CompanionError, RuntimeError):
    """The pads cannot start on this machine (no GPIO library, no chip, no hub)."""


class UnreachableCommand(CompanionError, LookupError):
    """A policy chose a command no menu of its seat leads to (a gap in the menus)."""


__all__ = [
    "CodecError", "CommandNotAllowedError", "CompanionError", "ConfigError", "DiceExhausted",
    "GameClosedError", "GameOverError", "IllegalChoiceError", "IncompatibleJournalError",
    "JournalError", "NotAJournalError", "NotEnoughChipsError", "NotYourTurnError",
    "PadHardwareError", "RulesError", "SettingsError", "UndoRefusedError", "UnknownSeatError",
    "UnreachableCommand",
]
