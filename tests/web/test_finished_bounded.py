"""The table page lists the newest finished games only, however many a journal holds:
a year of evenings stays one page, and the first look replays those games only."""

from __future__ import annotations

from pathlib import Path

import pytest
from config.test_canoe_cli import canoe_trip

from companion.web import finished
from companion.web.finished import Finished


def test_the_newest_finished_games_only_and_only_they_are_replayed(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    base = tmp_path / "journal.sqlite3"
    for day in range(1, 5):  # four finished trips, one a day
        canoe_trip(base, clock_day=day)
    canoe_trip(base, finished=False, clock_day=5)  # under way: never listed
    monkeypatch.setattr(finished, "SHOWN", 2)
    replayed: list[int] = []
    summarise = finished.summarise
    monkeypatch.setattr(finished, "summarise", lambda box, game, *rest: (
        replayed.append(game), summarise(box, game, *rest))[1])
    kept = Finished(base)
    assert [(s.box, s.game) for s in kept.games()] == [("canoe", 4), ("canoe", 3)]
    assert replayed == [4, 3]
    # a fifth finished trip: it comes first, the oldest shown one goes, and only the new
    # one is replayed
    canoe_trip(base, clock_day=6)
    assert [(s.box, s.game) for s in kept.games()] == [("canoe", 6), ("canoe", 4)]
    assert replayed == [4, 3, 6]
    assert sorted(kept._kept) == [("canoe", 4), ("canoe", 6)]
