"""The rules engine: `legal()` lists what a seat may do, `apply()` does it.

The phase table (`companion.rules.phases`) is the flow of the game as data: each phase
names the seats that may act in it, the kind of act, and what comes next; `OFFERS` gives
each kind of act its options. `apply()` accepts exactly what `legal()`
lists, emits events, and folds them through `evolve()`; a refused command raises a
specific `RulesError` and changes nothing, because states are immutable values.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from companion.rules import commands as cmd
from companion.rules import events as ev
from companion.rules.dice import DiceSource
from companion.rules.errors import (
    CommandNotAllowedError,
    GameOverError,
    IllegalChoiceError,
    NotEnoughChipsError,
    NotYourTurnError,
    RulesError,
    UnknownSeatError,
)
from companion.rules.evolve import evolve
from companion.rules.model import (
    AVALANCHE_MAX_MODIFIER,
    CLIMATES,
    CROSSINGS,
    PASSING_COST,
    REDUCE_CHIPS_PER_DIE,
    REDUCE_MAX_DICE,
    REROLL_COST,
    REST_CHOICES,
    STICK_COST,
    TERRAIN_MAX_MODIFIER,
    TOTAL_STICKS,
    Arrangement,
    Climate,
    MoveContext,
    Phase,
    PressResult,
    RestPlace,
    RollKind,
    StickAction,
    WindowKind,
    Zone,
    dice_taken,
    is_dog,
    training_maxima,
)
from companion.rules.phases import ActKind, act_of, actors
from companion.rules.queries import at_nome_board, reduce_cap, waiting_seats
from companion.rules.settings import Settings
from companion.rules.state import EMPTY, GameState, replace

ParamValues = Sequence[Any]


@dataclass(frozen=True)
class Option:
    """One kind of command a seat may send now, with the values each parameter may take.

    A menu is built from options: every combination of the listed values is legal, and
    `cost()` tells what it would cost the seat, so no menu ever offers an illegal choice.
    """

    command: type[cmd.Command]
    seat: int
    params: Mapping[str, ParamValues] = field(default_factory=dict)

    def commands(self) -> Iterator[cmd.Command]:
        """Every concrete command this option allows (StartGame's settings are not listed)."""
        if self.command is cmd.StartGame:
            return
        names = list(self.params)
        for values in itertools.product(*(self.params[n] for n in names)):
            yield self.command(self.seat, **dict(zip(names, values, strict=True)))

    def admits(self, command: cmd.Command) -> bool:
        """Whether a concrete command is one of this option's."""
        if type(command) is not self.command or command.seat != self.seat:
            return False
        return all(getattr(command, name) in values for name, values in self.params.items())

    def cost(self, command: cmd.Command) -> int:
        """Chips the command would cost its sender."""
        return command.cost

    @property
    def cost_range(self) -> tuple[int, int]:
        """The fewest and the most chips a command of this option costs (X6: never more
        than the seat holds), so a menu can show "1–6 chips" without listing them all."""
        base = self.command.fixed_cost
        param = self.command.cost_param
        values = self.params.get(param, ()) if param else ()
        if not values:
            return base, base
        return base + min(values), base + max(values)


# --- small derived facts ------------------------------------------------------------





def order_of_play(bids: Sequence[int], ice_bear: int) -> tuple[int, ...]:
    """R2: bidders highest first (ties nearest the Ice Bear, clockwise), then the Ice Bear
    if it bid 0, then the other zero bidders clockwise from the Ice Bear's left."""
    n = len(bids)

    def distance(seat: int) -> int:
        return (seat - ice_bear) % n

    bidders = sorted((s for s in range(n) if bids[s] > 0), key=lambda s: (-bids[s], distance(s)))
    zeros = [(ice_bear + k) % n for k in range(n) if bids[(ice_bear + k) % n] == 0]
    return (*bidders, *zeros)


def allowed_trainings(state: GameState) -> tuple[Climate, ...]:
    """S4, S5, S8: the trainings the selecting seat may pick now."""
    settings = state.require_settings()
    choices = [c for c in CLIMATES if not (settings.variants.short_north and c is Climate.COLD)]
    if settings.variants.free_training:
        return tuple(choices)
    maxima = training_maxima(settings.players)
    taken = [p.training for p in state.players if p.training is not None]
    open_ = tuple(c for c in choices if taken.count(c) < maxima[c])
    # S8 forbids Cold while S4 reserves places for it; a seat left with nothing may take
    # any training but Cold rather than leave the game unable to start.
    return open_ or tuple(choices)


def weather_zone(state: GameState) -> Zone:
    """W2: Northern if anyone is there, else Central if anyone is, else Southern;
    with a Custom arrangement, the zone of the leader's board."""
    settings = state.require_settings()
    boards = [p.board for p in state.players]
    if settings.arrangement is Arrangement.CUSTOM:
        return settings.boards[max(boards)].zone
    return max((settings.boards[b].zone for b in boards), key=lambda z: z.rank)


def next_board(settings: Settings, board: int, forward: bool) -> int | None:
    """The board a sled enters when it crosses forward or back (None past either end).

    For Intro and Standard the companion only needs zones, so one press jumps to the
    first board of the next zone; a Custom arrangement counts every board (W2).

    Short game B (S9) bypasses the Central Zone both ways: a sled driven back into a
    Central space would be placed at Unal-Akleet again, so going back a Central board
    that leads to Unal-Akleet is passed over, and a move that would then land in the
    Southern Zone from the Northern Zone is not offered (S9 ruling: it returns to the zone
    it came from). Going forward the Central board is entered, and the crossing then
    places the sled.
    """
    boards = settings.boards
    step = 1 if forward else -1
    target = board + step
    if not 0 <= target < len(boards):
        return None
    if settings.arrangement is not Arrangement.CUSTOM:
        zone = boards[board].zone
        while 0 <= target < len(boards) and boards[target].zone is zone:
            target += step
    if not forward:
        while target >= 0 and _bypassed(settings, target):
            target -= 1
    if not 0 <= target < len(boards):
        return None
    if (not forward and boards[board].zone is Zone.NORTHERN
            and boards[target].zone is Zone.SOUTHERN and _bypassed(settings, target + 1)):
        return None  # S9: never from the Northern Zone straight into the Southern Zone
    if settings.arrangement is Arrangement.CUSTOM:
        return target
    if not forward:  # back into a zone: its first board
        first = target
        while first > 0 and boards[first - 1].zone is boards[target].zone:
            first -= 1
        target = first
    return target


def _bypassed(settings: Settings, board: int) -> bool:
    """S9: a Central board a sled cannot stay on, since it would be placed at Unal-Akleet."""
    return (settings.variants.skip_central and settings.boards[board].zone is Zone.CENTRAL
            and _unal_akleet_board(settings, board) is not None)


def _unal_akleet_board(settings: Settings, board: int) -> int | None:
    """S9: the board a sled on `board` is placed on, the first Northern board ahead of it
    (None when there is none: being sent back could leave the race without an end)."""
    for index in range(board + 1, len(settings.boards)):
        if settings.boards[index].zone is Zone.NORTHERN:
            return index
    return None


# --- what each kind of act offers -----------------------------------------------------

Offer = Callable[[GameState, int], list[Option]]


def _opt(command: type[cmd.Command], seat: int, **params: ParamValues) -> Option:
    return Option(command, seat, params)


def _offer_setup(state: GameState, seat: int) -> list[Option]:
    return [_opt(cmd.StartGame, seat)] if state.settings is None else []


def _offer_training(state: GameState, seat: int) -> list[Option]:
    return [_opt(cmd.ChooseTraining, seat, training=allowed_trainings(state))]


def _offer_bidding(state: GameState, seat: int) -> list[Option]:
    if state.bids[seat] is None:
        return [_opt(cmd.LockBid, seat, amount=range(state.players[seat].chips + 1))]
    return [_opt(cmd.UnlockBid, seat)]


def _offer_weather(state: GameState, seat: int) -> list[Option]:
    return [_opt(cmd.RollWeather, seat)]


def _stick_actions(state: GameState, seat: int) -> list[Option]:
    """X4: during one's own turn, for 5 chips, with 0..4 sticks in play."""
    if state.players[seat].chips < STICK_COST:
        return []
    actions = []
    if state.sticks < TOTAL_STICKS:
        actions.append(StickAction.PLACE)
    if state.sticks > 0:
        actions += [StickAction.MOVE, StickAction.REMOVE]
    return [_opt(cmd.MoveStick, seat, action=tuple(actions))] if actions else []


def rest_places(state: GameState, seat: int) -> tuple[RestPlace, ...]:
    """Z1: the places a seat's sled can be resting at, given the board it is on.

    The companion has no map, only boards and zones, so a place is offered wherever the
    sled could be there: Anchorage on the first board; Nikolai, which S9 puts before the
    Central Zone, in the Southern Zone, unless Short game B would place a sled reaching it
    at Unal-Akleet at once; Unal-Akleet, after the Central Zone, in the Northern Zone;
    other towns and the wilderness anywhere.
    """
    settings = state.require_settings()
    board = state.players[seat].board
    zone = settings.boards[board].zone
    nikolai = zone is Zone.SOUTHERN and not (
        settings.variants.skip_central and _unal_akleet_board(settings, board) is not None)
    small_town = nikolai or zone is Zone.NORTHERN
    return tuple(place for place in REST_CHOICES
                 if (place is not RestPlace.ANCHORAGE or board == 0)
                 and (place is not RestPlace.SMALL_TOWN or small_town))


def _offer_turn(state: GameState, seat: int) -> list[Option]:
    player = state.players[seat]
    options = []
    for place in rest_places(state, seat):
        choices = REST_CHOICES[place]
        options.append(_opt(cmd.Rest, seat, place=(place,), choice=range(len(choices))))
    if player.uncovered > 0:  # T2: all dogs covered must rest
        options.append(_opt(cmd.Move, seat))
    return options + _stick_actions(state, seat)


def _offer_movement(state: GameState, seat: int) -> list[Option]:
    turn = state.require_turn()
    settings = state.require_settings()
    player = state.players[seat]
    options: list[Option] = []
    can_enter = turn.entered < turn.spaces
    if can_enter:
        top = min(TERRAIN_MAX_MODIFIER, player.chips)
        options.append(_opt(cmd.RollTerrain, seat, modifier=range(top + 1)))
        if state.sticks > 0:
            top = min(AVALANCHE_MAX_MODIFIER, player.chips)
            options.append(_opt(cmd.RollAvalanche, seat, modifier=range(top + 1)))
    if turn.context is not MoveContext.EARLY:
        if not turn.passing and player.chips >= PASSING_COST:
            options.append(_opt(cmd.PayPassing, seat))
        options += _stick_actions(state, seat)
    if turn.spaces > 0:
        directions = tuple(d for d in (True, False)
                           if next_board(settings, player.board, d) is not None)
        if directions:
            options.append(_opt(cmd.CrossZone, seat, forward=directions))
        if (settings.variants.skip_central and state.zone_of(seat) is Zone.SOUTHERN
                and _unal_akleet_board(settings, player.board) is not None):
            options.append(_opt(cmd.ReachNikolai, seat))
        if not settings.variants.short_north and at_nome_board(state, seat):
            options.append(_opt(cmd.ReachNome, seat))
    options.append(_opt(cmd.EndMove, seat))
    return options


def _offer_window(state: GameState, seat: int) -> list[Option]:
    window = state.require_window()
    if seat == cmd.TABLE:
        return [_opt(cmd.CloseWindow, seat)]
    if window.kind is WindowKind.REDUCE:
        top = min(state.players[seat].chips, reduce_cap(state))
        return [_opt(cmd.Reduce, seat, chips=range(1, top + 1)), _opt(cmd.Pass, seat)]
    return [_opt(cmd.Reroll, seat), _opt(cmd.Pass, seat)]


def _offer_pressing(state: GameState, seat: int) -> list[Option]:
    return [_opt(cmd.Press, seat), _opt(cmd.SkipPress, seat)]


def _offer_nothing(state: GameState, seat: int) -> list[Option]:
    return []


OFFERS: dict[ActKind, Offer] = {
    ActKind.SET_UP: _offer_setup,
    ActKind.TRAIN: _offer_training,
    ActKind.BID: _offer_bidding,
    ActKind.WEATHER: _offer_weather,
    ActKind.TURN: _offer_turn,
    ActKind.MOVE: _offer_movement,
    ActKind.PRESS: _offer_pressing,
    ActKind.REACT: _offer_window,
    ActKind.NONE: _offer_nothing,
}
"""What a seat the phase table lets act is offered, by the kind of act its phase asks for."""

assert set(OFFERS) == set(ActKind), "every kind of act needs its offer"


def legal(state: GameState, seat: int) -> list[Option]:
    """Every command `seat` may issue now, with its parameters' ranges."""
    if seat not in actors(state):
        return []
    return OFFERS[act_of(state)](state, seat)


def legal_commands(state: GameState, seat: int) -> list[cmd.Command]:
    """`legal()` flattened to concrete commands (for bots and tests)."""
    return [c for option in legal(state, seat) for c in option.commands()]


def is_legal(state: GameState, command: cmd.Command) -> bool:
    """Whether `apply()` would accept the command."""
    return any(o.admits(command) for o in legal(state, command.seat))


def _refusal(state: GameState, command: cmd.Command) -> RulesError:
    """The most specific reason a command is refused."""
    name = type(command).__name__
    if state.phase is Phase.GAME_OVER:
        return GameOverError("the game is over")
    if command.seat != cmd.TABLE and not 0 <= command.seat < len(state.players):
        return UnknownSeatError(f"there is no seat {command.seat}")
    if command.seat != cmd.TABLE and command.cost > state.players[command.seat].chips:
        # X6: refused for want of chips exactly when enough chips would make it legal.
        richer = state.with_player(command.seat, chips=command.cost)
        window = state.window
        if (isinstance(command, cmd.Reroll) and window is not None and window.roll is not None
                and command.seat not in window.eligible
                and command.seat in _reroll_candidates(state, window.roll, window.roller)):
            # X1: a seat too poor to reroll is left out of the window when it opens; what
            # stops it is its chips, not whose turn it is.
            richer = replace(richer, window=replace(
                window, eligible=(*window.eligible, command.seat)))
        if is_legal(richer, command):
            return NotEnoughChipsError(
                f"{name} costs {command.cost} Action Chips; seat {command.seat} holds "
                f"{state.players[command.seat].chips}")
    options = legal(state, command.seat)
    if not options:
        return NotYourTurnError(f"seat {command.seat} may not act during {state.phase.value}")
    same = [o for o in options if o.command is type(command)]
    if not same:
        allowed = ", ".join(sorted({o.command.__name__ for o in options}))
        return CommandNotAllowedError(f"{name} is not allowed now; allowed: {allowed}")
    ranges = "; ".join(f"{k} in {list(v)}" for o in same for k, v in o.params.items())
    return IllegalChoiceError(f"{name} with these values is not allowed now ({ranges})")


# --- apply --------------------------------------------------------------------------


class _Tx:
    """A transaction: events emitted so far and the state they lead to."""

    def __init__(self, state: GameState, dice: DiceSource) -> None:
        self.state = state
        self.dice = dice
        self.events: list[ev.Event] = []

    def emit(self, event: ev.Event) -> None:
        self.state = evolve(self.state, event)
        self.events.append(event)

    def roll(self, sides: int = 6) -> int:
        return self.dice.roll(sides)


def apply(state: GameState, command: cmd.Command, dice: DiceSource
          ) -> tuple[GameState, list[ev.Event]]:
    """The new state and the events, or a `RulesError` with the state unchanged."""
    if not is_legal(state, command):
        raise _refusal(state, command)
    tx = _Tx(state, dice)
    _HANDLERS[type(command)](tx, command)
    return tx.state, tx.events


def start_game(settings: Settings, dice: DiceSource) -> tuple[GameState, list[ev.Event]]:
    """A new game from its settings: seating, bank, and the training-order draw."""
    return apply(EMPTY, cmd.StartGame(cmd.TABLE, settings), dice)


# --- handlers: one per command --------------------------------------------------------


def _h_start(tx: _Tx, c: cmd.StartGame) -> None:
    c.settings.check()
    tx.emit(ev.GameStarted(c.settings))
    n = c.settings.players
    face = tx.roll(n)  # S4: a uniform draw over the seated players
    tx.emit(ev.TrainingOrderDrawn(seat=face - 1, face=face, sides=n))


def _h_training(tx: _Tx, c: cmd.ChooseTraining) -> None:
    tx.emit(ev.TrainingChosen(c.seat, c.training))
    if tx.state.training_next is not None:
        return
    n = len(tx.state.players)
    face = tx.roll(n)  # S6
    tx.emit(ev.InitiativeDrawn(seat=face - 1, face=face, sides=n))
    if tx.state.require_settings().variants.avalanches_at_start:
        tx.emit(ev.SticksPlaced(2))  # S7
    tx.emit(ev.RoundStarted(round=1, ice_bear=face - 1))


def _h_lock(tx: _Tx, c: cmd.LockBid) -> None:
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


def _h_unlock(tx: _Tx, c: cmd.UnlockBid) -> None:
    tx.emit(ev.BidUnlocked(c.seat))


def _h_weather(tx: _Tx, c: cmd.RollWeather) -> None:
    zone = weather_zone(tx.state)
    _roll_weather(tx, c.seat, zone, reroll=False)


def _roll_weather(tx: _Tx, seat: int, zone: Zone, reroll: bool) -> None:
    face = tx.roll()
    weather = tx.state.require_settings().charts.for_zone(zone).weather(face)
    tx.emit(ev.WeatherRolled(seat=seat, zone=zone, face=face, weather=weather, reroll=reroll))
    _open_reroll(tx, RollKind.WEATHER, seat)


def _h_rest(tx: _Tx, c: cmd.Rest) -> None:
    dogs, chips = REST_CHOICES[c.place][c.choice]
    dogs = min(dogs, tx.state.players[c.seat].covered)  # Z2: the unused part is lost
    tx.emit(ev.Rested(c.seat, c.place, c.choice, dogs))
    if chips:
        tx.emit(ev.ChipsDrawn(c.seat, chips, "rest"))
    _end_turn(tx)


def _h_move(tx: _Tx, c: cmd.Move) -> None:
    tx.emit(ev.MoveChosen(c.seat))
    others = tuple(s for s in tx.state.seats if s != c.seat and tx.state.players[s].chips > 0)
    dice = min(REDUCE_MAX_DICE, tx.state.players[c.seat].uncovered)
    if others and dice > 0:
        tx.emit(ev.WindowOpened(WindowKind.REDUCE, c.seat, others))
        return
    _roll_dogs(tx, reroll=False)


def _roll_dogs(tx: _Tx, reroll: bool) -> None:
    state = tx.state
    turn = state.require_turn()
    colour = state.colour_of(turn.seat)
    assert colour is not None
    count = max(0, state.players[turn.seat].uncovered - turn.reduction)  # D3
    faces = tuple(tx.roll() for _ in range(count))
    dogs = sum(1 for f in faces if is_dog(colour, f))
    tx.emit(ev.DogDiceRolled(turn.seat, colour, faces, dogs, reroll))
    _open_reroll(tx, RollKind.DOGS, turn.seat)


def _reroll_candidates(state: GameState, roll: RollKind, roller: int) -> tuple[int, ...]:
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


def _open_reroll(tx: _Tx, roll: RollKind, roller: int) -> None:
    """X1 after any roll; skipped when nobody can pay or there is nothing to reroll."""
    state = tx.state
    candidates = _reroll_candidates(state, roll, roller)
    eligible = tuple(s for s in candidates if state.players[s].chips >= REROLL_COST)
    nothing = roll is RollKind.DOGS and state.last_roll is not None and not state.last_roll.faces
    if eligible and not nothing:
        tx.emit(ev.WindowOpened(WindowKind.REROLL, roller, eligible, roll))
    else:
        _resolve_roll(tx)


def _resolve_roll(tx: _Tx) -> None:
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


def _h_reduce(tx: _Tx, c: cmd.Reduce) -> None:
    window = tx.state.require_window()
    tx.emit(ev.ChipsPaid(c.seat, c.chips, "reduce"))
    tx.emit(ev.ReducePaid(c.seat, window.roller, c.chips))
    _close_if_done(tx)


def _h_reroll(tx: _Tx, c: cmd.Reroll) -> None:
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


def _h_pass(tx: _Tx, c: cmd.Pass) -> None:
    tx.emit(ev.Passed(c.seat))
    _close_if_done(tx)


def _h_close(tx: _Tx, c: cmd.CloseWindow) -> None:
    _close_window(tx)


def _close_if_done(tx: _Tx) -> None:
    if not waiting_seats(tx.state):
        _close_window(tx)


def _close_window(tx: _Tx) -> None:
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


def _h_crossing(tx: _Tx, c: cmd.RollTerrain | cmd.RollAvalanche) -> None:
    kind = RollKind.TERRAIN if isinstance(c, cmd.RollTerrain) else RollKind.AVALANCHE
    if c.modifier:  # X3: paid before the roll
        tx.emit(ev.ChipsPaid(c.seat, c.modifier, f"{kind.value} modifier"))
    _roll_crossing(tx, kind, c.seat, c.modifier, reroll=False)


def _roll_crossing(tx: _Tx, kind: RollKind, seat: int, modifier: int, reroll: bool) -> None:
    """A standard-die roll to enter rough terrain or cross an avalanche stick."""
    face = tx.roll()
    success = CROSSINGS[kind].succeeds(face, modifier)
    tx.emit(_CROSSING_EVENTS[kind](seat, face, modifier, success, reroll))
    _open_reroll(tx, kind, seat)


def _h_passing(tx: _Tx, c: cmd.PayPassing) -> None:
    tx.emit(ev.ChipsPaid(c.seat, PASSING_COST, "passing"))
    tx.emit(ev.PassingPaid(c.seat))


def _h_stick(tx: _Tx, c: cmd.MoveStick) -> None:
    change = {StickAction.PLACE: 1, StickAction.MOVE: 0, StickAction.REMOVE: -1}[c.action]
    tx.emit(ev.ChipsPaid(c.seat, STICK_COST, "avalanche stick"))
    tx.emit(ev.StickMoved(c.seat, c.action, tx.state.sticks + change))


def _h_cross(tx: _Tx, c: cmd.CrossZone) -> None:
    settings = tx.state.require_settings()
    board = next_board(settings, tx.state.players[c.seat].board, c.forward)
    assert board is not None
    _enter_board(tx, c.seat, board, "crossed")
    if _bypassed(settings, board):
        _skip_to_unal_akleet(tx, c.seat)  # S9


def _enter_board(tx: _Tx, seat: int, board: int, reason: str) -> None:
    """A sled is now on another board; S8 ends the game on entering the Northern Zone."""
    settings = tx.state.require_settings()
    zone = settings.boards[board].zone
    before = tx.state.zone_of(seat)
    tx.emit(ev.ZoneChanged(seat, board, zone, reason))
    if settings.variants.short_north and zone is Zone.NORTHERN and before is not Zone.NORTHERN:
        tx.emit(ev.GameWon(seat))  # S8


def _skip_to_unal_akleet(tx: _Tx, seat: int) -> None:
    board = _unal_akleet_board(tx.state.require_settings(), tx.state.players[seat].board)
    if board is not None:
        _enter_board(tx, seat, board, "placed at Unal-Akleet")


def _h_nikolai(tx: _Tx, c: cmd.ReachNikolai) -> None:
    _skip_to_unal_akleet(tx, c.seat)


def _h_nome(tx: _Tx, c: cmd.ReachNome) -> None:
    tx.emit(ev.GameWon(c.seat))  # T3


def _h_end_move(tx: _Tx, c: cmd.EndMove) -> None:
    _end_movement(tx, stopped=False)


def _end_movement(tx: _Tx, stopped: bool) -> None:
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


def _h_press(tx: _Tx, c: cmd.Press) -> None:
    _roll_press(tx, c.seat, reroll=False)


def _roll_press(tx: _Tx, seat: int, reroll: bool) -> None:
    face = tx.roll()
    result = tx.state.require_settings().charts.pressing.result(face)
    tx.emit(ev.PressRolled(seat, face, result, reroll))
    _open_reroll(tx, RollKind.PRESS, seat)


def _h_skip_press(tx: _Tx, c: cmd.SkipPress) -> None:
    _end_turn(tx)


def _end_turn(tx: _Tx) -> None:
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


_HANDLERS: dict[type[cmd.Command], Callable[[_Tx, Any], None]] = {
    cmd.StartGame: _h_start,
    cmd.ChooseTraining: _h_training,
    cmd.LockBid: _h_lock,
    cmd.UnlockBid: _h_unlock,
    cmd.RollWeather: _h_weather,
    cmd.Move: _h_move,
    cmd.Rest: _h_rest,
    cmd.Reduce: _h_reduce,
    cmd.Reroll: _h_reroll,
    cmd.Pass: _h_pass,
    cmd.CloseWindow: _h_close,
    cmd.RollTerrain: _h_crossing,
    cmd.RollAvalanche: _h_crossing,
    cmd.PayPassing: _h_passing,
    cmd.MoveStick: _h_stick,
    cmd.CrossZone: _h_cross,
    cmd.ReachNikolai: _h_nikolai,
    cmd.ReachNome: _h_nome,
    cmd.EndMove: _h_end_move,
    cmd.Press: _h_press,
    cmd.SkipPress: _h_skip_press,
}

assert set(_HANDLERS) == set(cmd.COMMAND_TYPES), "every command needs a handler"
