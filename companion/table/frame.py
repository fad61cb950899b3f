"""What the table shows, whatever the game: the pieces of a frame the controller builds and
the display, the phones and the pads draw.

Each game's table builds its own frame after every change (MUSH's `TableFrame` in
`companion.games.mush.table.frame`); the display only draws frames. What every frame is
made of is here: its menus (`Menu`, `MenuItem`, `MenuStyle`), a reaction window's
`Countdown`, `Notice`s, the `UndoOffer`, the `Animation` running and the phones'
`JoinCard`. A frame never carries a secret: the bid a player is choosing lives in the
controller and reaches only that player's own pad.

Menu styles (`Menu.style`):

  list     ◀ ▶ move the focus among the enabled items, ● chooses the focused one; holding
           ● steps back out (`depth` > 0) or, at the top, takes back the seat's last choice
  buttons  an offer that any button takes (an unclaimed reaction window, the heads-up
           before another seat's dice roll); one item, no focus (`focus` = -1); the
           choices it opens are a list, and paying is behind a `confirm` menu
  keys     a sub-menu of two or three items, each chosen at once by the button drawn
           beside it, ● on the safe or suggested one (a rough-terrain modifier, a
           wilderness or Nikolai rest): one press instead of moving a focus and selecting
  bid      a secret bid: the items only explain the buttons; no value is ever shown
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from companion.core.acts import Command


class MenuStyle(enum.StrEnum):
    """`Menu.style`: how a menu's buttons work (see above)."""

    LIST = "list"
    BUTTONS = "buttons"
    KEYS = "keys"
    BID = "bid"


class CountdownKind(enum.StrEnum):
    """`Countdown.kind`: the reaction window whose countdown runs."""

    REDUCE = "reduce"  # X2: taking dice away before a dog roll
    REROLL = "reroll"  # X1: forcing a reroll after a roll


class Animation(enum.StrEnum):
    """`TableFrame.animation`: what moves on screen after an event."""

    DRAW = "draw"  # a draw: who chooses training first, the first Ice Bear
    REVEAL = "reveal"  # the bids turned over
    WEATHER = "weather"  # the weather die
    DICE = "dice"  # the dog dice
    DIE = "die"  # the standard die: rough terrain, avalanche, pressing
    WIN = "win"


ROLLING = frozenset({Animation.WEATHER, Animation.DICE, Animation.DIE})
"""Animations of dice landing: until they have, no menu takes a press."""


@dataclass(frozen=True)
class MenuItem:
    """One choice of a menu; disabled items are shown greyed and cannot be chosen."""

    label: str
    detail: str = ""  # e.g. the cost ("3 chips") or the odds ("50% to enter")
    enabled: bool = True
    command: Command | None = None  # None: a step into a sub-menu or back out
    button: str = ""  # "left", "right" or "select" when that button chooses it directly
    submenu: bool = False  # ● opens a further menu (draw a "›")
    short: str = ""  # the label written for a row too narrow for it beside its detail


@dataclass(frozen=True)
class Menu:
    """The choice a seat is making with ◀ ▶ ●, as shown on the screen."""

    seat: int  # -1 (TABLE): any pad (setup)
    title: str
    items: tuple[MenuItem, ...]
    focus: int = 0  # -1: no focus (styles "buttons", "keys" and "bid")
    hint: str = ""
    style: MenuStyle = MenuStyle.LIST
    depth: int = 0  # how many sub-menus deep; holding ● steps back one
    confirm: bool = False  # a confirmation step before chips are spent or a die is rolled
    note: str = ""  # a line under the title, e.g. "acts when the reroll window closes"
    # the menu takes no press yet (the reveal's first seconds, dice still tumbling): draw
    # it as waiting, never as inviting
    waiting: bool = False
    # what a page showing every row lists instead of `items` (empty: the items): every
    # step beneath this level at once, likeliest first; the screen draws `items`
    steps: tuple[MenuStep, ...] = ()
    # how many levels a page's Back steps out at once: more than one from the sub-menu of
    # a step such a page listed, back to that list (the pads step out one level a hold)
    back: int = 1


@dataclass(frozen=True)
class MenuStep:
    """A step beneath a menu's level, as a page showing every row lists it: the item, and
    the buttons ("left", "right", "select") that walk to it from the level, the last one
    choosing it (or opening it, a sub-menu)."""

    item: MenuItem
    buttons: tuple[str, ...]


@dataclass(frozen=True)
class Countdown:
    """A reaction window's countdown bar, from the controller's injectable clock."""

    kind: CountdownKind
    total: float
    remaining: float
    holders: tuple[int, ...] = ()  # seats choosing now: while any does, the bar holds still
    held: bool = False  # the countdown is held by `holders` (it resumes when they are done)
    hold_left: float = 0.0  # while held: seconds until the claims lapse at the latest


@dataclass(frozen=True)
class Notice:
    """A short message for one seat (a refused press) or for everyone (seat None)."""

    text: str
    seat: int | None = None


@dataclass(frozen=True)
class UndoOffer:
    """The last choice can still be taken back by `seat` holding ● at its top menu."""

    seat: int
    text: str  # e.g. "rested in a town: 2 dogs + 2 chips"


@dataclass(frozen=True)
class JoinCard:
    """How a phone joins the table (`companion.web`), for the shared screen: the address
    to open and the room code, with a QR code of both; or, asked for on a seat's pad,
    that seat's own QR code (scanning it takes the seat)."""

    address: str  # e.g. "http://192.168.1.23:8080"
    code: str = ""  # the room code
    qr: tuple[str, ...] = ()  # rows of "1" (dark) and "0" (light), the quiet zone included
    seat: int | None = None  # a seat's own code
    locked: bool = False  # too many wrong room codes: none taken until a pad is pressed
    phones: tuple[str, ...] = ()  # the players whose phones are here
    wifi: WifiCard | None = None  # the companion's own Wi-Fi, when it offers one


@dataclass(frozen=True)
class WifiCard:
    """The companion's own Wi-Fi network (when it knows no other): its name and password,
    and a QR code a phone's camera joins it with (`WIFI:T:WPA;S:…;P:…;;`)."""

    name: str
    password: str
    qr: tuple[str, ...] = ()


class NamedSeat(Protocol):
    """A seat as the shared parts of a screen name it."""

    @property
    def seat(self) -> int: ...

    @property
    def name(self) -> str: ...


class SeatBook(Protocol):
    """Who sits where and whose turn it is: all the menus', notices' and countdown's
    painter reads of a game's view (MUSH's `TableView` is one, `Names` another)."""

    @property
    def active(self) -> int | None: ...

    @property
    def seats(self) -> Sequence[NamedSeat]: ...


@dataclass(frozen=True)
class SeatName:
    """One seat and the name its player gave (empty: the seat's colour is said)."""

    seat: int
    name: str = ""


@dataclass(frozen=True)
class Names:
    """A name book for a game whose view says nothing else the shared painter reads."""

    active: int | None = None
    seats: tuple[SeatName, ...] = ()


class Frame(Protocol):
    """What the shared parts read of any game's frame (the display, the phones' server,
    the main loop): which screen it is, and the pieces every frame is made of. Each
    game's table builds its own frame type, a frozen dataclass with these fields."""

    @property
    def screen(self) -> enum.StrEnum: ...

    @property
    def menus(self) -> tuple[Menu, ...]: ...

    @property
    def countdown(self) -> Countdown | None: ...

    @property
    def notices(self) -> tuple[Notice, ...]: ...

    @property
    def animation(self) -> Animation | None: ...

    @property
    def animation_progress(self) -> float: ...

    @property
    def join(self) -> JoinCard | None: ...
