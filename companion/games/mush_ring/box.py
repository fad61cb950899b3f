"""Mush-Ring's box: everything it brings to the table, as the shared parts ask for it.

The registry (`companion.games`) finds `BOX` here. The table is the shared simple table
with the game's words, menus and frames (`table`); the screen is its own (`screen`:
every ring's six spaces as cards, the piles, the score piles); the phones' pages are the
simple game's with the table laid out (`pages`); the voice says whose turn it is, a ring
scored, the last hand and the winner (`sayings`). No card of a hand reaches any of them
but its own seat's phone (U1).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from typing import Any

from companion.games.mush_ring import acts as c
from companion.games.mush_ring import sayings
from companion.games.mush_ring.cards import LAST
from companion.games.mush_ring.config import SECTION
from companion.games.mush_ring.model import State
from companion.games.mush_ring.pages import PAGES
from companion.games.mush_ring.table import (
    RULES,
    RingFrame,
    RingTable,
    arrange,
    card_words,
    label,
    lines,
    private,
    recent,
)
from companion.table.simple import SimpleFrame
from companion.table.simple_box import simple_box
from companion.voice.phrases import Announcement, Seat, turn


def _where(state: State) -> str:
    if state.settings is None:
        return "setup"
    if state.over:
        return "game over"
    return f"turn {state.turns}, {state.phase.value}"


def _describe(view: dict[str, Any]) -> str:
    rows = [f"Mush-Ring ({view['deck']} deck), {view['phase']}",
            f"draw pile {view['draw']}, discard pile {view['discard']}"]
    for p in view["players"]:
        rows.append(f"{p['name']}: {p['hand']} in hand, score pile {p['cards']} cards, "
                    f"{p['value']} points, {p['wilds']} wild" + (" (last)" if p["last"] else ""))
    if view["winners"]:
        rows.append("won by " + ", ".join(view["players"][s]["name"] for s in view["winners"]))
    return "\n".join(rows)


def _seat(names: Any, seat: int) -> Seat:
    name: str | None = None
    if isinstance(names, Mapping):
        found = names.get(seat)
        name = found if isinstance(found, str) else None
    elif isinstance(names, Sequence) and 0 <= seat < len(names):
        found = names[seat]
        name = found if isinstance(found, str) else None
    return Seat(seat, name)


def hear(event: object, names: Any, state: object) -> Announcement | None:
    """What the voice says (the game's own sentences and clips, in every language): whose
    turn it begins (G9), a ring scored (O3-O8), the last hand (Y1, Y2) and the winner
    (Y5-Y7); all of it public, never a card of a hand (U1)."""
    if isinstance(event, c.TurnBegan):
        return turn(_seat(names, event.seat))
    if isinstance(event, c.Scored):
        return sayings.scored(_seat(names, event.owner), len(event.collected), event.colour)
    if isinstance(event, c.LastPlayer):
        cards = len(state.players[event.seat].pile) if isinstance(state, State) and \
            0 <= event.seat < len(state.players) else LAST
        return sayings.last_hand(_seat(names, event.seat), cards)
    if isinstance(event, c.GameWon) and event.winners:
        return sayings.winners([_seat(names, s) for s in event.winners])
    return None


def _table(start: Any) -> RingTable:
    return RingTable(start.state, start.dice, start.clock, start.config(start.settings),
                     start.history)


def _paint(frame: SimpleFrame, surface: Any, log: Any = None, language: str = "en",
           previous: Any = None) -> Any:
    """The screen (pygame is loaded with the first frame drawn)."""
    from companion.games.mush_ring.screen import paint_ring

    return paint_ring(frame, surface, log, language, previous)


BOX = simple_box(RULES, ledger="scores.csv", where=_where, describe=_describe, config=SECTION,
                 announce=hear, sayings=sayings.SAYINGS)
BOX = dataclasses.replace(BOX, table=_table, paint=_paint, pages=PAGES)
"""Mush-Ring, as the table plays it."""

__all__ = ["BOX", "RULES", "RingFrame", "RingTable", "arrange", "card_words", "hear", "label",
           "lines", "private", "recent"]
