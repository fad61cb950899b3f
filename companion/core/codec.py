"""Versioned JSON for any game's states, events, commands and settings, exact both ways.

Encoding is generic over frozen dataclasses, so a new field can never be forgotten by a
hand-written serializer, and a game only declares its types: a `Codec` is built from the
game's event and command types (its registry: a type name in the JSON names one of
them), its state type and its settings type. The journal and the exports store these
texts; `docs/journal-format.md` describes MUSH's for readers in any language.
"""

from __future__ import annotations

import dataclasses
import json
import types
import typing
import zlib
from collections.abc import Sequence
from enum import Enum
from functools import cache
from typing import Any, Generic, TypeVar, Union

from companion.core.acts import Command, Event
from companion.exc import CodecError

FORMAT_VERSION = 1
"""Version of the JSON envelope for events, commands and settings; bumped on an
incompatible change."""


LATER = {"later": True}
"""`dataclasses.field(metadata=LATER)`: a field added after files were written with its
dataclass. It is written only when it differs from its default, so what was written
before it is written again (exported, backed up) exactly as it was; read back, a missing
field takes its default."""


def to_data(value: Any) -> Any:
    """A JSON-ready value: dataclasses become objects, enums their values, tuples lists
    (a field added later is left out while it holds its default: `LATER`)."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: to_data(getattr(value, f.name)) for f in dataclasses.fields(value)
                if not (f.metadata.get("later") and getattr(value, f.name) == f.default)}
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
    if isinstance(origin, type) and dataclasses.is_dataclass(origin):
        # a generic dataclass given its type arguments (the kernel's `Piles[Card]`)
        bound = dict(zip(getattr(origin, "__parameters__", ()), typing.get_args(tp),
                         strict=True))
        return _dataclass(origin, data, {name: _bind(hint, bound)
                                         for name, hint in _hints(origin).items()})
    if isinstance(tp, type) and issubclass(tp, Enum):
        return tp(data)
    if isinstance(tp, type) and dataclasses.is_dataclass(tp):
        return _dataclass(tp, data, _hints(tp))
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


def _dataclass(tp: type, data: Any, hints: dict[str, Any]) -> Any:
    """A dataclass value from an object whose fields have these types."""
    if not isinstance(data, dict):
        raise CodecError(f"expected an object for {tp.__name__}, got {data!r}")
    known = {f.name for f in dataclasses.fields(tp)}
    unknown = set(data) - known
    if unknown:
        raise CodecError(f"{tp.__name__} has no field(s) {sorted(unknown)}")
    kwargs = {name: from_data(hints[name], value) for name, value in data.items()}
    return tp(**kwargs)


def _bind(hint: Any, bound: dict[Any, Any]) -> Any:
    """`hint` with its type variables replaced by the types `bound` gives them."""
    if isinstance(hint, typing.TypeVar):
        return bound.get(hint, hint)
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin is None or not args:
        return hint
    new = tuple(a if a is Ellipsis else _bind(a, bound) for a in args)
    if origin in (Union, types.UnionType):
        return Union[new]  # noqa: UP007 (built from a tuple of types)
    return origin[new]


def dumps(data: Any) -> str:
    """Compact, key-sorted JSON: the same value always gives the same text."""
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"), sort_keys=True)


def loads(text: str) -> Any:
    """JSON text to data, a `CodecError` when it is not JSON."""
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise CodecError(f"not JSON: {exc}") from exc


S = TypeVar("S")
St = TypeVar("St")
E = TypeVar("E", bound=Event)
C = TypeVar("C", bound=Command)


class Codec(Generic[S, St, E, C]):
    """One game's JSON: its registry of event and command types, its state and settings.

    `vocabulary` fingerprints the events this program reads (the format version, every
    event type and its fields), so a journal can tell a file written with other events
    from a damaged one. `label` names the game in an error ("Canoe state JSON of an
    unknown version"), for a game whose texts could be taken for another's.
    """

    def __init__(self, *, events: Sequence[type[E]], commands: Sequence[type[C]],
                 state: type[S], state_version: int, settings: type[St],
                 format_version: int = FORMAT_VERSION, label: str = "") -> None:
        self.event_types: tuple[type[E], ...] = tuple(events)
        self.command_types: tuple[type[C], ...] = tuple(commands)
        self.state_type = state
        self.state_version = state_version
        self.settings_type = settings
        self.format_version = format_version
        self._label = f"{label} " if label else ""
        self._events = {t.__name__: t for t in self.event_types}
        self._commands = {t.__name__: t for t in self.command_types}
        words = [f"v{format_version}", *sorted(
            f"{t.__name__}({','.join(t.__dataclass_fields__)})"
            for t in self.event_types)]
        self.vocabulary = (zlib.crc32(";".join(words).encode()) & 0x7FFFFFFF) or 1

    # --- states ---------------------------------------------------------------------

    def state_to_json(self, state: S) -> str:
        """The whole state as versioned JSON."""
        return dumps({"v": self.state_version, "state": to_data(state)})

    def state_from_json(self, text: str) -> S:
        """A state from `state_to_json`'s output."""
        data = loads(text)
        if not isinstance(data, dict) or data.get("v") != self.state_version or (
                "state" not in data):
            raise CodecError(f"{self._label}state JSON of an unknown version: "
                             f"{str(data)[:60]}")
        state: S = from_data(self.state_type, data["state"])
        return state

    # --- events ---------------------------------------------------------------------

    def event_to_data(self, event: E) -> dict[str, Any]:
        """An event as a JSON-ready object with its type name and format version."""
        return {"v": self.format_version, "type": type(event).__name__, **to_data(event)}

    def event_from_data(self, data: Any) -> E:
        """An event from `event_to_data`'s output."""
        if not isinstance(data, dict):
            raise CodecError(f"an event is a JSON object, got {str(data)[:60]}")
        body = dict(data)
        version, name = body.pop("v", None), body.pop("type", None)
        if version != self.format_version:
            raise CodecError(f"{self._label}event of an unknown format version {version!r}")
        if name not in self._events:
            raise CodecError(f"unknown {self._label}event type {name!r}")
        event: E = from_data(self._events[name], body)
        return event

    def event_to_json(self, event: E) -> str:
        """One event as a JSON text (one line of a JSON Lines export)."""
        return dumps(self.event_to_data(event))

    def event_from_json(self, text: str) -> E:
        """An event from `event_to_json`'s output."""
        return self.event_from_data(loads(text))

    # --- commands -------------------------------------------------------------------

    def command_to_json(self, command: C) -> str:
        """A command as JSON, for logs and recorded games."""
        return dumps({"v": self.format_version, "type": type(command).__name__,
                      **to_data(command)})

    def command_from_json(self, text: str) -> C:
        """A command from `command_to_json`'s output."""
        data = loads(text)
        if not isinstance(data, dict) or data.pop("v", None) != self.format_version:
            raise CodecError(f"{self._label}command JSON of an unknown version")
        name = data.pop("type", None)
        if name not in self._commands:
            raise CodecError(f"unknown {self._label}command type {name!r}")
        command: C = from_data(self._commands[name], data)
        return command

    # --- settings -------------------------------------------------------------------

    def settings_to_json(self, settings: St) -> str:
        """Settings as versioned JSON (the journal's `games.settings` column)."""
        return dumps({"v": self.format_version, "settings": to_data(settings)})

    def settings_from_json(self, text: str) -> St:
        """Settings from `settings_to_json`'s output."""
        data = loads(text)
        if not isinstance(data, dict) or data.get("v") != self.format_version or (
                "settings" not in data):
            raise CodecError(f"{self._label}settings JSON of an unknown version")
        settings: St = from_data(self.settings_type, data["settings"])
        return settings


AnyCodec = Codec[Any, Any, Any, Any]
"""A codec of any game, as the journal holds one."""

__all__ = ["FORMAT_VERSION", "AnyCodec", "Codec", "dumps", "from_data", "loads", "to_data"]
