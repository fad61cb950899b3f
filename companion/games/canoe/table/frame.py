"""What the table shows of a Canoe game: the contract between its controller and the display.

Screens (`CanoeFrame.screen`):

  canoe_setup  before the trip: the game, players, trip length, variant, cards and the
               weather ring being chosen, one menu any pad drives
  canoe_turn   the score board (always), the weather with what it does, whose turn it
               is, the throw's line (lake, river, portage, poling), held Destination cards
  canoe_card   a card just drawn, large, until the player's next choice
  game_over    the winner, the exact throw onto the dock, every score

The view is the rules' own `PublicView` (sums done); the menus are the same `Menu`
values MUSH's screens draw, so the pads read the same on both games.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from companion.games.canoe import events as ev
from companion.games.canoe.model import Pile, Place
from companion.games.canoe.state import GameState
from companion.games.canoe.views import PublicView
from companion.i18n import t
from companion.table.frame import Animation, Countdown, JoinCard, Menu, Names, Notice, UndoOffer


class CanoeScreen(enum.StrEnum):
    """`CanoeFrame.screen`: one of the screens above."""

    SETUP = "canoe_setup"
    TURN = "canoe_turn"
    CARD = "canoe_card"
    GAME_OVER = "game_over"


@dataclass(frozen=True)
class SetupLine:
    """One line of the setup screen's summary: a setting and its value."""

    label: str
    value: str
    warn: bool = False  # a stand-in still in use ("placeholder")


@dataclass(frozen=True)
class CanoeFrame:
    """Everything the display draws for one moment of a Canoe game.

    `names` is a name book for the menus' painter (seat names and whose turn it is), so
    the seats' menus are drawn by the same code as MUSH's.
    """

    screen: CanoeScreen
    view: PublicView | None  # None in setup
    names: Names
    menus: tuple[Menu, ...] = ()
    notices: tuple[Notice, ...] = ()
    setup: tuple[SetupLine, ...] = ()
    ring: tuple[str | None, ...] = ()  # setup: the ring as chosen (weather values)
    ring_placeholder: bool = True
    undo: UndoOffer | None = None
    entering: int | None = None  # a wooden die: the seat entering its face
    dock_face: int | None = None  # game over: the exact throw that landed on the dock
    language_note: bool = True  # the card texts are English: say so on other screens
    serial: int = 0
    about: tuple[str, ...] = ()
    # the display's loop reads these of every frame
    animation: Animation | None = None
    animation_progress: float = 1.0
    countdown: Countdown | None = None
    join: JoinCard | None = None  # phones: how to join, during setup and when asked


def share_line(view: PublicView | None) -> str | None:
    """L9, worded in the language spoken now: "On another canoe's space: ahead of Ann, Cid
    · behind Bob", the view's answers for the active player (`PublicView.shares`), or
    None when there are none to show. The screen and the pages say it alike."""
    if view is None or not view.shares:
        return None
    ahead = [view.seats[a.seat].name for a in view.shares if a.ahead]
    behind = [view.seats[a.seat].name for a in view.shares if not a.ahead]
    answers = [t(key, names=", ".join(names)) for key, names in
               (("cv.share_ahead", ahead), ("cv.share_behind", behind)) if names]
    return t("cv.share", answers=" · ".join(answers))


def place_notice(event: ev.Event, names: list[str], state: GameState) -> str | None:
    """L1–L9: what the table is told when a canoe stops at, enters or leaves a place, or
    shares a space; C6: a landing of the last go told late (the screen's words; the
    rules' events carry the facts)."""
    if isinstance(event, ev.Stopped) and event.place is Place.SUMMIT:
        return t("cn.summit", name=names[event.seat])
    if isinstance(event, ev.PlaceLeft) and event.reason == "weather":
        weather = state.weather.value if state.weather is not None else "none"
        return t("cn.descent", name=names[event.seat], weather=t(f"cw.{weather}"))
    if isinstance(event, ev.PlaceLeft) and event.reason == "five":
        return t("cn.rounded", name=names[event.seat])
    if isinstance(event, ev.PlaceLeft) and event.reason == "exit":
        last = state.players[event.seat].unmapped
        return t("cn.exit", name=names[event.seat], exit=last[1] if last else "")
    if isinstance(event, ev.UnmappedEntered):
        return t("cn.entered", name=names[event.seat], point=event.point, exit=event.exit)
    if isinstance(event, ev.LandedLate):  # C6: the last go's landing, told before the throw
        return t("cn.late", name=names[event.seat],
                 mark="P" if event.pile is Pile.PORTAGE else "C")
    if isinstance(event, ev.SpaceShared):
        key = "cn.shared_ahead" if event.ahead else "cn.shared_behind"
        return t(key, name=names[event.seat], other=names[event.other])
    return None


__all__ = ["CanoeFrame", "CanoeScreen", "SetupLine", "place_notice", "share_line"]
