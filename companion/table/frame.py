"""What the table shows: the contract between the controller and the display.

The controller (pad events -> rules commands) builds a `TableFrame` after every change;
the display only draws frames. A frame is built from the public view, so it can never
carry a secret bid (R1, I5): the bid a player is choosing lives in the controller and
reaches only that player's own pad (light or private digit display).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from companion.rules.commands import Command
from companion.rules.model import Zone
from companion.rules.settings import Charts


@dataclass(frozen=True)
class MenuItem:
    """One choice of a menu; disabled items are shown greyed and cannot be chosen."""

    label: str
    detail: str = ""  # e.g. the cost ("3 chips") or the odds ("50% to enter")
    enabled: bool = True
    command: Command | None = None  # None: a step into a sub-menu or back out


@dataclass(frozen=True)
class Menu:
    """The choice a seat is making with ◀ ▶ ●, as shown on the screen."""

    seat: int
    title: str
    items: tuple[MenuItem, ...]
    focus: int = 0
    hint: str = ""


@dataclass(frozen=True)
class Countdown:
    """A reaction window's countdown bar, from the controller's injectable clock."""

    kind: str  # "reduce" or "reroll"
    total: float
    remaining: float


@dataclass(frozen=True)
class Notice:
    """A short message for one seat (a refused press) or for everyone (seat None)."""

    text: str
    seat: int | None = None


@dataclass(frozen=True)
class TableFrame:
    """Everything the display draws for one moment of the game."""

    screen: str  # setup, training, bidding, reveal, weather, turn, round_end, game_over, ...
    view: dict[str, Any]  # rules.views.public_view(state)
    menus: tuple[Menu, ...] = ()
    countdown: Countdown | None = None
    notices: tuple[Notice, ...] = ()
    animation: str | None = None  # "dice", "reveal", "weather", ... while one runs
    animation_progress: float = 1.0  # 0..1; the display stops redrawing at 1
    stats: dict[str, Any] = field(default_factory=dict)  # game over: luck and chips spent
    serial: int = 0  # bumped on every change so the display redraws only when needed
    # The charts in use, so the weather and pressing screens show the odds before a roll:
    # {"southern"|"central"|"northern": six climate values, "pressing": six press
    # results}, die face 1 first (`chart_faces(settings.charts)`). Empty: no chart drawn.
    charts: dict[str, list[str]] = field(default_factory=dict)


def chart_faces(charts: Charts) -> dict[str, list[str]]:
    """`TableFrame.charts` from the game's settings: each chart's six faces as plain values."""
    out: dict[str, list[str]] = {
        zone.value: [c.value for c in charts.for_zone(zone).faces] for zone in Zone
    }
    out["pressing"] = [r.value for r in charts.pressing.faces]
    return out
