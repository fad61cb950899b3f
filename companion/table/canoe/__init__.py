"""The table for the Moosehead Lake Canoe Game: its controller, menus, setup and frame.

The Canoe game's rules are `companion.games.canoe`; this package is what the pads, the
screen and the app need of it, built on the same parts as MUSH's table (gestures, the
navigator, menus as trees, the frame's `Menu` values, `Outcome`).
"""

from companion.table.canoe.controller import CanoeTable
from companion.table.canoe.frame import CanoeFrame, CanoeScreen, SetupLine

__all__ = ["CanoeFrame", "CanoeScreen", "CanoeTable", "SetupLine"]
