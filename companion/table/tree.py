"""Menus as trees, for any game: a level (`Tree`) of items (`Node`), each a command, a
sub-menu, a table action or (setup) a change of a draft, and the ways through them.

The game's own menus (MUSH's in `companion.games.mush.table.menus`, the Canoe game's in
`companion.games.canoe.table.menus`) build these from their rules' options; the table's
navigation, the presentation and the phones read them without knowing the game: an
item's command is the kernel's `Command` (`companion.core`), whichever game sent it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from enum import StrEnum

from companion.core.acts import Command
from companion.i18n import t
from companion.table.actions import TableAction
from companion.table.frame import MenuStyle


@dataclass
class Node:
    """One item of a tree: a command, a sub-menu, a table action, or (setup only) a
    UI-only action."""

    key: str
    label: str
    detail: str = ""
    enabled: bool = True
    command: Command | None = None
    children: Tree | None = None
    action: Callable[[], None] | None = None  # setup: change the draft, no rules command
    pop: bool = False  # after `action`, step back out one level (a value was picked)
    button: str = ""  # style "bid": the button that explains this item
    back: bool = False  # choosing it steps back out one level ("Cancel" of a confirmation)
    pledge: bool = False  # X2: `command` is promised now and paid when the window closes
    short: str = ""  # the item's name in a branch's label ("Wilderness · Stick")
    hold: bool = False  # chosen by holding `button` (about 2 s), not by a short press
    choice: Command | None = None  # the command it stands for, enabled or greyed
    act: TableAction | None = None  # the table's own choice, when `command` is None
    claims: bool = False  # stepping in claims the open window (its countdown holds)


@dataclass
class Tree:
    """One menu level."""

    key: str
    title: str
    items: list[Node] = field(default_factory=list)
    hint: str = ""
    style: MenuStyle = MenuStyle.LIST
    default: str | None = None  # the key focused on entry (else the first enabled item)
    confirm: bool = False  # a confirmation step before chips are paid
    note: str = ""  # a line under the title
    screen: StrEnum | None = None  # the game's screen while the active seat stands here
    # a page that shows every row at once (a phone) lists, instead of this level, every
    # step beneath it, in the order this gives them (likeliest first), each reached by the
    # buttons that walk to it (`Menu.steps`); the screen and the pads keep the level
    flat: Callable[[Tree], Sequence[Node]] | None = None

    def find(self, key: str) -> Node | None:
        """The item with this key."""
        return next((n for n in self.items if n.key == key), None)

    def enabled_keys(self) -> list[str]:
        """Keys of the items that can be chosen, in order."""
        return [n.key for n in self.items if n.enabled]


KEYS = MenuStyle.KEYS
"""The style of a sub-menu of at most three items, each chosen at once by its own button
(drawn beside it), ● always on the safe or suggested one: one press instead of moving a
focus and selecting it."""
def keyed(tree: Tree, first: str) -> Tree:
    """`tree` in the KEYS style: ● on the item `first`, ◀ and ▶ on the others in order.
    Only for a tree of at most three items."""
    assert len(tree.items) <= 3
    others = iter(("left", "right"))
    for node in tree.items:
        node.button = "select" if node.key == first else next(others)
    tree.style, tree.hint, tree.default = KEYS, t("m.hint.keys"), first
    return tree


def keys(key: str, title: str, *, left: Node | None = None, select: Node | None = None,
         right: Node | None = None, hint: str = "", note: str = "",
         confirm: bool = False, flat: Callable[[Tree], Sequence[Node]] | None = None
         ) -> Tree:
    """A KEYS level from its three slots (an empty slot is no item): ● first, then ◀, ▶,
    as the screen lists them; `flat`: how a page showing every row lists what lies
    beneath (`Tree.flat`)."""
    items = []
    for node, button in ((select, "select"), (left, "left"), (right, "right")):
        if node is not None:
            node.button = button
            items.append(node)
    return Tree(key, title, items, hint or t("m.hint.keys"), KEYS,
                default=select.key if select is not None else None, confirm=confirm,
                note=note, flat=flat)


def branch(key: str, tree: Tree, label: str = "") -> Node:
    """An item that opens a KEYS level, named (unless `label` says otherwise) after what it
    holds, in slot order ◀ ● ▶ ("Wilderness · Stick"), so the label says what each press
    behind it reaches; the level is titled the same when it has no title of its own."""
    order = {"left": 0, "select": 1, "right": 2}
    parts = [n.short or n.label for n in sorted(tree.items, key=lambda n: order[n.button])]
    label = label or " · ".join(parts)
    tree.title = tree.title or label
    return submenu(key, label, tree)


def relabel(node: Node) -> None:
    """After a slot of `node`'s level changed: its label names what it holds again."""
    assert node.children is not None
    node.label = branch(node.key, node.children).label


def submenu(key: str, label: str, tree: Tree, detail: str = "", blocked: str = "") -> Node:
    """An item that opens `tree`; enabled iff something in it can be chosen, else greyed
    with `blocked` or, failing that, the reason its first item is greyed."""
    enabled = bool(tree.enabled_keys())
    if not enabled and not blocked:
        blocked = next((n.detail for n in tree.items if not n.enabled and n.detail), "")
    return Node(key, label, detail if enabled else (blocked or detail), enabled, None, tree)


def walk(tree: Tree, path: Sequence[str]) -> tuple[Tree, int]:
    """The tree reached by following `path`, and how many steps of it were still valid."""
    depth = 0
    for key in path:
        node = tree.find(key)
        if node is None or node.children is None or not node.enabled:
            break
        tree = node.children
        depth += 1
    return tree, depth


def route(tree: Tree, matches: Callable[[Command], bool]) -> list[str] | None:
    """Keys leading from `tree` to the first enabled item whose command `matches`."""
    return path_to(tree, lambda node: node.command is not None and matches(node.command))


def path_to(tree: Tree, wanted: Callable[[Node], bool]) -> list[str] | None:
    """Keys leading from `tree` to the first enabled item (one without a sub-menu) that
    is `wanted`: a command, a table action such as a face entered by hand."""
    for node in tree.items:
        if not node.enabled:
            continue
        if node.children is None and wanted(node):
            return [node.key]
        if node.children is not None:
            rest = path_to(node.children, wanted)
            if rest is not None:
                return [node.key, *rest]
    return None
