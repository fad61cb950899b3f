"""Which rules events the table hears, and what is said for each.

The mapping dispatches on the event's class name and reads fields by name, so the
voice does not import the rules engine: either can change without breaking the other's
tests, and a voice-only build (or a replay tool) needs nothing from `companion.rules`.
The names below are those of `companion/rules/events.py`; a few older spellings
(`RerollPaid`, `ForcedRest`) are accepted too.

Bids: an event the engine marks `private` (a locked bid) is never spoken, and the reveal
is spoken as the order of play only; no announcement can carry a bid (RULES R1, I5).
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence
from typing import Any

from companion.seats import SEATS
from companion.voice.phrases import Announcement, Seat

Names = Mapping[int, str] | Sequence[str | None]
_SEAT_KEYS = {seat.key: i for i, seat in enumerate(SEATS)}


def _name(names: Names | None, index: int) -> str | None:
    if names is None:
        return None
    if isinstance(names, Mapping):
        return names.get(index)
    return names[index] if 0 <= index < len(names) else None


def _seat(value: object, names: Names | None) -> Seat:
    """A seat from an int, a seat key ("orange") or an object with an `index`."""
    if isinstance(value, Seat):
        return value
    index = getattr(value, "index", value)
    if isinstance(index, str) and index in _SEAT_KEYS:
        index = _SEAT_KEYS[index]
    if not isinstance(index, int) or isinstance(index, bool):
        raise ValueError(f"not a seat: {value!r}")
    return Seat(index, _name(names, index))


Mapper = Callable[[Any, Names | None, Collection[int]], Announcement | None]


def _round_started(e: Any, names: Names | None, covered: Collection[int]) -> Announcement:
    return Announcement.new_round(e.round)


def _bids_revealed(e: Any, names: Names | None, covered: Collection[int]) -> Announcement:
    # Only the order is read: the bids are public now, but the table hears the order.
    return Announcement.order(_seat(s, names) for s in e.order)


def _movement_started(e: Any, names: Names | None,
                      covered: Collection[int]) -> Announcement | None:
    context = getattr(e, "context", None)
    if str(getattr(context, "value", context)).lower() in ("early", "early_riser"):
        return Announcement.early_riser(_seat(e.seat, names))
    return None  # the normal and pressing moves are announced by their rolls


def _weather(e: Any, names: Names | None, covered: Collection[int]) -> Announcement:
    return Announcement.weather(getattr(e, "round", None), e.zone,
                                e.weather)


def _turn(e: Any, names: Names | None, covered: Collection[int]) -> Announcement:
    seat = _seat(e.seat, names)
    said = Announcement.turn(seat)
    if getattr(e, "must_rest", False) or seat.index in covered:
        said = said + Announcement.rest(seat)  # T2: every dog covered
    return said


def _forced_rest(e: Any, names: Names | None, covered: Collection[int]) -> Announcement:
    return Announcement.rest(_seat(e.seat, names))


def _dice(e: Any, names: Names | None, covered: Collection[int]) -> Announcement:
    return Announcement.dice(_seat(e.seat, names), e.colour,
                             e.dogs)


def _terrain(e: Any, names: Names | None, covered: Collection[int]) -> Announcement:
    return Announcement.terrain(bool(e.success))


def _avalanche(e: Any, names: Names | None, covered: Collection[int]) -> Announcement:
    return Announcement.avalanche(bool(e.success))


def _reroll(e: Any, names: Names | None, covered: Collection[int]) -> Announcement:
    payer = getattr(e, "payer", None)
    if payer is None:
        payer = e.seat
    return Announcement.reroll(_seat(payer, names), _seat(e.roller, names))


def _press(e: Any, names: Names | None, covered: Collection[int]) -> Announcement:
    return Announcement.press(e.result)


def _winner(e: Any, names: Names | None, covered: Collection[int]) -> Announcement:
    return Announcement.winner(_seat(e.seat, names))


MAPPING: dict[str, Mapper] = {
    "RoundStarted": _round_started,
    "BidsRevealed": _bids_revealed,
    "MovementStarted": _movement_started,
    "WeatherRolled": _weather,
    "TurnStarted": _turn,
    "ForcedRest": _forced_rest,
    "DogDiceRolled": _dice,
    "TerrainRolled": _terrain,
    "AvalancheRolled": _avalanche,
    "RerollForced": _reroll,
    "RerollPaid": _reroll,
    "PressRolled": _press,
    "GameWon": _winner,
}
"""Event class name -> what is said. Every other event is silent."""


def announcement_for(event: object, names: Names | None = None, *,
                     all_covered: Collection[int] = ()) -> Announcement | None:
    """The announcement a rules event calls for, or None if the table hears nothing.

    names: players' names by seat (a mapping or a list); seats without one are spoken by
        their colour.
    all_covered: seats whose 8 dogs are all covered; their TurnStarted also says they
        must rest (T2), since the event alone cannot tell.
    """
    if getattr(event, "private", False):
        return None  # a secret (a locked bid) is never spoken
    mapper = MAPPING.get(type(event).__name__)
    if mapper is None:
        return None
    return mapper(event, names, all_covered)
