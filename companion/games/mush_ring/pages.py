"""Mush-Ring on the phones and the table page: the simple game's pages
(`companion.web.simple`), with the table laid out as the screen shows it instead of one
long line: a card per player (their ring's six spaces, their hand's size, their score
pile), then the piles, whose turn it is, the last hand and what just happened (`board`).

The board is made from the frame's public view alone (`RingFrame.view`, U2), in the
page's language: every page gets the same board, and no card of a hand is in it (U1);
a seat's own hand stays in its own page's `private` lines, worded from its own view in
its own language.
"""

from __future__ import annotations

from typing import Any

from companion.core.box import Pages
from companion.i18n import count, language, t
from companion.seats import MAX_SEATS, SEATS
from companion.table.frame import Menu
from companion.table.lights import LightState
from companion.table.simple import SimpleFrame, SimpleScreen
from companion.web.simple import seat_payload, table_payload
from companion.web.snapshot import colour

from .cards import Kind
from .table import RingFrame, card_words, hand_lines
from .views import PublicView, SeatView, SpaceView

RGB: dict[str, str] = {"red": "#d55e00", "yellow": "#f0e442", "green": "#009e73",
                       "blue": "#0072b2", "purple": "#cc79a7", "orange": "#e69f00"}
"""Each card colour as the screen draws it (the colour-blind-safe palette); the card's
words say its colour too."""


def _space(space: SpaceView) -> dict[str, Any]:
    """One ring space for a page: its kind, its words and (face-up) its colour."""
    card = space.card
    if space.show == "open" or (card is None and space.show != "down"):
        return {"kind": "open", "text": t("ring.open"), "colour": None}
    if space.show == "down" or card is None:
        return {"kind": "down", "text": t("ring.face_down"), "colour": None}
    kind = "kapp" if card.kind is Kind.DETH_KAPP else "wild" if card.kind is Kind.WILD \
        else "up"
    return {"kind": kind, "text": card_words(card), "colour": RGB.get(card.colour)}


def board(frame: SimpleFrame) -> dict[str, Any] | None:
    """The table as the pages lay it out (inside `speaking`): a card per player and the
    facts of the table; None before the game starts."""
    if not isinstance(frame, RingFrame) or frame.view is None:
        return None
    view: PublicView = frame.view
    over = frame.screen is SimpleScreen.GAME_OVER
    paper = view.deck == "paper"
    cards = []
    for p in view.players:
        lines = [] if paper else [t("ring.scr.hand", count=p.hand)]
        lines.append(t("ring.page.pile", cards=count(p.cards, "ring_card"),
                       points=count(p.value, "ring_point"), wilds=count(p.wilds, "ring_wild")))
        if p.last:
            lines.append(t("ring.scr.last"))
        elif p.done:
            lines.append(t("ring.scr.done"))
        shown = not paper or view.entering == p.seat or any(s.show != "open" for s in p.ring)
        cards.append({
            "seat": p.seat, "name": p.name, "colour": colour(p.seat),
            "letter": SEATS[p.seat % MAX_SEATS].letter,
            "ring": [_space(s) for s in p.ring] if shown else [],
            "lines": lines, "acting": not over and (view.turn == p.seat or (
                p.seat in view.acting and not paper)),
            "winner": over and p.seat in view.winners})
    facts: list[str] = []
    if not paper:
        top = t("ring.page.top", card=card_words(view.top)) if view.top is not None else ""
        facts.append(t("ring.page.piles", draw=count(view.draw, "ring_card"),
                       discard=count(view.discard, "ring_card")) + top)
    if view.turn is not None and not over:
        facts.append(t("ring.turn", name=view.players[view.turn].name))
    last = [p.name for p in view.players if p.last]
    if view.last_hand and last and not over:
        facts.append(t("ring.last", name=", ".join(last)))
    if over and len(view.winners) > 1:
        facts.append(t("ring.shared", names=", ".join(view.players[s].name
                                                      for s in view.winners)))
    return {"cards": cards, "facts": facts, "did": list(frame.said(language()))}


def _header(frame: SimpleFrame) -> str:
    """The title, and once the game is over who won (the rest is the board)."""
    won: tuple[str, ...] = ()
    if frame.winner is not None and 0 <= frame.winner < len(frame.names.seats):
        won = (t("over.wins", name=frame.names.seats[frame.winner].name),)
    return " · ".join((frame.title, *won))


def seat(frame: SimpleFrame, own: object, menu: Menu | None, seat: int, language: str, *,
         light: LightState | None, players: int) -> dict[str, Any]:
    """A seat's page: the simple game's, with the board for the table's facts."""
    payload = seat_payload(frame, own, menu, seat, language, light=light, players=players)
    laid = board(frame)
    if laid is not None:
        payload.update(header=_header(frame), board=laid)
    view = frame.view if isinstance(frame, RingFrame) else None
    if isinstance(own, SeatView) and view is not None and view.deck != "paper" and \
            own.seat == seat:  # its own hand, in its own language
        payload["private"] = list(hand_lines(own, [p.name for p in view.players]))
    return payload


def table(frame: SimpleFrame, language: str, players: int) -> dict[str, Any]:
    """The read-only table page: the simple game's, with the board."""
    payload = table_payload(frame, language, players)
    laid = board(frame)
    if laid is not None:
        payload.update(header=_header(frame), board=laid)
    return payload


PAGES = Pages(seat=seat, table=table, names=lambda frame: frame.names)
"""Mush-Ring's pages on the phones (`companion.web.snapshot.build` builds them)."""

__all__ = ["PAGES", "board", "seat", "table"]
