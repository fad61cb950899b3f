"""Versioned JSON for Canoe states, events, commands and settings, with exact round-trips.

The kernel's codec (`companion.core.codec`) over the Canoe game's types: the encoding is
the generic one of frozen dataclasses, so a new field can never be forgotten by a
hand-written serializer, and the envelopes are the ones every game's journal uses:
`{"v", "type", ...fields}` for an event or a command, `{"v", "state"}` for a state,
`{"v", "settings"}` for settings. The journal records which game a game is, so an
envelope does not repeat it.
"""

from __future__ import annotations

from companion.core.codec import Codec
from companion.games.canoe import commands as cmd
from companion.games.canoe import events as ev
from companion.games.canoe.settings import Settings
from companion.games.canoe.state import STATE_VERSION, GameState

FORMAT_VERSION = 1
"""Version of the JSON envelope of Canoe events, commands and settings."""

CODEC: Codec[GameState, Settings, ev.Event, cmd.Command] = Codec(
    events=ev.EVENT_TYPES, commands=cmd.COMMAND_TYPES, state=GameState,
    state_version=STATE_VERSION, settings=Settings, format_version=FORMAT_VERSION,
    label="Canoe")
"""The Canoe game's codec, as the seam's journal asks it and the rest of the game uses it
(`settings_from_json` below also checks the settings)."""

event_from_json = CODEC.event_from_json
"""An event from its JSON text (one line of a JSON Lines export)."""


def settings_from_json(text: str) -> Settings:
    """Settings from `settings_to_json`'s output, checked (a `SettingsError` names the
    setting that cannot make a game)."""
    settings = CODEC.settings_from_json(text)
    settings.check()
    return settings


__all__ = ["CODEC", "FORMAT_VERSION", "event_from_json", "settings_from_json"]
