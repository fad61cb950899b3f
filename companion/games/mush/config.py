"""MUSH's part of the configuration: `[game.mush]` (arrangement, boards, variants,
charts), the board charts entered on the pads, and what setup starts from.

The config file's parser and the pads' settings know this only as a `GameSection`
(`companion.config.section`) and carry its value, a `MushSetup`, without looking inside.
A file written when MUSH was the table's one game has these keys in `[game]` itself
(`[game] arrangement`, `[game.charts.central]`): they are read there too (`at_top`), and a
problem in them is named where the file has it (`game.charts.central.faces`).
"""

from __future__ import annotations

import contextlib
import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from companion.config.checks import as_bool, as_choice, as_list, as_table, known_keys
from companion.config.names import BadName, check_name
from companion.config.prefs import Prefs, PrefsError
from companion.config.section import GameSection, PrefsKey
from companion.config.table import TableConfig
from companion.exc import ConfigError, SettingsError
from companion.files import brief
from companion.games.mush.game import MUSH
from companion.games.mush.model import Arrangement, Climate, PressResult, Zone
from companion.games.mush.settings import (
    Board,
    Charts,
    PressingChart,
    Settings,
    Variants,
    WeatherChart,
)

KEYS = ("arrangement", "boards", "variants", "charts")
"""The keys of `[game.mush]`."""
VARIANT_KEYS = tuple(f.name for f in dataclasses.fields(Variants))
CHART_NAMES = ("southern", "central", "northern", "pressing")
CHART_KEYS = ("faces", "confirmed")
CLIMATE_VALUES = tuple(c.value for c in Climate)
PRESS_VALUES = tuple(r.value for r in PressResult)
BOARD_NAME_LENGTH = 40
MAX_BOARDS = 32


@dataclass(frozen=True)
class MushSetup:
    """What MUSH's setup starts from, besides the players: the boards and their
    arrangement (S3), the variants (S5-S9) and the charts printed on the boards (W3, P2)."""

    arrangement: Arrangement = Arrangement.INTRO
    variants: Variants = field(default_factory=Variants)
    charts: Charts = field(default_factory=Charts)
    boards: tuple[Board, ...] | None = None
    """The custom boards (S3 Custom is offered only when they are set)."""

    def __post_init__(self) -> None:
        if self.arrangement is Arrangement.CUSTOM and not self.boards:
            raise ValueError("table.arrangement: Custom needs its boards listed (S3)")

    def settings(self, names: tuple[str, ...]) -> Settings:
        """A game's settings for these players, checked (SettingsError names the field)."""
        return Settings.make(names, self.arrangement, self.variants, self.charts,
                             self.boards if self.arrangement is Arrangement.CUSTOM else None)


def setup_of(config: TableConfig) -> MushSetup:
    """MUSH's part of the table's settings (its defaults when the table carries none)."""
    return config.game if isinstance(config.game, MushSetup) else MushSetup()


# --- the config file -------------------------------------------------------------------


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


def parse(value: Mapping[str, Any], key: str) -> MushSetup:
    """`[game.mush]` (or, in an older file, `[game]`) into the part setup starts from."""
    table = as_table(value, key)
    known_keys(table, KEYS, key)
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
    setup = MushSetup(arrangement, variants, _charts(table.get("charts", {}), f"{key}.charts"),
                      boards)
    try:  # the rules' own checks (S8's boards), with the fewest players the game seats
        setup.settings(tuple(f"seat {seat}" for seat in range(MUSH.seats.start)))
    except SettingsError as exc:  # the engine names its own field; keep it under the key
        field_name, _, problem = str(exc).partition(": ")
        raise ConfigError(f"{key}.{field_name}", problem or str(exc)) from exc
    return setup


def setup(part: MushSetup, settings: Settings | None) -> MushSetup:
    """Setup starts from the game last played (its arrangement, custom boards, variants
    and charts), else from the config file."""
    if settings is None:
        return part
    custom = settings.boards if settings.arrangement is Arrangement.CUSTOM else None
    return MushSetup(settings.arrangement, settings.variants, settings.charts, custom)


# --- the charts entered on the pads ------------------------------------------------------


@dataclass(frozen=True)
class ChartPref:
    """One chart as entered on the pads: six die faces, confirmed or still a draft."""

    faces: tuple[str, ...]
    confirmed: bool = False


ChartPrefs = tuple[tuple[str, ChartPref], ...]
"""The charts entered on the pads, by name, in `CHART_NAMES` order."""
CHARTS_KEY = "charts"
"""Their key in the pads' settings file."""


def entered(prefs: Prefs) -> ChartPrefs:
    """Every chart entered on the pads."""
    found: ChartPrefs = prefs.part(CHARTS_KEY) or ()
    return found


def chart(prefs: Prefs, name: str) -> ChartPref | None:
    """The chart `name` as entered on the pads, if it was."""
    return dict(entered(prefs)).get(name)


def with_chart(prefs: Prefs, name: str, pref: ChartPref) -> Prefs:
    """The pads' settings with one chart replaced."""
    kept = dict(entered(prefs))
    kept[name] = pref
    return prefs.with_part(CHARTS_KEY, tuple((n, kept[n]) for n in CHART_NAMES if n in kept))


def charts_in_force(charts: Charts, prefs: Prefs) -> Charts:
    """The config's charts with each chart entered on the pads in its place."""
    for name in CHART_NAMES:
        pref = chart(prefs, name)
        if pref is not None:
            charts = charts.with_faces(name, pref.faces, confirmed=pref.confirmed)
    return charts


def _chart_pref(value: object, key: str, name: str) -> ChartPref:
    if not isinstance(value, Mapping) or set(value) - {"faces", "confirmed"}:
        raise PrefsError(f"{key}: must be {{\"faces\": [...6], \"confirmed\": true/false}}")
    faces = value.get("faces")
    allowed = PRESS_VALUES if name == "pressing" else CLIMATE_VALUES
    if not isinstance(faces, list) or len(faces) != 6 or any(f not in allowed for f in faces):
        raise PrefsError(f"{key}.faces: six of {', '.join(allowed)} (got {brief(faces)})")
    if name == "central" and faces[4] != "cold":
        raise PrefsError(f"{key}.faces: a 5 on the Central chart must be Cold (W3)")
    confirmed = value.get("confirmed", False)
    if not isinstance(confirmed, bool):
        raise PrefsError(f"{key}.confirmed: must be true or false (got {brief(confirmed)})")
    return ChartPref(tuple(faces), confirmed)


def _check_charts(value: object, key: str) -> ChartPrefs:
    if not isinstance(value, Mapping):
        raise PrefsError(f"{key}: must be a table of charts (got {brief(value)})")
    made = [(name, _chart_pref(value[name], f"{key}.{name}", name))
            for name in CHART_NAMES if name in value]
    unknown = set(value) - set(CHART_NAMES)
    if unknown:
        raise PrefsError(f"{key}: unknown chart(s) "
                         f"{', '.join(sorted(brief(str(u), 30) for u in unknown)[:6])}")
    return tuple(made)


def _good_charts(value: object, key: str) -> ChartPrefs | None:
    """The charts that are right, of a table with a wrong one."""
    if not isinstance(value, Mapping):
        return None
    good = []
    for name in CHART_NAMES:
        if name in value:
            with contextlib.suppress(PrefsError):
                good.append((name, _chart_pref(value[name], f"{key}.{name}", name)))
    return tuple(good)


def _charts_json(value: ChartPrefs) -> object:
    return {n: {"faces": list(c.faces), "confirmed": c.confirmed} for n, c in value}


def _chart_text(board: WeatherChart | PressingChart) -> str:
    faces = " ".join(f.value for f in board.faces)
    return f"{faces} ({'stand-in' if board.placeholder else 'confirmed'})"


def in_force(part: MushSetup, prefs: Prefs) -> MushSetup:
    """The config's part with the charts entered on the pads in force."""
    return dataclasses.replace(part, charts=charts_in_force(part.charts, prefs))


def rows(part: MushSetup, force: MushSetup, prefs: Prefs) -> list[dict[str, Any]]:
    """Each chart: the config file's, the pads' (None when not entered) and the one in
    force, for `mush-companion state`."""
    return [{"setting": f"game.charts.{name}",
             "config": _chart_text(getattr(part.charts, name)),
             "pads": None if chart(prefs, name) is None
             else _chart_text(getattr(force.charts, name)),
             "in_force": _chart_text(getattr(force.charts, name))}
            for name in CHART_NAMES]


SECTION = GameSection(
    keys=KEYS,
    tables={"variants": VARIANT_KEYS, "charts": CHART_NAMES,
            **{f"charts.{name}": CHART_KEYS for name in CHART_NAMES},
            "boards.N": ("name", "zone")},
    parse=parse, at_top=True, setup=setup,
    settings=lambda part, names: part.settings(names),
    prefs={CHARTS_KEY: PrefsKey(check=_check_charts, to_json=_charts_json,
                                salvage=_good_charts)},
    in_force=in_force, rows=rows,
)
"""MUSH's part of the configuration, as its box declares it."""
