"""The voice: announcements in English, French and German from clips shipped in the package.

The main loop builds an `Announcer` from the `[voice]` config table and calls it with plain
values or a game's events (what each game says is its box's); it never waits for sound.
See docs/voice.md.
"""

from __future__ import annotations

from companion.voice.announcer import Announcer
from companion.voice.config import VoiceConfig
from companion.voice.phrases import Announcement, Seat
from companion.voice.texts import LANGUAGES

__all__ = ["LANGUAGES", "Announcement", "Announcer", "Seat", "VoiceConfig"]
