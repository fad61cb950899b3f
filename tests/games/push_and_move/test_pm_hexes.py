"""The hexes (HX1-HX15): values kept within 1 to 20, mandatory effects whether moved or
pushed, barred and death hexes, tunnels, and each optional effect asked of the mover
only, with its d20 rolled and recorded."""

from __future__ import annotations

import pytest

from companion.core.dice import ScriptedDice
from companion.core.options import Reason
from companion.exc import RulesError
from companion.games.push_and_move import acts as a
from companion.games.push_and_move.model import (
    MANDATORY,
    OPTIONAL,
    START,
    VALUE_KINDS,
    Kind,
    Loss,
    Motion,
    effect,
)
from companion.games.push_and_move.moves import push
from companion.games.push_and_move.rules import apply, legal_commands, options
from companion.games.push_and_move.state import Phase, State

from . import cell, position

EAST, WEST = 0, 3
ROW = [cell(q, 2) for q in range(-6, 5)]
FAR = cell(3, -6)


def one_die(kind: Kind, value: int = 5, **more: object) -> State:
    """Seat 0's die 0 on the row's hex 3, the hex east of it of `kind`; an opponent's die
    far away (a player alone on the board has won, HW3)."""
    kinds = {ROW[4]: kind, **more.pop("kinds", {})}  # type: ignore[dict-item]
    dice = {0: (ROW[3], value), 9: (FAR, 1), **more.pop("dice", {})}  # type: ignore[dict-item]
    return position(kinds=kinds, dice=dice, to_move=(0,), **more)  # type: ignore[arg-type]


def go(state: State, command: a.Command, *faces: int) -> tuple[State, list[a.Event]]:
    dice = ScriptedDice(faces)
    after, events = apply(state, command, dice)
    assert dice.remaining == 0
    return after, events


def test_hx1_seventeen_kinds_and_plain_each_mandatory_or_optional() -> None:
    assert len(Kind) == 18
    assert set(Kind) - {Kind.PLAIN} == MANDATORY | OPTIONAL
    assert not MANDATORY & OPTIONAL and len(OPTIONAL) == 7


@pytest.mark.parametrize(("kind", "value", "shows"), [
    (Kind.PLUS1, 5, 6), (Kind.PLUS1, 20, 20), (Kind.PLUS2, 19, 20), (Kind.MINUS1, 1, 1),
    (Kind.MINUS2, 2, 1), (Kind.MINUS2, 7, 5), (Kind.HALF, 7, 4), (Kind.HALF, 1, 1),
    (Kind.HALF, 20, 10), (Kind.DOUBLE, 6, 12), (Kind.DOUBLE, 11, 20),
    (Kind.QUADRUPLE, 5, 20), (Kind.QUADRUPLE, 3, 12), (Kind.PLAIN, 9, 9)])
def test_hx2_values_stay_within_1_and_20_and_halves_round_up(kind: Kind, value: int,
                                                           shows: int) -> None:
    assert effect(kind, value) == shows
    after, events = go(one_die(kind, value), a.Move(0, 0, EAST))
    assert after.dice[0].value == shows
    assert (a.Changed(0, kind, shows) in events) == (kind in VALUE_KINDS)


def test_hx3_mandatory_effects_apply_when_moved_and_when_pushed() -> None:
    state = one_die(Kind.PLAIN, 9, kinds={ROW[5]: Kind.HALF}, dice={5: (ROW[4], 8)})
    after, events = go(state, a.Move(0, 0, EAST))
    assert after.dice[5].value == 4 and a.Changed(5, Kind.HALF, 4) in events


def test_hx4_no_die_is_moved_or_pushed_onto_a_barred_hex() -> None:
    state = one_die(Kind.BARRED)
    assert push(state, 0, EAST) == Reason("barred", "HX4")
    with pytest.raises(RulesError, match="HX4"):
        go(state, a.Move(0, 0, EAST))


def test_hx5_a_death_hex_removes_a_die_moved_or_pushed_onto_it() -> None:
    # moved: one's own die lost counts for nobody (HW1)
    after, events = go(one_die(Kind.DEATH), a.Move(0, 0, EAST))
    assert after.dice[0].cell is None and a.Lost(0, Loss.DEATH, None) in events
    assert after.players[0].count == 0
    # pushed: the opponent's die counts for the mover
    state = one_die(Kind.PLAIN, 9, kinds={ROW[5]: Kind.DEATH}, dice={5: (ROW[4], 3)})
    after, events = go(state, a.Move(0, 0, EAST))
    assert after.dice[5].cell is None and a.Lost(5, Loss.DEATH, 0) in events
    assert after.players[0].count == 1


def test_hx6_a_tunnel_is_entered_and_left_only_along_its_axis() -> None:
    state = one_die(Kind.TUNNEL, axes={ROW[4]: 1})
    assert push(state, 0, EAST) == Reason("tunnel", "HX6")
    along = one_die(Kind.TUNNEL, axes={ROW[4]: 0})
    after, _ = go(along, a.Move(0, 0, EAST))
    assert after.dice[0].cell == ROW[4]
    inside = position(kinds={ROW[4]: Kind.TUNNEL}, axes={ROW[4]: 0}, dice={0: (ROW[4], 3)},
                      to_move=(0,))
    blocked = {o.params["direction"][0] for o in options(inside, 0) if o.blocked}
    assert blocked == {1, 2, 4, 5}


def test_hx7_optional_effects_are_asked_of_the_mover_and_no_is_the_safe_answer() -> None:
    state = one_die(Kind.REROLL, 4)
    after, events = go(state, a.Move(0, 0, EAST))
    assert events[-1] == a.Offered(0, 0, Kind.REROLL, EAST, 0)
    assert after.phase is Phase.EFFECT
    assert legal_commands(after, 0) == [a.Reroll(0), a.Decline(0)]
    declined, events = go(after, a.Decline(0))
    assert a.Declined(0, 0, Kind.REROLL) in events and declined.dice[0].value == 4


def test_hx7_an_effect_that_could_do_nothing_is_not_asked() -> None:
    # one beam hex only: nowhere to go; a draw hex without cards (HX14)
    # (and a rebirth with every die on the board)
    every = {n: (START[0][n], 1) for n in range(1, 5)}
    for kind in (Kind.BEAM, Kind.DRAW, Kind.REBIRTH):
        _, events = go(one_die(kind, dice=every), a.Move(0, 0, EAST))
        assert not any(isinstance(e, a.Offered) for e in events), kind


def test_hx8_reroll_rolls_a_d20_recorded_in_the_journal() -> None:
    after, _ = go(one_die(Kind.REROLL, 4), a.Move(0, 0, EAST))
    rolled, events = go(after, a.Reroll(0), 17)
    assert a.Rerolled(0, 17) in events and rolled.dice[0].value == 17


def test_hx9_beam_to_another_empty_beam_hex() -> None:
    far, taken = cell(0, -5), cell(2, -5)
    state = one_die(Kind.BEAM, kinds={far: Kind.BEAM, taken: Kind.BEAM},
                    dice={5: (taken, 2)})
    after, _ = go(state, a.Move(0, 0, EAST))
    assert legal_commands(after, 0) == [a.Beam(0, far), a.Decline(0)]
    beamed, events = go(after, a.Beam(0, far))
    assert beamed.dice[0].cell == far and a.Beamed(0, far) in events


def test_hx10_movement_plus_one_is_a_step_that_pushes_and_takes_mandatory_effects() -> None:
    state = one_die(Kind.MOVE1, 9, kinds={ROW[6]: Kind.PLUS2, ROW[7]: Kind.REROLL},
                    dice={5: (ROW[5], 2)})
    after, _ = go(state, a.Move(0, 0, EAST))
    # the step east would push the opponent's die off the move+1 hex... it is in front
    assert after.pending is not None and after.pending.kind is Kind.MOVE1
    stepped, events = go(after, a.Step(0, EAST))
    assert a.Moved(0, 0, EAST, (5,), Motion.STEP) in events
    assert stepped.dice[0].cell == ROW[5] and stepped.dice[5].cell == ROW[6]
    assert stepped.dice[5].value == 4  # pushed onto +2
    # a step onto an optional hex asks nothing more (HX7)
    onto = one_die(Kind.MOVE1, 9, kinds={ROW[5]: Kind.REROLL})
    after, _ = go(onto, a.Move(0, 0, EAST))
    stepped, events = go(after, a.Step(0, EAST))
    assert not any(isinstance(e, a.Offered) for e in events)


def test_hx11_movement_plus_two_asks_twice_and_may_stop_after_one() -> None:
    state = one_die(Kind.MOVE2)
    after, _ = go(state, a.Move(0, 0, EAST))
    once, events = go(after, a.Step(0, EAST))
    assert events[-1] == a.Offered(0, 0, Kind.MOVE2, EAST, 1) and once.phase is Phase.EFFECT
    twice, events = go(once, a.Step(0, 1))
    assert not any(isinstance(e, a.Offered) for e in events)
    assert twice.dice[0].cell == cell(0, 1)  # from (-1, 2) north-east
    stopped, _ = go(once, a.Decline(0))
    assert stopped.dice[0].cell == ROW[5]


def test_hx12_jump_goes_on_over_the_hex_in_the_same_direction() -> None:
    after, _ = go(one_die(Kind.JUMP), a.Move(0, 0, EAST))
    assert legal_commands(after, 0) == [a.Step(0, EAST), a.Decline(0)]
    jumped, events = go(after, a.Step(0, EAST))
    assert jumped.dice[0].cell == ROW[5]
    blocked = one_die(Kind.JUMP, kinds={ROW[5]: Kind.BARRED})
    _, events = go(blocked, a.Move(0, 0, EAST))
    assert not any(isinstance(e, a.Offered) for e in events)


def test_hx13_rebirth_on_1_to_3_puts_a_removed_die_on_an_empty_start_hex() -> None:
    state = position(kinds={ROW[4]: Kind.REBIRTH}, dice={0: (ROW[3], 5), 1: (None, 1),
                                                          5: (FAR, 1)}, to_move=(0,))
    after, _ = go(state, a.Move(0, 0, EAST))
    assert legal_commands(after, 0) == [a.Rebirth(0), a.Decline(0)]
    unlucky, events = go(after, a.Rebirth(0), 4)
    assert a.RebirthRolled(0, 0, 4) in events and unlucky.dice[1].cell is None
    lucky, events = go(after, a.Rebirth(0), 3)
    assert lucky.phase is Phase.REBORN
    starts = lucky.start_cells(0)
    assert legal_commands(lucky, 0) == [*(a.Place(0, c) for c in starts), a.Decline(0)]
    back, events = go(lucky, a.Place(0, starts[2]))
    assert back.dice[1].cell == starts[2] and back.dice[1].value == 1
    assert a.Reborn(0, 1, starts[2]) in events
    assert back.players[0].reborn == 1


def test_hx15_the_line_moves_then_mandatory_effects_front_first_then_the_question() -> None:
    state = one_die(Kind.REROLL, 9, kinds={ROW[5]: Kind.PLUS1, ROW[6]: Kind.DOUBLE},
                    dice={1: (ROW[4], 2), 5: (ROW[5], 3)})
    _, events = go(state, a.Move(0, 0, EAST))
    kinds = [type(e).__name__ for e in events]
    assert kinds == ["Moved", "Changed", "Changed", "Offered"]
    assert events[1] == a.Changed(5, Kind.DOUBLE, 6) and events[2] == a.Changed(1, Kind.PLUS1, 3)
