"""Enumerations of announcements shared by the voice tests."""

from __future__ import annotations

from collections.abc import Iterator

from companion.games.canoe import sayings as canoe_says
from companion.seats import MAX_SEATS
from companion.voice.phrases import Announcement
from companion.voice.texts import (
    DICE_COLOURS,
    MAX_NUMBER,
    PRESS_RESULTS,
    WEATHERS,
    ZONES,
)


def every_announcement() -> Iterator[Announcement]:
    """Every announcement shape with every value a template slot can take.

    Rounds run over every shipped number, so that numbers reached only as round numbers
    count as used; dogs run over 0..8, the most a team has (RULES S2).
    """
    seats = range(MAX_SEATS)
    for number in range(MAX_NUMBER + 1):
        yield Announcement.weather(number, ZONES[number % 3], WEATHERS[number % 3])
    for zone in ZONES:
        for weather in WEATHERS:
            yield Announcement.weather(None, zone, weather)
    for seat in seats:
        yield Announcement.order([seat, *(s for s in seats if s != seat)])
        yield Announcement.early_riser(seat)
        yield Announcement.turn(seat)
        yield Announcement.rest(seat)
        yield Announcement.winner(seat)
        for other in seats:
            yield Announcement.reroll(seat, other)
    for colour in DICE_COLOURS:
        for dogs in range(9):
            yield Announcement.dice(dogs % MAX_SEATS, colour, dogs)
    for success in (True, False):
        yield Announcement.terrain(success)
        yield Announcement.avalanche(success)
    for result in PRESS_RESULTS:
        yield Announcement.press(result)
    # the Canoe game
    for weather in canoe_says.WEATHERS:
        yield canoe_says.weather(weather)
    for seat in seats:
        yield canoe_says.throw(seat, seat + 1)
        yield canoe_says.skip(seat)
        yield canoe_says.windbound(seat)
        yield canoe_says.winner(seat)
    for pile in canoe_says.PILES:
        yield canoe_says.card(pile, "Find a paddle.", -15)
        yield canoe_says.card(pile, "You must camp on Sugar Island.", 0, keep=True)
    yield canoe_says.points(40)
    yield canoe_says.shuffle()


def one_of_each_kind() -> list[Announcement]:
    """One announcement of every kind, for the slower audio checks."""
    return [
        Announcement.weather(3, "central", "cold"),
        Announcement.order([4, 0, 2]),
        Announcement.early_riser(1),
        Announcement.turn(2),
        Announcement.dice(3, "red", 5),
        Announcement.dice(3, "blue", 1),
        Announcement.terrain(True),
        Announcement.terrain(False),
        Announcement.avalanche(True),
        Announcement.avalanche(False),
        Announcement.reroll(0, 5),
        Announcement.reroll(5, 5),
        Announcement.press("plus2"),
        Announcement.press("tired"),
        Announcement.rest(4),
        Announcement.winner(0),
        canoe_says.weather("windbound"),
        canoe_says.throw(2, 6),
        canoe_says.card("portage", "Find a paddle.", 15),
        canoe_says.shuffle(),
        canoe_says.winner(1),
    ]
