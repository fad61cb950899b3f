"""A region drawn over another (the dice rolling in a turn's content): it alone is drawn
again when it alone changed, it is drawn again whenever the region under it is, and the
pixels are those of a whole redraw either way."""

from __future__ import annotations

import pygame

from companion.display import theme
from companion.display.paint import Painter
from companion.display.regions import Region

SIZE = (400, 300)
OUTER = pygame.Rect(20, 20, 360, 260)
INNER = pygame.Rect(60, 120, 100, 100)


def _draw(p: Painter, words: str, step: int) -> None:
    """A content region with a text, and a square inside it that turns with `step`."""
    if p.region("content", OUTER, words):
        p.text(words, pygame.Rect(OUTER.x, OUTER.y, OUTER.w, 60), 40)
        p.note(INNER)  # (where the square stands, for a redraw that leaves this as it is)
    else:
        assert p.noted() == INNER
    if p.region("content dice", INNER, step, inside=True):
        square = pygame.Surface((70, 70), pygame.SRCALPHA)
        square.fill(theme.SNOW)
        turned = pygame.transform.rotate(square, step * 15)
        p.surface.blit(turned, turned.get_rect(center=INNER.center))
    p.finish()


def _whole(words: str, step: int) -> bytes:
    surface = pygame.Surface(SIZE)
    surface.fill(theme.BG)
    _draw(Painter(surface), words, step)
    return pygame.image.tobytes(surface, "RGB")


def _again(surface: pygame.Surface, regions: list[Region], words: str, step: int
           ) -> Painter:
    p = Painter(surface, previous=regions)
    _draw(p, words, step)
    return p


def test_the_inner_region_alone_is_drawn_and_flipped_when_it_alone_changed() -> None:
    surface = pygame.Surface(SIZE)
    surface.fill(theme.BG)
    first = Painter(surface)
    _draw(first, "Libby: turn", 0)
    assert [r.name for r in first.regions] == ["content", "content dice"]
    assert first.regions[1].within == "content"
    p = _again(surface, first.regions, "Libby: turn", 1)
    inflated = INNER.inflate(2 * p.px(2), 2 * p.px(2))
    assert p.dirty == [inflated]  # the square's region, not the content's
    assert p.log.texts() == ["Libby: turn"]  # the content's text still answers for it
    assert pygame.image.tobytes(surface, "RGB") == _whole("Libby: turn", 1)


def test_the_inner_region_is_drawn_again_over_its_region_drawn_again() -> None:
    surface = pygame.Surface(SIZE)
    surface.fill(theme.BG)
    first = Painter(surface)
    _draw(first, "Libby: turn", 3)
    p = _again(surface, first.regions, "Rick: turn", 3)  # the square as it was
    assert len(p.dirty) == 1 and p.dirty[0].contains(INNER)  # the content holds it
    assert pygame.image.tobytes(surface, "RGB") == _whole("Rick: turn", 3)
    assert pygame.image.tobytes(surface, "RGB") != _whole("Rick: turn", 0)


def test_regions_that_overlap_without_one_inside_the_other_are_drawn_whole() -> None:
    surface = pygame.Surface(SIZE)
    p = Painter(surface)
    p.region("content", OUTER, 1)
    p.region("dice", INNER, 1)  # over the content, but not said to be inside it
    p.finish()
    assert p.regions == []
