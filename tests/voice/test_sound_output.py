"""`[voice] output` and `mush-companion sound test`, on SDL's dummy and disk drivers.

The dummy driver opens like a real card and plays into nothing; the disk driver writes
what it plays to a file, so a test can hear (measure) the line that was played.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from companion.app.cli import main
from companion.config.file import load_config
from companion.exc import ConfigError
from companion.voice import sound_cli
from companion.voice.output import is_alsa_name, match

from .audio import peak_dbfs

PI_OUTPUTS = ["vc4-hdmi-0, MAI PCM i2s-hifi-0", "bcm2835 Headphones, bcm2835 Headphones",
              "USB Audio Device, USB Audio"]


def test_output_names_match_by_part_case_ignored() -> None:
    assert match("hdmi", PI_OUTPUTS) == PI_OUTPUTS[0]
    assert match("Headphones", PI_OUTPUTS) == PI_OUTPUTS[1]
    assert match("usb", PI_OUTPUTS) == PI_OUTPUTS[2]
    assert match(PI_OUTPUTS[1], PI_OUTPUTS) == PI_OUTPUTS[1]
    assert match("bluetooth", PI_OUTPUTS) is None
    assert is_alsa_name("plughw:CARD=Headphones") and is_alsa_name("default")
    assert not is_alsa_name("hdmi")


def write_config(tmp_path: Path, voice: str) -> Path:
    path = tmp_path / "config.toml"
    path.write_text(f"[voice]\n{voice}\n")
    return path


def test_output_is_read_from_the_config_and_checked(tmp_path: Path) -> None:
    assert load_config(write_config(tmp_path, 'output = "usb"')).voice.output == "usb"
    assert load_config(write_config(tmp_path, "")).voice.output == "auto"
    for bad in ('output = ""', "output = 3"):
        with pytest.raises(ConfigError, match=r"voice\.output"):
            load_config(write_config(tmp_path, bad))


@pytest.mark.slow
def test_sound_test_plays_on_the_dummy_output_and_names_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    config = write_config(tmp_path, 'language = "de"\noutput = "System audio"')
    assert main(["sound", "test", "--config", str(config)]) == 0
    out = capsys.readouterr().out
    assert "sound outputs: 'System audio output device'" in out
    assert "played 'Round 1' (de," in out
    assert "on 'System audio output device' (output = 'System audio'; SDL audio driver dummy)" \
        in out


@pytest.mark.slow
def test_an_absent_output_falls_back_to_the_default_and_says_so(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    config = write_config(tmp_path, "")
    assert main(["sound", "test", "--config", str(config), "--output", "usb"]) == 0
    out = capsys.readouterr().out
    assert "warning: no sound output matches 'usb'; present: 'System audio output device'" in out
    assert "on the default output (output not found" in out


@pytest.mark.slow
def test_an_alsa_name_on_another_driver_is_flagged(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("AUDIODEV", raising=False)
    config = write_config(tmp_path, 'output = "plughw:CARD=Headphones"')
    assert main(["sound", "test", "--config", str(config)]) == 0
    out = capsys.readouterr().out
    assert "only counts with SDL's alsa driver, and dummy is in use" in out
    assert os.environ["AUDIODEV"] == "plughw:CARD=Headphones"


def test_no_sound_card_is_said_plainly(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("SDL_AUDIODRIVER")
    monkeypatch.setattr(sound_cli, "SOUND_DEVICES", tmp_path / "no-snd")
    assert main(["sound", "test", "--config", str(write_config(tmp_path, ""))]) == 1
    out = capsys.readouterr().out
    assert "no sound card: /dev/snd is missing" in out
    assert "runs silent" in out


def test_a_config_error_exits_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    config = write_config(tmp_path, 'output = ""')
    assert main(["sound", "test", "--config", str(config)]) == 2
    assert "voice.output" in capsys.readouterr().err


def played_on_disk(tmp_path: Path, voice: str) -> bytes:
    """Run `sound test` with SDL's disk driver and return the samples it wrote."""
    raw = tmp_path / "played.raw"
    config = write_config(tmp_path, voice)
    env = {**os.environ, "SDL_AUDIODRIVER": "disk", "SDL_DISKAUDIOFILE": str(raw),
           "SDL_DISKAUDIODELAY": "0"}
    run = subprocess.run([sys.executable, "-m", "companion.app.cli", "sound", "test", "--config",
                          str(config)], env=env, capture_output=True, text=True,
                         timeout=60, check=False)
    assert run.returncode == 0, run.stdout + run.stderr
    assert "SDL audio driver disk" in run.stdout
    return raw.read_bytes()


@pytest.mark.slow
def test_the_line_is_really_played_at_the_configured_volume(tmp_path: Path) -> None:
    loud = played_on_disk(tmp_path, "volume = 1.0")
    quiet = played_on_disk(tmp_path, "volume = 0.25")
    muted = played_on_disk(tmp_path, "muted = true")
    assert peak_dbfs(loud) > -20, "the clip is heard at full volume"
    # a quarter of the amplitude is 12 dB down
    assert peak_dbfs(quiet) == pytest.approx(peak_dbfs(loud) - 12.04, abs=1.0)
    assert peak_dbfs(muted) == float("-inf")
