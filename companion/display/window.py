"""The one window of the table: full screen on the Pi, a resizable window on a desktop.

The main loop owns pygame's event queue; this class only draws frames and answers the
few window events that force a redraw (resize, expose). It redraws only when the frame
changed or the window was disturbed, and then only the regions of the screen that changed
(a seat's card, a menu, the countdown bar, the dice), flipping just those rects; the whole
screen is drawn when the screen itself changes (another phase, the window disturbed, the
language). Its idle wait sleeps between short polls instead of spinning, so a table
waiting for a bid costs almost no CPU on the Pi.
"""

from __future__ import annotations

import logging
import os
import time

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
import pygame  # imported after the prompt is hidden

from companion.display.layout_log import LayoutLog
from companion.display.paint import forget_fonts
from companion.display.regions import Region
from companion.display.render import paint
from companion.table.frame import Frame

log = logging.getLogger(__name__)

DESKTOP_SIZE = (1280, 720)
"""A desktop window's first size; the user may resize it."""

ANIMATION_TICK = 1 / 30
"""How often the main loop should come back while an animation or countdown runs."""

IDLE_TICK = 0.5
"""How long the idle wait may sleep when nothing moves on screen."""

POLL = 0.05
"""Between polls of pygame's queue: SDL's own wait spins every millisecond on kmsdrm and
the dummy driver, so sleeping here is what keeps idle CPU near zero."""

_REDRAW_EVENTS = {
    getattr(pygame, name) for name in (
        "VIDEORESIZE", "VIDEOEXPOSE", "WINDOWSIZECHANGED", "WINDOWRESIZED", "WINDOWEXPOSED",
        "WINDOWRESTORED", "WINDOWMAXIMIZED", "WINDOWSHOWN")
    if hasattr(pygame, name)
}


class Display:
    """The table's window. `draw(frame)` redraws when something changed; `close()` ends it.

    `size`: None for the screen's own size when full screen, else `DESKTOP_SIZE`.
    `language`: the screen's words (en, fr, de); set `language` later to switch, and the
    next `draw` redraws in it.
    """

    def __init__(self, size: tuple[int, int] | None = None, fullscreen: bool = False,
                 title: str = "MUSH table companion", language: str = "en") -> None:
        pygame.display.init()
        pygame.font.init()
        forget_fonts()  # fonts cached before a pygame.quit() are no longer valid
        pygame.display.set_caption(title)
        if fullscreen:
            flags = pygame.FULLSCREEN
            want = size or (0, 0)  # (0, 0): the display's current mode
        else:
            flags = pygame.RESIZABLE
            want = size or DESKTOP_SIZE
        self.surface = pygame.display.set_mode(want, flags)
        if fullscreen:
            pygame.mouse.set_visible(False)
        # the window's own "shown" and "exposed" at its opening ask for the first draw,
        # which is whole anyway: left queued they would make the first press's answer a
        # whole redraw too (the loop sees them only then)
        for event in pygame.event.get():
            if event.type not in _REDRAW_EVENTS:
                pygame.event.post(event)
        self.fullscreen = fullscreen
        self._frame: Frame | None = None
        self._dirty = True
        self._language = language
        self.redraws = 0
        self.full_redraws = 0  # redraws of the whole screen (the others redrew regions)
        self.last_area = 0  # pixels the last redraw drew and flipped
        self.last_log: LayoutLog | None = None
        self._regions: list[Region] = []  # the regions on screen, for the next redraw
        log.info("display %s on %s, %dx%d", "full screen" if fullscreen else "window",
                 pygame.display.get_driver(), *self.surface.get_size())

    @property
    def language(self) -> str:
        """The screen's words: en, fr or de (`companion.i18n`)."""
        return self._language

    @language.setter
    def language(self, language: str) -> None:
        if language != self._language:
            self._language = language
            self._dirty = True  # the same frame, in other words

    @property
    def size(self) -> tuple[int, int]:
        """The drawable size in pixels."""
        return self.surface.get_size()

    def animating(self) -> bool:
        """Whether the shown frame still moves (an animation short of 1, or a countdown)."""
        frame = self._frame
        if frame is None:
            return False
        running = frame.animation is not None and frame.animation_progress < 1.0
        return running or (frame.countdown is not None and frame.countdown.remaining > 0)

    def timeout(self) -> float:
        """How long the main loop may wait before it next builds a frame."""
        return ANIMATION_TICK if self.animating() else IDLE_TICK

    def handle_event(self, event: pygame.event.Event) -> None:
        """Let the window see an event: a resize or expose forces the next redraw."""
        if event.type in _REDRAW_EVENTS:
            if event.type == getattr(pygame, "VIDEORESIZE", None) and not self.fullscreen:
                self.surface = pygame.display.get_surface() or self.surface
            self._dirty = True

    def wait(self, timeout: float | None = None) -> list[pygame.event.Event]:
        """Sleep until a pygame event arrives or `timeout` s pass; returns the events.

        Window events are handled here too; the caller gets every event (keys for the
        keyboard pads, QUIT). Pad threads that want an instant wake can post any event
        with `pygame.event.post`.
        """
        limit = self.timeout() if timeout is None else timeout
        deadline = time.monotonic() + limit
        while True:
            events = pygame.event.get()
            if events:
                for event in events:
                    self.handle_event(event)
                return events
            left = deadline - time.monotonic()
            if left <= 0:
                return []
            time.sleep(min(POLL, left))

    def draw(self, frame: Frame) -> bool:
        """Draw `frame` if it differs from the one on screen (or the window needs it).

        Returns whether it redrew. Equal frames (same serial and content, an animation
        already at 1) cost one comparison.
        """
        if not self._dirty and frame == self._frame:
            return False
        surface = pygame.display.get_surface() or self.surface
        shown = self._frame
        # in parts only over the same screen, in the same words, on the same surface (a
        # game's painter that draws its screens whole keeps no regions)
        partial = not self._dirty and type(shown) is type(frame) \
            and shown.screen == frame.screen and surface is self.surface \
            and bool(self._regions)
        painter = paint(frame, surface, language=self.language,
                        previous=self._regions if partial else None)
        self.last_log = painter.log
        self._regions = painter.regions
        dirty = painter.dirty if painter.partial else None
        self.surface = surface
        if dirty is None:
            pygame.display.flip()
            self.last_area = surface.get_width() * surface.get_height()
            self.full_redraws += 1
        else:
            if dirty:
                pygame.display.update(dirty)
            self.last_area = sum(r.w * r.h for r in dirty)
        self._frame = frame
        self._dirty = False
        self.redraws += 1
        return True

    def close(self) -> None:
        """Close the window; safe to call twice."""
        if pygame.display.get_init():
            pygame.display.quit()
        self._frame = None


__all__ = ["Display"]
