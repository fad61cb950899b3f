"""Which of MUSH's events the table hears, and what is said for each.

The voice dispatches on the real event classes of `companion.games.mush.events` and
reads their typed fields, so `mypy --strict` checks every field it speaks and a renamed event
or field fails here, not as silence at the table.

Bids: an event the engine marks `private` (a locked bid) is never spoken, and the reveal
is spoken as the order of play only; no announcement can carry a bid (RULES R1, I5).
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence
from typing import Any

from companion.core.values import by_type
from companion.games.mush import events as ev
from companion.games.mush import sayings
from companion.games.mush.model import MoveContext, PressResult
from companion.games.mush.state import GameState
from companion.voice.phrases import Announcement, Seat, new_round, turn

Names = Mapping[int, str] | Sequence[str | None]

PRESS_CLIPS: dict[PressResult, str] = {
    PressResult.PLUS_TWO: "plus2", PressResult.PLUS_ONE: "plus1",
    PressResult.NOTHING: "nothing", PressResult.TIRED: "tired",
}
"""P2: the pressing chart's results, by the name of their clip."""


def _name(names: Names | None, index: int) -> str | None:
    if names is None:
        return None
    if isinstance(names, Mapping):
        return names.get(index)
    return names[index] if 0 <= index < len(names) else None


def _seat(index: int, names: Names | None) -> Seat:
    return Seat(index, _name(names, index))


def _round_started(e: ev.RoundStarted, names: Names | None,
                   covered: Collection[int]) -> Announcement:
    return new_round(e.round)


def _bids_revealed(e: ev.BidsRevealed, names: Names | None,
                   covered: Collection[int]) -> Announcement:
    # Only the order is read: the bids are public now, but the table hears the order.
    return sayings.order(_seat(s, names) for s in e.order)


def _movement_started(e: ev.MovementStarted, names: Names | None,
                      covered: Collection[int]) -> Announcement | None:
    if e.context is MoveContext.EARLY:
        return sayings.early_riser(_seat(e.seat, names))
    return None  # the normal and pressing moves are announced by their rolls


def _weather(e: ev.WeatherRolled, names: Names | None,
             covered: Collection[int]) -> Announcement:
    return sayings.weather(None, e.zone, e.weather)


def _turn(e: ev.TurnStarted, names: Names | None, covered: Collection[int]) -> Announcement:
    seat = _seat(e.seat, names)
    said = turn(seat)
    if seat.index in covered:
        said = said + sayings.rest(seat)  # T2: every dog covered
    return said


def _dice(e: ev.DogDiceRolled, names: Names | None, covered: Collection[int]) -> Announcement:
    return sayings.dice(_seat(e.seat, names), e.colour, e.dogs)


def _terrain(e: ev.TerrainRolled, names: Names | None,
             covered: Collection[int]) -> Announcement:
    return sayings.terrain(e.success)


def _avalanche(e: ev.AvalancheRolled, names: Names | None,
               covered: Collection[int]) -> Announcement:
    return sayings.avalanche(e.success)


def _reroll(e: ev.RerollForced, names: Names | None, covered: Collection[int]) -> Announcement:
    return sayings.reroll(_seat(e.seat, names), _seat(e.roller, names))


def _press(e: ev.PressRolled, names: Names | None, covered: Collection[int]) -> Announcement:
    return sayings.press(PRESS_CLIPS[e.result])


def _winner(e: ev.GameWon, names: Names | None, covered: Collection[int]) -> Announcement:
    return sayings.winner(_seat(e.seat, names))


Mapper = Callable[[Any, Names | None, Collection[int]], Announcement | None]

MAPPING: dict[type[ev.Event], Mapper] = by_type((
    _round_started, _bids_revealed, _movement_started, _weather, _turn, _dice, _terrain,
    _avalanche, _reroll, _press, _winner,
), "what is said per event", 0)
"""Event class -> what is said. Every other event is silent."""


def announcement_for(event: ev.Event, names: Names | None = None, *,
                     all_covered: Collection[int] = ()) -> Announcement | None:
    """The announcement a rules event calls for, or None if the table hears nothing.

    names: players' names by seat (a mapping or a list); seats without one are spoken by
        their colour.
    all_covered: seats whose 8 dogs are all covered; their TurnStarted also says they
        must rest (T2), since the event alone cannot tell.
    """
    mapper = MAPPING.get(type(event))
    if mapper is None or event.private:
        return None  # another game's event, a silent one, or a secret (a locked bid)
    return mapper(event, names, all_covered)


def hear(event: object, names: Names | None, state: GameState | None) -> Announcement | None:
    """The voice's question to the game (its box's `announce`): the announcement for an
    event, knowing the game after it (the seats whose dogs are all covered, T2)."""
    if not isinstance(event, ev.Event):
        return None
    covered = () if state is None else \
        tuple(s for s, p in enumerate(state.players) if p.uncovered == 0)
    return announcement_for(event, names, all_covered=covered)
