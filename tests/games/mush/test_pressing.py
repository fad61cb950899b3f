"""The pressing bonus, P1–P3."""

from __future__ import annotations

from dataclasses import replace

import pytest
from rules_harness import Game

from companion.exc import NotYourTurnError
from companion.games.mush import commands as c
from companion.games.mush import events as ev
from companion.games.mush.model import Climate, MoveContext, Phase, PressResult
from companion.games.mush.settings import Charts, PressingChart

W, M, C = Climate.WARM, Climate.MODERATE, Climate.COLD
R = PressResult


def moved(trainings: list[Climate], charts: Charts | None = None) -> Game:
    """Seat 0 has moved in Warm weather and ended its normal move."""
    game = Game.bidding(2, trainings, charts=charts)
    game.to_weather()
    game.weather(1)  # Warm
    game.move(0, [1] * 8)
    game.do(c.EndMove(0))
    return game


def test_p1_offered_when_training_equals_weather() -> None:
    # P1
    game = moved([W, C])
    assert game.state.phase is Phase.PRESSING
    assert game.kinds(0) == {c.Press, c.SkipPress}
    assert game.state.players[0].covered == 1  # after the normal move's Dog Chip


def test_p1_not_offered_when_training_differs() -> None:
    # P1
    game = moved([C, W])
    assert game.state.phase is Phase.TURN and game.state.active == 1


def test_p1_not_offered_without_an_uncovered_dog() -> None:
    # P1: the Dog Chip of the move covered the last dog.
    game = Game.bidding(2, [W, C])
    game.to_weather()
    game.weather(1)
    game.state = game.state.with_player(0, covered=7)
    game.move(0, [1])
    game.do(c.EndMove(0))
    assert game.state.players[0].covered == 8
    assert game.state.active == 1 and game.state.phase is Phase.TURN


def test_p1_only_the_roller_may_reroll_the_press() -> None:
    # P1, X1: opponents may not prevent nor force a reroll; the player may pay to reroll.
    game = moved([W, C])
    game.do(c.Press(0), 2)  # nothing
    assert game.state.window is not None and game.state.window.eligible == (0,)
    with pytest.raises(NotYourTurnError):
        game.do(c.Reroll(1))
    game.do(c.Reroll(0), 6)
    assert game.state.last_roll is not None and game.state.last_roll.press is R.PLUS_TWO
    assert game.state.last_roll.rerolls == 1
    assert game.state.players[0].chips == 17
    game.close()
    assert game.state.phase is Phase.PRESS_MOVE
    assert game.state.turn is not None and game.state.turn.spaces == 2


@pytest.mark.parametrize(
    ("face", "result"),
    [(1, R.TIRED), (2, R.NOTHING), (3, R.NOTHING), (4, R.PLUS_ONE), (5, R.PLUS_ONE),
     (6, R.PLUS_TWO)],
)
def test_p1_results(face: int, result: PressResult) -> None:
    # P1: +2 spaces, +1 space, no effect, or cover one more dog with no extra movement.
    game = moved([W, C])
    game.do(c.Press(0), face)
    game.close()
    assert game.of_type(ev.PressRolled)[-1] == ev.PressRolled(0, face, result)
    if result is R.TIRED:
        assert game.state.players[0].covered == 2 and game.state.active == 1
    elif result is R.NOTHING:
        assert game.state.players[0].covered == 1 and game.state.active == 1
    else:
        assert game.state.phase is Phase.PRESS_MOVE
        spaces = 2 if result is R.PLUS_TWO else 1
        assert ev.MovementStarted(0, MoveContext.PRESS, spaces) in game.events
        game.do(c.EndMove(0))
        assert game.state.players[0].covered == 1  # no Dog Chip after the pressing move
        assert game.state.active == 1


def test_p2_pressing_chart_is_configuration() -> None:
    # P2: the chart is configuration data, placeholder until confirmed.
    assert "pressing" in Charts().placeholders
    mine = PressingChart((R.PLUS_TWO,) * 6, placeholder=False)
    charts = Charts(pressing=mine)
    assert "pressing" not in charts.placeholders
    game = moved([W, C], charts=charts)
    game.do(c.Press(0), 1)
    assert game.state.last_roll is not None and game.state.last_roll.press is R.PLUS_TWO


def test_p3_terrain_avalanche_and_passing_apply_to_the_extra_spaces() -> None:
    # P3
    game = moved([W, C])
    game.state = replace(game.state, sticks=1)
    game.do(c.Press(0), 6)
    game.close()
    assert {c.RollTerrain, c.RollAvalanche, c.PayPassing} <= game.kinds(0)
    game.do(c.PayPassing(0))
    game.do(c.RollTerrain(0, 1), 3)  # 3 + 1 = 4 enters
    game.close()
    assert game.state.turn is not None and game.state.turn.entered == 1
    game.do(c.RollAvalanche(0, 0), 2)  # fails: the pressing move ends
    game.close()
    assert game.state.active == 1
    assert game.state.players[0].chips == 20 - 4 - 1


def test_p3_passing_paid_in_the_normal_move_holds_for_the_pressing_move() -> None:
    # P3, X5: passing is paid for the rest of the turn.
    game = Game.bidding(2, [W, C])
    game.to_weather()
    game.weather(1)
    game.move(0, [1] * 8)
    game.do(c.PayPassing(0))
    game.do(c.EndMove(0))
    game.do(c.Press(0), 5)
    game.close()
    assert game.state.turn is not None and game.state.turn.passing
    assert c.PayPassing not in game.kinds(0)


@pytest.mark.parametrize("kind", ["terrain", "avalanche"])
def test_p1_m4_m5_no_pressing_after_a_failed_crossing(kind: str) -> None:
    # P1, M4, M5: a failed rough-terrain or avalanche roll ends the move and "any remaining
    # movement for the turn is lost", the pressing bonus with it. The Dog Chip (M2) stays.
    game = Game.bidding(2, [W, C])
    game.to_weather()
    game.weather(1)  # Warm: seat 0, Warm-trained, would be offered the pressing roll
    game.state = replace(game.state, sticks=1)
    game.move(0, [1] * 8)
    if kind == "terrain":
        game.do(c.RollTerrain(0, 0), 3)
    else:
        game.do(c.RollAvalanche(0, 0), 5)
    game.close()
    assert ev.MovementEnded(0, MoveContext.NORMAL, True) in game.events
    assert not game.of_type(ev.PressOffered)
    assert game.state.players[0].covered == 1
    assert game.state.phase is Phase.TURN and game.state.active == 1
    assert c.Press not in game.kinds(0)


def test_p1_still_offered_after_a_successful_crossing() -> None:
    # P1, M4: only a failed roll loses the rest of the turn's movement.
    game = Game.bidding(2, [W, C])
    game.to_weather()
    game.weather(1)
    game.move(0, [1] * 8)
    game.do(c.RollTerrain(0, 0), 4)
    game.close()
    game.do(c.EndMove(0))
    assert game.state.phase is Phase.PRESSING and game.kinds(0) == {c.Press, c.SkipPress}
