"""The companion's one configuration file (TOML), parsed strictly into frozen values.

Why strict: the companion runs headless beside a board game; a typo that is silently
ignored shows up an hour later as "the pads do nothing" or "the charts are wrong". So
every key is optional with a documented default (docs/config.example.toml, which the
tests load), and every unknown key or wrong value stops the program at start with the
file, the dotted key and what is allowed, e.g.
`config.toml: game.arrangement: must be one of intro, standard, custom (got 'medium')`.
Every problem of a file is listed at once (`ConfigProblems`), and anything `run` would
trip on later (a key name pygame does not know, a journal folder that cannot be made, a
NUL, nan or inf) is caught here: `check-config` and `run` share this one path, so a file
the check accepts is a file the companion starts with.

The `[pads]` and `[voice]` tables belong to their packages; this module checks their key
names (for the did-you-mean hint) and hands the values to their own parsers.
"""

from __future__ import annotations

import dataclasses
import logging
import os
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, TypeVar

# Reading the [voice] table imports the voice package, which imports pygame, whose banner
# would otherwise land on stdout of tools whose output is data (`state --json`).
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from companion.config.checks import (
    ConfigProblems,
    as_bool,
    as_choice,
    as_int,
    as_list,
    as_seconds,
    as_table,
    every_problem,
    known_keys,
)
from companion.config.game import GameConfig, default_players, parse_game
from companion.config.game import accepted_keys as game_keys
from companion.config.prefs import Prefs
from companion.config.section import section_of
from companion.config.table import TableConfig
from companion.exc import ConfigError
from companion.files import FileProblem, Limits, brief, parse_toml, read_text
from companion.games import DEFAULT as DEFAULT_GAME
from companion.games import installed as installed_games
from companion.pads.config import (
    BUTTON_KEYS,
    GpioConfig,
    KeyboardConfig,
    PadsConfig,
    SerialConfig,
    parse_gpio,
    parse_keyboard,
    parse_pads_config,
    parse_serial,
)
from companion.store.where import store_problem
from companion.voice.config import VoiceConfig
from companion.web.config import KEYS as WEB_KEYS
from companion.web.config import WebConfig, parse_web

APP = "mush-companion"
SYSTEM_CONFIG = Path("/etc") / APP / "config.toml"
JOURNAL_NAME = "journal.sqlite3"
DICE_MODES = ("companion", "physical")
SCREEN_LANGUAGES = ("en", "fr", "de")
LOG_LEVELS = ("debug", "info", "warning", "error", "critical")
CONFIG_LIMITS = Limits(size=1 << 20, depth=16, key_parts=16, digits=40)
"""A config file is read only within these bounds (companion.files): the documented
example is 8 KB, 3 brackets deep and its longest number has 6 digits."""
T = TypeVar("T")


TABLE_KEYS: tuple[str, ...] = ("reduce_seconds", "reroll_seconds", "claim_seconds",
                               "hold_seconds", "dice")
"""The keys of `[table]`: the timings a group may change, and who rolls the dice
("companion", or "physical": the group rolls the wooden dice and the roller enters the
result on the pads). They fill the one `TableConfig` (`companion.config.table`), whose
defaults are the only ones; the rest of it (screen timings, setup) comes from `[game]` and
the table's own defaults."""


@dataclass(frozen=True)
class DisplayConfig:
    """The pygame window: fullscreen on the Pi, a window on a desktop.

    size None means the screen's own size when fullscreen, 1280x720 in a window.
    """

    fullscreen: bool = True
    size: tuple[int, int] | None = None
    fps: int = 30
    language: str | None = None  # the screen's words; None: the voice's language


@dataclass(frozen=True)
class StoreConfig:
    """Where the journal lives."""

    path: Path


@dataclass(frozen=True)
class LogConfig:
    """How much the companion writes to its log (the journal of systemd on the Pi)."""

    level: str = "info"

    @property
    def logging_level(self) -> int:
        """The level as the `logging` module numbers it."""
        return int(getattr(logging, self.level.upper()))


@dataclass(frozen=True)
class Config:
    """The whole configuration; `file` is None when every default was used."""

    # [game] players: every game's setup starts from them
    players: tuple[str, ...] = field(default_factory=default_players)
    game_name: str = DEFAULT_GAME  # [game] name: the game a new table sets up (companion.games)
    # each game's own part, read by its section from [game.<name>] (companion.config.
    # section), by the game's name; a game not here has its section's defaults
    games: Mapping[str, Any] = field(default_factory=dict)
    table: TableConfig = field(default_factory=TableConfig)
    pads: PadsConfig = field(default_factory=PadsConfig)
    voice: VoiceConfig = field(default_factory=VoiceConfig)
    display: DisplayConfig = field(default_factory=DisplayConfig)
    store: StoreConfig = field(default_factory=lambda: StoreConfig(default_journal_path()))
    log: LogConfig = field(default_factory=LogConfig)
    web: WebConfig = field(default_factory=WebConfig)
    file: Path | None = None

    def part(self, name: str) -> Any:
        """The part of the game called `name`: what its setup starts from besides the
        players (MUSH's arrangement, variants, charts and boards)."""
        if name in self.games:
            return self.games[name]
        return section_of(name).default(f"game.{name}")


# --- where the files are ------------------------------------------------------------


def _home(env: Mapping[str, str]) -> Path:
    return Path(env.get("HOME") or Path.home())


def user_config_path(env: Mapping[str, str] | None = None) -> Path:
    """`$XDG_CONFIG_HOME/mush-companion/config.toml`, else `~/.config/...`."""
    env = os.environ if env is None else env
    base = env.get("XDG_CONFIG_HOME") or str(_home(env) / ".config")
    return Path(base) / APP / "config.toml"


def default_config_path(env: Mapping[str, str] | None = None,
                        system: Path = SYSTEM_CONFIG) -> Path:
    """The Pi's `/etc/mush-companion/config.toml` when it exists, else the user's file."""
    return system if system.is_file() else user_config_path(env)


def default_journal_path(env: Mapping[str, str] | None = None) -> Path:
    """`$STATE_DIRECTORY/journal.sqlite3` under systemd (StateDirectory=mush-companion
    gives /var/lib/mush-companion), else `$XDG_DATA_HOME/mush-companion/journal.sqlite3`
    or `~/.local/share/mush-companion/journal.sqlite3`."""
    env = os.environ if env is None else env
    state = env.get("STATE_DIRECTORY", "").split(":")[0]
    if state:
        return Path(state) / JOURNAL_NAME
    base = env.get("XDG_DATA_HOME") or str(_home(env) / ".local" / "share")
    return Path(base) / APP / JOURNAL_NAME


# --- [table], [display], [store], [log] --------------------------------------------------


def parse_table(value: object, key: str = "table") -> TableConfig:
    """`[table]`: the controller's timings."""
    table = as_table(value, key)
    known_keys(table, TABLE_KEYS, key)
    d = TableConfig()

    def seconds(name: str) -> float:
        return as_seconds(table.get(name, getattr(d, name)), f"{key}.{name}")

    dice = as_choice(table.get("dice", "physical" if d.physical_dice else "companion"),
                   f"{key}.dice", DICE_MODES)
    return TableConfig(reduce_seconds=seconds("reduce_seconds"),
                       reroll_seconds=seconds("reroll_seconds"),
                       claim_seconds=seconds("claim_seconds"),
                       hold_seconds=seconds("hold_seconds"),
                       physical_dice=dice == "physical")


def parse_display(value: object, key: str = "display") -> DisplayConfig:
    """`[display]`: fullscreen, size, frame-rate cap."""
    table = as_table(value, key)
    known_keys(table, ("fullscreen", "size", "fps", "language"), key)
    size = None
    if "size" in table:
        pair = as_list(table["size"], f"{key}.size")
        if len(pair) != 2:
            raise ConfigError(f"{key}.size", f"[width, height] in pixels (got {pair!r})")
        size = (as_int(pair[0], f"{key}.size.0", 320, 7680),
                as_int(pair[1], f"{key}.size.1", 240, 4320))
    return DisplayConfig(
        fullscreen=as_bool(table.get("fullscreen", True), f"{key}.fullscreen"),
        size=size,
        fps=as_int(table.get("fps", 30), f"{key}.fps", 1, 240),
        language=(as_choice(table["language"], f"{key}.language", SCREEN_LANGUAGES)
                  if "language" in table else None),
    )


def parse_store(value: object, base: Path | None, env: Mapping[str, str] | None = None,
                key: str = "store") -> StoreConfig:
    """`[store]`: the journal's path; a relative path is relative to the config file.

    The path must be able to hold a game (`store_problem`): `check-config` and `run` both
    come through here, so a path the check accepts is one the journal can use, and a file
    that is not a journal is never offered to the journal to "recover".
    """
    table = as_table(value, key)
    known_keys(table, ("path",), key)
    if "path" not in table:
        return StoreConfig(default_journal_path(env))
    text = table["path"]
    if not isinstance(text, str) or not text.strip():
        raise ConfigError(f"{key}.path", f"must be a file path (got {brief(text)})")
    try:
        path = Path(text).expanduser()
    except RuntimeError:  # ~nosuchuser: no such user, or no home to expand
        user = text[1:].split("/", 1)[0]
        raise ConfigError(f"{key}.path", f"{brief(text)} starts with ~{user}, but there is "
                          f"no user {user!r} (or no home folder) on this machine") from None
    if not path.is_absolute() and base is not None:
        path = base / path
    problem = store_problem(path)
    if problem is not None:
        raise ConfigError(f"{key}.path", problem)
    return StoreConfig(path)


def parse_log(value: object, key: str = "log") -> LogConfig:
    """`[log]`: the level, in any case."""
    table = as_table(value, key)
    known_keys(table, ("level",), key)
    level = table.get("level", "info")
    if isinstance(level, str):
        level = level.lower()
    return LogConfig(as_choice(level, f"{key}.level", LOG_LEVELS))


# --- [pads], [voice]: their own parsers ---------------------------------------------------

_PADS_SUBTABLES: dict[str, type] = {"gpio": GpioConfig, "serial": SerialConfig,
                                    "keyboard": KeyboardConfig}


_PADS_PARSERS: dict[str, Callable[[object, str], object]] = {
    "gpio": parse_gpio, "serial": parse_serial, "keyboard": parse_keyboard}


def _fields(cls: type) -> tuple[str, ...]:
    return tuple(f.name for f in dataclasses.fields(cls))


def parse_pads(value: object, hold: float | None, key: str = "pads") -> PadsConfig:
    """`[pads]` through `companion.pads.config`, after a did-you-mean check of its keys.

    `[table] hold_seconds` and `[pads] hold_s` are one setting seen from two sides; the
    pads take the table's value when only that one is given.
    """
    table = dict(as_table(value, key))
    known_keys(table, _fields(PadsConfig), key)
    problems: list[ConfigError] = []
    for name, cls in _PADS_SUBTABLES.items():
        if name in table:
            sub = as_table(table[name], f"{key}.{name}")
            try:
                known_keys(sub, _fields(cls), f"{key}.{name}")
            except ConfigError as exc:  # noted; the known keys are still checked below
                problems.extend(exc.problems if isinstance(exc, ConfigProblems) else [exc])
                table[name] = {k: v for k, v in sub.items() if k in _fields(cls)}
    if hold is not None:
        if "hold_s" in table and table["hold_s"] != hold:
            raise ConfigError(f"{key}.hold_s", f"differs from table.hold_seconds ({hold:g}); "
                              "they are one setting, give only one")
        table["hold_s"] = hold
    # each sub-table on its own first, so a file with problems in several gets them all
    for name, parser in _PADS_PARSERS.items():
        if name in table:
            problems += every_problem(lambda t, p=parser, n=name: p(t, f"{key}.{n}"),  # type: ignore[misc]
                              table[name], f"{key}.{name}")
    problems += every_problem(lambda t: parse_pads_config(t, key),
                      {k: v for k, v in table.items() if k not in _PADS_PARSERS}, key)
    if problems:
        raise ConfigProblems(problems)
    return parse_pads_config(table, key)


def parse_voice(value: object, key: str = "voice") -> VoiceConfig:
    """`[voice]` through `companion.voice.config`, after a did-you-mean check of its keys."""
    table = as_table(value, key)
    known_keys(table, _fields(VoiceConfig), key)
    return VoiceConfig.from_dict(table)


# --- the whole file -----------------------------------------------------------------

SECTIONS = ("game", "table", "pads", "voice", "display", "store", "log", "web")


def parse_config(data: Mapping[str, Any], *, file: Path | None = None,
                 env: Mapping[str, str] | None = None) -> Config:
    """A `Config` from the TOML data; a `ConfigError` names the file and the dotted key."""
    problems: list[ConfigError] = []

    def check(parse: Callable[[], T], fallback: Callable[[], T]) -> T:
        """Parse one part; on a problem note it and go on with the default, so every
        section of the file is checked and every problem listed."""
        try:
            return parse()
        except ConfigProblems as exc:
            problems.extend(exc.problems)
        except ConfigError as exc:
            problems.append(exc)
        return fallback()

    def section(name: str, parse: Callable[[Any], T], fallback: Callable[[], T]) -> T:
        """Parse one section; on problems note every one of them (each bad key left out
        in turn) and go on with the default."""
        value = data.get(name, {})
        try:
            return parse(value)
        except ConfigError:
            problems.extend(every_problem(parse, value, name))
        return fallback()

    check(lambda: _no_nul(data, ""), lambda: None)
    check(lambda: known_keys(data, SECTIONS, ""), lambda: None)
    voice = section("voice", parse_voice, VoiceConfig)
    table_data: Mapping[str, Any] = check(lambda: as_table(data.get("table", {}), "table"), dict)
    table = section("table", parse_table, TableConfig)
    pads_data: Mapping[str, Any] = check(lambda: as_table(data.get("pads", {}), "pads"), dict)
    if "hold_seconds" in table_data:
        pads = check(lambda: parse_pads(pads_data, table.hold_seconds), PadsConfig)
    else:
        pads = check(lambda: parse_pads(pads_data, None), PadsConfig)
        table = dataclasses.replace(table, hold_seconds=pads.hold_s)
    game = check(lambda: parse_game(data.get("game", {}), voice.language),
                 lambda: GameConfig(players=default_players(voice.language)))
    config = Config(
        players=game.players,
        game_name=game.name,
        games=game.parts,
        table=table,
        pads=pads,
        voice=voice,
        display=section("display", parse_display, DisplayConfig),
        store=section("store", lambda t: parse_store(t, file.parent if file else None, env),
                      lambda: StoreConfig(default_journal_path(env))),
        log=section("log", parse_log, LogConfig),
        web=section("web", parse_web, WebConfig),
        file=file,
    )
    if config.pads.source == "web" and not config.web.enabled:
        problems.append(ConfigError("pads.source", "\"web\" needs the phones' server: "
                                    "set [web] enabled = true, or choose other pads"))
    if problems:
        raise ConfigProblems(problems, str(file) if file is not None else None)
    return config


def _no_nul(value: object, key: str) -> None:
    """No text anywhere may hold a NUL: no path, program or name can contain one."""
    if isinstance(value, str) and "\0" in value:
        raise ConfigError(key or "file", "contains a NUL character")
    if isinstance(value, Mapping):
        for name, item in value.items():
            _no_nul(item, f"{key}.{name}" if key else str(name))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            _no_nul(item, f"{key}.{index}")


def load_config(path: str | Path | None = None, *,
                env: Mapping[str, str] | None = None) -> Config:
    """Read and check the config file.

    With no path, the default file is read when it exists and every default is used when
    it does not (a fresh desktop install needs no file); a path that was asked for must
    exist.
    """
    if path is None:
        default = default_config_path(env)
        if not default.is_file():
            return parse_config({}, env=env)
        path = default
    file = Path(path)
    try:
        data = parse_toml(read_text(file, CONFIG_LIMITS.size), CONFIG_LIMITS, file)
    except FileNotFoundError:
        raise ConfigError("file", "no such file", str(file)) from None
    except FileProblem as exc:
        key = "syntax" if exc.problem.startswith(("TOML syntax", "line ")) else "file"
        problem = exc.problem.removeprefix("TOML syntax: ")
        raise ConfigError(key, problem, str(file)) from None
    try:
        return parse_config(data, file=file, env=env)
    except ConfigError:
        raise
    except (ValueError, TypeError, LookupError, RecursionError, OverflowError) as exc:
        # a value no check above foresaw: still named with its file, never a traceback
        raise ConfigError("file", f"cannot be checked: {type(exc).__name__}: "
                          f"{brief(str(exc), 120)}", str(file)) from None


# --- the pads' settings over the file's ---------------------------------------------
# The config file gives the defaults and the pads override (companion.config.prefs keeps
# what they set). These are the one place that combines the two, so the table, the voice
# and `mush-companion state` can never disagree about which value is in force.


def screen_language(config: Config, prefs: Prefs) -> str:
    """The screen's language: set on the pads, else [display] language, else the voice's."""
    return prefs.screen_language or config.display.language or config.voice.language


def apply_prefs(config: Config, prefs: Prefs) -> Config:
    """The config with the pads' settings in force (voice, window lengths, charts, names)."""
    voice = replace(
        config.voice,
        language=prefs.voice_language or config.voice.language,
        volume=config.voice.volume if prefs.volume is None else prefs.volume,
        muted=config.voice.muted if prefs.muted is None else prefs.muted)
    table = replace(config.table, **{
        name: getattr(prefs, name) for name in ("reduce_seconds", "reroll_seconds",
                                                "claim_seconds")
        if getattr(prefs, name) is not None})
    games = {name: section_of(name).in_force(config.part(name), prefs)
             for name in installed_games()}
    return replace(config, voice=voice, table=table, games=games)


def settings_rows(config: Config, prefs: Prefs) -> list[dict[str, Any]]:
    """Each setting the pads can change: the config file's value, the pads' value (None
    when not set on the pads) and the one in force, for `mush-companion state`."""
    force = apply_prefs(config, prefs)
    rows: list[dict[str, Any]] = [
        {"setting": "screen language", "config": config.voice.language,
         "pads": prefs.screen_language, "in_force": screen_language(config, prefs)},
        {"setting": "voice.language", "config": config.voice.language,
         "pads": prefs.voice_language, "in_force": force.voice.language},
        {"setting": "voice.volume", "config": config.voice.volume, "pads": prefs.volume,
         "in_force": force.voice.volume},
        {"setting": "voice.muted", "config": config.voice.muted, "pads": prefs.muted,
         "in_force": force.voice.muted},
    ]
    for name in ("reduce_seconds", "reroll_seconds", "claim_seconds"):
        rows.append({"setting": f"table.{name}", "config": getattr(config.table, name),
                     "pads": getattr(prefs, name), "in_force": getattr(force.table, name)})
    rows.append({"setting": "game.players", "config": list(config.players),
                 "pads": list(prefs.seat_names) if prefs.seat_names else None,
                 "in_force": list(prefs.seat_names or config.players)})
    for name in installed_games():  # each game's own: MUSH's board charts
        rows += section_of(name).rows(config.part(name), force.part(name), prefs)
    return rows


def accepted_keys() -> dict[str, tuple[str, ...]]:
    """Every table the parser reads and its keys (the docs test checks the example)."""
    return {
        **game_keys(),
        "table": TABLE_KEYS,
        "pads": _fields(PadsConfig),
        **{f"pads.{name}": _fields(cls) for name, cls in _PADS_SUBTABLES.items()},
        "pads.gpio.seats.N": (*BUTTON_KEYS, "led"),
        "pads.keyboard.seats.N": BUTTON_KEYS,
        "voice": _fields(VoiceConfig),
        "display": ("fullscreen", "size", "fps", "language"),
        "store": ("path",),
        "log": ("level",),
        "web": WEB_KEYS,
    }
