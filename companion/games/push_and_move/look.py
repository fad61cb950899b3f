"""How Push&Move's hexes look wherever they are drawn (the screen, the phones' pages,
the printed picture): each kind's symbol and colour. Standard library only.
"""

from __future__ import annotations

from .model import Kind

SYMBOLS: dict[Kind, str] = {
    Kind.PLAIN: "", Kind.PLUS1: "+1", Kind.PLUS2: "+2", Kind.MINUS1: "−1",
    Kind.MINUS2: "−2", Kind.HALF: "½", Kind.DOUBLE: "×2", Kind.QUADRUPLE: "×4",
    Kind.BARRED: "✕", Kind.DEATH: "☠", Kind.TUNNEL: "", Kind.REROLL: "↻", Kind.BEAM: "✦",
    Kind.MOVE1: "»1", Kind.MOVE2: "»2", Kind.JUMP: "↷", Kind.REBIRTH: "♥", Kind.DRAW: "?"}
"""Each kind's symbol, drawn on its hexes, the legend and the printed picture."""

FILLS: dict[Kind, tuple[int, int, int]] = {
    Kind.PLAIN: (64, 72, 88), Kind.PLUS1: (24, 96, 76), Kind.PLUS2: (16, 120, 90),
    Kind.MINUS1: (128, 64, 30), Kind.MINUS2: (150, 60, 20), Kind.HALF: (40, 80, 140),
    Kind.DOUBLE: (70, 70, 160), Kind.QUADRUPLE: (100, 60, 170), Kind.BARRED: (150, 150, 150),
    Kind.DEATH: (8, 8, 8), Kind.TUNNEL: (110, 90, 60), Kind.REROLL: (120, 110, 30),
    Kind.BEAM: (30, 120, 140), Kind.MOVE1: (110, 80, 120), Kind.MOVE2: (130, 80, 130),
    Kind.JUMP: (90, 110, 50), Kind.REBIRTH: (150, 70, 110), Kind.DRAW: (90, 90, 110)}
"""Each kind's colour (dark enough for white symbols; the symbol tells them apart)."""

INK_DARK = frozenset({Kind.BARRED})
"""The kinds whose symbol is drawn in black (their colour is light)."""


def css(rgb: tuple[int, int, int]) -> str:
    """A colour as CSS ("#405a58")."""
    r, g, b = rgb
    return f"#{r:02x}{g:02x}{b:02x}"


__all__ = ["FILLS", "INK_DARK", "SYMBOLS", "css"]
