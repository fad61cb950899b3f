"""Scenes for the table tests, set quickly through the engine, then handed to a controller."""

from __future__ import annotations

from typing import Any

from companion.games.mush import commands as c
from companion.games.mush.model import Phase
from companion.games.mush.settings import Variants
from companion.games.mush.state import GameState
from table.helpers import Dice, bidding, do


def turn_of_seat_0(variants: Variants | None = None, **settings: Any
                   ) -> tuple[GameState, Dice]:
    """Round 1, everyone bid 0, Warm weather (Southern chart face 1), seat 0's turn (T1).

    R2: with no bids the Ice Bear (seat 0) plays first, then clockwise.
    """
    state, dice = bidding(variants=variants, **settings)
    state = do(state, dice, *(c.LockBid(s, 0) for s in range(4)))
    assert state.phase is Phase.WEATHER
    dice.push(1)
    state = do(state, dice, c.RollWeather(0), *(c.Pass(s) for s in range(4)))
    assert state.phase is Phase.TURN and state.active == 0
    return state, dice


def moving_seat_0(dogs: int = 3, variants: Variants | None = None, **settings: Any
                  ) -> tuple[GameState, Dice]:
    """Seat 0 (Warm training, Warm weather: green dice, D1) rolled `dogs` dogs of 8."""
    state, dice = turn_of_seat_0(variants, **settings)
    state = do(state, dice, c.Move(0))
    dice.push(*([1] * dogs + [6] * (8 - dogs)))
    state = do(state, dice, *(c.Pass(s) for s in (1, 2, 3)))  # X2 window: nobody pays
    state = do(state, dice, *(c.Pass(s) for s in range(4)))  # X1 window: nobody rerolls
    assert state.phase is Phase.MOVING and state.turn is not None
    assert state.turn.spaces == dogs
    return state, dice
