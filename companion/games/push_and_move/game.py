"""Push&Move as one bundle behind the kernel's seam: the rules' functions and vocabulary
(options in two tiers, apply, evolve, the codec, the undo policy, the invariants, the
views, how a game opens and ends, its ledger, its bots), so the journal, the exports and
the app ask the bundle and never the game's modules.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator, Sequence

from companion.core.codec import Codec
from companion.core.game import Game, Ledger, Outcome
from companion.core.invariants import Invariant
from companion.core.undo import UndoPolicy
from companion.games.push_and_move import acts as a
from companion.games.push_and_move.bots import POLICIES
from companion.games.push_and_move.model import (
    BOARD,
    DICE,
    HIGHEST,
    LOWEST,
    MAX_PLAYERS,
    MIN_PLAYERS,
    Kind,
    Settings,
)
from companion.games.push_and_move.rules import FLOW, apply, evolve, options
from companion.games.push_and_move.state import EMPTY, Phase, State
from companion.games.push_and_move.views import View, public_view, seat_view

CODEC: Codec[State, Settings, a.Event, a.Command] = Codec(
    events=a.EVENTS, commands=a.COMMANDS, state=State, state_version=1, settings=Settings,
    label="Push&Move")

UNDO = UndoPolicy({
    a.GameStarted: False, a.BoardDrawn: False, a.TunnelOriented: True, a.TurnBegan: True,
    a.Moved: True, a.Changed: True, a.Lost: True, a.Offered: True, a.Declined: True,
    a.Rerolled: False, a.Beamed: True, a.RebirthRolled: False, a.Reborn: True,
    a.TurnEnded: True, a.GameOver: False})
"""HT5: a move is taken back until the next player acts, never across a roll nor the
game's end."""


def _cells_ok(state: State) -> bool:
    """HI2: one die a hex; a die on a barred hex stands on its own start edge."""
    cells = [d.cell for d in state.dice if d.cell is not None]
    if len(cells) != len(set(cells)):
        return False
    return not state.board or all(d.cell is None or state.board[d.cell] is not Kind.BARRED
               or d.cell in state.start_cells(d.seat) for d in state.dice)


def _counts_ok(state: State) -> bool:
    """HI4: a player counts opponents' dice only, and no seat's dice are counted more
    often than they have been removed (a die brought back by a rebirth stays counted)."""
    lost = Counter(d.seat for d in state.dice if d.cell is None)
    return all(p.taken[seat] == 0 for seat, p in enumerate(state.players)) and all(
        sum(p.taken[v] for p in state.players) <= lost[v] + state.players[v].reborn
        for v in state.seats)


def _board_ok(state: State) -> bool:
    """HI5: the bag's hexes; tunnels with one of three axes, nothing else with one."""
    if state.settings is None or not state.board:
        return True
    bag = Counter(state.settings.hexes())
    return len(state.board) == len(BOARD) and Counter(state.board) == bag and all(
        (x == -1 or (k is Kind.TUNNEL and 0 <= x <= 2)) for k, x in zip(
            state.board, state.axes, strict=True))


INVARIANTS: tuple[Invariant[State], ...] = (
    Invariant("HI1", "every die on the board shows 1 to 20", lambda s: all(
        LOWEST <= d.value <= HIGHEST for d in s.dice if d.cell is not None)),
    Invariant("HI2", "one die a hex, none on a barred hex but its start", _cells_ok),
    Invariant("HI3", "five dice a player", lambda s: len(s.dice) == DICE * len(s.players)
              and all(d.seat == n // DICE for n, d in enumerate(s.dice))),
    Invariant("HI4", "counts only of opponents' dice", _counts_ok),
    Invariant("HI5", "the board is the bag's", _board_ok),
)


def outcome(state: State) -> Outcome | None:
    """HW: the winner (or nobody) once the game is over."""
    return Outcome(state.winner) if state.phase is Phase.OVER else None


def opening(event: a.Event) -> object | None:
    """The settings a game's first event carries."""
    return event.settings if isinstance(event, a.GameStarted) else None


def ending(event: a.Event) -> Outcome | None:
    """The outcome an event declares."""
    return Outcome(event.winner) if isinstance(event, a.GameOver) else None


def refusal(state: State, event: a.Event) -> str | None:
    """Why an event read back from a file cannot follow `state`, or None."""
    if isinstance(event, a.GameStarted):
        return None if state.settings is None else "a second start in one game"
    if state.settings is None:
        return f"{type(event).__name__} before the game started"
    if isinstance(event, a.BoardDrawn):
        return None if len(event.hexes) == len(BOARD) else "a board of the wrong size"
    for name in ("die", "cell"):
        value = getattr(event, name, None)
        limit = len(state.dice) if name == "die" else len(BOARD)
        if value is not None and not 0 <= value < limit:
            return f"{type(event).__name__} names {name} {value}, which is not on this table"
    seat = getattr(event, "seat", None)
    if seat is not None and seat != a.TABLE and not 0 <= seat < len(state.players):
        return f"{type(event).__name__} for seat {seat}, which is not at this table"
    if isinstance(event, a.Moved | a.Changed | a.Rerolled | a.Beamed | a.Lost) and \
            state.dice[event.die].cell is None:
        return f"{type(event).__name__} of a die that is not on the board"
    if isinstance(event, a.TunnelOriented) and not 0 <= event.axis <= 2:
        return "a tunnel turned to no axis"
    return None


LEDGER_COLUMNS = ("round", "seat", "name", "removed", "on_board", "eyes")


def ledger_rows(game_id: int, events: Iterable[a.Event]) -> Iterator[Sequence[object]]:
    """One row per player after each turn: opponents' dice removed, dice on the board,
    the eyes they show together (the CSV export)."""
    state = EMPTY
    for event in events:
        round_ = state.turn.round if state.turn is not None else 0
        state = evolve(state, event)
        if isinstance(event, a.TurnEnded | a.GameOver):
            for seat, p in enumerate(state.players):
                mine = state.on_board(seat)
                yield (round_, seat, p.name, p.count, len(mine),
                       sum(state.dice[n].value for n in mine))


GAME: Game[State, a.Command, a.Event, View] = Game(
    name="push_and_move", title="Push&Move", seats=range(MIN_PLAYERS, MAX_PLAYERS + 1),
    initial=EMPTY, flow=FLOW, options=options, apply=apply, evolve=evolve, codec=CODEC,
    undo=UNDO, invariants=INVARIANTS, public_view=public_view, seat_view=seat_view,
    outcome=outcome, opening=opening, ending=ending, refusal=refusal,
    ledger=Ledger(LEDGER_COLUMNS, ledger_rows), bots=POLICIES, pauses=(a.TurnEnded,))
"""Push&Move behind the seam."""

__all__ = ["CODEC", "GAME", "INVARIANTS", "UNDO", "ledger_rows", "outcome", "refusal"]
