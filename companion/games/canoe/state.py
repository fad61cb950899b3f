"""The frozen state of a Canoe game: a value, so a refused command leaves nothing behind
and two states are equal exactly when the games stand at the same place (Q5)."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from companion.games.canoe.kernel import SeatedState
from companion.games.canoe.kernel import replace as replace
from companion.games.canoe.model import Attraction, Phase, Pile, Place, Weather
from companion.games.canoe.settings import Settings

STATE_VERSION = 1


class Outcome(StrEnum):
    """What became of the card just drawn, for the screen and the voice (K5–K11)."""

    SCORED = "scored"  # points added, back under the pile
    KEPT = "kept"  # a Destination card kept by its drawer (K7)
    HELD_ONE = "held_one"  # a second Destination card: back under the pile (K7)
    ALREADY_DONE = "already_done"  # its task already done: back under the pile (K8)
    NOT_NEEDED = "not_needed"  # short game, one obeyed already: back under the pile (V1)
    HERO_KEPT = "hero_kept"  # the camp Hero card kept for a camp in the rain (K11)
    HERO_USED = "hero_used"  # the camp Hero card played in the rain: +40 (K11)
    HERO_DECLINED = "hero_declined"  # its drawer chose not to keep it (K11, "may keep")
    WENT_HOME = "went_home"  # its holder went home without using it (K11)


@dataclass(frozen=True)
class PlayerState:
    """One player's trip as the companion keeps it (the canoe itself stays on the board)."""

    name: str
    score: int = 0
    camps: tuple[str, ...] = ()  # every night camped, in order, by campsite (N1, N4)
    cycle: tuple[str, ...] = ()  # sites camped at since every site was last used (N3)
    attractions: tuple[Attraction, ...] = ()  # attractions done at least once (A2, V3)
    destination: str | None = None  # the Destination card held (K7): one at most (Q2)
    obeyed: tuple[str, ...] = ()  # Destination cards obeyed, now out of the game (K9)
    hero: bool = False  # holds the camp Hero card (K11)
    misses: int = 0  # goes still to be missed (K10, N1)
    windbound: bool = False  # held on an island until the wind drops (L7)
    home: bool = False  # reached the dock without winning: older journals only (F4)
    place: Place | None = None  # at Raven Rock, the Unmapped Region, Dangerous Point (L1–L6)
    point: int = 0  # L4: the Unmapped Region's point the canoe stands at or entered by
    exit: int = 0  # L5: the exit the entry throw set, while in the region
    unmapped: tuple[int, int] | None = None  # L4, L5: the last visit's (point in, exit)
    untold: bool = False  # C6: the last go was thrown and ended with no landing, camp,
    # climb or stop: a landing on C or P may still be told next go, before its throw

    @property
    def nights(self) -> int:
        """N4: nights camped so far."""
        return len(self.camps)


@dataclass(frozen=True)
class PileState:
    """K1: one pile, top card first, and the cards it was dealt (sorted, never changed)."""

    pile: Pile
    cards: tuple[str, ...]
    composition: tuple[str, ...]


@dataclass(frozen=True)
class TurnState:
    """What the active player has done so far this turn."""

    seat: int
    number: int  # goes played since the start, this one included (a skipped go: the next's)
    face: int | None = None  # the throw (C5), once made
    weather: Weather | None = None  # the weather the throw is read in (E7)
    landed: Pile | None = None  # landed on C or P this turn (K4, C6)
    camped: bool = False  # camped this turn (N1)
    kept: str | None = None  # a Destination card kept this turn: "already done" may return it
    awaiting: Pile | None = None  # paper cards: the pile whose card is to be entered (K12)
    seen: tuple[Attraction, ...] = ()  # attractions scored this go: once each (L8)
    start: Place | None = None  # where the canoe stood when the turn began (L2–L6)
    hero: bool = False  # the camp Hero card kept this turn: its drawer may put it back (K11)
    shared: tuple[int, bool] | None = None  # L9: the canoe asked about, and ahead or not
    late: Pile | None = None  # C6: the last go's landing, told this go before the throw

    @property
    def thrown(self) -> bool:
        """Whether the die has been thrown (or a wooden die's face entered) this turn."""
        return self.face is not None


@dataclass(frozen=True)
class Shown:
    """The card drawn last, shown large until the next is drawn: who drew it, from which
    pile, the points it gave, what became of it (K5)."""

    seat: int
    pile: Pile
    card: str
    points: int
    outcome: Outcome
    late: bool = False  # C6: drawn for the last go's landing, told before this go's throw


@dataclass(frozen=True)
class GameState(SeatedState[PlayerState, TurnState, Settings]):
    """A whole Canoe game at one moment; the only thing the rules read and write."""

    phase: Phase = Phase.SETUP
    settings: Settings | None = None
    players: tuple[PlayerState, ...] = ()
    piles: tuple[PileState, ...] = ()  # Canoe, Camp, Portage; none with paper cards
    position: int = 0  # the Weather Indicator's space on the ring (E1)
    weather: Weather | None = None
    first: int | None = None  # who threw first (C3)
    turns: int = 0  # goes played so far, the one under way included (C7: skipped ones not;
    # an older journal numbered them too)
    turn: TurnState | None = None
    shown: Shown | None = None
    in_hand: str | None = None  # a card out of its pile whose fate the next event tells
    winner: int | None = None
    version: int = STATE_VERSION

    @property
    def on_board(self) -> tuple[int, ...]:
        """Seats whose canoes are still out (not home at the dock)."""
        return tuple(s for s, p in enumerate(self.players) if not p.home)

    def pile(self, pile: Pile) -> PileState:
        """One pile's state (electronic cards only)."""
        for state in self.piles:
            if state.pile is pile:
                return state
        raise LookupError(f"no {pile.value} pile: the group plays with paper cards")

    def with_pile(self, pile: Pile, cards: tuple[str, ...]) -> GameState:
        """A copy with one pile's cards (top first) changed."""
        piles = tuple(replace(p, cards=cards) if p.pile is pile else p for p in self.piles)
        return replace(self, piles=piles)


EMPTY = GameState()
