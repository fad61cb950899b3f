"""The table screen: pygame drawing of `TableFrame`s, nothing else.

`Display` is the window (full screen on the Pi, resizable on a desktop, dummy in tests);
`render(frame, surface)` draws one frame on any surface and returns the `LayoutLog` of
every text drawn. The game-over figures it shows come in `TableFrame.stats`, made by
`companion.games.mush.table.stats.game_stats`. The window redraws a frame region by region, only
where what a region shows changed (`companion.display.regions`); `paint` fits the texts
inside them (`companion.display.paint`), each logged (`companion.display.layout_log`).
"""

from companion.display.layout_log import LayoutLog, TextDraw
from companion.display.paint import font_floor
from companion.display.render import render
from companion.display.window import Display

__all__ = ["Display", "LayoutLog", "TextDraw", "font_floor", "render"]
