"""Colours and type sizes of the table screen.

The palette is Okabe-Ito (colour-blind safe), the same the seats use; every colour that
carries meaning is paired with a letter, a shape or a pattern elsewhere, so colour is
never the only cue. Sizes are given as they are at 1080 lines and scaled by the painter.
"""

from __future__ import annotations

# Okabe-Ito
BLACK = (0, 0, 0)
ORANGE = (230, 159, 0)
SKY_BLUE = (86, 180, 233)
BLUISH_GREEN = (0, 158, 115)
YELLOW = (240, 228, 66)
BLUE = (0, 114, 178)
VERMILLION = (213, 94, 0)
REDDISH_PURPLE = (204, 121, 167)

BG = (22, 26, 34)
PANEL = (36, 42, 54)
PANEL_HI = (58, 66, 84)
LINE = (96, 106, 126)
TEXT = (240, 240, 236)
DIM = (176, 182, 194)  # ≥ 4.5:1 (WCAG AA) on BG, PANEL and PANEL_HI
GOOD = SKY_BLUE  # success is also spelt out in words
BAD = VERMILLION
WARN = YELLOW
SNOW = (250, 250, 250)
COVER = (110, 112, 118)

DICE_RGB = {"green": BLUISH_GREEN, "red": VERMILLION, "blue": BLUE}
"""Dog-dice colours; each also has its own face pattern (`widgets.DICE_PATTERN`)."""

CLIMATE_RGB = {"warm": ORANGE, "moderate": (200, 200, 170), "cold": SKY_BLUE}

# Design sizes at 1080 lines (px); the floor is 36, read from 2 m.
TITLE = 64
BIG = 52
BODY = 40
SMALL = 36
FLOOR = 36


def luminance(rgb: tuple[int, int, int]) -> float:
    """WCAG relative luminance of a colour, 0 (black) to 1 (white)."""
    def channel(c: int) -> float:
        v = c / 255
        return v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4

    r, g, b = (channel(c) for c in rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: tuple[int, int, int], b: tuple[int, int, int]) -> float:
    """WCAG contrast ratio of two colours (1 to 21); text wants 4.5 or more."""
    hi, lo = sorted((luminance(a), luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def ink_for(rgb: tuple[int, int, int]) -> tuple[int, int, int]:
    """Black or white text, whichever reads better on `rgb` (relative luminance)."""
    return BLACK if luminance(rgb) > 0.22 else SNOW


def dim(rgb: tuple[int, int, int], factor: float = 0.55) -> tuple[int, int, int]:
    """A darker shade of a colour, for patterns drawn over it."""
    return (int(rgb[0] * factor), int(rgb[1] * factor), int(rgb[2] * factor))
