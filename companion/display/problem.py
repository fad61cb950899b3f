"""The screen shown when the table cannot start: what is wrong, where, and how to fix it.

An appliance with a black screen tells its players nothing; a log line is read by nobody
at the table. So every start-up failure (the settings file, the journal's card, the pads,
the screen's sound) is drawn full screen in plain words, with the same fonts and size
floor as the game screens (36 px or more at 1080 lines), while the program waits for the
fix. It is drawn straight onto the window's surface: no game frame exists yet.
"""

from __future__ import annotations

import os
from typing import Protocol

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
import pygame  # imported after the prompt is hidden

from companion.display import theme
from companion.display.paint import LayoutLog, Painter


class Problem(Protocol):
    """A start-up failure in the words of the people at the table (companion.runner's).

    `what` is the headline ("The settings file has a mistake"), `where` names the file,
    device or part, `fix` says what to do, and `detail` is the technical message.
    """

    @property
    def what(self) -> str: ...
    @property
    def where(self) -> str: ...
    @property
    def fix(self) -> str: ...
    @property
    def detail(self) -> str: ...


WAITING = "The table starts by itself as soon as this is fixed."


def draw_problem(surface: pygame.Surface, problem: Problem, waited: float = 0.0) -> LayoutLog:
    """Draw the problem screen on `surface` and return the layout log of its texts."""
    painter = Painter(surface)
    w, h = surface.get_size()
    surface.fill(theme.BG)
    margin = painter.px(80)
    band = pygame.Rect(0, 0, w, painter.px(150))
    pygame.draw.rect(surface, theme.BAD, band)
    painter.text("The table cannot start", band.inflate(-2 * margin, 0), theme.TITLE,
                 colour=theme.ink_for(theme.BAD), bold=True, align="center")
    y = band.bottom + painter.px(50)
    inner = w - 2 * margin
    gap = painter.px(30)
    y += painter.wrap(problem.what, (margin, y, inner, painter.line(theme.BIG) * 2),
                      theme.BIG, colour=theme.WARN, bold=True) + gap
    label_w = painter.px(300)
    rows = [("Where", problem.where, 2), ("How to fix", problem.fix, 4)]
    if problem.detail:
        rows.append(("Details", problem.detail, 2))
    for label, text, lines in rows:
        height = painter.line(theme.BODY) * lines
        painter.text(label, (margin, y, label_w, painter.line(theme.BODY)), theme.BODY,
                     colour=theme.DIM, valign="top")
        used = painter.wrap(text, (margin + label_w, y, inner - label_w, height), theme.BODY,
                            colour=theme.DIM if label == "Details" else theme.TEXT)
        y += max(used, painter.line(theme.BODY)) + gap
    foot_h = painter.line(theme.BODY)
    foot = pygame.Rect(margin, h - painter.px(40) - foot_h, inner, foot_h)
    waited_text = f" Waiting for {int(waited) // 60} min." if waited >= 60 else ""
    painter.text(WAITING + waited_text, foot, theme.BODY, colour=theme.GOOD, align="center")
    return painter.log


__all__ = ["WAITING", "Problem", "draw_problem"]
