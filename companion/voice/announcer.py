"""The announcer: takes announcements from the main loop and plays them on a worker thread.

The main loop must never wait for sound (DESIGN.md, "The flow of one button press"), so
every public method only records a request and returns; one worker thread opens the mixer,
decodes clips, waits for espeak-ng names, joins the clips and plays them one after the
other on a reserved mixer channel. With no audio device the announcer logs one line and
stays silent for good; it never raises into the game.
"""

from __future__ import annotations

import collections
import logging
import threading
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Final

import pygame

from companion.games import DEFAULT, boxes, installed
from companion.voice.clips import DEFAULT_SOUNDS_DIR, ClipBank, compose
from companion.voice.config import VoiceConfig
from companion.voice.names import NameVoice, clean_name
from companion.voice.output import open_mixer
from companion.voice.phrases import Announcement, Seat, SeatLike, Text

log = logging.getLogger("companion.voice")

MIXER_FREQUENCY: Final = 22050  # the clips' own rate: no resampling when we open the mixer
MIXER_BUFFER: Final = 512  # samples; small for a short delay from play() to sound
GAME_CLIP_PREFIXES: Final = tuple(f"{name}." for name in installed() if name != DEFAULT)
"""Clips only one game says (each game's own are named `<game>.…`): left to decode on
first use, so the table keeps in memory only what the game it starts with says."""
BACKLOG: Final = 16
"""Announcements waiting beyond this many are dropped, oldest first: at the table a stale
announcement is worse than none, and a burst must not queue minutes of speech."""
POLL_S: Final = 0.005
NAME_WAIT_S: Final = 3.0
TEXT_WAIT_S: Final = 5.0  # a card's text is longer than a name; rendering started at announce
MAX_TEXT_CHARS: Final = 400  # the longest card of the box is under 200 characters

PlayListener = Callable[[Announcement, float, float], None]
"""Called on the worker thread as an announcement starts playing, with the request time and
the start time (both `time.perf_counter()`); for benchmarks and on-screen captions."""


@dataclass(frozen=True)
class _Request:
    announcement: Announcement
    requested_at: float


class Announcer:
    """Speaks announcements without ever making the caller wait.

    Use: `start()` once, then call `announce(...)` or a shortcut (`weather`, `turn`, ...)
    or `event(rules_event)` from the main loop; `close()` on shutdown.
    """

    def __init__(self, config: VoiceConfig | None = None, *,
                 names: Mapping[int, str | None] | None = None,
                 on_play: PlayListener | None = None, backlog: int = BACKLOG) -> None:
        self._config = config or VoiceConfig()
        self._names: dict[int, str] = {}
        self._name_voice = NameVoice(self._config.espeak_command, self._config.speak_names)
        self._text_voice = NameVoice(self._config.espeak_command, max_chars=MAX_TEXT_CHARS)
        self._on_play = on_play
        self._pending: collections.deque[_Request] = collections.deque(maxlen=backlog)
        self._wake = threading.Condition()
        self._busy = False  # the worker holds a request it has not finished with
        self._hush = False
        self._closing = False
        self._silent = False  # no audio device: accept everything, play nothing
        self._thread: threading.Thread | None = None
        self._owns_mixer = False
        self._last: Announcement | None = None
        self._channel: pygame.mixer.Channel | None = None
        self._bank: ClipBank | None = None
        self._name_audio: dict[Path, bytes] = {}  # decoded names, touched by the worker only
        if names:
            self.set_names(names)

    # -- life cycle ---------------------------------------------------------------------

    def start(self) -> None:
        """Start the worker thread (the mixer is opened there, not here)."""
        if self._thread is not None:
            return
        self._closing = False
        self._thread = threading.Thread(target=self._run, name="voice", daemon=True)
        self._thread.start()

    def close(self, timeout: float = 2.0) -> None:
        """Stop speaking, end the worker and remove rendered names."""
        with self._wake:
            self._closing = True
            self._pending.clear()
            self._wake.notify_all()
        if self._thread is not None:
            self._thread.join(timeout)
            self._thread = None
        self._name_voice.close()
        self._text_voice.close()
        if self._owns_mixer and pygame.mixer.get_init() is not None:
            pygame.mixer.quit()
            self._owns_mixer = False

    def __enter__(self) -> Announcer:
        self.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- state the main loop may read ---------------------------------------------------

    @property
    def config(self) -> VoiceConfig:
        """The settings in use."""
        return self._config

    @property
    def silent(self) -> bool:
        """True once the mixer failed to open: everything is accepted and nothing played."""
        return self._silent

    @property
    def names_available(self) -> bool:
        """True when players' names can be spoken (espeak-ng installed and allowed)."""
        return self._name_voice.available

    @property
    def last(self) -> Announcement | None:
        """The last announcement requested (what `repeat` says again)."""
        return self._last

    # -- settings -----------------------------------------------------------------------

    def configure(self, config: VoiceConfig) -> None:
        """Apply new settings; the next announcement uses them (a playing one keeps going)."""
        if config.espeak_command != self._config.espeak_command or \
                config.speak_names != self._config.speak_names:
            old = self._name_voice
            self._name_voice = NameVoice(config.espeak_command, config.speak_names)
            old.close()
        if config.espeak_command != self._config.espeak_command:
            old_text = self._text_voice
            self._text_voice = NameVoice(config.espeak_command, max_chars=MAX_TEXT_CHARS)
            old_text.close()
        self._config = config
        for name in self._names.values():
            self._name_voice.prepare(name, config.language)

    def set_language(self, language: str) -> None:
        """Switch language (raises ConfigError naming voice.language if unknown)."""
        self.configure(replace(self._config, language=language))

    def set_volume(self, volume: float) -> None:
        """Set the volume, 0..1 (raises ConfigError naming voice.volume otherwise)."""
        self.configure(replace(self._config, volume=volume))

    def set_muted(self, muted: bool) -> None:
        """Mute or unmute; muting also stops what is playing."""
        self.configure(replace(self._config, muted=muted))
        if muted:
            self.stop()

    def set_names(self, names: Mapping[int, str | None]) -> None:
        """Players' names by seat; each starts rendering now so it is ready when needed."""
        self._names = {seat: text for seat, name in names.items()
                       if (text := clean_name(name)) is not None}
        for name in self._names.values():
            self._name_voice.prepare(name, self._config.language)

    def seat(self, seat: SeatLike) -> Seat:
        """A seat with its player's name attached, if one is set."""
        if isinstance(seat, Seat):
            return seat
        return Seat(int(seat), self._names.get(int(seat)))

    # -- speaking -----------------------------------------------------------------------

    def announce(self, announcement: Announcement) -> None:
        """Queue an announcement and return at once."""
        self._last = announcement
        if self._silent or self._closing:
            return
        for token in announcement.tokens(self._config.language):
            if isinstance(token, Text):  # a card's words start rendering now, off this thread
                self._text_voice.prepare(token.text, token.language)
        if self._thread is None:
            self.start()
        with self._wake:
            self._pending.append(_Request(announcement, time.perf_counter()))
            self._wake.notify()

    def repeat(self) -> bool:
        """Say the last announcement again, in the current language; False if there is none."""
        if self._last is None:
            return False
        self.announce(self._last)
        return True

    def stop(self) -> None:
        """Hush: drop what is waiting and cut what is playing."""
        with self._wake:
            self._pending.clear()
            self._hush = not self._silent
            self._wake.notify()

    def wait_idle(self, timeout: float = 5.0) -> bool:
        """Wait until every queued announcement has been handed to the mixer (tests, bench)."""
        deadline = time.monotonic() + timeout
        with self._wake:
            while self._pending or self._busy or self._hush:
                if self._silent:  # the worker has ended; nothing will be played
                    return True
                remaining = deadline - time.monotonic()
                if remaining <= 0 or self._thread is None or not self._thread.is_alive():
                    return False
                self._wake.wait(remaining)
        return True

    def event(self, event: object, state: object = None) -> bool:
        """Announce a game's event if it is one the table hears; True if something was
        queued. `state` is the game after it: what the table knows besides the event
        (MUSH: a seat whose dogs are all covered hears at its turn that it must rest)."""
        for box in boxes():  # each game hears its own events only
            announcement = box.announce(event, self._names, state)
            if announcement is not None:
                self.announce(announcement)
                return True
        return False

    # -- the worker ---------------------------------------------------------------------

    def _run(self) -> None:
        if not self._open_mixer():
            with self._wake:
                self._silent = True
                self._pending.clear()
                self._wake.notify_all()
            return
        while True:
            with self._wake:
                while not self._pending and not self._closing and not self._hush:
                    self._wake.wait()
                if self._closing:
                    self._wake.notify_all()
                    break
                if self._hush:
                    self._hush = False
                    if self._channel is not None:
                        self._channel.stop()
                    self._wake.notify_all()
                    continue
                request = self._pending.popleft()
                self._busy = True
            try:
                self._play(request)
            except Exception:  # one bad clip or name must not end the voice for the game
                log.exception("could not play an announcement")
            finally:
                with self._wake:
                    self._busy = False
                    self._wake.notify_all()
        if self._channel is not None:
            self._channel.stop()

    def _open_mixer(self) -> bool:
        """Open the mixer unless the program already did; one log line if there is no device."""
        try:
            if pygame.mixer.get_init() is None:
                opened = open_mixer(self._config.output, frequency=MIXER_FREQUENCY, size=-16,
                                    channels=1, buffer=MIXER_BUFFER)
                self._owns_mixer = True
                log.info("voice: playing on %s", opened.describe())
            pygame.mixer.set_reserved(1)
            self._channel = pygame.mixer.Channel(0)
            self._clip_bank().preload(self._config.language, skip=GAME_CLIP_PREFIXES)
        except Exception as error:  # pygame.error, a missing clip folder, ...: all mean silence
            log.warning("voice is silent: no audio output could be opened (%s)", error)
            return False
        return True

    def _clip_bank(self) -> ClipBank:
        if self._bank is None:
            sounds_dir = self._config.sounds_dir
            self._bank = ClipBank(DEFAULT_SOUNDS_DIR if sounds_dir is None else Path(sounds_dir))
        return self._bank

    def render_pcm(self, announcement: Announcement, language: str | None = None) -> bytes:
        """The samples an announcement plays as, in the mixer's format, composed right here.

        For tests and for exporting a recording: it needs an open mixer and may wait for a
        name to render, so the main loop calls `announce` instead.
        """
        language = language or self._config.language
        tokens = announcement.tokens(language)
        return compose(tokens, language, self._clip_bank(), self._seat_audio, self._words_audio)

    def _play(self, request: _Request) -> None:
        config = self._config
        if config.muted:
            return
        assert self._channel is not None
        pcm = self.render_pcm(request.announcement, config.language)
        sound = pygame.mixer.Sound(buffer=pcm)
        while self._channel.get_busy():  # let the previous announcement finish
            if self._closing or self._hush:
                return
            time.sleep(POLL_S)
        self._channel.set_volume(config.volume)
        self._channel.play(sound)
        if self._on_play is not None:
            self._on_play(request.announcement, request.requested_at, time.perf_counter())

    def _seat_audio(self, seat: Seat, language: str) -> bytes | None:
        return self._rendered(self._name_voice.wav(seat.name, language, timeout=NAME_WAIT_S))

    def _words_audio(self, text: Text) -> bytes | None:
        """A card's words through espeak-ng, or None (left out) where it cannot speak them."""
        return self._rendered(self._text_voice.wav(text.text, text.language,
                                                   timeout=TEXT_WAIT_S))

    def _rendered(self, path: Path | None) -> bytes | None:
        if path is None:
            return None
        audio = self._name_audio.get(path)
        if audio is None:
            audio = self._name_audio[path] = pygame.mixer.Sound(file=str(path)).get_raw()
        return audio
