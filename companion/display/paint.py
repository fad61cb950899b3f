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
from companion.i18n import language

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
    fit: str  # "full", "shrunk", "wrapped" (one line of several), "ellipsized", or
    #           "dropped" (nothing fitted at the floor)
    clip: tuple[int, int, int, int] | None = None  # the surface's clip when it was drawn
    may_cut: bool = False  # a name alone in a card: an ellipsis is allowed (module docstring)

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
        under the floor, were dropped, were cut short with an ellipsis (but a name alone in
        its card), or were drawn over another text."""
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
            if d.fit == "ellipsized" and not d.may_cut:
                found.append(f"{d.source!r} was cut short to {d.text!r}")
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
        """The drawn texts (each line of a wrapped text on its own), for tests that look for
        a word on the screen."""
        return [d.text for d in self.draws]

    def whole(self) -> list[str]:
        """Every text drawn whole, a wrapped one as the text it was asked for, in drawing
        order: what a reader of the screen can read in full."""
        out: list[str] = []
        cut = {d.source for d in self.draws if d.fit in ("ellipsized", "dropped")}
        for d in self.draws:
            if d.source in cut:
                continue
            if d.fit == "wrapped":
                if not out or out[-1] != d.source:
                    out.append(d.source)
            elif d.text:
                out.append(d.text)
        return out


_TEXT_CACHE: OrderedDict[tuple[str, int, bool, tuple[int, int, int]], pygame.Surface] = (
    OrderedDict())
_TEXT_CACHE_BUDGET = 9 * 1024 * 1024
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

NOWHERE = pygame.Rect(0, 0, 0, 0)
"""A clip that lets nothing through: a region left as it is draws nowhere."""


@dataclass
class Region:
    """One part of the screen that is drawn by itself (the header, a seat's card, a menu
    block, the countdown bar, the notices, a screen's content): where it is, what it
    shows (`key`: equal keys draw equal pixels), and the texts it drew last."""

    name: str
    rect: tuple[int, int, int, int]
    key: object
    draws: list[TextDraw] = field(default_factory=list)


_REDRAW = object()
"""A key no frame has: the region is drawn again."""

_KEPT: OrderedDict[tuple[object, ...], tuple[pygame.Surface, list[TextDraw]]] = OrderedDict()
"""The pixels of regions drawn lately that are likely to come back (a seat's menu as it
was before a press, its offer before it asked first), by what they show and their size:
drawing is the same wherever it lands (whole pixels), so such a region is copied back
instead of drawn again, wherever its block now stands. Kept from partial redraws only:
a whole one (another screen) draws blocks that seldom come back."""
_KEPT_BUDGET = 3 * 1024 * 1024
"""Room for the few menu blocks a press goes back and forth between at 1080 lines (a
block is 0.4 to 1.1 MB there); the memory goal of a whole game holds it and the texts."""
_kept_bytes = 0


def _moved_draws(draws: list[TextDraw], dx: int, dy: int) -> list[TextDraw]:
    """The log's entries of a region drawn `dx`, `dy` pixels away."""
    def at(box: tuple[int, int, int, int]) -> tuple[int, int, int, int]:
        return (box[0] + dx, box[1] + dy, box[2], box[3])

    return [TextDraw(d.source, d.text, at(d.rect), at(d.box), d.size, d.floor, d.fit,
                     at(d.clip) if d.clip is not None else None, d.may_cut) for d in draws]


def _keep(key: tuple[object, ...], pixels: pygame.Surface, draws: list[TextDraw]) -> None:
    global _kept_bytes
    if key in _KEPT:
        return
    _KEPT[key] = (pixels, draws)
    _kept_bytes += _surface_bytes(pixels)
    while _kept_bytes > _KEPT_BUDGET and _KEPT:
        _, (old, _) = _KEPT.popitem(last=False)
        _kept_bytes -= _surface_bytes(old)


class Painter:
    """Draws on one surface at one scale; sizes are given as they would be at 1080 lines.

    A screen is drawn as a sequence of regions (`region`), each clipped to its rect. Given
    the regions of the same screen as it is on the surface now (`previous`), the painter
    redraws only the regions whose key changed, each over its own background, and leaves
    the others' pixels as they are; a whole redraw clips every region the same way, so
    both give the same pixels. When a region has moved (a menu grew, a notice came), the
    rest of the pass only records where everything goes (`moved`); `replan` then says
    which regions a second pass must draw.
    """

    def __init__(self, surface: pygame.Surface, log: LayoutLog | None = None,
                 previous: list[Region] | None = None) -> None:
        self.surface = surface
        w, h = surface.get_size()
        self.width, self.height = w, h
        self.floor = font_floor(h)
        # Text scales with the height, unless the window is unusually narrow.
        self.k = min(h / 1080, w / 1920 * 1.15)
        self.log = log if log is not None else LayoutLog()
        self.log.size = (w, h)
        self.log.floor = self.floor
        self.regions: list[Region] = []
        self.dirty: list[pygame.Rect] = []  # what a partial redraw drew (to flip)
        self.moved: int | None = None  # the first region that is not where it was
        self._previous = previous
        self._open: tuple[Region, int, bool] | None = None
        self._keeping: tuple[object, ...] | None = None  # the open region's `_KEPT` key
        self._bounds = surface.get_rect()
        self._margin = self.px(2)
        self._outside()

    @property
    def partial(self) -> bool:
        """Whether this painter redraws only the regions that changed."""
        return self._previous is not None

    def bounds(self, rect: RectLike | None) -> None:
        """Regions begun from now on stay inside `rect` (None: the whole surface)."""
        self.end_region()
        self._bounds = pygame.Rect(rect) if rect is not None else self.surface.get_rect()
        self._outside()

    def _outside(self) -> None:
        """The clip between regions: the bounds in a whole redraw, nowhere in a partial one
        (nothing outside a region that changed is drawn again)."""
        self.surface.set_clip(NOWHERE if self.partial else self._bounds)

    def region(self, name: str, rect: RectLike, key: object, keep: bool = False) -> bool:
        """Begin the region `name` (ending the one open): returns whether it must be
        drawn. Drawing goes on inside `rect` only; a region left as it is draws nowhere
        (its drawing may be skipped, and costs nothing on screen if it is not). `keep`:
        its pixels are kept to be copied back when it shows the same again (`_KEPT`)."""
        self.end_region()
        # a little room round the rect: a badge's outline or a glyph's tail may stand out
        # of its box by a pixel (regions that overlap so are drawn whole: `finish`)
        margin = self._margin
        box = pygame.Rect(rect).inflate(2 * margin, 2 * margin).clip(self._bounds)
        region = Region(name, _box(box), key)
        previous = self._previous
        draw = True
        if self.moved is not None:
            draw = False  # only where it goes, for `replan`
        elif previous is not None:
            index = len(self.regions)
            old = previous[index] if index < len(previous) else None
            if old is None or old.name != name or old.rect != region.rect:
                self.moved, draw = index, False
            else:
                draw = old.key is not key and old.key != key
                if not draw:
                    region.draws = old.draws
        self.regions.append(region)
        self._keeping = None
        if draw and keep and previous is not None and box.w and box.h and \
                box.collidelist([r.rect for r in self.regions[:-1]]) < 0:
            self._keeping = (key, box.w, box.h, self.width, self.height, language())
            kept = _KEPT.get(self._keeping)
            if kept is not None:  # drawn before: copied back
                _KEPT.move_to_end(self._keeping)
                self._keeping, draw = None, False
                self.surface.set_clip(None)
                self.surface.blit(kept[0], box)
                region.draws = _moved_draws(kept[1], box.x, box.y)
                if previous is not None:
                    self.dirty.append(box)
        if draw:
            self.surface.set_clip(box)
            if previous is not None and box.w and box.h:
                self.surface.fill(theme.BG, box)
                self.dirty.append(box)
        else:
            self.surface.set_clip(NOWHERE)
        self._open = (region, len(self.log.draws), draw)
        return draw

    def end_region(self) -> None:
        """End the open region: its texts go to the log (a region left as it is keeps
        the texts it drew last), and the clip is what it is between regions."""
        if self._open is None:
            return
        region, start, draw = self._open
        self._open = None
        if draw:
            region.draws = self.log.draws[start:]
            if self._keeping is not None:
                box = pygame.Rect(region.rect)
                _keep(self._keeping, self.surface.subsurface(box).copy(),
                      _moved_draws(region.draws, -box.x, -box.y))
                self._keeping = None
        else:
            del self.log.draws[start:]
            self.log.draws.extend(region.draws)
        self._outside()

    def finish(self) -> None:
        """After the last region: end it; a layout whose regions overlap cannot be redrawn
        in parts (a region's background would cover its neighbour), so it leaves no
        regions to compare with."""
        self.end_region()
        rects = [pygame.Rect(r.rect) for r in self.regions]
        for i, a in enumerate(rects):
            if a.collidelist(rects[i + 1:]) >= 0:
                self.regions = []
                return

    def replan(self) -> tuple[list[Region], list[pygame.Rect]] | None:
        """After a pass that found region `moved` out of place: the regions for a second
        pass to compare with (those to draw again carry a key no frame has) and the places
        to clear first (where regions were and are no more). Every region from `moved` on
        that changed, moved, or stands on a place cleared or redrawn is drawn again; None
        when the screen must be drawn whole."""
        first, previous = self.moved, self._previous
        if first is None or previous is None or not self.regions:
            return None
        new = self.regions
        old = {r.name: r for r in previous[first:]}
        if len(old) != len(previous) - first or len({r.name for r in new[first:]}) != \
                len(new) - first:
            return None  # two regions of one name: no telling which is which
        again: set[int] = set()
        dirty: list[pygame.Rect] = []
        clear: list[pygame.Rect] = []
        for j in range(first, len(new)):
            region, was = new[j], old.pop(new[j].name, None)
            if was is None or was.rect != region.rect or was.key != region.key:
                again.add(j)
                dirty.append(pygame.Rect(region.rect))
                if was is not None and was.rect != region.rect:
                    clear.append(pygame.Rect(was.rect))
            else:
                region.draws = was.draws
        clear.extend(pygame.Rect(r.rect) for r in old.values())
        dirty.extend(clear)
        grew = True
        while grew:
            grew = False
            for j in range(first, len(new)):
                if j not in again and pygame.Rect(new[j].rect).collidelist(dirty) >= 0:
                    again.add(j)
                    dirty.append(pygame.Rect(new[j].rect))
                    grew = True
        plan = [Region(r.name, r.rect, _REDRAW if j in again else r.key, r.draws)
                for j, r in enumerate(new)]
        return plan, clear

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
            self.log.draws.append(TextDraw(source, "", (box.x, box.y, 0, 0), _box(box),
                                           size, self.floor, fit, may_cut=may_cut))
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
                                       self.floor, fit, _box(self.surface.get_clip()),
                                       may_cut))
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
            self.log.draws.append(TextDraw(block.text, "", (row.x, row.y, 0, 0), _box(row),
                                           block.size, self.floor, "dropped"))
            return pygame.Rect(row.x, row.y, 0, 0)
        surf = _rendered(line, block.size, block.bold, colour)
        rect = surf.get_rect()
        if align == "center":
            rect.centerx = row.centerx
        elif align == "right":
            rect.right = row.right
        else:
            rect.left = row.left
        rect.centery = row.centery
        rect.clamp_ip(row.inflate(0, 2) if rect.h > row.h else row)
        self.surface.blit(surf, rect)
        fit = fit or ("wrapped" if several else
                      "full" if block.size >= block.design else "shrunk")
        box = row.inflate(0, 2) if rect.h > row.h else row
        self.log.draws.append(TextDraw(block.text, line, _box(rect), _box(box), block.size,
                                       self.floor, fit, _box(self.surface.get_clip())))
        return rect

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


def break_lines(text: str, width: int, font: pygame.font.Font) -> list[str]:
    """`text` broken into lines no wider than `width`: at spaces, and a word wider than
    the width after a hyphen or, failing that, between letters."""
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
