"""The menu in which the roller enters a roll made with the wooden dice.

With `TableConfig.physical_dice`, a command that would roll (`companion.games.mush.physical`)
is held back until its roller has told the result: dogs shown for the dog dice, the face
for the standard die. The menu is a plain list (◀ ▶ go round, ● enters), opening on the
likeliest value so the usual result takes the fewest presses, and each face of the
standard die says what it means (the weather on the chart, whether the sled enters, the
pressing result), so the table sees the consequence before it is entered.
"""

from __future__ import annotations

from dataclasses import dataclass

from companion.games.mush import commands as cmd
from companion.games.mush import events as ev
from companion.games.mush.model import RollKind
from companion.games.mush.physical import RollRequest, apply_entered
from companion.games.mush.state import GameState
from companion.games.mush.table.menus import CLIMATE_LABEL, dogs
from companion.i18n import count, t
from companion.pads.events import Button
from companion.table.actions import Enter
from companion.table.tree import Node, Tree

_WHAT = {RollKind.WEATHER: "e.weather", RollKind.TERRAIN: "e.terrain",
         RollKind.AVALANCHE: "e.avalanche", RollKind.PRESS: "e.press"}


@dataclass(frozen=True)
class Entry:
    """A command held back until its roll by hand is entered."""

    command: cmd.Command
    request: RollRequest
    state: GameState  # the game it was chosen against; it stays so until the entry
    tree: Tree

    @property
    def may_cancel(self) -> bool:
        """The roller chose the roll itself, so holding ● may go back on it; a roll forced
        by a reroll or by a window closing must be entered."""
        return self.command.seat == self.request.seat


def roll_words(request: RollRequest) -> str:
    """'5 green dice', 'the weather', for titles and waiting texts."""
    if request.kind is RollKind.DOGS:
        assert request.colour is not None
        return count(request.dice, f"die.{request.colour.value}")
    return t(_WHAT[request.kind])


def _meaning(state: GameState, entry: Entry, value: int) -> str:
    """What a face of the standard die would mean, from a trial with that face."""
    try:
        _, events = apply_entered(state, entry.command, entry.request, value)
    except (ValueError, LookupError):
        return ""
    for event in events:
        if isinstance(event, ev.WeatherRolled):
            return CLIMATE_LABEL[event.weather]
        if isinstance(event, ev.TerrainRolled | ev.AvalancheRolled):
            return t("e.enters") if event.success else t("e.stops")
        if isinstance(event, ev.PressRolled):
            return t(f"press.{event.result.value}")
    return ""


def make_entry(state: GameState, command: cmd.Command, request: RollRequest) -> Entry:
    """The held-back command with the menu its roller enters the result in."""
    draft = Entry(command, request, state, Tree("enter", ""))
    tree = draft.tree
    if request.kind is RollKind.DOGS:
        tree.title = t("e.dogs_title", dice=roll_words(request))
        tree.items = [Node(str(v), dogs(v), act=Enter(v)) for v in request.values]
    else:
        tree.title = t("e.face_title", what=roll_words(request))
        tree.items = [Node(str(v), str(v), _meaning(state, draft, v), act=Enter(v))
                      for v in request.values]
    tree.default = str(request.likely)
    tree.hint = t("e.hint_back") if draft.may_cancel else t("e.hint")
    tree.note = t("e.note")
    return draft


class HandDice:
    """The part of the table that waits for a roll made by hand (`physical_dice`).

    It holds at most one command back, with the menu its roller enters the result in;
    while it does, nobody else acts and no countdown runs (the controller asks `entry`)."""

    def __init__(self) -> None:
        self.entry: Entry | None = None

    @property
    def request(self) -> RollRequest | None:
        """The roll the table is asked to enter now, or None."""
        return self.entry.request if self.entry is not None else None

    def tree(self, seat: int) -> Tree | None:
        """The entry menu for its roller; None for everyone else."""
        entry = self.entry
        return entry.tree if entry is not None and seat == entry.request.seat else None

    def ask(self, state: GameState, command: cmd.Command, request: RollRequest) -> None:
        """Hold `command` back until its roller enters the roll."""
        self.entry = make_entry(state, command, request)

    def take(self) -> Entry:
        """The entry answered: its command acts now with the faces entered."""
        entry = self.entry
        assert entry is not None
        self.entry = None
        return entry

    def leave(self, seat: int) -> bool:
        """Holding ●: the roller steps back out of a roll it chose itself (True); a roll
        forced by a reroll or a window must be entered."""
        entry = self.entry
        if entry is None or seat != entry.request.seat or not entry.may_cancel:
            return False
        self.entry = None
        return True

    def waiting_text(self, state: GameState) -> str | None:
        """What everyone else is told while the roll is awaited, or None."""
        if self.entry is None:
            return None
        request = self.entry.request
        return t("e.waiting", name=state.players[request.seat].name,
                 what=roll_words(request))

    def next_press(self, seat: int, value: int, focus: int) -> Button | None:
        """The button that brings the roller's focus (`focus`, an index of the entry menu)
        closer to `value`, ● on it; None when `seat` is not asked or cannot enter it."""
        request = self.request
        if request is None or seat != request.seat or value not in request.values:
            return None
        values = list(request.values)  # the entry menu lists them in this order
        ahead = (values.index(value) - focus) % len(values)
        if ahead == 0:
            return Button.SELECT
        return Button.RIGHT if ahead <= len(values) - ahead else Button.LEFT


__all__ = ["Entry", "HandDice", "make_entry", "roll_words"]
