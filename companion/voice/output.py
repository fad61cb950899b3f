"""Which sound output the voice plays on: `[voice] output` in the config.

A Pi may have several: HDMI (one per port), the 3.5 mm jack (Pi 3 and 4; the Pi 5 has
none) and any USB speaker. SDL opens "the default", which is whatever the OS chose and
often not the speaker on the table; so the config may name one:

- "auto" (default): SDL's default output.
- an SDL output name, as `mush-companion sound test` lists them (for example
  "bcm2835 Headphones, bcm2835 Headphones"), or any part of one, case ignored: "hdmi",
  "headphones" (the jack), "usb". The first output whose name contains it is used.
- an ALSA device name, such as "plughw:CARD=Headphones" or "default:CARD=vc4hdmi0"
  (`aplay -L` lists them): handed to SDL's ALSA driver as AUDIODEV.

An output named but not present (a USB speaker left unplugged) is not a reason for a
silent table: the default is opened instead and the log says so.
"""

from __future__ import annotations

import logging
import os
from dataclasses import dataclass

import pygame

log = logging.getLogger(__name__)

AUTO = "auto"
ALSA_PREFIXES = ("hw:", "plughw:", "default:", "sysdefault:", "front:", "hdmi:", "iec958:",
                 "dmix:", "dsnoop:", "plug:", "surround")


@dataclass(frozen=True)
class Opened:
    """What was opened: SDL's name for the output (None when SDL's default), how it was
    chosen, and a warning when the output asked for was not there."""

    device: str | None
    how: str
    warning: str | None = None

    def describe(self) -> str:
        """A line for people: which output, and which SDL driver carries it."""
        driver = _driver()
        name = repr(self.device) if self.device else "the default output"
        return f"{name} ({self.how}; SDL audio driver {driver})"


def is_alsa_name(output: str) -> bool:
    """True for an ALSA device name (`aplay -L`), as opposed to an SDL output name."""
    return output == "default" or output.startswith(ALSA_PREFIXES)


def output_names() -> list[str]:
    """SDL's names for the outputs present; needs the mixer open (SDL lists devices only
    once its audio is started)."""
    from pygame._sdl2 import audio

    return [str(name) for name in audio.get_audio_device_names(False)]


def match(output: str, names: list[str]) -> str | None:
    """The output name chosen by `output`: an exact name, else the first containing it."""
    if output in names:
        return output
    wanted = output.casefold()
    return next((name for name in names if wanted in name.casefold()), None)


def open_mixer(output: str, *, frequency: int, size: int, channels: int,
               buffer: int) -> Opened:
    """Open pygame's mixer on the configured output; raises pygame.error when no output
    at all can be opened (no sound card)."""

    def init(devicename: str | None = None) -> None:
        pygame.mixer.init(frequency=frequency, size=size, channels=channels, buffer=buffer,
                          devicename=devicename)

    if output == AUTO:
        init()
        return Opened(None, "output = \"auto\"")
    if is_alsa_name(output):
        os.environ["AUDIODEV"] = output
        init()
        how = f"ALSA device {output!r} through AUDIODEV"
        if _driver() != "alsa":
            return Opened(None, how, f"the ALSA name {output!r} only counts with SDL's alsa "
                                     f"driver, and {_driver()} is in use")
        return Opened(None, how)
    init()  # the default first: SDL lists the outputs only once audio is open
    names = output_names()
    chosen = match(output, names)
    if chosen is None:
        warning = (f"no sound output matches {output!r}; present: "
                   + (", ".join(repr(n) for n in names) or "none") + "; the default is used")
        log.warning("voice: %s", warning)
        return Opened(None, "output not found", warning)
    pygame.mixer.quit()
    try:
        init(chosen)
    except pygame.error as error:
        warning = f"could not open {chosen!r} ({error}); the default is used"
        log.warning("voice: %s", warning)
        init()
        return Opened(None, "output failed", warning)
    return Opened(chosen, f"output = {output!r}")


def _driver() -> str:
    """SDL's audio driver in use (alsa, pulseaudio, pipewire, dummy...)."""
    get_driver = getattr(pygame.mixer, "get_driver", None)
    if get_driver is not None:
        try:
            return str(get_driver())
        except pygame.error:
            pass
    return os.environ.get("SDL_AUDIODRIVER", "unknown")
