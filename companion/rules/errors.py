"""Specific errors for refused commands, each a `ValueError` (as python-chess does).

The table shows the message to the seat that sent the command; the state is unchanged.
They are defined with every other error of the companion in `companion.exc` (one root,
`CompanionError`); this module keeps the rules' own import path.
"""

from __future__ import annotations

from companion.exc import (
    CommandNotAllowedError,
    GameOverError,
    IllegalChoiceError,
    NotEnoughChipsError,
    NotYourTurnError,
    RulesError,
    UnknownSeatError,
)

__all__ = [
    "CommandNotAllowedError", "GameOverError", "IllegalChoiceError", "NotEnoughChipsError",
    "NotYourTurnError", "RulesError", "UnknownSeatError",
]
