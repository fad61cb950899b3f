"""The whole program survives a pulled plug: SIGKILL mid-game, restart, and nothing shown is lost.

A bot game runs as a real `mush-companion demo` process and is killed with SIGKILL 50
times at random moments; each restart resumes the journal the kill left behind, and one
last run finishes the game. The promise being checked is the one the table makes to its
players (DESIGN.md): an event is on screen only once it is committed, so whatever a player
saw survives, and a restart carries on from exactly what the journal holds.

The second test is the end-to-end side of the store's recovery: a journal whose last page
was torn is opened by the program itself, which resumes at the last complete command and
plays the game to its end.

Helpers live in this file rather than in a module beside it: `tests/app` is shared, and a
module-level import of a sibling works differently depending on whether the folder is a
package, which this file should not have to care about.
"""

from __future__ import annotations

import os
import random
import shutil
import signal
import statistics
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

import pytest

from companion.app import Companion
from companion.config import Config
from companion.rules import events as ev
from companion.rules.bots import SensibleBot
from companion.rules.dice import SeededDice
from companion.rules.evolve import evolve
from companion.rules.model import DOGS, TOTAL_CHIPS, Arrangement, Phase
from companion.rules.settings import Settings
from companion.rules.state import EMPTY, GameState
from companion.runner import MUSHERS, SteppedClock
from companion.store import Journal, StoredEvent
from companion.table import BotDriver

KILLS = 50
START_UP_KILL_EVERY = 10
"""Every tenth kill lands during start-up (imports, window, journal open and replay), at
a random moment before the first frame as timed in the runs so far; the others wait until
the program has drawn a frame of the game, so they hit play."""

SPREAD = 750
"""The kills that hit play are spread evenly over the game's first SPREAD events: kill k
waits until the screen has shown k/KILLS of them. The shortest 4-bot demo games have
about 1200 events, so the game is still running at the last kill, on a fast machine or a
slow one, and the final run has a good part of the race left to finish."""

PLAY_DELAY = (0.0, 0.03)
"""A random extra moment after that, so a kill may land anywhere in a press: between
the controller and the commit, inside the commit, between the commit and the draw."""

RUN_LIMIT = 60.0
PAGE = 4096  # SQLite's page size, which the journal keeps


# --- running the program -------------------------------------------------------------


def demo_command(folder: Path, seed: int, trace: Path) -> list[str]:
    """The demo as the table's owner would start it, with a trace of what was shown."""
    return [sys.executable, "-m", "companion.cli", "demo", "--out", str(folder),
            "--seed", str(seed), "--mute", "--no-screenshots", "--size", "800x480",
            "--trace", str(trace)]


def demo_env(home: Path) -> dict[str, str]:
    """No screen, no sound card, and no developer's own config file in the way."""
    env = dict(os.environ)
    env.update(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1",
               XDG_CONFIG_HOME=str(home / "config"), XDG_DATA_HOME=str(home / "data"))
    env.pop("STATE_DIRECTORY", None)
    env.pop("NOTIFY_SOCKET", None)
    return env


def shown_counts(trace: Path) -> list[int]:
    """The N of every complete `shown N` line (a kill may cut the last line short)."""
    if not trace.exists():
        return []
    text = trace.read_text(encoding="utf-8")
    lines = text.split("\n")[:-1]  # the part after the last newline may be half written
    counts = []
    for line in lines:
        word, _, number = line.partition(" ")
        assert word == "shown" and number.isdigit(), f"unexpected trace line {line!r}"
        counts.append(int(number))
    return counts


def wait_until_shown(process: subprocess.Popen[bytes], trace: Path, target: int) -> bool:
    """Wait until the program has drawn a frame showing at least `target` events (at
    least one frame in any case); False if it ended first."""
    deadline = time.monotonic() + RUN_LIMIT
    while time.monotonic() < deadline:
        shown = shown_counts(trace)
        if shown and shown[-1] >= target:
            return True
        if process.poll() is not None:
            return False
        time.sleep(0.002)
    pytest.fail(f"no frame showing {target} events in {RUN_LIMIT:.0f} s")


# --- reading the journal ---------------------------------------------------------------


@dataclass(frozen=True)
class Snapshot:
    """The journal as a kill left it: every game's stored rows, and the live events."""

    games: int
    game_id: int | None
    finished: bool
    records: tuple[StoredEvent, ...]
    events: tuple[ev.Event, ...]  # what a restart replays (retracted batches left out)


def snapshot(path: Path, into: Path) -> Snapshot:
    """Read a copy of the files, so this process never checkpoints the program's WAL.

    `recover=False`: a kill must never leave a file that needs recovering; if it did,
    opening raises here instead of quietly repairing it.
    """
    into.mkdir(parents=True)
    for suffix in ("", "-wal"):
        source = path.with_name(path.name + suffix)
        if source.exists():
            shutil.copyfile(source, into / (path.name + suffix))
    copy = into / path.name
    if not copy.exists():
        return Snapshot(0, None, False, (), ())
    with Journal(copy, recover=False) as journal:
        games = journal.games()
        if not games:
            return Snapshot(0, None, False, (), ())
        game = games[-1]
        records = tuple(journal.records(game.id))
        events = tuple(journal.load(game.id))
        return Snapshot(len(games), game.id, not game.in_progress, records, events)


def row(record: StoredEvent) -> tuple[object, ...]:
    """A stored event as written; `retracted` may change later (an undo), the rest never."""
    return record.seq, record.batch, record.time, record.event


def check_invariants(state: GameState) -> None:
    """I1–I4 of RULES.md on one state (the same checks as the rules' own property tests)."""
    if not state.players:
        return
    # I1: bank + all players' chips = 125 + coins in use.
    assert state.bank + sum(p.chips for p in state.players) == TOTAL_CHIPS + state.coins
    # I2: covered dogs between 0 and 8.
    assert all(0 <= p.covered <= DOGS for p in state.players)
    # I3: the order of play is a permutation of the seats (once revealed).
    if state.order:
        assert sorted(state.order) == list(range(len(state.players)))
    # I4: no negative chips.
    assert all(p.chips >= 0 for p in state.players)


def fold_checked(events: tuple[ev.Event, ...]) -> GameState:
    """Fold the stored events one by one, checking I1–I4 after every one."""
    state = EMPTY
    for index, event in enumerate(events):
        state = evolve(state, event)
        try:
            check_invariants(state)
        except AssertionError:
            pytest.fail(f"invariant broken after event {index}: {event!r}")
    return state


def assert_finished_game(final: Snapshot, path: Path) -> GameState:
    """The game ended with a winner in the journal and in its events, I1–I4 held all along,
    and no secret bid was ever written."""
    assert final.games == 1, "the restarts carried on one game, never began another"
    assert final.finished
    assert isinstance(final.events[-1], ev.GameWon)
    with Journal(path, recover=False) as journal:
        record = journal.game(final.game_id or 0)
    assert record.winner == final.events[-1].seat
    private = [r for r in final.records if type(r.event).private
               or isinstance(r.event, ev.BidLocked | ev.BidUnlocked)]
    assert private == [], "a bid was written before its reveal"
    state = fold_checked(final.events)
    assert state.phase is Phase.GAME_OVER and state.winner == record.winner
    return state


# --- kill -9, fifty times --------------------------------------------------------------


@pytest.mark.slow
def test_fifty_kills_lose_nothing_that_was_shown(tmp_path: Path) -> None:
    """Seeds: the kill moments come from a seeded generator, and each restart gets its own
    `--seed` (base + restart number). A resumed demo starts its dice and bots afresh from
    its seed, so with one fixed seed every restart would replay the same opening rolls;
    a new seed per restart makes each continuation a different game from the same journal,
    which is what a table sees after a power cut (the journal, not the dice, is the truth).
    """
    rng = random.Random(20240611)
    folder = tmp_path / "demo"
    journal_path = folder / "journal.sqlite3"
    env = demo_env(tmp_path)
    base_seed = 300
    previous = Snapshot(0, None, False, (), ())
    played_kills = 0
    start_ups: list[float] = []  # seconds from spawn to the first frame

    for kill in range(KILLS):
        trace = tmp_path / f"trace-{kill:02d}.txt"
        during_start_up = kill % START_UP_KILL_EVERY == START_UP_KILL_EVERY - 1
        spawned = time.monotonic()
        process = subprocess.Popen(demo_command(folder, base_seed + kill, trace), env=env,
                                   cwd=tmp_path, stdout=subprocess.DEVNULL,
                                   stderr=subprocess.PIPE)
        try:
            if during_start_up:
                time.sleep(rng.uniform(0.0, statistics.median(start_ups)))
            else:
                assert wait_until_shown(process, trace, 0), "the program ended before a frame"
                start_ups.append(time.monotonic() - spawned)
                target = SPREAD * (kill + 1) // KILLS
                drawn = wait_until_shown(process, trace, target)
                assert drawn, f"the program ended before showing {target} events"
                time.sleep(rng.uniform(*PLAY_DELAY))
                played_kills += 1
            process.send_signal(signal.SIGKILL)
            _, stderr = process.communicate(timeout=RUN_LIMIT)
        finally:
            if process.poll() is None:
                process.kill()
                process.wait()
        assert process.returncode == -signal.SIGKILL, (
            f"run {kill} ended by itself ({process.returncode}) before the kill:\n"
            f"{stderr.decode(errors='replace')}")

        now = snapshot(journal_path, tmp_path / f"snap-{kill:02d}")
        assert now.games <= 1, "a restart began a new game instead of resuming"
        assert not now.finished, (
            f"the game ended before kill {kill}: PLAY_DELAY is too long for this machine")
        # Committed rows are never changed or lost by a kill: the journal only grows.
        assert [row(r) for r in now.records[: len(previous.records)]] == \
            [row(r) for r in previous.records], f"run {kill} changed what was committed"
        shown = shown_counts(trace)
        if shown:
            # Everything on screen was committed before it was drawn.
            assert max(shown) <= len(now.events), (
                f"run {kill} showed {max(shown)} events, the journal kept {len(now.events)}")
            # A restart resumes exactly where the journal stood: its first frame shows it all.
            if previous.game_id is not None:
                assert shown[0] == len(previous.events), (
                    f"run {kill} resumed at {shown[0]} events of {len(previous.events)}")
        previous = now

    assert played_kills == KILLS - KILLS // START_UP_KILL_EVERY
    assert previous.events, "some of the game was played between the kills"

    trace = tmp_path / "trace-final.txt"
    finished = subprocess.run(demo_command(folder, base_seed + KILLS, trace), env=env,
                              cwd=tmp_path, capture_output=True, timeout=RUN_LIMIT, check=False)
    assert finished.returncode == 0, finished.stderr.decode(errors="replace")
    assert b"resuming the game" in finished.stdout
    assert shown_counts(trace)[0] == len(previous.events)

    final = snapshot(journal_path, tmp_path / "snap-final")
    assert [row(r) for r in final.records[: len(previous.records)]] == \
        [row(r) for r in previous.records]
    assert_finished_game(final, journal_path)
    every_shown = [n for t in sorted(tmp_path.glob("trace-*.txt")) for n in shown_counts(t)]
    assert len(every_shown) > KILLS, "frames of the game were drawn between the kills"
    assert max(every_shown) <= len(final.events)


# --- a torn last page, through the program ---------------------------------------------


def play_until_round(path: Path, rounds: int, seed: int) -> list[StoredEvent]:
    """A demo game played in-process to `rounds`, the journal closed (checkpointed) so the
    newest events sit at the end of the main file; returns the stored rows."""
    settings = Settings.make(MUSHERS[:4], Arrangement.INTRO)
    config = Config(game=settings)
    clock = SteppedClock(0.25)
    companion = Companion(config, Journal(path), dice=SeededDice(seed), clock=clock)
    driver = BotDriver(companion.controller, dict.fromkeys(range(4), SensibleBot()),
                       random.Random(seed), setup_seat=0)
    try:
        while companion.controller.state.round < rounds:
            assert companion.controller.state.phase is not Phase.GAME_OVER
            for pad_event in driver.presses():
                companion.events.put(pad_event)
            companion.step(wait=0)
            clock.tick()
        assert companion.game_id is not None
        return companion.journal.records(companion.game_id)
    finally:
        companion.close()


@pytest.mark.slow
def test_torn_last_page_resumes_at_the_last_complete_command(tmp_path: Path) -> None:
    folder = tmp_path / "demo"
    path = folder / "journal.sqlite3"
    before = play_until_round(path, rounds=6, seed=11)
    assert not path.with_name(path.name + "-wal").exists() or \
        path.with_name(path.name + "-wal").stat().st_size == 0
    data = bytearray(path.read_bytes())
    data[len(data) - PAGE:] = bytes(PAGE)  # the last page never reached the card
    path.write_bytes(bytes(data))

    trace = tmp_path / "trace.txt"
    result = subprocess.run(demo_command(folder, 12, trace), env=demo_env(tmp_path),
                            cwd=tmp_path, capture_output=True, timeout=RUN_LIMIT, check=False)
    stderr = result.stderr.decode(errors="replace")
    assert result.returncode == 0, stderr
    assert b"resuming the game" in result.stdout
    assert "damaged" in stderr, "the program says the journal was repaired"
    assert list(folder.glob("journal.sqlite3.damaged-*")), "the damaged file is kept"

    resumed_at = shown_counts(trace)[0]
    boundaries = {i + 1 for i in range(len(before) - 1) if before[i].batch != before[i + 1].batch}
    assert 0 < resumed_at < len(before), "the tear cost some events, not all"
    assert resumed_at in boundaries, "the game resumed between two commands, not inside one"

    final = snapshot(path, tmp_path / "snap")
    assert [r.event for r in final.records[:resumed_at]] == [r.event for r in before[:resumed_at]]
    assert_finished_game(final, path)
