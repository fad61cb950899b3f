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


def test_a_long_text_is_planned_over_lines_not_cut() -> None:
    p = painter((800, 480))
    text = "Orange a payé 2 jetons pour retirer des dés à Bleu ciel"
    block = p.plan(text, 250, 36)
    assert len(block.lines) >= 2 and " ".join(block.lines) == text
    assert all(paint.get_font(block.size).size(line)[0] <= 250 for line in block.lines)
    p.block(block, pygame.Rect(10, 10, 250, block.height))
    assert p.log.problems() == []
    assert {d.fit for d in p.log.draws} == {"wrapped"}
    assert p.log.whole() == [text]  # read back as the one text it is


def test_a_word_wider_than_the_line_breaks_after_its_hyphen() -> None:
    p = painter()
    block = p.plan("Bartholomew-Maximilian", 330, 40)
    assert block.lines == ("Bartholomew-", "Maximilian")


def test_french_punctuation_never_starts_a_line() -> None:
    p = painter()
    width = paint.get_font(p.font_px(64), True).size("Françoise-Anne")[0] + 10
    block = p.plan("Françoise-Anne : son tour", width, 64, bold=True, lines=2)
    assert not any(line.startswith(":") for line in block.lines)


def test_an_ellipsis_is_a_problem_but_for_a_name_alone_in_its_card() -> None:
    p = painter()
    p.text("Pay 3 chips to reroll Bartholomew-Maximilian's dog dice", pygame.Rect(0, 0, 300, 60))
    assert any("cut short" in problem for problem in p.log.problems())
    q = painter()
    q.text("Bartholomew-Maximilian", pygame.Rect(0, 0, 300, 60), bold=True, may_cut=True)
    assert q.log.draws[-1].fit == "ellipsized" and q.log.problems() == []


def test_a_block_too_tall_for_its_box_is_reported() -> None:
    p = painter()
    text = "Leonhard takes 1 die from Libby (2 chips, when the countdown ends)"
    block = p.plan(text, 300, 40)
    p.block(block, pygame.Rect(0, 0, 300, block.line_height))
    assert len(block.lines) > 1
    assert any("cut short" in problem for problem in p.log.problems())
