"""The games this table plays, by name: each a package whose `GAME` is a kernel `Game`.

The journal, the exports and the command line ask for a game here by name, so none of
them imports a game's own modules; a game is loaded the first time it is asked for.
A journal written before there was more than one game holds MUSH's games, the default.
"""

from __future__ import annotations

import importlib

from companion.core.game import AnyGame, Game

INSTALLED: dict[str, str] = {"mush": "companion.games.mush", "canoe": "companion.games.canoe"}
"""Each game's name and the package that holds it (its `GAME`)."""

DEFAULT = "mush"
"""The game a journal, an export or a new table plays when none is named."""

def installed() -> tuple[str, ...]:
    """The names of the games this table can play."""
    return tuple(INSTALLED)


def game(name: str = DEFAULT) -> AnyGame:
    """The game called `name` (a `LookupError` naming the installed ones if none is)."""
    if name not in INSTALLED:
        raise LookupError(f"no game called {name!r}; installed: {', '.join(INSTALLED)}")
    found = importlib.import_module(INSTALLED[name]).GAME
    assert isinstance(found, Game), f"{INSTALLED[name]}.GAME is not a Game"
    return found


__all__ = ["DEFAULT", "INSTALLED", "AnyGame", "game", "installed"]
