"""The rules engine: `options()` lists what applies to a seat, `legal()` what it may do now,
`apply()` does it.

The phase table (`companion.games.mush.phases`) is the flow of the game as data: each phase
names the seats that may act in it, the kind of act, and what comes next; `OFFERS` gives
each kind of act its options, in two tiers as python-chess has moves: every option that
applies to the seat now, and among them those the rules block at this moment, each with
its reason (`companion.core.options`). `apply()` accepts exactly the unblocked ones and
hands a command to its handler (`companion.games.mush.handlers`), which emits events and folds
them through `evolve()`; a refused command raises a specific `RulesError` and changes
nothing, because states are immutable values. What more than one layer asks of a state
(where a sled may rest, which board a crossing leads to) lives in `companion.games.mush.queries`.

The table's menus are built from `options()` alone, so when a rule applies, what blocks
it and what it costs are stated here and nowhere else.
"""

from __future__ import annotations

from collections.abc import Callable

from companion.core.options import Note, Option, OptionTable, ParamValues, Reason, offered
from companion.core.options import legal as unblocked
from companion.core.transaction import Handlers
from companion.core.values import replace
from companion.exc import (
    CommandNotAllowedError,
    IllegalChoiceError,
    NotEnoughChipsError,
    NotYourTurnError,
    RulesError,
)
from companion.games.mush import commands as cmd
from companion.games.mush import events as ev
from companion.games.mush.dice import DiceSource
from companion.games.mush.handlers import HANDLERS, Tx, reroll_candidates
from companion.games.mush.model import (
    CLIMATES,
    CROSSINGS,
    REDUCE_CHIPS_PER_DIE,
    REDUCE_MAX_DICE,
    REST_CHOICES,
    TOTAL_STICKS,
    Climate,
    MoveContext,
    Phase,
    RestPlace,
    RollKind,
    StickAction,
    WindowKind,
    Zone,
    dice_taken,
    training_maxima,
)
from companion.games.mush.phases import ActKind, act_of, actors

# The queries imported `as` themselves are re-exported: the table asks them of the engine.
from companion.games.mush.queries import allowed_trainings as allowed_trainings
from companion.games.mush.queries import (
    at_nome_board,
    reduce_cap,
    suggested_rest,
    unal_akleet_board,
)
from companion.games.mush.queries import next_board as next_board
from companion.games.mush.queries import order_of_play as order_of_play
from companion.games.mush.queries import rest_places as rest_places
from companion.games.mush.queries import weather_zone as weather_zone
from companion.games.mush.settings import Settings
from companion.games.mush.state import EMPTY, GameState

MushOption = Option[cmd.Command]

# --- why an option is blocked: one reason per rule, the words are the table's -------------


def too_poor(cost: int) -> Reason:
    """X6: the seat holds fewer chips than the command costs."""
    return Reason("chips", "X6", {"need": cost})


ALL_COVERED = Reason("all_dogs_covered", "T2")
COLD_IN_SHORT_GAME = Reason("cold_short_game", "S8")
NO_STICK = Reason("no_stick_in_play", "X4")
PASSING_PAID = Reason("passing_paid", "X5")
NO_SPACES = Reason("no_spaces", "M1")
NO_SPACES_LEFT = Reason("no_spaces_left", "M1")
ALL_STICKS = Reason("all_sticks_in_play", "X4", {"n": TOTAL_STICKS})


def training_full(taken: int, most: int) -> Reason:
    """S4: as many seats as may take this training have taken it."""
    return Reason("training_full", "S4", {"taken": taken, "most": most})


def reduce_full(left: int) -> Reason:
    """X2: the window takes no more chips than buy its last die (3 at most)."""
    return Reason("reduce_cap", "X2", {"left": max(0, left)})


# --- what each kind of act offers -----------------------------------------------------

Offer = Callable[[GameState, int], list[MushOption]]


_NO_NOTE: Note = {}


def _opt(command: type[cmd.Command], seat: int, blocked: Reason | None = None,
         note: Note = _NO_NOTE, **params: ParamValues) -> MushOption:
    return Option.make(command, seat, params, blocked, note)


def _priced(command: type[cmd.Command], seat: int, state: GameState,
            blocked: Reason | None = None, note: Note = _NO_NOTE,
            **params: ParamValues) -> MushOption:
    """An option of a single command: blocked by `blocked`, else by X6 if the seat cannot
    pay what it costs."""
    if blocked is None:
        param = command.cost_param
        cost = command.fixed_cost + (params[param][0] if param else 0)
        if cost > state.players[seat].chips:
            blocked = too_poor(cost)
    return Option.make(command, seat, params, blocked, note)


def _offer_setup(state: GameState, seat: int) -> list[MushOption]:
    return [_opt(cmd.StartGame, seat)] if state.settings is None else []


def _offer_training(state: GameState, seat: int) -> list[MushOption]:
    """S4, S5, S8: each training with how many took it; the full ones and Cold in Short
    game A blocked (a seat S8 and S4 leave with nothing may take any but Cold)."""
    settings = state.require_settings()
    allowed = allowed_trainings(state)
    taken = [p.training for p in state.players if p.training is not None]
    maxima = training_maxima(settings.players)
    options = []
    for climate in CLIMATES:
        note: dict[str, int | str] = {}
        if not settings.variants.free_training:
            note = {"taken": taken.count(climate), "most": maxima[climate]}
        blocked = None
        if settings.variants.short_north and climate is Climate.COLD:
            blocked = COLD_IN_SHORT_GAME
        elif climate not in allowed:
            blocked = training_full(taken.count(climate), maxima[climate])
        options.append(_opt(cmd.ChooseTraining, seat, blocked, note, training=(climate,)))
    return options


def _offer_bidding(state: GameState, seat: int) -> list[MushOption]:
    if state.bids[seat] is None:
        return [_opt(cmd.LockBid, seat, amount=range(state.players[seat].chips + 1))]
    return [_opt(cmd.UnlockBid, seat)]


def _offer_weather(state: GameState, seat: int) -> list[MushOption]:
    return [_opt(cmd.RollWeather, seat)]


def _stick_actions(state: GameState, seat: int) -> list[MushOption]:
    """X4: during one's own turn, for 5 chips: place one of the 4 sticks while one is
    left in the supply, move or remove one while one is in play."""
    options = []
    for action in StickAction:
        blocked = None
        if action is StickAction.PLACE and state.sticks >= TOTAL_STICKS:
            blocked = ALL_STICKS
        elif action is not StickAction.PLACE and state.sticks == 0:
            blocked = NO_STICK
        options.append(_priced(cmd.MoveStick, seat, state, blocked, action=(action,)))
    return options


_RESTS: dict[tuple[int, tuple[RestPlace, ...], int, int, Zone], list[MushOption]] = {}
"""The rest options by what they depend on (a seat rests in few situations in a game)."""


def _rests(state: GameState, seat: int) -> list[MushOption]:
    """Z1, Z2: each choice at each place the sled can be resting at, with what it would
    really give (no more dogs uncovered than are covered) and the choice a menu suggests."""
    player = state.players[seat]
    zone = state.zone_of(seat)
    places = rest_places(state, seat)
    key = (seat, places, player.covered, player.chips, zone)
    known = _RESTS.get(key)
    if known is not None:
        return known
    options = []
    for place in places:
        best = suggested_rest(state, seat, place)
        for index, (n_dogs, n_chips) in enumerate(REST_CHOICES[place]):
            note: dict[str, int | str] = {"dogs": n_dogs, "chips": n_chips,
                                          "gives": min(n_dogs, player.covered)}
            if index == best:
                note["suggested"] = 1
            if place is RestPlace.SMALL_TOWN:  # S9: Nikolai before the Central Zone
                note["town"] = "nikolai" if zone is Zone.SOUTHERN else "unal_akleet"
            options.append(_opt(cmd.Rest, seat, None, note, place=(place,), choice=(index,)))
    if len(_RESTS) > 4096:
        _RESTS.clear()
    _RESTS[key] = options
    return options


def _offer_turn(state: GameState, seat: int) -> list[MushOption]:
    options = [*_rests(state, seat)]
    options.append(_opt(cmd.Move, seat, ALL_COVERED if state.players[seat].uncovered == 0
                        else None))  # T2: all dogs covered must rest
    return options + _stick_actions(state, seat)


_ROLL_NOTES: dict[RollKind, tuple[tuple[tuple[int], Note], ...]] = {
    kind: tuple(((modifier,), {"need": crossing.success,
                               "wins": crossing.winning_faces(modifier)})
                for modifier in range(crossing.max_modifier + 1))
    for kind, crossing in CROSSINGS.items()}
"""M4, M5, X3: each modifier of a crossing roll, with the total needed and the faces of
the standard die that reach it."""


def _crossing_rolls(state: GameState, seat: int, command: type[cmd.Command], kind: RollKind,
                    blocked: Reason | None) -> list[MushOption]:
    """M4, M5, X3: each modifier the roller may buy, with the total needed and the faces
    that reach it; those it cannot pay for blocked (X6)."""
    return [_priced(command, seat, state, blocked, note, modifier=modifier)
            for modifier, note in _ROLL_NOTES[kind]]


def _offer_movement(state: GameState, seat: int) -> list[MushOption]:
    turn = state.require_turn()
    settings = state.require_settings()
    player = state.players[seat]
    no_space = None
    if turn.entered >= turn.spaces:
        no_space = NO_SPACES_LEFT if turn.spaces else NO_SPACES
    options = _crossing_rolls(state, seat, cmd.RollTerrain, RollKind.TERRAIN, no_space)
    options += _crossing_rolls(state, seat, cmd.RollAvalanche, RollKind.AVALANCHE,
                               NO_STICK if state.sticks == 0 else no_space)
    if turn.context is not MoveContext.EARLY:
        options.append(_priced(cmd.PayPassing, seat, state,
                               PASSING_PAID if turn.passing else None))
        options += _stick_actions(state, seat)
    stopped = NO_SPACES if turn.spaces == 0 else None
    for forward in (True, False):
        board = next_board(settings, player.board, forward)
        if board is not None:
            target = settings.boards[board]
            options.append(_opt(cmd.CrossZone, seat, stopped,
                                {"board": board, "zone": target.zone.value},
                                forward=(forward,)))
    if (settings.variants.skip_central and state.zone_of(seat) is Zone.SOUTHERN
            and unal_akleet_board(settings, player.board) is not None):
        options.append(_opt(cmd.ReachNikolai, seat, stopped))
    if not settings.variants.short_north and at_nome_board(state, seat):
        options.append(_opt(cmd.ReachNome, seat, stopped))
    options.append(_opt(cmd.EndMove, seat))
    return options


_REDUCE_NOTES: tuple[tuple[tuple[int], Note], ...] = tuple(
    ((paid,), {"dice": dice_taken(paid), "per_die": REDUCE_CHIPS_PER_DIE})
    for paid in range(1, REDUCE_MAX_DICE * REDUCE_CHIPS_PER_DIE + 1))
"""X2: each payment into a reduce window, with the dice it takes away and a die's price."""


def _offer_window(state: GameState, seat: int) -> list[MushOption]:
    window = state.require_window()
    if seat == cmd.TABLE:
        return [_opt(cmd.CloseWindow, seat)]
    if window.kind is WindowKind.REDUCE:
        cap = reduce_cap(state)
        full = reduce_full(cap)
        options = [_priced(cmd.Reduce, seat, state, full if paid[0] > cap else None, note,
                           chips=paid) for paid, note in _REDUCE_NOTES]
        return [*options, _opt(cmd.Pass, seat)]
    return [_priced(cmd.Reroll, seat, state), _opt(cmd.Pass, seat)]


def _offer_pressing(state: GameState, seat: int) -> list[MushOption]:
    return [_opt(cmd.Press, seat), _opt(cmd.SkipPress, seat)]


def _offer_nothing(state: GameState, seat: int) -> list[MushOption]:
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

OPTION_TABLE: OptionTable[GameState, cmd.Command] = OptionTable(
    OFFERS, act_of=act_of, actors=actors, kinds=ActKind)
"""MUSH's options, asked through the kernel's table (which keeps the last few answers)."""

options = OPTION_TABLE.options
"""Every option that applies to a seat now, the blocked ones with the rules' reason."""
legal = OPTION_TABLE.legal
"""Every command a seat may issue now, with its parameters' ranges."""
legal_commands = OPTION_TABLE.legal_commands
"""`legal()` flattened to concrete commands (for bots and tests)."""
is_legal = OPTION_TABLE.is_legal
"""Whether `apply()` would accept a command."""


def _refusal(state: GameState, command: cmd.Command) -> RulesError:
    """The most specific reason a command of a seat at the table is refused while the game
    goes on (the kernel's `Handlers` refuse the others)."""
    name = type(command).__name__
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
    applies = options(state, command.seat)
    allowed = unblocked(applies)
    if not allowed:
        return NotYourTurnError(f"seat {command.seat} may not act during {state.phase.value}")
    blocked = offered(applies, command)
    why = f" (blocked: {blocked.blocked})" if blocked is not None and blocked.blocked else ""
    same = [o for o in allowed if o.command is type(command)]
    if not same:
        names = ", ".join(sorted({o.command.__name__ for o in allowed}))
        return CommandNotAllowedError(f"{name} is not allowed now{why}; allowed: {names}")
    ranges = "; ".join(f"{k} in {list(v)}" for o in same for k, v in o.params.items())
    return IllegalChoiceError(f"{name} with these values is not allowed now{why} ({ranges})")


# --- apply --------------------------------------------------------------------------


APPLY: Handlers[GameState, cmd.Command, ev.Event] = Handlers(
    HANDLERS, commands=cmd.COMMAND_TYPES, transaction=Tx, is_legal=is_legal,
    over=lambda state: state.phase is Phase.GAME_OVER, seats=lambda state: len(state.players),
    refusal=_refusal)
"""Each command checked against the options, then handed to its handler."""

apply = APPLY.apply
"""The new state and the events, or a `RulesError` with the state unchanged."""


def start_game(settings: Settings, dice: DiceSource) -> tuple[GameState, list[ev.Event]]:
    """A new game from its settings: seating, bank, and the training-order draw."""
    return apply(EMPTY, cmd.StartGame(cmd.TABLE, settings), dice)


