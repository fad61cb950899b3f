"""What each audience may know of a state: one typed public view, one view per seat.

The public view (`TableView`) is all the table screen, the voice, the logs, the exports
and `state --json` may use: typed, frozen, with the sums already done by the rules (dice
left after a reduce, the total a crossing roll needs, which faces are dogs), so the
display only draws and `mypy --strict` checks every field it reads. During bidding it says
only who has locked in, never a value (R1, I5): `SeatView.bid` is the revealed one. A
seat's own view (`PlayerView`) adds that seat's own locked bid, for its pad's private
light or a phone. `public_view` and `seat_view` are the same views as JSON-ready data.
"""

from __future__ import annotations

from dataclasses import dataclass, fields, replace
from typing import Any

from companion.core.codec import to_data
from companion.games.mush.model import (
    CROSSINGS,
    REDUCE_CHIPS_PER_DIE,
    REDUCE_MAX_DICE,
    REROLL_COST,
    Arrangement,
    Climate,
    DiceColour,
    MoveContext,
    Phase,
    PressResult,
    RollKind,
    WindowKind,
    Zone,
    dice_taken,
    is_dog,
)
from companion.games.mush.phases import ActKind, act_of, seats_to_act
from companion.games.mush.queries import (
    allowed_trainings,
    reduce_candidates,
    waiting_seats,
    weather_zone,
)
from companion.games.mush.state import GameState


@dataclass(frozen=True)
class SeatView:
    """One seat as everyone at the table may see it."""

    seat: int
    name: str
    chips: int = 0
    covered: int = 0
    uncovered: int = 0
    training: Climate | None = None
    board: int = 0
    zone: Zone = Zone.SOUTHERN
    dice: DiceColour | None = None  # this round's dice colour (W4), once there is weather
    place: int | None = None  # 1-based place in this round's order of play
    locked: bool = False  # bidding: has locked in (never the amount)
    bid: int | None = None  # the revealed bid of this round
    ice_bear: bool = False
    acting: bool = False  # the phase table lets this seat act now


@dataclass(frozen=True)
class WindowView:
    """An open reaction window (X1, X2)."""

    kind: WindowKind
    roller: int
    roll: RollKind | None = None
    eligible: tuple[int, ...] = ()
    waiting: tuple[int, ...] = ()
    paid: int = 0  # chips paid into a reduce window
    dice_taken: int = 0  # the dog dice those chips take away (X2)


@dataclass(frozen=True)
class TurnView:
    """The turn (or Early Riser move) under way, with the dice its dog roll will use."""

    seat: int
    context: MoveContext = MoveContext.NORMAL
    spaces: int = 0
    entered: int = 0
    passing: bool = False
    stopped: bool = False  # a failed roll ended this movement (M4, M5)
    reduction: int = 0  # dice taken away for this turn (X2)
    dice_taken: int = 0  # `reduction` plus what an open reduce window's chips take away
    dice_left: int = 0  # the dog dice the roller's roll would use now (D3)
    reducers: tuple[int, ...] = ()  # deciding to move or rest: whom a move's X2 window asks


@dataclass(frozen=True)
class RollView:
    """The latest roll, with what the screen says about it already worked out."""

    kind: RollKind
    seat: int
    faces: tuple[int, ...] = ()
    modifier: int = 0
    colour: DiceColour | None = None
    dogs: int = 0
    dog_faces: tuple[bool, ...] = ()  # per die of a dog roll: shows a dog (D2)
    success: bool = False
    need: int | None = None  # the total a crossing roll needs (M4, M5)
    weather: Climate | None = None
    zone: Zone | None = None
    press: PressResult | None = None
    rerolls: int = 0


@dataclass(frozen=True)
class Costs:
    """The prices the screen quotes (X1, X2), from the rules."""

    reroll: int = REROLL_COST
    reduce_per_die: int = REDUCE_CHIPS_PER_DIE
    reduce_max_dice: int = REDUCE_MAX_DICE


@dataclass(frozen=True)
class TableView:
    """Everything about the game the screen may show at one moment."""

    phase: Phase = Phase.SETUP
    act: ActKind = ActKind.SET_UP
    round: int = 0
    ice_bear: int | None = None
    bank: int = 0
    coins: int = 0
    sticks: int = 0
    weather: Climate | None = None
    weather_zone: Zone | None = None
    order: tuple[int, ...] = ()
    early_riser: int | None = None
    active: int | None = None
    training_next: int | None = None
    winner: int | None = None
    seats: tuple[SeatView, ...] = ()
    window: WindowView | None = None
    turn: TurnView | None = None
    last_roll: RollView | None = None
    arrangement: Arrangement | None = None
    boards: tuple[str, ...] = ()
    placeholder_charts: tuple[str, ...] = ()
    variants: tuple[str, ...] = ()  # the names of the variants switched on (S5-S9)
    chart_zone: Zone | None = None  # the zone whose weather chart is rolled on (W2)
    trainings_open: tuple[Climate, ...] = ()
    costs: Costs = Costs()
    entering: int | None = None  # physical dice: the seat entering its roll's result


def _seats(state: GameState) -> tuple[SeatView, ...]:
    bidding = act_of(state) is ActKind.BID
    acting = seats_to_act(state)
    return tuple(
        SeatView(
            seat=seat, name=player.name, chips=player.chips, covered=player.covered,
            uncovered=player.uncovered, training=player.training, board=player.board,
            zone=state.zone_of(seat), dice=state.colour_of(seat),
            place=state.order.index(seat) + 1 if seat in state.order else None,
            locked=bidding and state.bids[seat] is not None,
            bid=state.revealed[seat] if state.revealed is not None else None,
            ice_bear=seat == state.ice_bear, acting=seat in acting)
        for seat, player in enumerate(state.players))


def _window(state: GameState) -> WindowView | None:
    window = state.window
    if window is None:
        return None
    return WindowView(kind=window.kind, roller=window.roller, roll=window.roll,
                      eligible=window.eligible, waiting=waiting_seats(state),
                      paid=window.paid, dice_taken=dice_taken(window.paid))


def _turn(state: GameState) -> TurnView | None:
    turn = state.turn
    if turn is None:
        return None
    # X2: while the reduce window is open, the chips paid are not yet a reduction.
    window = state.window
    pending = window.paid if window is not None and window.kind is WindowKind.REDUCE else 0
    taken = turn.reduction + dice_taken(pending)
    deciding = act_of(state) is ActKind.TURN
    return TurnView(seat=turn.seat, context=turn.context, spaces=turn.spaces,
                    entered=turn.entered, passing=turn.passing, stopped=turn.stopped,
                    reduction=turn.reduction, dice_taken=taken,
                    dice_left=max(0, state.players[turn.seat].uncovered - taken),
                    reducers=reduce_candidates(state, turn.seat) if deciding else ())


def _roll(state: GameState) -> RollView | None:
    roll = state.last_roll
    if roll is None:
        return None
    colour = roll.colour
    crossing = CROSSINGS.get(roll.kind)
    return RollView(
        kind=roll.kind, seat=roll.seat, faces=roll.faces, modifier=roll.modifier,
        colour=colour, dogs=roll.dogs,
        dog_faces=tuple(is_dog(colour, f) for f in roll.faces) if colour else (),
        success=roll.success, need=crossing.success if crossing else None,
        weather=roll.weather, zone=roll.zone, press=roll.press, rerolls=roll.rerolls)


def table_view(state: GameState, entering: int | None = None) -> TableView:
    """The view of `state` the screen draws (public: no bid before the reveal).

    `entering`: the seat entering a roll made with the wooden dice. The window that was
    closing has then had its say: nobody "may reduce" any more (no seat acts in it, the
    roller is simply the one playing), and the screen says the die is rolled by hand
    rather than "press ● to roll"."""
    view = _view(state)
    if entering is None:
        return view
    window = view.window
    return replace(view, entering=entering,
                   window=replace(window, waiting=()) if window is not None else None,
                   seats=tuple(replace(s, acting=False) for s in view.seats))


def _view(state: GameState) -> TableView:
    settings = state.settings
    choosing = act_of(state) is ActKind.TRAIN and state.training_next is not None
    return TableView(
        phase=state.phase, act=act_of(state), round=state.round, ice_bear=state.ice_bear,
        bank=state.bank, coins=state.coins, sticks=state.sticks, weather=state.weather,
        weather_zone=state.weather_zone, order=state.order, early_riser=state.early_riser,
        active=state.active, training_next=state.training_next, winner=state.winner,
        seats=_seats(state), window=_window(state), turn=_turn(state),
        last_roll=_roll(state),
        arrangement=settings.arrangement if settings else None,
        boards=tuple(b.name for b in settings.boards) if settings else (),
        placeholder_charts=tuple(settings.charts.placeholders) if settings else (),
        variants=tuple(f.name for f in fields(settings.variants)
                       if getattr(settings.variants, f.name)) if settings else (),
        chart_zone=weather_zone(state) if settings and state.players else None,
        trainings_open=allowed_trainings(state) if choosing else ())


@dataclass(frozen=True)
class PlayerView:
    """What one seat may know: the public view, and its own bid while it is a secret."""

    table: TableView
    seat: int
    own_bid: int | None = None


def player_view(state: GameState, seat: int) -> PlayerView:
    """The public view plus what only `seat` may know: its own locked bid."""
    own = state.bids[seat] if 0 <= seat < len(state.bids) else None
    return PlayerView(table_view(state), seat, own)


def public_view(state: GameState) -> dict[str, Any]:
    """The public view as JSON-ready data (`state --json`): `table_view`'s, field for field."""
    data: dict[str, Any] = to_data(table_view(state))
    return data


def seat_view(state: GameState, seat: int) -> dict[str, Any]:
    """A seat's own view as JSON-ready data: the public view and `own_bid`."""
    view = player_view(state, seat)
    return {**public_view(state), "own_bid": view.own_bid}


__all__ = [
    "Costs", "PlayerView", "RollView", "SeatView", "TableView", "TurnView", "WindowView",
    "player_view", "public_view", "seat_view", "table_view",
]
