"""A whole `Box` for a simple game (`companion.table.simple`): its table, screen, phones'
pages and demo from its `SimpleRules`, so such a game's folder holds its rules, its
words and one call of `simple_box`.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, TextIO

from companion.core.box import Box, TableStart
from companion.core.dice import DiceSource
from companion.table.simple import SimpleBots, SimpleFrame, SimpleRules, SimpleTable
from companion.web.simple import PAGES


def _silent(event: object, names: object, state: object) -> None:
    return None


class SimpleDemo:
    """`mush-companion demo` for a simple game: its first bot at every seat, and a line
    of the game's own after each move."""

    def __init__(self, rules: SimpleRules) -> None:
        self.rules = rules

    def driver(self, table: SimpleTable, players: int, rng: random.Random,
               hand: DiceSource) -> SimpleBots:
        """The game's first bot (`Game.bots`) on every seat's virtual pad."""
        policy = next(iter(self.rules.game.bots.values()))
        return SimpleBots(table, dict.fromkeys(range(players), policy), rng)

    def summary(self, out: TextIO) -> Callable[[Any, tuple[Any, ...]], None]:
        """The game's lines after each command that changed something, and once the game
        is over who won (the last lines alone do not say it)."""
        told = [False]

        def line(state: Any, events: tuple[Any, ...]) -> None:
            if events and state.settings is not None:
                print(" · ".join(self.rules.lines(state)), file=out, flush=True)
                outcome = self.rules.game.outcome(state)
                if outcome is not None and not told[0]:
                    told[0] = True
                    names = [str(p.name) for p in state.players]
                    won = "no single winner" if outcome.winner is None else \
                        f"{names[outcome.winner]} wins"
                    print(f"game over: {won}", file=out, flush=True)
        return line


def simple_box(rules: SimpleRules, *, ledger: str,
               announce: Callable[[Any, Any, Any], Any] = _silent,
               where: Callable[[Any], str] | None = None,
               describe: Callable[[dict[str, Any]], str] | None = None,
               config: Any = None, sayings: Any = None) -> Box:
    """The box of a simple game: `ledger` names its ledger's export file; the voice says
    nothing unless `announce` says what (with the game's `sayings`); `where` (for the log)
    is its lines unless given, `describe` (`state` for people) its public view's fields."""
    def table(start: TableStart) -> SimpleTable:
        return SimpleTable(rules, start.state, start.dice, start.clock,
                           start.config(start.settings), start.history)

    def paint(frame: SimpleFrame, surface: Any, log: Any = None, language: str = "en",
              previous: Any = None) -> Any:
        from companion.display.simple import paint_simple  # pygame with the first frame

        return paint_simple(frame, surface, log, language, previous)

    def lines(state: Any) -> str:
        return " · ".join(rules.lines(state)) if state.settings is not None else "setup"

    def fields(view: dict[str, Any]) -> str:
        return "\n".join(f"{key}: {value}" for key, value in view.items())

    return Box(game=rules.game, table=table, frame=rules.frame or SimpleFrame, paint=paint,
               pages=PAGES,
               announce=announce, ledger=ledger, where=where or lines,
               describe=describe or fields, demo=SimpleDemo(rules), config=config,
               sayings=sayings)


__all__ = ["SimpleDemo", "simple_box"]
