"""The rules engine: `legal()` lists what a seat may do, `apply()` does it.

The phase table (`companion.rules.phases`) is the flow of the game as data: each phase
names the seats that may act in it, the kind of act, and what comes next; `OFFERS` gives
each kind of act its options. `apply()` accepts exactly what `legal()` lists and hands
it to its handler (`companion.rules.handlers`), which emits events and folds them through
`evolve()`; a refused command raises a specific `RulesError` and changes nothing, because
states are immutable values. What more than one layer asks of a state (where a sled may
rest, which board a crossing leads to) lives in `companion.rules.queries`.
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
from companion.rules.handlers import HANDLERS, Tx, reroll_candidates
from companion.rules.model import (
    AVALANCHE_MAX_MODIFIER,
    PASSING_COST,
    REST_CHOICES,
    STICK_COST,
    TERRAIN_MAX_MODIFIER,
    TOTAL_STICKS,
    MoveContext,
    Phase,
    StickAction,
    WindowKind,
    Zone,
)
from companion.rules.phases import ActKind, act_of, actors

# The queries imported `as` themselves are re-exported: the table asks them of the engine.
from companion.rules.queries import allowed_trainings as allowed_trainings
from companion.rules.queries import at_nome_board, reduce_cap, unal_akleet_board
from companion.rules.queries import next_board as next_board
from companion.rules.queries import order_of_play as order_of_play
from companion.rules.queries import rest_places as rest_places
from companion.rules.queries import weather_zone as weather_zone
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
                and unal_akleet_board(settings, player.board) is not None):
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
                and command.seat in reroll_candidates(state, window.roll, window.roller)):
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


def apply(state: GameState, command: cmd.Command, dice: DiceSource
          ) -> tuple[GameState, list[ev.Event]]:
    """The new state and the events, or a `RulesError` with the state unchanged."""
    if not is_legal(state, command):
        raise _refusal(state, command)
    tx = Tx(state, dice)
    HANDLERS[type(command)](tx, command)
    return tx.state, tx.events


def start_game(settings: Settings, dice: DiceSource) -> tuple[GameState, list[ev.Event]]:
    """A new game from its settings: seating, bank, and the training-order draw."""
    return apply(EMPTY, cmd.StartGame(cmd.TABLE, settings), dice)


