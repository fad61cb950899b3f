"""Mush-Ring states made to order for the rules' tests: a game started with the real
`Start`, then its hands, piles and rings set as a test needs them."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence

from companion.core import TABLE
from companion.core.deck import Piles
from companion.core.dice import DiceSource, SeededDice
from companion.core.values import replace
from companion.games.mush_ring import GAME, Deck, Settings, State
from companion.games.mush_ring import acts as c
from companion.games.mush_ring.bots import paper, player
from companion.games.mush_ring.cards import DEFAULT_DECK, DETH_KAPP, WILD, Card, Kind, coloured
from companion.games.mush_ring.model import EMPTY_RING, Space, Turn, phase_of

NAMES = ("Ann", "Bo", "Cy", "Di")
RED1, RED2, RED3 = coloured("red", 1), coloured("red", 2), coloured("red", 3)
YEL1, YEL2, YEL3 = coloured("yellow", 1), coloured("yellow", 2), coloured("yellow", 3)
GRN1, GRN2, GRN3 = coloured("green", 1), coloured("green", 2), coloured("green", 3)
BLU1, BLU3 = coloured("blue", 1), coloured("blue", 3)
STOMP, STEAL, PICK = Card(Kind.STOMP), Card(Kind.STEAL), Card(Kind.PICK_A_COLOR)
DIG, DRAW3, MORE = Card(Kind.DIG_IT), Card(Kind.DRAW_3_PICK_2), Card(Kind.PLAY_ONE_MORE)
__all__ = ["BLU1", "BLU3", "DETH_KAPP", "DIG", "DRAW3", "GRN1", "GRN2", "GRN3", "MORE",
           "PICK", "RED1", "RED2", "RED3", "STEAL", "STOMP", "WILD", "YEL1", "YEL2", "YEL3"]


def started(players: int = 2, deck: Deck = Deck.DEALT, seed: int = 1) -> State:
    """A game as `Start` leaves it."""
    state, _ = GAME.apply(GAME.initial, c.Start(TABLE, Settings(NAMES[:players], deck)),
                          SeededDice(seed))
    return state


def ring(*cards: Card | tuple[Card, bool] | None) -> tuple[Space, ...]:
    """A ring from up to six cards (a (card, False) pair is face-down), the rest open."""
    spaces = [Space() if x is None else Space(x[0], x[1]) if isinstance(x, tuple)
              else Space(x) for x in cards]
    return (*spaces, *EMPTY_RING[len(spaces):])


def table(hands: Sequence[Sequence[Card]], *, rings: Sequence[tuple[Space, ...]] = (),
          discard: Sequence[Card] = (), draw: Sequence[Card] | None = None, seat: int = 0,
          piles: Sequence[Sequence[Card]] = (), last_hand: bool = False) -> State:
    """A dealt game at `seat`'s turn with these hands, rings, discard pile and score
    piles; the draw pile holds the rest of the deck unless given."""
    state = started(len(hands))
    rings = [r or EMPTY_RING for r in rings] + [EMPTY_RING] * (len(hands) - len(rings))
    piles_ = list(piles) + [()] * (len(hands) - len(piles))
    players = tuple(replace(p, ring=rings[i], pile=tuple(piles_[i]))
                    for i, p in enumerate(state.players))
    if draw is None:
        rest = Counter(DEFAULT_DECK.cards())
        used = [*discard, *(x for h in hands for x in h), *(x for p in piles_ for x in p),
                *(s.card for r in rings for s in r if s.card is not None)]
        rest.subtract(used)
        assert not -rest, f"more cards than the deck holds: {-rest}"
        draw = sorted(rest.elements())
    after = replace(state, players=players, turn=Turn(seat), last_hand=last_hand,
                    piles=Piles(tuple(draw), tuple(discard), tuple(tuple(h) for h in hands)))
    return replace(after, phase=phase_of(after))


def names(events: Sequence[object]) -> list[str]:
    return [type(e).__name__ for e in events]


def play_out(state: State, dice: DiceSource, rng: random.Random,
             limit: int = 4000) -> tuple[State, list[c.Event], int]:
    """A game played to its end by the bots (a dealt or a paper deck's): the state, the
    events and the commands sent, every invariant checked after each."""
    policy = paper if state.paper else player
    events: list[c.Event] = []
    sent = 0
    while not state.over:
        command = next((x for s in GAME.seats_to_act(state)
                        if (x := policy(state, s, rng)) is not None), None)
        assert command is not None, state.phase
        state, made = GAME.apply(state, command, dice)
        events += made
        assert GAME.broken(state) == [], command
        sent += 1
        assert sent < limit
    return state, events, sent
