"""Game-over figures from engine events."""

from __future__ import annotations

import pytest

from companion.games.mush import Settings
from companion.games.mush import events as ev
from companion.games.mush.model import DiceColour
from companion.games.mush.table.stats import game_stats
from companion.games.mush.table.view import stats_view
from display.frames import moments


def test_known_events_give_known_figures() -> None:
    events = [
        ev.GameStarted(Settings.make(("Ann", "Bo"))),
        ev.RoundStarted(1, 0),
        ev.DogDiceRolled(0, DiceColour.GREEN, (1, 2, 5, 6, 4, 3), 4),  # 6 dice, expect 4
        ev.DogDiceRolled(0, DiceColour.BLUE, (1, 6, 6), 1, reroll=True),  # 3 dice, expect 1
        ev.DogDiceRolled(1, DiceColour.RED, (6, 6), 0),  # 2 dice, expect 1
        ev.ChipsPaid(0, 3, "bid"),
        ev.ChipsPaid(1, 3, "reroll"),
        ev.ChipsPaid(1, 2, "terrain modifier"),
        ev.RoundStarted(2, 1),
        ev.GameWon(1),
    ]
    stats = game_stats(events)
    ann, bo = stats["seats"]
    assert (stats["players"], stats["rounds"], stats["winner"]) == (2, 2, 1)
    assert (ann["dice"], ann["dogs"], ann["rolls"]) == (9, 5, 2)
    assert ann["expected"] == pytest.approx(5.0) and ann["luck"] == pytest.approx(0.0)
    assert bo["expected"] == pytest.approx(1.0) and bo["luck"] == pytest.approx(-1.0)
    assert (ann["chips_spent"], bo["chips_spent"]) == (3, 5)
    assert bo["spent"] == {"reroll": 3, "terrain modifier": 2}


def test_a_whole_bot_game_adds_up() -> None:
    m = moments(4)
    stats = game_stats(m.journal)
    paid = sum(e.amount for e in m.journal if isinstance(e, ev.ChipsPaid))
    dice = sum(len(e.faces) for e in m.journal if isinstance(e, ev.DogDiceRolled))
    assert sum(s["chips_spent"] for s in stats["seats"]) == paid > 0
    assert sum(s["dice"] for s in stats["seats"]) == dice > 0
    assert stats["winner"] == m.final.winner
    assert sum(s["luck"] for s in stats["seats"]) == pytest.approx(
        sum(s["dogs"] - s["expected"] for s in stats["seats"]), abs=1e-6)


@pytest.mark.slow
def test_the_controller_shows_the_same_figures_as_the_journal_gives() -> None:
    # one computation: the game-over frame carries exactly game_stats of the game's events
    import random

    from table.helpers import FakeClock, bot_steps

    from companion.games.mush.bots import sensible_policy
    from companion.games.mush.dice import SeededDice
    from companion.games.mush.model import Phase
    from companion.games.mush.table.bots import BotDriver
    from companion.games.mush.table.controller import TableController

    clock = FakeClock()
    controller = TableController(dice=SeededDice(2), clock=clock)
    driver = BotDriver(controller, dict.fromkeys(range(4), sensible_policy), random.Random(2))
    for _ in bot_steps(controller, driver, clock, pace=0.3):
        if controller.state.phase is Phase.GAME_OVER:
            break
    frame = controller.frame()
    figures = game_stats(controller.history)
    assert frame.stats == stats_view(figures)
    assert frame.stats.winner == controller.state.winner
    assert [row.name for row in frame.stats.seats] == [
        p.name for p in controller.state.players]
    assert [row.luck for row in frame.stats.seats] == [r["luck"] for r in figures["seats"]]
    assert frame.stats.rounds == controller.state.round
