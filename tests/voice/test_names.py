"""Players' names: espeak-ng at run time when installed, the seat colour clip otherwise."""

from __future__ import annotations

import ast
import shutil
import stat
import sys
import time
from pathlib import Path

import pytest

from companion.games.mush import sayings as mush_says
from companion.voice.announcer import Announcer
from companion.voice.clips import ClipBank
from companion.voice.config import VoiceConfig
from companion.voice.names import MAX_NAME_CHARS, NameVoice, clean_name
from companion.voice.phrases import turn
from companion.voice.texts import LOUDNESS_DBFS, PEAK_CEILING_DBFS

from .audio import peak_dbfs, rms_dbfs

FAKE_ESPEAK = """#!{python}
# A stand-in for espeak-ng: records its arguments and stdin, writes a quiet 0.3 s tone.
import math, struct, sys, wave
args = sys.argv[1:]
text = sys.stdin.read()
with open({log!r}, "a", encoding="utf-8") as log:
    log.write(repr((args, text)) + "\\n")
if {fail}:
    sys.exit(1)
out = args[args.index("-w") + 1]
with wave.open(out, "wb") as w:
    w.setnchannels(1); w.setsampwidth(2); w.setframerate(22050)
    silence = b"\\0\\0" * 2205
    tone = b"".join(struct.pack("<h", int(3000 * math.sin(i / 5))) for i in range(6615))
    w.writeframes(silence + tone + silence)
"""


def install_fake_espeak(folder: Path, fail: bool = False) -> Path:
    """Put a fake `espeak-ng` alone on PATH; returns the file its calls are logged to."""
    folder.mkdir(exist_ok=True)
    log = folder / "calls.log"
    script = folder / "espeak-ng"
    script.write_text(FAKE_ESPEAK.format(python=sys.executable, log=str(log), fail=fail))
    script.chmod(script.stat().st_mode | stat.S_IXUSR)
    return log


def wait_for_calls(calls: Path, count: int, timeout: float = 60.0) -> bool:
    """Wait until the fake espeak-ng has been called `count` times."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if calls.exists() and len(calls.read_text().splitlines()) >= count:
            return True
        time.sleep(0.01)
    return False


def test_clean_name_keeps_what_can_be_said() -> None:
    assert clean_name(None) is None
    assert clean_name("   ") is None
    assert clean_name("\x00\x07") is None
    assert clean_name("  Zoé \n  Martin ") == "Zoé Martin"
    assert clean_name("-v en --help") == "-v en --help"  # harmless: it goes through stdin
    assert len(clean_name("x" * 500) or "") == MAX_NAME_CHARS


def test_without_espeak_a_named_seat_is_spoken_by_its_colour(
        mixer: tuple[int, int, int], tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PATH", str(tmp_path))  # a PATH with no espeak-ng on it
    voice = Announcer(VoiceConfig(language="de"), names={2: "Zoé"})
    assert not voice.names_available
    named = voice.render_pcm(turn(voice.seat(2)))
    assert voice.seat(2).name == "Zoé"
    assert named == voice.render_pcm(turn(2))  # the unnamed seat
    assert named.startswith(ClipBank().raw("de", "seat.green"))
    voice.close()


def test_speak_names_false_uses_the_colour_even_with_espeak(
        mixer: tuple[int, int, int], tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    calls = install_fake_espeak(tmp_path / "bin")
    monkeypatch.setenv("PATH", str(tmp_path / "bin"))
    voice = Announcer(VoiceConfig(speak_names=False), names={0: "Zoé"})
    assert not voice.names_available
    assert voice.render_pcm(mush_says.winner(voice.seat(0))) == \
        voice.render_pcm(mush_says.winner(0))
    voice.close()
    assert not calls.exists()


def test_a_name_is_rendered_through_espeak_ng_on_path_and_normalised(
        mixer: tuple[int, int, int], tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    calls = install_fake_espeak(tmp_path / "bin")
    monkeypatch.setenv("PATH", str(tmp_path / "bin"))
    voice = Announcer(VoiceConfig(language="fr"), names={1: "Zoé"})
    assert voice.names_available
    named = voice.render_pcm(turn(voice.seat(1)))
    unnamed = voice.render_pcm(turn(1))
    assert named != unnamed
    bank = ClipBank()
    assert named.startswith(bank.raw("fr", "turn_to"))  # "À Zoé de jouer"
    assert named.endswith(bank.raw("fr", "to_play"))
    assert bank.raw("fr", "seat.skyblue") not in named
    name_audio = named[len(bank.raw("fr", "turn_to")):-len(bank.raw("fr", "to_play"))]
    # raised from the fake's -21 dBFS to the clips' loudness (or the peak ceiling)
    assert rms_dbfs(name_audio) > LOUDNESS_DBFS - 3.5
    assert peak_dbfs(name_audio) <= PEAK_CEILING_DBFS + 0.2
    args, text = ast.literal_eval(calls.read_text().splitlines()[0])
    assert text == "Zoé"
    assert args[:2] == ["-v", "fr-fr"] and "--stdin" in args
    voice.close()


def test_names_render_once_per_language_and_ahead_of_need(
        mixer: tuple[int, int, int], tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    calls = install_fake_espeak(tmp_path / "bin")
    monkeypatch.setenv("PATH", str(tmp_path / "bin"))
    voice = Announcer(VoiceConfig(language="en"), names={0: "Ann", 3: "Bo"})
    assert wait_for_calls(calls, 2)  # set_names started both renders without anyone asking
    for _ in range(3):
        voice.render_pcm(mush_says.order([voice.seat(0), voice.seat(3)]))
    assert len(calls.read_text().splitlines()) == 2
    voice.set_language("de")  # starts rendering both names in German
    voice.render_pcm(turn(voice.seat(0)))
    assert wait_for_calls(calls, 4)
    texts = sorted(ast.literal_eval(line)[1] for line in calls.read_text().splitlines())
    assert texts == ["Ann", "Ann", "Bo", "Bo"]
    voice.close()


def test_a_failing_espeak_falls_back_to_the_colour_with_a_warning(
        mixer: tuple[int, int, int], tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        caplog: pytest.LogCaptureFixture) -> None:
    install_fake_espeak(tmp_path / "bin", fail=True)
    monkeypatch.setenv("PATH", str(tmp_path / "bin"))
    voice = Announcer(VoiceConfig(), names={4: "Zoé"})
    assert voice.render_pcm(mush_says.rest(voice.seat(4))) == \
        voice.render_pcm(mush_says.rest(4))
    assert any("espeak-ng" in r.getMessage() for r in caplog.records)
    voice.close()


def test_rendered_names_are_removed_on_close(tmp_path: Path,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    install_fake_espeak(tmp_path / "bin")
    monkeypatch.setenv("PATH", str(tmp_path / "bin"))
    names = NameVoice()
    wav = names.wav("Zoé", "en", timeout=10)
    assert wav is not None and wav.is_file()
    names.close()
    assert not wav.exists()


@pytest.mark.skipif(shutil.which("espeak-ng") is None, reason="espeak-ng is not installed")
@pytest.mark.parametrize("language", ["en", "fr", "de"])
def test_real_espeak_ng_speaks_a_name_at_the_clips_level(
        mixer: tuple[int, int, int], language: str) -> None:
    voice = Announcer(VoiceConfig(language=language), names={5: "Zoé Müller"})
    assert voice.names_available
    named = voice.render_pcm(mush_says.winner(voice.seat(5)))
    bank = ClipBank()
    name_audio = named[:-len(bank.raw(language, "wins"))]
    assert bank.raw(language, "seat.pink") not in named
    assert len(name_audio) > 22050 * 2 * 0.3  # at least 0.3 s of speech
    assert LOUDNESS_DBFS - 3.5 < rms_dbfs(name_audio) < LOUDNESS_DBFS + 0.5
    assert peak_dbfs(name_audio) <= PEAK_CEILING_DBFS + 0.2
    voice.close()

