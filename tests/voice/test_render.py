"""Each announcement, rendered to a buffer as it would be played, is speech at the right level."""

from __future__ import annotations

import pytest

from companion.games.mush import sayings as mush_says
from companion.voice.announcer import Announcer
from companion.voice.clips import ClipBank, MixerFormat, compose, load_manifest
from companion.voice.config import VoiceConfig
from companion.voice.phrases import Seat, turn
from companion.voice.texts import LANGUAGES, LOUDNESS_DBFS

from .audio import peak_dbfs, rms_dbfs
from .helpers import one_of_each_kind

PEAK_RANGE = (-9.0, 0.0)  # loudness matched: peaks vary; Vorbis may pass the -1 ceiling
QUIETEST_SPEECH_RMS = -35.0  # dBFS; digital silence is -inf, room noise on a file -60 or so


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_announcement_renders_to_speech_peaking_between_minus_9_and_0_dbfs(
        mixer: tuple[int, int, int], language: str) -> None:
    bank = ClipBank()
    for announcement in one_of_each_kind():
        pcm = compose(announcement.tokens(language), language, bank)
        assert len(pcm) > 22050 * 2 * 0.3, announcement.kinds  # at least 0.3 s of sound
        peak = peak_dbfs(pcm)
        assert PEAK_RANGE[0] <= peak <= PEAK_RANGE[1], (language, announcement.kinds, peak)
        assert rms_dbfs(pcm) > QUIETEST_SPEECH_RMS, (language, announcement.kinds)


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_clip_alone_is_loudness_matched(mixer: tuple[int, int, int],
                                              language: str) -> None:
    # RMS level, not peak: a peak-normalised set (the first one shipped) spread 7 dB
    bank = ClipBank()
    clips = [bank.raw(language, key) for key in load_manifest()[language]]
    assert all(PEAK_RANGE[0] <= peak_dbfs(pcm) <= PEAK_RANGE[1] for pcm in clips)
    levels = [rms_dbfs(pcm) for pcm in clips]
    assert all(LOUDNESS_DBFS - 3.5 < level < LOUDNESS_DBFS + 0.5 for level in levels)
    assert max(levels) - min(levels) < 3.5


def test_pauses_and_word_gaps_are_real_silence_of_the_right_length(
        mixer: tuple[int, int, int]) -> None:
    bank = ClipBank()
    frame = MixerFormat.current().frame_bytes
    alone = len(bank.raw("en", "round")) + len(bank.raw("en", "num.3"))
    joined = compose(mush_says.weather(3, "southern", "warm").tokens("en")[:2], "en", bank)
    assert len(joined) == alone + 22050 * 40 // 1000 * frame  # one 40 ms word gap
    assert MixerFormat(22050, -16, 1).silence(100) == b"\x00" * 2 * 2205
    assert set(MixerFormat(22050, 8, 2).silence(10)) == {0x80}


def test_a_seat_without_a_name_is_spoken_by_its_colour_clip(mixer: tuple[int, int, int]) -> None:
    bank = ClipBank()
    pcm = compose((Seat(1),), "fr", bank)
    assert pcm == bank.raw("fr", "seat.skyblue")


def test_the_announcer_renders_in_its_configured_language(mixer: tuple[int, int, int]) -> None:
    announcer = Announcer(VoiceConfig(language="de", speak_names=False))
    said = turn(0)
    german = announcer.render_pcm(said)
    assert german == announcer.render_pcm(said, "de")
    assert german != announcer.render_pcm(said, "en")
    bank = ClipBank()
    assert german.startswith(bank.raw("de", "seat.orange"))
    assert german.endswith(bank.raw("de", "is_up"))
