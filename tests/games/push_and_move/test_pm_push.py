"""Pushing (HP1-HP7): the rulebook's four examples as known answers, what stops a line,
and properties (hypothesis) over boards of every kind of hex with lines of dice drawn in
front of the mover: the sums, own dice, separated dice (HP2-HP4); barred hexes never
entered (HX4), death hexes remove (HX5), mandatory effects applied to every die that
enters, pushed or moved (HX3, HP6), optional ones asked only for the die moved (HX7)."""

from __future__ import annotations

import pytest
from hypothesis import assume, event, given, settings
from hypothesis import strategies as st

from companion.core.dice import ScriptedDice
from companion.core.options import Reason
from companion.exc import RulesError
from companion.games.push_and_move import acts as a
from companion.games.push_and_move.model import BOARD, DICE, OPTIONAL, Kind, Loss, effect
from companion.games.push_and_move.moves import Push, push
from companion.games.push_and_move.rules import apply, legal_commands, may_take, options
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


# --- properties over random boards and positions (hypothesis) ---------------------------

SOME_KINDS = [Kind.PLAIN] * 6 + [k for k in Kind if k is not Kind.PLAIN]
"""The kinds a drawn board is made of: every kind, plain ones more often."""


@st.composite
def boards(draw: st.DrawFn) -> tuple[dict[int, Kind], dict[int, int]]:
    """A board of any kinds (most of them plain) and its tunnels' axes."""
    kinds = dict(enumerate(draw(st.lists(st.sampled_from(SOME_KINDS), min_size=len(BOARD),
                                         max_size=len(BOARD)))))
    axes = {c: draw(st.integers(0, 2)) for c, k in kinds.items() if k is Kind.TUNNEL}
    return kinds, axes


@st.composite
def lines(draw: st.DrawFn) -> tuple[State, int, int]:
    """A position with a line of dice in front of the mover (HP1): its start, direction,
    each die's owner (the mover's or an opponent's) and eyes drawn; other dice scattered;
    the mover, its direction."""
    kinds, axes = draw(boards())
    players = draw(st.integers(2, 6))
    direction = draw(st.integers(0, 5))
    start = draw(st.sampled_from(range(len(BOARD))))
    cells = [start, *BOARD.line(start, direction)][:draw(st.integers(2, 7))]
    spare = {seat: list(range(seat * DICE, seat * DICE + DICE)) for seat in range(players)}
    dice: dict[int, tuple[int | None, int]] = {}
    for at in cells:
        seat = 0 if at == start else draw(st.integers(0, players - 1))
        if not spare[seat]:
            break
        dice[spare[seat].pop(0)] = (at, draw(st.integers(1, 20)))
    mover = next(n for n, (c, _) in dice.items() if c == start)
    for at in draw(st.lists(st.sampled_from(range(len(BOARD))), max_size=8, unique=True)):
        seat = draw(st.integers(0, players - 1))
        if spare[seat] and all(c != at for c, _ in dice.values()):
            dice[spare[seat].pop(0)] = (at, draw(st.integers(1, 20)))
    for placed, _ in dice.values():  # dice stand where dice may stand (HI2)
        if placed is not None and kinds[placed] is Kind.BARRED:
            kinds[placed] = Kind.PLAIN
    return position(players, kinds, dice, axes, to_move=(mover,)), mover, direction


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


@given(lines())
@settings(max_examples=200)
def test_hp1_hp5_the_push_rule_sums_own_and_separated_dice(drawn: tuple[State, int, int]
                                                            ) -> None:
    state, die, direction = drawn
    seat = state.dice[die].seat
    source = state.dice[die].cell
    assert source is not None
    line = _line(state, die, direction)
    run = 0  # HP2: the mover's own dice right in front of it
    while run < len(line) and state.dice[line[run]].seat == seat:
        run += 1
    values = [state.dice[n].value for n in line]
    strength = state.dice[die].value + sum(values[:run])
    weight = sum(values[run:])  # HP3: an own die beyond an opponent's counts for them
    found = push(state, die, direction)
    target = BOARD.neighbour(source, direction)
    path = [source, *(c for n in line if (c := state.dice[n].cell) is not None)]
    beyond = BOARD.neighbour(path[-1], direction) if line else None
    event(f"push: {type(found).__name__ if isinstance(found, Push) else found.code}, "
          f"{'own and opponents' if 0 < run < len(line) else 'a line' if line else 'alone'}")
    if isinstance(found, Push):
        assert list(found.line) == line
        assert (found.strength, found.weight) == (strength, weight)
        assert weight <= strength  # HP4
        assert found.target == target and state.board[found.target] is not Kind.BARRED
        assert found.falls == (line[-1] if line and beyond is None else None)  # HP5
        assert beyond is None or state.board[beyond] is not Kind.BARRED
    elif found.code == "heavy":
        assert weight > strength and found.rule == "HP4"
    else:  # every other refusal names the hex the line cannot enter or leave
        tunnels = [c for c in (*path, beyond) if c is not None
                   and state.board[c] is Kind.TUNNEL]
        assert {"edge": target is None, "barred": target is not None and
                state.board[target] is Kind.BARRED,
                "tunnel": bool(tunnels), "tunnel_line": bool(tunnels),
                "barred_line": beyond is not None and state.board[beyond] is Kind.BARRED
                }[found.code], found


@st.composite
def moves(draw: st.DrawFn) -> tuple[State, a.Move, list[int]]:
    """A position with a pushing line drawn, one of the mover's legal moves (the push
    along the line, when it is possible, half the time), and the faces the dice would
    show if asked."""
    state, die, direction = draw(lines())
    commands = [c for c in legal_commands(state, state.require_turn().seat)
                if isinstance(c, a.Move)]
    assume(commands)
    along = [c for c in commands if (c.die, c.direction) == (die, direction)]
    command = draw(st.sampled_from(commands))
    if along and draw(st.booleans()):
        command = along[0]
    return state, command, draw(st.lists(st.integers(1, 20), min_size=4, max_size=4))


@given(moves())
@settings(max_examples=150)
def test_hx3_hx5_hx7_hp6_moves_apply_the_hexes_as_the_rules_say(
        drawn: tuple[State, a.Move, list[int]]) -> None:
    before, command, faces = drawn
    after, events = apply(before, command, ScriptedDice(faces))
    found = push(before, command.die, command.direction)
    assert isinstance(found, Push)
    seat = command.seat
    entered = {n: c for n, d in enumerate(after.dice)
               if (c := d.cell) is not None and c != before.dice[n].cell}
    lost = {e.die: e for e in events if isinstance(e, a.Lost)}
    for n in found.moving:
        cell = BOARD.neighbour(before.dice[n].cell or 0, command.direction)
        assert cell is not None
        kind = before.board[cell]
        assert kind is not Kind.BARRED  # HX4: never entered
        if kind is Kind.DEATH:  # HX5: removed, counted for the mover if an opponent's
            assert after.dice[n].cell is None
            assert lost[n].how is Loss.DEATH and lost[n].by == (
                seat if before.dice[n].seat != seat else None)
            continue
        assert entered[n] == cell
        # HX3, HP6: a mandatory hex changes the eyes of a die moved or pushed onto it
        assert after.dice[n].value == effect(kind, before.dice[n].value)
    if found.falls is not None:  # HP5
        assert lost[found.falls].how is Loss.EDGE and after.dice[found.falls].cell is None
    assert not any(after.board[c] is Kind.BARRED for c in entered.values())
    # HX7: an optional hex is asked about only for the die moved by its own move, and
    # always when it could do something; a pushed die is never asked
    event(f"pushed {len(found.line)}, {len(lost)} lost, "
          f"{sum(isinstance(e, a.Changed) for e in events)} changed")
    offered = [e for e in events if isinstance(e, a.Offered)]
    assert all(e.die == command.die for e in offered)
    cell = after.dice[command.die].cell
    if cell is None or after.phase.value == "over":
        assert not offered
    else:
        kind = after.board[cell]
        expected = kind in OPTIONAL and may_take(after, command.die, kind, command.direction)
        assert bool(offered) == expected and all(e.kind is kind for e in offered)
