"""The text cache keeps redraws fast without letting a long game's memory grow."""

from __future__ import annotations

import pygame

from companion.display import paint
from companion.display.regions import surface_bytes


def test_text_cache_stays_within_its_byte_budget(monkeypatch: object) -> None:
    pygame.font.init()
    budget = 4 * 1024 * 1024
    monkeypatch.setattr(paint, "_TEXT_CACHE_BUDGET", budget)  # type: ignore[attr-defined]
    for n in range(400):
        paint._rendered(f"Round {n}: a long title drawn large", 64, True, (255, 255, 255))
    held = sum(surface_bytes(s) for s in paint._TEXT_CACHE.values())
    assert held == paint._text_cache_bytes
    assert 0 < held <= budget
    # The newest texts are the ones kept; a repeat is served from the cache.
    newest = paint._rendered("Round 399: a long title drawn large", 64, True, (255, 255, 255))
    again = paint._rendered("Round 399: a long title drawn large", 64, True, (255, 255, 255))
    assert newest is again
    assert ("Round 0: a long title drawn large", 64, True, (255, 255, 255)) not in \
        paint._TEXT_CACHE


def test_a_new_window_after_pygame_quit_draws_with_fresh_fonts() -> None:
    # A font cached before pygame.quit() is dead; the next window must not use it.
    from companion.display import Display

    pygame.font.init()
    paint.get_font(40)
    pygame.quit()
    display = Display(size=(800, 480))
    try:
        assert paint.get_font(40).get_height() > 0
        assert paint.get_font(40).render("Round 1", True, (255, 255, 255)).get_width() > 0
    finally:
        display.close()
