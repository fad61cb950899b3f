"""Versioned JSON for Canoe states, events, commands and settings, with exact round-trips.

The encoding is the generic one of frozen dataclasses (`kernel`), so a new field can
never be forgotten by a hand-written serializer, and the envelopes are the ones every
game's journal uses: `{"v", "type", ...fields}` for an event or a command,
`{"v", "state"}` for a state, `{"v", "settings"}` for settings. The journal records
which game a game is, so an envelope does not repeat it.
"""

from __future__ import annotations

import json
import zlib
from typing import Any

from companion.core.codec import Codec
from companion.exc import CodecError
from companion.games.canoe import commands as cmd
from companion.games.canoe import events as ev
from companion.games.canoe.kernel import from_data, to_data
from companion.games.canoe.settings import Settings
from companion.games.canoe.state import STATE_VERSION, GameState

FORMAT_VERSION = 1
"""Version of the JSON envelope of Canoe events, commands and settings."""

_EVENTS: dict[str, type[ev.Event]] = {t.__name__: t for t in ev.EVENT_TYPES}
_COMMANDS: dict[str, type[cmd.Command]] = {t.__name__: t for t in cmd.COMMAND_TYPES}

CODEC = Codec(events=ev.EVENT_TYPES, commands=cmd.COMMAND_TYPES, state=GameState,
              state_version=STATE_VERSION, settings=Settings, format_version=FORMAT_VERSION)
"""The Canoe game's codec as the seam's journal asks it (the functions below give the
same texts, and `settings_from_json` also checks the settings)."""

format_version = FORMAT_VERSION
state_version = STATE_VERSION
event_types = ev.EVENT_TYPES
command_types = cmd.COMMAND_TYPES
vocabulary = (zlib.crc32(";".join([f"v{FORMAT_VERSION}", *sorted(
    f"{t.__name__}({','.join(t.__dataclass_fields__)})" for t in ev.EVENT_TYPES)]).encode())
    & 0x7FFFFFFF) or 1
"""A fingerprint of the events this program reads (the format version, every event type
and its fields), as a journal marks its file with: the same shape as every game's codec,
so a journal tells a Canoe file from a damaged one, or from MUSH's."""


def dumps(data: Any) -> str:
    """Compact, key-sorted JSON: the same value always gives the same text."""
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"), sort_keys=True)


def loads(text: str) -> Any:
    """JSON text to data, a `CodecError` when it is not JSON."""
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise CodecError(f"not JSON: {exc}") from exc


def state_to_json(state: GameState) -> str:
    """The whole state as versioned JSON."""
    return dumps({"v": STATE_VERSION, "state": to_data(state)})


def state_from_json(text: str) -> GameState:
    """A state from `state_to_json`'s output."""
    data = loads(text)
    if not isinstance(data, dict) or data.get("v") != STATE_VERSION or "state" not in data:
        raise CodecError(f"Canoe state JSON of an unknown version: {str(data)[:60]}")
    state: GameState = from_data(GameState, data["state"])
    return state


def event_to_data(event: ev.Event) -> dict[str, Any]:
    """An event as a JSON-ready object with its type name and format version."""
    return {"v": FORMAT_VERSION, "type": type(event).__name__, **to_data(event)}


def event_from_data(data: Any) -> ev.Event:
    """An event from `event_to_data`'s output."""
    if not isinstance(data, dict):
        raise CodecError(f"an event is a JSON object, got {str(data)[:60]}")
    body = dict(data)
    version, name = body.pop("v", None), body.pop("type", None)
    if version != FORMAT_VERSION:
        raise CodecError(f"Canoe event of an unknown format version {version!r}")
    if name not in _EVENTS:
        raise CodecError(f"unknown Canoe event type {name!r}")
    event: ev.Event = from_data(_EVENTS[name], body)
    return event


def event_to_json(event: ev.Event) -> str:
    """One event as a JSON text (one line of a JSON Lines export)."""
    return dumps(event_to_data(event))


def event_from_json(text: str) -> ev.Event:
    """An event from `event_to_json`'s output."""
    return event_from_data(loads(text))


def command_to_json(command: cmd.Command) -> str:
    """A command as JSON, for logs and recorded games."""
    return dumps({"v": FORMAT_VERSION, "type": type(command).__name__, **to_data(command)})


def command_from_json(text: str) -> cmd.Command:
    """A command from `command_to_json`'s output."""
    data = loads(text)
    if not isinstance(data, dict) or data.pop("v", None) != FORMAT_VERSION:
        raise CodecError("Canoe command JSON of an unknown version")
    name = data.pop("type", None)
    if name not in _COMMANDS:
        raise CodecError(f"unknown Canoe command type {name!r}")
    command: cmd.Command = from_data(_COMMANDS[name], data)
    return command


def settings_to_json(settings: Settings) -> str:
    """A game's settings as JSON (the journal's record of a game)."""
    return dumps({"v": FORMAT_VERSION, "settings": to_data(settings)})


def settings_from_json(text: str) -> Settings:
    """Settings from `settings_to_json`'s output, checked (a `SettingsError` names the
    setting that cannot make a game)."""
    data = loads(text)
    if not isinstance(data, dict) or data.get("v") != FORMAT_VERSION or "settings" not in data:
        raise CodecError("Canoe settings JSON of an unknown version")
    settings: Settings = from_data(Settings, data["settings"])
    settings.check()
    return settings
