"""The journal, its checks, exports and tools know a game only through the kernel.

They take a `Game` (MUSH by default) and ask it for its codec, undo policy, invariants,
views and ledger: none imports the rules of MUSH, and a second game (`toy_game.TOY`) is
kept by the real SQLite journal as MUSH is.
"""

from __future__ import annotations

import ast
import io
import random
from dataclasses import replace
from pathlib import Path

import pytest
from toy_game import TOY, Add, Added, Start, ToySettings, Won

from companion.core import TABLE, ScriptedDice, SeededDice
from companion.games.mush import MUSH
from companion.games.mush import events as ev
from companion.games.mush.bots import POLICIES, play_game
from companion.games.mush.settings import Settings
from companion.store import Journal, UndoRefusedError
from companion.store.check import check_batches

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


@pytest.mark.parametrize("part", ["store/journal.py", "store/durable.py", "store/salvage.py",
                                  "store/check.py", "store/export.py", "store/control.py",
                                  "store/backup.py", "app/commands.py"])
def test_the_journal_and_its_tools_know_the_game_through_the_kernel(part: str) -> None:
    assert not [n for n in _imports(COMPANION / part) if n.startswith("companion.games.mush")]


def test_the_journal_keeps_a_game_it_knows_only_through_the_kernel(tmp_path: Path) -> None:
    settings = ToySettings(("A", "B"))
    state, start = TOY.apply(TOY.initial, Start(TABLE, settings), ScriptedDice([2]))
    with Journal(tmp_path / "toy.sqlite3", game=TOY) as journal:
        game_id = journal.new_game(settings)
        journal.append(game_id, start)
        for seat, amount in ((1, 1), (0, 2)):
            state, events = TOY.apply(state, Add(seat, amount), ScriptedDice([]))
            journal.append(game_id, events)
        assert journal.replay(game_id) == state
        assert journal.undo(game_id) == [Added(0, 2)]
        assert journal.replay(game_id).count == 1
        assert journal.undo(game_id) == [Added(1, 1)]
        with pytest.raises(UndoRefusedError, match="FirstDrawn, Started"):
            journal.undo(game_id)  # the die that chose the first seat: no undo across it
        state = journal.replay(game_id)
        for seat, amount in ((1, 2), (0, 2), (1, 1)):
            state, events = TOY.apply(state, Add(seat, amount), ScriptedDice([]))
            journal.append(game_id, events)
        assert journal.game(game_id).winner == 1 and not journal.game(game_id).in_progress
        out = io.StringIO()
        assert journal.export_jsonl(game_id, out) == 6
        assert out.getvalue().splitlines()[-1] == TOY.codec.event_to_json(Won(1))
        table = io.StringIO()
        journal.export_csv(game_id, table)
        assert table.getvalue().splitlines() == ["game,count", f"{game_id},6"]
    with Journal(tmp_path / "toy.sqlite3", game=TOY) as again:
        assert again.replay(game_id) == state and again.rules is TOY


def test_the_journal_check_refuses_an_event_that_breaks_an_invariant() -> None:
    # I3: a reveal whose order of play names a seat twice decodes, but cannot have happened
    _, events = play_game(Settings.make(["a", "b", "c"]), [POLICIES["sensible"]] * 3,
                          SeededDice(1), random.Random(1), max_steps=60)
    batches = [[e] for e in events if not e.private]
    assert check_batches(MUSH, batches).refused is None
    at = next(i for i, b in enumerate(batches) if isinstance(b[0], ev.BidsRevealed))
    reveal = batches[at][0]
    assert isinstance(reveal, ev.BidsRevealed)
    batches[at] = [replace(reveal, order=(0, 0, 1))]
    checked = check_batches(MUSH, batches)
    assert checked.good == at and checked.refused is not None and "I3" in checked.refused
