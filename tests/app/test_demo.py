"""`mush-companion demo`: a seed plays the same game every time, and the bots play with the
wooden dice too.

A seeded demo must not depend on anything but its seed: not on the wall clock (how fast
the machine draws, so when the screen last showed a roll landing), not on the order of
sets and dicts (a fresh process has a fresh hash seed), not on the system's entropy. The
game is compared as the events the demo exports (JSON Lines) and the chips per round
(CSV), byte for byte.
"""

from __future__ import annotations

import dataclasses
import io
import os
import random
import subprocess
import sys
from pathlib import Path
from types import SimpleNamespace

import pytest

import companion.app.loop
from companion.app.demo import run_demo
from companion.app.loop import Companion
from companion.app.runner import SteppedClock
from companion.config.file import parse_config
from companion.games.mush import events as ev
from companion.games.mush.bots import SensibleBot
from companion.games.mush.dice import SeededDice
from companion.games.mush.evolve import replay
from companion.games.mush.model import Phase
from companion.games.mush.table.bots import BotDriver
from companion.store import Journal


def _env(home: Path, hash_seed: str) -> dict[str, str]:
    """No screen, no sound card, no developer's config file, and a chosen hash seed."""
    env = dict(os.environ)
    env.update(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1",
               XDG_CONFIG_HOME=str(home / "config"), XDG_DATA_HOME=str(home / "data"),
               PYTHONHASHSEED=hash_seed)
    for name in ("STATE_DIRECTORY", "NOTIFY_SOCKET"):
        env.pop(name, None)
    return env


def _demo(folder: Path, hash_seed: str) -> None:
    """`mush-companion demo --seed 3` as a user types it, in its own process."""
    done = subprocess.run([sys.executable, "-m", "companion.app.cli", "demo", "--seed", "3",
                           "--out", str(folder), "--no-screenshots", "--mute",
                           "--size", "800x480"], env=_env(folder.parent, hash_seed),
                          capture_output=True, text=True, timeout=900)
    assert done.returncode == 0, done.stderr
    assert "wins in round" in done.stdout


class _RacingClock:
    """A wall clock on which a second passes every time anyone looks: the loop then draws
    at every turn, which on a slow machine it would, and on a fast one it would not."""

    def __init__(self) -> None:
        self.now = 0.0

    def monotonic(self) -> float:
        self.now += 1.0
        return self.now


@pytest.mark.slow
def test_demo_seed_3_twice_gives_byte_identical_events(tmp_path: Path,
                                                        monkeypatch: pytest.MonkeyPatch
                                                        ) -> None:
    """Two runs: one as a user types it, in its own process with hash seed 1, and one in
    this process (another hash seed: pytest's own, random unless PYTHONHASHSEED is set)
    on a racing wall clock at another window size: neither the hash seed, nor the clock,
    nor the size of what the demo draws may change the game."""
    first, raced = tmp_path / "first", tmp_path / "raced"
    _demo(first, "1")
    events = (first / "events.jsonl").read_bytes()
    assert events.count(b"\n") > 500 and b'"type":"GameWon"' in events
    # The same game whatever the wall clock does: the loop's drawing follows it, the
    # game never does (before, a slower machine gave another game).
    racing = SimpleNamespace(monotonic=_RacingClock().monotonic)
    monkeypatch.setattr(companion.app.loop, "time", racing)
    run_demo(raced, parse_config({}), seed=3, screenshots=False, voice=False, out=io.StringIO())
    assert (raced / "events.jsonl").read_bytes() == events
    assert (raced / "chips.csv").read_bytes() == (first / "chips.csv").read_bytes()
    # The journal's times come from the game's clock too, not the day it was played.
    with Journal(raced / "journal.sqlite3") as journal:
        game = journal.latest_game()
        assert game is not None and game.created.startswith("2000-01-01")


@pytest.mark.slow
def test_a_demo_with_the_wooden_dice_plays_to_nome(tmp_path: Path) -> None:
    # [table] dice = "physical": every roll is the bots' own, entered on their pads.
    config = parse_config({"table": {"dice": "physical"}})
    out = io.StringIO()
    result = run_demo(tmp_path / "demo", config, seed=3, screenshots=False, voice=False,
                      out=out)
    assert result.state.phase is Phase.GAME_OVER and result.state.winner is not None
    assert "with wooden dice" in out.getvalue() and "wins in round" in out.getvalue()
    with Journal(result.folder / "journal.sqlite3") as journal:
        game = journal.latest_game()
        assert game is not None and game.winner == result.state.winner
        events = journal.load(game.id)
    assert replay(events) == result.state
    dog_rolls = [e for e in events if isinstance(e, ev.DogDiceRolled)]
    assert len(dog_rolls) > 20
    for roll in dog_rolls:
        # entered as a count of dogs: the colour's first face for each dog, then blanks
        assert roll.faces == (1,) * roll.dogs + (6,) * (len(roll.faces) - roll.dogs)
    assert len({roll.dogs for roll in dog_rolls}) > 3  # the bots' dice really vary
    assert any(isinstance(e, ev.WeatherRolled) for e in events)


def test_bots_given_no_wooden_dice_roll_their_own(tmp_path: Path) -> None:
    # Without `hand` the bots draw the wooden dice from their own generator; every roll of
    # a round is entered on the roller's pad, and nothing the companion rolls itself but
    # the draws of seats (S4, S6).
    config = parse_config({"store": {"path": str(tmp_path / "journal.sqlite3")},
                           "table": {"dice": "physical"}})
    config = dataclasses.replace(config, players=("Ann", "Bo", "Cé"))
    asked: list[int] = []

    class Counting(SeededDice):
        def roll(self, sides: int) -> int:
            asked.append(sides)
            return super().roll(sides)

    app = Companion(config, Journal(config.store.path), dice=Counting(4),
                    clock=SteppedClock(0.25))
    driver = BotDriver(app.controller, dict.fromkeys(range(3), SensibleBot()),
                       random.Random(4), setup_seat=0)
    entries = 0
    try:
        for _ in range(5000):
            if app.controller.state.round >= 3:
                break
            entries += app.controller.entry is not None
            for pad_event in driver.presses():
                app.events.put(pad_event)
            app.step(wait=0)
            assert isinstance(app.clock, SteppedClock)
            app.clock.tick()
        else:
            raise AssertionError("two rounds never ended")
        assert entries > 0 and asked == [3, 3]  # who trains first, the first Ice Bear
        rolls = [e for e in app.journal.load(app.game_id or 0)
                 if isinstance(e, ev.DogDiceRolled | ev.WeatherRolled)]
        assert len(rolls) >= 4
    finally:
        app.close()
