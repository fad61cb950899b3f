"""Mush-Ring's tables served to phones for the browser tests: which element of a seat's
page a player taps for a command (the card, then where it goes: each a tap on an item of
the menu the page shows), and dice for a second table whose deal differs from the first's
in one seat's card only."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any

from companion.core.dice import DiceSource
from companion.games.mush_ring import State
from companion.games.mush_ring import acts as c
from companion.games.mush_ring.cards import Card
from companion.games.mush_ring.options import OPTIONS
from companion.table.base import SETUP_UI, aims_at
from companion.table.simple import SimpleTable
from companion.table.tree import route, walk


def tap_for(table: SimpleTable, seat: int, command: c.Command, menu: dict[str, Any]) -> str:
    """The CSS selector of what `seat`'s player taps next on its page to send `command`:
    the item of the shown menu on the way there, or the held ● (back) when the seat
    stands in another sub-menu. The item's label on the page is checked against the
    table's own menu, so the tap is on what the player reads."""
    key = SETUP_UI if table.in_setup else seat
    tree = table._setup_tree() if table.in_setup else table._tree(seat)
    assert tree is not None, f"seat {seat} has no menu"
    keys = route(tree, aims_at(command))
    assert keys is not None, f"no item of seat {seat}'s menu sends {command}"
    ui = table._nav._ui.get(key)
    level, depth = walk(tree, list(ui.path) if ui is not None else [])
    path = list(ui.path[:depth]) if ui is not None else []
    assert depth == int(menu.get("depth", 0)), (depth, menu)
    if path != keys[:len(path)]:
        return '[data-press="select"][data-hold="1"]'
    node = level.find(keys[len(path)])
    assert node is not None
    index = [n.key for n in level.items].index(node.key)
    shown = menu["items"][index]["label"]
    assert shown == node.label, (shown, node.label)
    return f'#menu [data-item="{index}"]'


class Recording:
    """The first table's dice: faces from a seeded source, each kept in order."""

    def __init__(self, dice: DiceSource) -> None:
        self.dice = dice
        self.faces: list[tuple[int, int]] = []

    def roll(self, sides: int) -> int:
        face = self.dice.roll(sides)
        self.faces.append((sides, face))
        return face


class Following:
    """The second table's dice: the same rolls as the first table's (`first`), whose
    cards drawn so far `drawn()` lists, except that its first card dealt is
    `other(card)` where the first table's was `card`. Each later draw takes the card the first
    table drew at that draw when this table's draw pile holds one, else the card
    that stayed behind for it: so the two games differ in that one card's place only
    (a hand; or the draw pile, until someone draws it into a hand of their own).

    `pile` is this table's draw pile before the command now being played (the test
    hands it over before each step); a reshuffle (the draw pile's size not what is
    being rolled for) makes both draw piles the same discard pile, and the first
    table's faces are taken as they are."""

    def __init__(self, first: Recording, drawn: Callable[[], Sequence[Card]],
                 other: Callable[[Card], Card]) -> None:
        self.first, self.drawn, self.other = first, drawn, other
        self.rolls = 0
        self.pile: list[Card] = []
        self.swapped: Card | None = None  # the first table's first card, elsewhere here
        self.instead: Card | None = None  # this table's first card

    def fresh(self, pile: Sequence[Card]) -> None:
        """This table's draw pile as the next command finds it."""
        self.pile = list(pile)

    def roll(self, sides: int) -> int:
        sides_first, face = self.first.faces[self.rolls]
        assert sides_first == sides or self.rolls, "the two tables rolled apart"
        self.rolls += 1
        if self.rolls == 1:  # the first dealer (G3)
            return face
        if len(self.pile) != sides:  # reshuffled: the same draw pile at both tables
            self.pile = []
            return face
        card = self.drawn()[self.rolls - 2]
        if self.rolls == 2:  # the first card dealt: another one here
            self.swapped = card
            card = self.instead = self.other(card)
        elif card not in self.pile:  # it is the one that stayed behind
            assert card == self.instead and self.swapped is not None
            card = self.swapped
        index = self.pile.index(card)
        del self.pile[index]
        return index + 1


def touches(command: c.Command, one: State, other: State) -> bool:
    """Whether `command` brings into play what the two games hold differently: a card
    its seat holds a different number of at each (played, given, thrown), a colour
    asked of a seat whose hands differ in it (U3: it gives or shows), or anything the
    second game's rules do not offer that seat."""
    if command not in OPTIONS.legal_commands(other, command.seat):
        return True
    mine = Counter(one.piles.hand(command.seat)), Counter(other.piles.hand(command.seat))
    for name in getattr(command, "__dataclass_fields__", {}):
        value = getattr(command, name)
        if isinstance(value, Card) and mine[0][value] != mine[1][value]:
            return True
    if isinstance(command, c.PickColour):
        theirs = [{x for x in state.piles.hand(command.target) if x.colour == command.colour}
                  for state in (one, other)]
        return theirs[0] != theirs[1]
    return False


__all__ = ["Following", "Recording", "tap_for", "touches"]
