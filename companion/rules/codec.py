"""MUSH's JSON: the kernel's codec (`companion.core.codec`) over MUSH's types.

The journal and the exports store these texts; a reader in any language can follow them
with `docs/journal-format.md`. `CODEC` is what the journal knows of MUSH's JSON; the
names below are its methods, typed for MUSH, by the names the rest of the rules use.
"""

from __future__ import annotations

from companion.core.codec import FORMAT_VERSION, Codec, from_data, to_data
from companion.rules import commands as cmd
from companion.rules import events as ev
from companion.rules.settings import Settings
from companion.rules.state import STATE_VERSION, GameState

CODEC: Codec[GameState, Settings, ev.Event, cmd.Command] = Codec(
    events=ev.EVENT_TYPES, commands=cmd.COMMAND_TYPES, state=GameState,
    state_version=STATE_VERSION, settings=Settings)
"""MUSH's registry of event and command types, its state and its settings."""

state_to_json = CODEC.state_to_json
state_from_json = CODEC.state_from_json
event_to_data = CODEC.event_to_data
event_from_data = CODEC.event_from_data
event_to_json = CODEC.event_to_json
event_from_json = CODEC.event_from_json
command_to_json = CODEC.command_to_json
command_from_json = CODEC.command_from_json
settings_to_json = CODEC.settings_to_json
settings_from_json = CODEC.settings_from_json

__all__ = [
    "CODEC", "FORMAT_VERSION", "command_from_json", "command_to_json",
    "event_from_data", "event_from_json", "event_to_data", "event_to_json", "from_data",
    "settings_from_json", "settings_to_json", "state_from_json", "state_to_json", "to_data",
]
