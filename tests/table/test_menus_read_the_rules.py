"""The menus offer exactly the rules' options: greyed ones with the rules' reason.

For each rule that decides whether a choice applies or is blocked, a scene where it does:
the seat's menu (as the controller shows it, payments behind their confirmation) holds an
item for every option the rules list for the act, and for nothing else; an item is
enabled exactly when its option is not blocked, and a greyed one says the rules' reason.
Nothing in the menus decides it on its own, so nothing here can drift (the S9 case: no
"Reached Nikolai" where the rules never offer it).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import replace

import pytest

from companion.core.options import offered
from companion.games.mush import MUSH
from companion.games.mush import commands as c
from companion.games.mush.model import (
    Arrangement,
    Climate,
    RestPlace,
    StickAction,
    WindowKind,
    Zone,
)
from companion.games.mush.settings import Board, Variants
from companion.games.mush.state import GameState
from companion.games.mush.table.menus import seat_tree, why
from companion.games.mush.table.reactions import guard_payments, window_tree
from companion.table.tree import Node, Tree
from table.helpers import bidding, do, started
from table.scenes import moving_seat_0, turn_of_seat_0

Shown = dict[c.Command, tuple[bool, str]]

SHOWN_IN_FULL: dict[str, tuple[type[c.Command], ...]] = {
    "train": (c.ChooseTraining,),
    "weather": (c.RollWeather,),
    "turn": (c.Move, c.Rest, c.MoveStick),
    "move": (c.RollTerrain, c.RollAvalanche, c.PayPassing, c.MoveStick, c.CrossZone,
             c.ReachNikolai, c.ReachNome, c.EndMove),
    "press": (c.Press, c.SkipPress),
}
"""The kinds of command each act's menu shows one item for, every value of every option
(a bid's amount is chosen with ◀ ▶ instead, a reduce window offers whole dice)."""


def _nodes(tree: Tree) -> Iterator[Node]:
    for node in tree.items:
        yield node
        if node.children is not None:
            yield from _nodes(node.children)


def shown(tree: Tree) -> Shown:
    """Every command a menu holds an item for: enabled or not, and what it says."""
    out: Shown = {}
    for node in _nodes(tree):
        if node.choice is not None and not node.back:
            enabled = node.enabled and (node.command is not None or node.children is not None)
            out.setdefault(node.choice, (enabled, node.detail))
    return out


def menu(state: GameState, seat: int) -> Tree:
    """The seat's menu as the controller shows it."""
    tree = seat_tree(state, seat)
    assert tree is not None
    return guard_payments(tree)


def check_against_the_rules(state: GameState, seat: int, tree: Tree) -> Shown:
    """Each item is an option of the rules, enabled iff not blocked, greyed with the
    rules' reason; each option of the kinds the act's menu shows in full has its item."""
    options = MUSH.options(state, seat)
    items = shown(tree)
    for command, (enabled, detail) in items.items():
        option = offered(options, command)
        assert option is not None, f"{command} is in the menu but the rules do not offer it"
        assert enabled == (option.blocked is None), command
        if option.blocked is not None:
            assert detail == why(option.blocked), command
    for kind in SHOWN_IN_FULL.get(MUSH.act_of(state).value, ()):
        for option in options:
            if option.command is kind:
                assert all(command in items for command in option.commands()), option
    return items


def labels(tree: Tree) -> list[str]:
    return [n.label for n in _nodes(tree)]


# --- scenes, one per rule --------------------------------------------------------------


def _training(variants: Variants | None = None) -> tuple[GameState, int]:
    state, dice = started(4, 0, variants)
    return do(state, dice, c.ChooseTraining(0, Climate.MODERATE)), 1


def _turn(**changes: int) -> tuple[GameState, int]:
    state, _ = turn_of_seat_0()
    sticks = changes.pop("sticks", 0)
    return replace(state.with_player(0, **changes), sticks=sticks), 0


def _moving(dogs: int = 3, variants: Variants | None = None, sticks: int = 1,
            **changes: object) -> tuple[GameState, int]:
    no_cold = {"trainings": (Climate.WARM, Climate.MODERATE) * 2}  # S8: nobody trains Cold
    state, _ = moving_seat_0(dogs, variants,
                             **(no_cold if variants and variants.short_north else {}))
    turn = state.turn
    assert turn is not None
    player = {k: v for k, v in changes.items() if k in ("chips", "board", "covered")}
    rest = {k: v for k, v in changes.items() if k not in player}
    return replace(state.with_player(0, **player), sticks=sticks,
                   turn=replace(turn, **rest)), 0


SOUTH_AFTER_NOME = (Board("Anchorage", Zone.SOUTHERN), Board("Ophir", Zone.CENTRAL),
                    Board("Koyuk", Zone.NORTHERN), Board("Nome", Zone.NORTHERN),
                    Board("Back south", Zone.SOUTHERN))


def _custom_south_without_north_ahead(dogs: int) -> tuple[GameState, int]:
    state, dice = bidding(variants=Variants(skip_central=True),
                          arrangement=Arrangement.CUSTOM, boards=SOUTH_AFTER_NOME)
    state = do(state, dice, *(c.LockBid(s, 0) for s in range(4)))
    dice.push(1)
    state = do(state, dice, c.RollWeather(0), *(c.Pass(s) for s in range(4)))
    state = state.with_player(0, board=4)  # a Southern board with no Northern one ahead
    state = do(state, dice, c.Move(0))
    dice.push(*([1] * dogs + [6] * (8 - dogs)))
    state = do(state, dice, *(c.Pass(s) for s in (1, 2, 3)), *(c.Pass(s) for s in range(4)))
    assert MUSH.act_of(state).value == "move" and state.zone_of(0) is Zone.SOUTHERN
    return state, 0


def _items(state: GameState, seat: int) -> Shown:
    return check_against_the_rules(state, seat, menu(state, seat))


def _s4() -> None:
    state, seat = _training()
    items = _items(state, seat)
    assert items[c.ChooseTraining(seat, Climate.MODERATE)] == (False, "full")
    assert items[c.ChooseTraining(seat, Climate.WARM)] == (True, "0 of 2 taken")


def _s5() -> None:
    state, seat = _training(Variants(free_training=True))
    assert set(_items(state, seat).values()) == {(True, "")}


def _s8() -> None:
    state, seat = _training(Variants(short_north=True))
    assert _items(state, seat)[c.ChooseTraining(seat, Climate.COLD)] == (
        False, "not in Short game A (S8)")


def _s9() -> None:
    state, seat = _moving(variants=Variants(skip_central=True))
    assert _items(state, seat)[c.ReachNikolai(seat)] == (True, "go to Unal-Akleet (S9)")
    state, seat = _moving(0, variants=Variants(skip_central=True))
    assert _items(state, seat)[c.ReachNikolai(seat)] == (False, "no spaces")
    for dogs in (0, 3):  # Custom boards: no Northern board ahead, no Nikolai at all
        state, seat = _custom_south_without_north_ahead(dogs)
        tree = menu(state, seat)
        check_against_the_rules(state, seat, tree)
        assert not [label for label in labels(tree) if "Nikolai" in label]
        assert not [o for o in MUSH.options(state, seat) if o.command is c.ReachNikolai]


def _t2() -> None:
    state, seat = _turn(covered=8)
    assert _items(state, seat)[c.Move(seat)] == (False, "all dogs covered: you must rest (T2)")
    assert menu(state, seat).title.endswith("rest (all dogs covered)")


def _t3() -> None:
    state, seat = _moving(board=2)  # Nome's board (Intro)
    assert _items(state, seat)[c.ReachNome(seat)] == (True, "wins (T3)")
    state, seat = _moving(board=1)
    assert c.ReachNome(seat) not in _items(state, seat)
    state, seat = _moving(board=1, variants=Variants(short_north=True))
    assert c.ReachNome(seat) not in _items(state, seat)


def _x4() -> None:
    state, seat = _turn(sticks=0)
    items = _items(state, seat)
    assert items[c.MoveStick(seat, StickAction.PLACE)] == (True, "5 chips")
    assert items[c.MoveStick(seat, StickAction.REMOVE)] == (False, "no stick in play")
    state, seat = _turn(sticks=4)
    assert _items(state, seat)[c.MoveStick(seat, StickAction.PLACE)] == (
        False, "all 4 sticks are in play")
    state, seat = _turn(sticks=1, chips=3)
    assert {v for k, v in _items(state, seat).items() if isinstance(k, c.MoveStick)} == {
        (False, "needs 5 chips")}
    state, seat = _moving()  # a normal move offers sticks too
    assert _items(state, seat)[c.MoveStick(seat, StickAction.MOVE)] == (True, "5 chips")


def _x5() -> None:
    state, seat = _moving(passing=True)
    assert _items(state, seat)[c.PayPassing(seat)] == (False, "paid for this turn")
    state, seat = _moving(chips=3)
    assert _items(state, seat)[c.PayPassing(seat)] == (False, "needs 4 chips")


def _x6() -> None:
    state, seat = _moving(chips=1)
    items = _items(state, seat)
    assert items[c.RollTerrain(seat, 1)] == (True, "67% · 1 chip")
    assert items[c.RollTerrain(seat, 2)] == (False, "needs 2 chips")


def _m1() -> None:
    state, seat = _moving(entered=3)
    assert _items(state, seat)[c.RollTerrain(seat, 0)] == (False, "no spaces left")
    state, seat = _moving(0)
    items = _items(state, seat)
    assert items[c.RollTerrain(seat, 0)] == (False, "no spaces")
    assert items[c.CrossZone(seat, True)] == (False, "no spaces")


def _m5() -> None:
    state, seat = _moving(sticks=0)
    items = _items(state, seat)
    assert {v for k, v in items.items() if isinstance(k, c.RollAvalanche)} == {
        (False, "no stick in play")}
    state, seat = _moving(sticks=1, chips=3)
    assert _items(state, seat)[c.RollAvalanche(seat, 3)] == (True, "67% · 3 chips")


def _z1() -> None:
    state, seat = _turn()
    places = {k.place for k in _items(state, seat) if isinstance(k, c.Rest)}
    assert places == {RestPlace.ANCHORAGE, RestPlace.SMALL_TOWN, RestPlace.TOWN,
                      RestPlace.WILDERNESS}
    state, seat = _turn(board=1)  # the Central Zone: no Anchorage, no Nikolai
    places = {k.place for k in _items(state, seat) if isinstance(k, c.Rest)}
    assert places == {RestPlace.TOWN, RestPlace.WILDERNESS}


def _z2() -> None:
    state, seat = _turn(covered=1)
    assert _items(state, seat)[c.Rest(seat, RestPlace.TOWN, 0)] == (True, "gives 1 dog")


def _x2() -> None:
    state, dice = turn_of_seat_0()
    state = do(state, dice, c.Move(0))  # nobody has paid yet: no die is rolled
    assert state.window is not None and state.window.kind is WindowKind.REDUCE
    for chips, payments in ((20, {1, 2, 3, 4, 5, 6}), (3, {1, 2, 3})):
        poorer = state.with_player(1, chips=chips)
        tree = window_tree(poorer, 1, {})
        assert tree is not None
        items = check_against_the_rules(poorer, 1, tree)
        assert {k.chips for k in items if isinstance(k, c.Reduce)} == payments


def _x1() -> None:
    state, dice = turn_of_seat_0()
    state = do(state, dice, c.Move(0))
    dice.push(*([1] * 3 + [6] * 5))
    state = do(state, dice, *(c.Pass(s) for s in (1, 2, 3)))
    assert state.window is not None and state.window.kind is WindowKind.REROLL
    tree = window_tree(state, 1, {})
    assert tree is not None
    assert check_against_the_rules(state, 1, tree)[c.Reroll(1)] == (True, "3 chips")


RULES: dict[str, Callable[[], None]] = {
    "S4": _s4, "S5": _s5, "S8": _s8, "S9": _s9, "T2": _t2, "T3": _t3, "X1": _x1, "X2": _x2,
    "X4": _x4, "X5": _x5, "X6": _x6, "M1": _m1, "M5": _m5, "Z1": _z1, "Z2": _z2,
}


@pytest.mark.parametrize("rule", sorted(RULES))
def test_the_menu_offers_exactly_the_rules_options(rule: str) -> None:
    RULES[rule]()
