"""The board as a printable picture (SVG), for a group that lays real hexes: every hex
with its number (the order they are laid in, HS3, HS5) and its kind's symbol and name,
the tunnels' axes, the start edges by seat, and a legend. Standard library only.
"""

from __future__ import annotations

from html import escape

from companion.core.hexes import DIRECTIONS, centre, extent, outline

from .look import SYMBOLS
from .model import BOARD, START, Kind, seat_edge
from .state import State

SIZE = 40.0
"""Hex size in the picture's units (about 1 cm a hex side on an A3 print)."""

NAMES: dict[Kind, str] = {
    Kind.PLAIN: "plain", Kind.PLUS1: "+1", Kind.PLUS2: "+2", Kind.MINUS1: "−1",
    Kind.MINUS2: "−2", Kind.HALF: "half", Kind.DOUBLE: "double", Kind.QUADRUPLE: "quadruple",
    Kind.BARRED: "barred", Kind.DEATH: "death", Kind.TUNNEL: "tunnel", Kind.REROLL: "reroll",
    Kind.BEAM: "beam", Kind.MOVE1: "movement +1", Kind.MOVE2: "movement +2",
    Kind.JUMP: "jump", Kind.REBIRTH: "rebirth", Kind.DRAW: "draw"}
"""The rulebook's names (its English, as on the hexes)."""

LETTERS = "ABCDEF"


def board_svg(state: State) -> str:
    """The picture of `state`'s board (its hexes, tunnels and start edges)."""
    left, top, width, height = extent(BOARD.cells, SIZE)
    legend_h = 30.0 * 7
    pad = 20.0
    w, h = width + 2 * pad, height + 2 * pad + legend_h
    dx, dy = pad - left, pad - top
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {w:.0f} {h:.0f}" '
             f'width="{w:.0f}" height="{h:.0f}" font-family="DejaVu Sans, sans-serif">',
             f'<rect width="{w:.0f}" height="{h:.0f}" fill="white"/>']
    starts = {c: seat for seat in range(len(state.players))
              for c in START[seat_edge(len(state.players), seat)]}
    for cell, kind in enumerate(state.board):
        x, y = centre(BOARD.cells[cell], SIZE)
        x, y = x + dx, y + dy
        points = " ".join(f"{px:.1f},{py:.1f}" for px, py in outline(x, y, SIZE * 0.97))
        fill = "#222" if kind is Kind.DEATH else "#bbb" if kind is Kind.BARRED else "#fff"
        stroke = "#000"
        parts.append(f'<polygon points="{points}" fill="{fill}" stroke="{stroke}" '
                     f'stroke-width="{3 if cell in starts else 1}"/>')
        ink = "#fff" if kind is Kind.DEATH else "#000"
        parts.append(f'<text x="{x:.1f}" y="{y - SIZE * 0.45:.1f}" font-size="11" '
                     f'text-anchor="middle" fill="{ink}">{cell + 1}</text>')
        if kind is Kind.TUNNEL and 0 <= state.axes[cell] <= 2:
            ux, uy = centre(DIRECTIONS[state.axes[cell]], SIZE * 0.6)
            parts.append(f'<line x1="{x - ux:.1f}" y1="{y - uy:.1f}" x2="{x + ux:.1f}" '
                         f'y2="{y + uy:.1f}" stroke="#000" stroke-width="5"/>')
        elif SYMBOLS[kind]:
            parts.append(f'<text x="{x:.1f}" y="{y + 8:.1f}" font-size="22" '
                         f'text-anchor="middle" fill="{ink}">{escape(SYMBOLS[kind])}</text>')
        if cell in starts:
            parts.append(f'<text x="{x:.1f}" y="{y + SIZE * 0.75:.1f}" font-size="11" '
                         f'text-anchor="middle" fill="{ink}">'
                         f'{escape(LETTERS[starts[cell]])}</text>')
    y0 = height + 2 * pad
    kinds = [k for k in Kind if k in set(state.board)]
    for i, kind in enumerate(kinds):
        x = pad + (i % 3) * (width / 3)
        y = y0 + (i // 3) * 30.0 + 20
        symbol = SYMBOLS[kind] or ("═" if kind is Kind.TUNNEL else "·")
        count = sum(1 for k in state.board if k is kind)
        parts.append(f'<text x="{x:.1f}" y="{y:.1f}" font-size="16">{escape(symbol)} '
                     f'{escape(NAMES[kind])} ({count})</text>')
    players = ", ".join(f"{LETTERS[s]}: {escape(p.name)}" for s, p in enumerate(state.players))
    parts.append(f'<text x="{pad:.1f}" y="{h - 8:.1f}" font-size="14">Push&amp;Move · '
                 f'start edges {players}</text>')
    parts.append("</svg>")
    return "\n".join(parts) + "\n"


__all__ = ["board_svg"]
