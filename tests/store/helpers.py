"""Recorded bot games for the journal tests: every step's state and events, from the start."""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from companion.games.mush import SeededDice, Settings
from companion.games.mush.bots import POLICIES, play_game
from companion.games.mush.events import Event
from companion.games.mush.state import GameState


@dataclass(frozen=True)
class Step:
    """The state after one command and the events that command produced."""

    state: GameState
    events: tuple[Event, ...]


@dataclass(frozen=True)
class Recorded:
    """A whole game as the main loop would see it: start events, then one step per command."""

    settings: Settings
    steps: tuple[Step, ...]  # steps[0] is start_game
    final: GameState


def record_game(seed: int, players: int = 4, policy: str = "sensible",
                settings: Settings | None = None) -> Recorded:
    """Play a seeded bot game with `play_game`, keeping each step's events.

    `play_game` does not report the start events through `on_step`; they are the prefix
    of its journal that no step produced.
    """
    settings = settings or Settings.make([f"P{i}" for i in range(players)])
    taken: list[Step] = []

    def on_step(state: GameState, command: object, events: list[Event]) -> None:
        taken.append(Step(state, tuple(events)))

    final, journal = play_game(settings, [POLICIES[policy]] * settings.players,
                               SeededDice(seed), random.Random(seed), on_step=on_step)
    stepped = sum(len(s.events) for s in taken)
    start = tuple(journal[: len(journal) - stepped])
    from companion.games.mush import replay

    first = Step(replay(start), start)
    return Recorded(settings, (first, *taken), final)


def without_locks(state: GameState) -> GameState:
    """The state with every secret lock cleared: what a journal can give back in bidding."""
    return replace(state, bids=(None,) * len(state.players))


def backup_files(path: Path) -> dict[str, bytes]:
    """Every member of a backup file by name, read with the standard library's tarfile
    (the test's own reading, apart from the companion's)."""
    import tarfile

    with tarfile.open(path) as tar:
        return {m.name: tar.extractfile(m).read()  # type: ignore[union-attr]
                for m in tar.getmembers()}


def backup_manifest(path: Path) -> dict[str, Any]:
    """A backup file's manifest."""
    import json

    found: dict[str, Any] = json.loads(backup_files(path)["manifest.json"])
    return found
