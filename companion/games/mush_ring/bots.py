"""Mush-Ring's bots: a command for a seat now, chosen among the rules' legal options from
what that seat may see (its own hand, the public rings), for the demo and the tests.

`player` plays a dealt deck a little greedily: it builds up the colour its ring is
richest in, throws Deth Kapps beside an opponent's best cards, stomps a Deth Kapp
that would flip a good card, steals the best card it sees and keeps the tied colour
first listed. `paper` plays a paper deck as a group
would tell it (the group ends the game once its deck has nearly no scoring card
left): the first seat says whose ring is full and enter six cards the
deck can hold, and say "done" in the last hand.
"""

from __future__ import annotations

import random

from companion.core.acts import Command
from companion.games.mush_ring import acts as c
from companion.games.mush_ring.cards import Kind
from companion.games.mush_ring.model import Phase, State
from companion.games.mush_ring.options import OPTIONS, enterable
from companion.games.mush_ring.scoring import sums


def _worth(state: State, seat: int, command: Command) -> float:
    """How much the bot likes a command (higher first); ties broken at random. Once the
    piles run low it stomps no more (a stolen card goes on into a ring), so a game of bots
    always comes to its end."""
    ring = state.players[seat].ring if 0 <= seat < len(state.players) else ()
    low = len(state.piles.draw) + len(state.piles.discard) < 4 * len(state.players)
    if low and isinstance(command, c.Stomp | c.Answer):
        return 0 if not isinstance(command, c.Answer) or not command.stomp else -1
    if isinstance(command, c.PlayShroom):
        card = command.card
        gain = sums(ring).get(card.colour, 0) + card.value if card.kind is Kind.COLOUR else 1
        return 10 + gain
    if isinstance(command, c.PlayKapp):
        target = state.players[command.target].ring
        n = len(target)
        near = [target[(command.space + d) % n] for d in (-1, 1)]
        return 8 + sum(s.card.worth for s in near if s.card is not None and s.up)
    if isinstance(command, c.Answer):  # stomp only a Deth Kapp that would flip 2 or more
        kapp = state.kapp
        if kapp is None or not command.stomp:
            return 0
        n = len(ring)
        near = [ring[(kapp.space + d) % n] for d in (-1, 1)]
        return sum(s.card.worth for s in near if s.card is not None and s.up) - 1.5
    if isinstance(command, c.Steal):
        taken = state.players[command.target].ring[command.space].card
        return 6 + (taken.worth if taken is not None else 0)
    if isinstance(command, c.Discard | c.Give):
        return -command.card.worth
    if isinstance(command, c.Stop):
        return -5 if state.phase is Phase.CARD and state.last_hand else 0
    if isinstance(command, c.PlayDown):
        return 2
    if isinstance(command, c.PickColour):
        return 4
    return 5


def player(state: State, seat: int, rng: random.Random) -> Command | None:
    """A dealt deck's bot (see the module)."""
    commands = OPTIONS.legal_commands(state, seat)
    if not commands:
        return None
    if isinstance(commands[0], c.Keep):
        return commands[0]
    if rng.random() < 0.25:  # now and then another card: no two bots play in a loop
        other: Command = rng.choice(commands)
        return other
    chosen: Command = max(commands, key=lambda x: (_worth(state, seat, x), rng.random()))
    return chosen


def paper(state: State, seat: int, rng: random.Random) -> Command | None:
    """A paper deck's bot (see the module)."""
    commands = OPTIONS.legal_commands(state, seat)
    if not commands:
        return None
    if state.phase is Phase.PAPER:
        if any(isinstance(x, c.Stop) for x in commands):
            return c.Stop(seat)
        if len(enterable(state, seat)) <= 2 and c.EndGame(seat) in commands:
            return c.EndGame(seat)  # the deck's scoring cards are nearly all scored
        rings = [x for x in commands if isinstance(x, c.RingFull)]
        if seat != 0 or not rings or state.last_hand:  # the first seat tells for all
            return None
        ring: Command = rng.choice(rings)
        return ring
    pick: Command = rng.choice(commands)
    return pick


def either(state: State, seat: int, rng: random.Random) -> Command | None:
    """The bot for whichever deck the game is played with."""
    return paper(state, seat, rng) if state.paper else player(state, seat, rng)


POLICIES = {"either": either, "player": player, "paper": paper}

__all__ = ["POLICIES", "either", "paper", "player"]
