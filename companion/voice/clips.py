"""The shipped clips: finding them, decoding them once, and joining them into one sound.

An announcement is played as ONE sound made by joining the decoded samples of its clips
with short silences, rather than as a queue of clips: the mixer then has nothing to do
between words (no gaps from a worker waking late), and the same joining is what the tests
measure, so what is tested is what is heard.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Final

import pygame

from companion.files import FileProblem, Limits, brief, load_json
from companion.seats import SEATS
from companion.voice.phrases import Clip, Pause, Seat, Text, Token

DEFAULT_SOUNDS_DIR: Final = Path(__file__).resolve().parent / "sounds"
"""Clips ship inside the package (package data), so an installed copy finds them too."""

WORD_GAP_MS: Final = 40
"""Silence between two joined clips: trimmed espeak-ng clips back to back sound rushed."""


@dataclass(frozen=True)
class ClipInfo:
    """One manifest entry."""

    language: str
    key: str
    path: Path
    text: str


MANIFEST_LIMITS: Final = Limits(size=4 << 20, depth=8, key_parts=1, digits=20)
"""The manifest is read within these bounds (the shipped one is 25 KB, 3 brackets deep)."""

_ENTRY_FIELDS: Final = ("language", "key", "file", "text")


class ManifestError(FileProblem):
    """A clips manifest that cannot be used; the message names the file and the fix."""


def load_manifest(sounds_dir: Path = DEFAULT_SOUNDS_DIR) -> dict[str, dict[str, ClipInfo]]:
    """language -> key -> clip, read from `manifest.json` (no audio needed).

    Read within bounds (companion.files): a manifest that is missing, not a regular file,
    too large, not JSON or not a list of clips raises ManifestError, naming the file and
    the fix; the voice then stays silent and says why in the log.
    """
    path = sounds_dir / "manifest.json"
    fix = ("reinstall the companion" if sounds_dir == DEFAULT_SOUNDS_DIR
           else "render the clips again (sounds/render.py) or remove [voice] sounds_dir")
    try:
        data = load_json(path, MANIFEST_LIMITS)
    except FileNotFoundError:
        raise ManifestError(path, f"no such file; {fix}") from None
    except FileProblem as exc:
        raise ManifestError(path, f"{exc.problem}; {fix}") from None
    entries = data.get("clips") if isinstance(data, dict) else None
    if not isinstance(entries, list):
        raise ManifestError(path, f"has no list of \"clips\"; {fix}")
    clips: dict[str, dict[str, ClipInfo]] = {}
    for index, entry in enumerate(entries):
        if not isinstance(entry, dict) or not all(
                isinstance(entry.get(name), str) for name in _ENTRY_FIELDS):
            raise ManifestError(path, f"clip {index} is not {{{', '.join(_ENTRY_FIELDS)}}} "
                                f"as text (got {brief(entry)}); {fix}")
        info = ClipInfo(entry["language"], entry["key"], sounds_dir / entry["file"], entry["text"])
        clips.setdefault(info.language, {})[info.key] = info
    return clips


@dataclass(frozen=True)
class MixerFormat:
    """The mixer's sample format, which decoded clips are converted to by pygame."""

    frequency: int
    size: int  # bits, negative for signed, as pygame.mixer.get_init() reports it
    channels: int

    @classmethod
    def current(cls) -> MixerFormat:
        """The format of the initialised mixer (raises pygame.error when it is not)."""
        init = pygame.mixer.get_init()
        if init is None:
            raise pygame.error("mixer not initialised")
        return cls(*init)

    @property
    def frame_bytes(self) -> int:
        """Bytes per sample frame (all channels)."""
        return abs(self.size) // 8 * self.channels

    def silence(self, ms: int) -> bytes:
        """`ms` of silence; unsigned formats are silent at mid-scale, not at zero."""
        frames = self.frequency * ms // 1000
        width = abs(self.size) // 8
        if self.size == 8:
            sample = b"\x80"
        elif self.size == 16:
            sample = b"\x00\x80"  # little-endian unsigned 16-bit mid-scale
        else:
            sample = b"\x00" * width
        return sample * self.channels * frames


class ClipBank:
    """Decoded clips in the mixer's format, loaded on first use and kept.

    Decoding Ogg takes a few milliseconds per clip on a Pi; doing it once per clip (and
    ahead of time with `preload`) keeps it off the path from request to sound.
    """

    def __init__(self, sounds_dir: Path = DEFAULT_SOUNDS_DIR) -> None:
        self.sounds_dir = sounds_dir
        self.manifest = load_manifest(sounds_dir)
        self._raw: dict[tuple[str, str], bytes] = {}
        self._lock = threading.Lock()

    def raw(self, language: str, key: str) -> bytes:
        """The clip's samples in the mixer's format (KeyError if the language lacks it)."""
        cached = self._raw.get((language, key))
        if cached is not None:
            return cached
        info = self.manifest[language][key]
        data = pygame.mixer.Sound(file=str(info.path)).get_raw()
        with self._lock:
            self._raw[(language, key)] = data
        return data

    def preload(self, language: str, skip: tuple[str, ...] = ()) -> None:
        """Decode every clip of a language now, so the first announcement is not slower;
        but those whose key starts with one of `skip` (another game's own clips, decoded
        on first use instead: a table playing MUSH keeps no Canoe clip in memory)."""
        for key in self.manifest.get(language, {}):
            if not key.startswith(skip):
                self.raw(language, key)


SeatAudio = Callable[[Seat, str], bytes | None]
"""Samples for a seat's spoken name in a language, or None to use the colour clip."""


TextAudio = Callable[[Text], bytes | None]
"""Samples for words without a clip (a card's text), or None to leave them out."""


def compose(tokens: Sequence[Token], language: str, bank: ClipBank,
            seat_audio: SeatAudio | None = None, text_audio: TextAudio | None = None) -> bytes:
    """Join an announcement's clips, names and pauses into one buffer in the mixer's format.

    Free text (`Text`) is spoken only where `text_audio` can render it: without espeak-ng a
    card's words are left out and the clips around them (its pile, its points) still play.
    """
    fmt = MixerFormat.current()
    gap = fmt.silence(WORD_GAP_MS)
    parts: list[bytes] = []
    previous_was_audio = False
    for token in tokens:
        if isinstance(token, Pause):
            parts.append(fmt.silence(token.ms))
            previous_was_audio = False
            continue
        audio: bytes | None = None
        if isinstance(token, Seat):
            if seat_audio is not None and token.name:
                audio = seat_audio(token, language)
            if audio is None:
                audio = bank.raw(language, f"seat.{SEATS[token.index].key}")
        elif isinstance(token, Clip):
            audio = bank.raw(language, token.key)
        elif isinstance(token, Text) and text_audio is not None:
            audio = text_audio(token)
        if audio is None:  # words no engine can speak here: left out
            continue
        if previous_was_audio:
            parts.append(gap)
        parts.append(audio)
        previous_was_audio = True
    return b"".join(parts)
