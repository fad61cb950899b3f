"""The table screen: pygame drawing of `TableFrame`s, nothing else.

`Display` is the window (full screen on the Pi, resizable on a desktop, dummy in tests);
`render(frame, surface)` draws one frame on any surface and returns the `LayoutLog` of
every text drawn; `game_stats(events)` makes the game-over figures for `TableFrame.stats`.
"""

from companion.display.paint import LayoutLog, TextDraw, font_floor
from companion.display.render import render
from companion.display.stats import game_stats
from companion.display.window import Display

__all__ = ["Display", "LayoutLog", "TextDraw", "font_floor", "game_stats", "render"]
