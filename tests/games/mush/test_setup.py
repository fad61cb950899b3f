"""Setup rules S1–S9: seating, chips, arrangements, training, initiative, variants."""

from __future__ import annotations

import pytest
from rules_harness import NAMES, Game

from companion.exc import (
    CommandNotAllowedError,
    IllegalChoiceError,
    NotYourTurnError,
    SettingsError,
)
from companion.games.mush import commands as c
from companion.games.mush import events as ev
from companion.games.mush.engine import allowed_trainings, legal, weather_zone
from companion.games.mush.model import (
    TRAINING_MAXIMA,
    Arrangement,
    Climate,
    Phase,
    RestPlace,
    Zone,
)
from companion.games.mush.settings import (
    INTRO_BOARDS,
    STANDARD_BOARDS,
    Board,
    Settings,
    Variants,
)

W, M, C = Climate.WARM, Climate.MODERATE, Climate.COLD


@pytest.mark.parametrize("players", [1, 7])
def test_s1_two_to_six_players(players: int) -> None:
    # S1
    with pytest.raises(SettingsError, match="2 to 6 players"):
        Settings.make([f"p{i}" for i in range(players)])


@pytest.mark.parametrize("players", range(2, 7))
def test_s1_selection_goes_clockwise(players: int) -> None:
    # S1: "left" and "clockwise" mean the next seat; S4 selection goes clockwise.
    first = players - 1
    game = Game.start(players, first=first)
    seen = []
    for _ in range(players):
        seat = game.state.training_next
        assert seat is not None
        seen.append(seat)
        if len(seen) == players:
            game.dice.push(1)
        game.do(c.ChooseTraining(seat, allowed_trainings(game.state)[0]))
    assert seen == [(first + k) % players for k in range(players)]


@pytest.mark.parametrize("players", range(2, 7))
def test_s2_starting_chips_dogs_and_bank(players: int) -> None:
    # S2: 8 dogs none covered, 20 chips each, bank 125 - 20 x players.
    game = Game.start(players)
    assert [p.chips for p in game.state.players] == [20] * players
    assert [p.covered for p in game.state.players] == [0] * players
    assert [p.uncovered for p in game.state.players] == [8] * players
    assert game.state.bank == 125 - 20 * players


def test_s3_intro_and_standard_arrangements() -> None:
    # S3
    intro = Settings.make(NAMES[:3], Arrangement.INTRO)
    assert [(b.name, b.zone) for b in intro.boards] == [
        ("Anchorage", Zone.SOUTHERN), ("Ophir/Anvik", Zone.CENTRAL), ("Nome", Zone.NORTHERN)]
    standard = Settings.make(NAMES[:3], Arrangement.STANDARD)
    assert [b.zone for b in standard.boards] == [
        Zone.SOUTHERN, Zone.SOUTHERN, Zone.CENTRAL, Zone.NORTHERN, Zone.NORTHERN]
    assert standard.boards == STANDARD_BOARDS and intro.boards == INTRO_BOARDS


def test_s3_custom_needs_boards_and_uses_the_leaders_board() -> None:
    # S3, W2: with a Custom arrangement the chart is that of the leader's board.
    with pytest.raises(SettingsError, match="boards"):
        Settings.make(NAMES[:2], Arrangement.CUSTOM)
    boards = (Board("Anchorage", Zone.SOUTHERN), Board("Koyuk", Zone.NORTHERN),
              Board("Ophir/Anvik", Zone.CENTRAL))
    game = Game.bidding(2, [W, C], arrangement=Arrangement.CUSTOM, boards=boards)
    game.to_weather()
    assert weather_zone(game.state) is Zone.SOUTHERN
    game.state = game.state.with_player(0, board=1)
    game.state = game.state.with_player(1, board=2)
    # The leader is on the third board (Central), though someone is on a Northern board.
    assert weather_zone(game.state) is Zone.CENTRAL


def test_s4_training_order_is_a_uniform_draw_over_the_seats() -> None:
    # S4: the draw is over the seated players, so every seat can select first.
    for players in range(2, 7):
        for first in range(players):
            game = Game.start(players, first=first)
            assert game.dice.asked == [players]
            assert game.state.training_next == first
            drawn = game.of_type(ev.TrainingOrderDrawn)
            assert drawn == [ev.TrainingOrderDrawn(first, first + 1, players)]


def test_s4_rulebook_four_player_example() -> None:
    # S4: Peter picks Cold; Karsten may pick Warm or Moderate and picks Warm; Regina may
    # pick Warm or Moderate and picks Moderate; Manfred is left with Warm only.
    game = Game.start(4, first=0)
    assert game.state.players[0].name == "Peter"
    assert allowed_trainings(game.state) == (W, M, C)
    game.do(c.ChooseTraining(0, C))
    assert allowed_trainings(game.state) == (W, M)
    game.do(c.ChooseTraining(1, W))
    assert allowed_trainings(game.state) == (W, M)
    game.do(c.ChooseTraining(2, M))
    assert allowed_trainings(game.state) == (W,)
    with pytest.raises(IllegalChoiceError):
        game.do(c.ChooseTraining(3, C))
    game.do(c.ChooseTraining(3, W), 1)
    assert [p.training for p in game.state.players] == [C, W, M, W]


@pytest.mark.parametrize("players", range(2, 7))
def test_s4_maxima_chart(players: int) -> None:
    # S4: picks never exceed the chart, and a full choice is not offered.
    warm, moderate, cold = TRAINING_MAXIMA[players]
    game = Game.start(players)
    picks = [W] * warm + [M] * moderate + [C] * cold
    assert len(picks) == players
    for seat, pick in enumerate(picks):
        offered = allowed_trainings(game.state)
        assert pick in offered
        for full in (W, M, C):
            already = sum(1 for p in game.state.players if p.training is full)
            limit = dict(zip((W, M, C), TRAINING_MAXIMA[players], strict=True))[full]
            assert (full in offered) == (already < limit)
        if seat == players - 1:
            game.dice.push(1)
        game.do(c.ChooseTraining(seat, pick))
    assert game.state.phase is Phase.BIDDING


def test_s4_only_the_selecting_seat_may_choose() -> None:
    # S4
    game = Game.start(3, first=1)
    with pytest.raises(NotYourTurnError):
        game.do(c.ChooseTraining(0, W))


def test_s5_optional_training_rule_has_no_maxima() -> None:
    # S5
    game = Game.start(4, variants=Variants(free_training=True))
    for seat in range(4):
        assert allowed_trainings(game.state) == (W, M, C)
        if seat == 3:
            game.dice.push(2)
        game.do(c.ChooseTraining(seat, C))
    assert all(p.training is C for p in game.state.players)


@pytest.mark.parametrize("players", range(2, 7))
def test_s6_initiative_is_a_uniform_draw(players: int) -> None:
    # S6: every seat can become the first Initiative Player and holds the Ice Bear.
    for bear in range(players):
        game = Game.bidding(players, [W] * players, ice_bear=bear,
                            variants=Variants(free_training=True))
        assert game.state.ice_bear == bear
        drawn = game.of_type(ev.InitiativeDrawn)
        assert drawn == [ev.InitiativeDrawn(bear, bear + 1, players)]
        assert game.dice.asked[-1] == players
        assert game.state.round == 1


def test_s7_optional_avalanche_rule_places_two_sticks() -> None:
    # S7
    plain = Game.bidding(2, [W, C])
    assert plain.state.sticks == 0
    game = Game.bidding(2, [W, C], variants=Variants(avalanches_at_start=True))
    assert game.state.sticks == 2
    assert game.of_type(ev.SticksPlaced) == [ev.SticksPlaced(2)]


def test_s8_short_game_a_forbids_cold_and_ends_at_the_northern_zone() -> None:
    # S8
    game = Game.start(3, variants=Variants(short_north=True))
    assert C not in allowed_trainings(game.state)
    game.do(c.ChooseTraining(0, W))
    game.do(c.ChooseTraining(1, M))
    # The chart reserves the third place for Cold, which S8 forbids: Warm or Moderate remain.
    assert allowed_trainings(game.state) == (W, M)
    game.dice.push(1)
    game.do(c.ChooseTraining(2, M))
    game.to_weather()
    game.weather(1)
    seat = game.state.order[0]
    game.move(seat, [1] * 8)
    assert c.ReachNome not in game.kinds(seat)
    game.do(c.CrossZone(seat, True))
    assert game.state.zone_of(seat) is Zone.CENTRAL and game.state.phase is Phase.MOVING
    game.do(c.CrossZone(seat, True))
    assert game.state.winner == seat and game.state.phase is Phase.GAME_OVER


def test_s9_short_game_b_places_sleds_at_unal_akleet() -> None:
    # S9: reaching Nikolai or any Central space moves the sled to Unal-Akleet (Northern).
    game = Game.bidding(2, [W, C], arrangement=Arrangement.STANDARD,
                        variants=Variants(skip_central=True))
    game.to_weather()
    game.weather(1)
    seat = game.state.order[0]
    game.move(seat, [1] * 8)
    events = game.do(c.CrossZone(seat, True))
    assert [e.zone for e in events if isinstance(e, ev.ZoneChanged)] == [
        Zone.CENTRAL, Zone.NORTHERN]
    assert game.state.zone_of(seat) is Zone.NORTHERN
    assert events[-1] == ev.ZoneChanged(seat, 3, Zone.NORTHERN, "placed at Unal-Akleet")
    game.do(c.EndMove(seat))
    if game.state.phase is Phase.PRESSING:
        game.do(c.SkipPress(seat))
    other = game.state.active
    assert other is not None and other != seat
    game.move(other, [1] * 8)
    assert c.ReachNikolai in game.kinds(other)
    game.do(c.ReachNikolai(other))
    assert game.state.zone_of(other) is Zone.NORTHERN
    assert c.ReachNikolai not in game.kinds(other)


def test_s9_nikolai_is_not_offered_without_the_variant() -> None:
    # S9
    game = Game.bidding(2, [W, C])
    game.to_weather()
    game.weather(1)
    seat = game.state.order[0]
    game.move(seat, [1] * 8)
    assert c.ReachNikolai not in game.kinds(seat)
    with pytest.raises(CommandNotAllowedError):
        game.do(c.ReachNikolai(seat))


def test_s8_with_s9_being_placed_at_unal_akleet_wins_the_short_game() -> None:
    # S8, S9: Unal-Akleet is in the Northern Zone, the end of Short game A.
    game = Game.bidding(2, [W, M], arrangement=Arrangement.STANDARD,
                        variants=Variants(short_north=True, skip_central=True))
    game.to_weather()
    game.weather(1)
    seat = game.state.order[0]
    game.move(seat, [1] * 8)
    events = game.do(c.ReachNikolai(seat))
    assert events[-1] == ev.GameWon(seat)
    assert game.state.phase is Phase.GAME_OVER


S, CE, N = Zone.SOUTHERN, Zone.CENTRAL, Zone.NORTHERN


@pytest.mark.parametrize("zones", [(S, CE), (N,), (N, N, CE)])
def test_s8_refused_when_no_board_leads_into_the_northern_zone(zones: tuple[Zone, ...]) -> None:
    # S8: Short game A ends on entering the Northern Zone (and offers no Nome); with no
    # Northern board ahead of the start nobody could ever win, so the settings are refused.
    boards = tuple(Board(f"b{i}", zone) for i, zone in enumerate(zones))
    with pytest.raises(SettingsError, match="short_north"):
        Settings.make(NAMES[:2], Arrangement.CUSTOM, Variants(short_north=True), boards=boards)
    Settings.make(NAMES[:2], Arrangement.CUSTOM, Variants(short_north=True),
                  boards=(Board("b0", S), *boards, Board("north", N)))


def _custom_mover(zones: tuple[Zone, ...], board: int) -> tuple[Game, int]:
    boards = tuple(Board(f"b{i}", zone) for i, zone in enumerate(zones))
    game = Game.bidding(2, [W, C], arrangement=Arrangement.CUSTOM, boards=boards,
                        variants=Variants(skip_central=True))
    game.to_weather()
    game.weather(1)
    seat = game.state.order[0]
    game.state = game.state.with_player(seat, board=board)
    game.move(seat, [1] * 8)
    return game, seat


def test_s9_custom_places_the_sled_on_a_northern_board_ahead_never_behind() -> None:
    # S9, S3: in a Custom arrangement Unal-Akleet is on the first Northern board ahead;
    # being sent back to an earlier board would make the race impossible to finish.
    game, seat = _custom_mover((S, CE, N, CE, N), board=2)
    events = game.do(c.CrossZone(seat, True))
    assert [e.board for e in events if isinstance(e, ev.ZoneChanged)] == [3, 4]
    # With no Northern board ahead, the sled stays where it arrived, and Nikolai is not
    # offered from a Southern board that has no Northern board ahead.
    game, seat = _custom_mover((N, S, CE, CE), board=1)
    assert c.ReachNikolai not in game.kinds(seat)
    events = game.do(c.CrossZone(seat, True))
    assert [e.board for e in events if isinstance(e, ev.ZoneChanged)] == [2]
    assert game.state.players[seat].board == 2


def _end_turn(game: Game, seat: int) -> None:
    game.do(c.EndMove(seat))
    if game.state.phase is Phase.PRESSING:
        game.do(c.SkipPress(seat))


@pytest.mark.parametrize("arrangement", [Arrangement.INTRO, Arrangement.STANDARD])
def test_s9_no_move_leads_from_the_northern_zone_straight_into_the_southern_zone(
        arrangement: Arrangement) -> None:
    # S9, W2: Short game B bypasses the Central Zone both ways. A sled placed at
    # Unal-Akleet that went back would enter a Central space and be placed at Unal-Akleet
    # again: it returns to the zone it came from, so no "went back" is offered, the
    # Southern chart is not rolled again and the Anchorage rest is not offered again.
    game = Game.bidding(2, [W, C], arrangement=arrangement,
                        variants=Variants(skip_central=True))
    game.to_weather()
    game.weather(1)
    seat = game.state.order[0]
    game.move(seat, [1] * 8)
    game.do(c.ReachNikolai(seat))
    assert game.state.zone_of(seat) is Zone.NORTHERN
    assert not [cmd for cmd in game.commands(seat) if isinstance(cmd, c.CrossZone)]
    with pytest.raises(CommandNotAllowedError):
        game.do(c.CrossZone(seat, False))
    _end_turn(game, seat)
    other = game.state.active
    assert other is not None
    game.do(c.Rest(other, RestPlace.WILDERNESS, 1))
    assert game.state.phase is Phase.BIDDING
    game.to_weather()
    assert weather_zone(game.state) is Zone.NORTHERN
    game.weather(1)
    if game.state.active != seat:
        game.do(c.Rest(other, RestPlace.WILDERNESS, 1))
    assert RestPlace.ANCHORAGE not in {o.params["place"][0] for o in legal(game.state, seat)
                                       if o.command is c.Rest}


def test_s9_without_short_game_b_a_sled_goes_back_into_the_central_zone() -> None:
    # S9, W2: the bypass is Short game B's alone; otherwise "went back" from the Northern
    # Zone enters the Central Zone, and its chart is used.
    game = Game.bidding(2, [W, C], arrangement=Arrangement.STANDARD)
    game.to_weather()
    game.weather(1)
    seat = game.state.order[0]
    game.state = game.state.with_player(seat, board=3)
    game.move(seat, [1] * 8)
    events = game.do(c.CrossZone(seat, False))
    assert [(e.board, e.zone) for e in events if isinstance(e, ev.ZoneChanged)] == [
        (2, Zone.CENTRAL)]


def test_s9_custom_crossing_back_skips_central_boards_with_unal_akleet_ahead() -> None:
    # S9, S3: with a Custom arrangement a sled going back past Central boards that lead to
    # Unal-Akleet lands on the Northern board before them; it is never sent from the
    # Northern Zone straight into the Southern Zone.
    game, seat = _custom_mover((S, CE, N, CE, N), board=4)
    events = game.do(c.CrossZone(seat, False))
    assert [e.board for e in events if isinstance(e, ev.ZoneChanged)] == [2]
    game, seat = _custom_mover((S, CE, N, CE, N), board=2)
    assert c.CrossZone(seat, False) not in game.commands(seat)
    assert c.CrossZone(seat, True) in game.commands(seat)
    game, seat = _custom_mover((S, S, CE, N, N), board=3)  # back to the Southern boards
    assert c.CrossZone(seat, False) not in game.commands(seat)
    game, seat = _custom_mover((CE, N), board=1)  # nowhere to go back to but Central
    assert c.CrossZone not in game.kinds(seat)
    # Boards that meet with no Central board between them: going back is the board behind.
    game, seat = _custom_mover((S, N, CE, N), board=1)
    events = game.do(c.CrossZone(seat, False))
    assert [e.board for e in events if isinstance(e, ev.ZoneChanged)] == [0]
