"""What each seat may do now in Mush-Ring: every option that applies, the blocked ones with
the rules' reason, by the phase's act (the kernel's `OptionTable`).

A menu is built from these alone; a command the options do not admit is refused by
`apply`. The cards a seat is offered come from its own hand, so a seat's options are
for that seat's eyes only (U1).
"""

from __future__ import annotations

from collections.abc import Iterable

from companion.core.acts import Command
from companion.core.options import Option, OptionTable, Reason
from companion.games.mush_ring import acts as c
from companion.games.mush_ring.cards import ACTIONS, DETH_KAPP, Card, Kind
from companion.games.mush_ring.evolve import FLOW
from companion.games.mush_ring.model import Phase, State

Opt = Option[Command]


def _distinct(cards: Iterable[Card]) -> list[Card]:
    return sorted(set(cards))


def _open(state: State, owner: int) -> tuple[int, ...]:
    return tuple(i for i, s in enumerate(state.players[owner].ring) if s.open)


def _taken(state: State, owner: int, steal: bool = False) -> tuple[int, ...]:
    """The spaces of a ring holding a card Stomp (any card) or Steal (not an action card
    played face-down, J4) may pick."""
    return tuple(i for i, s in enumerate(state.players[owner].ring)
                 if s.card is not None and not (steal and s.card.action))


def _shrooms(state: State, seat: int, hand: Iterable[Card]) -> list[Opt]:
    """H2, H3: the hand's Shroom cards, each into every space it may go."""
    out: list[Opt] = []
    own = _open(state, seat)
    for card in _distinct(hand):
        if card.kind in (Kind.COLOUR, Kind.WILD) and own:
            out.append(Option(c.PlayShroom, seat, {"card": (card,), "space": own}))
        elif card == DETH_KAPP:
            for target in state.opponents(seat):
                if spaces := _open(state, target):
                    out.append(Option(c.PlayKapp, seat, {"card": (card,), "target": (target,),
                                                         "space": spaces}))
    return out


def _at(command: type[c.Command], state: State, seat: int, steal: bool) -> list[Opt]:
    out = [Option(command, seat, {"target": (t,), "space": spaces})
           for t in state.opponents(seat) if (spaces := _taken(state, t, steal))]
    return out or [Option(command, seat, blocked=Reason("no_card_in_rings", "J3"))]


def _dig(state: State, seat: int) -> list[Opt]:
    """J6: each Shroom card of the discard pile, into the rings it may go."""
    out: list[Opt] = []
    for card in _distinct(x for x in state.piles.discard if x.shroom):
        rings = state.opponents(seat) if card == DETH_KAPP else (seat, *state.opponents(seat))
        for target in rings:
            if spaces := _open(state, target):
                out.append(Option(c.DigIt, seat, {"card": (card,), "target": (target,),
                                                   "space": spaces}))
    return out or [Option(c.DigIt, seat, blocked=Reason("no_shroom_discarded", "J6"))]


def _card(state: State, seat: int) -> list[Opt]:
    """H1: the turn's card. The last hand adds Y4's face-down action cards and stopping
    (Y3); a hand with nothing playable discards (H6); an empty hand passes."""
    hand = state.piles.hand(seat)
    out = _shrooms(state, seat, hand)
    kinds = {card.kind for card in hand}
    if Kind.DRAW_3_PICK_2 in kinds:
        out.append(Option(c.DrawThree, seat))
    if Kind.PLAY_ONE_MORE in kinds:
        out.append(Option(c.PlayOneMore, seat))
    if Kind.STOMP in kinds:
        out += _at(c.Stomp, state, seat, False)
    if Kind.STEAL in kinds:
        out += _at(c.Steal, state, seat, True)
    if Kind.PICK_A_COLOR in kinds and state.opponents(seat):
        out.append(Option(c.PickColour, seat, {"target": state.opponents(seat),
                                               "colour": state.require_settings().cards.colours}))
    if Kind.DIG_IT in kinds:
        out += _dig(state, seat)
    if state.last_hand:
        actions = [card for card in _distinct(hand) if card.kind in ACTIONS]
        if actions and (own := _open(state, seat)):
            out.append(Option(c.PlayDown, seat, {"card": tuple(actions), "space": own}))
        out.append(Option(c.Stop, seat))
    elif not hand:
        out.append(Option(c.Stop, seat))
    elif not any(o.blocked is None for o in out):
        out.append(Option(c.Discard, seat, {"card": tuple(_distinct(hand))}))
    return out


def _more(state: State, seat: int) -> list[Opt]:
    """J7: one more Shroom card, or the turn ends."""
    return [*_shrooms(state, seat, state.piles.hand(seat)), Option(c.Stop, seat)]


def _discard(state: State, seat: int) -> list[Opt]:
    """J2: a card of the hand to the discard pile."""
    return [Option(c.Discard, seat, {"card": tuple(_distinct(state.piles.hand(seat)))})]


def _give(state: State, seat: int) -> list[Opt]:
    """J5: a card of the colour asked."""
    turn = state.require_turn()
    cards = [x for x in state.piles.hand(seat)
             if x.kind is Kind.COLOUR and x.colour == turn.colour]
    return [Option(c.Give, seat, {"card": tuple(_distinct(cards))})]


def _answer(state: State, seat: int) -> list[Opt]:
    """J3: Stomp the Deth Kapp (greyed without a Stomp in hand), or let it flip."""
    stomp = Card(Kind.STOMP) in state.piles.hand(seat)
    return [Option(c.Answer, seat, {"stomp": (True,)},
                   None if stomp else Reason("no_stomp", "J3")),
            Option(c.Answer, seat, {"stomp": (False,)})]


def _tie(state: State, seat: int) -> list[Opt]:
    """O7: one of the tied colours."""
    assert state.tie is not None
    return [Option(c.Keep, seat, {"colour": state.tie.colours})]


def _paper(state: State, seat: int) -> list[Opt]:
    """B2, B4: a full ring to enter, "done" in the last hand, the end of the game."""
    owners = tuple(s for s in state.seats if not state.players[s].last)
    out: list[Opt] = [Option(c.RingFull, seat, {"owner": owners})] if owners else []
    me = state.players[seat]
    if state.last_hand and not me.last and not me.done:
        out.append(Option(c.Stop, seat))
    scored = any(p.pile for p in state.players)
    out.append(Option(c.EndGame, seat, blocked=None if scored else Reason("no_ring_yet", "B4")))
    return out


def enterable(state: State, owner: int) -> list[Card]:
    """B2: the cards a paper ring's next space may hold: the deck's coloured cards and
    Wilds while the deck holds more of them than the score piles and this ring do, and
    "worth 0" (a Deth Kapp stands for any such card)."""
    spec = state.require_settings().cards
    deck = spec.holds()
    seen = [x for p in state.players for x in p.pile]
    seen += [s.card for s in state.players[owner].ring if s.card is not None]
    for card in seen:
        deck[card] -= 1
    kinds = [*(Card(Kind.COLOUR, col, v) for col in spec.colours
               for v in sorted(set(spec.values))), Card(Kind.WILD)]
    return [card for card in kinds if deck[card] > 0] + [DETH_KAPP]


def _enter(state: State, seat: int) -> list[Opt]:
    return [Option(c.Enter, seat, {"card": tuple(enterable(state, seat))})]


OPTIONS: OptionTable[State, Command] = OptionTable({
    Phase.SETUP: lambda s, seat: [Option(c.Start, seat)],
    Phase.CARD: _card, Phase.MORE: _more, Phase.DISCARD: _discard, Phase.GIVE: _give,
    Phase.ANSWER: _answer, Phase.TIE: _tie, Phase.PAPER: _paper, Phase.ENTER: _enter,
    Phase.OVER: lambda s, seat: [],
}, act_of=FLOW.act_of, actors=FLOW.actors, kinds=Phase)


def options(state: State, seat: int) -> list[Opt]:
    """Every option that applies to `seat` now (the blocked with the rules' reason)."""
    return OPTIONS.options(state, seat)


__all__ = ["OPTIONS", "enterable", "options"]
