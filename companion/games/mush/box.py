"""MUSH's box: everything the game brings to the table, as the shared parts ask for it.

The registry (`companion.games`) finds `BOX` here; the controller, the screen, the
phones' pages, the voice and the demo below are MUSH's own, and the shared
parts reach them through this value only.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from companion.core.box import Box, TableStart
from companion.games.mush import events as ev
from companion.games.mush import report
from companion.games.mush.config import SECTION
from companion.games.mush.game import MUSH
from companion.games.mush.phones import RESULTS, build, luck_by_round, luck_svg
from companion.games.mush.state import EMPTY
from companion.games.mush.table.controller import TableController
from companion.games.mush.table.frame import TableFrame
from companion.games.mush.voice import hear
from companion.web.words import page_words


def table(start: TableStart) -> TableController:
    """MUSH's table: setup from the settings of the game last played, or the game taken
    up from the journal where it stopped."""
    return TableController(start.state if start.state is not None else EMPTY, start.dice,
                           start.clock, start.config(start.settings), history=start.history,
                           last=start.last)


def paint(frame: TableFrame, surface: Any, log: Any = None, language: str = "en",
          previous: Any = None) -> Any:
    """MUSH's screen (pygame is loaded with the first frame drawn, not with the box)."""
    from companion.games.mush.screen.render import paint as paint_mush

    return paint_mush(frame, surface, log, language, previous)


def extras(history: Sequence[ev.Event], names: Sequence[str]) -> Mapping[str, bytes]:
    """The luck chart a finished game shows on the table page."""
    return {"luck.svg": luck_svg(luck_by_round(history), names,
                                 page_words("en")["luck_chart"])}


BOX = Box(
    game=MUSH, table=table, frame=TableFrame, paint=paint, phones=build, announce=hear,
    ledger="chips.csv", where=report.where,
    describe=report.describe, demo=report.Demo(),
    headlines=(ev.GameStarted, ev.TrainingOrderDrawn, ev.TrainingChosen, ev.InitiativeDrawn,
               ev.SticksPlaced, ev.RoundStarted, ev.BidsRevealed, ev.WeatherRolled,
               ev.GameWon),
    extras=extras, config=SECTION, results=RESULTS,
)
"""MUSH, as the table plays it."""
