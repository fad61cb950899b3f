"""The game-independent pieces this game is built on: the companion's kernel
(`companion.core`). The Canoe modules import these names from here only.
"""

from __future__ import annotations

from companion.core.acts import TABLE, Command, Event
from companion.core.bots import play_out
from companion.core.codec import from_data, to_data
from companion.core.flow import Edge, Flow, PhaseRow, Pick
from companion.core.game import Ledger, Outcome
from companion.core.invariants import Invariant, broken
from companion.core.options import Note, Option, OptionTable, ParamValues, Reason, legal, offered
from companion.core.state import SeatedState
from companion.core.transaction import Handlers
from companion.core.undo import UndoPolicy
from companion.core.values import replace

__all__ = ["TABLE", "Command", "Edge", "Event", "Flow", "Handlers", "Invariant", "Ledger", "Note",
           "Option", "OptionTable", "Outcome", "ParamValues", "PhaseRow", "Pick", "Reason",
           "SeatedState", "UndoPolicy", "broken", "from_data", "legal", "offered", "play_out",
           "replace", "to_data"]
