"""The vocabulary of the Moosehead Lake Canoe Game: weather, piles, attractions, phases.

Every word here is an immutable value that the engine, the views, the journal and (later)
the screen and voice share, so "headwind" means one thing everywhere. Rule ids (E3, A2,
...) are those of `docs/canoe-rules.md`.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

MIN_PLAYERS = 2
MAX_PLAYERS = 6
DIE_SIDES = 6
WEATHER_FACE = 6  # E2: every 6 moves the Weather Indicator on
DEFAULT_NIGHTS = 2  # C2: "two is recommended to start with"
MAX_NIGHTS = 9
POINTS_LIMIT = 200  # A3: the largest single entry of points either way
POINTS_STEP = 5  # A3: every card of the box moves in fives; the pads step by this
POLING = -1  # E3: poling is the die less one, whatever the weather


class Weather(StrEnum):
    """The five weathers of the indicator's ring (E3)."""

    CALM = "calm"
    TAILWIND = "tailwind"
    HEADWIND = "headwind"
    WINDBOUND = "windbound"
    HEAVY_RAIN = "heavy_rain"


LAKE_EFFECT: dict[Weather, int] = {
    Weather.CALM: 0, Weather.TAILWIND: +2, Weather.HEADWIND: -3, Weather.WINDBOUND: -4,
    Weather.HEAVY_RAIN: 0,
}
"""E3: what the weather adds to the die out on a lake."""

PORTAGE_EFFECT: dict[Weather, int] = {
    Weather.CALM: 0, Weather.TAILWIND: 0, Weather.HEADWIND: 0, Weather.WINDBOUND: 0,
    Weather.HEAVY_RAIN: -2,
}
"""E3: what the weather adds to the die on a portage (heavy rain only)."""

WEATHER_SUMMARY: dict[Weather, str] = {
    Weather.CALM: "Calm: move as shown by the die.",
    Weather.TAILWIND: "Tailwind: die +2 on lakes.",
    Weather.HEADWIND: "Headwind: die -3 on lakes; below 3 you are blown back.",
    Weather.WINDBOUND: "Windbound: die -4 out on a lake; nobody leaves an island.",
    Weather.HEAVY_RAIN: "Heavy rain: die -2 on portages; you can slip back.",
}
"""E3: the rules card's own line for each weather, in English (the table translates)."""


@dataclass(frozen=True)
class Moves:
    """E4: the spaces one throw gives, read on the line for where the canoe is.

    A negative number is spaces backwards (blown back on a lake, slipping on a portage).
    `island_bound` says a canoe on an island may not leave this turn (E5). `sheltered`
    says the canoe waited by Dangerous Point, out of the weather (L6): every line is the
    die as thrown.
    """

    face: int
    weather: Weather
    lake: int
    river: int
    portage: int
    poling: int
    island_bound: bool
    sheltered: bool = False


def moves(face: int, weather: Weather, sheltered: bool = False) -> Moves:
    """E3, E4, E7, L6: the spaces for a throw under a weather, fixed at the start of the
    turn (none of the weather's where the canoe is sheltered)."""
    if not 1 <= face <= DIE_SIDES:
        raise ValueError(f"a die shows 1 to {DIE_SIDES}, not {face}")
    if sheltered:
        return Moves(face, weather, face, face, face, face + POLING, False, True)
    return Moves(
        face=face, weather=weather,
        lake=face + LAKE_EFFECT[weather],
        river=face,
        portage=face + PORTAGE_EFFECT[weather],
        poling=face + POLING,
        island_bound=weather is Weather.WINDBOUND,
    )


class Pile(StrEnum):
    """The three card piles (K1)."""

    CANOE = "canoe"
    CAMP = "camp"
    PORTAGE = "portage"


PILES: tuple[Pile, ...] = (Pile.CANOE, Pile.CAMP, Pile.PORTAGE)
LANDING_PILES: tuple[Pile, ...] = (Pile.CANOE, Pile.PORTAGE)
"""K4: the piles a player draws from by landing on a marked space (C or P)."""


class Attraction(StrEnum):
    """A2: the attractions the rules text names ("You can see a moose, ...")."""

    MOOSE = "moose"
    NORTHERN_LIGHTS = "northern_lights"
    RAINBOW = "rainbow"
    GREAT_FALLS = "great_falls"
    SOLITUDE_POINT = "solitude_point"
    RESCUE_BEGINNERS = "rescue_beginners"
    CANOE_PADDLE = "canoe_paddle"
    RAVEN_ROCK = "raven_rock"


ATTRACTIONS: tuple[Attraction, ...] = tuple(Attraction)
ATTRACTION_NAMES: dict[Attraction, str] = {
    Attraction.MOOSE: "See a moose",
    Attraction.NORTHERN_LIGHTS: "The Northern Lights",
    Attraction.RAINBOW: "A perfect rainbow",
    Attraction.GREAT_FALLS: "Great Falls",
    Attraction.SOLITUDE_POINT: "Camp at Solitude Point",
    Attraction.RESCUE_BEGINNERS: "Rescue beginners",
    Attraction.CANOE_PADDLE: "Make a canoe paddle",
    Attraction.RAVEN_ROCK: "Climb Raven Rock Peak",
}
CAMPED_ATTRACTION = Attraction.SOLITUDE_POINT
"""A2: the one attraction done by camping (at the campsite of that name), not entered."""
CAMPED_ATTRACTION_SITE = "Solitude Point"


def is_camped_attraction(site: str) -> bool:
    """A2: whether camping at `site` is the Solitude Point attraction done (the site's name
    begins with the attraction's)."""
    return site.casefold().startswith(CAMPED_ATTRACTION_SITE.casefold())
CLIMBED_ATTRACTION = Attraction.RAVEN_ROCK
"""L1: the one attraction done by climbing (its own command: the weather decides, and the
go ends at the summit), not entered with the others."""
ENTERED_ATTRACTIONS: tuple[Attraction, ...] = tuple(
    a for a in ATTRACTIONS if a not in (CAMPED_ATTRACTION, CLIMBED_ATTRACTION))

CLIMBING_WEATHER: frozenset[Weather] = frozenset({Weather.CALM, Weather.TAILWIND})
"""L1: "You cannot climb the rock in a headwind or if windbound, or in the rain." """

UNMAPPED_POINTS = 6
"""L4: the Unmapped Region's numbered points, one for each face of the die ("your exit is
governed by the number on the dice you throw to enter")."""
DANGEROUS_FACE = 5
"""L6: "You can wait next to the Point (white spaces) until you throw a 5." """


class Place(StrEnum):
    """L1–L7: where a canoe stands that changes what its player may do; the companion has
    no map, so a player says when the canoe stops at one of these (or the rules put it
    there), and everything else is "on the water"."""

    ROCK_BASE = "rock_base"  # L3: waiting at the base of Raven Rock (X) for the weather
    SUMMIT = "summit"  # L2: on the summit of Raven Rock: the descent begins next go
    UNMAPPED_EDGE = "unmapped_edge"  # L4: at the Unmapped Region's boundary, by a point
    UNMAPPED = "unmapped"  # L5: in the Unmapped Region, its exit set by the entry throw
    DANGEROUS_POINT = "dangerous_point"  # L6: waiting next to Dangerous Point for a 5


class CardMode(StrEnum):
    """K12: the companion's electronic piles, or the group's own paper cards."""

    ELECTRONIC = "electronic"
    PAPER = "paper"


class DestinationRule(StrEnum):
    """V1: every Destination card drawn must be obeyed, only one, or none are used."""

    ALL = "all"
    ONE = "one"
    NONE = "none"


class PaperEffect(StrEnum):
    """K12: what a paper card does besides its points, entered with them."""

    POINTS = "points"  # points only (0 for a card without points)
    MISS_GO = "miss_go"  # "Miss your next go" (K10)
    DESTINATION = "destination"  # a Destination card, kept by its holder (K7)
    HERO = "hero"  # the camp Hero card ("you may keep this card to use later", K11)


class Phase(StrEnum):
    """Rows of the phase table (`companion.games.canoe.phases`)."""

    SETUP = "setup"
    TURN = "turn"  # the active player throws the die, stays windbound, or camps
    MOVE = "move"  # the throw is made: the player tells what the canoe did
    CARD = "card"  # paper cards: the player enters the card just drawn
    GAME_OVER = "game_over"
