"""The menu in which the roller enters a roll made with the wooden dice.

With `TableConfig.physical_dice`, a command that would roll (`companion.rules.physical`)
is held back until its roller has told the result: dogs shown for the dog dice, the face
for the standard die. The menu is a plain list (◀ ▶ go round, ● enters), opening on the
likeliest value so the usual result takes the fewest presses, and each face of the
standard die says what it means (the weather on the chart, whether the sled enters, the
pressing result), so the table sees the consequence before it is entered.
"""

from __future__ import annotations

from dataclasses import dataclass

from companion.rules import commands as cmd
from companion.rules import events as ev
from companion.rules.model import RollKind
from companion.rules.physical import RollRequest, apply_entered
from companion.rules.state import GameState
from companion.table.menus import CLIMATE_LABEL, Node, Tree, dogs
from companion.words import count, t

ENTRY_PREFIX = "entered:"
"""Keys of the entry menu's items: the prefix and the value entered."""

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
        tree.items = [Node(f"{ENTRY_PREFIX}{v}", dogs(v)) for v in request.values]
    else:
        tree.title = t("e.face_title", what=roll_words(request))
        tree.items = [Node(f"{ENTRY_PREFIX}{v}", str(v), _meaning(state, draft, v))
                      for v in request.values]
    tree.default = f"{ENTRY_PREFIX}{request.likely}"
    tree.hint = t("e.hint_back") if draft.may_cancel else t("e.hint")
    tree.note = t("e.note")
    return draft


def entered_value(key: str) -> int | None:
    """The value an entry item's key stands for, or None for any other key."""
    if not key.startswith(ENTRY_PREFIX):
        return None
    return int(key[len(ENTRY_PREFIX):])


__all__ = ["ENTRY_PREFIX", "Entry", "entered_value", "make_entry", "roll_words"]
