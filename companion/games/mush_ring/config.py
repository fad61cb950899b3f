"""Mush-Ring's part of the configuration: its `[game.mush_ring]` section (who holds the
cards, B1) and `[game.mush_ring.cards]` (the deck, G2), checked as the rules check them."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields
from typing import Any

from companion.config.checks import (
    as_choice,
    as_int,
    as_list,
    as_table,
    known_keys,
)
from companion.config.section import GameSection
from companion.exc import ConfigError, SettingsError
from companion.games.mush_ring.cards import DEFAULT_DECK, PALETTE, DeckSpec
from companion.games.mush_ring.model import MIN_PLAYERS, Deck, Settings

COUNTS = tuple(f.name for f in fields(DeckSpec))[2:]
CARD_KEYS = ("colours", "values", *COUNTS)


@dataclass(frozen=True)
class RingSetup:
    """What a Mush-Ring setup starts from."""

    deck: Deck = Deck.DEALT
    cards: DeckSpec = DEFAULT_DECK

    def settings(self, names: tuple[str, ...]) -> Settings:
        """The settings of a game of these players."""
        return Settings(names, self.deck, self.cards)


def _cards(value: object, key: str) -> DeckSpec:
    table = as_table(value, key)
    known_keys(table, CARD_KEYS, key)
    changes: dict[str, Any] = {}
    if "colours" in table:
        changes["colours"] = tuple(as_choice(c, f"{key}.colours", PALETTE)
                                   for c in as_list(table["colours"], f"{key}.colours"))
    if "values" in table:
        changes["values"] = tuple(as_int(v, f"{key}.values", 1, 9)
                                  for v in as_list(table["values"], f"{key}.values"))
    for name in COUNTS:
        if name in table:
            changes[name] = as_int(table[name], f"{key}.{name}", 0, 20)
    spec = DeckSpec(**{**{f.name: getattr(DEFAULT_DECK, f.name)
                          for f in fields(DeckSpec)}, **changes})
    try:
        spec.check(MIN_PLAYERS)
    except SettingsError as exc:  # the rules name the field; keep it under the key
        name, _, problem = str(exc).partition(": ")
        raise ConfigError(f"{key}.{name}" if name in CARD_KEYS else key,
                          problem or str(exc)) from exc
    return spec


def parse(value: Mapping[str, Any], key: str) -> RingSetup:
    """`[game.mush_ring]` into the part setup starts from."""
    table = as_table(value, key)
    known_keys(table, ("deck", "cards"), key)
    deck = Deck(as_choice(table.get("deck", "dealt"), f"{key}.deck", [d.value for d in Deck]))
    return RingSetup(deck, _cards(table.get("cards", {}), f"{key}.cards"))


def setup(part: RingSetup | None, settings: Settings | None) -> RingSetup:
    """Setup starts from the game last played (its deck), else the config file's."""
    if settings is not None:
        return RingSetup(settings.deck, settings.cards)
    return part if part is not None else RingSetup()


SECTION = GameSection(
    keys=("deck", "cards"), tables={"cards": CARD_KEYS}, parse=parse, setup=setup,
    settings=lambda part, names: part.settings(names))
"""Mush-Ring's part of the configuration, as its box declares it."""

__all__ = ["SECTION", "RingSetup", "parse"]
