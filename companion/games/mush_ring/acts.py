"""Mush-Ring's commands (what a seat asks) and events (what happened), and which events
a command holding them may be taken back across (H8).

Every card that moves is named in its event, so a replay never draws: a card drawn
(`Drew`), given (`Given`) or shown (`Shown`) is `secret` to the seats concerned, kept
in the journal for a game taken up again and never in a log line, a sound or a page
(U1). A card played into a ring, discarded, stomped, stolen or dug is public.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from companion.core import TABLE
from companion.core.acts import Command, Event
from companion.core.undo import UndoPolicy
from companion.games.mush_ring.cards import Card
from companion.games.mush_ring.model import Settings

# --- commands -----------------------------------------------------------------------


@dataclass(frozen=True)
class Start(Command):
    """The table starts a game with these settings (G1–G4)."""

    settings: Settings


@dataclass(frozen=True)
class PlayShroom(Command):
    """A coloured or Wild card from the hand into an open space of one's own ring (H2)."""

    card: Card
    space: int


@dataclass(frozen=True)
class PlayKapp(Command):
    """A Deth Kapp from the hand into an open space of an opponent's ring (H3)."""

    card: Card
    target: int
    space: int


@dataclass(frozen=True)
class PlayDown(Command):
    """The last hand: an action card face-down into one's own ring, worth 0 (Y4)."""

    card: Card
    space: int


@dataclass(frozen=True)
class Stomp(Command):
    """Stomp a Shroom: discard the card in an opponent's ring at `space` (J3)."""

    target: int
    space: int


@dataclass(frozen=True)
class Steal(Command):
    """Steal a Shroom: the card in an opponent's ring at `space` into one's hand (J4)."""

    target: int
    space: int


@dataclass(frozen=True)
class PickColour(Command):
    """Pick a Color: ask an opponent for a card of `colour` (J5)."""

    target: int
    colour: str


@dataclass(frozen=True)
class DigIt(Command):
    """Dig It!: a Shroom card from the discard pile into `target`'s ring (J6)."""

    card: Card
    target: int
    space: int


@dataclass(frozen=True)
class DrawThree(Command):
    """Draw 3, Pick 2 (J2)."""


@dataclass(frozen=True)
class PlayOneMore(Command):
    """+ Play One More (J7)."""


@dataclass(frozen=True)
class Discard(Command):
    """A card from the hand onto the discard pile: Draw 3, Pick 2's (J2), or a turn's
    when no card can be played (H6)."""

    card: Card


@dataclass(frozen=True)
class Give(Command):
    """Pick a Color: the opponent gives one card of the colour asked (J5)."""

    card: Card


@dataclass(frozen=True)
class Answer(Command):
    """A ring's owner answers a Deth Kapp: Stomp it (True) or let it flip (J3)."""

    stomp: bool


@dataclass(frozen=True)
class Keep(Command):
    """A full ring's owner keeps one of the tied colours (O7)."""

    colour: str


@dataclass(frozen=True)
class Stop(Command):
    """End the turn after + Play One More (J7); in the last hand, play no more (Y3); with
    no card at all, pass (H6)."""


@dataclass(frozen=True)
class RingFull(Command):
    """A paper deck: `owner`'s ring is full, its cards are entered next (B2)."""

    owner: int


@dataclass(frozen=True)
class Enter(Command):
    """A paper deck: the next card of the full ring (a Deth Kapp stands for any card
    worth 0: a Deth Kapp, a face-down card, an action played face-down) (B2)."""

    card: Card


@dataclass(frozen=True)
class EndGame(Command):
    """A paper deck: the group agrees the game is over (B4, Y5)."""


COMMANDS: tuple[type[Command], ...] = (
    Start, PlayShroom, PlayKapp, PlayDown, Stomp, Steal, PickColour, DigIt, DrawThree,
    PlayOneMore, Discard, Give, Answer, Keep, Stop, RingFull, Enter, EndGame)

# --- events -------------------------------------------------------------------------


@dataclass(frozen=True)
class Started(Event):
    """A game begins with these settings."""

    settings: Settings


@dataclass(frozen=True)
class DealerDrawn(Event):
    """G3: the dealer, drawn uniformly; they play first (G9)."""

    seat: int


@dataclass(frozen=True)
class Drew(Event):
    """A card from the draw pile into a hand (G4, H5): the card for its seat alone."""

    seat: int
    card: Card
    secret: ClassVar[tuple[str, ...]] = ("card",)


@dataclass(frozen=True)
class Reshuffled(Event):
    """G7: the discard pile (`cards` of it) becomes the draw pile."""

    cards: int


@dataclass(frozen=True)
class Played(Event):
    """A card from `seat`'s hand into `owner`'s ring at `space`, face-up or not (H2, H3,
    Y4)."""

    seat: int
    card: Card
    owner: int
    space: int
    up: bool = True


@dataclass(frozen=True)
class ActionPlayed(Event):
    """An action card from the hand, being resolved (H4, J1)."""

    seat: int
    card: Card


@dataclass(frozen=True)
class ActionDiscarded(Event):
    """The action card resolved goes to the discard pile (J1)."""

    seat: int
    card: Card


@dataclass(frozen=True)
class KappAnswered(Event):
    """J3, O5: the ring's owner let the Deth Kapp be and these spaces flipped
    face-down."""

    owner: int
    space: int
    flipped: tuple[int, ...]


@dataclass(frozen=True)
class KappStomped(Event):
    """J3: the owner stomped the Deth Kapp as it was played: both to the discard pile."""

    owner: int
    space: int


@dataclass(frozen=True)
class Stomped(Event):
    """J3: the card in `owner`'s ring at `space` to the discard pile."""

    seat: int
    owner: int
    space: int
    card: Card


@dataclass(frozen=True)
class Stolen(Event):
    """J4: the card in `owner`'s ring at `space` into `seat`'s hand."""

    seat: int
    owner: int
    space: int
    card: Card


@dataclass(frozen=True)
class Asked(Event):
    """J5: `seat` asks `target` for a card of `colour`."""

    seat: int
    target: int
    colour: str


@dataclass(frozen=True)
class Given(Event):
    """J5: `seat` gives `taker` a card of the colour asked (its value for the two)."""

    seat: int
    taker: int
    card: Card
    secret: ClassVar[tuple[str, ...]] = ("card",)


@dataclass(frozen=True)
class Shown(Event):
    """J5: `target` holds no card of the colour and shows `seat` their hand (for the
    asker's eyes only)."""

    seat: int
    target: int
    cards: tuple[Card, ...]
    secret: ClassVar[tuple[str, ...]] = ("cards",)


@dataclass(frozen=True)
class Dug(Event):
    """J6: `card` from the discard pile into `owner`'s ring at `space`."""

    seat: int
    card: Card
    owner: int
    space: int


@dataclass(frozen=True)
class Discarded(Event):
    """A card from `seat`'s hand onto the discard pile (J2, H6)."""

    seat: int
    card: Card


@dataclass(frozen=True)
class StepTaken(Event):
    """The turn's next step: `discard` cards still owed (J2), one more Shroom card (J7),
    the card Pick a Color asks for (J5), or the turn's card resolved."""

    seat: int
    step: str
    left: int = 0


@dataclass(frozen=True)
class TieAsked(Event):
    """O7: `owner`'s full ring has tied best colours."""

    owner: int
    colours: tuple[str, ...]


@dataclass(frozen=True)
class Scored(Event):
    """O3–O8: `owner`'s full ring is scored: `collected` to their score pile (the colour
    kept, "" for Wilds alone or nothing), the rest to the discard pile."""

    owner: int
    colour: str
    collected: tuple[Card, ...]
    thrown: tuple[Card, ...]


@dataclass(frozen=True)
class LastPlayer(Event):
    """Y1, Y2: `seat`'s score pile reached the end; the last hand begins."""

    seat: int


@dataclass(frozen=True)
class TurnBegan(Event):
    """A turn begins for `seat` (G9, H5)."""

    seat: int


@dataclass(frozen=True)
class Stopped(Event):
    """Y3: `seat` plays no more in the last hand."""

    seat: int


@dataclass(frozen=True)
class RingDeclared(Event):
    """B2: `owner`'s ring is full; its cards are entered next."""

    seat: int
    owner: int


@dataclass(frozen=True)
class Entered(Event):
    """B2: the next card of `owner`'s full ring."""

    owner: int
    card: Card


@dataclass(frozen=True)
class GameWon(Event):
    """Y5–Y7: the game is over; `winners` share it when still tied after both breaks."""

    winners: tuple[int, ...]


EVENTS: tuple[type[Event], ...] = (
    Started, DealerDrawn, Drew, Reshuffled, Played, ActionPlayed, ActionDiscarded,
    KappAnswered, KappStomped, Stomped, Stolen, Asked, Given, Shown, Dug, Discarded,
    StepTaken, TieAsked, Scored, LastPlayer, TurnBegan, Stopped, RingDeclared, Entered,
    GameWon)

UNDO = UndoPolicy({
    # H8: nothing hidden came to light (a card played, stomped or stolen from a ring,
    # discarded face-up, a paper ring entered and scored) can be taken back
    Started: False, DealerDrawn: False, Drew: False, Reshuffled: False, Played: True,
    ActionPlayed: True, ActionDiscarded: True, KappAnswered: False, KappStomped: False,
    Stomped: True, Stolen: True, Asked: False, Given: False, Shown: False, Dug: True,
    Discarded: True, StepTaken: True, TieAsked: True, Scored: True, LastPlayer: True,
    TurnBegan: True, Stopped: True, RingDeclared: True, Entered: True, GameWon: False,
})

__all__ = [
    "COMMANDS",
    "EVENTS",
    "TABLE",
    "UNDO",
    "ActionDiscarded",
    "ActionPlayed",
    "Answer",
    "Asked",
    "Command",
    "DealerDrawn",
    "DigIt",
    "Discard",
    "Discarded",
    "DrawThree",
    "Drew",
    "Dug",
    "EndGame",
    "Enter",
    "Entered",
    "Event",
    "GameWon",
    "Give",
    "Given",
    "KappAnswered",
    "KappStomped",
    "Keep",
    "LastPlayer",
    "PickColour",
    "PlayDown",
    "PlayKapp",
    "PlayOneMore",
    "PlayShroom",
    "Played",
    "Reshuffled",
    "RingDeclared",
    "RingFull",
    "Scored",
    "Shown",
    "Start",
    "Started",
    "Steal",
    "StepTaken",
    "Stolen",
    "Stomp",
    "Stomped",
    "Stop",
    "Stopped",
    "TieAsked",
    "TurnBegan",
]
