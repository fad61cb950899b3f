"""Action Chips, X1–X7: rerolls, reducing dice, modifiers, sticks, passing, the bank."""

from __future__ import annotations

from dataclasses import replace

import pytest
from rules_harness import Game

from companion.exc import (
    CommandNotAllowedError,
    IllegalChoiceError,
    NotEnoughChipsError,
    NotYourTurnError,
)
from companion.games.mush import commands as c
from companion.games.mush import events as ev
from companion.games.mush.engine import legal
from companion.games.mush.model import Climate, Phase, RestPlace, RollKind, StickAction, WindowKind
from companion.games.mush.queries import waiting_seats
from companion.games.mush.state import GameState

W, M, C = Climate.WARM, Climate.MODERATE, Climate.COLD


def in_turn(players: int = 3) -> Game:
    game = Game.bidding(players, [M, C, W, M, C, W][:players])
    game.to_weather()
    game.weather(1)
    return game


def test_x1_anyone_may_force_a_reroll_of_the_weather() -> None:
    # X1: after the weather roll any player may pay 3 to make the roller roll again.
    game = Game.bidding(3, [M, C, W], ice_bear=0)
    game.to_weather()
    game.do(c.RollWeather(0), 1)
    assert game.state.window is not None and game.state.window.roll is RollKind.WEATHER
    assert set(game.state.window.eligible) == {0, 1, 2}
    game.do(c.Reroll(2), 6)
    assert game.state.weather is Climate.COLD and game.state.players[2].chips == 17
    assert ev.RerollForced(2, 0, RollKind.WEATHER) in game.events
    # A reroll is itself a roll and may be rerolled again; passes reset.
    assert game.state.window is not None and game.state.window.passed == ()
    game.do(c.Reroll(1), 4)
    assert game.state.last_roll is not None and game.state.last_roll.rerolls == 2
    for seat in range(3):
        game.do(c.Pass(seat))
    assert game.state.phase is Phase.TURN and game.state.weather is Climate.MODERATE


def test_x1_dog_dice_are_rerolled_all_together_in_the_same_number() -> None:
    # X1, X2: the reduction holds for the reroll.
    game = in_turn()
    game.do(c.Move(0))
    game.do(c.Reduce(1, 2))
    game.close(6, 6, 6, 6, 6, 6, 6)
    game.do(c.Reroll(0), 1, 1, 1, 1, 1, 1, 1)  # the roller may pay too
    rolls = game.of_type(ev.DogDiceRolled)
    assert [len(r.faces) for r in rolls if isinstance(r, ev.DogDiceRolled)] == [7, 7]
    last = rolls[-1]
    assert isinstance(last, ev.DogDiceRolled) and last.reroll and last.dogs == 7


def test_x1_terrain_reroll_keeps_the_paid_modifier() -> None:
    # X1, M4: the modifier was paid before the roll; a forced reroll uses it again.
    game = in_turn()
    game.move(0, [1] * 8)
    game.do(c.RollTerrain(0, 1), 5)  # 5 + 1 enters
    game.do(c.Reroll(1), 2)  # an opponent forces a reroll: 2 + 1 fails
    assert game.of_type(ev.TerrainRolled)[-1] == ev.TerrainRolled(0, 2, 1, False, True)
    assert game.state.players[0].chips == 19 and game.state.players[1].chips == 17


def test_x1_no_reroll_of_initiative_or_training_draws() -> None:
    # X1: the initiative and training-order draws are excluded.
    game = Game.bidding(3, [M, C, W])
    assert game.state.window is None and game.state.phase is Phase.BIDDING
    assert not any(isinstance(e, ev.WindowOpened) for e in game.events)


def test_x1_reroll_needs_three_chips() -> None:
    # X1, X6
    game = in_turn()
    game.state = game.state.with_player(2, chips=2)
    game.move(0, [1] * 8)
    game.do(c.RollTerrain(0, 0), 5)
    assert game.state.window is not None and 2 not in waiting_seats(game.state)
    before = game.state
    with pytest.raises(NotEnoughChipsError, match="costs 3 Action Chips; seat 2 holds 2"):
        game.do(c.Reroll(2))  # what stops the seat is its chips, not whose turn it is
    assert game.state is before
    with pytest.raises(NotYourTurnError):
        game.do(c.Pass(2))  # a pass costs nothing: the seat is simply not asked


def test_x2_two_chips_per_die_at_most_three_dice() -> None:
    # X2
    game = in_turn()
    game.do(c.Move(0))
    chips = {cmd.chips for cmd in game.commands(1) if isinstance(cmd, c.Reduce)}
    assert chips == {1, 2, 3, 4, 5, 6}
    game.do(c.Reduce(1, 4))
    chips = {cmd.chips for cmd in game.commands(2) if isinstance(cmd, c.Reduce)}
    assert chips == {1, 2}
    with pytest.raises(IllegalChoiceError):
        game.do(c.Reduce(2, 3))
    game.do(c.Reduce(2, 2), *[1] * 5)  # the cap is reached: the window closes, dice roll
    assert ev.DiceReduced(0, 3) in game.events
    rolled = game.of_type(ev.DogDiceRolled)[-1]
    assert isinstance(rolled, ev.DogDiceRolled) and len(rolled.faces) == 5


def test_x2_one_chip_each_from_two_players_takes_one_die() -> None:
    # X2: the rulebook's example: two players pay one chip each for one die.
    game = in_turn()
    game.do(c.Move(0))
    game.do(c.Reduce(1, 1))
    game.do(c.Reduce(2, 1))
    game.do(c.Pass(1))
    game.do(c.Pass(2), *[1] * 7)
    assert ev.DiceReduced(0, 1) in game.events
    assert [p.chips for p in game.state.players] == [20, 19, 19]


def test_x2_odd_chip_is_returned_to_the_last_payer() -> None:
    # X2 ruling: a single odd chip left over goes back to the player who paid it last.
    game = in_turn()
    game.do(c.Move(0))
    game.do(c.Reduce(2, 2))
    game.do(c.Reduce(1, 1))
    game.close(*[1] * 7)
    assert ev.ChipsDrawn(1, 1, "reduce refund") in game.events
    assert [p.chips for p in game.state.players] == [20, 20, 18]


def test_x2_roller_cannot_reduce_itself_and_window_waits_for_opponents() -> None:
    # X2: other players pay, before the opponent's roll.
    game = in_turn()
    game.do(c.Move(0))
    assert game.state.window is not None and game.state.window.kind is WindowKind.REDUCE
    assert game.state.window.eligible == (1, 2)
    assert not game.commands(0)
    game.do(c.Pass(1))
    game.do(c.Pass(2), *[1] * 8)  # everyone passed: the window closes early, dice roll
    assert game.state.phase is Phase.REROLL


def test_x4_move_an_avalanche_stick_costs_five_and_stays_within_zero_to_four() -> None:
    # X4
    game = in_turn()
    assert {cmd.action for cmd in game.commands(0) if isinstance(cmd, c.MoveStick)} == {
        StickAction.PLACE}
    for expected in (1, 2, 3, 4):
        game.do(c.MoveStick(0, StickAction.PLACE))
        assert game.state.sticks == expected
    with pytest.raises(NotEnoughChipsError):
        game.do(c.MoveStick(0, StickAction.MOVE))  # 20 - 4 x 5 = 0 chips left
    game.state = game.state.with_player(0, chips=10)
    assert {cmd.action for cmd in game.commands(0) if isinstance(cmd, c.MoveStick)} == {
        StickAction.MOVE, StickAction.REMOVE}  # a fifth stick does not exist
    game.do(c.MoveStick(0, StickAction.REMOVE))
    assert game.state.sticks == 3 and game.state.players[0].chips == 5


def test_x4_only_during_ones_own_turn() -> None:
    # X4
    game = in_turn()
    assert c.MoveStick not in game.kinds(1)
    with pytest.raises(NotYourTurnError):
        game.do(c.MoveStick(1, StickAction.PLACE))


def test_x4_not_during_the_early_riser_move() -> None:
    # X4, R3: the Early Riser space is not the player's turn.
    game = Game.bidding(2, [W, C])
    game.bids([1, 0])
    assert game.state.phase is Phase.EARLY_RISER
    assert c.MoveStick not in game.kinds(0) and c.PayPassing not in game.kinds(0)


def test_x5_pass_opponents_costs_four_for_the_rest_of_the_turn() -> None:
    # X5
    game = in_turn()
    game.move(0, [1] * 8)
    game.state = game.state.with_player(0, chips=3)
    assert c.PayPassing not in game.kinds(0)
    with pytest.raises(NotEnoughChipsError):
        game.do(c.PayPassing(0))
    game.state = game.state.with_player(0, chips=4)
    game.do(c.PayPassing(0))
    assert game.state.players[0].chips == 0 and game.state.turn is not None
    assert game.state.turn.passing
    game.state = game.state.with_player(0, chips=40)
    with pytest.raises(CommandNotAllowedError):
        game.do(c.PayPassing(0))  # already paid for this turn


@pytest.mark.parametrize(
    ("command", "chips"),
    [(c.PayPassing(0), 3), (c.MoveStick(0, StickAction.PLACE), 4), (c.RollTerrain(0, 2), 1),
     (c.RollAvalanche(0, 4), 3)],
)
def test_x6_never_pay_more_than_held(command: c.Command, chips: int) -> None:
    # X6: each payment is refused with the state unchanged.
    game = in_turn()
    game.move(0, [1] * 8)
    game.state = replace(game.state.with_player(0, chips=chips), sticks=1)
    before = game.state
    with pytest.raises((NotEnoughChipsError, CommandNotAllowedError)):
        game.do(command)
    assert game.state is before


def test_x6_no_maximum_holding() -> None:
    # X6
    game = in_turn()
    game.state = game.state.with_player(0, chips=300, covered=0)
    game.do(c.Rest(0, RestPlace.ANCHORAGE, 0))
    assert game.state.players[0].chips == 301


def test_x7_empty_bank_draws_are_coins_and_payments_retire_them() -> None:
    # X7, I1
    game = Game.bidding(6, [W, W, M, M, C, C])
    assert game.state.bank == 5
    game.to_weather()
    game.weather(1)
    for seat in game.state.order[:3]:
        game.state = game.state.with_player(seat, covered=1)
        game.do(c.Rest(seat, RestPlace.TOWN, 1))
    # Three rests in a town drawing 6 chips each: 18 drawn, 5 from the bank, 13 coins.
    assert game.state.bank == 0 and game.state.coins == 13
    assert game.state.chips_in_play() == 125 + game.state.coins
    seat = game.state.active
    assert seat is not None
    game.do(c.MoveStick(seat, StickAction.PLACE))
    assert game.state.coins == 8 and game.state.bank == 0
    assert game.state.chips_in_play() == 125 + game.state.coins


def _costs(state: GameState, seat: int) -> dict[type[c.Command], tuple[int, int]]:
    """The fewest and most chips each kind of legal command costs `seat`."""
    costs: dict[type[c.Command], tuple[int, int]] = {}
    for option in legal(state, seat):
        low, high = option.cost_range
        least, most = costs.get(option.command, (low, high))
        costs[option.command] = (min(least, low), max(most, high))
    return costs


def test_x6_options_carry_their_costs() -> None:
    # X6, X1, X2, X4, X5, M4: legal() gives each option's cost, never above the chips held.
    game = in_turn()
    game.move(0, [1] * 8)
    game.state = replace(game.state.with_player(0, chips=6), sticks=1)
    costs = _costs(game.state, 0)
    assert costs[c.RollTerrain] == (0, 2)
    assert costs[c.RollAvalanche] == (0, 4)
    assert costs[c.PayPassing] == (4, 4)
    assert costs[c.MoveStick] == (5, 5)
    assert costs[c.EndMove] == (0, 0)
    game.state = game.state.with_player(0, chips=3)
    costs = _costs(game.state, 0)
    assert costs[c.RollAvalanche] == (0, 3) and c.MoveStick not in costs
    window = Game.bidding(2, [W, C])
    bids = _costs(window.state, 1)
    assert bids[c.LockBid] == (0, 20)
