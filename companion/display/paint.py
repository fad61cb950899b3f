"""Text that always fits its box, and the layout log that proves it.

Everything on the table screen is read from about 2 m, so no text may fall under a size
floor (36 px on a 1080-line screen, proportionally less on a smaller one) and no text may
spill out of the box it was given. Every text goes through `Painter.text` (one line: it
shrinks toward the floor) or `Painter.block` (as many lines as it needs, planned first by
`Painter.plan` so a layout can make room for it); each draw is recorded in a `LayoutLog`
so tests can check the whole screen rather than trust it.

Words are never cut short: a text that does not fit is a layout problem the log reports
(`LayoutLog.problems`). The one exception is a player's name drawn alone in a seat's card
or tile (`may_cut`): a name is the group's own choice, up to 24 letters, and a card on a
six-seat 7" screen has room for about ten; the name is then shortened with an ellipsis
there, and whole everywhere it is part of a sentence.
"""

from __future__ import annotations

import io
import math
import os
import unicodedata
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, replace
from importlib import resources
from pathlib import Path

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
import pygame  # imported after the prompt is hidden

from companion.display import theme
from companion.display.layout_log import LayoutLog, TextDraw, box_of
from companion.display.regions import Canvas, RectLike, Region, surface_bytes

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
    enter (companion.config.names); this is the painter's own guard, for every string."""
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
_FONT_BYTES: dict[bool, bytes | None] = {}


def load_fonts() -> None:
    """Read the shipped font files into memory once: every size made later is made from
    these bytes, so drawing never opens a file (a process out of files, however that
    came about, still draws its screen)."""
    for bold in (False, True):
        if bold not in _FONT_BYTES:
            path = font_path(bold)
            _FONT_BYTES[bold] = path.read_bytes() if path is not None else None


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
        load_fonts()
        data = _FONT_BYTES[bold]
        font = pygame.font.Font(io.BytesIO(data) if data is not None else None, size)
        if data is None and bold:
            font.bold = True
        _FONTS[key] = font
    return font


_TEXT_CACHE: OrderedDict[tuple[str, int, bool, tuple[int, int, int]], pygame.Surface] = (
    OrderedDict())
_TEXT_CACHE_BUDGET = 4 * 1024 * 1024
"""Pixel bytes the text cache may hold. A count of surfaces was no limit at 1080p, where
one title is hundreds of kilobytes; a byte budget keeps a whole game's memory low while
the texts that repeat every frame (names, chips, menus) stay cached. Rendering a text
again is cheap (about 30 us on average here): over a whole seeded game at 1080 lines,
4 MB renders 5,049 texts in 98 ms where 9 MB rendered 3,170 in 84 ms, and the game's
peak memory is 6 MB lower. With the menu blocks kept for copying back
(`regions._KEPT_BUDGET`, 3 MB) and the landed dice (`widgets._LANDED_BUDGET`, 0.5 MB),
the display's caches hold at most 7.5 MB at any size."""
_text_cache_bytes = 0


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
        _text_cache_bytes += surface_bytes(surf)
        while _text_cache_bytes > _TEXT_CACHE_BUDGET and len(_TEXT_CACHE) > 1:
            _, old = _TEXT_CACHE.popitem(last=False)
            _text_cache_bytes -= surface_bytes(old)
    else:
        _TEXT_CACHE.move_to_end(key)
    return surf


class Painter(Canvas):
    """Draws on one surface at one scale; sizes are given as they would be at 1080 lines.

    Every text goes through `text` or `block` and lands in the layout log. It draws in
    regions (`Canvas.region`): given the regions on the surface now (`previous`), only
    those whose key changed are drawn again (`companion.display.regions`).
    """


    def __init__(self, surface: pygame.Surface, log: LayoutLog | None = None,
                 previous: list[Region] | None = None) -> None:
        w, h = surface.get_size()
        self.floor = font_floor(h)
        # Text scales with the height, unless the window is unusually narrow.
        self.k = min(h / 1080, w / 1920 * 1.15)
        log = log if log is not None else LayoutLog()
        log.size = (w, h)
        log.floor = self.floor
        super().__init__(surface, log, previous, margin=self.px(2))

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
        may_cut: bool = False,
    ) -> pygame.Rect:
        """Draw `text` on one line inside `box`, shrinking toward the floor; what still
        does not fit is ellipsized and logged as a problem, unless `may_cut` (a name alone
        in its card, see the module docstring).

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
            return self._nothing(source, box, size, fit, may_cut)
        surf = _rendered(shown, size, bold, colour)
        return self._put(surf, _aligned(surf.get_rect(), box, align, valign), box,
                         TextDraw(source, shown, (0, 0, 0, 0), box_of(box), size, self.floor,
                                  fit, may_cut=may_cut))

    def _nothing(self, source: str, box: pygame.Rect, size: int, fit: str,
                 may_cut: bool = False) -> pygame.Rect:
        """A text with no room at all in `box`: logged as drawn empty (a problem the log
        reports), and an empty rect where it would have begun."""
        self.log.draws.append(TextDraw(source, "", (box.x, box.y, 0, 0), box_of(box), size,
                                       self.floor, fit, may_cut=may_cut))
        return pygame.Rect(box.x, box.y, 0, 0)

    def _put(self, surf: pygame.Surface, rect: pygame.Rect, box: pygame.Rect,
             draw: TextDraw) -> pygame.Rect:
        """Blit a rendered text at `rect` and log it (`draw` with where it landed, in which
        box and under which clip)."""
        self.surface.blit(surf, rect)
        self.log.draws.append(replace(draw, rect=box_of(rect), box=box_of(box),
                                      clip=box_of(self.surface.get_clip())))
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

    def fits(self, text: str, width: int, design: float = theme.BODY,
             bold: bool = False) -> bool:
        """Whether `text` fits `width` on one line, at the floor if need be."""
        return bool(get_font(self.floor, bold).size(drawable_text(text))[0] <= width)

    def plan(self, text: str, width: int, design: float = theme.BODY, *, bold: bool = False,
             lines: int = 3) -> Block:
        """How `text` is best set in `width`: on as few lines as it can (up to `lines`),
        each as big as it can be between the design size and the floor.

        A word wider than the whole width is broken after a hyphen, or else between two
        letters: the text stays whole whatever the width. A text that needs more than
        `lines` lines even at the floor gets them all; the caller sees it in `Block.lines`.
        """
        key = (text, width, self.font_px(design), self.floor, bold, lines)
        block = _PLANS.get(key)
        if block is not None:
            return block
        drawable = drawable_text(text)
        top = self.font_px(design)
        sizes = [top]
        while sizes[-1] > self.floor:
            sizes.append(max(self.floor, sizes[-1] - max(1, sizes[-1] // 12)))
        found: Block | None = None
        for most in range(1, max(1, lines) + 1):
            for size in sizes:
                broken = break_lines(drawable, max(1, width), get_font(size, bold))
                if len(broken) <= most:
                    found = Block(text, tuple(broken), size, bold, top)
                    break
            if found is not None:
                break
        if found is None:
            found = Block(text, tuple(break_lines(drawable, max(1, width),
                                                  get_font(self.floor, bold))),
                          self.floor, bold, top)
        if len(_PLANS) > 4096:
            _PLANS.clear()
        _PLANS[key] = found
        return found

    def block(
        self,
        block: Block | str,
        box: RectLike,
        design: float = theme.BODY,
        *,
        colour: tuple[int, int, int] = theme.TEXT,
        bold: bool = False,
        align: str = "left",
        valign: str = "top",
        lines: int = 3,
    ) -> pygame.Rect:
        """Draw a planned text (or plan `block` for the box's width first) line under line
        from the top of `box` (or centred in it with valign "center").

        Lines that the box is too short for are not drawn: the last one that is shown is
        ellipsized, which the log reports. Returns the rect the lines cover.
        """
        box = pygame.Rect(box)
        if isinstance(block, str):
            block = self.plan(block, box.w, design, bold=bold, lines=lines)
        step = block.line_height
        shown = list(block.lines)
        room = max(1, (box.h + 2) // step) if shown else 0
        cut = len(shown) > room
        if cut:
            shown = [*shown[:room - 1], " ".join(shown[room - 1:])]
        total = step * len(shown)
        y = box.y if valign == "top" else box.y + max(0, (box.h - total) // 2)
        covered = pygame.Rect(box.x, y, 0, 0)
        several = len(block.lines) > 1
        for i, line in enumerate(shown):
            row = pygame.Rect(box.x, y, box.w, min(step, max(0, box.bottom - y)))
            if cut and i == len(shown) - 1:
                line = self._ellipsize(line, get_font(block.size, block.bold), row.w)
            drawn = self._line(block, line, row, colour, align, several,
                               "ellipsized" if cut and i == len(shown) - 1 else None)
            covered = covered.union(drawn) if covered.w else drawn
            y += step
        return covered

    def _line(self, block: Block, line: str, row: pygame.Rect, colour: tuple[int, int, int],
              align: str, several: bool, fit: str | None = None) -> pygame.Rect:
        """One line of a planned block, drawn at the block's size and logged against the
        whole text."""
        font = get_font(block.size, block.bold)
        w, h = font.size(line)
        if not line or h > row.h + 2 or w > row.w:
            return self._nothing(block.text, row, block.size, "dropped")
        surf = _rendered(line, block.size, block.bold, colour)
        rect = _aligned(surf.get_rect(), row, align, "center")
        box = row.inflate(0, 2) if rect.h > row.h else row
        rect.clamp_ip(box)
        fit = fit or ("wrapped" if several else
                      "full" if block.size >= block.design else "shrunk")
        return self._put(surf, rect, box, TextDraw(block.text, line, (0, 0, 0, 0), box_of(box),
                                                   block.size, self.floor, fit))

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
        """Draw `text` over as many lines as fit in `box` (`block` with as many lines as the
        box holds); returns the height used."""
        box = pygame.Rect(box)
        most = max(1, box.h // (get_font(self.font_px(design), bold).get_height() + 2))
        block = self.plan(text, box.w, design, bold=bold, lines=most)
        self.block(block, box, colour=colour, align=align)
        return min(box.h, block.height_for(most))


def _aligned(rect: pygame.Rect, box: pygame.Rect, align: str, valign: str) -> pygame.Rect:
    """`rect` placed in `box`: left, centre or right; top, centre or bottom."""
    for edge in (_ACROSS.get(align, "left"), _DOWN.get(valign, "centery")):
        setattr(rect, edge, getattr(box, edge))
    return rect


_ACROSS = {"center": "centerx", "right": "right"}
_DOWN = {"top": "top", "bottom": "bottom"}


@dataclass(frozen=True)
class Block:
    """A text set for a width: its lines, their font size, and the height they need."""

    text: str
    lines: tuple[str, ...]
    size: int
    bold: bool
    design: int  # the size asked for (scaled), to tell "shrunk" from "full"

    @property
    def line_height(self) -> int:
        return int(get_font(self.size, self.bold).get_height()) + 2

    @property
    def height(self) -> int:
        """The height every line needs."""
        return self.line_height * len(self.lines)

    def height_for(self, most: int) -> int:
        """The height of at most `most` of its lines."""
        return self.line_height * min(most, len(self.lines))

    @property
    def width(self) -> int:
        """The width of its widest line."""
        font = get_font(self.size, self.bold)
        return max((int(font.size(line)[0]) for line in self.lines), default=0)


_PLANS: dict[tuple[str, int, int, int, bool, int], Block] = {}


SEPARATOR = " · "
"""What parts of a list are joined with ("◀ ▶ choose · ● select · hold ● back"): a text
broken across lines breaks there first, so "hold ●" never ends a line without its
"back"."""


def break_lines(text: str, width: int, font: pygame.font.Font) -> list[str]:
    """`text` broken into lines no wider than `width`: between the parts of a list (at
    `SEPARATOR`, which the break drops) where a part fits a line, else at spaces, and a
    word wider than the width after a hyphen or, failing that, between letters."""
    if SEPARATOR not in text:
        return _break_words(text, width, font)
    lines: list[str] = []
    current = ""
    for part in text.split(SEPARATOR):
        trial = f"{current}{SEPARATOR}{part}" if current else part
        if font.size(trial)[0] <= width:
            current = trial
            continue
        if current:
            lines.append(current)
        *whole, current = _break_words(part, width, font)
        lines += whole
    lines.append(current)
    return lines


def _break_words(text: str, width: int, font: pygame.font.Font) -> list[str]:
    """`text` broken at spaces, a word wider than `width` after a hyphen or between
    letters."""
    lines: list[str] = []
    current = ""
    words: list[str] = []
    for word in text.split():
        # French puts a space before ":", "?", "!" and ";": never begin a line with one
        if words and word in (":", "?", "!", ";", "»"):
            words[-1] += " " + word
        else:
            words.append(word)
    for word in words:
        trial = f"{current} {word}" if current else word
        if font.size(trial)[0] <= width:
            current = trial
            continue
        if current:
            lines.append(current)
            current = ""
        while font.size(word)[0] > width:
            cut = _cut_word(word, width, font)
            lines.append(word[:cut])
            word = word[cut:]
        current = word
    if current:
        lines.append(current)
    return lines or [""]


def _cut_word(word: str, width: int, font: pygame.font.Font) -> int:
    """Where to break a word too wide for a line: after its last hyphen that fits, else
    after as many letters as fit (at least one)."""
    fit = 1
    while fit < len(word) and font.size(word[:fit + 1])[0] <= width:
        fit += 1
    hyphen = word.rfind("-", 0, fit)
    return hyphen + 1 if hyphen > 0 else fit


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


def paint_by_regions(surface: pygame.Surface, log: LayoutLog | None,
                     previous: list[Region] | None,
                     draw: Callable[[Painter], None]) -> Painter:
    """Draw a screen with `draw`: whole, or (given the `previous` frame's regions, the
    same screen drawn on the same surface) only the regions that changed, each over its
    own background. Every game's screen draws this way, so each passes only its own
    drawing. The painter returned holds the log, the regions and the rects a partial
    redraw drew (`Painter.dirty`). A frame whose layout moved is planned again so only
    what moved or changed is drawn (`Canvas.replan`); failing that, it is drawn whole."""
    if previous is not None:
        first = Painter(surface, LayoutLog(), previous)
        draw(first)
        if first.moved is None:
            if log is not None:
                log.draws[:] = first.log.draws
                first.log = log
            return first
        plan = first.replan()
        if plan is not None:  # the layout moved: a second pass draws what it must
            regions, clear = plan
            surface.set_clip(None)
            for rect in clear:
                surface.fill(theme.BG, rect)
            second = Painter(surface, log, regions)
            draw(second)
            if second.moved is None:
                second.dirty[:0] = [*first.dirty, *clear]
                return second
    painter = Painter(surface, log)
    draw(painter)
    return painter
