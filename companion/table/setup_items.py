"""What every game's setup menu offers alike: the game to play and "Start the game".

The game picker lists every game the registry holds (`TableConfig.games`, from
`companion.games`), each by its name in the screen's words (`game.<name>`): a new game is
in every setup's picker the day its folder and its registry line are added.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from companion.core.acts import Command
from companion.core.game import AnyGame
from companion.exc import SettingsError
from companion.i18n import count, t
from companion.table.tree import Node, Tree


def game_node(current: str, games: Sequence[str], switch: Callable[[str], None]) -> list[Node]:
    """The game to play, when the table has more than one: `current` is this setup's;
    choosing another calls `switch` with its name (the table then hands over to that
    game's setup). No item when there is nothing to choose."""
    if len(games) < 2:
        return []
    values = []
    for name in games:

        def pick(name: str = name) -> None:
            if name != current:
                switch(name)

        values.append(Node(name, t(f"game.{name}"), action=pick, pop=True))
    tree = Tree("game", t("s.game_title"), values, t("m.hint.sub"), default=current)
    return [Node("game", t("s.game"), t(f"game.{current}"), children=tree)]


def start_node(game: AnyGame, players: int, start: Callable[[], Command]) -> Node:
    """Any game's "Start the game": the rules' start command for the draft, or greyed with
    why not (settings the rules refuse, or a game already running)."""
    try:
        command = start()
    except SettingsError as error:
        return Node("start", t("s.start"), str(error), False)
    if not game.is_legal(game.initial, command):
        return Node("start", t("s.start"), t("s.running"), False)
    return Node("start", t("s.start"), count(players, "player"), command=command)


__all__ = ["game_node", "start_node"]
