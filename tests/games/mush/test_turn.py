"""A turn, T1–T3; dog dice, D1–D3; movement, M1–M5."""

from __future__ import annotations

from dataclasses import replace

import pytest
from rules_harness import Game

from companion.exc import (
    CommandNotAllowedError,
    GameOverError,
    IllegalChoiceError,
    NotEnoughChipsError,
)
from companion.games.mush import commands as c
from companion.games.mush import events as ev
from companion.games.mush.model import (
    Climate,
    DiceColour,
    MoveContext,
    Phase,
    RestPlace,
    StickAction,
    dice_colour,
    is_dog,
)

W, M, C = Climate.WARM, Climate.MODERATE, Climate.COLD


def in_turn(players: int = 2, trainings: list[Climate] | None = None, weather: int = 1) -> Game:
    """Round 1, weather rolled (1: Warm on the Southern chart), first seat's turn."""
    game = Game.bidding(players, trainings or [W, C, M, W, M, C][:players])
    game.to_weather()
    game.weather(weather)
    return game


def test_t1_move_or_rest_and_no_rest_once_moving() -> None:
    # T1
    game = in_turn()
    seat = game.state.active
    assert seat == 0
    assert {c.Move, c.Rest} <= game.kinds(seat)
    game.do(c.Move(seat))  # the reduce window opens before the roll
    assert game.state.phase is Phase.REDUCE
    assert c.Rest not in game.kinds(seat)
    game.close(1, 1, 1, 1, 5, 5, 6, 6)
    game.close()
    assert game.state.phase is Phase.MOVING
    with pytest.raises(CommandNotAllowedError):
        game.do(c.Rest(seat, RestPlace.WILDERNESS, 0))


def test_t2_all_dogs_covered_must_rest() -> None:
    # T2
    game = in_turn()
    game.state = game.state.with_player(0, covered=8)
    assert c.Move not in game.kinds(0)
    assert c.Rest in game.kinds(0)
    with pytest.raises(CommandNotAllowedError):
        game.do(c.Move(0))


def test_t3_first_to_nome_wins_at_once() -> None:
    # T3
    game = in_turn(3)
    seat = game.state.active
    assert seat is not None
    game.state = game.state.with_player(seat, board=2)  # on the Nome board
    game.move(seat, [1] * 8)
    events = game.do(c.ReachNome(seat))
    assert events == [ev.GameWon(seat)]
    assert game.state.phase is Phase.GAME_OVER and game.state.winner == seat
    assert all(not game.commands(s) for s in range(3))
    with pytest.raises(GameOverError):
        game.do(c.EndMove(seat))


def test_t3_nome_is_only_offered_on_the_nome_board() -> None:
    # T3
    game = in_turn()
    game.move(0, [1] * 8)
    assert c.ReachNome not in game.kinds(0)
    game.do(c.CrossZone(0, True))
    assert c.ReachNome not in game.kinds(0)
    game.do(c.CrossZone(0, True))
    assert c.ReachNome in game.kinds(0)


@pytest.mark.parametrize(
    ("training", "weather", "colour"),
    [
        (W, W, DiceColour.GREEN), (M, M, DiceColour.GREEN), (C, C, DiceColour.GREEN),
        (W, M, DiceColour.RED), (M, W, DiceColour.RED), (M, C, DiceColour.RED),
        (C, M, DiceColour.RED), (W, C, DiceColour.BLUE), (C, W, DiceColour.BLUE),
    ],
)
def test_d1_dice_colour(training: Climate, weather: Climate, colour: DiceColour) -> None:
    # D1
    assert dice_colour(training, weather) is colour


def test_d1_moderate_never_rolls_blue() -> None:
    # D1
    assert all(dice_colour(M, w) is not DiceColour.BLUE for w in (W, M, C))


def test_d1_the_roll_uses_the_seats_colour() -> None:
    # D1: seat 0 trained Warm in Warm weather rolls green; seat 1 trained Cold rolls blue.
    game = in_turn()
    game.move(0, [4, 5, 1, 2, 3, 6, 4, 4])
    rolled = game.of_type(ev.DogDiceRolled)[-1]
    assert isinstance(rolled, ev.DogDiceRolled) and rolled.colour is DiceColour.GREEN
    assert rolled.dogs == 6  # faces 1-4 are dogs on green: 4, 1, 2, 3, 4, 4


@pytest.mark.parametrize(
    ("colour", "dog_faces"), [(DiceColour.GREEN, 4), (DiceColour.RED, 3), (DiceColour.BLUE, 2)])
def test_d2_dog_faces(colour: DiceColour, dog_faces: int) -> None:
    # D2: green 4 dog faces of 6, red 3, blue 2.
    assert [is_dog(colour, f) for f in range(1, 7)].count(True) == dog_faces
    assert colour.dog_faces == dog_faces


def test_d3_one_die_per_uncovered_dog_less_reductions() -> None:
    # D3
    game = in_turn()
    game.state = game.state.with_player(0, covered=3)
    game.do(c.Move(0))
    game.do(c.Reduce(1, 2))
    game.do(c.Pass(1), 1, 1, 1, 1)  # 8 - 3 covered - 1 reduced = 4 dice
    rolled = game.of_type(ev.DogDiceRolled)[-1]
    assert isinstance(rolled, ev.DogDiceRolled) and len(rolled.faces) == 4


def test_d3_never_below_zero_dice() -> None:
    # D3, M2: reduced to 0 dice, the player still covers a dog.
    game = in_turn()
    game.state = game.state.with_player(0, covered=6)
    game.do(c.Move(0))
    game.do(c.Reduce(1, 4))  # two dogs left, two dice taken
    rolled = game.of_type(ev.DogDiceRolled)[-1]
    assert isinstance(rolled, ev.DogDiceRolled) and rolled.faces == () and rolled.dogs == 0
    assert game.state.phase is Phase.MOVING  # nothing to reroll
    game.do(c.EndMove(0))
    assert game.state.players[0].covered == 7


def test_m1_rolls_offered_only_within_the_dog_results() -> None:
    # M1: up to the number of dog results; moving fewer or none is allowed.
    game = in_turn(trainings=[W, C])
    game.move(0, [1, 1, 6, 6, 6, 6, 6, 6])  # two dogs
    assert game.state.turn is not None and game.state.turn.spaces == 2
    game.do(c.RollTerrain(0, 0), 4)
    game.close()
    game.do(c.RollTerrain(0, 0), 6)
    game.close()
    assert game.state.turn is not None and game.state.turn.entered == 2
    assert c.RollTerrain not in game.kinds(0)
    assert c.EndMove in game.kinds(0)


def test_m1_zero_dogs_offers_no_rolls_and_no_crossing() -> None:
    # M1
    game = in_turn()
    game.move(0, [6] * 8)
    assert game.state.turn is not None and game.state.turn.spaces == 0
    assert game.kinds(0) & {c.RollTerrain, c.RollAvalanche, c.CrossZone} == set()
    assert c.EndMove in game.kinds(0)


def test_m2_one_dog_covered_after_moving_however_far() -> None:
    # M2
    game = in_turn()
    game.move(0, [1] * 8)
    game.do(c.EndMove(0))  # moved nothing on the board
    assert game.state.players[0].covered == 1
    assert ev.DogCovered(0, "moved") in game.events


def test_m3_passing_opponents_costs_four() -> None:
    # M3, X5
    game = in_turn()
    game.move(0, [1] * 8)
    game.do(c.PayPassing(0))
    assert game.state.players[0].chips == 16
    assert game.state.turn is not None and game.state.turn.passing
    assert c.PayPassing not in game.kinds(0)  # once covers the rest of the turn


@pytest.mark.parametrize("face", range(1, 7))
def test_m4_rough_terrain_one_to_three_fails(face: int) -> None:
    # M4
    game = in_turn()
    game.move(0, [1] * 8)
    game.do(c.RollTerrain(0, 0), face)
    game.close()
    if face <= 3:
        assert ev.MovementEnded(0, MoveContext.NORMAL, True) in game.events
        assert c.RollTerrain not in game.kinds(0)
        assert game.state.players[0].covered == 1  # the move ended: its Dog Chip
    else:
        assert game.state.phase is Phase.MOVING
        assert game.state.turn is not None and game.state.turn.entered == 1


@pytest.mark.parametrize(("face", "enters"), [(2, True), (1, False)])
def test_m4_rulebook_plus_two_example(face: int, enters: bool) -> None:
    # M4, X3: four dog results; the first space is rough terrain; he pays 2 chips for +2.
    # A 2 becomes a 4 and he enters; a 1 becomes a 3 and his move ends at once.
    game = in_turn()
    game.move(0, [1, 2, 3, 4, 5, 6, 5, 6])
    assert game.state.turn is not None and game.state.turn.spaces == 4
    events = game.do(c.RollTerrain(0, 2), face)
    assert events[0] == ev.ChipsPaid(0, 2, "terrain modifier")  # paid before the roll
    assert events[1] == ev.TerrainRolled(0, face, 2, enters)
    game.close()
    assert game.state.players[0].chips == 18
    if enters:
        assert game.state.phase is Phase.MOVING and game.state.turn is not None
        assert game.state.turn.entered == 1
    else:
        assert ev.MovementEnded(0, MoveContext.NORMAL, True) in game.events
        # Warm-trained in Warm weather, but the failed roll lost the pressing bonus (P1)
        assert game.state.phase is Phase.TURN and game.state.active == 1


def test_m4_modifier_at_most_two_and_never_above_chips() -> None:
    # M4, X3, X6
    game = in_turn()
    game.move(0, [1] * 8)
    with pytest.raises(IllegalChoiceError):
        game.do(c.RollTerrain(0, 3))
    game.state = game.state.with_player(0, chips=1)
    with pytest.raises(NotEnoughChipsError):
        game.do(c.RollTerrain(0, 2))


@pytest.mark.parametrize(("face", "modifier", "crosses"),
                         [(5, 0, False), (6, 0, True), (2, 4, True), (1, 4, False)])
def test_m5_avalanche_needs_a_six(face: int, modifier: int, crosses: bool) -> None:
    # M5, X3: 1-5 fails, 6 crosses; +1 to +4 at 1 chip each, paid before the roll.
    game = in_turn()
    game.state = replace(game.state, sticks=1)
    game.move(0, [1] * 8)
    events = game.do(c.RollAvalanche(0, modifier), face)
    assert (events[0] == ev.ChipsPaid(0, modifier, "avalanche modifier")) == (modifier > 0)
    rolled = [e for e in events if isinstance(e, ev.AvalancheRolled)]
    assert rolled == [ev.AvalancheRolled(0, face, modifier, crosses)]
    assert game.state.players[0].chips == 20 - modifier
    game.close()
    assert (game.state.phase is Phase.MOVING) == crosses


def test_m5_avalanche_roll_needs_a_stick_in_play() -> None:
    # M5, X4
    game = in_turn()
    game.move(0, [1] * 8)
    assert c.RollAvalanche not in game.kinds(0)
    game.do(c.MoveStick(0, StickAction.PLACE))
    assert c.RollAvalanche in game.kinds(0)
    modifiers = {cmd.modifier for cmd in game.commands(0) if isinstance(cmd, c.RollAvalanche)}
    assert modifiers == {0, 1, 2, 3, 4}
