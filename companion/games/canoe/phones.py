"""What each phone and the table page are sent while the Canoe game plays: the same
`Snapshot` as MUSH's (companion.web.snapshot), built from the Canoe table's own frame.

A seat's text holds its menu exactly as the Canoe table built it (in the phone's
language), its light and whether the table waits for it, the weather with its line, the
throw's spaces on each water, where the canoe goes on another canoe's space (L9), the
card drawn last, and every player's score: nothing in the Canoe game is secret ("visible
to all players throughout the game"), so no text holds more than the shared screen shows.
Phones drive the Canoe menus with the same presses as MUSH's: the server turns a tap into
◀ ● ▶ the same way.
"""

from __future__ import annotations

from typing import Any

from companion.core.box import Pages
from companion.games import box as installed_box
from companion.games.canoe.table.frame import CanoeFrame, CanoeScreen, share_line
from companion.games.canoe.views import PublicView
from companion.i18n import t
from companion.seats import MAX_SEATS, SEATS
from companion.table.frame import Menu
from companion.table.lights import LightState
from companion.web.snapshot import (
    colour,
    downloads_json,
    light_json,
    menu_json,
    menu_version,
    seat_label,
)


def _signed(points: int) -> str:
    return f"{points:+d}" if points else "0"


def header(frame: CanoeFrame) -> str:
    """"Turn 7 · Tailwind: die +2 on lakes.", or the trip's title while setting up."""
    view = frame.view
    if view is None:
        return t("cs.screen_title")
    parts = [t("cv.turn", n=view.turn)] if view.turn else []
    if view.weather is not None:
        parts.append(f"{t(f'cw.{view.weather.value}')}: {t(f'cw.line.{view.weather.value}')}")
    return " · ".join(parts) or t("cs.screen_title")


def throw_json(frame: CanoeFrame, language: str) -> dict[str, Any] | None:
    """E4: the throw and the spaces it gives on each water, in the phone's `roll` shape."""
    view = frame.view
    if view is None or view.throw is None or view.active is None:
        return None
    moves = view.throw
    lines = [f"{t('cv.lake')} {moves.lake}", f"{t('cv.river')} {moves.river}",
             f"{t('cv.portage')} {moves.portage}", f"{t('cv.poling')} {moves.poling}"]
    if moves.island_bound:
        lines.append(t("cv.island"))
    return {"seat": view.active, "who": seat_label(frame.names, view.active, language),
            "kind": "canoe", "what": t(f"cw.{moves.weather.value}"),
            "faces": [moves.face], "colour": None, "dog_faces": [],
            "result": " · ".join(lines)}


def card_json(view: PublicView | None) -> dict[str, Any] | None:
    """K5: the card drawn last: who drew it, its pile, words and points, what became of it."""
    if view is None or view.shown is None:
        return None
    shown = view.shown
    name = view.seats[shown.seat].name if shown.seat < len(view.seats) else ""
    drew = "cv.drew_late" if shown.late else "cv.drew"  # C6: the last go's landing
    return {"seat": shown.seat, "drew": t(drew, name=name, pile=t(f"cp.{shown.pile.value}")),
            "text": shown.text, "points": shown.points,
            "points_text": t("cv.points", points=_signed(shown.points)),
            "fate": t(f"co.{shown.outcome.value}"), "chosen": shown.chosen}


def scores_json(view: PublicView | None) -> list[dict[str, Any]]:
    """A1: every player's points, nights and cards, as the score board shows them."""
    if view is None:
        return []
    return [{"seat": s.seat, "name": s.name, "colour": colour(s.seat),
             "letter": SEATS[s.seat % MAX_SEATS].letter, "score": s.score,
             "nights": t("cv.nights", n=s.nights, of=s.nights_needed), "home": s.home,
             "leads": s.leads, "misses": s.misses, "acting": s.acting,
             "destination": s.destination_text, "hero": s.hero,
             "winner": view.winner == s.seat} for s in view.seats]


def canoe_json(frame: CanoeFrame) -> dict[str, Any]:
    """The Canoe part of every text (the same for each seat: nothing is secret): the
    weather, the card drawn last, every score, and while a player tells what the canoe
    did, where it goes on each other canoe's space (L9, `share_line`)."""
    view = frame.view
    over = None
    if view is not None and view.winner is not None:
        won = view.seats[view.winner]
        over = t("cv.wins", name=won.name, points=won.score)
    return {"weather": t(f"cw.{view.weather.value}") if view and view.weather else None,
            "weather_line": t(f"cw.line.{view.weather.value}") if view and view.weather
            else None, "share": share_line(view), "card": card_json(view),
            "scores": scores_json(view),
            "scores_label": t("cv.scores"), "over": over,
            "dock": t("cv.dock", face=frame.dock_face) if frame.dock_face else None,
            "card_note": t("cs.card_note") if frame.language_note else None}


def seat_payload(frame: CanoeFrame, own: object, menu: Menu | None, seat: int, language: str,
                 *, light: LightState | None, players: int) -> dict[str, Any]:
    """Everything seat `seat`'s phone shows of the Canoe game (inside `speaking`): the
    frame alone, as nothing is secret (its own view, `own`, adds nothing to show). The
    next player's menu comes marked waiting while the player before is inside a menu
    (C4: the table marks it)."""
    view = frame.view
    line = view.seats[seat] if view is not None and seat < len(view.seats) else None
    turn = (line is not None and line.acting) or frame.entering == seat
    undo = frame.undo.text if frame.undo is not None and frame.undo.seat == seat else None
    over = frame.screen is CanoeScreen.GAME_OVER
    return {
        "t": "seat", "game": "canoe", "seat": seat, "lang": language,
        "name": seat_label(frame.names, seat, language), "colour": colour(seat),
        "letter": SEATS[seat].letter, "shape": SEATS[seat].shape, "playing": seat < players,
        "phase": view.phase.value if view is not None else "setup",
        "screen": frame.screen.value, "header": header(frame), "me": None,
        "menu": menu_json(menu), "mv": menu_version(menu), "bid": None,
        "light": light_json(light), "turn": bool(turn) and not over, "over": over,
        "countdown": None,
        "notices": [n.text for n in frame.notices if n.seat in (None, seat)],
        "payments": [], "undo": undo, "waiting": [
            s.name for s in (view.seats if view is not None else ()) if s.acting
            and s.seat != seat],
        "roll": throw_json(frame, language),
        "names": [seat_label(frame.names, s, language) for s in range(players)],
        "canoe": canoe_json(frame),
    }


def table_payload(frame: CanoeFrame, language: str, players: int) -> dict[str, Any]:
    """The read-only table page: the public view, as the shared screen shows it."""
    view = frame.view
    return {
        "t": "table", "game": "canoe", "lang": language,
        "phase": view.phase.value if view is not None else "setup",
        "screen": frame.screen.value, "act": view.act if view is not None else "setup",
        "round": view.turn if view is not None else 0, "header": header(frame),
        "setup": view is None, "players": players,
        "weather": t(f"cw.{view.weather.value}") if view and view.weather else None,
        "bank": None, "sticks": None, "order": [],
        "active": view.active if view is not None else None,
        "seats": [], "roll": throw_json(frame, language), "payments": [],
        "notices": [n.text for n in frame.notices if n.seat is None],
        "countdown": None, "over": None, "canoe": canoe_json(frame),
        "downloads": downloads_json(installed_box("canoe"))
        if frame.screen is CanoeScreen.GAME_OVER
        else [],
    }


PAGES = Pages(seat=seat_payload, table=table_payload, names=lambda frame: frame.names)
"""The Canoe game's pages on the phones (`companion.web.snapshot.build` builds them)."""
