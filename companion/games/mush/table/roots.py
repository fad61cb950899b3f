"""The menus of the moment: each seat's root menu, built once per change of what it shows,
and where each seat stands in it.

A seat's menus follow from the game's state and from the table's own bookkeeping (a roll
awaited by hand, promises, "not until my turn", the heads-up, a step chosen ahead, the
screen's language). The controller names all of that in a key; while the key holds, every
question about a seat's menus (a press, the frame, the guard's signatures, a virtual pad's
route) reads the same trees instead of building them again from the rules.
"""

from __future__ import annotations

import enum
from collections.abc import Callable
from dataclasses import dataclass, field

from companion.config.table import TableConfig
from companion.games.mush.phases import ActKind, act_of
from companion.games.mush.state import GameState
from companion.games.mush.table.frame import Screen
from companion.games.mush.table.presentation import Show
from companion.i18n import t
from companion.pads.events import Button
from companion.table.frame import Menu
from companion.table.gestures import Gestures
from companion.table.navigation import Navigator, can_pay, signature
from companion.table.tree import Tree, walk


class Kind(enum.Enum):
    """What a seat's root menu is, for the parts that treat some apart."""

    NONE = "none"  # nothing to do
    PLAY = "play"  # the rules' choices for the act it is asked for
    WINDOW = "window"  # an open reaction window's offer, or its promise
    AHEAD = "ahead"  # its next step, chosen while a reroll window runs
    HEADS_UP = "heads_up"  # take dice away if the seat deciding to move does (X2 ahead)
    ENTRY = "entry"  # a roll made by hand, to enter


@dataclass
class Root:
    """One seat's root menu and what it is."""

    tree: Tree | None
    kind: Kind = Kind.PLAY
    # in a reroll window: the seat sees its next menu with every choice in it (no stick
    # to buy first), so its next choice answers the window and no countdown need run
    next_step: bool = False
    _signature: object = field(default=(), repr=False)

    @property
    def signature(self) -> object:
        """What the menus offer, wherever the seat stands in them (the guard compares):
        None for no menu; a step chosen ahead differs from the same menu after the window."""
        if self._signature == ():
            self._signature = None if self.tree is None else (
                self.kind is Kind.AHEAD, signature(self.tree))
        return self._signature


NOTHING = Root(None, Kind.NONE)


class SeatMenus:
    """Every seat's root menu of the moment, where each seat stands in it, and what changed.

    The roots are built again only when the key the controller gives changes (objects
    compared by identity, numbers by value)."""

    def __init__(self, nav: Navigator, gestures: Gestures, show: Show,
                 config: Callable[[], TableConfig], build: Callable[[int], Root],
                 key: Callable[[], tuple[object, ...]]) -> None:
        self.nav, self._gestures, self._show, self._config = nav, gestures, show, config
        self._build, self._key = build, key
        self._built_for: tuple[object, ...] | None = None
        self._roots: dict[int, Root] = {}
        self._signatures: dict[int, object] = {}
        self._pressed: dict[int, float] = {}  # each seat's last press that acted
        # what each seat's buttons did when it last looked (its last press), and, for a
        # seat whose menu then changed under it mid-walk, what it still expects of them
        self._looked: dict[int, dict[Button, object]] = {}
        self._expects: dict[int, dict[Button, object]] = {}
        self.builds = 0  # roots built so far (a benchmark counts them)

    def root(self, seat: int) -> Root:
        """The seat's root menu now."""
        key, old = self._key(), self._built_for
        if old is None or len(key) != len(old) or not all(
                a is b or (isinstance(a, int) and a == b) for a, b in zip(key, old,
                                                                          strict=True)):
            self._built_for, self._roots = key, {}
        root = self._roots.get(seat)
        if root is None:
            self.builds += 1
            root = self._roots[seat] = self._build(seat)
        return root

    def forget(self) -> None:
        """Build every root again at the next question."""
        self._built_for = None

    # --- a press acts on the menu its player saw -------------------------------------------

    def _buttons(self, seat: int, tree: Tree | None) -> dict[Button, object]:
        """What each button of `seat` would do now, as the seat sees its menu."""
        return {b: self.nav.under(seat, b, tree) for b in Button} if tree is not None else {}

    def looked(self, seat: int) -> None:
        """`seat` pressed: it saw its menu as it is now (what its own press changed in
        it, it knows)."""
        self._looked[seat] = self._buttons(seat, self.root(seat).tree)
        self._expects.pop(seat, None)

    def _changed_under(self, seat: int) -> None:
        """`seat`'s menu changed without its press: if it stood inside it (a sub-menu
        walked into, a focus moved), its next press must find what it expects there."""
        if self.nav.engaged(seat) and seat in self._looked:
            self._expects[seat] = self._looked[seat]

    def close(self, seat: int) -> None:
        """Send `seat` back to its top menu by itself (idle, a claim lapsed): the focus
        rests on the item it had opened, and ● goes back in."""
        path = self.nav.path(seat)
        self._changed_under(seat)
        self.nav.clear(seat, reopen=path[0] if path else None)

    def as_seen(self, seat: int, button: Button, tree: Tree) -> bool:
        """Whether a press of `button` may act: False once after `seat`'s menu changed
        under it, when that button does something else than when it last looked (the
        press shows the new menu instead). Going back into a sub-menu that closed by
        itself is showing, never acting."""
        expects = self._expects.pop(seat, None)
        if expects is None or self.nav.reopens(seat, button):
            return True
        return expects.get(button) == self.nav.under(seat, button, tree)

    def changed(self, seat: int) -> None:
        """Something only `seat`'s menus show changed (it asked first, promised, chose a
        step ahead): its root is built again at the next question, the others stand."""
        self._roots.pop(seat, None)

    def claiming(self, seat: int) -> bool:
        """Whether `seat` stands inside a window's choices (it claimed the window)."""
        tree = self.root(seat).tree
        for key in self.nav.path(seat):
            node = tree.find(key) if tree is not None else None
            if node is None:
                return False
            if node.claims:
                return True
            tree = node.children if node.enabled else None
        return False

    def deep_ahead(self, seat: int) -> bool:
        """Whether `seat` stands inside a sub-menu of its next step, chosen ahead during a
        reroll window (the window closing would send it back to the top mid-choice)."""
        if not self.nav.path(seat) or self.claiming(seat):
            return False
        root = self.root(seat)
        return root.kind is Kind.AHEAD and root.tree is not None and \
            self.nav.depth(seat, root.tree) > 0

    def level(self, seat: int | None) -> Screen | None:
        """The screen the level `seat` stands at names, if any (where to rest)."""
        tree = self.root(seat).tree if seat is not None else None
        if tree is None or seat is None:
            return None
        screen = walk(tree, self.nav.path(seat))[0].screen
        return Screen(screen) if screen is not None else None

    def menus(self, seats: int, now: float) -> list[Menu]:
        """Each seat's menu as the display draws it."""
        return [self._show.menu(self.nav.menu(s, root.tree), now) for s in range(seats)
                if (root := self.root(s)).tree is not None]

    def pressed(self, seat: int, now: float) -> None:
        """`seat` pressed and it counted."""
        self._pressed[seat] = now

    def mark_changes(self, state: GameState, now: float, moved: bool) -> None:
        """Seats whose menus changed under them (every seat when `moved`: a roll, a reveal,
        a window opening or closing) go back to their top menu, and the guard drops their
        presses aimed at what was there before. A seat's own walk into its sub-menus is no
        change; while bidding a menu is only "choosing" or "locked in"."""
        bidding, changed = act_of(state) is ActKind.BID, []
        for seat in range(len(state.players)):
            sig = (state.bids[seat] is None) if bidding else self.root(seat).signature
            if moved or self._signatures.get(seat, ()) != sig:
                changed.append(seat)
                self._changed_under(seat)
                self.nav.clear(seat)
            self._signatures[seat] = sig
        self._gestures.changed(changed, now)

    def close_idle(self, seats: int, now: float) -> bool:
        """A seat inside a sub-menu that can pay, with no press for `menu_idle_seconds`,
        goes back to its top menu: a path left open is never walked by a press meant for
        something else later (inside a window's choices the claim lapses sooner). The top
        comes back with the focus on the item that opened the sub-menu, so ● goes back in,
        and no other press acts before the seat has seen its top menu."""
        closed = False
        for seat in range(seats):
            path = self.nav.path(seat)
            if not path or self.claiming(seat) or \
                    now - self._pressed.get(seat, now) < self._config().menu_idle_seconds:
                continue
            tree = self.root(seat).tree
            if tree is None or not can_pay(walk(tree, path)[0]):
                continue
            self.close(seat)
            self._gestures.changed((seat,), now)
            self._show.notice(seat, t("c.back_to_top"))
            closed = True
        return closed
