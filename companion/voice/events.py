"""Rules events -> announcements. Placeholder until the mapping is written."""

from __future__ import annotations

from collections.abc import Mapping

from companion.voice.phrases import Announcement


def announcement_for(event: object, names: Mapping[int, str] | None = None) -> Announcement | None:
    """The announcement a rules event calls for, or None."""
    return None
