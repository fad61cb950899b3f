"""The Canoe game's box: everything it brings to the table, as the shared parts ask for it.

The registry (`companion.games`) finds `BOX` here; the controller, the screen, the
phones' pages, the voice and the demo below are the Canoe game's own.
"""

from __future__ import annotations

from typing import Any

from companion.core.box import Box, Standings, TableStart
from companion.games.canoe import events as ev
from companion.games.canoe import report
from companion.games.canoe.config import SECTION
from companion.games.canoe.game import GAME
from companion.games.canoe.phones import PAGES
from companion.games.canoe.sayings import SAYINGS
from companion.games.canoe.table.controller import CanoeTable
from companion.games.canoe.table.frame import CanoeFrame
from companion.games.canoe.voice import canoe_announcement_for

LEARNS = 3
"""The latest finished trips the table learns the group's board from (`memory.learnt`):
enough to have seen the route from every side, few enough to read in a moment."""


def table(start: TableStart) -> CanoeTable:
    """The Canoe table: setup from the trip last paddled, or the trip taken up from the
    journal where it stopped."""
    if start.state is not None:
        return CanoeTable(start.state, start.dice, start.clock, start.config(None),
                          history=start.history, earlier=start.earlier)
    return CanoeTable(dice=start.dice, clock=start.clock, config=start.config(None),
                      last=start.settings, earlier=start.earlier)


def paint(frame: CanoeFrame, surface: Any, log: Any = None, language: str = "en",
          previous: Any = None) -> Any:
    """The Canoe game's screen (pygame is loaded with the first frame drawn)."""
    from companion.games.canoe.screen import paint_canoe

    return paint_canoe(frame, surface, log, language, previous)


def hear(event: object, names: Any, state: object) -> Any:
    """What the voice says for an event of the trip."""
    return canoe_announcement_for(event, names, state=state)


STANDINGS = Standings(
    rank="score", chart="score", chart_word="chart_points",
    # a turn is one player's go: a round is every player's
    rounds=lambda row, players: (int(row["turn"]) - 1) // max(1, players) + 1,
    columns=("points", "nights"),
    cells=lambda final, won: [str(final["score"]), str(final["nights"])])
"""A finished trip on the table page: by points, equal points sharing a place, with
each canoe's nights."""


BOX = Box(
    game=GAME, table=table, frame=CanoeFrame, paint=paint, pages=PAGES, announce=hear,
    ledger="points.csv", where=report.where,
    describe=report.describe, demo=report.Demo(),
    headlines=(ev.GameStarted, ev.WeatherAdvanced, ev.PlayerHome, ev.GameWon),
    standings=STANDINGS, sayings=SAYINGS, learns=LEARNS, config=SECTION,
)
"""The Moosehead Lake Canoe Game, as the table plays it."""
