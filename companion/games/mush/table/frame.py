"""What MUSH's table shows: the contract between its controller and its screen.

The controller (pad events -> rules commands) builds a `TableFrame` after every change;
the screen only draws frames. A frame's `view` is a typed, frozen `TableView` built
from the state by the rules' own facts (`companion.games.mush.table.view`), so the screen
does no rule arithmetic, and it can never carry a secret bid (R1, I5). Its menus and the
rest of its pieces are the table's own (`companion.table.frame`).

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
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field

from companion.games.mush.model import Zone
from companion.games.mush.settings import Charts
from companion.games.mush.table.view import GameStats, TableView
from companion.table.frame import Animation, Countdown, JoinCard, Menu, Notice, UndoOffer


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
