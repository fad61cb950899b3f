"""The Canoe trip's setup: the settings being chosen before the rules' `StartGame`.

Like MUSH's setup, every choice is a draft held by the table until "Start the game": how
many paddle, the trip's nights (C2, two by default), the variant (V1-V3), the cards on
screen or the group's paper ones (K12), and the weather ring (E1), printed on the board
and not in the rules text, so a stand-in marked "placeholder" until the group enters its
own: the number of spaces, then each space's weather clockwise from the start. "Board
points" copies the points the board prints at each campsite and beside each attraction
(N1, A3), so a camp or an attraction is then one press at its printed value. The ring and
the points are kept with the trip, and the next trip's setup starts from them, under what
the config file's `[game.canoe]` gives of the board, which wins (`config.starting`); the
campsites come from the file alone (N2). The first item switches the table back to MUSH.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import partial
from typing import Any

from companion.config.names import colour_name
from companion.exc import SettingsError
from companion.games.canoe import commands as cmd
from companion.games.canoe import model
from companion.games.canoe.config import VARIANTS, CanoeSetup, starting, variant_key
from companion.games.canoe.game import GAME
from companion.games.canoe.model import Attraction, CardMode, Weather
from companion.games.canoe.settings import (
    MAX_RING,
    MIN_RING,
    PRINTED_ATTRACTIONS,
    Campsites,
    Ring,
    Settings,
)
from companion.games.canoe.table.frame import SetupLine
from companion.i18n import count, t
from companion.table.setup_items import game_node, start_node
from companion.table.tree import Node, Tree


def weather_word(space: Weather | None) -> str:
    """A ring space in the screen's language ("No change" where it shows none)."""
    return t(f"cw.{space.value}") if space is not None else t("cs.no_change")


@dataclass
class CanoeDraft:
    """What the Canoe setup has chosen so far."""

    players: int
    names: list[str]
    nights: int = model.DEFAULT_NIGHTS
    variant: str = "full"
    cards: CardMode = CardMode.ELECTRONIC
    ring: list[Weather | None] = field(default_factory=lambda: list(Ring().spaces))
    ring_entered: bool = False
    switch: str | None = None  # the group chose another game
    camp_points: dict[str, int] = field(default_factory=dict)  # N1: printed, as entered
    attraction_points: dict[Attraction, int] = field(default_factory=dict)  # A3, L1
    sites: Campsites = field(default_factory=Campsites)  # N2: the config file's, or stand-ins
    route: tuple[str, ...] = ()  # N2: the config file's route, or none

    @classmethod
    def start(cls, players: int, names: tuple[str, ...], language: str,
              last: Settings | None = None, board: object = None) -> CanoeDraft:
        """From the table's players and names, the config file's `[game.canoe]` (`board`,
        the table's `TableConfig.game`: anything else is a file that says nothing) and
        the last Canoe trip's settings, in the order `config.starting` gives."""
        every = [colour_name(seat, language) for seat in range(model.MAX_PLAYERS)]
        every[:len(names)] = list(names[:model.MAX_PLAYERS])
        players = max(model.MIN_PLAYERS, min(model.MAX_PLAYERS, players))
        begin = starting(board if isinstance(board, CanoeSetup) else CanoeSetup(), last)
        return cls(players, every, begin.nights, begin.variant, begin.cards,
                   list(begin.ring.spaces), not begin.ring.placeholder,
                   camp_points=begin.camp_points, attraction_points=begin.attraction_points,
                   sites=begin.sites, route=begin.route)

    def ring_value(self) -> Ring:
        """The ring in force: the stand-in until one was entered and kept."""
        return Ring(tuple(self.ring), placeholder=not self.ring_entered)

    def settings(self) -> Settings:
        """The rules' settings for this draft (SettingsError when impossible)."""
        return Settings.make(tuple(self.names[:self.players]), self.nights,
                             VARIANTS[self.variant], self.ring_value(),
                             self.sites.with_points(self.camp_points), self.cards,
                             tuple((a, self.attraction_points[a]) for a in PRINTED_ATTRACTIONS
                                   if a in self.attraction_points), self.route)

    def board_entered(self) -> int:
        """How many of the board's printed values the group has entered."""
        return len(self.camp_points) + len(self.attraction_points)

    def resize_ring(self, spaces: int) -> None:
        """A ring of `spaces` spaces: kept ones stay, new ones start calm."""
        self.ring = (self.ring + [Weather.CALM] * spaces)[:spaces]
        self.ring_entered = False

    def lines(self) -> tuple[SetupLine, ...]:
        """The summary the setup screen shows beside the menu."""
        ring = self.ring_value()
        return (
            SetupLine(t("s.game"), t("game.canoe")),
            SetupLine(t("s.players"), ", ".join(self.names[:self.players])),
            SetupLine(t("cs.nights"), count(self.nights, "night")),
            SetupLine(t("cs.variant"), t(f"cs.variant.{self.variant}")),
            SetupLine(t("cs.cards"), t(f"cs.cards.{self.cards.value}")),
            SetupLine(t("cs.sites"), t("header.placeholder") if self.sites.placeholder
                      else t("cs.sites_given", n=len(self.sites.names),
                             names=", ".join(self.sites.names)), self.sites.placeholder),
            SetupLine(t("cs.board"), _board_words(self)),
            SetupLine(t("cs.ring"), t("header.placeholder") if ring.placeholder
                      else t("cs.ring_entered", spaces=len(ring.spaces)), ring.placeholder),
        )


def _pick_list(key: str, title: str, values: list[tuple[str, str, Callable[[], None]]],
               current: str) -> Tree:
    items: list[Node] = [Node(k, label, action=act, pop=True) for k, label, act in values]
    return Tree(key, title, items, t("m.hint.sub"), default=current)


def _set(draft: CanoeDraft, name: str, value: object) -> Callable[[], None]:
    def act() -> None:
        setattr(draft, name, value)
    return act


def setup_tree(draft: CanoeDraft, games: Sequence[str]) -> Tree:
    """C1-C3, V1-V3, E1, K12: the Canoe setup menu; "Start the game" focused. `games`:
    every game the table plays, for the picker."""

    def switch(name: str) -> None:
        draft.switch = name

    players = _pick_list("players", t("s.players_title"), [
        (str(n), count(n, "player"), _set(draft, "players", n))
        for n in range(model.MIN_PLAYERS, model.MAX_PLAYERS + 1)], str(draft.players))
    nights = _pick_list("nights", t("cs.nights_title"), [
        (str(n), count(n, "night"), _set(draft, "nights", n))
        for n in range(1, model.MAX_NIGHTS + 1)], str(draft.nights))
    variants = _pick_list("variant", t("cs.variant_title"), [
        (k, t(f"cs.variant.{k}"), _set(draft, "variant", k)) for k in VARIANTS], draft.variant)
    cards = _pick_list("cards", t("cs.cards_title"), [
        (m.value, t(f"cs.cards.{m.value}"), _set(draft, "cards", m)) for m in CardMode],
        draft.cards.value)
    ring = draft.ring_value()
    items = [
        *game_node(GAME.name, games, switch),
        Node("players", t("s.players"), str(draft.players), children=players),
        Node("nights", t("cs.nights"), count(draft.nights, "night"), children=nights),
        Node("variant", t("cs.variant"), t(f"cs.variant.{draft.variant}"), children=variants),
        Node("cards", t("cs.cards"), t(f"cs.cards.{draft.cards.value}"), children=cards),
        Node("ring", t("cs.ring"), t("header.placeholder") if ring.placeholder else
             t("cs.ring_entered", spaces=len(ring.spaces)), children=_ring_tree(draft)),
        Node("board", t("cs.board"), _board_words(draft), children=_board_tree(draft)),
        _start(draft),
    ]
    return Tree("canoe_setup", t("cs.title"), items, t("s.hint"), default="start")


def _ring_tree(draft: CanoeDraft) -> Tree:
    """E1: the ring's size, then each space clockwise; "Keep this ring" ends the stand-in."""
    size = _pick_list("size", t("cs.ring_size_title"), [
        (str(n), count(n, "space"), partial(draft.resize_ring, n))
        for n in range(MIN_RING, MAX_RING + 1)], str(len(draft.ring)))
    items: list[Node] = [Node("size", t("cs.ring_size"), str(len(draft.ring)), children=size)]
    for index, space in enumerate(draft.ring):
        choices: list[Weather | None] = [*Weather, None] if index else list(Weather)

        def put(value: Weather | None, index: int = index) -> Callable[[], None]:
            def act() -> None:
                draft.ring[index] = value
                draft.ring_entered = False
            return act

        tree = _pick_list(f"space{index}", t("cs.ring_space_title", n=index + 1), [
            (w.value if w else "none", weather_word(w), put(w)) for w in choices],
            space.value if space else "none")
        items.append(Node(f"space{index}", t("cs.ring_space", n=index + 1),
                          weather_word(space), children=tree))

    def keep() -> None:
        draft.ring_entered = True

    def stand_in() -> None:
        draft.ring, draft.ring_entered = list(Ring().spaces), False

    problem = None
    try:
        Ring(tuple(draft.ring), placeholder=False).check()
    except SettingsError as error:
        problem = str(error)
    items.append(Node("keep", t("cs.ring_keep"), problem or "", problem is None,
                      action=keep, pop=True))
    items.append(Node("standin", t("cs.ring_standin"), action=stand_in, pop=True))
    return Tree("ring", t("cs.ring_title"), items, t("m.hint.sub"),
                default="keep" if problem is None else "size")


BOARD_VALUES = range(-50, 105, 5)
"""N1, A3: the printed points setup offers for a site or an attraction (the board's run
from a loss to a great view, in the cards' steps)."""


def _board_words(draft: CanoeDraft) -> str:
    entered = draft.board_entered()
    total = len(draft.sites.names) + len(PRINTED_ATTRACTIONS)
    return t("cs.board_entered", n=entered, of=total) if entered else t("cs.board_none")


def _board_tree(draft: CanoeDraft) -> Tree:
    """N1, A3, L1: the points the board prints at each campsite and beside each attraction,
    entered once and kept with the trip (the next trip's setup starts from them): a camp,
    a climb or an attraction then takes one press at its printed value."""
    items: list[Node] = []
    for site in draft.sites.names:
        items.append(_value_node(f"site:{site}", site, draft.camp_points, site))
    for attraction in PRINTED_ATTRACTIONS:
        items.append(_value_node(f"a:{attraction}", t(f"ca.{attraction}"),
                                 draft.attraction_points, attraction))

    def forget() -> None:
        draft.camp_points.clear()
        draft.attraction_points.clear()

    items.append(Node("forget", t("cs.board_forget"), action=forget, pop=True))
    return Tree("board", t("cs.board_title"), items, t("m.hint.sub"))


def _value_node(key: str, label: str, values: dict[Any, int], name: object) -> Node:
    current = values.get(name)

    def put(value: int | None) -> Callable[[], None]:
        def act() -> None:
            if value is None:
                values.pop(name, None)
            else:
                values[name] = value
        return act

    choices: list[tuple[str, str, Callable[[], None]]] = [
        ("none", t("cs.board_unknown"), put(None))]
    choices += [(str(v), f"{v:+d}" if v else "0", put(v)) for v in BOARD_VALUES]
    start = str(current) if current is not None else "10"
    tree = _pick_list(key, t("cs.board_value_title", what=label), choices, start)
    shown = f"{current:+d}" if current is not None else t("cs.board_unknown")
    return Node(key, label, shown, children=tree)


def _start(draft: CanoeDraft) -> Node:
    return start_node(GAME, draft.players, lambda: cmd.StartGame(cmd.TABLE, draft.settings()))


__all__ = ["VARIANTS", "CanoeDraft", "setup_tree", "variant_key", "weather_word"]
