"""Figures the benchmarks print alike: a percentile of samples, and a game screen's frame
times by what the press did (wall and this process's CPU, the share of the screen drawn,
with the verdict against a goal), so every game's bench reads the same way."""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Any


def percentile(values: Sequence[float], share: float) -> float:
    """The sample at `share` of the sorted values (the nearest rank at or below)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def print_frames(seen: Mapping[str, Sequence[tuple[float, float, float]]], goal_ms: float,
                 judged: str) -> None:
    """One line per kind of press: p50 and p99 on the wall and in CPU, the share of the
    screen drawn; the line for `judged` gets the verdict against `goal_ms` (the wall is
    what a player sees, the CPU what the code costs when the machine is busy)."""
    for kind, values in seen.items():
        if not values:
            continue
        ms = [s * 1000 for s, _, _ in values]
        cpu = [c * 1000 for _, c, _ in values]
        p99, cpu99 = percentile(ms, 0.99), percentile(cpu, 0.99)
        goal = f" (goal p99 <= {goal_ms} ms: wall {'met' if p99 <= goal_ms else 'NOT met'}" \
            f", CPU {'met' if cpu99 <= goal_ms else 'NOT met'})" if kind == judged else ""
        print(f"     after {kind}: wall p50 {statistics.median(ms):.2f} ms, p99 {p99:.2f} ms"
              f"; CPU p50 {statistics.median(cpu):.2f} ms, p99 {cpu99:.2f} ms{goal}; "
              f"{100 * statistics.mean(a for _, _, a in values):.0f}% of the screen "
              f"drawn ({len(ms)} frames)")


Sample = tuple[float, float, float]
"""(seconds on the wall, seconds of this process's CPU, share of the screen drawn)."""


def pressed(table: Any, bots: Any, now: list[float]) -> Iterator[Any]:
    """A simple game's seeded game through its table, press by press: the bots press,
    the clock (`now`, the table's) moves half a second, and the game's state before the
    press is yielded (None in setup) for the caller to measure the table after it."""
    for _ in range(100_000):
        if table.over:
            return
        before = None if table.in_setup else table.state
        for event in bots.presses():
            table.handle(event)
        now[0] += 0.5
        yield before


def simple_frame_times(table: Any, bots: Any, size: tuple[int, int], kinds: Sequence[str],
                       kind: Callable[[Any, Any], str], now: list[float]
                       ) -> dict[str, list[Sample]]:
    """Every redraw of a simple game's seeded game through its table and the real display,
    filed by `kind(state before, state after)` (one of `kinds`): the bots press, the
    clock (`now`, the table's) moves half a second, and only the draw itself is timed.
    On a shared machine the wall time carries the others' load; the CPU time is the
    frame's own cost."""
    from companion.display import Display  # pygame, after the benches set its drivers

    display = Display(size=size)
    out: dict[str, list[Sample]] = {k: [] for k in kinds}
    try:
        display.draw(table.frame())
        for before in pressed(table, bots, now):
            frame = table.frame()
            started, cpu = time.perf_counter(), time.process_time()
            drew = display.draw(frame)
            spent, used = time.perf_counter() - started, time.process_time() - cpu
            if not drew or before is None or table.in_setup:
                continue
            out[kind(before, table.state)].append(
                (spent, used, display.last_area / (size[0] * size[1])))
    finally:
        display.close()
    return out
