"""A phone's tap that stands for several presses (a step deep in a level listed step by
step): its presses all count, though the first ones open levels, because the page showed
where they lead; the guard still drops them when anything else changed the menu, and a
double press on a pad is still too soon. On a fake clock."""

from __future__ import annotations

from collections.abc import Sequence

from companion.core.acts import Command
from companion.pads.events import Button, Kind, PadEvent
from companion.table.frame import MenuStyle
from companion.table.gestures import Gestures
from companion.table.navigation import Navigator, back_to_list
from companion.table.tree import Node, Tree, keys, submenu
from companion.web.snapshot import Snapshot, menu_json, menu_shape, menu_version, presses_for

GUARD = 0.25


def click(gestures: Gestures, seat: int, button: Button, now: float, tap: int = 0,
          step: int = 0) -> bool:
    """One short press at `now`: whether it counts."""
    assert gestures.feed(PadEvent(seat, button, Kind.PRESS, tap, step), now) is None
    act = gestures.feed(PadEvent(seat, button, Kind.RELEASE, tap, step), now)
    assert act is not None
    return act.fresh


def walk(gestures: Gestures, buttons: list[Button], now: float, tap: int,
         opens: int | None = None, seat: int = 0) -> list[bool]:
    """A tap's presses in one instant; each of the first `opens` (all but the last)
    opens a level, as the table marks it."""
    opens = len(buttons) - 1 if opens is None else opens
    out = []
    for step, button in enumerate(buttons):
        fresh = click(gestures, seat, button, now, tap, step)
        out.append(fresh)
        if fresh and step < opens:
            gestures.changed((seat,), now, own=True)
    return out


def test_a_tap_walks_the_levels_it_opens_in_one_instant() -> None:
    gestures = Gestures(GUARD)
    gestures.changed(range(2), 10.0)  # the throw: a new menu for everyone
    steps = [Button.SELECT, Button.SELECT, Button.RIGHT, Button.LEFT]
    assert walk(gestures, steps, 10.0 + GUARD, tap=1) == [True] * 4
    # the same presses from a pad, one after the other at once: each level it opened
    # makes the next press too soon (a double press never walks two levels)
    gestures.changed(range(2), 20.0)
    assert click(gestures, 0, Button.SELECT, 20.0 + GUARD)
    gestures.changed((0,), 20.0 + GUARD, own=True)
    assert not click(gestures, 0, Button.SELECT, 20.0 + GUARD)


def test_its_first_press_still_waits_for_the_guard() -> None:
    gestures = Gestures(GUARD)
    gestures.changed((0,), 5.0)
    assert walk(gestures, [Button.SELECT, Button.LEFT], 5.1, tap=3) == [False, False]


def test_anything_else_changing_the_menu_drops_the_rest_of_the_tap() -> None:
    gestures = Gestures(GUARD)
    gestures.changed((0,), 0.0)
    now = 1.0
    assert click(gestures, 0, Button.SELECT, now, tap=7, step=0)
    gestures.changed((0,), now, own=True)
    gestures.changed((0, 1), now)  # another player's choice, a roll: not the seat's own
    assert not click(gestures, 0, Button.RIGHT, now, tap=7, step=1)
    assert not click(gestures, 0, Button.LEFT, now, tap=7, step=2)  # nor after it
    # a lock (the reveal) made since the tap began drops it too
    gestures.changed((0,), 2.0)
    assert click(gestures, 0, Button.SELECT, 3.0, tap=8, step=0)
    gestures.changed((0,), 3.0, own=True)
    gestures.lock(3.5)
    assert not click(gestures, 0, Button.LEFT, 3.0, tap=8, step=1)


def test_a_press_whose_level_did_not_open_drops_the_rest() -> None:
    gestures = Gestures(GUARD)
    # its first press counted but opened nothing (refused by the table): the next press
    # would act on the level the tap left, not the one it meant
    assert walk(gestures, [Button.SELECT, Button.LEFT, Button.RIGHT], 1.0, tap=2,
                opens=0) == [True, False, False]
    # a press missing from the tap (its first never came), or one from the pad between
    assert not click(gestures, 0, Button.LEFT, 2.0, tap=4, step=1)
    assert click(gestures, 0, Button.SELECT, 3.0, tap=5, step=0)
    gestures.changed((0,), 3.0, own=True)
    assert click(gestures, 0, Button.RIGHT, 3.5)  # the pad's own press, a while after
    assert not click(gestures, 0, Button.LEFT, 3.5, tap=5, step=1)


def test_each_seat_s_tap_is_its_own() -> None:
    gestures = Gestures(GUARD)
    assert click(gestures, 0, Button.SELECT, 1.0, tap=1, step=0)
    gestures.changed((0,), 1.0, own=True)
    assert click(gestures, 1, Button.SELECT, 1.0)  # another seat presses meanwhile
    assert click(gestures, 0, Button.LEFT, 1.0, tap=1, step=1)
    assert not click(gestures, 1, Button.LEFT, 1.0, tap=1, step=1)  # not its tap


# --- a level listed step by step, for any game ------------------------------------------


def step(key: str, enabled: bool = True) -> Node:
    return Node(key, key.title(), "why not" if not enabled else "", enabled,
                Command(0) if enabled else None)


def ranked(level: Tree) -> Sequence[Node]:
    """The steps by their keys' order (a game gives its own: likeliest first)."""
    found: list[Node] = []

    def visit(tree: Tree) -> None:
        for node in tree.items:
            if node.key.startswith("lvl") and node.children is not None:
                visit(node.children)
            else:
                found.append(node)
    visit(level)
    return sorted(found, key=lambda n: n.key)


def layered() -> Tree:
    inner = keys("lvl2", "Deeper", left=step("s4"), right=step("s5", enabled=False),
                 select=submenu("s3", "S3", Tree("s3", "Sub", [step("x")])))
    return keys("lvl1", "Rest", left=step("s1"), right=step("s2"),
                select=submenu("lvl2", "More", inner), flat=ranked)


def test_a_page_lists_every_step_beneath_a_level_and_a_tap_walks_to_it() -> None:
    level = layered()
    menu = Navigator().menu(0, level)
    # the screen's level is as it was: its three items, each on its button
    assert [(i.label, i.button) for i in menu.items] == \
        [("More", "select"), ("S1", "left"), ("S2", "right")]
    assert [(s.item.label, s.buttons) for s in menu.steps] == [
        ("S1", ("left",)), ("S2", ("right",)), ("S3", ("select", "select")),
        ("S4", ("select", "left")), ("S5", ("select", "right"))]
    page = menu_json(menu)
    assert page is not None and page["flat"]
    assert [(i["label"], i["enabled"], i["submenu"], i["button"]) for i in page["items"]] == [
        ("S1", True, False, ""), ("S2", True, False, ""), ("S3", True, True, ""),
        ("S4", True, False, ""), ("S5", False, False, "")]
    shape = menu_shape(menu)
    assert shape is not None
    snapshot = Snapshot(None, 1, {}, {}, {}, {0: shape})

    def tap(index: int) -> list[tuple[Button, bool]] | None:
        return presses_for(snapshot, 0, {"t": "tap", "i": index})
    assert tap(3) == [(Button.SELECT, False), (Button.LEFT, False)]
    assert tap(2) == [(Button.SELECT, False), (Button.SELECT, False)]  # opens "Sub"
    assert tap(4) == []  # greyed: nothing
    assert tap(5) is None
    # a step deep beneath that changes changes the version a tap is aimed at
    other = layered()
    deeper = other.items[0].children
    assert deeper is not None
    deeper.items[1].label = "Renamed"  # S4, two levels down: the level's labels stand
    assert menu_version(Navigator().menu(0, other)) != menu_version(menu)


def test_a_level_whose_steps_no_button_reaches_is_shown_as_it_is() -> None:
    level = layered()
    assert level.items[0].children is not None
    level.items[0].children.style = MenuStyle.LIST  # moves a focus: no button per step
    assert Navigator().menu(0, level).steps == ()
    plain = layered()
    plain.flat = None
    menu = Navigator().menu(0, plain)
    assert menu.steps == ()
    page = menu_json(menu)
    assert page is not None and "flat" not in page and len(page["items"]) == 3


def test_back_from_a_listed_step_s_sub_menu_goes_back_to_the_list() -> None:
    level = keys("top", "Top", select=submenu("lvl1", "Rest", layered()))
    nav = Navigator()
    assert nav.press(0, Button.SELECT, level) is not None  # into the listed level
    assert nav.menu(0, level).back == 1  # out of the list itself: one level
    for button in (Button.SELECT, Button.SELECT):  # S3's own sub-menu, two levels down
        nav.press(0, button, level)
    assert nav.path(0) == ("lvl1", "lvl2", "s3")
    assert nav.menu(0, level).back == 2 == back_to_list(level, ["lvl1", "lvl2", "s3"])
    assert back_to_list(level, ["lvl1", "lvl2"]) == 1  # a level of three: one
    shape = menu_shape(nav.menu(0, level))
    assert shape is not None and shape.back == 2
    snapshot = Snapshot(None, 1, {}, {}, {}, {0: shape})
    assert presses_for(snapshot, 0, {"t": "press", "b": "select", "hold": True}) == \
        [(Button.SELECT, True)] * 2
