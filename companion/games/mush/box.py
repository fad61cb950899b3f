"""MUSH's box: everything the game brings to the table, as the shared parts ask for it.

The registry (`companion.games`) finds `BOX` here; the controller, the screen, the
phones' pages, the voice and the demo below are MUSH's own, and the shared
parts reach them through this value only.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from companion.core.box import Box, Standings, TableStart
from companion.games.mush import events as ev
from companion.games.mush import report
from companion.games.mush.config import SECTION
from companion.games.mush.game import MUSH
from companion.games.mush.phones import PAGES, luck_by_round, luck_svg
from companion.games.mush.sayings import SAYINGS
from companion.games.mush.state import EMPTY
from companion.games.mush.table.controller import TableController
from companion.games.mush.table.frame import TableFrame
from companion.games.mush.voice import hear
from companion.i18n import t, word
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


def _cells(final: Mapping[str, Any], won: bool) -> list[str]:
    """T3: where each sled got (the winner reached Nome) and its chips."""
    where = t("over.reached_nome") if won else t(
        "over.where", zone=word(str(final["zone"])),
        where=t("over.board", board=int(final["board"]) + 1))
    return [where, str(final["chips"])]


STANDINGS = Standings(
    rank="board", chart="chips", chart_word="chart_chips",
    rounds=lambda row, players: int(row["round"]), columns=("reached", "chips"),
    cells=_cells, places=False)
"""A finished game on the table page: the winner, then the sleds by the board they
reached (without the map, only the winner's place is known), with their chips."""


BOX = Box(
    game=MUSH, table=table, frame=TableFrame, paint=paint, pages=PAGES, announce=hear,
    ledger="chips.csv", where=report.where,
    describe=report.describe, demo=report.Demo(),
    headlines=(ev.GameStarted, ev.TrainingOrderDrawn, ev.TrainingChosen, ev.InitiativeDrawn,
               ev.SticksPlaced, ev.RoundStarted, ev.BidsRevealed, ev.WeatherRolled,
               ev.GameWon),
    extras=extras, standings=STANDINGS, config=SECTION, sayings=SAYINGS,
)
"""MUSH, as the table plays it."""
