"""Mush-Ring's state: the settings a game starts with, each player's ring and score pile,
the deck's piles and hands, the turn in progress and what it waits for.

The phase is worked out from the state (`phase_of`), in one place: a tie asked (O7)
comes first, then a Deth Kapp's question (J3), then the paper deck's entry (B2), then
the turn's step; the flow (`phases`) moves it by the events that change these.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum

from companion.core.deck import Piles
from companion.core.state import SeatedState
from companion.exc import SettingsError
from companion.games.mush_ring.cards import DEFAULT_DECK, LAST, SPACES, Card, DeckSpec, Kind

MIN_PLAYERS, MAX_PLAYERS = 2, 4  # G1


class Deck(StrEnum):
    """Who holds the cards: the companion (dealt) or the group's printed deck (B1)."""

    DEALT = "dealt"
    PAPER = "paper"


class Phase(StrEnum):
    """What the table waits for."""

    SETUP = "setup"
    CARD = "card"  # the seat in turn plays its card (H1)
    MORE = "more"  # + Play One More: one more Shroom card, or the turn ends (J7)
    DISCARD = "discard"  # Draw 3, Pick 2: the two discards (J2)
    GIVE = "give"  # Pick a Color: the opponent gives a card of the colour (J5)
    ANSWER = "answer"  # a Deth Kapp put into a ring: its owner may Stomp it (J3)
    TIE = "tie"  # a ring's owner chooses between tied colours (O7)
    PAPER = "paper"  # a paper deck: any seat says a ring is full, or is done (B2, B4)
    ENTER = "enter"  # a paper deck: the owner enters the ring's six cards (B2)
    OVER = "over"


class Step(StrEnum):
    """Where a dealt turn stands."""

    CARD = "card"
    MORE = "more"
    DISCARD = "discard"
    GIVE = "give"
    DONE = "done"  # the turn's card is resolved: it ends once nothing is asked


@dataclass(frozen=True)
class Settings:
    """What a game is set up with: the players (G1), who holds the cards (B1) and the
    deck (G2)."""

    names: tuple[str, ...]
    deck: Deck = Deck.DEALT
    cards: DeckSpec = DEFAULT_DECK

    def check(self) -> None:
        """G1, G2: a `SettingsError` naming what is wrong."""
        if not MIN_PLAYERS <= len(self.names) <= MAX_PLAYERS:
            raise SettingsError(f"names: Mush-Ring takes {MIN_PLAYERS} to {MAX_PLAYERS} "
                                f"players, not {len(self.names)}")
        self.cards.check(len(self.names))


@dataclass(frozen=True)
class Space:
    """One space of a ring: the card in it (None: open) and whether it is face-up."""

    card: Card | None = None
    up: bool = True

    @property
    def open(self) -> bool:
        """Whether a card may be played here (H2)."""
        return self.card is None


EMPTY_RING = (Space(),) * SPACES


@dataclass(frozen=True)
class Player:
    """One player: their ring (O1), score pile (O9), whether they are the last player
    (Y2) and whether they are done in the last hand (Y3)."""

    name: str
    ring: tuple[Space, ...] = EMPTY_RING
    pile: tuple[Card, ...] = ()
    last: bool = False
    done: bool = False

    @property
    def value(self) -> int:
        """The score pile's value (Y5)."""
        return sum(c.worth for c in self.pile)

    @property
    def wilds(self) -> int:
        """The score pile's Wild Shroom cards (Y7)."""
        return sum(1 for c in self.pile if c.kind is Kind.WILD)

    @property
    def reached(self) -> bool:
        """Whether the score pile holds enough cards to end the game (Y1)."""
        return len(self.pile) >= LAST

    @property
    def full(self) -> bool:
        """Whether every space of the ring holds a card (O2)."""
        return all(not s.open for s in self.ring)


@dataclass(frozen=True)
class Turn:
    """A dealt turn: whose, its step, the action card being resolved (J1), the
    discards still owed (J2), Pick a Color's opponent and colour (J5) and the hand that
    opponent showed (the asker's eyes only)."""

    seat: int
    step: Step = Step.CARD
    action: Card | None = None
    left: int = 0
    target: int = -1
    colour: str = ""
    shown: tuple[Card, ...] = ()


@dataclass(frozen=True)
class Kapp:
    """A Deth Kapp just put into `owner`'s ring at `space`, waiting for its owner's
    answer before anything flips (J3)."""

    owner: int
    space: int


@dataclass(frozen=True)
class Tie:
    """A full ring whose best colours are tied: its owner chooses (O7)."""

    owner: int
    colours: tuple[str, ...]


@dataclass(frozen=True)
class State(SeatedState[Player, Turn, Settings]):
    """A whole game at one moment."""

    phase: Phase = Phase.SETUP
    settings: Settings | None = None
    players: tuple[Player, ...] = ()
    piles: Piles[Card] = field(default_factory=Piles)
    turn: Turn | None = None
    kapp: Kapp | None = None
    tie: Tie | None = None
    entering: int = -1  # a paper deck: the owner whose full ring is being entered (B2)
    dealer: int = -1
    last_hand: bool = False
    winners: tuple[int, ...] = ()
    turns: int = 0  # turns begun, for the ledger
    idle: int = 0  # turns begun since a ring was last scored (Y5)

    @property
    def paper(self) -> bool:
        """Whether the group plays its own printed deck (B1)."""
        return self.settings is not None and self.settings.deck is Deck.PAPER

    @property
    def over(self) -> bool:
        """Whether the game is over (Y5)."""
        return self.phase is Phase.OVER

    def opponents(self, seat: int) -> tuple[int, ...]:
        """The other seats whose rings are still in play (Y2), clockwise from `seat`."""
        n = len(self.players)
        return tuple(s for s in ((seat + k) % n for k in range(1, n))
                     if not self.players[s].last)


_STEPS = {Step.CARD: Phase.CARD, Step.MORE: Phase.MORE, Step.DISCARD: Phase.DISCARD,
          Step.GIVE: Phase.GIVE, Step.DONE: Phase.CARD}


def phase_of(state: State) -> Phase:
    """The phase a state is in, from what it waits for (see the module)."""
    if state.settings is None:
        return Phase.SETUP
    if state.winners or state.phase is Phase.OVER:
        return Phase.OVER
    if state.tie is not None:
        return Phase.TIE
    if state.kapp is not None:
        return Phase.ANSWER
    if state.paper:
        return Phase.ENTER if state.entering >= 0 else Phase.PAPER
    return _STEPS[state.turn.step] if state.turn is not None else Phase.CARD


EMPTY = State()

__all__ = ["EMPTY", "EMPTY_RING", "MAX_PLAYERS", "MIN_PLAYERS", "Deck", "Kapp", "Phase",
           "Player", "Settings", "Space", "State", "Step", "Tie", "Turn", "phase_of"]
