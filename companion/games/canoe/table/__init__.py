"""The table for the Moosehead Lake Canoe Game: its controller, menus, setup and frame.

The Canoe game's rules are `companion.games.canoe`; this package is what the pads, the
screen and the app need of it, built on the same parts as MUSH's table: `TableBase`
(config, game, clock, history, dice, the navigator, the guard against stale presses,
who may press), menus as trees of kernel commands, the frame's `Menu` values, the
pads' lights, `Outcome`, and the bots' `VirtualPads`.
"""

from companion.games.canoe.table.controller import CanoeTable
from companion.games.canoe.table.frame import CanoeFrame, CanoeScreen, SetupLine

__all__ = ["CanoeFrame", "CanoeScreen", "CanoeTable", "SetupLine"]
