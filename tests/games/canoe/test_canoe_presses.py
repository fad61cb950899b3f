"""A Canoe turn in few presses, counted on the real table: pad presses go through
`CanoeTable.handle` one by one, steered as the virtual pads steer (`next_press`), until the
rules answer the command wanted. After the throw three buttons: ▶ "Landed on C", ◀ the
step the table guesses likeliest from what it was told
(`companion.games.canoe.table.likely`), ● the list of the rest opening on the next
likeliest; the next player's first choice ends the turn (C4), so "End of turn" waits at
the list's far end (on ◀ only when nobody else throws next). The common turns (a throw
then a landing, a camp at a site with its printed points, finishing) take at most four
presses; a go that ends at once takes one. And 300 bot trips of every length and variant
keep Raven Rock's rules (L1, L2)."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from canoe_harness import BUTTONS, Trip, in_order, listed, path_to_key, pile, ranked

from companion.config.table import TableConfig
from companion.core.dice import SeededDice
from companion.games.canoe import commands as c
from companion.games.canoe import events as ev
from companion.games.canoe.bots import SensibleBot, play_game, trip_settings, with_board
from companion.games.canoe.cards import DESTINATIONS_PER_PILE, OWN_CARDS, CardKind
from companion.games.canoe.invariants import place_violations
from companion.games.canoe.model import (
    ENTERED_ATTRACTIONS,
    Attraction,
    CardMode,
    DestinationRule,
    PaperEffect,
    Pile,
    Weather,
)
from companion.games.canoe.settings import Campsites, Ring, Variants
from companion.games.canoe.table.bots import CanoeBotDriver
from companion.games.canoe.table.controller import CanoeTable
from companion.games.canoe.table.likely import attractions
from companion.games.canoe.table.memory import remember
from companion.pads.events import Button, Kind
from companion.table.frame import MenuStyle
from companion.table.tree import Tree
from companion.table.virtual import pad_events

SITES = Campsites(("Solitude Point", "Sugar Island", "Indian Pond 1", "Indian Pond 2"),
                  placeholder=False, points=(20, 15, 10, 5))
PRINTED = ((Attraction.MOOSE, 15), (Attraction.RAINBOW, 20), (Attraction.RAVEN_ROCK, 25))


def printed_trip() -> Trip:
    """Two players, one night, the campsites' and three attractions' printed points entered
    in setup (A1, N1)."""
    trip = Trip(2, nights=1, campsites=SITES)
    trip.settings = replace(trip.settings, attraction_points=PRINTED)
    trip.events[0] = ev.GameStarted(trip.settings)
    trip.state = replace(trip.state, settings=trip.settings)
    return trip


class Clock:
    """A fake clock: each press a little later, so no press is taken for a stale one."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


class Table:
    """The real table over a trip under test, its dice the trip's."""

    def __init__(self, trip: Trip) -> None:
        self.trip, self.clock = trip, Clock()
        self.table = CanoeTable(trip.state, trip.dice, self.clock,
                                TableConfig(players=len(trip.state.players)),
                                history=list(trip.events))

    def press(self, seat: int, button: Button) -> list[ev.Event]:
        done: list[ev.Event] = []
        for event in pad_events(seat, (button, False)):
            self.clock.now += 0.3
            done += self.table.handle(event).events
        self._sync()
        return done

    def presses(self, command: c.Command, *faces: int) -> int:
        """Presses until the rules answer `command` (pushing `faces` for a throw)."""
        self.trip.dice.push(*faces)
        seat = command.seat
        for count in range(1, 31):
            step = self.table.next_press(seat, lambda chosen: chosen == command)
            assert step is not None, f"no menu leads to {command!r}"
            before = len(self.table.history)
            for event in pad_events(seat, step):
                self.clock.now += 0.3
                self.table.handle(event)
            self._sync()
            if len(self.table.history) > before:
                return count
        raise AssertionError(f"{command!r} not reached in 30 presses")

    def tree(self, seat: int) -> Tree:
        """The menu tree the seat's pad walks now."""
        tree = self.table._tree(seat)
        assert tree is not None
        return tree

    def go(self, seat: int, key: str) -> int:
        """Presses through the seat's levels of three to the item `key` (a sub-menu
        opens): how many."""
        path = path_to_key(self.tree(seat), key)
        assert path is not None, f"no item {key!r}"
        for node in path:
            self.press(seat, BUTTONS[node.button])
        return len(path)

    def _sync(self) -> None:
        self.trip.state = self.table.state
        self.trip.events = list(self.table.history)


def test_c6_a_throw_then_landing_on_c_takes_two_presses() -> None:
    table = Table(Trip(2, nights=1))
    assert table.presses(c.Roll(0), 3) == 1
    assert table.presses(c.Land(0, Pile.CANOE)) == 1  # ▶
    assert table.presses(c.Roll(1), 4) == 1


def test_c4_c6_a_landing_told_at_the_next_go_costs_a_few_presses_the_throw_one() -> None:
    # C4: Bob's throw ends Ann's go before she tells its landing on C; C6: at her next go
    # she tells it from her menu (the throw keeps the focus), then throws with one press
    table = Table(Trip(3, nights=1))
    table.presses(c.Roll(0), 3)
    table.presses(c.Roll(1), 4)  # ends Ann's go
    table.presses(c.Roll(2), 2)  # ends Bob's
    late = table.presses(c.LandLate(0, Pile.CANOE))  # ends Cy's, then draws Ann's card
    assert late <= 4  # to the item, open it, C (measured: 3; P: 4)
    assert table.trip.state.turn is not None and table.trip.state.turn.late is Pile.CANOE
    assert table.presses(c.Roll(0), 5) == 1
    assert table.presses(c.Land(0, Pile.CANOE)) == 1  # ▶: the new go lands anew


def test_c4_the_next_player_s_throw_ends_a_turn_with_nothing_more_to_tell() -> None:
    table = Table(Trip(3, nights=1))
    table.presses(c.Roll(0), 3)
    # Bob, next, has his own menu already: his throw ends Ann's turn, no "End of turn"
    menus = {m.seat: m for m in table.table.frame().menus}
    assert set(menus) == {0, 1}  # Cy, after Bob, has nothing to choose yet
    assert menus[1].title == "Bob: next · your first choice ends Ann's turn"
    assert menus[1].items[menus[1].focus].label == "Throw the die"
    assert table.presses(c.Roll(1), 5) == 1
    events = table.trip.events
    assert events[-3:-1] == [ev.TurnEnded(0), ev.TurnStarted(1, 2)]
    assert isinstance(events[-1], ev.DieRolled) and events[-1].seat == 1


def test_c4_the_next_player_cannot_end_a_turn_its_player_is_still_telling() -> None:
    # Ann opened her list to tell something: Bob's throw is refused, nothing lost; once
    # she has told it, his throw ends her turn
    table = Table(Trip(2, nights=1))
    table.presses(c.Roll(0), 3)
    table.press(0, Button.SELECT)  # Ann's list
    before = len(table.table.history)
    assert table.press(1, Button.SELECT) == []
    assert len(table.table.history) == before
    assert any(n.text == "Ann is still telling: wait for them" and n.seat == 1
               for n in table.table.frame().notices)
    assert table.presses(c.SeeAttraction(0, Attraction.MOOSE, 10)) >= 1
    told = len(table.table.history)
    assert table.presses(c.Roll(1), 4) == 1
    assert table.trip.events[told:told + 2] == [ev.TurnEnded(0), ev.TurnStarted(1, 2)]


def test_c4_the_player_whose_go_was_ended_is_told_where_their_points_still_go() -> None:
    # Ann presses after Bob's throw ended her go (Cy is next, not her): she reads that
    # points or a landing not yet told go in at her next go (C4, C6), not only whose turn
    # it is
    table = Table(Trip(4, nights=1))
    table.presses(c.Roll(0), 3)
    table.presses(c.Roll(1), 4)  # Bob's throw ends Ann's go
    assert table.press(0, Button.RIGHT) == []
    texts = [n.text for n in table.table.frame().notices if n.seat == 0]
    assert texts[-1] == ("Bob's choice ended your go: points or a landing on C or P not "
                         "told yet go in at your next go, before the throw")
    table.presses(c.Roll(2), 2)  # Cy's throw (Di next): Ann's go no longer the one ended
    table.press(0, Button.RIGHT)
    texts = [n.text for n in table.table.frame().notices if n.seat == 0]
    assert texts[-1] == "Cy is playing"


def test_c4_a_press_of_anyone_else_is_still_refused_with_whose_turn_it_is() -> None:
    table = Table(Trip(3, nights=1))
    table.presses(c.Roll(0), 3)
    before = len(table.table.history)
    assert table.press(2, Button.SELECT) == []  # Cy is not next
    assert len(table.table.history) == before
    assert any(n.text == "Ann is playing" and n.seat == 2
               for n in table.table.frame().notices)


def test_c4_the_next_player_s_first_choice_may_be_any_of_theirs() -> None:
    # Bob camps where his canoe stands instead of throwing (N5): Ann's turn ends first
    table = Table(Trip(2, nights=1))
    table.presses(c.Roll(0), 3)
    menu = next(m for m in table.table.frame().menus if m.seat == 1)
    assert "Camp here" in [i.label for i in menu.items]
    before = len(table.table.history)
    table.presses(c.Camp(1, "Sugar Island", 10))
    told = table.trip.events[before:]
    assert told[:3] == [ev.TurnEnded(0), ev.TurnStarted(1, 2),
                        ev.Camped(1, "Sugar Island", 10)]


def test_c4_with_no_next_player_to_throw_left_ends_the_turn() -> None:
    # Bob camped: he owes his next go, so after Ann's turn comes Ann's again. Nobody's
    # throw can end her turn: "End of turn" stays at hand on ◀
    trip = Trip(2, nights=1)
    trip.roll(2)
    trip.do(c.EndTurn(0))
    trip.roll(2)
    trip.do(c.Camp(1, "Sugar Island", 10))
    table = Table(trip)
    table.presses(c.Roll(0), 3)
    menus = {m.seat: m for m in table.table.frame().menus}
    assert set(menus) == {0}
    assert [(i.button, i.label) for i in menus[0].items if i.button == "left"] == [
        ("left", "End of turn")]
    assert table.presses(c.EndTurn(0)) == 1


def test_c6_after_the_throw_the_plain_button_opens_the_list_and_changes_nothing() -> None:
    # the table was told Ann's rainbow after her moose: Bob, past the moose too, likeliest
    # crosses the rainbow's line next (◀), the steps likeliest first
    trip = Trip(2, nights=1)
    trip.turn(3, c.SeeAttraction(0, Attraction.MOOSE, 15))
    trip.turn(3, c.SeeAttraction(1, Attraction.MOOSE, 15))
    trip.turn(2, c.SeeAttraction(0, Attraction.RAINBOW, 20))
    table = Table(trip)
    table.presses(c.Roll(1), 3)
    top = table.table.frame().menus[1]
    assert top.style is MenuStyle.KEYS
    # ◀ the likeliest step (Ann's throw says "End of turn", C4), ▶ landed on C
    buttons = [(i.button, i.label) for i in top.items]
    assert buttons[2] == ("right", "Landed on C")
    assert buttons[1][0] == "left" and buttons[1][1].startswith("A perfect rainbow")
    before = len(table.table.history)
    steps = listed(table.tree(1))
    assert table.press(1, Button.SELECT) == []
    assert len(table.table.history) == before  # ● only opened the list
    menu = table.table.frame().menus[1]
    # three buttons again: ◀ ▶ the next two likeliest steps, ● the rest
    assert menu.depth == 1 and menu.style is MenuStyle.KEYS
    shown = {i.button: i.label for i in menu.items}
    assert [shown["left"], shown["right"]] == [n.label for n in steps[:2]]
    assert shown["select"] == "More…" and "End of turn" not in shown.values()
    # "End of turn" still there, the last step (the next player's throw says it, C4)
    assert [n.label for n in steps if n.enabled][-1] == "End of turn"


def test_c6_where_nothing_told_points_to_a_step_the_three_likeliest_are_one_item() -> None:
    # the first throw of a trip: nothing the table was told points to a step, so the
    # steps are spread out (`spread_out`): ◀ the three likeliest, ● two items of three
    # and the rest, eleven steps within three presses after the throw
    table = Table(Trip(2, nights=1))
    table.presses(c.Roll(0), 3)
    tree = table.tree(0)
    steps = [n for n in ranked(tree) if n.enabled]
    top = {i.button: i.label for i in table.table.frame().menus[0].items}
    assert top["right"] == "Landed on C" and top["select"] == "Something else…"
    # the three likeliest named in one item, read ◀ ● ▶ (their short names)
    assert top["left"] == " · ".join(n.short or n.label for n in (steps[1], steps[0], steps[2]))
    assert table.press(0, Button.SELECT) == []  # ● opens the rest, nothing done
    menu = table.table.frame().menus[0]
    shown = {i.button: i.label for i in menu.items}
    assert shown["left"] == " · ".join(n.short or n.label for n in (steps[4], steps[3], steps[5]))
    assert shown["right"] == " · ".join(n.short or n.label for n in (steps[7], steps[6], steps[8]))
    assert shown["select"] == "More…"
    within = [n for n in steps if (way := path_to_key(tree, n.key)) is not None
              and len(way) <= 3]
    assert len(within) >= 11 and [n.key for n in within] == [n.key for n in steps[:len(within)]]
    assert steps[-1].label == "End of turn"  # still there, last (C4)


def test_n1_a_camp_at_the_likeliest_site_with_its_printed_points_is_four_presses_at_most(
        ) -> None:
    trip = Trip(2, campsites=SITES)
    trip.turn(2, c.Camp(0, "Solitude Point", 20))
    trip.turn(2)
    trip.turn(2)
    table = Table(trip)
    assert table.presses(c.Roll(0), 3) == 1
    # the next site along the board's order at its printed +15, where the list opens
    # (◀ is the likeliest step: a canoe that camped last go likelier crosses a line
    # first): ●, ● on the guess
    assert table.presses(c.Camp(0, "Sugar Island", 15)) == 2


def test_n1_a_site_entered_earlier_in_the_trip_is_one_press_at_its_points() -> None:
    trip = Trip(2)
    trip.turn(2, c.Camp(0, "Sugar Island", 25))
    table = Table(trip)
    table.presses(c.Roll(1), 3)
    # where Ann camped after the start, at the +25 she entered (the board prints one
    # value a site): ●, then ● on the guess, no stepper
    assert table.presses(c.Camp(1, "Sugar Island", 25)) == 2
    assert ev.Camped(1, "Sugar Island", 25) in table.trip.events


def _focus_on(table: Table, seat: int, label: str) -> None:
    """▶ along the seat's list until `label` has the focus (at most once round it)."""
    for _ in range(30):
        menu = next(m for m in table.table.frame().menus if m.seat == seat)
        if menu.items[menu.focus].label == label:
            return
        table.press(seat, Button.RIGHT)
    raise AssertionError(f"{label!r} not in the list")


def test_n1_without_printed_points_a_new_site_starts_at_the_last_camp_s_points() -> None:
    trip = Trip(2)
    trip.turn(2, c.Camp(0, "Solitude Point", 25))
    table = Table(trip)
    table.presses(c.Roll(1), 3)
    camp = path_to_key(table.tree(1), "camp")
    assert camp is not None and camp[-1].children is not None
    sites = {n.label: n for n in in_order(camp[-1].children)}
    table.go(1, "site:Sugar Island")  # never entered, none printed: a stepper
    stepper = next(m for m in table.table.frame().menus if m.seat == 1)
    assert stepper.items[stepper.focus].label == "+25"  # from the last camp's points
    assert sites["Sugar Island"].children is not None  # its points asked on a stepper
    # entered by Ann: in the full list still any points (she may have misread), from hers
    assert sites["Solitude Point"].children is not None


def _points_from_the_board(trip: Trip, seat: int) -> Table:
    """`seat` throws a 4 and opens the full menu of attractions (**Points from the
    board**)."""
    table = Table(trip)
    table.presses(c.Roll(seat), 4)
    table.go(seat, "points")
    return table


def test_a3_an_attraction_entered_earlier_is_any_points_in_the_full_menu() -> None:
    trip = Trip(2)  # no printed points entered in setup
    trip.turn(3, c.SeeAttraction(0, Attraction.MOOSE, 15))
    table = _points_from_the_board(trip, 1)
    menu = next(m for m in table.table.frame().menus if m.seat == 1)
    by_label = {item.label: item for item in menu.items}
    assert by_label["The Northern Lights"].submenu  # never entered: a stepper
    table.press(1, Button.SELECT)  # the moose, first: a stepper from Ann's +15 (the guess
    stepper = next(m for m in table.table.frame().menus if m.seat == 1)  # is one press)
    assert stepper.items[stepper.focus].label == "+15"
    table.press(1, Button.RIGHT)  # Bob read +20 off the board: any value stays reachable
    table.press(1, Button.SELECT)
    assert ev.AttractionSeen(1, Attraction.MOOSE, 20) in table.trip.events


def test_a3_an_attraction_nobody_entered_starts_amid_the_trip_s_other_entries() -> None:
    trip = Trip(2)  # no printed points entered in setup
    trip.turn(3, c.SeeAttraction(0, Attraction.MOOSE, 15))
    trip.turn(3, c.SeeAttraction(1, Attraction.RAINBOW, 25))
    table = _points_from_the_board(trip, 0)
    _focus_on(table, 0, "The Northern Lights")
    table.press(0, Button.SELECT)  # never entered, none printed: a stepper
    stepper = next(m for m in table.table.frame().menus if m.seat == 0)
    # the middle of the trip's +15 and +25, where the board's points likely lie
    assert stepper.items[stepper.focus].label == "+20"


def test_f3_finishing_with_the_lead_is_four_presses_at_most() -> None:
    trip = Trip(2, nights=1)
    trip.turn(2, c.Camp(0, "Sugar Island", 25))
    trip.turn(2)
    trip.turn(2)
    trip.roll(5)
    trip.do(c.Adjust(0, 50))
    table = Table(trip)
    assert table.presses(c.Finish(0)) <= 3


def test_a3_the_attraction_the_table_told_after_the_same_landmark_is_one_press_away() -> None:
    # Ann saw a moose, then a rainbow; Bob, having seen the moose, sees the rainbow
    trip = printed_trip()
    trip.turn(3, c.SeeAttraction(0, Attraction.MOOSE, 15))
    trip.turn(3, c.SeeAttraction(1, Attraction.MOOSE, 15))
    trip.turn(4, c.SeeAttraction(0, Attraction.RAINBOW, 20))
    table = Table(trip)
    assert table.presses(c.Roll(1), 4) == 1
    # ◀ is the rainbow at its printed +20; then Ann's throw ends Bob's go (C4)
    assert table.presses(c.SeeAttraction(1, Attraction.RAINBOW, 20)) == 1
    assert table.presses(c.Roll(0), 2) == 1
    assert ev.TurnEnded(1) in table.trip.events


def test_a2_k4_the_lines_crossed_come_before_the_landing_the_table_learnt() -> None:
    # Ann landed on P in the go after her moose; Bob has seen the moose too. His next
    # go may cross another line or reach a site first (a go tells them before its
    # landing): ◀ is one of those, P ▶ behind ●
    trip = printed_trip()
    trip.turn(3, c.SeeAttraction(0, Attraction.MOOSE, 15))
    trip.turn(3, c.SeeAttraction(1, Attraction.MOOSE, 15))
    trip.turn(2, c.Land(0, Pile.PORTAGE))
    table = Table(trip)
    assert table.presses(c.Roll(1), 3) == 1
    steps = [n.label for n in ranked(table.tree(1))]
    assert steps[0] in ("Camp at Solitude Point · +20", "A perfect rainbow · +20")  # not P
    # P close behind: one of the three likeliest, spread out (the trips told little
    # after the moose): ◀ opens them, ▶ or ◀ on P
    assert "Landed on P" in steps[1:3]
    assert table.presses(c.Land(1, Pile.PORTAGE)) == 2
    assert ev.Landed(1, Pile.PORTAGE) in table.trip.events


def _ann_ahead() -> Trip:
    trip = Trip(2, nights=1)
    trip.turn(2, c.Adjust(0, 10))
    return trip


def test_l9_asking_for_a_shared_space_is_still_the_list_s_last_item() -> None:
    # the screen shows the answer unasked, so the list guesses no shared space; asking
    # (to hear it said, and keep it in the journal) is the last step but "End of turn"
    # (the next player's throw says that, C4)
    table = Table(_ann_ahead())
    table.presses(c.Roll(1), 2)
    steps = [n for n in listed(table.tree(1)) if n.enabled]
    shared = [n for n in steps if n.label.startswith("Another canoe")]
    # Ann's is the only other canoe: no list of whose, the answer beside her name
    assert [(n.label, n.detail, n.children, n.command) for n in shared] == [
        ("Another canoe on this space · Ann", "you go behind (no more points)", None,
         c.ShareSpace(1, 0))]
    assert [n.key for n in steps[-2:]] == ["share", "end"]
    # as many presses as its place in the levels of three: one a level
    reach = path_to_key(table.tree(1), "share")
    assert reach is not None and table.presses(c.ShareSpace(1, 0)) == len(reach) <= 6
    assert ev.SpaceShared(1, 0, ahead=False) in table.trip.events


def test_l1_after_waiting_at_the_base_the_climb_is_where_the_list_opens() -> None:
    trip = Trip(2, ring=Ring((Weather.HEADWIND, Weather.CALM)))
    trip.settings = replace(trip.settings, attraction_points=PRINTED)
    trip.events[0] = ev.GameStarted(trip.settings)
    trip.state = replace(trip.state, settings=trip.settings)
    trip.roll(3)
    trip.do(c.WaitAtRock(0))
    trip.turn(6)  # the wind drops
    table = Table(trip)
    table.presses(c.Roll(0), 2)
    assert table.presses(c.Climb(0, 25)) == 1  # ◀: the climb at its printed +25


def test_l5_l6_turning_back_throws_at_once() -> None:
    trip = Trip(2)
    trip.roll(4)
    trip.do(c.WaitAtPoint(0))
    trip.turn(3)
    table = Table(trip)
    assert table.presses(c.TurnBack(0), 3) == 2  # ▶ then ●: turned back and thrown
    assert table.trip.state.turn is not None and table.trip.state.turn.face == 3


TABLE_SEEDS = (0, 1)


def test_bot_trips_through_the_table_keep_the_common_turns_short() -> None:
    """Two bot trips (a board with its points entered) pressed through the real table:
    a throw then C or the end of the turn is two presses (a go that ends at once one)."""
    for seed in TABLE_SEEDS:
        settings = with_board(trip_settings(seed))
        clock = Clock()
        table = CanoeTable(dice=SeededDice(seed), clock=clock,
                           config=TableConfig(players=settings.players))
        driver = CanoeBotDriver(table, dict.fromkeys(range(settings.players), SensibleBot()),
                                random.Random(seed))
        table._apply(c.StartGame(c.TABLE, settings), "start")
        presses, told, turn, turns = 0, [], table.state.turns, 0
        for _ in range(100_000):
            if table.over:
                break
            clock.now += 0.3
            events = driver.presses()
            presses += sum(1 for e in events if e.kind is Kind.PRESS)
            for event in events:
                told += [f"Landed:{e.pile}" if isinstance(e, ev.Landed) else type(e).__name__
                         for e in table.handle(event).events
                         if not isinstance(e, ev.TurnStarted | ev.WeatherAdvanced
                                           | ev.CardDrawn | ev.CardReturned)]
            if table.state.turns != turn:
                if told == ["DieRolled", "Landed:canoe", "TurnEnded"]:
                    assert presses == 2, (seed, told, presses)
                if told == ["DieRolled", "TurnEnded"]:  # ◀, or a go that ended at once
                    assert presses <= 2, (seed, told, presses)
                turns += 1
                presses, told, turn = 0, [], table.state.turns
        assert table.over and turns > 15


VARIANT_SEEDS = range(300)


@pytest.mark.slow
def test_l1_l2_three_hundred_bot_trips_never_climb_in_bad_weather_nor_go_past_a_summit(
        ) -> None:
    climbs = 0
    for seed in VARIANT_SEEDS:
        settings = trip_settings(seed)
        state, events = play_game(settings, [SensibleBot() for _ in range(settings.players)],
                                  SeededDice(seed), random.Random(seed))
        assert state.winner is not None, seed
        assert place_violations(events) == [], seed
        climbs += sum(1 for e in events if getattr(e, "attraction", None) == "raven_rock")
    assert climbs > 300


def _three_canoes_out() -> Trip:
    trip = Trip(3, nights=1)
    trip.turn(2, c.Adjust(trip.active, 10))
    trip.turn(2)
    return trip


def test_l9_with_more_canoes_out_the_list_asks_whose_with_each_answer() -> None:
    table = Table(_three_canoes_out())
    seat = table.trip.active
    others = [s for s in range(3) if s != seat]
    table.presses(c.Roll(seat), 2)
    steps = [n for n in listed(table.tree(seat)) if n.enabled]
    # one item, no guess per canoe: it opens the list of whose, the answer beside each
    assert [n.label for n in steps if n.label.startswith("Another canoe")] == [
        "Another canoe on this space"]
    assert [n.key for n in steps[-2:]] == ["share", "end"]
    reach = len(path_to_key(table.tree(seat), "share") or ())
    for other in others:
        again = Table(_three_canoes_out())
        again.presses(c.Roll(seat), 2)
        # to the list of whose, then at most one move and ● there
        assert again.presses(c.ShareSpace(seat, other)) <= reach + 2
        assert ev.SpaceShared(seat, other, ahead=False) in again.trip.events


def test_l4_a_place_nobody_told_yet_is_still_one_item_of_the_list() -> None:
    table = Table(Trip(2, nights=1))
    table.presses(c.Roll(0), 3)
    steps = listed(table.tree(0))
    direct = {n.command for n in steps if n.children is None}
    # the Unmapped Region at its first open point, without the menu of places; the climb
    # too (its points asked next: the group entered none)
    assert c.ReachUnmapped(0, 1) in direct
    assert "Climbed Raven Rock" in [n.label for n in steps]


def test_k8_a_place_s_destination_card_done_is_one_item_of_the_list() -> None:
    portage = Pile.PORTAGE
    trip = Trip(2, piles={portage: pile(portage, "dest-northern-portage",
                                        destinations=["dest-northern-portage"])})
    trip.turn(3, c.Land(0, portage))  # the Northern Portage card, kept
    trip.turn(3)
    table = Table(trip)
    table.presses(c.Roll(0), 2)
    # only the player sees the portage travelled: marked done in one press, no sub-menu
    done = [n for n in listed(table.tree(0)) if n.command == c.ObeyDestination(0)]
    assert [(n.label, n.children) for n in done] == [("Destination card done", None)]
    # one press a level of three: within four of the top
    assert table.presses(c.ObeyDestination(0)) <= 4
    assert ev.DestinationObeyed(0, "dest-northern-portage") in table.trip.events


def _moose_then(face: int) -> list[Attraction]:
    """Ann sees the moose in a headwind, then throws `face`; the attractions the table
    offers her on the go after that, likeliest first."""
    trip = Trip(2, nights=1, ring=Ring((Weather.HEADWIND, Weather.HEADWIND)))
    trip.turn(4, c.SeeAttraction(0, Attraction.MOOSE, 10))
    trip.turn(4)
    trip.turn(face)
    trip.turn(4)
    trip.roll(4)
    memory = remember(trip.events)
    return attractions(trip.state, 0, memory, list(ENTERED_ATTRACTIONS))


def test_e3_a_canoe_the_wind_may_have_blown_back_is_offered_the_line_it_crossed_again() -> None:
    # a 1 or 2 in a headwind is a move back out on a lake: the moose's line may come again
    assert Attraction.MOOSE in _moose_then(2)[:2]
    # a 4 is a move on: the moose, just seen, comes last
    assert _moose_then(4)[-1] is Attraction.MOOSE


@pytest.mark.parametrize("seed", range(4))
def test_c6_f1_landing_on_p_or_finishing_is_one_press_behind_the_rest_whatever_the_guess(
        seed: int) -> None:
    # a trip that told the table plenty first, whatever it learnt: P is ▶ behind ● (or
    # ◀, the likeliest there), finishing or the guessed campsite ◀ one level further
    rng = random.Random(seed)
    trip = Trip(3, nights=1, campsites=SITES)
    for _ in range(6):
        seat = trip.active
        told = [c.SeeAttraction(seat, rng.choice(ENTERED_ATTRACTIONS), 10)] \
            if rng.random() < 0.6 else []
        trip.turn(rng.randint(2, 5), *told)
    table = Table(trip)
    seat = trip.active
    table.presses(c.Roll(seat), 3)
    # second or third likeliest (pinned): behind ● at ◀ or ▶, or among the three
    # likeliest at ◀ where the steps are spread out
    steps = ranked(table.tree(seat))
    assert "Landed on P" in [n.label for n in steps[1:3]]
    assert table.presses(c.Land(seat, Pile.PORTAGE)) == 2


def _drew(which: Pile, variants: Variants | None = None) -> Table:
    """Ann on a paper-card trip, her landing (or camp) waiting for the card she drew."""
    trip = Trip(2, cards=CardMode.PAPER, campsites=SITES, variants=variants)
    trip.do(c.Roll(0), 3)
    trip.do(c.Camp(0, "Sugar Island", 15) if which is Pile.CAMP else c.Land(0, which))
    assert trip.state.require_turn().awaiting is which
    return Table(trip)


def _cards(which: Pile) -> list[c.EnterCard]:
    """K1, K2: an entry for each card of the pile, as drawn (the three Destination cards
    dealt into it too)."""
    drawn = [c.EnterCard(0, 0, PaperEffect.HERO) if card.kind is CardKind.HERO  # K11: kept
             else c.EnterCard(0, card.points, PaperEffect.MISS_GO if card.kind is
                              CardKind.MISS_GO else PaperEffect.POINTS)
             for card in OWN_CARDS[which]]
    return drawn + [c.EnterCard(0, 0, PaperEffect.DESTINATION)] * DESTINATIONS_PER_PILE


@pytest.mark.parametrize("which", list(Pile))
def test_k12_a_paper_card_is_entered_on_levels_of_what_its_pile_prints(which: Pile) -> None:
    # K1, K2, K12: the points the pile's cards print (the leak's missed go beside its
    # points), the camp Hero and a Destination card, each one item, the ones the most
    # cards print first: the card drawn is entered in a few presses, whichever it is
    table = _drew(which)
    entries = in_order(table.tree(0))
    labels = [n.label for n in entries]
    printed = {card.points for card in OWN_CARDS[which] if card.kind is CardKind.ORDINARY}
    leak = "-15 · and miss the next go"
    assert {x for x in labels if x.lstrip("+-").isdigit() or x == "0"} == {
        f"{p:+d}" if p else "0" for p in printed}
    assert (leak in labels) is (which is Pile.CANOE)
    assert "A Destination card" in labels
    assert ("The camp Hero card" in labels) is (which is Pile.CAMP)
    drawn = _cards(which)
    count = {n.command: sum(1 for d in drawn if d == n.command) for n in entries}
    depth = {n.command: len(path_to_key(table.tree(0), n.key) or ()) for n in entries}
    # an entry more cards print is never further than one fewer print
    assert all(depth[a] <= depth[b] for a in count for b in count if count[a] > count[b])
    # and each costs as many presses as levels it lies in, the commonest one press
    presses = [_drew(which).presses(command) for command in drawn]
    assert presses == [depth[command] for command in drawn] and min(presses) == 1
    # steps as far are shown lowest points first, read ◀ ● ▶ ("-20 · -15 · +20")
    menu = next(m for m in table.table.frame().menus if m.seat == 0)
    groups = [i.label.split(" · ") for i in menu.items if i.submenu and "More" not in i.label]
    assert all(g == sorted(g, key=lambda x: int(x.split()[0])) for g in groups if all(
        x.split()[0].lstrip("+-").isdigit() for x in g))
    # never more in all than a list a marker moves along, its focus at its best place
    n = len(entries)
    at = [labels.index(next(e.label for e in entries if e.command == d)) for d in drawn]
    best = min(sum(min((i - f) % n, (f - i) % n) for i in at) for f in range(n))
    assert sum(presses) <= len(drawn) + best


def test_k12_v1_on_a_trip_without_destination_cards_that_item_is_greyed_and_last(
        ) -> None:
    # V1, K12: the entries still show every kind of card, the ones the trip refuses greyed
    # with their reason, after every card the pile can give
    table = _drew(Pile.CANOE, Variants(destinations=DestinationRule.NONE))
    entries = in_order(table.tree(0))
    assert [(n.label, n.enabled, n.detail) for n in entries[-1:]] == [
        ("A Destination card", False, "this trip has no Destination cards")]
    assert all(n.enabled for n in entries[:-1])
    # with them, the three Destination cards of the pile put it nearer the front
    with_them = [n.label for n in in_order(_drew(Pile.CANOE).tree(0))]
    assert with_them.index("A Destination card") < len(with_them) - 1


@pytest.mark.parametrize("which", list(Pile))
def test_k12_a_phone_lists_what_the_pile_prints_lowest_points_first(which: Pile) -> None:
    # a phone shows every entry at once, one tap each: the order only helps reading, so
    # it is the sheet's (the points lowest first, the leak's beside its points, then the
    # camp Hero and a Destination card), not the pads' likeliest first
    table = _drew(which)
    menu = next(m for m in table.table.frame().menus if m.seat == 0)
    labels = [step.item.label for step in menu.steps]
    assert sorted(labels) == sorted(n.label for n in in_order(table.tree(0)))
    points = [int(label.split()[0]) for label in labels if label[0] in "+-0"]
    assert points == sorted(points) and labels[-1] == "A Destination card"
    if which is Pile.CANOE:
        assert labels.index("-15 · and miss the next go") == labels.index("-15") + 1
    if which is Pile.CAMP:
        assert labels[-2] == "The camp Hero card"
