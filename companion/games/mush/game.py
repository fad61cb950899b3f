"""MUSH as a game behind the kernel's seam: its pieces bundled in one `Game`.

The table, the journal, the exports and the command line take this value (or find it by
name, `companion.games.game("mush")`) and ask it for options, events, JSON, undo, views
and invariants, so none of them needs to know MUSH's modules.
"""

from __future__ import annotations

from companion.core.game import Game, Outcome
from companion.games.mush import commands as cmd
from companion.games.mush import events as ev
from companion.games.mush.bots import POLICIES
from companion.games.mush.codec import CODEC
from companion.games.mush.engine import apply, options
from companion.games.mush.evolve import evolve
from companion.games.mush.invariants import INVARIANTS, refusal
from companion.games.mush.ledger import LEDGER
from companion.games.mush.model import MAX_PLAYERS, MIN_PLAYERS
from companion.games.mush.phases import FLOW
from companion.games.mush.settings import Settings
from companion.games.mush.state import EMPTY, GameState
from companion.games.mush.views import TableView, player_view, table_view


def _outcome(state: GameState) -> Outcome | None:
    """T3: the game is over once a sled reached Nome (its seat the winner)."""
    return Outcome(state.winner) if state.winner is not None else None


def _opening(event: ev.Event) -> Settings | None:
    """The settings a game's first event, `GameStarted`, carries."""
    return event.settings if isinstance(event, ev.GameStarted) else None


def _ending(event: ev.Event) -> Outcome | None:
    """The outcome `GameWon` declares."""
    return Outcome(event.seat) if isinstance(event, ev.GameWon) else None


MUSH: Game[GameState, cmd.Command, ev.Event, TableView] = Game(
    name="mush",
    title="MUSH",
    seats=range(MIN_PLAYERS, MAX_PLAYERS + 1),  # S1
    initial=EMPTY,
    flow=FLOW,
    options=options,
    apply=apply,
    evolve=evolve,
    codec=CODEC,
    undo=ev.UNDO,
    invariants=INVARIANTS,
    public_view=table_view,
    seat_view=player_view,
    outcome=_outcome,
    opening=_opening,
    ending=_ending,
    refusal=refusal,
    ledger=LEDGER,
    bots=POLICIES,
    pauses=(ev.TurnEnded, ev.RoundEnded),
)
"""MUSH (Alan R. Moon, 1994): a dog-sled race from Anchorage to Nome."""

__all__ = ["MUSH"]
