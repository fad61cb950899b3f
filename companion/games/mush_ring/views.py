"""What each seat may see of a Mush-Ring game: the public view (the shared screen, the
table page, `state --json`) and a seat's own view (its phone).

The public view holds every ring, the piles' sizes, the discard pile, every score pile
and how many cards each hand holds, never a card of a hand (U1, U2): it is built from
`Piles.view()`, which has none. A seat's view adds that seat's hand and, after Pick a
Color, the hand an opponent showed it (J5).
"""

from __future__ import annotations

from dataclasses import dataclass

from companion.games.mush_ring.cards import Card, Kind
from companion.games.mush_ring.model import Phase, State
from companion.games.mush_ring.scoring import sums


@dataclass(frozen=True)
class SpaceView:
    """One ring space as everyone sees it: "open", "up" (with its card), "down" (a
    face-down card: no face) or, for a Deth Kapp, "kapp"."""

    show: str
    card: Card | None = None


@dataclass(frozen=True)
class PlayerView:
    """One player as everyone sees them (O9, U2)."""

    seat: int
    name: str
    ring: tuple[SpaceView, ...]
    sums: tuple[tuple[str, int], ...]  # each colour's value in the ring so far (O4)
    hand: int  # how many cards the hand holds (U1)
    cards: int  # the score pile's cards (Y1)
    value: int  # its value (Y6)
    wilds: int  # its Wilds (Y7)
    last: bool
    done: bool


@dataclass(frozen=True)
class PublicView:
    """The table at one moment, as everyone sees it."""

    phase: Phase
    deck: str  # "dealt" or "paper"
    players: tuple[PlayerView, ...]
    turn: int | None  # whose turn (a dealt deck)
    acting: tuple[int, ...]  # the seats the table waits for
    draw: int
    discard: int
    top: Card | None
    dealer: int
    last_hand: bool
    tie: tuple[int, tuple[str, ...]] | None  # owner, tied colours
    kapp: tuple[int, int] | None  # a Deth Kapp waiting for its owner's answer
    entering: int  # a paper ring being entered, or -1
    winners: tuple[int, ...]
    colours: tuple[str, ...]


@dataclass(frozen=True)
class SeatView:
    """What one seat's phone shows besides the public view: its hand, and the hand an
    opponent showed it (J5) while its turn lasts."""

    seat: int
    hand: tuple[Card, ...]
    shown: tuple[Card, ...]
    shown_by: int


def _space(card: Card | None, up: bool) -> SpaceView:
    if card is None:
        return SpaceView("open")
    if not up:
        return SpaceView("down")
    return SpaceView("kapp" if card.kind is Kind.DETH_KAPP else "up", card)


def public_view(state: State) -> PublicView:
    """Everything the shared screen shows (U2), never a card of a hand (U1)."""
    from companion.games.mush_ring.evolve import FLOW

    settings = state.settings
    colours = settings.cards.colours if settings is not None else ()
    piles = state.piles.view() if state.piles.hands else None
    hands = piles.hands if piles is not None else ()
    players = tuple(
        PlayerView(seat, p.name, tuple(_space(s.card, s.up) for s in p.ring),
                   tuple(sorted(sums(p.ring).items())),
                   hands[seat] if seat < len(hands) else 0, len(p.pile), p.value, p.wilds,
                   p.last, p.done)
        for seat, p in enumerate(state.players))
    return PublicView(
        state.phase, settings.deck.value if settings is not None else "", players,
        state.turn.seat if state.turn is not None else None,
        FLOW.seats_to_act(state) if settings is not None else (),
        piles.draw if piles is not None else 0, len(state.piles.discard), state.piles.top,
        state.dealer, state.last_hand,
        (state.tie.owner, state.tie.colours) if state.tie is not None else None,
        (state.kapp.owner, state.kapp.space) if state.kapp is not None else None,
        state.entering, state.winners, colours)


def seat_view(state: State, seat: int) -> SeatView:
    """What seat `seat` alone sees: its hand (sorted), and an opponent's shown hand."""
    hand = tuple(sorted(state.piles.hand(seat))) if seat < len(state.piles.hands) else ()
    turn = state.turn
    shown = turn.shown if turn is not None and turn.seat == seat else ()
    return SeatView(seat, hand, shown, turn.target if shown and turn is not None else -1)


__all__ = ["PlayerView", "PublicView", "SeatView", "SpaceView", "public_view", "seat_view"]
