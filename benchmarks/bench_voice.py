"""Voice: time from an announcement request to its sound starting on the mixer, and the
caller's cost of one request.

The caller's cost is what the main loop pays (it must be microseconds); the start delay
is what the table hears as lag (clip joining, the worker waking, `Channel.play`). The
mixer's own output buffer (512 samples, 23 ms at 22.05 kHz) comes on top on real hardware.
Runs on whatever SDL audio driver the environment selects (`make bench` uses dummy).
"""

from __future__ import annotations

import os
import statistics
import threading
import time

os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from companion.games.mush import sayings as mush_says
from companion.voice import Announcement, Announcer, VoiceConfig
from companion.voice.phrases import turn

ROUNDS = 200


def _percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(fraction * (len(ordered) - 1)))]


def run() -> None:
    """Print p50/p99 of request-to-start and of the caller's time per request."""
    started = threading.Event()
    delays: list[float] = []

    def on_play(announcement: Announcement, requested: float, began: float) -> None:
        delays.append(began - requested)
        started.set()

    voice = Announcer(VoiceConfig(speak_names=False), on_play=on_play)
    voice.start()
    samples = [
        mush_says.weather(7, "central", "cold"),
        mush_says.order([3, 1, 0, 2]),
        mush_says.dice(2, "red", 5),
        turn(4),
        mush_says.press("plus1"),
    ]
    voice.announce(samples[0])  # opens the mixer and decodes the clips: not measured
    started.wait(30)
    voice.stop()
    voice.wait_idle(10)
    delays.clear()
    caller: list[float] = []
    for i in range(ROUNDS):
        started.clear()
        t0 = time.perf_counter()
        voice.announce(samples[i % len(samples)])
        caller.append(time.perf_counter() - t0)
        if not started.wait(5):
            print("   an announcement did not start within 5 s")
            break
        voice.stop()  # free the channel so every request measures an idle start
        voice.wait_idle(5)
    voice.close()
    if voice.silent:
        print("   no audio output: nothing measured")
        return
    ms = [d * 1000 for d in delays]
    us = [c * 1e6 for c in caller]
    print(f"   request -> first clip playing: p50 {statistics.median(ms):.2f} ms, "
          f"p99 {_percentile(ms, 0.99):.2f} ms  ({len(ms)} announcements)")
    print(f"   caller time per request:       p50 {statistics.median(us):.1f} us, "
          f"p99 {_percentile(us, 0.99):.1f} us")


if __name__ == "__main__":
    run()
