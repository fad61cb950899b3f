"""What the table may show of a Canoe game: one typed, frozen view for everyone, and one
per seat that adds the seat's menu.

Nothing in the Canoe game is secret: scores "must be visible to all players throughout
the game", and a Destination card is a task, not a hand. The views have done every sum,
so the screen and the voice only read: the spaces line of the throw, what each player
still needs to finish, which card is shown and what became of it, and, while the player
tells what the canoe did, whether it would go ahead of or behind each other canoe out on
the water if it ends on that canoe's space (L9: the points decide, so nobody need ask).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from companion.games.canoe import commands as cmd
from companion.games.canoe.cards import CARDS
from companion.games.canoe.engine import options
from companion.games.canoe.kernel import Option, Reason, to_data
from companion.games.canoe.model import (
    WEATHER_SUMMARY,
    Attraction,
    CardMode,
    Moves,
    Phase,
    Pile,
    Place,
    Weather,
)
from companion.games.canoe.phases import ActKind, act_of, seats_to_act
from companion.games.canoe.queries import (
    finish_reasons,
    goes_ahead,
    leads_the_board,
    sharing_candidates,
    throw_line,
)
from companion.games.canoe.settings import Variants
from companion.games.canoe.state import GameState, Outcome


@dataclass(frozen=True)
class SeatLine:
    """One player's line on the score board (A1, N4, K7, F1)."""

    seat: int
    name: str
    score: int
    nights: int
    nights_needed: int
    camps: tuple[str, ...]
    sites_open_again: tuple[str, ...]  # N3: used since every site was last used
    attractions: tuple[Attraction, ...]
    destination: str | None
    destination_text: str | None
    obeyed: int
    hero: bool
    misses: int
    windbound: bool
    home: bool
    acting: bool
    leads: bool  # F3: more points than every other player still out
    to_finish: tuple[Reason, ...]  # F1: empty when the player may finish
    place: Place | None = None  # L1–L6: at Raven Rock, the Unmapped Region, Dangerous Point
    point: int = 0  # L4, L5: the Unmapped Region's point it stands at or entered by
    exit: int = 0  # L5: the exit the entry throw set, while in the region
    unmapped: tuple[int, int] | None = None  # L5: the last visit's point in and exit


@dataclass(frozen=True)
class ShownCard:
    """K5: the card shown large and read aloud."""

    seat: int
    pile: Pile
    card: str
    text: str
    points: int
    outcome: Outcome
    chosen: bool  # the card's number is a choice (docs/canoe-rules.md, "Card points")
    late: bool = False  # C6: drawn for the last go's landing, told before this go's throw


@dataclass(frozen=True)
class ShareAnswer:
    """L9: another canoe out on the water, and where the active player's canoe goes if it
    ends on that canoe's space: ahead (more points than its player) or behind (the same
    or fewer)."""

    seat: int
    ahead: bool


@dataclass(frozen=True)
class PublicView:
    """Everything the screen, the voice and the exports may use."""

    phase: Phase
    act: str
    turn: int
    active: int | None
    weather: Weather | None
    weather_text: str
    ring_position: int
    ring: tuple[Weather | None, ...]
    ring_placeholder: bool
    throw: Moves | None  # E4: the line for the active player's canoe
    seats: tuple[SeatLine, ...]
    shown: ShownCard | None
    piles: tuple[tuple[Pile, int], ...]  # cards left in each pile (K1)
    campsites: tuple[str, ...]
    campsites_placeholder: bool
    nights: int
    variants: Variants
    cards: CardMode
    winner: int | None
    shares: tuple[ShareAnswer, ...] = ()  # L9: the answer for each other canoe, unasked

    def to_data(self) -> dict[str, Any]:
        """JSON-ready (`state --json`)."""
        data: dict[str, Any] = to_data(self)
        return data


@dataclass(frozen=True)
class SeatView:
    """The public view and one seat's menu: every option of the phase, blocked ones with
    the reason to show greyed."""

    public: PublicView
    seat: int
    options: tuple[Option[cmd.Command], ...]


def share_answers(state: GameState) -> tuple[ShareAnswer, ...]:
    """L9: while the active player tells what the canoe did after a throw (before it
    landed or camped: the move is still open), whether it goes ahead of or behind each
    other canoe on a space of the water (not home, not on Raven Rock's summit nor inside
    the Unmapped Region; a canoe waiting at the rock's base, by Dangerous Point or at the
    region's boundary waits on a space), in seat order. The answer depends only on the
    points, which the companion keeps, so it is shown before anyone asks; empty at any
    other moment."""
    turn = state.turn
    if turn is None or act_of(state) is not ActKind.TELL or not turn.thrown \
            or turn.camped or turn.landed is not None:
        return ()
    return tuple(ShareAnswer(other, goes_ahead(state, turn.seat, other))
                 for other in sharing_candidates(state, turn.seat))


def public_view(state: GameState) -> PublicView:
    """The state as everyone at the table may see it."""
    settings = state.require_settings()
    acting = seats_to_act(state)
    seats = []
    for seat, p in enumerate(state.players):
        held = CARDS[p.destination] if p.destination is not None else None
        seats.append(SeatLine(
            seat=seat, name=p.name, score=p.score, nights=p.nights,
            nights_needed=settings.nights, camps=p.camps, sites_open_again=p.cycle,
            attractions=p.attractions, destination=p.destination,
            destination_text=held.text if held is not None else None, obeyed=len(p.obeyed),
            hero=p.hero, misses=p.misses, windbound=p.windbound, home=p.home,
            acting=seat in acting, leads=not p.home and leads_the_board(state, seat),
            to_finish=finish_reasons(state, seat), place=p.place, point=p.point,
            exit=p.exit, unmapped=p.unmapped))
    shown = None
    if state.shown is not None:
        card = CARDS[state.shown.card]
        shown = ShownCard(state.shown.seat, state.shown.pile, card.id, card.text,
                          state.shown.points, state.shown.outcome, card.choice is not None,
                          state.shown.late)
    turn = state.turn
    return PublicView(
        phase=state.phase, act=act_of(state).value, turn=state.turns,
        active=turn.seat if turn is not None else None, weather=state.weather,
        weather_text=WEATHER_SUMMARY[state.weather] if state.weather else "",
        ring_position=state.position, ring=settings.ring.spaces,
        ring_placeholder=settings.ring.placeholder, throw=throw_line(state),
        seats=tuple(seats), shown=shown,
        piles=tuple((p.pile, len(p.cards)) for p in state.piles),
        campsites=settings.campsites.names, campsites_placeholder=settings.campsites.placeholder,
        nights=settings.nights, variants=settings.variants, cards=settings.cards,
        winner=state.winner, shares=share_answers(state))


def seat_view(state: GameState, seat: int) -> SeatView:
    """The public view plus `seat`'s menu."""
    return SeatView(public_view(state), seat, tuple(options(state, seat)))
