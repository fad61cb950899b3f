"""`[game]` of the config file: the game setup starts with, MUSH's players, arrangement,
boards, variants and charts, checked as `companion.config.file` checks every section (the
same checkers, each problem naming its key).

A module of its own because it is the game's part of the file: what a MUSH table is set
up with, read against the rules' own settings (`companion.games.mush.settings`), where the
rest of the file configures the table's hardware and files.
"""

from __future__ import annotations

import dataclasses

from companion.config.checks import as_bool, as_choice, as_list, as_table, known_keys
from companion.config.names import BadName, check_name
from companion.exc import ConfigError, SettingsError
from companion.files import brief
from companion.games import DEFAULT as DEFAULT_GAME
from companion.games import installed as installed_games
from companion.games.mush import MUSH
from companion.games.mush.model import Arrangement, Zone
from companion.games.mush.settings import Board, Charts, Settings, Variants
from companion.seats import SEATS

DEFAULT_PLAYERS = 4
"""Seats at a table whose config names no players."""

GAME_KEYS = ("name", "players", "arrangement", "boards", "variants", "charts")
VARIANT_KEYS = tuple(f.name for f in dataclasses.fields(Variants))
CHART_NAMES = ("southern", "central", "northern", "pressing")
CHART_KEYS = ("faces", "confirmed")


def default_players(language: str = "en") -> tuple[str, ...]:
    """Four seats named after their colours, so a fresh install can play at once."""
    return tuple(seat.names.get(language, seat.names["en"]) for seat in SEATS[:DEFAULT_PLAYERS])


def _players(value: object, key: str) -> tuple[str, ...]:
    names = as_list(value, key)
    if len(names) not in MUSH.seats:
        raise ConfigError(key, f"{min(MUSH.seats)} to {max(MUSH.seats)} players (S1), "
                               f"got {len(names)}")
    out: list[str] = []
    for index, raw in enumerate(names):
        try:
            name = check_name(raw)  # the one rule for every name (companion.config.names)
        except BadName as exc:
            raise ConfigError(f"{key}.{index}",
                              f"a player's name {exc} (got {brief(raw)})") from None
        if name.casefold() in (n.casefold() for n in out):
            raise ConfigError(f"{key}.{index}", f"{name!r} is already a player's name")
        out.append(name)
    return tuple(out)


BOARD_NAME_LENGTH = 40
MAX_BOARDS = 32


def _boards(value: object, key: str) -> tuple[Board, ...]:
    boards = []
    entries = as_list(value, key)
    if not entries:
        raise ConfigError(key, "list at least one board")
    if len(entries) > MAX_BOARDS:
        raise ConfigError(key, f"at most {MAX_BOARDS} boards (got {len(entries)})")
    for index, entry in enumerate(entries):
        where = f"{key}.{index}"
        table = as_table(entry, where)
        known_keys(table, ("name", "zone"), where)
        try:  # drawn on the screen like a player's name, so held to the same rule
            name = check_name(table.get("name"), most=BOARD_NAME_LENGTH)
        except BadName as exc:
            raise ConfigError(f"{where}.name",
                              f"a board's name {exc} (got {brief(table.get('name'))})") from None
        zone = as_choice(table.get("zone"), f"{where}.zone", [z.value for z in Zone])
        boards.append(Board(name, Zone(zone)))
    return tuple(boards)


def _faces(value: object, key: str, allowed: tuple[str, ...]) -> tuple[str, ...]:
    faces = as_list(value, key)
    if len(faces) != 6:
        raise ConfigError(key, f"six results, one per die face 1..6 (got {len(faces)})")
    for index, face in enumerate(faces):
        as_choice(face, f"{key}.{index}", allowed)
    return tuple(faces)


def _charts(value: object, key: str) -> Charts:
    table = as_table(value, key)
    known_keys(table, CHART_NAMES, key)
    charts = Charts()
    for name in CHART_NAMES:
        where = f"{key}.{name}"
        chart = as_table(table.get(name, {}), where)
        known_keys(chart, CHART_KEYS, where)
        confirmed = as_bool(chart.get("confirmed", False), f"{where}.confirmed")
        shown = getattr(charts, name).faces
        allowed = tuple(member.value for member in type(shown[0]))
        faces = (_faces(chart["faces"], f"{where}.faces", allowed) if "faces" in chart
                 else tuple(face.value for face in shown))
        charts = charts.with_faces(name, faces, confirmed=confirmed)
    try:
        charts.check()  # W3, as the rules state it
    except SettingsError as exc:
        raise ConfigError(f"{key}.central.faces", str(exc).removeprefix("charts.central: ")) \
            from None
    return charts


def parse_game_name(value: object, key: str = "game") -> str:
    """`[game] name`: which installed game setup starts with ("mush" when not given)."""
    table = as_table(value, key)
    return as_choice(table.get("name", DEFAULT_GAME), f"{key}.name", installed_games())


def parse_game(value: object, language: str = "en", key: str = "game") -> Settings:
    """`[game]` into the engine's `Settings` (players, boards, variants, charts)."""
    table = as_table(value, key)
    known_keys(table, GAME_KEYS, key)
    players = (_players(table["players"], f"{key}.players") if "players" in table
               else default_players(language))
    arrangement = Arrangement(as_choice(table.get("arrangement", "intro"), f"{key}.arrangement",
                                      [a.value for a in Arrangement]))
    boards = None
    if "boards" in table:
        if arrangement is not Arrangement.CUSTOM:
            raise ConfigError(f"{key}.boards",
                              "boards are listed only with arrangement = \"custom\"")
        boards = _boards(table["boards"], f"{key}.boards")
    elif arrangement is Arrangement.CUSTOM:
        raise ConfigError(f"{key}.boards", "a custom arrangement needs its boards listed")
    variants_table = as_table(table.get("variants", {}), f"{key}.variants")
    known_keys(variants_table, VARIANT_KEYS, f"{key}.variants")
    variants = Variants(**{name: as_bool(variants_table[name], f"{key}.variants.{name}")
                           for name in VARIANT_KEYS if name in variants_table})
    charts = _charts(table.get("charts", {}), f"{key}.charts")
    try:
        return Settings.make(players, arrangement, variants, charts, boards)
    except SettingsError as exc:  # the engine names its own field; keep it under [game]
        field_name, _, problem = str(exc).partition(": ")
        dotted = {"names": "players"}.get(field_name, field_name)
        raise ConfigError(f"{key}.{dotted}", problem or str(exc)) from exc
