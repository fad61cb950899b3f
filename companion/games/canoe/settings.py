"""Everything fixed when a Canoe game starts: the players, the trip, the variants, and
what is printed on the board but not in the rules text: the weather ring, the campsites
and, once the group entered them, the points printed at each site and attraction.

The ring and the campsite list are configuration data, as MUSH's weather charts are: the
companion ships stand-ins marked "placeholder" until a group enters its own board's (E1,
N2). The stand-in campsites are the ones the rules name, and numbered sites for the
board's others.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from companion.core.codec import LATER
from companion.exc import SettingsError
from companion.games.canoe.model import (
    CAMPED_ATTRACTION,
    DEFAULT_NIGHTS,
    MAX_NIGHTS,
    MAX_PLAYERS,
    MIN_PLAYERS,
    POINTS_LIMIT,
    POINTS_STEP,
    Attraction,
    CardMode,
    DestinationRule,
    Weather,
    is_camped_attraction,
)

C, T, H, B, R = (Weather.CALM, Weather.TAILWIND, Weather.HEADWIND, Weather.WINDBOUND,
                 Weather.HEAVY_RAIN)

MIN_RING = 2
MAX_RING = 24
MAX_CAMPSITES = 24
MAX_NAME = 24


@dataclass(frozen=True)
class Ring:
    """E1: the Weather Indicator's ring of spaces, clockwise from where it starts.

    A space is a weather, or None where the ring shows none ("the weather changes if
    indicated"): the weather then stays what it was. The first space names the weather
    the trip starts in.
    """

    spaces: tuple[Weather | None, ...] = (C, C, T, C, H, B, H, C, R, R, C, T)
    placeholder: bool = True

    def weather_at(self, position: int, before: Weather) -> Weather:
        """The weather once the indicator stands on `position` (E2)."""
        space = self.spaces[position % len(self.spaces)]
        return before if space is None else space

    def check(self) -> None:
        """Refuse a ring that cannot start a trip or would keep everyone windbound (E6)."""
        if not MIN_RING <= len(self.spaces) <= MAX_RING:
            raise SettingsError(f"ring: {len(self.spaces)} spaces; a ring has "
                                f"{MIN_RING} to {MAX_RING}")
        if self.spaces[0] is None:
            raise SettingsError("ring: the first space must name the weather the trip "
                                "starts in")
        if not any(s is not None and s is not Weather.WINDBOUND for s in self.spaces):
            raise SettingsError("ring: every space is windbound; the wind must drop "
                                "somewhere")


DEFAULT_CAMPSITES: tuple[str, ...] = (
    "Solitude Point", "Sugar Island", "Indian Pond 1", "Indian Pond 2",
    "Campsite 5", "Campsite 6", "Campsite 7", "Campsite 8",
)
"""N2: the campsites the rules name (Solitude Point, Sugar Island, the Indian Pond
campsites) and numbered stand-ins for the board's other sites."""


@dataclass(frozen=True)
class Campsites:
    """N2: the board's campsites by name; a Destination card finds its site by the start
    of the name ("Indian Pond ..."), so the named ones keep those words."""

    names: tuple[str, ...] = DEFAULT_CAMPSITES
    placeholder: bool = True
    # N1: each site's printed points, None: not entered (written only once entered)
    points: tuple[int | None, ...] = field(default=(), metadata=LATER)

    def printed(self, site: str) -> int | None:
        """N1: the points printed at `site`, when the group entered them."""
        if not self.points or site not in self.names:
            return None
        return self.points[self.names.index(site)]

    def with_points(self, points: dict[str, int]) -> Campsites:
        """These sites with the printed points the group entered (by name; others none)."""
        values = tuple(points.get(n) for n in self.names)
        return Campsites(self.names, self.placeholder,
                         values if any(v is not None for v in values) else ())

    def check(self) -> None:
        """Refuse a list the camping rule (N3) cannot work with."""
        if not 2 <= len(self.names) <= MAX_CAMPSITES:
            raise SettingsError(f"campsites: {len(self.names)} sites; a board has 2 to "
                                f"{MAX_CAMPSITES}")
        for name in self.names:
            if not name.strip() or len(name) > MAX_NAME:
                raise SettingsError(f"campsites: {name!r} is not a name of 1 to "
                                    f"{MAX_NAME} characters")
        if len({n.casefold() for n in self.names}) != len(self.names):
            raise SettingsError("campsites: two sites have the same name")
        if self.points and len(self.points) != len(self.names):
            raise SettingsError(f"campsites: {len(self.points)} printed points for "
                                f"{len(self.names)} sites; one each, or none")
        for value in self.points:
            if value is not None:
                check_printed(value, "campsites")


def check_printed(value: int, what: str) -> None:
    """A3, N1: points printed on the board move in the cards' steps, within an entry's
    bounds; anything else is refused with the setting's name."""
    if abs(value) > POINTS_LIMIT or value % POINTS_STEP:
        raise SettingsError(f"{what}: {value} points; the board prints a multiple of "
                            f"{POINTS_STEP} from -{POINTS_LIMIT} to {POINTS_LIMIT}")


PRINTED_ATTRACTIONS: tuple[Attraction, ...] = tuple(
    a for a in Attraction if a is not CAMPED_ATTRACTION)
"""A3, L1: the attractions whose points the board prints beside them and a player enters
with them (Solitude Point is camped at: its site's points are the campsite's)."""


@dataclass(frozen=True)
class Variants:
    """V1–V3: the rules' own variations, chosen in setup."""

    destinations: DestinationRule = DestinationRule.ALL  # V1: short games
    every_campsite: bool = False  # V2: long game
    every_attraction: bool = False  # V3: all-night game


ROUTE_WORDS: tuple[str, ...] = (
    *(a.value for a in Attraction if a is not CAMPED_ATTRACTION),
    "unmapped_region", "dangerous_point")
"""N2: the landmarks a route names besides the campsites: the attractions' lines (Solitude
Point is its campsite), Raven Rock ("raven_rock"), the Unmapped Region and Dangerous
Point."""
MAX_ROUTE = 64


def check_route(route: tuple[str, ...], sites: tuple[str, ...]) -> None:
    """N2: a route names campsites of the board and `ROUTE_WORDS` only, each entry once or
    more (a board may print an attraction's line twice), at most `MAX_ROUTE` entries."""
    if len(route) > MAX_ROUTE:
        raise SettingsError(f"route: {len(route)} landmarks; a board's route has "
                            f"{MAX_ROUTE} at most")
    for entry in route:
        if entry not in sites and entry not in ROUTE_WORDS:
            raise SettingsError(f"route: {entry!r} is neither a campsite of the board nor "
                                f"one of {', '.join(ROUTE_WORDS)}")


@dataclass(frozen=True)
class Settings:
    """Everything fixed at the start of a Canoe game; the journal's first event holds it."""

    names: tuple[str, ...]
    nights: int = DEFAULT_NIGHTS
    variants: Variants = field(default_factory=Variants)
    ring: Ring = field(default_factory=Ring)
    campsites: Campsites = field(default_factory=Campsites)
    cards: CardMode = CardMode.ELECTRONIC
    # A3: the attractions' printed points, as entered (written only once entered)
    attraction_points: tuple[tuple[Attraction, int], ...] = field(default=(), metadata=LATER)
    # N2: the board's landmarks in the order a canoe meets them going out, as the group
    # copied them (`ROUTE_WORDS` and the campsites' names); () when not given. No rule
    # reads it: the table's guesses start from it (written only once given)
    route: tuple[str, ...] = field(default=(), metadata=LATER)

    @property
    def players(self) -> int:
        """How many players sit at the table (C1)."""
        return len(self.names)

    def printed(self, attraction: Attraction) -> int | None:
        """A3, L1: the points printed beside `attraction`, when the group entered them."""
        return dict(self.attraction_points).get(attraction)

    @staticmethod
    def make(names: tuple[str, ...] | list[str], nights: int = DEFAULT_NIGHTS,
             variants: Variants | None = None, ring: Ring | None = None,
             campsites: Campsites | None = None,
             cards: CardMode = CardMode.ELECTRONIC,
             attraction_points: tuple[tuple[Attraction, int], ...] = (),
             route: tuple[str, ...] = ()) -> Settings:
        """Checked settings, with the stand-in ring and campsites unless given."""
        settings = Settings(tuple(names), nights, variants or Variants(), ring or Ring(),
                            campsites or Campsites(), cards, tuple(attraction_points),
                            tuple(route))
        settings.check()
        return settings

    def check(self) -> None:
        """Refuse settings that cannot make a game; the message names the setting."""
        if not MIN_PLAYERS <= self.players <= MAX_PLAYERS:
            raise SettingsError(f"names: {self.players} players; the game takes "
                                f"{MIN_PLAYERS} to {MAX_PLAYERS}")
        for name in self.names:
            if not name.strip() or len(name) > MAX_NAME:
                raise SettingsError(f"names: {name!r} is not a name of 1 to {MAX_NAME} "
                                    f"characters")
        if not 1 <= self.nights <= MAX_NIGHTS:
            raise SettingsError(f"nights: {self.nights}; a trip lasts 1 to {MAX_NIGHTS} "
                                f"nights")
        self.ring.check()
        self.campsites.check()
        named = [a for a, _ in self.attraction_points]
        if len(set(named)) != len(named) or any(a not in PRINTED_ATTRACTIONS for a in named):
            raise SettingsError("attraction_points: each attraction once at most, and none "
                                "for Solitude Point (its campsite's points count)")
        for _, value in self.attraction_points:
            check_printed(value, "attraction_points")
        check_route(self.route, self.campsites.names)
        if self.variants.every_attraction and not any(
                is_camped_attraction(n) for n in self.campsites.names):
            raise SettingsError("variants.every_attraction: camping at Solitude Point is an "
                                "attraction, and no campsite is called Solitude Point")
