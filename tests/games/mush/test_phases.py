"""The phase table: its graph has no dead ends, and the games the engine plays follow it."""

from __future__ import annotations

import random
import subprocess
import sys

import pytest

from companion.core.values import replace
from companion.games.mush import commands as c
from companion.games.mush import events as ev
from companion.games.mush.bots import SensibleBot, play_game, random_policy
from companion.games.mush.dice import SeededDice
from companion.games.mush.model import MoveContext, Phase
from companion.games.mush.phases import (
    PHASE_TABLE,
    ActKind,
    UndeclaredTransition,
    act_of,
    advance,
    as_dot,
    as_text,
    edges,
    reachable,
    seats_to_act,
)
from companion.games.mush.settings import Settings, Variants
from companion.games.mush.state import EMPTY, TurnState


def test_every_phase_is_reachable_from_setup() -> None:
    assert reachable(Phase.SETUP) == set(Phase)


@pytest.mark.parametrize("phase", list(Phase))
def test_every_phase_reaches_game_over(phase: Phase) -> None:
    assert Phase.GAME_OVER in reachable(phase)


def test_game_over_is_the_only_phase_without_a_way_out() -> None:
    sources = {edge.source for edge in edges()}
    assert set(Phase) - sources == {Phase.GAME_OVER}
    assert act_of(replace(EMPTY, phase=Phase.GAME_OVER)) is ActKind.NONE


def test_an_event_the_row_does_not_name_leaves_the_phase() -> None:
    state = replace(EMPTY, phase=Phase.BIDDING)
    assert advance(state, ev.BidLocked(0, 3)) is Phase.BIDDING
    assert advance(state, ev.BidsRevealed(bids=(1, 0), order=(0, 1))) is Phase.WEATHER


def test_a_pick_may_only_land_where_the_row_says() -> None:
    # TURN lists MOVING for MovementStarted; a pressing move from TURN is not a path.
    state = replace(EMPTY, phase=Phase.TURN, turn=TurnState(seat=0))
    assert advance(state, ev.MovementStarted(0, MoveContext.NORMAL, 3)) is Phase.MOVING
    with pytest.raises(UndeclaredTransition, match="press_move"):
        advance(state, ev.MovementStarted(0, MoveContext.PRESS, 2))


def test_an_early_move_ends_in_the_weather_but_a_normal_one_keeps_its_phase() -> None:
    state = replace(EMPTY, phase=Phase.REROLL, turn=TurnState(seat=1))
    assert advance(state, ev.MovementEnded(1, MoveContext.EARLY)) is Phase.WEATHER
    assert advance(state, ev.MovementEnded(1, MoveContext.NORMAL, True)) is Phase.REROLL


def _games() -> list[tuple[Settings, int]]:
    games = []
    for seed in range(12):
        rng = random.Random(seed)
        players = 2 + seed % 5
        variants = Variants(free_training=seed % 2 == 0, avalanches_at_start=seed % 3 == 0,
                            short_north=seed % 4 == 1, skip_central=seed % 4 == 2)
        names = [f"p{i}" for i in range(players)]
        games.append((Settings.make(names, variants=variants), rng.randrange(1000)))
    return games


@pytest.mark.parametrize(("settings", "seed"), _games())
def test_bot_games_move_only_along_declared_edges(settings: Settings, seed: int) -> None:
    """Every phase change a whole game makes is an arrow of the printed graph (a change the
    row did not declare would have raised inside `evolve`), and the game ends."""
    declared = {(e.source, e.event, e.target) for e in edges()}
    seen: set[tuple[Phase, str, Phase]] = set()
    previous = [EMPTY]

    def watch(state: object, command: c.Command, events: list[ev.Event]) -> None:
        from companion.games.mush.evolve import evolve
        before = previous[0]
        for event in events:
            after = evolve(before, event)
            if after.phase is not before.phase and not isinstance(event, ev.GameStarted):
                seen.add((before.phase, type(event).__name__, after.phase))
            before = after
        previous[0] = before

    from companion.games.mush.engine import start_game
    previous[0], _ = start_game(settings, SeededDice(seed))
    bot = SensibleBot()
    policies = [random_policy if seat % 3 == 2 else bot for seat in range(settings.players)]
    state, _ = play_game(settings, policies, SeededDice(seed), random.Random(seed),
                         table_closes=0.2, on_step=watch)
    assert state.phase is Phase.GAME_OVER
    assert seen, "a whole game changes phase"
    assert seen <= declared


def test_who_acts_and_how_comes_from_the_row() -> None:
    state = replace(EMPTY, phase=Phase.WEATHER, ice_bear=2,
                    players=EMPTY.players)
    assert act_of(state) is ActKind.WEATHER
    assert seats_to_act(state) == (2,)
    assert seats_to_act(replace(EMPTY, phase=Phase.SETUP)) == ()  # the table sets up
    assert {row.act for row in PHASE_TABLE.values()} == set(ActKind)


def test_the_graph_prints_as_text_and_dot() -> None:
    text = as_text()
    assert "bidding  [bid]\n  --BidsRevealed--> weather" in text
    dot = as_dot()
    assert dot.startswith("digraph phases {")
    assert dot.count(" -> ") == len(list(edges()))
    out = subprocess.run([sys.executable, "-m", "companion.games.mush.phases", "--dot"],
                         capture_output=True, text=True, check=True).stdout
    assert out == dot
    bad = subprocess.run([sys.executable, "-m", "companion.games.mush.phases", "--svg"],
                         capture_output=True, text=True)
    assert bad.returncode == 2 and "usage" in bad.stderr


def test_the_table_and_the_screen_ask_the_phase_table_instead_of_testing_phases() -> None:
    """`if phase is ...` chains restate who acts; outside the rules only the data table
    of screen names by phase may name phases (the app's "is the game over" aside)."""
    import re
    from pathlib import Path

    root = Path(__file__).resolve().parents[3] / "companion"
    chain = re.compile(r"phase\s+(is|is not|in|not in|==|!=)\s|\bPhase\.\w+\s+(if|else)\b")
    found = [f"{path.name}:{n}: {line.strip()}"
             for folder in ("table", "display")
             for path in sorted((root / folder).rglob("*.py"))
             for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
             if chain.search(line.split("#")[0])]
    assert found == []
    assert chain.search("    if state.phase is Phase.TURN and seat != state.active:")
