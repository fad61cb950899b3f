"""The layout log: every text a screen drew, where, at what size and how it fitted.

Tests read it to check a whole screen (no text under the floor, outside its box or over
another text) rather than trust it; the regions keep each region's share of it, so a
region left as it is on screen still answers for the texts it shows.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame


def box_of(rect: pygame.Rect) -> tuple[int, int, int, int]:
    """A rect as the plain tuple the log keeps (a Rect is mutable)."""
    return (rect.x, rect.y, rect.w, rect.h)


@dataclass(frozen=True)
class TextDraw:
    """One text drawn on the screen: what was asked, what was drawn, where, and how big."""

    source: str  # the text asked for
    text: str  # the text drawn (shortened with an ellipsis when it did not fit)
    rect: tuple[int, int, int, int]  # where the glyphs landed
    box: tuple[int, int, int, int]  # the box the text had to stay in
    size: int  # font size in px
    floor: int  # the screen's floor
    fit: str  # "full", "shrunk", "wrapped" (one line of several), "ellipsized", or
    #           "dropped" (nothing fitted at the floor)
    clip: tuple[int, int, int, int] | None = None  # the surface's clip when it was drawn
    may_cut: bool = False  # a name alone in a card: an ellipsis is allowed (module docstring)

    @property
    def inside(self) -> bool:
        """Whether the glyphs stayed within their box."""
        return pygame.Rect(self.box).contains(pygame.Rect(self.rect))


@dataclass
class LayoutLog:
    """Every text draw of one render, in drawing order."""

    size: tuple[int, int] = (0, 0)
    floor: int = 0
    draws: list[TextDraw] = field(default_factory=list)

    def problems(self) -> list[str]:
        """Texts that left their box, left the screen or the area they were drawn in, fell
        under the floor, were dropped, were cut short with an ellipsis (but a name alone in
        its card), or were drawn over another text."""
        screen = pygame.Rect((0, 0), self.size)
        found = []
        for d in self.draws:
            if d.fit == "dropped":
                found.append(f"dropped {d.source!r} in box {d.box}")
            elif not d.inside:
                found.append(f"{d.text!r} at {d.rect} leaves its box {d.box}")
            elif not screen.contains(pygame.Rect(d.rect)):
                found.append(f"{d.text!r} at {d.rect} leaves the screen {self.size}")
            elif d.clip is not None and not pygame.Rect(d.clip).contains(pygame.Rect(d.rect)):
                found.append(f"{d.text!r} at {d.rect} is cut off by its area {d.clip}")
            if d.fit == "ellipsized" and not d.may_cut:
                found.append(f"{d.source!r} was cut short to {d.text!r}")
            if d.size < d.floor:
                found.append(f"{d.text!r} is {d.size} px, under the floor {d.floor}")
        found.extend(self.overlaps())
        return found

    def overlaps(self) -> list[str]:
        """Pairs of texts whose glyphs were drawn over each other.

        A line's rect includes the font's spacing above and below the glyphs, so two rects
        count as overlapping only when they share more than a few pixels each way.
        """
        slack = max(2, self.floor // 5)
        shown = [(d, pygame.Rect(d.rect).inflate(-2 * slack, -2 * slack))
                 for d in self.draws if d.text]
        found = []
        for i, (a, ra) in enumerate(shown):
            for b, rb in shown[i + 1:]:
                if ra.colliderect(rb):
                    found.append(f"{a.text!r} at {a.rect} overlaps {b.text!r} at {b.rect}")
        return found

    def texts(self) -> list[str]:
        """The drawn texts (each line of a wrapped text on its own), for tests that look for
        a word on the screen."""
        return [d.text for d in self.draws]

    def whole(self) -> list[str]:
        """Every text drawn whole, a wrapped one as the text it was asked for, in drawing
        order: what a reader of the screen can read in full."""
        out: list[str] = []
        cut = {d.source for d in self.draws if d.fit in ("ellipsized", "dropped")}
        for d in self.draws:
            if d.source in cut:
                continue
            if d.fit == "wrapped":
                if not out or out[-1] != d.source:
                    out.append(d.source)
            elif d.text:
                out.append(d.text)
        return out
