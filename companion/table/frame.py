"""What the table shows: the contract between the controller and the display.

The controller (pad events -> rules commands) builds a `TableFrame` after every change;
the display only draws frames. A frame's `view` is a typed, frozen `TableView` built
from the state by the rules' own facts (`companion.table.view`), so the display does no
rule arithmetic, and it can never carry a secret bid (R1, I5): the bid a player is
choosing lives in the controller and reaches only that player's own pad (light or
private digit display).

Screens (`TableFrame.screen`):

  setup        before the game: one menu, `seat` = -1 (TABLE), driven by any pad
  training     S4: the seat whose turn it is to pick (view.training_next)
  bidding      R1: every seat's menu says only "choosing" or "locked in"
  reveal       R1-R2: shown for `reveal_seconds` after the bids are revealed (or until the
               next command); the menus are already those of what follows (the Early
               Riser's move or the Ice Bear's weather roll); animation "reveal"
  early_riser  R3: the first player's one-space move (moving menu, no chips to spend)
  weather      W3: the Ice Bear's "roll the weather", and the reroll window after it
  turn         T1: the active seat decides move or rest
  rest         Z1: the active seat is inside the rest menus (where, then which choice)
  reduce       X2: the window before a dog roll; one menu per seat that may still pay
  dogs         D1-D3: the dog-dice result with its reroll window (X1)
  moving       M1-M5: the moving menu (after the dog roll, and for the pressing bonus)
  terrain      M4: a rough-terrain roll's result with its reroll window
  avalanche    M5: an avalanche roll's result with its reroll window
  pressing     P1: roll or skip the pressing bonus, and the roller-only reroll window
  round_end    R4: shown for `round_end_seconds` after a round ends (or until a bid is
               locked); the menus are already the next round's bids
  game_over    T3: the winner; `stats` holds luck and chips spent

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
from dataclasses import dataclass, field

from companion.core.acts import Command
from companion.rules.model import Zone
from companion.rules.settings import Charts
from companion.table.view import GameStats, TableView


class Screen(enum.StrEnum):
    """`TableFrame.screen`: one of the screens above (a str, for the display's maps)."""

    SETUP = "setup"
    TRAINING = "training"
    BIDDING = "bidding"
    REVEAL = "reveal"
    EARLY_RISER = "early_riser"
    WEATHER = "weather"
    TURN = "turn"
    REST = "rest"
    REDUCE = "reduce"
    DOGS = "dogs"
    MOVING = "moving"
    TERRAIN = "terrain"
    AVALANCHE = "avalanche"
    PRESSING = "pressing"
    ROUND_END = "round_end"
    GAME_OVER = "game_over"


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
class Payment:
    """Chips paid during the current turn (or the weather), kept on screen until it ends,
    so everyone sees who paid what and which roll it changed."""

    seat: int  # who paid
    chips: int
    what: str  # "reroll", "reduce", "terrain modifier", "avalanche modifier", "stick",
    #            "passing"
    roller: int  # whose roll or turn it changed
    roll: str | None = None  # "weather", "dogs", "terrain", "avalanche", "pressing", or None
    text: str = ""  # ready words, e.g. "Bo paid 3 chips to reroll Ann's dog dice"


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


@dataclass(frozen=True)
class TableFrame:
    """Everything the display draws for one moment of the game."""

    screen: Screen
    view: TableView  # table_view(state)
    menus: tuple[Menu, ...] = ()
    countdown: Countdown | None = None
    notices: tuple[Notice, ...] = ()
    animation: Animation | None = None
    animation_progress: float = 1.0  # 0..1; the display stops redrawing at 1
    stats: GameStats | None = None  # game over: luck and chips spent
    serial: int = 0  # bumped on every change so the display redraws only when needed
    undo: UndoOffer | None = None  # what holding ● would take back, and for whom
    # The charts in use, so the weather and pressing screens show the odds before a roll:
    # {"southern"|"central"|"northern": six climate values, "pressing": six press
    # results}, die face 1 first (`chart_faces(settings.charts)`). Empty: no chart drawn.
    charts: dict[str, list[str]] = field(default_factory=dict)
    # Every payment of the current turn (or of the weather roll), oldest first.
    payments: tuple[Payment, ...] = ()
    # Setup only: the companion's version and the Pi's address (TableConfig.about).
    about: tuple[str, ...] = ()
    # Phones: the address, room code and QR code, during setup and when a pad asks.
    join: JoinCard | None = None


def chart_faces(charts: Charts) -> dict[str, list[str]]:
    """`TableFrame.charts` from the game's settings: each chart's six faces as plain values."""
    out: dict[str, list[str]] = {
        zone.value: [c.value for c in charts.for_zone(zone).faces] for zone in Zone
    }
    out["pressing"] = [r.value for r in charts.pressing.faces]
    return out
