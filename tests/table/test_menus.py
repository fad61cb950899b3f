"""Menus: what each decision offers, greyed items, stepping back, refusals and notices."""

from __future__ import annotations

from dataclasses import replace

from companion.config.table import TableConfig
from companion.games.mush import commands as c
from companion.games.mush.config import MushSetup, setup
from companion.games.mush.model import Climate, Phase, RestPlace, StickAction
from companion.games.mush.settings import Variants
from companion.games.mush.state import GameState
from companion.games.mush.table.controller import TableController
from companion.table.frame import Menu, Notice
from table.helpers import (
    Dice,
    FakeClock,
    L,
    R,
    S,
    check_frame,
    choose,
    controller,
    long_press,
    press,
    started,
)
from table.scenes import moving_seat_0, turn_of_seat_0


def menu_of(ctl: TableController, seat: int) -> Menu:
    return next(m for m in check_frame(ctl).menus if m.seat == seat)


def items(menu: Menu) -> dict[str, tuple[bool, str]]:
    return {i.label: (i.enabled, i.detail) for i in menu.items}


def focused(menu: Menu) -> str:
    return menu.items[menu.focus].label


def test_training_in_selection_order_with_full_choices_greyed() -> None:
    # S4, the rulebook example: Peter Cold; Karsten Warm; Regina Moderate; Manfred Warm
    state, dice = started(4, first=0)
    ctl, _ = controller(state, dice)
    frame = check_frame(ctl)
    assert frame.screen == "training" and [m.seat for m in frame.menus] == [0]
    assert [i.label for i in frame.menus[0].items] == [
        "Warm (sun)", "Moderate (sun/cloud)", "Cold (cloud)"]
    choose(ctl, 0, c.ChooseTraining(0, Climate.COLD))
    assert items(menu_of(ctl, 1)) == {"Warm (sun)": (True, "0 of 2 taken"),
                                      "Moderate (sun/cloud)": (True, "0 of 1 taken"),
                                      "Cold (cloud)": (False, "full")}
    choose(ctl, 1, c.ChooseTraining(1, Climate.WARM))
    choose(ctl, 2, c.ChooseTraining(2, Climate.MODERATE))
    menu = menu_of(ctl, 3)
    assert [i.enabled for i in menu.items] == [True, False, False]
    press(ctl, 3, R)  # ▶ ◀ skip the greyed items: the focus stays on Warm
    assert focused(menu_of(ctl, 3)) == "Warm (sun)"
    dice.push(2)  # S6: the Initiative Player draw
    out = press(ctl, 3, S)
    assert out.applied and ctl.state.phase is Phase.BIDDING and ctl.state.ice_bear == 1


def test_short_game_a_greys_cold() -> None:
    # S8: no player may select Cold
    state, dice = started(4, variants=Variants(short_north=True))
    ctl, _ = controller(state, dice)
    assert items(menu_of(ctl, 0))["Cold (cloud)"] == (False, "not in Short game A (S8)")


def test_a_press_out_of_turn_is_refused_to_that_seat_alone() -> None:
    from table.scenes import moving_seat_0

    state, dice = moving_seat_0()
    ctl, clock = controller(state, dice)
    press(ctl, 2, S)
    assert ctl.state is state
    assert check_frame(ctl).notices == (Notice("It is Peter's turn", 2),)
    clock.advance(ctl.config.notice_seconds)
    assert ctl.frame().notices == ()
    press(ctl, 2, R)
    long_press(ctl, 2, S)  # hold ●: nothing of seat 2's to take back
    assert ctl.state is state
    assert ctl.frame().notices == (Notice("Nothing to take back", 2),)


def buttons(menu: Menu) -> dict[str, str]:
    """A menu of buttons: each item's label and the button that chooses it."""
    assert menu.style == "keys" and menu.focus == -1
    return {i.label: i.button for i in menu.items}


def test_move_or_rest_and_hold_select_steps_back_out() -> None:
    # T1, Z1; DESIGN.md Pads: holding ● steps back out of a choice not yet made. Each
    # choice is on its own button: ● moves, ◀ opens the towns, ▶ the rest
    state, dice = turn_of_seat_0()
    ctl, _ = controller(state, dice)
    top = menu_of(ctl, 0)
    assert buttons(top) == {"Move": "select", "Rest in a town": "left",
                            "Wilderness · Anchorage · Stick": "right"}
    assert top.items[0].detail == "8 dogs, green dice"
    press(ctl, 0, L)
    frame = check_frame(ctl)
    assert frame.screen == "rest"
    towns = frame.menus[0]
    assert towns.depth == 1 and towns.title == "Rest in a town"
    assert buttons(towns) == {"6 chips": "select", "Rest at Nikolai": "left",
                              "Other choices": "right"}
    long_press(ctl, 0, S)
    assert menu_of(ctl, 0).depth == 0 and menu_of(ctl, 0).title == "Peter: move or rest?"
    assert check_frame(ctl).screen == "turn"
    press(ctl, 0, R)
    elsewhere = menu_of(ctl, 0)
    assert buttons(elsewhere) == {"Rest at Anchorage": "select",
                                  "Rest in the wilderness": "left",
                                  "Avalanche stick": "right"}
    assert items(elsewhere)["Rest at Anchorage"] == (True, "1 chip")  # one choice: at once
    long_press(ctl, 0, S)
    assert ctl.state is state


def test_a_rest_takes_three_presses_at_most_with_the_suggested_choice() -> None:
    # Z1: tired dogs: the town menu puts "3 dogs" on ●; ◀ ● rests
    state, dice = turn_of_seat_0()
    ctl, _ = controller(state.with_player(0, covered=4), dice)
    press(ctl, 0, L)
    assert items(menu_of(ctl, 0))["3 dogs"] == (True, "suggested")
    out = press(ctl, 0, S)
    assert out.applied and ctl.state.players[0].covered == 1


def test_a_rough_terrain_roll_takes_three_presses_whatever_its_modifier() -> None:
    # M4, X3: ▶ then ◀ open the roll, then one button: ● +0 (so a double press pays
    # nothing), ◀ +1, ▶ +2; each row shows its button, odds and cost. A modifier pays
    # only once its line has stood the pay guard
    for button, modifier in ((S, 0), (L, 1), (R, 2)):
        state, dice = moving_seat_0(dogs=3)
        ctl, clock = controller(state, dice)
        chips = state.players[0].chips
        press(ctl, 0, R)
        press(ctl, 0, L)
        assert buttons(menu_of(ctl, 0)) == {"+0": "select", "+1": "left", "+2": "right"}
        dice.push(3)
        if modifier:
            assert not press(ctl, 0, button).applied  # 0.3 s after the line appeared
            assert ctl.state.players[0].chips == chips
        clock.advance(ctl.config.pay_guard_seconds)
        out = press(ctl, 0, button)
        assert out.applied
        assert ctl.state.players[0].chips == chips - modifier
        assert ctl.state.last_roll is not None and ctl.state.last_roll.modifier == modifier


def test_a_wilderness_or_nikolai_rest_takes_any_choice_with_one_press() -> None:
    # Z1: two or three choices, each on its own button, ● on the suggested one
    state, dice = turn_of_seat_0()
    ctl, _ = controller(state.with_player(0, covered=4), dice)
    press(ctl, 0, L)  # the towns
    press(ctl, 0, L)  # Nikolai
    menu = menu_of(ctl, 0)
    assert menu.title == "Rest at Nikolai"
    assert buttons(menu) == {"2 dogs": "select", "4 chips": "left", "1 dog + 2 chips": "right"}
    out = press(ctl, 0, L)
    assert out.applied and ctl.state.players[0].covered == 4
    assert ctl.state.players[0].chips == state.players[0].chips + 4
    ctl, _ = controller(state.with_player(0, covered=4), dice)
    press(ctl, 0, R)  # wilderness, Anchorage, stick
    press(ctl, 0, L)  # the wilderness
    assert buttons(menu_of(ctl, 0)) == {"1 dog": "select", "2 chips": "left"}
    out = press(ctl, 0, S)
    assert out.applied and ctl.state.players[0].covered == 3


def test_rest_choices_show_what_they_really_give() -> None:
    # Z1 town choices; Z2: uncovering stops at the dogs that are covered
    state, dice = turn_of_seat_0()
    ctl, _ = controller(state.with_player(0, covered=1), dice)
    press(ctl, 0, L)
    towns = items(menu_of(ctl, 0))
    assert towns["1 dog + 4 chips"] == (True, "suggested")  # the most, all told
    press(ctl, 0, R)  # the other three
    assert items(menu_of(ctl, 0)) == {
        "3 dogs": (True, "gives 1 dog"),
        "6 chips": (True, ""),
        "2 dogs + 2 chips": (True, "gives 1 dog + 2 chips"),
    }
    assert buttons(menu_of(ctl, 0))["2 dogs + 2 chips"] == "right"
    out = press(ctl, 0, R)  # "2 dogs + 2 chips", of which only 1 dog can be uncovered
    assert out.applied and ctl.state.players[0].covered == 0
    assert ctl.state.players[0].chips == 22 and ctl.state.active == 1


def test_rest_places_are_only_those_the_rules_offer_where_the_sled_is() -> None:
    # Z1, S9: no Nikolai or Unal-Akleet in the Central Zone, no Anchorage off its board;
    # with Short game B no Nikolai either (reaching it places the sled at Unal-Akleet)
    def places(state: GameState) -> list[str]:
        ctl, _ = controller(state, dice)
        press(ctl, 0, L)
        towns = [i.label for i in menu_of(ctl, 0).items if i.label.startswith("Rest")]
        long_press(ctl, 0, S)
        press(ctl, 0, R)
        return towns + [i.label for i in menu_of(ctl, 0).items if i.label.startswith("Rest")]

    state, dice = turn_of_seat_0()
    assert places(state) == ["Rest at Nikolai", "Rest at Anchorage", "Rest in the wilderness"]
    assert places(state.with_player(0, board=1)) == ["Rest in the wilderness"]
    assert places(state.with_player(0, board=2)) == [
        "Rest at Unal-Akleet", "Rest in the wilderness"]
    state, dice = turn_of_seat_0(Variants(skip_central=True))
    assert places(state) == ["Rest at Anchorage", "Rest in the wilderness"]


def test_all_dogs_covered_must_rest() -> None:
    # T2: never worded "move or rest?"
    state, dice = turn_of_seat_0()
    ctl, _ = controller(state.with_player(0, covered=8), dice)
    menu = menu_of(ctl, 0)
    assert items(menu)["Move"] == (False, "all dogs covered: you must rest (T2)")
    assert menu.title == "Peter: rest (all dogs covered)"
    press(ctl, 0, S)  # ● is greyed: nothing happens, the player is told why
    assert ctl.state.players[0].covered == 8 and ctl.state.active == 0
    assert Notice("Move: all dogs covered: you must rest (T2)", 0) in ctl.frame().notices


def test_the_moving_menu_shows_odds_and_costs() -> None:
    # M4: 4-6 enters, +1 per chip; M5: 6 crosses, up to +4; X4, X5 costs
    state, dice = moving_seat_0(dogs=3)
    ctl, _ = controller(state, dice)
    menu = menu_of(ctl, 0)
    assert menu.title == "Peter: move up to 3"
    assert buttons(menu) == {"Done moving": "select", "Avalanche roll · Passing": "left",
                             "Terrain · Crossing · Stick": "right"}
    press(ctl, 0, L)
    assert menu_of(ctl, 0).title == "Avalanche roll · Passing"  # as the item that opened it
    assert items(menu_of(ctl, 0)) == {
        "Pass opponents": (True, "4 chips, this turn"),
        "Avalanche roll": (False, "no stick in play"),
        "Avalanche roll +3 or +4": (False, "no stick in play"),
    }
    long_press(ctl, 0, S)
    press(ctl, 0, R)
    assert items(menu_of(ctl, 0)) == {
        "Crossed into the Central Zone": (True, ""),
        "Rough terrain roll": (True, "4-6 enters"),
        "Avalanche stick": (True, "5 chips"),
    }
    press(ctl, 0, L)
    assert items(menu_of(ctl, 0)) == {"+0": (True, "50% · free"), "+1": (True, "67% · 1 chip"),
                                      "+2": (True, "83% · 2 chips")}
    long_press(ctl, 0, S)
    press(ctl, 0, R)  # Avalanche stick: the question names the price
    stick = menu_of(ctl, 0)
    assert stick.confirm and stick.title == "Pay 5 chips for an avalanche stick?"
    # ● never pays: it says no; ◀ places, ▶ removes, holding ▶ moves
    assert items(stick) == {"No": (True, ""), "Place a stick": (True, "5 chips"),
                            "Move a stick (hold)": (False, "no stick in play"),
                            "Remove a stick": (False, "no stick in play")}
    assert [(i.button, i.label) for i in stick.items][:3] == [
        ("select", "No"), ("left", "Place a stick"), ("right", "Remove a stick")]


def test_no_dog_results_greys_the_moves_with_a_short_reason() -> None:
    # M1: 0 dogs rolled; the reason stays short enough to be read beside its item
    state, dice = moving_seat_0(dogs=0)
    ctl, _ = controller(state, dice)
    assert items(menu_of(ctl, 0))["Done moving"] == (True, "")
    press(ctl, 0, R)
    menu = items(menu_of(ctl, 0))
    assert menu["Rough terrain roll"] == (False, "no spaces")
    assert menu["Crossed into the Central Zone"] == (False, "no spaces")


def test_avalanche_odds_with_sticks_and_few_chips() -> None:
    # S7 sticks on the board; X6: modifiers beyond the chips held are greyed
    state, dice = moving_seat_0(variants=Variants(avalanches_at_start=True))
    bank = state.bank + state.players[0].chips - 3
    ctl, _ = controller(replace(state.with_player(0, chips=3), bank=bank), dice)
    press(ctl, 0, L)  # avalanche and passing
    assert items(menu_of(ctl, 0))["Pass opponents"] == (False, "needs 4 chips")
    press(ctl, 0, L)  # +0 to +2, each on its button
    menu = menu_of(ctl, 0)
    assert menu.title == "Avalanche roll (M5)"
    assert items(menu) == {"+0": (True, "17% · free"), "+1": (True, "33% · 1 chip"),
                           "+2": (True, "50% · 2 chips")}
    long_press(ctl, 0, S)
    press(ctl, 0, R)  # +3 and +4 on ◀ and ▶; ● does nothing there
    menu = menu_of(ctl, 0)
    assert buttons(menu) == {"+3": "left", "+4": "right"}
    assert items(menu) == {"+3": (True, "67% · 3 chips"), "+4": (False, "needs 4 chips")}
    before = ctl.state
    press(ctl, 0, S)
    assert ctl.state is before


def test_zones_nikolai_and_nome() -> None:
    # W2 zones told with one press; S9 Nikolai; T3 Nome offered on Nome's board only
    state, dice = moving_seat_0(variants=Variants(skip_central=True))
    ctl, _ = controller(state, dice)

    def crossings() -> list[str]:
        press(ctl, 0, R)  # terrain, crossing, stick
        press(ctl, 0, S)  # the crossings: forward on ●
        labels = list(buttons(menu_of(ctl, 0)))
        long_press(ctl, 0, S)
        long_press(ctl, 0, S)
        return labels

    labels = crossings()
    assert "Reached Nikolai" in labels and "Reached Nome!" not in labels
    out = choose(ctl, 0, c.ReachNikolai(0))
    assert ctl.state.zone_of(0).value == "northern"
    assert Notice("Peter: placed at Unal-Akleet (S9)", None) in ctl.frame().notices
    assert out.events
    press(ctl, 0, R)  # terrain, crossing, stick
    labels = list(buttons(menu_of(ctl, 0)))
    long_press(ctl, 0, S)
    # S9: the Central Zone is bypassed both ways, and no move leads from the Northern
    # Zone straight into the Southern Zone: Nome is the only crossing left, on ●
    assert "Reached Nome!" in labels
    assert not [label for label in labels if label.startswith(("Went back", "Reached Nik"))]
    out = choose(ctl, 0, c.ReachNome(0))
    frame = check_frame(ctl)
    assert frame.screen == "game_over" and frame.view.winner == 0
    assert frame.animation == "win"
    press(ctl, 1, S)
    assert frame.menus == () and ctl.frame().notices[-1] == Notice("The game is over", 1)


def test_weather_and_pressing_menus() -> None:
    # W3: the Ice Bear rolls; P1: roll or skip
    from table.helpers import bidding

    state, dice = bidding(ice_bear=2)
    ctl, _ = controller(state, dice)
    for seat in range(4):
        press(ctl, seat, S)  # everyone locks 0: no Early Riser (R3)
    frame = check_frame(ctl)
    assert frame.screen == "reveal"
    assert [m.seat for m in frame.menus] == [2]
    assert items(frame.menus[0]) == {"Roll the weather": (True, "Southern chart (placeholder)")}
    dice.push(6)
    press(ctl, 2, S)  # the reveal takes presses at once
    assert ctl.state.weather is Climate.COLD
    assert check_frame(ctl).screen == "weather"


def test_setup_by_any_pad() -> None:
    # S1, S3, S5-S9: a draft until "Start the game"; one press starts with the defaults
    clock = FakeClock()
    dice = Dice(2)
    ctl = TableController(dice=dice, clock=clock)
    menu = menu_of(ctl, -1)
    assert focused(menu) == "Start the game"
    assert [i.label for i in menu.items] == [
        "Players", "Names", "Boards", "S5 No training limits", "S7 Two sticks at the start",
        "S8 Short game A (to the North)", "S9 Short game B (skip Central)", "Board charts",
        "Settings", "Start the game"]
    press(ctl, 4, R)  # wraps to "Players"
    press(ctl, 2, S)  # another pad carries on: any pad drives setup
    assert menu_of(ctl, -1).title == "Number of players (S1)"
    assert focused(menu_of(ctl, -1)) == "4 players"
    press(ctl, 0, L)
    press(ctl, 0, S)  # picks 3 and steps back out
    assert items(menu_of(ctl, -1))["Players"] == (True, "3")
    press(ctl, 0, R)
    press(ctl, 0, S)  # Names
    press(ctl, 0, R)
    press(ctl, 0, S)  # Seat A
    press(ctl, 0, R, 2)  # past "Spell a new name"
    press(ctl, 0, S)  # "Anna"
    long_press(ctl, 0, S)  # back out of Names
    assert items(menu_of(ctl, -1))["Names"] == (True, "Anna, Sky blue, Green")
    press(ctl, 0, R)
    press(ctl, 0, S)
    press(ctl, 0, R)
    press(ctl, 0, S)  # Standard boards
    press(ctl, 0, R, 2)
    press(ctl, 0, S)  # S7 on
    assert items(menu_of(ctl, -1))["S7 Two sticks at the start"] == (True, "on")
    press(ctl, 0, R, 5)
    assert focused(menu_of(ctl, -1)) == "Start the game"
    out = press(ctl, 0, S)
    assert out.applied and not ctl.in_setup
    settings = ctl.state.settings
    assert settings is not None
    assert settings.names == ("Anna", "Sky blue", "Green")
    assert settings.arrangement.value == "standard"
    assert settings.variants == Variants(avalanches_at_start=True)
    assert ctl.state.training_next == 1
    assert ctl.frame().animation == "draw"


def test_setup_pad_can_be_one_seat_only() -> None:
    ctl = TableController(dice=Dice(1), clock=FakeClock(), config=TableConfig(setup_pad=0))
    press(ctl, 3, S)
    assert ctl.in_setup
    press(ctl, 0, S)
    assert not ctl.in_setup


def test_serial_changes_only_when_the_frame_does() -> None:
    state, dice = turn_of_seat_0()
    ctl, clock = controller(state, dice)
    first = ctl.frame()
    assert ctl.frame().serial == first.serial
    clock.advance(0.5)
    assert ctl.frame().serial == first.serial
    press(ctl, 0, R)
    assert ctl.frame().serial == first.serial + 1
    press(ctl, 0, L)
    assert ctl.frame().serial == first.serial + 2


def test_the_reveal_screen_times_out() -> None:
    from table.helpers import bidding

    state, dice = bidding()
    ctl, clock = controller(state, dice)
    for seat in range(4):
        press(ctl, seat, S)
    assert ctl.frame().screen == "reveal"
    clock.advance(ctl.config.reveal_seconds)
    assert ctl.frame().screen == "weather"


def test_sticks_in_the_turn_menu() -> None:
    # X4: a stick costs 5 chips during one's own turn
    state, dice = turn_of_seat_0()
    ctl, _ = controller(state, dice)
    out = choose(ctl, 0, c.MoveStick(0, StickAction.PLACE))
    assert ctl.state.sticks == 1 and ctl.state.players[0].chips == 15
    assert out.events and ctl.frame().undo is not None
    choose(ctl, 0, c.Rest(0, RestPlace.ANCHORAGE, 0))
    assert ctl.state.active == 1


def test_setup_starts_from_the_config_files_game() -> None:
    # S1, S3, S7: the [game] table of the config file is setup's starting point
    from companion.games.mush.model import Arrangement
    from companion.games.mush.settings import Settings

    game = Settings.make(("Ada", "Bo", "Cy"), Arrangement.STANDARD,
                         Variants(avalanches_at_start=True))
    config = TableConfig.for_setup(game.names, setup(MushSetup(), game), reduce_seconds=10,
                                   reroll_seconds=8)
    ctl = TableController(dice=Dice(1), clock=FakeClock(), config=config)
    assert items(menu_of(ctl, -1))["Names"] == (True, "Ada, Bo, Cy")
    press(ctl, 0, S)
    assert ctl.state.settings == game
    assert ctl.config.reduce_seconds == 10
