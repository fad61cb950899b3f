"""The games this table plays, by name: one line a game.

Each game is a package, `companion/games/<name>/`: its rules (`GAME`, a kernel `Game`,
standard library only) and, in its `box` module, everything else it brings to the table
(`BOX`, a kernel `Box`: its table, screen, phones' pages, voice and words). The journal,
the exports and the command line ask for a game's rules here by name; the table, the
screen, the phones and the voice ask for its box. None of them imports a game's own
modules, and each is loaded the first time it is asked for. The setup's game picker, the
command line's `--game`, the demo and the exports list whatever `INSTALLED` holds.
A journal written before there was more than one game holds MUSH's games, the default.
"""

from __future__ import annotations

import importlib

from companion.core.box import Box
from companion.core.game import AnyGame, Game

INSTALLED: dict[str, str] = {
    "mush": "companion.games.mush",
    "canoe": "companion.games.canoe",
    "mush_ring": "companion.games.mush_ring",
    "push_and_move": "companion.games.push_and_move",
}
"""Each game's name and the package that holds it."""

DEFAULT = "mush"
"""The game a journal, an export or a new table plays when none is named."""


def installed() -> tuple[str, ...]:
    """The names of the games this table can play."""
    return tuple(INSTALLED)


def box_name(text: str) -> str:
    """A game's name as people type it (`Mush-Ring`, `mush-ring`) as the registry spells
    it (`mush_ring`): a folder's name cannot hold a hyphen, a command line often does."""
    return text.strip().lower().replace("-", "_")


def _package(name: str) -> str:
    if name not in INSTALLED:
        raise LookupError(f"no game called {name!r}; installed: {', '.join(INSTALLED)}")
    return INSTALLED[name]


def game(name: str = DEFAULT) -> AnyGame:
    """The rules of the game called `name` (a `LookupError` naming the installed ones if
    none is)."""
    found = importlib.import_module(_package(name)).GAME
    assert isinstance(found, Game), f"{INSTALLED[name]}.GAME is not a Game"
    return found


def box(name: str = DEFAULT) -> Box:
    """Everything the game called `name` brings to the table (a `LookupError` naming the
    installed ones if none is)."""
    found = importlib.import_module(f"{_package(name)}.box").BOX
    assert isinstance(found, Box), f"{INSTALLED[name]}.box.BOX is not a Box"
    return found


def boxes() -> tuple[Box, ...]:
    """Every installed game's box, in the registry's order."""
    return tuple(box(name) for name in INSTALLED)


def boxed(name: str) -> Box | None:
    """The box of the game called `name`, or None for a game installed with its rules
    only (its journal is kept, backed up and exported; no table sets it up)."""
    try:
        return box(name)
    except ModuleNotFoundError as exc:
        if exc.name == f"{_package(name)}.box":
            return None
        raise


def box_of(frame: object) -> Box:
    """The box of the game whose table built `frame` (a `LookupError` if none did): the
    box whose frame type it is, else one whose frame type it derives from."""
    every = boxes()
    for found in every:
        if type(frame) is found.frame:
            return found
    for found in every:
        if isinstance(frame, found.frame):
            return found
    raise LookupError(f"no installed game draws a {type(frame).__name__}")


__all__ = ["DEFAULT", "INSTALLED", "AnyGame", "Box", "box", "box_name", "box_of", "boxed",
           "boxes", "game", "installed"]
