"""Pushing (HP1-HP7): the rulebook's four examples as known answers, what stops a line,
and properties over random boards and positions: the sums, own dice, separated dice."""

from __future__ import annotations

import random

import pytest

from companion.core.dice import ScriptedDice
from companion.core.options import Reason
from companion.exc import RulesError
from companion.games.push_and_move import acts as a
from companion.games.push_and_move.model import BOARD, Kind, Loss
from companion.games.push_and_move.moves import Push, push
from companion.games.push_and_move.rules import apply, legal_commands, options
from companion.games.push_and_move.state import State

from . import cell, position

EAST = 0
ROW = [cell(q, 2) for q in range(-6, 5)]  # a row of eleven hexes, west to east


def line_of(*dice: tuple[int, int], start: int = 2) -> State:
    """Dice (number, eyes) side by side on the row from its hex `start`, seat 0 to move
    die `dice[0]`."""
    placed = {n: (ROW[start + i], v) for i, (n, v) in enumerate(dice)}
    return position(dice=placed, to_move=(dice[0][0],))


def moved(state: State, die: int, direction: int = EAST) -> tuple[State, list[a.Event]]:
    after, events = apply(state, a.Move(0, die, direction), ScriptedDice([]))
    return after, events


def values_on_row(state: State) -> list[tuple[int, int] | None]:
    found = state.occupied()
    return [(found[c], state.dice[found[c]].value) if c in found else None for c in ROW]


def test_hp7_example_1_one_die_pushes_one_opponent_die() -> None:
    # HP1, HP4: 5 pushes 3; both move one hex east
    state = line_of((0, 5), (5, 3))
    found = push(state, 0, EAST)
    assert isinstance(found, Push) and (found.strength, found.weight) == (5, 3)
    after, events = moved(state, 0)
    assert values_on_row(after)[3:5] == [(0, 5), (5, 3)]
    assert a.Moved(0, 0, EAST, (5,)) in events


def test_hp7_example_2_two_dice_team_up_against_a_strong_die() -> None:
    # HP2: the mover and its own die in front: 3 + 4 push 6
    state = line_of((0, 3), (1, 4), (5, 6))
    found = push(state, 0, EAST)
    assert isinstance(found, Push) and (found.strength, found.weight) == (7, 6)
    after, _ = moved(state, 0)
    assert values_on_row(after)[3:6] == [(0, 3), (1, 4), (5, 6)]
    # the front die alone is too weak
    alone = position(dice={1: (ROW[3], 4), 5: (ROW[4], 6)}, to_move=(1,))
    assert push(alone, 1, EAST) == Reason("heavy", "HP4", {"strength": 4, "weight": 6})


def test_hp7_example_3_one_strong_die_pushes_two() -> None:
    # HP4: equal eyes push (9 against 4 + 5)
    state = line_of((0, 9), (5, 4), (6, 5))
    found = push(state, 0, EAST)
    assert isinstance(found, Push) and (found.strength, found.weight) == (9, 9)
    after, _ = moved(state, 0)
    assert values_on_row(after)[3:6] == [(0, 9), (5, 4), (6, 5)]


def test_hp7_example_4_a_separated_own_die_counts_for_the_opponent() -> None:
    # HP3: 10 against 3 + 4 + its own 2 beyond them
    state = line_of((0, 10), (5, 3), (6, 4), (1, 2))
    found = push(state, 0, EAST)
    assert isinstance(found, Push) and (found.strength, found.weight) == (10, 9)
    after, _ = moved(state, 0)
    assert values_on_row(after)[3:7] == [(0, 10), (5, 3), (6, 4), (1, 2)]
    weaker = line_of((0, 8), (5, 3), (6, 4), (1, 2))
    assert push(weaker, 0, EAST) == Reason("heavy", "HP4", {"strength": 8, "weight": 9})


def test_hp4_a_five_does_not_push_a_six_and_the_refusal_names_the_rule() -> None:
    state = line_of((0, 5), (5, 6))
    option = next(o for o in options(state, 0) if o.params["direction"] == (EAST,))
    assert option.blocked == Reason("heavy", "HP4", {"strength": 5, "weight": 6})
    with pytest.raises(RulesError, match="HP4"):
        moved(state, 0)


def test_hp2_own_dice_push_each_other_regardless_of_eyes() -> None:
    state = line_of((0, 1), (1, 20), (2, 20))
    found = push(state, 0, EAST)
    assert isinstance(found, Push) and found.weight == 0
    after, _ = moved(state, 0)
    assert values_on_row(after)[3:6] == [(0, 1), (1, 20), (2, 20)]


def test_hp5_the_front_die_is_pushed_over_the_edge_and_counts_for_the_mover() -> None:
    # HW1: an opponent's die off the board counts for the mover
    state = position(dice={0: (ROW[-2], 6), 5: (ROW[-1], 2)}, to_move=(0,))
    after, events = moved(state, 0)
    assert events[0] == a.Lost(5, Loss.EDGE, 0)
    assert after.dice[5].cell is None and after.dice[0].cell == ROW[-1]
    assert after.players[0].count == 1 and after.players[0].taken == (0, 1)


def test_hp5_pushed_into_the_centre_hole_is_over_the_edge() -> None:
    west_of_hole = cell(-1, 0)
    state = position(dice={0: (cell(-2, 0), 4), 5: (west_of_hole, 4)}, to_move=(0,))
    after, _ = moved(state, 0)
    assert after.dice[5].cell is None and after.dice[0].cell == west_of_hole


def test_hp5_a_barred_hex_or_a_tunnel_across_stops_the_line() -> None:
    state = position(kinds={ROW[5]: Kind.BARRED}, dice={0: (ROW[3], 9), 5: (ROW[4], 1)},
                     to_move=(0,))
    assert push(state, 0, EAST) == Reason("barred_line", "HP5")
    tunnel = position(kinds={ROW[5]: Kind.TUNNEL}, axes={ROW[5]: 1},
                      dice={0: (ROW[3], 9), 5: (ROW[4], 1)}, to_move=(0,))
    assert push(tunnel, 0, EAST) == Reason("tunnel_line", "HP5")
    along = position(kinds={ROW[5]: Kind.TUNNEL}, axes={ROW[5]: 0},
                     dice={0: (ROW[3], 9), 5: (ROW[4], 1)}, to_move=(0,))
    assert isinstance(push(along, 0, EAST), Push)


def test_hp6_a_pushed_die_takes_a_mandatory_effect_but_no_optional_one() -> None:
    state = position(kinds={ROW[4]: Kind.DOUBLE, ROW[5]: Kind.REROLL},
                     dice={0: (ROW[2], 9), 5: (ROW[3], 3), 6: (ROW[4], 4)}, to_move=(0,))
    after, events = moved(state, 0)
    assert a.Changed(5, Kind.DOUBLE, 6) in events  # pushed onto the double
    assert after.dice[6].cell == ROW[5] and after.dice[6].value == 4  # reroll ignored
    assert not any(isinstance(e, a.Offered) for e in events)


def test_hp1_every_die_of_the_line_moves_one_hex() -> None:
    state = line_of((0, 9), (1, 1), (5, 2), (6, 3), start=1)
    before = values_on_row(state)
    after, _ = moved(state, 0)
    assert values_on_row(after) == [None, *before[:-1]]


# --- properties over random boards and positions ----------------------------------------


def _random_position(rng: random.Random) -> State:
    kinds = {c: rng.choice([Kind.PLAIN] * 4 + [Kind.BARRED, Kind.DEATH, Kind.TUNNEL,
                                                Kind.PLUS2, Kind.HALF, Kind.REROLL])
             for c in range(len(BOARD))}
    axes = {c: rng.randrange(3) for c, k in kinds.items() if k is Kind.TUNNEL}
    players = rng.randint(2, 6)
    free = [c for c in range(len(BOARD)) if kinds[c] is not Kind.BARRED]
    rng.shuffle(free)
    dice = {n: (free.pop(), rng.randint(1, 20)) for n in range(players * 5)
            if rng.random() < 0.8}
    seat = rng.randrange(players)
    mine = tuple(n for n in range(seat * 5, seat * 5 + 5) if n in dice)
    return position(players, kinds, dice, axes, seat=seat, to_move=mine)


def _line(state: State, die: int, direction: int) -> list[int]:
    """The dice on the hexes after the mover, straight on until a gap (HP1)."""
    source = state.dice[die].cell
    assert source is not None
    found = state.occupied()
    line = []
    for c in BOARD.line(source, direction):
        if c not in found:
            break
        line.append(found[c])
    return line


@pytest.mark.parametrize("seed", range(40))
def test_hp2_hp3_hp4_sums_own_and_separated_dice_on_random_positions(seed: int) -> None:
    rng = random.Random(seed)
    state = _random_position(rng)
    seat = state.require_turn().seat
    for die in state.require_turn().to_move:
        for direction in range(6):
            found = push(state, die, direction)
            if not isinstance(found, Push):
                continue
            line = _line(state, die, direction)
            assert list(found.line) == line
            run = 0
            while run < len(line) and state.dice[line[run]].seat == seat:
                run += 1
            values = [state.dice[n].value for n in line]
            assert found.strength == state.dice[die].value + sum(values[:run])
            assert found.weight == sum(values[run:])
            assert found.weight <= found.strength  # HP4
            assert state.board[found.target] is not Kind.BARRED  # HX4


@pytest.mark.parametrize("seed", range(25))
def test_random_moves_keep_barred_hexes_empty_and_apply_effects_as_the_rules_say(
        seed: int) -> None:
    # HX3-HX5, HX7, HP6 over a random game's first moves
    rng = random.Random(1000 + seed)
    state = _random_position(rng)
    made = 0
    for _ in range(8):
        commands = [c for c in legal_commands(state, state.require_turn().seat)
                    if isinstance(c, a.Move)] if state.turn is not None else []
        if not commands:
            break
        command = rng.choice(commands)
        made += 1
        before = state
        state, events = apply(state, command, ScriptedDice([rng.randint(1, 20)] * 4))
        entered = {n: c for n, d in enumerate(state.dice)
                   if (c := d.cell) is not None and c != before.dice[n].cell}
        for n, c in entered.items():
            kind = state.board[c]
            assert kind not in (Kind.BARRED, Kind.DEATH)
            if any(isinstance(e, a.Beamed | a.Rerolled) for e in events):
                continue
            changed = [e for e in events if isinstance(e, a.Changed) and e.die == n]
            assert bool(changed) == (kind in {Kind.PLUS2, Kind.HALF})
        for e in events:
            if isinstance(e, a.Offered):  # only the die moved by its own move
                assert e.die == command.die and state.board[
                    state.dice[e.die].cell or 0] is Kind.REROLL
            if isinstance(e, a.Lost) and e.how is Loss.DEATH:
                assert before.board[BOARD.neighbour(before.dice[e.die].cell or 0,
                                                    command.direction) or 0] is Kind.DEATH
        if state.turn is None or state.phase.value != "move":
            break
    assert made >= 1
