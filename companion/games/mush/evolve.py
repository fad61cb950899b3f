"""The reducer: how each event changes the state. The only place a state is changed.

`apply()` emits events and folds them through `evolve()` as it goes; replay folds the
journal's events through the same function. One code path for both is what makes I6
(replaying the journal reproduces the same state) true by construction.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from companion.core.reducer import Reducer
from companion.core.values import by_type, replace
from companion.games.mush import events as ev
from companion.games.mush.model import (
    STARTING_CHIPS,
    TOTAL_CHIPS,
    MoveContext,
    Phase,
    RollKind,
)
from companion.games.mush.phases import FLOW
from companion.games.mush.state import (
    EMPTY,
    GameState,
    PlayerState,
    RollRecord,
    TurnState,
    Window,
)


def _rerolls(state: GameState, kind: RollKind, reroll: bool) -> int:
    """How many times the current roll has been rerolled (X1: a reroll may be rerolled)."""
    last = state.last_roll
    if reroll and last is not None and last.kind is kind:
        return last.rerolls + 1
    return 0


def _game_started(s: GameState, e: ev.GameStarted) -> GameState:
    n = e.settings.players
    return GameState(
        phase=Phase.SETUP,
        settings=e.settings,
        players=tuple(PlayerState(name=name, chips=STARTING_CHIPS) for name in e.settings.names),
        bank=TOTAL_CHIPS - STARTING_CHIPS * n,
        bids=(None,) * n,
    )


def _training_order(s: GameState, e: ev.TrainingOrderDrawn) -> GameState:
    return replace(s, training_next=e.seat)


def _training_chosen(s: GameState, e: ev.TrainingChosen) -> GameState:
    s = s.with_player(e.seat, training=e.training)
    n = len(s.players)
    following = [(e.seat + k) % n for k in range(1, n)]
    pending = [seat for seat in following if s.players[seat].training is None]
    return replace(s, training_next=pending[0] if pending else None)


def _initiative(s: GameState, e: ev.InitiativeDrawn) -> GameState:
    return replace(s, ice_bear=e.seat)


def _sticks_placed(s: GameState, e: ev.SticksPlaced) -> GameState:
    return replace(s, sticks=s.sticks + e.count)


def _round_started(s: GameState, e: ev.RoundStarted) -> GameState:
    return replace(
        s, round=e.round, ice_bear=e.ice_bear,
        bids=(None,) * len(s.players), revealed=None, order=(), early_riser=None,
        weather=None, weather_zone=None, turn_index=-1, turn=None, window=None, last_roll=None,
    )


def _bid_locked(s: GameState, e: ev.BidLocked) -> GameState:
    bids = list(s.bids)
    bids[e.seat] = e.amount
    return replace(s, bids=tuple(bids))


def _bid_unlocked(s: GameState, e: ev.BidUnlocked) -> GameState:
    bids = list(s.bids)
    bids[e.seat] = None
    return replace(s, bids=tuple(bids))


def _bids_revealed(s: GameState, e: ev.BidsRevealed) -> GameState:
    riser = e.order[0] if any(b > 0 for b in e.bids) else None
    return replace(s, bids=(None,) * len(s.players), revealed=e.bids,
                   order=e.order, early_riser=riser)


def _chips_paid(s: GameState, e: ev.ChipsPaid) -> GameState:
    retired = min(e.amount, s.coins)  # a payment first takes coins out of use (X7)
    s = s.with_player(e.seat, chips=s.players[e.seat].chips - e.amount)
    return replace(s, coins=s.coins - retired, bank=s.bank + e.amount - retired)


def _chips_drawn(s: GameState, e: ev.ChipsDrawn) -> GameState:
    from_bank = min(e.amount, s.bank)
    s = s.with_player(e.seat, chips=s.players[e.seat].chips + e.amount)
    return replace(s, bank=s.bank - from_bank, coins=s.coins + e.amount - from_bank)


def _movement_started(s: GameState, e: ev.MovementStarted) -> GameState:
    if e.context is MoveContext.EARLY or s.turn is None:
        turn = TurnState(seat=e.seat, context=e.context, spaces=e.spaces)
    else:
        turn = replace(s.turn, context=e.context, spaces=e.spaces, entered=0, stopped=False)
    return replace(s, turn=turn, window=None)


def _movement_ended(s: GameState, e: ev.MovementEnded) -> GameState:
    if e.context is MoveContext.EARLY:
        return replace(s, turn=None, window=None)
    return replace(s, turn=replace(s.require_turn(), stopped=e.stopped), window=None)


def _weather_rolled(s: GameState, e: ev.WeatherRolled) -> GameState:
    record = RollRecord(kind=RollKind.WEATHER, seat=e.seat, faces=(e.face,), weather=e.weather,
                        zone=e.zone, rerolls=_rerolls(s, RollKind.WEATHER, e.reroll))
    return replace(s, weather=e.weather, weather_zone=e.zone, last_roll=record)


def _turn_started(s: GameState, e: ev.TurnStarted) -> GameState:
    return replace(s, turn_index=s.order.index(e.seat),
                   turn=TurnState(seat=e.seat), window=None, last_roll=None)


def _rested(s: GameState, e: ev.Rested) -> GameState:
    return s.with_player(e.seat, covered=s.players[e.seat].covered - e.dogs)


def _move_chosen(s: GameState, e: ev.MoveChosen) -> GameState:
    """Nothing to record: the events that follow (the X2 window, the dog roll) move the
    turn out of the phase where resting is offered (T1)."""
    return s


def _window_opened(s: GameState, e: ev.WindowOpened) -> GameState:
    window = Window(kind=e.kind, roller=e.roller, eligible=e.eligible, roll=e.roll)
    return replace(s, window=window)


def _passed(s: GameState, e: ev.Passed) -> GameState:
    window = s.require_window()
    return replace(s, window=replace(window, passed=(*window.passed, e.seat)))


def _window_closed(s: GameState, e: ev.WindowClosed) -> GameState:
    return replace(s, window=None)


def _reduce_paid(s: GameState, e: ev.ReducePaid) -> GameState:
    window = s.require_window()
    return replace(s, window=replace(window, paid=window.paid + e.chips, last_payer=e.seat))


def _dice_reduced(s: GameState, e: ev.DiceReduced) -> GameState:
    return replace(s, turn=replace(s.require_turn(), reduction=e.dice))


def _dog_dice(s: GameState, e: ev.DogDiceRolled) -> GameState:
    record = RollRecord(kind=RollKind.DOGS, seat=e.seat, faces=e.faces, colour=e.colour,
                        dogs=e.dogs, rerolls=_rerolls(s, RollKind.DOGS, e.reroll))
    return replace(s, last_roll=record)


def _reroll_forced(s: GameState, e: ev.RerollForced) -> GameState:
    return s


def _terrain(s: GameState, e: ev.TerrainRolled) -> GameState:
    record = RollRecord(kind=RollKind.TERRAIN, seat=e.seat, faces=(e.face,), modifier=e.modifier,
                        success=e.success, rerolls=_rerolls(s, RollKind.TERRAIN, e.reroll))
    return replace(s, last_roll=record)


def _avalanche(s: GameState, e: ev.AvalancheRolled) -> GameState:
    record = RollRecord(kind=RollKind.AVALANCHE, seat=e.seat, faces=(e.face,),
                        modifier=e.modifier, success=e.success,
                        rerolls=_rerolls(s, RollKind.AVALANCHE, e.reroll))
    return replace(s, last_roll=record)


def _space_entered(s: GameState, e: ev.SpaceEntered) -> GameState:
    turn = s.require_turn()
    return replace(s, turn=replace(turn, entered=turn.entered + 1), window=None)


def _passing_paid(s: GameState, e: ev.PassingPaid) -> GameState:
    return replace(s, turn=replace(s.require_turn(), passing=True))


def _stick_moved(s: GameState, e: ev.StickMoved) -> GameState:
    return replace(s, sticks=e.sticks)


def _zone_changed(s: GameState, e: ev.ZoneChanged) -> GameState:
    return s.with_player(e.seat, board=e.board)


def _dog_covered(s: GameState, e: ev.DogCovered) -> GameState:
    return s.with_player(e.seat, covered=s.players[e.seat].covered + 1)


def _press_offered(s: GameState, e: ev.PressOffered) -> GameState:
    return replace(s, window=None)


def _press_rolled(s: GameState, e: ev.PressRolled) -> GameState:
    record = RollRecord(kind=RollKind.PRESS, seat=e.seat, faces=(e.face,), press=e.result,
                        rerolls=_rerolls(s, RollKind.PRESS, e.reroll))
    return replace(s, last_roll=record)


def _turn_ended(s: GameState, e: ev.TurnEnded) -> GameState:
    return replace(s, turn=None, window=None)


def _round_ended(s: GameState, e: ev.RoundEnded) -> GameState:
    return replace(s, ice_bear=e.ice_bear, turn=None, window=None)


def _game_won(s: GameState, e: ev.GameWon) -> GameState:
    return replace(s, winner=e.seat, window=None)


_REDUCERS: dict[type[ev.Event], Callable[[GameState, Any], GameState]] = by_type((
    _game_started, _training_order, _training_chosen, _initiative, _sticks_placed,
    _round_started, _bid_locked, _bid_unlocked, _bids_revealed, _chips_paid, _chips_drawn,
    _movement_started, _movement_ended, _weather_rolled, _turn_started, _rested,
    _move_chosen, _window_opened, _passed, _window_closed, _reduce_paid, _dice_reduced,
    _dog_dice, _reroll_forced, _terrain, _avalanche, _space_entered, _passing_paid,
    _stick_moved, _zone_changed, _dog_covered, _press_offered, _press_rolled, _turn_ended,
    _round_ended, _game_won,
), "a reducer per event type")

REDUCER: Reducer[GameState, ev.Event] = Reducer(
    _REDUCERS, events=ev.EVENT_TYPES, flow=FLOW, opening=ev.GameStarted, initial=EMPTY)
"""The kernel's fold over the reducers above: the phase moves only as the phase table
says, and a replay folds a journal's events from the empty game (I6)."""

evolve = REDUCER.evolve
"""The state after one event."""
replay = REDUCER.replay
"""Fold a journal's events from the start of a game (I6)."""
