"""Push&Move's part of the configuration: its `[game.push_and_move]` section (HV), parsed
strictly with the toolkit every part's parser uses, into the settings a new game starts
with (the players' names are added at "Start the game").

    [game.push_and_move]
    tunnels = "players"   # or "drawn" (HS6)
    win = "all"           # or "one": three dice of one opponent (HW2)
    rounds = 100          # 10 to 999 (HW4)

    [game.push_and_move.bag]   # a group's own hexes (HS4): every kind, adding up to 120
    plain = 48
    plus1 = 8
    ...
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any

from companion.config.checks import as_choice, as_int, as_table, known_keys
from companion.config.section import GameSection
from companion.exc import ConfigError, SettingsError

from .model import FEWEST_ROUNDS, HEXES, MOST_ROUNDS, Count, Kind, Settings, Tunnels, Win

KEYS = ("tunnels", "win", "rounds", "bag")
BAG_KEYS = tuple(k.value for k in Kind)


def parse(value: Mapping[str, Any], key: str) -> Settings:
    """`[game.push_and_move]` into the settings a game starts from (no names yet)."""
    table = as_table(value, key)
    known_keys(table, KEYS, key)
    tunnels = Tunnels(as_choice(table.get("tunnels", "players"), f"{key}.tunnels",
                                [t.value for t in Tunnels]))
    win = Win(as_choice(table.get("win", "all"), f"{key}.win", [w.value for w in Win]))
    rounds = as_int(table.get("rounds", 100), f"{key}.rounds", FEWEST_ROUNDS, MOST_ROUNDS)
    settings = Settings((), tunnels=tunnels, win=win, rounds=rounds)
    if "bag" in table:
        bag = as_table(table["bag"], f"{key}.bag")
        known_keys(bag, BAG_KEYS, f"{key}.bag")
        counts = tuple(Count(k, as_int(bag.get(k.value, 0), f"{key}.bag.{k.value}", 0,
                                       HEXES)) for k in Kind)
        settings = dataclasses.replace(settings, bag=counts)
    try:  # the rules' own checks, with the fewest players the game seats
        dataclasses.replace(settings, names=("A", "B")).check()
    except SettingsError as exc:
        field, _, problem = str(exc).partition(": ")
        raise ConfigError(f"{key}.{field}", problem or str(exc)) from exc
    return settings


def setup(part: Settings, settings: Settings | None) -> Settings:
    """Setup starts from the game last played, else from the config file."""
    return part if settings is None else dataclasses.replace(settings, names=())


SECTION = GameSection(
    keys=KEYS, tables={"bag": BAG_KEYS}, parse=parse, setup=setup,
    settings=lambda part, names: dataclasses.replace(part, names=tuple(names)))
"""Push&Move's part of the configuration, as its box declares it."""

__all__ = ["BAG_KEYS", "KEYS", "SECTION", "parse", "setup"]
