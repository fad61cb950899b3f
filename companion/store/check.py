"""Whether stored events can really be replayed: a journal's last line of defence.

A flipped bit can leave an event that decodes perfectly and still cannot have happened
(a seat 9 at a four-player table, a payment that leaves a player with -3 chips, a die
that showed 7, -3 dogs from five dice). The
reducer trusts its input, as it should for events the engine produced, so such an event
either crashes the replay or builds a state the game never had. The journal therefore
folds what it reads through `check_batches` before handing it to the main loop, and an
event refused here is treated as damage (cut, salvaged, reported), never as a crash.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from companion.rules import events as ev
from companion.rules.evolve import evolve
from companion.rules.model import (
    CROSSINGS,
    DOGS,
    REDUCE_MAX_DICE,
    REST_CHOICES,
    TOTAL_STICKS,
    RollKind,
    is_dog,
)
from companion.rules.state import EMPTY, GameState

_SEAT_FIELDS = ("seat", "roller", "ice_bear")
_SEATS_FIELDS = ("order", "eligible")
_COUNT_FIELDS = ("amount", "chips", "dice", "dogs", "spaces", "count", "sticks", "round",
                 "modifier", "choice", "board", "face", "sides")
DIE_SIDES = 6


@dataclass(frozen=True)
class Checked:
    """How far a game's batches replay: `good` whole batches, the state after them, and
    why the next one was refused (None when all replayed)."""

    good: int
    state: GameState
    refused: str | None = None


def refusal(state: GameState, event: ev.Event) -> str | None:
    """Why `event` cannot follow `state`, or None when it may be folded."""
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


def fold(state: GameState, event: ev.Event) -> GameState:
    """`evolve`, with anything that cannot have happened raised as ValueError."""
    problem = refusal(state, event)
    if problem is not None:
        raise ValueError(problem)
    try:
        after = evolve(state, event)
    except Exception as exc:  # the reducer trusts its input: any failure means bad input
        raise ValueError(f"{type(event).__name__} does not replay "
                         f"({type(exc).__name__}: {exc})") from exc
    if after.bank < 0 or any(p.chips < 0 for p in after.players):
        raise ValueError(f"{type(event).__name__} leaves a negative chip count")
    if any(not 0 <= p.covered <= DOGS for p in after.players):
        raise ValueError(f"{type(event).__name__} leaves an impossible number of dogs")
    return after


def check_batches(batches: Sequence[Sequence[ev.Event]]) -> Checked:
    """Fold whole batches (one command's events each) until one is refused."""
    state = EMPTY
    for index, batch in enumerate(batches):
        trial = state
        try:
            for event in batch:
                trial = fold(trial, event)
        except ValueError as exc:
            return Checked(index, state, str(exc))
        state = trial
    return Checked(len(batches), state)


__all__ = ["Checked", "check_batches", "fold", "refusal"]
