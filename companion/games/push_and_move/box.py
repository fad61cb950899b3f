"""Push&Move's box: everything it brings to the table, as the shared parts ask for it.

The registry (`companion.games`) finds `BOX` here. The table is the shared simple table
with the game's menus and frame (`table`); the screen (`screen`) is its own; the phones'
pages are the simple game's with the board on them, tapped on a seat's turn (`phones`);
the demo is the simple game's with the sensible bot on every seat.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, TextIO

from companion.core.box import Box, Standings, TableStart
from companion.table.simple_box import SimpleDemo

from . import acts as a
from .config import SECTION
from .game import GAME
from .phones import PAGES
from .picture import board_svg
from .sayings import SAYINGS, announce
from .state import State
from .table import RULES, PushFrame, PushTable


def table(start: TableStart) -> PushTable:
    """The table: setup from the config file's settings, or a game taken up again."""
    return PushTable(start.state, start.dice, start.clock, start.config(start.settings),
                     start.history)


def paint(frame: PushFrame, surface: Any, log: Any = None, language: str = "en",
          previous: Any = None) -> Any:
    """The screen (pygame is loaded with the first frame drawn)."""
    from companion.games.push_and_move.screen import paint_push

    return paint_push(frame, surface, log, language, previous)


def where(state: State) -> str:
    """Where a game stands, for the log and the service's status."""
    if state.settings is None:
        return "setup"
    if state.turn is None:
        return state.phase.value
    return f"round {state.turn.round}, {state.players[state.turn.seat].name} moves"


def describe(view: dict[str, Any]) -> str:
    """`mush-companion state` for people: the round, whose turn, each player's count."""
    lines = [f"phase: {view['phase']}, round {view['round']}"]
    for player in view["players"]:
        lines.append(f"{player['name']}: {player['count']} pushed off, "
                     f"{player['on_board']} on the board")
    if view["winner"] is not None:
        lines.append(f"winner: {view['players'][view['winner']]['name']}")
    return "\n".join(lines)


class Demo(SimpleDemo):
    """`mush-companion demo`: the sensible bot on every seat, a line a turn (each
    player's count and dice left) and the winner."""

    def __init__(self) -> None:
        super().__init__(RULES)

    def summary(self, out: TextIO) -> Callable[[Any, tuple[Any, ...]], None]:
        """A line after each turn, and the end."""
        def line(state: State, events: tuple[Any, ...]) -> None:
            for event in events:
                if isinstance(event, a.TurnEnded) and state.settings is not None:
                    counts = " · ".join(f"{p.name} {p.count}/{len(state.on_board(s))}"
                                        for s, p in enumerate(state.players))
                    mover = state.players[event.seat].name
                    print(f"{mover:>10} moved   pushed off/left: {counts}", file=out,
                          flush=True)
                elif isinstance(event, a.GameOver):
                    winner = "nobody" if event.winner is None else \
                        state.players[event.winner].name
                    print(f"game over ({event.why.value}): {winner} wins", file=out,
                          flush=True)
        return line


def extras(history: Sequence[Any], names: Sequence[str]) -> Mapping[str, bytes]:
    """The board as a printable picture, for a group that lays real hexes."""
    state = GAME.replay(history)
    if not state.board:
        return {}
    return {"board.svg": board_svg(state).encode("utf-8")}


STANDINGS = Standings(
    rank="removed", chart="removed", chart_word="chart_pushed_off",
    rounds=lambda row, players: int(row["round"]),
    columns=("pushed_off", "on_board"),
    cells=lambda final, won: [str(final["removed"]), str(final["on_board"])])
"""A finished game on the table page: by dice pushed off, with each one's dice left."""

BOX = Box(
    game=GAME, table=table, frame=PushFrame, paint=paint, pages=PAGES, announce=announce,
    ledger="pushes.csv", where=where, describe=describe, demo=Demo(),
    headlines=(a.GameStarted, a.Lost, a.GameOver), standings=STANDINGS, extras=extras,
    config=SECTION, sayings=SAYINGS)
"""Push&Move, as the table plays it."""
