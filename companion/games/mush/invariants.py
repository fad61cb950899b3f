"""MUSH's invariants (RULES I1–I4) as the kernel's list of checks, and what an event read
back from a file must satisfy before it is folded.

The property tests check the invariants after every step of many games; the journal folds
every event it reads through `MUSH.fold`, which refuses an event that names a seat the
table does not have or leaves a state breaking one of them, so a flipped bit that still
decodes is treated as damage, never played on.
"""

from __future__ import annotations

from companion.core.invariants import Invariant
from companion.games.mush import events as ev
from companion.games.mush.model import (
    CROSSINGS,
    DOGS,
    REDUCE_MAX_DICE,
    REST_CHOICES,
    TOTAL_CHIPS,
    TOTAL_STICKS,
    RollKind,
    is_dog,
)
from companion.games.mush.state import GameState


def _chips_accounted(state: GameState) -> bool:
    return (not state.players
            or (state.chips_in_play() == TOTAL_CHIPS + state.coins
                and state.bank >= 0 and state.coins >= 0))


def _dogs_in_range(state: GameState) -> bool:
    return all(0 <= p.covered <= DOGS for p in state.players)


def _order_is_the_seats(state: GameState) -> bool:
    return not state.order or sorted(state.order) == list(state.seats)


def _chips_not_negative(state: GameState) -> bool:
    return all(p.chips >= 0 for p in state.players)


def _sticks_in_range(state: GameState) -> bool:
    return 0 <= state.sticks <= TOTAL_STICKS


INVARIANTS: tuple[Invariant[GameState], ...] = (
    Invariant("I1", "bank + all players' chips = 125 + coins in use", _chips_accounted),
    Invariant("I2", "each player's covered dogs is between 0 and 8", _dogs_in_range),
    Invariant("I3", "the order of play is a permutation of the seats", _order_is_the_seats),
    Invariant("I4", "no player's Action Chips are negative", _chips_not_negative),
    Invariant("X4", "between 0 and 4 avalanche sticks are in play", _sticks_in_range),
)
"""What holds of every state the rules can reach (I5 and I6 are kept by the journal and
the views, not by a state)."""

_SEAT_FIELDS = ("seat", "roller", "ice_bear")
_SEATS_FIELDS = ("order", "eligible")
_COUNT_FIELDS = ("amount", "chips", "dice", "dogs", "spaces", "count", "sticks", "round",
                 "modifier", "choice", "board", "face", "sides")
DIE_SIDES = 6


def refusal(state: GameState, event: ev.Event) -> str | None:
    """Why `event` cannot follow `state`, or None when it may be folded: a game begins
    with one `GameStarted`, every seat an event names is at the table, every count is a
    whole number not below zero, and every die shows what it can and gives what the
    rules and charts say it gives."""
    if state.settings is None:
        return None if isinstance(event, ev.GameStarted) else \
            f"{type(event).__name__} before GameStarted"
    if isinstance(event, ev.GameStarted):
        return "a second GameStarted"
    seats = len(state.players)
    fields = vars(event)
    for name in _SEAT_FIELDS:
        value = fields.get(name)
        if value is not None and (not isinstance(value, int) or not 0 <= value < seats):
            return f"{type(event).__name__} names seat {value!r} at a {seats}-seat table"
    for name in _SEATS_FIELDS:
        value = fields.get(name)
        if isinstance(value, tuple) and any(
                not isinstance(v, int) or not 0 <= v < seats for v in value):
            return f"{type(event).__name__} names a seat outside 0..{seats - 1}"
    for name in _COUNT_FIELDS:
        value = fields.get(name)
        if value is not None and (not isinstance(value, int) or isinstance(value, bool)
                                  or value < 0):
            return f"{type(event).__name__} has {name} {value!r}"
    return _impossible_roll(state, event)


def _face(event: ev.Event, face: int, sides: int = DIE_SIDES) -> str | None:
    if not 1 <= face <= sides:
        return f"{type(event).__name__} shows face {face} of a {sides}-sided die"
    return None


def _impossible_roll(state: GameState, event: ev.Event) -> str | None:
    """Why a die's result (or what it says it gave) cannot have come from the dice."""
    settings = state.settings
    assert settings is not None
    name = type(event).__name__
    if isinstance(event, ev.TrainingOrderDrawn | ev.InitiativeDrawn):
        if event.sides != len(state.players):
            return f"{name} drew over {event.sides} seats at a {len(state.players)}-seat table"
        return _face(event, event.face, event.sides) or (
            None if event.seat == event.face - 1 else f"{name}: face {event.face} gave seat "
                                                       f"{event.seat}")
    if isinstance(event, ev.WeatherRolled):
        return _face(event, event.face) or (
            None if settings.charts.for_zone(event.zone).weather(event.face) is event.weather
            else f"{name}: face {event.face} is not {event.weather.value} on the chart")
    if isinstance(event, ev.TerrainRolled | ev.AvalancheRolled):
        crossing = CROSSINGS[RollKind.TERRAIN if isinstance(event, ev.TerrainRolled)
                             else RollKind.AVALANCHE]
        if event.modifier > crossing.max_modifier:
            return f"{name} adds {event.modifier}, more than {crossing.max_modifier}"
        return _face(event, event.face) or (
            None if crossing.succeeds(event.face, event.modifier) == event.success
            else f"{name}: face {event.face} + {event.modifier} does not give that result")
    if isinstance(event, ev.PressRolled):
        return _face(event, event.face) or (
            None if settings.charts.pressing.result(event.face) is event.result
            else f"{name}: face {event.face} is not {event.result.value} on the chart")
    if isinstance(event, ev.DogDiceRolled):
        return _dog_dice(state, event)
    if isinstance(event, ev.Rested):
        choices = REST_CHOICES[event.place]
        if event.choice >= len(choices) or event.dogs > choices[event.choice][0]:
            return f"{name}: {event.dogs} dogs is not a rest choice at {event.place.value}"
    if isinstance(event, ev.DiceReduced) and not 1 <= event.dice <= REDUCE_MAX_DICE:
        return f"{name} takes {event.dice} dice"
    if isinstance(event, ev.StickMoved) and event.sticks > TOTAL_STICKS:
        return f"{name} leaves {event.sticks} sticks of {TOTAL_STICKS}"
    if isinstance(event, ev.ZoneChanged) and (
            event.board >= len(settings.boards)
            or settings.boards[event.board].zone is not event.zone):
        return f"{name}: board {event.board} is not in the {event.zone.value} zone"
    return None


def _dog_dice(state: GameState, event: ev.DogDiceRolled) -> str | None:
    """D1-D3: the colour the weather and training give, one die per uncovered dog less
    the reduction, faces 1-6, and as many dogs as faces that show one."""
    name = type(event).__name__
    for face in event.faces:
        problem = _face(event, face)
        if problem is not None:
            return problem
    shown = sum(1 for face in event.faces if is_dog(event.colour, face))
    if event.dogs != shown:
        return f"{name}: {event.dogs} dogs where {len(event.faces)} dice show {shown}"
    colour = state.colour_of(event.seat)
    if colour is not None and colour is not event.colour:
        return f"{name} rolled {event.colour.value} dice where the weather gives {colour.value}"
    if state.turn is not None and state.turn.seat == event.seat:
        dice = max(0, state.players[event.seat].uncovered - state.turn.reduction)
        if len(event.faces) != dice:
            return f"{name} rolled {len(event.faces)} dice where the seat has {dice}"
    return None


__all__ = ["INVARIANTS", "refusal"]
