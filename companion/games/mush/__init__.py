"""The rules of MUSH as a pure, event-sourced core (standard library only).

`options(state, seat)` lists what applies to a seat, the blocked with the rules' reason;
`legal(state, seat)` what it may do now; `apply(state, command, dice)` returns the new
state and the events, or raises a `RulesError` and changes nothing; `replay(events)`
rebuilds a state from a journal. `MUSH` (`GAME`) bundles them as a kernel `Game`
(`companion.core`), which is all the rest of the companion needs to know of the rules.
See `docs/rules.md` for the rules by number.
"""

from companion.core.options import Option
from companion.exc import RulesError
from companion.games.mush.commands import TABLE, Command
from companion.games.mush.dice import DiceSource, ScriptedDice, SeededDice, SystemDice
from companion.games.mush.engine import (
    apply,
    is_legal,
    legal,
    legal_commands,
    options,
    order_of_play,
    start_game,
)
from companion.games.mush.events import Event
from companion.games.mush.evolve import evolve, replay
from companion.games.mush.game import MUSH
from companion.games.mush.phases import PHASE_TABLE as PHASES
from companion.games.mush.phases import ActKind, act_of, actors, seats_to_act
from companion.games.mush.settings import Charts, Settings, Variants
from companion.games.mush.state import EMPTY, GameState
from companion.games.mush.views import TableView, public_view, seat_view, table_view

GAME = MUSH
"""This package's game, as `companion.games` finds it."""

__all__ = [
    "EMPTY", "GAME", "MUSH", "PHASES", "TABLE", "ActKind", "Charts", "Command", "DiceSource",
    "Event", "GameState", "Option", "RulesError", "ScriptedDice", "SeededDice", "Settings",
    "SystemDice", "TableView", "Variants", "act_of", "actors", "apply", "evolve", "is_legal",
    "legal", "legal_commands", "options", "order_of_play", "public_view", "replay", "seat_view",
    "seats_to_act", "start_game", "table_view",
]
