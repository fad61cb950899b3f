"""What each command does: one handler per command, emitting the events of its effect.

`companion.games.mush.engine.apply()` checks a command against `legal()` and then hands it to
its handler in `HANDLERS` with a transaction (`Tx`): the events emitted so far and the
state they lead to, through `evolve()`. A handler may roll (the transaction's dice), and
carries the game on until it waits for a seat again (a reroll window, the next turn).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from companion.core.dice import DiceSource
from companion.core.transaction import Transaction
from companion.core.values import by_type
from companion.games.mush import commands as cmd
from companion.games.mush import events as ev
from companion.games.mush.evolve import evolve
from companion.games.mush.model import (
    CROSSINGS,
    PASSING_COST,
    REDUCE_CHIPS_PER_DIE,
    REROLL_COST,
    REST_CHOICES,
    STICK_COST,
    MoveContext,
    PressResult,
    RollKind,
    StickAction,
    WindowKind,
    Zone,
    dice_taken,
    is_dog,
)
from companion.games.mush.queries import (
    bypassed,
    next_board,
    order_of_play,
    reduce_candidates,
    unal_akleet_board,
    waiting_seats,
    weather_zone,
)
from companion.games.mush.state import GameState


class Tx(Transaction[GameState, ev.Event]):
    """MUSH's transaction: its events, folded by its reducer."""

    def __init__(self, state: GameState, dice: DiceSource) -> None:
        super().__init__(state, dice, evolve)


# --- handlers: one per command --------------------------------------------------------


def _h_start(tx: Tx, c: cmd.StartGame) -> None:
    c.settings.check()
    tx.emit(ev.GameStarted(c.settings))
    n = c.settings.players
    face = tx.roll(n)  # S4: a uniform draw over the seated players
    tx.emit(ev.TrainingOrderDrawn(seat=face - 1, face=face, sides=n))


def _h_training(tx: Tx, c: cmd.ChooseTraining) -> None:
    tx.emit(ev.TrainingChosen(c.seat, c.training))
    if tx.state.training_next is not None:
        return
    n = len(tx.state.players)
    face = tx.roll(n)  # S6
    tx.emit(ev.InitiativeDrawn(seat=face - 1, face=face, sides=n))
    if tx.state.require_settings().variants.avalanches_at_start:
        tx.emit(ev.SticksPlaced(2))  # S7
    tx.emit(ev.RoundStarted(round=1, ice_bear=face - 1))


def _h_lock(tx: Tx, c: cmd.LockBid) -> None:
    tx.emit(ev.BidLocked(c.seat, c.amount))
    bids = tx.state.bids
    if any(b is None for b in bids):
        return
    amounts = tuple(b or 0 for b in bids)
    assert tx.state.ice_bear is not None
    order = order_of_play(amounts, tx.state.ice_bear)
    tx.emit(ev.BidsRevealed(bids=amounts, order=order))
    for seat in order:
        if amounts[seat] > 0:
            tx.emit(ev.ChipsPaid(seat, amounts[seat], "bid"))  # R1 ruling: bids are spent
    if any(amounts):
        tx.emit(ev.MovementStarted(order[0], MoveContext.EARLY, 1))  # R3


def _h_unlock(tx: Tx, c: cmd.UnlockBid) -> None:
    tx.emit(ev.BidUnlocked(c.seat))


def _h_weather(tx: Tx, c: cmd.RollWeather) -> None:
    zone = weather_zone(tx.state)
    _roll_weather(tx, c.seat, zone, reroll=False)


def _roll_weather(tx: Tx, seat: int, zone: Zone, reroll: bool) -> None:
    face = tx.roll()
    weather = tx.state.require_settings().charts.for_zone(zone).weather(face)
    tx.emit(ev.WeatherRolled(seat=seat, zone=zone, face=face, weather=weather, reroll=reroll))
    _open_reroll(tx, RollKind.WEATHER, seat)


def _h_rest(tx: Tx, c: cmd.Rest) -> None:
    dogs, chips = REST_CHOICES[c.place][c.choice]
    dogs = min(dogs, tx.state.players[c.seat].covered)  # Z2: the unused part is lost
    tx.emit(ev.Rested(c.seat, c.place, c.choice, dogs))
    if chips:
        tx.emit(ev.ChipsDrawn(c.seat, chips, "rest"))
    _end_turn(tx)


def _h_move(tx: Tx, c: cmd.Move) -> None:
    tx.emit(ev.MoveChosen(c.seat))
    others = reduce_candidates(tx.state, c.seat)
    if others:
        tx.emit(ev.WindowOpened(WindowKind.REDUCE, c.seat, others))
        return
    _roll_dogs(tx, reroll=False)


def _roll_dogs(tx: Tx, reroll: bool) -> None:
    state = tx.state
    turn = state.require_turn()
    colour = state.colour_of(turn.seat)
    assert colour is not None
    count = max(0, state.players[turn.seat].uncovered - turn.reduction)  # D3
    faces = tuple(tx.roll() for _ in range(count))
    dogs = sum(1 for f in faces if is_dog(colour, f))
    tx.emit(ev.DogDiceRolled(turn.seat, colour, faces, dogs, reroll))
    _open_reroll(tx, RollKind.DOGS, turn.seat)


def reroll_candidates(state: GameState, roll: RollKind, roller: int) -> tuple[int, ...]:
    """Seats X1 lets pay for `roll` again, chips aside (see `_open_reroll`).

    Only the roller may pay for two rolls: the pressing roll (P1), and a failed terrain or
    avalanche roll of the Early Riser's space (R3). A successful roll of that space is
    rerolled by nobody: opponents may not pay to stop that movement, and the Early Riser
    has nothing to gain (X1 excludes the Early Riser's rolls except as R3 says).
    """
    early = state.turn is not None and state.turn.context is MoveContext.EARLY
    if early and roll in CROSSINGS:
        last = state.last_roll
        return () if last is not None and last.success else (roller,)
    if roll is RollKind.PRESS:
        return (roller,)
    return tuple(state.seats)


def _open_reroll(tx: Tx, roll: RollKind, roller: int) -> None:
    """X1 after any roll; skipped when nobody can pay or there is nothing to reroll."""
    state = tx.state
    candidates = reroll_candidates(state, roll, roller)
    eligible = tuple(s for s in candidates if state.players[s].chips >= REROLL_COST)
    nothing = roll is RollKind.DOGS and state.last_roll is not None and not state.last_roll.faces
    if eligible and not nothing:
        tx.emit(ev.WindowOpened(WindowKind.REROLL, roller, eligible, roll))
    else:
        _resolve_roll(tx)


def _resolve_roll(tx: Tx) -> None:
    """The roll stands: carry on with what it means."""
    state = tx.state
    last = state.last_roll
    assert last is not None
    if last.kind is RollKind.WEATHER:
        tx.emit(ev.TurnStarted(state.order[0]))
    elif last.kind is RollKind.DOGS:
        tx.emit(ev.MovementStarted(last.seat, MoveContext.NORMAL, last.dogs))
    elif last.kind in (RollKind.TERRAIN, RollKind.AVALANCHE):
        if last.success:
            tx.emit(ev.SpaceEntered(last.seat, last.kind))
        else:
            _end_movement(tx, stopped=True)
    else:
        result = last.press
        if result is PressResult.PLUS_TWO:
            tx.emit(ev.MovementStarted(last.seat, MoveContext.PRESS, 2))
        elif result is PressResult.PLUS_ONE:
            tx.emit(ev.MovementStarted(last.seat, MoveContext.PRESS, 1))
        else:
            if result is PressResult.TIRED:
                tx.emit(ev.DogCovered(last.seat, "pressing"))
            _end_turn(tx)


def _h_reduce(tx: Tx, c: cmd.Reduce) -> None:
    window = tx.state.require_window()
    tx.emit(ev.ChipsPaid(c.seat, c.chips, "reduce"))
    tx.emit(ev.ReducePaid(c.seat, window.roller, c.chips))
    _close_if_done(tx)


def _h_reroll(tx: Tx, c: cmd.Reroll) -> None:
    window = tx.state.require_window()
    assert window.roll is not None
    last = tx.state.last_roll
    assert last is not None
    tx.emit(ev.ChipsPaid(c.seat, REROLL_COST, "reroll"))
    tx.emit(ev.RerollForced(c.seat, window.roller, window.roll))
    roller = window.roller
    if window.roll is RollKind.WEATHER:
        assert last.zone is not None
        _roll_weather(tx, roller, last.zone, reroll=True)
    elif window.roll is RollKind.DOGS:
        _roll_dogs(tx, reroll=True)  # X2: the reduction holds for the reroll
    elif window.roll in CROSSINGS:
        _roll_crossing(tx, window.roll, roller, last.modifier, reroll=True)
    else:
        _roll_press(tx, roller, reroll=True)


def _h_pass(tx: Tx, c: cmd.Pass) -> None:
    tx.emit(ev.Passed(c.seat))
    _close_if_done(tx)


def _h_close(tx: Tx, c: cmd.CloseWindow) -> None:
    _close_window(tx)


def _close_if_done(tx: Tx) -> None:
    if not waiting_seats(tx.state):
        _close_window(tx)


def _close_window(tx: Tx) -> None:
    window = tx.state.require_window()
    tx.emit(ev.WindowClosed(window.kind))
    if window.kind is WindowKind.REROLL:
        _resolve_roll(tx)
        return
    if window.paid % REDUCE_CHIPS_PER_DIE and window.last_payer is not None:
        tx.emit(ev.ChipsDrawn(window.last_payer, 1, "reduce refund"))  # X2 ruling
    dice = dice_taken(window.paid)
    if dice:
        tx.emit(ev.DiceReduced(window.roller, dice))
    _roll_dogs(tx, reroll=False)


_CROSSING_EVENTS: dict[RollKind, type[ev.TerrainRolled] | type[ev.AvalancheRolled]] = {
    RollKind.TERRAIN: ev.TerrainRolled,  # M4: 4-6 enters
    RollKind.AVALANCHE: ev.AvalancheRolled,  # M5: 6 crosses
}


def _h_crossing(tx: Tx, c: cmd.RollTerrain | cmd.RollAvalanche) -> None:
    kind = RollKind.TERRAIN if isinstance(c, cmd.RollTerrain) else RollKind.AVALANCHE
    if c.modifier:  # X3: paid before the roll
        tx.emit(ev.ChipsPaid(c.seat, c.modifier, f"{kind.value} modifier"))
    _roll_crossing(tx, kind, c.seat, c.modifier, reroll=False)


def _roll_crossing(tx: Tx, kind: RollKind, seat: int, modifier: int, reroll: bool) -> None:
    """A standard-die roll to enter rough terrain or cross an avalanche stick."""
    face = tx.roll()
    success = CROSSINGS[kind].succeeds(face, modifier)
    tx.emit(_CROSSING_EVENTS[kind](seat, face, modifier, success, reroll))
    _open_reroll(tx, kind, seat)


def _h_passing(tx: Tx, c: cmd.PayPassing) -> None:
    tx.emit(ev.ChipsPaid(c.seat, PASSING_COST, "passing"))
    tx.emit(ev.PassingPaid(c.seat))


def _h_stick(tx: Tx, c: cmd.MoveStick) -> None:
    change = {StickAction.PLACE: 1, StickAction.MOVE: 0, StickAction.REMOVE: -1}[c.action]
    tx.emit(ev.ChipsPaid(c.seat, STICK_COST, "avalanche stick"))
    tx.emit(ev.StickMoved(c.seat, c.action, tx.state.sticks + change))


def _h_cross(tx: Tx, c: cmd.CrossZone) -> None:
    settings = tx.state.require_settings()
    board = next_board(settings, tx.state.players[c.seat].board, c.forward)
    assert board is not None
    _enter_board(tx, c.seat, board, "crossed")
    if bypassed(settings, board):
        _skip_to_unal_akleet(tx, c.seat)  # S9


def _enter_board(tx: Tx, seat: int, board: int, reason: str) -> None:
    """A sled is now on another board; S8 ends the game on entering the Northern Zone."""
    settings = tx.state.require_settings()
    zone = settings.boards[board].zone
    before = tx.state.zone_of(seat)
    tx.emit(ev.ZoneChanged(seat, board, zone, reason))
    if settings.variants.short_north and zone is Zone.NORTHERN and before is not Zone.NORTHERN:
        tx.emit(ev.GameWon(seat))  # S8


def _skip_to_unal_akleet(tx: Tx, seat: int) -> None:
    board = unal_akleet_board(tx.state.require_settings(), tx.state.players[seat].board)
    if board is not None:
        _enter_board(tx, seat, board, "placed at Unal-Akleet")


def _h_nikolai(tx: Tx, c: cmd.ReachNikolai) -> None:
    _skip_to_unal_akleet(tx, c.seat)


def _h_nome(tx: Tx, c: cmd.ReachNome) -> None:
    tx.emit(ev.GameWon(c.seat))  # T3


def _h_end_move(tx: Tx, c: cmd.EndMove) -> None:
    _end_movement(tx, stopped=False)


def _end_movement(tx: Tx, stopped: bool) -> None:
    """The movement is over: the Dog Chip of the move (M2), then the pressing bonus (P1).

    A failed rough-terrain or avalanche roll (`stopped`) loses "any remaining movement for
    the turn" (M4, M5), so it ends the turn after the Dog Chip, with no pressing roll.
    """
    turn = tx.state.require_turn()
    seat = turn.seat
    tx.emit(ev.MovementEnded(seat, turn.context, stopped))
    if turn.context is MoveContext.EARLY:
        return  # on to the weather (R3)
    if turn.context is MoveContext.PRESS:
        _end_turn(tx)
        return
    tx.emit(ev.DogCovered(seat, "moved"))  # M2
    player = tx.state.players[seat]
    if not stopped and player.uncovered >= 1 and player.training is tx.state.weather:  # P1
        tx.emit(ev.PressOffered(seat))
    else:
        _end_turn(tx)


def _h_press(tx: Tx, c: cmd.Press) -> None:
    _roll_press(tx, c.seat, reroll=False)


def _roll_press(tx: Tx, seat: int, reroll: bool) -> None:
    face = tx.roll()
    result = tx.state.require_settings().charts.pressing.result(face)
    tx.emit(ev.PressRolled(seat, face, result, reroll))
    _open_reroll(tx, RollKind.PRESS, seat)


def _h_skip_press(tx: Tx, c: cmd.SkipPress) -> None:
    _end_turn(tx)


def _end_turn(tx: Tx) -> None:
    state = tx.state
    seat = state.require_turn().seat
    tx.emit(ev.TurnEnded(seat))
    following = state.turn_index + 1
    if following < len(state.order):
        tx.emit(ev.TurnStarted(state.order[following]))
        return
    assert state.ice_bear is not None
    bear = (state.ice_bear + 1) % len(state.players)  # R4
    tx.emit(ev.RoundEnded(state.round, bear))
    tx.emit(ev.RoundStarted(state.round + 1, bear))


HANDLERS: dict[type[cmd.Command], Callable[[Tx, Any], None]] = by_type((
    _h_start, _h_training, _h_lock, _h_unlock, _h_weather, _h_move, _h_rest, _h_reduce,
    _h_reroll, _h_pass, _h_close, _h_crossing, _h_passing, _h_stick, _h_cross, _h_nikolai,
    _h_nome, _h_end_move, _h_press, _h_skip_press,
), "a handler per command")
