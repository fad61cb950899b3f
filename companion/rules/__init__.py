"""The rules of MUSH as a pure, event-sourced core (standard library only).

`legal(state, seat)` lists what a seat may do; `apply(state, command, dice)` returns the
new state and the events, or raises a `RulesError` and changes nothing; `replay(events)`
rebuilds a state from a journal. See `docs/rules.md` for the rules by number.
"""

from companion.rules.commands import TABLE, Command
from companion.rules.dice import DiceSource, ScriptedDice, SeededDice, SystemDice
from companion.rules.engine import (
    Option,
    apply,
    is_legal,
    legal,
    legal_commands,
    order_of_play,
    start_game,
)
from companion.rules.errors import RulesError
from companion.rules.events import Event
from companion.rules.evolve import evolve, replay
from companion.rules.phases import PHASE_TABLE as PHASES
from companion.rules.phases import ActKind, act_of, actors, seats_to_act
from companion.rules.settings import Charts, Settings, Variants
from companion.rules.state import EMPTY, GameState
from companion.rules.views import public_view, seat_view

__all__ = [
    "EMPTY", "PHASES", "TABLE", "ActKind", "Charts", "Command", "DiceSource", "Event", "GameState",
    "Option", "RulesError", "ScriptedDice", "SeededDice", "Settings", "SystemDice", "Variants",
    "act_of", "actors", "apply", "evolve", "is_legal", "legal", "legal_commands", "order_of_play",
    "public_view", "replay", "seat_view", "seats_to_act", "start_game",
]
