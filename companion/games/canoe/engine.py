"""The Canoe rules engine: `options()` lists what a seat could do now, each with the
reason it is blocked if it is; `legal()` is the unblocked ones; `apply()` does one.

Two tiers as python-chess has pseudo-legal and legal moves: a menu shows every option of
the phase, greyed with the rules' own reason where it is blocked (a Finish before the
nights are camped says "1 of 2 nights camped"), so no menu restates a rule. `apply()`
accepts exactly what `legal()` lists; anything else raises a `RulesError` naming the
reason, and changes nothing.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from companion.core.dice import DiceSource
from companion.exc import (
    CommandNotAllowedError,
    IllegalChoiceError,
    NotYourTurnError,
    RulesError,
)
from companion.games.canoe import commands as cmd
from companion.games.canoe import events as ev
from companion.games.canoe.cards import CARDS
from companion.games.canoe.handlers import HANDLERS, Tx
from companion.games.canoe.kernel import Handlers, OptionTable, Reason
from companion.games.canoe.kernel import Option as Option
from companion.games.canoe.model import (
    ENTERED_ATTRACTIONS,
    LANDING_PILES,
    POINTS_LIMIT,
    PaperEffect,
    Phase,
    Weather,
)
from companion.games.canoe.phases import ActKind, act_of, actors
from companion.games.canoe.queries import (
    destination_needed,
    finish_reasons,
    leads_the_board,
    may_return,
    site_reason,
)
from companion.games.canoe.reasons import explain
from companion.games.canoe.settings import Settings
from companion.games.canoe.state import EMPTY, GameState

POINTS: range = range(-POINTS_LIMIT, POINTS_LIMIT + 1)
"""A3, N1: points a player may enter at once, either way."""
NONZERO_POINTS: tuple[int, ...] = tuple(p for p in POINTS if p != 0)
"""A4: an adjustment of nothing is not an entry."""


Choice = Option[cmd.Command]
"""An option of this game's commands."""


def _opt(command: type[cmd.Command], seat: int, blocked: Reason | None = None,
         **params: Sequence[Any]) -> Choice:
    return Choice(command, seat, params, blocked)


def _quoted(option: Choice, **note: int | str) -> Choice:
    return Choice(option.command, option.seat, option.params, option.blocked, note)


def _entries(state: GameState, seat: int) -> list[Choice]:
    """A2–A4, K9: what a player may enter at any moment of their own turn."""
    player = state.players[seat]
    obey = None if player.destination is not None else Reason("no_destination", "K9")
    return [
        _opt(cmd.SeeAttraction, seat, attraction=ENTERED_ATTRACTIONS, points=POINTS),
        _opt(cmd.Adjust, seat, points=NONZERO_POINTS),
        _opt(cmd.ObeyDestination, seat, obey),
    ]


def _camp(state: GameState, seat: int, blocked: Reason | None) -> list[Choice]:
    """N1, N3: the open campsites, and the used ones greyed with the reason."""
    sites = state.require_settings().campsites.names
    open_ = tuple(s for s in sites if site_reason(state, seat, s) is None)
    used = [(s, site_reason(state, seat, s)) for s in sites if s not in open_]
    options = [_opt(cmd.Camp, seat, blocked, site=open_, points=POINTS)]
    options += [_opt(cmd.Camp, seat, blocked or reason, site=(site,), points=POINTS)
                for site, reason in used]
    return options


def _offer_setup(state: GameState, seat: int) -> list[Choice]:
    return [_opt(cmd.StartGame, seat)] if state.settings is None else []


def _offer_throw(state: GameState, seat: int) -> list[Choice]:
    windbound = None if state.weather is Weather.WINDBOUND else Reason("not_windbound", "E5")
    return [_opt(cmd.Roll, seat), _opt(cmd.StayWindbound, seat, windbound),
            *_camp(state, seat, None), *_entries(state, seat)]


def _offer_tell(state: GameState, seat: int) -> list[Choice]:
    turn = state.require_turn()
    once: Reason | None = None
    if turn.camped:
        once = Reason("camped", "N1")
    elif turn.landed is not None:
        once = Reason("landed", "C6")
    land = once or (None if turn.thrown else Reason("no_throw", "C6"))
    kept = None
    if turn.kept is None:
        kept = Reason("none_kept", "K8")
    elif not may_return(CARDS[turn.kept]):
        kept = Reason("obey_anyway", "K8")
    reasons = finish_reasons(state, seat)
    finish = once or (None if turn.thrown else Reason("no_throw", "F2")) or (
        reasons[0] if reasons else None)
    others = [state.players[s].score for s in state.on_board if s != seat]
    wins = int(leads_the_board(state, seat))
    return [
        _opt(cmd.Land, seat, land, pile=LANDING_PILES),
        *_camp(state, seat, once),
        *_entries(state, seat),
        _opt(cmd.ReturnDestination, seat, kept),
        _quoted(_opt(cmd.Finish, seat, finish), wins=wins,
                score=state.players[seat].score, best=max(others, default=0),
                still_out=len(others)),
        _opt(cmd.EndTurn, seat),
    ]


def _offer_card(state: GameState, seat: int) -> list[Choice]:
    keep = destination_needed(state, seat)
    return [
        _opt(cmd.EnterCard, seat, points=POINTS,
             effect=(PaperEffect.POINTS, PaperEffect.MISS_GO)),
        _opt(cmd.EnterCard, seat, keep, points=(0,), effect=(PaperEffect.DESTINATION,)),
    ]


def _offer_nothing(state: GameState, seat: int) -> list[Choice]:
    return []


OFFERS: dict[ActKind, Callable[[GameState, int], list[Choice]]] = {
    ActKind.SET_UP: _offer_setup,
    ActKind.THROW: _offer_throw,
    ActKind.TELL: _offer_tell,
    ActKind.ENTER_CARD: _offer_card,
    ActKind.NONE: _offer_nothing,
}

OPTION_TABLE: OptionTable[GameState, cmd.Command] = OptionTable(
    OFFERS, act_of=act_of, actors=actors, kinds=ActKind)
"""The Canoe game's options, asked through the kernel's table."""

options = OPTION_TABLE.options
"""Every option of the phase for a seat, the blocked ones with their reason."""
legal = OPTION_TABLE.legal
"""The options a seat may take now (none blocked)."""
legal_commands = OPTION_TABLE.legal_commands
"""`legal()` flattened to concrete commands (for tests; bots sample instead)."""
is_legal = OPTION_TABLE.is_legal
"""Whether `apply()` would accept a command."""


def _refusal(state: GameState, command: cmd.Command) -> RulesError:
    """The most specific reason a command is refused, the rules' own where there is one
    (a game over and a seat not at the table are refused by the kernel's `Handlers`)."""
    name = type(command).__name__
    every = options(state, command.seat)
    if not every:
        return NotYourTurnError(f"seat {command.seat} may not act during {state.phase.value}")
    for option in every:
        if option.blocked is not None and option.admits(command):
            return CommandNotAllowedError(f"{name}: {explain(option.blocked)} "
                                          f"({option.blocked.rule})")
    same = [o for o in every if o.command is type(command)]
    if not same:
        allowed = ", ".join(sorted({o.command.__name__ for o in legal(state, command.seat)}))
        return CommandNotAllowedError(f"{name} is not allowed now; allowed: {allowed}")
    return IllegalChoiceError(f"{name} with these values is not allowed now")


APPLY: Handlers[GameState, cmd.Command, ev.Event] = Handlers(
    HANDLERS, commands=cmd.COMMAND_TYPES, transaction=Tx, is_legal=is_legal,
    over=lambda state: state.phase is Phase.GAME_OVER, seats=lambda state: len(state.players),
    refusal=_refusal)
"""Each command checked against the options, then handed to its handler."""

apply = APPLY.apply
"""The new state and the events, or a `RulesError` with the state unchanged."""


def start_game(settings: Settings, dice: DiceSource) -> tuple[GameState, list[ev.Event]]:
    """A new game: the piles dealt, the first player drawn, the first turn begun."""
    return apply(EMPTY, cmd.StartGame(cmd.TABLE, settings), dice)
