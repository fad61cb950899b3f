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
from companion.games.canoe import commands as cmd
from companion.games.canoe import events as ev
from companion.games.canoe.cards import CARDS, OWN_CARDS, CardKind
from companion.games.canoe.handlers import HANDLERS, Tx
from companion.games.canoe.kernel import Handlers, OptionTable, Reason
from companion.games.canoe.kernel import Option as Option
from companion.games.canoe.model import (
    ENTERED_ATTRACTIONS,
    LANDING_PILES,
    POINTS_LIMIT,
    UNMAPPED_POINTS,
    DestinationRule,
    PaperEffect,
    Phase,
    Pile,
    Place,
    Weather,
)
from companion.games.canoe.phases import ActKind, act_of, actors
from companion.games.canoe.queries import (
    climb_reason,
    finish_reasons,
    leads_the_board,
    may_return,
    obeyed_by_word,
    sharing_candidates,
    site_reason,
    unmapped_reason,
)
from companion.games.canoe.reasons import explain
from companion.games.canoe.settings import Settings
from companion.games.canoe.state import EMPTY, GameState, TurnState

TURN_BACK_FROM: frozenset[Place] = frozenset({Place.UNMAPPED_EDGE, Place.DANGEROUS_POINT})
"""L5, L6: the places a canoe may turn back from before throwing."""

POINTS: range = range(-POINTS_LIMIT, POINTS_LIMIT + 1)
"""A3, N1: points a player may enter at once, either way."""
NONZERO_POINTS: tuple[int, ...] = tuple(p for p in POINTS if p != 0)
"""A4: an adjustment of nothing is not an entry."""


Choice = Option[cmd.Command]
"""An option of this game's commands."""


def _opt(command: type[cmd.Command], seat: int, blocked: Reason | None = None,
         **params: Sequence[Any]) -> Choice:
    # Option.make, not Choice(...): calling the subscripted alias goes through typing's
    # alias call and the frozen dataclass's __init__, a sixth of a bot trip's time.
    return Option.make(command, seat, params, blocked)


def _quoted(option: Choice, **note: int | str) -> Choice:
    return Option.make(option.command, option.seat, option.params, option.blocked, note)


def _entries(state: GameState, seat: int) -> list[Choice]:
    """A2–A4, K9, L8: what a player may enter at any moment of their own turn; an
    attraction scored this go is greyed until the next."""
    player = state.players[seat]
    obey = None
    if player.destination is None:
        obey = Reason("no_destination", "K9")
    elif not obeyed_by_word(CARDS[player.destination]):
        obey = Reason("obeyed_by_companion", "K9")
    turn = state.turn
    seen = turn.seen if turn is not None else ()
    fresh = tuple(a for a in ENTERED_ATTRACTIONS if a not in seen)
    options = [_opt(cmd.SeeAttraction, seat, attraction=fresh, points=POINTS)] if fresh else []
    options += [_opt(cmd.SeeAttraction, seat, Reason("seen_this_go", "L8"), attraction=(a,),
                     points=POINTS) for a in ENTERED_ATTRACTIONS if a in seen]
    return [
        *options,
        _opt(cmd.Adjust, seat, points=NONZERO_POINTS),
        _opt(cmd.ObeyDestination, seat, obey),
    ]


def _camp(state: GameState, seat: int, blocked: Reason | None) -> list[Choice]:
    """N1, N3: the open campsites, and the used ones greyed with the reason."""
    sites = state.require_settings().campsites.names
    open_ = tuple(s for s in sites if site_reason(state, seat, s) is None)
    used = [(s, site_reason(state, seat, s)) for s in sites if s not in open_]
    options = [_opt(cmd.Camp, seat, blocked, site=open_, points=POINTS)] if open_ else []
    options += [_opt(cmd.Camp, seat, blocked or reason, site=(site,), points=POINTS)
                for site, reason in used]
    return options


def _offer_setup(state: GameState, seat: int) -> list[Choice]:
    return [_opt(cmd.StartGame, seat)] if state.settings is None else []


def _late(state: GameState, seat: int) -> Reason | None:
    """C6: why the last go's landing may not be told now (before this go's throw): told
    already this go, or the last go has none to tell (no throw, or it ended with a landing,
    a camp, a climb or a stop at a place)."""
    if state.require_turn().late is not None:
        return Reason("told_late", "C6")
    return None if state.players[seat].untold else Reason("nothing_untold", "C6")


def _kept(turn: TurnState) -> Reason | None:
    """K8: why no Destination card may go back as already done now."""
    if turn.kept is None:
        return Reason("none_kept", "K8")
    return None if may_return(CARDS[turn.kept]) else Reason("obey_anyway", "K8")


def _offer_throw(state: GameState, seat: int) -> list[Choice]:
    player = state.players[seat]
    turn = state.require_turn()
    windbound = None if state.weather is Weather.WINDBOUND else Reason("not_windbound", "E5")
    if windbound is None and player.place is not None:
        windbound = Reason("not_on_island", "L7", {"place": player.place.value})
    roll = Reason("windbound_held", "L7") if player.windbound else None
    back = [_opt(cmd.TurnBack, seat)] if player.place in TURN_BACK_FROM else []
    # C6, K8: a Destination card drawn for the last go's landing may go back before the throw
    kept = [_opt(cmd.ReturnDestination, seat, _kept(turn))] if turn.kept is not None else []
    return [_opt(cmd.Roll, seat, roll), _opt(cmd.StayWindbound, seat, windbound), *back,
            *_camp(state, seat, None), *_entries(state, seat),
            _opt(cmd.LandLate, seat, _late(state, seat), pile=LANDING_PILES), *kept]


def _stop(turn: TurnState) -> Reason | None:
    """C6, N1: why the canoe's move may not end somewhere now (camped, landed, no throw)."""
    if turn.camped:
        return Reason("camped", "N1")
    if turn.landed is not None:
        return Reason("landed", "C6")
    return None if turn.thrown else Reason("no_throw", "C6")


def _places(state: GameState, seat: int, stop: Reason | None) -> list[Choice]:
    """L1–L9: Raven Rock, the Unmapped Region, Dangerous Point, an island, a shared space."""
    turn = state.require_turn()
    blown = stop
    if blown is None and turn.weather is not Weather.WINDBOUND:
        blown = Reason("not_windbound", "E5")
    elif blown is None and turn.start is Place.DANGEROUS_POINT:
        blown = Reason("sheltered", "L6")
    points = tuple(range(1, UNMAPPED_POINTS + 1))
    open_points = tuple(p for p in points if unmapped_reason(state, seat, p) is None)
    unmapped = [_opt(cmd.ReachUnmapped, seat, stop, point=open_points)] if open_points else []
    unmapped += [_opt(cmd.ReachUnmapped, seat, stop or unmapped_reason(state, seat, p),
                      point=(p,)) for p in points if p not in open_points]
    others = sharing_candidates(state, seat)
    return [
        _opt(cmd.Climb, seat, climb_reason(state, seat), points=POINTS),
        _opt(cmd.WaitAtRock, seat, stop),
        *unmapped,
        _opt(cmd.WaitAtPoint, seat, stop),
        _opt(cmd.StayWindbound, seat, blown),
        _opt(cmd.ShareSpace, seat, stop or (None if others else Reason("none_on_water", "L9")),
             other=others),
    ]


def _offer_tell(state: GameState, seat: int) -> list[Choice]:
    turn = state.require_turn()
    stop = _stop(turn)
    once = stop if stop is not None and stop.code != "no_throw" else None
    kept = _kept(turn)
    reasons = finish_reasons(state, seat)
    others = [state.players[s].score for s in state.on_board if s != seat]
    best = max(others, default=0)
    score = state.players[seat].score
    behind = None if leads_the_board(state, seat) else Reason(
        "not_ahead", "F3", {"score": score, "best": best})
    finish = stop or (reasons[0] if reasons else None) or behind
    hero = [_opt(cmd.PutBackHero, seat)] if turn.hero else []
    return [
        _opt(cmd.Land, seat, stop, pile=LANDING_PILES),
        *_camp(state, seat, once),
        *_entries(state, seat),
        *_places(state, seat, stop),
        _opt(cmd.ReturnDestination, seat, kept),
        *hero,
        _quoted(_opt(cmd.Finish, seat, finish), wins=int(behind is None), score=score,
                best=best, still_out=len(others)),
        _opt(cmd.EndTurn, seat),
    ]


def _sheet(pile: Pile, kind: CardKind) -> tuple[int, ...]:
    """K12: the points the card sheet prints on a pile's cards of one kind, lowest first."""
    return tuple(sorted({c.points for c in OWN_CARDS[pile] if c.kind is kind}))


def _offer_card(state: GameState, seat: int) -> list[Choice]:
    """K12: only what the card sheet allows: a pile's own points, the leak's missed go on
    the Canoe pile, the camp Hero on the Camp pile, a Destination card on any pile."""
    pile = state.require_turn().awaiting
    assert pile is not None
    options = [_opt(cmd.EnterCard, seat, points=_sheet(pile, CardKind.ORDINARY),
                    effect=(PaperEffect.POINTS,))]
    miss = _sheet(pile, CardKind.MISS_GO)
    if miss:
        options.append(_opt(cmd.EnterCard, seat, points=miss, effect=(PaperEffect.MISS_GO,)))
    if any(c.kind is CardKind.HERO for c in OWN_CARDS[pile]):
        held = next((Reason("hero_held", "K11", {"name": p.name}) for p in state.players
                     if p.hero), None)
        options.append(_opt(cmd.EnterCard, seat, held, points=(0,), effect=(PaperEffect.HERO,)))
    none = Reason("no_destinations", "V1") if state.require_settings().variants.destinations \
        is DestinationRule.NONE else None
    options.append(_opt(cmd.EnterCard, seat, none, points=(0,),
                        effect=(PaperEffect.DESTINATION,)))
    return options


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
    OFFERS, act_of=act_of, actors=actors, kinds=ActKind, explain=explain)
"""The Canoe game's options, asked through the kernel's table (which words a refusal:
the rules' own reason where there is one, else what the options offer)."""

options = OPTION_TABLE.options
"""Every option of the phase for a seat, the blocked ones with their reason."""
legal = OPTION_TABLE.legal
"""The options a seat may take now (none blocked)."""
legal_commands = OPTION_TABLE.legal_commands
"""`legal()` flattened to concrete commands (for tests; bots sample instead)."""
is_legal = OPTION_TABLE.is_legal
"""Whether `apply()` would accept a command."""


APPLY: Handlers[GameState, cmd.Command, ev.Event] = Handlers(
    HANDLERS, commands=cmd.COMMAND_TYPES, transaction=Tx, is_legal=is_legal,
    over=lambda state: state.phase is Phase.GAME_OVER, seats=lambda state: len(state.players),
    refusal=OPTION_TABLE.refusal)
"""Each command checked against the options, then handed to its handler."""

apply = APPLY.apply
"""The new state and the events, or a `RulesError` with the state unchanged."""


def start_game(settings: Settings, dice: DiceSource) -> tuple[GameState, list[ev.Event]]:
    """A new game: the piles dealt, the first player drawn, the first turn begun."""
    return apply(EMPTY, cmd.StartGame(cmd.TABLE, settings), dice)
