"""The rest behind ● on a phone: the table's pads walk it in levels of three buttons, a
phone (which shows every row at once) lists it whole, likeliest first, and one tap on a
step sends the presses that walk the levels to it. Through the real server and the real
app on a fake clock."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest
from canoe_harness import in_order

from companion.core.dice import ScriptedDice
from companion.display import render
from companion.games.canoe.engine import apply
from companion.games.canoe.table import CanoeTable
from companion.table.frame import MenuStyle
from companion.table.tree import Node, Tree, path_to
from web.harness import Phone, WebTable, settle
from web.test_canoe_table_page import to_the_first_throw


@pytest.fixture
def table(tmp_path: Path) -> Iterator[WebTable]:
    web = WebTable(tmp_path, seed=4, game_name="canoe")
    yield web
    web.close()


def rest_of(controller: CanoeTable, seat: int) -> Tree:
    """The level ● opens after the throw: the first of the rest's levels of three."""
    tree = controller._tree(seat)
    assert tree is not None
    more = tree.find("more")
    assert more is not None and more.children is not None
    return more.children


def opened(table: WebTable) -> tuple[CanoeTable, int, Phone]:
    """The first throw made; its thrower's phone has tapped "Something else…" (one tap)
    and shows the rest."""
    controller = to_the_first_throw(table)
    seat = controller.state.active
    assert seat is not None
    table.step()
    phone = Phone(table, token=table.token(seat), device="phone-rest-" + "x" * 24)
    phone.wait(lambda: bool(phone.messages("seat")))
    for _ in range(2):  # past the guard: the menu is new
        table.step(0.3)
    top = settle(table, phone, seat)["menu"]
    assert top["style"] == "keys" and not top.get("flat")  # the top is three buttons
    phone.tap(next(i for i, item in enumerate(top["items"]) if item["button"] == "select"))
    table.wait_events(2)
    for _ in range(2):
        table.step(0.3)
    return controller, seat, phone


def test_a_phone_lists_the_whole_rest_likeliest_first_and_the_pads_keep_their_level(
        table: WebTable) -> None:
    controller, seat, phone = opened(table)
    try:
        level = rest_of(controller, seat)
        steps = in_order(level)
        assert len(steps) > len(level.items) == 3
        menu = settle(table, phone, seat)["menu"]
        assert menu["flat"] and menu["depth"] == 1
        # every step at once, in the order the table ranks them, greyed ones last
        assert [i["label"] for i in menu["items"]] == [n.label for n in steps]
        assert [i["enabled"] for i in menu["items"]] == [n.enabled for n in steps]
        assert [i["submenu"] for i in menu["items"]] == [n.children is not None
                                                         for n in steps]
        enabled = [i["enabled"] for i in menu["items"]]
        assert enabled == sorted(enabled, reverse=True) and not all(enabled)
        assert not any(i["button"] for i in menu["items"])  # a tap is not one button
        # the screen and the pads keep the level of three buttons
        frame = controller.frame()
        shown = next(m for m in frame.menus if m.seat == seat)
        assert shown.style is MenuStyle.KEYS and shown.depth == 1
        assert [(i.label, i.button) for i in shown.items] == \
            [(n.label, n.button) for n in level.items]
        surface = pygame.Surface((1920, 1080))
        texts = " ".join(render(frame, surface).texts())
        assert all(n.label in texts for n in level.items if not n.children)
        deep = steps[6]  # behind ● twice: only its level's branch names it on the screen
        assert deep.label not in texts
    finally:
        phone.close()


def test_one_tap_on_a_step_deep_in_the_rest_reaches_the_rules(table: WebTable) -> None:
    controller, seat, phone = opened(table)
    try:
        level = rest_of(controller, seat)
        steps = in_order(level)
        index, step = next((i, n) for i, n in enumerate(steps) if i >= 5 and n.enabled
                           and n.children is None and n.command is not None)
        assert _presses(level, step) >= 3  # three levels and more down on the pads
        app = table.companion
        assert app.game_id is not None
        before, state = len(app.journal.load(app.game_id)), controller.state
        assert step.command is not None
        expected = apply(state, step.command, ScriptedDice(()))[1]  # it rolls nothing
        settle(table, phone, seat)
        sent = phone.tap(index)  # one tap
        table.wait_events(2 * _presses(level, step))
        table.step()
        assert not [m for m in phone.messages("nack") if m.get("n") == sent["n"]]
        assert list(app.journal.load(app.game_id)[before:]) == list(expected)
    finally:
        phone.close()


def test_a_tap_on_a_step_that_is_a_menu_opens_it_and_a_greyed_one_does_nothing(
        table: WebTable) -> None:
    controller, seat, phone = opened(table)
    try:
        steps = in_order(rest_of(controller, seat))
        greyed = next(i for i, n in enumerate(steps) if not n.enabled)
        state = controller.state
        settle(table, phone, seat)
        sent = phone.tap(greyed)
        phone.wait(lambda: any(m.get("n") == sent["n"] for m in phone.messages("nack")))
        assert next(m for m in phone.messages("nack") if m.get("n") == sent["n"])["why"] \
            == "nothing"
        table.step(0.3)
        assert table.events.empty() and controller.state == state
        assert settle(table, phone, seat)["menu"]["flat"]  # the list stands
        index, node = next((i, n) for i, n in enumerate(steps)
                           if i >= 3 and n.enabled and n.children is not None)
        assert node.children is not None
        phone.tap(index)
        table.wait_events(4)
        for _ in range(2):
            table.step(0.3)
        menu = settle(table, phone, seat)["menu"]
        assert not menu.get("flat") and menu["title"] == node.children.title
        assert [i["label"] for i in menu["items"]] == [n.label for n in node.children.items]
        assert menu["depth"] > 2 and controller.state == state
        # Back (● held) goes back to the whole list at once, not to the pads' level of
        # three that held the step
        holds = menu["depth"] - 1
        phone.press("select", hold=True)
        table.wait_events(3 * holds)
        for _ in range(2):
            table.step(0.3)
        menu = settle(table, phone, seat)["menu"]
        assert menu["flat"] and menu["depth"] == 1
        assert [i["label"] for i in menu["items"]] == [n.label for n in steps]
    finally:
        phone.close()



def _presses(level: Tree, step: Node) -> int:
    """How many presses the pads make from `level` to `step`: one a level."""
    keys = path_to(level, lambda node: node is step)
    assert keys is not None
    return len(keys)
