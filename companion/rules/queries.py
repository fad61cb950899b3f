"""Questions about a state that more than one layer asks: the engine, the views, the table.

They live here, beside the rules, so the table and the screen ask them instead of working
the answer out again from the rule constants (one place for each rule fact).
"""

from __future__ import annotations

from companion.rules.model import (
    REDUCE_CHIPS_PER_DIE,
    REDUCE_MAX_DICE,
    REROLL_COST,
    Arrangement,
    WindowKind,
)
from companion.rules.state import GameState


def reduce_cap(state: GameState) -> int:
    """X2: chips that may still go into the reduce window (3 dice at most, never more
    dice than the roller has dogs to roll)."""
    window = state.require_window()
    dice = min(REDUCE_MAX_DICE, state.players[window.roller].uncovered)
    return dice * REDUCE_CHIPS_PER_DIE - window.paid


def waiting_seats(state: GameState) -> tuple[int, ...]:
    """Seats the open window still waits for: eligible, not passed, and able to pay."""
    window = state.require_window()
    if window.kind is WindowKind.REDUCE:
        if reduce_cap(state) <= 0:
            return ()
        need = 1
    else:
        need = REROLL_COST
    players, passed = state.players, window.passed
    return tuple(s for s in window.eligible if s not in passed and players[s].chips >= need)


def at_nome_board(state: GameState, seat: int) -> bool:
    """T3: the sled is on Nome's board (Intro/Standard: in Nome's zone), so it may finish."""
    settings = state.require_settings()
    board, last = state.players[seat].board, len(settings.boards) - 1
    if settings.arrangement is Arrangement.CUSTOM:
        return board == last
    return settings.boards[board].zone is settings.boards[last].zone
