"""Race to Ten at the table: the shared simple table (`companion.table.simple`), told how
to start, how to say a move and what the screen shows."""

from __future__ import annotations

from companion.core import TABLE
from companion.i18n import t
from companion.table.simple import SimpleRules
from companion.table.simple_box import simple_box

from . import GAME, RaceSettings, Roll, Start

RULES = SimpleRules(
    game=GAME,
    start=lambda names: Start(TABLE, RaceSettings(names)),
    label=lambda command: t("race.roll") if isinstance(command, Roll) else str(command),
    lines=lambda state: tuple(t("race.score", name=p.name, score=p.score)
                              for p in state.players),
)

BOX = simple_box(RULES, ledger="scores.csv")
