"""Push&Move: bot games of 2 to 6 players held to the rules' invariants, and the board's
frame time in a game at 1920x1080.

Rules: `GAMES` whole games by the sensible bots through the rules alone (2 to 6 players,
tunnels turned and drawn), each to its end, its last state held to the invariants;
printed: how many ended with a winner and how many at the round limit (HW), moves and
rounds a game.

Frames: a seeded 4-player game played through the real table by the virtual pads, each
frame after a press drawn by the window's display (dummy driver) as the table draws it:
only the regions that changed (the board's hexes come from a picture kept per board, so
a move redraws the dice). Printed: p50 and p99 of a frame after a move (a command
applied), after a press that changed no game (a menu's focus) and after a tunnel turned
(the hexes' picture drawn again, before the first move), and the share of the screen
each drew (the sum of the rects flipped, which may overlap). The goal: p99 after a move
at most `GOAL_MS` here, within one 60 Hz frame on a Pi 4; the verdict is given on the
wall time and on the process's CPU time (on a shared machine the wall time carries the
other programs' load).
"""

from __future__ import annotations

import os
import random
import statistics
import time

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from benchmarks.figures import Sample, percentile, pressed, print_frames, simple_frame_times
from companion.core.dice import SeededDice
from companion.games.push_and_move.bots import SensibleBot, play_game
from companion.games.push_and_move.game import GAME
from companion.games.push_and_move.model import Settings, Tunnels
from companion.games.push_and_move.state import State
from companion.games.push_and_move.table import PushTable
from companion.table.simple import SimpleBots

GAMES = 20
GOAL_MS = 3.5
SIZE = (1920, 1080)
NAMES = ("Ann", "Bo", "Cy", "Di", "Ed", "Flo")


def rules_games(count: int) -> tuple[int, int, list[int], list[int]]:
    """`count` bot games through the rules: (won, at the round limit, moves, rounds)."""
    won = limit = 0
    moves: list[int] = []
    rounds: list[int] = []
    for seed in range(count):
        players = 2 + seed % 5
        tunnels = Tunnels.PLAYERS if seed % 2 else Tunnels.DRAWN
        settings = Settings(NAMES[:players], tunnels=tunnels)
        bots = [SensibleBot() for _ in range(players)]
        state, events = play_game(settings, bots, seed)
        broken = GAME.broken(state)
        assert not broken, (seed, broken)
        won += state.winner is not None
        limit += state.winner is None
        moves.append(sum(type(e).__name__ == "Moved" for e in events))
        rounds.append(state.turn.round if state.turn is not None else 0)
    return won, limit, moves, rounds


def frame_times(seed: int = 5, players: int = 4) -> dict[str, list[Sample]]:
    """(seconds on the wall, seconds of this process's CPU, share of the screen drawn)
    of every redraw of a seeded game through the table, by what the press did: a move
    (the game changed) or a menu's focus. On a shared machine the wall time carries the
    others' load; the CPU time is the frame's own cost."""
    now = [0.0]
    table = PushTable(dice=SeededDice(seed), clock=lambda: now[0])
    table._players = players  # setup's count, as its menu would set it
    bots = SimpleBots(table, {s: SensibleBot() for s in range(players)},
                      random.Random(seed))
    return simple_frame_times(
        table, bots, SIZE, ("a move", "a press (no move)", "a tunnel turned"), _kind, now)


def build_times(seed: int = 5, players: int = 4) -> dict[str, list[float]]:
    """Seconds of this process's CPU to build the table's frame (`PushTable.frame`, no
    drawing) after each press of a seeded game through the table, by what the press did,
    and built again with nothing changed (the loop builds one a turn of its own): the
    lines in every language and the seats' menus are worded once a state."""
    now = [0.0]
    table = PushTable(dice=SeededDice(seed), clock=lambda: now[0])
    table._players = players
    bots = SimpleBots(table, {s: SensibleBot() for s in range(players)},
                      random.Random(seed))
    out: dict[str, list[float]] = {"a move": [], "a press (no move)": [], "a tunnel turned": [],
                                   "nothing changed": []}
    for before in pressed(table, bots, now):
        for kind in ("press", "nothing changed"):
            started = time.process_time()
            table.frame()
            spent = time.process_time() - started
            if before is not None and not table.in_setup:
                out[_kind(before, table.state) if kind == "press" else kind].append(spent)
    return out


def _kind(before: State, after: State) -> str:
    """What a press did: nothing to the game, turned a tunnel, or moved a die."""
    if after is before:
        return "a press (no move)"
    return "a tunnel turned" if after.axes != before.axes else "a move"


def run() -> None:
    started = time.perf_counter()
    won, limit, moves, rounds = rules_games(GAMES)
    print(f"   rules: {GAMES} games by the sensible bots (2-6 players, tunnels turned and "
          f"drawn): {won} won, {limit} at the round limit; moves a game mean "
          f"{statistics.mean(moves):.0f}, rounds mean {statistics.mean(rounds):.1f} "
          f"({time.perf_counter() - started:.1f} s)")
    started = time.perf_counter()
    seen = frame_times()
    print(f"   frames of a seeded 4-player game at {SIZE[0]}x{SIZE[1]} through the table "
          f"({time.perf_counter() - started:.1f} s; load "
          + ", ".join(f"{x:.2f}" for x in os.getloadavg()) + "):")
    print_frames(seen, GOAL_MS, "a move")
    built = build_times()
    print("   a frame built (PushTable.frame, CPU, no drawing), p50 / p99: " + "; ".join(
        f"{kind} {_ms(times, 0.5)} / {_ms(times, 0.99)} ms" for kind, times in built.items()
        if times))


def _ms(times: list[float], share: float) -> str:
    return f"{percentile(times, share) * 1000:.2f}"

if __name__ == "__main__":
    run()
