"""The Canoe game as one bundle: everything the table, the journal and the app ask of a
game, under the names the companion's game seam gives them.

`GAME` holds the rules' functions and vocabulary (options in two tiers, apply, evolve,
the codec, the undo policy, the invariants, the views, how a game opens and ends, the
table of figures for a spreadsheet, the bots), so the parts of the companion that play
a game can be written against the bundle and never import the game's own modules.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence

from companion.core.game import Game
from companion.games.canoe import bots, codec
from companion.games.canoe import commands as cmd
from companion.games.canoe import events as ev
from companion.games.canoe.engine import apply, options
from companion.games.canoe.evolve import evolve
from companion.games.canoe.invariants import INVARIANTS
from companion.games.canoe.kernel import Ledger, Outcome
from companion.games.canoe.model import MAX_PLAYERS, MIN_PLAYERS, Phase
from companion.games.canoe.phases import FLOW
from companion.games.canoe.state import EMPTY, GameState
from companion.games.canoe.views import PublicView, public_view, seat_view

LEDGER_COLUMNS = ("turn", "seat", "name", "score", "nights", "destination", "home")


def ledger_rows(game_id: int, events: Iterable[ev.Event]) -> Iterator[Sequence[object]]:
    """One row per player after each turn (the CSV export's scores over the trip)."""
    state = EMPTY
    for event in events:
        state = evolve(state, event)
        if isinstance(event, ev.TurnEnded | ev.TurnSkipped | ev.GameWon):
            for seat, p in enumerate(state.players):
                yield (state.turns, seat, p.name, p.score, p.nights, p.destination or "",
                       int(p.home))


LEDGER: Ledger[ev.Event] = Ledger(LEDGER_COLUMNS, ledger_rows)


def outcome(state: GameState) -> Outcome | None:
    """F3: the winner once the game is over."""
    return Outcome(state.winner) if state.phase is Phase.GAME_OVER else None


def opening(event: ev.Event) -> object | None:
    """The settings a game's first event carries."""
    return event.settings if isinstance(event, ev.GameStarted) else None


def ending(event: ev.Event) -> Outcome | None:
    """The outcome an event declares."""
    return Outcome(event.seat) if isinstance(event, ev.GameWon) else None


def refusal(state: GameState, event: ev.Event) -> str | None:
    """Why an event read back from a file cannot follow `state`, or None."""
    if isinstance(event, ev.GameStarted):
        return None if state.settings is None else "a second start in one game"
    if state.settings is None:
        return f"{type(event).__name__} before the game started"
    seat = getattr(event, "seat", None)
    if seat is not None and not 0 <= seat < len(state.players):
        return f"{type(event).__name__} for seat {seat}, which is not at this table"
    if isinstance(event, ev.CardDrawn):
        cards = state.pile(event.pile).cards if state.piles else ()
        if not cards or cards[0] != event.card:
            return f"{event.card} is not on top of the {event.pile} pile"
    if isinstance(event, ev.PileShuffled) and state.piles and sorted(
            (*state.pile(event.pile).cards, event.order[-1])) != sorted(event.order):
        return f"the {event.pile} pile shuffled into other cards"
    return None


GAME: Game[GameState, cmd.Command, ev.Event, PublicView] = Game(
    name="canoe", title="The Moosehead Lake Canoe Game",
    seats=range(MIN_PLAYERS, MAX_PLAYERS + 1),  # C1
    initial=EMPTY, flow=FLOW, options=options, apply=apply, evolve=evolve, codec=codec.CODEC,
    undo=ev.UNDO, invariants=INVARIANTS, public_view=public_view, seat_view=seat_view,
    outcome=outcome, opening=opening, ending=ending, refusal=refusal, ledger=LEDGER,
    bots=bots.POLICIES, pauses=(ev.TurnEnded,),
)
"""The Canoe game behind the seam."""
