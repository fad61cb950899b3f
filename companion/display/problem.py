"""The screen shown when the table cannot start: what is wrong, where, and how to fix it.

An appliance with a black screen tells its players nothing; a log line is read by nobody
at the table. So every start-up failure (the settings file, the journal's card, the pads,
the screen's sound) is drawn full screen in plain words, with the same fonts and size
floor as the game screens (36 px or more at 1080 lines), while the program waits for the
fix. It is drawn straight onto the window's surface: no game frame exists yet. It speaks
the screen's language (English when the settings themselves cannot be read); paths and
the technical detail are drawn as they come.
"""

from __future__ import annotations

import os
from typing import Protocol

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
import pygame  # imported after the prompt is hidden

from companion.display import theme
from companion.display.layout_log import LayoutLog
from companion.display.paint import Painter
from companion.i18n import WORDS, speaking, t


class Problem(Protocol):
    """A start-up failure in the words of the people at the table (companion.app.runner's).

    `what` is the headline ("The settings file has a mistake"), `where` names the file,
    device or part, `fix` says what to do, and `detail` is the technical message;
    `words`, when given, are the keys of the headline and of the fix's sentences in
    companion.i18n, drawn in the screen's language in their place.
    """

    @property
    def what(self) -> str: ...
    @property
    def where(self) -> str: ...
    @property
    def fix(self) -> str: ...
    @property
    def detail(self) -> str: ...
    @property
    def words(self) -> tuple[str, ...]: ...


WAITING = WORDS["f.waiting"]["en"]


def draw_problem(surface: pygame.Surface, problem: Problem, waited: float = 0.0,
                 language: str = "en") -> LayoutLog:
    """Draw the problem screen on `surface` in `language` and return the layout log of
    its texts."""
    with speaking(language):
        return _draw(surface, problem, waited)


def _draw(surface: pygame.Surface, problem: Problem, waited: float) -> LayoutLog:
    what, fix = problem.what, problem.fix
    if problem.words:
        what, fix = t(problem.words[0]), " ".join(t(k) for k in problem.words[1:])
    painter = Painter(surface)
    w, h = surface.get_size()
    surface.fill(theme.BG)
    margin = painter.px(80)
    band = pygame.Rect(0, 0, w, painter.px(150))
    pygame.draw.rect(surface, theme.BAD, band)
    painter.text(t("f.title"), band.inflate(-2 * margin, 0), theme.TITLE,
                 colour=theme.ink_for(theme.BAD), bold=True, align="center")
    y = band.bottom + painter.px(50)
    inner = w - 2 * margin
    gap = painter.px(30)
    y += painter.wrap(what, (margin, y, inner, painter.line(theme.BIG) * 2),
                      theme.BIG, colour=theme.WARN, bold=True) + gap
    label_w = painter.px(300)
    rows = [(t("f.where"), problem.where, 2), (t("f.fix"), fix, 4)]
    if problem.detail:
        rows.append((t("f.details"), problem.detail, 2))
    foot_h = painter.line(theme.BODY)
    foot = pygame.Rect(margin, h - painter.px(40) - foot_h, inner, foot_h)
    for index, (label, text, lines) in enumerate(rows):
        height = painter.line(theme.BODY) * lines
        if index == len(rows) - 1:  # the last row has the room down to the footer: whole
            height = max(height, foot.top - gap - y)
        painter.text(label, (margin, y, label_w, painter.line(theme.BODY)), theme.BODY,
                     colour=theme.DIM, valign="top")
        used = painter.wrap(text, (margin + label_w, y, inner - label_w, height), theme.BODY,
                            colour=theme.DIM if index == 2 else theme.TEXT)
        y += max(used, painter.line(theme.BODY)) + gap
    waited_text = " " + t("f.waited", minutes=int(waited) // 60) if waited >= 60 else ""
    painter.text(t("f.waiting") + waited_text, foot, theme.BODY, colour=theme.GOOD, align="center")
    return painter.log


__all__ = ["WAITING", "Problem", "draw_problem"]
