"""Each rule fact stands once, in companion/games/mush/: the table and the screen ask for it.

A restated fact drifts: the screen once said "2 chips a die" in its own words while the
engine read REDUCE_CHIPS_PER_DIE. These patterns are the ways the facts used to be
restated outside the rules (literals and copied helpers); none may come back.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from companion.games.mush.model import (
    AVALANCHE_MAX_MODIFIER,
    AVALANCHE_SUCCESS,
    CROSSINGS,
    REDUCE_CHIPS_PER_DIE,
    TERRAIN_MAX_MODIFIER,
    TERRAIN_SUCCESS,
    DiceColour,
    RollKind,
    dice_taken,
    training_maxima,
)

ROOT = Path(__file__).resolve().parents[3] / "companion"
OUTSIDE_RULES = sorted(p for folder in ("table", "display", "games/mush/table",
                                         "games/mush/screen")
                       for p in (ROOT / folder).rglob("*.py"))

RESTATED = {
    "dog faces per colour": r"""["']?green["']?\s*:\s*4|DOG_FACES|dog_faces\s*/\s*6""",
    "terrain or avalanche threshold": r"""\b[46]\s+if\s+\w+\s*==\s*["'](terrain|avalanche)""",
    "odds from a threshold": r"7\s*-\s*need",
    "reduce cost": r"paid\s*//\s*(2|REDUCE_CHIPS_PER_DIE)|2 chips a die|3 at most",
    "reroll cost": r"pay 3 chips|pay 3\b",
    "number of sticks": r"all 4 sticks",
    "Nome-board test": r"def _?at_nome_board",
    "training maxima": r"TRAINING_MAXIMA\[",
    "crossing thresholds": r"\b(TERRAIN|AVALANCHE)_SUCCESS\b",
}


def _code(line: str) -> str:
    """A line without its trailing comment: a comment may cite a rule in words."""
    return re.sub(r"\s#\s.*$", "", line)


def test_the_scan_sees_the_table_and_the_screen() -> None:
    names = {path.name for path in OUTSIDE_RULES}
    assert {"menus.py", "controller.py", "screens.py", "chrome.py"} <= names


@pytest.mark.parametrize("fact", sorted(RESTATED))
def test_no_rule_fact_is_restated_outside_the_rules(fact: str) -> None:
    pattern = re.compile(RESTATED[fact])
    found = [f"{path.relative_to(ROOT.parent)}:{number}: {line.strip()}"
             for path in OUTSIDE_RULES
             for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
             if pattern.search(_code(line))]
    assert found == [], f"{fact} restated outside companion/games/mush/"


def test_the_patterns_would_catch_the_old_restatements() -> None:
    """The scan is only worth something if it matches what used to be written."""
    old = {
        "dog faces per colour": 'DOG_FACES = {"green": 4, "red": 3, "blue": 2}',
        "terrain or avalanche threshold": 'need = 4 if kind == "terrain" else 6',
        "odds from a threshold": "odds = percent(7 - need + modifier)",
        "reduce cost": "fewer = int(turn.get('reduction', 0)) + paid // 2",
        "reroll cost": 'lines.append(f"Only {name} may pay 3 chips to reroll")',
        "number of sticks": 'blocked = "all 4 sticks are in play"',
        "Nome-board test": "def _at_nome_board(state: GameState, seat: int) -> bool:",
        "training maxima": "maxima = dict(zip(CLIMATES, TRAINING_MAXIMA[n], strict=True))",
        "crossing thresholds": "top, need = TERRAIN_MAX_MODIFIER, TERRAIN_SUCCESS",
    }
    assert set(old) == set(RESTATED)
    for fact, line in old.items():
        assert re.search(RESTATED[fact], line), fact


def test_the_facts_themselves() -> None:
    # D2, M4, M5, X2, X3, S4 as RULES.md states them.
    assert [c.dog_faces for c in DiceColour] == [4, 3, 2]
    assert DiceColour.GREEN.dog_chance == pytest.approx(4 / 6)
    assert CROSSINGS[RollKind.TERRAIN].success == TERRAIN_SUCCESS == 4
    assert CROSSINGS[RollKind.AVALANCHE].success == AVALANCHE_SUCCESS == 6
    assert CROSSINGS[RollKind.TERRAIN].max_modifier == TERRAIN_MAX_MODIFIER == 2
    assert CROSSINGS[RollKind.AVALANCHE].max_modifier == AVALANCHE_MAX_MODIFIER == 4
    assert [CROSSINGS[RollKind.TERRAIN].winning_faces(m) for m in range(3)] == [3, 4, 5]
    assert [CROSSINGS[RollKind.AVALANCHE].winning_faces(m) for m in range(5)] == [1, 2, 3, 4, 5]
    assert [dice_taken(paid) for paid in range(7)] == [0, 0, 1, 1, 2, 2, 3]
    assert REDUCE_CHIPS_PER_DIE == 2
    assert list(training_maxima(4).values()) == [2, 1, 1]
