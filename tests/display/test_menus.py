"""Menus measured before they are drawn: several seats' menus share the panel without
one word cut or one menu drawn over another; offers give way first, the menu of the seat
whose turn it is last; a long list scrolls with its "more" lines on lines of their own."""

from __future__ import annotations

import pygame
import pytest

from companion.display import menu_plan as mp
from companion.display import menus as m
from companion.display import theme
from companion.display.chrome import draw_countdown
from companion.display.paint import Painter
from companion.games.mush.table.view import SeatView, TableView
from companion.table.frame import Countdown, Menu, MenuItem

NAMES = ("Leonhard", "Bartholomew-Maximilian", "Libby", "Rick")
VIEW = TableView(seats=tuple(SeatView(seat, name) for seat, name in enumerate(NAMES)),
                 active=0)


def roller_menu() -> Menu:
    return Menu(0, "Leonhard: move up to 6",
                (MenuItem("Done moving", button="select"),
                 MenuItem("Avalanche roll · Passing", button="left", submenu=True),
                 MenuItem("Terrain · Crossing · Reroll", button="right", submenu=True)),
                focus=-1, hint="Move your sled, then say what happened", style="keys",
                note="acts when the countdown ends")


def claim(seat: int) -> Menu:
    return Menu(seat, "Pay 3 chips to reroll Leonhard's dog dice?",
                (MenuItem("No", button="select"), MenuItem("Pay 3 chips", button="left")),
                focus=-1, hint="◀ pays · ● no", style="keys", confirm=True)


def offer(seat: int, note: str = "", waiting: bool = False) -> Menu:
    return Menu(seat, "Reroll Leonhard's dog dice?",
                (MenuItem("No", button="select"),
                 MenuItem("Not till my turn", button="left"),
                 MenuItem("Reroll", "3 chips", button="right", submenu=True)),
                focus=-1, hint="● no · silence: no", style="buttons", note=note,
                waiting=waiting)


def test_the_same_menu_of_several_seats_is_one_block() -> None:
    blocks = mp.blocks_of((roller_menu(), offer(1), offer(2), claim(3)))
    assert [[menu.seat for menu in block] for block in blocks] == [[0], [1, 2], [3]]


def test_offers_give_way_first_and_the_roller_last() -> None:
    p = Painter(pygame.Surface((800, 480)))
    blocks = mp.blocks_of((roller_menu(), offer(1), offer(2), claim(3)))
    roomiest = [mp.plan_block(p, VIEW, b, 360, mp.forms_for(b)[0]).height for b in blocks]
    room = sum(roomiest) - 1  # a little short: the offer alone gives way
    plans = mp.choose_plans(p, VIEW, blocks, 360, room, 0)
    assert plans[1].form > mp.FULL  # the offer gave way
    assert plans[0].form == plans[2].form == mp.FULL  # the seats choosing did not
    tight = mp.choose_plans(p, VIEW, blocks, 360, 200, 0)
    assert tight[1].form == mp.BARE  # the offer went as far as it can first
    assert tight[0].form <= tight[2].form  # and the roller gave way no more than others


def test_every_item_of_every_menu_is_drawn_whole_in_little_room() -> None:
    p = Painter(pygame.Surface((800, 480)))
    menus = (roller_menu(), offer(1), claim(2), claim(3))
    rect = pygame.Rect(420, 40, 370, 290)
    m.draw_arrangement(p, VIEW, m.arrange(p, VIEW, menus, rect, 1.0, 0))
    assert p.log.problems() == []
    whole = " | ".join(p.log.whole())
    for menu in menus:
        for item in menu.items:
            assert item.label in whole, item.label
    assert "▼" not in whole


def test_a_long_list_scrolls_with_its_more_lines_apart_from_the_items() -> None:
    p = Painter(pygame.Surface((800, 480)))
    items = tuple(MenuItem(f"Choice number {i}") for i in range(14))
    menu = Menu(-1, "New game", items, focus=9, hint="◀ ▶ choose · ● select")
    m.draw_menu(p, VIEW, menu, pygame.Rect(400, 40, 390, 260))
    assert p.log.problems() == []  # "▼ n more" is never drawn over an item
    texts = p.log.texts()
    assert "Choice number 9" in texts
    assert any(t.startswith("▲") for t in texts) and any(t.startswith("▼") for t in texts)
    assert "◀ ▶ choose · ● select" in p.log.whole()  # the hint stays with a lone list


def colours_in(surface: pygame.Surface, rect: tuple[int, int, int, int]) -> set[tuple[int, ...]]:
    area = surface.subsurface(pygame.Rect(rect))
    return {tuple(area.get_at((x, y)))[:3] for x in range(area.get_width())
            for y in range(area.get_height())}


@pytest.mark.parametrize("waiting", [False, True])
def test_a_menu_that_takes_no_press_yet_is_drawn_waiting(waiting: bool) -> None:
    """While the dice still tumble, a seat's menu (and a one-line offer) is dim: it does
    not invite a press the table would drop."""
    surface = pygame.Surface((1280, 720))
    p = Painter(surface)
    roller = Menu(0, "Leonhard: move up to 6",
                  (MenuItem("Done moving", button="select"),
                   MenuItem("Terrain · Crossing · Reroll", button="right", submenu=True)),
                  focus=-1, style="keys", note="Wait…" if waiting else "", waiting=waiting)
    menus = (roller, offer(1, "Wait…" if waiting else "", waiting),
             offer(2, "Wait…" if waiting else "", waiting))
    m.draw_menus(p, VIEW, menus, pygame.Rect(700, 40, 560, 500))
    assert p.log.problems() == []
    for words in ("Done moving", "● No", "▶ Reroll (3 chips) ›"):
        drawn = next(d for d in p.log.draws if d.source == words)
        lit = theme.TEXT in colours_in(surface, drawn.rect)
        assert lit is not waiting, words
    if waiting:
        assert p.log.whole().count("Wait…") == 2  # the roller's, and the two seats' offer


@pytest.mark.parametrize("seats", [(1,), (1, 2, 3)])
def test_a_press_too_soon_is_said_in_every_form_of_an_offer(seats: tuple[int, ...]) -> None:
    """The note under a dropped press ("Too soon: press again") is read whole in every
    form an offer takes, alone or grouped, the barest (badges and buttons on one line)
    too, where it goes under the buttons."""
    block = tuple(offer(seat, "Too soon: press again") for seat in seats)
    assert mp.BARE in mp.forms_for(block)
    for form in mp.forms_for(block):
        p = Painter(pygame.Surface((800, 480)))
        plan = mp.plan_block(p, VIEW, block, 370, form)
        rect = pygame.Rect(420, 40, 370, plan.height)
        m.draw_plan(p, VIEW, plan, rect)
        assert p.log.problems() == [], form
        assert "Too soon: press again" in p.log.whole(), form
        assert all(rect.contains(pygame.Rect(d.rect)) for d in p.log.draws), form


@pytest.mark.parametrize(("width", "left", "said"), [
    (1800, 2.6, "Reroll: held 3 s"),
    (420, 2.6, "Held 3 s"),
    (1800, 0.0, "Reroll: held"),
])
def test_a_held_countdown_says_how_long_the_claims_may_hold_it(width: int, left: float,
                                                              said: str) -> None:
    p = Painter(pygame.Surface((1920, 1080)))
    countdown = Countdown("reroll", 2.5, 1.2, holders=(1, 2), held=True, hold_left=left)
    draw_countdown(p, countdown, pygame.Rect(10, 10, width, p.line(theme.BODY)), VIEW)
    assert p.log.problems() == []
    assert said in p.log.whole()
