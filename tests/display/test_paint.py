"""Text fitting: shrink to the floor, then ellipsize; never out of the box."""

from __future__ import annotations

import pygame

from companion.display import paint


def painter(size: tuple[int, int] = (1920, 1080)) -> paint.Painter:
    return paint.Painter(pygame.Surface(size))


def test_shipped_font_is_used() -> None:
    assert paint.font_path() is not None and paint.font_path(bold=True) is not None
    assert (paint.font_path().parent / "LICENSE-DejaVu.txt").is_file()  # type: ignore[union-attr]


def test_text_that_fits_is_drawn_whole() -> None:
    p = painter()
    rect = p.text("Bank 45", pygame.Rect(10, 10, 600, 80), 40)
    d = p.log.draws[-1]
    assert d.fit == "full" and d.text == "Bank 45" and d.size == 40 and d.inside
    assert rect.w > 0


def test_long_text_shrinks_then_ellipsizes_at_the_floor() -> None:
    p = painter()
    p.text("Bartholomew-Maximilian the Third of Anchorage", pygame.Rect(0, 0, 300, 60), 40)
    d = p.log.draws[-1]
    assert d.size == p.floor == 36
    assert d.fit == "ellipsized" and d.text.endswith("…") and d.inside
    width = paint.get_font(36).size(d.text)[0]
    assert width <= 300


def test_slightly_long_text_shrinks_without_ellipsis() -> None:
    p = painter()
    full = paint.get_font(40).size("Moderate")[0]
    p.text("Moderate", pygame.Rect(0, 0, full - 10, 60), 40)
    d = p.log.draws[-1]
    assert d.fit == "shrunk" and d.text == "Moderate" and 36 <= d.size < 40 and d.inside


def test_a_box_too_short_for_the_floor_drops_the_text_and_says_so() -> None:
    p = painter()
    p.text("Cold", pygame.Rect(0, 0, 300, 10), 40)
    assert p.log.draws[-1].fit == "dropped"
    assert p.log.problems()


def test_floor_scales_with_height() -> None:
    assert [paint.font_floor(h) for h in (1080, 720, 480)] == [36, 24, 16]
    p = painter((800, 480))
    p.text("x", pygame.Rect(0, 0, 100, 100), 10)
    assert p.log.draws[-1].size == 16
