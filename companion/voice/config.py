"""The `[voice]` table of the config file, parsed once into a frozen `VoiceConfig`.

A typo in the config must stop the companion at start with a message naming the key
(`voice.language: ...`), not leave the table in silence wondering why; so every key is
checked here and unknown keys are refused.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields
from pathlib import Path

from companion.exc import ConfigError
from companion.voice.texts import LANGUAGES

SECTION = "voice"


@dataclass(frozen=True)
class VoiceConfig:
    """How the companion speaks.

    language: one of "en", "fr", "de".
    volume: 0.0 (silent) to 1.0 (the clips' full level, about -19 dBFS RMS).
    muted: speak nothing; "repeat" still remembers the last announcement.
    speak_names: say players' names with espeak-ng when it is installed; False always
        uses the seat colour.
    espeak_command: the espeak-ng program, a name on PATH or a path.
    sounds_dir: a folder of clips with a manifest.json, instead of the shipped clips.
    output: which sound output to play on: "auto" (SDL's default), part of an output's
        name as `mush-companion sound test` lists them ("hdmi", "headphones", "usb") or
        an ALSA device name ("plughw:CARD=Headphones"); see companion.voice.output.
    """

    language: str = "en"
    volume: float = 0.8
    muted: bool = False
    speak_names: bool = True
    espeak_command: str = "espeak-ng"
    sounds_dir: str | None = None
    output: str = "auto"

    def __post_init__(self) -> None:
        if self.language not in LANGUAGES:
            raise ConfigError(_key("language"),
                              f"unknown language {self.language!r}; use one of "
                              + ", ".join(repr(x) for x in LANGUAGES))
        if (isinstance(self.volume, bool) or not isinstance(self.volume, int | float)
                or not 0.0 <= self.volume <= 1.0):
            raise ConfigError(_key("volume"), f"must be a number from 0 to 1, not {self.volume!r}")
        for name in ("muted", "speak_names"):
            if not isinstance(getattr(self, name), bool):
                raise ConfigError(_key(name), f"must be true or false, not {getattr(self, name)!r}")
        if not isinstance(self.espeak_command, str) or not self.espeak_command.strip():
            raise ConfigError(_key("espeak_command"), "must be a program name or path")
        if self.sounds_dir is not None:
            if not isinstance(self.sounds_dir, str):
                raise ConfigError(_key("sounds_dir"), "must be a folder path")
            if not (Path(self.sounds_dir) / "manifest.json").is_file():
                raise ConfigError(_key("sounds_dir"),
                                  f"{self.sounds_dir!r} has no manifest.json of voice clips")

        if not isinstance(self.output, str) or not self.output.strip():
            raise ConfigError(_key("output"), f"must be \"auto\", an output's name or an "
                              f"ALSA device name, not {self.output!r}")

    @classmethod
    def from_dict(cls, table: Mapping[str, object] | None) -> VoiceConfig:
        """Parse the `[voice]` table (a plain dict from tomllib); missing keys take defaults."""
        if table is None:
            return cls()
        if not isinstance(table, Mapping):
            raise ConfigError(SECTION, "must be a table of settings")
        allowed = [f.name for f in fields(cls)]
        for key in table:
            if key not in allowed:
                raise ConfigError(_key(str(key)),
                                  "unknown setting; allowed: " + ", ".join(allowed))
        values = dict(table)
        volume = values.get("volume")
        if isinstance(volume, int) and not isinstance(volume, bool):
            values["volume"] = float(volume)
        return cls(**values)  # type: ignore[arg-type]  # each value is checked in __post_init__


def _key(name: str) -> str:
    return f"{SECTION}.{name}"
