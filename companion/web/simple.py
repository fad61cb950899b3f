"""What the phones and the table page are sent for a simple game (`companion.table.simple`):
the same `Snapshot` as every game's, built from its frame. Each seat's text holds its own
menu (in the phone's language), its light, the game's lines (in the page's language),
whose turn it is and its own lines (a hand of cards, `SimpleFrame.private`), which no
other seat's text and no table page holds.
"""

from __future__ import annotations

from typing import Any

from companion.core.box import Pages
from companion.i18n import t
from companion.seats import MAX_SEATS, SEATS
from companion.table.frame import Menu
from companion.table.lights import LightState
from companion.table.simple import SimpleFrame, SimpleScreen, worded_in
from companion.web.snapshot import (
    colour,
    light_json,
    menu_json,
    menu_version,
    seat_label,
)


def header(frame: SimpleFrame, language: str) -> str:
    """The game's title and its lines on one line: "Race to Ten · Ann 7 · Bo 4", in the
    page's language; once the game is over, who won (inside `speaking(language)`)."""
    won: tuple[str, ...] = ()
    if frame.winner is not None and 0 <= frame.winner < len(frame.names.seats):
        won = (t("over.wins", name=frame.names.seats[frame.winner].name),)
    title, lines = worded_in(frame, language)
    return " · ".join((title, *lines, *won))


def seat_payload(frame: SimpleFrame, own: object, menu: Menu | None, seat: int, language: str,
                 *, light: LightState | None, players: int) -> dict[str, Any]:
    """Everything seat `seat`'s phone shows (inside `speaking`): the frame, and of the
    frame's seats' own lines (`SimpleFrame.private`, worded by the game from each seat's
    own view) this seat's alone; its own view, `own`, adds nothing more to show."""
    over = frame.screen is SimpleScreen.GAME_OVER
    acting = frame.names.active
    return {
        "t": "seat", "game": "simple", "seat": seat, "lang": language,
        "name": seat_label(frame.names, seat, language), "colour": colour(seat),
        "letter": SEATS[seat % MAX_SEATS].letter, "shape": SEATS[seat % MAX_SEATS].shape,
        "playing": seat < players, "phase": frame.screen.value, "screen": frame.screen.value,
        "header": header(frame, language), "lines": list(worded_in(frame, language)[1]),
        "me": None,
        "menu": menu_json(menu), "mv": menu_version(menu), "bid": None,
        "light": light_json(light), "turn": menu is not None and not over, "over": over,
        "countdown": None,
        "notices": [n.text for n in frame.notices if n.seat in (None, seat)],
        "payments": [], "undo": frame.undo.text if frame.undo and frame.undo.seat == seat
        else None,
        "waiting": [seat_label(frame.names, acting, language)]
        if acting is not None and acting != seat and not over else [],
        "roll": None, "names": [seat_label(frame.names, s, language) for s in range(players)],
        # this seat's own lines (its hand): in its own text, and in no other
        "private": list(frame.private[seat]) if seat < len(frame.private) else [],
    }


def table_payload(frame: SimpleFrame, language: str, players: int) -> dict[str, Any]:
    """The read-only table page: what the shared screen shows."""
    return {
        "t": "table", "game": "simple", "lang": language, "phase": frame.screen.value,
        "screen": frame.screen.value, "act": frame.screen.value, "round": 0,
        "header": header(frame, language), "lines": list(worded_in(frame, language)[1]),
        "setup": frame.screen is SimpleScreen.SETUP, "players": players, "weather": None,
        "bank": None, "sticks": None, "order": [], "active": frame.names.active,
        "seats": [], "roll": None, "payments": [],
        "notices": [n.text for n in frame.notices if n.seat is None], "countdown": None,
        "over": None, "downloads": [],
    }


PAGES = Pages(seat=seat_payload, table=table_payload, names=lambda frame: frame.names)
"""A simple game's pages on the phones (`companion.web.snapshot.build` builds them)."""


__all__ = ["PAGES", "header", "seat_payload", "table_payload"]
