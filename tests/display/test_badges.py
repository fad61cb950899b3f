"""Every seat's badge holds its letter inside its shape: no stroke of the letter on the
outline or outside it, at every screen size (the triangle's "C" touched its outline)."""

from __future__ import annotations

import pygame
import pytest

from companion.display import theme
from companion.display import widgets as w
from companion.display.paint import Painter
from display.conftest import save_screen

SIZES = [(1920, 1080), (1280, 720), (800, 480)]


def _ink_outside(seat: int, size: tuple[int, int]) -> tuple[int, int, pygame.Surface]:
    """Pixels of the seat's letter on or outside its shape's outline, of all its pixels,
    and the badge drawn (zoomed) to look at."""
    surface = pygame.Surface(size)
    surface.fill(theme.BG)
    p = Painter(surface)
    side = w.badge_size(p)
    rect = pygame.Rect(10, 10, side, side)
    ident = w.seat_identity(seat)
    w.seat_badge(p, seat, rect)
    # the shape whole (its outline too), and its inside less the outline: a letter's
    # pixel in the first but not the second stands on the outline
    shape = pygame.Surface(size)
    shape.fill((0, 0, 0))
    points = w.shape_points(ident.shape, rect)
    pygame.draw.polygon(shape, (255, 255, 255), points)
    pygame.draw.polygon(shape, (255, 255, 255), points, max(1, p.px(3)))
    whole = pygame.mask.from_threshold(shape, (255, 255, 255), (1, 1, 1, 255))
    pygame.draw.polygon(shape, (0, 0, 0), points, max(1, p.px(3)))
    inside = pygame.mask.from_threshold(shape, (255, 255, 255), (1, 1, 1, 255))
    bare = pygame.Surface(size)
    bare.fill(theme.BG)
    w.seat_badge(Painter(bare), seat, rect, letter=False)
    # the letter: every pixel the letter changed more than a faint blend of its edge
    letter = pygame.mask.from_threshold(surface, (0, 0, 0), (48, 48, 48, 255), bare, 1)
    letter.invert()  # (the mask holds the pixels alike in both, or nearly: a faint edge)
    letter = letter.overlap_mask(whole, (0, 0))
    total = letter.count()
    outside = total - letter.overlap_area(inside, (0, 0))
    zoom = pygame.transform.scale(surface.subsurface(rect.inflate(8, 8)), (160, 160))
    return outside, total, zoom


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_every_badge_holds_its_letter_inside_its_outline(size: tuple[int, int]) -> None:
    sheet = pygame.Surface((6 * 170, 170))
    found = {}
    for seat in range(6):
        outside, total, zoom = _ink_outside(seat, size)
        sheet.blit(zoom, (seat * 170, 5))
        found[seat] = (outside, total)
    save_screen(sheet, f"badges_{size[0]}x{size[1]}.png")
    assert all(total > 20 for _, total in found.values()), found  # a letter on each
    assert {seat: n for seat, (n, _) in found.items() if n} == {}  # none on its outline
