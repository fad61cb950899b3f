"""Pictures drawn from primitives: seat badges, dogs, dice, weather, the Ice Bear.

Drawing them (rather than shipping images) keeps them sharp at every screen size. Each
picture that carries a colour also carries a second cue: a seat's shape and letter, a
die colour's face pattern, a covered dog's chip, a climate's symbol.
"""

from __future__ import annotations

import functools
import math
from collections import OrderedDict
from collections.abc import Callable

import pygame

from companion.display import theme
from companion.display.paint import Painter, get_font
from companion.display.regions import surface_bytes
from companion.seats import SEATS, SeatIdentity

Point = tuple[float, float]


def seat_identity(seat: int) -> SeatIdentity:
    """The identity of a seat number (wrapping, so a bad number never crashes a draw)."""
    return SEATS[seat % len(SEATS)]


def shape_points(shape: str, rect: pygame.Rect) -> list[Point]:
    """The outline of a seat shape filling `rect` (circle approximated by a polygon)."""
    cx, cy = rect.center
    r = min(rect.w, rect.h) / 2
    if shape == "square":
        s = r * 0.9
        return [(cx - s, cy - s), (cx + s, cy - s), (cx + s, cy + s), (cx - s, cy + s)]
    if shape == "triangle":
        return [(cx, cy - r), (cx + r * 0.98, cy + r * 0.8), (cx - r * 0.98, cy + r * 0.8)]
    if shape == "diamond":
        return [(cx, cy - r), (cx + r, cy), (cx, cy + r), (cx - r, cy)]
    if shape == "star":
        pts = []
        for i in range(10):
            radius = r if i % 2 == 0 else r * 0.5
            angle = -math.pi / 2 + i * math.pi / 5
            pts.append((cx + radius * math.cos(angle), cy + radius * math.sin(angle)))
        return pts
    if shape == "cross":
        a, b = r, r * 0.38
        return [(cx - b, cy - a), (cx + b, cy - a), (cx + b, cy - b), (cx + a, cy - b),
                (cx + a, cy + b), (cx + b, cy + b), (cx + b, cy + a), (cx - b, cy + a),
                (cx - b, cy + b), (cx - a, cy + b), (cx - a, cy - b), (cx - b, cy - b)]
    return [(cx + r * math.cos(t * math.pi / 16), cy + r * math.sin(t * math.pi / 16))
            for t in range(32)]


def seat_badge(p: Painter, seat: int, rect: pygame.Rect, letter: bool = True) -> None:
    """The seat's shape in its colour with its letter on it: colour is never alone."""
    ident = seat_identity(seat)
    pts = shape_points(ident.shape, rect)
    pygame.draw.polygon(p.surface, ident.rgb, pts)
    pygame.draw.polygon(p.surface, theme.SNOW, pts, max(1, p.px(3)))
    if letter:
        bold, place = letter_place(ident.shape, ident.letter, rect.size,
                                   p.font_px(theme.SMALL), max(1, p.px(3)))
        if place.h >= p.line(theme.FLOOR) - 2:
            p.text(ident.letter, place.move(rect.topleft), theme.SMALL,
                   colour=theme.ink_for(ident.rgb), bold=bold, align="center")


@functools.lru_cache(maxsize=64)
def letter_place(shape: str, letter: str, size: tuple[int, int], font_px: int,
                 outline: int) -> tuple[bool, pygame.Rect]:
    """Where a badge's letter stands clear of its outline: bold if it can, else the
    narrower regular; centred, else moved down (a triangle is widest low down) or up as
    little as it takes. (bold, the letter's rect within the badge); found once per shape,
    letter and size, by the pixels the shape and the letter would cover."""
    w, h = size
    inside = pygame.Surface(size)
    inside.fill((0, 0, 0))
    points = shape_points(shape, pygame.Rect((0, 0), size))
    pygame.draw.polygon(inside, (255, 255, 255), points)
    pygame.draw.polygon(inside, (0, 0, 0), points, outline + 1)
    room = pygame.mask.from_threshold(inside, (255, 255, 255), (1, 1, 1, 255))
    steps = [0] + [d for step in range(1, h // 4 + 1) for d in (step, -step)]
    for bold in (True, False):
        glyph = get_font(font_px, bold).render(letter, True, (255, 255, 255))
        ink = pygame.mask.from_surface(glyph, 24)  # the letter but its faintest edges
        for dy in steps:
            x = (w - glyph.get_width()) // 2
            y = (h - glyph.get_height()) // 2 + dy
            if room.overlap_area(ink, (x, y)) == ink.count():
                return bold, pygame.Rect(x, y, glyph.get_width(), glyph.get_height())
    glyph = get_font(font_px, False).render(letter, True, (255, 255, 255))
    rect = glyph.get_rect(center=(w // 2, h // 2))
    return False, rect
def badge_size(p: Painter, design: float = theme.BODY) -> int:
    """A badge tall enough to hold its letter at the floor size."""
    return max(p.line(design) + p.px(6), p.line(theme.FLOOR) + 8)


def small_badge(p: Painter) -> int:
    """The smallest badge that still holds its letter (`seat_badge` keeps the letter in
    the badge's inner four fifths): for lines packed close."""
    need = p.line(theme.FLOOR) - 2
    size = need
    while size - size // 5 < need:
        size += 1
    return size


def dog_head(surface: pygame.Surface, rect: pygame.Rect, colour: tuple[int, int, int],
             outline: tuple[int, int, int] | None = None) -> None:
    """A simple dog head: round face, two drooping ears, a snout and eyes."""
    cx, cy = rect.center
    r = min(rect.w, rect.h) / 2
    ear_w, ear_h = r * 0.55, r * 0.95
    for side in (-1, 1):
        ear = pygame.Rect(0, 0, round(ear_w), round(ear_h))
        ear.center = (round(cx + side * r * 0.62), round(cy - r * 0.05))
        pygame.draw.ellipse(surface, theme.dim(colour, 0.7), ear)
    face = pygame.Rect(0, 0, round(r * 1.3), round(r * 1.4))
    face.center = (round(cx), round(cy))
    pygame.draw.ellipse(surface, colour, face)
    snout = pygame.Rect(0, 0, round(r * 0.7), round(r * 0.5))
    snout.center = (round(cx), round(cy + r * 0.35))
    pygame.draw.ellipse(surface, theme.dim(colour, 0.85), snout)
    dark = theme.BLACK
    eye = max(1, round(r * 0.12))
    for side in (-1, 1):
        pygame.draw.circle(surface, dark, (round(cx + side * r * 0.28), round(cy - r * 0.15)),
                           eye)
    pygame.draw.circle(surface, dark, (round(cx), round(cy + r * 0.25)), max(1, round(r * 0.13)))
    if outline is not None:
        pygame.draw.ellipse(surface, outline, face, 1)


def dog_slot(p: Painter, rect: pygame.Rect, covered: bool) -> None:
    """One of a seat's eight dogs; a covered one wears a grey Dog Chip with a cross."""
    if covered:
        r = min(rect.w, rect.h) // 2
        pygame.draw.circle(p.surface, theme.COVER, rect.center, r)
        d = r * 0.55
        cx, cy = rect.center
        w = max(1, r // 4)
        pygame.draw.line(p.surface, theme.BG, (cx - d, cy - d), (cx + d, cy + d), w)
        pygame.draw.line(p.surface, theme.BG, (cx - d, cy + d), (cx + d, cy - d), w)
    else:
        dog_head(p.surface, rect, theme.SNOW)


def dog_row(p: Painter, rect: pygame.Rect, covered: int, total: int = 8) -> None:
    """The eight dogs of a seat in one row, uncovered first."""
    size = min(rect.h, rect.w // total)
    gap = (rect.w - size * total) // max(1, total - 1) if total > 1 else 0
    gap = min(gap, size // 3)
    x = rect.x
    for i in range(total):
        dog_slot(p, pygame.Rect(x, rect.centery - size // 2, size, size), i >= total - covered)
        x += size + gap


DICE_PATTERN = {"green": "dots", "red": "diagonal", "blue": "bars"}
"""Each die colour has its own face pattern so the colour is never the only cue."""


def _pattern(surface: pygame.Surface, rect: pygame.Rect, pattern: str,
             colour: tuple[int, int, int]) -> None:
    step = max(4, rect.w // 6)
    width = max(1, rect.w // 22)
    clip = surface.get_clip()
    surface.set_clip(rect.clip(clip))
    if pattern == "dots":
        r = max(1, rect.w // 22)
        for y in range(rect.y + step // 2, rect.bottom, step):
            for x in range(rect.x + step // 2, rect.right, step):
                pygame.draw.circle(surface, colour, (x, y), r)
    elif pattern == "diagonal":
        for off in range(-rect.h, rect.w, step):
            pygame.draw.line(surface, colour, (rect.x + off, rect.bottom),
                             (rect.x + off + rect.h, rect.y), width)
    elif pattern == "bars":
        for y in range(rect.y + step // 2, rect.bottom, step):
            pygame.draw.line(surface, colour, (rect.x, y), (rect.right, y), width)
    surface.set_clip(clip)


def turned(size: int, angle: float) -> int:
    """The side of a die that, tilted by `angle` degrees, still fits a square of `size`:
    a tumbling die turns within its own place, never over its neighbours or the words
    around it (so the dice can be drawn again by themselves,
    `companion.games.mush.screen.turn`). No room (a place squeezed to nothing or less)
    gives 0: the die is not drawn."""
    if size < 1:
        return 0
    if not angle:
        return size
    a = math.radians(angle)
    return max(1, int(size / (abs(math.cos(a)) + abs(math.sin(a)))))


_LANDED: OrderedDict[tuple[object, ...], pygame.Surface] = OrderedDict()
"""Dice drawn square, by what they show and their size: while a roll lands the landed dice
are drawn again at every step of the others."""
_LANDED_BUDGET = 512 * 1024
"""Pixel bytes of square dice kept: one roll's faces at 1080 lines (a 200-px die is 160 kB),
not every die a game ever drew."""


def _landed(key: tuple[object, ...], draw: Callable[[], pygame.Surface]) -> pygame.Surface:
    surf = _LANDED.get(key)
    if surf is not None:
        _LANDED.move_to_end(key)
        return surf
    surf = _LANDED[key] = draw()
    held = sum(surface_bytes(s) for s in _LANDED.values())
    while held > _LANDED_BUDGET and len(_LANDED) > 1:
        held -= surface_bytes(_LANDED.popitem(last=False)[1])
    return surf


def dog_die(p: Painter, rect: pygame.Rect, colour: str, dog: bool | None,
            angle: float = 0.0) -> None:
    """A dog die in its colour and pattern; its face shows a dog, a blank, or (None) blur.

    `angle` tilts it while it tumbles (smaller, to stay in `rect`: `turned`); a landed
    die is drawn square.
    """
    size = turned(min(rect.w, rect.h), angle)
    if size < 1:
        return  # no room left for it (a screen crowded by notices): drawn nowhere
    if angle:
        surf = pygame.transform.rotate(_dog_face(size, colour, dog), angle)
    else:
        surf = _landed(("dog", size, colour, dog), lambda: _dog_face(size, colour, dog))
    p.surface.blit(surf, surf.get_rect(center=rect.center))


def _dog_face(size: int, colour: str, dog: bool | None) -> pygame.Surface:
    rgb = theme.DICE_RGB.get(colour, theme.LINE)
    surf = pygame.Surface((size, size), pygame.SRCALPHA)
    body = surf.get_rect()
    radius = max(2, size // 7)
    pygame.draw.rect(surf, rgb, body, border_radius=radius)
    _pattern(surf, body.inflate(-size // 10, -size // 10), DICE_PATTERN.get(colour, "dots"),
             theme.dim(rgb, 0.65))
    face = body.inflate(-size * 2 // 5, -size * 2 // 5)
    if dog:
        pygame.draw.circle(surf, theme.SNOW, face.center, face.w * 0.62)
        dog_head(surf, face.inflate(face.w // 6, face.w // 6), theme.dim(rgb, 0.8))
    elif dog is False:
        # A blank face: an empty ring, so "no dog" is a shape, not just missing detail.
        pygame.draw.circle(surf, theme.SNOW, face.center, face.w * 0.62, max(1, size // 18))
    pygame.draw.rect(surf, theme.SNOW, body, max(1, size // 28), border_radius=radius)
    return surf


_PIPS = {
    1: [(0.5, 0.5)],
    2: [(0.25, 0.25), (0.75, 0.75)],
    3: [(0.25, 0.25), (0.5, 0.5), (0.75, 0.75)],
    4: [(0.25, 0.25), (0.75, 0.25), (0.25, 0.75), (0.75, 0.75)],
    5: [(0.25, 0.25), (0.75, 0.25), (0.5, 0.5), (0.25, 0.75), (0.75, 0.75)],
    6: [(0.25, 0.25), (0.75, 0.25), (0.25, 0.5), (0.75, 0.5), (0.25, 0.75), (0.75, 0.75)],
}


def standard_die(p: Painter, rect: pygame.Rect, face: int | None, angle: float = 0.0,
                 colour: tuple[int, int, int] = theme.SNOW) -> None:
    """The standard (white) die with its pips; face None shows a blank, still tumbling.
    Tilted by `angle`, it is smaller, to stay in `rect` (`turned`)."""
    size = turned(min(rect.w, rect.h), angle)
    if size < 1:
        return  # no room left for it (a screen crowded by notices): drawn nowhere
    if angle:
        surf = pygame.transform.rotate(_standard_face(size, face, colour), angle)
    else:
        surf = _landed(("standard", size, face, colour),
                       lambda: _standard_face(size, face, colour))
    p.surface.blit(surf, surf.get_rect(center=rect.center))


def _standard_face(size: int, face: int | None, colour: tuple[int, int, int]
                   ) -> pygame.Surface:
    surf = pygame.Surface((size, size), pygame.SRCALPHA)
    body = surf.get_rect()
    radius = max(2, size // 7)
    pygame.draw.rect(surf, colour, body, border_radius=radius)
    pygame.draw.rect(surf, theme.LINE, body, max(1, size // 30), border_radius=radius)
    if face in _PIPS:
        r = max(2, size // 11)
        for fx, fy in _PIPS[face]:
            pygame.draw.circle(surf, theme.BLACK, (round(fx * size), round(fy * size)), r)
    return surf


def climate_icon(p: Painter, rect: pygame.Rect, climate: str | None) -> None:
    """Sun (Warm), sun and cloud (Moderate), cloud (Cold), as on the boards (W1)."""
    surface = p.surface
    size = min(rect.w, rect.h)
    cx, cy = rect.center
    if climate is None:
        pygame.draw.circle(surface, theme.LINE, (cx, cy), size // 3, max(1, size // 16))
        return

    def sun(x: float, y: float, r: float) -> None:
        for i in range(8):
            a = i * math.pi / 4
            pygame.draw.line(surface, theme.ORANGE, (x + r * 1.2 * math.cos(a),
                                                      y + r * 1.2 * math.sin(a)),
                             (x + r * 1.6 * math.cos(a), y + r * 1.6 * math.sin(a)),
                             max(1, round(r / 4)))
        pygame.draw.circle(surface, theme.ORANGE, (x, y), r)

    def cloud(x: float, y: float, r: float) -> None:
        col = (220, 226, 236)
        for dx, dy, rr in ((-0.6, 0.1, 0.55), (0.0, -0.2, 0.75), (0.6, 0.1, 0.55)):
            pygame.draw.circle(surface, col, (x + dx * r, y + dy * r), rr * r)
        pygame.draw.rect(surface, col, pygame.Rect(x - r * 0.6, y, r * 1.2, r * 0.65))

    if climate == "warm":
        sun(cx, cy, size * 0.28)
    elif climate == "moderate":
        sun(cx - size * 0.14, cy - size * 0.14, size * 0.2)
        cloud(cx + size * 0.08, cy + size * 0.1, size * 0.3)
    else:
        cloud(cx, cy, size * 0.36)


def bear_icon(p: Painter, rect: pygame.Rect) -> None:
    """The Ice Bear marker: a white bear's head with a dark outline."""
    size = min(rect.w, rect.h)
    cx, cy = rect.center
    r = size * 0.36
    for side in (-1, 1):
        pygame.draw.circle(p.surface, theme.SNOW, (cx + side * r * 0.75, cy - r * 0.75), r * 0.38)
        pygame.draw.circle(p.surface, theme.BLACK, (cx + side * r * 0.75, cy - r * 0.75),
                           r * 0.38, max(1, size // 20))
    pygame.draw.circle(p.surface, theme.SNOW, (cx, cy + r * 0.1), r)
    pygame.draw.circle(p.surface, theme.BLACK, (cx, cy + r * 0.1), r, max(1, size // 20))
    for side in (-1, 1):
        pygame.draw.circle(p.surface, theme.BLACK, (cx + side * r * 0.38, cy - r * 0.05),
                           max(1, r * 0.12))
    pygame.draw.circle(p.surface, theme.BLACK, (cx, cy + r * 0.4), max(1, r * 0.2))


def check_icon(p: Painter, rect: pygame.Rect, colour: tuple[int, int, int] = theme.GOOD) -> None:
    """A tick: "locked in" as a shape, beside the words."""
    s = min(rect.w, rect.h)
    x, y = rect.centerx - s / 2, rect.centery - s / 2
    pts = [(x + s * 0.12, y + s * 0.55), (x + s * 0.4, y + s * 0.82), (x + s * 0.9, y + s * 0.2)]
    pygame.draw.lines(p.surface, colour, False, pts, max(2, round(s / 7)))


def dots_icon(p: Painter, rect: pygame.Rect, colour: tuple[int, int, int] = theme.DIM) -> None:
    """Three dots: "still thinking" as a shape, beside the words."""
    s = min(rect.w, rect.h)
    for i in (-1, 0, 1):
        pygame.draw.circle(p.surface, colour, (rect.centerx + i * s * 0.33, rect.centery),
                           max(2, s * 0.11))


def marker(p: Painter, rect: pygame.Rect, colour: tuple[int, int, int] = theme.YELLOW) -> None:
    """A right-pointing triangle: the focused menu item, visible without colour."""
    s = min(rect.w, rect.h) * 0.8
    cx, cy = rect.center
    pygame.draw.polygon(p.surface, colour, [(cx - s / 2, cy - s / 2), (cx + s / 2, cy),
                                            (cx - s / 2, cy + s / 2)])


def hatch(p: Painter, rect: pygame.Rect, colour: tuple[int, int, int] = theme.WARN) -> None:
    """Diagonal warning stripes around a box: marks placeholder charts."""
    width = max(2, p.px(8))
    pygame.draw.rect(p.surface, colour, rect, width)
    clip = p.surface.get_clip()
    p.surface.set_clip(rect.clip(clip))
    step = p.px(30)
    for off in range(-rect.h, rect.w, step):
        pygame.draw.line(p.surface, colour, (rect.x + off, rect.bottom),
                         (rect.x + off + rect.h, rect.y), max(1, width // 2))
    p.surface.set_clip(clip)


def panel(p: Painter, rect: pygame.Rect, border: tuple[int, int, int] | None = None,
          fill: tuple[int, int, int] = theme.PANEL, width: int = 3) -> None:
    """A rounded panel, optionally edged in a seat's colour."""
    radius = p.px(14)
    pygame.draw.rect(p.surface, fill, rect, border_radius=radius)
    if border is not None:
        pygame.draw.rect(p.surface, border, rect, max(1, p.px(width)), border_radius=radius)


def bar(p: Painter, rect: pygame.Rect, fraction: float, colour: tuple[int, int, int]) -> None:
    """A horizontal progress bar (countdowns, charts)."""
    pygame.draw.rect(p.surface, theme.PANEL_HI, rect, border_radius=p.px(6))
    filled = rect.copy()
    filled.w = round(rect.w * max(0.0, min(1.0, fraction)))
    if filled.w > 0:
        pygame.draw.rect(p.surface, colour, filled, border_radius=p.px(6))
