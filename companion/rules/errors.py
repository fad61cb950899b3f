"""Specific errors for refused commands, each a `ValueError` (as python-chess does).

The table shows the message to the seat that sent the command; the state is unchanged.
"""

from __future__ import annotations


class RulesError(ValueError):
    """A command the rules refuse; nothing changed."""


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
