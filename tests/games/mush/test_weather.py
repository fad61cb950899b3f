"""Weather, W1–W4: the scale, which chart, the roll, what is announced."""

from __future__ import annotations

import pytest
from rules_harness import Game

from companion.exc import SettingsError
from companion.games.mush import commands as c
from companion.games.mush import events as ev
from companion.games.mush.engine import weather_zone
from companion.games.mush.model import CLIMATES, Climate, DiceColour, Phase, Zone, dice_colour
from companion.games.mush.settings import Charts, WeatherChart
from companion.games.mush.views import public_view

W, M, C = Climate.WARM, Climate.MODERATE, Climate.COLD


def test_w1_order_warm_moderate_cold_and_warm_cold_not_adjacent() -> None:
    # W1
    assert CLIMATES == (W, M, C)
    assert abs(W.rank - M.rank) == 1 and abs(M.rank - C.rank) == 1
    assert abs(W.rank - C.rank) == 2


@pytest.mark.parametrize(
    ("boards", "expected"),
    [
        ((0, 0, 0), Zone.SOUTHERN),
        ((0, 1, 0), Zone.CENTRAL),
        ((1, 1, 1), Zone.CENTRAL),
        ((0, 1, 2), Zone.NORTHERN),
        ((2, 0, 0), Zone.NORTHERN),
    ],
)
def test_w2_chart_of_the_leading_zone(boards: tuple[int, int, int], expected: Zone) -> None:
    # W2
    game = Game.bidding(3, [W, M, C])
    for seat, board in enumerate(boards):
        game.state = game.state.with_player(seat, board=board)
    assert weather_zone(game.state) is expected


def test_w3_rulebook_central_example() -> None:
    # W3, W2: the leader is in the Central Zone while all others are still in the Southern
    # Zone; the Initiative Player rolls a 5 on the Central chart: the weather is Cold.
    game = Game.bidding(4)
    game.state = game.state.with_player(2, board=1)
    game.to_weather()
    bear = game.state.ice_bear
    assert bear is not None
    events = game.do(c.RollWeather(bear), 5)
    assert events[0] == ev.WeatherRolled(bear, Zone.CENTRAL, 5, C)
    assert game.state.weather is C


def test_w3_charts_are_configuration_marked_placeholder() -> None:
    # W3: shipped charts are placeholders until a group confirms them; Central 5 is Cold.
    charts = Charts()
    assert charts.placeholders == ("southern", "central", "northern", "pressing")
    assert charts.central.weather(5) is C
    confirmed = WeatherChart((W, W, M, M, C, C), placeholder=False)
    mine = Charts(southern=confirmed)
    assert "southern" not in mine.placeholders
    with pytest.raises(SettingsError, match="Central"):
        Charts(central=WeatherChart((W, W, W, W, W, W))).check()


@pytest.mark.parametrize("face", range(1, 7))
def test_w3_roll_maps_each_face_through_the_chart(face: int) -> None:
    # W3
    charts = Charts(southern=WeatherChart((C, M, W, C, M, W), placeholder=False))
    game = Game.bidding(2, [W, C], charts=charts)
    game.to_weather()
    game.do(c.RollWeather(0), face)
    assert game.state.weather is charts.southern.faces[face - 1]
    assert game.state.weather_zone is Zone.SOUTHERN


def test_w3_only_the_initiative_player_rolls() -> None:
    # W3
    game = Game.bidding(3, [W, M, C], ice_bear=1)
    game.to_weather()
    assert c.RollWeather in game.kinds(1)
    assert not game.commands(0) and not game.commands(2)


def test_w4_weather_and_each_players_dice_colour_are_shown() -> None:
    # W4
    game = Game.bidding(3, [W, M, C])
    game.to_weather()
    game.weather(1)  # Southern chart, 1 is Warm
    view = public_view(game.state)
    assert view["weather"] == "warm" and view["weather_zone"] == "southern"
    assert [s["dice"] for s in view["seats"]] == ["green", "red", "blue"]
    assert game.state.phase is Phase.TURN
    assert [game.state.colour_of(s) for s in range(3)] == [
        dice_colour(t, W) for t in (W, M, C)] == [DiceColour.GREEN, DiceColour.RED,
                                                  DiceColour.BLUE]
