"""Every screen at 1920×1080, 1280×720 and 800×480: saved as PNGs, and no text out of its box or
under the size floor (DESIGN.md, Display)."""

from __future__ import annotations

from dataclasses import replace

import pygame
import pytest

from companion.display import font_floor, render
from companion.i18n import LANGUAGES
from display.conftest import save_screen
from display.frames import all_frames

SIZES = [(1920, 1080), (1280, 720), (800, 480)]
FRAMES = {f"{players}p_{name}": frame for players in (4, 6, 2)
          for name, frame in all_frames(players).items()}


# Every screen in English for 2, 4 and 6 players; in French and German for 4 and 6 (the
# 2-player frames show the same screens with roomier seat cards).
CASES = [pytest.param(name, language, id=f"{name}-{language}")
         for language in LANGUAGES for name in sorted(FRAMES)
         if language == "en" or not name.startswith("2p_")]


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize(("name", "language"), CASES)
def test_screen_fits(name: str, language: str, size: tuple[int, int]) -> None:
    surface = pygame.Surface(size)
    log = render(FRAMES[name], surface, language=language)
    tag = "" if language == "en" else f"_{language}"
    save_screen(surface, f"{name}{tag}_{size[0]}x{size[1]}.png")
    assert log.draws, "a screen with no text at all is not a screen"
    assert log.problems() == []
    assert min(d.size for d in log.draws) >= font_floor(size[1])
    # Nothing is cut short but a long name (and the lines that begin with one).
    names = [seat.name for seat in FRAMES[name].view.seats]
    cut = [d.source for d in log.draws if d.fit == "ellipsized"]
    assert [c for c in cut if not any(c.startswith(n) for n in names)] == []


def test_floor_is_36_px_at_1080() -> None:
    assert font_floor(1080) == 36
    assert font_floor(720) == 24
    assert font_floor(480) == 16
    surface = pygame.Surface((1920, 1080))
    log = render(FRAMES["6p_turn_rest_focus"], surface)
    assert min(d.size for d in log.draws) == 36


def test_every_text_colour_reads_on_every_background() -> None:
    """Hints and greyed items are drawn in DIM: it must keep WCAG's 4.5:1 on every panel."""
    from companion.display import theme

    for ink in (theme.TEXT, theme.DIM):
        for ground in (theme.BG, theme.PANEL, theme.PANEL_HI):
            assert theme.contrast(ink, ground) >= 4.5, (ink, ground)
    assert round(theme.contrast(theme.BLACK, (255, 255, 255)), 6) == 21.0


def texts(name: str) -> str:
    return " | ".join(render(FRAMES[name], pygame.Surface((1920, 1080))).texts())


def test_screens_say_what_they_are_about() -> None:
    assert "Locked in" in texts("4p_bidding") and "Thinking…" in texts("4p_bidding")
    assert "PLACEHOLDER" in texts("4p_weather")
    assert "Order of play" in texts("4p_reveal") and "Early Riser" in texts("4p_reveal")
    assert "Nobody bid" in texts("4p_reveal_none")
    assert "wins!" in texts("4p_game_over")
    assert "Reroll" in texts("4p_dogs")
    assert "taken away" in texts("4p_reduce") or "chips paid" in texts("4p_reduce")
    assert "Rough terrain" in texts("4p_terrain")
    assert "Avalanche" in texts("4p_avalanche")
    assert "Pressing" in texts("4p_press")
    assert "End of round" in texts("4p_round_end")


def test_dice_land_and_stop() -> None:
    """Mid-roll dice blur and carry no result; at progress 1 the result line appears."""
    rolling = texts("4p_dogs_rolling")
    landed = texts("4p_dogs")
    assert "dogs of" not in rolling and "dogs of" in landed


def test_the_reveal_shows_every_bid_and_the_order_from_its_first_frame() -> None:
    """A press early in the reveal must never leave a bid or the order unseen."""
    view = FRAMES["4p_reveal"].view
    bids = [str(s.bid) for s in view.seats]
    for progress in (0.0, 0.1, 0.5):
        frame = replace(FRAMES["4p_reveal"], animation="reveal", animation_progress=progress)
        drawn = render(frame, pygame.Surface((1920, 1080))).texts()
        assert "Order of play" in drawn
        assert [t for t in drawn if t.isdigit()] == bids
        assert [t for t in drawn if t in ("1st", "2nd", "3rd", "4th")].count("1st") >= 2


def test_long_names_are_ellipsized_not_overflowing() -> None:
    log = render(FRAMES["6p_bidding"], pygame.Surface((800, 480)))
    shortened = [d for d in log.draws if d.source.startswith("Bartholomew")
                 and d.fit == "ellipsized"]
    assert shortened and all(d.text.endswith("…") and d.inside for d in shortened)


def test_reduce_window_counts_the_dice_left_as_chips_come_in() -> None:
    """X2: while the window is open, the dice still to roll already count the chips paid;
    the view works the count out, the headline only words it."""
    from companion.games.mush.model import DiceColour
    from companion.games.mush.screen.turn import _turn_headline
    from companion.games.mush.table.view import table_view
    from display.frames import moments

    state = moments(4).states["reduce"]
    window, roller = state.window, state.active
    assert window is not None and roller is not None

    def headline(paid: int, covered: int) -> list[str]:
        shown = replace(state, window=replace(window, paid=paid))
        view = table_view(shown.with_player(roller, covered=covered))
        seat = replace(view.seats[roller], dice=DiceColour.BLUE)
        assert view.turn is not None
        return _turn_headline(view, view.turn, seat)

    lines = headline(3, 0)
    assert "3 chips paid → 1 die fewer (2 chips a die, 3 at most)" in lines
    assert lines[-1].endswith("rolls 7 blue dice")
    lines = headline(1, 6)
    assert "1 chip paid → 0 dice fewer (2 chips a die, 3 at most)" in lines
    assert headline(2, 6)[-1].endswith("1 blue die")


def test_a_short_label_leaves_its_detail_room() -> None:
    """A menu row's detail says what a choice does or why it is greyed: beside a short
    label it is drawn whole, not cut to 45 % of the row."""
    from companion.display.menus import draw_menu
    from companion.display.paint import Painter
    from companion.table.frame import Menu, MenuItem

    p = Painter(pygame.Surface((1280, 720)))
    menu = Menu(0, "Ben: move or rest?",
                (MenuItem("Move", "8 dogs, green dice"), MenuItem("Rest", submenu=True),
                 MenuItem("Avalanche stick", "5 chips", submenu=True)), focus=0)
    draw_menu(p, {"seats": [{"seat": 0, "name": "Ben"}]}, menu, pygame.Rect(800, 100, 470, 400))
    fits = {d.source: d.fit for d in p.log.draws}
    assert fits["8 dogs, green dice"] == "full"
    assert p.log.problems() == []
