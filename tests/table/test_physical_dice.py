"""Physical dice at the table: the roller enters the wooden dice's result with ◀ ▶ ●, the
command that rolls acts only then, and rerolls still cost and ask again."""

from __future__ import annotations

from companion.config.table import TableConfig
from companion.games.mush import commands as c
from companion.games.mush import events as ev
from companion.games.mush.model import DiceColour, Phase, RollKind
from companion.games.mush.table.controller import TableController
from companion.pads.events import Light
from table.helpers import Dice, FakeClock, L, R, S, bidding, choose, do, long_press, press
from table.scenes import turn_of_seat_0

PHYSICAL = TableConfig(physical_dice=True)


def physical(state: object, dice: Dice) -> tuple[TableController, FakeClock]:
    clock = FakeClock()
    return TableController(state, dice, clock, PHYSICAL), clock  # type: ignore[arg-type]


def enter(controller: TableController, value: int) -> list[ev.Event]:
    """The roller walks from the entry's first value to `value` and enters it."""
    request = controller.entry
    assert request is not None
    steps = value - request.likely
    out = press(controller, request.seat, R if steps > 0 else L, abs(steps))
    out = press(controller, request.seat, S)
    assert controller.entry is None
    return list(out.events)


def test_the_weather_waits_for_the_face_and_shows_what_each_means() -> None:  # W3, W4
    state, dice = bidding()
    state = do(state, dice, *(c.LockBid(s, 0) for s in range(4)))
    table, _ = physical(state, dice)
    out = choose(table, 0, c.RollWeather(0))
    assert not out.events and table.state is state  # nothing rolled, nothing journaled
    assert table.entry is not None and table.entry.kind is RollKind.WEATHER
    menu = next(m for m in table.frame().menus if m.seat == 0)
    assert menu.title == "Roll the weather: which face?"
    assert [i.label for i in menu.items] == ["1", "2", "3", "4", "5", "6"]
    chart = state.require_settings().charts.southern
    assert menu.items[4].detail == {"warm": "Warm (sun)", "moderate": "Moderate (sun/cloud)",
                                    "cold": "Cold (cloud)"}[chart.weather(5).value]
    assert table.lights()[0].pattern is Light.ON and table.lights()[1].pattern is Light.OFF
    press(table, 1, S)  # another seat's press does nothing but tell it who enters
    assert table.frame().notices[-1].text == "Peter enters the weather"
    events = enter(table, 5)
    rolled = next(e for e in events if isinstance(e, ev.WeatherRolled))
    assert rolled.face == 5 and rolled.weather is chart.weather(5)
    assert table.state.weather is chart.weather(5)
    assert not dice.faces


def test_dogs_shown_are_counted_from_the_likely_number() -> None:  # D2, D3, M1
    state, dice = turn_of_seat_0()
    table, clock = physical(state, dice)
    choose(table, 0, c.Move(0))
    assert table.state.phase is Phase.REDUCE
    clock.advance(30)  # the X2 window runs out with nobody paying
    out = table.tick()
    assert not out.events and table.state.phase is Phase.REDUCE
    request = table.entry
    assert request is not None and request.kind is RollKind.DOGS
    assert (request.dice, request.colour, request.likely) == (8, DiceColour.GREEN, 5)
    frame = table.frame()
    assert frame.undo is None  # holding ● now cannot take "chose to move" back
    menu = next(m for m in frame.menus if m.seat == 0)
    assert menu.title == "Roll 8 green dice: how many dogs?"
    assert menu.items[menu.focus].label == "5 dogs" and menu.items[1].label == "1 dog"
    clock.advance(30)
    assert not table.tick().applied  # no countdown runs while the roll is awaited
    events = enter(table, 3)
    rolled = next(e for e in events if isinstance(e, ev.DogDiceRolled))
    assert rolled.dogs == 3 and len(rolled.faces) == 8
    assert any(isinstance(e, ev.WindowClosed) for e in events)  # then X1 opens
    assert table.state.phase is Phase.REROLL


def test_a_paid_reroll_asks_the_roller_again() -> None:  # X1
    state, dice = bidding()
    state = do(state, dice, *(c.LockBid(s, 0) for s in range(4)))
    table, _ = physical(state, dice)
    choose(table, 0, c.RollWeather(0))
    enter(table, 2)
    chips = table.state.players[2].chips
    choose(table, 2, c.Reroll(2))
    assert table.entry is not None and table.entry.seat == 0  # the roller rolls again
    assert table.state.players[2].chips == chips  # paid with the new result, not before
    long_press(table, 0, S)  # a forced reroll cannot be stepped out of
    assert table.entry is not None
    events = enter(table, 6)
    assert any(isinstance(e, ev.ChipsPaid) and e.seat == 2 and e.amount == 3 for e in events)
    assert any(isinstance(e, ev.WeatherRolled) and e.reroll and e.face == 6 for e in events)
    assert table.state.players[2].chips == chips - 3


def test_the_roller_may_step_back_out_of_its_own_roll() -> None:
    state, dice = bidding()
    state = do(state, dice, *(c.LockBid(s, 0) for s in range(4)))
    table, _ = physical(state, dice)
    choose(table, 0, c.RollWeather(0))
    assert table.entry is not None
    out = long_press(table, 0, S)
    assert out.applied and not out.events
    assert table.entry is None and table.state is state
    assert next(m for m in table.frame().menus if m.seat == 0).title != \
        "Roll the weather: which face?"


def test_without_the_option_the_companion_rolls() -> None:
    state, dice = bidding()
    state = do(state, dice, *(c.LockBid(s, 0) for s in range(4)))
    dice.push(4)
    table = TableController(state, dice, FakeClock(), TableConfig())
    out = choose(table, 0, c.RollWeather(0))
    assert table.entry is None
    assert any(isinstance(e, ev.WeatherRolled) and e.face == 4 for e in out.events)
