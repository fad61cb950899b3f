"""What each of Mush-Ring's commands does: the events it emits, in order, each folded at
once (the kernel's `Transaction`), so a handler reads the state its own events made.

A dealt turn runs to its end by itself once its card is resolved (`_proceed`): a ring
that filled is scored (O2), the player draws up (H5, not in the last hand, Y3) and the
next seat's turn begins (G9, Y3); it stops wherever a seat must answer first (a Deth
Kapp's owner, J3; a tie's, O7; Pick a Color's opponent, J5). Every card drawn is taken
at random by the kernel's deck with the table's dice and named in its event (G4).
"""

from __future__ import annotations

from companion.core.acts import Command, Event
from companion.core.deck import deals
from companion.core.dice import DiceSource
from companion.core.transaction import Handlers, Transaction
from companion.exc import RulesError
from companion.games.mush_ring import acts as c
from companion.games.mush_ring.cards import DETH_KAPP, HAND, Card, Kind
from companion.games.mush_ring.evolve import evolve
from companion.games.mush_ring.model import Deck, Phase, State, Step
from companion.games.mush_ring.options import OPTIONS
from companion.games.mush_ring.scoring import best, collect, winners

Tx = Transaction[State, Event]

IDLE_ROUNDS = 10
"""Y5: whole rounds of turns without a ring scored that end a game whose cards can no
longer fill one."""


def _draw(tx: Tx, seat: int, count: int) -> None:
    """G4, G7, G8: `count` cards into the seat's hand, reshuffling when the draw pile
    runs out, stopping when both piles are empty."""
    for _ in range(count):
        step = tx.state.piles.next_draw(tx.dice)
        if step.reshuffle:
            tx.emit(c.Reshuffled(len(tx.state.piles.discard)))
            step = tx.state.piles.next_draw(tx.dice)
        if step.card is None:
            return
        tx.emit(c.Drew(seat, step.card))


def _start(tx: Tx, command: c.Start) -> None:
    settings = command.settings
    settings.check()
    tx.emit(c.Started(settings))
    dealer = tx.roll(len(settings.names)) - 1  # G3
    tx.emit(c.DealerDrawn(dealer))
    if settings.deck is Deck.PAPER:
        return
    for seat in deals(len(settings.names), HAND, dealer):  # G4
        _draw(tx, seat, 1)
    tx.emit(c.TurnBegan(dealer))  # G9


def _score_if_full(tx: Tx, owner: int) -> None:
    """O2: a full ring is scored at once; tied best colours ask its owner (O7)."""
    player = tx.state.players[owner]
    if not player.full:
        return
    colours = best(player.ring, tx.state.require_settings().cards.colours)
    if len(colours) > 1:
        tx.emit(c.TieAsked(owner, colours))
        return
    _score(tx, owner, colours[0] if colours else "")


def _score(tx: Tx, owner: int, colour: str) -> None:
    collected, thrown = collect(tx.state.players[owner].ring, colour)
    tx.emit(c.Scored(owner, colour, collected, thrown))
    if tx.state.players[owner].reached and not tx.state.players[owner].last:
        tx.emit(c.LastPlayer(owner))  # Y1, Y2


def _finish(tx: Tx) -> None:
    tx.emit(c.GameWon(winners(tx.state.players)))  # Y5–Y7


def _done(tx: Tx, seat: int) -> None:
    """The turn's card is resolved: the turn ends once nothing more is asked."""
    tx.emit(c.StepTaken(seat, Step.DONE.value))
    _proceed(tx)


def _proceed(tx: Tx) -> None:
    """End the turn and begin the next, unless a seat must answer first."""
    state = tx.state
    if state.over or state.tie is not None or state.kapp is not None:
        return
    turn = state.turn
    if turn is None or turn.step is not Step.DONE:
        return
    if turn.action is not None:
        tx.emit(c.ActionDiscarded(turn.seat, turn.action))  # J1
    if not tx.state.last_hand:  # H5; Y3: nobody draws up in the last hand
        _draw(tx, turn.seat, HAND - len(tx.state.piles.hand(turn.seat)))
    state = tx.state
    piles = state.piles
    if not _can_fill(state) or state.idle >= IDLE_ROUNDS * len(state.players):
        _finish(tx)  # Y5: no ring can fill any more, or none has for ten rounds
        return
    n = len(state.players)
    for k in range(1, n + 1):
        seat = (turn.seat + k) % n
        player = state.players[seat]
        if not state.last_hand:
            tx.emit(c.TurnBegan(seat))
            return
        if not player.last and not player.done:
            if not piles.hand(seat):
                tx.emit(c.Stopped(seat))  # Y3: an empty hand is done
                continue
            tx.emit(c.TurnBegan(seat))
            return
    _finish(tx)  # Y5: every player who still plays is done


def _can_fill(state: State) -> bool:
    """Y5: whether a ring can still fill: six Shroom cards are still out of the score
    piles (in the piles, the hands or the rings), or the last hand lets action cards in."""
    if state.last_hand:
        return any(state.piles.hands)
    piles = state.piles
    out = [*piles.draw, *piles.discard, *(x for hand in piles.hands for x in hand),
           *(s.card for p in state.players for s in p.ring if s.card is not None)]
    return sum(1 for card in out if card.shroom) >= 6


def _place(tx: Tx, seat: int, card: Card, owner: int, space: int, up: bool = True) -> None:
    tx.emit(c.Played(seat, card, owner, space, up))
    if tx.state.kapp is None:
        _score_if_full(tx, owner)


def _play_shroom(tx: Tx, command: c.PlayShroom) -> None:
    _place(tx, command.seat, command.card, command.seat, command.space)
    _done(tx, command.seat)


def _play_kapp(tx: Tx, command: c.PlayKapp) -> None:
    _place(tx, command.seat, command.card, command.target, command.space)
    _done(tx, command.seat)


def _play_down(tx: Tx, command: c.PlayDown) -> None:
    _place(tx, command.seat, command.card, command.seat, command.space, up=False)  # Y4
    _done(tx, command.seat)


def _action(tx: Tx, seat: int, kind: Kind) -> None:
    tx.emit(c.ActionPlayed(seat, Card(kind)))  # H4


def _stomp(tx: Tx, command: c.Stomp) -> None:
    _action(tx, command.seat, Kind.STOMP)
    card = tx.state.players[command.target].ring[command.space].card
    assert card is not None
    tx.emit(c.Stomped(command.seat, command.target, command.space, card))  # J3
    _done(tx, command.seat)


def _steal(tx: Tx, command: c.Steal) -> None:
    _action(tx, command.seat, Kind.STEAL)
    card = tx.state.players[command.target].ring[command.space].card
    assert card is not None
    tx.emit(c.Stolen(command.seat, command.target, command.space, card))  # J4
    _done(tx, command.seat)


def _pick(tx: Tx, command: c.PickColour) -> None:
    _action(tx, command.seat, Kind.PICK_A_COLOR)
    tx.emit(c.Asked(command.seat, command.target, command.colour))
    hand = tx.state.piles.hand(command.target)
    cards = {x for x in hand if x.kind is Kind.COLOUR and x.colour == command.colour}
    if len(cards) == 1:  # one card, or all alike: given at once (J5)
        tx.emit(c.Given(command.target, command.seat, cards.pop()))
    elif cards:
        tx.emit(c.StepTaken(command.seat, Step.GIVE.value))
        return
    else:
        tx.emit(c.Shown(command.seat, command.target, tuple(sorted(hand))))
        _draw(tx, command.seat, 2)
    _done(tx, command.seat)


def _give(tx: Tx, command: c.Give) -> None:
    turn = tx.state.require_turn()
    tx.emit(c.Given(command.seat, turn.seat, command.card))  # J5
    _done(tx, turn.seat)


def _dig(tx: Tx, command: c.DigIt) -> None:
    _action(tx, command.seat, Kind.DIG_IT)
    tx.emit(c.Dug(command.seat, command.card, command.target, command.space))  # J6
    if tx.state.kapp is None:
        _score_if_full(tx, command.target)
    _done(tx, command.seat)


def _draw_three(tx: Tx, command: c.DrawThree) -> None:
    _action(tx, command.seat, Kind.DRAW_3_PICK_2)
    _draw(tx, command.seat, 3)  # J2
    left = min(2, len(tx.state.piles.hand(command.seat)))
    if left:
        tx.emit(c.StepTaken(command.seat, Step.DISCARD.value, left))
    else:
        _done(tx, command.seat)


def _one_more(tx: Tx, command: c.PlayOneMore) -> None:
    _action(tx, command.seat, Kind.PLAY_ONE_MORE)
    tx.emit(c.ActionDiscarded(command.seat, Card(Kind.PLAY_ONE_MORE)))
    tx.emit(c.StepTaken(command.seat, Step.MORE.value))  # J7


def _discard(tx: Tx, command: c.Discard) -> None:
    tx.emit(c.Discarded(command.seat, command.card))
    turn = tx.state.require_turn()
    if turn.step is Step.DISCARD and turn.left > 1 and tx.state.piles.hand(command.seat):
        tx.emit(c.StepTaken(command.seat, Step.DISCARD.value, turn.left - 1))  # J2
        return
    _done(tx, command.seat)  # J2's last discard, or H6


def _answer(tx: Tx, command: c.Answer) -> None:
    kapp = tx.state.kapp
    assert kapp is not None
    if command.stomp:  # J3: before anything flips
        tx.emit(c.KappStomped(kapp.owner, kapp.space))
    else:
        ring = tx.state.players[kapp.owner].ring
        near = ((kapp.space - 1) % len(ring), (kapp.space + 1) % len(ring))  # O1
        flipped = tuple(sorted({i for i in near if ring[i].card is not None and ring[i].up
                                and ring[i].card != DETH_KAPP}))
        tx.emit(c.KappAnswered(kapp.owner, kapp.space, flipped))  # O5
        _score_if_full(tx, kapp.owner)
    _proceed(tx)


def _keep(tx: Tx, command: c.Keep) -> None:
    _score(tx, command.seat, command.colour)  # O7
    if tx.state.paper:
        _after_paper(tx)
    else:
        _proceed(tx)


def _stop(tx: Tx, command: c.Stop) -> None:
    state = tx.state
    if state.paper:
        tx.emit(c.Stopped(command.seat))  # B4
        _after_paper(tx)
        return
    if state.last_hand and state.phase is Phase.CARD:
        tx.emit(c.Stopped(command.seat))  # Y3
    _done(tx, command.seat)


def _ring_full(tx: Tx, command: c.RingFull) -> None:
    tx.emit(c.RingDeclared(command.seat, command.owner))  # B2


def _enter(tx: Tx, command: c.Enter) -> None:
    tx.emit(c.Entered(command.seat, command.card))  # B2
    _score_if_full(tx, command.seat)  # B3
    if tx.state.tie is None and tx.state.entering < 0:
        _after_paper(tx)


def _after_paper(tx: Tx) -> None:
    """B4: the last hand is over once every player but the last ones is done."""
    state = tx.state
    if state.last_hand and all(p.last or p.done for p in state.players):
        _finish(tx)


def _end_game(tx: Tx, command: c.EndGame) -> None:
    _finish(tx)  # B4, Y5


def _refusal(state: State, command: Command) -> Exception:
    return RulesError(f"{type(command).__name__} is not allowed now ({state.phase.value})")


HANDLERS: Handlers[State, Command, Event] = Handlers({
    c.Start: _start, c.PlayShroom: _play_shroom, c.PlayKapp: _play_kapp,
    c.PlayDown: _play_down, c.Stomp: _stomp, c.Steal: _steal, c.PickColour: _pick,
    c.DigIt: _dig, c.DrawThree: _draw_three, c.PlayOneMore: _one_more,
    c.Discard: _discard, c.Give: _give, c.Answer: _answer, c.Keep: _keep, c.Stop: _stop,
    c.RingFull: _ring_full, c.Enter: _enter, c.EndGame: _end_game,
}, commands=c.COMMANDS, transaction=lambda state, dice: Transaction(state, dice, evolve),
    is_legal=OPTIONS.is_legal, over=lambda s: s.over, seats=lambda s: len(s.players),
    refusal=_refusal)


def apply(state: State, command: Command, dice: DiceSource) -> tuple[State, list[Event]]:
    """The new state and the events, or the refusal raised with nothing changed."""
    return HANDLERS.apply(state, command, dice)


__all__ = ["HANDLERS", "apply"]
