"""A small driver for Canoe rules tests: piles in a known order, exact dice, one command
at a time, every event kept.

A trip starts from the journal's own first events (`GameStarted`, `PilesDealt`,
`FirstPlayerDrawn`, `TurnStarted`), so a test chooses the order of the piles and who
throws first instead of scripting every shuffle; then commands go through the engine with
dice that show exactly the faces the test pushed.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace

from rules_harness import QueueDice

from companion.games.canoe import commands as c
from companion.games.canoe import events as ev
from companion.games.canoe.cards import DESTINATION_CARDS, OWN_CARDS, shuffle_card
from companion.games.canoe.engine import apply, legal, options
from companion.games.canoe.evolve import replay
from companion.games.canoe.invariants import journal_violations
from companion.games.canoe.kernel import Option
from companion.games.canoe.model import CardMode, Pile
from companion.games.canoe.settings import Campsites, Ring, Settings, Variants
from companion.games.canoe.state import GameState
from companion.games.canoe.table.controller import CanoeTable
from companion.games.mush.dice import DiceSource
from companion.pads.events import Button
from companion.table.tree import Node, Tree
from companion.table.virtual import click, hold

NAMES = ("Ann", "Bob", "Cy", "Di", "Ed", "Flo")


def pile(p: Pile, *top: str, destinations: Sequence[str] = ()) -> tuple[str, ...]:
    """A pile with the given cards on top, the rest of its own cards (and the given
    Destination cards) below in catalogue order, and its Shuffle card at the bottom."""
    rest = [card.id for card in OWN_CARDS[p] if card.id not in top]
    rest += [d for d in destinations if d not in top]
    return (*top, *rest, shuffle_card(p))


def default_piles(variants: Variants) -> dict[Pile, tuple[str, ...]]:
    """Every pile in catalogue order, the Destination cards dealt three by three."""
    dests = [] if variants.destinations.value == "none" else [d.id for d in DESTINATION_CARDS]
    return {p: pile(p, destinations=dests[3 * i:3 * i + 3])
            for i, p in enumerate((Pile.CANOE, Pile.CAMP, Pile.PORTAGE))}


class Trip:
    """One game under test."""

    def __init__(self, players: int = 3, *, first: int = 0, nights: int = 2,
                 variants: Variants | None = None, ring: Ring | None = None,
                 campsites: Campsites | None = None, cards: CardMode = CardMode.ELECTRONIC,
                 piles: dict[Pile, tuple[str, ...]] | None = None) -> None:
        variants = variants or Variants()
        self.settings = Settings.make(NAMES[:players], nights, variants, ring, campsites, cards)
        opening: list[ev.Event] = [ev.GameStarted(self.settings)]
        if cards is CardMode.ELECTRONIC:
            given = piles or {}
            taken = {card for cards in given.values() for card in cards}
            dealt = {p: tuple(x for x in cards if x not in taken)
                     for p, cards in default_piles(variants).items()}
            dealt.update(given)
            opening.append(ev.PilesDealt(dealt[Pile.CANOE], dealt[Pile.CAMP],
                                         dealt[Pile.PORTAGE]))
        opening += [ev.FirstPlayerDrawn(first, first + 1, players), ev.TurnStarted(first, 1)]
        self.events: list[ev.Event] = opening
        self.state: GameState = replay(opening)
        self.dice = QueueDice()
        self.shuffles: DiceSource | None = None

    def do(self, command: c.Command, *faces: int) -> list[ev.Event]:
        """Apply a command with the faces pushed for it (or, once `shuffles` is set, with
        those seeded dice for every draw); the events it gave."""
        if self.shuffles is not None:
            self.state, events = apply(self.state, command, self.shuffles)
        else:
            self.dice.push(*faces)
            self.state, events = apply(self.state, command, self.dice)
            assert not self.dice.faces, f"faces left over: {list(self.dice.faces)}"
        self.events += events
        return events

    def roll(self, face: int) -> list[ev.Event]:
        """The active player throws `face`."""
        return self.do(c.Roll(self.active), face)

    def end(self) -> list[ev.Event]:
        """The active player is done."""
        return self.do(c.EndTurn(self.active))

    def turn(self, face: int, *then: c.Command) -> list[ev.Event]:
        """A whole turn: throw, the commands given, done (unless one ended the turn)."""
        seat = self.active
        events = self.roll(face)
        for command in then:
            events += self.do(command)
        if self.state.turn is not None and self.state.turn.seat == seat:
            events += self.end()
        return events

    @property
    def active(self) -> int:
        turn = self.state.turn
        assert turn is not None, "no turn in progress"
        return turn.seat

    def options(self, seat: int | None = None) -> list[Option]:
        return options(self.state, self.active if seat is None else seat)

    def legal(self, seat: int | None = None) -> list[Option]:
        return legal(self.state, self.active if seat is None else seat)

    def option(self, kind: type[c.Command]) -> Option:
        """The one option of this kind for the active player (blocked or not)."""
        found = [o for o in self.options() if o.command is kind]
        assert len(found) == 1, f"{len(found)} {kind.__name__} options"
        return found[0]

    def score(self, seat: int) -> int:
        return self.state.players[seat].score

    def sound(self) -> None:
        """Q1–Q6 and replay (Q5) hold for the game so far."""
        assert journal_violations(self.events) == []
        assert replay(self.events) == self.state


def of(events: Sequence[ev.Event], kind: type[ev.Event]) -> list[ev.Event]:
    """The events of one type, in order."""
    return [e for e in events if isinstance(e, kind)]


def six_out() -> Trip:
    """Six canoes, Ann (20 points) to throw: Bob 10, Cy 20, Di on the summit of Raven Rock
    (L2, 25 points for the climb), Ed 50, Flo home at the dock. Her answers on a shared
    space (L9): ahead of Bob, behind Cy and Ed; Di and Flo are on no space of the water."""
    trip = Trip(6)
    trip.turn(2, c.Adjust(0, 20))
    trip.turn(2, c.Adjust(1, 10))
    trip.turn(2, c.Adjust(2, 20))
    trip.roll(3)
    trip.do(c.Climb(3, 25))  # the go ends at the summit
    trip.turn(2, c.Adjust(4, 50))
    trip.turn(2)
    players = list(trip.state.players)
    players[5] = replace(players[5], home=True)
    trip.state = replace(trip.state, players=tuple(players))
    assert trip.active == 0
    return trip


class SetupPads:
    """Setup on one pad, press by press, through the real table; `later(held)` moves the
    table's fake clock on before each pad event (a hold further than a press)."""

    def __init__(self, table: CanoeTable, later: Callable[[bool], None]) -> None:
        self.table, self.later = table, later

    def press(self, button: Button, held: bool = False) -> None:
        for event in (hold if held else click)(0, button):
            self.later(held)
            self.table.handle(event)

    def walk(self, label: str) -> None:
        """▶ to the item labelled `label`, then ●."""
        for _ in range(60):
            menu = self.table.frame().menus[0]
            if menu.items[menu.focus].label == label:
                self.press(Button.SELECT)
                return
            self.press(Button.RIGHT)
        raise AssertionError(f"no item {label!r} in {[i.label for i in menu.items]}")

    def line(self, label: str) -> str:
        """The value setup's summary shows beside `label`."""
        return next(line.value for line in self.table.frame().setup if line.label == label)


BUTTONS = {"left": Button.LEFT, "right": Button.RIGHT, "select": Button.SELECT}
"""A three-button level's slots and the buttons that choose them."""


def path_to_key(tree: Tree, key: str) -> list[Node] | None:
    """The items leading from `tree` to the item `key`, a sub-menu too (the menus' own
    `path_to` stops at leaves): the buttons a player presses through levels of three."""
    for node in tree.items:
        if node.key == key:
            return [node]
        if node.children is not None:
            rest = path_to_key(node.children, key)
            if rest is not None:
                return [node, *rest]
    return None


def listed(tree: Tree) -> list[Node]:
    """The steps behind ● after a throw (`seat_tree`'s "more"), likeliest first."""
    more = tree.find("more")
    assert more is not None and more.children is not None
    return in_order(more.children)


def ranked(tree: Tree) -> list[Node]:
    """Every step after a throw, likeliest first: ◀ at the top when it is a step (the
    likeliest; the three likeliest where the steps are spread out, `spread_out`), then
    the steps behind ● (`listed`). "End of turn" at ◀ (nobody throws next) is not one."""
    left = next((n for n in tree.items if n.button == "left"), None)
    if left is None or left.key == "end":
        first: list[Node] = []
    elif left.children is not None and left.children.key == f"{tree.key}/g":
        first = in_order(left.children)
    else:
        first = [left]
    return first + listed(tree)


def in_order(level: Tree) -> list[Node]:
    """The steps of a list `laid_out` in the order it was given, likeliest first (without
    `tidy`), read back from the levels' slots: a test asks for a step by rank, and checks
    what a phone lists (`Tree.flat`) against it."""
    root = level.key.split("/")[0]
    slots = ("select", "left", "right") if "/" in level.key and level.key.endswith("g") else \
        ("left", "right", "select")
    by = {node.button: node for node in level.items}
    out: list[Node] = []
    for slot in slots:
        node = by.get(slot)
        if node is None:
            continue
        if node.children is not None and node.children.key.startswith(f"{root}/"):
            out += in_order(node.children)
        else:
            out.append(node)
    return out
