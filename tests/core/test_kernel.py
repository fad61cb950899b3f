"""The kernel: game-agnostic, standard library only, and enough for a second game.

A game here is `toy_game.TOY`, declared on the kernel alone: it plays, refuses, replays,
round-trips through JSON, undoes and is checked against its invariants, none of which
knows anything of MUSH.
"""

from __future__ import annotations

import ast
import json
import subprocess
import sys
from pathlib import Path

import pytest
from toy_game import GOAL, TOY, Add, Added, Stage, Start, ToySettings, ToyState, Won

from companion.core import (
    TABLE,
    Event,
    Flow,
    Option,
    PhaseRow,
    Pick,
    Reason,
    RulesError,
    ScriptedDice,
    legal,
    offered,
)
from companion.core.flow import UndeclaredTransition
from companion.games import game, installed
from companion.games.mush import MUSH

COMPANION = Path(__file__).resolve().parents[2] / "companion"


def _imports(path: Path) -> set[str]:
    """Every module a source file imports, at any depth (lazy imports included)."""
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
        elif isinstance(node, ast.Import):
            names.update(a.name for a in node.names)
    return names


def test_the_kernel_imports_the_standard_library_and_itself_only() -> None:
    script = ("import sys, json\nbefore = set(sys.modules)\nimport companion.core\n"
              "print(json.dumps(sorted(set(sys.modules) - before)))\n")
    loaded = json.loads(subprocess.run([sys.executable, "-c", script], check=True,
                                       capture_output=True, text=True).stdout)
    assert "companion.core.game" in loaded
    outside = [n for n in loaded if n.split(".")[0] not in sys.stdlib_module_names
               and n not in ("companion", "companion.exc") and not n.startswith("companion.core")]
    assert outside == []
    for path in sorted((COMPANION / "core").glob("*.py")):
        ours = {n for n in _imports(path) if n.startswith("companion")}
        assert ours <= {"companion.exc"} | {n for n in ours if n.startswith("companion.core")}, \
            path.name


def test_mush_is_the_installed_game_behind_the_seam() -> None:
    assert installed()[:3] == ("mush", "canoe", "mush_ring") and game() is MUSH
    assert game("mush") is MUSH and MUSH.seats == range(2, 7)  # S1
    with pytest.raises(LookupError, match=f"installed: {', '.join(installed())}"):
        game("chess")


def test_the_phase_graph_prints_from_its_new_home_and_its_old() -> None:
    new = subprocess.run([sys.executable, "-m", "companion.games", "mush"], check=True,
                         capture_output=True, text=True).stdout
    old = subprocess.run([sys.executable, "-m", "companion.games.mush.phases"], check=True,
                         capture_output=True, text=True).stdout
    assert new == old == MUSH.flow.as_text()
    assert "bidding  [bid]\n  --BidsRevealed--> weather" in new
    bad = subprocess.run([sys.executable, "-m", "companion.games", "chess"],
                         capture_output=True, text=True)
    assert bad.returncode == 2 and "usage" in bad.stderr


def _started(seats: int = 2, first: int = 1) -> ToyState:
    state, _ = TOY.apply(TOY.initial, Start(TABLE, ToySettings(("A", "B", "C")[:seats])),
                              ScriptedDice([first]))
    return state


def test_a_second_game_plays_on_the_kernel_alone() -> None:
    state = _started()
    assert TOY.seats_to_act(state) == (0,) and TOY.act_of(state).value == "add"
    assert TOY.flow.reachable(TOY.flow.start) == set(TOY.flow.rows)
    for seat, amount in ((0, 2), (1, 2), (0, 1)):
        state, events = TOY.apply(state, Add(seat, amount), ScriptedDice([]))
    assert isinstance(events[-1], Won) and TOY.outcome(state) is not None
    assert TOY.outcome(state).winner == 0  # type: ignore[union-attr]
    assert TOY.seats_to_act(state) == ()


def test_options_in_two_tiers_blocked_ones_with_the_rules_reason() -> None:
    state = _started()
    state, _ = TOY.apply(state, Add(0, 2), ScriptedDice([]))
    state, _ = TOY.apply(state, Add(1, 2), ScriptedDice([]))  # count 4: a 2 passes the goal
    options = TOY.options(state, 0)
    assert [o.blocked for o in options] == [None, Reason("past_goal", "T2", {"left": 1})]
    assert legal(options) == TOY.legal(state, 0) == options[:1]
    two = offered(options, Add(0, 2))
    assert two is not None and two.blocked is not None and two.note == {"token": 1}
    assert offered(options, Add(0, 3)) is None  # does not apply at all
    assert TOY.is_legal(state, Add(0, 1)) and not TOY.is_legal(state, Add(0, 2))
    with pytest.raises(RulesError):
        TOY.apply(state, Add(0, 2), ScriptedDice([]))
    assert [list(o.commands()) for o in options] == [[Add(0, 1)], [Add(0, 2)]]
    assert list(Option(Start, TABLE).commands()) == []  # settings are not enumerated


def test_the_flow_refuses_a_transition_its_row_does_not_declare() -> None:
    picky: Flow[ToyState, Event, Stage] = Flow(
        {Stage.SETUP: PhaseRow(TOY.act_of(TOY.initial), lambda s: (),
                               {Added: Pick("sometimes", (Stage.PLAYING,),
                                            lambda s, e: Stage.OVER if s.count else None)})},
        phase_of=lambda s: s.stage, start=Stage.SETUP)
    assert picky.advance(ToyState(), Added(0, 1)) is Stage.SETUP  # None: the phase stays
    with pytest.raises(UndeclaredTransition, match="over, which the phase table does not"):
        picky.advance(ToyState(count=1), Added(0, 1))


def test_codec_undo_and_invariants_of_any_game() -> None:
    state = _started(3, first=3)
    state, events = TOY.apply(state, Add(2, 2), ScriptedDice([]))
    codec = TOY.codec
    assert codec.state_from_json(codec.state_to_json(state)) == state
    assert [codec.event_from_json(codec.event_to_json(e)) for e in events] == events
    assert codec.command_from_json(codec.command_to_json(Add(1, 2))) == Add(1, 2)
    assert codec.vocabulary != MUSH.codec.vocabulary
    assert TOY.undo.undoable(events) and not TOY.undo.undoable([*events, *TOY_START])
    assert TOY.undo.final([*events, *TOY_START]) == ["FirstDrawn", "Started"]
    assert TOY.broken(state) == []
    with pytest.raises(ValueError, match="T0"):
        TOY.fold(state, Added(0, GOAL))  # the count would pass the goal


TOY_START = TOY.apply(TOY.initial, Start(TABLE, ToySettings(("A", "B"))), ScriptedDice([1]))[1]
