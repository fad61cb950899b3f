"""The table controller: pad events -> rules commands, menus, reaction windows, frames.

`TableController` turns `PadEvent`s into commands through menus built from the engine's
`legal()`, runs the reaction windows' countdowns on an injected clock, keeps one undo
point, and builds the `TableFrame` the display draws. `BotDriver` presses virtual pads
for rules policies, through the same controller.
"""

from companion.exc import UnreachableCommand
from companion.table.bots import BotDriver
from companion.table.config import TableConfig
from companion.table.controller import ROLLS_AND_REVEALS, Outcome, TableController
from companion.table.frame import (
    Animation,
    Countdown,
    CountdownKind,
    Menu,
    MenuItem,
    MenuStyle,
    Notice,
    Screen,
    TableFrame,
    UndoOffer,
)
from companion.table.lights import LightState
from companion.table.virtual import click, hold

__all__ = [
    "ROLLS_AND_REVEALS", "Animation", "BotDriver", "Countdown", "CountdownKind", "LightState",
    "Menu", "MenuItem", "MenuStyle", "Notice", "Outcome", "Screen", "TableConfig",
    "TableController", "TableFrame", "UndoOffer", "UnreachableCommand", "click", "hold",
]
