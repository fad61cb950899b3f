"""A game's own part of the configuration: its `[game.<name>]` section of the config file,
what its setup starts from, and the keys it keeps in the pads' settings file.

The config file's parser, the pads' settings and `mush-companion state` are written
against `GameSection`, never against a game: each game's box declares one (`Box.config`)
in its own folder, and the shared parts carry its value (a game's "part": MUSH's
arrangement, variants, charts and boards) without looking inside. A game that declares
none has no settings of its own: its players are `[game] players`, as for every game.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from companion.games import boxed, installed


def _no_part(table: Mapping[str, Any], key: str) -> None:
    return None


@dataclass(frozen=True)
class PrefsKey:
    """One key a game keeps in the pads' settings file (`table-settings.json`), beside the
    table's own (languages, volume, window lengths, names)."""

    check: Callable[[object, str], Any]
    """The value read from the file, checked: `(value, key) -> value`, or a `ValueError`
    whose message starts with the key and says what is wrong."""
    to_json: Callable[[Any], object]
    """The value as the file holds it (JSON data)."""
    salvage: Callable[[object, str], Any] = field(default=lambda value, key: None)
    """What can still be used of a value `check` refused (MUSH keeps the charts that are
    right when one is wrong); None: nothing."""


@dataclass(frozen=True)
class GameSection:
    """What a game reads from the config file and the pads' settings, and how setup
    starts from it.

    Every callable takes and returns the game's part as an opaque value: the shared
    parts store it (`Config.games`, `TableConfig.game`) and hand it back to the game.
    """

    keys: tuple[str, ...] = ()
    """The keys of its `[game.<name>]` table (its sub-tables included)."""
    tables: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    """Its sub-tables and their keys, by their dotted names under the section
    (`"variants"`, `"charts.central"`, `"boards.N"` for each entry of a list), so that
    `accepted_keys` lists every key the example file must document."""
    parse: Callable[[Mapping[str, Any], str], Any] = _no_part
    """Its table into its part: `(table, dotted key) -> part`; a `ConfigError` names the
    key below the one given. `parse({}, key)` is the part of a file that says nothing."""
    at_top: bool = False
    """Whether its keys are also read from `[game]` itself, as a config file written when
    the table played one game holds them (not both: a file gives them in one place)."""
    setup: Callable[[Any, Any], Any] = field(default=lambda part, settings: part)
    """The part setup starts from: `(the config's part, the settings of the game last
    played or None) -> part` (a game taken up again keeps the boards it was set up with)."""
    settings: Callable[[Any, tuple[str, ...]], Any] | None = None
    """The settings a new game is created with from the command line (`new-game`), given
    its part and the players' names; None when the game is only set up on the pads."""
    prefs: Mapping[str, PrefsKey] = field(default_factory=dict)
    """Its keys in the pads' settings file."""
    in_force: Callable[[Any, Any], Any] = field(default=lambda part, prefs: part)
    """Its part with what the pads set over the config file's: `(part, Prefs) -> part`."""
    rows: Callable[[Any, Any, Any], list[dict[str, Any]]] = field(
        default=lambda part, force, prefs: [])
    """Its lines of `mush-companion state`'s settings: `(the config's part, the part in
    force, Prefs) -> rows` (`setting`, `config`, `pads`, `in_force`)."""

    def default(self, key: str) -> Any:
        """The part of a config file that says nothing about the game."""
        return self.parse({}, key)


NO_SECTION = GameSection()
"""A game with no settings of its own."""


def section_of(name: str) -> GameSection:
    """The config section of the installed game called `name` (a `LookupError` naming
    the installed ones if none is; none for a game installed with its rules only)."""
    box = boxed(name)
    found = box.config if box is not None else None
    if found is None:
        return NO_SECTION
    assert isinstance(found, GameSection), f"{name}: Box.config is not a GameSection"
    return found


def sections() -> dict[str, GameSection]:
    """Every installed game's section, in the registry's order."""
    return {name: section_of(name) for name in installed()}


__all__ = ["NO_SECTION", "GameSection", "PrefsKey", "section_of", "sections"]
