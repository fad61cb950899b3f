"""A round, R1–R4: secret bids, order of play, the Early Riser, the Ice Bear."""

from __future__ import annotations

import itertools
import json
from dataclasses import replace

import pytest
from rules_harness import Game

from companion.exc import (
    CommandNotAllowedError,
    NotEnoughChipsError,
    NotYourTurnError,
)
from companion.games.mush import commands as c
from companion.games.mush import events as ev
from companion.games.mush.codec import to_data
from companion.games.mush.engine import order_of_play
from companion.games.mush.model import (
    Climate,
    MoveContext,
    Phase,
    RestPlace,
    RollKind,
    WindowKind,
)
from companion.games.mush.views import public_view, seat_view

W, M, C = Climate.WARM, Climate.MODERATE, Climate.COLD


def test_r1_bid_range_is_zero_to_chips_held() -> None:
    # R1, X6
    game = Game.bidding(3, [W, M, C])
    option = game.commands(0)
    amounts = sorted(cmd.amount for cmd in option if isinstance(cmd, c.LockBid))
    assert amounts == list(range(21))
    with pytest.raises(NotEnoughChipsError):
        game.do(c.LockBid(0, 21))


def test_r1_reveal_only_when_everyone_has_locked_and_unlock_is_possible() -> None:
    # R1: bids are revealed together only when every player has locked in.
    game = Game.bidding(3, [W, M, C])
    game.do(c.LockBid(0, 5))
    game.do(c.LockBid(1, 2))
    assert game.state.phase is Phase.BIDDING and game.state.revealed is None
    game.do(c.UnlockBid(0))
    assert game.state.bids == (None, 2, None)
    with pytest.raises(CommandNotAllowedError):
        game.do(c.LockBid(1, 3))  # locked: only unlocking is offered
    game.do(c.LockBid(0, 4))
    events = game.do(c.LockBid(2, 0))
    reveal = [e for e in events if isinstance(e, ev.BidsRevealed)]
    assert reveal == [ev.BidsRevealed(bids=(4, 2, 0), order=(0, 1, 2))]


def test_r1_bids_are_paid_to_the_bank_at_the_reveal() -> None:
    # R1 ruling: the bid chips are spent.
    game = Game.bidding(3, [W, M, C])
    bank = game.state.bank
    game.do(c.LockBid(0, 5))
    game.do(c.LockBid(1, 2))
    assert [p.chips for p in game.state.players] == [20, 20, 20]  # nothing paid yet
    game.do(c.LockBid(2, 0))
    assert [p.chips for p in game.state.players] == [15, 18, 20]
    assert game.state.bank == bank + 7
    paid = game.of_type(ev.ChipsPaid)
    assert paid == [ev.ChipsPaid(0, 5, "bid"), ev.ChipsPaid(1, 2, "bid")]


def test_r1_public_view_shows_only_who_has_locked() -> None:
    # R1, I5: during bidding the public view has "locked in / not yet", never a value.
    game = Game.bidding(4)
    game.do(c.LockBid(0, 7))
    game.do(c.LockBid(2, 19))
    view = public_view(game.state)
    assert [s["locked"] for s in view["seats"]] == [True, False, True, False]
    assert all(s["bid"] is None for s in view["seats"])
    other = Game.bidding(4)
    other.do(c.LockBid(0, 0))
    other.do(c.LockBid(2, 3))
    assert json.dumps(public_view(other.state)) == json.dumps(view)
    assert seat_view(game.state, 2)["own_bid"] == 19
    assert seat_view(game.state, 1)["own_bid"] is None
    assert all(e.private for e in game.events if isinstance(e, ev.BidLocked | ev.BidUnlocked))


def reference_order(bids: tuple[int, ...], bear: int) -> tuple[int, ...]:
    """R2 written the other way round: rank every seat by a tuple key."""
    n = len(bids)

    def key(seat: int) -> tuple[int, int, int]:
        distance = (seat - bear) % n
        if bids[seat] > 0:
            return (0, -bids[seat], distance)
        if seat == bear:
            return (1, 0, 0)
        return (2, 0, distance)

    return tuple(sorted(range(n), key=key))


@pytest.mark.slow
@pytest.mark.parametrize("players", range(2, 7))
def test_r2_every_tie_pattern_and_every_initiative_seat(players: int) -> None:
    # R2: bid values 0..players-1 cover every pattern of ties and zeros for n seats.
    values = range(players)  # n levels: every way n seats can tie, bid or pass
    checked = 0
    for bids in itertools.product(values, repeat=players):
        for bear in range(players):
            order = order_of_play(bids, bear)
            assert order == reference_order(bids, bear)
            assert sorted(order) == list(range(players))  # I3
            checked += 1
    assert checked >= players * len(values) ** players


def test_r2_worked_examples() -> None:
    # R2 (a) ties go to the seat nearer the Initiative Player, counting it as nearest.
    assert order_of_play((3, 3, 3, 3), 2) == (2, 3, 0, 1)
    # (b) the Initiative Player, if it bid 0, comes right after the bidders.
    assert order_of_play((0, 5, 0, 2), 0) == (1, 3, 0, 2)
    # (c) other zero bidders go clockwise from the Initiative Player's left.
    assert order_of_play((0, 0, 0, 0, 0), 3) == (3, 4, 0, 1, 2)
    assert order_of_play((1, 0, 4, 0, 1), 3) == (2, 4, 0, 3, 1)


def test_r3_early_riser_moves_one_space_before_the_weather() -> None:
    # R3
    game = Game.bidding(3, [W, M, C])
    events = game.bids([0, 2, 1])
    assert ev.MovementStarted(1, MoveContext.EARLY, 1) in events
    assert game.state.phase is Phase.EARLY_RISER and game.state.early_riser == 1
    assert game.state.weather is None
    # Nobody may pay to stop it: no reduce window, no other seat may act.
    assert not game.commands(0) and not game.commands(2)
    assert c.Move not in game.kinds(1) and c.Rest not in game.kinds(1)
    # A rough-terrain roll still applies to that space.
    game.do(c.RollTerrain(1, 0), 2)
    assert game.state.window is not None and game.state.window.kind is WindowKind.REROLL
    game.close()
    assert game.state.phase is Phase.WEATHER  # the failed roll ended the bonus move
    assert game.state.players[1].covered == 0  # no Dog Chip for the bonus move


def test_r3_early_riser_gets_one_space_only() -> None:
    # R3
    game = Game.bidding(3, [W, M, C])
    game.bids([3, 0, 0])
    game.do(c.RollTerrain(0, 0), 5)
    assert game.state.phase is Phase.EARLY_RISER
    assert c.RollTerrain not in game.kinds(0)  # the one space is used
    game.do(c.EndMove(0))
    assert game.state.phase is Phase.WEATHER


def test_r3_forfeit_when_nobody_bids() -> None:
    # R3
    game = Game.bidding(3, [W, M, C])
    events = game.bids([0, 0, 0])
    assert game.state.phase is Phase.WEATHER and game.state.early_riser is None
    assert not any(isinstance(e, ev.MovementStarted) for e in events)


def test_r4_ice_bear_passes_to_the_left_each_round() -> None:
    # R4
    game = Game.bidding(3, [W, M, C], ice_bear=2)
    bears = [game.state.ice_bear]
    for _ in range(4):
        game.to_weather()
        game.weather(1)
        for _ in range(3):
            seat = game.state.active
            assert seat is not None
            game.do(c.Rest(seat, RestPlace.WILDERNESS, 1))
        bears.append(game.state.ice_bear)
    assert bears == [2, 0, 1, 2, 0]
    ended = game.of_type(ev.RoundEnded)
    assert [to_data(e)["ice_bear"] for e in ended] == [0, 1, 2, 0]


@pytest.mark.parametrize("kind", ["terrain", "avalanche"])
def test_r3_a_successful_roll_of_the_early_risers_space_stands_at_once(kind: str) -> None:
    # R3, X1: "Opponents may not play Action Chips to prevent this movement", and X1
    # excludes the Early Riser's rolls except as R3 says: a successful roll is rerolled by
    # nobody, so no window opens and the space is entered at once.
    game = Game.bidding(3, [W, M, C])
    game.bids([0, 2, 1])
    if kind == "avalanche":
        game.state = replace(game.state, sticks=1)
        events = game.do(c.RollAvalanche(1, 0), 6)
    else:
        events = game.do(c.RollTerrain(1, 0), 5)
    assert not any(isinstance(e, ev.WindowOpened) for e in events)
    assert game.state.window is None and game.state.phase is Phase.EARLY_RISER
    assert game.state.turn is not None and game.state.turn.entered == 1
    assert not game.commands(0) and not game.commands(2)
    for seat in (0, 1, 2):
        with pytest.raises((NotYourTurnError, CommandNotAllowedError)):
            game.do(c.Reroll(seat))


@pytest.mark.parametrize("kind", ["terrain", "avalanche"])
def test_r3_only_the_early_riser_may_reroll_a_failed_roll_of_its_space(kind: str) -> None:
    # R3, X1: a failed roll can only be rerolled to the Early Riser's gain, so the window
    # waits for the Early Riser alone; opponents may not pay, whatever they hold.
    game = Game.bidding(3, [W, M, C])
    game.bids([0, 2, 1])
    if kind == "avalanche":
        game.state = replace(game.state, sticks=1)
        game.do(c.RollAvalanche(1, 0), 5)
    else:
        game.do(c.RollTerrain(1, 0), 3)
    window = game.state.window
    assert window is not None and window.kind is WindowKind.REROLL
    assert window.eligible == (1,)
    assert not game.commands(0) and not game.commands(2)
    with pytest.raises(NotYourTurnError):
        game.do(c.Reroll(0))
    assert game.state.players[0].chips == 20 and game.state.players[2].chips == 19
    game.close()
    assert game.state.phase is Phase.WEATHER  # the failed roll ended the bonus move


def test_r3_the_early_riser_may_reroll_a_failed_roll_of_its_own() -> None:
    # R3, X1: the reroll is the Early Riser's own choice, paid by itself.
    game = Game.bidding(3, [W, M, C])
    game.bids([0, 2, 1])
    game.do(c.RollTerrain(1, 0), 1)
    events = game.do(c.Reroll(1), 4)
    assert game.state.players[1].chips == 20 - 2 - 3
    # the reroll succeeded: it stands at once, nobody may reroll it back
    assert ev.SpaceEntered(1, RollKind.TERRAIN) in events
    assert game.state.window is None and game.state.phase is Phase.EARLY_RISER
    assert game.state.turn is not None and game.state.turn.entered == 1


def test_r3_an_early_riser_too_poor_to_reroll_sees_its_failed_roll_stand() -> None:
    # R3, X1, X6: no window when the Early Riser cannot pay 3 chips, even if others could.
    game = Game.bidding(3, [W, M, C])
    game.bids([0, 20, 1])  # seat 1 spends every chip on its bid
    events = game.do(c.RollTerrain(1, 0), 2)
    assert not any(isinstance(e, ev.WindowOpened) for e in events)
    assert ev.MovementEnded(1, MoveContext.EARLY, True) in events
    assert game.state.phase is Phase.WEATHER
