"""What each Canoe command does: one handler per command, emitting the events of its
effect through a transaction (`Tx`), as MUSH's handlers do.

Every random result is drawn here, from the dice source the engine is given, and written
into an event at once: the die, the deal, every reshuffle, the first player. `evolve()`
never draws.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from companion.core.dice import DiceSource
from companion.core.transaction import Transaction
from companion.core.values import by_type
from companion.games.canoe import commands as cmd
from companion.games.canoe import events as ev
from companion.games.canoe.cards import (
    CARDS,
    DESTINATION_CARDS,
    DESTINATIONS_PER_PILE,
    HERO_CARD,
    HERO_RAIN_POINTS,
    OWN_CARDS,
    PAPER_DESTINATION,
    CardKind,
    shuffle_card,
)
from companion.games.canoe.evolve import evolve
from companion.games.canoe.model import (
    CLIMBED_ATTRACTION,
    CLIMBING_WEATHER,
    DANGEROUS_FACE,
    DIE_SIDES,
    PILES,
    WEATHER_FACE,
    CardMode,
    DestinationRule,
    PaperEffect,
    Pile,
    Place,
    Weather,
)
from companion.games.canoe.queries import (
    already_done,
    attraction_obeys,
    destination_needed,
    goes_ahead,
    may_return,
    next_seat,
    pile_of,
    region_obeys,
    site_obeys,
)
from companion.games.canoe.state import GameState, Outcome


class Tx(Transaction[GameState, ev.Event]):
    """The Canoe game's transaction: its events, folded by its reducer; it shuffles too."""

    def __init__(self, state: GameState, dice: DiceSource) -> None:
        super().__init__(state, dice, evolve)

    def shuffled(self, cards: Sequence[str]) -> tuple[str, ...]:
        """A uniform shuffle (Fisher-Yates), one draw of the dice source per place."""
        out = list(cards)
        for i in range(len(out) - 1, 0, -1):
            j = self.roll(i + 1) - 1
            out[i], out[j] = out[j], out[i]
        return tuple(out)


# --- setting up and turns ----------------------------------------------------------------


def _h_start(tx: Tx, c: cmd.StartGame) -> None:
    settings = c.settings
    settings.check()
    tx.emit(ev.GameStarted(settings))
    if settings.cards is CardMode.ELECTRONIC:
        _deal(tx)
    n = settings.players
    face = tx.roll(n)  # C3: a uniform draw over the seats
    tx.emit(ev.FirstPlayerDrawn(seat=face - 1, face=face, sides=n))
    _start_turn(tx, face - 1)


def _deal(tx: Tx) -> None:
    """K1–K3: three Destination cards into each pile, each pile shuffled, its Shuffle card
    at the bottom."""
    settings = tx.state.require_settings()
    dealt: dict[Pile, list[str]] = {p: [c.id for c in OWN_CARDS[p]] for p in PILES}
    if settings.variants.destinations is not DestinationRule.NONE:
        destinations = tx.shuffled([c.id for c in DESTINATION_CARDS])
        for i, pile in enumerate(PILES):
            dealt[pile] += destinations[i * DESTINATIONS_PER_PILE:
                                        (i + 1) * DESTINATIONS_PER_PILE]
    order = {p: (*tx.shuffled(dealt[p]), shuffle_card(p)) for p in PILES}
    tx.emit(ev.PilesDealt(canoe=order[Pile.CANOE], camp=order[Pile.CAMP],
                          portage=order[Pile.PORTAGE]))


def _start_turn(tx: Tx, seat: int) -> None:
    """C3, C7, K10, N1: the turn of `seat`, or of the next player who owes no go. A go
    skipped takes no number of its own: the turn counter counts the goes played, so it
    never jumps over a missed go (the skipped go and the next one share the number)."""
    number = tx.state.turns + 1
    while True:
        tx.emit(ev.TurnStarted(seat, number))
        if tx.state.players[seat].misses == 0:
            return
        tx.emit(ev.TurnSkipped(seat))
        seat = next_seat(tx.state, seat)


def _end_turn(tx: Tx, seat: int) -> None:
    """The turn is over; E6: if every player still out is windbound on an island, the
    weather moves on by itself; then the next player's turn."""
    tx.emit(ev.TurnEnded(seat))
    state = tx.state
    if (state.weather is Weather.WINDBOUND
            and all(state.players[s].windbound for s in state.on_board)):
        _advance_weather(tx, "islands")
    _start_turn(tx, next_seat(tx.state, seat))


def _advance_weather(tx: Tx, reason: str) -> None:
    """E1, E2: the indicator one space clockwise; the weather changes if the space says.
    L3: a wind that gets up or heavy rain that sets in brings every canoe on the summit of
    Raven Rock down at once."""
    state = tx.state
    ring = state.require_settings().ring
    position = (state.position + 1) % len(ring.spaces)
    assert state.weather is not None
    weather = ring.weather_at(position, state.weather)
    tx.emit(ev.WeatherAdvanced(position, weather, reason))
    if weather not in CLIMBING_WEATHER:
        for seat in tx.state.on_board:
            if tx.state.players[seat].place is Place.SUMMIT:
                tx.emit(ev.PlaceLeft(seat, Place.SUMMIT, "weather"))


# --- the throw -----------------------------------------------------------------------------


def _h_roll(tx: Tx, c: cmd.Roll) -> None:
    face = tx.roll(DIE_SIDES)
    tx.emit(ev.DieRolled(c.seat, face))
    if face == WEATHER_FACE:
        _advance_weather(tx, "six")  # E2: before the player's go
    player = tx.state.players[c.seat]
    place = player.place
    if place is Place.SUMMIT:  # L2: the descent begins this go
        tx.emit(ev.PlaceLeft(c.seat, place, "descent"))
    elif place is Place.ROCK_BASE:  # L3: the canoe moves on (or says it waits again)
        tx.emit(ev.PlaceLeft(c.seat, place, "throw"))
    elif place is Place.UNMAPPED_EDGE:  # L5: the throw to enter sets the exit; the go ends
        tx.emit(ev.UnmappedEntered(c.seat, player.point, face))
        held = tx.state.players[c.seat].destination
        if held is not None and region_obeys(CARDS[held]):
            tx.emit(ev.DestinationObeyed(c.seat, held, auto=True))
        _end_turn(tx, c.seat)
    elif place is Place.UNMAPPED:  # L5: out by the exit the entry throw set
        tx.emit(ev.PlaceLeft(c.seat, place, "exit"))
    elif place is Place.DANGEROUS_POINT:  # L6: a 5 rounds the point; else wait on
        if face == DANGEROUS_FACE:
            tx.emit(ev.PlaceLeft(c.seat, place, "five"))
        else:
            _end_turn(tx, c.seat)


def _h_windbound(tx: Tx, c: cmd.StayWindbound) -> None:
    tx.emit(ev.Windbound(c.seat))
    _end_turn(tx, c.seat)


# --- places -----------------------------------------------------------------------------


def _h_climb(tx: Tx, c: cmd.Climb) -> None:
    tx.emit(ev.AttractionSeen(c.seat, CLIMBED_ATTRACTION, c.points))  # L1
    held = tx.state.players[c.seat].destination
    if held is not None and attraction_obeys(CARDS[held], CLIMBED_ATTRACTION):
        tx.emit(ev.DestinationObeyed(c.seat, held, auto=True))
    tx.emit(ev.Stopped(c.seat, Place.SUMMIT))  # L2: the go ends at the summit
    _end_turn(tx, c.seat)


def _h_wait_rock(tx: Tx, c: cmd.WaitAtRock) -> None:
    tx.emit(ev.Stopped(c.seat, Place.ROCK_BASE))  # L3
    _end_turn(tx, c.seat)


def _h_reach_unmapped(tx: Tx, c: cmd.ReachUnmapped) -> None:
    tx.emit(ev.Stopped(c.seat, Place.UNMAPPED_EDGE, c.point))  # L4
    _end_turn(tx, c.seat)


def _h_wait_point(tx: Tx, c: cmd.WaitAtPoint) -> None:
    tx.emit(ev.Stopped(c.seat, Place.DANGEROUS_POINT))  # L6
    _end_turn(tx, c.seat)


def _h_turn_back(tx: Tx, c: cmd.TurnBack) -> None:
    place = tx.state.players[c.seat].place
    assert place is not None
    tx.emit(ev.PlaceLeft(c.seat, place, "back"))


def _h_share(tx: Tx, c: cmd.ShareSpace) -> None:
    tx.emit(ev.SpaceShared(c.seat, c.other, goes_ahead(tx.state, c.seat, c.other)))  # L9


def _h_put_back_hero(tx: Tx, c: cmd.PutBackHero) -> None:
    tx.emit(ev.HeroDeclined(c.seat))  # K11: "you may keep this card"
    if tx.state.piles:
        tx.emit(ev.CardReturned(Pile.CAMP, HERO_CARD, Outcome.HERO_DECLINED))


def _choice_pending(state: GameState) -> bool:
    """C6, N1: whether the player still has a choice about a card drawn this go (a place's
    Destination card already done, the camp Hero card to keep or not); else the go is over
    once the canoe has landed or camped."""
    turn = state.require_turn()
    return turn.hero or (turn.kept is not None and may_return(CARDS[turn.kept]))


def _over_unless_pending(tx: Tx, seat: int) -> None:
    """The go ends where the canoe landed or camped, unless a card drawn asks a choice."""
    if tx.state.turn is not None and tx.state.turn.seat == seat and \
            tx.state.turn.awaiting is None and not _choice_pending(tx.state):
        _end_turn(tx, seat)


# --- cards ----------------------------------------------------------------------------------


def _draw(tx: Tx, seat: int, pile: Pile) -> None:
    """K3–K11: the top card of the pile and what it does."""
    cards = tx.state.pile(pile).cards
    top = cards[0]
    card = CARDS[top]
    if card.kind is CardKind.SHUFFLE:
        assert len(cards) > 1, f"the {pile} pile holds only its Shuffle card"
        tx.emit(ev.CardDrawn(seat, pile, top, 0))
        tx.emit(ev.PileShuffled(pile, (*tx.shuffled(cards[1:]), top)))
        _draw(tx, seat, pile)
        return
    if card.kind in (CardKind.ORDINARY, CardKind.MISS_GO):
        tx.emit(ev.CardDrawn(seat, pile, top, card.points))
        tx.emit(ev.CardReturned(pile, top, Outcome.SCORED))
        if card.kind is CardKind.MISS_GO:
            tx.emit(ev.GoForfeited(seat, "card"))
        return
    tx.emit(ev.CardDrawn(seat, pile, top, 0))
    if card.kind is CardKind.HERO:
        if tx.state.weather is Weather.HEAVY_RAIN:  # drawn by camping, in the rain
            tx.emit(ev.HeroUsed(seat, HERO_RAIN_POINTS))
            tx.emit(ev.CardReturned(pile, top, Outcome.HERO_USED))
        else:
            tx.emit(ev.HeroKept(seat))
        return
    reason = destination_needed(tx.state, seat)
    if reason is not None:
        outcome = Outcome.HELD_ONE if reason.code == "holds_destination" else Outcome.NOT_NEEDED
        tx.emit(ev.CardReturned(pile, top, outcome))
    elif already_done(tx.state, seat, card):
        tx.emit(ev.CardReturned(pile, top, Outcome.ALREADY_DONE))
    else:
        tx.emit(ev.DestinationKept(seat, top))


def _h_land(tx: Tx, c: cmd.Land) -> None:
    tx.emit(ev.Landed(c.seat, c.pile))
    _card(tx, c.seat, c.pile)
    _over_unless_pending(tx, c.seat)


def _h_land_late(tx: Tx, c: cmd.LandLate) -> None:
    """C6: the last go's landing, told before this go's throw: its card is drawn (or
    awaited) as a landing's is, and this go goes on to its throw. A card that makes its
    drawer miss the next go costs the go after this one, as its words say."""
    tx.emit(ev.LandedLate(c.seat, c.pile))
    _card(tx, c.seat, c.pile)


def _card(tx: Tx, seat: int, pile: Pile) -> None:
    if tx.state.require_settings().cards is CardMode.PAPER:
        tx.emit(ev.CardAwaited(seat, pile))  # K12
    else:
        _draw(tx, seat, pile)


def _h_camp(tx: Tx, c: cmd.Camp) -> None:
    tx.emit(ev.Camped(c.seat, c.site, c.points))
    held = tx.state.players[c.seat].destination
    if held is not None and site_obeys(CARDS[held], c.site):
        tx.emit(ev.DestinationObeyed(c.seat, held, auto=True))
    player = tx.state.players[c.seat]
    if player.hero and tx.state.weather is Weather.HEAVY_RAIN:  # K11
        tx.emit(ev.HeroUsed(c.seat, HERO_RAIN_POINTS))
        if tx.state.piles:  # paper cards: the group puts its own card back
            tx.emit(ev.CardReturned(Pile.CAMP, HERO_CARD, Outcome.HERO_USED))
    tx.emit(ev.GoForfeited(c.seat, "camp"))  # N1: camping misses one throw
    _card(tx, c.seat, Pile.CAMP)
    _over_unless_pending(tx, c.seat)  # N1: the turn terminates at the campsite


def _h_enter(tx: Tx, c: cmd.EnterCard) -> None:
    turn = tx.state.require_turn()
    pile = turn.awaiting
    assert pile is not None
    tx.emit(ev.CardEntered(c.seat, pile, c.points, c.effect))
    if c.effect is PaperEffect.MISS_GO:
        tx.emit(ev.GoForfeited(c.seat, "card"))
    elif c.effect is PaperEffect.DESTINATION and destination_needed(tx.state, c.seat) is None:
        tx.emit(ev.DestinationKept(c.seat, PAPER_DESTINATION.id))  # K7 (else: back under)
    elif c.effect is PaperEffect.HERO:  # K11, K12: the group's own Hero card
        if turn.camped and tx.state.weather is Weather.HEAVY_RAIN:
            tx.emit(ev.HeroUsed(c.seat, HERO_RAIN_POINTS))
        else:
            tx.emit(ev.HeroKept(c.seat))
    if turn.landed is not None or turn.camped:
        _over_unless_pending(tx, c.seat)


def _h_obey(tx: Tx, c: cmd.ObeyDestination) -> None:
    held = tx.state.players[c.seat].destination
    assert held is not None
    tx.emit(ev.DestinationObeyed(c.seat, held))


def _h_return(tx: Tx, c: cmd.ReturnDestination) -> None:
    held = tx.state.players[c.seat].destination
    assert held is not None
    tx.emit(ev.DestinationReturned(c.seat, held))
    if held != PAPER_DESTINATION.id:
        tx.emit(ev.CardReturned(pile_of(tx.state, held), held, Outcome.ALREADY_DONE))


# --- points and the end -------------------------------------------------------------------


def _h_see(tx: Tx, c: cmd.SeeAttraction) -> None:
    tx.emit(ev.AttractionSeen(c.seat, c.attraction, c.points))
    held = tx.state.players[c.seat].destination
    if held is not None and attraction_obeys(CARDS[held], c.attraction):
        tx.emit(ev.DestinationObeyed(c.seat, held, auto=True))


def _h_adjust(tx: Tx, c: cmd.Adjust) -> None:
    tx.emit(ev.PointsAdjusted(c.seat, c.points))


def _h_finish(tx: Tx, c: cmd.Finish) -> None:
    state = tx.state
    face = state.require_turn().face
    assert face is not None
    tx.emit(ev.GameWon(c.seat, state.players[c.seat].score, face))  # F3: only the leader


def _h_end(tx: Tx, c: cmd.EndTurn) -> None:
    _end_turn(tx, c.seat)


HANDLERS: dict[type[cmd.Command], Callable[[Tx, Any], None]] = by_type((
    _h_start, _h_roll, _h_windbound, _h_land, _h_camp, _h_see, _h_adjust, _h_obey,
    _h_return, _h_enter, _h_finish, _h_end, _h_climb, _h_wait_rock, _h_reach_unmapped,
    _h_wait_point, _h_turn_back, _h_share, _h_put_back_hero, _h_land_late,
), "a handler per command")
