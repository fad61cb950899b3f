"""Commands: what a player (or the table) may ask of the Canoe rules.

The companion has no map: a player tells it what the canoe did ("landed on C", "camp at
Sugar Island for 10", "saw a moose for 20", "finished on the dock"), and `options()`
says which of those make sense now, with a reason for the ones that do not.
"""

from __future__ import annotations

from dataclasses import dataclass

from companion.games.canoe.kernel import TABLE as TABLE
from companion.games.canoe.kernel import Command as Command
from companion.games.canoe.model import Attraction, PaperEffect, Pile
from companion.games.canoe.settings import Settings


@dataclass(frozen=True)
class StartGame(Command):
    """C1–C3: seat the players with the chosen trip, variants, ring and campsites."""

    settings: Settings


@dataclass(frozen=True)
class Roll(Command):
    """C5, E2: throw the die (or enter a wooden die's face: see `physical`)."""


@dataclass(frozen=True)
class StayWindbound(Command):
    """E5, L7: "on an island, windbound": before the throw, no throw this turn; after it,
    the canoe was blown back onto an island. Either way it stays until the wind drops."""


@dataclass(frozen=True)
class Climb(Command):
    """L1: the canoe climbs Raven Rock Peak, for the points printed on the board; the go
    ends at the summit."""

    points: int


@dataclass(frozen=True)
class WaitAtRock(Command):
    """L3: the canoe waits at the base of Raven Rock (X) for better weather; the go ends."""


@dataclass(frozen=True)
class ReachUnmapped(Command):
    """L4: the canoe reached the Unmapped Region's boundary at one of its numbered points;
    the go ends there."""

    point: int


@dataclass(frozen=True)
class WaitAtPoint(Command):
    """L6: the canoe waits next to Dangerous Point (the white spaces) for a 5."""


@dataclass(frozen=True)
class TurnBack(Command):
    """L5, L6: before throwing, the canoe gives up waiting at the Unmapped Region's
    boundary or by Dangerous Point and turns back."""


@dataclass(frozen=True)
class ShareSpace(Command):
    """L9: the throw ends on another canoe's space: ahead or behind, by the points."""

    other: int


@dataclass(frozen=True)
class PutBackHero(Command):
    """K11: the camp Hero card drawn this turn is not kept ("you may keep this card")."""


@dataclass(frozen=True)
class Land(Command):
    """K4: the canoe's move ended on a marked C (Canoe) or P (Portage) space."""

    pile: Pile


@dataclass(frozen=True)
class LandLate(Command):
    """C6: before this go's throw, the canoe's move of the player's last go ended on a C or
    P space that was not told in time (the next player's choice, or "End of turn", ended
    that go first): the card is drawn now and this go goes on."""

    pile: Pile


@dataclass(frozen=True)
class Camp(Command):
    """N1: camp at a site, collecting its printed score."""

    site: str
    points: int


@dataclass(frozen=True)
class SeeAttraction(Command):
    """A2, A3: an attraction seen or done, with the points printed on the board."""

    attraction: Attraction
    points: int


@dataclass(frozen=True)
class Adjust(Command):
    """A4: points in or out for anything else the board gives, or a correction."""

    points: int


@dataclass(frozen=True)
class ObeyDestination(Command):
    """K9: the held Destination card's task is done; the card leaves the game."""


@dataclass(frozen=True)
class ReturnDestination(Command):
    """K8: the Destination card just kept was already done; it goes back under its pile."""


@dataclass(frozen=True)
class EnterCard(Command):
    """K12: paper cards: the card just drawn from the group's pile, entered by hand."""

    points: int
    effect: PaperEffect = PaperEffect.POINTS


@dataclass(frozen=True)
class Finish(Command):
    """F1–F5: the canoe landed on the dock with the exact throw."""


@dataclass(frozen=True)
class EndTurn(Command):
    """The player has told everything the canoe did this turn."""


COMMAND_TYPES: tuple[type[Command], ...] = (
    StartGame, Roll, StayWindbound, Land, Camp, SeeAttraction, Adjust, ObeyDestination,
    ReturnDestination, EnterCard, Finish, EndTurn, Climb, WaitAtRock, ReachUnmapped,
    WaitAtPoint, TurnBack, ShareSpace, PutBackHero, LandLate,
)
