"""Text that always fits its box, and the layout log that proves it.

Everything on the table screen is read from about 2 m, so no text may fall under a size
floor (36 px on a 1080-line screen, proportionally less on a smaller one) and no text may
spill out of the box it was given. Every text goes through `Painter.text`, which measures
with the real font before drawing, shrinks toward the floor, then ellipsizes; each draw
is recorded in a `LayoutLog` so tests can check the whole screen rather than trust it.
"""

from __future__ import annotations

import math
import os
import unicodedata
from collections import OrderedDict
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
import pygame  # imported after the prompt is hidden

from companion.display import theme

FLOOR_AT_1080 = 36
"""No text under this many pixels on a 1080-line screen (DESIGN.md, Display)."""

ELLIPSIS = "…"

MAX_DRAWN = 2000
"""Characters of one text the painter looks at: nothing on any screen is longer, and a
longer text (a hostile name from a hand-edited journal) must not cost a frame."""


def drawable_text(text: object) -> str:
    """The text as the font can take it. pygame raises on a lone surrogate (it cannot be
    encoded), on a NUL, and on a text of nothing but zero-width characters; control and
    format characters draw nothing useful anyway. Names obey a stricter rule where they
    enter (companion.table.names); this is the painter's own guard, for every string."""
    if not isinstance(text, str):
        text = str(text)
    text = text[:MAX_DRAWN]
    if text.isprintable():
        return text
    return "".join(char for char in text
                   if unicodedata.category(char) not in ("Cc", "Cs", "Cf"))


def font_floor(height: int) -> int:
    """The smallest font size allowed on a screen `height` pixels tall.

    It scales with the height so the 7" 800×480 screen, read from closer, can still hold
    the same layout: 36 px at 1080 lines, 16 px at 480.
    """
    return max(8, round(FLOOR_AT_1080 * height / 1080))


def _font_dir() -> Path:
    return Path(str(resources.files("companion.display") / "fonts"))


FONT_FILES = {False: "DejaVuSans.ttf", True: "DejaVuSans-Bold.ttf"}
"""The shipped fonts, so the Pi and the tests draw exactly the same glyphs."""


def font_path(bold: bool = False) -> Path | None:
    """The shipped font file, or None when it is missing (pygame's default is the fallback)."""
    path = _font_dir() / FONT_FILES[bold]
    return path if path.is_file() else None


_FONTS: dict[tuple[int, bool], pygame.font.Font] = {}


def forget_fonts() -> None:
    """Drop the cached fonts: they die with the font module, so a new window (after
    `pygame.quit()` or `pygame.font.quit()`) must not reuse them."""
    _FONTS.clear()


def get_font(size: int, bold: bool = False) -> pygame.font.Font:
    """A cached font of `size` px; creating one reads the file, so it is done once."""
    if not pygame.font.get_init():
        pygame.font.init()
        forget_fonts()
    key = (size, bold)
    font = _FONTS.get(key)
    if font is None:
        path = font_path(bold)
        font = pygame.font.Font(str(path) if path else None, size)
        if path is None and bold:
            font.bold = True
        _FONTS[key] = font
    return font


@dataclass(frozen=True)
class TextDraw:
    """One text drawn on the screen: what was asked, what was drawn, where, and how big."""

    source: str  # the text asked for
    text: str  # the text drawn (shortened with an ellipsis when it did not fit)
    rect: tuple[int, int, int, int]  # where the glyphs landed
    box: tuple[int, int, int, int]  # the box the text had to stay in
    size: int  # font size in px
    floor: int  # the screen's floor
    fit: str  # "full", "shrunk", "ellipsized", or "dropped" (nothing fitted at the floor)
    clip: tuple[int, int, int, int] | None = None  # the surface's clip when it was drawn

    @property
    def inside(self) -> bool:
        """Whether the glyphs stayed within their box."""
        return pygame.Rect(self.box).contains(pygame.Rect(self.rect))


@dataclass
class LayoutLog:
    """Every text draw of one render, in drawing order."""

    size: tuple[int, int] = (0, 0)
    floor: int = 0
    draws: list[TextDraw] = field(default_factory=list)

    def problems(self) -> list[str]:
        """Texts that left their box, left the screen or the area they were drawn in, fell
        under the floor, were dropped, or were drawn over another text."""
        screen = pygame.Rect((0, 0), self.size)
        found = []
        for d in self.draws:
            if d.fit == "dropped":
                found.append(f"dropped {d.source!r} in box {d.box}")
            elif not d.inside:
                found.append(f"{d.text!r} at {d.rect} leaves its box {d.box}")
            elif not screen.contains(pygame.Rect(d.rect)):
                found.append(f"{d.text!r} at {d.rect} leaves the screen {self.size}")
            elif d.clip is not None and not pygame.Rect(d.clip).contains(pygame.Rect(d.rect)):
                found.append(f"{d.text!r} at {d.rect} is cut off by its area {d.clip}")
            if d.size < d.floor:
                found.append(f"{d.text!r} is {d.size} px, under the floor {d.floor}")
        found.extend(self.overlaps())
        return found

    def overlaps(self) -> list[str]:
        """Pairs of texts whose glyphs were drawn over each other.

        A line's rect includes the font's spacing above and below the glyphs, so two rects
        count as overlapping only when they share more than a few pixels each way.
        """
        slack = max(2, self.floor // 5)
        shown = [(d, pygame.Rect(d.rect).inflate(-2 * slack, -2 * slack))
                 for d in self.draws if d.text]
        found = []
        for i, (a, ra) in enumerate(shown):
            for b, rb in shown[i + 1:]:
                if ra.colliderect(rb):
                    found.append(f"{a.text!r} at {a.rect} overlaps {b.text!r} at {b.rect}")
        return found

    def texts(self) -> list[str]:
        """The drawn texts, for tests that look for a word on the screen."""
        return [d.text for d in self.draws]


_TEXT_CACHE: OrderedDict[tuple[str, int, bool, tuple[int, int, int]], pygame.Surface] = (
    OrderedDict())
_TEXT_CACHE_BUDGET = 12 * 1024 * 1024
"""Pixel bytes the text cache may hold. A count of surfaces was no limit at 1080p, where
one title is hundreds of kilobytes; a byte budget keeps a whole game's memory low while
the texts that repeat every frame (names, chips, menus) stay cached."""
_text_cache_bytes = 0


def _surface_bytes(surf: pygame.Surface) -> int:
    return int(surf.get_pitch()) * int(surf.get_height())


def _box(rect: pygame.Rect) -> tuple[int, int, int, int]:
    return (rect.x, rect.y, rect.w, rect.h)


def _rendered(text: str, size: int, bold: bool, colour: tuple[int, int, int]) -> pygame.Surface:
    """Rendering glyphs is the costliest part of a redraw; most texts repeat between frames."""
    global _text_cache_bytes
    key = (text, size, bold, colour)
    surf = _TEXT_CACHE.get(key)
    if surf is None:
        font = get_font(size, bold)
        try:
            surf = font.render(text, True, colour)
        except (pygame.error, ValueError, UnicodeError):  # e.g. only zero-width marks
            surf = pygame.Surface((0, font.get_height()), pygame.SRCALPHA)
        _TEXT_CACHE[key] = surf
        _text_cache_bytes += _surface_bytes(surf)
        while _text_cache_bytes > _TEXT_CACHE_BUDGET and len(_TEXT_CACHE) > 1:
            _, old = _TEXT_CACHE.popitem(last=False)
            _text_cache_bytes -= _surface_bytes(old)
    else:
        _TEXT_CACHE.move_to_end(key)
    return surf


RectLike = pygame.Rect | tuple[int, int, int, int]


class Painter:
    """Draws on one surface at one scale; sizes are given as they would be at 1080 lines."""

    def __init__(self, surface: pygame.Surface, log: LayoutLog | None = None) -> None:
        self.surface = surface
        w, h = surface.get_size()
        self.width, self.height = w, h
        self.floor = font_floor(h)
        # Text scales with the height, unless the window is unusually narrow.
        self.k = min(h / 1080, w / 1920 * 1.15)
        self.log = log if log is not None else LayoutLog()
        self.log.size = (w, h)
        self.log.floor = self.floor

    def px(self, design: float) -> int:
        """A length given at 1080 lines, scaled to this screen."""
        return max(1, round(design * self.k))

    def font_px(self, design: float) -> int:
        """A font size given at 1080 lines, scaled, never under the floor."""
        return max(self.floor, round(design * self.k))

    def line(self, design: float) -> int:
        """The height a line of text of that design size needs on this screen."""
        return get_font(self.font_px(design)).get_height() + 2

    def measure(self, text: str, design: float, bold: bool = False) -> tuple[int, int]:
        """The width and height of `text` at the scaled design size."""
        w, h = get_font(self.font_px(design), bold).size(drawable_text(text))
        return int(w), int(h)

    def text(
        self,
        text: str,
        box: RectLike,
        design: float = theme.BODY,
        *,
        colour: tuple[int, int, int] = theme.TEXT,
        bold: bool = False,
        align: str = "left",
        valign: str = "center",
    ) -> pygame.Rect:
        """Draw `text` inside `box`, shrinking toward the floor and then ellipsizing.

        Returns the rect the glyphs occupy (empty when nothing fitted), so callers can
        place a neighbour right after the text.
        """
        box = pygame.Rect(box)
        size = self.font_px(design)
        fit = "full"
        source = text
        shown = text = drawable_text(text)
        while True:
            font = get_font(size, bold)
            w, h = font.size(shown)
            if w <= box.w and h <= box.h:
                break
            if size <= self.floor:
                break
            size = max(self.floor, size - max(1, size // 12))
            fit = "shrunk"
        font = get_font(size, bold)
        w, h = font.size(shown)
        if h > box.h:
            shown, fit = "", "dropped"
        elif w > box.w:
            shown = self._ellipsize(text, font, box.w)
            fit = "ellipsized" if shown else "dropped"
        if not shown:
            self.log.draws.append(TextDraw(source, "", (box.x, box.y, 0, 0), _box(box),
                                           size, self.floor, fit))
            return pygame.Rect(box.x, box.y, 0, 0)
        surf = _rendered(shown, size, bold, colour)
        rect = surf.get_rect()
        if align == "center":
            rect.centerx = box.centerx
        elif align == "right":
            rect.right = box.right
        else:
            rect.left = box.left
        if valign == "top":
            rect.top = box.top
        elif valign == "bottom":
            rect.bottom = box.bottom
        else:
            rect.centery = box.centery
        self.surface.blit(surf, rect)
        self.log.draws.append(TextDraw(source, shown, _box(rect), _box(box), size,
                                       self.floor, fit, _box(self.surface.get_clip())))
        return rect

    @staticmethod
    def _ellipsize(text: str, font: pygame.font.Font, width: int) -> str:
        """The longest prefix of `text` plus an ellipsis that fits `width` (binary search)."""
        lo, hi = 0, len(text)
        best = ""
        while lo <= hi:
            mid = (lo + hi) // 2
            candidate = text[:mid].rstrip() + ELLIPSIS
            if font.size(candidate)[0] <= width:
                best = candidate
                lo = mid + 1
            else:
                hi = mid - 1
        return best

    def wrap(
        self,
        text: str,
        box: RectLike,
        design: float = theme.BODY,
        *,
        colour: tuple[int, int, int] = theme.TEXT,
        bold: bool = False,
        align: str = "left",
    ) -> int:
        """Draw `text` over as many lines as fit in `box` (the last one ellipsized).

        Returns the height used. Lines are broken at spaces; each is its own logged draw.
        """
        box = pygame.Rect(box)
        size = self.font_px(design)
        font = get_font(size, bold)
        line_h = font.get_height() + 2
        max_lines = max(1, box.h // line_h)
        words = drawable_text(text).split()
        lines: list[str] = []
        current = ""
        for word in words:
            trial = f"{current} {word}".strip()
            if font.size(trial)[0] <= box.w or not current:
                current = trial
            else:
                lines.append(current)
                current = word
        if current:
            lines.append(current)
        if len(lines) > max_lines:
            lines = [*lines[:max_lines - 1], " ".join(lines[max_lines - 1:])]
        y = box.y
        for line in lines:
            self.text(line, (box.x, y, box.w, min(line_h, box.bottom - y)), design,
                      colour=colour, bold=bold, align=align)
            y += line_h
        return min(box.h, y - box.y)


def split_columns(rect: pygame.Rect, weights: list[float], gap: int = 0) -> list[pygame.Rect]:
    """Split a rect into columns in proportion to `weights`, with `gap` px between them."""
    total = sum(weights) or 1.0
    usable = rect.w - gap * (len(weights) - 1)
    out = []
    x = float(rect.x)
    for weight in weights:
        w = usable * weight / total
        out.append(pygame.Rect(round(x), rect.y, math.floor(w), rect.h))
        x += w + gap
    return out


def split_rows(rect: pygame.Rect, weights: list[float], gap: int = 0) -> list[pygame.Rect]:
    """Split a rect into rows in proportion to `weights`, with `gap` px between them."""
    total = sum(weights) or 1.0
    usable = rect.h - gap * (len(weights) - 1)
    out = []
    y = float(rect.y)
    for weight in weights:
        h = usable * weight / total
        out.append(pygame.Rect(rect.x, round(y), rect.w, math.floor(h)))
        y += h + gap
    return out
