"""C4, C6: the steps after a throw spread out where the table cannot tell them apart, or
where a go after its line has two presses left of six (`levels.spread_kind`, `spread_out`):
the three likeliest at ◀, then eleven steps within three presses before a line, five
within two after one. Real trees from the rules' options, the real table's presses."""

from __future__ import annotations

from canoe_harness import Trip, in_order, listed, path_to_key, ranked

from companion.games.canoe import commands as c
from companion.games.canoe.model import Attraction, Pile
from companion.games.canoe.table.levels import (
    LEFT_NEAR,
    LEFT_WIDE,
    TURN_PRESSES,
    UNSURE,
    spread_kind,
)
from companion.games.canoe.table.memory import remember
from companion.games.canoe.table.menus import seat_tree
from companion.table.tree import Tree
from games.canoe.test_canoe_presses import SITES, Table, printed_trip


def _rainbow_then_p(thrown: bool = True) -> Trip:
    """Ann crossed the moose, then the rainbow and landed on P after it; Bob crossed the
    moose and has thrown a 2 (unless not `thrown`): the trips told the rainbow after the
    moose, P after the rainbow."""
    trip = printed_trip()
    trip.turn(3, c.SeeAttraction(0, Attraction.MOOSE, 15))
    trip.turn(3, c.SeeAttraction(1, Attraction.MOOSE, 15))
    trip.turn(2, c.SeeAttraction(0, Attraction.RAINBOW, 20), c.Land(0, Pile.PORTAGE))
    if thrown:
        trip.roll(2)
    return trip


def _pressed(left: int) -> int:
    """The presses of a go, its throw included, that leave `left` of the six a turn should
    take."""
    return TURN_PRESSES - left


NEAR, WIDE = _pressed(LEFT_NEAR), _pressed(LEFT_WIDE)  # 4 and 3


def _within(tree: Tree, presses: int) -> list[str]:
    """The keys of the enabled steps after a throw that lie within `presses` presses."""
    return [n.key for n in ranked(tree) if n.enabled
            and (way := path_to_key(tree, n.key)) is not None and len(way) <= presses]


def test_c6_the_rule_wide_before_a_line_near_after_one_or_with_two_presses_left() -> None:
    sure = UNSURE + 5
    # before a line: wide where nothing told points to a step, or a step before the line
    # took two presses (three left of six); else the likeliest first
    assert spread_kind(False, UNSURE, 0) is True
    assert spread_kind(False, sure, 0) is None
    assert spread_kind(False, sure, WIDE) is True
    assert spread_kind(False, sure, NEAR) is None
    # after a line: near where nothing told points to a step, or two presses left of six
    assert spread_kind(True, UNSURE, 0) is False
    assert spread_kind(True, sure, NEAR) is False
    # the throw alone gone, plenty left; five gone, only a one-press step keeps the six
    assert spread_kind(True, sure, 1) is None
    assert spread_kind(True, sure, NEAR + 1) is None


def test_c6_after_a_line_reached_in_three_presses_five_steps_lie_within_two() -> None:
    trip = _rainbow_then_p()
    trip.do(c.SeeAttraction(1, Attraction.RAINBOW, 20))
    memory = remember(trip.events)
    plain = seat_tree(trip.state, 1, memory, handed=True, pressed=1)
    near = seat_tree(trip.state, 1, memory, handed=True, pressed=NEAR)
    assert plain is not None and near is not None
    # the trips told P after the rainbow: sure of it, ◀ is P alone, one press
    left = {n.button: n for n in plain.items}["left"]
    assert left.label == "Landed on P" and left.children is None
    # the same steps in the same order either way, among them (after a line) the two
    # sites likeliest after the guessed one (N1), each a step of its own
    assert [n.key for n in ranked(near)] == [n.key for n in ranked(plain)]
    keys = [n.key for n in ranked(near)]
    assert keys.index("next:camp") < keys.index("next:camp:1") < keys.index("next:camp:2") \
        < keys.index("camp")
    # near: ◀ the three likeliest (P first, on ●), ● two more steps and the rest
    group = {n.button: n for n in near.items}["left"]
    assert group.children is not None and group.children.key == "canoe/g"
    assert in_order(group.children)[0].label == "Landed on P"
    more = listed(near)
    level = near.find("more")
    assert level is not None and level.children is not None
    slots = {n.button: n for n in level.children.items}
    assert (slots["left"], slots["right"]) == (more[0], more[1])
    assert len(_within(near, 2)) == 5 > len(_within(plain, 2)) == 3
    # the right step is never further than the likeliest first put it past one press
    for key in _within(plain, 2):
        assert key in _within(near, 2)


def test_c4_the_table_counts_a_go_s_presses_from_its_throw() -> None:
    # Bob's throw is one press; a line three levels in (● the rest, ● More…, then its
    # button) makes four in the go: what follows the line is laid out near
    table = Table(_rainbow_then_p(thrown=False))
    assert table.presses(c.Roll(1), 2) == 1
    tree = table.tree(1)
    far = next(n for n in ranked(tree) if n.key.startswith("next:a:") and n.children is None
               and len(path_to_key(tree, n.key) or ()) == NEAR - 1)
    assert far.command is not None
    assert table.presses(far.command) == NEAR - 1
    group = {n.button: n for n in table.tree(1).items}["left"]
    assert group.children is not None and group.children.key == "canoe/g"
    # a line at one press (the likeliest, ◀) leaves the likeliest first after it
    again = Table(_rainbow_then_p(thrown=False))
    assert again.presses(c.Roll(1), 2) == 1
    first = ranked(again.tree(1))[0]
    assert first.key == "next:a:rainbow" and first.command is not None
    assert again.presses(first.command) == 1
    assert {n.button: n for n in again.tree(1).items}["left"].label == "Landed on P"


def test_c4_with_nobody_throwing_next_end_keeps_its_button_and_the_rest_is_wide() -> None:
    # Bob camped (his next go is forfeited, N1): after Ann's throw nobody else throws
    # next, so ◀ is "End of turn" (C4); nothing was told after her moose, so every step
    # is wide behind ●: eight within three presses of the throw
    trip = Trip(2, nights=1, campsites=SITES)
    trip.turn(3, c.SeeAttraction(0, Attraction.MOOSE, 15))
    trip.turn(2, c.Camp(1, "Solitude Point", 20))
    trip.roll(3)
    table = Table(trip)
    tree = table.tree(0)
    slots = {n.button: n for n in tree.items}
    assert slots["left"].key == "end" and slots["right"].label == "Landed on C"
    more = tree.find("more")
    assert more is not None and more.children is not None
    inner = {n.button: n.children.key if n.children is not None else n.key
             for n in more.children.items}
    assert inner == {"left": "more/1g", "right": "more/2g", "select": "more/2"}
    assert len(_within(tree, 3)) >= 8


def test_c4_with_nobody_throwing_next_after_a_line_end_is_one_of_the_three_at_the_left(
        ) -> None:
    # the same, after a line, the go with two presses left of six: "End of turn" is the
    # third of the three likeliest on ◀ (two presses, as the other four within two)
    trip = Trip(2, nights=1, campsites=SITES)
    trip.turn(3, c.SeeAttraction(0, Attraction.MOOSE, 15))
    trip.turn(2, c.Camp(1, "Solitude Point", 20))
    trip.roll(3)
    trip.do(c.SeeAttraction(0, Attraction.RAINBOW, 20))
    memory = remember(trip.events)
    plain = seat_tree(trip.state, 0, memory, pressed=1)
    tree = seat_tree(trip.state, 0, memory, pressed=NEAR)
    assert plain is not None and tree is not None
    assert {n.button: n.key for n in plain.items}["left"] == "end"  # one press
    group = {n.button: n for n in tree.items}["left"]
    assert group.children is not None and group.children.key == "canoe/g"
    assert {n.button: n.key for n in group.children.items}["right"] == "end"
    assert len(path_to_key(tree, "end") or ()) == 2
    assert len(_within(tree, 2)) == 4 + 1  # four steps and "End of turn"
