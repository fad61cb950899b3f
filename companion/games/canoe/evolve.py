"""The reducer: how each event changes a Canoe state. The only place a state changes.

`apply()` emits events and folds them through `evolve()` as it goes; replay folds the
journal's events through the same function, so replaying reproduces the state (Q5) by
construction.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from companion.core.reducer import Reducer
from companion.core.values import by_type
from companion.games.canoe import events as ev
from companion.games.canoe.cards import HERO_CARD
from companion.games.canoe.model import (
    CAMPED_ATTRACTION,
    PILES,
    Phase,
    Place,
    Weather,
    is_camped_attraction,
)
from companion.games.canoe.phases import FLOW
from companion.games.canoe.state import (
    EMPTY,
    GameState,
    Outcome,
    PileState,
    PlayerState,
    Shown,
    TurnState,
    replace,
)


def _started(s: GameState, e: ev.GameStarted) -> GameState:
    ring = e.settings.ring
    first = ring.spaces[0]
    assert first is not None
    return GameState(phase=Phase.SETUP, settings=e.settings,
                     players=tuple(PlayerState(name) for name in e.settings.names),
                     position=0, weather=first)


def _dealt(s: GameState, e: ev.PilesDealt) -> GameState:
    piles = tuple(PileState(pile, cards, tuple(sorted(cards)))
                  for pile, cards in zip(PILES, (e.canoe, e.camp, e.portage), strict=True))
    return replace(s, piles=piles)


def _first(s: GameState, e: ev.FirstPlayerDrawn) -> GameState:
    return replace(s, first=e.seat)


def _turn_started(s: GameState, e: ev.TurnStarted) -> GameState:
    start = s.players[e.seat].place
    return replace(s, turn=TurnState(e.seat, e.number, start=start), turns=e.number)


def _skipped(s: GameState, e: ev.TurnSkipped) -> GameState:
    s = s.with_player(e.seat, misses=s.players[e.seat].misses - 1)
    return replace(s, turn=None)


def _rolled(s: GameState, e: ev.DieRolled) -> GameState:
    s = s.with_player(e.seat, windbound=False, untold=False)  # C6: a late landing is gone
    return replace(s, turn=replace(s.require_turn(), face=e.face, weather=s.weather))


def _weather(s: GameState, e: ev.WeatherAdvanced) -> GameState:
    players = s.players
    if e.weather is not Weather.WINDBOUND:  # L7: the wind drops, every island is left
        players = tuple(replace(p, windbound=False) if p.windbound else p for p in players)
    turn = s.turn
    if turn is not None and turn.thrown:
        turn = replace(turn, weather=e.weather)  # E2: the new weather holds for this go
    return replace(s, position=e.position, weather=e.weather, players=players, turn=turn)


def _windbound(s: GameState, e: ev.Windbound) -> GameState:
    return s.with_player(e.seat, windbound=True)


def _stopped(s: GameState, e: ev.Stopped) -> GameState:
    return s.with_player(e.seat, place=e.place, point=e.point)


def _unmapped_entered(s: GameState, e: ev.UnmappedEntered) -> GameState:
    return s.with_player(e.seat, place=Place.UNMAPPED, point=e.point, exit=e.exit)


def _place_left(s: GameState, e: ev.PlaceLeft) -> GameState:
    player = s.players[e.seat]
    unmapped = (player.point, player.exit) if player.place is Place.UNMAPPED \
        else player.unmapped
    return s.with_player(e.seat, place=None, point=0, exit=0, unmapped=unmapped)


def _shared(s: GameState, e: ev.SpaceShared) -> GameState:
    return replace(s, turn=replace(s.require_turn(), shared=(e.other, e.ahead)))


def _hero_declined(s: GameState, e: ev.HeroDeclined) -> GameState:
    s = s.with_player(e.seat, hero=False)
    turn = replace(s.turn, hero=False) if s.turn is not None else None
    return replace(s, turn=turn, in_hand=HERO_CARD if s.piles else None)


def _landed(s: GameState, e: ev.Landed) -> GameState:
    return replace(s, turn=replace(s.require_turn(), landed=e.pile))


def _landed_late(s: GameState, e: ev.LandedLate) -> GameState:
    s = s.with_player(e.seat, untold=False)  # C6: once, for the last go only
    return replace(s, turn=replace(s.require_turn(), late=e.pile))


def _camped(s: GameState, e: ev.Camped) -> GameState:
    player = s.players[e.seat]
    sites = s.require_settings().campsites.names
    cycle = player.cycle if e.site in player.cycle else (*player.cycle, e.site)
    if set(sites) <= set(cycle):
        cycle = ()  # N3: every site used: any may be used again
    attractions = player.attractions
    if is_camped_attraction(e.site) and CAMPED_ATTRACTION not in attractions:
        attractions = (*attractions, CAMPED_ATTRACTION)
    s = s.with_player(e.seat, camps=(*player.camps, e.site), cycle=cycle,
                      score=player.score + e.points, attractions=attractions)
    return replace(s, turn=replace(s.require_turn(), camped=True))


def _drawn(s: GameState, e: ev.CardDrawn) -> GameState:
    cards = s.pile(e.pile).cards
    assert cards and cards[0] == e.card, f"{e.card} is not on top of the {e.pile} pile"
    s = s.with_pile(e.pile, cards[1:])
    s = s.with_player(e.seat, score=s.players[e.seat].score + e.points)
    turn = s.turn
    late = turn is not None and turn.late is not None and not turn.thrown  # C6
    return replace(s, shown=Shown(e.seat, e.pile, e.card, e.points, Outcome.SCORED, late),
                   in_hand=e.card)


def _shuffled(s: GameState, e: ev.PileShuffled) -> GameState:
    return replace(s.with_pile(e.pile, e.order), in_hand=None)  # the Shuffle card is back


def _shown_as(s: GameState, card: str, outcome: Outcome) -> Shown | None:
    if s.shown is not None and s.shown.card == card:
        return replace(s.shown, outcome=outcome)
    return s.shown


def _returned(s: GameState, e: ev.CardReturned) -> GameState:
    s = s.with_pile(e.pile, (*s.pile(e.pile).cards, e.card))
    return replace(s, shown=_shown_as(s, e.card, e.outcome), in_hand=None)


def _kept(s: GameState, e: ev.DestinationKept) -> GameState:
    s = s.with_player(e.seat, destination=e.card)
    turn = replace(s.require_turn(), kept=e.card)
    return replace(s, turn=turn, shown=_shown_as(s, e.card, Outcome.KEPT), in_hand=None)


def _obeyed(s: GameState, e: ev.DestinationObeyed) -> GameState:
    player = s.players[e.seat]
    s = s.with_player(e.seat, destination=None, obeyed=(*player.obeyed, e.card))
    turn = s.turn
    if turn is not None and turn.kept == e.card:
        turn = replace(turn, kept=None)
    return replace(s, turn=turn)


def _dest_returned(s: GameState, e: ev.DestinationReturned) -> GameState:
    s = s.with_player(e.seat, destination=None)
    return replace(s, turn=replace(s.require_turn(), kept=None), in_hand=e.card)


def _hero_kept(s: GameState, e: ev.HeroKept) -> GameState:
    s = s.with_player(e.seat, hero=True)
    turn = replace(s.turn, hero=True) if s.turn is not None else None
    return replace(s, shown=_shown_as(s, HERO_CARD, Outcome.HERO_KEPT), in_hand=None,
                   turn=turn)


def _hero_used(s: GameState, e: ev.HeroUsed) -> GameState:
    player = s.players[e.seat]
    s = s.with_player(e.seat, hero=False, score=player.score + e.points)
    if s.piles:  # played: on its way back under the Camp pile (paper: the group's own)
        s = replace(s, in_hand=HERO_CARD)
    if s.shown is not None and s.shown.card == HERO_CARD:  # drawn in the rain: shown scoring
        s = replace(s, shown=replace(s.shown, points=e.points, outcome=Outcome.HERO_USED))
    return s


def _forfeited(s: GameState, e: ev.GoForfeited) -> GameState:
    return s.with_player(e.seat, misses=s.players[e.seat].misses + 1)


def _seen(s: GameState, e: ev.AttractionSeen) -> GameState:
    player = s.players[e.seat]
    attractions = player.attractions
    if e.attraction not in attractions:
        attractions = (*attractions, e.attraction)
    s = s.with_player(e.seat, score=player.score + e.points, attractions=attractions)
    if s.turn is not None and e.attraction not in s.turn.seen:  # L8: once per go
        s = replace(s, turn=replace(s.turn, seen=(*s.turn.seen, e.attraction)))
    return s


def _adjusted(s: GameState, e: ev.PointsAdjusted) -> GameState:
    return s.with_player(e.seat, score=s.players[e.seat].score + e.points)


def _awaited(s: GameState, e: ev.CardAwaited) -> GameState:
    return replace(s, turn=replace(s.require_turn(), awaiting=e.pile))


def _entered(s: GameState, e: ev.CardEntered) -> GameState:
    s = s.with_player(e.seat, score=s.players[e.seat].score + e.points)
    return replace(s, turn=replace(s.require_turn(), awaiting=None))


def _turn_ended(s: GameState, e: ev.TurnEnded) -> GameState:
    """C6: a go thrown that ended with no landing, camp, climb or stop at a place (the
    canoe on the water, not held on an island) may still have landed on C or P: its
    player may say so next go, before the throw."""
    turn, player = s.turn, s.players[e.seat]
    untold = turn is not None and turn.seat == e.seat and turn.thrown \
        and turn.landed is None and not turn.camped and player.place is None \
        and not player.windbound
    return replace(s.with_player(e.seat, untold=untold), turn=None)


def _home(s: GameState, e: ev.PlayerHome) -> GameState:
    hero = s.players[e.seat].hero
    s = s.with_player(e.seat, home=True, hero=False)
    return replace(s, in_hand=HERO_CARD) if hero else s  # K11: the Hero goes back


def _won(s: GameState, e: ev.GameWon) -> GameState:
    return replace(s, winner=e.seat)


_REDUCERS: dict[type[ev.Event], Callable[[GameState, Any], GameState]] = by_type((
    _started, _dealt, _first, _turn_started, _skipped, _rolled, _weather, _windbound,
    _landed, _camped, _drawn, _shuffled, _returned, _kept, _obeyed, _dest_returned,
    _hero_kept, _hero_used, _forfeited, _seen, _adjusted, _awaited, _entered, _turn_ended,
    _home, _won, _stopped, _unmapped_entered, _place_left, _shared, _hero_declined,
    _landed_late,
), "a reducer per event type")

REDUCER: Reducer[GameState, ev.Event] = Reducer(
    _REDUCERS, events=ev.EVENT_TYPES, flow=FLOW, opening=ev.GameStarted, initial=EMPTY)
"""The kernel's fold over the reducers above: the phase moves only as the phase table
says, and a replay folds a journal's events from the empty game (Q5)."""

evolve = REDUCER.evolve
"""The state after one event."""
replay = REDUCER.replay
"""Fold a journal's events from the start of a game (Q5)."""
