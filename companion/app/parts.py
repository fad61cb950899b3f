"""What the main loop needs of each part it drives, and who may watch it.

The loop (`companion.app.loop.Companion`) holds every part but the journal and the controller
as optional, typed by these protocols rather than by the classes, so the demo and the
tests hand it their own screen, voice or phones' server; and the loop calls each part by
what it declares, never by probing for a method.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from companion.table.canoe import CanoeTable
from companion.table.controller import TableController
from companion.voice.config import VoiceConfig
from companion.voice.phrases import Announcement

Controller = TableController | CanoeTable
"""The table of the game being played: MUSH's, or the Canoe game's."""


class DisplayLike(Protocol):
    """What the loop needs of the display (companion.display.Display)."""

    language: str  # the screen's words; the settings screen switches it at once

    def wait(self, timeout: float | None = None) -> list[Any]: ...
    def draw(self, frame: Any) -> bool: ...
    def timeout(self) -> float: ...
    def close(self) -> None: ...


class VoiceLike(Protocol):
    """What the loop needs of the voice (companion.voice.Announcer)."""

    def configure(self, config: VoiceConfig) -> None: ...
    def event(self, event: object, all_covered: Collection[int] = ()) -> bool: ...
    def set_names(self, names: dict[int, str | None]) -> None: ...
    def repeat(self) -> bool: ...
    def close(self, timeout: float = 2.0) -> None: ...


class WebLike(Protocol):
    """What the loop needs of the phones' server (companion.web.server.WebServer)."""

    def publish(self, frame: Any, companion: Any) -> Any: ...
    def announce(self, announcements: Sequence[Announcement]) -> None: ...
    def free_seat(self, seat: int) -> None: ...
    def pad_pressed(self, seat: int) -> None: ...
    def close(self) -> None: ...


@dataclass
class Hooks:
    """Optional observers of the loop, for the demo's summary and for tests."""

    on_events: Callable[[Any, tuple[Any, ...]], None] | None = None  # (state, events)
    on_frame: Callable[[Any, bool], None] | None = None  # (frame, redrawn), after drawing
    on_shown: Callable[[int], None] | None = None  # journalled events now on screen

