"""Physical dice in the rules: which roll a command makes by hand, and the faces an entry
stands for (the engine itself is unchanged, so replay stays exact: I6)."""

from __future__ import annotations

import pytest
from table.helpers import NAMES, Dice, bidding, do
from table.scenes import moving_seat_0, turn_of_seat_0

from companion.games.mush import commands as c
from companion.games.mush import events as ev
from companion.games.mush.engine import apply, rest_places
from companion.games.mush.model import Climate, DiceColour, Phase, RollKind, Zone, is_dog
from companion.games.mush.physical import RollRequest, apply_entered, roll_request
from companion.games.mush.settings import Settings
from companion.games.mush.state import EMPTY


def test_weather_is_entered_as_the_die_face() -> None:  # W3
    state, dice = bidding()
    state = do(state, dice, *(c.LockBid(s, 0) for s in range(4)))
    request = roll_request(state, c.RollWeather(0))
    assert request == RollRequest(RollKind.WEATHER, 0)
    assert list(request.values) == [1, 2, 3, 4, 5, 6]
    after, events = apply_entered(state, c.RollWeather(0), request, 5)
    rolled = next(e for e in events if isinstance(e, ev.WeatherRolled))
    assert rolled.face == 5
    assert rolled.zone is Zone.SOUTHERN  # W2: every sled is still on the first board
    assert rolled.weather is state.require_settings().charts.for_zone(Zone.SOUTHERN).weather(5)
    assert after.weather is rolled.weather
    assert not dice.faces  # the companion's dice were never asked


@pytest.mark.parametrize("shown", [0, 3, 8])
def test_dog_dice_are_entered_as_dogs_shown(shown: int) -> None:  # D2, D3, M1
    state, dice = turn_of_seat_0()
    state = do(state, dice, c.Move(0), c.Pass(1), c.Pass(2))
    command = c.Pass(3)  # the last pass closes the X2 window, and the dogs are rolled
    request = roll_request(state, command)
    assert request is not None and request.kind is RollKind.DOGS
    assert (request.seat, request.dice, request.colour) == (0, 8, DiceColour.GREEN)
    assert request.likely == 5  # 8 green dice show 5.3 dogs on average (D2)
    _, events = apply_entered(state, command, request, shown)
    rolled = next(e for e in events if isinstance(e, ev.DogDiceRolled))
    assert rolled.dogs == shown and len(rolled.faces) == 8
    assert sum(is_dog(DiceColour.GREEN, f) for f in rolled.faces) == shown


def test_a_reduced_roll_asks_for_fewer_dice() -> None:  # X2
    state, dice = turn_of_seat_0()
    state = do(state, dice, c.Move(0), c.Reduce(1, 4), c.Pass(1), c.Pass(2))
    request = roll_request(state, c.Pass(3))
    assert request is not None and request.dice == 6


def test_a_terrain_roll_is_entered_as_its_face() -> None:  # M4
    state, _ = moving_seat_0(dogs=2)
    request = roll_request(state, c.RollTerrain(0, 1))
    assert request == RollRequest(RollKind.TERRAIN, 0)
    _, events = apply_entered(state, c.RollTerrain(0, 1), request, 3)
    rolled = next(e for e in events if isinstance(e, ev.TerrainRolled))
    assert (rolled.face, rolled.modifier, rolled.success) == (3, 1, True)  # 3 + 1 enters


def test_a_reroll_asks_again_and_still_costs() -> None:  # X1
    state, dice = bidding()
    state = do(state, dice, *(c.LockBid(s, 0) for s in range(4)))
    dice.push(2)
    state = do(state, dice, c.RollWeather(0))
    assert state.phase is Phase.REROLL
    request = roll_request(state, c.Reroll(2))
    assert request == RollRequest(RollKind.WEATHER, 0)  # the roller rolls, seat 2 pays
    after, events = apply_entered(state, c.Reroll(2), request, 6)
    assert after.players[2].chips == state.players[2].chips - 3
    assert any(isinstance(e, ev.WeatherRolled) and e.reroll and e.face == 6 for e in events)


def test_draws_over_the_seats_stay_with_the_companion() -> None:  # S4, S6
    settings = Settings.make(NAMES[:4])
    assert roll_request(EMPTY, c.StartGame(c.TABLE, settings)) is None
    state, _ = apply(EMPTY, c.StartGame(c.TABLE, settings), Dice(1))
    assert roll_request(state, c.ChooseTraining(0, Climate.WARM)) is None


def test_commands_without_a_roll_or_refused_ask_nothing() -> None:
    state, _ = turn_of_seat_0()
    assert roll_request(state, c.Rest(0, rest_places(state, 0)[0], 0)) is None
    assert roll_request(state, c.RollWeather(1)) is None  # refused: not the weather phase


def test_an_entry_that_does_not_fit_is_refused() -> None:
    request = RollRequest(RollKind.DOGS, 0, 3, DiceColour.RED)
    with pytest.raises(ValueError, match="from 0 to 3"):
        request.faces(4)
    with pytest.raises(ValueError, match="from 1 to 6"):
        RollRequest(RollKind.PRESS, 0).faces(0)
