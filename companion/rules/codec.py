"""Versioned JSON for states, events and commands, with exact round-trips.

The journal and the exports store these texts; a reader in any language can follow
them with `docs/journal-format.md`. Encoding is generic over the frozen dataclasses so a
new field can never be forgotten by a hand-written serializer.
"""

from __future__ import annotations

import dataclasses
import json
import types
import typing
from enum import Enum
from functools import cache
from typing import Any, TypeVar, Union

from companion.exc import CodecError as CodecError
from companion.rules import commands as cmd
from companion.rules import events as ev
from companion.rules.state import STATE_VERSION, GameState

FORMAT_VERSION = 1
"""Version of the JSON envelope for events and commands; bumped on incompatible change."""

T = TypeVar("T")

_EVENTS: dict[str, type[ev.Event]] = {t.__name__: t for t in ev.EVENT_TYPES}
_COMMANDS: dict[str, type[cmd.Command]] = {t.__name__: t for t in cmd.COMMAND_TYPES}




def to_data(value: Any) -> Any:
    """A JSON-ready value: dataclasses become objects, enums their values, tuples lists."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: to_data(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, tuple | list):
        return [to_data(v) for v in value]
    return value


@cache
def _hints(cls: type) -> dict[str, Any]:
    return typing.get_type_hints(cls)


def from_data(tp: Any, data: Any) -> Any:
    """Rebuild a value of type `tp` from `to_data`'s output, checking shapes as it goes."""
    origin = typing.get_origin(tp)
    if origin in (Union, types.UnionType):
        options = typing.get_args(tp)
        if data is None and type(None) in options:
            return None
        errors = []
        for option in options:
            if option is type(None):
                continue
            try:
                return from_data(option, data)
            except (CodecError, TypeError, ValueError, KeyError) as exc:
                errors.append(str(exc))
        raise CodecError(f"{data!r} fits none of {tp}: {errors}")
    if origin is tuple:
        args = typing.get_args(tp)
        if not isinstance(data, list):
            raise CodecError(f"expected a list for {tp}, got {data!r}")
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(from_data(args[0], v) for v in data)
        if len(args) != len(data):
            raise CodecError(f"expected {len(args)} items for {tp}, got {len(data)}")
        return tuple(from_data(a, v) for a, v in zip(args, data, strict=True))
    if isinstance(tp, type) and issubclass(tp, Enum):
        return tp(data)
    if isinstance(tp, type) and dataclasses.is_dataclass(tp):
        if not isinstance(data, dict):
            raise CodecError(f"expected an object for {tp.__name__}, got {data!r}")
        hints = _hints(tp)
        known = {f.name for f in dataclasses.fields(tp)}
        unknown = set(data) - known
        if unknown:
            raise CodecError(f"{tp.__name__} has no field(s) {sorted(unknown)}")
        kwargs = {name: from_data(hints[name], value) for name, value in data.items()}
        return tp(**kwargs)
    if tp is bool:
        if not isinstance(data, bool):
            raise CodecError(f"expected true/false, got {data!r}")
        return data
    if tp is int:
        if isinstance(data, bool) or not isinstance(data, int):
            raise CodecError(f"expected an integer, got {data!r}")
        return data
    if tp is str:
        if not isinstance(data, str):
            raise CodecError(f"expected a string, got {data!r}")
        return data
    raise CodecError(f"cannot decode type {tp!r}")


def _dumps(data: Any) -> str:
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"), sort_keys=True)


def _loads(text: str) -> Any:
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise CodecError(f"not JSON: {exc}") from exc


def state_to_json(state: GameState) -> str:
    """The whole state as versioned JSON."""
    return _dumps({"v": STATE_VERSION, "state": to_data(state)})


def state_from_json(text: str) -> GameState:
    """A state from `state_to_json`'s output."""
    data = _loads(text)
    if not isinstance(data, dict) or data.get("v") != STATE_VERSION:
        raise CodecError(f"state JSON of an unknown version: {str(data)[:60]}")
    state: GameState = from_data(GameState, data["state"])
    return state


def event_to_data(event: ev.Event) -> dict[str, Any]:
    """An event as a JSON-ready object with its type name and format version."""
    return {"v": FORMAT_VERSION, "type": type(event).__name__, **to_data(event)}


def event_from_data(data: Any) -> ev.Event:
    """An event from `event_to_data`'s output."""
    if not isinstance(data, dict):
        raise CodecError(f"an event is a JSON object, got {data!r}")
    body = dict(data)
    version, name = body.pop("v", None), body.pop("type", None)
    if version != FORMAT_VERSION:
        raise CodecError(f"event of an unknown format version {version!r}")
    if name not in _EVENTS:
        raise CodecError(f"unknown event type {name!r}")
    event: ev.Event = from_data(_EVENTS[name], body)
    return event


def event_to_json(event: ev.Event) -> str:
    """One event as a JSON text (one line of a JSON Lines export)."""
    return _dumps(event_to_data(event))


def event_from_json(text: str) -> ev.Event:
    """An event from `event_to_json`'s output."""
    return event_from_data(_loads(text))


def command_to_json(command: cmd.Command) -> str:
    """A command as JSON, for logs and recorded games."""
    return _dumps({"v": FORMAT_VERSION, "type": type(command).__name__, **to_data(command)})


def command_from_json(text: str) -> cmd.Command:
    """A command from `command_to_json`'s output."""
    data = _loads(text)
    if not isinstance(data, dict) or data.pop("v", None) != FORMAT_VERSION:
        raise CodecError("command JSON of an unknown version")
    name = data.pop("type", None)
    if name not in _COMMANDS:
        raise CodecError(f"unknown command type {name!r}")
    command: cmd.Command = from_data(_COMMANDS[name], data)
    return command
