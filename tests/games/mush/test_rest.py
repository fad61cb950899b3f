"""Resting, Z1–Z3."""

from __future__ import annotations

import pytest
from rules_harness import Game

from companion.games.mush import commands as c
from companion.games.mush import events as ev
from companion.games.mush.model import REST_CHOICES, Arrangement, Climate, Phase, RestPlace, Zone
from companion.games.mush.settings import Board, Variants

W, M, C = Climate.WARM, Climate.MODERATE, Climate.COLD


def in_turn() -> Game:
    game = Game.bidding(2, [W, C])
    game.to_weather()
    game.weather(1)
    return game


def rest_options(game: Game, seat: int) -> dict[RestPlace, list[int]]:
    out: dict[RestPlace, list[int]] = {}
    for cmd in game.commands(seat):
        if isinstance(cmd, c.Rest):
            out.setdefault(cmd.place, []).append(cmd.choice)
    return out


def test_z1_choices_by_place() -> None:
    # Z1
    assert REST_CHOICES[RestPlace.ANCHORAGE] == ((0, 1),)
    assert REST_CHOICES[RestPlace.SMALL_TOWN] == ((2, 0), (0, 4), (1, 2))
    assert REST_CHOICES[RestPlace.TOWN] == ((3, 0), (0, 6), (2, 2), (1, 4))
    assert REST_CHOICES[RestPlace.WILDERNESS] == ((1, 0), (0, 2))
    game = in_turn()
    assert rest_options(game, 0) == {
        RestPlace.ANCHORAGE: [0], RestPlace.SMALL_TOWN: [0, 1, 2],
        RestPlace.TOWN: [0, 1, 2, 3], RestPlace.WILDERNESS: [0, 1]}


def test_z1_anchorage_only_on_the_first_board() -> None:
    # Z1: resting at Anchorage draws one chip; away from its board it is not offered.
    game = in_turn()
    game.do(c.Rest(0, RestPlace.ANCHORAGE, 0))
    assert game.state.players[0].chips == 21
    game.state = game.state.with_player(1, board=1)
    assert RestPlace.ANCHORAGE not in rest_options(game, 1)


@pytest.mark.parametrize(("place", "choice"), [
    (p, i) for p, choices in REST_CHOICES.items() for i in range(len(choices))])
def test_z1_each_choice_uncovers_and_draws(place: RestPlace, choice: int) -> None:
    # Z1
    game = in_turn()
    game.state = game.state.with_player(0, covered=5)
    bank = game.state.bank
    game.do(c.Rest(0, place, choice))
    dogs, chips = REST_CHOICES[place][choice]
    assert game.state.players[0].covered == 5 - dogs
    assert game.state.players[0].chips == 20 + chips
    assert game.state.bank == bank - chips
    assert game.state.active == 1


def test_z2_cannot_uncover_more_dogs_than_covered() -> None:
    # Z2 ruling: the unused part is lost.
    game = in_turn()
    game.state = game.state.with_player(0, covered=1)
    events = game.do(c.Rest(0, RestPlace.TOWN, 2))  # 2 dogs + 2 chips
    assert ev.Rested(0, RestPlace.TOWN, 2, 1) in events
    assert game.state.players[0].covered == 0 and game.state.players[0].chips == 22


def test_z3_rest_any_number_of_turns_in_a_row() -> None:
    # Z3
    game = in_turn()
    for _ in range(5):
        for seat in game.state.order:
            game.do(c.Rest(seat, RestPlace.WILDERNESS, 1))
        game.to_weather()
        game.weather(1)
    assert [p.chips for p in game.state.players] == [30, 30]
    assert game.state.round == 6 and game.state.phase is Phase.TURN


def _places(zones: tuple[Zone, ...], board: int, skip_central: bool = False,
            arrangement: Arrangement = Arrangement.CUSTOM) -> set[RestPlace]:
    boards = tuple(Board(f"b{i}", zone) for i, zone in enumerate(zones))
    game = Game.bidding(2, [W, C], arrangement=arrangement,
                        boards=boards if arrangement is Arrangement.CUSTOM else None,
                        variants=Variants(skip_central=skip_central))
    game.to_weather()
    game.weather(1)
    seat = game.state.order[0]
    game.state = game.state.with_player(seat, board=board)
    return set(rest_options(game, seat))


S, CE, N = Zone.SOUTHERN, Zone.CENTRAL, Zone.NORTHERN
ANCH, SMALL, TOWN, WILD = (RestPlace.ANCHORAGE, RestPlace.SMALL_TOWN, RestPlace.TOWN,
                           RestPlace.WILDERNESS)


@pytest.mark.parametrize("arrangement", [Arrangement.INTRO, Arrangement.STANDARD])
def test_z1_nikolai_and_unal_akleet_rest_only_outside_the_central_zone(
        arrangement: Arrangement) -> None:
    # Z1, S9: Nikolai lies before the Central Zone and Unal-Akleet after it, so their rest
    # is offered in the Southern and Northern Zones, never in the Central Zone.
    last = 2 if arrangement is Arrangement.INTRO else 4
    central = 1 if arrangement is Arrangement.INTRO else 2
    assert _places((), 0, arrangement=arrangement) == {ANCH, SMALL, TOWN, WILD}
    assert _places((), central, arrangement=arrangement) == {TOWN, WILD}
    assert _places((), last, arrangement=arrangement) == {SMALL, TOWN, WILD}


def test_z1_with_s9_no_rest_at_nikolai() -> None:
    # Z1, S9: in Short game B a sled reaching Nikolai is placed at Unal-Akleet at once, so
    # it can never rest at Nikolai; Unal-Akleet's rest is offered in the Northern Zone.
    standard = Arrangement.STANDARD
    assert _places((), 0, True, standard) == {ANCH, TOWN, WILD}
    assert _places((), 3, True, standard) == {SMALL, TOWN, WILD}
    # A Custom Southern board with no Northern board ahead: S9 moves nobody, Nikolai stays.
    assert _places((N, S, CE), 1, True) == {SMALL, TOWN, WILD}
    assert _places((S, CE, N), 0, True) == {ANCH, TOWN, WILD}
    assert _places((S, CE), 1, True) == {TOWN, WILD}
