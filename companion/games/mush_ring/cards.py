"""Mush-Ring's cards and its deck (G2): what a card is, what it is worth, and the deck a
group plays with, as a table of counts it can change to match its print.

A card is a value (two Red 3s are the same card): a coloured Shroom card has a colour
and a value, a Wild Shroom and a Deth Kapp neither, an action card its kind alone.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, fields
from enum import StrEnum

from companion.exc import SettingsError


class Kind(StrEnum):
    """The kinds of card (G2)."""

    COLOUR = "colour"
    WILD = "wild"
    DETH_KAPP = "deth_kapp"
    DRAW_3_PICK_2 = "draw_3_pick_2"
    STOMP = "stomp"
    STEAL = "steal"
    PICK_A_COLOR = "pick_a_color"
    DIG_IT = "dig_it"
    PLAY_ONE_MORE = "play_one_more"


SHROOMS = frozenset({Kind.COLOUR, Kind.WILD, Kind.DETH_KAPP})
"""The Shroom cards: the ones played into a ring (H2, H3)."""
ACTIONS = (Kind.DRAW_3_PICK_2, Kind.STOMP, Kind.STEAL, Kind.PICK_A_COLOR, Kind.DIG_IT,
           Kind.PLAY_ONE_MORE)
"""The action cards (the Special Effects), in the rules' order."""

PALETTE = ("red", "yellow", "green", "blue", "purple", "orange")
"""The colours a deck may have (words for each in every language)."""

HAND = 5
"""A full hand: what a deal gives and what a player draws up to (G4, H5)."""
LAST = 10
"""The cards a score pile holds that make its player the last player (Y1)."""
SPACES = 6
"""A ring's spaces (O1)."""


@dataclass(frozen=True, order=True)
class Card:
    """One card: its kind, and for a coloured Shroom card its colour and value."""

    kind: Kind
    colour: str = ""
    value: int = 0

    @property
    def shroom(self) -> bool:
        """Whether it is a Shroom card (coloured, Wild or Deth Kapp)."""
        return self.kind in SHROOMS

    @property
    def action(self) -> bool:
        """Whether it is an action card."""
        return self.kind not in SHROOMS

    @property
    def worth(self) -> int:
        """What it adds to a score pile: its value (O4), 1 for a Wild (O8), else 0 (O6)."""
        if self.kind is Kind.COLOUR:
            return self.value
        return 1 if self.kind is Kind.WILD else 0

    def __str__(self) -> str:
        return f"{self.colour} {self.value}" if self.kind is Kind.COLOUR else self.kind.value


WILD = Card(Kind.WILD)
DETH_KAPP = Card(Kind.DETH_KAPP)


def coloured(colour: str, value: int) -> Card:
    """A coloured Shroom card."""
    return Card(Kind.COLOUR, colour, value)


@dataclass(frozen=True)
class DeckSpec:
    """How many of each card a deck holds (G2, config): the default is the companion's
    deck of 50; a group with another print enters its own counts."""

    colours: tuple[str, ...] = ("red", "yellow", "green", "blue")
    values: tuple[int, ...] = (1, 1, 1, 2, 2, 3, 3)
    wild: int = 4
    deth_kapp: int = 6
    draw_3_pick_2: int = 2
    stomp: int = 2
    steal: int = 2
    pick_a_color: int = 2
    dig_it: int = 2
    play_one_more: int = 2

    def cards(self) -> tuple[Card, ...]:
        """Every card of the deck, in a fixed order (colour by colour, then the rest)."""
        out = [coloured(c, v) for c in self.colours for v in self.values]
        out += [WILD] * self.wild + [DETH_KAPP] * self.deth_kapp
        for kind in ACTIONS:
            out += [Card(kind)] * self.count(kind)
        return tuple(out)

    def count(self, kind: Kind) -> int:
        """How many cards of a kind other than coloured the deck holds."""
        return int(getattr(self, kind.value))

    def holds(self) -> Counter[Card]:
        """The deck as counts by card."""
        return Counter(self.cards())

    def check(self, players: int) -> None:
        """G2's bounds: a `SettingsError` naming the key that is wrong."""
        if not 1 <= len(self.colours) <= len(PALETTE):
            raise SettingsError(f"colours: 1 to {len(PALETTE)} colours, not "
                                f"{len(self.colours)}")
        unknown = [c for c in self.colours if c not in PALETTE]
        if unknown or len(set(self.colours)) != len(self.colours):
            raise SettingsError(f"colours: each once, of {', '.join(PALETTE)}")
        if not 1 <= len(self.values) <= 10 or not all(1 <= v <= 9 for v in self.values):
            raise SettingsError("values: 1 to 10 cards a colour, each worth 1 to 9")
        for f in fields(self)[2:]:
            if not 0 <= getattr(self, f.name) <= 20:
                raise SettingsError(f"{f.name}: 0 to 20 cards")
        total = len(self.cards())
        if not 20 <= total <= 120:
            raise SettingsError(f"a deck of 20 to 120 cards, not {total}")
        if total < players * (HAND + 6):
            raise SettingsError(f"a deck of {total} cards is too small for {players} players")


DEFAULT_DECK = DeckSpec()
"""The companion's default deck: 28 coloured, 4 Wild, 6 Deth Kapps, 12 action cards."""

__all__ = ["ACTIONS", "DEFAULT_DECK", "DETH_KAPP", "HAND", "LAST", "PALETTE", "SHROOMS",
           "SPACES", "WILD", "Card", "DeckSpec", "Kind", "coloured"]
