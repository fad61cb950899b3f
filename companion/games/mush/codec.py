"""MUSH's JSON: the kernel's codec (`companion.core.codec`) over MUSH's types.

The journal and the exports store these texts; a reader in any language can follow them
with `docs/journal-format.md`. `CODEC` is what the journal knows of MUSH's JSON, typed for
MUSH's state, settings, events and commands; an event's text is also under its own name.
"""

from __future__ import annotations

from companion.core.codec import FORMAT_VERSION, Codec, from_data, to_data
from companion.games.mush import commands as cmd
from companion.games.mush import events as ev
from companion.games.mush.settings import Settings
from companion.games.mush.state import STATE_VERSION, GameState

CODEC: Codec[GameState, Settings, ev.Event, cmd.Command] = Codec(
    events=ev.EVENT_TYPES, commands=cmd.COMMAND_TYPES, state=GameState,
    state_version=STATE_VERSION, settings=Settings)
"""MUSH's registry of event and command types, its state and its settings."""

event_to_json = CODEC.event_to_json
"""One event as a JSON text (one line of a JSON Lines export)."""
event_from_json = CODEC.event_from_json
"""An event from `event_to_json`'s output (what the journal and the exports read)."""

__all__ = ["CODEC", "FORMAT_VERSION", "event_from_json", "event_to_json", "from_data",
           "to_data"]
