"""MUSH's pages on the phones: what each seat's phone and the table page are sent.

A seat's text holds its menu exactly as the table built it (`Menu`, worded in the
phone's language), its own chips and dogs from the public `TableView`, its light, and
from its own view (`OwnView`, the table's `seat_view`) its bid on the pad, locked or
being chosen: the only secret, and in that seat's text alone. The table page's text is
the public view, like the shared screen. The pieces every game's pages share, and the
one path that builds them (`build`), are `companion.web.snapshot`'s.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from companion.core.box import Pages
from companion.games import box as installed_box
from companion.games.mush import events as ev
from companion.games.mush.model import RollKind
from companion.games.mush.phases import ActKind
from companion.games.mush.table.frame import TableFrame
from companion.games.mush.table.stats import game_stats
from companion.games.mush.table.view import OwnView, RollView, SeatView, TableView
from companion.i18n import count, ordinal, t, word
from companion.seats import MAX_SEATS, SEATS
from companion.table.frame import Menu
from companion.table.lights import LightState
from companion.web.snapshot import (
    colour,
    countdown_json,
    downloads_json,
    light_json,
    menu_json,
    menu_version,
    seat_label,
    series_svg,
)

TURN_ACTS = (ActKind.TRAIN, ActKind.WEATHER, ActKind.TURN, ActKind.MOVE, ActKind.PRESS)
"""Acts in which a seat that may act is the one the table waits for: its phone buzzes."""


def seat_json(view: TableView, seat: SeatView) -> dict[str, Any]:
    """One seat's public state (never a bid before the reveal: `SeatView` has none)."""
    dice = seat.dice.value if seat.dice is not None else None
    return {"seat": seat.seat, "name": seat.name, "colour": colour(seat.seat),
            "letter": SEATS[seat.seat % MAX_SEATS].letter,
            "shape": SEATS[seat.seat % MAX_SEATS].shape, "chips": seat.chips,
            "chips_text": count(seat.chips, "chip"), "dogs": seat.uncovered,
            "tired": seat.covered, "dice": dice, "dice_word": word(dice) if dice else None,
            "training": word(seat.training.value) if seat.training else None,
            "board": seat.board, "zone": word(seat.zone.value),
            "place": ordinal(seat.place) if seat.place else None, "locked": seat.locked,
            "locked_text": t("status.locked") if seat.locked else None,
            "bid_text": t("status.bid", bid=seat.bid) if seat.bid is not None else None,
            "bid": seat.bid, "acting": seat.acting, "ice_bear": seat.ice_bear,
            "winner": view.winner == seat.seat}


def roll_json(view: TableView, roll: RollView | None, language: str) -> dict[str, Any] | None:
    """The latest roll, in words the table already has."""
    if roll is None:
        return None
    out: dict[str, Any] = {"seat": roll.seat, "who": seat_label(view, roll.seat, language),
                           "kind": roll.kind.value, "what": t(f"m.roll.{roll.kind.value}"),
                           "faces": list(roll.faces), "colour": roll.colour.value
                           if roll.colour else None, "dog_faces": list(roll.dog_faces)}
    if roll.kind is RollKind.DOGS:
        out["result"] = t("dogs.result", dogs=count(roll.dogs, "dog"),
                          dice=count(len(roll.faces), "die"))
    elif roll.kind is RollKind.WEATHER and roll.weather is not None:
        out["result"] = t("weather.result", weather=word(roll.weather.value))
    elif roll.kind in (RollKind.TERRAIN, RollKind.AVALANCHE):
        ok = "roll.enters" if roll.kind is RollKind.TERRAIN else "roll.crosses"
        out["result"] = t(ok) if roll.success else t("roll.fails")
    elif roll.press is not None:
        out["result"] = word(roll.press.value)
    return out


def header(view: TableView) -> str:
    """"Round 3 · Cold (Central)", or the setting-up line."""
    if not view.round:
        return t("over.title") if view.act is ActKind.NONE else "MUSH"
    parts = [t("header.round", round=view.round)]
    if view.weather is not None:
        zone = f" ({word(view.weather_zone.value)})" if view.weather_zone else ""
        parts.append(f"{word(view.weather.value)}{zone}")
    parts.append(t("header.bank", chips=view.bank))
    return " · ".join(parts)


def waiting_for(view: TableView, seat: int, language: str) -> list[str]:
    """The names of the seats the table waits for now, other than `seat`."""
    return [seat_label(view, s.seat, language) for s in view.seats
            if s.acting and s.seat != seat]


def seat_payload(frame: TableFrame, own: OwnView | None, menu: Menu | None, seat: int,
                 language: str, *, light: LightState | None, players: int) -> dict[str, Any]:
    """Everything seat `seat`'s phone shows (call inside `speaking(language)`): the frame,
    and from the seat's own view its bid on the pad."""
    view = frame.view
    me = view.seats[seat] if seat < len(view.seats) else None
    acting = me is not None and me.acting
    turn = (acting and (view.act in TURN_ACTS)) or view.entering == seat
    undo = frame.undo.text if frame.undo is not None and frame.undo.seat == seat else None
    return {
        "t": "seat", "seat": seat, "lang": language, "name": seat_label(view, seat, language),
        "colour": colour(seat), "letter": SEATS[seat].letter, "shape": SEATS[seat].shape,
        "playing": seat < players, "phase": view.phase.value, "screen": frame.screen,
        "header": header(view), "me": seat_json(view, me) if me is not None else None,
        "menu": menu_json(menu), "mv": menu_version(menu),
        "bid": own.bid if own is not None else None,
        "light": light_json(light), "turn": bool(turn), "over": view.act is ActKind.NONE,
        "countdown": countdown_json(frame.countdown),
        "notices": [n.text for n in frame.notices if n.seat in (None, seat)],
        "payments": [p.text for p in frame.payments], "undo": undo,
        "waiting": waiting_for(view, seat, language),
        "roll": roll_json(view, view.last_roll, language),
        "names": [seat_label(view, s, language) for s in range(players)],
    }


def table_payload(frame: TableFrame, language: str, players: int) -> dict[str, Any]:
    """The read-only table page: the public view, as the shared screen shows it."""
    view = frame.view
    over = None
    if frame.stats is not None:
        stats = frame.stats
        over = {"winner": seat_label(view, stats.winner, language)
                if stats.winner is not None else None,
                "wins": t("over.wins", name=seat_label(view, stats.winner, language))
                if stats.winner is not None else None,
                "rounds": stats.rounds,
                "seats": [{"seat": s.seat, "name": s.name or seat_label(view, s.seat, language),
                           "colour": colour(s.seat), "letter": SEATS[s.seat % MAX_SEATS].letter,
                           "luck": s.luck, "spent": s.chips_spent} for s in stats.seats],
                "luck_label": t("over.luck"), "spent_label": t("over.spent"),
                "downloads": downloads_json(installed_box("mush"))}
    return {
        "t": "table", "lang": language, "phase": view.phase.value, "screen": frame.screen,
        "act": view.act.value, "round": view.round, "header": header(view),
        "setup": view.phase.value == "setup", "players": players,
        "weather": word(view.weather.value) if view.weather else None,
        "bank": view.bank, "sticks": view.sticks,
        "order": [seat_label(view, s, language) for s in view.order],
        "active": view.active,
        "seats": [seat_json(view, s) for s in view.seats],
        "roll": roll_json(view, view.last_roll, language),
        "payments": [p.text for p in frame.payments],
        "notices": [n.text for n in frame.notices if n.seat is None],
        "countdown": countdown_json(frame.countdown),
        "over": over,
    }


PAGES = Pages(seat=seat_payload, table=table_payload, names=lambda frame: frame.view)
"""MUSH's pages on the phones (`companion.web.snapshot.build` builds every text)."""


def luck_by_round(history: Sequence[ev.Event]) -> list[list[float]]:
    """Each seat's dice luck (dogs rolled minus expected, `game_stats`) after each round:
    one list per seat, one value per round."""
    ends = [i for i, e in enumerate(history) if isinstance(e, ev.RoundEnded | ev.GameWon)]
    series: list[list[float]] = []
    for end in ends:
        stats = game_stats(history[:end + 1])
        for row in stats["seats"]:
            while len(series) <= row["seat"]:
                series.append([])
            series[row["seat"]].append(float(row["luck"]))
    return series


def luck_svg(series: Sequence[Sequence[float]], names: Sequence[str], title: str) -> bytes:
    """The dice luck chart of a finished game (dogs rolled less expected, round by
    round), as the phones' table page offers it."""
    return series_svg(series, names, title)
