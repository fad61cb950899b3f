"""The Canoe game's part of the configuration: its `[game.canoe]` section, the group's
board as the host copies it once (N2's campsites, E1's weather ring, the points N1, A3
and L1 print at each site and beside each attraction, and the route a canoe follows
going out), and the trip the group usually plays (C2's nights, V1-V3, K12's cards).

    [game.canoe]
    campsites = ["Solitude Point", "Sugar Island", "Indian Pond 1", "Indian Pond 2", ...]
    ring = ["calm", "calm", "tailwind", "none", ...]      # E1, "none": no change
    route = ["moose", "Sugar Island", "raven_rock", ...]   # N2, optional
    nights = 2
    variant = "full"
    cards = "electronic"

    [game.canoe.site_points]         # N1: by the sites' names
    "Solitude Point" = 20
    [game.canoe.attraction_points]   # A3, L1: by the attractions' words
    moose = 10

Where setup starts from (`starting`): the board the file gives is the one every trip
starts from (the file is the host's description of the board, so an edited file wins
over the last trip); what the file leaves out comes from the last trip, as before (the
ring and the points entered on the pads), else the stand-ins. The trip's choices
(nights, variant, cards) are the file's for a first trip and the last trip's after it,
as every game's setup starts from the game last played. Whatever setup then changes on
the pads holds for that trip.
"""

from __future__ import annotations

import difflib
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from companion.config.checks import (
    as_choice,
    as_int,
    as_list,
    as_table,
    key_text,
    known_keys,
)
from companion.config.names import unique_names
from companion.config.section import GameSection
from companion.exc import ConfigError, SettingsError
from companion.games.canoe.cards import DESTINATION_CARDS, TargetKind
from companion.games.canoe.model import (
    CAMPED_ATTRACTION_SITE,
    DEFAULT_NIGHTS,
    MAX_NIGHTS,
    Attraction,
    CardMode,
    DestinationRule,
    Weather,
)
from companion.games.canoe.settings import (
    DEFAULT_CAMPSITES,
    MAX_CAMPSITES,
    MAX_NAME,
    PRINTED_ATTRACTIONS,
    ROUTE_WORDS,
    Campsites,
    Ring,
    Settings,
    Variants,
    check_printed,
    check_route,
)

VARIANTS: dict[str, Variants] = {
    "full": Variants(),
    "short_one": Variants(destinations=DestinationRule.ONE),
    "short_none": Variants(destinations=DestinationRule.NONE),
    "long": Variants(every_campsite=True),
    "all_night": Variants(every_attraction=True),
}
"""V1-V3 as setup offers them and the file names them (their words: "cs.variant.<key>")."""


def variant_key(variants: Variants) -> str:
    """The setup choice a game's variants were made from ("full" for any other mix)."""
    return next((k for k, v in VARIANTS.items() if v == variants), "full")


KEYS = ("campsites", "ring", "route", "nights", "variant", "cards", "site_points",
        "attraction_points")
ATTRACTION_KEYS = tuple(a.value for a in PRINTED_ATTRACTIONS)
"""A3, L1: the attractions whose printed points the file may give (Solitude Point's are
its campsite's, in `site_points`)."""
RULES_KEYS = {"campsites": "campsites", "ring": "ring", "route": "route",
              "nights": "nights", "variants": "variant", "attraction_points":
              "attraction_points"}
"""The key of the file under which a problem the rules' settings name is shown."""
NO_WEATHER = "none"
"""E1: a ring space that shows no weather, as the file writes it."""
NAMED_SITES: tuple[str, ...] = (CAMPED_ATTRACTION_SITE, *(
    c.target.value for c in DESTINATION_CARDS
    if c.target is not None and c.target.kind is TargetKind.CAMPSITE))
"""The starts of the names the rules give sites (A2's Solitude Point, the Destination
cards' Sugar Island and Indian Pond, K9): a board's list keeps them, or a card could never
be obeyed."""


@dataclass(frozen=True)
class CanoeSetup:
    """What the config file says of the group's board and usual trip. None: the file
    says nothing of it (setup then starts from the last trip's, else the stand-in)."""

    campsites: tuple[str, ...] | None = None
    ring: tuple[Weather | None, ...] | None = None
    route: tuple[str, ...] | None = None
    site_points: tuple[tuple[str, int], ...] = ()
    attraction_points: tuple[tuple[Attraction, int], ...] = ()
    nights: int = DEFAULT_NIGHTS
    variant: str = "full"
    cards: CardMode = CardMode.ELECTRONIC

    @property
    def sites(self) -> tuple[str, ...]:
        """The board's campsites: the file's, else the stand-ins (N2)."""
        return self.campsites if self.campsites is not None else DEFAULT_CAMPSITES


@dataclass(frozen=True)
class Start:
    """Where a trip's setup starts: the board and the choices, from the file and the last
    trip (`starting`)."""

    sites: Campsites
    ring: Ring
    route: tuple[str, ...]
    camp_points: dict[str, int]
    attraction_points: dict[Attraction, int]
    nights: int
    variant: str
    cards: CardMode


def starting(board: CanoeSetup, last: Settings | None) -> Start:
    """The precedence, one value at a time: the file's board wins where it gives one; the
    last trip gives what the file leaves out (its entered ring, its points at the sites
    still on the board), else the stand-ins; the trip's choices are the last trip's, else
    the file's. The campsites and the route come from the file only: setup has no entry
    for them, so a file without them plays the stand-in sites."""
    given = board.campsites is not None
    sites = board.sites
    if board.ring is not None:
        ring = Ring(board.ring, placeholder=False)
    elif last is not None and not last.ring.placeholder:
        ring = last.ring
    else:
        ring = Ring()
    camp_points: dict[str, int] = {}
    attraction_points: dict[Attraction, int] = {}
    if last is not None:
        camp_points = {n: v for n, v in zip(last.campsites.names, last.campsites.points,
                                            strict=False) if v is not None and n in sites}
        attraction_points = dict(last.attraction_points)
    camp_points.update(board.site_points)
    attraction_points.update(board.attraction_points)
    if last is None:
        nights, variant, cards = board.nights, board.variant, board.cards
    else:
        nights, variant, cards = last.nights, variant_key(last.variants), last.cards
    return Start(Campsites(sites, placeholder=not given), ring, board.route or (),
                 camp_points, attraction_points, nights, variant, cards)


# --- the config file -------------------------------------------------------------------


def _campsites(value: object, key: str) -> tuple[str, ...]:
    entries = as_list(value, key)
    if not 2 <= len(entries) <= MAX_CAMPSITES:
        raise ConfigError(key, f"2 to {MAX_CAMPSITES} campsites, in the board's order "
                          f"(got {len(entries)})")
    # drawn in the menus and journalled like a player's name: the same rule
    names = unique_names(entries, key, "a campsite's", most=MAX_NAME)
    for start in NAMED_SITES:
        if not any(n.casefold().startswith(start.casefold()) for n in names):
            raise ConfigError(key, f"no campsite's name starts with {start!r}: the rules "
                              "send canoes there (A2, K9), so keep the board's names "
                              f"({', '.join(NAMED_SITES)} ...)")
    return tuple(names)


def _ring(value: object, key: str) -> tuple[Weather | None, ...]:
    choices = [*(w.value for w in Weather), NO_WEATHER]
    spaces = tuple(None if space == NO_WEATHER else Weather(space) for space in (
        as_choice(s, f"{key}.{i}", choices) for i, s in enumerate(as_list(value, key))))
    try:
        Ring(spaces, placeholder=False).check()  # E1, E6: as setup checks an entered ring
    except SettingsError as exc:
        raise ConfigError(key, str(exc).removeprefix("ring: ")) from None
    return spaces


def _points(value: object, key: str, allowed: tuple[str, ...],
            given: bool = True) -> dict[str, int]:
    """Printed points by name; `given`: whether `allowed` are the sites the file lists
    (else the stand-ins, which a site's points may name only when none are listed)."""
    table = as_table(value, key)
    if not given:
        unknown = [name for name in table if name not in allowed]
        if unknown:
            near = difflib.get_close_matches(unknown[0], allowed, n=1, cutoff=0.6)
            hint = f"did you mean {near[0]!r}? " if near else ""
            raise ConfigError(f"{key}.{key_text(unknown[0])}", f"not a campsite of the board; "
                              f"{hint}without [game.canoe] campsites (or with a broken list) "
                              f"the sites are the stand-ins: {', '.join(allowed)}")
    known_keys(table, allowed, key)
    out: dict[str, int] = {}
    for name in allowed:
        if name in table:
            points = as_int(table[name], f"{key}.{name}")
            try:
                check_printed(points, "")  # N1, A3: the cards' steps, an entry's bounds
            except SettingsError as exc:
                raise ConfigError(f"{key}.{name}", str(exc).removeprefix(": ")) from None
            out[name] = points
    return out


def parse(value: Mapping[str, Any], key: str) -> CanoeSetup:
    """`[game.canoe]` into what setup starts from; every value checked as setup and the
    rules check it, a problem naming its key."""
    table = as_table(value, key)
    known_keys(table, KEYS, key)
    campsites = (_campsites(table["campsites"], f"{key}.campsites")
                 if "campsites" in table else None)
    sites = campsites if campsites is not None else DEFAULT_CAMPSITES
    ring = _ring(table["ring"], f"{key}.ring") if "ring" in table else None
    route = None
    if "route" in table:
        words = (*sites, *ROUTE_WORDS)  # N2: the board's campsites and landmarks
        route = tuple(as_choice(entry, f"{key}.route.{i}", words)
                      for i, entry in enumerate(as_list(table["route"], f"{key}.route")))
        try:
            check_route(route, sites)
        except SettingsError as exc:
            raise ConfigError(f"{key}.route", str(exc).removeprefix("route: ")) from None
    site_points = _points(table.get("site_points", {}), f"{key}.site_points", sites,
                          campsites is not None)
    attraction_points = _points(table.get("attraction_points", {}),
                                f"{key}.attraction_points", ATTRACTION_KEYS)
    nights = as_int(table.get("nights", DEFAULT_NIGHTS), f"{key}.nights", 1, MAX_NIGHTS)
    variant = as_choice(table.get("variant", "full"), f"{key}.variant", VARIANTS)
    cards = CardMode(as_choice(table.get("cards", CardMode.ELECTRONIC.value), f"{key}.cards",
                               [c.value for c in CardMode]))
    part = CanoeSetup(campsites, ring, route, tuple(site_points.items()),
                      tuple((Attraction(a), v) for a, v in attraction_points.items()),
                      nights, variant, cards)
    try:  # the rules' own checks of a trip started from it (V3 needs Solitude Point)
        settings(part, ("A", "B"))
    except SettingsError as exc:
        name, _, problem = str(exc).partition(": ")
        raise ConfigError(f"{key}.{RULES_KEYS.get(name.split('.')[0], '')}".rstrip("."),
                          problem or str(exc)) from exc
    return part


def settings(part: CanoeSetup, names: tuple[str, ...]) -> Settings:
    """The settings of a first trip on the file's board (checked: SettingsError)."""
    start = starting(part, None)
    sites = start.sites.with_points(start.camp_points)
    return Settings.make(names, start.nights, VARIANTS[start.variant], start.ring, sites,
                         start.cards, tuple((a, start.attraction_points[a])
                                            for a in PRINTED_ATTRACTIONS
                                            if a in start.attraction_points), start.route)


SECTION = GameSection(
    keys=KEYS, tables={"attraction_points": ATTRACTION_KEYS}, parse=parse)
"""The Canoe game's part of the configuration, as its box declares it. Its setup starts
from `starting` (the part and the last trip), which the table applies: a trip is set up on
the pads only."""

__all__ = ["ATTRACTION_KEYS", "KEYS", "SECTION", "VARIANTS", "CanoeSetup", "Start", "parse",
           "starting", "variant_key"]
