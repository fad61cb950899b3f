"""Measuring rendered announcements: peak and loudness of 16-bit mono samples."""

from __future__ import annotations

import array
import math
import sys


def samples(pcm: bytes) -> array.array[int]:
    """Signed 16-bit samples of a buffer in the test mixer's format."""
    data = array.array("h", pcm)
    if sys.byteorder == "big":
        data.byteswap()
    return data


def peak_dbfs(pcm: bytes) -> float:
    """Peak level in dBFS (-inf for pure silence)."""
    data = samples(pcm)
    peak = max((abs(s) for s in data), default=0)
    return 20 * math.log10(peak / 32768) if peak else -math.inf


def rms_dbfs(pcm: bytes) -> float:
    """Average level in dBFS (-inf for pure silence)."""
    data = samples(pcm)
    if not data:
        return -math.inf
    rms = math.sqrt(sum(s * s for s in data) / len(data))
    return 20 * math.log10(rms / 32768) if rms else -math.inf
