"""Enumerations of announcements shared by the voice tests."""

from __future__ import annotations

from collections.abc import Iterator

from companion.games.canoe import sayings as canoe_says
from companion.games.mush import sayings as mush_says
from companion.games.mush.sayings import DICE_COLOURS, PRESS_RESULTS, WEATHERS, ZONES
from companion.games.mush_ring import sayings as ring_says
from companion.games.mush_ring.cards import PALETTE
from companion.games.push_and_move import sayings as pm_says
from companion.seats import MAX_SEATS
from companion.voice.phrases import Announcement, turn
from companion.voice.texts import MAX_NUMBER


def every_announcement() -> Iterator[Announcement]:
    """Every announcement shape with every value a template slot can take.

    Rounds run over every shipped number, so that numbers reached only as round numbers
    count as used; dogs run over 0..8, the most a team has (RULES S2).
    """
    seats = range(MAX_SEATS)
    for number in range(MAX_NUMBER + 1):
        yield mush_says.weather(number, ZONES[number % 3], WEATHERS[number % 3])
    for zone in ZONES:
        for weather in WEATHERS:
            yield mush_says.weather(None, zone, weather)
    for seat in seats:
        yield mush_says.order([seat, *(s for s in seats if s != seat)])
        yield mush_says.early_riser(seat)
        yield turn(seat)
        yield mush_says.rest(seat)
        yield mush_says.winner(seat)
        for other in seats:
            yield mush_says.reroll(seat, other)
    for colour in DICE_COLOURS:
        for dogs in range(9):
            yield mush_says.dice(dogs % MAX_SEATS, colour, dogs)
    for success in (True, False):
        yield mush_says.terrain(success)
        yield mush_says.avalanche(success)
    for result in PRESS_RESULTS:
        yield mush_says.press(result)
    # the Canoe game
    for weather in canoe_says.WEATHERS:
        yield canoe_says.weather(weather)
    for seat in seats:
        yield canoe_says.throw(seat, seat + 1)
        yield canoe_says.skip(seat)
        yield canoe_says.windbound(seat)
        yield canoe_says.winner(seat)
        yield canoe_says.late(seat)
    for pile in canoe_says.PILES:
        yield canoe_says.card(pile, "Find a paddle.", -15)
        yield canoe_says.card(pile, "You must camp on Sugar Island.", 0, keep=True)
    yield canoe_says.points(40)
    yield canoe_says.shuffle()
    # Mush-Ring: a ring of up to six cards, a score pile of ten or more
    for seat in seats:
        for colour in PALETTE:
            yield ring_says.scored(seat, 1 + seat % 6, colour)
        yield ring_says.scored(seat, 1 + seat % 2, "")
        yield ring_says.scored(seat, 0, "")
        yield ring_says.last_hand(seat, 10 + seat)
        yield ring_says.winners([seat])
        yield ring_says.winners([seat, (seat + 1) % MAX_SEATS])
    # Push&Move
    for seat in seats:
        for how in ("edge", "death"):
            yield pm_says.lost(seat, how)
        yield pm_says.count(seat, seat % 3 + 1)
        yield pm_says.winner(seat)
    yield pm_says.winner(None)


def one_of_each_kind() -> list[Announcement]:
    """One announcement of every kind, for the slower audio checks."""
    return [
        mush_says.weather(3, "central", "cold"),
        mush_says.order([4, 0, 2]),
        mush_says.early_riser(1),
        turn(2),
        mush_says.dice(3, "red", 5),
        mush_says.dice(3, "blue", 1),
        mush_says.terrain(True),
        mush_says.terrain(False),
        mush_says.avalanche(True),
        mush_says.avalanche(False),
        mush_says.reroll(0, 5),
        mush_says.reroll(5, 5),
        mush_says.press("plus2"),
        mush_says.press("tired"),
        mush_says.rest(4),
        mush_says.winner(0),
        canoe_says.weather("windbound"),
        canoe_says.throw(2, 6),
        canoe_says.card("portage", "Find a paddle.", 15),
        canoe_says.shuffle(),
        canoe_says.winner(1),
        ring_says.scored(1, 4, "red"),
        ring_says.last_hand(2, 10),
        ring_says.winners([0, 3]),
        pm_says.lost(3, "edge"),
        pm_says.lost(4, "death"),
        pm_says.count(2, 2),
        pm_says.winner(5),
        pm_says.winner(None),
    ]
