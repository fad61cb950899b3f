"""The Canoe demo's terminal lines: one score line a round of turns, and one for the
winning turn, never the same turn's line twice."""

from __future__ import annotations

import io
from dataclasses import replace

from canoe_harness import Trip

from companion.games.canoe import events as ev
from companion.games.canoe.report import CanoeSummary


def test_a_win_on_a_round_s_first_turn_prints_its_line_once() -> None:
    trip = Trip(2, nights=1)
    state = replace(trip.state, turns=56)
    out = io.StringIO()
    summary = CanoeSummary(out)
    summary(state, (ev.TurnStarted(0, 56),))  # a round's line (56 is a round of two)
    summary(state, (ev.GameWon(0, 40, 3),))  # the win in that same turn
    lines = [line for line in out.getvalue().splitlines() if line.startswith("turn")]
    assert len(lines) == 1 and lines[0].startswith("turn  56")
    assert "wins the trip with 40 points" in out.getvalue()
    summary(replace(state, turns=58), (ev.TurnStarted(0, 58),))
    assert out.getvalue().count("turn  58") == 1
