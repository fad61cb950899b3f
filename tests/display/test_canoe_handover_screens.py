"""C4 on the screen: while the player who threw may still tell what the canoe did, the
next player already has a menu, whose first choice ends the turn before it. Two menus at
once, at three sizes in each language: the player choosing now reads first (above, in
the seat order or not) and in the roomiest form, the ◀ guess whole however long; the next
player's menu under it, its title saying "next" and its throw in view; a card drawn
keeps its words whole above both. `make screens` writes them to test-artifacts/screens/
to look at."""

from __future__ import annotations

import pygame
import pytest
from canoe_harness import Trip

from companion.config.table import TableConfig
from companion.display import render, theme
from companion.display.layout_log import LayoutLog
from companion.games.canoe import commands as c
from companion.games.canoe.model import Attraction
from companion.games.canoe.settings import Campsites
from companion.games.canoe.table import CanoeTable
from companion.i18n import LANGUAGES, speaking, t
from companion.pads.events import Button
from companion.table.virtual import pad_events
from display.conftest import save_screen

SIZES = ((800, 480), (1280, 720), (1920, 1080))
SITES = Campsites(("Solitude Point", "Sugar Island", "Indian Pond 1", "Indian Pond 2"),
                  placeholder=False, points=(20, 15, 10, 5))


def camp_guessed() -> Trip:
    """Ann has thrown; Bob camped at Sugar Island before he saw the rainbow, which Ann has
    seen too: the table's guess is the long "Camp at Indian Pond 1 · +10" (N1, N2), on ◀
    among the three likeliest (nothing the trips told points to it: `spread_out`)."""
    trip = Trip(3, campsites=SITES)
    trip.turn(2, c.SeeAttraction(0, Attraction.MOOSE, 15))
    trip.turn(2, c.Camp(1, "Sugar Island", 15))
    trip.turn(2)
    trip.turn(2, c.SeeAttraction(0, Attraction.RAINBOW, 20))
    trip.turn(2)  # Bob's go missed for the camp (N1): Cy
    trip.turn(2)
    trip.turn(2, c.SeeAttraction(1, Attraction.RAINBOW, 20))
    trip.turn(2)
    trip.roll(3)
    return trip


def last_seat_threw() -> Trip:
    """Cy, the last seat, has thrown: Ann, the first seat, is next."""
    trip = Trip(3)
    trip.turn(2)
    trip.turn(2)
    trip.roll(3)
    return trip


class Clock:
    """A fake clock a test moves by hand."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def table_for(trip: Trip, language: str, clock: Clock) -> CanoeTable:
    config = TableConfig(players=len(trip.state.players), language=language,
                         screen_language=language)
    return CanoeTable(trip.state, trip.dice, clock, config, history=list(trip.events))


def top_of(log: LayoutLog, text: str) -> int:
    """Where a text's first line was drawn (its top)."""
    return min(d.rect[1] for d in log.draws if d.source == text)


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize(("moment", "active", "ahead"), [
    ("camp", 0, 1), ("wrapped", 2, 0)])
def test_c4_the_player_choosing_now_reads_first_and_whole_the_next_player_under(
        language: str, moment: str, active: int, ahead: int) -> None:
    # C4: two menus at once, the thrower's first
    trip = camp_guessed() if moment == "camp" else last_seat_threw()
    frame = table_for(trip, language, Clock()).frame()
    menus = {m.seat: m for m in frame.menus}
    assert set(menus) == {active, ahead}  # the third player has nothing to choose
    now, then = menus[active], menus[ahead]
    left = next(i.label for i in now.items if i.button == "left")
    if moment == "camp":
        assert "Indian Pond 1" in left  # a long guess on ◀, among the three likeliest
    throw = then.items[then.focus].label
    for size in SIZES:
        surface = pygame.Surface(size)
        log = render(frame, surface, language=language)
        assert log.problems() == [], (moment, size, language)
        whole = log.whole()
        # the player choosing now: title, the ◀ guess whole, and the hint (the roomiest
        # form is theirs); above the next player's menu even from a later seat
        assert now.title in whole and now.hint in whole, (moment, size, language)
        assert any(text.startswith(left) for text in whole), (left, size, language)
        assert then.title in whole and throw in whole, (moment, size, language)
        assert top_of(log, now.title) < top_of(log, then.title), (moment, size, language)
        save_screen(surface, f"canoe-3p-handover-{moment}-{size[0]}x{size[1]}-{language}.png")


@pytest.mark.parametrize("language", LANGUAGES)
def test_c4_the_list_open_keeps_the_next_player_s_throw_in_view_waiting(
        language: str) -> None:
    # C4: the thrower inside the rest behind ● (three buttons again, "End of turn" at
    # its end): the next player's menu keeps its title and its focused throw, drawn
    # waiting with why
    clock = Clock()
    table = table_for(camp_guessed(), language, clock)
    clock.now = 5.0
    for event in pad_events(0, (Button.SELECT, False)):
        clock.now += 0.3
        table.handle(event)
    frame = table.frame()
    menus = {m.seat: m for m in frame.menus}
    assert menus[0].depth == 1 and len(menus[0].items) == 3
    focused = menus[0].items[menus[0].focus].label
    throw = menus[1].items[menus[1].focus].label
    with speaking(language):
        telling = t("cn.still_telling", name="Ann")
    for size in SIZES:
        surface = pygame.Surface(size)
        log = render(frame, surface, language=language)
        assert log.problems() == [], (size, language)
        whole = log.whole()
        assert any(text.startswith(focused) for text in whole), (size, language)
        assert menus[1].title in whole and throw in whole, (size, language)
        # Ann is telling something: Bob's first choice would be refused, so his menu is
        # drawn waiting (dim), not inviting; Ann's own items stay bright
        assert whitest(surface, log, throw) <= max(theme.DIM), (size, language)
        assert telling in whole, (size, language)  # why, under his title
        assert whitest(surface, log, focused) >= min(theme.TEXT), (size, language)
        save_screen(surface, f"canoe-3p-handover-list-{size[0]}x{size[1]}-{language}.png")
    # stepped back out of her list, Ann is not telling anything: Bob may throw
    clock.now += 5.0
    for event in pad_events(0, (Button.SELECT, True)):
        clock.now += 0.3
        table.handle(event)
    frame = table.frame()
    assert [m.depth for m in frame.menus] == [0, 0]
    surface = pygame.Surface((1280, 720))
    log = render(frame, surface, language=language)
    assert whitest(surface, log, throw) >= min(theme.TEXT)
    assert telling not in log.whole()


def whitest(surface: pygame.Surface, log: LayoutLog, text: str) -> int:
    """How white the whitest pixel is where `text` (its first line) was drawn: its
    dimmest channel (the yellow focus frame beside it counts for little)."""
    draw = next(d for d in log.draws if d.source == text or d.source.startswith(text))
    rect = pygame.Rect(draw.rect).clip(surface.get_rect())
    return max(min(surface.get_at((x, y))[:3]) for x in range(rect.left, rect.right)
               for y in range(rect.top, rect.bottom))


@pytest.mark.parametrize("language", LANGUAGES)
def test_c4_k5_the_card_drawn_stays_whole_above_two_menus(language: str) -> None:
    # C4, K5: Ann camps and draws the Hero card (K11: her turn waits for keep or put
    # back), Bob is next: the card screen, two menus under it. The card's words come
    # before its notes
    from canoe_harness import pile

    from companion.games.canoe.model import Pile
    from companion.games.canoe.table import CanoeScreen

    trip = Trip(3, nights=1, piles={Pile.CAMP: pile(Pile.CAMP, "camp-09")})
    trip.roll(3)
    clock = Clock()
    table = table_for(trip, language, clock)
    clock.now = 5.0
    goal = c.Camp(0, "Solitude Point", 10)
    for _ in range(12):
        step = table.next_press(0, lambda command: command == goal)
        assert step is not None
        for event in pad_events(0, step):
            clock.now += 0.3
            table.handle(event)
        if table.state.players[0].hero:  # camped, the Hero card drawn
            break
    frame = table.frame()
    assert frame.screen is CanoeScreen.CARD and {m.seat for m in frame.menus} == {0, 1}
    view = frame.view
    assert view is not None and view.shown is not None
    for size in SIZES:
        surface = pygame.Surface(size)
        log = render(frame, surface, language=language)
        assert log.problems() == [], (size, language)
        assert view.shown.text in log.whole(), (size, language)
        save_screen(surface, f"canoe-3p-handover-card-{size[0]}x{size[1]}-{language}.png")
