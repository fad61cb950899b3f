"""One undo policy, in the rules: each event type says whether a command holding it may be
taken back; the journal and the table both ask the same table (`events.UNDOABLE`)."""

from __future__ import annotations

from pathlib import Path

import pytest
from rules_harness import Game
from table.helpers import Dice, FakeClock, choose, long_press
from table.helpers import S as SELECT

from companion.games.mush import commands as c
from companion.games.mush import events as ev
from companion.games.mush.evolve import replay
from companion.games.mush.model import Climate, RestPlace, RollKind, Zone
from companion.games.mush.table.controller import ROLLS_AND_REVEALS, TableController
from companion.store import FINAL_EVENT_TYPES, Journal, UndoRefusedError

M, C, W = Climate.MODERATE, Climate.COLD, Climate.WARM


def test_every_event_type_states_whether_it_may_be_undone() -> None:
    assert set(ev.UNDOABLE) == set(ev.EVENT_TYPES)
    assert all(isinstance(v, bool) for v in ev.UNDOABLE.values())


def test_no_die_draw_or_reveal_may_be_undone_and_bookkeeping_may() -> None:
    never = {t for t, may in ev.UNDOABLE.items() if not may}
    assert never == {ev.GameStarted, ev.TrainingOrderDrawn, ev.InitiativeDrawn, ev.BidLocked,
                     ev.BidUnlocked, ev.BidsRevealed, ev.WeatherRolled, ev.DogDiceRolled,
                     ev.TerrainRolled, ev.AvalancheRolled, ev.PressRolled}
    # every event that carries a die's face is among them (DESIGN: no undo across dice)
    rolled = {t for t in ev.EVENT_TYPES if "face" in t.__dataclass_fields__
              or "faces" in t.__dataclass_fields__}
    assert rolled <= never
    assert ev.undoable([ev.Rested(0, RestPlace.WILDERNESS, 1, 1), ev.TurnEnded(0)])
    assert not ev.undoable([ev.ChipsPaid(1, 3, "reroll"),
                            ev.RerollForced(1, 0, RollKind.WEATHER),
                            ev.WeatherRolled(0, Zone.SOUTHERN, 2, M, True)])


def test_the_journal_and_the_table_read_the_same_policy() -> None:
    public_never = {t for t, may in ev.UNDOABLE.items() if not may and not t.private}
    assert set(ROLLS_AND_REVEALS) == public_never
    assert set(FINAL_EVENT_TYPES) == {t for t, may in ev.UNDOABLE.items() if not may}


def test_the_journal_refuses_a_batch_the_policy_forbids(tmp_path: Path) -> None:
    game = Game.bidding(3, [M, C, W], ice_bear=0)
    with Journal(tmp_path / "j.sqlite") as journal:
        game_id = journal.new_game(game.state.settings)  # type: ignore[arg-type]
        journal.append(game_id, [e for e in game.events if not e.private])
        game.to_weather()
        batch = game.do(c.RollWeather(0), 1)
        journal.append(game_id, batch)
        assert journal.undoable(game_id) is None
        with pytest.raises(UndoRefusedError, match="WeatherRolled"):
            journal.undo(game_id)


def test_a_resumed_table_undoes_by_replaying_the_whole_game() -> None:
    # I6: the controller's history is the journal's; undo folds the kept events again
    game = Game.bidding(4, [M, C, W, W], ice_bear=0)
    game.to_weather()
    game.weather(1)
    before = game.state
    history = [e for e in game.events if not e.private]
    clock = FakeClock()
    ctl = TableController(game.state, Dice(), clock, history=history)
    moved = choose(ctl, 0, c.Move(0))
    assert moved.events and ctl.state != before
    out = long_press(ctl, 0, SELECT)
    assert out.retracted == moved.events
    assert ctl.state == before == replay(history)
    assert ctl.history == tuple(history)
