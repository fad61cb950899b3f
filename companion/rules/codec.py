"""MUSH's JSON: the kernel's codec (`companion.core.codec`) over MUSH's types.

The journal and the exports store these texts; a reader in any language can follow them
with `docs/journal-format.md`. `CODEC` is what the journal knows of MUSH's JSON; the
functions below are the same, by the names the rest of the rules use.
"""

from __future__ import annotations

from typing import Any

from companion.core.codec import FORMAT_VERSION, Codec, from_data, to_data
from companion.rules import commands as cmd
from companion.rules import events as ev
from companion.rules.settings import Settings
from companion.rules.state import STATE_VERSION, GameState

CODEC = Codec(events=ev.EVENT_TYPES, commands=cmd.COMMAND_TYPES, state=GameState,
              state_version=STATE_VERSION, settings=Settings)
"""MUSH's registry of event and command types, its state and its settings."""


def state_to_json(state: GameState) -> str:
    """The whole state as versioned JSON."""
    return CODEC.state_to_json(state)


def state_from_json(text: str) -> GameState:
    """A state from `state_to_json`'s output."""
    state: GameState = CODEC.state_from_json(text)
    return state


def event_to_data(event: ev.Event) -> dict[str, Any]:
    """An event as a JSON-ready object with its type name and format version."""
    return CODEC.event_to_data(event)


def event_from_data(data: Any) -> ev.Event:
    """An event from `event_to_data`'s output."""
    event = CODEC.event_from_data(data)
    assert isinstance(event, ev.Event)
    return event


def event_to_json(event: ev.Event) -> str:
    """One event as a JSON text (one line of a JSON Lines export)."""
    return CODEC.event_to_json(event)


def event_from_json(text: str) -> ev.Event:
    """An event from `event_to_json`'s output."""
    event = CODEC.event_from_json(text)
    assert isinstance(event, ev.Event)
    return event


def command_to_json(command: cmd.Command) -> str:
    """A command as JSON, for logs and recorded games."""
    return CODEC.command_to_json(command)


def command_from_json(text: str) -> cmd.Command:
    """A command from `command_to_json`'s output."""
    command = CODEC.command_from_json(text)
    assert isinstance(command, cmd.Command)
    return command


def settings_to_json(settings: Settings) -> str:
    """Settings as versioned JSON (the journal's `games.settings` column)."""
    return CODEC.settings_to_json(settings)


def settings_from_json(text: str) -> Settings:
    """Settings from `settings_to_json`'s output."""
    settings: Settings = CODEC.settings_from_json(text)
    return settings


__all__ = [
    "CODEC", "FORMAT_VERSION", "command_from_json", "command_to_json",
    "event_from_data", "event_from_json", "event_to_data", "event_to_json", "from_data",
    "settings_from_json", "settings_to_json", "state_from_json", "state_to_json", "to_data",
]
