"""How each of Mush-Ring's events changes the state, and its flow: who acts in each phase
and which events lead where.

The phase is the state's own answer (`model.phase_of`); each row of the flow declares
the phases an event may lead to from it, and the reducer moves the phase only there
(`UndeclaredTransition` otherwise), so `python -m companion.games mush_ring` prints the
graph the game follows.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from companion.core import TABLE
from companion.core.acts import Event
from companion.core.deck import Piles
from companion.core.flow import Flow, PhaseRow, Pick
from companion.core.reducer import Reducer
from companion.core.values import replace
from companion.games.mush_ring import acts as ev
from companion.games.mush_ring.cards import DETH_KAPP, Card, Kind
from companion.games.mush_ring.model import (
    EMPTY,
    EMPTY_RING,
    Kapp,
    Phase,
    Player,
    Space,
    State,
    Step,
    Tie,
    Turn,
    phase_of,
)


def _ring(state: State, owner: int, space: int, value: Space) -> State:
    ring = list(state.players[owner].ring)
    ring[space] = value
    return state.with_player(owner, ring=tuple(ring))


def _turn(state: State, **changes: Any) -> State:
    assert state.turn is not None, "no turn in progress"
    return replace(state, turn=replace(state.turn, **changes))


def _started(state: State, e: ev.Started) -> State:
    settings = e.settings
    n = len(settings.names)
    piles: Piles[Card] = Piles(hands=((),) * n) if settings.deck.value == "paper" else \
        Piles.of(settings.cards.cards(), n)
    after = State(settings=settings, players=tuple(Player(name) for name in settings.names),
                  piles=piles)
    return replace(after, phase=phase_of(after))


def _placed(state: State, owner: int, space: int, card: Card, up: bool) -> State:
    after = _ring(state, owner, space, Space(card, up))
    if card == DETH_KAPP and up and not state.paper:
        after = replace(after, kapp=Kapp(owner, space))  # J3: asked before any flip
    return after


def _played(state: State, e: ev.Played) -> State:
    return _placed(replace(state, piles=state.piles.played(e.seat, e.card)), e.owner,
                   e.space, e.card, e.up)


def _dug(state: State, e: ev.Dug) -> State:
    return _placed(replace(state, piles=state.piles.dug(e.card)), e.owner, e.space, e.card,
                   True)


def _answered(state: State, e: ev.KappAnswered) -> State:
    ring = list(state.players[e.owner].ring)
    for space in e.flipped:  # O5
        ring[space] = replace(ring[space], up=False)
    return replace(state.with_player(e.owner, ring=tuple(ring)), kapp=None)


def _kapp_stomped(state: State, e: ev.KappStomped) -> State:
    piles = state.piles.discarded(e.owner, Card(Kind.STOMP)).thrown([DETH_KAPP])
    return replace(_ring(state, e.owner, e.space, Space()), piles=piles, kapp=None)


def _stomped(state: State, e: ev.Stomped) -> State:
    return replace(_ring(state, e.owner, e.space, Space()),
                   piles=state.piles.thrown([e.card]))


def _stolen(state: State, e: ev.Stolen) -> State:
    return replace(_ring(state, e.owner, e.space, Space()),
                   piles=state.piles.taken(e.seat, e.card))


def _scored(state: State, e: ev.Scored) -> State:
    player = state.players[e.owner]
    after = state.with_player(e.owner, ring=EMPTY_RING, pile=player.pile + e.collected)
    piles = state.piles if state.paper else state.piles.thrown(e.thrown)
    return replace(after, piles=piles, tie=None, entering=-1, idle=0)


def _entered(state: State, e: ev.Entered) -> State:
    ring = state.players[e.owner].ring
    space = next(i for i, s in enumerate(ring) if s.open)
    return _ring(state, e.owner, space, Space(e.card))


def _step(state: State, e: ev.StepTaken) -> State:
    return _turn(state, step=Step(e.step), left=e.left)


REDUCERS: dict[type[Event], Callable[[State, Any], State]] = {
    ev.Started: _started,
    ev.DealerDrawn: lambda s, e: replace(s, dealer=e.seat),
    ev.Drew: lambda s, e: replace(s, piles=s.piles.drawn(e.seat, e.card)),
    ev.Reshuffled: lambda s, e: replace(s, piles=s.piles.reshuffled()),
    ev.Played: _played,
    ev.ActionPlayed: lambda s, e: _turn(replace(s, piles=s.piles.played(e.seat, e.card)),
                                        action=e.card),
    ev.ActionDiscarded: lambda s, e: _turn(replace(s, piles=s.piles.thrown([e.card])),
                                           action=None),
    ev.KappAnswered: _answered,
    ev.KappStomped: _kapp_stomped,
    ev.Stomped: _stomped,
    ev.Stolen: _stolen,
    ev.Asked: lambda s, e: _turn(s, target=e.target, colour=e.colour),
    ev.Given: lambda s, e: replace(s, piles=s.piles.passed(e.seat, e.taker, e.card)),
    ev.Shown: lambda s, e: _turn(s, shown=e.cards),
    ev.Dug: _dug,
    ev.Discarded: lambda s, e: replace(s, piles=s.piles.discarded(e.seat, e.card)),
    ev.StepTaken: _step,
    ev.TieAsked: lambda s, e: replace(s, tie=Tie(e.owner, e.colours)),
    ev.Scored: _scored,
    ev.LastPlayer: lambda s, e: replace(s.with_player(e.seat, last=True), last_hand=True),
    ev.TurnBegan: lambda s, e: replace(s, turn=Turn(e.seat), turns=s.turns + 1,
                                       idle=s.idle + 1),
    ev.Stopped: lambda s, e: s.with_player(e.seat, done=True),
    ev.RingDeclared: lambda s, e: replace(s, entering=e.owner),
    ev.Entered: _entered,
    ev.GameWon: lambda s, e: replace(s, winners=e.winners, turn=None, kapp=None, tie=None,
                                     entering=-1),
}


def _by_state(*choices: Phase) -> Pick[State, Event, Phase]:
    """A transition to whichever of `choices` the state after the event is in."""
    def choose(state: State, event: Event) -> Phase | None:
        phase = phase_of(REDUCERS[type(event)](state, event))
        return None if phase is state.phase else phase
    return Pick("by the state", choices, choose)


_TURN = (Phase.CARD, Phase.MORE, Phase.DISCARD, Phase.GIVE)
_OVER = {ev.GameWon: Phase.OVER}


def _turn_seat(state: State) -> tuple[int, ...]:
    return (state.turn.seat,) if state.turn is not None else ()


def _row(act: Phase, actors: Callable[[State], tuple[int, ...]],
         moves: dict[type[Event], tuple[Phase, ...]]) -> PhaseRow[State, Event, Phase]:
    nexts: dict[type[Event], Phase | Pick[State, Event, Phase]] = {
        event: _by_state(*targets) for event, targets in moves.items()}
    return PhaseRow(act, actors, {**nexts, **_OVER})


_PLAYING: dict[type[Event], tuple[Phase, ...]] = {
    ev.Played: (Phase.ANSWER, Phase.TIE, *_TURN),
    ev.Dug: (Phase.ANSWER, Phase.TIE, *_TURN),
    ev.StepTaken: _TURN,
    ev.Scored: _TURN,
    ev.TieAsked: (Phase.TIE,),
    ev.TurnBegan: (Phase.CARD,),
}

FLOW: Flow[State, Event, Phase] = Flow({
    Phase.SETUP: PhaseRow(Phase.SETUP, lambda s: (TABLE,)),
    Phase.CARD: _row(Phase.CARD, _turn_seat, _PLAYING),
    Phase.MORE: _row(Phase.MORE, _turn_seat, _PLAYING),
    Phase.DISCARD: _row(Phase.DISCARD, _turn_seat, _PLAYING),
    Phase.GIVE: _row(Phase.GIVE, lambda s: (s.turn.target,) if s.turn else (), _PLAYING),
    Phase.ANSWER: _row(Phase.ANSWER, lambda s: (s.kapp.owner,) if s.kapp else (), {
        ev.KappAnswered: (Phase.TIE, *_TURN), ev.KappStomped: _TURN}),
    Phase.TIE: _row(Phase.TIE, lambda s: (s.tie.owner,) if s.tie else (), {
        ev.Scored: (*_TURN, Phase.PAPER), ev.TurnBegan: (Phase.CARD,)}),
    Phase.PAPER: _row(Phase.PAPER, lambda s: tuple(s.seats), {
        ev.RingDeclared: (Phase.ENTER,)}),
    Phase.ENTER: _row(Phase.ENTER, lambda s: (s.entering,) if s.entering >= 0 else (), {
        ev.Scored: (Phase.PAPER,), ev.TieAsked: (Phase.TIE,)}),
    Phase.OVER: PhaseRow(Phase.OVER, lambda s: ()),
}, phase_of=lambda s: s.phase, start=Phase.SETUP)

REDUCER: Reducer[State, Event] = Reducer(
    REDUCERS, events=ev.EVENTS, flow=FLOW, opening=ev.Started, initial=EMPTY)


def evolve(state: State, event: Event) -> State:
    """The state after one event."""
    return REDUCER.evolve(state, event)


__all__ = ["FLOW", "REDUCER", "REDUCERS", "evolve"]
