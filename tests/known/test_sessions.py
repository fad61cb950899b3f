"""Recorded whole-table sessions replay to the same events and the same frames.

Each `tests/known/sessions/*.json` holds the pad presses (with their times, on a fake
clock) and the main loop's ticks of a session in which bots, and their slips, played from
setup on (`tools/record_sessions.py`). Replaying the presses through a fresh controller
must give, step by step, the same events and undos for the journal, and the same frames,
lights and private bid displays for the players (`known.sessions`). So the table's
behaviour is pinned while its insides are rebuilt.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from known.sessions import (
    SESSIONS,
    Session,
    SessionConfig,
    answers_of,
    load,
    outcome_data,
    seen,
    tokens_of,
)

FILES = sorted(SESSIONS.glob("*.json"))
QUICK = "2p-intro-whole-game"
"""Replayed by the quick loop too (the others are marked slow)."""


def test_the_sessions_cover_player_counts_dice_and_languages() -> None:
    configs = [SessionConfig.from_data(load(p)["config"]) for p in FILES]
    assert {c.players for c in configs} == {2, 3, 4, 5, 6}
    assert any(c.physical_dice for c in configs)
    assert {c.screen_language for c in configs} >= {"en", "fr"}
    variants = {v for c in configs for v in c.variants}
    assert variants == {"free_training", "avalanches_at_start", "short_north", "skip_central"}
    assert any(load(p)["summary"]["left"] for p in FILES)  # a game played to its end


def _events(answer: str) -> str:
    """The events part of a step's answer (`E<hash>`), or ""."""
    return answer[:7] if answer.startswith("E") else ""


def _replay(path: Path) -> Session:
    data = load(path)
    session = Session(SessionConfig.from_data(data["config"]), data["seed"])
    answers = answers_of(data)
    tokens = tokens_of(data)
    assert len(tokens) == len(answers) == data["count"]
    for index, (token, expected) in enumerate(zip(tokens, answers, strict=True)):
        got = session.step(token)
        if got != expected:
            frame = session.last_frame
            assert frame is not None
            shown = json.dumps({"outcome": outcome_data(session.last_outcome),
                                "frame": seen(frame)}, ensure_ascii=False, indent=1)
            what = "events" if _events(got) != _events(expected) else "frame"
            before = tokens[max(0, index - 6):index]
            pytest.fail(f"{path.name}, step {index} ({token}, after {before}): the {what} "
                        f"differ: recorded {expected}, now {got}:\n{shown}")
    return session


@pytest.mark.parametrize("path", [pytest.param(p, id=p.stem, marks=() if p.stem == QUICK
                                               else pytest.mark.slow) for p in FILES])
def test_a_recorded_session_replays_to_the_same_events_and_frames(path: Path) -> None:
    data = load(path)
    session = _replay(path)
    state = session.controller.state
    summary = data["summary"]
    assert len(session.controller.history) == summary["events"]
    assert (state.round, state.phase.value, state.winner) == (
        summary["round"], summary["phase"], summary["winner"])
    assert session.left == summary["left"]
