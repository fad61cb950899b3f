"""How long the display's short animations last, and the frame at a moment of one.

The controller owns the clock (it also runs the reaction-window countdowns), so it
starts an animation by sending a frame with `animation` set and progress 0, and asks
`at(frame, elapsed)` for the frame to send next; at progress 1 the frame stops changing
and the display stops redrawing.
"""

from __future__ import annotations

from dataclasses import replace

from companion.table.frame import TableFrame

DURATIONS = {"dice": 1.4, "reveal": 1.8, "weather": 1.2}
"""Seconds per animation; short, so the game never waits on the screen."""

DEFAULT_DURATION = 1.0


def at(frame: TableFrame, elapsed: float) -> TableFrame:
    """`frame` with its animation progress for `elapsed` seconds since it started."""
    if frame.animation is None:
        return frame
    duration = DURATIONS.get(frame.animation, DEFAULT_DURATION)
    progress = 1.0 if duration <= 0 else min(1.0, max(0.0, elapsed / duration))
    if progress == frame.animation_progress:
        return frame
    return replace(frame, animation_progress=progress)


def running(frame: TableFrame) -> bool:
    """Whether the frame's animation has yet to finish."""
    return frame.animation is not None and frame.animation_progress < 1.0
