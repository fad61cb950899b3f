"""Menus measured before they are drawn: several seats' menus share the panel without
one word cut or one menu drawn over another; offers give way first, the menu of the seat
whose turn it is last; a long list scrolls with its "more" lines on lines of their own."""

from __future__ import annotations

import pygame

from companion.display import menus as m
from companion.display.paint import Painter
from companion.table.frame import Menu, MenuItem
from companion.table.view import SeatView, TableView

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
                (MenuItem("Pay 3 chips"), MenuItem("Cancel")), focus=0,
                hint="● pay · ◀ ▶ cancel", confirm=True)


def offer(seat: int) -> Menu:
    return Menu(seat, "Reroll Leonhard's dog dice?",
                (MenuItem("Reroll Leonhard's dog dice", "3 chips", submenu=True),),
                focus=-1, hint="press to choose · silence: no", style="buttons")


def test_the_same_menu_of_several_seats_is_one_block() -> None:
    blocks = m.blocks_of((roller_menu(), offer(1), offer(2), claim(3)))
    assert [[menu.seat for menu in block] for block in blocks] == [[0], [1, 2], [3]]


def test_offers_give_way_first_and_the_roller_last() -> None:
    p = Painter(pygame.Surface((800, 480)))
    blocks = m.blocks_of((roller_menu(), offer(1), offer(2), claim(3)))
    roomiest = [m.plan_block(p, VIEW, b, 360, m.forms_for(b)[0]).height for b in blocks]
    room = sum(roomiest) - 1  # a little short: the offer alone gives way
    plans = m.choose_plans(p, VIEW, blocks, 360, room, 0)
    assert plans[1].form > m.FULL  # the offer gave way
    assert plans[0].form == plans[2].form == m.FULL  # the seats choosing did not
    tight = m.choose_plans(p, VIEW, blocks, 360, 200, 0)
    assert tight[1].form == m.BARE  # the offer went as far as it can first
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
