"""The screen in regions: drawn whole, or only where what a region shows has changed.

A screen is drawn as a sequence of regions (the header, a seat's card, a menu block, the
countdown bar, the notices, a screen's content), each clipped to its rect. Given the
regions of the same screen as it is on the surface now, a `Canvas` redraws only the
regions whose key changed, each over its own background, and leaves the others' pixels
as they are; a whole redraw clips every region the same way, so both give the same
pixels. A region may lie inside the one before it and be drawn over it (the dice rolling
in a screen's content), so the part of a screen that moves costs only itself. This module
keeps that bookkeeping (which regions, where, what each showed, what must be flipped);
`companion.display.paint` draws the texts and shapes inside them.
"""

from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass, field

import pygame

from companion.display import theme
from companion.display.layout_log import LayoutLog, TextDraw, box_of
from companion.i18n import language


def surface_bytes(surf: pygame.Surface) -> int:
    """The bytes a surface's pixels take (what the caches count against their budget)."""
    return int(surf.get_pitch()) * int(surf.get_height())


RectLike = pygame.Rect | tuple[int, int, int, int]

NOWHERE = pygame.Rect(0, 0, 0, 0)
"""A clip that lets nothing through: a region left as it is draws nowhere."""


@dataclass
class Region:
    """One part of the screen that is drawn by itself (the header, a seat's card, a menu
    block, the countdown bar, the notices, a screen's content, the dice rolling in it):
    where it is, what it shows (`key`: equal keys draw equal pixels), the texts it drew
    last, the region it is drawn over (`within`: it lies inside that one, the region just
    before it) and what its drawing noted for the regions after it (`note`)."""

    name: str
    rect: tuple[int, int, int, int]
    key: object
    draws: list[TextDraw] = field(default_factory=list)
    within: str | None = None
    note: object = None


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
    _kept_bytes += surface_bytes(pixels)
    while _kept_bytes > _KEPT_BUDGET and _KEPT:
        _, (old, _) = _KEPT.popitem(last=False)
        _kept_bytes -= surface_bytes(old)


class Canvas:
    """One surface drawn in regions (`companion.display.paint.Painter` draws on it).

    A screen is drawn as a sequence of regions (`region`), each clipped to its rect. Given
    the regions of the same screen as it is on the surface now (`previous`), the painter
    redraws only the regions whose key changed, each over its own background, and leaves
    the others' pixels as they are; a whole redraw clips every region the same way, so
    both give the same pixels. When a region has moved (a menu grew, a notice came), the
    rest of the pass only records where everything goes (`moved`); `replan` then says
    which regions a second pass must draw.
    """

    def __init__(self, surface: pygame.Surface, log: LayoutLog,
                 previous: list[Region] | None, margin: int) -> None:
        self.surface = surface
        self.width, self.height = surface.get_size()
        self.log = log
        self.regions: list[Region] = []
        self.dirty: list[pygame.Rect] = []  # what a partial redraw drew (to flip)
        self.moved: int | None = None  # the first region that is not where it was
        self._previous = previous
        self._open: tuple[Region, int, bool] | None = None
        self._keeping: tuple[object, ...] | None = None  # the open region's `_KEPT` key
        self._changed = False  # whether the last region begun changed on the surface
        self._by_name: dict[str, Region] | None = None
        self._bounds = surface.get_rect()
        self._margin = margin
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

    def region(self, name: str, rect: RectLike, key: object, keep: bool = False,
               inside: bool = False) -> bool:
        """Begin the region `name` (ending the one open): returns whether it must be
        drawn. Drawing goes on inside `rect` only; a region left as it is draws nowhere
        (its drawing may be skipped, and costs nothing on screen if it is not). `keep`:
        its pixels are kept to be copied back when it shows the same again (`_KEPT`).

        `inside`: the region lies within the one just before it and is drawn over it (the
        dice rolling in a screen's content), so the part that moves costs only itself.
        It is drawn over its own background whenever it changes or that region is drawn,
        and that region must draw nothing where it lies."""
        parent_changed = self._changed
        self.end_region()
        # a little room round the rect: a badge's outline or a glyph's tail may stand out
        # of its box by a pixel (regions that overlap so are drawn whole: `finish`)
        margin = self._margin
        box = pygame.Rect(rect).inflate(2 * margin, 2 * margin).clip(self._bounds)
        parent = self.regions[-1] if inside and self.regions else None
        if inside and parent is None:
            raise ValueError(f"region {name!r} is to lie inside another, and none is before it")
        if parent is not None:
            box = box.clip(parent.rect)
        region = Region(name, box_of(box), key, within=parent.name if parent else None)
        previous = self._previous
        draw = True
        if self.moved is not None:
            draw = False  # only where it goes, for `replan`
        elif previous is not None:
            index = len(self.regions)
            old = previous[index] if index < len(previous) else None
            if old is None or old.name != name or old.rect != region.rect or \
                    old.within != region.within:
                self.moved, draw = index, False
            else:
                draw = (old.key is not key and old.key != key) or \
                    (parent is not None and parent_changed)
                if not draw:
                    region.draws, region.note = old.draws, old.note
        self.regions.append(region)
        self._keeping = None
        self._changed = False
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
                self.dirty.append(box)
                self._changed = True
        if draw:
            self.surface.set_clip(box)
            # (a region inside another: over it, whatever it drew there, even when whole)
            if (previous is not None or parent is not None) and box.w and box.h:
                self.surface.fill(theme.BG, box)
                if previous is not None and not (parent is not None and parent_changed):
                    self.dirty.append(box)  # (else within its region's box, flipped already)
        else:
            self.surface.set_clip(NOWHERE)
        self._changed = draw or self._changed
        self._open = (region, len(self.log.draws), draw)
        return draw

    def _named(self) -> dict[str, Region]:
        """The previous regions by name (the first of a name), once a region has moved."""
        if self._by_name is None:
            self._by_name = {}
            for old in self._previous or ():
                self._by_name.setdefault(old.name, old)
        return self._by_name

    def note(self, value: object) -> None:
        """Leave `value` with the open region: what its drawing found that a region after
        it needs (where its dice stand), kept while the region is left as it is."""
        if self._open is not None:
            self._open[0].note = value

    def noted(self) -> object:
        """The open region's note, as it was left when the region was last drawn (None
        when there is none, or the region could not be matched with one drawn before)."""
        if self._open is None:
            return None
        region = self._open[0]
        if self.moved is not None and region.note is None:  # only recorded: by its name
            old = self._named().get(region.name)
            if old is not None and old.rect == region.rect and old.within == region.within \
                    and (old.key is region.key or old.key == region.key):
                return old.note  # (what it shows is what it showed there: so is its note)
        return region.note

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
        regions = self.regions
        rects = [pygame.Rect(r.rect) for r in regions]
        for i, a in enumerate(rects):
            for j in a.collidelistall(rects[i + 1:]):
                if regions[i + 1 + j].within != regions[i].name:  # (inside it: drawn over it)
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
                region.draws, region.note = was.draws, was.note
        clear.extend(pygame.Rect(r.rect) for r in old.values())
        dirty.extend(clear)
        grew = True
        while grew:  # (from the first region: one before `moved` may hold one after it)
            grew = False
            for j in range(len(new)):
                if j not in again and pygame.Rect(new[j].rect).collidelist(dirty) >= 0:
                    again.add(j)
                    dirty.append(pygame.Rect(new[j].rect))
                    grew = True
        plan = [Region(r.name, r.rect, _REDRAW if j in again else r.key, r.draws, r.within,
                       r.note) for j, r in enumerate(new)]
        return plan, clear
