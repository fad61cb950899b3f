"""Dice sources, injected into a game's engine so that its rules stay pure.

Every game on the table rolls through one of these. Production uses the operating
system's entropy (`secrets.SystemRandom`); tests use a seeded or a scripted source. An
engine records every face in its events, so replaying a game never asks a source for
anything.
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Iterable
from typing import Protocol

from companion.exc import DiceExhausted


class DiceSource(Protocol):
    """Anything that rolls a fair die with a given number of sides."""

    def roll(self, sides: int) -> int:
        """A uniform draw from 1..sides."""
        ...


class SystemDice:
    """Real dice for the table: the operating system's entropy, never predictable."""

    def __init__(self) -> None:
        self._rng = secrets.SystemRandom()

    def roll(self, sides: int) -> int:
        """A uniform draw from 1..sides from the OS entropy pool."""
        return self._rng.randint(1, sides)


class SeededDice:
    """Repeatable dice for tests, bots and statistics."""

    def __init__(self, seed: int | str = 0) -> None:
        self._rng = random.Random(seed)

    def roll(self, sides: int) -> int:
        """A uniform draw from 1..sides from the seeded generator."""
        return self._rng.randint(1, sides)


class ScriptedDice:
    """Dice that return the given faces in order, for tests that need exact rolls."""

    def __init__(self, faces: Iterable[int]) -> None:
        self._faces = list(faces)
        self.used = 0

    def roll(self, sides: int) -> int:
        """The next scripted face; it must fit the die being rolled."""
        if self.used >= len(self._faces):
            raise DiceExhausted(f"no scripted face left for a d{sides}")
        face = self._faces[self.used]
        self.used += 1
        if not 1 <= face <= sides:
            raise ValueError(f"scripted face {face} does not fit a d{sides}")
        return face

    @property
    def remaining(self) -> int:
        """Faces not yet used."""
        return len(self._faces) - self.used
