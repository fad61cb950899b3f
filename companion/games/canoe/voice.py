"""Which Canoe game events the table hears, and what is said for each.

As for MUSH (`companion.games.mush.voice`), the voice dispatches on the real event classes of
`companion.games.canoe.events` and reads their typed fields. The table hears whose turn it
is, the throw, the weather when the indicator moves (with what it does), each card drawn
(its pile, its printed words, its points; after "tells last go's landing" when a landing
is told at the next go, C6), a reshuffled pile, a missed go, a canoe held on an island by
the wind, and the winner. Bookkeeping (points entered, campsites, a card put
back) is shown on the screen and not spoken.

A card's printed words are the box's English (K13): they are spoken with espeak-ng in the
English voice when it is installed, whatever the voice's language, and left out when it is
not; the pile and the points around them are shipped clips in every language.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence
from typing import Any

from companion.core.values import by_type
from companion.games.canoe import events as cev
from companion.games.canoe import sayings
from companion.games.canoe.cards import CARDS, CardKind
from companion.games.canoe.state import GameState
from companion.voice.phrases import Announcement, Seat, turn

Names = Mapping[int, str] | Sequence[str | None]


def _seat(index: int, names: Names | None) -> Seat:
    name: str | None = None
    if isinstance(names, Mapping):
        name = names.get(index)
    elif names is not None and 0 <= index < len(names):
        name = names[index]
    return Seat(index, name)


def _turn(e: cev.TurnStarted, names: Names | None) -> Announcement:
    return turn(_seat(e.seat, names))


def _throw(e: cev.DieRolled, names: Names | None) -> Announcement:
    return sayings.throw(_seat(e.seat, names), e.face)


def _weather(e: cev.WeatherAdvanced, names: Names | None) -> Announcement:
    return sayings.weather(e.weather.value)  # E2, E6: a 6 or the islands rule


def _card(e: cev.CardDrawn, names: Names | None) -> Announcement | None:
    card = CARDS.get(e.card)
    if card is None or card.kind is CardKind.SHUFFLE:
        return None  # the Shuffle card is spoken by the shuffle that follows it (K3)
    return sayings.card(e.pile.value, card.text, e.points)


def _shuffled(e: cev.PileShuffled, names: Names | None) -> Announcement:
    return sayings.shuffle()


def _kept(e: cev.DestinationKept | cev.HeroKept, names: Names | None) -> Announcement:
    return sayings.kept()  # K7, K11: said right after the card's words


def _hero(e: cev.HeroUsed, names: Names | None) -> Announcement:
    return sayings.points(e.points)


def _skipped(e: cev.TurnSkipped, names: Names | None) -> Announcement:
    return sayings.skip(_seat(e.seat, names))


def _windbound(e: cev.Windbound, names: Names | None) -> Announcement:
    return sayings.windbound(_seat(e.seat, names))


def _late(e: cev.LandedLate, names: Names | None) -> Announcement:
    return sayings.late(_seat(e.seat, names))  # C6: before its card is read


def _winner(e: cev.GameWon, names: Names | None) -> Announcement:
    return sayings.winner(_seat(e.seat, names))


CanoeMapper = Callable[[Any, Names | None], Announcement | None]

CANOE_MAPPING: dict[type[cev.Event], CanoeMapper] = by_type((
    _turn, _throw, _weather, _card, _shuffled, _kept, _hero, _skipped, _windbound, _winner,
    _late,
), "what is said per event", 0)
"""Canoe event class -> what is said. Every other Canoe event is silent."""


def canoe_announcement_for(event: object, names: Names | None = None,
                           all_covered: Collection[int] = (), state: object = None
                           ) -> Announcement | None:
    """The announcement a Canoe event calls for, or None if the table hears nothing.
    `state` is the game once the press that gave the event is done (None: unknown)."""
    if isinstance(event, cev.TurnStarted) and played_at_once(event, state):
        return None
    mapper = CANOE_MAPPING.get(type(event))  # type: ignore[arg-type]
    return None if mapper is None else mapper(event, names)


def played_at_once(event: cev.TurnStarted, state: object) -> bool:
    """C4: whether the go `event` starts was already played in the same press: the next
    player's first choice ended the turn before it and acted (the throw said, or a later
    go begun). Then "Bob, your turn" would only stand before "Bob throws 4", said of a
    throw already made, and is left out. A go skipped (C7) keeps its "your turn" before
    its "misses a go", as when a press of "End of turn" starts a go."""
    turn = state.turn if isinstance(state, GameState) else None
    if turn is None:
        return False
    return turn.number > event.number or (
        turn.number == event.number and turn.seat == event.seat and turn.thrown)
