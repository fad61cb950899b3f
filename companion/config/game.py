"""`[game]` of the config file: which game a new table sets up, its players, and each
game's own section, `[game.<name>]`, checked as `companion.config.file` checks every
section (the same checkers, each problem naming its key).

A module of its own because it is the games' part of the file, where the rest
configures the table's hardware and files. `name` and `players` are every game's; what
one game alone is set up with (MUSH's boards, variants and charts) is read by the
section its box declares (`companion.config.section`) and kept as that game's part,
which nothing here looks into. A game whose section says `at_top` also finds its keys in
`[game]` itself, where a file written when the table played one game has them.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from companion.config.checks import ConfigProblems, as_choice, as_list, as_table, known_keys
from companion.config.checks import every_problem as _every_problem
from companion.config.names import unique_names
from companion.config.section import GameSection, sections
from companion.exc import ConfigError
from companion.games import DEFAULT as DEFAULT_GAME
from companion.games import game as installed_game
from companion.games import installed as installed_games
from companion.seats import SEATS

DEFAULT_PLAYERS = 4
"""Seats at a table whose config names no players (fewer or more when the game seats
fewer or more)."""

SHARED_KEYS = ("name", "players")
"""The keys of `[game]` every game reads."""


def default_players(language: str = "en", seats: range = range(2, 7)) -> tuple[str, ...]:
    """Seats named after their colours, so a fresh install can play at once: four, or as
    near four as the game seats."""
    count = min(max(DEFAULT_PLAYERS, seats.start), seats[-1], len(SEATS))
    return tuple(seat.names.get(language, seat.names["en"]) for seat in SEATS[:count])


def _players(value: object, key: str, seats: range) -> tuple[str, ...]:
    names = as_list(value, key)
    if len(names) not in seats:
        raise ConfigError(key, f"{min(seats)} to {max(seats)} players, got {len(names)}")
    return unique_names(names, key, "a player's")  # the one rule for every name


@dataclass(frozen=True)
class GameConfig:
    """`[game]`, read: the game a new table sets up, its players, and each game's part."""

    name: str = DEFAULT_GAME
    players: tuple[str, ...] = field(default_factory=default_players)
    parts: Mapping[str, Any] = field(default_factory=dict)


def parse_game_name(value: object, key: str = "game") -> str:
    """`[game] name`: which installed game setup starts with ("mush" when not given)."""
    table = as_table(value, key)
    name = table.get("name", DEFAULT_GAME)
    if isinstance(name, str):  # "mush-ring" as the command line and the box's title say it
        name = name.replace("-", "_")
    return as_choice(name, f"{key}.name", installed_games())


def _hyphens(table: Mapping[str, Any], key: str) -> dict[str, Any]:
    """`[game.mush-ring]` read as `[game.mush_ring]`: a game's section under the name the
    command line takes (`--game mush-ring`); the same section given both ways is refused."""
    out: dict[str, Any] = {}
    for k, v in table.items():
        own = k.replace("-", "_") if isinstance(v, Mapping) else k
        if own in out:
            raise ConfigError(f"{key}.{own}", f"given twice: [{key}.{k}] and [{key}.{own}]; "
                                              "keep one")
        out[own] = v
    return out


def _part(section: GameSection, table: Mapping[str, Any], name: str, key: str) -> Any:
    """One game's part: from `[game.<name>]`, or from `[game]` itself where an older file
    has it; every problem of it at once."""
    own_key = f"{key}.{name}"
    own = as_table(table.get(name, {}), own_key)
    if own and not section.keys:
        raise ConfigError(own_key, f"{installed_game(name).title} has no settings of its "
                          f"own here (its players are [{key}] players)")
    top = {k: v for k, v in table.items() if k in section.keys} if section.at_top else {}
    if top and own:
        raise ConfigError(own_key, f"given twice: {', '.join(sorted(top))} in [{key}] and "
                          f"[{own_key}]; keep one place (older files have them in [{key}])")
    where, values = (key, top) if top else (own_key, own)
    try:
        return section.parse(values, where)
    except ConfigError:
        raise ConfigProblems(_every_problem(lambda t: section.parse(t, where), values,
                                            where)) from None


def parse_game(value: object, language: str = "en", key: str = "game") -> GameConfig:
    """`[game]`: the game's name, the players (2 to 6, as the named game seats them) and
    every installed game's own section. Every problem is raised at once."""
    table = _hyphens(as_table(value, key), key)
    found = sections()
    top = {k for section in found.values() if section.at_top for k in section.keys}
    known_keys(table, (*SHARED_KEYS, *found, *sorted(top)), key)
    problems: list[ConfigError] = []
    name = DEFAULT_GAME
    try:
        name = parse_game_name(table, key)
    except ConfigError as exc:
        problems.append(exc)
    seats = installed_game(name).seats
    players = default_players(language, seats)
    if "players" in table:
        try:
            players = _players(table["players"], f"{key}.players", seats)
        except ConfigError as exc:
            problems.append(exc)
    parts: dict[str, Any] = {}
    for game, section in found.items():
        try:
            parts[game] = _part(section, table, game, key)
        except ConfigProblems as exc:
            problems.extend(exc.problems)
        except ConfigError as exc:
            problems.append(exc)
    if problems:
        raise ConfigProblems(problems)
    return GameConfig(name, players, parts)


def accepted_keys(key: str = "game") -> dict[str, tuple[str, ...]]:
    """`[game]` and each game's section, with their keys (the docs test checks the
    example file documents each)."""
    found = sections()
    out: dict[str, tuple[str, ...]] = {key: (*SHARED_KEYS, *(g for g in found
                                                             if found[g].keys))}
    for game, section in found.items():
        if section.keys:
            out[f"{key}.{game}"] = section.keys
            out.update({f"{key}.{game}.{table}": keys for table, keys in section.tables.items()})
    return out
