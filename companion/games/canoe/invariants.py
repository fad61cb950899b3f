"""The invariants Q1–Q6 of `docs/canoe-rules.md`.

`INVARIANTS` are the checks of one state, after any event (a card between its draw and
its fate is in hand, and counted), named by rule, for the property tests and for a
journal that checks every event it reads. `journal_violations(events)` checks what only a
whole journal can
show: every score is the sum of what was applied to it (Q3), every owed go was skipped
exactly once (Q4), replaying the journal gives the same state (Q5), Raven Rock was
climbed only in weather that allows it and no go went on past its summit (L1, L2), a
landing told late was told before the throw of the go after its own, once (C6). An
empty list means the game is sound.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from companion.games.canoe import events as ev
from companion.games.canoe.cards import (
    CARDS,
    HERO_CARD,
    HERO_RAIN_POINTS,
    PAPER_DESTINATION,
    CardKind,
    shuffle_card,
)
from companion.games.canoe.evolve import evolve
from companion.games.canoe.kernel import Invariant, broken
from companion.games.canoe.model import CLIMBED_ATTRACTION, CLIMBING_WEATHER, Pile, Place
from companion.games.canoe.state import EMPTY, GameState


def _out_of(state: GameState, pile: Pile) -> list[str]:
    """Cards of this pile out of it: held Destination cards, the held Hero, obeyed ones,
    and the card in hand between its draw and the event that tells its fate."""
    composition = set(state.pile(pile).composition)
    out: list[str] = [state.in_hand] if state.in_hand in composition else []
    for player in state.players:
        if player.destination in composition:
            out.append(player.destination)
        out += [card for card in player.obeyed if card in composition]
        if player.hero and HERO_CARD in composition:
            out.append(HERO_CARD)
    return out


def decks_whole(state: GameState) -> bool:
    """Q1: every pile's cards, with the ones held and obeyed, are exactly its deal, and
    its Shuffle card is in it; the camp Hero is held by one player at most."""
    for pile in state.piles:
        if Counter(pile.cards) + Counter(_out_of(state, pile.pile)) != Counter(
                pile.composition):
            return False
        shuffle = shuffle_card(pile.pile)
        if pile.cards.count(shuffle) + (state.in_hand == shuffle) != 1:
            return False
    return sum(p.hero for p in state.players) <= 1


def one_destination(state: GameState) -> bool:
    """Q2: a player holds one Destination card at most, no card is held by two players,
    and what is held is a Destination card."""
    held = [p.destination for p in state.players if p.destination is not None]
    if any(card not in CARDS or CARDS[card].kind is not CardKind.DESTINATION
           for card in held):
        return False
    printed = [card for card in held if card != PAPER_DESTINATION.id]
    return len(printed) == len(set(printed))


def goes_owed(state: GameState) -> bool:
    """Q4: no player owes a negative number of goes."""
    return all(p.misses >= 0 for p in state.players)


def camps_on_board(state: GameState) -> bool:
    """Q6: every night was camped at one of the board's campsites, and the sites used
    since every site was last used are among them."""
    if state.settings is None:
        return True
    sites = set(state.settings.campsites.names)
    return all(set(p.camps) <= sites and set(p.cycle) < sites for p in state.players)


INVARIANTS: tuple[Invariant[GameState], ...] = (
    Invariant("Q1", "the piles' cards are their deal, held and obeyed cards included",
              decks_whole),
    Invariant("Q2", "one Destination card at most per player", one_destination),
    Invariant("Q4", "no player owes fewer than no goes", goes_owed),
    Invariant("Q6", "every camp is at a campsite of the board", camps_on_board),
)


def violations(state: GameState) -> list[str]:
    """The invariants `state` breaks, as "rule: words" (none for a sound state)."""
    return [f"{i.rule}: {i.text}" for i in broken(state, INVARIANTS)]


def _place_violations(state: GameState, events: Sequence[ev.Event], i: int) -> list[str]:
    """L1, L2 at event `i` (`state` is the game before it): Raven Rock is climbed only in
    a go whose weather allows it, and the go ends at the summit."""
    event = events[i]
    if isinstance(event, ev.AttractionSeen) and event.attraction is CLIMBED_ATTRACTION:
        turn = state.turn
        weather = turn.weather if turn is not None else None
        if weather not in CLIMBING_WEATHER:
            return [f"L1: seat {event.seat} climbed Raven Rock in {weather} (event {i})"]
    if isinstance(event, ev.Stopped) and event.place is Place.SUMMIT:
        following = events[i + 1] if i + 1 < len(events) else None
        if following is not None and not (isinstance(following, ev.TurnEnded)
                                           and following.seat == event.seat):
            return [f"L2: seat {event.seat} went on past the summit with "
                    f"{type(following).__name__} (event {i + 1})"]
    return []


def _late_violations(state: GameState, event: ev.Event, i: int) -> list[str]:
    """C6 at event `i` (`state` is the game before it): a landing told late is told in its
    player's own go, before the throw, once, for a last go thrown that ended with no
    landing, camp, climb or stop at a place."""
    if not isinstance(event, ev.LandedLate):
        return []
    turn = state.turn
    if turn is None or turn.seat != event.seat:
        return [f"C6: seat {event.seat} told a late landing outside its go (event {i})"]
    if turn.thrown or turn.late is not None:
        return [f"C6: seat {event.seat} told a late landing after this go's throw or twice "
                f"(event {i})"]
    if not state.players[event.seat].untold:
        return [f"C6: seat {event.seat} told a late landing for a go that had none to tell "
                f"(event {i})"]
    return []


def place_violations(events: Sequence[ev.Event]) -> list[str]:
    """L1, L2 alone over a whole journal (a quicker check than `journal_violations`)."""
    found: list[str] = []
    state = EMPTY
    for i, event in enumerate(events):
        if isinstance(event, ev.AttractionSeen | ev.Stopped):
            found += _place_violations(state, events, i)
        state = evolve(state, event)
    return found


_SCORING = (ev.CardDrawn, ev.HeroUsed, ev.Camped, ev.AttractionSeen, ev.PointsAdjusted,
            ev.CardEntered)


def journal_violations(events: Sequence[ev.Event]) -> list[str]:
    """Q3, Q4 over a whole journal (its first event starts the game), and the state
    invariants after every one of its events."""
    found: list[str] = []
    state = EMPTY
    for i, event in enumerate(events):  # Q1, Q2, Q4, Q6 after every event
        found += _place_violations(state, events, i)
        found += _late_violations(state, event, i)
        state = evolve(state, event)
        found += [f"{v} (after event {i}, {type(event).__name__})" for v in violations(state)]
    if state.settings is None:
        return found
    totals: Counter[int] = Counter()
    owed: Counter[int] = Counter()
    forfeited: Counter[int] = Counter()
    skipped: Counter[int] = Counter()
    for i, event in enumerate(events):
        if isinstance(event, ev.CardDrawn):
            card = CARDS[event.card]
            should = card.points if card.kind in (CardKind.ORDINARY, CardKind.MISS_GO) else 0
            if event.points != should:
                found.append(f"Q3: {event.card} gave {event.points}, the card says {should}")
        if isinstance(event, ev.HeroUsed) and event.points != HERO_RAIN_POINTS:
            found.append(f"Q3: the camp Hero gave {event.points}")
        if isinstance(event, _SCORING):
            totals[event.seat] += event.points
        if isinstance(event, ev.GoForfeited):
            owed[event.seat] += 1
            forfeited[event.seat] += 1
        following = events[i + 1] if i + 1 < len(events) else None
        before = events[i - 1] if i > 0 else None
        if isinstance(event, ev.TurnStarted):
            skips = isinstance(following, ev.TurnSkipped) and following.seat == event.seat
            if owed[event.seat] and not skips and following is not None:
                found.append(f"Q4: seat {event.seat} played a go it owed (event {i})")
            if skips:
                owed[event.seat] -= 1
                skipped[event.seat] += 1
        if isinstance(event, ev.TurnSkipped) and not (
                isinstance(before, ev.TurnStarted) and before.seat == event.seat):
            found.append(f"Q4: seat {event.seat} skipped a go outside its turn (event {i})")
    for seat, player in enumerate(state.players):
        if player.score != totals[seat]:
            found.append(f"Q3: seat {seat} scores {player.score}, its entries and cards "
                         f"add up to {totals[seat]}")
        if forfeited[seat] != skipped[seat] + player.misses:
            found.append(f"Q4: seat {seat} forfeited {forfeited[seat]} goes, skipped "
                         f"{skipped[seat]}, owes {player.misses}")
    return found
