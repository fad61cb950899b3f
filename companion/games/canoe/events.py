"""Events: what happened in a Canoe game. The journal stores them; folding them through
`evolve()` rebuilds the state (Q5).

Every random result is in its event: the die's face (`DieRolled`), the order each pile
was dealt in (`PilesDealt`) and reshuffled to (`PileShuffled`), the first player's draw
(`FirstPlayerDrawn`). Replay never rolls or shuffles.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from companion.games.canoe.kernel import Event as Event
from companion.games.canoe.kernel import UndoPolicy
from companion.games.canoe.model import Attraction, PaperEffect, Pile, Place, Weather
from companion.games.canoe.settings import Settings
from companion.games.canoe.state import Outcome


@dataclass(frozen=True)
class GameStarted(Event):
    """C1, C2: the players, the trip's nights, the variants, the ring and the campsites."""

    settings: Settings


@dataclass(frozen=True)
class PilesDealt(Event):
    """K1–K3: the three piles as dealt, top card first, each Shuffle card at the bottom."""

    canoe: tuple[str, ...]
    camp: tuple[str, ...]
    portage: tuple[str, ...]


@dataclass(frozen=True)
class FirstPlayerDrawn(Event):
    """C3: a uniform draw over the seats chose who throws first."""

    seat: int
    face: int
    sides: int


@dataclass(frozen=True)
class TurnStarted(Event):
    """C3, C7: a player's turn begins (clockwise, players at home left out)."""

    seat: int
    number: int


@dataclass(frozen=True)
class TurnSkipped(Event):
    """K10, N1: the player misses this go; one owed go is used up."""

    seat: int


@dataclass(frozen=True)
class DieRolled(Event):
    """C5: the face of the die the active player threw (or entered from a wooden die)."""

    seat: int
    face: int


@dataclass(frozen=True)
class WeatherAdvanced(Event):
    """E2, E6: the Weather Indicator moved one space clockwise.

    `reason` is "six" (a 6 was thrown, before that player's go) or "islands" (every
    player on the board was windbound on an island). `weather` is the weather now.
    """

    position: int
    weather: Weather
    reason: str


@dataclass(frozen=True)
class Windbound(Event):
    """E5, L7: the player's canoe is on an island in a Windbound weather (or was blown back
    onto one): it stays there, and its player throws no die, until the wind drops."""

    seat: int


@dataclass(frozen=True)
class Stopped(Event):
    """L1–L6: the go ended at a place the companion keeps: the summit of Raven Rock, its
    base, the Unmapped Region's boundary (at `point`), or next to Dangerous Point."""

    seat: int
    place: Place
    point: int = 0


@dataclass(frozen=True)
class UnmappedEntered(Event):
    """L5: the throw at the boundary took the canoe in by `point`; its face is the exit."""

    seat: int
    point: int
    exit: int


@dataclass(frozen=True)
class PlaceLeft(Event):
    """L2–L6: the canoe left a place: `reason` is "descent" (off the summit, the go after
    the climb), "weather" (off the summit at once: the wind got up or the rain set in),
    "throw" (from the base of the rock), "exit" (out of the Unmapped Region by its exit),
    "five" (round Dangerous Point) or "back" (turned back before throwing)."""

    seat: int
    place: Place
    reason: str


@dataclass(frozen=True)
class SpaceShared(Event):
    """L9: the throw ended on `other`'s space; `ahead` with more points than theirs (to
    the next free space in front), else to the nearest free space behind."""

    seat: int
    other: int
    ahead: bool


@dataclass(frozen=True)
class HeroDeclined(Event):
    """K11: the drawer does not keep the camp Hero card; it goes back under the pile."""

    seat: int


@dataclass(frozen=True)
class Landed(Event):
    """K4: the canoe ended its move on a C or P space."""

    seat: int
    pile: Pile


@dataclass(frozen=True)
class LandedLate(Event):
    """C6: the canoe's last go ended on a C or P space, told at the start of this go,
    before its throw; the card follows as a landing's does, and this go goes on."""

    seat: int
    pile: Pile


@dataclass(frozen=True)
class Camped(Event):
    """N1: a night camped at a site, for the site's printed points; the next go is missed."""

    seat: int
    site: str
    points: int


@dataclass(frozen=True)
class CardDrawn(Event):
    """K4, K5: the top card of a pile, and the points it gave its drawer at once."""

    seat: int
    pile: Pile
    card: str
    points: int


@dataclass(frozen=True)
class PileShuffled(Event):
    """K3: the Shuffle card came up: the pile's new order, top first, Shuffle at the bottom."""

    pile: Pile
    order: tuple[str, ...]


@dataclass(frozen=True)
class CardReturned(Event):
    """K6–K9, K11: a card goes back under its pile; `outcome` says why."""

    pile: Pile
    card: str
    outcome: Outcome


@dataclass(frozen=True)
class DestinationKept(Event):
    """K7: the drawer keeps the Destination card until its task is done."""

    seat: int
    card: str


@dataclass(frozen=True)
class DestinationObeyed(Event):
    """K9: the holder did the card's task; the card is out of the game.

    `auto` is True where the companion recognised the task itself (the attraction or the
    campsite the card names), False where the holder said so.
    """

    seat: int
    card: str
    auto: bool = False


@dataclass(frozen=True)
class DestinationReturned(Event):
    """K8: the holder had already done the task of the card just kept; it goes back."""

    seat: int
    card: str


@dataclass(frozen=True)
class HeroKept(Event):
    """K11: the camp Hero card is kept for a camp in the rain."""

    seat: int


@dataclass(frozen=True)
class HeroUsed(Event):
    """K11: the holder camped in Heavy Rain: +40, and the card goes back under the pile."""

    seat: int
    points: int


@dataclass(frozen=True)
class GoForfeited(Event):
    """K10, N1: the player will miss their next go ("leak" or "camp" or "card")."""

    seat: int
    reason: str


@dataclass(frozen=True)
class AttractionSeen(Event):
    """A2, A3: an attraction done, for the points printed on the board."""

    seat: int
    attraction: Attraction
    points: int


@dataclass(frozen=True)
class PointsAdjusted(Event):
    """A4: points in or out entered by hand."""

    seat: int
    points: int


@dataclass(frozen=True)
class CardAwaited(Event):
    """K12: paper cards: the player draws from the group's pile and enters the card."""

    seat: int
    pile: Pile


@dataclass(frozen=True)
class CardEntered(Event):
    """K12: a paper card entered: its points and what else it does."""

    seat: int
    pile: Pile
    points: int
    effect: PaperEffect


@dataclass(frozen=True)
class TurnEnded(Event):
    """The player's turn is over."""

    seat: int


@dataclass(frozen=True)
class PlayerHome(Event):
    """F4: the canoe reached the dock without more points than every player still out;
    the player leaves the board with the score shown and the trip goes on."""

    seat: int
    score: int
    face: int


@dataclass(frozen=True)
class GameWon(Event):
    """F3, F5: the canoe reached the dock with more points than every player still out."""

    seat: int
    score: int
    face: int


EVENT_TYPES: tuple[type[Event], ...] = (
    GameStarted, PilesDealt, FirstPlayerDrawn, TurnStarted, TurnSkipped, DieRolled,
    WeatherAdvanced, Windbound, Landed, Camped, CardDrawn, PileShuffled, CardReturned,
    DestinationKept, DestinationObeyed, DestinationReturned, HeroKept, HeroUsed, GoForfeited,
    AttractionSeen, PointsAdjusted, CardAwaited, CardEntered, TurnEnded, PlayerHome, GameWon,
    Stopped, UnmappedEntered, PlaceLeft, SpaceShared, HeroDeclined, LandedLate,
)

LEGACY_EVENT_TYPES: tuple[type[Event], ...] = (PlayerHome,)
"""F4: events an older journal holds and a game today never writes (a finisher without
the lead went home); replay still reads them."""


FINAL: tuple[type[Event], ...] = (
    GameStarted, PilesDealt, FirstPlayerDrawn, DieRolled, CardDrawn, PileShuffled,
)
"""Q7: the event types no undo may cross; a command holding any other may be taken back.

Every die and every draw: the throw, the cards drawn from the electronic piles, every
shuffle and deal, the first player's draw, and the start of the game. Undoing those would
let a table throw again a die it disliked or draw again a card it disliked. A weather move
rides with the throw that caused it, so a 6 is never undone; moved by the islands rule
(E6) it follows from what the players said, and may be. The rest is bookkeeping (a
landing or a camp with paper cards, points entered, a card obeyed, the end of a turn) and
may be undone.
"""


UNDO = UndoPolicy.all_but(EVENT_TYPES, final=FINAL)
"""Q7 as the journal and the table ask it."""

UNDOABLE = UNDO.table
"""Whether a command whose events include this type may be taken back, per type."""


def undoable(events: Iterable[Event]) -> bool:
    """Whether a command with these events may be taken back (see `UNDOABLE`)."""
    return UNDO.undoable(events)
