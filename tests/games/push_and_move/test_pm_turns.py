"""Turns and winning (HT1-HT5, HW1-HW4): every die moves once, in the player's order; a
die that cannot move stays; players without dice are passed over; three dice removed
win, the last player with dice wins, the round limit ends a game."""

from __future__ import annotations

import pytest

from companion.core.dice import ScriptedDice
from companion.core.options import Reason
from companion.core.values import replace
from companion.exc import NotYourTurnError, RulesError
from companion.games.push_and_move import acts as a
from companion.games.push_and_move.game import UNDO
from companion.games.push_and_move.model import End, Kind, Win
from companion.games.push_and_move.rules import apply, legal_commands, options
from companion.games.push_and_move.state import Phase, State, Turn

from . import cell, position

EAST, WEST = 0, 3
ROW = [cell(q, 2) for q in range(-6, 5)]
TOP = [cell(q, -4) for q in range(-2, 7)]


def go(state: State, command: a.Command) -> tuple[State, list[a.Event]]:
    return apply(state, command, ScriptedDice([]))


def test_ht2_every_die_moves_once_in_the_players_order_then_the_next_turn() -> None:
    state = position(dice={0: (ROW[1], 1), 1: (ROW[5], 1), 5: (TOP[0], 1)})
    assert {c.die for c in legal_commands(state, 0) if isinstance(c, a.Move)} == {0, 1}
    state, events = go(state, a.Move(0, 1, EAST))
    assert state.require_turn().to_move == (0,) and not any(
        isinstance(e, a.TurnEnded) for e in events)
    with pytest.raises(NotYourTurnError):
        go(state, a.Move(1, 5, EAST))
    with pytest.raises(RulesError):
        go(state, a.Move(0, 1, EAST))  # it has moved
    state, events = go(state, a.Move(0, 0, EAST))
    assert events[-2:] == [a.TurnEnded(0), a.TurnBegan(1, 1, (5,))]


def test_ht2_a_die_pushed_by_its_own_player_still_has_to_move() -> None:
    state = position(dice={0: (ROW[1], 1), 1: (ROW[2], 1), 5: (TOP[0], 1)})
    state, _ = go(state, a.Move(0, 0, EAST))
    assert state.dice[1].cell == ROW[3] and state.require_turn().to_move == (1,)


def test_ht3_no_move_off_the_board_and_a_die_that_cannot_move_stays() -> None:
    edge = cell(4, 2)  # the east end of the row
    state = position(dice={0: (edge, 3), 5: (TOP[0], 1)})
    off = next(o for o in options(state, 0) if o.params["direction"] == (EAST,))
    assert off.blocked == Reason("edge", "HT3")
    # a die walled in by barred hexes has no move: the turn ends without it
    walled = ROW[5]
    around = {c: Kind.BARRED for c in (cell(0, 2), cell(-2, 2), cell(-1, 1), cell(0, 1),
                                        cell(-2, 3), cell(-1, 3))}
    stuck = position(kinds=around, dice={0: (walled, 3), 1: (ROW[0], 2), 5: (TOP[0], 1)})
    assert {c.die for c in legal_commands(stuck, 0) if isinstance(c, a.Move)} == {1}
    after, events = go(stuck, a.Move(0, 1, EAST))
    assert a.TurnEnded(0) in events and after.require_turn().seat == 1


def test_ht1_a_player_without_dice_is_passed_over_and_rounds_count() -> None:
    state = position(3, dice={0: (ROW[1], 1), 10: (TOP[4], 1), 11: (TOP[6], 1)})
    after, events = go(state, a.Move(0, 0, EAST))
    assert events[-1] == a.TurnBegan(2, 1, (10, 11))  # seat 1 has none
    after, _ = go(after, a.Move(2, 10, EAST))
    after, events = go(after, a.Move(2, 11, WEST))
    assert events[-1] == a.TurnBegan(0, 2, (0,))


def test_ht4_a_move_names_its_hex_what_it_pushes_and_the_hex_kind() -> None:
    state = position(kinds={ROW[3]: Kind.PLUS2}, dice={0: (ROW[1], 5), 5: (ROW[2], 3),
                                                       6: (ROW[10], 2)})
    east = next(o for o in options(state, 0) if o.params["direction"] == (EAST,))
    assert east.note == {"target": ROW[2], "pushed": 1, "falls": -1, "kind": "plain"}


def test_ht5_a_move_may_be_taken_back_but_not_across_a_roll() -> None:
    state = position(kinds={ROW[2]: Kind.REROLL}, dice={0: (ROW[1], 5), 5: (TOP[0], 1)})
    state, events = go(state, a.Move(0, 0, EAST))
    assert UNDO.undoable(events)
    _, events = apply(state, a.Reroll(0), ScriptedDice([9]))
    assert not UNDO.undoable(events) and UNDO.final(events) == ["Rerolled"]


def test_hw1_hw2_the_third_opponents_die_wins_at_once() -> None:
    state = position(3, dice={0: (ROW[-2], 9), 5: (ROW[-1], 1), 10: (TOP[0], 1)})
    state = state.with_player(0, taken=(0, 1, 1))
    after, events = go(state, a.Move(0, 0, EAST))
    assert events[-1] == a.GameOver(0, End.THREE)
    assert after.phase is Phase.OVER and after.winner == 0


def test_hw2_config_three_of_one_opponent() -> None:
    state = position(3, dice={0: (ROW[-2], 9), 5: (ROW[-1], 1), 10: (TOP[0], 1)},
                     win=Win.ONE)
    state = state.with_player(0, taken=(0, 1, 1))
    after, _ = go(state, a.Move(0, 0, EAST))
    assert after.phase is Phase.MOVE and after.players[0].taken == (0, 2, 1)


def test_hw3_the_last_player_with_dice_on_the_board_wins() -> None:
    state = position(2, dice={0: (ROW[-2], 9), 5: (ROW[-1], 1)})
    _, events = go(state, a.Move(0, 0, EAST))
    assert events[-1] == a.GameOver(0, End.LAST)


def test_hw4_the_round_limit_ends_the_game_with_the_highest_count() -> None:
    state = position(2, dice={0: (ROW[1], 1), 5: (TOP[0], 1)}, rounds=10, seat=1)
    state = replace(state, turn=Turn(1, 10, (5,))).with_player(0, taken=(0, 1))
    _, events = go(state, a.Move(1, 5, EAST))
    assert events[-1] == a.GameOver(0, End.ROUNDS)
    even = state.with_player(1, taken=(1, 0))
    _, events = go(even, a.Move(1, 5, EAST))
    assert events[-1] == a.GameOver(None, End.ROUNDS)  # equal counts: nobody
