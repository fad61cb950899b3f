"""`mush-companion sound test`: play a line on the configured output and say which it was.

Like `pads test`, it answers the question asked at a silent table ("is it the speaker,
the cable or the config?") without starting a game: it lists the outputs SDL sees,
opens the one `[voice] output` names, plays "Round 1" in the voice's language at its
volume, and names the output it used. With no sound card it says so and exits 1.
"""

from __future__ import annotations

import argparse
import dataclasses
import os
import sys
import time
from pathlib import Path
from typing import Any, TextIO

EXIT_OK = 0
EXIT_SILENT = 1
EXIT_CONFIG = 2
MIXER_FREQUENCY = 22050  # the clips' own rate, as the announcer opens it
MIXER_BUFFER = 1024
SOUND_DEVICES = Path("/dev/snd")  # the kernel's sound cards; absent when there are none


def register(subparsers: Any) -> None:
    """Add `sound` and `sound test` to the program's command tree."""
    sound = subparsers.add_parser("sound", help="sound output tools",
                                  description="Tools for the voice's sound output.")
    sound_sub = sound.add_subparsers(dest="sound_command", metavar="SOUND_COMMAND")
    sound.set_defaults(handler=lambda args: (sound.print_help(), 2)[1])
    test = sound_sub.add_parser(
        "test", help="play a line on the configured output and name it",
        description="Lists the sound outputs, plays 'Round 1' on the one the config's "
                    "[voice] output names (or --output), and says which it used. Exits 1 "
                    "when nothing could be played (no sound card).")
    test.add_argument("--config", metavar="FILE", type=Path,
                      help="config file whose [voice] table to use (default: "
                           "/etc/mush-companion/config.toml or the user config dir)")
    test.add_argument("--output", default=None,
                      help='"auto", part of an output\'s name ("hdmi", "headphones", '
                           '"usb") or an ALSA device name; default: the config\'s')
    test.set_defaults(handler=_run_from_args)


def _run_from_args(args: argparse.Namespace) -> int:
    from companion.config.file import load_config
    from companion.exc import ConfigError

    try:
        voice = load_config(args.config).voice
        if args.output is not None:
            voice = dataclasses.replace(voice, output=args.output)
    except ConfigError as error:
        print(f"mush-companion: {error}", file=sys.stderr)
        return EXIT_CONFIG
    return run_sound_test(voice)


def run_sound_test(voice: Any, out: TextIO | None = None) -> int:
    """Open the output `voice.output` names, play one line, report; see the module doc."""
    out = out or sys.stdout
    if "SDL_AUDIODRIVER" not in os.environ and not SOUND_DEVICES.exists():
        print("no sound card: /dev/snd is missing, so nothing can be played. The companion "
              "runs silent (the screen shows everything). Plug in a USB speaker or enable "
              "HDMI or jack audio (sudo raspi-config, System Options > Audio), then try "
              "again.", file=out)
        return EXIT_SILENT
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    from companion.voice.clips import DEFAULT_SOUNDS_DIR, ClipBank, compose
    from companion.voice.output import open_mixer, output_names
    from companion.voice.phrases import new_round

    try:
        opened = open_mixer(voice.output, frequency=MIXER_FREQUENCY, size=-16, channels=1,
                            buffer=MIXER_BUFFER)
    except pygame.error as error:
        print(f"no sound output could be opened ({error}). The companion runs silent. "
              "Check the speaker's cable and power, `aplay -l` for the cards the system "
              "sees, and [voice] output in the config.", file=out)
        return EXIT_SILENT
    try:
        names = output_names()
        print("sound outputs: " + (", ".join(repr(n) for n in names) or "(none listed)"),
              file=out)
        if opened.warning:
            print(f"warning: {opened.warning}", file=out)
        bank = ClipBank(DEFAULT_SOUNDS_DIR if voice.sounds_dir is None
                        else Path(voice.sounds_dir))
        announcement = new_round(1)
        pcm = compose(announcement.tokens(voice.language), voice.language, bank)
        sound = pygame.mixer.Sound(buffer=pcm)
        seconds = sound.get_length()
        channel = pygame.mixer.find_channel()
        if channel is None:
            print("the mixer had no free channel; nothing was played", file=out)
            return EXIT_SILENT
        # the volume before the first sample: the mixer's thread may start mixing the
        # moment play() returns, so a volume set after it lets the start out too loud
        channel.set_volume(0.0 if voice.muted else voice.volume)
        channel.play(sound)
        deadline = time.monotonic() + seconds + 2.0
        while channel.get_busy() and time.monotonic() < deadline:
            time.sleep(0.05)
        level = "muted in the config" if voice.muted else f"volume {voice.volume:g}"
        print(f"played 'Round 1' ({voice.language}, {seconds:.1f} s, {level}) on "
              f"{opened.describe()}", file=out)
        return EXIT_OK
    finally:
        pygame.mixer.quit()
