"""Setup and the board (HS1-HS7): its shape, the bag, the draw with the table's dice,
the same board on a replay, tunnels oriented by the players or drawn, start edges."""

from __future__ import annotations

from collections import Counter

import pytest

from companion.core.acts import TABLE
from companion.core.dice import ScriptedDice, SeededDice
from companion.core.hexes import ORIGIN, Hex, corners
from companion.exc import RulesError, SettingsError
from companion.games.push_and_move import acts as a
from companion.games.push_and_move.game import GAME
from companion.games.push_and_move.model import (
    BOARD,
    DEFAULT_BAG,
    EDGES,
    START,
    Count,
    Kind,
    Settings,
    Tunnels,
)
from companion.games.push_and_move.rules import apply, legal_commands, replay
from companion.games.push_and_move.state import EMPTY, Phase, State

from . import NAMES


def start(players: int = 2, seed: int = 1, **settings: object) -> tuple[State, list[a.Event]]:
    chosen = Settings(NAMES[:players], **settings)  # type: ignore[arg-type]
    return apply(EMPTY, a.Start(TABLE, chosen), SeededDice(seed))


def test_hs3_the_board_is_a_hexagon_of_side_7_without_corners_and_centre() -> None:
    assert len(BOARD) == 120
    assert ORIGIN not in BOARD and not any(c in BOARD for c in corners(6))
    assert all(c.distance(ORIGIN) <= 6 for c in BOARD.cells)
    # hex number order: the top row first (the edge opposite seat A), left to right
    assert BOARD.cells[0].r == -6 and BOARD.cells[-1].r == 6
    assert [len(START[e]) for e in range(6)] == [5] * 6
    assert len({c for e in range(6) for c in START[e]}) == 30


def test_hs7_start_edges_for_two_to_six_players() -> None:
    assert EDGES[2] == (0, 3) and EDGES[4] == (0, 3, 1, 4) and EDGES[6] == (0, 3, 1, 4, 2, 5)
    assert EDGES[3] == (0, 2, 4)  # ruling: every second edge
    assert EDGES[5] == (0, 3, 1, 4, 2)
    bottom = [BOARD.cells[c] for c in START[0]]
    assert all(c.r == 6 for c in bottom) and [c.q for c in bottom] == [-5, -4, -3, -2, -1]
    assert all(BOARD.cells[c].r == -6 for c in START[3])
    for players in range(2, 7):
        state, _ = start(players)
        for seat in range(players):
            dice = [state.dice[n] for n in state.seat_dice(seat)]
            assert [d.cell for d in dice] == list(START[EDGES[players][seat]])
            assert all(d.value == 1 for d in dice)  # HS2


def test_hs1_two_to_six_players() -> None:
    for names in (("Ann",), tuple("ABCDEFG")):
        with pytest.raises(SettingsError, match="2 to 6"):
            Settings(names).check()
    with pytest.raises(SettingsError):
        start(1)
    assert GAME.seats == range(2, 7)


def test_hs4_the_default_bag_holds_120_hexes_of_every_kind() -> None:
    assert sum(c.hexes for c in DEFAULT_BAG) == 120
    assert {c.kind for c in DEFAULT_BAG} == set(Kind)
    own = tuple(Count(k, 120 if k is Kind.PLAIN else 0) for k in Kind)
    Settings(NAMES[:2], own).check()
    with pytest.raises(SettingsError, match="add up to 119"):
        Settings(NAMES[:2], (Count(Kind.PLAIN, 119),)).check()
    with pytest.raises(SettingsError, match="twice"):
        Settings(NAMES[:2], (Count(Kind.PLAIN, 60), Count(Kind.PLAIN, 60))).check()
    with pytest.raises(SettingsError, match="below 0"):
        Settings(NAMES[:2], (Count(Kind.PLAIN, 121), Count(Kind.DEATH, -1))).check()


def test_hs5_the_board_is_the_bag_shuffled_with_the_dice_and_kept_in_the_journal() -> None:
    state, events = start(seed=7)
    drawn = next(e for e in events if isinstance(e, a.BoardDrawn))
    assert Counter(drawn.hexes) == Counter(Settings(NAMES[:2]).hexes())
    assert state.board == drawn.hexes
    again, _ = start(seed=7)
    other, _ = start(seed=8)
    assert again.board == state.board and other.board != state.board
    assert replay(events).board == state.board  # HI6: a replay never rolls
    # one die a hex: 119 rolls for 120 hexes, the last swap a d2
    dice = ScriptedDice([1] * 119)
    apply(EMPTY, a.Start(TABLE, Settings(NAMES[:2])), dice)
    assert dice.used == 119


def test_hs5_a_uniform_shuffle_puts_every_kind_everywhere() -> None:
    seen: dict[int, set[Kind]] = {c: set() for c in range(len(BOARD))}
    for seed in range(120):
        state, _ = start(seed=seed)
        for c, k in enumerate(state.board):
            seen[c].add(k)
    assert min(len(kinds) for kinds in seen.values()) >= 8


def test_hs6_the_players_orient_the_tunnels_in_turn() -> None:
    state, events = start(3, seed=2)
    tunnels = [c for c, k in enumerate(state.board) if k is Kind.TUNNEL]
    assert len(tunnels) == 4 and state.phase is Phase.TUNNELS
    assert not any(isinstance(e, a.TurnBegan) for e in events)
    for i, tunnel in enumerate(tunnels):
        seat = i % 3
        assert GAME.seats_to_act(state) == (seat,)
        commands = legal_commands(state, seat)
        assert commands == [a.Orient(seat, tunnel, x) for x in range(3)]
        with pytest.raises(RulesError):
            apply(state, a.Orient((seat + 1) % 3, tunnel, 0), SeededDice(0))
        state, events = apply(state, a.Orient(seat, tunnel, i % 3), SeededDice(0))
    assert [state.axes[c] for c in tunnels] == [0, 1, 2, 0]
    assert state.phase is Phase.MOVE and events[-1] == a.TurnBegan(0, 1, tuple(range(5)))


def test_hs6_tunnels_drawn_by_the_companion() -> None:
    state, events = start(2, seed=3, tunnels=Tunnels.DRAWN)
    oriented = [e for e in events if isinstance(e, a.TunnelOriented)]
    assert len(oriented) == 4 and all(e.seat == TABLE for e in oriented)
    assert state.phase is Phase.MOVE
    assert all(state.axes[c] in (0, 1, 2) for c, k in enumerate(state.board)
               if k is Kind.TUNNEL)


def test_hs7_start_hexes_have_no_effect_on_the_dice_placed_there() -> None:
    bag = (Count(Kind.DEATH, 30), Count(Kind.PLAIN, 90))
    for seed in range(5):
        state, _ = start(2, seed=seed, bag=bag)
        assert all(d.cell is not None and d.value == 1 for d in state.dice)
    assert Hex(0, 0) not in BOARD
