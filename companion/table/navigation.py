"""Where each seat stands in its menus: the path into sub-menus and the focused item.

This is the only UI state of a list menu. It is kept per seat (setup has one shared menu
under the table's seat number) and cleared whenever the game changes, so every menu
starts again from its top after a change. The trees themselves are rebuilt from the state
each time (`companion.games.mush.table.menus`), so they can never go stale.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from dataclasses import dataclass, field

from companion.core.acts import Command
from companion.i18n import t
from companion.pads.events import Button
from companion.table.frame import Menu, MenuItem, MenuStep, MenuStyle
from companion.table.tree import KEYS, Node, Tree, path_to, walk

_BUTTON_NAMES = {Button.LEFT: "left", Button.SELECT: "select", Button.RIGHT: "right"}


@dataclass
class SeatUi:
    """One seat's place in its menus."""

    path: list[str] = field(default_factory=list)
    focus: dict[tuple[str, ...], str] = field(default_factory=dict)
    reopen: str | None = None  # a sub-menu that closed by itself: ● at the top reopens it


def keyed(level: Tree) -> bool:
    """Whether each item of `level` is chosen by its own button (a KEYS menu, or an offer
    whose items name their buttons) rather than by moving a focus."""
    return level.style == KEYS or (level.style == MenuStyle.BUTTONS and bool(level.items)
                                   and all(n.button for n in level.items))


def focused(ui: SeatUi, level: Tree) -> str:
    """The key focused at `level`: the stored focus, else the level's default, else the
    first enabled item."""
    keys = level.enabled_keys()
    stored = ui.focus.get(tuple(ui.path))
    if stored is not None and stored in keys:
        return stored
    if level.default is not None and level.default in keys:
        return level.default
    return keys[0]


class Navigator:
    """The seats' places in their list menus, and the presses that walk them."""

    def __init__(self) -> None:
        self._ui: dict[int, SeatUi] = {}

    def clear(self, key: int | None = None, reopen: str | None = None) -> None:
        """Back to the top of every menu (or of one seat's); `reopen`: the item of the top
        level the seat had opened, on which the focus rests and which ● opens again."""
        if key is None:
            self._ui.clear()
        elif reopen is None:
            self._ui.pop(key, None)
        else:  # in a list the focus rests there too
            self._ui[key] = SeatUi(focus={(): reopen}, reopen=reopen)

    def engaged(self, key: int) -> bool:
        """Whether the seat stands inside its menus: a sub-menu walked into, or a focus
        moved from where the menu opened."""
        ui = self._ui.get(key)
        return ui is not None and bool(ui.path or ui.focus)

    def reopens(self, key: int, button: Button) -> bool:
        """Whether `button` would open again the sub-menu that closed by itself."""
        ui = self._ui.get(key)
        return button is Button.SELECT and ui is not None and ui.reopen is not None \
            and not ui.path

    def node_under(self, key: int, button: Button, root: Tree) -> Node | None:
        """The item a click of `button` would take at the seat's level now (None: none,
        or ◀ ▶ moving the focus of a list)."""
        ui = self._ui.get(key, SeatUi())
        level, depth = walk(root, ui.path)
        if not depth and root.style == MenuStyle.BUTTONS:
            return offered(level, button)
        if keyed(level):
            return next((n for n in level.items if n.enabled and not n.hold
                         and n.button == _BUTTON_NAMES[button]), None)
        if button is not Button.SELECT or not level.enabled_keys():
            return None
        return level.find(focused(SeatUi(ui.path[:depth], ui.focus), level))

    def under(self, key: int, button: Button, root: Tree) -> object:
        """What `button` would act on at the seat's level now (the item, or a move of the
        focus), to compare with what it did when the seat last looked."""
        node = self.node_under(key, button, root)
        if node is None:
            return None
        return (node.key, node.label, node.command, node.children is not None)

    def depth(self, key: int, root: Tree) -> int:
        """How many sub-menus deep the seat stands in `root` now."""
        ui = self._ui.get(key)
        return 0 if ui is None else walk(root, ui.path)[1]

    def path(self, key: int) -> tuple[str, ...]:
        """The keys the seat has followed from the top."""
        ui = self._ui.get(key)
        return tuple(ui.path) if ui is not None else ()

    def enter(self, key: int, item: str) -> None:
        """Step into the sub-menu `item` of the seat's current level."""
        ui = self._ui.setdefault(key, SeatUi())
        ui.path.append(item)
        ui.focus.pop(tuple(ui.path), None)  # a sub-menu opens on its default

    def press(self, key: int, button: Button, root: Tree) -> Node | None:
        """◀ ▶ move the focus (None); ● gives the focused item (a sub-menu is entered at
        once, and given back too). None as well when nothing can be chosen."""
        ui = self._ui.setdefault(key, SeatUi())
        level, depth = walk(root, ui.path)
        del ui.path[depth:]
        keys = level.enabled_keys()
        if not keys:
            return None
        if keyed(level):  # each item is chosen by its own button
            node = next((n for n in level.items if n.enabled and not n.hold
                         and n.button == _BUTTON_NAMES[button]), None)
            if node is not None and node.children is not None:
                self.enter(key, node.key)
            return node
        current = focused(ui, level)
        if button is not Button.SELECT:
            index = keys.index(current)
            step = 1 if button is Button.RIGHT else -1
            ui.focus[tuple(ui.path)] = keys[(index + step) % len(keys)]
            return None
        node = level.find(current)
        assert node is not None
        if node.children is not None:
            self.enter(key, node.key)
        return node

    def hold(self, key: int, button: Button, root: Tree) -> Node | None:
        """In a menu of buttons, the item chosen by holding `button` at the seat's level
        (the avalanche stick's move), or None."""
        ui = self._ui.get(key, SeatUi())
        level, _ = walk(root, ui.path)
        if not keyed(level):
            return None
        return next((n for n in level.items if n.enabled and n.hold
                     and n.button == _BUTTON_NAMES[button]), None)

    def greyed(self, key: int, button: Button, root: Tree) -> Node | None:
        """In a menu of buttons, the greyed item on `button` at the seat's level (its
        detail says why it cannot be chosen now), or None."""
        ui = self._ui.get(key, SeatUi())
        level, _ = walk(root, ui.path)
        if not keyed(level):
            return None
        return next((n for n in level.items if not n.enabled and not n.hold
                     and n.button == _BUTTON_NAMES[button]), None)

    def click(self, key: int, button: Button, root: Tree) -> Node | str | None:
        """A click at the seat's level: the item it chooses (one without a sub-menu),
        the words of why nothing was (a greyed item, nothing there), or None.

        At the top of an offer a press takes the item on its button (any button takes a
        one-item offer; a sub-menu opened so claims the window). In a "Pay?" question a
        button that pays nothing says no, like ●; choosing "No" there goes back to the
        seat's top menu (setup, whose key is negative: back out of the question). After a
        sub-menu closed by itself, ● at the top opens it again."""
        ui = self._ui.get(key)
        if ui is not None and ui.reopen is not None:
            reopen, ui.reopen = ui.reopen, None
            node = root.find(reopen) if not ui.path else None
            if button is Button.SELECT and node is not None and node.enabled \
                    and node.children is not None:
                self.enter(key, node.key)
                return None
        if root.style == MenuStyle.BUTTONS and not self.path(key):
            node = offered(root, button)
            if node is None:
                return why_not(self.greyed(key, button, root))
            if node.children is not None:
                self.enter(key, node.key)
                return None
            return node
        level = walk(root, list(self.path(key)))[0]
        node = self.press(key, button, root)
        if node is None:
            greyed = self.greyed(key, button, root)
            if level.confirm and greyed is None and key >= 0:
                self.clear(key)
                return None
            return why_not(greyed) if greyed is not None or button is Button.SELECT else None
        if node.children is not None:
            return None
        if node.back:
            if key >= 0:
                self.clear(key)
            else:
                self.back(key, root)
                self.back(key, root)
            return None
        return node

    def back(self, key: int, root: Tree) -> bool:
        """Step back out of a sub-menu; False when already at the top."""
        ui = self._ui.get(key)
        if ui is None:
            return False
        _, depth = walk(root, ui.path)
        del ui.path[depth:]
        if not ui.path:
            return False
        ui.path.pop()
        return True

    def menu(self, key: int, root: Tree) -> Menu:
        """The level the seat stands at, as the display draws it."""
        ui = self._ui.get(key, SeatUi())
        level, depth = walk(root, ui.path)
        items = tuple(_item(n) for n in level.items)
        focus = -1
        keys = [n.key for n in level.items]
        if ui.reopen is not None and not depth and ui.reopen in keys:
            focus = keys.index(ui.reopen)  # ● opens it again
        elif level.style == MenuStyle.LIST and level.enabled_keys():
            current = focused(SeatUi(ui.path[:depth], ui.focus), level)
            focus = keys.index(current)
        return Menu(key, level.title, items, focus, level.hint, level.style, depth,
                    level.confirm, level.note, steps=flat_steps(level),
                    back=back_to_list(root, ui.path[:depth]) if depth else 1)

    def next_press(self, key: int, root: Tree,
                   matches: Callable[[Command], bool]) -> tuple[Button, bool] | None:
        """The press (button, held?) that brings the seat one step closer to an item whose
        command `matches`, or None when no item of `root` leads there."""
        return self.steer(key, root,
                          lambda node: node.command is not None and matches(node.command))

    def steer(self, key: int, root: Tree,
              wanted: Callable[[Node], bool]) -> tuple[Button, bool] | None:
        """The press (button, held?) that brings the seat one step closer to an item that
        is `wanted` (a command, a face to enter), or None when no item of `root` leads
        there: how the virtual pads walk any game's menus."""
        keys = path_to(root, wanted)
        if keys is None:
            return None
        ui = self._ui.get(key, SeatUi())
        level, depth = walk(root, ui.path)
        path = ui.path[:depth]
        if path != keys[:len(path)]:
            return Button.SELECT, True  # step back out towards the route
        want = keys[len(path)]
        if not path and ui.reopen == want:
            return Button.SELECT, False  # ● opens again what closed by itself
        if keyed(level):
            node = level.find(want)
            assert node is not None
            return next(b for b, n in _BUTTON_NAMES.items() if n == node.button), node.hold
        current = focused(SeatUi(path, ui.focus), level)
        if current == want:
            return Button.SELECT, False
        enabled = level.enabled_keys()
        ahead = (enabled.index(want) - enabled.index(current)) % len(enabled)
        return (Button.RIGHT if ahead <= len(enabled) - ahead else Button.LEFT), False


def _item(node: Node) -> MenuItem:
    """An item of a tree as a menu shows it."""
    return MenuItem(node.label, node.detail, node.enabled,
                    node.command if node.enabled else None, node.button,
                    node.children is not None, node.short if node.short != node.label else "")


def flat_steps(level: Tree) -> tuple[MenuStep, ...]:
    """Every step beneath `level` as a page showing every row lists it (`Tree.flat`),
    each with the buttons that walk to it; none when the level is not listed so, or when
    a step cannot be reached by one button per level (the page then shows the level)."""
    if level.flat is None or not keyed(level):
        return ()
    steps = []
    for node in level.flat(level):
        way = _way(level, node)
        if way is None:
            return ()
        steps.append(MenuStep(_item(node), tuple(n.button for n in way)))
    return tuple(steps)


def _way(level: Tree, target: Node) -> list[Node] | None:
    """The items that walk from `level` to `target` (this very item), through levels
    whose items each have their own button; None when there is no such way."""
    for node in level.items:
        if not node.button or node.hold:
            continue
        if node is target:
            return [node]
        if node.children is not None and keyed(node.children):
            rest = _way(node.children, target)
            if rest is not None:
                return [node, *rest]
    return None


def back_to_list(root: Tree, path: list[str]) -> int:
    """How many levels a page's Back steps out of the level `path` leads to: one, or,
    when it is a step's sub-menu that a page listed step by step (`Tree.flat`), back
    out to that list at once (the levels between it lays out for the pads only)."""
    level = root
    for depth, key in enumerate(path):
        if level.flat is not None and keyed(level) and len(path) - depth > 1 and any(
                [n.key for n in way] == path[depth:] for step in level.flat(level)
                if (way := _way(level, step)) is not None):
            return len(path) - depth
        node = level.find(key)
        if node is None or node.children is None:
            break
        level = node.children
    return 1


def presses_to(root: Tree, matches: Callable[[Command], bool]) -> int | None:
    """How many presses a seat at the top of `root` needs to choose an item whose command
    `matches`, by the shortest way its menus offer (the way the bots press), or None when
    no item leads there. A one-item offer is opened by any button."""
    nav, n = Navigator(), 0
    if root.style == MenuStyle.BUTTONS and not keyed(root) and root.items:
        node = root.items[0]
        if node.children is None:
            return 1 if node.command is not None and matches(node.command) else None
        nav.enter(0, node.key)
        n = 1
    for _ in range(16):
        step = nav.next_press(0, root, matches)
        if step is None:
            return None
        button, held = step
        n += 1
        if held and button is Button.SELECT:
            nav.back(0, root)
            continue
        chosen = nav.hold(0, button, root) if held else nav.press(0, button, root)
        if chosen is not None and chosen.children is None and chosen.command is not None \
                and matches(chosen.command):
            return n
    return None


def signature(tree: Tree | None) -> tuple[object, ...] | None:
    """What a seat's menus offer, independent of where the seat stands in them: two trees
    with the same signature mean the seat's choices did not change."""
    if tree is None:
        return None
    return (tree.key, tree.title, tree.style, tuple(
        (n.key, n.label, n.detail, n.enabled, n.command, signature(n.children))
        for n in tree.items))


def can_pay(level: Tree) -> bool:
    """Whether a menu level holds (at any depth) an item that spends or promises chips."""
    return any(n.enabled and ((n.command is not None and (n.command.cost > 0 or n.pledge))
                              or (n.children is not None and can_pay(n.children)))
               for n in level.items)


def pays(node: Node) -> bool:
    """Whether choosing `node` spends or promises chips (a Pay line)."""
    command = node.command
    return node.children is None and command is not None and (command.cost > 0
                                                                or node.pledge)


def why_not(greyed: Node | None) -> str:
    """What a press on a greyed item says: the item and why it cannot be chosen now."""
    if greyed is None or not greyed.detail:
        return t("c.nothing_here")
    return t("c.why_not", label=greyed.label, why=greyed.detail)


def offered(tree: Tree, button: Button) -> Node | None:
    """The item an offer's press takes: the one on that button, or the only item (any
    button takes a one-item offer)."""
    if len(tree.items) == 1 and not tree.items[0].button:
        return tree.items[0]
    return next((n for n in tree.items if n.enabled and not n.hold
                 and n.button == _BUTTON_NAMES[button]), None)


def nearest(nav: Navigator, seat: int, tree: Tree, matches: Callable[[Command], bool]
            ) -> Node | None:
    """Of the items whose command `matches` (a step may be both a guess and in a full
    menu), the one a player makes for: the fewest presses from where the seat stands,
    counted by walking a copy of its place in the menus."""
    best: tuple[int, Node] | None = None
    for node in _leaves(tree):
        if node.command is None or not matches(node.command):
            continue
        walker = copy.deepcopy(nav)
        for presses in range(1, 40):
            step = walker.steer(seat, tree, lambda n, node=node: n is node)  # type: ignore[misc]
            if step is None:
                break
            button, held = step
            if held:
                walker.back(seat, tree)
                continue
            if walker.press(seat, button, tree) is node:
                if best is None or presses < best[0]:
                    best = (presses, node)
                break
    return best[1] if best is not None else None


def _leaves(tree: Tree) -> list[Node]:
    """Every enabled item of `tree` that chooses something, at any depth."""
    out: list[Node] = []
    for node in tree.items:
        if not node.enabled:
            continue
        if node.children is not None:
            out += _leaves(node.children)
        else:
            out.append(node)
    return out
