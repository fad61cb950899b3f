"""The announcer never makes the caller wait, queues in order, and survives having no sound."""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable, Iterator

import pygame
import pytest

from companion.games.mush import sayings as mush_says
from companion.games.mush.events import GameWon
from companion.voice.announcer import Announcer
from companion.voice.config import VoiceConfig
from companion.voice.phrases import Announcement, turn

Played = list[tuple[Announcement, str]]


@pytest.fixture
def played() -> Played:
    return []


@pytest.fixture
def announcer(mixer: tuple[int, int, int], played: Played) -> Iterator[Announcer]:
    """A started announcer on the dummy audio driver that records what starts playing."""
    box: list[Announcer] = []

    def on_play(announcement: Announcement, requested: float, started: float) -> None:
        assert started >= requested
        played.append((announcement, box[0].config.language))

    voice = Announcer(VoiceConfig(speak_names=False), on_play=on_play)
    box.append(voice)
    voice.start()
    yield voice
    voice.close()


def every_call(voice: Announcer) -> list[Callable[[], object]]:
    """One announcement of every kind the table hears, and a repeat."""
    return [
        lambda: voice.announce(mush_says.weather(3, "central", "cold")),
        lambda: voice.announce(mush_says.order([2, 0, 1])),
        lambda: voice.announce(mush_says.early_riser(2)),
        lambda: voice.announce(turn(1)),
        lambda: voice.announce(mush_says.dice(1, "green", 5)),
        lambda: voice.announce(mush_says.terrain(True)),
        lambda: voice.announce(mush_says.avalanche(False)),
        lambda: voice.announce(mush_says.reroll(0, 1)),
        lambda: voice.announce(mush_says.press("plus1")),
        lambda: voice.announce(mush_says.rest(4)),
        lambda: voice.announce(mush_says.winner(0)),
        lambda: voice.announce(turn(3)),
        voice.repeat,
    ]


def test_a_burst_of_100_announcements_returns_at_once_each(
        mixer: tuple[int, int, int], monkeypatch: pytest.MonkeyPatch) -> None:
    """The worker is held in the middle of playing; meanwhile 100 calls from the main
    loop all return (none waits for the worker), and none composes or plays a line
    itself: that happens on the worker's thread, behind the caller's back."""
    playing, release = threading.Event(), threading.Event()
    plays: list[Announcement] = []
    composed_on: list[str] = []
    render_pcm = Announcer.render_pcm

    def render_where(self: Announcer, announcement: Announcement,
                     language: str | None = None) -> bytes:
        composed_on.append(threading.current_thread().name)
        return render_pcm(self, announcement, language)

    def on_play(announcement: Announcement, requested: float, started: float) -> None:
        plays.append(announcement)
        playing.set()
        release.wait(60)  # the worker is busy with this line until the test lets it go

    monkeypatch.setattr(Announcer, "render_pcm", render_where)
    voice = Announcer(VoiceConfig(speak_names=False), on_play=on_play)
    voice.start()
    try:
        voice.announce(turn(0))
        assert playing.wait(60)
        calls = every_call(voice)
        main_loop = threading.Thread(target=lambda: [calls[i % len(calls)]() for i in range(100)],
                                     name="main-loop", daemon=True)
        main_loop.start()
        main_loop.join(30)  # a bound for a broken build; the calls take microseconds
        assert not main_loop.is_alive(), "a call waited for the line being played"
        assert len(plays) == 1  # the worker was held all along
        playing.clear()
        release.set()
        assert playing.wait(30)  # and plays the next, behind the caller's back
    finally:
        release.set()
        voice.close()
    assert len(plays) > 1
    assert set(composed_on) == {"voice"}


@pytest.mark.slow
def test_announcements_play_in_order_one_after_another(announcer: Announcer,
                                                        played: Played) -> None:
    first, second = mush_says.terrain(True), mush_says.avalanche(False)
    announcer.announce(first)
    announcer.announce(second)
    assert announcer.wait_idle(60)
    assert [a for a, _ in played] == [first, second]


def test_repeat_says_the_last_again_in_the_current_language(announcer: Announcer,
                                                            played: Played) -> None:
    assert announcer.repeat() is False  # nothing said yet
    announcer.announce(mush_says.weather(2, "northern", "warm"))
    announcer.stop()
    assert announcer.wait_idle(60)
    announcer.set_language("fr")
    assert announcer.repeat() is True
    assert announcer.wait_idle(60)
    assert played[-1] == (mush_says.weather(2, "northern", "warm"), "fr")


def test_muted_plays_nothing_but_remembers_for_repeat(announcer: Announcer,
                                                      played: Played) -> None:
    announcer.set_muted(True)
    announcer.announce(turn(1))
    assert announcer.wait_idle(60)
    assert played == []
    announcer.set_muted(False)
    announcer.repeat()
    assert announcer.wait_idle(60)
    assert played == [(turn(1), "en")]


def test_volume_is_applied_to_the_voice_channel(announcer: Announcer) -> None:
    announcer.set_volume(0.25)
    announcer.announce(turn(2))
    assert announcer.wait_idle(60)
    assert pygame.mixer.Channel(0).get_volume() == pytest.approx(0.25, abs=0.01)


def test_stop_drops_waiting_announcements(announcer: Announcer, played: Played) -> None:
    announcer.announce(mush_says.winner(0))  # long enough to keep the channel busy
    assert announcer.wait_idle(60)
    for seat in range(6):
        announcer.announce(turn(seat))
    announcer.stop()
    assert announcer.wait_idle(60)
    assert [a.kinds for a, _ in played] == [("winner",)]
    assert not pygame.mixer.Channel(0).get_busy()


@pytest.mark.slow
def test_a_long_backlog_keeps_only_the_newest(mixer: tuple[int, int, int]) -> None:
    seen: list[Announcement] = []
    gate = threading.Event()

    def on_play(announcement: Announcement, requested: float, started: float) -> None:
        seen.append(announcement)
        gate.wait(60)  # hold the worker so the queue fills up (until the test lets go)

    voice = Announcer(VoiceConfig(speak_names=False), on_play=on_play, backlog=3)
    voice.start()
    voice.announce(turn(0))
    deadline = time.monotonic() + 60
    while not seen and time.monotonic() < deadline:
        time.sleep(0.01)
    for seat in range(1, 6):
        voice.announce(turn(seat))
    voice.stop()  # cut the first so the rest need not wait for it to finish
    voice.announce(turn(3))
    voice.announce(turn(4))
    voice.announce(turn(5))
    gate.set()
    assert voice.wait_idle(60)
    voice.close()
    assert [a for a in seen] == [turn(s) for s in (0, 3, 4, 5)]


def test_no_audio_device_means_silence_and_one_log_line(
        monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture) -> None:
    pygame.mixer.quit()

    tries: list[object] = []

    def no_device(*args: object, **kwargs: object) -> None:
        tries.append(args)
        raise pygame.error("No available audio device")

    monkeypatch.setattr(pygame.mixer, "init", no_device)
    caplog.set_level(logging.DEBUG)
    voice = Announcer(VoiceConfig(speak_names=False))
    voice.start()
    assert voice.wait_idle(60)  # the worker has tried the device, and given up
    tried = len(tries)
    assert tried > 0
    for _ in range(3):
        main_loop = threading.Thread(target=lambda: [call() for call in every_call(voice)],
                                     daemon=True)
        main_loop.start()
        main_loop.join(30)  # a bound for a broken build; the calls take microseconds
        assert not main_loop.is_alive(), "a call waited on a voice that cannot play"
        assert voice.wait_idle(60)
    assert len(tries) == tried, "the device is tried at start, not by every call"
    assert voice.silent
    voice.event(GameWon(1))
    voice.set_volume(0.5)
    voice.close()
    assert len(caplog.records) == 1
    assert "silent" in caplog.records[0].getMessage()
    assert caplog.records[0].levelno == logging.WARNING


def test_announce_starts_the_worker_when_start_was_not_called(
        mixer: tuple[int, int, int]) -> None:
    starts: list[float] = []
    voice = Announcer(VoiceConfig(speak_names=False), on_play=lambda a, r, s: starts.append(s))
    voice.announce(mush_says.terrain(False))
    assert voice.wait_idle(60)
    voice.close()
    assert len(starts) == 1


def test_close_leaves_a_mixer_it_did_not_open(mixer: tuple[int, int, int]) -> None:
    voice = Announcer(VoiceConfig(speak_names=False))
    voice.announce(turn(0))
    assert voice.wait_idle(60)
    voice.close()
    assert pygame.mixer.get_init() == mixer


def test_close_closes_a_mixer_it_opened() -> None:
    pygame.mixer.quit()
    voice = Announcer(VoiceConfig(speak_names=False))
    voice.announce(turn(0))
    assert voice.wait_idle(60)
    assert pygame.mixer.get_init() is not None
    voice.close()
    assert pygame.mixer.get_init() is None
