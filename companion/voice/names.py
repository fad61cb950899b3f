"""Players' names spoken with espeak-ng at run time, rendered off the main loop and cached.

Names are free text, so they cannot be shipped as clips. When espeak-ng is installed each
name is rendered once per language to a WAV in a temporary folder, as soon as the name is
known (`prepare`), so by the time it is needed it is usually ready. When espeak-ng is not
installed, or a name fails to render, the seat colour clip is spoken instead: a missing
speech engine must never silence the table.
"""

from __future__ import annotations

import array
import logging
import math
import shutil
import subprocess
import sys
import tempfile
import threading
import unicodedata
import wave
from concurrent.futures import Future, ThreadPoolExecutor
from concurrent.futures import TimeoutError as FutureTimeout
from hashlib import sha1
from pathlib import Path
from typing import Final

from companion.voice.texts import (
    ESPEAK_SPEED,
    ESPEAK_VOICES,
    LOUDNESS_DBFS,
    PEAK_CEILING_DBFS,
)

log = logging.getLogger("companion.voice")

MAX_NAME_CHARS: Final = 40
RMS_LEVEL: Final = 32768 * 10 ** (LOUDNESS_DBFS / 20)  # the shipped clips' loudness
PEAK_CEILING: Final = 32768 * 10 ** (PEAK_CEILING_DBFS / 20)
TRIM_LEVEL: Final = int(32767 * 10 ** (-50 / 20))  # silence below -50 dBFS is trimmed
RENDER_TIMEOUT_S: Final = 10.0


def clean_name(name: str | None, max_chars: int = MAX_NAME_CHARS) -> str | None:
    """The speakable part of a player's name, or None when nothing is left to say.

    Control characters are dropped and the length is capped so a stray paste cannot keep
    espeak-ng talking for a minute.
    """
    if not name:
        return None
    kept = "".join(" " if unicodedata.category(c).startswith("C") else c for c in name)
    text = " ".join(kept.split())[:max_chars].strip()
    return text or None


def normalise_wav(path: Path) -> None:
    """Trim silence and match the shipped clips' loudness (stdlib only): the RMS level is
    brought to `LOUDNESS_DBFS`, or as near as `PEAK_CEILING_DBFS` allows, as `sounds/render.py`
    does for the clips.

    espeak-ng's level differs from the normalised clips; without this a name would sound
    louder or softer than the words around it. Only 16-bit mono WAV (espeak-ng's output)
    is handled; anything else is left as it is.
    """
    with wave.open(str(path), "rb") as reader:
        params = reader.getparams()
        frames = reader.readframes(params.nframes)
    if params.sampwidth != 2 or params.nchannels != 1:
        return
    samples = array.array("h", frames)
    if sys.byteorder == "big":
        samples.byteswap()
    loud = [i for i, s in enumerate(samples) if abs(s) > TRIM_LEVEL]
    if not loud:
        return
    samples = samples[max(0, loud[0] - 100): loud[-1] + 100]
    peak = max(abs(s) for s in samples) or 1
    rms = math.sqrt(sum(s * s for s in samples) / len(samples)) or 1.0
    scale = min(RMS_LEVEL / rms, PEAK_CEILING / peak)
    scaled = array.array("h", (max(-32768, min(32767, round(s * scale))) for s in samples))
    if sys.byteorder == "big":
        scaled.byteswap()
    with wave.open(str(path), "wb") as writer:
        writer.setparams(params)
        writer.writeframes(scaled.tobytes())


class NameVoice:
    """Renders names with espeak-ng on its own thread; `wav` waits only on the voice worker."""

    def __init__(self, command: str = "espeak-ng", enabled: bool = True,
                 max_chars: int = MAX_NAME_CHARS) -> None:
        self.executable = shutil.which(command) if enabled else None
        self.max_chars = max_chars  # names are capped short; a card's printed text is longer
        self._futures: dict[tuple[str, str], Future[Path | None]] = {}
        self._lock = threading.Lock()
        self._executor: ThreadPoolExecutor | None = None
        self._folder: tempfile.TemporaryDirectory[str] | None = None

    @property
    def available(self) -> bool:
        """True when names can be spoken (espeak-ng found and allowed)."""
        return self.executable is not None

    def prepare(self, name: str | None, language: str) -> Future[Path | None] | None:
        """Start rendering a name in the background (at once; never waits)."""
        text = clean_name(name, self.max_chars)
        if text is None or self.executable is None:
            return None
        key = (language, text)
        with self._lock:
            future = self._futures.get(key)
            if future is None:
                if self._executor is None:
                    self._executor = ThreadPoolExecutor(1, thread_name_prefix="voice-names")
                    self._folder = tempfile.TemporaryDirectory(prefix="mush-voice-")
                future = self._executor.submit(self._render, text, language)
                self._futures[key] = future
        return future

    def wav(self, name: str | None, language: str, timeout: float = 3.0) -> Path | None:
        """The rendered WAV of a name, waiting up to `timeout`; None means use the colour."""
        future = self.prepare(name, language)
        if future is None:
            return None
        try:
            return future.result(timeout=timeout)
        except FutureTimeout:
            return None

    def _render(self, text: str, language: str) -> Path | None:
        assert self._folder is not None and self.executable is not None
        digest = sha1(f"{language}\0{text}".encode()).hexdigest()[:16]
        target = Path(self._folder.name) / f"{language}-{digest}.wav"
        try:
            # The name goes through stdin, so a name can never be read as an option.
            subprocess.run(
                [self.executable, "-v", ESPEAK_VOICES[language], "-s", str(ESPEAK_SPEED),
                 "-w", str(target), "--stdin"],
                input=text.encode("utf-8"), check=True, capture_output=True,
                timeout=RENDER_TIMEOUT_S,
            )
            normalise_wav(target)
        except (OSError, subprocess.SubprocessError, wave.Error, EOFError) as error:
            log.warning("could not speak %r with espeak-ng (%s); using the clips only",
                        text[:40], error)
            return None
        return target

    def close(self) -> None:
        """Stop the render thread and delete the rendered names."""
        if self._executor is not None:
            self._executor.shutdown(wait=True, cancel_futures=True)
            self._executor = None
        if self._folder is not None:
            self._folder.cleanup()
            self._folder = None
        self._futures.clear()
