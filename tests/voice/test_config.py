"""The [voice] config table: defaults, and errors that name the key at fault."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.exc import ConfigError
from companion.voice.announcer import Announcer
from companion.voice.clips import DEFAULT_SOUNDS_DIR
from companion.voice.config import VoiceConfig
from companion.voice.phrases import turn


def test_an_empty_or_missing_table_gives_the_defaults() -> None:
    assert VoiceConfig.from_dict({}) == VoiceConfig.from_dict(None) == VoiceConfig()
    assert VoiceConfig().language == "en"
    assert 0 < VoiceConfig().volume <= 1


def test_a_full_table_is_read() -> None:
    config = VoiceConfig.from_dict({
        "language": "de", "volume": 1, "muted": True, "speak_names": False,
        "espeak_command": "/usr/local/bin/espeak-ng", "sounds_dir": str(DEFAULT_SOUNDS_DIR),
    })
    assert config == VoiceConfig("de", 1.0, True, False, "/usr/local/bin/espeak-ng",
                                 str(DEFAULT_SOUNDS_DIR))
    assert isinstance(config.volume, float)


def test_the_config_is_frozen() -> None:
    with pytest.raises(AttributeError):
        VoiceConfig().volume = 0.1  # type: ignore[misc]


@pytest.mark.parametrize(("table", "key"), [
    ({"language": "es"}, "voice.language"),
    ({"language": "EN"}, "voice.language"),
    ({"volume": 1.01}, "voice.volume"),
    ({"volume": -0.1}, "voice.volume"),
    ({"volume": "loud"}, "voice.volume"),
    ({"volume": True}, "voice.volume"),
    ({"muted": "yes"}, "voice.muted"),
    ({"speak_names": 1}, "voice.speak_names"),
    ({"espeak_command": ""}, "voice.espeak_command"),
    ({"sounds_dir": "/no/such/folder"}, "voice.sounds_dir"),
    ({"langauge": "fr"}, "voice.langauge"),
])
def test_a_wrong_value_names_its_key(table: dict[str, object], key: str) -> None:
    with pytest.raises(ConfigError) as caught:
        VoiceConfig.from_dict(table)
    assert caught.value.key == key
    assert str(caught.value).startswith(key + ":")


def test_a_table_that_is_not_a_table_is_refused() -> None:
    with pytest.raises(ConfigError) as caught:
        VoiceConfig.from_dict(["en"])  # type: ignore[arg-type]
    assert caught.value.key == "voice"


def test_runtime_setters_check_like_the_config() -> None:
    voice = Announcer(VoiceConfig(speak_names=False))
    with pytest.raises(ConfigError, match=r"voice\.language"):
        voice.set_language("it")
    with pytest.raises(ConfigError, match=r"voice\.volume"):
        voice.set_volume(2)
    voice.set_language("fr")
    voice.set_volume(0)
    assert (voice.config.language, voice.config.volume) == ("fr", 0)
    voice.close()


def test_a_copied_sounds_dir_is_used(tmp_path: Path, mixer: tuple[int, int, int]) -> None:
    import shutil

    copy = tmp_path / "clips"
    shutil.copytree(DEFAULT_SOUNDS_DIR, copy)
    played: list[str] = []
    voice = Announcer(VoiceConfig.from_dict({"sounds_dir": str(copy), "speak_names": False}),
                      on_play=lambda a, r, s: played.append(a.kinds[0]))
    voice.announce(turn(0))
    assert voice.wait_idle(60)
    voice.close()
    assert played == ["turn"]
    assert voice._bank is not None and voice._bank.sounds_dir == copy
