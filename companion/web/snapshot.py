"""What each phone and the table page are sent: built from the table's own outputs,
nothing worked out again; each game's pages by its box's `pages`, through one path
(`build`) and the pieces here.

The main loop owns the game; after every change it hands the web server the pieces (its
frame, menus, each seat's own view and lights), and the server's thread makes them into
a `Snapshot`, once for every page: one JSON text per seat (per language a phone speaks)
and one for the read-only table page. A seat's text is built from the frame the shared
screen shows (public: its menu exactly as the table built it, worded in the phone's
language) and that seat's own view (the table's `seat_view(seat)`: the rules' per-seat
view, with what the seat is choosing on its pad), never another seat's: a secret (a bid
being chosen, a hand of cards) is in its own seat's text alone. The table page's text is
the public view, like the shared screen.

Every text is built from values that do not depend on when it was built (a countdown is
sent as what is left, and a running one is not rebuilt as it runs down), so two tables in
the same state send the same bytes: a seat that did not change is sent nothing, and no
phone learns from the traffic how often another pressed its buttons.
"""

from __future__ import annotations

import hashlib
import json
import logging
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from io import StringIO
from typing import Any

from companion.core.box import Box, Pages
from companion.games import box as installed_box
from companion.i18n import speaking, t
from companion.pads.events import Blink, Button, Light
from companion.seats import MAX_SEATS, SEATS
from companion.table.frame import Countdown, Menu, SeatBook
from companion.table.lights import LightState

log = logging.getLogger("companion.web")

@dataclass(frozen=True)
class MenuShape:
    """What a tap needs to become presses: the menu's style, its focus and, per item,
    whether it is enabled and the button drawn beside it; for a menu listed step by step
    (`Menu.steps`), per step whether it is enabled and the buttons that walk to it."""

    style: str
    focus: int
    items: tuple[tuple[bool, str], ...]  # (enabled, button)
    steps: tuple[tuple[bool, tuple[str, ...]], ...] = ()  # (enabled, buttons)
    back: int = 1  # the levels the page's Back (● held) steps out at once (`Menu.back`)


EXPORT_TYPES = {"jsonl": "application/x-ndjson", "csv": "text/csv; charset=utf-8",
         "svg": "image/svg+xml"}


@dataclass(frozen=True)
class Export:
    """A finished game's downloads for the table page: each file by the name it has in
    its address (`/export/events.jsonl`), with its bytes."""

    game: int
    box: str  # the game's name: downloads are saved as "canoe-game-2-points.csv"
    files: Mapping[str, bytes]

    def download(self, name: str) -> tuple[bytes, str, str] | None:
        """The file `name`: its bytes, its type and the name it is saved under; None when
        this game offers no such file."""
        body = self.files.get(name)
        if body is None:
            return None
        return body, EXPORT_TYPES[name.rsplit(".", 1)[1]], f"{self.box}-game-{self.game}-{name}"


def downloads(box: Box) -> tuple[tuple[str, str], ...]:
    """The files a finished game offers for download on the table page (`/export/<file>`),
    each with the page word that names it: the journal's events and the game's ledger
    (as `export --game` writes them)."""
    return (("events.jsonl", "export_events"), (box.ledger, "export_" + box.ledger.split(".")[0]))


def downloads_json(box: Box) -> list[dict[str, str]]:
    """The table page's links to a finished game's files (named by page words)."""
    return [{"href": f"/export/{name}", "id": "export-" + name.split(".")[0], "word": key}
            for name, key in downloads(box)]


@dataclass(frozen=True)
class Snapshot:
    """One moment of the table as the phones see it (made on the server's thread from
    the main loop's pieces)."""

    game: int | None
    players: int  # seats in the game (every seat while setting up)
    seats: Mapping[tuple[int, str], bytes]  # (seat, language) -> JSON
    table: Mapping[str, bytes]  # language -> JSON
    versions: Mapping[int, str]  # seat -> its menu's version ("" when it has none)
    shapes: Mapping[int, MenuShape]  # seat -> its menu's shape
    bidding: frozenset[int] = frozenset()  # seats whose menu is the secret bid
    names: tuple[str, ...] = ()
    export: Export | None = None
    extra: dict[str, Any] = field(default_factory=dict)
    # set by the server from the controller: when each seat's press counts as fresh (the
    # table's clock), the seats whose menus wait (no press yet), the seats a phone may
    # join by name (in setup: the players being set up)
    ready: Mapping[int, float] = field(default_factory=dict)
    waiting: frozenset[int] = frozenset()
    joinable: tuple[str, ...] = ()


def dumps(data: object) -> bytes:
    """Compact, key-sorted JSON: the same data always gives the same bytes."""
    return json.dumps(data, ensure_ascii=False, sort_keys=True, separators=(",", ":")).encode()


def colour(seat: int) -> str:
    """A seat's colour as CSS."""
    r, g, b = SEATS[seat % MAX_SEATS].rgb
    return f"#{r:02x}{g:02x}{b:02x}"


def seat_label(view: SeatBook, seat: int, language: str) -> str:
    """The player's name, or the seat's colour name before the game has names."""
    if 0 <= seat < len(view.seats) and view.seats[seat].name:
        return view.seats[seat].name
    names = SEATS[seat % MAX_SEATS].names
    return names.get(language, names["en"])


def menu_for(menus: Iterable[Menu], seat: int) -> Menu | None:
    """The seat's menu, or the shared setup menu (any pad drives setup)."""
    shared = None
    for menu in menus:
        if menu.seat == seat:
            return menu
        if menu.seat < 0:
            shared = menu
    return shared


def menu_json(menu: Menu | None) -> dict[str, Any] | None:
    """A `Menu` as the phone draws it: every field the table gave, and which item steps
    back out (`back`: in a confirmation, the item that neither pays nor opens a menu, its
    "No"; the page then needs no Back button of its own). A level listed step by step
    (`Menu.steps`: every step beneath it, likeliest first) is sent as those steps, one
    row each (`flat`), no button drawn beside them: a tap on one is the presses that
    walk to it (`presses_for`)."""
    if menu is None:
        return None
    if menu.steps:
        return {"title": menu.title, "hint": menu.hint, "note": menu.note,
                "style": menu.style, "depth": menu.depth, "confirm": menu.confirm,
                "focus": -1, "waiting": menu.waiting, "flat": True,
                "items": [{"label": i.label, "detail": i.detail, "enabled": i.enabled,
                           "button": "", "submenu": i.submenu, "back": False}
                          for i in (step.item for step in menu.steps)]}
    return {"title": menu.title, "hint": menu.hint, "note": menu.note, "style": menu.style,
            "depth": menu.depth, "confirm": menu.confirm, "focus": menu.focus,
            "waiting": menu.waiting,
            "items": [{"label": i.label, "detail": i.detail, "enabled": i.enabled,
                       "button": i.button, "submenu": i.submenu,
                       "back": menu.confirm and i.enabled and i.command is None
                       and not i.submenu} for i in menu.items]}


def menu_version(menu: Menu | None) -> str:
    """A short hash of what the menu offers (its focus left out): a press aimed at one
    version is refused once the seat's menu has become another."""
    if menu is None:
        return ""
    shape = [menu.title, menu.style, menu.depth, menu.confirm, menu.note,
             [(i.label, i.detail, i.enabled, i.button, i.submenu) for i in menu.items]]
    if menu.steps:  # a step deep beneath the level may change while the level stays
        shape.append([(s.item.label, s.item.detail, s.item.enabled, s.item.submenu,
                       s.buttons) for s in menu.steps])
    return hashlib.blake2b(dumps(shape), digest_size=6).hexdigest()


def menu_shape(menu: Menu | None) -> MenuShape | None:
    """The part of a menu that turns a tap into presses."""
    if menu is None:
        return None
    return MenuShape(menu.style, menu.focus, tuple((i.enabled, i.button) for i in menu.items),
                     tuple((s.item.enabled, s.buttons) for s in menu.steps), menu.back)


def light_json(light: LightState | None) -> str:
    """"on", "off" or "blink:N" (N tells one requested blink from the next)."""
    if light is None:
        return "off"
    if isinstance(light.pattern, Blink):
        return f"blink:{light.request}"
    return "on" if light.pattern is Light.ON else "off"


def countdown_json(countdown: Countdown | None) -> dict[str, Any] | None:
    """A window's countdown: what is left when it was sent (the page runs it down)."""
    if countdown is None:
        return None
    label = t("countdown.reduce") if countdown.kind == "reduce" else t("countdown.reroll")
    return {"kind": countdown.kind, "label": label, "total": round(countdown.total, 2),
            "remaining": round(countdown.remaining, 1), "held": countdown.held}


def build(pages: Pages, frame: Any, menus_by_language: Mapping[str, Sequence[Menu]], *,
          game: int | None, players: int, views: Sequence[object],
          lights: Mapping[int, LightState], screen_language: str) -> Snapshot:
    """Any game's snapshot of one frame, through its box's `pages`: each seat's text from
    the frame and that seat's own view (`views[seat]`, the table's `seat_view(seat)`:
    what that seat alone may see) and no other seat's, each table page's from the frame
    alone; each is built in its language, the seat's menu worded in it. Each seat's menu
    version and shape come from the screen's words."""
    seats: dict[tuple[int, str], bytes] = {}
    table: dict[str, bytes] = {}
    for language, menus in menus_by_language.items():
        with speaking(language):
            for seat in range(players):
                payload = pages.seat(frame, views[seat] if seat < len(views) else None,
                                     menu_for(menus, seat), seat, language,
                                     light=lights.get(seat), players=players)
                # a press is checked against the screen's menu: every phone is sent
                # that version, whatever language it reads the menu in
                payload["mv"] = menu_version(menu_for(menus_by_language[screen_language],
                                                       seat))
                seats[(seat, language)] = dumps(payload)
            table[language] = dumps(pages.table(frame, language, players))
    versions: dict[int, str] = {}
    shapes: dict[int, MenuShape] = {}
    bidding = set()
    for seat in range(players):
        menu = menu_for(menus_by_language[screen_language], seat)
        versions[seat] = menu_version(menu)
        shape = menu_shape(menu)
        if shape is not None:
            shapes[seat] = shape
            if shape.style == "bid":
                bidding.add(seat)
    names = pages.names(frame)
    labels = tuple(seat_label(names, s, screen_language) for s in range(MAX_SEATS))
    return Snapshot(game, players, seats, table, versions, shapes, frozenset(bidding), labels)


def series_svg(series: Sequence[Sequence[float]], names: Sequence[str], title: str,
               counts: bool = False) -> bytes:
    """A line chart of one value per seat per round (MUSH's dice luck; `counts`: of
    chips or points, whole numbers from 0 up): one line per seat in its colour, ending in
    the seat's letter and name (colour is never the only cue), a zero line, rounds along."""
    width, height, pad = 720, 360, 48
    rounds = max((len(s) for s in series), default=0)
    values = [v for s in series for v in s] or [0.0]
    top, bottom = max(1.0, max(values)), min(0.0 if counts else -1.0, min(values))
    high, low = (f"{top:.0f}", f"{bottom:.0f}") if counts else \
        (f"+{top:.1f}", f"{bottom:.1f}")

    def x(i: int) -> float:
        return pad + (width - 2.5 * pad) * (i / max(1, rounds - 1))

    def y(v: float) -> float:
        return pad / 2 + (height - 1.5 * pad) * (top - v) / (top - bottom)

    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" '
             f'role="img" aria-label="{_esc(title)}" font-family="sans-serif" font-size="14">',
             f'<title>{_esc(title)}</title>',
             f'<rect width="{width}" height="{height}" fill="#161a22"/>',
             f'<line x1="{pad}" x2="{width - pad}" y1="{y(0):.1f}" y2="{y(0):.1f}" '
             'stroke="#606a7e" stroke-dasharray="4 4"/>',
             f'<text x="8" y="{y(top) + 5:.1f}" fill="#b0b6c2">{high}</text>',
             f'<text x="8" y="{y(0) + 5:.1f}" fill="#b0b6c2">0</text>']
    if bottom < 0:
        parts.append(f'<text x="8" y="{y(bottom) + 5:.1f}" fill="#b0b6c2">{low}</text>')
    every = max(1, 1 + (rounds - 1) // 20)  # at most about 20 round numbers along the bottom
    for i in range(0, rounds, every):
        parts.append(f'<text x="{x(i):.1f}" y="{height - 8}" fill="#b0b6c2" '
                     f'text-anchor="middle">{i + 1}</text>')
    for seat, line in enumerate(series):
        if not line:
            continue
        points = " ".join(f"{x(i):.1f},{y(v):.1f}" for i, v in enumerate(line))
        parts.append(f'<polyline fill="none" stroke="{colour(seat)}" stroke-width="3" '
                     f'points="{points}"/>')
        end_x, end_y = x(len(line) - 1), y(line[-1])
        label = f"{SEATS[seat].letter} {names[seat] if seat < len(names) else ''}".strip()
        parts.append(f'<text x="{end_x + 6:.1f}" y="{end_y + 5:.1f}" fill="{colour(seat)}">'
                     f'{_esc(label)}</text>')
    parts.append("</svg>")
    return "".join(parts).encode()


def _esc(text: str) -> str:
    return (text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
            .replace('"', "&quot;"))


_BUTTONS = {"left": Button.LEFT, "right": Button.RIGHT, "select": Button.SELECT}


def presses_for(snapshot: Snapshot, seat: int, data: dict[str, Any]
                ) -> list[tuple[Button, bool]] | None:
    """The pad presses a phone's message stands for, against the snapshot its seat was sent
    (None: it is not a valid message): a press is itself; a tap on an item is that item's
    button, or in a list the presses that move the focus to it the short way, then ●; a
    tap on a step of a level listed step by step (`MenuShape.steps`) is the buttons that
    walk the levels to it, one press each (nothing for a greyed step), and Back from the
    sub-menu such a step opened steps back out to that list (`MenuShape.back`)."""
    shape = snapshot.shapes.get(seat)
    if data["t"] == "press":
        name = data.get("b")
        button = _BUTTONS.get(name) if isinstance(name, str) else None
        held = data.get("hold", False)
        if button is None or not isinstance(held, bool):
            return None
        if held and button is Button.LEFT and seat not in snapshot.bidding:
            return []  # holding ◀ clears a bid; elsewhere it is the pads' own gesture
        if held and button is Button.SELECT and shape is not None:
            return [(button, held)] * shape.back  # Back: to the list it was tapped in
        return [(button, held)]
    index = data.get("i")
    if shape is None or not isinstance(index, int) or isinstance(index, bool) \
            or not 0 <= index < len(shape.steps or shape.items):
        return None
    if shape.steps:
        on, buttons = shape.steps[index]
        return [(_BUTTONS[name], False) for name in buttons] if on else []
    enabled, button_name = shape.items[index]
    if shape.style == "bid":
        return None
    if button_name:  # a menu of buttons: the item's own button
        return [(_BUTTONS[button_name], False)]
    if shape.style != "list":  # a one-item offer: any button takes it
        return [(Button.SELECT, False)]
    if not enabled:
        return []
    keys = [i for i, (on, _) in enumerate(shape.items) if on]
    here = keys.index(shape.focus) if shape.focus in keys else 0
    ahead = (keys.index(index) - here) % len(keys)
    step = Button.RIGHT if ahead <= len(keys) - ahead else Button.LEFT
    moves = ahead if step is Button.RIGHT else len(keys) - ahead
    return [(step, False)] * moves + [(Button.SELECT, False)]


def export_game(companion: Any, game: int, names: Sequence[str]) -> Export | None:
    """A finished game's downloads, from the journal of the game being played: its
    events (JSON Lines), its ledger (CSV: MUSH's chips and dogs per round, the Canoe
    game's points per turn) and what more its box offers (MUSH's luck chart); None,
    logged, when they cannot be made (the game is over and kept in the journal: only the
    download is missing)."""
    try:
        journal = companion.journal
        box = installed_box(journal.rules.name)
        events, ledger = StringIO(), StringIO()
        journal.export_jsonl(game, events)
        journal.export_csv(game, ledger)
        files = {"events.jsonl": events.getvalue().encode(),
                 box.ledger: ledger.getvalue().encode(),
                 **box.extras(companion.controller.history, names)}
        return Export(game, box.name, files)
    except Exception:
        log.exception("phones: cannot export game %d", game)
        return None
