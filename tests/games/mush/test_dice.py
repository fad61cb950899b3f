"""Dice sources and D2's faces: uniform, recorded, and the OS's entropy in production."""

from __future__ import annotations

import secrets

import pytest

from companion.exc import DiceExhausted
from companion.games.mush.dice import ScriptedDice, SeededDice, SystemDice
from companion.games.mush.model import DiceColour, is_dog

ROLLS = 60_000
# Chi-square critical values at p = 0.001 (so a fair die fails one run in a thousand).
CRITICAL_5_DOF = 20.515
CRITICAL_1_DOF = 10.828


def chi_square(observed: list[int], expected: list[float]) -> float:
    return sum((o - e) ** 2 / e for o, e in zip(observed, expected, strict=True))


@pytest.mark.parametrize("colour", list(DiceColour))
def test_d2_sixty_thousand_seeded_rolls_per_colour(colour: DiceColour) -> None:
    # D2: each die is an independent uniform draw over its 6 faces, and the share of dog
    # faces is 4/6, 3/6 or 2/6 by colour.
    dice = SeededDice(f"d2-{colour.value}")
    counts = [0] * 6
    dogs = 0
    for _ in range(ROLLS):
        face = dice.roll(6)
        counts[face - 1] += 1
        dogs += is_dog(colour, face)
    assert chi_square(counts, [ROLLS / 6] * 6) < CRITICAL_5_DOF
    p = colour.dog_faces / 6
    assert chi_square([dogs, ROLLS - dogs], [ROLLS * p, ROLLS * (1 - p)]) < CRITICAL_1_DOF


def test_production_dice_use_the_operating_systems_entropy() -> None:
    # D2: production rolls come from secrets.SystemRandom, and are uniform too.
    dice = SystemDice()
    assert isinstance(dice._rng, secrets.SystemRandom)
    counts = [0] * 6
    for _ in range(ROLLS):
        counts[dice.roll(6) - 1] += 1
    assert chi_square(counts, [ROLLS / 6] * 6) < CRITICAL_5_DOF


def test_uniform_draw_over_players_for_initiative() -> None:
    # S4, S6: a draw over n seats, not a d6 folded onto the seats.
    dice = SeededDice(11)
    for sides in range(2, 7):
        counts = [0] * sides
        for _ in range(12_000):
            counts[dice.roll(sides) - 1] += 1
        assert chi_square(counts, [12_000 / sides] * sides) < 20.515 + 5


def test_seeded_dice_repeat_and_scripted_dice_are_exact() -> None:
    a, b = SeededDice(3), SeededDice(3)
    assert [a.roll(6) for _ in range(50)] == [b.roll(6) for _ in range(50)]
    scripted = ScriptedDice([3, 6])
    assert scripted.roll(6) == 3 and scripted.roll(6) == 6 and scripted.remaining == 0
    with pytest.raises(DiceExhausted):
        scripted.roll(6)
    with pytest.raises(ValueError, match="d4"):
        ScriptedDice([5]).roll(4)
