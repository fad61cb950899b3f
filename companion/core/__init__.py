"""The kernel every game on this table is built on (standard library only).

What every game shares lives here, and nothing of any one game: the flow as data
(`flow`: phase rows, who acts, what kind of act, which events lead where), the option
engine in two tiers (`options`: everything that applies, blocked or not with the rules'
reason; `legal`: the unblocked; `OptionTable`: a game's offers by kind of act, asked
once per state), commands and events (`acts`), the reducer table that folds events and
moves the phase by the flow (`reducer`), what every state answers of its seats
(`state`), the codec (`codec`), dice sources (`dice`), a deck of cards with hidden
hands (`deck`), a trial apply for dice rolled by hand (`physical`), a command's
transaction (`transaction`), fast copies of frozen values (`values`), the undo policy
(`undo`), invariants (`invariants`), a board of hexagonal cells (`hexes`: coordinates,
neighbours, lines), the bots' press loop (`bots`), recorded games as known answers
(`recorded`) and the `Game` that bundles one game's pieces (`game`). A game is a package
behind this seam (MUSH: `companion.games.mush`); the controller, the journal and the app
know the kernel. The rules' errors share the companion's one root
(`companion.exc.RulesError`).
"""

from companion.core.acts import TABLE, Command, Event
from companion.core.bots import play_out
from companion.core.codec import Codec
from companion.core.dice import DiceSource, ScriptedDice, SeededDice, SystemDice
from companion.core.flow import Flow, PhaseRow, Pick, UndeclaredTransition
from companion.core.game import AnyGame, Game, Ledger, Outcome, Policy
from companion.core.invariants import Invariant, broken
from companion.core.options import Option, OptionTable, Reason, legal, offered
from companion.core.physical import trial
from companion.core.reducer import Reducer
from companion.core.state import SeatedState
from companion.core.undo import UndoPolicy
from companion.exc import RulesError

__all__ = [
    "TABLE", "AnyGame", "Codec", "Command", "DiceSource", "Event", "Flow", "Game", "Invariant",
    "Ledger", "Option", "OptionTable", "Outcome", "PhaseRow", "Pick", "Policy", "Reason",
    "Reducer", "RulesError", "ScriptedDice", "SeatedState", "SeededDice", "SystemDice",
    "UndeclaredTransition", "UndoPolicy", "broken", "legal", "offered", "play_out", "trial",
]
