"""The typed frame's view: the screen's sums done by the rules, frozen, never a secret bid."""

from __future__ import annotations

import dataclasses
import json
import re
from pathlib import Path

import pytest
from display.frames import bidding_state, moments

from companion.core.codec import from_data, to_data
from companion.games.mush import MUSH, public_view, seat_view
from companion.games.mush.model import (
    REDUCE_CHIPS_PER_DIE,
    REDUCE_MAX_DICE,
    REROLL_COST,
    RollKind,
    is_dog,
)
from companion.games.mush.table.view import TableView, table_view
from companion.games.mush.views import player_view

DISPLAY = Path(__file__).resolve().parents[2] / "companion" / "display"


@pytest.mark.parametrize(("moment", "need"), [("terrain", 4), ("avalanche", 6)])
def test_a_crossing_roll_carries_the_total_it_needs(moment: str, need: int) -> None:
    state = moments(4).states[moment]
    roll = table_view(state).last_roll
    assert roll is not None and roll.kind is RollKind(moment)
    assert roll.need == need  # M4: 4-6 enters, M5: 6 crosses
    assert roll.success == (roll.faces[0] + roll.modifier >= need)


def test_a_dog_roll_says_which_dice_show_a_dog() -> None:
    state = moments(4).states["dogs"]
    roll = table_view(state).last_roll
    assert roll is not None and roll.colour is not None and roll.faces
    assert roll.dog_faces == tuple(is_dog(roll.colour, f) for f in roll.faces)
    assert sum(roll.dog_faces) == roll.dogs
    assert roll.need is None


def test_an_open_reduce_window_counts_the_dice_its_chips_take() -> None:
    state = moments(4).states["reduce"]
    view = table_view(state)
    assert view.window is not None and view.turn is not None and state.window is not None
    assert view.window.paid == state.window.paid > 0
    assert view.window.dice_taken == state.window.paid // REDUCE_CHIPS_PER_DIE
    roller = state.players[view.turn.seat]
    assert view.turn.dice_taken == view.turn.reduction + view.window.dice_taken
    assert view.turn.dice_left == roller.uncovered - view.turn.dice_taken


def test_outside_a_reduce_window_only_the_turns_reduction_counts() -> None:
    state = moments(4).states["turn"]
    view = table_view(state)
    assert view.window is None and view.turn is not None
    assert view.turn.dice_taken == view.turn.reduction
    assert view.turn.dice_left == state.players[view.turn.seat].uncovered - view.turn.reduction


def test_the_costs_it_quotes_are_the_rules() -> None:
    costs = table_view(moments(4).states["turn"]).costs
    assert (costs.reroll, costs.reduce_per_die, costs.reduce_max_dice) == (
        REROLL_COST, REDUCE_CHIPS_PER_DIE, REDUCE_MAX_DICE)


def test_a_locked_bid_is_never_in_the_view() -> None:
    state = bidding_state((7, 0, 19, 3), (True, False, True, False))
    view = table_view(state)
    assert [s.locked for s in view.seats] == [s in (0, 2) for s in range(4)]
    assert all(s.bid is None for s in view.seats)
    hidden = [b for b in state.bids if b is not None]
    assert hidden and "bid=None" in repr(view.seats[0])


def test_the_view_is_frozen() -> None:
    view = table_view(moments(4).states["turn"])
    with pytest.raises(dataclasses.FrozenInstanceError):
        view.round = 99  # type: ignore[misc]
    with pytest.raises(dataclasses.FrozenInstanceError):
        view.seats[0].chips = 0  # type: ignore[misc]


@pytest.mark.parametrize("moment", sorted(moments(4).states))
def test_the_json_public_view_is_the_typed_view(moment: str) -> None:
    """One view: `public_view` (state --json) is the typed view's JSON form, field for
    field, and reads back into the same typed view."""
    state = moments(4).states[moment]
    typed, public = table_view(state), public_view(state)
    assert public == to_data(typed) == MUSH.view_data(state)
    assert from_data(TableView, json.loads(json.dumps(public))) == typed
    assert [row["bid"] for row in public["seats"]] == [s.bid for s in typed.seats]


def test_a_seat_s_own_view_adds_only_its_own_bid() -> None:
    state = bidding_state((7, 0, 19, 3), (True, False, True, False))
    own = player_view(state, 2)
    assert own.table == table_view(state) and own.own_bid == 19
    assert player_view(state, 1).own_bid is None
    assert seat_view(state, 2) == {**public_view(state), "own_bid": 19}


def test_the_display_reads_no_untyped_data() -> None:
    """mypy --strict covers the display only if nothing in it is `Any`."""
    offenders = [f"{path.name}:{n}" for path in sorted(DISPLAY.glob("*.py"))
                 for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
                 if re.search(r"\bAny\b|dict\[str, object\]", line.split("#")[0])
                 and "Anyone" not in line]
    assert offenders == []
    assert TableView.__dataclass_params__.frozen  # type: ignore[attr-defined]
